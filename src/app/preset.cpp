// SPDX-License-Identifier: MIT
#include "app/preset.hpp"

#include <algorithm>
#include <climits>
#include <set>

#include "app/flags.hpp"
#include "core/assets.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::app {

namespace {

const std::string kPrefix = "presets/";
const std::string kSuffix = ".json";

// The spec's keys are those io::specJson writes; the bake adds its own three.
const std::vector<std::string>& knownKeys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k;
        const nlohmann::json spec = nlohmann::json::parse(io::specJson(NoiseSpec{}));
        for (auto it = spec.begin(); it != spec.end(); ++it) k.push_back(it.key());
        for (const char* bake : {"colormap", "range", "bits"}) k.push_back(bake);
        return k;
    }();
    return keys;
}

// Reads one key, collecting what is wrong instead of stopping at the first.
class Reader {
public:
    Reader(const nlohmann::json& j, std::string source) : j_(j), source_(std::move(source)) {}

    template <class F>
    void with(const char* key, F f) {
        if (!j_.contains(key)) return;
        try {
            f(j_[key]);
        } catch (const ValidationError& e) {
            for (const auto& v : e.violations()) bad(key, v);
        }
    }
    double number(const nlohmann::json& v) {
        if (!v.is_number()) throw ValidationError(v.dump() + ": must be a number");
        return v.get<double>();
    }
    int integer(const nlohmann::json& v) {
        if (!v.is_number_integer() || v.get<long long>() < INT_MIN || v.get<long long>() > INT_MAX)
            throw ValidationError(v.dump() + ": must be an integer");
        return v.get<int>();
    }
    std::string text(const nlohmann::json& v) {
        if (!v.is_string()) throw ValidationError(v.dump() + ": must be a string");
        return v.get<std::string>();
    }
    void bad(const std::string& key, const std::string& why) {
        // Library messages start with the field name already ("octaves 0: ..."): keep one.
        const std::string k = key + " ";
        violations_.push_back(source_ + ": " + (why.compare(0, k.size(), k) == 0 ? why : k + why));
    }
    std::vector<std::string>& violations() { return violations_; }

private:
    const nlohmann::json& j_;
    std::string source_;
    std::vector<std::string> violations_;
};

}  // namespace

nlohmann::json parseJson(const std::string& text, const std::string& source, const std::string& what) {
    std::vector<std::set<std::string>> keys;  // the keys of each object being read
    std::string duplicate;
    const nlohmann::json::parser_callback_t noDuplicates = [&](int, nlohmann::json::parse_event_t event,
                                                               nlohmann::json& parsed) {
        switch (event) {
            case nlohmann::json::parse_event_t::object_start: keys.emplace_back(); break;
            case nlohmann::json::parse_event_t::object_end:
                if (!keys.empty()) keys.pop_back();
                break;
            case nlohmann::json::parse_event_t::key:
                if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second && duplicate.empty())
                    duplicate = parsed.get<std::string>();
                break;
            default: break;
        }
        return true;
    };
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text, noDuplicates);
    } catch (const nlohmann::json::exception& e) {
        throw ValidationError(source + ": " + (what.empty() ? "not JSON" : what + " is not JSON") + ": " + e.what());
    }
    if (!duplicate.empty())
        throw ValidationError(source + ": " + (what.empty() ? "" : what + " ") + "gives the key \"" + duplicate +
                              "\" twice in one object; each key once, so that what it says is not up to the reader");
    return j;
}

