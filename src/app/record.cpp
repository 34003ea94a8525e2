// SPDX-License-Identifier: MIT
// What a bake's record says: the command that reproduces a request, and the request a
// record describes (bake --from).
#include <string>

#include "app/bake.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "core/format.hpp"
#include "glnoise/error.hpp"

namespace glnoise::app {

namespace {

// A shell word for `s`: as it is when it needs no quoting, else in single quotes.
std::string quoted(const std::string& s) {
    if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,+=:%") ==
            std::string::npos && !s.empty())
        return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

}  // namespace

std::string bakeCommand(const NoiseSpec& spec, const Grid& grid, const std::optional<ValueRange>& range,
                        const std::string& out) {
    BakeRequest r;
    r.spec = spec;
    r.size = grid;
    r.range = range;
    r.out = out;
    return bakeCommand(r);
}

std::string bakeCommand(const BakeRequest& r, bool withOut) {
    const NoiseSpec& spec = r.spec;
    const Grid& grid = r.size;
    const NoiseSpec defaults;
    std::string cmd = "glnoise bake";
    if (r.tile) {
        const auto& t = *r.tile;
        cmd += " --tile " + std::to_string(t[0]) + "," + std::to_string(t[1]);
        if (grid.isVolume()) cmd += "," + std::to_string(t[2]);
        cmd += " --tile-size " + toString(grid);
    } else {
        cmd += " --size " + toString(grid);
    }
    const int impliedDims = spec.w != 0.0 ? 4 : grid.isVolume() || spec.z != 0.0 ? 3 : 2;
    if (spec.dims != impliedDims) cmd += " --dims " + std::to_string(spec.dims);
    if (spec.basis != defaults.basis) cmd += std::string(" --basis ") + toString(spec.basis);
    if (spec.basis == Basis::Value && spec.interp != defaults.interp) cmd += std::string(" --interp ") + toString(spec.interp);
    if (spec.pattern != defaults.pattern) cmd += std::string(" --pattern ") + toString(spec.pattern);
    if (spec.fractal != defaults.fractal && spec.pattern != Pattern::Clouds)
        cmd += std::string(" --fractal ") + toString(spec.fractal);
    if (spec.fractal == Fractal::Ridged && spec.ridgeOffset != defaults.ridgeOffset)
        cmd += " --ridge-offset=" + formatNumber(spec.ridgeOffset);
    if (spec.fractal == Fractal::Ridged && spec.ridgeGain != defaults.ridgeGain)
        cmd += " --ridge-gain " + formatNumber(spec.ridgeGain);
    if (spec.frequency != defaults.frequency) cmd += " --frequency " + formatNumber(spec.frequency);
    if (spec.octaves != defaults.octaves) cmd += " --octaves " + std::to_string(spec.octaves);
    if (spec.lacunarity != defaults.lacunarity) cmd += " --lacunarity " + formatNumber(spec.lacunarity);
    if (spec.gain != defaults.gain) cmd += " --gain " + formatNumber(spec.gain);
    if (spec.normalize) cmd += " --normalize";
    if (spec.seed) cmd += " --seed " + std::to_string(*spec.seed);
    if (spec.offset[0] != 0.0 || spec.offset[1] != 0.0 || spec.offset[2] != 0.0) {
        cmd += " --offset=" + formatNumber(spec.offset[0]) + "," + formatNumber(spec.offset[1]);
        if (spec.offset[2] != 0.0) cmd += "," + formatNumber(spec.offset[2]);
    }
    if (spec.z != 0.0) cmd += " --z=" + formatNumber(spec.z);
    if (spec.w != 0.0) cmd += " --w=" + formatNumber(spec.w);
    if (spec.period != defaults.period) {
        int last = 3;
        while (last > 0 && spec.period[static_cast<std::size_t>(last)] == 0) --last;
        cmd += " --period ";
        for (int a = 0; a <= last; ++a) cmd += (a ? "," : "") + std::to_string(spec.period[static_cast<std::size_t>(a)]);
    }
    if (spec.output != defaults.output) cmd += std::string(" --output ") + toString(spec.output);
    if (spec.output == Output::Normal && spec.heightScale != defaults.heightScale)
        cmd += " --height-scale=" + formatNumber(spec.heightScale);
    if (spec.warpAmount != 0.0) {
        cmd += " --warp-amount=" + formatNumber(spec.warpAmount);
        if (spec.warpOctaves != defaults.warpOctaves) cmd += " --warp-octaves " + std::to_string(spec.warpOctaves);
        if (spec.warpFrequency != defaults.warpFrequency) cmd += " --warp-frequency " + formatNumber(spec.warpFrequency);
        if (spec.warpDepth != defaults.warpDepth) cmd += " --warp-depth " + std::to_string(spec.warpDepth);
    }
    if ((spec.pattern == Pattern::Marble || spec.pattern == Pattern::Wood) && spec.patternScale != defaults.patternScale)
        cmd += " --pattern-scale=" + formatNumber(spec.patternScale);
    if (r.noOctaveLimit) cmd += " --no-octave-limit";
    if (!r.colormap.empty()) cmd += " --colormap " + r.colormap;
    if (r.bits) cmd += " --bits " + std::to_string(r.bits);
    if (r.range) cmd += " --range=" + formatNumber(r.range->min) + "," + formatNumber(r.range->max);
    return withOut ? cmd + " --out " + quoted(r.out) : cmd;
}

BakeRequest requestFromRecord(const std::string& recordText, const std::string& source) {
    const nlohmann::json j = parseJson(recordText, source, "its glnoise record");
    if (!j.is_object()) throw ValidationError(source + ": its glnoise record must be a JSON object, not " + j.dump(-1).substr(0, 40));
    if (!j.contains("preset")) throw ValidationError(source + ": its glnoise record has no preset");
    if (!j.contains("size")) throw ValidationError(source + ": its glnoise record has no size");
    if (!j["preset"].is_object())
        throw ValidationError(source + ": preset " + j["preset"].dump().substr(0, 40) + ": must be an object of spec keys");
    if (!j["size"].is_string())
        throw ValidationError(source + ": size " + j["size"].dump().substr(0, 40) +
                              ": must be a string \"WxH\" or \"WxHxD\"");
    const Preset p = parsePreset(j["preset"], source);
    BakeRequest r;
    r.spec = p.spec;
    r.range = p.range;
    r.colormap = p.colormap;
    r.bits = p.bits;
    try {
        r.size = parseSize(j["size"].get<std::string>(), kMaxBakeEdge);
    } catch (const ValidationError& e) {
        throw ValidationError(source + ": " + e.what());
    }
    auto triple = [&](const char* key) {
        std::array<std::int64_t, 3> t{};
        const auto& v = j[key];
        if (!v.is_array() || v.size() < 2 || v.size() > 3)
            throw ValidationError(source + ": " + key + " " + v.dump() + ": must be 2 or 3 integers");
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number_integer())
                throw ValidationError(source + ": " + key + " " + v.dump() + ": must be 2 or 3 integers");
            t[i] = v[i].get<std::int64_t>();
        }
        return t;
    };
    if (j.contains("tile")) r.tile = triple("tile");
    if (j.contains("no_octave_limit")) {
        if (!j["no_octave_limit"].is_boolean())
            throw ValidationError(source + ": no_octave_limit " + j["no_octave_limit"].dump().substr(0, 40) +
                                  ": must be true or false");
        r.noOctaveLimit = j["no_octave_limit"].get<bool>();
    }
    return r;
}

}  // namespace glnoise::app
