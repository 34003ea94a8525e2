// SPDX-License-Identifier: MIT
// Colormaps: stops to 256 entries, the value-to-entry rule, and clear errors for bad files.
#include "glnoise/colormap.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise {
namespace {

std::uint32_t rgb(unsigned r, unsigned g, unsigned b) { return r | g << 8 | b << 16 | 0xffu << 24; }

TEST(Colormap, TwoStopsMakeALinearRamp) {
    const Colormap m = Colormap::fromJson(R"({"stops": [[0, "#000000"], [1, "#ff8000"]]})", "ramp");
    EXPECT_EQ(m.at(0), rgb(0, 0, 0));
    EXPECT_EQ(m.at(255), rgb(255, 128, 0));
    EXPECT_EQ(m.at(51), rgb(51, 26, 0));  // 51/255 of the way: 128 * 0.2 = 25.6
}

TEST(Colormap, APositionGivenTwiceIsAHardEdge) {
    const Colormap m =
        Colormap::fromJson(R"({"stops": [[0, "#0000ff"], [0.5, "#0000ff"], [0.5, "#00ff00"], [1, "#00ff00"]]})", "edge");
    EXPECT_EQ(m.at(127), rgb(0, 0, 255));  // t = 0.498
    EXPECT_EQ(m.at(128), rgb(0, 255, 0));  // t = 0.502
}

TEST(Colormap, ValuesMapToEntriesAsAGrayPngQuantisesThem) {
    const Colormap gray = Colormap::named("gray");
    const ValueRange r{-1.0, 1.0};
    EXPECT_EQ(gray.index(-1.0f, r), 0);
    EXPECT_EQ(gray.index(1.0f, r), 255);
    EXPECT_EQ(gray.index(-7.0f, r), 0);
    EXPECT_EQ(gray.index(7.0f, r), 255);
    EXPECT_EQ(gray.index(std::nanf(""), r), 0);
    int differ = 0;
    for (int i = 0; i <= 1000; ++i) {
        const float v = -1.0f + 0.002f * static_cast<float>(i) + 0.0003f;  // away from rounding ties
        differ += gray.index(v, r) != io::quantize8(v, r);
        differ += gray.at(gray.index(v, r)) != rgb(io::quantize8(v, r), io::quantize8(v, r), io::quantize8(v, r));
    }
    EXPECT_EQ(differ, 0);
}

TEST(Colormap, TheBuiltInMapsAreThere) {
    const auto names = Colormap::names();
    for (const char* n : {"gray", "terrain", "marble", "wood", "clouds", "fire"})
        EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
    // Terrain goes from deep water to snow.
    const Colormap t = Colormap::named("terrain");
    EXPECT_EQ(t.at(0), rgb(0x0a, 0x24, 0x63));
    EXPECT_EQ(t.at(255), rgb(255, 255, 255));
    try {
        Colormap::named("rainbow");
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_STREQ(e.what(), "colormap rainbow: allowed: clouds, fire, gray, marble, terrain, wood");
    }
}

TEST(Colormap, BadFilesSayWhatIsWrong) {
    const std::pair<const char*, const char*> cases[] = {
        {R"({"stops": [[0, "#000000"], [1, "#ffffff"]], "gamma": 2})", "colormap f: key 'gamma' is not known; allowed: description, stops"},
        {R"({"stops": [[0, "#000000"]]})", "colormap f: stops must be a list of at least 2"},
        {R"({"stops": [[0, "#000000"], [1, "white"]]})", "colormap f: stop [1,\"white\"]: colour must be \"#rrggbb\""},
        {R"({"stops": [[0, "#000000"], [0.7, "#ffffff"], [0.2, "#ffffff"], [1, "#000000"]]})", "positions must rise from 0 to 1"},
        {R"({"stops": [[0.1, "#000000"], [1, "#ffffff"]]})", "the first stop must be at 0 and the last at 1"},
        {"[1, 2", "colormap f: not JSON"},
    };
    for (const auto& [text, message] : cases) {
        try {
            Colormap::fromJson(text, "f");
            ADD_FAILURE() << text;
        } catch (const ValidationError& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace glnoise
