// SPDX-License-Identifier: MIT
// The SIMD CPU backend's graphs: graph/twin.hpp's GraphEval over the lanes, one texel
// per lane as for a spec. Its calls out of line are this target's own (LaneCalls): a leaf
// goes to its family's function (core/simd_family.hpp), a cellular lookup's search to
// cellular noise's, and a source scope to
// LaneCalls::scope, and a moving kind's driven form to LaneCalls::driven, each flattened,
// so that every twin runs compiled for the target; the first scope's lattice fractals and
// leaves are made a row at a time by the lattice family's column rows (GraphLatticeRow),
// and a first scope of leaves, value kinds and such fractals runs an operation at a time
// over each piece of a row (Columns, where simd::inColumns says).
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
#include <vector>

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
        return fractalOfLeaf(table(e), e.plan.world, e.P, p, source, frames, l);
    }
    // The same from the table, the world hash and the parameters P.
    static vec4<VF> fractalOfLeaf(const simd::LaneTable& table, bool world, const float* P, const PlanOp& p,
                                  const PlanScope& source, const GlnFrame<float>* frames, vec4<VF> l) {
        const PlanOp& leaf = source.ops[0];
        const float* b = P + leaf.param;
        const GlnCellShape<VF> cell{leaf.ints[2], leaf.ints[3], VF(b[1]), VF(b[6]), VF(b[7])};
        const int basis = leaf.ints[4], curve = leaf.ints[1];
        const GlnFrame<float>* o = frames + leaf.frame;
        const float* q = P + p.param;
        switch (basis) {
            case GLN_BASIS_SIMPLEX:
                return GraphSimplexFractal(table, basis, curve, source.dims, cell, world, o, q, p.ints, l);
            case GLN_BASIS_OPENSIMPLEX2:
            case GLN_BASIS_OPENSIMPLEX2S:
                return GraphOpenSimplexFractal(table, basis, curve, source.dims, cell, world, o, q, p.ints, l);
            case GLN_BASIS_CELLULAR:
                return GraphCellularFractal(table, basis, curve, source.dims, cell, world, o, q, p.ints, l);
            case GLN_BASIS_PSRDNOISE:
                return GraphPsrdnoiseFractal(table, basis, curve, source.dims, cell, world, o, q, p.ints, l);
            default:
                return GraphLatticeFractal(table, basis, curve, source.dims, cell, world, o, q, p.ints, l);
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

// The first scope of a plan that wants the value alone, an operation at a time over an
// anchor's piece of a row: each operation's values for the piece's texels in one loop
// (its column), where every operation is a row fractal (made already), a fractal over
// one leaf (LaneCalls::fractalOfLeaf), a basis or white-noise leaf, a leaf kind or a kind
// of role Value. No per-vector dispatch over the operations and no vec4 of each value
// through memory: a column holds the values alone, and each kind's twin runs inlined in
// its own loop, where its gradient's arithmetic (which the value never reads) is dead
// code. Each value is the interpreter's (GraphEval::op with kGrad false) bit for bit: the
// same twins on the same lanes, with the same arguments.
class Columns {
public:
    Columns(const simd::GraphJob& j, const LaneSlots& slots) : j_(j), slots_(slots), table_{*j.table, j.plane} {}

    // Whether the first scope is evaluated so (simd::inColumns); prepares it when it is.
    bool prepare() {
        if (!simd::inColumns(*j_.plan)) return false;
        const PlanScope& sc = j_.plan->scopes[0];
        const std::size_t n = sc.ops.size();
        row_.assign(n, -1);
        fused_.assign(n, nullptr);
        fusedFrame_.assign(n, 0);
        for (std::size_t i = 0; i < n; ++i) {
            const PlanOp& p = sc.ops[i];
            for (std::size_t r = 0; r < slots_.rows.size(); ++r)
                if (slots_.rows[r].op == &p) row_[i] = static_cast<int>(r);
            int frame = 0;
            if (row_[i] < 0 && (fused_[i] = fusedLeaf(*j_.plan, p, frame)) != nullptr) fusedFrame_[i] = frame;
        }
        room_ = hwy::AllocateAligned<float>(n * LaneSlots::kRowRoom);
        HWY_ASSERT(room_);
        column_.assign(n, nullptr);
        return true;
    }

    // Every operation's column at the piece of `texels` texels from s0 of anchor block
    // `block` (its row's sy and sz), after the row fractals made theirs.
    void piece(int block, int s0, int texels, float sy, float sz) {
        const PlanScope& sc = j_.plan->scopes[0];
        const GlnFrame<float>* frames = j_.frames + block * j_.plan->framesPerPoint;
        const float* P = j_.params;
        for (std::size_t i = 0; i < sc.ops.size(); ++i) {
            const PlanOp& p = sc.ops[i];
            if (row_[i] >= 0) {
                column_[i] = slots_.values.get() + static_cast<std::size_t>(row_[i]) * LaneSlots::kRowRoom;
                continue;
            }
            float* out = room_.get() + i * LaneSlots::kRowRoom;
            column_[i] = out;
            const float* q = P + p.param;
            if (fused_[i]) {
                const PlanScope& source = *fused_[i];
                const GlnFrame<float>* at = frames + fusedFrame_[i];
                each(s0, texels, sy, sz, out,
                     [&](vec4<VF> l, int) { return LaneCalls::fractalOfLeaf(table_, j_.plan->world, P, p, source, at, l); });
                continue;
            }
            switch (p.op) {
                case Op::Basis: {
                    const GlnCellShape<VF> cell{p.ints[2], p.ints[3], VF(q[1]), VF(q[6]), VF(q[7])};
                    each(s0, texels, sy, sz, out, [&](vec4<VF> l, int) {
                        return LaneCalls::leaf<false>(table_, p.ints[4], p.ints[1], sc.dims, cell, j_.plan->world, false,
                                                      frames[p.frame], l);
                    });
                    break;
                }
                case Op::White: {
                    const GlnCellShape<VF> cell{0, 0, VF(0.0f), VF(0.0f), VF(0.0f)};
                    each(s0, texels, sy, sz, out, [&](vec4<VF> l, int) {
                        return LaneCalls::leaf<false>(table_, GLN_BASIS_VALUE, GLN_CURVE_LINEAR, sc.dims, cell, j_.plan->world,
                                                      true, frames[p.frame], l);
                    });
                    break;
                }
#define GLN_VALUE_CASE(op)                                                                                          \
    case Op::op:                                                                                                    \
        each(s0, texels, sy, sz, out, [&](vec4<VF>, int k) { return valueOf<graph::value::op>(p, q, k); });         \
        break;
#define GLN_LEAF_CASE(op)                                                                                           \
    case Op::op:                                                                                                    \
        each(s0, texels, sy, sz, out, [&](vec4<VF> l, int k) {                                                      \
            vec4<VF> in[graph::value::kMaxValueInputs];                                                             \
            for (std::size_t a = 0; a < p.args.size(); ++a) in[a] = arg(p.args[a], k);                              \
            return graph::leaf::op::template eval<VF, float>(frames[p.frame], l, in, q, p.ints, sc.dims);           \
        });                                                                                                         \
        break;
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
                default: break;  // prepare() admits no other
            }
        }
    }

    // The scope's value at the piece's texels from k.
    vec4<VF> value(int k) const { return LaneCalls::rowValue(column_.back() + k); }

private:
    // f(l, k) at each vector of the piece's texels (k from 0, by the lanes), its value's x
    // into out + k; the point l as EachAnchorPiece makes it (the last vector's lanes past
    // the piece repeat its last texel).
    template <class F>
    static void each(int s0, int texels, float sy, float sz, float* out, const F& f) {
        const DF df;
        const DI di;
        const int lanes = static_cast<int>(hn::Lanes(df));
        const VF y = VF(sy), z = VF(sz);
        for (int k = 0; k < texels; k += lanes) {
            const int count = std::min(lanes, texels - k);
            const VI sx = VI(hn::Min(hn::Iota(di, 0), hn::Set(di, count - 1))) + (s0 + k);
            hn::Store(f(vec4<VF>(VF(sx), y, z, VF(0.0f)), k).x.v, df, out + k);
        }
    }

    // GraphEval::arg with the value alone: a column's value at k or a parameter, a driven
    // number's held to its range.
    vec4<VF> arg(const Arg& a, int k) const {
        const float* P = j_.params;
        if (a.slot < 0) return vec4<VF>(VF(P[a.param]), VF(0.0f), VF(0.0f), VF(0.0f));
        const VF v = VF(hn::LoadU(DF(), column_[static_cast<std::size_t>(a.slot)] + k));
        if (a.hold < 0) return vec4<VF>(v, VF(0.0f), VF(0.0f), VF(0.0f));
        const VF lo = VF(P[a.hold]), hi = VF(P[a.hold + 1]);
        return vec4<VF>(gln_select(v < lo, lo, gln_select(v > hi, hi, v)), VF(0.0f), VF(0.0f), VF(0.0f));
    }

    // GraphEval::valueOf at the piece's texels from k.
    template <class K>
    vec4<VF> valueOf(const PlanOp& p, const float* q, int k) const {
        vec4<VF> in[graph::value::kMaxValueInputs];
        for (std::size_t a = 0; a < p.args.size(); ++a) in[a] = arg(p.args[a], k);
        if constexpr (K::drivable())
            if (p.driven) return K::template driven<VF, float>(in, q, p.ints);
        return K::template eval<VF, float>(in, q, p.ints);
    }

    const simd::GraphJob& j_;
    const LaneSlots& slots_;
    const simd::LaneTable table_;
    std::vector<int> row_;                   // per operation: its row fractal's index, or -1
    std::vector<const PlanScope*> fused_;    // per operation: the leaf's scope of a fractal over one leaf, or nullptr
    std::vector<int> fusedFrame_;            // and that fractal's frame (fusedLeaf's)
    hwy::AlignedFreeUniquePtr<float[]> room_;  // each operation's column, kRowRoom apart
    std::vector<const float*> column_;       // per operation: its column for the piece
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

// The first scope's row fractals at an anchor's piece of a row, into slots.values. fresh:
// the band's first piece.
HWY_ATTR void RowFractalsAt(const simd::GraphJob& j, const LaneSlots& slots, int block, int s0, int count, float sy, float sz,
                            bool fresh) {
    for (std::size_t i = 0; i < slots.rows.size(); ++i) {
        const simd::RowFractal& f = slots.rows[i];
        const simd::RowPiece piece{j.frames + block * j.plan->framesPerPoint + f.frame, s0, count,
                                   slots.values.get() + i * LaneSlots::kRowRoom};
        GraphLatticeRow(*j.table, j.plan->world, f, j.params, &piece, 1, sy, sz, fresh, true);
    }
}

// The value alone by Columns, where every operation of the first scope can be: false
// (nothing done) where one cannot.
HWY_ATTR HWY_NOINLINE __attribute__((flatten)) bool ColumnRows(const simd::GraphJob& j, int firstRow, int endRow) {
    LaneSlots slots;
    slots.plane = j.plane;
    slots.rows = simd::rowFractals(*j.plan);
    Columns columns(j, slots);
    if (!columns.prepare()) return false;
    if (!slots.rows.empty()) {
        slots.values = hwy::AllocateAligned<float>(slots.rows.size() * LaneSlots::kRowRoom);
        HWY_ASSERT(slots.values);
    }
    bool fresh = true;  // the band's first piece
    EachAnchorPiece<1>(
        j.grid, j.layout, j.channels, j.out, firstRow, endRow,
        [&](int block, int s0, int count, float sy, float sz) {
            RowFractalsAt(j, slots, block, s0, count, sy, sz, fresh);
            fresh = false;
            columns.piece(block, s0, count, sy, sz);
        },
        [&](int, vec3<VF>, int k) { return columns.value(k); });
    return true;
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
            RowFractalsAt(j, slots, block, s0, count, sy, sz, fresh);
            fresh = false;
        },
        [&](int block, vec3<VF> s, int k) {
            slots.at = k;
            return graphOutput(*j.space, eval.scope(0, vec4<VF>(s.x, s.y, s.z, VF(0.0f)), j.frames + block * perPoint));
        });
}

// The value alone in columns where every operation of the first scope can be (ColumnRows),
// else by the interpreter a vector at a time (GraphRows); a plan of one row fractal by
// its rows alone.
void EvaluateGraph(const simd::GraphJob& j, int firstRow, int endRow) {
    if (j.plan->gradient)
        GraphRows<true>(j, firstRow, endRow);
    else if (!ColumnRows(j, firstRow, endRow))
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
