// SPDX-License-Identifier: MIT
// The noise families on the CPU: every basis and fractal against the independent Python
// implementation, tileable periods, analytic gradients against central differences, the
// stated ranges, and the Nyquist octave limit.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/reference.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/io.hpp"
#include "test_support.hpp"

namespace glnoise::cpu {
namespace {

const Permutation& kKen() {
    static const Permutation p = Permutation::perlin();
    return p;
}

// From the catalogue: every basis, those on an axis-aligned lattice (they tile), every fractal.
std::vector<Basis> basesWhere(bool (*keep)(const BasisKind&)) {
    std::vector<Basis> v;
    for (const BasisKind& b : basisKinds())
        if (keep(b)) v.push_back(b.value);
    return v;
}
const std::vector<Basis> kLatticeBases = basesWhere([](const BasisKind& b) { return b.noPeriod == nullptr; });
const std::vector<Basis> kAllBases = basesWhere([](const BasisKind&) { return true; });
const std::vector<Fractal> kFractals = [] {
    std::vector<Fractal> v;
    for (const auto& f : fractalKinds()) v.push_back(f.value);
    return v;
}();

// A golden row's basis, interp and dims at frequency 1 (the rows give lattice points).
NoiseSpec specOf(const std::string& basis, const std::string& interp, const std::string& dims) {
    NoiseSpec s;
    s.basis = parseBasis(basis);
    s.interp = parseCurve(interp);
    s.dims = std::stoi(dims);
    s.frequency = 1.0;
    return s;
}

TEST(Families, EveryBasisMatchesTheIndependentImplementation) {
    int rows = 0;
    for (const auto& r : test::readCsv("bases.csv")) {
        NoiseSpec s = specOf(r[0], r[1], r[2]);
        if (std::stoi(r[3]) >= 0) s.seed = static_cast<std::uint64_t>(std::stoi(r[3]));
        const Point p = {std::stod(r[4]), std::stod(r[5]), std::stod(r[6]), std::stod(r[7])};
        const double expected = std::stod(r[8]);
        SCOPED_TRACE(r[0] + " " + r[1] + " dims " + r[2] + " seed " + r[3] + " at " + r[4] + "," + r[5] + "," + r[6] +
                     "," + r[7]);
        ASSERT_NEAR(evaluateDouble(s, Permutation::forSeed(s.seed), p), expected, 1e-12);
        ASSERT_NEAR(evaluatePoints(s, {p})[0], expected, 2e-6);
        ++rows;
    }
    EXPECT_EQ(rows, 1164);
}

TEST(Families, EveryFractalMatchesTheIndependentImplementation) {
    int rows = 0;
    for (const auto& r : test::readCsv("fractals.csv")) {
        NoiseSpec s = specOf(r[0], r[1], r[3]);
        s.fractal = parseFractal(r[2]);
        s.octaves = std::stoi(r[5]);
        s.lacunarity = std::stod(r[6]);
        s.gain = std::stod(r[7]);
        s.period = {std::stoi(r[8]), std::stoi(r[9]), std::stoi(r[10]), 0};
        const Point p = {std::stod(r[11]), std::stod(r[12]), std::stod(r[13]), 0.0};
        const double expected = std::stod(r[14]);
        SCOPED_TRACE(r[0] + " " + r[2] + " dims " + r[3] + " period " + r[8] + "," + r[9] + "," + r[10]);
        ASSERT_NEAR(evaluateDouble(s, kKen(), p), expected, 1e-11);
        ASSERT_NEAR(evaluatePoints(s, {p})[0], expected, 1e-5 * 2.0);
        ++rows;
    }
    EXPECT_EQ(rows, 432);
}

TEST(Families, CellularMatchesItsBruteForceDefinition) {
    int rows = 0;
    for (const auto& r : test::readCsv("cellular.csv")) {
        NoiseSpec s;
        s.basis = Basis::Cellular;
        s.frequency = 1.0;
        s.cellReturn = parseCellReturn(r[0]);
        s.cellDistance = parseCellDistance(r[1]);
        s.cellJitter = std::stod(r[2]);
        s.dims = std::stoi(r[3]);
        if (std::stoi(r[4]) >= 0) s.seed = static_cast<std::uint64_t>(std::stoi(r[4]));
        s.fractal = parseFractal(r[5]);
        s.octaves = std::stoi(r[6]);
        s.period = {std::stoi(r[7]), std::stoi(r[8]), std::stoi(r[9]), std::stoi(r[10])};
        const Point p = {std::stod(r[11]), std::stod(r[12]), std::stod(r[13]), std::stod(r[14])};
        const double expected = std::stod(r[15]);
        SCOPED_TRACE(r[0] + " " + r[1] + " jitter " + r[2] + " dims " + r[3] + " seed " + r[4] + " " + r[5] + " at " +
                     r[11] + "," + r[12] + "," + r[13] + "," + r[14]);
        ASSERT_NEAR(evaluateDouble(s, Permutation::forSeed(s.seed), p), expected, 1e-12);
        ASSERT_NEAR(evaluatePoints(s, {p})[0], expected, 1e-5 * (s.cellDistance == CellDistance::EuclideanSquared ? 4 : 1));
        ++rows;
    }
    EXPECT_EQ(rows, 2560);
}

// A golden cellular row of spec s: its period, point and value in columns at to at + 8,
// checked against the double oracle (1e-12) and the float reference (1e-5).
void expectCellularRow(NoiseSpec s, const std::vector<std::string>& r, std::size_t at, const std::string& trace) {
    s.period = {std::stoi(r[at]), std::stoi(r[at + 1]), std::stoi(r[at + 2]), std::stoi(r[at + 3])};
    const Point p = {std::stod(r[at + 4]), std::stod(r[at + 5]), std::stod(r[at + 6]), std::stod(r[at + 7])};
    const double expected = std::stod(r[at + 8]);
    SCOPED_TRACE(trace + " at " + r[at + 4] + "," + r[at + 5] + "," + r[at + 6] + "," + r[at + 7]);
    ASSERT_NO_THROW(s.validate());
    ASSERT_NEAR(evaluateDouble(s, Permutation::forSeed(s.seed), p), expected, 1e-12);
    ASSERT_NEAR(evaluatePoints(s, {p})[0], expected, 1e-5);
}

// The Minkowski distance against tests/golden/make_golden.py's search of every cell within
// 3 (written from the definition (sum |d_i|^e)^(1/e), not from the twin's scaled form).
TEST(Families, CellularMinkowskiMatchesItsBruteForceDefinition) {
    int rows = 0;
    for (const auto& r : test::readCsv("cellular_minkowski.csv")) {
        NoiseSpec s;
        s.basis = Basis::Cellular;
        s.frequency = 1.0;
        s.cellReturn = parseCellReturn(r[0]);
        s.cellDistance = CellDistance::Minkowski;
        s.cellExponent = std::stod(r[1]);
        s.cellJitter = std::stod(r[2]);
        s.dims = std::stoi(r[3]);
        if (std::stoi(r[4]) >= 0) s.seed = static_cast<std::uint64_t>(std::stoi(r[4]));
        expectCellularRow(s, r, 5, r[0] + " exponent " + r[1] + " jitter " + r[2] + " dims " + r[3] + " seed " + r[4]);
        if (HasFatalFailure()) return;
        ++rows;
    }
    EXPECT_EQ(rows, 576);
}

// Smooth F1 against tests/golden/make_golden.py's sum over every point within 5 cells.
TEST(Families, CellularSmoothF1MatchesItsBruteForceDefinition) {
    int rows = 0;
    for (const auto& r : test::readCsv("cellular_smooth.csv")) {
        NoiseSpec s;
        s.basis = Basis::Cellular;
        s.frequency = 1.0;
        s.cellReturn = CellReturn::SmoothF1;
        s.cellDistance = parseCellDistance(r[0]);
        s.cellExponent = std::stod(r[1]);
        s.cellSmoothness = std::stod(r[2]);
        s.cellJitter = std::stod(r[3]);
        s.dims = std::stoi(r[4]);
        expectCellularRow(s, r, 5, r[0] + " smoothness " + r[2] + " jitter " + r[3] + " dims " + r[4]);
        if (HasFatalFailure()) return;
        ++rows;
    }
    EXPECT_EQ(rows, 150);
}

TEST(Families, PsrdnoiseMatchesItsBruteForceDefinition) {
    int rows = 0;
    for (const auto& r : test::readCsv("psrdnoise.csv")) {
        NoiseSpec s;
        s.basis = Basis::Psrdnoise;
        s.frequency = 1.0;
        s.dims = std::stoi(r[0]);
        if (std::stoi(r[1]) >= 0) s.seed = static_cast<std::uint64_t>(std::stoi(r[1]));
        s.fractal = parseFractal(r[2]);
        s.octaves = std::stoi(r[3]);
        s.period = {std::stoi(r[4]), std::stoi(r[5]), std::stoi(r[6]), 0};
        const Point p = {std::stod(r[7]), std::stod(r[8]), std::stod(r[9]), 0.0};
        const double expected = std::stod(r[10]);
        SCOPED_TRACE("dims " + r[0] + " seed " + r[1] + " " + r[2] + " " + r[3] + " octaves, period " + r[4] + "," + r[5] +
                     "," + r[6] + " at " + r[7] + "," + r[8] + "," + r[9]);
        ASSERT_NO_THROW(s.validate());
        ASSERT_NEAR(evaluateDouble(s, Permutation::forSeed(s.seed), p), expected, 1e-9);  // 3e5 out: 1e-10
        ASSERT_NEAR(evaluatePoints(s, {p})[0], expected, 2e-5);
        ++rows;
    }
    EXPECT_EQ(rows, 420);
}

TEST(Families, RotatedOctavesMatchTheIndependentImplementation) {
    int rows = 0;
    double worstFar = 0.0;
    for (const auto& r : test::readCsv("rotated.csv")) {
        NoiseSpec s = specOf(r[0], "cosine", r[2]);
        s.fractal = parseFractal(r[1]);
        if (std::stoi(r[3]) >= 0) s.seed = static_cast<std::uint64_t>(std::stoi(r[3]));
        s.octaves = std::stoi(r[4]);
        s.lacunarity = std::stod(r[5]);
        s.gain = std::stod(r[6]);
        s.rotate = true;
        const Point p = {std::stod(r[7]), std::stod(r[8]), std::stod(r[9]), std::stod(r[10])};
        const double expected = std::stod(r[11]);
        const bool far = std::abs(p[0]) > 1000.0;
        SCOPED_TRACE(r[0] + " " + r[1] + " dims " + r[2] + " seed " + r[3] + " at " + r[7] + "," + r[8] + "," + r[9] +
                     "," + r[10]);
        // Far away the two rotations' last bits move points of 10^6 cells by 10^-10.
        const double got = evaluateDouble(s, Permutation::forSeed(s.seed), p);
        ASSERT_NEAR(got, expected, far ? 1e-7 : 1e-11);
        if (far) worstFar = std::max(worstFar, std::abs(got - expected));
        ASSERT_NEAR(evaluatePoints(s, {p})[0], expected, 1e-4);
        ++rows;
    }
    EXPECT_EQ(rows, 360);
    std::printf("rotated octaves 3e5 cells from the origin: max |double - python| = %.3g\n", worstFar);
}

// A 2D or 3D spec whose period is `cells` lattice cells across `size` texels.
NoiseSpec tiling(Basis b, Fractal f, int dims, int size, int cells) {
    NoiseSpec s;
    s.basis = b;
    s.fractal = f;
    s.dims = dims;
    s.octaves = 3;
    s.frequency = static_cast<double>(cells) / size;
    s.period = {cells, cells, dims == 3 ? cells : 0, 0};
    s.interp = Curve::Cosine;
    s.offset = {0.0, 0.0, dims == 3 ? 0.0 : 0.0};
    return s;
}

TEST(Families, APeriodOfSizeTimesFrequencyTilesSeamlessly) {
    const int size = 32;
    for (Basis b : kLatticeBases)
        for (Fractal f : kFractals)
            for (int dims : {2, 3}) {
                const NoiseSpec s = tiling(b, f, dims, size, 4);
                SCOPED_TRACE(std::string(toString(b)) + " " + toString(f) + " dims " + std::to_string(dims));
                // One texel more than the tile: column `size` is where the next tile starts,
                // so the continuous function there must equal column 0.
                const Image img = evaluate(s, Grid{size + 1, size + 1, dims == 3 ? size + 1 : 1}, 1);
                float worst = 0.0f;
                for (int z = 0; z < img.depth; ++z)
                    for (int y = 0; y < img.height; ++y) {
                        worst = std::max(worst, std::abs(img.at(size, y, z) - img.at(0, y, z)));
                        worst = std::max(worst, std::abs(img.at(y, size, z) - img.at(y, 0, z)));
                        if (dims == 3) worst = std::max(worst, std::abs(img.at(y, z, size) - img.at(y, z, 0)));
                    }
                EXPECT_EQ(worst, 0.0f);
                // And it is not constant: the tile has content.
                EXPECT_GT(std::abs(img.at(5, 7, 0) - img.at(17, 3, 0)), 1e-3f);
            }
}

TEST(Families, TwoByTwoTilesEqualABakeOfTwiceTheSize) {
    for (Basis b : kLatticeBases)
        for (Fractal f : {Fractal::Fbm, Fractal::Ridged}) {
            // The same frequency for every basis; psrdnoise's y period must be even.
            const int n = b == Basis::Psrdnoise ? 64 : 48;
            NoiseSpec s = tiling(b, f, 2, n, n / 16);
            s.warpAmount = 0.5;  // a warp of the same period keeps the tiling
            SCOPED_TRACE(std::string(toString(b)) + " " + toString(f));
            const Image tile = evaluate(s, Grid{n, n, 1}, 1);
            const Image big = evaluate(s, Grid{2 * n, 2 * n, 1}, 1);
            for (int y = 0; y < 2 * n; ++y)
                for (int x = 0; x < 2 * n; ++x)
                    // float32 contract. Without the warp they are equal; the warp's displacement
                    // rounds with the sample position, and psrdnoise's slopes (up to 5.2 per cell,
                    // Perlin noise's 2.7) amplify that twice: in the displacement and in the noise.
                    ASSERT_NEAR(big.at(x, y), tile.at(x % n, y % n), b == Basis::Psrdnoise ? 4e-5 : 1e-5) << x << "," << y;
        }
}

TEST(Families, WithoutAPeriodTheNoiseDoesNotRepeatThere) {
    NoiseSpec s = tiling(Basis::Perlin, Fractal::Fbm, 2, 32, 4);
    s.period = {};
    const Image img = evaluate(s, Grid{33, 33, 1}, 1);
    double diff = 0.0;
    for (int y = 0; y < 33; ++y) diff += std::abs(img.at(32, y) - img.at(0, y));
    EXPECT_GT(diff, 0.1);
}

// Central differences of the double-precision value, step h in sample units.
std::array<double, 3> centralDifference(const NoiseSpec& s, const Point& p, double h) {
    NoiseSpec v = s;
    v.output = Output::Value;
    std::array<double, 3> g{};
    for (int a = 0; a < s.dims; ++a) {
        Point lo = p, hi = p;
        lo[static_cast<std::size_t>(a)] -= h;
        hi[static_cast<std::size_t>(a)] += h;
        g[static_cast<std::size_t>(a)] =
            (evaluateDouble(v, kKen(), hi) - evaluateDouble(v, kKen(), lo)) / (2.0 * h);
    }
    return g;
}

TEST(Families, AnalyticGradientsMatchCentralDifferences) {
    std::mt19937 rng(17);
    std::uniform_real_distribution<double> u(-300.0, 300.0);
    struct Case {
        Basis basis;
        Curve interp;
        int minDims, maxDims;
    };
    // Every basis of the catalogue but cellular noise, whose distances have kinks where the
    // nearest point changes (its gradients: CellularGradientsMatchCentralDifferences), and
    // value noise with every curve that has a derivative.
    std::vector<Case> cases;
    for (const BasisKind& b : basisKinds()) {
        if (b.value == Basis::Cellular) continue;
        for (const auto& curve : curveKinds())
            if (curve.value == Curve::Quintic || (b.value == Basis::Value && curve.value != Curve::Linear))
                cases.push_back({b.value, curve.value, b.minDims, b.maxDims});
    }
    ASSERT_GE(cases.size(), basisKinds().size());
    for (const Case& c : cases)
        for (int dims : {2, 3})
            for (int octaves : {1, 5, -5}) {  // -5: five turned octaves (--rotate)
                if (dims < c.minDims || dims > c.maxDims) continue;
                NoiseSpec s;
                s.basis = c.basis;
                s.interp = c.interp;
                s.dims = dims;
                s.octaves = std::abs(octaves);
                s.rotate = octaves < 0;
                s.frequency = 1.0 / 16.0;
                s.output = Output::Gradient;
                s.offset = {1000.5, -2000.25, 77.0};
                SCOPED_TRACE(std::string(toString(c.basis)) + " " + toString(c.interp) + " dims " +
                             std::to_string(dims) + " octaves " + std::to_string(octaves));
                double scale = 0.0, worst = 0.0;
                for (int i = 0; i < 200; ++i) {
                    const Point p = {u(rng), u(rng), u(rng), 0.0};
                    const auto analytic = evaluateDoubleOutput(s, kKen(), p);
                    auto numeric = centralDifference(s, p, 1e-4);
                    // OpenSimplex2's 3D form takes from each cubic lattice the next nearest
                    // point along one axis only, as the reference does; where that axis
                    // switches, a point still inside the kernel drops out and the value jumps
                    // (by up to about 4e-3, the reference's values jumping alike). A central
                    // difference across such a switch is no derivative: there the analytic
                    // gradient must match the one-sided difference on the side without it.
                    // OpenSimplex2S's 3D form, like its reference, drops a point whose
                    // kernel is nearly spent in a few places too (jumps up to about 1e-3).
                    if ((c.basis == Basis::OpenSimplex2 || c.basis == Basis::OpenSimplex2S) && dims == 3)
                        for (int a = 0; a < dims; ++a) {
                            const auto k = static_cast<std::size_t>(a);
                            if (std::abs(analytic[k + 1] - numeric[k]) < 1e-5 * std::abs(numeric[k]) + 1e-6) continue;
                            NoiseSpec v = s;
                            v.output = Output::Value;
                            Point lo = p, hi = p;
                            lo[k] -= 1e-6;
                            hi[k] += 1e-6;
                            const double mid = evaluateDouble(v, kKen(), p);
                            const double forward = (evaluateDouble(v, kKen(), hi) - mid) / 1e-6;
                            const double backward = (mid - evaluateDouble(v, kKen(), lo)) / 1e-6;
                            numeric[k] = std::abs(forward - analytic[k + 1]) < std::abs(backward - analytic[k + 1]) ? forward : backward;
                        }
                    for (int a = 0; a < dims; ++a) {
                        worst = std::max(worst, std::abs(analytic[static_cast<std::size_t>(a + 1)] - numeric[static_cast<std::size_t>(a)]));
                        scale = std::max(scale, std::abs(numeric[static_cast<std::size_t>(a)]));
                    }
                    // The value channel is the value.
                    NoiseSpec v = s;
                    v.output = Output::Value;
                    ASSERT_EQ(analytic[0], evaluateDouble(v, kKen(), p));
                }
                EXPECT_GT(scale, 0.01) << "the gradients are not all zero";
                // The cubic fade's second derivative jumps at cell borders: O(h) there.
                EXPECT_LT(worst, 1e-5 * scale) << "largest |analytic - central difference|";
            }
}

// Cellular gradients jump across the edges between cells, where a central difference
// straddles two cells: points that close to an edge (F2 - F1 or the edge distance under
// 1e-3) are left out; everywhere else the analytic gradient is the derivative.
TEST(Families, CellularGradientsMatchCentralDifferences) {
    std::mt19937 rng(23);
    std::uniform_real_distribution<double> u(-300.0, 300.0);
    for (const Kind<CellReturn>& r : cellReturnKinds())
        for (const Kind<CellDistance>& m : cellDistanceKinds())
            for (int dims : {2, 3}) {
                if (isEuclideanOnly(r.value) && m.value != CellDistance::Euclidean) continue;
                NoiseSpec s;
                s.basis = Basis::Cellular;
                s.cellReturn = r.value;
                s.cellDistance = m.value;
                s.cellJitter = 0.9;
                s.dims = dims;
                s.octaves = 3;
                s.frequency = 1.0 / 16.0;
                s.output = Output::Gradient;
                NoiseSpec gap = s;  // how near the sample is to an edge, per octave
                gap.output = Output::Value;
                SCOPED_TRACE(std::string(r.name) + " " + m.name + " dims " + std::to_string(dims));
                double scale = 0.0, worst = 0.0;
                int used = 0;
                for (int i = 0; i < 300; ++i) {
                    const Point p = {u(rng), u(rng), u(rng), 0.0};
                    bool nearEdge = false;
                    for (int o = 0; o < s.octaves; ++o) {
                        NoiseSpec one = gap;
                        one.octaves = 1;
                        one.frequency = s.frequency * std::pow(2.0, o);
                        one.cellReturn = CellReturn::Edge;
                        one.cellDistance = CellDistance::Euclidean;
                        if (evaluateDouble(one, kKen(), p) < 1e-3 * 4.0) nearEdge = true;
                        // Manhattan and Chebyshev distances also bend where two axes tie.
                        one.cellReturn = CellReturn::F1;
                        one.cellDistance = m.value;
                        NoiseSpec two = one;
                        two.cellReturn = CellReturn::F2;
                        if (evaluateDouble(two, kKen(), p) - evaluateDouble(one, kKen(), p) < 1e-3) nearEdge = true;
                    }
                    if (m.value == CellDistance::Manhattan || m.value == CellDistance::Chebyshev) {
                        // A kink where a coordinate of the vector to a point crosses 0 (Manhattan)
                        // or two coordinates tie (Chebyshev): compare one-sided differences.
                        const auto a = centralDifference(s, p, 1e-5);
                        const auto b = centralDifference(s, p, 2e-5);
                        for (int k = 0; k < dims; ++k)
                            if (std::abs(a[static_cast<std::size_t>(k)] - b[static_cast<std::size_t>(k)]) > 1e-6) nearEdge = true;
                    }
                    if (nearEdge) continue;
                    ++used;
                    const auto analytic = evaluateDoubleOutput(s, kKen(), p);
                    const auto numeric = centralDifference(s, p, 1e-5);
                    for (int a = 0; a < dims; ++a) {
                        worst = std::max(worst, std::abs(analytic[static_cast<std::size_t>(a + 1)] - numeric[static_cast<std::size_t>(a)]));
                        scale = std::max(scale, std::abs(numeric[static_cast<std::size_t>(a)]));
                    }
                }
                EXPECT_GT(used, 150) << "most points are away from the edges";
                if (r.value == CellReturn::CellValue) {
                    EXPECT_EQ(worst, 0.0) << "flat cells";
                    continue;
                }
                if (r.value == CellReturn::Radius) {
                    // Flat too, but measured from vectors that start at the sample: rounding.
                    EXPECT_LT(worst, 1e-9) << "flat cells";
                    continue;
                }
                EXPECT_GT(scale, 0.01) << "the gradients are not all zero";
                EXPECT_LT(worst, 1e-4 * scale) << "largest |analytic - central difference|";
            }
}

// Turned octaves keep the planner's promise: a texel a billion texels out is as exact as
// one at the origin (the turn applies to the origin in double on the host).
TEST(Families, RotatedOctavesAreExactFarFromTheOrigin) {
    for (int dims : {2, 3, 4}) {
        NoiseSpec s;
        s.dims = dims;
        s.octaves = 6;
        s.rotate = true;
        s.offset = {1e9 + 0.5, -3e9, dims >= 3 ? 7e8 : 0.0};
        if (dims == 4) s.w = 5e8;
        const Image img = evaluate(s, Grid{16, 16, 1}, 1);
        double worst = 0.0;
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x)
                worst = std::max(worst, std::abs(img.at(x, y) - evaluateDouble(s, kKen(), {double(x), double(y), 0.0, 0.0})));
        SCOPED_TRACE("dims " + std::to_string(dims));
        EXPECT_LT(worst, 1e-5 * s.amplitudeSum());
        // And it is turned: not the unturned noise.
        NoiseSpec plain = s;
        plain.rotate = false;
        const Image unturned = evaluate(plain, Grid{16, 16, 1}, 1);
        double moved = 0.0;
        for (std::size_t i = 0; i < img.data.size(); ++i) moved += std::abs(img.data[i] - unturned.data[i]);
        EXPECT_GT(moved / static_cast<double>(img.data.size()), 0.01);
    }
}

TEST(Families, FloatGradientsAgreeWithTheDoubleOracle) {
    NoiseSpec s;
    s.dims = 3;
    s.octaves = 6;
    s.basis = Basis::Simplex;
    s.output = Output::Gradient;
    const Image img = evaluate(s, Grid{16, 16, 4}, 1);
    for (int z = 0; z < 4; ++z)
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                const auto want = evaluateDoubleOutput(s, kKen(), {double(x), double(y), double(z), 0.0});
                for (int c = 0; c < 4; ++c) ASSERT_NEAR(img.at(x, y, z, c), want[static_cast<std::size_t>(c)], 1e-5);
            }
}

