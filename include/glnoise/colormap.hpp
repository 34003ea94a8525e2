// SPDX-License-Identifier: MIT
// glnoise/colormap.hpp: mapping noise values to colours, the same way on the GPU (bake),
// on the CPU and in the preview.
//
//   glnoise::Colormap terrain = glnoise::Colormap::named("terrain");  // assets/colormaps
//   std::uint32_t rgba = terrain.color(v, {-1.0, 1.0});
//
// A colormap is a list of colour stops from a JSON file ({"stops": [[0.0, "#0a2463"], ...,
// [1.0, "#ffffff"]]}, positions rising from 0 to 1, a position given twice for a hard edge;
// "description" says what it shows, "shore" where its water ends).
// Value v goes to t = clamp((v - min) * (255 / (max - min)), 0, 255) (NaN: 0), and each
// channel is interpolated linearly between the two stops around t and rounded to 8 bits:
// smooth, with no steps but the hard edges a map asks for. All of it in float32 from the
// numbers `table()` holds, the arithmetic of shaders/colormap.glsl, so that the GPU and the
// CPU give the same bytes.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "glnoise/spec.hpp"

namespace glnoise {

struct Colormap {
    // At most this many stops in a map (shaders/colormap.glsl's array size).
    static constexpr int kMaxStops = 64;

    struct Stop {
        float position;   // the file's position times 255, in float32
        float inverse;    // 1 / (the next stop's position - this one's), 0 at a hard edge or the last stop
        float rgb[3];     // 0..255
    };

    std::string name;
    std::vector<Stop> stops;  // at least 2, positions rising from 0 to 255
    // Where a map that draws water and land has its water end ("shore" in its file, a
    // position between 0 and 1): the preview's 3D view sets its sea level there.
    std::optional<double> shore;

    // Parses a colormap file's text; `source` names it in errors (ValidationError naming the
    // key and what is allowed).
    static Colormap fromJson(const std::string& text, const std::string& source);
    // A built-in map (assets/colormaps/NAME.json); ValidationError listing them otherwise.
    static Colormap named(const std::string& name);
    // The built-in maps' names, sorted.
    static std::vector<std::string> names();

    // The colour of value v within `range`, packed as r | g << 8 | b << 16 | 0xff << 24.
    std::uint32_t color(float value, ValueRange range) const noexcept;
    // The colour at t in [0, 255] (the mapped value; clamped), packed as color() packs it.
    std::uint32_t colorAt(float t) const noexcept;

    // The stops as shaders/colormap.glsl's GlnColormap buffer reads them (std430): the stop
    // count as an int, three words of padding, then kMaxStops vec4s (position, r, g, b),
    // then kMaxStops floats (inverse). 1,296 bytes.
    std::vector<std::uint32_t> shaderBuffer() const;
};

}  // namespace glnoise
