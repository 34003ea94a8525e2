// SPDX-License-Identifier: MIT
// The GLSL sources compiled into glnoise (cmake/EmbedShaders.cmake writes the table).
#pragma once

#include <map>
#include <string>

namespace glnoise::glsl {

// Every file under shaders/, keyed by its path relative to shaders/
// ("noise.comp", "include/glnoise/perlin.glsl").
const std::map<std::string, std::string>& embeddedShaders();

}  // namespace glnoise::glsl
