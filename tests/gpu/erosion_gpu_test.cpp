// SPDX-License-Identifier: MIT
// Erosion on the GPU against its C++ twin: one iteration within a tight tolerance, the same
// bytes twice, and after many iterations the same erosion statistically (the branch
// between dissolving and settling, and the flux's clamp, turn last-bit differences of a
// GPU's arithmetic into different choices, so exact agreement over many steps cannot hold
// on every GPU; docs/erosion.md states these bounds).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "glnoise/cpu.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

Image heightmap(int w, int h) {
    NoiseSpec spec;
    spec.basis = Basis::OpenSimplex2;
    spec.fractal = Fractal::Ridged;
    spec.octaves = 6;
    spec.frequency = 1.0 / 40.0;
    spec.normalize = true;
    spec.rotate = true;
    return cpu::evaluate(spec, {w, h, 1});
}

erosion::Params params() {
    erosion::Params p;
    p.cellSize = 2.0;
    p.heightScale = 20.0;
    return p;
}

TEST(ErosionGpu, OneIterationIsTheTwinsWithinATightTolerance) {
    GLNOISE_REQUIRE_GPU(ctx);
    const erosion::Params p = params();
    // A state with water, sediment and flux everywhere: 60 iterations of the twin, with a
    // rain map and a hardness map.
    Image rain(96, 72, 1), hardness(96, 72, 1);
    for (std::size_t i = 0; i < rain.data.size(); ++i) {
        rain.data[i] = 0.5f + float(i % 7) * 0.2f;
        hardness.data[i] = float(i % 5) * 0.2f;
    }
    erosion::State s = erosion::start(heightmap(96, 72), p, &rain, &hardness);
    for (int i = 0; i < 60; ++i) erosion::iterate(s, p);
    erosion::GpuErosion gpu(*ctx, s, p);
    gpu.iterate(1);
    const erosion::State g = gpu.read();
    const erosion::State before = s;
    erosion::iterate(s, p);
    const erosion::Agreement a = erosion::agree(before, g, s);
    EXPECT_LE(a.terrain, 1e-6);
    EXPECT_LE(a.water, 1e-5);
    EXPECT_LE(a.sediment, 1e-5);
    EXPECT_LE(a.flux, 1e-5);
    EXPECT_LE(a.velocity, 1e-4);
    EXPECT_TRUE(erosion::brokenAfterOne(a).empty());
}

TEST(ErosionGpu, TheSameBytesTwice) {
    GLNOISE_REQUIRE_GPU(ctx);
    const erosion::Params p = params();
    const erosion::State s = erosion::start(heightmap(80, 64), p);
    erosion::GpuErosion a(*ctx, s, p), b(*ctx, s, p);
    a.iterate(50);
    b.iterate(50);
    EXPECT_EQ(a.read().terrain, b.read().terrain);
    EXPECT_EQ(a.read().sediment, b.read().sediment);
}

// After 200 iterations: where the twin erodes, the GPU erodes (the correlation of the
// ground's change), as much (the mean change and the material in the water), to bounds
// docs/erosion.md states.
TEST(ErosionGpu, ManyIterationsErodeAsTheTwinDoes) {
    GLNOISE_REQUIRE_GPU(ctx);
    const erosion::Params p = params();
    const erosion::State start = erosion::start(heightmap(96, 96), p);
    erosion::GpuErosion gpu(*ctx, start, p);
    gpu.iterate(200);
    const erosion::State g = gpu.read();
    erosion::State t = start;
    for (int i = 0; i < 200; ++i) erosion::iterate(t, p);
    const erosion::Agreement a = erosion::agree(start, g, t);
    EXPECT_GT(a.correlation, 0.98);
    EXPECT_LT(a.apart, 0.05) << "metres apart against metres moved";
    EXPECT_LT(a.sedimentDrift, 0.02);
    EXPECT_TRUE(erosion::brokenAfterMany(a).empty());
    // What left the map, tallied by the edge cells on the GPU and by the twin.
    EXPECT_GT(t.sedimentLeft, 0.0);
    EXPECT_GT(t.waterLeft, 0.0);
    EXPECT_NEAR(g.sedimentLeft, t.sedimentLeft, 1e-4 * t.sedimentLeft);
    EXPECT_NEAR(g.waterLeft, t.waterLeft, 1e-4 * t.waterLeft);
    // Wetness, summed in each cell as the twin sums it: as much water over the run.
    double wetG = 0, wetT = 0;
    for (std::size_t i = 0; i < t.wetness.size(); ++i) {
        wetG += g.wetness[i];
        wetT += t.wetness[i];
    }
    EXPECT_GT(wetT, 0.0);
    EXPECT_NEAR(wetG, wetT, 0.02 * wetT);
}

