// SPDX-License-Identifier: MIT
// The spec as JSON: every field, as presets and records hold it.
#include <nlohmann/json.hpp>

#include "glnoise/io.hpp"

namespace glnoise::io {

namespace {
nlohmann::json specObject(const NoiseSpec& spec) {
    nlohmann::json j;
    j["basis"] = toString(spec.basis);
    j["interp"] = toString(spec.interp);
    j["fractal"] = toString(spec.fractal);
    j["dims"] = spec.dims;
    j["frequency"] = spec.frequency;
    j["octaves"] = spec.octaves;
    j["lacunarity"] = spec.lacunarity;
    j["gain"] = spec.gain;
    j["ridge_offset"] = spec.ridgeOffset;
    j["ridge_gain"] = spec.ridgeGain;
    j["normalize"] = spec.normalize;
    j["seed"] = spec.seed ? nlohmann::json(*spec.seed) : nlohmann::json(nullptr);
    j["period"] = spec.period;
    j["offset"] = spec.offset;
    j["z"] = spec.z;
    j["w"] = spec.w;
    j["output"] = toString(spec.output);
    j["height_scale"] = spec.heightScale;
    j["warp_amount"] = spec.warpAmount;
    j["warp_octaves"] = spec.warpOctaves;
    j["warp_frequency"] = spec.warpFrequency;
    j["warp_depth"] = spec.warpDepth;
    j["pattern"] = toString(spec.pattern);
    j["pattern_scale"] = spec.patternScale;
    return j;
}
}  // namespace

std::string specJson(const NoiseSpec& spec) { return specObject(spec).dump(2); }

}  // namespace glnoise::io