TEST(Families, NormalMapsAreUnitVectorsFacingUp) {
    NoiseSpec s;
    s.output = Output::Normal;
    s.heightScale = 40.0;
    s.octaves = 4;
    const Image img = evaluate(s, Grid{32, 32, 1}, 1);
    NoiseSpec g = s;
    g.output = Output::Gradient;
    const Image grad = evaluate(g, Grid{32, 32, 1}, 1);
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 32; ++x) {
            const double nx = img.at(x, y, 0, 0), ny = img.at(x, y, 0, 1), nz = img.at(x, y, 0, 2);
            ASSERT_NEAR(nx * nx + ny * ny + nz * nz, 1.0, 1e-5);
            ASSERT_GT(nz, 0.0);
            // Tilted against the slope: n is parallel to (-s dh/dx, -s dh/dy, 1).
            ASSERT_NEAR(nx / nz, -40.0 * grad.at(x, y, 0, 1), 1e-4);
            ASSERT_NEAR(ny / nz, -40.0 * grad.at(x, y, 0, 2), 1e-4);
            ASSERT_EQ(img.at(x, y, 0, 3), grad.at(x, y, 0, 0));
        }
}

TEST(Families, ValuesStayInTheStatedRange) {
    std::mt19937 rng(99);
    std::uniform_real_distribution<double> u(-5000.0, 5000.0);
    std::vector<Point> pts;
    for (int i = 0; i < 3000; ++i) pts.push_back({u(rng), u(rng), u(rng), u(rng)});
    // With the table's hash, and with the world hash, whose other arrangements of the same
    // gradients the stated ranges hold for too.
    for (bool world : {false, true})
    for (Basis b : kAllBases)
        for (Fractal f : kFractals)
            for (int dims = 1; dims <= 4; ++dims) {
                if (dims < kindOf(b).minDims || dims > kindOf(b).maxDims) continue;
                NoiseSpec s;
                s.basis = b;
                s.fractal = f;
                s.dims = dims;
                s.octaves = 4;
                s.frequency = 0.37;
                s.worldHash = world;
                const ValueRange r = s.statedRange();
                float lo = 1e9f, hi = -1e9f;
                for (float v : evaluatePoints(s, pts)) {
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
                SCOPED_TRACE(std::string(toString(b)) + " " + toString(f) + " dims " + std::to_string(dims) +
                             (world ? ", world hash" : ""));
                EXPECT_GE(lo, r.min - 1e-6);
                EXPECT_LE(hi, r.max + 1e-6);
                EXPECT_LT(lo, hi);
            }
}

TEST(Families, CellularValuesStayInTheirStatedRange) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-5000.0, 5000.0);
    std::vector<Point> pts;
    for (int i = 0; i < 4000; ++i) pts.push_back({u(rng), u(rng), u(rng), u(rng)});
    for (bool world : {false, true})
    for (const Kind<CellReturn>& r : cellReturnKinds())
        for (const Kind<CellDistance>& m : cellDistanceKinds())
            for (int dims = 1; dims <= 4; ++dims)
                for (double jitter : {0.0, 0.6, 1.0})
                // Minkowski's bound is Manhattan's, reached at exponent 1 and held by larger ones.
                for (double exponent : m.value == CellDistance::Minkowski ? std::vector<double>{1.0, 64.0}
                                                                          : std::vector<double>{3.0}) {
                    if (isEuclideanOnly(r.value) && m.value != CellDistance::Euclidean) continue;
                    NoiseSpec s;
                    s.basis = Basis::Cellular;
                    s.cellReturn = r.value;
                    s.cellDistance = m.value;
                    s.cellJitter = jitter;
                    s.cellExponent = exponent;
                    s.dims = dims;
                    s.frequency = 0.37;
                    s.worldHash = world;
                    const ValueRange range = s.basisRange();
                    float lo = 1e9f, hi = -1e9f;
                    for (float v : evaluatePoints(s, pts)) {
                        lo = std::min(lo, v);
                        hi = std::max(hi, v);
                    }
                    SCOPED_TRACE(std::string(r.name) + " " + m.name + " dims " + std::to_string(dims) + " jitter " +
                                 std::to_string(jitter) + " exponent " + std::to_string(exponent) +
                                 (world ? ", world hash" : ""));
                    EXPECT_GE(lo, range.min - 1e-6);
                    EXPECT_LE(hi, range.max + 1e-6);
                    // The range is a measured bound, not a loose guess: most of it is reached
                    // (a product's largest values, two large distances at once, are rarer).
                    if (jitter == 1.0 && r.value != CellReturn::CellValue && !world &&
                        (m.value != CellDistance::Minkowski || (exponent == 1.0 && r.value != CellReturn::F2MinusF1))) {
                        EXPECT_GT(hi, (r.value == CellReturn::F1TimesF2 ? 0.5 : 0.6) * range.max);
                    }
                    // On the regular grid (jitter 0), F1 + F2 is 1 wherever one axis decides
                    // both distances: everywhere in 1D, and under Chebyshev's (not their squares).
                    const bool constant = jitter == 0.0 && r.value == CellReturn::F1PlusF2 &&
                                          m.value != CellDistance::EuclideanSquared &&
                                          (dims == 1 || m.value == CellDistance::Chebyshev);
                    if (constant) EXPECT_EQ(lo, hi);
                    else EXPECT_LT(lo, hi);
                }
}

