// SPDX-License-Identifier: MIT
// The SIMD CPU backend's common case: rows of perlin, classic, value and perlin-value noise
// made from each octave's lattice columns (core/simd_columns.hpp), for every Highway target,
// in a file of its own so that it compiles beside the family's general rows
// (core/simd_lattice.cpp).
#include "core/simd_targets.hpp"
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_lattice_rows.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "core/simd_columns.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {
namespace {

void EvaluateColumns(const simd::Job& j, int firstRow, int endRow) {
#define GLNOISE_SIMD_BASIS(b) \
    case b: return ColumnRowsOf<b>(j, firstRow, endRow);
    switch (j.params->basis) {
        GLNOISE_SIMD_LATTICE_BASES
        default: break;
    }
#undef GLNOISE_SIMD_BASIS
}

// Each fractal's column tables (simd::RowFractal::set), one per octave: this thread's.
std::vector<LatticeColumns>& graphColumns(int set) {
    static thread_local std::vector<std::vector<LatticeColumns>> sets;
    if (sets.size() <= static_cast<std::size_t>(set)) sets.resize(static_cast<std::size_t>(set) + 1);
    return sets[static_cast<std::size_t>(set)];
}

// A graph's row fractal of basis kBasis through the kernel, in 2D or 3D (q: its parameters).
template <int kBasis>
void GraphRowOf(const Permutation& P, bool world, const simd::RowFractal& f, const float* q, std::vector<LatticeColumns>& columns,
                const simd::RowPiece* pieces, int n, float sy, float sz, bool padded) {
    const int curve = gln_basis_curve(kBasis, f.curve);
    if (f.dims == 2)
        LatticePieces<kBasis, 2>(P, curve, world, f.octaves, f.type, q[0], q[1], q, q[2], columns, pieces, n, sy, sz, padded);
    else
        LatticePieces<kBasis, 3>(P, curve, world, f.octaves, f.type, q[0], q[1], q, q[2], columns, pieces, n, sy, sz, padded);
}

}  // namespace

// graph/moves.hpp's Fractal twin over its leaf: octave i's frame the leaf's i-th, its
// point's parts that frame's frequency and the lacunarity power q[4 + 2 i], its amplitude
// q[3 + 2 i]; the sum times q[2] (normalize's factor, or 1). A plain leaf
// (graph/twin.hpp's gln_g_basis): its frame's frequency times s, its value.
void GraphLatticeRow(const Permutation& P, bool world, const simd::RowFractal& f, const float* params,
                     const simd::RowPiece* pieces, int n, float sy, float sz, bool fresh, bool padded) {
    // A plain leaf: one octave of amplitude, lacunarity and factor 1, its value as it is.
    static constexpr float kUnit[5] = {0.0f, 0.0f, 1.0f, 1.0f, 1.0f};
    const float* q = f.type == simd::RowFractal::kPlainLeaf ? kUnit : params + f.param;
    std::vector<LatticeColumns>& columns = graphColumns(f.set);
    if (columns.size() < static_cast<std::size_t>(f.octaves)) columns.resize(static_cast<std::size_t>(f.octaves));
    if (fresh)
        for (LatticeColumns& c : columns) c.clear();
#define GLNOISE_SIMD_BASIS(b) \
    case b: return GraphRowOf<b>(P, world, f, q, columns, pieces, n, sy, sz, padded);
    switch (f.basis) {
        GLNOISE_SIMD_LATTICE_BASES
        default: break;
    }
#undef GLNOISE_SIMD_BASIS
}

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace glnoise::cpu::simd {

HWY_EXPORT(EvaluateColumns);

void evaluateLatticeColumnRows(const Job& job, int firstRow, int endRow) {
    HWY_DYNAMIC_DISPATCH(EvaluateColumns)(job, firstRow, endRow);
}

}  // namespace glnoise::cpu::simd
#endif  // HWY_ONCE
