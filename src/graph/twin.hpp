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
#include "graph/plan.hpp"
#include "graph/values.hpp"
#include "mirror/sample.hpp"

namespace glnoise::cpu {

// Values are (v, dv/dx, dv/dy, dv/dz): a value and its gradient along x, y and z of the
// point. The kinds of roles Value and Leaf have their twins with their descriptors
// (graph/values.hpp, graph/leaves.hpp).
using graph::leaf::gln_g_bound;
using graph::leaf::gln_g_within;

// graph.glsl's gln_g_musgrave_step: octave i of multifractal, hybrid_multifractal or
// hetero_terrain (graph::kMultifractal ...), a its amplitude; w the hybrid's weight.
template <class T>
void gln_g_musgrave_step(int type, int i, vec4<T> n, T a, T offset, T gain, vec4<T>& sum, vec4<T>& w) {
    using graph::value::gln_g_multiply;
    if (type == graph::kMultifractal) {
        const vec4<T> f = vec4<T>(a * n.x + T(1), a * n.y, a * n.z, a * n.w);
        sum = i == 0 ? f : gln_g_multiply(sum, f);
        return;
    }
    const vec4<T> s = vec4<T>((n.x + offset) * a, a * n.y, a * n.z, a * n.w);
    if (type == graph::kHeteroTerrain) {
        sum = i == 0 ? vec4<T>(n.x + offset, n.y, n.z, n.w) : sum + gln_g_multiply(s, sum);
        return;
    }
    const auto live = w.x > T(0.001f);
    const vec4<T> c = gln_select(w.x > T(1), vec4<T>(T(1), T(0), T(0), T(0)), w);
    const vec4<T> t = gln_g_multiply(c, s);
    sum = gln_select(live, sum + t, sum);
    w = gln_select(live, gain * t, w);
}

// graph.glsl's gln_g_weighted_step: octave i of fbm, turbulence, billow or ridged with a
// weighted strength k; w the running weight.
template <class T>
void gln_g_weighted_step(int type, int i, vec4<T> n, T a, T offset, T gain, T k, vec4<T>& sum, vec4<T>& signal, vec4<T>& w) {
    using graph::value::gln_g_multiply;
    vec4<T> f = vec4<T>(T(0));
    gln_fractal_step(type, i, n, T(1), offset, gain, f, signal);
    sum = sum + a * gln_g_multiply(w, f);
    const T sg = gln_select(n.x < T(0), T(-1), T(1));
    vec4<T> u = type == GLN_FBM      ? vec4<T>(T(0.5f) * n.x + T(0.5f), T(0.5f) * n.y, T(0.5f) * n.z, T(0.5f) * n.w)
                : type == GLN_RIDGED ? vec4<T>(T(1) - gln_abs(n.x), -sg * n.y, -sg * n.z, -sg * n.w)
                                     : vec4<T>(gln_abs(n.x), sg * n.y, sg * n.z, sg * n.w);
    u = gln_select(u.x < T(0), vec4<T>(T(0)), gln_select(u.x > T(1), vec4<T>(T(1), T(0), T(0), T(0)), u));
    w = gln_g_multiply(w, vec4<T>(T(1) + k * (u.x - T(1)), k * u.y, k * u.z, k * u.w));
}

// A lattice leaf at the scope's offset l: the basis at the frame plus frequency * l, its
// gradient per unit of the point (0 along an axis held at the bound, where the value no
// longer moves). graph.glsl computes it in gln_g_point, one family's function
// (gln_basis_at's branch for the leaf's basis) and gln_g_scaled. kBasis: the basis known
// when compiled (as gln_octave's), -1: `basis`, when run.
template <int kBasis = -1, class T, class S>
vec4<T> gln_g_basis(const Permutation& P, int basis, int curve, int dims, int cellReturn, int cellMetric, T jitter,
                    bool world, bool white, const GlnFrame<S>& o, vec4<T> l) {
    const T f = T(o.scale.x);
    vec4<T> m = vec4<T>(f * l.x, f * l.y, f * l.z, f * l.w);
    for (int a = 0; a < dims; ++a) m[a] = gln_g_bound(m[a]);  // the others are 0
    const vec4<T> local = gln_basis_space(basis, dims, m);
    vec4<T> p = vec4<T>(T(o.frac.x) + local.x, T(o.frac.y) + local.y, T(o.frac.z) + local.z, T(o.frac.w) + local.w);
    if (white) p = floor(p);
    const vec4<T> n = gln_basis_at<kBasis>(P, basis, curve, dims, o.cell, p, o.period, cellReturn, cellMetric, jitter,
                                           world ? o.block : ivec4(-1, -1, -1, -1));
    if (white) return vec4<T>(n.x, T(0), T(0), T(0));
    const T zero = T(0);
    return vec4<T>(n.x, gln_select(gln_g_within(f * l.x), f * n.y, zero), gln_select(gln_g_within(f * l.y), f * n.z, zero),
                   gln_select(gln_g_within(f * l.z), f * n.w, zero));
}

// bases.glsl's gln_g_nearest, from a cellular lookup's frame o (a lattice frame of its
// frequency) and the offset l: the vector from the point to its nearest feature point, in
// cells (0 beyond the graph's dimensions), searched as cellular noise's F1 is.
template <class T, class S>
vec4<T> gln_g_nearest(const Permutation& P, int dims, int metric, T jitter, bool world, const GlnFrame<S>& o, vec4<T> l) {
    using I = lane_int<T>;
    const T f = T(o.scale.x);
    vec4<T> p = vec4<T>(T(0));
    for (int a = 0; a < dims; ++a) p[a] = T(o.frac[a]) + gln_g_bound(f * l[a]);
    const vec4<T> pf = floor(p);
    const vec<4, I> base = vec<4, I>(o.cell.x + static_cast<I>(pf.x), o.cell.y + static_cast<I>(pf.y),
                                     o.cell.z + static_cast<I>(pf.z), o.cell.w + static_cast<I>(pf.w));
    const GlnNearest<T> s = gln_cell_search(P, base, p - pf, o.period, world ? o.block : ivec4(-1, -1, -1, -1), dims, metric, jitter, 1);
    return s.v1;
}

// What GraphEval calls out of line: a basis or white-noise leaf, and a domain node's or
// fractal's source scope. These run the twins themselves; the SIMD backend
// (core/simd_graph.cpp) gives its own, so that each family's leaves compile in that
// family's file and every function it runs is compiled for its instruction set.
struct GraphCalls {
    // kGrad: the gradient is wanted (else only .x is used).
    template <bool kGrad, class T, class S>
    static vec4<T> leaf(const Permutation& P, int basis, int curve, int dims, int cellReturn, int cellMetric, T jitter,
                        bool world, bool white, const GlnFrame<S>& o, vec4<T> l) {
        return gln_g_basis(P, basis, curve, dims, cellReturn, cellMetric, jitter, world, white, o, l);
    }
    template <class Eval, class T, class S>
    static vec4<T> scope(Eval& eval, int s, vec4<T> l, const GlnFrame<S>* frames) {
        return eval.run(s, l, frames);
    }
    // A cellular lookup's vector to its nearest feature point (gln_g_nearest).
    template <class T, class S>
    static vec4<T> nearest(const Permutation& P, int dims, int metric, T jitter, bool world, const GlnFrame<S>& o, vec4<T> l) {
        return gln_g_nearest(P, dims, metric, jitter, world, o, l);
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
        return a.slot >= 0 ? slots[base + static_cast<std::size_t>(a.slot)] : vec4<T>(T(P[a.param]), T(0), T(0), T(0));
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
        return K::template eval<T, S>(in, q, p.ints);
    }

