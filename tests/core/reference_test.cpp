// SPDX-License-Identifier: MIT
#include "core/reference.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "glnoise/cpu.hpp"
#include "test_support.hpp"

namespace glnoise::cpu {
namespace {

const Permutation kPerlinTable = Permutation::perlin();

// Ken Perlin's grad() as he wrote it, with branches, to check the 16-entry table.
float branchyGrad(int hash, float x, float y, float z) {
    int h = hash & 15;
    float u = h < 8 ? x : y;
    float v = h < 4 ? y : h == 12 || h == 14 ? x : z;
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

NoiseSpec unitSpec(int dims, std::optional<std::uint64_t> seed = std::nullopt) {
    NoiseSpec s;
    s.dims = dims;
    s.frequency = 1.0;
    s.seed = seed;
    return s;
}

TEST(Reference, KenPerlinsKnownValues) {
    EXPECT_NEAR(gln_perlin3(kPerlinTable, vec3<double>(3.14, 42.0, 7.0)), 0.136919958784, 1e-12);
    EXPECT_EQ(gln_perlin3(kPerlinTable, vec3<double>(0.5, 0.5, 0.5)), -0.25);
    EXPECT_NEAR(gln_perlin3(kPerlinTable, vec3<float>(3.14f, 42.0f, 7.0f)), 0.136919958784, 2e-6);
    EXPECT_EQ(gln_perlin3(kPerlinTable, vec3<float>(0.5f, 0.5f, 0.5f)), -0.25f);
    EXPECT_NEAR(evaluateDouble(unitSpec(3), kPerlinTable, {3.14, 42.0, 7.0}), 0.136919958784, 1e-12);
}

TEST(Reference, ZeroAtEveryLatticePoint) {
    for (int x = -300; x <= 300; x += 7)
        for (int y = -20; y <= 20; y += 3)
            for (int z : {-256, -1, 0, 1, 255, 256, 1000}) {
                ASSERT_EQ(gln_perlin3(kPerlinTable, vec3<float>(ivec3(x, y, z))), 0.0f) << x << "," << y << "," << z;
                ASSERT_EQ(gln_perlin2(kPerlinTable, vec2<float>(ivec2(x, z))), 0.0f) << x << "," << z;
            }
}

TEST(Reference, PeriodIs256OnEveryAxis) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> u(-100.0, 100.0);
    for (int i = 0; i < 500; ++i) {
        const vec3<double> p(u(rng), u(rng), u(rng));
        const double v = gln_perlin3(kPerlinTable, p);
        EXPECT_NEAR(gln_perlin3(kPerlinTable, p + vec3<double>(256, 0, 0)), v, 1e-12);
        EXPECT_NEAR(gln_perlin3(kPerlinTable, p + vec3<double>(0, -256, 0)), v, 1e-12);
        EXPECT_NEAR(gln_perlin3(kPerlinTable, p + vec3<double>(0, 0, 512)), v, 1e-12);
        const vec2<double> q(p.x, p.y);
        EXPECT_NEAR(gln_perlin2(kPerlinTable, q + vec2<double>(256, -256)), gln_perlin2(kPerlinTable, q), 1e-12);
    }
}

TEST(Reference, GradientSelectsEqualTheTablesDotProductsAndKenPerlinsBranches) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    for (int i = 0; i < 4000; ++i) {
        const int h = static_cast<int>(rng() & 255u);
        const float x = u(rng), y = u(rng), z = u(rng);
        const float table = dot(vec3<float>(GLN_GRAD3[static_cast<std::size_t>(h & 15)]), vec3<float>(x, y, z));
        ASSERT_EQ(gln_grad3(h, x, y, z), table) << "hash " << h;
        ASSERT_EQ(gln_grad3(h, x, y, z), branchyGrad(h, x, y, z)) << "hash " << h;
        const float table2 = dot(vec2<float>(GLN_GRAD2[static_cast<std::size_t>(h & 3)]), vec2<float>(x, y));
        ASSERT_EQ(gln_grad2(h, x, y), table2) << "hash " << h;
    }
}

// Golden values from tests/golden/make_golden.py (Ken Perlin's Java reference and the
// common 2D construction with four diagonal gradients, transliterated to Python, in double).
TEST(Reference, Perlin3MatchesGoldenValues) {
    int rows = 0;
    for (const auto& r : test::readCsv("perlin3.csv")) {
        const int seed = std::stoi(r[0]);
        const Permutation P = seed < 0 ? kPerlinTable : Permutation::seeded(static_cast<std::uint64_t>(seed));
        const vec3<double> p(std::stod(r[1]), std::stod(r[2]), std::stod(r[3]));
        const double expected = std::stod(r[4]);
        ASSERT_NEAR(gln_perlin3(P, p), expected, 1e-12) << "double at " << r[1] << "," << r[2] << "," << r[3];
        // The float32 reference, with the coordinate reduced in double as the generator does.
        const float f = evaluatePoints(unitSpec(3, seed < 0 ? std::nullopt : std::optional<std::uint64_t>(seed)),
                                       {{p.x, p.y, p.z}})[0];
        ASSERT_NEAR(f, expected, 2e-6) << "float at " << r[1] << "," << r[2] << "," << r[3];
        ++rows;
    }
    EXPECT_GE(rows, 300);
}

TEST(Reference, Perlin2MatchesTheSeedArticle) {
    int rows = 0;
    for (const auto& r : test::readCsv("perlin2.csv")) {
        const int seed = std::stoi(r[0]);
        const Permutation P = seed < 0 ? kPerlinTable : Permutation::seeded(static_cast<std::uint64_t>(seed));
        const vec2<double> p(std::stod(r[1]), std::stod(r[2]));
        const double expected = std::stod(r[3]);
        ASSERT_NEAR(gln_perlin2(P, p), expected, 1e-12) << "double at " << r[1] << "," << r[2];
        const float f = evaluatePoints(unitSpec(2, seed < 0 ? std::nullopt : std::optional<std::uint64_t>(seed)),
                                       {{p.x, p.y, 0.0}})[0];
        ASSERT_NEAR(f, expected, 2e-6) << "float at " << r[1] << "," << r[2];
        ++rows;
    }
    EXPECT_GE(rows, 300);
}

TEST(Reference, FbmMatchesGoldenValues) {
    for (const auto& r : test::readCsv("fbm.csv")) {
        NoiseSpec s;
        s.dims = std::stoi(r[0]);
        const int seed = std::stoi(r[1]);
        if (seed >= 0) s.seed = static_cast<std::uint64_t>(seed);
        s.frequency = std::stod(r[2]);
        s.octaves = std::stoi(r[3]);
        s.lacunarity = std::stod(r[4]);
        s.gain = std::stod(r[5]);
        const Point p = {std::stod(r[6]), std::stod(r[7]), std::stod(r[8]), 0.0};
        const double expected = std::stod(r[9]);
        const Permutation P = Permutation::forSeed(s.seed);
        ASSERT_NEAR(evaluateDouble(s, P, p), expected, 1e-12);
        ASSERT_NEAR(evaluatePoints(s, {p})[0], expected, 1e-5 * s.amplitudeSum())
            << "dims " << s.dims << " octaves " << s.octaves << " at " << r[6] << "," << r[7] << "," << r[8];
    }
}

TEST(Reference, NormalizeDividesByTheAmplitudeSum) {
    NoiseSpec s;
    s.dims = 3;
    s.octaves = 5;
    s.gain = 0.7;
    const Point p = {12.3, -4.5, 6.7, 0.0};
    const double raw = evaluateDouble(s, kPerlinTable, p);
    s.normalize = true;
    EXPECT_NEAR(evaluateDouble(s, kPerlinTable, p), raw / (1 + 0.7 + 0.49 + 0.343 + 0.2401), 1e-12);
    EXPECT_NEAR(evaluatePoints(s, {p})[0], raw / s.amplitudeSum(), 1e-6);
}

TEST(Reference, LibraryFbmAgreesWithTheContract) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-50.0f, 50.0f);
    NoiseSpec s;
    s.frequency = 1.0;
    s.octaves = 6;
    for (int dims : {2, 3}) {
        s.dims = dims;
        for (int i = 0; i < 200; ++i) {
            const vec3<float> p(u(rng), u(rng), dims == 3 ? u(rng) : 0.0f);
            const double expected = evaluateDouble(s, kPerlinTable, {p.x, p.y, p.z});
            const float got = dims == 3 ? gln_fbm3(kPerlinTable, p, 6, 2.0f, 0.5f)
                                        : gln_fbm2(kPerlinTable, vec2<float>(p.x, p.y), 6, 2.0f, 0.5f);
            ASSERT_NEAR(got, expected, 1e-4) << "dims " << dims;  // float p * 2^5 up to 1600
        }
    }
}

