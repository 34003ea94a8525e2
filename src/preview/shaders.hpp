// SPDX-License-Identifier: MIT
// The preview's own shaders, shaders/preview/*, embedded at build time (cmake/EmbedShaders.cmake),
// keyed by their path under shaders/ ("preview/display.frag").
#pragma once

#include <map>
#include <string>

namespace glnoise::preview {

const std::map<std::string, std::string>& embeddedShaders();

}  // namespace glnoise::preview
