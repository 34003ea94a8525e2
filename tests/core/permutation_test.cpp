// SPDX-License-Identifier: MIT
#include "glnoise/permutation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "test_support.hpp"

namespace glnoise {
namespace {

bool isPermutationOf256(const Permutation& p) {
    std::vector<int> base(p.table().begin(), p.table().begin() + 256);
    std::sort(base.begin(), base.end());
    for (int i = 0; i < 256; ++i)
        if (base[static_cast<std::size_t>(i)] != i) return false;
    return true;
}

TEST(Pcg32, MatchesTheReferenceDemoOutput) {
    // pcg32-demo (pcg-c-basic) prints these for pcg32_srandom_r(42, 54).
    Pcg32 rng(42, 54);
    const std::uint32_t expected[] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                      0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
    for (std::uint32_t e : expected) EXPECT_EQ(rng.next(), e);
}

TEST(Pcg32, MatchesTheIndependentPythonGenerator) {
    for (const auto& row : test::readCsv("pcg32.csv")) {
        Pcg32 rng(std::stoull(row[0]), std::stoull(row[1]));
        for (std::size_t i = 2; i < row.size(); ++i)
            EXPECT_EQ(rng.next(), std::stoul(row[i])) << "state " << row[0] << " seq " << row[1] << " draw " << i - 2;
    }
}

TEST(Pcg32, BoundedStaysInRangeAndIsUniform) {
    Pcg32 rng(7, kSeedStream);
    std::vector<int> counts(3, 0);
    for (int i = 0; i < 30000; ++i) {
        const std::uint32_t v = rng.bounded(3);
        ASSERT_LT(v, 3u);
        ++counts[v];
    }
    for (int c : counts) EXPECT_NEAR(c, 10000, 400);  // > 6 sigma from a biased generator
    EXPECT_EQ(rng.bounded(1), 0u);
}

TEST(Permutation, PerlinTableIsKenPerlins) {
    const auto p = Permutation::perlin();
    const int head[] = {151, 160, 137, 91, 90, 15};
    const int tail[] = {215, 61, 156, 180};
    for (int i = 0; i < 6; ++i) EXPECT_EQ(p[i], head[i]);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(p[252 + i], tail[i]);
    EXPECT_TRUE(isPermutationOf256(p));
}

TEST(Permutation, IsDoubled) {
    for (const auto& p : {Permutation::perlin(), Permutation::seeded(0), Permutation::seeded(99)})
        for (int i = 0; i < 256; ++i) ASSERT_EQ(p[i + 256], p[i]) << "entry " << i;
}

TEST(Permutation, SeededTablesArePermutations) {
    for (std::uint64_t seed : {0ull, 1ull, 2ull, 42ull, 0xffffffffffffffffull})
        EXPECT_TRUE(isPermutationOf256(Permutation::seeded(seed))) << "seed " << seed;
}

TEST(Permutation, SeededTablesMatchTheIndependentGenerator) {
    for (const auto& row : test::readCsv("permutations.csv")) {
        const auto p = Permutation::seeded(std::stoull(row[0]));
        for (std::size_t i = 1; i < row.size(); ++i)
            EXPECT_EQ(p[static_cast<int>(i - 1)], std::stoi(row[i])) << "seed " << row[0] << " entry " << i - 1;
    }
}

TEST(Permutation, SameSeedSameTableDifferentSeedsDiffer) {
    EXPECT_EQ(Permutation::seeded(42).table(), Permutation::seeded(42).table());
    std::set<std::array<std::int32_t, 512>> tables;
    for (std::uint64_t s = 0; s < 50; ++s) tables.insert(Permutation::seeded(s).table());
    EXPECT_EQ(tables.size(), 50u);
    EXPECT_NE(Permutation::seeded(0).table(), Permutation::perlin().table());
    EXPECT_EQ(Permutation::forSeed(std::nullopt).table(), Permutation::perlin().table());
}

TEST(Permutation, ShuffleIsUnbiasedAcrossSeeds) {
    // Where does value 0 land? Uniform over 256 slots for an unbiased Fisher-Yates; the
    // common Math.round(random * (e - 1)) shuffle never leaves a value in place and
    // halves the odds of the ends, which this catches.
    std::vector<int> slot(256, 0);
    const int seeds = 25600;
    for (int s = 0; s < seeds; ++s) {
        const auto p = Permutation::seeded(static_cast<std::uint64_t>(s));
        for (int i = 0; i < 256; ++i)
            if (p[i] == 0) ++slot[static_cast<std::size_t>(i)];
    }
    double chi2 = 0.0;
    for (int c : slot) chi2 += (c - 100.0) * (c - 100.0) / 100.0;
    EXPECT_LT(chi2, 340.0);  // 255 degrees of freedom: p < 0.0003 of failing by chance
    EXPECT_GT(slot[0], 50);
    EXPECT_GT(slot[255], 50);
}

}  // namespace
}  // namespace glnoise
