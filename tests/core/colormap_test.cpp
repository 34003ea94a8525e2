// SPDX-License-Identifier: MIT
// Colormaps: stops interpolated smoothly, the value-to-colour rule, the shaders' buffer, and
// clear errors for bad files.
#include "glnoise/colormap.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"
#include "glnoise/io.hpp"
#include "core/assets.hpp"

namespace glnoise {
namespace {

std::uint32_t rgb(unsigned r, unsigned g, unsigned b) { return r | g << 8 | b << 16 | 0xffu << 24; }

int channel(std::uint32_t c, int k) { return static_cast<int>((c >> (8 * k)) & 0xffu); }

TEST(Colormap, TwoStopsMakeALinearRamp) {
    const Colormap m = Colormap::fromJson(R"({"stops": [[0, "#000000"], [1, "#ff8000"]]})", "ramp");
    EXPECT_EQ(m.colorAt(0.0f), rgb(0, 0, 0));
    EXPECT_EQ(m.colorAt(255.0f), rgb(255, 128, 0));
    EXPECT_EQ(m.colorAt(51.0f), rgb(51, 26, 0));  // a fifth of the way: 128 * 0.2 = 25.6
    EXPECT_EQ(m.colorAt(-3.0f), rgb(0, 0, 0));    // clamped
    EXPECT_EQ(m.colorAt(300.0f), rgb(255, 128, 0));
}

// The property the preview's terrain lacked with a 256-entry table: where a map changes
// fast, a slowly changing value still moves the colour one 8-bit level at a time.
TEST(Colormap, ASteepRampHasNoFlatBands) {
    const Colormap m =
        Colormap::fromJson(R"({"stops": [[0, "#000000"], [0.1, "#ff0000"], [1, "#ff0000"]]})", "steep");
    int previous = 0, largestStep = 0;
    std::vector<bool> seen(256, false);
    for (int i = 0; i <= 2550; ++i) {  // t from 0 to 25.5, where red goes from 0 to 255
        const int red = channel(m.colorAt(0.01f * static_cast<float>(i)), 0);
        largestStep = std::max(largestStep, red - previous);
        EXPECT_GE(red, previous) << "t " << 0.01 * i;
        seen[static_cast<std::size_t>(red)] = true;
        previous = red;
    }
    EXPECT_EQ(largestStep, 1);
    EXPECT_EQ(std::count(seen.begin(), seen.end(), true), 256);
}

TEST(Colormap, APositionGivenTwiceIsAHardEdge) {
    const Colormap m =
        Colormap::fromJson(R"({"stops": [[0, "#0000ff"], [0.5, "#0000ff"], [0.5, "#00ff00"], [1, "#00ff00"]]})", "edge");
    EXPECT_EQ(m.colorAt(127.49f), rgb(0, 0, 255));
    EXPECT_EQ(m.colorAt(127.5f), rgb(0, 255, 0));
    EXPECT_EQ(m.colorAt(127.51f), rgb(0, 255, 0));
    // Two stops at the end: the last colour there.
    const Colormap end =
        Colormap::fromJson(R"({"stops": [[0, "#000000"], [1, "#000000"], [1, "#ffffff"]]})", "end");
    EXPECT_EQ(end.colorAt(255.0f), rgb(255, 255, 255));
    EXPECT_EQ(end.colorAt(254.9f), rgb(0, 0, 0));
}

// Every built-in map against its file's stops interpolated in double precision, apart from
// the float32 arithmetic: each channel within half a level of the exact colour, rounded.
TEST(Colormap, EveryBuiltInMapIsItsStopsInterpolated) {
    for (const std::string& name : Colormap::names()) {
        SCOPED_TRACE(name);
        const Colormap m = Colormap::named(name);
        const nlohmann::json j = nlohmann::json::parse(embeddedAssets().at("colormaps/" + name + ".json"));
        std::vector<std::pair<double, std::array<double, 3>>> stops;
        for (const auto& s : j["stops"]) {
            const std::string hex = s[1].get<std::string>();
            stops.push_back({s[0].get<double>(),
                             {double(std::stoi(hex.substr(1, 2), nullptr, 16)), double(std::stoi(hex.substr(3, 2), nullptr, 16)),
                              double(std::stoi(hex.substr(5, 2), nullptr, 16))}});
        }
        double worst = 0.0;
        for (int i = 0; i <= 25500; ++i) {
            const double u = i / 25500.0;
            // The first segment whose end lies beyond u (the last at u = 1), skipping hard edges.
            std::size_t k = 0;
            while (k + 2 < stops.size() && stops[k + 1].first <= u) ++k;
            const auto& [t0, c0] = stops[k];
            const auto& [t1, c1] = stops[k + 1];
            const double f = t1 > t0 ? std::clamp((u - t0) / (t1 - t0), 0.0, 1.0) : 1.0;
            const std::uint32_t got = m.colorAt(static_cast<float>(u * 255.0));
            for (int c = 0; c < 3; ++c) {
                const double exact = c0[static_cast<std::size_t>(c)] + (c1[static_cast<std::size_t>(c)] - c0[static_cast<std::size_t>(c)]) * f;
                worst = std::max(worst, std::abs(channel(got, c) - exact));
            }
        }
        EXPECT_LE(worst, 0.5 + 1e-3);
    }
}

TEST(Colormap, GrayIsAGrayPngsQuantisation) {
    const Colormap gray = Colormap::named("gray");
    const ValueRange r{-1.0, 1.0};
    EXPECT_EQ(gray.color(-1.0f, r), rgb(0, 0, 0));
    EXPECT_EQ(gray.color(1.0f, r), rgb(255, 255, 255));
    EXPECT_EQ(gray.color(-7.0f, r), rgb(0, 0, 0));
    EXPECT_EQ(gray.color(7.0f, r), rgb(255, 255, 255));
    EXPECT_EQ(gray.color(std::nanf(""), r), rgb(0, 0, 0));
    int differ = 0;
    for (int i = 0; i <= 1000; ++i) {
        const float v = -1.0f + 0.002f * static_cast<float>(i) + 0.0003f;  // away from rounding ties
        const unsigned q = io::quantize8(v, r);
        differ += gray.color(v, r) != rgb(q, q, q);
    }
    EXPECT_EQ(differ, 0);
}

TEST(Colormap, TheBuiltInMapsAreThere) {
    const auto names = Colormap::names();
    for (const char* n : {"gray", "terrain", "marble", "wood", "clouds", "fire"})
        EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
    // Terrain goes from deep water to snow.
    const Colormap t = Colormap::named("terrain");
    EXPECT_EQ(t.colorAt(0.0f), rgb(0x0a, 0x24, 0x63));
    EXPECT_EQ(t.colorAt(255.0f), rgb(255, 255, 255));
    try {
        Colormap::named("rainbow");
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_STREQ(e.what(), "colormap rainbow: allowed: clouds, fire, flow, gray, marble, sand, strata, terrain, wood");
    }
}

// What the shaders read: the count, then (position, r, g, b) from word 4, then the inverses.
TEST(Colormap, TheShaderBufferHoldsTheStops) {
    const Colormap m = Colormap::named("terrain");
    const std::vector<std::uint32_t> words = m.shaderBuffer();
    ASSERT_EQ(words.size() * 4, 1296u);
    EXPECT_EQ(words[0], m.stops.size());
    for (std::size_t k = 0; k < m.stops.size(); ++k) {
        float f[5];
        std::memcpy(f, &words[4 + 4 * k], 16);
        std::memcpy(f + 4, &words[4 + 4 * Colormap::kMaxStops + k], 4);
        EXPECT_EQ(f[0], m.stops[k].position);
        EXPECT_EQ(f[1], m.stops[k].rgb[0]);
        EXPECT_EQ(f[3], m.stops[k].rgb[2]);
        EXPECT_EQ(f[4], m.stops[k].inverse);
    }
}

// A map that draws water says where it ends: the terrain map's sand starts at its shore.
TEST(Colormap, AShoreIsWhereTheWaterEnds) {
    const Colormap terrain = Colormap::named("terrain");
    ASSERT_TRUE(terrain.shore.has_value());
    const float t = static_cast<float>(*terrain.shore * 255.0);
    const std::uint32_t below = terrain.colorAt(t - 0.5f), above = terrain.colorAt(t + 0.5f);
    EXPECT_GT((below >> 16) & 0xffu, below & 0xffu) << "blue below the shore";
    EXPECT_GT(above & 0xffu, (above >> 16) & 0xffu) << "sand above it";
    EXPECT_FALSE(Colormap::named("fire").shore.has_value());
    EXPECT_DOUBLE_EQ(*Colormap::fromJson(R"({"stops": [[0, "#000000"], [1, "#ffffff"]], "shore": 0.3})", "f").shore, 0.3);
}

TEST(Colormap, BadFilesSayWhatIsWrong) {
    std::string many = R"({"stops": [)";
    for (int i = 0; i < 65; ++i) many += std::string(i ? ", " : "") + "[" + std::to_string(i / 64.0) + ", \"#102030\"]";
    many += "]}";
    const std::string deep = R"({"stops": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
    const std::string huge = R"({"stops": [], "description": ")" + std::string(2 << 20, 'x') + "\"}";
    const std::pair<std::string, std::string> cases[] = {
        {R"({"stops": [[0, "#000000"], [1, "#ffffff"]], "gamma": 2})", "colormap f: key 'gamma' is not known; allowed: description, stops, shore"},
        {R"({"stops": [[0, "#000000"], [1, "#ffffff"]], "shore": 1})", "colormap f: shore 1: must be a number between 0 and 1"},
        {R"({"stops": [[0, "#000000"], [1, "#ffffff"]], "shore": "0.4"})", "colormap f: shore \"0.4\": must be a number between 0 and 1"},
        {R"({"stops": [[0, "#000000"]]})", "colormap f: stops must be a list of at least 2"},
        {R"({"stops": [[0, "#000000"], [1, "white"]]})", "colormap f: stop [1,\"white\"]: colour must be \"#rrggbb\""},
        {R"({"stops": [[0, "#000000"], [0.7, "#ffffff"], [0.2, "#ffffff"], [1, "#000000"]]})", "positions must rise from 0 to 1"},
        {R"({"stops": [[0.1, "#000000"], [1, "#ffffff"]]})", "the first stop must be at 0 and the last at 1"},
        {"[1, 2", "colormap f: not JSON"},
        {many, "colormap f: 65 stops; a map has at most 64"},
        {deep, "colormap f: nests arrays and objects more than 64 deep (at byte 73); at most 64 levels are read"},
        {huge, "colormap f: is 2097184 bytes; at most 1048576 (1 MiB) are read"},
    };
    for (const auto& [text, message] : cases) {
        try {
            Colormap::fromJson(text, "f");
            ADD_FAILURE() << text.substr(0, 80);
        } catch (const ValidationError& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace glnoise
