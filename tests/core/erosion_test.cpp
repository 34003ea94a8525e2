// SPDX-License-Identifier: MIT
// Erosion's C++ twin: the same bytes at any thread count, material conserved, each
// operator against its formula on small grids, bad parameters refused one by one, and an
// eroded heightmap with more drainage than its input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "glnoise/cpu.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"

namespace glnoise {
namespace {

constexpr double kPi = 3.14159265358979323846;

// An fBm heightmap of w x h in [-1, 1] or so.
Image fbm(int w, int h, int octaves = 6) {
    NoiseSpec spec;
    spec.basis = Basis::OpenSimplex2;
    spec.octaves = octaves;
    spec.frequency = 1.0 / 48.0;
    spec.normalize = true;
    spec.rotate = true;
    return cpu::evaluate(spec, {w, h, 1});
}

double sum(const std::vector<float>& v) {
    double s = 0.0;
    for (const float x : v) s += x;
    return s;
}

erosion::Params params(int iterations) {
    erosion::Params p;
    p.iterations = iterations;
    p.cellSize = 2.0;
    p.heightScale = 20.0;
    return p;
}

erosion::State run(const Image& heights, const erosion::Params& p, unsigned threads) {
    erosion::State s = erosion::start(heights, p);
    for (int i = 0; i < p.iterations; ++i) erosion::iterate(s, p, threads);
    return s;
}

TEST(Erosion, TheSameBytesTwiceAndAtAnyThreadCount) {
    const Image h = fbm(96, 80);
    const erosion::Params p = params(40);
    const erosion::State one = run(h, p, 1), again = run(h, p, 1), four = run(h, p, 4), all = run(h, p, 0);
    for (const erosion::State* s : {&again, &four, &all}) {
        EXPECT_EQ(s->terrain, one.terrain);
        EXPECT_EQ(s->water, one.water);
        EXPECT_EQ(s->sediment, one.sediment);
        EXPECT_EQ(s->flux, one.flux);
        EXPECT_EQ(s->sedimentLeft, one.sedimentLeft);
    }
    EXPECT_NE(one.terrain, erosion::start(h, p).terrain) << "nothing eroded";
}

// Material removed from the ground is in the water or on the ground elsewhere, or left the
// map over an edge: the ground's change plus the sediment carried plus what left is 0, to
// float rounding, which the bound states as a share of the material moved.
TEST(Erosion, MaterialIsConserved) {
    const Image h = fbm(128, 96);
    for (const double thermal : {0.0, 0.25}) {
        SCOPED_TRACE(thermal);
        erosion::Params p = params(200);
        p.thermalRate = thermal;
        const erosion::State before = erosion::start(h, p);
        const erosion::State after = run(h, p, 0);
        double moved = 0.0;
        for (std::size_t i = 0; i < after.terrain.size(); ++i) moved += std::abs(double(after.terrain[i]) - before.terrain[i]);
        const double balance = (sum(after.terrain) - sum(before.terrain)) + sum(after.sediment) + after.sedimentLeft;
        EXPECT_GT(moved, 1.0) << "metres of ground moved";
        EXPECT_LT(std::abs(balance), 1e-5 * moved) << "balance " << balance << " of " << moved << " moved";
        // Water: what rained is on the map, evaporated or left it; none is made from nothing.
        for (const float d : after.water) ASSERT_GE(d, 0.0f);
        for (const float s : after.sediment) ASSERT_GE(s, -1e-6f);
    }
}

// Wetness is the water after each iteration, summed: the same as summing the state's water
// by hand after each; it stays where water ran, after the water itself has gone.
TEST(Erosion, WetnessSumsTheWaterOfEveryIteration) {
    const erosion::Params p = params(30);
    erosion::State s = erosion::start(fbm(64, 48), p);
    std::vector<double> byHand(s.water.size(), 0.0);
    for (int i = 0; i < p.iterations; ++i) {
        erosion::iterate(s, p);
        for (std::size_t k = 0; k < byHand.size(); ++k) byHand[k] += s.water[k];
    }
    ASSERT_EQ(s.wetness.size(), byHand.size());
    for (std::size_t k = 0; k < byHand.size(); ++k) ASSERT_NEAR(s.wetness[k], byHand[k], 1e-5 * (1.0 + byHand[k])) << k;
    // With the rain stopped and the water evaporating, wetness stays.
    erosion::Params dry = p;
    dry.rain = 0.0;
    dry.evaporation = 19.0;  // 95% an iteration
    const std::vector<float> wet = s.wetness;
    for (int i = 0; i < 40; ++i) erosion::iterate(s, dry);
    EXPECT_LT(sum(s.water), 1e-3 * sum(wet) / p.iterations);
    EXPECT_GE(sum(s.wetness), sum(wet));
}

TEST(Erosion, TheSlopeOfAPlaneIsItsAngleEverywhere) {
    const int w = 9, h = 7;
    std::vector<float> plane(w * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) plane[y * w + x] = 0.5f * x * 2.0f - 0.25f * y * 2.0f;  // cell 2 m: 0.5 and -0.25 m/m
    const std::vector<float> s = erosion::slope(plane, w, h, 2.0);
    const double want = std::atan(std::sqrt(0.25 + 0.0625)) * 180.0 / kPi;
    for (const float v : s) EXPECT_NEAR(v, want, 1e-4);
}

TEST(Erosion, TheCurvatureOfABowlIsItsLaplacian) {
    const int w = 8, h = 8;
    std::vector<float> bowl(w * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) bowl[y * w + x] = float((x * x + y * y) * 0.5 * 0.5);  // (x m)^2 + (y m)^2, cell 0.5 m
    const std::vector<float> c = erosion::curvature(bowl, w, h, 0.5);
    for (int y = 1; y + 1 < h; ++y)
        for (int x = 1; x + 1 < w; ++x) EXPECT_NEAR(c[y * w + x], 4.0, 1e-4) << x << "," << y;
    // A ridge curves the other way.
    std::vector<float> ridge(w * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) ridge[y * w + x] = -float(std::abs(x - 4));
    EXPECT_LT(erosion::curvature(ridge, w, h, 1.0)[3 * w + 4], 0.0f);
}

TEST(Erosion, ABlurIsAGaussianThatKeepsTheSum) {
    const int w = 31, h = 31;
    std::vector<float> spike(w * h, 0.0f);
    spike[15 * w + 15] = 1.0f;
    const double sigma = 2.0;
    const std::vector<float> b = erosion::blur(spike, w, h, sigma);
    EXPECT_NEAR(sum(b), 1.0, 1e-5);
    double norm = 0.0;
    for (int k = -6; k <= 6; ++k) norm += std::exp(-0.5 * k * k / (sigma * sigma));
    for (const auto& [dx, dy] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{2, 3}, std::pair{-4, 1}})
        EXPECT_NEAR(b[(15 + dy) * w + 15 + dx], std::exp(-0.5 * (dx * dx + dy * dy) / (sigma * sigma)) / (norm * norm), 1e-6);
    const std::vector<float> flat(w * h, 3.5f);
    for (const float v : erosion::blur(flat, w, h, 3.0)) EXPECT_NEAR(v, 3.5f, 1e-5);
    EXPECT_THROW(erosion::blur(flat, w, h, -1.0), ValidationError);
}

TEST(Erosion, FlowAccumulatesDownhill) {
    // A plane falling towards -x: every cell drains straight to its left one.
    const int w = 12, h = 5;
    std::vector<float> plane(w * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) plane[y * w + x] = float(x);
    const std::vector<float> a = erosion::flowAccumulation(plane, w, h, 1.0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) EXPECT_EQ(a[y * w + x], float(w - x));
    // A valley along y = 4, falling towards -x: every cell ends in its outlet at (0, 4).
    const int vw = 10, vh = 9;
    std::vector<float> valley(vw * vh);
    for (int y = 0; y < vh; ++y)
        for (int x = 0; x < vw; ++x) valley[y * vw + x] = float(std::abs(y - 4)) * 2.0f + 0.1f * float(x);
    const std::vector<float> v = erosion::flowAccumulation(valley, vw, vh, 1.0);
    EXPECT_EQ(v[4 * vw + 0], float(vw * vh));
    EXPECT_EQ(*std::max_element(v.begin(), v.end()), float(vw * vh));
}

// Thermal erosion alone moves a spike's material down to its neighbours until no slope
// is steeper than the talus angle (to within what one more iteration would move).
TEST(Erosion, ThermalErosionLaysSlopesToTheTalusAngle) {
    Image spike(15, 15, 1);
    spike.data[7 * 15 + 7] = 1.0f;
    erosion::Params p;
    p.rain = 0.0;
    p.capacity = 0.0;
    p.heightScale = 10.0;
    p.talusAngle = 30.0;
    p.thermalRate = 0.5;
    erosion::State s = erosion::start(spike, p);
    for (int i = 0; i < 400; ++i) erosion::iterate(s, p, 0);
    EXPECT_NEAR(sum(s.terrain), 10.0, 1e-4);
    const std::vector<float> slope = erosion::slope(s.terrain, 15, 15, 1.0);
    EXPECT_LT(s.terrain[7 * 15 + 7], 2.0f) << "the spike stands";
    const double talus = std::tan(30.0 * kPi / 180.0);
    for (int y = 0; y < 15; ++y)
        for (int x = 0; x + 1 < 15; ++x)
            EXPECT_LT(std::abs(s.terrain[y * 15 + x + 1] - s.terrain[y * 15 + x]), talus + 0.02) << x << "," << y;
}

// Erosion cuts drainage: after it, more of the map's cells gather the flow of many
// (channels), where noise alone scatters it in short paths to pits.
TEST(Erosion, AnErodedMapDrainsInChannels) {
    const int w = 128, h = 128;
    const Image noise = fbm(w, h);
    const erosion::Params p = params(400);
    const erosion::State s = run(noise, p, 0);
    const auto channels = [&](const std::vector<float>& ground) {
        const std::vector<float> a = erosion::flowAccumulation(ground, w, h, p.cellSize);
        return std::count_if(a.begin(), a.end(), [](float v) { return v >= 50.0f; });
    };
    const long before = channels(erosion::start(noise, p).terrain), after = channels(s.terrain);
    EXPECT_GT(after, before + before / 4) << before << " cells gather 50 or more before, " << after << " after";
}

TEST(Erosion, BadParametersAreRefusedOneByOne) {
    const auto refused = [](const std::function<void(erosion::Params&)>& set, const std::string& message) {
        erosion::Params p;
        set(p);
        try {
            p.validate();
            ADD_FAILURE() << message;
        } catch (const ValidationError& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
            EXPECT_EQ(e.details().size(), 1u) << e.what();
        }
    };
    refused([](auto& p) { p.cellSize = 0.0; }, "cell-size 0: must be above 0");
    refused([](auto& p) { p.rain = -1.0; }, "rain -1: must be 0 to 1000");
    refused([](auto& p) { p.capacity = std::nan(""); }, "capacity nan: must be 0 to 1e6");
    refused([](auto& p) { p.iterations = erosion::Params::kMostIterations + 1; }, "iterations 100001: must be 0 to 100000");
    refused([](auto& p) { p.talusAngle = 90.0; }, "talus-angle 90: must be 0 to 89");
    refused([](auto& p) { p.dissolving = 50.0; }, "dissolving 50: times --time-step 0.05 must be at most 1");
    refused([](auto& p) { p.heightScale = -2.0; }, "height-scale -2: must be above 0");
    // Maps: the heightmap's size and range.
    const Image h = fbm(16, 12);
    Image small(8, 8, 1), negative(16, 12, 1), hard(16, 12, 1);
    negative.data[5] = -0.5f;
    hard.data[7] = 1.5f;
    EXPECT_THROW(erosion::start(h, erosion::Params{}, &small), ValidationError);
    EXPECT_THROW(erosion::start(h, erosion::Params{}, &negative), ValidationError);
    EXPECT_THROW(erosion::start(h, erosion::Params{}, nullptr, &hard), ValidationError);
    Image nan = h;
    nan.data[3] = std::nanf("");
    EXPECT_THROW(erosion::start(nan, erosion::Params{}), ValidationError);
    EXPECT_THROW(erosion::start(Image(1, 9, 1), erosion::Params{}), ValidationError);
}

// A graph's erode stage: read and written with every number, through the compact form
// too; each bad number named by its key; only a 2D graph of value output erodes; nothing
// that evaluates points takes it, and pointwise() is its nodes alone.
TEST(ErosionGraph, AnErodeStageIsReadCheckedAndRefusedByPointEvaluators) {
    const std::string nodes = R"("glnoise_graph": 2, "dims": 2, "out": "n",
        "nodes": {"n": {"kind": "basis", "basis": "perlin", "frequency": 0.05}})";
    const Graph g = Graph::parse("{" + nodes + R"(, "erode": {"iterations": 30, "rain": 0.04}})");
    ASSERT_TRUE(g.erosion.has_value());
    EXPECT_EQ(g.erosion->iterations, 30);
    EXPECT_EQ(g.erosion->rain, 0.04);
    EXPECT_EQ(g.erosion->cellSize, erosion::Params{}.cellSize) << "a number not given takes its default";
    EXPECT_EQ(Graph::parse(g.json()), g);
    EXPECT_EQ(Graph::parse(g.compact()), g);
    EXPECT_NE(g.json().find("\"talus_angle\": 35.0"), std::string::npos) << g.json();
    const Graph plain = g.pointwise();
    EXPECT_FALSE(plain.erosion.has_value());
    EXPECT_NE(plain, g);
    EXPECT_EQ(plain.nodes.size(), g.nodes.size());
    // Points have no eroded value.
    EXPECT_THROW((void)cpu::evaluate(g, {8, 8, 1}), ValidationError);
    EXPECT_THROW((void)cpu::evaluateSimd(g, {8, 8, 1}), ValidationError);
    EXPECT_THROW((void)cpu::evaluatePoints(g, std::vector<cpu::Point>(1)), ValidationError);
    EXPECT_NO_THROW((void)cpu::evaluate(plain, {8, 8, 1}));
    // Bad stages, each named.
    const std::vector<std::pair<std::string, std::string>> bad = {
        {R"("erode": {"cell_size": 0})", "erode.cell_size 0: must be above 0"},
        {R"("erode": {"iterations": -1})", "erode.iterations -1: must be an integer from 0 to 100000"},
        {R"("erode": {"iterations": 2.5})", "erode.iterations 2.5: must be an integer"},
        {R"("erode": {"speed": 1})", "erode.speed is not a number of the erosion; allowed: iterations, cell_size"},
        {R"("erode": {"rain": "lots"})", "erode.rain \"lots\": must be a number"},
        {R"("erode": [1, 2])", "erode [1,2]: must be an object of the erosion's numbers"},
        {R"("erode": {"evaporation": 30})", "erode.evaporation 30: times --time-step 0.05 must be at most 1"},
    };
    for (const auto& [stage, message] : bad) {
        try {
            (void)Graph::parse("{" + nodes + ", " + stage + "}", "graph g.json");
            ADD_FAILURE() << stage << " was taken";
        } catch (const ValidationError& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << "wanted: " << message << "\ngot: " << e.what();
            EXPECT_NE(std::string(e.what()).find("graph g.json: "), std::string::npos) << e.what();
        }
    }
    for (const auto& [space, message] : std::vector<std::pair<std::string, std::string>>{
             {R"("dims": 3)", "erode needs dims 2 (it erodes a heightmap), not 3"},
             {R"("output": "gradient")", "erode needs output value (it erodes heights), not gradient"}}) {
        std::string text = "{" + nodes + R"(, "erode": {}})";
        text.replace(text.find(R"("dims": 2)"), 9, space == R"("dims": 3)" ? space : std::string(R"("dims": 2, )") + space);
        try {
            (void)Graph::parse(text);
            ADD_FAILURE() << space << " was taken";
        } catch (const ValidationError& e) {
            EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace glnoise
