// SPDX-License-Identifier: MIT
// The C++ twin of shaders/graph.glsl and of the shader gpu/graph_shader.cpp writes for a
// graph: each operation on (value, gradient) as the shader does it, in the same order, and
// GraphEval, which runs a plan's scopes (graph/plan.hpp) as the shader's functions
// do. T is the lane type (mirror/lane.hpp): float for the reference, double for the
// oracle, a SIMD vector for the CPU backend. kGrad: the gradient is wanted (else only .x
// of each value is meaningful, and its gradient is not computed). Internal.
#pragma once

#include <vector>

#include "graph/plan.hpp"
#include "mirror/sample.hpp"

namespace glnoise::cpu {

// A value and its gradient along x, y and z of the point: (v, dv/dx, dv/dy, dv/dz).
template <class T>
vec4<T> gln_g_multiply(vec4<T> a, vec4<T> b) {
    return vec4<T>(a.x * b.x, a.y * b.x + a.x * b.y, a.z * b.x + a.x * b.z, a.w * b.x + a.x * b.w);
}

template <class T>
vec4<T> gln_g_divide(vec4<T> a, vec4<T> b, T least) {
    const auto small = gln_abs(b.x) < least;
    const T d = gln_select(small, gln_select(b.x < T(0), -least, least), b.x);
    const T q = a.x / d;
    const vec4<T> slope = gln_select(small, a, a - q * b);
    return vec4<T>(q, slope.y / d, slope.z / d, slope.w / d);
}

template <class T>
vec4<T> gln_g_min(vec4<T> a, vec4<T> b) {
    return gln_select(b.x < a.x, b, a);
}

template <class T>
vec4<T> gln_g_max(vec4<T> a, vec4<T> b) {
    return gln_select(b.x > a.x, b, a);
}

template <class T>
T gln_g_clamp01(T x) {
    return gln_select(x < T(0), T(0), gln_select(x > T(1), T(1), x));
}

// Polynomial smooth minimum (Quilez): the blend h's own terms cancel in the gradient.
template <class T>
vec4<T> gln_g_smooth_min(vec4<T> a, vec4<T> b, T k) {
    const T h = gln_g_clamp01(T(0.5f) + T(0.5f) * (b.x - a.x) / k);
    const T v = b.x + (a.x - b.x) * h - k * h * (T(1) - h);
    const vec4<T> g = h * a + (T(1) - h) * b;
    return vec4<T>(v, g.y, g.z, g.w);
}

template <class T>
vec4<T> gln_g_smooth_max(vec4<T> a, vec4<T> b, T k) {
    return -gln_g_smooth_min(-a, -b, k);
}

template <class T>
vec4<T> gln_g_mix(vec4<T> a, vec4<T> b, vec4<T> m) {
    const T t = gln_g_clamp01(m.x);
    const auto inside = m.x > T(0) && m.x < T(1);
    const vec4<T> dm = gln_select(inside, m, vec4<T>(T(0)));
    const vec4<T> v = a + (b - a) * t;
    const T span = b.x - a.x;
    return vec4<T>(v.x, v.y + span * dm.y, v.z + span * dm.z, v.w + span * dm.w);
}

// sign(a) |a|^e, its slope e |a|^(e - 1).
template <class T>
vec4<T> gln_g_pow(vec4<T> a, T e) {
    const T m = gln_abs(a.x);
    const T p = gln_pow(m, e);
    const T s = e * gln_pow(m, e - T(1));
    return vec4<T>(gln_select(a.x < T(0), -p, p), s * a.y, s * a.z, s * a.w);
}

template <class T>
vec4<T> gln_g_clamp(vec4<T> a, T lo, T hi) {
    const auto below = a.x < lo, above = a.x > hi;
    return gln_select(below, vec4<T>(lo, T(0), T(0), T(0)), gln_select(above, vec4<T>(hi, T(0), T(0), T(0)), a));
}

template <class T>
vec4<T> gln_g_abs(vec4<T> a) {
    return gln_select(a.x < T(0), -a, a);
}

// The curve through `count` points (x, y, slope at P[3i..]) at a: linear or monotone cubic
// (Hermite with the planned slopes) on the segment holding a, flat beyond the ends. Every
// segment is evaluated and the one holding a selected: the same in every lane.
template <class T, class S>
vec4<T> gln_g_curve(vec4<T> a, const S* P, int count, bool monotone) {
    vec4<T> out = vec4<T>(T(P[1]), T(0), T(0), T(0));
    for (int i = 0; i + 1 < count; ++i) {
        const T x0 = T(P[3 * i]), y0 = T(P[3 * i + 1]), m0 = T(P[3 * i + 2]);
        const T x1 = T(P[3 * i + 3]), y1 = T(P[3 * i + 4]), m1 = T(P[3 * i + 5]);
        const T h = x1 - x0;
        const T t = (a.x - x0) / h;
        T v, slope;
        if (monotone) {
            const T t2 = t * t, t3 = t2 * t;
            v = (T(2) * t3 - T(3) * t2 + T(1)) * y0 + (t3 - T(2) * t2 + t) * h * m0 + (T(3) * t2 - T(2) * t3) * y1 +
                (t3 - t2) * h * m1;
            slope = ((T(6) * t2 - T(6) * t) * y0 + (T(3) * t2 - T(4) * t + T(1)) * h * m0 + (T(6) * t - T(6) * t2) * y1 +
                     (T(3) * t2 - T(2) * t) * h * m1) / h;
        } else {
            v = y0 + t * (y1 - y0);
            slope = (y1 - y0) / h;
        }
        out = gln_select(a.x >= x0, vec4<T>(v, slope * a.y, slope * a.z, slope * a.w), out);
    }
    const T last = T(P[3 * (count - 1)]);
    return gln_select(a.x >= last, vec4<T>(T(P[3 * (count - 1) + 1]), T(0), T(0), T(0)), out);
}

// Steps of 1 / steps; with smoothness s the last s of each step rises to the next
// (smoothstep); hard steps when s is 0.
template <class T>
vec4<T> gln_g_terrace(vec4<T> a, T steps, T smoothness, T inverseSteps, T inverseSmoothness, bool hard) {
    const T t = a.x * steps;
    const T f = gln_floor(t);
    if (hard) return vec4<T>(f * inverseSteps, T(0), T(0), T(0));
    const T u = t - f;
    const T w0 = gln_g_clamp01((u - (T(1) - smoothness)) * inverseSmoothness);
    const T w = w0 * w0 * (T(3) - T(2) * w0);
    const T slope = T(6) * w0 * (T(1) - w0) * inverseSmoothness;
    return vec4<T>((f + w) * inverseSteps, slope * a.y, slope * a.z, slope * a.w);
}

// Marble at x (the frame's angle plus frequency times the offset): sin(x + k n).
template <class T>
vec4<T> gln_g_marble(T x, T frequency, vec4<T> n, T k) {
    const T a = x + k * n.x;
    const T t = a - T(6.28318548f) * gln_floor(a * T(0.159154937f));
    const T c = gln_cos(t);
    return vec4<T>(gln_sin(t), c * (frequency + k * n.y), c * (k * n.z), c * (k * n.w));
}

// Wood at origin.xy + d (sample.hpp's pattern frame), d = frequency times the offset.
template <class T>
vec4<T> gln_g_wood(vec4<T> origin, vec2<T> d, T frequency, vec4<T> n, T k) {
    const T num = T(2) * (origin.x * d.x + origin.y * d.y) + (d.x * d.x + d.y * d.y);
    const T ox = origin.x + d.x;
    const T oy = origin.y + d.y;
    const T r = gln_sqrt(ox * ox + oy * oy);
    const T den = r + origin.w;
    const T a = origin.z + gln_select(den > T(0), num / den, T(0)) + k * n.x;
    const T t = a - T(6.28318548f) * gln_floor(a * T(0.159154937f));
    const T c = gln_cos(t);
    const T inv = gln_select(r > T(0), frequency / r, T(0));
    return vec4<T>(gln_sin(t), c * (ox * inv + k * n.y), c * (oy * inv + k * n.z), c * (k * n.w));
}

// How far a leaf's point may move from its frame: 2^24 cells along each axis, as it is
// before its basis's own transform (graph.glsl's GLN_G_FAR). Beyond it a float holds no
// fraction, and the bases' cells stay within int. A graph can move a point that far (a
// warp by a power of a position); a spec cannot. NaN is held at the far negative end.
template <class T>
T gln_g_bound(T x) {
    const T lo = T(-16777216.0f), hi = T(16777216.0f);
    const T above = gln_select(x >= lo, x, lo);  // NaN fails the comparison
    return gln_select(above <= hi, above, hi);
}
template <class T>
auto gln_g_within(T x) {
    const T lo = T(-16777216.0f), hi = T(16777216.0f);
    return x >= lo && x <= hi;
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

    vec4<T> op(const PlanScope& sc, const PlanOp& p, vec4<T> l, const GlnFrame<S>* frames, std::size_t base) {
        const S* q = P + p.param;
        auto in = [&](std::size_t k) { return arg(p.args[k], base); };
        const vec4<T> zero = vec4<T>(T(0));
        switch (p.op) {
            case Op::Constant: return vec4<T>(T(q[0]), T(0), T(0), T(0));
            case Op::Basis:
                return Calls::template leaf<kGrad>(table, p.ints[4], p.ints[1], plan.dims, p.ints[2], p.ints[3], T(q[1]), plan.world, false,
                                   frames[p.frame], l);
            case Op::White:
                return Calls::template leaf<kGrad>(table, GLN_BASIS_VALUE, GLN_CURVE_LINEAR, plan.dims, 0, 0, T(0), plan.world, true,
                                   frames[p.frame], l);
            case Op::Position: {
                vec4<T> v = zero;
                v.x = T(frames[p.frame].frac.x) + l[p.ints[0]];
                if (p.ints[0] < 3) v[p.ints[0] + 1] = T(1);
                return v;
            }
            case Op::Ramp: {
                vec4<T> v = zero;
                v.x = T(frames[p.frame].frac.x) + l[p.ints[0]] * T(q[1]);
                if (p.ints[0] < 3) v[p.ints[0] + 1] = T(q[1]);
                return v;
            }
            case Op::Distance: {
                const GlnFrame<S>& o = frames[p.frame];
                vec4<T> d = zero;
                T r2 = T(0);
                for (int a = 0; a < plan.dims; ++a) {
                    d[a] = T(o.frac[a]) + l[a];
                    r2 = r2 + d[a] * d[a];
                }
                const T r = gln_sqrt(r2);
                const T inv = gln_select(r > T(0), T(1) / r, T(0));
                return vec4<T>(r, d.x * inv, d.y * inv, d.z * inv);
            }
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
            case Op::Add: return in(0) + in(1);
            case Op::Subtract: return in(0) - in(1);
            case Op::Multiply: return gln_g_multiply(in(0), in(1));
            case Op::Divide: return gln_g_divide(in(0), in(1), T(q[0]));
            case Op::Min: return gln_g_min(in(0), in(1));
            case Op::Max: return gln_g_max(in(0), in(1));
            case Op::SmoothMin: return gln_g_smooth_min(in(0), in(1), T(q[0]));
            case Op::SmoothMax: return gln_g_smooth_max(in(0), in(1), T(q[0]));
            case Op::Mix: return gln_g_mix(in(0), in(1), in(2));
            case Op::Pow: return gln_g_pow(in(0), T(q[0]));
            case Op::Remap: {
                const vec4<T> a = in(0);
                const T k = T(q[1]);
                return vec4<T>(T(q[2]) + (a.x - T(q[0])) * k, a.y * k, a.z * k, a.w * k);
            }
            case Op::Clamp: return gln_g_clamp(in(0), T(q[0]), T(q[1]));
            case Op::Abs: return gln_g_abs(in(0));
            case Op::Invert: return -in(0);
            case Op::Curve: return gln_g_curve(in(0), q, p.ints[0], p.ints[1] != 0);
            case Op::Terrace: return gln_g_terrace(in(0), T(q[0]), T(q[1]), T(q[2]), T(q[3]), p.ints[0] != 0);
            case Op::Marble: {
                const GlnFrame<S>& o = frames[p.frame];
                const T f = T(q[0]);
                return gln_g_marble(T(o.frac.x) + f * l.x, f, in(0), T(q[1]));
            }
            case Op::Wood: {
                const GlnFrame<S>& o = frames[p.frame];
                const T f = T(q[0]);
                return gln_g_wood(vec4<T>(o.frac), vec2<T>(f * l.x, f * l.y), f, in(0), T(q[1]));
            }
        }
        return zero;
    }

    vec4<T> fractal(const PlanOp& p, const S* q, vec4<T> l, const GlnFrame<S>* frames) {
        const int octaves = p.ints[1];
        const bool rotate = p.ints[2] != 0;
        const int stride = rotate ? 18 : 2;
        vec4<T> sum = vec4<T>(T(0)), signal = vec4<T>(T(0));
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
            gln_fractal_step(p.ints[0], i, n, T(k[0]), T(q[0]), T(q[1]), sum, signal);
        }
        return sum * T(q[2]);
    }
};

}  // namespace glnoise::cpu