    // A kind of role Leaf: its inputs' values, then its descriptor's twin at its frame.
    template <class K>
    vec4<T> leafOf(const PlanOp& p, const S* q, vec4<T> l, const GlnFrame<S>* frames, std::size_t base) const {
        vec4<T> in[graph::value::kMaxValueInputs];
        for (std::size_t k = 0; k < p.args.size(); ++k) in[k] = arg(p.args[k], base);
        return K::template eval<T, S>(frames[p.frame], l, in, q, p.ints, plan.dims);
    }

    vec4<T> op(const PlanScope& sc, const PlanOp& p, vec4<T> l, const GlnFrame<S>* frames, std::size_t base) {
        const S* q = P + p.param;
        const vec4<T> zero = vec4<T>(T(0));
        switch (p.op) {
            case Op::Basis:
                return Calls::template leaf<kGrad>(table, p.ints[4], p.ints[1], plan.dims, p.ints[2], p.ints[3], T(q[1]), plan.world, false,
                                   frames[p.frame], l);
            case Op::White:
                return Calls::template leaf<kGrad>(table, GLN_BASIS_VALUE, GLN_CURVE_LINEAR, plan.dims, 0, 0, T(0), plan.world, true,
                                   frames[p.frame], l);
            case Op::Fractal: return fractal(p, q, l, frames);
            case Op::Scale: {
                const vec4<T> by = vec4<T>(T(q[0]), T(q[1]), T(q[2]), T(q[3]));
                const vec4<T> n = scope(p.scope, by * l, frames + p.frame);
                return vec4<T>(n.x, by.x * n.y, by.y * n.z, by.z * n.w);
            }
            case Op::Offset:
            case Op::Seed: return scope(p.scope, l, frames + p.frame);
            case Op::Rotate: {
                const T c = T(q[0]), s = T(q[1]);
                const int a = p.ints[0], b = p.ints[1];
                vec4<T> m = l;
                m[a] = c * l[a] - s * l[b];
                m[b] = s * l[a] + c * l[b];
                vec4<T> n = scope(p.scope, m, frames + p.frame);
                if (b < 3) {
                    const T ga = n[a + 1], gb = n[b + 1];
                    n[a + 1] = c * ga + s * gb;
                    n[b + 1] = c * gb - s * ga;
                }
                return n;
            }
            case Op::CellularLookup: {
                // The source at the nearest feature point: the point moved by the vector to it
                // (in cells, times 1 / frequency), its frames after the lookup's own. Flat
                // over each cell: no gradient (Graph::validate refuses one).
                const vec4<T> d = Calls::nearest(table, plan.dims, p.ints[0], T(q[1]), plan.world, frames[p.frame], l);
                const T inv = T(q[2]);
                const vec4<T> m = vec4<T>(l.x + d.x * inv, l.y + d.y * inv, l.z + d.z * inv, l.w + d.w * inv);
                const vec4<T> n = scope(p.scope, m, frames + p.frame + 1);
                return vec4<T>(n.x, T(0), T(0), T(0));
            }
            case Op::Warp: {
                // The vector node's components, its inputs in this scope.
                const PlanOp& by = sc.ops[static_cast<std::size_t>(p.args[0].slot)];
                const vec4<T> c[4] = {arg(by.args[0], base), arg(by.args[1], base), arg(by.args[2], base), arg(by.args[3], base)};
                const T amount = T(q[0]);
                vec4<T> m = l;
                for (int k = 0; k < p.ints[0]; ++k) m[k] = l[k] + amount * c[k].x;
                const vec4<T> n = scope(p.scope, m, frames + p.frame);
                if (!kGrad) return n;
                vec4<T> g = n;
                for (int j = 1; j < 4; ++j)
                    for (int k = 0; k < std::min(p.ints[0], 3); ++k) g[j] = g[j] + amount * n[k + 1] * c[k][j];
                return g;
            }
            case Op::Vector: return zero;
#define GLN_VALUE_CASE(op) \
    case Op::op: return valueOf<graph::value::op>(p, q, base);
#define GLN_LEAF_CASE(op) \
    case Op::op: return leafOf<graph::leaf::op>(p, q, l, frames, base);
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
        }
        return zero;
    }

