// SPDX-License-Identifier: MIT
#include "glnoise/spec.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <vector>

#include "glnoise/format.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/error.hpp"
#include "glnoise/fields.hpp"

namespace glnoise {

namespace {

// Beyond this many lattice cells per sample unit in the highest octave, octaves only
// alias and float32 sample coordinates lose their fraction.
constexpr double kMaxOctaveFrequency = 65536.0;

bool finitePositive(double v) { return std::isfinite(v) && v > 0.0; }

// A number a float cannot hold but as 0 or a subnormal (the GPU and the reference compute in
// float): refused in its own words, not as what it would become.
const char* const kTinyText = "is below 1.17549435e-38 in magnitude, the least a float holds (it would be computed as 0); "
                              "give 0 where it is allowed, or a larger value";

template <class K>
auto parseName(const char* what, const std::string& text, const std::vector<K>& kinds) {
    for (const K& k : kinds)
        if (text == k.name) return k.value;
    throw ValidationError(Violation{what, text + ": allowed: " + kindNames(kinds)});
}

template <class E>
const char* nameOf(const std::vector<Kind<E>>& kinds, E value) {
    for (const Kind<E>& k : kinds)
        if (k.value == value) return k.name;
    return "?";
}

}  // namespace

const char* toString(Basis b) { return kindOf(b).name; }
const char* toString(Curve c) { return nameOf(curveKinds(), c); }
const char* toString(Fractal f) { return nameOf(fractalKinds(), f); }
const char* toString(Output o) { return nameOf(outputKinds(), o); }
const char* toString(Pattern p) { return nameOf(patternKinds(), p); }
const char* toString(CellReturn r) { return nameOf(cellReturnKinds(), r); }
const char* toString(CellDistance d) { return nameOf(cellDistanceKinds(), d); }

Basis parseBasis(const std::string& text) { return parseName("basis", text, basisKinds()); }
Curve parseCurve(const std::string& text) { return parseName("interp", text, curveKinds()); }
Fractal parseFractal(const std::string& text) { return parseName("fractal", text, fractalKinds()); }
Output parseOutput(const std::string& text) { return parseName("output", text, outputKinds()); }
Pattern parsePattern(const std::string& text) { return parseName("pattern", text, patternKinds()); }
bool isEuclideanOnly(CellReturn ret) { return ret == CellReturn::Edge || ret == CellReturn::Radius; }

CellReturn parseCellReturn(const std::string& text) { return parseName("cell-return", text, cellReturnKinds()); }
CellDistance parseCellDistance(const std::string& text) {
    return parseName("cell-distance", text, cellDistanceKinds());
}

double cellularBound(CellReturn ret, CellDistance distance, int dims, bool worldHash) {
    // The extremes tests/bench/glnoise_ranges.cpp found over jitters 0 to 1, rounded up
    // (docs/noise.md); rows F1, F2, F2 - F1, edge; columns 1D to 4D. The world hash's
    // (glnoise_ranges --world --cellular) where they reach further: its feature points
    // fall in combinations no table makes, up to the 1D limits 0.998 (F1) and 1.498 (F2,
    // F2 - F1) that the points' 256 places allow.
    static constexpr double kEuclidean[2][4][4] = {
        {{0.95, 1.25, 1.29, 1.26}, {1.5, 1.48, 1.36, 1.33}, {1.46, 1.32, 1.22, 1.12}, {0.75, 0.71, 0.66, 0.6}},
        {{1.0, 1.25, 1.29, 1.28}, {1.5, 1.48, 1.36, 1.33}, {1.5, 1.37, 1.25, 1.15}, {0.75, 0.71, 0.66, 0.62}}};
    static constexpr double kManhattan[2][3][4] = {
        {{0.95, 1.69, 2.07, 2.25}, {1.5, 1.85, 2.08, 2.27}, {1.46, 1.71, 1.8, 1.78}},
        {{1.0, 1.69, 2.07, 2.25}, {1.5, 1.85, 2.08, 2.27}, {1.5, 1.71, 1.83, 1.9}}};
    static constexpr double kChebyshev[2][3][4] = {
        {{0.95, 1.0, 0.98, 0.93}, {1.5, 1.36, 1.16, 1.01}, {1.46, 1.26, 1.01, 1.01}},
        {{1.0, 1.0, 0.99, 0.93}, {1.5, 1.36, 1.16, 1.05}, {1.5, 1.26, 1.1, 1.01}}};
    // F2^2 - F1^2, measured; F1^2 and F2^2 are the Euclidean bounds squared.
    static constexpr double kDifference[2][4] = {{2.19, 1.96, 1.78, 1.54}, {2.25, 2.03, 1.78, 1.54}};
    // F1 + F2, F1 F2, F3 and F4 by distance (euclidean, its square, manhattan, chebyshev),
    // and the inscribed radius, measured the same way.
    static constexpr double kMore[2][4][4][4] = {
        {{{1.89, 2.51, 2.55, 2.45}, {2.28, 3.15, 3.24, 2.99}, {1.89, 3.36, 4.11, 4.48}, {1.89, 1.99, 1.95, 1.84}},
         {{0.89, 1.58, 1.63, 1.5}, {0.79, 2.47, 2.62, 2.23}, {0.89, 2.81, 4.22, 5.0}, {0.89, 0.99, 0.95, 0.84}},
         {{2.0, 1.61, 1.51, 1.39}, {3.97, 2.58, 2.27, 1.92}, {2.0, 2.09, 2.16, 2.31}, {2.0, 1.46, 1.21, 1.05}},
         {{2.49, 1.73, 1.54, 1.42}, {6.16, 2.97, 2.36, 2.0}, {2.49, 2.24, 2.29, 2.35}, {2.49, 1.48, 1.24, 1.07}}},
        {{{2.01, 2.51, 2.55, 2.54}, {2.49, 3.15, 3.24, 3.21}, {2.01, 3.36, 4.11, 4.48}, {2.01, 1.99, 1.97, 1.85}},
         {{1.01, 1.58, 1.63, 1.61}, {1.0, 2.47, 2.62, 2.58}, {1.01, 2.81, 4.22, 5.0}, {1.01, 0.99, 0.97, 0.85}},
         {{2.01, 1.65, 1.51, 1.39}, {3.99, 2.69, 2.27, 1.92}, {2.01, 2.09, 2.16, 2.36}, {2.01, 1.47, 1.22, 1.05}},
         {{2.5, 1.73, 1.54, 1.42}, {6.22, 2.98, 2.36, 2.0}, {2.5, 2.3, 2.29, 2.36}, {2.5, 1.5, 1.24, 1.08}}}};
    static constexpr double kRadius[2][4] = {{0.73, 0.7, 0.64, 0.63}, {0.76, 0.71, 0.66, 0.63}};
    const std::size_t w = worldHash ? 1 : 0;
    const std::size_t d = static_cast<std::size_t>(std::min(4, std::max(1, dims)) - 1);
    if (ret == CellReturn::SmoothF1) ret = CellReturn::F1;  // no more than F1
    // A Minkowski distance with exponent >= 1 is a norm no larger than Manhattan's, so each
    // nearest point is no further under it: Manhattan's bounds hold (F2 - F1 by F2's).
    if (distance == CellDistance::Minkowski) {
        if (ret == CellReturn::F2MinusF1) ret = CellReturn::F2;
        distance = CellDistance::Manhattan;
    }
    if (ret == CellReturn::CellValue) return 1.0;
    if (ret == CellReturn::F1OverF2) return 1.0;  // F1 <= F2, equal on the edges
    if (ret == CellReturn::Edge) return kEuclidean[w][3][d];
    if (ret == CellReturn::Radius) return kRadius[w][d];
    if (ret == CellReturn::F1PlusF2 || ret == CellReturn::F1TimesF2 || ret == CellReturn::F3 || ret == CellReturn::F4) {
        const std::size_t r = ret == CellReturn::F1PlusF2 ? 0 : ret == CellReturn::F1TimesF2 ? 1 : ret == CellReturn::F3 ? 2 : 3;
        return kMore[w][r][static_cast<std::size_t>(distance)][d];
    }
    const std::size_t r = ret == CellReturn::F1 ? 0 : ret == CellReturn::F2 ? 1 : 2;
    switch (distance) {
        case CellDistance::Euclidean: return kEuclidean[w][r][d];
        case CellDistance::EuclideanSquared:
            if (r == 2) return kDifference[w][d];
            return kEuclidean[w][r][d] * kEuclidean[w][r][d];
        case CellDistance::Manhattan:
        case CellDistance::Minkowski: return kManhattan[w][r][d];
        case CellDistance::Chebyshev: return kChebyshev[w][r][d];
    }
    return kEuclidean[w][r][d];
}

double smoothF1Points(CellDistance distance, int dims, double smoothness, bool worldHash) {
    double far = cellularBound(CellReturn::F1, distance, dims, worldHash) + 10.0 * smoothness;
    if (distance == CellDistance::EuclideanSquared) far = std::sqrt(far);  // a length
    // No distance is shorter than the largest axis's, so every such point lies in the box of
    // half-edge `far` about the sample, which meets ceil(2 far) + 1 cells per axis.
    return std::pow(std::ceil(2.0 * far) + 1.0, std::min(4, std::max(1, dims)));
}

double basisBound(Basis basis, int dims, bool worldHash) {
    const int d = std::min(4, std::max(1, dims));
    const double table = kindOf(basis).bound[static_cast<std::size_t>(d - 1)];
    if (!worldHash) return table;
    // Where the world hash's arrangements reach beyond the table's bound
    // (glnoise_ranges --world: classic 3D 1.0442, perlin-value 2D 1.8962 and 4D 1.9590).
    if (basis == Basis::Classic && d == 3) return 1.06;
    if (basis == Basis::PerlinValue && d == 2) return 1.92;
    if (basis == Basis::PerlinValue && d == 4) return 1.98;
    return table;
}


void NoiseSpec::validate() const {
    std::vector<Violation> v;
    const BasisKind& kind = kindOf(basis);
    if (dims < 1 || dims > 4)
        v.push_back(Violation{"dims", std::to_string(dims) + ": must be 1, 2, 3 or 4"});
    else if (dims < kind.minDims || dims > kind.maxDims)
        v.push_back(Violation{"dims", std::to_string(dims) + ": " + kind.name + " noise exists in " +
                    std::to_string(kind.minDims) + (kind.maxDims == kind.minDims + 1 ? " and " : " to ") +
                    std::to_string(kind.maxDims) + " dimensions"});
    // Each number and count within its field's range (glnoise/fields.hpp), one rule and
    // one text for every field: a graph's field of the same key reads the same row.
    for (const SpecField& f : specFields()) {
        auto check = [&](double value, const std::string& shown, const char* each) {
            if (f.allows(value)) return;
            const bool tiny = std::isfinite(value) && value != 0.0 && std::fabs(value) < static_cast<double>(std::numeric_limits<float>::min());
            v.push_back(Violation{f.name, shown + ": " + each + (tiny ? kTinyText : "must be " + f.rangeText())});
        };
        if (const auto m = std::get_if<double NoiseSpec::*>(&f.member)) check(this->**m, formatNumber(this->**m), "");
        if (const auto m = std::get_if<int NoiseSpec::*>(&f.member); m && (*m == &NoiseSpec::octaves || *m == &NoiseSpec::warpOctaves))
            check(this->**m, std::to_string(this->**m), "");
        if (const auto m = std::get_if<std::array<double, 3> NoiseSpec::*>(&f.member)) {
            const auto& a = this->**m;
            for (double c : a)
                if (!f.allows(c)) {
                    check(c, formatNumber(a[0]) + "," + formatNumber(a[1]) + "," + formatNumber(a[2]), "every component ");
                    break;
                }
        }
    }
    if (z != 0.0 && dims < 3)
        v.push_back(Violation{"z", formatNumber(z) + ": needs dims 3 or 4 (a z-slice of 3D or 4D noise)"});
    if (w != 0.0 && dims != 4)
        v.push_back(Violation{"w", formatNumber(w) + ": needs dims 4"});

    // Periods.
    const bool periodic = period[0] != 0 || period[1] != 0 || period[2] != 0 || period[3] != 0;
    std::string periodText;
    for (int a = 0; a < 4; ++a)
        if (period[static_cast<std::size_t>(a)] != 0 || a < dims)
            periodText += (periodText.empty() ? "" : ",") + std::to_string(period[static_cast<std::size_t>(a)]);
    if (periodic) {
        bool ok = true;
        for (int a = 0; a < 4; ++a) {
            const int p = period[static_cast<std::size_t>(a)];
            if (p < 0 || p > kMaxPeriod) ok = false;
            if (p != 0 && a >= dims) ok = false;
        }
        if (!ok)
            v.push_back(Violation{"period", periodText + ": each component must be an integer between 0 (none) and " +
                        std::to_string(kMaxPeriod) + ", one per dimension (dims " + std::to_string(dims) + ")"});
        if (kind.noPeriod) {
            std::string tiling;
            for (const BasisKind& b : basisKinds())
                if (!b.noPeriod && b.value != Basis::Psrdnoise) tiling += (tiling.empty() ? "" : ", ") + std::string(b.name);
            const auto last = tiling.rfind(", ");
            if (last != std::string::npos) tiling.replace(last, 2, " or ");
            v.push_back(Violation{"period", periodText + ": " + kind.name + " noise cannot tile: " + kind.noPeriod +
                        "; use psrdnoise, the simplex-type noise that tiles, or " + tiling});
        }
        if (basis == Basis::Psrdnoise && worldHash)
            v.push_back(Violation{"world-hash", "with period " + periodText + ": psrdnoise's periods reduce its skewed "
                        "lattice's axes together, so its world hash has none; tile without --world-hash (a period "
                        "repeats anyway)"});
        if (basis == Basis::Psrdnoise && dims == 2 && period[1] % 2 != 0)
            v.push_back(Violation{"period", periodText + ": psrdnoise's y period must be even: its rows of lattice points "
                        "alternate, every other one shifted by half a cell"});
        if (std::isfinite(lacunarity) && lacunarity != std::floor(lacunarity))
            v.push_back(Violation{"lacunarity", formatNumber(lacunarity) + " with period " + periodText +
                        ": must be an integer, because octave i repeats every period * lacunarity^i cells"});
        else if (ok && lacunarity >= 1.0 && octaves >= 1 && octaves <= kMaxOctaves) {
            int biggest = std::max(std::max(period[0], period[1]), std::max(period[2], period[3]));
            const double top = biggest * std::pow(lacunarity, octaves - 1);
            if (top > kMaxPeriod)
                v.push_back(Violation{"period", periodText + " with lacunarity " + formatNumber(lacunarity) + " and " +
                            std::to_string(octaves) + " octaves: the last octave's period " + formatNumber(top) +
                            " must be at most " + std::to_string(kMaxPeriod)});
        }
        if (pattern == Pattern::Marble || pattern == Pattern::Wood)
            v.push_back(Violation{"pattern", std::string() + toString(pattern) + " with period " + periodText +
                        ": the pattern's sine repeats every 2 pi cells, not an integer period"});
    }

    // Outputs.
    if (output != Output::Value) {
        if (dims != 2 && dims != 3)
            v.push_back(Violation{"output", std::string() + toString(output) + ": gradients exist for dims 2 and 3"});
        if (fractal != Fractal::Fbm)
            v.push_back(Violation{"output", std::string() + toString(output) + ": needs fractal fbm; " + toString(fractal) +
                        " takes |noise|, whose gradient jumps where the noise crosses 0"});
        if (warpAmount != 0.0)
            v.push_back(Violation{"output", std::string() + toString(output) +
                        ": not with a domain warp (the warp's Jacobian is not carried)"});
        if (pattern == Pattern::Marble || pattern == Pattern::Wood)
            v.push_back(Violation{"output", std::string() + toString(output) + ": not with pattern " + toString(pattern)});
    }

    // Warp.
    if (warpDepth != 1 && warpDepth != 2)
        v.push_back(Violation{"warp-depth", std::to_string(warpDepth) + ": must be 1 or 2"});
    if (periodic && warpAmount != 0.0 && finitePositive(frequency) && std::isfinite(warpFrequency)) {
        const double ratio = effectiveWarpFrequency() / frequency;
        if (ratio != std::floor(ratio) || ratio < 1.0)
            v.push_back(Violation{"warp-frequency", formatNumber(effectiveWarpFrequency()) + " with period " + periodText +
                        ": must be an integer multiple of the frequency " + formatNumber(frequency) +
                        ", so that the warp repeats with the noise"});
    }

    // Patterns.
    if (pattern == Pattern::Wood && dims < 2)
        v.push_back(Violation{"pattern", "wood: needs dims 2 or more (rings around the origin of x and y)"});
    if (pattern == Pattern::Clouds && fractal != Fractal::Turbulence)
        v.push_back(Violation{"pattern", std::string("clouds: is the turbulence fractal; got fractal ") + toString(fractal)});

    if (rotate && dims == 1)
        v.push_back(Violation{"rotate", "needs dims 2 or more: one axis has nothing to turn to"});
    if (rotate && periodic)
        v.push_back(Violation{"rotate", "with period " + periodText +
                    ": a turned lattice does not repeat along the axes; tile without --rotate"});

    // Cellular noise.
    if (isEuclideanOnly(cellReturn) && cellDistance != CellDistance::Euclidean)
        v.push_back(Violation{"cell-distance", std::string(toString(cellDistance)) + " with cell-return " +
                    toString(cellReturn) + ": " +
                    (cellReturn == CellReturn::Edge ? "the distance to an edge" : "the inscribed radius") +
                    " is Euclidean; use euclidean"});

    if (v.empty()) {
        const double highest = frequency * std::pow(lacunarity, octaves - 1);
        if (!(highest <= kMaxOctaveFrequency))
            v.push_back(Violation{"frequency", formatNumber(frequency) + " with lacunarity " +
                        formatNumber(lacunarity) + " and " + std::to_string(octaves) +
                        " octaves: the highest octave's frequency " + formatNumber(highest) +
                        " must be at most " + formatNumber(kMaxOctaveFrequency) +
                        " cells per sample unit"});
        const double warpHighest = effectiveWarpFrequency() * std::pow(lacunarity, warpOctaves - 1);
        if (warpAmount != 0.0 && !(warpHighest <= kMaxOctaveFrequency))
            v.push_back(Violation{"warp-frequency", formatNumber(effectiveWarpFrequency()) + " with lacunarity " +
                        formatNumber(lacunarity) + " and " + std::to_string(warpOctaves) +
                        " warp octaves: the highest warp octave's frequency " + formatNumber(warpHighest) +
                        " must be at most " + formatNumber(kMaxOctaveFrequency) + " cells per sample unit"});
    }
    if (!v.empty()) throw ValidationError(std::move(v));
}

double NoiseSpec::amplitudeSum() const {
    double sum = 0.0;
    double amp = 1.0;
    for (int i = 0; i < octaves; ++i) {
        sum += amp;
        amp *= gain;
    }
    return sum;
}

ValueRange NoiseSpec::basisRange() const {
    const double B = basisBound(basis, dims, worldHash);
    if (basis != Basis::Cellular) return {-B, B};
    if (cellReturn == CellReturn::CellValue) return {-1.0, 1.0};
    const int d = std::min(4, std::max(1, dims));
    if (cellReturn == CellReturn::SmoothF1)
        return {-cellSmoothness * std::log(smoothF1Points(cellDistance, d, cellSmoothness, worldHash)),
                cellularBound(CellReturn::F1, cellDistance, d, worldHash)};
    return {0.0, cellularBound(cellReturn, cellDistance, d, worldHash)};
}

ValueRange NoiseSpec::statedRange() const {
    if (pattern == Pattern::Marble || pattern == Pattern::Wood) return {-1.0, 1.0};
    const ValueRange n = basisRange();
    const double M = std::max(std::fabs(n.min), std::fabs(n.max));
    const double a = n.min <= 0.0 && n.max >= 0.0 ? 0.0 : std::min(std::fabs(n.min), std::fabs(n.max));
    const double S = normalize ? 1.0 : amplitudeSum();
    switch (fractal) {
        case Fractal::Fbm: return {n.min * S, n.max * S};
        case Fractal::Turbulence: return {a * S, M * S};
        case Fractal::Billow: return {(2.0 * a - 1.0) * S, (2.0 * M - 1.0) * S};
        case Fractal::Ridged: {
            const double m = std::max(std::fabs(ridgeOffset - a), std::fabs(ridgeOffset - M));
            return {0.0, m * m * S};
        }
    }
    return {n.min * S, n.max * S};
}

int NoiseSpec::usefulOctaves() const {
    int n = 0;
    double f = frequency;
    for (int i = 0; i < octaves; ++i) {
        if (f > 0.5) break;
        ++n;
        f *= lacunarity;
    }
    return std::max(1, n);
}

void Grid::validate() const {
    std::vector<Violation> v;
    const char* names[3] = {"width", "height", "depth"};
    const int edges[3] = {width, height, depth};
    for (int i = 0; i < 3; ++i)
        if (edges[i] < 1 || edges[i] > kMaxEdge)
            v.push_back(Violation{"size", toString(*this) + ": " + names[i] + " " +
                        std::to_string(edges[i]) + " must be between 1 and " +
                        std::to_string(kMaxEdge)});
    if (v.empty() && texels() > kMaxTexels)
        v.push_back(Violation{"size", toString(*this) + ": " + std::to_string(texels()) +
                    " texels; at most " + std::to_string(kMaxTexels) +
                    " (1 GiB of float32) fit in one texture"});
    if (!v.empty()) throw ValidationError(std::move(v));
}

void validateStart(const TexelStart& start, const Grid& grid) {
    const int edges[3] = {grid.width, grid.height, grid.depth};
    const char* axes[3] = {"x", "y", "z"};
    std::vector<Violation> v;
    for (int a = 0; a < 3; ++a) {
        const std::int64_t s = start[static_cast<std::size_t>(a)];
        if (s < -kMaxWorldTexel || s > kMaxWorldTexel - edges[a])
            v.push_back(Violation{"start", std::string(axes[a]) + " " + std::to_string(s) + ": a grid of " + toString(grid) +
                        " must lie within world texels -2^52 to 2^52"});
    }
    if (!v.empty()) throw ValidationError(std::move(v));
}

Grid parseSize(const std::string& text, int maxEdge) {
    const std::string allowed = "must be WxH or WxHxD with each edge between 1 and " +
                                std::to_string(maxEdge);
    std::vector<long long> edges;
    std::size_t pos = 0;
    while (true) {
        const std::size_t x = text.find('x', pos);
        const std::string part = text.substr(pos, x == std::string::npos ? x : x - pos);
        long long value = 0;
        auto res = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || res.ec != std::errc() || res.ptr != part.data() + part.size())
            throw ValidationError(Violation{"size", text + ": " + allowed});
        edges.push_back(value);
        if (x == std::string::npos) break;
        pos = x + 1;
    }
    if (edges.size() < 2 || edges.size() > 3) throw ValidationError(Violation{"size", text + ": " + allowed});
    for (long long e : edges)
        if (e < 1 || e > maxEdge) throw ValidationError(Violation{"size", text + ": " + allowed});
    Grid g;
    g.width = static_cast<int>(edges[0]);
    g.height = static_cast<int>(edges[1]);
    g.depth = edges.size() == 3 ? static_cast<int>(edges[2]) : 1;
    if (maxEdge == kMaxEdge) g.validate();  // a texture; a bake's larger size is cut into textures
    return g;
}

std::string toString(const Grid& grid) {
    std::string s = std::to_string(grid.width) + "x" + std::to_string(grid.height);
    if (grid.isVolume()) s += "x" + std::to_string(grid.depth);
    return s;
}

}  // namespace glnoise
