// SPDX-License-Identifier: MIT
// The C++ twin of shaders/graph.glsl and of the shader gpu/graph_shader.cpp writes for a
// graph: each operation on (value, gradient) as the shader does it, in the same order, and
// GraphEval, which runs a plan's scopes (graph/plan.hpp) as the shader's functions
// do. T is the lane type (mirror/lane.hpp): float for the reference, double for the
// oracle, a SIMD vector for the CPU backend. kGrad: the gradient is wanted (else only .x
// of each value is meaningful, and its gradient is not computed). Internal.
#pragma once

#include <vector>

#include "graph/leaves.hpp"
#include "graph/moves.hpp"
#include "graph/plan.hpp"
#include "graph/values.hpp"
#include "mirror/sample.hpp"

namespace glnoise::cpu {

// Values are (v, dv/dx, dv/dy, dv/dz): a value and its gradient along x, y and z of the
// point. The kinds of roles Value, Leaf and Moves have their twins with their descriptors
// (graph/values.hpp, graph/leaves.hpp, graph/moves.hpp).
using graph::leaf::gln_g_bound;
using graph::leaf::gln_g_within;

// A lattice leaf at the scope's offset l: the basis at the frame plus frequency * l, its
// gradient per unit of the point (0 along an axis held at the bound, where the value no
// longer moves). graph.glsl computes it in gln_g_point, one family's function
// (gln_basis_at's branch for the leaf's basis) and gln_g_scaled. kBasis: the basis known
// when compiled (as gln_octave's), -1: `basis`, when run. PT: the table, as gln_basis_at's.
template <int kBasis = -1, class T, class S, class PT>
vec4<T> gln_g_basis(const PT& P, int basis, int curve, int dims, const GlnCellShape<T>& cell, bool world, bool white,
                    const GlnFrame<S>& o, vec4<T> l) {
    const T f = T(o.scale.x);
    vec4<T> m = vec4<T>(f * l.x, f * l.y, f * l.z, f * l.w);
    for (int a = 0; a < dims; ++a) m[a] = gln_g_bound(m[a]);  // the others are 0
    const vec4<T> local = gln_basis_space(basis, dims, m);
    vec4<T> p = vec4<T>(T(o.frac.x) + local.x, T(o.frac.y) + local.y, T(o.frac.z) + local.z, T(o.frac.w) + local.w);
    if (white) p = floor(p);
    const vec4<T> n = gln_basis_at<kBasis>(P, basis, curve, dims, o.cell, p, o.period, cell.ret, cell.metric, cell.jitter,
                                           cell.exponent, cell.smoothness, world ? o.block : ivec4(-1, -1, -1, -1));
    if (white) return vec4<T>(n.x, T(0), T(0), T(0));
    const T zero = T(0);
    return vec4<T>(n.x, gln_select(gln_g_within(f * l.x), f * n.y, zero), gln_select(gln_g_within(f * l.y), f * n.z, zero),
                   gln_select(gln_g_within(f * l.z), f * n.w, zero));
}

// bases.glsl's gln_g_nearest, from a cellular lookup's frame o (a lattice frame of its
// frequency) and the offset l: the vector from the point to its nearest feature point, in
// cells (0 beyond the graph's dimensions), searched as cellular noise's F1 is.
template <class T, class S>
vec4<T> gln_g_nearest(const Permutation& P, int dims, const GlnCellShape<T>& cell, bool world, const GlnFrame<S>& o, vec4<T> l) {
    using I = lane_int<T>;
    const T f = T(o.scale.x);
    vec4<T> p = vec4<T>(T(0));
    for (int a = 0; a < dims; ++a) p[a] = T(o.frac[a]) + gln_g_bound(f * l[a]);
    const vec4<T> pf = floor(p);
    const vec<4, I> base = vec<4, I>(o.cell.x + static_cast<I>(pf.x), o.cell.y + static_cast<I>(pf.y),
                                     o.cell.z + static_cast<I>(pf.z), o.cell.w + static_cast<I>(pf.w));
    const GlnNearest<T> s = gln_cell_search(P, base, p - pf, o.period, world ? o.block : ivec4(-1, -1, -1, -1), dims, cell.metric,
                                            cell.jitter, cell.exponent, 1);
    return s.v1;
}

// A fractal's source scope that is one basis leaf of basis kBasis, for a fractal's twin
// (graph/moves.hpp's Fractal::eval) to call as its source: the leaf at octave `frame`'s
// frame, the value alone unless kGrad, as GraphEval's scope of that one leaf returns it.
// The SIMD backend compiles the two together (GraphCalls::kFusesFractals). PT: the table,
// as gln_basis_at's.
template <int kBasis, bool kGrad, class T, class S, class PT = Permutation>
struct OneLeafSource {
    const PT& P;
    int curve;
    int dims;
    const GlnCellShape<T>& cell;
    bool world;
    const GlnFrame<S>* frames;  // the leaf's first octave's
    int childFrames() const { return 1; }
    vec4<T> source(vec4<T> m, int frame) const {
        const vec4<T> v = gln_g_basis<kBasis>(P, kBasis, curve, dims, cell, world, false, frames[frame], m);
        return kGrad ? v : vec4<T>(v.x, T(0), T(0), T(0));
    }
};

// The scope of the one basis leaf that fractal p reads as its source, for a fractal that
// fuses with its leaf (GraphCalls::kFusesFractals: one source frame per octave, no node
// driving its numbers), its source that leaf alone or reached through nodes that evaluate
// their source at the point itself (an offset's, whose shift is in the frames); else
// nullptr. frame: p's frame plus theirs (the leaf's own frame is its op's).
inline const PlanScope* fusedLeaf(const GraphPlan& plan, const PlanOp& p, int& frame) {
    if (p.op != Op::Fractal || p.driven || p.childFrames != 1) return nullptr;
    const PlanScope* source = &plan.scopes[static_cast<std::size_t>(p.scope)];
    frame = p.frame;
    while (source->ops.size() == 1 && graph::move::samePoint(source->ops[0].op) && !source->ops[0].driven) {
        frame += source->ops[0].frame;
        source = &plan.scopes[static_cast<std::size_t>(source->ops[0].scope)];
    }
    return source->ops.size() == 1 && source->ops[0].op == Op::Basis ? source : nullptr;
}

// What GraphEval calls out of line: a basis or white-noise leaf, a domain node's or
// fractal's source scope, and a moving kind's driven form. These run the twins themselves; the SIMD backend
// (core/simd_graph.cpp) gives its own, so that each family's leaves compile in that
// family's file and every function it runs is compiled for its instruction set.
struct GraphCalls {
    // Whether a fractal whose source is one basis leaf (its scope that leaf alone, or an
    // offset's of it), no node driving its numbers, goes to fractalOfLeaf where the value
    // alone is wanted (the SIMD backend's: one call for its octaves, the leaf inlined; the
    // gradient's forms stay in the scopes, as compiling both doubled the code it added);
    // and whether madeByRows(eval, op) is asked first for an operation's values made
    // already, rowValue(them) its value (the SIMD backend's row fractals).
    static constexpr bool kFusesFractals = false;
    // The table as eval's leaves read it (the SIMD backend's carries its plane of hashes).
    template <class Eval>
    static const Permutation& table(const Eval& eval) {
        return eval.table;
    }
    // kGrad: the gradient is wanted (else only .x is used).
    template <bool kGrad, class T, class S>
    static vec4<T> leaf(const Permutation& P, int basis, int curve, int dims, const GlnCellShape<T>& cell, bool world, bool white,
                        const GlnFrame<S>& o, vec4<T> l) {
        return gln_g_basis(P, basis, curve, dims, cell, world, white, o, l);
    }
    template <class Eval, class T, class S>
    static vec4<T> scope(Eval& eval, int s, vec4<T> l, const GlnFrame<S>* frames) {
        return eval.run(s, l, frames);
    }
    // A moving kind K's driven form (graph/moves.hpp), where a node drives its numbers.
    template <class K, bool kGrad, class In, class T, class S>
    static vec4<T> driven(In& in, const S* q, vec4<T> l, const std::array<int, 6>& ints) {
        return K::template driven<kGrad, T, S>(in, q, l, ints);
    }
    // A cellular lookup's vector to its nearest feature point (gln_g_nearest).
    template <class T, class S>
    static vec4<T> nearest(const Permutation& P, int dims, const GlnCellShape<T>& cell, bool world, const GlnFrame<S>& o,
                           vec4<T> l) {
        return gln_g_nearest(P, dims, cell, world, o, l);
    }
};

// The output's channels from a graph's value (v, gradient): as outputOf does for a spec.
template <class T>
vec4<T> graphOutput(const NoiseSpec& space, vec4<T> v) {
    if (space.output == Output::Value) return vec4<T>(v.x, T(0), T(0), T(0));
    return outputOf(space, v);
}

// Runs a plan's scopes at one point (or one vector of points), as the graph shader does.
// Slots: where each scope's values are kept (size, resize, []), a std::vector of
// vec4<T> but for vectors wider than the allocator aligns (core/simd_graph.cpp).
template <bool kGrad, class T, class S = lane_scalar<T>, class Calls = GraphCalls, class Slots = std::vector<vec4<T>>>
struct GraphEval {
    const Permutation& table;
    const GraphPlan& plan;
    const S* P;                     // the parameters as S
    Slots& slots;                   // scratch: each scope's values, scope after scope

