// SPDX-License-Identifier: MIT
// glnoise/colormap.hpp: mapping noise values to colours, the same way on the GPU (bake),
// on the CPU and in the preview.
//
//   glnoise::Colormap terrain = glnoise::Colormap::named("terrain");  // assets/colormaps
//   std::uint32_t rgba = terrain.at(terrain.index(v, {-1.0, 1.0}));
//
// A colormap is 256 RGBA8 entries made from the colour stops of a JSON file
// ({"stops": [[0.0, "#0a2463"], ..., [1.0, "#ffffff"]]}, positions rising from 0 to 1, a
// position given twice for a hard edge). Value v maps to entry
// clamp(floor((v - min) * (255 / (max - min)) + 0.5), 0, 255) in float32 (NaN: entry 0),
// the arithmetic of shaders/colormap.comp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "glnoise/spec.hpp"

namespace glnoise {

struct Colormap {
    std::string name;
    // Entry i is the colour at t = i / 255, packed as r | g << 8 | b << 16 | a << 24.
    std::array<std::uint32_t, 256> entries{};

    // Parses a colormap file's text; `source` names it in errors (ValidationError naming the
    // key and what is allowed).
    static Colormap fromJson(const std::string& text, const std::string& source);
    // A built-in map (assets/colormaps/NAME.json); ValidationError listing them otherwise.
    static Colormap named(const std::string& name);
    // The built-in maps' names, sorted.
    static std::vector<std::string> names();

    // The entry a value maps to within `range`.
    int index(float value, ValueRange range) const noexcept;
    std::uint32_t at(int i) const noexcept { return entries[static_cast<std::size_t>(i)]; }
};

}  // namespace glnoise
