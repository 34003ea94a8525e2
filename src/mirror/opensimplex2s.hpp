// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/opensimplex2s.glsl: the same names, in the same
// order, with the same order of operations (docs/math.md). T is the lane type
// (mirror/lane.hpp); H picks a point's gradient, as in mirror/opensimplex2.hpp (the
// permutation table, or in tests the reference's own hash). The GLSL's choices of points
// are selects here. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/opensimplex2.hpp"

namespace glnoise::cpu {

inline constexpr std::array<ivec4, 30> GLN_OS2S_REACH4 = gln_table<ivec4>(library::GLN_OS2S_REACH4);

template <class H, class I, class T>
inline vec3<T> gln_os2s_vertex2(const H& hash, vec<2, I> v, vec2<T> d) {
    return gln_kernel2(T(GLN_OS2S_R2), vec2<T>(gln_os2_grad2(gln_os2_hash2(hash, v.x, v.y))), d);
}

template <class H, class I, class T>
inline vec4<T> gln_os2s_vertex3(const H& hash, vec<3, I> x2, vec3<T> d) {
    return gln_kernel3(T(GLN_OS2S_R3), vec3<T>(gln_os2_grad3(gln_os2_hash3(hash, x2.x, x2.y, x2.z))), d);
}

template <class I, class T>
inline vec2<T> gln_os2s_offset2(vec2<T> d0, vec<2, I> v) {
    T u = T(v.x + v.y) * T(GLN_G2);
    return vec2<T>(d0.x - T(v.x) + u, d0.y - T(v.y) + u);
}

template <class H, class T>
vec3<T> gln_opensimplex2s_2_skewed(const H& hash, ivec2 cell, vec2<T> ps) {
    using I = lane_int<T>;
    using V = vec<2, I>;
    vec2<T> pf = floor(ps);
    T fx = ps.x - pf.x;
    T fy = ps.y - pf.y;
    V c = V(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y));
    T t = (fx + fy) * T(GLN_G2);
    vec2<T> d0 = vec2<T>(fx - t, fy - t);
    T fxy = fx - fy;
    auto upper = fx + fy > T(1);
    // v2: upper ? (fx + fxy > 1 ? (2, 1) : (0, 1)) : (fx + fxy < 0 ? (-1, 0) : (1, 0));
    // v3: upper ? (fy - fxy > 1 ? (1, 2) : (1, 0)) : (fy < fxy ? (0, -1) : (0, 1)).
    auto far2 = fx + fxy > T(1);
    auto back2 = fx + fxy < T(0);
    auto far3 = fy - fxy > T(1);
    auto back3 = fy < fxy;
    V v2 = V(gln_select(upper, gln_select(far2, I(2), I(0)), gln_select(back2, I(-1), I(1))),
             gln_select(upper, I(1), I(0)));
    V v3 = V(gln_select(upper, I(1), I(0)),
             gln_select(upper, gln_select(far3, I(2), I(0)), gln_select(back3, I(-1), I(1))));
    const V one = V(I(1), I(1));
    vec3<T> n = gln_os2s_vertex2(hash, c, d0) + gln_os2s_vertex2(hash, c + one, gln_os2s_offset2(d0, one)) +
                gln_os2s_vertex2(hash, c + v2, gln_os2s_offset2(d0, v2)) + gln_os2s_vertex2(hash, c + v3, gln_os2s_offset2(d0, v3));
    return n * T(GLN_OS2S_SCALE2);
}

template <class T>
inline T gln_os2s_reach3(vec3<T> d) {
    return T(GLN_OS2S_R3) - d.x * d.x - d.y * d.y - d.z * d.z;
}

// The GLSL's m is one axis; here its index, a constant of each call.
template <class H, class I, class T>
vec4<T> gln_os2s_axis3(const H& hash, vec<3, I> a0, vec<3, I> b0, vec3<T> d0, vec3<T> d1, vec<3, I> s, int m) {
    using V = vec<3, I>;
    const I zero = I(0);
    V one = V(m == 0 ? s.x : zero, m == 1 ? s.y : zero, m == 2 ? s.z : zero);
    V two = s - one;
    vec3<T> f1 = vec3<T>(T(one.x), T(one.y), T(one.z));
    vec3<T> f2 = vec3<T>(T(two.x), T(two.y), T(two.z));
    vec3<T> dA1 = vec3<T>(d0.x - f1.x, d0.y - f1.y, d0.z - f1.z);
    vec3<T> dA2 = vec3<T>(d0.x - f2.x, d0.y - f2.y, d0.z - f2.z);
    vec3<T> dB1 = vec3<T>(d1.x + f1.x, d1.y + f1.y, d1.z + f1.z);
    vec3<T> dB2 = vec3<T>(d1.x + f2.x, d1.y + f2.y, d1.z + f2.z);
    auto onA = gln_os2s_reach3(dA1) > T(0);
    auto onB = !onA && gln_os2s_reach3(dB1) > T(0);
    auto pick = [](auto c, V a, V b) { return V(gln_select(c, a.x, b.x), gln_select(c, a.y, b.y), gln_select(c, a.z, b.z)); };
    auto pickT = [](auto c, vec3<T> a, vec3<T> b) {
        return vec3<T>(gln_select(c, a.x, b.x), gln_select(c, a.y, b.y), gln_select(c, a.z, b.z));
    };
    V pA = pick(onA, a0 + one + one, a0 + two + two);
    V pB = pick(onB, b0 - one - one, b0 - two - two);
    vec4<T> n = gln_os2s_vertex3(hash, pA, pickT(onA, dA1, dA2)) + gln_os2s_vertex3(hash, pB, pickT(onB, dB1, dB2));
    return n;
}

