// SPDX-License-Identifier: MIT
// The typical range of a spec: where most of its values lie, from a fixed sample of the
// spec itself, so that a bake's default mapping uses most of the levels and never
// depends on the image (tiles of one world map alike).
#include <algorithm>
#include <cmath>
#include <vector>

#include "graph/plan.hpp"
#include "core/simd.hpp"
#include "glnoise/cpu.hpp"

namespace glnoise::cpu {

namespace {

// Lattice cells per sample texel: 256 texels cover about 61 cells, and no octave samples
// the lattice at integer steps.
constexpr double kCellsPerTexel = 0.2371;
constexpr int kEdge = 256;
// The most basis evaluations a graph's typical range takes (4096 frames a point: 1,024 points).
constexpr long long kSampleFrames = 1 << 22;

// x rounded down (or up) to a multiple of q, a power of ten: exact decimal digits.
double roundTo(double x, double q, bool up) {
    const double k = up ? std::ceil(x / q) : std::floor(x / q);
    return q < 1.0 ? k / std::round(1.0 / q) : k * q;
}

// The 0.1% and 99.9% points of v, rounded outward to three significant digits of the
// width (short numbers in the record; a last-bit difference between machines moves
// nothing) and kept within `stated`; `stated` when they do not span a width.
ValueRange percentiles(std::vector<float>& v, const ValueRange& stated) {
    const std::size_t n = v.size();
    const std::size_t lo = n / 1000, hi = n - 1 - n / 1000;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(lo), v.end());
    const double low = v[lo];
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(hi), v.end());
    const double high = v[hi];
    if (!(high > low) || !std::isfinite(high - low)) return stated;
    const double q = std::pow(10.0, std::floor(std::log10(high - low)) - 2.0);
    ValueRange t{roundTo(low, q, false), roundTo(high, q, true)};
    t.min = std::max(t.min, stated.min);
    t.max = std::min(t.max, stated.max);
    if (!(t.max > t.min)) return stated;
    return t;
}

}  // namespace

ValueRange typicalRange(const NoiseSpec& spec) {
    spec.validate();
    const ValueRange stated = spec.statedRange();
    if (spec.output == Output::Normal) return {-1.0, 1.0};
    // The same spec scaled to kCellsPerTexel: every frequency by r, every length in texels
    // by 1 / r, so that it is the same function of lattice cells; r no larger than keeps
    // every octave within the frequency limit the spec itself meets.
    double top = spec.frequency * std::pow(spec.lacunarity, spec.octaves - 1);
    if (spec.warpAmount != 0.0)
        top = std::max(top, spec.effectiveWarpFrequency() * std::pow(spec.lacunarity, spec.warpOctaves - 1));
    const double r = std::min(kCellsPerTexel / spec.frequency, 65536.0 / top);
    NoiseSpec s = spec;
    s.output = Output::Value;
    s.frequency = spec.frequency * r;
    if (spec.warpFrequency > 0.0) s.warpFrequency = spec.warpFrequency * r;
    // Around the origin whatever the offset, z and w: the noise is alike everywhere, and a
    // view that pans keeps its mapping.
    s.offset = {};
    s.z = 0.0;
    s.w = 0.0;
    // A slice of kEdge x kEdge texels (a line of kEdge^2 in 1D) around the origin.
    const Grid grid = spec.dims == 1 ? Grid{kEdge * kEdge / 4, 4, 1} : Grid{kEdge, kEdge, 1};
    const TexelStart start = spec.dims == 1 ? TexelStart{-grid.width / 2, 0, 0} : TexelStart{-kEdge / 2, -kEdge / 2, 0};
    // The SIMD backend's values are the reference's bit for bit: where this CPU has no SIMD
    // target, the reference measures the same range.
    Image img = simd::available() ? evaluateSimd(s, grid, start, 0) : evaluate(s, grid, start);
    std::vector<float>& v = img.data;
    if (spec.dims == 1) v.resize(static_cast<std::size_t>(grid.width));  // the other rows repeat it
    return percentiles(v, stated);
}

ValueRange typicalRange(const Graph& graph) {
    if (const auto spec = specOf(graph)) return typicalRange(*spec);
    const ValueRange stated = statedRange(graph);
    if (graph.space.output == Output::Normal) return {-1.0, 1.0};
    Graph g = graph.pointwise();  // an erode stage's heights lie within its input's
    g.space.output = Output::Value;
    // Around the graph's own origin: a graph has no one frequency to scale by. Every texel
    // of the window while that costs at most kSampleFrames basis evaluations; a graph
    // dearer per point samples the same window at a stride, 2, 4, ... 16 texels (at least
    // 256 points), so that the step stays within about a second on one core.
    const long long frames = std::max(1, planGraph(g).framesPerPoint);
    const long long window = static_cast<long long>(kEdge) * kEdge;
    int stride = 1;
    while (stride < 16 && window / (static_cast<long long>(stride) * stride) * frames > kSampleFrames) stride *= 2;
    if (stride == 1) {
        const Grid grid = g.space.dims == 1 ? Grid{kEdge * kEdge, 1, 1} : Grid{kEdge, kEdge, 1};
        const TexelStart start = g.space.dims == 1 ? TexelStart{-grid.width / 2, 0, 0} : TexelStart{-kEdge / 2, -kEdge / 2, 0};
        Image img = simd::available() ? evaluateSimd(g, grid, start, 0) : evaluate(g, grid, start);  // bit for bit
        return percentiles(img.data, stated);
    }
    std::vector<Point> points;
    if (g.space.dims == 1) {
        // The line of kEdge^2 texels, as many points as a window's at this stride.
        const long long step = static_cast<long long>(stride) * stride;
        for (long long x = -window / 2; x < window / 2; x += step) points.push_back({static_cast<double>(x), 0, 0, 0});
    } else {
        for (int y = -kEdge / 2; y < kEdge / 2; y += stride)
            for (int x = -kEdge / 2; x < kEdge / 2; x += stride) points.push_back({static_cast<double>(x), static_cast<double>(y), 0, 0});
    }
    std::vector<float> v = evaluatePoints(g, points);
    return percentiles(v, stated);
}

}  // namespace glnoise::cpu
