// SPDX-License-Identifier: MIT
#include "app/options.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <vector>

#include "core/format.hpp"
#include "glnoise/error.hpp"

namespace glnoise::app {

double parseNumber(const std::string& flag, const std::string& text) {
    // strtod also reads "nan" and "inf", so that validation can say they are not allowed.
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || text.find_first_of(" \t\n") != std::string::npos)
        throw ValidationError(flag + " " + text + ": not a number");
    if (errno == ERANGE && std::isinf(v))
        throw ValidationError(flag + " " + text + ": too large for a double");
    return v;
}

int parseInt(const std::string& flag, const std::string& text, const std::string& allowed) {
    long long v = 0;
    auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || res.ptr != text.data() + text.size() || res.ec == std::errc::invalid_argument)
        throw ValidationError(flag + " " + text + ": must be an integer " + allowed);
    if (res.ec == std::errc::result_out_of_range || v < INT_MIN || v > INT_MAX)
        throw ValidationError(flag + " " + text + ": must be " + allowed);
    return static_cast<int>(v);
}

std::uint64_t parseSeed(const std::string& text) {
    std::uint64_t v = 0;
    auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || res.ec != std::errc() || res.ptr != text.data() + text.size())
        throw ValidationError("--seed " + text + ": must be an integer between 0 and 18446744073709551615");
    return v;
}

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t pos = 0;
    while (true) {
        const std::size_t comma = text.find(',', pos);
        parts.push_back(text.substr(pos, comma == std::string::npos ? comma : comma - pos));
        if (comma == std::string::npos) return parts;
        pos = comma + 1;
    }
}

std::array<double, 3> parseList(const std::string& flag, const std::string& text, int minCount,
                                int maxCount, int* count) {
    const std::vector<std::string> parts = splitList(text);
    const std::string shape = minCount == maxCount ? std::to_string(minCount) + " comma-separated numbers"
                                                   : std::to_string(minCount) + " or " + std::to_string(maxCount) +
                                                         " comma-separated numbers";
    if (static_cast<int>(parts.size()) < minCount || static_cast<int>(parts.size()) > maxCount)
        throw ValidationError(flag + " " + text + ": must be " + shape);
    std::array<double, 3> out{};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        char* end = nullptr;
        out[i] = std::strtod(parts[i].c_str(), &end);
        if (parts[i].empty() || end != parts[i].c_str() + parts[i].size())
            throw ValidationError(flag + " " + text + ": must be " + shape + " ('" + parts[i] + "' is not a number)");
    }
    if (count) *count = static_cast<int>(parts.size());
    return out;
}

ValueRange parseRange(const std::string& text) {
    const auto v = parseList("--range", text, 2, 2);
    if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !(v[0] < v[1]))
        throw ValidationError("--range " + text + ": must be MIN,MAX with finite MIN < MAX, or default");
    return {v[0], v[1]};
}

std::vector<std::string> asFlags(const ValidationError& e) {
    std::vector<std::string> v;
    for (const auto& s : e.violations()) v.push_back("--" + s);
    return v;
}

