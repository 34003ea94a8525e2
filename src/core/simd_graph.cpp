// SPDX-License-Identifier: MIT
// The SIMD CPU backend's graphs: graph/twin.hpp's GraphEval over the lanes, one texel
// per lane as for a spec. Its calls out of line are this target's own (LaneCalls): a leaf
// goes to its family's function (core/simd_family.hpp), a cellular lookup's search to
// cellular noise's, and a source scope to
// LaneCalls::scope, and a moving kind's driven form to LaneCalls::driven, each flattened,
// so that every twin runs compiled for the target; the first scope's lattice fractals and
// leaves are made a row at a time by the lattice family's column rows (GraphLatticeRow).
// Lanes of one piece share their frames (core/simd_rows.hpp's EachAnchorPiece), so each
// lane is the reference's texel bit for bit. IPA-SRA is off here as in core/simd_family.hpp, for GCC 12's sake.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-ipa-sra")
#endif
#include "core/simd_targets.hpp"
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_graph.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <utility>

#include <hwy/aligned_allocator.h>

#include "graph/plan.hpp"
#include "core/simd_rows.hpp"
#include "graph/twin.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {
namespace {

// The values of the scopes being evaluated, in memory aligned for the lanes (a
// std::vector's was not aligned for AVX-512's 64-byte vectors). Grows, never shrinks.
class LaneSlots {
public:
    std::size_t size() const { return size_; }
    void resize(std::size_t n) {
        if (n > capacity_) {
            const std::size_t capacity = std::max<std::size_t>(2 * capacity_, std::max<std::size_t>(n, 64));
            auto grown = hwy::AllocateAligned<vec4<VF>>(capacity);
            HWY_ASSERT(grown);
            if (size_ > 0) std::memcpy(static_cast<void*>(grown.get()), data_.get(), size_ * sizeof(vec4<VF>));
            data_ = std::move(grown);
            capacity_ = capacity;
        }
        size_ = n;
    }
    vec4<VF>& operator[](std::size_t i) { return data_[i]; }
    const vec4<VF>& operator[](std::size_t i) const { return data_[i]; }

