// SPDX-License-Identifier: MIT
// OpenSimplex2 and OpenSimplex2S against the reference implementations themselves:
// tests/golden/opensimplex2.csv holds the values K.jpg's OpenSimplex2.java and
// OpenSimplex2S.java returned (tests/golden/make_opensimplex2.sh
// ran it). glnoise picks gradients through its permutation table; here the C++ twin picks
// them through the reference's own hash instead (an overload of gln_os2_hash2/3 that the
// twin finds by argument-dependent lookup), so lattice, kernel, gradient set and
// normalization must all agree for the values to.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <utility>

#include "mirror/opensimplex2s.hpp"
#include "test_support.hpp"

namespace glnoise::cpu {
namespace {

// The references' hash (the same in both): primes per axis, a multiplier, and the top bits as the index into
// its gradient table (128 rows in 2D, 256 in 3D: the same rows as GLN_OS2_GRAD2_ROWS and
// GLN_OS2_GRAD3_ROWS).
constexpr std::uint64_t kPrimeX = 0x5205402B9270C86FULL;
constexpr std::uint64_t kPrimeY = 0x598CD327003817B5ULL;
constexpr std::uint64_t kPrimeZ = 0x5BCC226E9FA0BACBULL;
constexpr std::uint64_t kMultiplier = 0x53A3F72DEEC546F5ULL;
constexpr std::uint64_t kSeedFlip3 = static_cast<std::uint64_t>(-0x52D547B2E96ED629LL);

std::int64_t shiftedRight(std::uint64_t h, int by) {  // Java's >> on a long
    return static_cast<std::int64_t>(h) >> by;
}

struct ReferenceHash {
    std::uint64_t seed;
};

int gln_os2_hash2(const ReferenceHash& r, int x, int y) {
    std::uint64_t h = r.seed ^ (static_cast<std::uint64_t>(static_cast<std::int64_t>(x)) * kPrimeX) ^
                      (static_cast<std::uint64_t>(static_cast<std::int64_t>(y)) * kPrimeY);
    h *= kMultiplier;
    h ^= static_cast<std::uint64_t>(shiftedRight(h, 64 - 7 + 1));
    return (static_cast<int>(h) & (127 << 1)) >> 1;
}

// x, y, z are a point of the body-centred cubic lattice in half units: even for the
// reference's first cubic lattice (point k at 2k), odd for its second (point k - 1/2 at
// 2k - 1), whose seed the reference flips.
int gln_os2_hash3(const ReferenceHash& r, int x, int y, int z) {
    const int lattice = x & 1;
    const std::uint64_t seed = lattice ? r.seed ^ kSeedFlip3 : r.seed;
    auto index = [&](int v) { return static_cast<std::uint64_t>(static_cast<std::int64_t>((v + lattice) >> 1)); };
    std::uint64_t h = (seed ^ (index(x) * kPrimeX)) ^ ((index(y) * kPrimeY) ^ (index(z) * kPrimeZ));
    h *= kMultiplier;
    h ^= static_cast<std::uint64_t>(shiftedRight(h, 64 - 8 + 2));
    return (static_cast<int>(h) & (255 << 2)) >> 2;
}

// 4D: the reference seeds each of its five lattice copies apart (seed + copy * offset);
// glnoise salts its hash with 51 * copy, which this overload turns back into the copy.
constexpr std::uint64_t kPrimeW = 0x56CC5227E58F554BULL;
constexpr std::uint64_t kSeedOffset4 = 0xE83DC3E0DA7164DULL;

template <class T>
int gln_os2_hash4(const ReferenceHash& r, int x, int y, int z, int w, int salt) {
    const std::uint64_t seed = r.seed + static_cast<std::uint64_t>(salt / 51) * kSeedOffset4;
    auto m = [](int v, std::uint64_t prime) { return static_cast<std::uint64_t>(static_cast<std::int64_t>(v)) * prime; };
    std::uint64_t h = seed ^ (m(x, kPrimeX) ^ m(y, kPrimeY)) ^ (m(z, kPrimeZ) ^ m(w, kPrimeW));
    h *= kMultiplier;
    h ^= static_cast<std::uint64_t>(shiftedRight(h, 64 - 9 + 2));
    return (static_cast<int>(h) & (511 << 2)) >> 2;
}

// The golden rows named `name`, each with the twin's value in double (from the point in
// double) and in float (from the cell and a float position in it, as glnoise evaluates);
// the reference computes in float from the cell on, a few float ulps of 1 apart.
// value(hash, point, asFloat) gives the twin's value. Returns the largest difference in double.
template <class Value>
double compareWithReference(const std::string& name, int dims, int expectedRows, Value value) {
    int rows = 0;
    double worst = 0.0;
    for (const auto& r : test::readCsv("opensimplex2.csv")) {
        if (r[0] != name) continue;
        const ReferenceHash hash{static_cast<std::uint64_t>(std::stoll(r[1]))};
        std::array<double, 4> p{};
        for (int a = 0; a < dims; ++a) p[static_cast<std::size_t>(a)] = std::stod(r[static_cast<std::size_t>(2 + a)]);
        const double expected = std::stod(r[static_cast<std::size_t>(dims == 4 ? 6 : 5)]);
        SCOPED_TRACE(name + " seed " + r[1] + " at " + r[2] + ", " + r[3] + ", " + r[4] + (dims == 4 ? ", " + r[5] : ""));
        const double got = value(hash, p, false);
        EXPECT_NEAR(got, expected, 2e-6);
        EXPECT_NEAR(value(hash, p, true), expected, 4e-6);
        worst = std::max(worst, std::abs(got - expected));
        ++rows;
    }
    EXPECT_EQ(rows, expectedRows);
    return worst;
}

// The cell of a point in double and the float offset in it.
template <int N>
std::pair<vec<N, int>, vec<N, float>> cellAndFraction(const vec<N, double>& q) {
    vec<N, int> cell;
    vec<N, float> f;
    for (int a = 0; a < N; ++a) {
        cell[a] = static_cast<int>(std::floor(q[a]));
        f[a] = static_cast<float>(q[a] - cell[a]);
    }
    return {cell, f};
}

// 2D: the reference's skew, in double, then the twin at the skewed point.
template <class Skewed>
double twin2(const ReferenceHash& hash, const std::array<double, 4>& p, bool asFloat, Skewed skewed) {
    const double s = 0.366025403784439 * (p[0] + p[1]);
    const vec2<double> q(p[0] + s, p[1] + s);
    if (!asFloat) return skewed(hash, ivec2(0, 0), q).x;
    const auto [cell, f] = cellAndFraction<2>(q);
    return skewed(hash, cell, f).x;
}

template <class Turned>
double twin3(const ReferenceHash& hash, const std::array<double, 4>& p, bool asFloat, Turned turned) {
    const vec3<double> q = gln_os2_turn3(vec3<double>(p[0], p[1], p[2]));
    if (!asFloat) return turned(hash, ivec3(0, 0, 0), q).x;
    const auto [cell, f] = cellAndFraction<3>(q);
    return turned(hash, cell, f).x;
}

template <class Skew, class Skewed>
double twin4(const ReferenceHash& hash, const std::array<double, 4>& p, bool asFloat, Skew skew, Skewed skewed) {
    const vec4<double> q = skew(vec4<double>(p[0], p[1], p[2], p[3]));
    if (!asFloat) return skewed(hash, ivec4(0, 0, 0, 0), q);
    const auto [cell, f] = cellAndFraction<4>(q);
    return skewed(hash, cell, f);
}

TEST(OpenSimplex2, TheTwinWithTheReferencesHashReproducesTheReference) {
    const double worst2 = compareWithReference("noise2", 2, 360, [](const ReferenceHash& h, const auto& p, bool f) {
        return twin2(h, p, f, [](const auto& hash, ivec2 c, auto q) { return gln_opensimplex2_2_skewed(hash, c, q); });
    });
    const double worst3 = compareWithReference("noise3_ImproveXY", 3, 360, [](const ReferenceHash& h, const auto& p, bool f) {
        return twin3(h, p, f, [](const auto& hash, ivec3 c, auto q) { return gln_opensimplex2_3_turned(hash, c, q); });
    });
    const double worst4 =
        compareWithReference("noise4_ImproveXYZ_ImproveXY", 4, 360, [](const ReferenceHash& h, const auto& p, bool f) {
            return twin4(h, p, f, [](const auto& q) { return gln_os2_skew4(q); },
                         [](const auto& hash, ivec4 c, auto q) { return gln_opensimplex2_4_skewed(hash, c, q); });
        });
    std::printf("OpenSimplex2 against the reference: max |twin - reference| = %.3g (2D), %.3g (3D), %.3g (4D)\n",
                worst2, worst3, worst4);
}

// OpenSimplex2S: the same lattices, hash and gradients, wider kernels over more points, which
// the reference picks by branches (in 4D through a table) and the twin by selects (in 4D
// through GLN_OS2S_REACH4 with the axes ordered).
TEST(OpenSimplex2, TheSmoothVariantsTwinWithTheReferencesHashReproducesTheReference) {
    const double worst2 = compareWithReference("noise2S", 2, 360, [](const ReferenceHash& h, const auto& p, bool f) {
        return twin2(h, p, f, [](const auto& hash, ivec2 c, auto q) { return gln_opensimplex2s_2_skewed(hash, c, q); });
    });
    const double worst3 = compareWithReference("noise3S_ImproveXY", 3, 360, [](const ReferenceHash& h, const auto& p, bool f) {
        return twin3(h, p, f, [](const auto& hash, ivec3 c, auto q) { return gln_opensimplex2s_3_turned(hash, c, q); });
    });
    const double worst4 =
        compareWithReference("noise4S_ImproveXYZ_ImproveXY", 4, 360, [](const ReferenceHash& h, const auto& p, bool f) {
            return twin4(h, p, f, [](const auto& q) { return gln_os2s_skew4(q); },
                         [](const auto& hash, ivec4 c, auto q) { return gln_opensimplex2s_4_skewed(hash, c, q); });
        });
    std::printf("OpenSimplex2S against the reference: max |twin - reference| = %.3g (2D), %.3g (3D), %.3g (4D)\n",
                worst2, worst3, worst4);
}

// The 30 points of GLN_OS2S_REACH4 are all there is: the twin equals the sum over every
// lattice point of the 8^4 around the cell, whatever simplex of the cell the sample is in.
TEST(OpenSimplex2, The4dSmoothFormReachesEveryLatticePointInItsKernel) {
    const ReferenceHash hash{77};
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> u(-40.0, 40.0);
    double worst = 0.0;
    for (int i = 0; i < 4000; ++i) {
        const vec4<double> ps(u(rng), u(rng), u(rng), u(rng));
        const double got = gln_opensimplex2s_4_skewed(hash, ivec4(0, 0, 0, 0), ps);
        const ivec4 c(static_cast<int>(std::floor(ps.x)), static_cast<int>(std::floor(ps.y)),
                      static_cast<int>(std::floor(ps.z)), static_cast<int>(std::floor(ps.w)));
        double sum = 0.0;
        for (int a = -3; a <= 4; ++a)
            for (int b = -3; b <= 4; ++b)
                for (int e = -3; e <= 4; ++e)
                    for (int f = -3; f <= 4; ++f) {
                        const ivec4 v(c.x + a, c.y + b, c.z + e, c.w + f);
                        const double s = (ps.x - v.x + ps.y - v.y + ps.z - v.z + ps.w - v.w) * GLN_OS2S_U4;
                        const double d[4] = {ps.x - v.x + s, ps.y - v.y + s, ps.z - v.z + s, ps.w - v.w + s};
                        const double t = 0.8 - (d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + d[3] * d[3]);
                        if (t <= 0.0) continue;
                        const vec4<float> g = GLN_OS2_GRAD4_ROWS[static_cast<std::size_t>(
                            gln_os2_hash4<double>(hash, v.x, v.y, v.z, v.w, 0))];
                        sum += t * t * t * t * (g.x * d[0] + g.y * d[1] + g.z * d[2] + g.w * d[3]);
                    }
        worst = std::max(worst, std::abs(got - sum * GLN_OS2S_SCALE4));
    }
    // The twin's kernel radius is the float 0.8f, the sum's the double 0.8.
    EXPECT_LT(worst, 1e-6);
    std::printf("4D OpenSimplex2S against the sum over every lattice point: max difference %.3g\n", worst);
}

}  // namespace
}  // namespace glnoise::cpu
