// SPDX-License-Identifier: MIT
// Erosion on the GPU against its C++ twin: one iteration within a tight tolerance, the same
// bytes twice, and after many iterations the same erosion statistically (the branch
// between dissolving and settling, and the flux's clamp, turn last-bit differences of a
// GPU's arithmetic into different choices, so exact agreement over many steps cannot hold
// on every GPU; docs/erosion.md states these bounds).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "glnoise/cpu.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/gpu.hpp"
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

// max |a - b| / (1 + max |b|): the largest difference against the field's own scale.
double relative(const std::vector<float>& a, const std::vector<float>& b) {
    double worst = 0.0, scale = 0.0;
    for (std::size_t i = 0; i < b.size(); ++i) {
        worst = std::max(worst, std::abs(double(a[i]) - b[i]));
        scale = std::max(scale, std::abs(double(b[i])));
    }
    return worst / (1.0 + scale);
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
    erosion::iterate(s, p);
    EXPECT_LT(relative(g.terrain, s.terrain), 1e-6);
    EXPECT_LT(relative(g.water, s.water), 1e-5);
    EXPECT_LT(relative(g.sediment, s.sediment), 1e-5);
    EXPECT_LT(relative(g.flux, s.flux), 1e-5);
    EXPECT_LT(relative(g.velocity, s.velocity), 1e-4);
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
    double sg = 0, st = 0, sgg = 0, stt = 0, sgt = 0, moved = 0, apart = 0;
    const double n = double(t.terrain.size());
    for (std::size_t i = 0; i < t.terrain.size(); ++i) {
        const double dg = double(g.terrain[i]) - start.terrain[i], dt = double(t.terrain[i]) - start.terrain[i];
        sg += dg;
        st += dt;
        sgg += dg * dg;
        stt += dt * dt;
        sgt += dg * dt;
        moved += std::abs(dt);
        apart += std::abs(dg - dt);
    }
    const double correlation = (sgt - sg * st / n) / std::sqrt((sgg - sg * sg / n) * (stt - st * st / n));
    EXPECT_GT(correlation, 0.98);
    EXPECT_LT(apart, 0.05 * moved) << "metres apart against metres moved";
    double sedimentG = 0, sedimentT = 0;
    for (std::size_t i = 0; i < t.sediment.size(); ++i) {
        sedimentG += g.sediment[i];
        sedimentT += t.sediment[i];
    }
    EXPECT_NEAR(sedimentG, sedimentT, 0.02 * sedimentT);
}

}  // namespace
}  // namespace glnoise