    vec4<T> arg(const Arg& a, std::size_t base) const {
        if (a.slot < 0) return vec4<T>(T(P[a.param]), T(0), T(0), T(0));
        const vec4<T>& v = slots[base + static_cast<std::size_t>(a.slot)];
        if (a.hold < 0) return v;
        // As the clamp kind's gln_g_clamp: the bound, without gradient, beyond it.
        const T lo = T(P[a.hold]), hi = T(P[a.hold + 1]), zero = T(0);
        const auto below = v.x < lo, above = v.x > hi, beyond = below || above;
        return vec4<T>(gln_select(below, lo, gln_select(above, hi, v.x)), gln_select(beyond, zero, v.y), gln_select(beyond, zero, v.z),
                       gln_select(beyond, zero, v.w));
    }

    // Scope s at offset l with its frames.
    vec4<T> scope(int s, vec4<T> l, const GlnFrame<S>* frames) { return Calls::scope(*this, s, l, frames); }

    vec4<T> run(int s, vec4<T> l, const GlnFrame<S>* frames) {
        const PlanScope& sc = plan.scopes[static_cast<std::size_t>(s)];
        const std::size_t base = slots.size();
        slots.resize(base + sc.ops.size());
        for (std::size_t i = 0; i < sc.ops.size(); ++i) {
            const vec4<T> v = op(sc, sc.ops[i], l, frames, base);
            slots[base + i] = kGrad ? v : vec4<T>(v.x, T(0), T(0), T(0));
        }
        const vec4<T> out = slots[base + sc.ops.size() - 1];
        slots.resize(base);
        return out;
    }

