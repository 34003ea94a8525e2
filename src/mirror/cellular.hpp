// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/cellular.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Where the GLSL skips cells on a sample's value, the twin skips them
// only when every lane may (gln_any): a cell the GLSL skips is further than the result by
// GLN_CELL_MARGIN, so looking at it changes nothing. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/lattice.hpp"

namespace glnoise::cpu {


template <class T>
struct GlnNearest {
    T k1;
    T k2;
    T k3;
    T k4;
    vec4<T> v1;
    vec4<T> v2;
    vec4<T> v3;
    vec4<T> v4;
    lane_int<T> h1;
};

template <class T>
inline T gln_max(T a, T b) {
    return gln_select(a < b, b, a);
}

template <class T>
inline T gln_min(T a, T b) {
    return gln_select(b < a, b, a);
}

template <class T>
inline T gln_sign(T v) {
    return gln_select(v > T(0), T(1), gln_select(v < T(0), T(-1), T(0)));
}

template <class I>
inline I gln_cell_hash(const Permutation& P, vec<4, I> c, int dims) {
    I h = gln_perm(P, c.x);
    if (dims >= 2) h = gln_perm(P, h + c.y);
    if (dims >= 3) h = gln_perm(P, h + c.z);
    if (dims >= 4) h = gln_perm(P, h + c.w);
    return h;
}

template <class T, class I>
inline T gln_cell_coordinate(const Permutation& P, I h, int a, T jitter) {
    return T(0.5) + jitter * ((T(gln_perm(P, h + a)) + T(0.5)) * T(0.00390625) - T(0.5));
}

template <class T, class I>
inline vec4<T> gln_cell_point(const Permutation& P, I h, int dims, T jitter) {
    vec4<T> q = vec4<T>(gln_cell_coordinate(P, h, 0, jitter), T(0), T(0), T(0));
    if (dims >= 2) q.y = gln_cell_coordinate(P, h, 1, jitter);
    if (dims >= 3) q.z = gln_cell_coordinate(P, h, 2, jitter);
    if (dims >= 4) q.w = gln_cell_coordinate(P, h, 3, jitter);
    return q;
}

template <class T>
inline T gln_cell_power(T a, T e) {
    return gln_select(a > T(0), gln_pow(a, e), T(0));
}

template <class T>
inline T gln_cell_key(vec4<T> v, int metric, T exponent) {
    if (metric == GLN_CELL_MANHATTAN) return gln_abs(v.x) + gln_abs(v.y) + gln_abs(v.z) + gln_abs(v.w);
    if (metric == GLN_CELL_CHEBYSHEV)
        return gln_max(gln_max(gln_abs(v.x), gln_abs(v.y)), gln_max(gln_abs(v.z), gln_abs(v.w)));
    if (metric == GLN_CELL_MINKOWSKI) {
        const vec4<T> a = vec4<T>(gln_abs(v.x), gln_abs(v.y), gln_abs(v.z), gln_abs(v.w));
        const T m = gln_max(gln_max(a.x, a.y), gln_max(a.z, a.w));
        const auto some = m > T(0);
        const T by = gln_select(some, m, T(1));
        const T s = gln_cell_power(a.x / by, exponent) + gln_cell_power(a.y / by, exponent) + gln_cell_power(a.z / by, exponent) +
                    gln_cell_power(a.w / by, exponent);
        return gln_select(some, m * gln_pow(s, T(1) / exponent), T(0));
    }
    return v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
}

template <class T>
inline void gln_cell_consider(GlnNearest<T>& s, vec4<T> v, T k, lane_int<T> h, int rank) {
    if (rank >= 4) {
        auto above = k < s.k3;
        auto here = !above && k < s.k4;
        s.k4 = gln_select(above, s.k3, gln_select(here, k, s.k4));
        s.v4 = gln_select(above, s.v3, gln_select(here, v, s.v4));
    }
    if (rank >= 3) {
        auto above = k < s.k2;
        auto here = !above && k < s.k3;
        s.k3 = gln_select(above, s.k2, gln_select(here, k, s.k3));
        s.v3 = gln_select(above, s.v2, gln_select(here, v, s.v3));
    }
    auto nearer = k < s.k1;
    auto second = !nearer && k < s.k2;
    s.k2 = gln_select(nearer, s.k1, gln_select(second, k, s.k2));
    s.v2 = gln_select(nearer, s.v1, gln_select(second, v, s.v2));
    s.k1 = gln_select(nearer, k, s.k1);
    s.v1 = gln_select(nearer, v, s.v1);
    s.h1 = gln_select(nearer, h, s.h1);
}

template <class T>
inline vec4<T> gln_cell_vector(const Permutation& P, vec<4, lane_int<T>> base, ivec4 o, vec4<T> f, ivec4 period,
                               ivec4 world, int dims, T jitter, lane_int<T>& h) {
    using I = lane_int<T>;
    if (world.x >= 0) {
        auto v = gln_world_axis(base.x + o.x, world.x, period.x, GLN_WORLD_X);
        if (dims >= 2) v = v ^ gln_world_axis(base.y + o.y, world.y, period.y, GLN_WORLD_Y);
        if (dims >= 3) v = v ^ gln_world_axis(base.z + o.z, world.z, period.z, GLN_WORLD_Z);
        if (dims >= 4) v = v ^ gln_world_axis(base.w + o.w, world.w, period.w, GLN_WORLD_W);
        h = gln_world_hash(P, v);
    } else {
        vec<4, I> c = vec<4, I>(gln_wrap(base.x + o.x, period.x), gln_wrap(base.y + o.y, period.y),
                                gln_wrap(base.z + o.z, period.z), gln_wrap(base.w + o.w, period.w));
        h = gln_cell_hash(P, c, dims);
    }
    return vec4<T>(o) + gln_cell_point(P, h, dims, jitter) - f;
}

template <class T>
inline T gln_cell_box_key(ivec4 o, vec4<T> f, int dims, int metric, T jitter, T exponent) {
    T lo = T(0.5) - T(0.5) * jitter;
    T hi = T(0.5) + T(0.5) * jitter;
    const vec4<T> a = vec4<T>(o) + vec4<T>(lo) - f;
    const vec4<T> b = f - (vec4<T>(o) + vec4<T>(hi));
    vec4<T> d = vec4<T>::map([](T u, T v) { return gln_max(gln_max(u, v), T(0)); }, a, b);
    if (dims < 4) d.w = T(0);
    if (dims < 3) d.z = T(0);
    if (dims < 2) d.y = T(0);
    return gln_cell_key(d, metric, exponent);
}

template <class T>
inline T gln_cell_reach(vec4<T> f, int dims, T jitter, int R) {
    T m = gln_min(f.x, T(1) - f.x);
    if (dims >= 2) m = gln_min(m, gln_min(f.y, T(1) - f.y));
    if (dims >= 3) m = gln_min(m, gln_min(f.z, T(1) - f.z));
    if (dims >= 4) m = gln_min(m, gln_min(f.w, T(1) - f.w));
    return m + (T(static_cast<float>(R)) - T(0.5) - T(0.5) * jitter);
}

inline bool gln_cell_inner(ivec4 o, int R) {
    return std::abs(o.x) < R && std::abs(o.y) < R && std::abs(o.z) < R && std::abs(o.w) < R;
}

template <class T>
inline T gln_cell_kth(const GlnNearest<T>& s, int rank) {
    if (rank >= 4) return s.k4;
    if (rank == 3) return s.k3;
    if (rank == 2) return s.k2;
    return s.k1;
}

template <class T>
GlnNearest<T> gln_cell_search(const Permutation& P, vec<4, lane_int<T>> base, vec4<T> f, ivec4 period, ivec4 world, int dims,
                              int metric, T jitter, T exponent, int rank) {
    using I = lane_int<T>;
    GlnNearest<T> s{T(GLN_CELL_FAR), T(GLN_CELL_FAR), T(GLN_CELL_FAR), T(GLN_CELL_FAR), vec4<T>(T(0)), vec4<T>(T(0)),
                    vec4<T>(T(0)), vec4<T>(T(0)), I(0)};
    ivec4 r = ivec4(1, dims >= 2 ? 1 : 0, dims >= 3 ? 1 : 0, dims >= 4 ? 1 : 0);
    for (int ow = -r.w; ow <= r.w; ++ow)
        for (int oz = -r.z; oz <= r.z; ++oz)
            for (int oy = -r.y; oy <= r.y; ++oy)
                for (int ox = -r.x; ox <= r.x; ++ox) {
                    I h;
                    vec4<T> v = gln_cell_vector(P, base, ivec4(ox, oy, oz, ow), f, period, world, dims, jitter, h);
                    gln_cell_consider(s, v, gln_cell_key(v, metric, exponent), h, rank);
                }
    const ivec4 one = r;
    for (int R = 2; R <= 3; ++R) {
        T reach = gln_cell_reach(f, dims, jitter, R);
        T reachKey = metric <= GLN_CELL_EUCLIDEAN_SQUARED ? reach * reach : reach;
        if (!gln_any(gln_cell_kth(s, rank) > reachKey - T(GLN_CELL_MARGIN))) break;
        r = ivec4(R * one.x, R * one.y, R * one.z, R * one.w);
        for (int ow = -r.w; ow <= r.w; ++ow)
            for (int oz = -r.z; oz <= r.z; ++oz)
                for (int oy = -r.y; oy <= r.y; ++oy)
                    for (int ox = -r.x; ox <= r.x; ++ox) {
                        ivec4 o = ivec4(ox, oy, oz, ow);
                        if (gln_cell_inner(o, R)) continue;
                        if (!gln_any(gln_cell_box_key(o, f, dims, metric, jitter, exponent) <
                                     gln_cell_kth(s, rank) + T(GLN_CELL_MARGIN)))
                            continue;
                        I h;
                        vec4<T> v = gln_cell_vector(P, base, o, f, period, world, dims, jitter, h);
                        gln_cell_consider(s, v, gln_cell_key(v, metric, exponent), h, rank);
                    }
    }
    return s;
}

template <class T>
inline void gln_cell_bisector(const Permutation& P, vec<4, lane_int<T>> base, ivec4 o, vec4<T> f, ivec4 period, ivec4 world, int dims,
                              T jitter, vec4<T> v1, bool radius, T& e, vec4<T>& n) {
    lane_int<T> h;
    vec4<T> v = gln_cell_vector(P, base, o, f, period, world, dims, jitter, h);
    vec4<T> w = v - v1;
    T ww = w.x * w.x + w.y * w.y + w.z * w.z + w.w * w.w;
    auto other = ww > T(0);
    T len = gln_sqrt(ww);
    vec4<T> m = v1 + v;
    T d = (m.x * w.x + m.y * w.y + m.z * w.z + m.w * w.w) * T(0.5) / len;
    if (radius) d = T(0.5) * len;
    auto nearer = other && d < e;
    e = gln_select(nearer, d, e);
    n = gln_select(nearer, vec4<T>(w.x / len, w.y / len, w.z / len, w.w / len), n);
}

template <class T>
vec4<T> gln_cell_edge(const Permutation& P, const GlnNearest<T>& s, vec<4, lane_int<T>> base, vec4<T> f, ivec4 period,
                      ivec4 world, int dims, T jitter, bool radius) {
    T e = T(GLN_CELL_FAR);
    vec4<T> n = vec4<T>(T(0));
    ivec4 r = ivec4(1, dims >= 2 ? 1 : 0, dims >= 3 ? 1 : 0, dims >= 4 ? 1 : 0);
    for (int ow = -r.w; ow <= r.w; ++ow)
        for (int oz = -r.z; oz <= r.z; ++oz)
            for (int oy = -r.y; oy <= r.y; ++oy)
                for (int ox = -r.x; ox <= r.x; ++ox)
                    gln_cell_bisector(P, base, ivec4(ox, oy, oz, ow), f, period, world, dims, jitter, s.v1, radius, e, n);
    T f1 = gln_sqrt(s.k1);
    const ivec4 one = r;
    for (int R = 2; R <= 3; ++R) {
        if (!gln_any(f1 + T(2) * e > gln_cell_reach(f, dims, jitter, R) - T(GLN_CELL_MARGIN))) break;
        r = ivec4(R * one.x, R * one.y, R * one.z, R * one.w);
        for (int ow = -r.w; ow <= r.w; ++ow)
            for (int oz = -r.z; oz <= r.z; ++oz)
                for (int oy = -r.y; oy <= r.y; ++oy)
                    for (int ox = -r.x; ox <= r.x; ++ox) {
                        ivec4 o = ivec4(ox, oy, oz, ow);
                        if (gln_cell_inner(o, R)) continue;
                        T bound = f1 + T(2) * e + T(GLN_CELL_MARGIN);
                        if (!gln_any(gln_cell_box_key(o, f, dims, GLN_CELL_EUCLIDEAN, jitter, T(2)) < bound * bound)) continue;
                        gln_cell_bisector(P, base, o, f, period, world, dims, jitter, s.v1, radius, e, n);
                    }
    }
    if (radius) return vec4<T>(e, T(0), T(0), T(0));
    return vec4<T>(e, -n.x, -n.y, -n.z);
}

inline int gln_cell_rank(int ret) {
    if (ret == GLN_CELL_F1 || ret == GLN_CELL_VALUE || ret == GLN_CELL_EDGE || ret == GLN_CELL_RADIUS || ret == GLN_CELL_SMOOTH_F1)
        return 1;
    if (ret == GLN_CELL_F3) return 3;
    if (ret == GLN_CELL_F4) return 4;
    return 2;
}

template <class T>
inline vec4<T> gln_cell_distance(T k, vec4<T> v, int metric, T exponent) {
    if (metric == GLN_CELL_EUCLIDEAN_SQUARED) return vec4<T>(k, T(-2) * v.x, T(-2) * v.y, T(-2) * v.z);
    if (metric == GLN_CELL_MANHATTAN) return vec4<T>(k, -gln_sign(v.x), -gln_sign(v.y), -gln_sign(v.z));
    if (metric == GLN_CELL_CHEBYSHEV) {
        auto onX = gln_abs(v.x) == k;
        auto onY = !onX && gln_abs(v.y) == k;
        auto onZ = !onX && !onY && gln_abs(v.z) == k;
        return vec4<T>(k, gln_select(onX, -gln_sign(v.x), T(0)), gln_select(onY, -gln_sign(v.y), T(0)),
                       gln_select(onZ, -gln_sign(v.z), T(0)));
    }
    if (metric == GLN_CELL_MINKOWSKI) {
        const auto some = k > T(0);
        const T by = gln_select(some, k, T(1));
        const T e = exponent - T(1);
        return gln_select(some,
                          vec4<T>(k, -gln_sign(v.x) * gln_cell_power(gln_abs(v.x) / by, e),
                                  -gln_sign(v.y) * gln_cell_power(gln_abs(v.y) / by, e),
                                  -gln_sign(v.z) * gln_cell_power(gln_abs(v.z) / by, e)),
                          vec4<T>(T(0)));
    }
    T d = gln_sqrt(k);
    return gln_select(d > T(0), vec4<T>(d, -v.x / d, -v.y / d, -v.z / d), vec4<T>(T(0)));
}

template <class T>
inline vec2<T> gln_cell_smooth_weight(T t) {
    const T e = gln_exp(-t);
    const T u = (t - T(GLN_CELL_SMOOTH_EXACT)) * T(0.5);
    const T g = T(1) - u * u * (T(3) - T(2) * u);
    const T dg = T(-3) * u * (T(1) - u);
    const auto exact = t <= T(GLN_CELL_SMOOTH_EXACT);
    const auto past = t >= T(GLN_CELL_SMOOTH_REACH);
    return vec2<T>(gln_select(exact, e, gln_select(past, T(0), e * g)), gln_select(exact, -e, gln_select(past, T(0), e * (dg - g))));
}

template <class T>
inline void gln_cell_smooth_point(const Permutation& P, vec<4, lane_int<T>> base, ivec4 o, vec4<T> f, ivec4 period, ivec4 world,
                                  int dims, int metric, T jitter, T exponent, T smoothness, vec4<T> a, vec2<T>& wp, vec3<T>& g) {
    lane_int<T> h;
    const vec4<T> v = gln_cell_vector(P, base, o, f, period, world, dims, jitter, h);
    const vec4<T> d = gln_cell_distance(gln_cell_key(v, metric, exponent), v, metric, exponent);
    const T t = (d.x - a.x) / smoothness;
    const vec2<T> w = gln_cell_smooth_weight(t);
    wp = vec2<T>(wp.x + w.x, wp.y + w.y);
    g = vec3<T>(g.x + w.y * d.y, g.y + w.y * d.z, g.z + w.y * d.w);
}

// Where the GLSL skips a cell or stops, every lane's points there are beyond F1 + 10 s by
// GLN_CELL_MARGIN: weight 0, which adds nothing to the sums.
template <class T>
vec4<T> gln_cell_smooth(const Permutation& P, const GlnNearest<T>& s, vec<4, lane_int<T>> base, vec4<T> f, ivec4 period,
                        ivec4 world, int dims, int metric, T jitter, T exponent, T smoothness) {
    const vec4<T> a = gln_cell_distance(s.k1, s.v1, metric, exponent);
    const auto smooth = smoothness > T(0);
    if (!gln_any(smooth)) return a;
    const T by = gln_select(smooth, smoothness, T(1));
    const T far = a.x + T(GLN_CELL_SMOOTH_REACH) * by;
    const T farKey = metric == GLN_CELL_EUCLIDEAN ? far * far : far;
    vec2<T> wp = vec2<T>(T(0), T(0));
    vec3<T> g = vec3<T>(T(0), T(0), T(0));
    const ivec4 one = ivec4(1, dims >= 2 ? 1 : 0, dims >= 3 ? 1 : 0, dims >= 4 ? 1 : 0);
    for (int R = 1; R <= 5; ++R) {
        if (R >= 2) {
            const T reach = gln_cell_reach(f, dims, jitter, R);
            const T reachKey = metric <= GLN_CELL_EUCLIDEAN_SQUARED ? reach * reach : reach;
            if (!gln_any(farKey > reachKey - T(GLN_CELL_MARGIN))) break;
        }
        const ivec4 r = ivec4(R * one.x, R * one.y, R * one.z, R * one.w);
        for (int ow = -r.w; ow <= r.w; ++ow)
            for (int oz = -r.z; oz <= r.z; ++oz)
                for (int oy = -r.y; oy <= r.y; ++oy)
                    for (int ox = -r.x; ox <= r.x; ++ox) {
                        const ivec4 o = ivec4(ox, oy, oz, ow);
                        if (R >= 2 && gln_cell_inner(o, R)) continue;
                        if (!gln_any(gln_cell_box_key(o, f, dims, metric, jitter, exponent) < farKey + T(GLN_CELL_MARGIN))) continue;
                        gln_cell_smooth_point(P, base, o, f, period, world, dims, metric, jitter, exponent, by, a, wp, g);
                    }
    }
    const T value = a.x - by * gln_log(wp.x);
    const T k = T(1) + wp.y / wp.x;
    return gln_select(smooth, vec4<T>(value, a.y * k - g.x / wp.x, a.z * k - g.y / wp.x, a.w * k - g.z / wp.x), a);
}

template <class T>
vec4<T> gln_cellular(const Permutation& P, ivec4 cell, vec4<T> p, ivec4 period, ivec4 world, int dims, int ret, int metric,
                     T jitter, T exponent, T smoothness) {
    using I = lane_int<T>;
    vec4<T> pf = floor(p);
    vec<4, I> base = vec<4, I>(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y),
                               cell.z + static_cast<I>(pf.z), cell.w + static_cast<I>(pf.w));
    vec4<T> f = p - pf;
    const bool around = ret == GLN_CELL_EDGE || ret == GLN_CELL_RADIUS;
    GlnNearest<T> s =
        gln_cell_search(P, base, f, period, world, dims, around ? GLN_CELL_EUCLIDEAN : metric, jitter, exponent, gln_cell_rank(ret));
    if (ret == GLN_CELL_VALUE) return vec4<T>(gln_height<T>(s.h1), T(0), T(0), T(0));
    if (around) return gln_cell_edge(P, s, base, f, period, world, dims, jitter, ret == GLN_CELL_RADIUS);
    if (ret == GLN_CELL_SMOOTH_F1) return gln_cell_smooth(P, s, base, f, period, world, dims, metric, jitter, exponent, smoothness);
    if (ret == GLN_CELL_F3) return gln_cell_distance(s.k3, s.v3, metric, exponent);
    if (ret == GLN_CELL_F4) return gln_cell_distance(s.k4, s.v4, metric, exponent);
    vec4<T> a = gln_cell_distance(s.k1, s.v1, metric, exponent);
    if (ret == GLN_CELL_F1) return a;
    vec4<T> b = gln_cell_distance(s.k2, s.v2, metric, exponent);
    if (ret == GLN_CELL_F2) return b;
    if (ret == GLN_CELL_F1_PLUS_F2) return a + b;
    if (ret == GLN_CELL_F1_TIMES_F2)
        return vec4<T>(a.x * b.x, a.y * b.x + b.y * a.x, a.z * b.x + b.z * a.x, a.w * b.x + b.w * a.x);
    if (ret == GLN_CELL_F1_OVER_F2) {
        T bb = b.x * b.x;
        return vec4<T>(a.x / b.x, (a.y * b.x - b.y * a.x) / bb, (a.z * b.x - b.z * a.x) / bb, (a.w * b.x - b.w * a.x) / bb);
    }
    return b - a;
}