// The typical range, measured on its own fixed sample, holds the values of images it
// never saw: a 512 x 512 bake far away, at another frequency, maps nearly every level
// and clips few texels.
TEST(Typical, ItHoldsMostValuesOfAnImageItNeverSaw) {
    std::vector<NoiseSpec> specs;
    NoiseSpec s;
    s.octaves = 6;  // the Quick start's
    specs.push_back(s);
    s.fractal = Fractal::Ridged;
    specs.push_back(s);
    s.fractal = Fractal::Turbulence;
    s.basis = Basis::Simplex;
    s.dims = 3;
    s.z = 40.5;
    specs.push_back(s);
    s = {};
    s.basis = Basis::Cellular;
    s.cellReturn = CellReturn::F2MinusF1;
    s.octaves = 3;
    specs.push_back(s);
    s = {};
    s.basis = Basis::Value;
    s.octaves = 4;
    s.warpAmount = 1.5;
    s.warpDepth = 2;
    specs.push_back(s);
    s = {};
    s.dims = 1;
    s.octaves = 5;
    specs.push_back(s);
    for (NoiseSpec spec : specs) {
        const ValueRange t = typicalRange(spec);
        const ValueRange stated = spec.statedRange();
        SCOPED_TRACE(std::string(toString(spec.basis)) + " " + toString(spec.fractal) + " dims " +
                     std::to_string(spec.dims) + ": typical [" + std::to_string(t.min) + ", " + std::to_string(t.max) + "]");
        EXPECT_GE(t.min, stated.min);
        EXPECT_LE(t.max, stated.max);
        if (spec.basis == Basis::Perlin && spec.fractal == Fractal::Fbm && spec.dims == 2) {
            EXPECT_LT(t.max - t.min, 0.6 * (stated.max - stated.min)) << "2D Perlin fBm is far narrower than its bound";
        }
        spec.frequency = 1.0 / 50.0;
        spec.offset = {-91234.5, 5511.25, 0.0};
        const Image img = evaluate(spec, spec.dims == 1 ? Grid{16384, 1, 1} : Grid{512, 512, 1}, 1);
        std::vector<int> count(256, 0);
        for (float v : img.data) ++count[io::quantize8(v, t)];
        const double clipped = static_cast<double>(count[0] + count[255]) / static_cast<double>(img.data.size());
        int levels = 0;
        for (int c : count) levels += c > 0;
        EXPECT_LT(clipped, 0.01);
        EXPECT_GE(levels, 240);
    }
}

