// SPDX-License-Identifier: MIT
#include "glnoise/colormap.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/assets.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise {

namespace {

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

std::string joined(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
}

const std::string kPrefix = "colormaps/";
const std::string kSuffix = ".json";

}  // namespace

Colormap Colormap::fromJson(const std::string& text, const std::string& source) {
    nlohmann::json j;
    try {
        io::checkJsonLimits(text, source, "");
    } catch (const ValidationError& e) {
        throw ValidationError(Violation{"colormap", e.what()});
    }
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw ValidationError(Violation{"colormap", source + ": not JSON: " + e.what()});
    }
    if (!j.is_object()) throw ValidationError(Violation{"colormap", source + ": must be a JSON object with \"stops\""});
    for (auto it = j.begin(); it != j.end(); ++it)
        if (it.key() != "stops" && it.key() != "description" && it.key() != "shore")
            throw ValidationError(Violation{"colormap", source + ": key '" + it.key() +
                                  "' is not known; allowed: description, stops, shore"});
    std::optional<double> shore;
    if (j.contains("shore")) {
        const nlohmann::json& v = j["shore"];
        if (!v.is_number() || !(v.get<double>() > 0.0 && v.get<double>() < 1.0))
            throw ValidationError(Violation{"colormap", source + ": shore " + v.dump() +
                                  ": must be a number between 0 and 1 (the position where the map's water ends)"});
        shore = v.get<double>();
    }
    if (!j.contains("stops") || !j["stops"].is_array() || j["stops"].size() < 2)
        throw ValidationError(Violation{"colormap", source + ": stops must be a list of at least 2 [position, \"#rrggbb\"]"});
    struct StopIn {
        double t;
        double rgb[3];
    };
    std::vector<StopIn> stops;
    for (const auto& s : j["stops"]) {
        const std::string shown = s.dump();
        if (!s.is_array() || s.size() != 2 || !s[0].is_number() || !s[1].is_string())
            throw ValidationError(Violation{"colormap", source + ": stop " + shown + " must be [position, \"#rrggbb\"]"});
        StopIn stop{s[0].get<double>(), {}};
        const std::string hex = s[1].get<std::string>();
        bool ok = hex.size() == 7 && hex[0] == '#';
        for (int c = 0; ok && c < 3; ++c) {
            const int hi = hexDigit(hex[static_cast<std::size_t>(1 + 2 * c)]);
            const int lo = hexDigit(hex[static_cast<std::size_t>(2 + 2 * c)]);
            ok = hi >= 0 && lo >= 0;
            stop.rgb[c] = hi * 16 + lo;
        }
        if (!ok) throw ValidationError(Violation{"colormap", source + ": stop " + shown + ": colour must be \"#rrggbb\""});
        const double lowest = stops.empty() ? 0.0 : stops.back().t;
        if (!(stop.t >= lowest && stop.t <= 1.0))
            throw ValidationError(Violation{"colormap", source + ": stop " + shown +
                                  ": positions must rise from 0 to 1 (this one after " + std::to_string(lowest) + ")"});
        stops.push_back(stop);
    }
    if (stops.front().t != 0.0 || stops.back().t != 1.0)
        throw ValidationError(Violation{"colormap", source + ": the first stop must be at 0 and the last at 1"});
    if (stops.size() > static_cast<std::size_t>(kMaxStops))
        throw ValidationError(Violation{"colormap", source + ": " + std::to_string(stops.size()) +
                              " stops; a map has at most " + std::to_string(kMaxStops)});
    Colormap map;
    map.name = source;
    map.shore = shore;
    for (const StopIn& in : stops) {
        Stop out{};
        out.position = static_cast<float>(in.t * 255.0);
        for (int c = 0; c < 3; ++c) out.rgb[c] = static_cast<float>(in.rgb[c]);
        map.stops.push_back(out);
    }
    for (std::size_t k = 0; k + 1 < map.stops.size(); ++k) {
        const float width = map.stops[k + 1].position - map.stops[k].position;
        map.stops[k].inverse = width > 0.0f ? static_cast<float>(1.0 / static_cast<double>(width)) : 0.0f;
    }
    return map;
}

std::vector<std::string> Colormap::names() {
    std::vector<std::string> v;
    for (const auto& [key, text] : embeddedAssets())
        if (key.compare(0, kPrefix.size(), kPrefix) == 0)
            v.push_back(key.substr(kPrefix.size(), key.size() - kPrefix.size() - kSuffix.size()));
    return v;
}

Colormap Colormap::named(const std::string& name) {
    const auto& assets = embeddedAssets();
    const auto it = assets.find(kPrefix + name + kSuffix);
    if (it == assets.end()) throw ValidationError(Violation{"colormap", name + ": allowed: " + joined(names())});
    Colormap map = fromJson(it->second, name);
    map.name = name;
    return map;
}

// gln_colormap_color in shaders/colormap.glsl, operation for operation (this file has no FP
// contraction, the GLSL says precise).
std::uint32_t Colormap::colorAt(float t) const noexcept {
    t = std::min(255.0f, std::max(0.0f, t));
    // The segment: the last stop at or below t (so that a position given twice is a hard
    // edge), at most the last but one.
    std::size_t k = 0;
    while (k + 2 < stops.size() && stops[k + 1].position <= t) ++k;
    const Stop& a = stops[k];
    const Stop& b = stops[k + 1];
    const float f = a.inverse > 0.0f ? std::min(1.0f, std::max(0.0f, (t - a.position) * a.inverse)) : 1.0f;
    std::uint32_t packed = 0xffu << 24;
    for (int c = 0; c < 3; ++c) {
        const float v = a.rgb[c] + (b.rgb[c] - a.rgb[c]) * f;
        packed |= static_cast<std::uint32_t>(std::min(255.0f, std::max(0.0f, std::floor(v + 0.5f)))) << (8 * c);
    }
    return packed;
}

std::uint32_t Colormap::color(float value, ValueRange range) const noexcept {
    const float scale = static_cast<float>(255.0 / (range.max - range.min));
    const float t = (value - static_cast<float>(range.min)) * scale;
    return colorAt(std::isnan(value) ? 0.0f : t);
}

std::vector<std::uint32_t> Colormap::shaderBuffer() const {
    std::vector<std::uint32_t> words(4 + 4 * kMaxStops + kMaxStops, 0u);
    const auto bits = [](float f) {
        std::uint32_t u;
        std::memcpy(&u, &f, sizeof u);
        return u;
    };
    words[0] = static_cast<std::uint32_t>(stops.size());
    for (std::size_t k = 0; k < stops.size(); ++k) {
        const Stop& s = stops[k];
        words[4 + 4 * k] = bits(s.position);
        for (std::size_t c = 0; c < 3; ++c) words[4 + 4 * k + 1 + c] = bits(s.rgb[c]);
        words[4 + 4 * kMaxStops + k] = bits(s.inverse);
    }
    return words;
}

}  // namespace glnoise
