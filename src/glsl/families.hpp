// SPDX-License-Identifier: MIT
// The one assembler of the library's families as one source, shared by `glnoise glsl`
// (glsl::selfContained) and `glnoise shader --language glsl, vulkan or gles`.
#pragma once

#include <string>
#include <vector>

#include "glnoise/glsl.hpp"

namespace glnoise::glsl {

// The chosen families (names, as families() lists them) with every family they include,
// each file once, in the order they must appear, with no #line directives. The source's
// files name what it holds ("glnoise/perlin.glsl").
Source familiesSource(const std::vector<std::string>& chosen);

}  // namespace glnoise::glsl
