// SPDX-License-Identifier: MIT
#include "glnoise/spec.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "glnoise/error.hpp"

namespace glnoise {
namespace {

std::vector<std::string> violationsOf(const NoiseSpec& s) {
    try {
        s.validate();
    } catch (const ValidationError& e) {
        return e.violations();
    }
    return {};
}

TEST(Spec, DefaultsAreValid) {
    EXPECT_TRUE(violationsOf(NoiseSpec{}).empty());
}

TEST(Spec, EachFieldNamesItsValueAndWhatIsAllowed) {
    NoiseSpec s;
    s.dims = 5;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"dims 5: must be 1, 2, 3 or 4"});
    s = {};
    s.frequency = 0;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"frequency 0: must be above 0 and at most 65536"});
    s = {};
    s.octaves = 33;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"octaves 33: must be from 1 to 32"});
    s = {};
    s.lacunarity = -2;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"lacunarity -2: must be above 0 and at most 1e15"});
    s = {};
    s.gain = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"gain nan: must be from 0 to 1e15"});
    s = {};
    s.offset = {1, std::numeric_limits<double>::infinity(), 0};
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"offset 1,inf,0: every component must be from -1e15 to 1e15"});
    s = {};
    s.z = 3;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"z 3: needs dims 3 or 4 (a z-slice of 3D or 4D noise)"});
}

TEST(Spec, CellularChoicesAreChecked) {
    NoiseSpec s;
    s.basis = Basis::Cellular;
    s.cellJitter = 1.5;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{
                                   "cell-jitter 1.5: must be from 0 to 1"});
    s.cellJitter = 0.5;
    s.cellReturn = CellReturn::Edge;
    s.cellDistance = CellDistance::Manhattan;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{
                                   "cell-distance manhattan with cell-return edge: the distance to an edge is Euclidean; "
                                   "use euclidean"});
    s.cellReturn = CellReturn::Radius;
    s.cellDistance = CellDistance::Chebyshev;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{
                                   "cell-distance chebyshev with cell-return n-sphere-radius: the inscribed radius is "
                                   "Euclidean; use euclidean"});
    EXPECT_THROW(parseCellReturn("f5"), ValidationError);
    EXPECT_EQ(parseCellReturn("f1/f2"), CellReturn::F1OverF2);
    EXPECT_EQ(parseCellDistance("chebyshev"), CellDistance::Chebyshev);
    EXPECT_STREQ(toString(CellReturn::F2MinusF1), "f2-f1");
}

TEST(Spec, RotationNeedsTwoAxesAndNoPeriod) {
    NoiseSpec s;
    s.rotate = true;
    s.octaves = 3;
    EXPECT_TRUE(violationsOf(s).empty());
    s.period = {4, 4, 0, 0};
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{
                                   "rotate with period 4,4: a turned lattice does not repeat along the axes; tile without "
                                   "--rotate"});
    s.period = {};
    s.dims = 1;
    EXPECT_EQ(violationsOf(s), std::vector<std::string>{"rotate needs dims 2 or more: one axis has nothing to turn to"});
}

TEST(Spec, AStatedRangeFollowsTheSignOfItsBasis) {
    NoiseSpec s;
    s.basis = Basis::Cellular;  // F1 >= 0: fBm never goes below 0
    s.dims = 2;
    s.octaves = 2;
    EXPECT_DOUBLE_EQ(s.statedRange().min, 0.0);
    EXPECT_DOUBLE_EQ(s.statedRange().max, 1.25 * 1.5);
    s.fractal = Fractal::Billow;  // 2 |n| - 1 over [0, 1.25]
    EXPECT_DOUBLE_EQ(s.statedRange().min, -1.5);
    EXPECT_DOUBLE_EQ(s.statedRange().max, 1.5 * 1.5);
    s.fractal = Fractal::Ridged;  // (1 - |n|)^2: at most max(1, 0.25)^2
    EXPECT_DOUBLE_EQ(s.statedRange().max, 1.5);
    s.cellReturn = CellReturn::CellValue;  // in [-1, 1]
    s.fractal = Fractal::Fbm;
    EXPECT_DOUBLE_EQ(s.statedRange().min, -1.5);
}

TEST(Spec, ReportsEveryViolationAtOnce) {
    NoiseSpec s;
    s.octaves = 0;
    s.gain = -1;
    s.frequency = -0.5;
    const auto v = violationsOf(s);
    ASSERT_EQ(v.size(), 3u);
    try {
        s.validate();
    } catch (const ValidationError& e) {
        EXPECT_STREQ(e.what(),
                     "frequency -0.5: must be above 0 and at most 65536; octaves 0: must be from 1 to 32; "
                     "gain -1: must be from 0 to 1e15");
    }
}

TEST(Spec, RefusesOctavesBeyondTheFrequencyLimit) {
    NoiseSpec s;
    s.frequency = 1.0;
    s.octaves = 32;
    const auto v = violationsOf(s);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].find("highest octave's frequency 2147483648 must be at most 65536"), std::string::npos) << v[0];
}

TEST(Spec, StatedRangeScalesWithTheAmplitudes) {
    NoiseSpec s;
    s.dims = 3;
    EXPECT_DOUBLE_EQ(s.statedRange().max, 1.0363);
    s.octaves = 3;
    EXPECT_DOUBLE_EQ(s.amplitudeSum(), 1.75);
    EXPECT_DOUBLE_EQ(s.statedRange().min, -1.0363 * 1.75);
    s.normalize = true;
    EXPECT_DOUBLE_EQ(s.statedRange().max, 1.0363);
    s.dims = 2;
    EXPECT_DOUBLE_EQ(s.statedRange().max, 1.0);
}

TEST(Grid, ParsesSizes) {
    const Grid g = parseSize("640x480");
    EXPECT_EQ(g.width, 640);
    EXPECT_EQ(g.height, 480);
    EXPECT_FALSE(g.isVolume());
    const Grid v = parseSize("32x16x8");
    EXPECT_EQ(v.depth, 8);
    EXPECT_TRUE(v.isVolume());
    EXPECT_EQ(toString(v), "32x16x8");
}

TEST(Grid, RejectsBadSizesNamingThem) {
    for (const char* bad : {"", "0x512", "512", "512x", "x512", "12ax4", "-4x4", "1x2x3x4", "16385x1", "4 x4"}) {
        try {
            parseSize(bad);
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const ValidationError& e) {
            EXPECT_EQ(std::string(e.what()),
                      std::string("size ") + bad + ": must be WxH or WxHxD with each edge between 1 and 16384");
        }
    }
}

TEST(Grid, RefusesMoreTexelsThanOneBakeHolds) {
    try {
        parseSize("16384x16384x2");
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_NE(std::string(e.what()).find("536870912 texels; at most 268435456"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(parseSize("16384x16384"));
}

}  // namespace
}  // namespace glnoise
