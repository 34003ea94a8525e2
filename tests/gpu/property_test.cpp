// SPDX-License-Identifier: MIT
// GPU against the CPU reference over random specs (docs/guarantees.md): every basis,
// fractal, output, period, warp, pattern and seed, drawn by a seeded generator, each
// within cpu::agreementTolerance on a small grid placed anywhere in the world. The draw is
// the same every run; GLNOISE_PROPERTY_SEED=N draws another set, GLNOISE_PROPERTY_SPECS=N
// another count, GLNOISE_PROPERTY_DIAG=1 prints every spec's worst difference as a share of
// its tolerance. A failure prints the spec as a preset and the command that shows it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>

#include "app/bake.hpp"
#include "app/preset.hpp"
#include "glnoise/glnoise.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

std::uint64_t envOr(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    return v ? std::strtoull(v, nullptr, 10) : fallback;
}

// A valid spec and the grid it is checked on, or nothing when the draw is not valid.
struct Draw {
    NoiseSpec spec;
    Grid grid;
    TexelStart start{};
};

Draw draw(std::mt19937_64& rng) {
    auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
    auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
    Draw d;
    NoiseSpec& s = d.spec;
    // Every kind the catalogue has, in the dimensions its row gives.
    const BasisKind& basis = basisKinds()[static_cast<std::size_t>(pick(static_cast<int>(basisKinds().size())))];
    s.basis = basis.value;
    s.fractal = fractalKinds()[static_cast<std::size_t>(pick(static_cast<int>(fractalKinds().size())))].value;
    s.interp = curveKinds()[static_cast<std::size_t>(pick(static_cast<int>(curveKinds().size())))].value;
    s.dims = basis.minDims + pick(basis.maxDims - basis.minDims + 1);
    s.octaves = 1 + pick(8);
    s.frequency = std::exp2(uniform(-8.0, -2.0));
    s.gain = uniform(0.3, 0.7);
    s.normalize = pick(2) == 0;
    if (pick(2) == 0) s.seed = rng();
    if (s.fractal == Fractal::Ridged) {
        s.ridgeOffset = uniform(0.8, 1.2);
        s.ridgeGain = uniform(1.0, 3.0);
    }
    const bool periodic = kindOf(s.basis).noPeriod == nullptr && pick(3) == 0;
    if (periodic) {
        for (int a = 0; a < s.dims; ++a) s.period[static_cast<std::size_t>(a)] = pick(3) == 0 ? 0 : 1 + pick(16);
        s.lacunarity = 2.0 + pick(2);
    } else {
        s.lacunarity = uniform(1.5, 3.0);
    }
    // Anywhere in the world: an offset in cells far from the origin, and a world tile.
    for (auto& o : s.offset) o = uniform(-1e4, 1e4);
    if (s.dims < 3) s.offset[2] = 0.0;
    if (s.dims < 2) s.offset[1] = 0.0;
    if (s.dims >= 3) s.z = uniform(-100.0, 100.0);
    if (s.dims == 4) s.w = uniform(-100.0, 100.0);
    d.start = {static_cast<std::int64_t>(pick(2001)) - 1000, static_cast<std::int64_t>(pick(2001)) - 1000, 0};
    // Gradients and normals are of fBm in 2 or 3 dimensions: a third of those draws.
    if (s.dims >= 2 && s.dims <= 3 && pick(3) == 0) {
        s.fractal = Fractal::Fbm;
        s.output = pick(2) == 0 ? Output::Gradient : Output::Normal;
    }
    if (s.output == Output::Normal) s.heightScale = uniform(0.5, 40.0);
    if (s.output == Output::Value && pick(4) == 0) {
        s.warpAmount = uniform(-2.0, 2.0);
        s.warpOctaves = 1 + pick(4);
        s.warpDepth = 1 + pick(2);
        if (pick(2) == 0) s.warpFrequency = s.frequency * uniform(0.5, 2.0);
    }
    if (s.output == Output::Value && s.dims >= 2 && pick(5) == 0) {
        const Pattern patterns[] = {Pattern::Marble, Pattern::Wood, Pattern::Clouds};
        s.pattern = patterns[pick(3)];
        // Marble's stripes and wood's rings take the sine of a coordinate in cells, which
        // float32 holds to |x| 2^-24: the stated tolerance holds within 1000 cells of the
        // origin (docs/guarantees.md).
        if (s.pattern != Pattern::Clouds)
            for (auto& o : s.offset) o = std::clamp(o / 10.0, -500.0, 500.0);
        if (s.pattern == Pattern::Clouds) s.fractal = Fractal::Turbulence;
        s.patternScale = uniform(1.0, 8.0);
    }
    const bool volume = s.dims >= 3 && s.output != Output::Normal && pick(3) == 0;
    d.grid = volume ? Grid{8 + pick(9), 8 + pick(9), 2 + pick(4)} : Grid{16 + pick(33), 8 + pick(25), 1};
    if (volume) d.start[2] = static_cast<std::int64_t>(pick(201)) - 100;
    return d;
}