template <class T>
T gln_cellular1(const Permutation& P, int cell, T p, int period, int ret, int metric, T jitter, T exponent, T smoothness,
                int world) {
    return gln_cellular(P, ivec4(cell, 0, 0, 0), vec4<T>(p, T(0), T(0), T(0)), ivec4(period, 0, 0, 0), ivec4(world, 0, 0, 0), 1,
                        ret, metric, jitter, exponent, smoothness)
        .x;
}

template <class T>
vec3<T> gln_cellular2(const Permutation& P, ivec2 cell, vec2<T> p, ivec2 period, int ret, int metric, T jitter, T exponent,
                      T smoothness, ivec2 world) {
    vec4<T> c = gln_cellular(P, ivec4(cell.x, cell.y, 0, 0), vec4<T>(p.x, p.y, T(0), T(0)), ivec4(period.x, period.y, 0, 0),
                             ivec4(world.x, world.y, 0, 0), 2, ret, metric, jitter, exponent, smoothness);
    return vec3<T>(c.x, c.y, c.z);
}

template <class T>
vec4<T> gln_cellular3(const Permutation& P, ivec3 cell, vec3<T> p, ivec3 period, int ret, int metric, T jitter, T exponent,
                      T smoothness, ivec3 world) {
    return gln_cellular(P, ivec4(cell.x, cell.y, cell.z, 0), vec4<T>(p.x, p.y, p.z, T(0)),
                        ivec4(period.x, period.y, period.z, 0), ivec4(world.x, world.y, world.z, 0), 3, ret, metric, jitter,
                        exponent, smoothness);
}