TEST(Typical, ItDependsOnTheNoiseAloneNotWhereOrHowFine) {
    NoiseSpec s;
    s.octaves = 5;
    s.seed = 3;
    const ValueRange base = typicalRange(s);
    NoiseSpec moved = s;
    moved.offset = {1e9, -3e7, 0.0};
    moved.frequency = 1.0 / 300.0;
    EXPECT_EQ(typicalRange(moved).min, base.min);
    EXPECT_EQ(typicalRange(moved).max, base.max);
    NoiseSpec other = s;
    other.seed = 4;  // another noise: close, not necessarily equal
    EXPECT_NEAR(typicalRange(other).max, base.max, 0.1);
    NoiseSpec fewer = s;
    fewer.octaves = 1;  // less of a sum: a narrower range
    EXPECT_LT(typicalRange(fewer).max, base.max);
    // Normal maps map their components from [-1, 1].
    NoiseSpec normal = s;
    normal.output = Output::Normal;
    EXPECT_EQ(typicalRange(normal).min, -1.0);
    EXPECT_EQ(typicalRange(normal).max, 1.0);
}

TEST(Families, PatternsLieInMinusOneToOne) {
    for (Pattern p : {Pattern::Marble, Pattern::Wood}) {
        NoiseSpec s;
        s.pattern = p;
        s.octaves = 4;
        s.offset = {-100.0, -100.0, 0.0};
        const Image img = evaluate(s, Grid{64, 64, 1}, 1);
        const auto [lo, hi] = std::minmax_element(img.data.begin(), img.data.end());
        EXPECT_GE(*lo, -1.0f);
        EXPECT_LE(*hi, 1.0f);
        EXPECT_LT(*lo, -0.5f);
        EXPECT_GT(*hi, 0.5f);
    }
}