// The GPU's own run conserves material: the ground's change, the sediment in the water and
// what it tallied leaving the map sum to nothing, within the bound the twin is held to; and
// a run continued from a state read back goes on tallying from where it was.
TEST(ErosionGpu, ConservesMaterialWithItsOwnTally) {
    GLNOISE_REQUIRE_GPU(ctx);
    erosion::Params p = params();
    p.rain = 0.05;  // more water, more of it off the edges
    const erosion::State start = erosion::start(heightmap(72, 64), p);
    erosion::GpuErosion gpu(*ctx, start, p);
    gpu.iterate(120);
    const erosion::State half = gpu.read();
    erosion::GpuErosion more(*ctx, half, p);
    more.iterate(120);
    const erosion::State end = more.read();
    const auto sum = [](const std::vector<float>& v) {
        double total = 0.0;
        for (const float x : v) total += x;
        return total;
    };
    double moved = 0.0;
    for (std::size_t i = 0; i < end.terrain.size(); ++i) moved += std::abs(double(end.terrain[i]) - start.terrain[i]);
    ASSERT_GT(moved, 0.0);
    ASSERT_GT(end.sedimentLeft, half.sedimentLeft) << "material leaves the map";
    const double balance = (sum(end.terrain) - sum(start.terrain)) + sum(end.sediment) + end.sedimentLeft;
    EXPECT_LT(std::abs(balance), 1e-5 * moved) << "balance " << balance << " of " << moved << " moved";
}

// What a viewer is shown: the ground as heights() gives it, and the flow: 0 where the
// flux is 0, rising with it, below 1.
TEST(ErosionGpu, ShowsTheGroundAndTheFlow) {
    GLNOISE_REQUIRE_GPU(ctx);
    const erosion::Params p = params();
    erosion::GpuErosion gpu(*ctx, erosion::start(heightmap(40, 30), p), p);
    gpu.iterate(60);
    const erosion::State s = gpu.read();
    const auto texture = [](int w, int h) {
        GLuint t = 0;
        glGenTextures(1, &t);
        glBindTexture(GL_TEXTURE_2D, t);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32F, w, h);
        return gpu::Texture(t, Grid{w, h, 1});
    };
    const gpu::Texture heights = texture(40, 30), flow = texture(40, 30);
    gpu.show(heights, flow);
    const auto get = [](const gpu::Texture& t) {
        std::vector<float> v(40 * 30);
        glBindTexture(GL_TEXTURE_2D, t.handle());
        glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, v.data());
        return v;
    };
    EXPECT_EQ(get(heights), erosion::heights(s, p).data);
    const std::vector<float> f = get(flow);
    int wet = 0;
    for (std::size_t i = 0; i < f.size(); ++i) {
        const float q = s.flux[4 * i] + s.flux[4 * i + 1] + s.flux[4 * i + 2] + s.flux[4 * i + 3];
        ASSERT_GE(f[i], 0.0f);
        ASSERT_LT(f[i], 1.0f);
        if (q == 0.0f) {
            ASSERT_EQ(f[i], 0.0f) << i;
        } else if (q > 1e-4f) {  // 1 - exp(-q / r) of a trace may round to 0
            ++wet;
            ASSERT_GT(f[i], 0.0f) << i;
        }
    }
    EXPECT_GT(wet, 100);
    const gpu::Texture small = texture(20, 30);
    EXPECT_THROW(gpu.show(small, flow), ValidationError);
}

// The heightfield operators' passes against their twins: curvature, blur and flow
// accumulation bit for bit, slope within 1e-3 degrees; on an eroded map (channels, pits
// and flats) and on a long plane, whose drainage path (300 cells) takes many rounds.
TEST(ErosionGpu, OperatorsAreTheirTwins) {
    GLNOISE_REQUIRE_GPU(ctx);
    const erosion::Params p = params();
    erosion::State s = erosion::start(heightmap(90, 70), p);
    for (int i = 0; i < 80; ++i) erosion::iterate(s, p);
    const erosion::GpuOperators ops(*ctx);
    const int w = s.width, h = s.height;
    EXPECT_EQ(ops.curvature(s.terrain, w, h, p.cellSize), erosion::curvature(s.terrain, w, h, p.cellSize));
    EXPECT_EQ(ops.blur(s.terrain, w, h, 2.5), erosion::blur(s.terrain, w, h, 2.5));
    EXPECT_EQ(ops.blur(s.terrain, w, h, 0.0), s.terrain);
    const std::vector<float> flow = ops.flowAccumulation(s.terrain, w, h, p.cellSize);
    EXPECT_EQ(flow, erosion::flowAccumulation(s.terrain, w, h, p.cellSize));
    EXPECT_GT(*std::max_element(flow.begin(), flow.end()), 100.0f) << "channels gather many cells";
    const std::vector<float> a = ops.slope(s.terrain, w, h, p.cellSize), b = erosion::slope(s.terrain, w, h, p.cellSize);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_NEAR(a[i], b[i], 1e-3) << i;
    // A plane falling along x and a little along y: every row drains to x = 0, and the first
    // column down to (0, 0), which gathers every cell.
    std::vector<float> plane(300 * 4);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 300; ++x) plane[static_cast<std::size_t>(y * 300 + x)] = 0.01f * float(x) + 0.001f * float(y);
    const std::vector<float> down = ops.flowAccumulation(plane, 300, 4, 1.0);
    EXPECT_EQ(down, erosion::flowAccumulation(plane, 300, 4, 1.0));
    EXPECT_EQ(down[0], 1200.0f);
    EXPECT_EQ(down[300], 900.0f) << "(0, 1): its row and the rows above";
    EXPECT_EQ(down[150], 150.0f) << "(150, 0): the cells above it in its row";
    EXPECT_THROW(ops.blur(plane, 300, 4, 65.0), ValidationError);
    EXPECT_THROW(ops.slope(plane, 300, 5, 1.0), ValidationError);
}

}  // namespace
}  // namespace glnoise
