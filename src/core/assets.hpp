// SPDX-License-Identifier: MIT
// The colormaps and presets under assets/, compiled into glnoise
// (cmake/EmbedShaders.cmake writes the table).
#pragma once

#include <map>
#include <string>

namespace glnoise {

// Every file under assets/colormaps and assets/presets, keyed by its path relative to
// assets/ ("colormaps/terrain.json", "presets/clouds.json").
const std::map<std::string, std::string>& embeddedAssets();

}  // namespace glnoise