Preset parsePreset(const nlohmann::json& j, const std::string& source) {
    if (!j.is_object()) throw ValidationError(source + ": must be a JSON object of spec keys");
    Preset p;
    NoiseSpec& s = p.spec;
    Reader r(j, source);
    for (auto it = j.begin(); it != j.end(); ++it)
        if (std::find(knownKeys().begin(), knownKeys().end(), it.key()) == knownKeys().end())
            r.bad(it.key(), "is not a known key; allowed: " + joinedNames(knownKeys()));
    auto strip = [](const std::string& what, const ValidationError& e) {
        // "basis foo: allowed: ..." -> "foo: allowed: ..." (the key is added back by bad())
        std::vector<std::string> v;
        for (const auto& m : e.violations()) v.push_back(m.compare(0, what.size() + 1, what + " ") == 0 ? m.substr(what.size() + 1) : m);
        return ValidationError(std::move(v));
    };
    auto parsed = [&](const char* key, auto parse) {
        return [&, key, parse](const nlohmann::json& v) {
            try {
                return parse(r.text(v));
            } catch (const ValidationError& e) {
                throw strip(key, e);
            }
        };
    };
    r.with("basis", [&](const nlohmann::json& v) { s.basis = parsed("basis", parseBasis)(v); });
    r.with("interp", [&](const nlohmann::json& v) { s.interp = parsed("interp", parseCurve)(v); });
    r.with("fractal", [&](const nlohmann::json& v) { s.fractal = parsed("fractal", parseFractal)(v); });
    r.with("output", [&](const nlohmann::json& v) { s.output = parsed("output", parseOutput)(v); });
    r.with("pattern", [&](const nlohmann::json& v) { s.pattern = parsed("pattern", parsePattern)(v); });
    // As on the command line: clouds is the turbulence fractal unless a fractal is given.
    if (s.pattern == Pattern::Clouds && !j.contains("fractal")) s.fractal = Fractal::Turbulence;
    r.with("dims", [&](const nlohmann::json& v) {
        s.dims = r.integer(v);
        p.hasDims = true;
    });
    r.with("frequency", [&](const nlohmann::json& v) { s.frequency = r.number(v); });
    r.with("octaves", [&](const nlohmann::json& v) { s.octaves = r.integer(v); });
    r.with("lacunarity", [&](const nlohmann::json& v) { s.lacunarity = r.number(v); });
    r.with("gain", [&](const nlohmann::json& v) { s.gain = r.number(v); });
    r.with("ridge_offset", [&](const nlohmann::json& v) { s.ridgeOffset = r.number(v); });
    r.with("ridge_gain", [&](const nlohmann::json& v) { s.ridgeGain = r.number(v); });
    r.with("normalize", [&](const nlohmann::json& v) {
        if (!v.is_boolean()) throw ValidationError(v.dump() + ": must be true or false");
        s.normalize = v.get<bool>();
    });
    r.with("seed", [&](const nlohmann::json& v) {
        if (v.is_null()) return s.seed.reset();
        if (!v.is_number_unsigned()) throw ValidationError(v.dump() + ": must be null (Ken Perlin's table) or an integer from 0 to 18446744073709551615");
        s.seed = v.get<std::uint64_t>();
    });
    r.with("period", [&](const nlohmann::json& v) {
        if (!v.is_array() || v.size() > 4) throw ValidationError(v.dump() + ": must be a list of up to 4 integers");
        s.period = {};
        for (std::size_t i = 0; i < v.size(); ++i) s.period[i] = r.integer(v[i]);
    });
    r.with("offset", [&](const nlohmann::json& v) {
        if (!v.is_array() || v.size() < 2 || v.size() > 3) throw ValidationError(v.dump() + ": must be a list of 2 or 3 numbers");
        s.offset = {};
        for (std::size_t i = 0; i < v.size(); ++i) s.offset[i] = r.number(v[i]);
    });
    r.with("z", [&](const nlohmann::json& v) { s.z = r.number(v); });
    r.with("w", [&](const nlohmann::json& v) { s.w = r.number(v); });
    r.with("height_scale", [&](const nlohmann::json& v) { s.heightScale = r.number(v); });
    r.with("warp_amount", [&](const nlohmann::json& v) { s.warpAmount = r.number(v); });
    r.with("warp_octaves", [&](const nlohmann::json& v) { s.warpOctaves = r.integer(v); });
    r.with("warp_frequency", [&](const nlohmann::json& v) { s.warpFrequency = r.number(v); });
    r.with("warp_depth", [&](const nlohmann::json& v) { s.warpDepth = r.integer(v); });
    r.with("pattern_scale", [&](const nlohmann::json& v) { s.patternScale = r.number(v); });
    r.with("colormap", [&](const nlohmann::json& v) {
        const std::string name = r.text(v);
        if (!name.empty() && name != "none") {
            try {
                Colormap::named(name);
            } catch (const ValidationError& e) {
                throw strip("colormap", e);
            }
            p.colormap = name;
        }
    });
    r.with("range", [&](const nlohmann::json& v) {
        if (v.is_null()) return p.range.reset();
        if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number() ||
            !(v[0].get<double>() < v[1].get<double>()))
            throw ValidationError(v.dump() + ": must be null or [min, max] with min < max");
        p.range = ValueRange{v[0].get<double>(), v[1].get<double>()};
    });
    r.with("bits", [&](const nlohmann::json& v) {
        p.bits = r.integer(v);
        if (p.bits != 8 && p.bits != 16 && p.bits != 32) throw ValidationError(v.dump() + ": must be 8, 16 or 32");
    });
    if (r.violations().empty()) {
        try {
            s.validate();
        } catch (const ValidationError& e) {
            for (const auto& v : e.violations()) r.violations().push_back(source + ": " + v);
        }
    }
    if (!r.violations().empty()) throw ValidationError(std::move(r.violations()));
    return p;
}

std::vector<std::string> presetNames() {
    std::vector<std::string> v;
    for (const auto& [key, text] : embeddedAssets())
        if (key.compare(0, kPrefix.size(), kPrefix) == 0)
            v.push_back(key.substr(kPrefix.size(), key.size() - kPrefix.size() - kSuffix.size()));
    return v;
}

Preset loadPreset(const std::string& nameOrPath) {
    std::string text, source;
    const auto& assets = embeddedAssets();
    const auto it = assets.find(kPrefix + nameOrPath + kSuffix);
    if (it != assets.end()) {
        text = it->second;
        source = "preset " + nameOrPath;
    } else if (nameOrPath.find('/') != std::string::npos ||
               (nameOrPath.size() > 5 && nameOrPath.compare(nameOrPath.size() - 5, 5, ".json") == 0)) {
        text = io::readSmallFile(nameOrPath, "--preset");
        source = "preset " + nameOrPath;
    } else {
        throw ValidationError("--preset " + nameOrPath + ": no such preset; built in: " + joinedNames(presetNames()) +
                              "; or the path of a .json file");
    }
    return parsePreset(parseJson(text, source, ""), source);
}

nlohmann::json presetJson(const NoiseSpec& spec, const std::optional<ValueRange>& range, const std::string& colormap,
                          int bits) {
    nlohmann::json j = nlohmann::json::parse(io::specJson(spec));
    if (!colormap.empty()) j["colormap"] = colormap;
    if (range) j["range"] = {range->min, range->max};
    if (bits) j["bits"] = bits;
    return j;
}

}  // namespace glnoise::app
