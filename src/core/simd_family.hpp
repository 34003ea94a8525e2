// SPDX-License-Identifier: MIT
// One family of the SIMD backend's bases, for every Highway target: included by each
// core/simd_<family>.cpp after it names its rows function (GLNOISE_SIMD_ROWS), its graph
// leaf (GLNOISE_SIMD_LEAF), its bases (GLNOISE_SIMD_BASES, as GLNOISE_SIMD_BASIS(b) each)
// and itself (HWY_TARGET_INCLUDE), so that the families compile in parallel; cellular
// noise's also names a cellular lookup's search (GLNOISE_SIMD_NEAREST). Highway
// re-includes the file once per target, hence no include guard. Internal.
// A family's file also holds a graph's fractal over one of its leaves, the fractal's twin
// and the leaf inlined together, where GCC 12's IPA-SRA splits off a copy compiled
// without the target's instruction set and fails on its AVX-512 lanes (an internal
// compiler error in convert_move): off for these files (GCC's flag, which clang, reading
// the build's commands for its checks, would not take). Values do not change: it only
// decides how arguments pass between functions that the flattened code does not call.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-ipa-sra")
#endif
#include "core/simd_targets.hpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "core/simd_rows.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {
namespace {  // each family's own, by the same name

void EvaluateFamily(const simd::Job& j, int firstRow, int endRow) {
#define GLNOISE_SIMD_BASIS(b) \
    case b: return RowsOf<b>(j, firstRow, endRow);
    switch (j.params->basis) {
        GLNOISE_SIMD_BASES
        default: break;
    }
#undef GLNOISE_SIMD_BASIS
}

}  // namespace

// A graph's leaf of this family's bases (white noise is value noise's).
GLNOISE_SIMD_GRAPH_LEAF(GLNOISE_SIMD_LEAF) {
    vec4<VF> out;
#define GLNOISE_SIMD_BASIS(b)                                                                          \
    case b:                                                                                            \
        if (gradient)                                                                                  \
            GraphLeafOf<b, true>(P, curve, dims, cell, world, white, o, l, out);                       \
        else                                                                                           \
            GraphLeafOf<b, false>(P, curve, dims, cell, world, white, o, l, out);                      \
        return out;
    switch (basis) {
        GLNOISE_SIMD_BASES
        default: break;
    }
#undef GLNOISE_SIMD_BASIS
    return out;
}

// A fractal over one leaf of basis kBasis (graph/twin.hpp's OneLeafSource), flattened
// as GraphLeafOf is; kDims: the leaf's dimensions known when compiled, or 0: `dims`, when
// run. 2D fractals take theirs compiled (tree2's ridged OpenSimplex2 ran 1.10x so; 3D's
// ran no faster, and each copy costs compile time).
template <int kBasis, bool kGrad, int kDims = 0>
HWY_ATTR __attribute__((flatten)) void GraphFractalOf(const simd::LaneTable& P, int curve, int dims, const GlnCellShape<VF>& cell,
                                                      bool world, const GlnFrame<float>* frames, const float* q,
                                                      const std::array<int, 6>& ints, const vec4<VF>& l, vec4<VF>& out) {
    const OneLeafSource<kBasis, kGrad, VF, float, simd::LaneTable> in{P, curve, kDims > 0 ? kDims : dims, cell, world, frames};
    out = graph::move::Fractal::eval<kGrad, VF, float>(in, q, l, ints);
}

GLNOISE_SIMD_GRAPH_FRACTAL(GLNOISE_SIMD_FRACTAL) {
    vec4<VF> out;
#define GLNOISE_SIMD_BASIS(b)                                                                  \
    case b:                                                                                    \
        if (dims == 2)                                                                         \
            GraphFractalOf<b, false, 2>(P, curve, dims, cell, world, frames, q, ints, l, out); \
        else                                                                                   \
            GraphFractalOf<b, false>(P, curve, dims, cell, world, frames, q, ints, l, out);    \
        return out;
    switch (basis) {
        GLNOISE_SIMD_BASES
        default: break;
    }
#undef GLNOISE_SIMD_BASIS
    return out;
}

#ifdef GLNOISE_SIMD_NEAREST
// A cellular lookup's search, where cellular noise's is compiled.
__attribute__((flatten)) vec4<VF> GLNOISE_SIMD_NEAREST(const Permutation& P, int dims, const GlnCellShape<VF>& cell, bool world,
                                                       const GlnFrame<float>& o, vec4<VF> l) {
    return gln_g_nearest(P, dims, cell, world, o, l);
}
#endif

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace glnoise::cpu::simd {

HWY_EXPORT(EvaluateFamily);

void GLNOISE_SIMD_ROWS(const Job& job, int firstRow, int endRow) {
    HWY_DYNAMIC_DISPATCH(EvaluateFamily)(job, firstRow, endRow);
}

}  // namespace glnoise::cpu::simd
#endif  // HWY_ONCE