template <class T>
T gln_cellular4(const Permutation& P, ivec4 cell, vec4<T> p, ivec4 period, int ret, int metric, T jitter, T exponent,
                T smoothness, ivec4 world) {
    return gln_cellular(P, cell, p, period, world, 4, ret, metric, jitter, exponent, smoothness).x;
}

template <class T>
T gln_cellular1(const Permutation& P, int cell, T p, int period, int ret, int metric, T jitter, int world = -1) {
    return gln_cellular1(P, cell, p, period, ret, metric, jitter, T(GLN_CELL_EXPONENT), T(GLN_CELL_SMOOTHNESS), world);
}

template <class T>
vec3<T> gln_cellular2(const Permutation& P, ivec2 cell, vec2<T> p, ivec2 period, int ret, int metric, T jitter,
                      ivec2 world = ivec2(-1, -1)) {
    return gln_cellular2(P, cell, p, period, ret, metric, jitter, T(GLN_CELL_EXPONENT), T(GLN_CELL_SMOOTHNESS), world);
}

template <class T>
vec4<T> gln_cellular3(const Permutation& P, ivec3 cell, vec3<T> p, ivec3 period, int ret, int metric, T jitter,
                      ivec3 world = ivec3(-1, -1, -1)) {
    return gln_cellular3(P, cell, p, period, ret, metric, jitter, T(GLN_CELL_EXPONENT), T(GLN_CELL_SMOOTHNESS), world);
}