template <class H, class T>
vec4<T> gln_opensimplex2s_3_turned(const H& hash, ivec3 cell, vec3<T> pr) {
    using I = lane_int<T>;
    using V = vec<3, I>;
    vec3<T> base = floor(pr);
    V c = V(cell.x + static_cast<I>(base.x), cell.y + static_cast<I>(base.y), cell.z + static_cast<I>(base.z));
    vec3<T> f = vec3<T>(pr.x - base.x, pr.y - base.y, pr.z - base.z);
    const I one = I(1), zero = I(0);
    V near = V(gln_select(f.x >= T(0.5), one, zero), gln_select(f.y >= T(0.5), one, zero),
               gln_select(f.z >= T(0.5), one, zero));
    vec3<T> d0 = vec3<T>(f.x - T(near.x), f.y - T(near.y), f.z - T(near.z));
    vec3<T> d1 = vec3<T>(f.x - T(0.5), f.y - T(0.5), f.z - T(0.5));
    V s = V(one - near.x - near.x, one - near.y - near.y, one - near.z - near.z);
    V a0 = V((c.x + near.x) + (c.x + near.x), (c.y + near.y) + (c.y + near.y), (c.z + near.z) + (c.z + near.z));
    V b0 = V(c.x + c.x + 1, c.y + c.y + 1, c.z + c.z + 1);
    decltype(auto) hash2 = gln_os2_doubled(hash);
    vec4<T> n = gln_os2s_vertex3(hash2, a0, d0) + gln_os2s_vertex3(hash2, b0, d1) +
                gln_os2s_axis3(hash2, a0, b0, d0, d1, s, 0) +
                gln_os2s_axis3(hash2, a0, b0, d0, d1, s, 1) +
                gln_os2s_axis3(hash2, a0, b0, d0, d1, s, 2);
    return n * T(GLN_OS2S_SCALE3);
}

template <class T> inline vec4<T> gln_os2s_skew4(vec4<T> p) { return gln_os2_improve4(p, GLN_OS2S_W4); }

// OpenSimplex2S's own coordinates (fractal.hpp's gln_basis_space2..4 picks them).
template <class T> inline vec2<T> gln_opensimplex2s_space2(vec2<T> q) { return gln_skew2(q); }
template <class T> inline vec3<T> gln_opensimplex2s_space3(vec3<T> q) { return gln_os2_turn3(q); }
template <class T> inline vec4<T> gln_opensimplex2s_space4(vec4<T> q) { return gln_os2s_skew4(q); }

// k * u for a step k of GLN_OS2S_REACH4 (-1 to 2) and a unit step u, by additions.
template <class I>
inline vec<4, I> gln_os2s_times(int k, vec<4, I> u) {
    const vec<4, I> none = vec<4, I>(I(0), I(0), I(0), I(0));
    return k == 0 ? none : k == 1 ? u : k == 2 ? u + u : none - u;
}

// The GLSL's loop over the points in reach; its test of the kernel is a select, and a
// point no sample of the lane reaches is skipped whole.
template <class H, class T>
T gln_opensimplex2s_4_skewed(const H& hash, ivec4 cell, vec4<T> ps) {
    using I = lane_int<T>;
    using V = vec<4, I>;
    vec4<T> pf = floor(ps);
    V c = V(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y), cell.z + static_cast<I>(pf.z),
            cell.w + static_cast<I>(pf.w));
    vec4<T> f = vec4<T>(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z, ps.w - pf.w);
    T ssi = (f.x + f.y + f.z + f.w) * T(GLN_OS2S_U4);
    vec4<T> xi = vec4<T>(f.x + ssi, f.y + ssi, f.z + ssi, f.w + ssi);
    const I one = I(1), zero = I(0);
    const V rank = gln_ranks4<I>(f);
    const I rx = rank.x, ry = rank.y, rz = rank.z, rw = rank.w;
    auto unit = [&](int r) {
        const I at = I(r);
        return V(gln_select(rx == at, one, zero), gln_select(ry == at, one, zero), gln_select(rz == at, one, zero),
                 gln_select(rw == at, one, zero));
    };
    const V u0 = unit(3), u1 = unit(2), u2 = unit(1), u3 = unit(0);
    T n = T(0);
    for (const ivec4& k : GLN_OS2S_REACH4) {
        V v = gln_os2s_times(k.x, u0) + gln_os2s_times(k.y, u1) + gln_os2s_times(k.z, u2) + gln_os2s_times(k.w, u3);
        T sv = T(k.x + k.y + k.z + k.w) * T(GLN_OS2S_U4);
        vec4<T> d = vec4<T>(xi.x - T(v.x) - sv, xi.y - T(v.y) - sv, xi.z - T(v.z) - sv, xi.w - T(v.w) - sv);
        T t = T(GLN_OS2S_R4) - ((d.x * d.x + d.y * d.y) + (d.z * d.z + d.w * d.w));
        auto reached = t > T(0);
        if (!gln_any(reached)) continue;
        vec4<T> g = vec4<T>(gln_row(GLN_OS2_GRAD4_ROWS, gln_os2_hash4<T>(hash, c.x + v.x, c.y + v.y, c.z + v.z, c.w + v.w, zero)));
        T gd = (g.x * d.x + g.y * d.y) + (g.z * d.z + g.w * d.w);
        T t2 = t * t;
        n = n + gln_select(reached, t2 * t2 * gd, T(0));
    }
    return n * T(GLN_OS2S_SCALE4);
}

}  // namespace glnoise::cpu