TEST(Reference, GridTexelSamplesOffsetPlusIndex) {
    NoiseSpec s;
    s.dims = 3;
    s.octaves = 3;
    s.offset = {-37.0, 1000.5, 3.0};
    s.z = 2.25;
    const Image img = evaluate(s, Grid{40, 30, 1});
    for (auto [x, y] : {std::pair{0, 0}, {39, 0}, {0, 29}, {17, 23}}) {
        const double expected = evaluateDouble(s, Permutation::perlin(), {double(x), double(y), 0.0});
        EXPECT_NEAR(img.at(x, y), expected, 1e-5 * s.amplitudeSum()) << x << "," << y;
        EXPECT_NEAR(img.at(x, y), evaluatePoints(s, {{double(x), double(y), 0.0}})[0], 1e-5 * s.amplitudeSum());
    }
}

TEST(Reference, FarOriginIsAsExactAsTheOrigin) {
    // A float32 coordinate at 1e7 / 64 cells keeps 1/64 of a cell: naive float noise would be
    // off by ~0.1. The host reduces the origin in double, so the error stays at float level.
    for (double far : {0.0, 1e7, -3.3e9}) {
        NoiseSpec s;
        s.dims = 3;
        s.octaves = 4;
        s.offset = {far, far * 0.5, -far};
        const Image img = evaluate(s, Grid{64, 64, 1});
        double worst = 0.0;
        for (int y = 0; y < 64; y += 3)
            for (int x = 0; x < 64; x += 3)
                worst = std::max(worst, std::fabs(img.at(x, y) - evaluateDouble(s, kPerlinTable, {double(x), double(y), 0.0})));
        EXPECT_LT(worst, 2e-6) << "offset " << far;
    }
}

