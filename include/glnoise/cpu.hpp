// SPDX-License-Identifier: MIT
// glnoise/cpu.hpp: the CPU reference, the same math as the GLSL library, line by line.
//
//   glnoise::Image ref = glnoise::cpu::evaluate(spec, grid);        // float32, all threads
//   std::vector<float> v = glnoise::cpu::evaluatePoints(spec, pts); // what `glnoise eval` prints
//   double exact = glnoise::cpu::evaluateDouble(spec, table, {x, y, z, 0});  // the oracle
//
// evaluate() works in float32 with the same order of operations as the shaders (compiled
// with -ffp-contract=off), so the GPU is checked against it with a tight tolerance.
// evaluateDouble() evaluates the contract directly in double precision; tests use it to
// bound the float32 error of both paths.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "glnoise/graph.hpp"
#include "glnoise/image.hpp"
#include "glnoise/permutation.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::cpu {

// A point in sample space (the space texel indices live in): x, y, z, w; the components
// beyond the spec's dims are ignored.
using Point = std::array<double, 4>;

// Channels per texel or point for spec.output: 1 for Value, 4 for Gradient and Normal.
int outputChannels(const NoiseSpec& spec);

// How far the GPU may be from evaluate() per channel (docs/math.md): the value
// 1e-5 x the amplitude sum (1 when normalized), plus what a domain warp's displacement
// error moves it by (3e-6 x s x d x |warp amount| x sum_i (gain lacunarity)^i, where s
// is how much faster than the noise the fractal changes: 1 for fBm and turbulence, 2 for
// billow, 2m(1 + ridgeGain m^2) for ridged with m = max(|offset|, |B - offset|); d is 1
// for one warp and 2 + J for two, J = |amount| (warp frequency / frequency) 3 x
// sum_i<warpOctaves (gain lacunarity)^i / sum_i gain^i, the warp's Jacobian), and for
// marble and wood k times that plus 1e-5; gradient channels 1e-4 x sum_i gain^i frequency_i (divided
// by the amplitude sum when normalized); normal channels 1e-4.
std::array<double, 4> agreementTolerance(const NoiseSpec& spec);

// threads: 0 uses every CPU this process may run on (its affinity). Throws ValidationError
// for a bad spec or grid.
// The image has outputChannels(spec) channels.
Image evaluate(const NoiseSpec& spec, const Grid& grid, unsigned threads = 0);
// The grid whose texel (0,0,0) is world texel `start` (a tile of the world; spec.hpp).
Image evaluate(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads = 0);

// The SIMD backend (`--backend cpu`): the same twins over SIMD vectors, one texel per lane,
// on the widest instruction set this CPU runs (chosen at run time: AVX-512, AVX2, SSE4,
// NEON, or portable code), on `threads` threads. Every texel is bit for bit evaluate()'s,
// whatever the instruction set and thread count; it is several times faster.
Image evaluateSimd(const NoiseSpec& spec, const Grid& grid, const TexelStart& start = {}, unsigned threads = 0);
// The same into `out`, reshaped to the grid. Its storage is kept where it already holds as
// many floats, so a loop over grids of one size allocates and clears memory once, as a
// caller's own buffer would; the returning form clears a new image on one thread first.
void evaluateSimd(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads, Image& out);
// The instruction set evaluateSimd runs here, as Highway names it: "AVX2", "AVX3" (AVX-512),
// "SSE4", "NEON", "EMU128" (portable).
std::string simdTarget();

// Where most of the spec's values lie: the 0.1% and 99.9% points of its values over a
// fixed sample of the spec itself (256 x 256 points, a line of 65,536 in 1D, about 61
// lattice cells across, around the origin of the noise), rounded outward to three
// significant digits of the width and kept within statedRange(); [-1, 1] for normal maps.
// It depends on the spec's noise alone: not on a grid, the offset, z or w, nor (but for
// frequencies so high that the sample would pass the frequency limit) the frequency, which
// only scales the noise. Every tile of a world gets the same one, and a view that pans or
// zooms keeps it; it is
// what a bake maps to 0..255 (0..65535) unless --range says otherwise. Evaluated on the
// SIMD backend, bit for bit the reference's values on every CPU.
ValueRange typicalRange(const NoiseSpec& spec);

// outputChannels(spec) values per point, one point after the other.
std::vector<float> evaluatePoints(const NoiseSpec& spec, const std::vector<Point>& points);

// The spec at p in double precision: the same sum, warp and pattern as evaluate(), with
// every operation in double (p in sample space; spec.z and spec.w are added as for a grid).
double evaluateDouble(const NoiseSpec& spec, const Permutation& table, const Point& p);
// The same for every channel of spec.output: (value, gradient) or (normal, value).
std::array<double, 4> evaluateDoubleOutput(const NoiseSpec& spec, const Permutation& table, const Point& p);

// A noise graph (glnoise/graph.hpp), as evaluate() and evaluatePoints() do a spec: the
// graph's value (or its output's four channels) at every texel of the grid, world texel
// start + (i, j, k) sampling graph.space's offset plus that texel. A graph that is a spec
// (specOf) is evaluated as that spec; any other by the graph's own plan. Throws
// ValidationError for a bad graph or grid.
int outputChannels(const Graph& graph);
// How far the GPU may be from evaluate() per channel for a graph: each node's error bound
// from its inputs' errors and slopes (docs/graphs.md, "Ranges and tolerance"); a graph
// that is a spec has the spec's.
std::array<double, 4> agreementTolerance(const Graph& graph);
// Where most of a graph's values lie: the 0.1% and 99.9% points over 256 x 256 texels
// around its own origin (a line of 65,536 in 1D), rounded outward to three significant
// digits of the width and kept within statedRange(graph). A graph that needs more than 64
// basis evaluations per point samples that window at a stride of 2 to 16 texels (at most
// 2^22 evaluations in all, at least 256 points). A graph that is a spec has the spec's
// typical range.
ValueRange typicalRange(const Graph& graph);
Image evaluate(const Graph& graph, const Grid& grid, const TexelStart& start = {}, unsigned threads = 0);
std::vector<float> evaluatePoints(const Graph& graph, const std::vector<Point>& points);
// The graph on the SIMD backend, as evaluateSimd() does a spec: every texel bit for bit
// evaluate()'s, on every instruction set.
Image evaluateSimd(const Graph& graph, const Grid& grid, const TexelStart& start = {}, unsigned threads = 0);
// The graph at p with every operation in double (the oracle): (value, gradient) or (normal, value).
std::array<double, 4> evaluateDoubleOutput(const Graph& graph, const Point& p);

// The GLSL library's functions, called as your shader calls them: the same float32
// operations in the same order, so gln_perlin3(p) in a shader reading `table` returns
// what perlin3(table, p) returns here (to the last bit where the GPU does not fuse
// multiply-adds; always within 1e-5).
float perlin3(const Permutation& table, float x, float y, float z);
float perlin2(const Permutation& table, float x, float y);
float fbm3(const Permutation& table, float x, float y, float z, int octaves, float lacunarity, float gain);
float fbm2(const Permutation& table, float x, float y, int octaves, float lacunarity, float gain);

}  // namespace glnoise::cpu