TEST(Families, UsefulOctavesStopAtTheNyquistLimit) {
    NoiseSpec s;
    s.frequency = 1.0 / 64.0;
    s.octaves = 12;
    EXPECT_EQ(s.usefulOctaves(), 6);  // 1/64 * 2^5 = 0.5 is the last one
    s.lacunarity = 3.0;
    EXPECT_EQ(s.usefulOctaves(), 4);  // 1/64 * 27 = 0.42; * 3 = 1.27
    s.frequency = 0.9;
    EXPECT_EQ(s.usefulOctaves(), 1);  // the first octave always stays
    s.frequency = 1.0 / 1024.0;
    s.lacunarity = 2.0;
    s.octaves = 4;
    EXPECT_EQ(s.usefulOctaves(), 4);
}

TEST(Families, AWarpMovesTheSamplePoint) {
    NoiseSpec s;
    s.octaves = 3;
    const Image plain = evaluate(s, Grid{32, 32, 1}, 1);
    s.warpAmount = 2.0;
    const Image warped = evaluate(s, Grid{32, 32, 1}, 1);
    s.warpDepth = 2;
    const Image twice = evaluate(s, Grid{32, 32, 1}, 1);
    double d1 = 0.0, d2 = 0.0;
    for (std::size_t i = 0; i < plain.data.size(); ++i) {
        d1 += std::abs(plain.data[i] - warped.data[i]);
        d2 += std::abs(warped.data[i] - twice.data[i]);
    }
    EXPECT_GT(d1, 1.0);
    EXPECT_GT(d2, 1.0);
    // Against the library's float warp: the same displacement, computed another way.
    NoiseSpec one = s;
    one.warpDepth = 1;
    const Image w1 = evaluate(one, Grid{8, 8, 1}, 1);
    GlnNoise<double> n{GLN_BASIS_PERLIN, GLN_CURVE_QUINTIC, GLN_FBM, one.warpOctaves, 2.0, 0.5, 1.0, 2.0, ivec4(0)};
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            const double f = one.frequency;
            const vec2<double> q = gln_warp2(kKen(), n, vec2<double>(f * x, f * y), 1.0, one.warpAmount, 1);
            GlnNoise<double> main{GLN_BASIS_PERLIN, GLN_CURVE_QUINTIC, GLN_FBM, one.octaves, 2.0, 0.5, 1.0, 2.0, ivec4(0)};
            EXPECT_NEAR(w1.at(x, y), gln_fractal2_deriv(kKen(), main, q).x, 2e-5);
        }
}

}  // namespace
}  // namespace glnoise::cpu