TEST(Property, RandomSpecsAgreeWithTheReferenceWithinTheStatedTolerance) {
    GLNOISE_REQUIRE_GPU(ctx);
    const std::uint64_t seed = envOr("GLNOISE_PROPERTY_SEED", 20261121);
    const std::uint64_t count = envOr("GLNOISE_PROPERTY_SPECS", 300);
    std::mt19937_64 rng(seed);
    gpu::Generator gen(*ctx);
    std::map<std::string, int> seen;  // what the draw covered: basis, fractal, output, period, warp
    std::uint64_t checked = 0, refused = 0;
    while (checked < count) {
        const Draw d = draw(rng);
        try {
            d.spec.validate();
        } catch (const ValidationError&) {
            ++refused;  // a combination the spec does not allow; draw again
            ASSERT_LT(refused, 10 * count) << "the draw rarely gives a valid spec";
            continue;
        }
        ++checked;
        const NoiseSpec& s = d.spec;
        ++seen[std::string("basis ") + toString(s.basis)];
        ++seen[std::string("fractal ") + toString(s.fractal)];
        ++seen[std::string("output ") + toString(s.output)];
        ++seen[std::string("dims ") + std::to_string(s.dims)];
        if (s.period != std::array<int, 4>{}) ++seen["periodic"];
        if (s.warpAmount != 0.0) ++seen["warped"];
        if (s.pattern != Pattern::None) ++seen[std::string("pattern ") + toString(s.pattern)];
        if (s.seed) ++seen["seeded"];
        if (d.grid.isVolume()) ++seen["volume"];

        const Image g = gen.generate(s, d.grid, d.start);
        const Image c = cpu::evaluate(s, d.grid, d.start);
        ASSERT_EQ(g.data.size(), c.data.size());
        const auto tol = cpu::agreementTolerance(s);
        const std::array<double, 4> worst = test::worstDifference(g, c);
        if (std::getenv("GLNOISE_PROPERTY_DIAG"))
            std::printf("DIAG %s %s warp=%g depth=%d pattern=%s out=%s ratio=%.3f\n", toString(s.basis), toString(s.fractal),
                        s.warpAmount, s.warpDepth, toString(s.pattern), toString(s.output), worst[0] / tol[0]);
        for (int ch = 0; ch < c.channels; ++ch) {
            const auto k = static_cast<std::size_t>(ch);
            if (worst[k] <= tol[k]) continue;
            app::BakeRequest r;
            r.spec = s;
            r.size = d.grid;
            r.out = "spec.r32";
            ADD_FAILURE() << "spec " << checked << " of seed " << seed << ", channel " << ch << ": max |gpu - cpu| "
                          << worst[k] << " > tolerance " << tol[k] << "\n  " << toString(d.grid) << " at world texel ("
                          << d.start[0] << ", " << d.start[1] << ", " << d.start[2] << ")\n  preset: "
                          << app::presetJson(s, std::nullopt, "", 0).dump() << "\n  glnoise check "
                          << app::bakeCommand(s, d.grid, std::nullopt, "").substr(12);
        }
    }
    // The draw reached every part of the spec it is meant to.
    std::vector<std::string> parts = {"output value", "output gradient", "output normal", "dims 1", "dims 2",
                                      "dims 3", "dims 4", "periodic", "warped", "pattern marble", "pattern wood",
                                      "pattern clouds", "seeded", "volume"};
    for (const BasisKind& b : basisKinds()) parts.push_back(std::string("basis ") + b.name);
    for (const auto& f : fractalKinds()) parts.push_back(std::string("fractal ") + f.name);
    for (const std::string& part : parts) EXPECT_GE(seen[part], count >= 300 ? 3 : 0) << part;
    RecordProperty("specs", static_cast<int>(checked));
}

}  // namespace
}  // namespace glnoise