    // A kind of role Value: its inputs' values, then its descriptor's twin.
    template <class K>
    vec4<T> valueOf(const PlanOp& p, const S* q, std::size_t base) const {
        vec4<T> in[graph::value::kMaxValueInputs];
        for (std::size_t k = 0; k < p.args.size(); ++k) in[k] = arg(p.args[k], base);
        if constexpr (K::drivable())
            if (p.driven) return K::template driven<T, S>(in, q, p.ints);
        return K::template eval<T, S>(in, q, p.ints);
    }

    // A kind of role Leaf: its inputs' values, then its descriptor's twin at its frame.
    template <class K>
    vec4<T> leafOf(const PlanScope& sc, const PlanOp& p, const S* q, vec4<T> l, const GlnFrame<S>* frames, std::size_t base) const {
        vec4<T> in[graph::value::kMaxValueInputs];
        for (std::size_t k = 0; k < p.args.size(); ++k) in[k] = arg(p.args[k], base);
        return K::template eval<T, S>(frames[p.frame], l, in, q, p.ints, sc.dims);
    }

    // A kind of role Moves: what its descriptor's twin reads (graph/moves.hpp).
    struct Moved {
        GraphEval& e;
        const PlanScope& sc;
        const PlanOp& p;
        const GlnFrame<S>* frames;
        std::size_t base;
        // Its source at offset m, its frames from `frame` past the node's first.
        vec4<T> source(vec4<T> m, int frame) { return e.scope(p.scope, m, frames + p.frame + frame); }
        int childFrames() const { return p.childFrames; }
        // Its k-th argument's value: its inputs in field order, then, when driven, each
        // drivable number's (as a value kind's in[]).
        vec4<T> arg(std::size_t k) const { return e.arg(p.args[k], base); }
        // Its vector input's components into c[0..3]: the inputs, in this scope, of the
        // vector node among its inputs (as the shader writer finds it).
        void vector(vec4<T>* c) const {
            for (const Arg& a : p.args)
                if (a.slot >= 0 && graph::roleOf(sc.ops[static_cast<std::size_t>(a.slot)].op) == graph::Role::Vector) {
                    const PlanOp& by = sc.ops[static_cast<std::size_t>(a.slot)];
                    for (std::size_t k = 0; k < 4; ++k) c[k] = e.arg(by.args[k], base);
                }
        }
        // The vector from the point to the nearest feature point of its own (first) frame.
        vec4<T> nearest(const GlnCellShape<T>& cell, vec4<T> l) const {
            return Calls::nearest(e.table, sc.dims, cell, e.plan.world, frames[p.frame], l);
        }
    };

