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
#include "app/record.hpp"
#include "glnoise/glnoise.hpp"
#include "random_specs.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

using test::envOr;

TEST(Property, RandomSpecsAgreeWithTheReferenceWithinTheStatedTolerance) {
    GLNOISE_REQUIRE_GPU(ctx);
    const std::uint64_t seed = envOr("GLNOISE_PROPERTY_SEED", 20261121);
    const std::uint64_t count = envOr("GLNOISE_PROPERTY_SPECS", 300);
    std::mt19937_64 rng(seed);
    gpu::Generator gen(*ctx);
    std::map<std::string, int> seen;  // what the draw covered: basis, fractal, output, period, warp
    std::uint64_t checked = 0, refused = 0;
    while (checked < count) {
        const test::Draw d = test::draw(rng);
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
        if (s.rotate) ++seen["rotated"];
        if (s.basis == Basis::Cellular) ++seen[std::string("cell-return ") + toString(s.cellReturn)];

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
                                      "pattern clouds", "seeded", "volume", "rotated"};
    for (const BasisKind& b : basisKinds()) parts.push_back(std::string("basis ") + b.name);
    for (const auto& f : fractalKinds()) parts.push_back(std::string("fractal ") + f.name);
    for (const std::string& part : parts) EXPECT_GE(seen[part], count >= 300 ? 3 : 0) << part;
    for (const auto& r : cellReturnKinds()) EXPECT_GE(seen[std::string("cell-return ") + r.name], count >= 300 ? 1 : 0) << r.name;
    RecordProperty("specs", static_cast<int>(checked));
}

}  // namespace
}  // namespace glnoise
