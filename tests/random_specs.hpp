// SPDX-License-Identifier: MIT
// Random specs over the whole catalogue, drawn by a seeded generator: every basis in its
// dimensions, fractal, curve, output, period, warp, pattern, seed and world hash, on a small grid
// anywhere in the world. The GPU's property test and the SIMD backend's test draw them.
#pragma once

#include <algorithm>
#include <cmath>
#include <random>

#include "glnoise/glnoise.hpp"

namespace glnoise::test {

// A valid spec and the grid it is checked on, or nothing when the draw is not valid.
struct Draw {
    NoiseSpec spec;
    Grid grid;
    TexelStart start{};
};

inline Draw draw(std::mt19937_64& rng) {
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
    if (s.basis == Basis::Cellular) {
        s.cellReturn = cellReturnKinds()[static_cast<std::size_t>(pick(static_cast<int>(cellReturnKinds().size())))].value;
        s.cellDistance = isEuclideanOnly(s.cellReturn)
                             ? CellDistance::Euclidean
                             : cellDistanceKinds()[static_cast<std::size_t>(pick(static_cast<int>(cellDistanceKinds().size())))].value;
        s.cellJitter = pick(4) == 0 ? 1.0 : uniform(0.0, 1.0);
        if (s.cellDistance == CellDistance::Minkowski) s.cellExponent = uniform(1.0, 8.0);
        if (s.cellReturn == CellReturn::SmoothF1) s.cellSmoothness = uniform(0.0, 0.25);
    }
    if (!periodic && s.dims >= 2 && pick(4) == 0) s.rotate = true;
    const bool volume = s.dims >= 3 && s.output != Output::Normal && pick(3) == 0;
    d.grid = volume ? Grid{8 + pick(9), 8 + pick(9), 2 + pick(4)} : Grid{16 + pick(33), 8 + pick(25), 1};
    if (volume) d.start[2] = static_cast<std::int64_t>(pick(201)) - 100;
    // Half the draws hash the whole lattice coordinate, decided by a draw already made so
    // that the other draws stay as they were; psrdnoise's periods refuse it.
    s.worldHash = (d.start[0] & 1) != 0 && !(s.basis == Basis::Psrdnoise && periodic);
    return d;
}

}  // namespace glnoise::test
