// SPDX-License-Identifier: MIT
// The world hash (NoiseSpec::worldHash): blocks of 256 cells far apart no longer repeat,
// for every basis in every dimension, where without it they do; and the noise stays
// continuous across the blocks' boundaries, also where the whole coordinate wraps at 2^32.
// On the CPU reference, which the GPU and the SIMD backend are held to bit for bit or
// within the stated tolerance by their own tests (which draw world-hash specs too).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "glnoise/glnoise.hpp"
#include "mirror/fractal.hpp"

namespace glnoise {
namespace {

struct Case {
    Basis basis;
    int dims;
    CellReturn cellReturn = CellReturn::F1;
};

std::vector<Case> cases() {
    return {{Basis::Perlin, 1},      {Basis::Perlin, 2},        {Basis::Perlin, 3},
            {Basis::Perlin, 4},      {Basis::Classic, 3},       {Basis::Value, 2},
            {Basis::PerlinValue, 3}, {Basis::Simplex, 2},       {Basis::Simplex, 3},
            {Basis::Simplex, 4},     {Basis::OpenSimplex2, 2},  {Basis::OpenSimplex2, 3},
            {Basis::OpenSimplex2, 4}, {Basis::OpenSimplex2S, 2}, {Basis::OpenSimplex2S, 3},
            {Basis::OpenSimplex2S, 4}, {Basis::Psrdnoise, 2},   {Basis::Psrdnoise, 3},
            {Basis::Cellular, 1},    {Basis::Cellular, 2, CellReturn::F2MinusF1}, {Basis::Cellular, 3},
            {Basis::Cellular, 4}};
}

std::string nameOf(const Case& c) {
    return std::string(toString(c.basis)) + " " + std::to_string(c.dims) + "D";
}

NoiseSpec specOf(const Case& c, bool world) {
    NoiseSpec s;
    s.basis = c.basis;
    s.dims = c.dims;
    s.cellReturn = c.cellReturn;
    s.frequency = 1.0;  // a cell per texel: many cells per tile, so that a correlation is sharp
    s.worldHash = world;
    return s;
}

// The shift in sample units (frequency 1: cells) that moves the basis's own coordinates by
// `cells` along axis a: the inverse of its linear map (gln_basis_space) at cells * e_a.
std::array<double, 4> blockVector(const Case& c, int a, double cells) {
    const int id = kindOf(c.basis).glslId;
    double m[4][5] = {};
    for (int j = 0; j < c.dims; ++j) {
        cpu::vec4<double> e(0.0, 0.0, 0.0, 0.0);
        e[j] = 1.0;
        const cpu::vec4<double> col = cpu::gln_basis_space(id, c.dims, e);
        for (int i = 0; i < c.dims; ++i) m[i][j] = col[i];
    }
    for (int i = 0; i < c.dims; ++i) m[i][4] = i == a ? cells : 0.0;
    for (int i = 0; i < c.dims; ++i) {  // Gauss-Jordan with partial pivoting
        int pivot = i;
        for (int r = i + 1; r < c.dims; ++r)
            if (std::fabs(m[r][i]) > std::fabs(m[pivot][i])) pivot = r;
        std::swap(m[i], m[pivot]);
        for (int r = 0; r < c.dims; ++r) {
            if (r == i) continue;
            const double f = m[r][i] / m[i][i];
            for (int k = i; k < 5; ++k) m[r][k] -= f * m[i][k];
        }
    }
    std::array<double, 4> v{};
    for (int i = 0; i < c.dims; ++i) v[static_cast<std::size_t>(i)] = m[i][4] / m[i][i];
    return v;
}

// The tile whose texel (0, 0) samples `at` (x, y, z, w): a row of 16,384 texels in 1D,
// else 128 x 128 (in 3D and 4D a slice at z and w).
Image tileAt(NoiseSpec spec, const std::array<double, 4>& at) {
    spec.offset = {at[0], spec.dims >= 2 ? at[1] : 0.0, 0.0};
    if (spec.dims >= 3) spec.z = at[2];
    if (spec.dims == 4) spec.w = at[3];
    return spec.dims == 1 ? cpu::evaluate(spec, Grid{16384, 1, 1}) : cpu::evaluate(spec, Grid{128, 128, 1});
}

double correlation(const Image& a, const Image& b) {
    double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
    const double n = static_cast<double>(a.data.size());
    for (std::size_t i = 0; i < a.data.size(); ++i) {
        const double x = a.data[i], y = b.data[i];
        sa += x;
        sb += y;
        saa += x * x;
        sbb += y * y;
        sab += x * y;
    }
    const double cov = sab / n - (sa / n) * (sb / n);
    const double va = saa / n - (sa / n) * (sa / n), vb = sbb / n - (sb / n) * (sb / n);
    return cov / std::sqrt(va * vb);
}

// Tiles 256 k cells apart (512 k for psrdnoise, whose hash repeats every 512 cells along its
// skewed axes; along the period vectors, the axes of each basis's own coordinates), for 8 k
// from 1 to 10^6 drawn log-uniformly at random places within 10^5 cells of the origin, each
// along one of the axes in turn: with the world hash they correlate below 0.05 (a tile
// holds 16,384 cells, so a chance correlation has a standard deviation near 0.008); without
// it the same tiles are the same noise (above 0.999).
TEST(WorldHash, BlocksFarApartDoNotRepeatWhereTheTableDoes) {
    for (const Case& c : cases()) {
        SCOPED_TRACE(nameOf(c));
        std::mt19937_64 rng(41);
        for (int draw = 0; draw < 8; ++draw) {
            const auto k = static_cast<double>(static_cast<std::int64_t>(std::exp(std::uniform_real_distribution<double>(0.0, std::log(1e6))(rng))));
            const int axis = draw % c.dims;
            std::array<double, 4> at{};
            for (int a = 0; a < c.dims; ++a)
                at[static_cast<std::size_t>(a)] = std::uniform_real_distribution<double>(-1e5, 1e5)(rng) + 0.37;
            const double block = c.basis == Basis::Psrdnoise ? 512.0 : 256.0;
            const std::array<double, 4> v = blockVector(c, axis, block * k);
            std::array<double, 4> far = at;
            for (std::size_t a = 0; a < 4; ++a) far[a] += v[a];
            SCOPED_TRACE("k " + std::to_string(k) + " along axis " + std::to_string(axis));
            const double on = correlation(tileAt(specOf(c, true), at), tileAt(specOf(c, true), far));
            EXPECT_LT(std::fabs(on), 0.05);
            const double off = correlation(tileAt(specOf(c, false), at), tileAt(specOf(c, false), far));
            EXPECT_GT(off, 0.999);
        }
    }
}

// No basis here changes faster than 16 per cell (the steepest, 3D psrdnoise, about 7).
constexpr double kSlopePerCell = 16.0;

// Points 1/4096 of a cell apart across a block boundary (a hyperplane of the basis's own
// coordinates, where the whole coordinate passes a multiple of 256), at 32 places on it,
// along every axis, at block 1, block 70,001 and where the coordinate wraps from 2^32 - 1
// to 0: no step is larger than the slope allows. Each point has frames of its own, planned
// from its own side of the boundary, so a corner hashed one way from one side and another
// way from the other would jump by a good part of the basis's range.
TEST(WorldHash, ContinuousAcrossBlockBoundariesAndTheWrapAt2To32) {
    constexpr double kStep = 1.0 / 4096.0;
    std::mt19937_64 rng(7);
    for (const Case& c : cases()) {
        if (c.basis == Basis::Cellular && c.cellReturn == CellReturn::CellValue) continue;  // flat cells: steps by design
        NoiseSpec spec = specOf(c, true);
        for (int axis = 0; axis < c.dims; ++axis) {
            for (double boundary : {256.0, 256.0 * 70001.0, 4294967296.0}) {
                SCOPED_TRACE(nameOf(c) + " axis " + std::to_string(axis) + " at cell " + std::to_string(boundary));
                const std::array<double, 4> across = blockVector(c, axis, 1.0);  // the caller's step per basis cell
                const double length = std::sqrt(across[0] * across[0] + across[1] * across[1] + across[2] * across[2] +
                                                 across[3] * across[3]);
                double worst = 0.0;
                for (int place = 0; place < 32; ++place) {
                    std::array<double, 4> on = blockVector(c, axis, boundary);
                    for (int other = 0; other < c.dims; ++other) {
                        if (other == axis) continue;
                        const std::array<double, 4> w =
                            blockVector(c, other, std::uniform_real_distribution<double>(-8.0, 8.0)(rng));
                        for (std::size_t a = 0; a < 4; ++a) on[a] += w[a];
                    }
                    std::vector<cpu::Point> points;
                    for (int k = -32; k < 32; ++k) {
                        cpu::Point p{};
                        for (std::size_t a = 0; a < 4; ++a) p[a] = on[a] + k * kStep * across[a] / length;
                        points.push_back(p);
                    }
                    const std::vector<float> v = cpu::evaluatePoints(spec, points);
                    for (std::size_t i = 1; i < v.size(); ++i)
                        worst = std::max(worst, std::fabs(double(v[i]) - double(v[i - 1])));
                }
                EXPECT_LE(worst, kSlopePerCell * kStep) << "a jump: the corners of a cell hash differently from its two sides";
                EXPECT_GT(worst, 0.0) << "flat: the row missed the noise";
            }
        }
    }
}

TEST(WorldHash, PsrdnoiseWithAPeriodIsRefusedByName) {
    NoiseSpec spec;
    spec.basis = Basis::Psrdnoise;
    spec.period = {8, 8, 0, 0};
    spec.worldHash = true;
    try {
        spec.validate();
        FAIL() << "accepted";
    } catch (const ValidationError& e) {
        EXPECT_NE(std::string(e.what()).find("world-hash"), std::string::npos) << e.what();
    }
    spec.basis = Basis::Perlin;  // a period still wins on the lattice bases
    EXPECT_NO_THROW(spec.validate());
}

}  // namespace
}  // namespace glnoise
