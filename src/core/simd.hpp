// SPDX-License-Identifier: MIT
// The SIMD CPU backend (core/simd*.cpp): the twins of mirror/ over Highway's vectors, one
// lane per texel, compiled for every instruction set Highway targets here and chosen at run
// time. The public entry point is cpu::evaluateSimd (glnoise/cpu.hpp). Internal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/frames.hpp"

namespace glnoise::cpu {
struct GraphPlan;
}

namespace glnoise::cpu::simd {

// The hashes of the corners of 2D lattice cells, table[table[x] + y] for x and y in
// [0, 256): entry 256 y + x packs those of (x, y), (x + 1, y), (x, y + 1) and (x + 1, y + 1)
// (coordinates modulo 256), a byte each from the lowest, so that a vector of lanes reads a
// triangle's three vertices with one gather where the table's reads were six. 256 KiB,
// made in about 0.1 ms, for a grid that repays it (planeWorthIt).
std::vector<std::uint32_t> hashPlane(const Permutation& table);
// Whether a grid of `texels`, each with `framesPerPoint` frames (about its evaluations of
// a basis), whose noise hashes 2D simplex or OpenSimplex2 triangles through the table (no
// world hash), makes its plane: 2^20 evaluations or more, so that the plane's making is a
// few percent of the grid's time where every lane reads one corner and it gains nothing.
bool planeWorthIt(std::int64_t texels, int framesPerPoint);
// Whether noise of `basis` in `dims` dimensions hashes triangles through the table (2D
// simplex and OpenSimplex2 without the world hash): what the plane holds.
inline bool hashesTriangles(int basis, int dims, bool world) {
    return (basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_SIMPLEX) && dims == 2 && !world;
}

// The table as the lanes read it: converts to the permutation for every basis, and is
// the hash of 2D simplex and OpenSimplex2 triangles (mirror/simplex.hpp's
// gln_triangle_hashes, mirror/opensimplex2.hpp's gln_os2_corners2), which reads the plane
// where there is one (else the table).
struct LaneTable {
    const Permutation& P;
    const std::uint32_t* plane;  // hashPlane(P), or nullptr
    operator const Permutation&() const { return P; }  // NOLINT(google-explicit-constructor)
};

// One grid's work: what evaluate() hands each of its threads.
struct Job {
    const NoiseSpec* spec;
    const Permutation* table;
    const std::uint32_t* plane;  // the table's hashPlane, or nullptr
    const SampleParams<float>* params;
    const GlnFrame<float>* frames;
    AnchorLayout layout;
    Grid grid;
    float* out;  // grid.texels() * outputChannels(*spec) floats, texel after texel
};

// A graph's grid (core/graph_eval.cpp): its plan, with each point's frames from the plan.
struct GraphJob {
    const NoiseSpec* space;
    const GraphPlan* plan;
    const Permutation* table;
    const std::uint32_t* plane;  // the table's hashPlane, or nullptr
    const float* params;
    const GlnFrame<float>* frames;
    AnchorLayout layout;
    Grid grid;
    float* out;  // grid.texels() * channels floats, texel after texel
    int channels;
};

// Rows [firstRow, endRow) of the grid (row r: y = r % height, z = r / height), on the
// best target this CPU runs (or the one forceTarget chose).
void evaluateRows(const Job& job, int firstRow, int endRow);
// The same for one family of bases each (core/simd_<family>.cpp): perlin, classic, value
// and perlin-value; simplex; OpenSimplex2 and 2S; cellular; psrdnoise.
void evaluateLatticeRows(const Job& job, int firstRow, int endRow);
void evaluateSimplexRows(const Job& job, int firstRow, int endRow);
void evaluateOpenSimplexRows(const Job& job, int firstRow, int endRow);
void evaluateCellularRows(const Job& job, int firstRow, int endRow);
void evaluatePsrdnoiseRows(const Job& job, int firstRow, int endRow);

// The lattice family's bases, as GLNOISE_SIMD_BASIS(b) each: its general rows
// (core/simd_lattice.cpp) and its column rows (core/simd_lattice_rows.cpp) take them.
#define GLNOISE_SIMD_LATTICE_BASES                                                                   \
    GLNOISE_SIMD_BASIS(GLN_BASIS_PERLIN) GLNOISE_SIMD_BASIS(GLN_BASIS_CLASSIC) GLNOISE_SIMD_BASIS(GLN_BASIS_VALUE) \
        GLNOISE_SIMD_BASIS(GLN_BASIS_PERLIN_VALUE)

// Whether a job of a lattice basis (perlin, classic, value, perlin-value) is the common case
// that evaluateLatticeColumnRows makes from each octave's lattice columns along a row
// (core/simd_columns.hpp): 2D or 3D, the value alone, no warp, turn or pattern.
bool latticeColumnsApply(const Job& job);
void evaluateLatticeColumnRows(const Job& job, int firstRow, int endRow);

// A graph's rows (core/simd_graph.cpp): its plan's operations over the lanes, each leaf in
// its family's file.
void evaluateGraphRows(const GraphJob& job, int firstRow, int endRow);

// A fractal of a graph's first scope (its point the texel's) over one lattice leaf (perlin,
// classic, value, perlin-value) in 2D or 3D, no node driving its numbers, not turned or
// weighted, a fractal type of a spec's, or such a leaf of the first scope itself:
// core/simd_graph.cpp has it made a piece of a row at a time from lattice columns, as a
// spec's rows are (GraphLatticeRow).
struct RowFractal {
    const void* op;  // the fractal's or the leaf's operation (a PlanOp), whose value this is
    int param;       // the fractal's parameters' first
    int type;        // GLN_FBM, GLN_TURBULENCE, GLN_BILLOW or GLN_RIDGED; kPlainLeaf: the leaf
    static constexpr int kPlainLeaf = -1;
    int octaves;     // at most kMaxOctaves
    int basis;
    int curve;
    int dims;
    int frame;  // the leaf's first octave's, from the point's first
    int set;    // which of the thread's column tables it keeps, each fractal its own
};

// A piece of a row for a row fractal or a spec's column rows: texels at offsets s0 .. s0 +
// count - 1 from the anchor along x, its octaves' frames from `frames`, its values to out.
struct RowPiece {
    const GlnFrame<float>* frames;
    int s0;
    int count;
    float* out;
};

// Row r's pieces of a grid, one per anchor: texels [x, x + count) at offsets s0, s0 + 1,
// ... from their anchor, their frames `frames` of the anchor's block (perPoint per block)
// plus `frame`, their values into the row of out (a channel per texel); and the row's
// offsets from the anchor along y and z.
inline void rowPieces(const Grid& grid, const AnchorLayout& l, int r, const GlnFrame<float>* frames, int perPoint, int frame,
                      float* out, std::vector<RowPiece>& pieces, float& sy, float& sz) {
    const int y = r % grid.height;
    const int z = r / grid.height;
    float* row = out + static_cast<std::size_t>(r) * static_cast<std::size_t>(grid.width);
    const int gy = l.startIn[1] + y, gz = l.startIn[2] + z;
    const int ky = gy / kAnchor, kz = gz / kAnchor;
    sy = static_cast<float>(gy - ky * kAnchor);
    sz = static_cast<float>(gz - kz * kAnchor);
    pieces.clear();
    for (int x = 0; x < grid.width;) {
        const int gx = l.startIn[0] + x;
        const int kx = gx / kAnchor;
        const int s0 = gx - kx * kAnchor;
        const int count = std::min(grid.width - x, kAnchor - s0);
        pieces.push_back(RowPiece{frames + l.block(kx, ky, kz) * perPoint + frame, s0, count, row + x});
        x += count;
    }
}

// The plan's row fractals, in the order of its first scope's operations; none where the
// plan wants gradients.
std::vector<RowFractal> rowFractals(const GraphPlan& plan);

// Whether the first scope of the plan runs an operation at a time over each anchor's piece
// of a row (its values in columns), not through the interpreter a vector of texels at a
// time: the value alone wanted, two operations or more, each a row fractal, a fractal over
// one leaf (graph/twin.hpp's fusedLeaf), a basis or white-noise leaf, or a kind of role
// Leaf or Value (core/simd_graph.cpp's Columns). The values are the same either way.
bool inColumns(const GraphPlan& plan);

// io::quantize8/16 of values[0, count) with range [lo, lo + span], whole vectors at a time:
// returns how many it wrote (count rounded down to the vector's lanes).
std::size_t quantize(const float* values, std::size_t count, double lo, double span, std::uint8_t* out);
std::size_t quantize(const float* values, std::size_t count, double lo, double span, std::uint16_t* out);

// Whether this CPU runs a target the backend was compiled for (on x86-64: SSE4.2 with CLMUL
// and AES, or better; core/simd_targets.hpp). Where it does not, requireAvailable throws an
// Error saying so (the reference computes the same values), and quantize leaves every value
// to its caller.
bool available();
void requireAvailable();

// The targets compiled in that this CPU runs, best first (Highway's bits), and a name.
std::vector<std::int64_t> targets();
std::string targetName(std::int64_t target);
// The target evaluateRows runs: the best one, or `target` while it is forced (0: the best
// again). For tests, which run every target; not for use while a grid is evaluated.
std::int64_t currentTarget();
void forceTarget(std::int64_t target);

}  // namespace glnoise::cpu::simd
