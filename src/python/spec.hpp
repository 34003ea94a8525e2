// SPDX-License-Identifier: MIT
// The Python module's spec (glnoise.Noise's): a NoiseSpec validated by the library's own
// rules from keywords or JSON, every problem at once in Python's words; and the backends.
#pragma once

#include <optional>
#include <string>

#include <nanobind/nanobind.h>
#include <nlohmann/json.hpp>

#include "glnoise/graph.hpp"
#include "glnoise/spec.hpp"
#include "python/convert.hpp"

namespace glnoise::python {

// A validated spec and whether its dims were given (else the shape or the points decide,
// as `glnoise bake` lets the size decide without --dims); or a noise graph (glnoise.Graph's),
// whose space is the spec and whose dims are its own.
struct Spec {
    NoiseSpec spec;
    bool hasDims = false;
    bool noOctaveLimit = false;  // octaves above a grid's Nyquist limit kept (no_octave_limit=True)
    std::optional<Graph> graph;

    // The spec for a grid or points of `dims` dimensions (0: a 2D grid, 3: a volume).
    NoiseSpec forDims(int dims) const {
        NoiseSpec s = spec;
        if (!hasDims) s.dims = dims;
        try {
            s.validate();
        } catch (const ValidationError& e) {
            throw ValidationError(pythonMessage(e));
        }
        return s;
    }
};

Spec specFromJson(const nlohmann::json& j);
Spec specFromKeywords(const nb::dict& keywords);
// Every field by its keyword; dims None when it was not given.
nb::dict specDict(const Spec& s);

// auto: gpu, unless the GL renderer is a software rasterizer, then cpu (resolved in
// module.cpp, as `glnoise bake` decides).
enum class Backend { Auto, Gpu, Cpu, Reference };
Backend parseBackend(const std::string& name);

}  // namespace glnoise::python
