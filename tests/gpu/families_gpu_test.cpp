// SPDX-License-Identifier: MIT
// Every basis, fractal, period, output, warp and pattern on the GPU against the CPU
// reference, within the stated tolerance; and tileable bakes made by the GPU.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "glnoise/cpu.hpp"
#include "glnoise/gpu.hpp"
#include "test_support.hpp"

namespace glnoise::gpu {
namespace {

std::string describe(const NoiseSpec& s) {
    std::string d = std::string(toString(s.basis)) + " " + toString(s.fractal) + " dims " + std::to_string(s.dims) +
                    " output " + toString(s.output);
    if (s.period[0]) d += " period " + std::to_string(s.period[0]);
    if (s.warpAmount != 0.0) d += " warp depth " + std::to_string(s.warpDepth);
    if (s.pattern != Pattern::None) d += std::string(" pattern ") + toString(s.pattern);
    return d;
}

// max |gpu - cpu| per channel, each within cpu::agreementTolerance.
void expectAgreement(Generator& gen, const NoiseSpec& s, const Grid& grid) {
    SCOPED_TRACE(describe(s) + " " + toString(grid));
    const Image g = gen.generate(s, grid);
    const Image c = cpu::evaluate(s, grid);
    ASSERT_EQ(g.channels, c.channels);
    ASSERT_EQ(g.data.size(), c.data.size());
    const auto tol = cpu::agreementTolerance(s);
    const std::array<double, 4> worst = test::worstDifference(g, c);
    for (int ch = 0; ch < c.channels; ++ch)
        EXPECT_LE(worst[static_cast<std::size_t>(ch)], tol[static_cast<std::size_t>(ch)]) << "channel " << ch;
    // Not a blank image.
    const auto [lo, hi] = std::minmax_element(c.data.begin(), c.data.end());
    EXPECT_LT(*lo, *hi);
}

TEST(Families, EveryBasisAndFractalAgreesWithTheCpu) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    for (const BasisKind& kind : basisKinds())
        for (const auto& fractal : fractalKinds())
            for (int dims = kind.minDims; dims <= kind.maxDims; ++dims) {
                const Basis b = kind.value;
                const Fractal f = fractal.value;
                NoiseSpec s;
                s.basis = b;
                s.fractal = f;
                s.dims = dims;
                s.octaves = 4;
                s.frequency = 1.0 / 12.0;
                s.interp = Curve::Cosine;
                s.seed = 5;
                s.offset = {-70.25, 3000.5, 11.0};
                if (dims == 4) s.w = 2.75;
                expectAgreement(gen, s, Grid{40, 24, dims >= 3 ? 3 : 1});
            }
}

TEST(Families, PeriodsWarpsPatternsAndGradientsAgreeWithTheCpu) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    std::vector<NoiseSpec> specs;
    // Every basis of the catalogue but cellular noise (its own GPU tests), in 2D and 3D.
    for (const BasisKind& kind : basisKinds())
        for (int dims : {2, 3}) {
            if (kind.value == Basis::Cellular || dims < kind.minDims || dims > kind.maxDims) continue;
            NoiseSpec s;
            s.basis = kind.value;
            s.dims = dims;
            s.octaves = 5;
            s.frequency = 1.0 / 16.0;
            s.offset = {1e7 + 0.5, -3e6, 25.0};
            for (Output o : {Output::Gradient, Output::Normal}) {
                s.output = o;
                s.heightScale = 12.0;
                specs.push_back(s);
            }
            s.output = Output::Value;
            s.warpAmount = 3.0;
            for (int depth : {1, 2}) {
                s.warpDepth = depth;
                specs.push_back(s);
            }
            s.warpAmount = 0.0;
            if (!kind.noPeriod) {
                s.period = {4, 4, dims == 3 ? 4 : 0, 0};
                s.fractal = Fractal::Ridged;
                specs.push_back(s);
                s.warpAmount = 1.0;
                specs.push_back(s);
                s.period = {};
                s.warpAmount = 0.0;
                s.fractal = Fractal::Fbm;
            }
            for (Pattern p : {Pattern::Marble, Pattern::Wood}) {
                s.pattern = p;
                specs.push_back(s);
            }
        }
    for (const NoiseSpec& s : specs) expectAgreement(gen, s, Grid{48, 32, 1});
}

TEST(Families, EvalOnTheGpuPrintsWhatTheCpuPrints) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(-1e5, 1e5);
    std::vector<cpu::Point> pts;
    for (int i = 0; i < 2000; ++i) pts.push_back({u(rng), u(rng), u(rng), u(rng)});
    for (int dims : {1, 4}) {
        NoiseSpec s;
        s.dims = dims;
        s.octaves = 3;
        s.basis = Basis::Classic;
        const auto g = gen.evaluatePoints(s, pts);
        const auto c = cpu::evaluatePoints(s, pts);
        ASSERT_EQ(g.size(), c.size());
        for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], c[i], cpu::agreementTolerance(s)[0]) << i;
    }
    NoiseSpec s;
    s.dims = 3;
    s.basis = Basis::Simplex;
    s.octaves = 4;
    s.output = Output::Gradient;
    const auto g = gen.evaluatePoints(s, pts);
    const auto c = cpu::evaluatePoints(s, pts);
    ASSERT_EQ(g.size(), 4 * pts.size());
    const auto tol = cpu::agreementTolerance(s);
    for (std::size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], c[i], tol[i % 4]) << i;
    s.warpAmount = 2.0;
    s.output = Output::Value;
    s.pattern = Pattern::Wood;
    const auto gw = gen.evaluatePoints(s, pts);
    const auto cw = cpu::evaluatePoints(s, pts);
    for (std::size_t i = 0; i < gw.size(); ++i) ASSERT_NEAR(gw[i], cw[i], cpu::agreementTolerance(s)[0]) << i;
}

TEST(Families, AGpuBakeWithPeriodSizeTimesFrequencyTiles) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    NoiseSpec s;
    s.octaves = 5;
    s.frequency = 8.0 / 128.0;
    s.period = {8, 8, 0, 0};
    s.fractal = Fractal::Billow;
    s.basis = Basis::PerlinValue;
    const Image tile = gen.generate(s, Grid{128, 128, 1});
    const Image more = gen.generate(s, Grid{129, 129, 1});  // column 128 is the next tile's column 0
    const Image big = gen.generate(s, Grid{256, 256, 1});
    for (int y = 0; y < 128; ++y) {
        ASSERT_NEAR(more.at(128, y), more.at(0, y), 1e-5) << y;
        ASSERT_NEAR(more.at(y, 128), more.at(y, 0), 1e-5) << y;
    }
    for (int y = 0; y < 256; ++y)
        for (int x = 0; x < 256; ++x) ASSERT_NEAR(big.at(x, y), tile.at(x % 128, y % 128), 1e-5) << x << "," << y;
}

TEST(Families, TexturesKeepTheirChannels) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    NoiseSpec s;
    s.output = Output::Gradient;
    Texture t = gen.run(s, Grid{16, 16, 1});
    EXPECT_EQ(t.channels(), 4);
    s.output = Output::Value;
    EXPECT_THROW(gen.run(s, t), ValidationError);
    s.output = Output::Normal;
    EXPECT_NO_THROW(gen.run(s, t));
    EXPECT_EQ(gen.read(t).channels, 4);
}

}  // namespace
}  // namespace glnoise::gpu