template <class T>
T gln_cellular4(const Permutation& P, ivec4 cell, vec4<T> p, ivec4 period, int ret, int metric, T jitter,
                ivec4 world = ivec4(-1, -1, -1, -1)) {
    return gln_cellular4(P, cell, p, period, ret, metric, jitter, T(GLN_CELL_EXPONENT), T(GLN_CELL_SMOOTHNESS), world);
}

template <class T>
T gln_cellular1(const Permutation& P, T p, int ret, int metric, T jitter) {
    return gln_cellular1(P, 0, p, 0, ret, metric, jitter);
}

template <class T>
T gln_cellular2(const Permutation& P, vec2<T> p, int ret, int metric, T jitter) {
    return gln_cellular2(P, ivec2(0, 0), p, ivec2(0, 0), ret, metric, jitter).x;
}

template <class T>
vec3<T> gln_cellular2_deriv(const Permutation& P, vec2<T> p, int ret, int metric, T jitter) {
    return gln_cellular2(P, ivec2(0, 0), p, ivec2(0, 0), ret, metric, jitter);
}

template <class T>
T gln_cellular3(const Permutation& P, vec3<T> p, int ret, int metric, T jitter) {
    return gln_cellular3(P, ivec3(0, 0, 0), p, ivec3(0, 0, 0), ret, metric, jitter).x;
}

template <class T>
vec4<T> gln_cellular3_deriv(const Permutation& P, vec3<T> p, int ret, int metric, T jitter) {
    return gln_cellular3(P, ivec3(0, 0, 0), p, ivec3(0, 0, 0), ret, metric, jitter);
}

template <class T>
T gln_cellular4(const Permutation& P, vec4<T> p, int ret, int metric, T jitter) {
    return gln_cellular4(P, ivec4(0, 0, 0, 0), p, ivec4(0, 0, 0, 0), ret, metric, jitter);
}

template <class T>
T gln_cellular1(const Permutation& P, T p) {
    return gln_cellular1(P, p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1));
}

template <class T>
T gln_cellular2(const Permutation& P, vec2<T> p) {
    return gln_cellular2(P, p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1));
}

template <class T>
T gln_cellular3(const Permutation& P, vec3<T> p) {
    return gln_cellular3(P, p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1));
}

template <class T>
T gln_cellular4(const Permutation& P, vec4<T> p) {
    return gln_cellular4(P, p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1));
}

}  // namespace glnoise::cpu