    vec4<T> op(const PlanScope& sc, const PlanOp& p, vec4<T> l, const GlnFrame<S>* frames, std::size_t base) {
        const S* q = P + p.param;
        const vec4<T> zero = vec4<T>(T(0));
        if constexpr (Calls::kFusesFractals && !kGrad) {
            if (const auto* made = Calls::madeByRows(*this, p)) return Calls::rowValue(made);
            int frame = 0;
            if (const PlanScope* source = fusedLeaf(plan, p, frame))
                return Calls::fractalOfLeaf(*this, p, *source, frames + frame, l);
        }
        switch (p.op) {
            case Op::Basis:
                return Calls::template leaf<kGrad>(Calls::table(*this), p.ints[4], p.ints[1], sc.dims,
                                                   GlnCellShape<T>{p.ints[2], p.ints[3], T(q[1]), T(q[6]), T(q[7])}, plan.world, false,
                                                   frames[p.frame], l);
            case Op::White:
                return Calls::template leaf<kGrad>(Calls::table(*this), GLN_BASIS_VALUE, GLN_CURVE_LINEAR, sc.dims,
                                                   GlnCellShape<T>{0, 0, T(0), T(0), T(0)}, plan.world, true, frames[p.frame], l);
            case Op::Vector: return zero;
#define GLN_VALUE_CASE(op) \
    case Op::op: return valueOf<graph::value::op>(p, q, base);
#define GLN_LEAF_CASE(op) \
    case Op::op: return leafOf<graph::leaf::op>(sc, p, q, l, frames, base);
// A kind of role Moves: its descriptor's twin, its driven form's when a node drives one of
// its numbers.
#define GLN_MOVE_CASE(op)                                                                 \
    case Op::op: {                                                                        \
        Moved in{*this, sc, p, frames, base};                                             \
        if constexpr (graph::move::op::drivable())                                        \
            if (p.driven) return Calls::template driven<graph::move::op, kGrad>(in, q, l, p.ints); \
        return graph::move::op::template eval<kGrad, T, S>(in, q, l, p.ints);             \
    }
#define GLN_GRAPH_KIND(op, name, group, role) \
    GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
        }
        return zero;
    }
};

}  // namespace glnoise::cpu
