// SPDX-License-Identifier: MIT
// `glnoise erode`: a heightmap in (a glnoise bake or any 16-bit or float heightmap), the
// erosion's twin or its GPU passes, the heightmap and the masks out (docs/erosion.md).
#pragma once

#include <map>
#include <string>

#include "glnoise/erosion.hpp"
#include "glnoise/image.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

// A heightmap read from a file: its values, and the range its samples map to (a PNG's or
// .r16's 0..65535 are [0, 1], or the range its glnoise record says was mapped; floats map
// to themselves: their least and greatest value).
struct Heightmap {
    Image values;
    ValueRange range{0.0, 1.0};
    bool fixedPoint = false;  // .png or .r16: its range says what the samples meant
};

// .png (one gray channel, 8 or 16 bits), .exr (its Y channel, or its only one), .r16 or
// .r32 (little-endian, of the size its sidecar records or `size` gives, "WxH"). A tile of
// a world or a volume is refused: erosion moves material across a tile's edges, further
// with every iteration. Errors name `what` ("--in FILE") and what is allowed.
Heightmap readHeightmap(const std::string& path, const std::string& size, const std::string& what);

}  // namespace glnoise::app