namespace {

template <class F>
auto parseNamed(F parse, const std::string& text) {
    try {
        return parse(text);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
}

}  // namespace

std::string limitOctaves(NoiseSpec& spec, const NoiseArgs& args, const std::string& source) {
    const int useful = spec.usefulOctaves();
    if (useful >= spec.octaves || args.noOctaveLimit) return {};
    const std::string dropped = useful + 1 == spec.octaves ? "octave " + std::to_string(spec.octaves)
                                                           : "octaves " + std::to_string(useful + 1) + " to " +
                                                                 std::to_string(spec.octaves);
    const std::string named = args.octaves.empty() && !source.empty() ? source + ": octaves " : "--octaves ";
    std::string msg = named + std::to_string(spec.octaves) + ": " + dropped +
                      " would be above 0.5 cells per texel, the grid's Nyquist limit, and add only aliasing; using " +
                      std::to_string(useful) + " (--no-octave-limit keeps them all)";
    spec.octaves = useful;
    return msg;
}

NoiseSpec buildSpec(const NoiseArgs& a, const Grid* grid, const NoiseSpec* base, bool baseHasDims,
                    const std::string& baseSource) {
    NoiseSpec spec = base ? *base : NoiseSpec{};
    const std::string octavesAllowed = "between 1 and " + std::to_string(kMaxOctaves);
    if (!a.dims.empty()) spec.dims = parseInt("--dims", a.dims, "1, 2, 3 or 4");
    else if (base && baseHasDims) {
    } else if (!a.w.empty()) spec.dims = 4;
    else spec.dims = ((grid && grid->isVolume()) || !a.z.empty()) ? 3 : 2;
    if (!a.basis.empty()) spec.basis = parseNamed(parseBasis, a.basis);
    if (!a.interp.empty()) spec.interp = parseNamed(parseCurve, a.interp);
    if (!a.pattern.empty()) spec.pattern = parseNamed(parsePattern, a.pattern);
    if (!a.fractal.empty()) spec.fractal = parseNamed(parseFractal, a.fractal);
    else if (spec.pattern == Pattern::Clouds) spec.fractal = Fractal::Turbulence;
    if (!a.output.empty()) spec.output = parseNamed(parseOutput, a.output);
    if (!a.ridgeOffset.empty()) spec.ridgeOffset = parseNumber("--ridge-offset", a.ridgeOffset);
    if (!a.ridgeGain.empty()) spec.ridgeGain = parseNumber("--ridge-gain", a.ridgeGain);
    if (!a.w.empty()) spec.w = parseNumber("--w", a.w);
    if (!a.heightScale.empty()) spec.heightScale = parseNumber("--height-scale", a.heightScale);
    if (!a.warpAmount.empty()) spec.warpAmount = parseNumber("--warp-amount", a.warpAmount);
    if (!a.warpOctaves.empty()) spec.warpOctaves = parseInt("--warp-octaves", a.warpOctaves, octavesAllowed);
    if (!a.warpFrequency.empty()) spec.warpFrequency = parseNumber("--warp-frequency", a.warpFrequency);
    if (!a.warpDepth.empty()) spec.warpDepth = parseInt("--warp-depth", a.warpDepth, "1 or 2");
    if (!a.patternScale.empty()) spec.patternScale = parseNumber("--pattern-scale", a.patternScale);
    if (!a.period.empty()) {
        spec.period = {};
        const std::string allowed = "1 to 4 comma-separated integers between 0 (none) and " + std::to_string(kMaxPeriod);
        const std::vector<std::string> parts = splitList(a.period);
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (i == 4) throw ValidationError("--period " + a.period + ": must be " + allowed);
            try {
                spec.period[i] = parseInt("--period", parts[i], allowed);
            } catch (const ValidationError&) {
                throw ValidationError("--period " + a.period + ": must be " + allowed + " ('" + parts[i] +
                                      "' is not one)");
            }
        }
    }
    if (!a.frequency.empty()) spec.frequency = parseNumber("--frequency", a.frequency);
    if (!a.octaves.empty()) spec.octaves = parseInt("--octaves", a.octaves, octavesAllowed);
    if (!a.lacunarity.empty()) spec.lacunarity = parseNumber("--lacunarity", a.lacunarity);
    if (!a.gain.empty()) spec.gain = parseNumber("--gain", a.gain);
    if (!a.seed.empty()) spec.seed = parseSeed(a.seed);
    int offsetCount = 0;
    if (!a.offset.empty()) spec.offset = parseList("--offset", a.offset, 2, 3, &offsetCount);
    if (!a.z.empty()) spec.z = parseNumber("--z", a.z);
    if (a.normalize) spec.normalize = true;

    std::vector<std::string> v;
    try {
        spec.validate();
    } catch (const ValidationError& e) {
        // The field each message starts with, and whether the flags gave it.
        const std::pair<const char*, const std::string*> given[] = {
            {"dims", &a.dims}, {"frequency", &a.frequency}, {"octaves", &a.octaves},
            {"lacunarity", &a.lacunarity}, {"gain", &a.gain}, {"ridge-offset", &a.ridgeOffset},
            {"ridge-gain", &a.ridgeGain}, {"offset", &a.offset}, {"z", &a.z}, {"w", &a.w},
            {"height-scale", &a.heightScale}, {"warp-amount", &a.warpAmount}, {"warp-octaves", &a.warpOctaves},
            {"warp-frequency", &a.warpFrequency}, {"warp-depth", &a.warpDepth}, {"pattern", &a.pattern},
            {"pattern-scale", &a.patternScale}, {"period", &a.period}};
        for (const std::string& m : e.violations()) {
            const std::string field = m.substr(0, m.find(' '));
            bool fromBase = false;
            for (const auto& [name, arg] : given)
                if (field == name) fromBase = base && !baseSource.empty() && arg->empty();
            if (!fromBase) {
                v.push_back("--" + m);
                continue;
            }
            std::string key = field;
            std::replace(key.begin(), key.end(), '-', '_');
            v.push_back(baseSource + ": " + key + m.substr(field.size()));
        }
    }
    if (spec.dims <= 2 && offsetCount == 3)
        v.push_back("--offset " + a.offset + ": a z component needs --dims 3 or 4");
    if (spec.dims == 1 && offsetCount >= 2 && spec.offset[1] != 0.0)
        v.push_back("--offset " + a.offset + ": 1D noise uses x alone");
    if (spec.dims <= 2 && grid && grid->isVolume())
        v.push_back("--size " + toString(*grid) + ": a volume needs --dims 3 or 4");
    if (spec.output == Output::Normal && grid && grid->isVolume())
        v.push_back("--output normal: a normal map is a 2D image; --size " + toString(*grid) + " is a volume");
    if (!v.empty()) throw ValidationError(std::move(v));
    return spec;
}

}  // namespace glnoise::app