    vec4<T> fractal(const PlanOp& p, const S* q, vec4<T> l, const GlnFrame<S>* frames) {
        const int type = p.ints[0];
        const int octaves = p.ints[1];
        const bool rotate = p.ints[2] != 0;
        const bool weighted = p.ints[3] != 0;
        const int stride = rotate ? 18 : 2;
        vec4<T> sum = vec4<T>(T(0)), signal = vec4<T>(T(0)), w = vec4<T>(T(1), T(0), T(0), T(0));
        for (int i = 0; i < octaves; ++i) {
            const S* k = q + 3 + stride * i;
            vec4<T> m;
            if (rotate) {
                const S* M = k + 2;
                m = l.x * vec4<T>(T(M[0]), T(M[4]), T(M[8]), T(M[12])) + l.y * vec4<T>(T(M[1]), T(M[5]), T(M[9]), T(M[13])) +
                    l.z * vec4<T>(T(M[2]), T(M[6]), T(M[10]), T(M[14])) + l.w * vec4<T>(T(M[3]), T(M[7]), T(M[11]), T(M[15]));
            } else {
                m = T(k[1]) * l;
            }
            vec4<T> n = scope(p.scope, m, frames + p.frame + i * p.childFrames);
            if (kGrad) {
                if (rotate) {
                    const S* M = k + 2;
                    n = vec4<T>(n.x, T(M[0]) * n.y + T(M[4]) * n.z + T(M[8]) * n.w, T(M[1]) * n.y + T(M[5]) * n.z + T(M[9]) * n.w,
                                T(M[2]) * n.y + T(M[6]) * n.z + T(M[10]) * n.w);
                } else {
                    n = vec4<T>(n.x, T(k[1]) * n.y, T(k[1]) * n.z, T(k[1]) * n.w);
                }
            } else {
                n = vec4<T>(n.x, T(0), T(0), T(0));
            }
            if (graph::musgrave(type))
                gln_g_musgrave_step(type, i, n, T(k[0]), T(q[0]), T(q[1]), sum, w);
            else if (weighted)
                gln_g_weighted_step(type, i, n, T(k[0]), T(q[0]), T(q[1]), T(q[3 + stride * octaves]), sum, signal, w);
            else
                gln_fractal_step(type, i, n, T(k[0]), T(q[0]), T(q[1]), sum, signal);
        }
        return sum * T(q[2]);
    }
};

}  // namespace glnoise::cpu
