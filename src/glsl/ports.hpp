// SPDX-License-Identifier: MIT
// The library translated to HLSL, Metal, WGSL and Godot at build time (src/port/glnoise_port),
// compiled into glnoise (cmake/EmbedShaders.cmake writes the table).
#pragma once

#include <map>
#include <string>

namespace glnoise::glsl {

// Keyed by language and file: "hlsl/perlin.hlsl", "msl/perlin.metal", "wgsl/perlin.wgsl",
// and per language "families.txt": the families in dependency order, one per line, each
// followed by the families it includes.
const std::map<std::string, std::string>& embeddedPorts();

}  // namespace glnoise::glsl
