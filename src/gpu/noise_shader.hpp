// SPDX-License-Identifier: MIT
// The text a Generator compiles for a spec or a graph, for tools that look at what the driver makes of
// it (tests/gpu/glsl_probe.cpp). Internal.
#pragma once

#include "glnoise/glsl.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/graph.hpp"

namespace glnoise::gpu::detail {

// noise.comp with the defines a Generator of layout `options` (Auto and 0x0 resolved:
// Generator::layout().options) compiles for `spec` (2D, or a volume); with Frames::Block,
// as on a driver whose uniform blocks hold 64 KiB.
glsl::Source noiseShader(const GeneratorOptions& options, const NoiseSpec& spec, bool volume);
// The same for a graph (a graph that is a spec: the spec's text).
glsl::Source noiseShader(const GeneratorOptions& options, const Graph& graph, bool volume);

}  // namespace glnoise::gpu::detail