TEST(Reference, ValuesStayWithinTheStatedRange) {
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> u(0.0, 256.0);
    double lo3 = 0, hi3 = 0, lo2 = 0, hi2 = 0;
    for (int i = 0; i < 400000; ++i) {
        const double v3 = gln_perlin3(kPerlinTable, vec3<double>(u(rng), u(rng), u(rng)));
        const double v2 = gln_perlin2(kPerlinTable, vec2<double>(u(rng), u(rng)));
        lo3 = std::min(lo3, v3), hi3 = std::max(hi3, v3);
        lo2 = std::min(lo2, v2), hi2 = std::max(hi2, v2);
    }
    EXPECT_GE(lo3, -basisBound(Basis::Perlin, 3));
    EXPECT_LE(hi3, basisBound(Basis::Perlin, 3));
    EXPECT_GE(lo2, -basisBound(Basis::Perlin, 2));
    EXPECT_LE(hi2, basisBound(Basis::Perlin, 2));
    EXPECT_GT(hi3, 0.9);  // the bound is not loose by much
    EXPECT_GT(hi2, 0.9);
}

TEST(Reference, ThreadsDoNotChangeValues) {
    NoiseSpec s;
    s.octaves = 8;
    s.seed = 9;
    const Grid g{123, 77, 1};
    const Image one = evaluate(s, g, 1);
    EXPECT_EQ(evaluate(s, g, 2).data, one.data);
    EXPECT_EQ(evaluate(s, g, 7).data, one.data);
}

// inBands hands out every row exactly once, in pieces of at most 8 rows within the grid,
// whatever the thread count (more threads than bands included), and an exception thrown
// by the work reaches the caller once every thread has stopped.
TEST(Reference, InBandsGivesEveryRowOnceAndPassesOnAnError) {
    for (const int rows : {0, 1, 7, 8, 9, 17, 1000}) {
        for (const unsigned threads : {1u, 2u, 3u, 16u, 0u}) {
            SCOPED_TRACE(std::to_string(rows) + " rows, " + std::to_string(threads) + " threads");
            std::vector<std::atomic<int>> seen(static_cast<std::size_t>(rows));
            std::atomic<bool> badPiece{false};
            inBands(rows, threads, [&](int first, int end) {
                if (first < 0 || end > rows || end < first || (threads != 1 && end - first > 8)) badPiece = true;
                for (int r = first; r < end; ++r) ++seen[static_cast<std::size_t>(r)];
            });
            EXPECT_FALSE(badPiece);
            for (int r = 0; r < rows; ++r) ASSERT_EQ(seen[static_cast<std::size_t>(r)].load(), 1) << "row " << r;
        }
    }
    std::atomic<int> done{0};
    EXPECT_THROW(inBands(400, 4,
                         [&](int first, int) {
                             if (first == 160) throw std::runtime_error("row 160");
                             ++done;
                         }),
                 std::runtime_error);
    // Bands are taken in order, and the call returns only when every thread has stopped:
    // the 20 bands before the one that threw are all done by then.
    EXPECT_GE(done.load(), 20);
}

TEST(Reference, VolumeSlicesEqualTwoDimensionalSlices) {
    NoiseSpec s;
    s.dims = 3;
    s.octaves = 2;
    const Image vol = evaluate(s, Grid{16, 12, 5});
    for (int z = 0; z < 5; ++z) {
        NoiseSpec slice = s;
        slice.offset[2] = z;  // the slice's origin carries the z
        const Image img = evaluate(slice, Grid{16, 12, 1});
        for (int y = 0; y < 12; ++y)
            for (int x = 0; x < 16; ++x) ASSERT_NEAR(vol.at(x, y, z), img.at(x, y), 1e-6);
    }
}

}  // namespace
}  // namespace glnoise::cpu
