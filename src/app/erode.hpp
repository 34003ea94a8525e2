// SPDX-License-Identifier: MIT
// `glnoise erode`: a heightmap in (a glnoise bake or any 16-bit or float heightmap), the
// erosion's twin or its GPU passes, the heightmap and the masks out (docs/erosion.md).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

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

// The erosion's numbers by their flag's name (cell-size: erosion::paramNumbers' with
// dashes). Iterations aside (an integer).
struct ErosionNumber {
    std::string name;
    double erosion::Params::*field;
};
const std::vector<ErosionNumber>& erosionNumbers();

// What `glnoise erode` is asked: the files it reads and the erosion's parameters.
struct ErodeRequest {
    std::string in, size, rainMap, hardnessMap;
    erosion::Params params;
};

// The command that reproduces a request, without its outputs: --in, the maps, and the
// parameters not at their defaults (numbers in their shortest round-trip form).
std::string erodeCommand(const ErodeRequest& r);

// The record of one file erode writes: the generator, the command, every parameter, the
// layer ("height", or a mask's name), the input and the maps with the SHA-256 of each file
// (and the input's own glnoise record, where it has one), and what ran it ("gpu" and the
// renderer, or "cpu"). writeRecorded adds its size and "stored".
nlohmann::json erosionRecord(const ErodeRequest& r, const std::string& layer, const std::string& backend,
                             const std::string& renderer);

// Whether a record is one erode wrote (it holds "erosion").
bool isErosionRecord(const nlohmann::json& record);

// A record erode wrote, read back (erode --from, verify): the request, the layer the file
// holds, the backend that ran it, and the SHA-256 each file had. Anything missing or out of
// range is one ValidationError naming `source` and the key.
struct RecordedErosion {
    ErodeRequest request;
    std::string layer, backend;
    std::string inDigest, rainDigest, hardnessDigest;  // "" for a map not given
};
RecordedErosion erosionFromRecord(const nlohmann::json& record, const std::string& source);

}  // namespace glnoise::app