    // The values of the first scope's row fractals (simd::RowFractal) at the piece's
    // texels from `at`, or nullptr for another operation.
    const float* rowValues(const PlanOp& p) const {
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (rows[i].op == &p) return values.get() + i * kRowRoom + static_cast<std::size_t>(at);
        return nullptr;
    }
    static constexpr std::size_t kRowRoom = kAnchor + kMaxLanes;  // a piece's values, rounded up to Lanes
    std::vector<simd::RowFractal> rows;
    hwy::AlignedFreeUniquePtr<float[]> values;  // each row fractal's for the piece, kRowRoom apart
    int at = 0;
    const std::uint32_t* plane = nullptr;  // the job's plane of 2D hashes (simd::hashPlane), or none

private:
    hwy::AlignedFreeUniquePtr<vec4<VF>[]> data_;
    std::size_t size_ = 0, capacity_ = 0;
};

struct LaneCalls {
    static constexpr bool kFusesFractals = true;
    // The values of a row fractal or leaf of the first scope, made for the piece already
    // (nullptr for another operation), and a vector of them.
    template <class Eval>
    static const float* madeByRows(const Eval& e, const PlanOp& p) {
        return e.slots.rowValues(p);
    }
    static vec4<VF> rowValue(const float* v) { return vec4<VF>(VF(hn::LoadU(DF(), v)), VF(), VF(), VF()); }
    // Fractal p over the one basis leaf of its source scope, the value alone: the leaf's
    // family's fractal.
    template <class Eval>
    static vec4<VF> fractalOfLeaf(const Eval& e, const PlanOp& p, const PlanScope& source, const GlnFrame<float>* frames,
                                  vec4<VF> l) {
        const PlanOp& leaf = source.ops[0];
        const float* b = e.P + leaf.param;
        const GlnCellShape<VF> cell{leaf.ints[2], leaf.ints[3], VF(b[1]), VF(b[6]), VF(b[7])};
        const int basis = leaf.ints[4], curve = leaf.ints[1];
        const GlnFrame<float>* o = frames + leaf.frame;
        const float* q = e.P + p.param;
        const simd::LaneTable table{e.table, e.slots.plane};
        switch (basis) {
            case GLN_BASIS_SIMPLEX:
                return GraphSimplexFractal(table, basis, curve, source.dims, cell, e.plan.world, o, q, p.ints, l);
            case GLN_BASIS_OPENSIMPLEX2:
            case GLN_BASIS_OPENSIMPLEX2S:
                return GraphOpenSimplexFractal(table, basis, curve, source.dims, cell, e.plan.world, o, q, p.ints, l);
            case GLN_BASIS_CELLULAR:
                return GraphCellularFractal(table, basis, curve, source.dims, cell, e.plan.world, o, q, p.ints, l);
            case GLN_BASIS_PSRDNOISE:
                return GraphPsrdnoiseFractal(table, basis, curve, source.dims, cell, e.plan.world, o, q, p.ints, l);
            default:
                return GraphLatticeFractal(table, basis, curve, source.dims, cell, e.plan.world, o, q, p.ints, l);
        }
    }
    template <class Eval>
    static simd::LaneTable table(const Eval& e) {
        return {e.table, e.slots.plane};
    }
    template <bool kGrad>
    static vec4<VF> leaf(const simd::LaneTable& P, int basis, int curve, int dims, const GlnCellShape<VF>& cell, bool world,
                         bool white, const GlnFrame<float>& o, vec4<VF> l) {
        switch (basis) {  // white noise is value noise's leaf
            case GLN_BASIS_SIMPLEX:
                return GraphSimplexLeaf(P, basis, curve, dims, cell, world, white, o, l, kGrad);
            case GLN_BASIS_OPENSIMPLEX2:
            case GLN_BASIS_OPENSIMPLEX2S:
                return GraphOpenSimplexLeaf(P, basis, curve, dims, cell, world, white, o, l, kGrad);
            case GLN_BASIS_CELLULAR:
                return GraphCellularLeaf(P, basis, curve, dims, cell, world, white, o, l, kGrad);
            case GLN_BASIS_PSRDNOISE:
                return GraphPsrdnoiseLeaf(P, basis, curve, dims, cell, world, white, o, l, kGrad);
            default: return GraphLatticeLeaf(P, basis, curve, dims, cell, world, white, o, l, kGrad);
        }
    }
    static vec4<VF> nearest(const Permutation& P, int dims, const GlnCellShape<VF>& cell, bool world, const GlnFrame<float>& o,
                            vec4<VF> l) {
        return GraphCellularNearest(P, dims, cell, world, o, l);
    }
    template <class Eval>
    HWY_ATTR __attribute__((flatten)) static vec4<VF> scope(Eval& eval, int s, vec4<VF> l, const GlnFrame<float>* frames) {
        return eval.run(s, l, frames);
    }
    // Out of line, so that the scopes' function is no larger for the driven forms.
    template <class K, bool kGrad, class In>
    HWY_ATTR HWY_NOINLINE __attribute__((flatten)) static vec4<VF> driven(In& in, const float* q, vec4<VF> l,
                                                                          const std::array<int, 6>& ints) {
        return K::template driven<kGrad, VF, float>(in, q, l, ints);
    }
};

// A plan that is one row fractal (simd::RowFractal), its value alone: each row's pieces
// made into the grid at once, as a spec's column rows are.
HWY_ATTR void RowFractalRows(const simd::GraphJob& j, const simd::RowFractal& f, int firstRow, int endRow) {
    std::vector<simd::RowPiece> pieces;
    float sy = 0.0f, sz = 0.0f;
    for (int r = firstRow; r < endRow; ++r) {
        simd::rowPieces(j.grid, j.layout, r, j.frames, j.plan->framesPerPoint, f.frame, j.out, pieces, sy, sz);
        GraphLatticeRow(*j.table, j.plan->world, f, j.params, pieces.data(), static_cast<int>(pieces.size()), sy, sz,
                        r == firstRow, false);
    }
}

// kGrad: the plan needs the gradient (the output's four channels), else one channel, the
// value. The first scope's row fractals are made at each anchor's piece of a row, then
// read by its vectors (LaneSlots::rowValues).
template <bool kGrad>
HWY_ATTR __attribute__((flatten)) void GraphRows(const simd::GraphJob& j, int firstRow, int endRow) {
    LaneSlots slots;
    slots.plane = j.plane;
    slots.rows = simd::rowFractals(*j.plan);
    if (slots.rows.size() == 1 && j.plan->scopes[0].ops.size() == 1) return RowFractalRows(j, slots.rows[0], firstRow, endRow);
    if (!slots.rows.empty()) {
        slots.values = hwy::AllocateAligned<float>(slots.rows.size() * LaneSlots::kRowRoom);
        HWY_ASSERT(slots.values);
    }
    GraphEval<kGrad, VF, float, LaneCalls, LaneSlots> eval{*j.table, *j.plan, j.params, slots};
    const int perPoint = j.plan->framesPerPoint;
    bool fresh = true;  // the band's first piece
    EachAnchorPiece<kGrad ? 4 : 1>(
        j.grid, j.layout, j.channels, j.out, firstRow, endRow,
        [&](int block, int s0, int count, float sy, float sz) {
            for (std::size_t i = 0; i < slots.rows.size(); ++i) {
                const simd::RowFractal& f = slots.rows[i];
                const simd::RowPiece piece{j.frames + block * perPoint + f.frame, s0, count,
                                           slots.values.get() + i * LaneSlots::kRowRoom};
                GraphLatticeRow(*j.table, j.plan->world, f, j.params, &piece, 1, sy, sz, fresh, true);
            }
            fresh = false;
        },
        [&](int block, vec3<VF> s, int k) {
            slots.at = k;
            return graphOutput(*j.space, eval.scope(0, vec4<VF>(s.x, s.y, s.z, VF(0.0f)), j.frames + block * perPoint));
        });
}

void EvaluateGraph(const simd::GraphJob& j, int firstRow, int endRow) {
    if (j.plan->gradient)
        GraphRows<true>(j, firstRow, endRow);
    else
        GraphRows<false>(j, firstRow, endRow);
}

}  // namespace
}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace glnoise::cpu::simd {

HWY_EXPORT(EvaluateGraph);

void evaluateGraphRows(const GraphJob& job, int firstRow, int endRow) {
    HWY_DYNAMIC_DISPATCH(EvaluateGraph)(job, firstRow, endRow);
}

}  // namespace glnoise::cpu::simd
#endif  // HWY_ONCE
