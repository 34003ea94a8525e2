// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/opensimplex2.glsl: the same names, in the same
// order, with the same order of operations (docs/math.md). T is the lane type
// (mirror/lane.hpp). H is what picks a vertex's gradient: the permutation table, as in the
// GLSL, or (in tests) the reference implementation's own hash, through overloads of
// gln_os2_hash2/gln_os2_hash3 found by argument-dependent lookup; either returns an index
// into the gradient tables below, which repeat the 24 (2D) and 48 (3D) gradients to 256
// entries (the GLSL takes hash % 24 and hash % 48: the same rows). Internal: glnoise/cpu.hpp
// is the public API.
#pragma once

#include <array>

#include "mirror/simplex.hpp"

namespace glnoise::cpu {


inline constexpr std::array<vec2<float>, 24> GLN_OS2_GRAD2 = gln_table<vec2<float>>(library::GLN_OS2_GRAD2);

inline constexpr std::array<vec3<float>, 48> GLN_OS2_GRAD3 = gln_table<vec3<float>>(library::GLN_OS2_GRAD3);

inline constexpr std::array<vec4<float>, 160> GLN_OS2_GRAD4 = gln_table<vec4<float>>(library::GLN_OS2_GRAD4);

// A table of K rows repeated to R (256, or 512 for the reference's 4D hash), so that row h
// is the GLSL's row h % K.
template <std::size_t R, int N, std::size_t K>
constexpr std::array<vec<N, float>, R> gln_os2_repeat(const std::array<vec<N, float>, K>& rows) {
    std::array<vec<N, float>, R> out{};
    for (std::size_t i = 0; i < R; ++i) out[i] = rows[i % K];
    return out;
}
inline constexpr std::array<vec2<float>, 256> GLN_OS2_GRAD2_ROWS = gln_os2_repeat<256>(GLN_OS2_GRAD2);
inline constexpr std::array<vec3<float>, 256> GLN_OS2_GRAD3_ROWS = gln_os2_repeat<256>(GLN_OS2_GRAD3);
inline constexpr std::array<vec4<float>, 512> GLN_OS2_GRAD4_ROWS = gln_os2_repeat<512>(GLN_OS2_GRAD4);

template <class I>
inline I gln_os2_hash2(const Permutation& P, I x, I y) {
    return gln_perm(P, gln_perm(P, x & 255) + (y & 255));
}

template <class I>
inline I gln_os2_hash3(const Permutation& P, I x, I y, I z) {
    return gln_perm(P, gln_perm(P, gln_perm(P, x & 255) + (y & 255)) + (z & 255));
}

template <class T, class I>
inline I gln_os2_hash4(const Permutation& P, I x, I y, I z, I w, I salt) {
    I h = gln_perm(P, gln_perm(P, gln_perm(P, gln_perm(P, gln_perm(P, x & 255) + (y & 255)) + (z & 255)) + (w & 255)) + salt);
    T v = T(h) * T(256) + T(gln_perm(P, h + (x & 255)));
    return I(v - gln_floor(v / T(160)) * T(160));
}

// The world hash as H (permutation.glsl's world): the table and the cell's lattice blocks
// (world.x >= 0). The GLSL passes `world` down its functions; here it rides in the hash.
struct GlnWorldHash {
    const Permutation& P;
    ivec4 world;
};

template <class I>
inline I gln_os2_hash2(const GlnWorldHash& h, I x, I y) {
    return gln_world_hash2(h.P, vec<2, I>(x, y), ivec2(h.world.x, h.world.y));
}

template <class I>
inline I gln_os2_hash3(const GlnWorldHash& h, I x, I y, I z) {
    return gln_world_hash3(h.P, vec<3, I>(x, y, z), ivec3(h.world.x, h.world.y, h.world.z));
}

template <class T, class I>
inline I gln_os2_hash4(const GlnWorldHash& h, I x, I y, I z, I w, I salt) {
    I k = gln_world_hash(h.P, gln_world_axis(x, h.world.x, 0, GLN_WORLD_X) ^ gln_world_axis(y, h.world.y, 0, GLN_WORLD_Y) ^
                                  gln_world_axis(z, h.world.z, 0, GLN_WORLD_Z) ^ gln_world_axis(w, h.world.w, 0, GLN_WORLD_W) ^
                                  gln_world_axis(salt, 0, 0, GLN_WORLD_SALT));
    T v = T(k) * T(256) + T(gln_perm(h.P, k + (x & 255)));
    return I(v - gln_floor(v / T(160)) * T(160));
}

// The hash of the 3D forms' doubled coordinates: the blocks double too (the GLSL's world2).
template <class H>
inline const H& gln_os2_doubled(const H& hash) {
    return hash;
}

inline GlnWorldHash gln_os2_doubled(const GlnWorldHash& h) {
    return {h.P, ivec4(2 * h.world.x, 2 * h.world.y, 2 * h.world.z, 2 * h.world.w)};
}

// Gradient hash % 24 (2D) and hash % 48 (3D) of a hash in [0, 256): the rows repeated to
// 256, read at hash. The SIMD backend's lanes (core/simd_lanes.hpp) overload them to divide
// by the count and permute the rows in registers, where a gather per component would be
// slower; the rows are the same.
template <class I>
inline auto gln_os2_grad2(I hash) {
    return gln_row(GLN_OS2_GRAD2_ROWS, hash);
}

template <class I>
inline auto gln_os2_grad3(I hash) {
    return gln_row(GLN_OS2_GRAD3_ROWS, hash);
}

template <class I, class T>
inline vec3<T> gln_os2_vertex2(I hash, vec2<T> d) {
    return gln_kernel2(T(0.5), vec2<T>(gln_os2_grad2(hash)), d);
}

template <class I, class T>
inline vec4<T> gln_os2_vertex3(I hash, vec3<T> d) {
    return gln_kernel3(T(0.6), vec3<T>(gln_os2_grad3(hash)), d);
}

// The hashes of a triangle's vertices: its corner c, c + step and c + (1, 1). The SIMD
// backend overloads it for its simd::LaneTable (core/simd_lanes.hpp), to read the three
// from a plane of hashes at once; the hashes are the same.
template <class H, class I>
inline GlnCorners3<I> gln_os2_corners2(const H& hash, vec<2, I> c, vec<2, I> step) {
    return {gln_os2_hash2(hash, c.x, c.y), gln_os2_hash2(hash, c.x + step.x, c.y + step.y), gln_os2_hash2(hash, c.x + 1, c.y + 1)};
}

template <class H, class T>
vec3<T> gln_opensimplex2_2_skewed(const H& hash, ivec2 cell, vec2<T> ps) {
    using I = lane_int<T>;
    const GlnTriangle<T> s = gln_simplex2_triangle(cell, ps);
    const GlnCorners3<I> h = gln_os2_corners2(hash, s.corner, s.step);
    vec3<T> n = gln_os2_vertex2(h.h0, s.d0) + gln_os2_vertex2(h.h1, s.d1) + gln_os2_vertex2(h.h2, s.d2);
    return n * T(GLN_OS2_SCALE2);
}

template <class T>
inline vec3<T> gln_os2_turn3(vec3<T> p) {
    T s2 = (p.x + p.y) * T(GLN_OS2_S3);
    T zz = p.z * T(GLN_OS2_R3);
    return vec3<T>(p.x + s2 + zz, p.y + s2 + zz, (p.x + p.y) * -T(GLN_OS2_R3) + zz);
}

template <class T>
inline vec3<T> gln_os2_turn3_back(vec3<T> g) {
    T s = (g.x + g.y) * T(GLN_OS2_S3) - g.z * T(GLN_OS2_R3);
    return vec3<T>(g.x + s, g.y + s, (g.x + g.y + g.z) * T(GLN_OS2_R3));
}

// The GLSL's step along the axis of the largest |d| (ties: x, then y), as selects.
template <class H, class I, class T>
vec4<T> gln_os2_pair3(const H& hash, vec<3, I> x2, vec3<T> d) {
    vec4<T> n = gln_os2_vertex3(gln_os2_hash3(hash, x2.x, x2.y, x2.z), d);
    vec3<T> a = vec3<T>(gln_abs(d.x), gln_abs(d.y), gln_abs(d.z));
    const I one = I(1), minus = I(-1), zero = I(0);
    vec<3, I> s = vec<3, I>(gln_select(d.x >= T(0), one, minus), gln_select(d.y >= T(0), one, minus),
                            gln_select(d.z >= T(0), one, minus));
    auto onX = a.x >= a.y && a.x >= a.z;
    auto onY = !onX && a.y >= a.z;
    auto onZ = !(onX || onY);
    vec<3, I> step = vec<3, I>(gln_select(onX, s.x, zero), gln_select(onY, s.y, zero), gln_select(onZ, s.z, zero));
    vec3<T> d2 = vec3<T>(d.x - T(step.x), d.y - T(step.y), d.z - T(step.z));
    vec<3, I> y2 = vec<3, I>(x2.x + step.x + step.x, x2.y + step.y + step.y, x2.z + step.z + step.z);
    n = n + gln_os2_vertex3(gln_os2_hash3(hash, y2.x, y2.y, y2.z), d2);
    return n;
}

template <class H, class T>
vec4<T> gln_opensimplex2_3_turned(const H& hash, ivec3 cell, vec3<T> pr) {
    using I = lane_int<T>;
    vec3<T> base = floor(pr);
    vec<3, I> c = vec<3, I>(cell.x + static_cast<I>(base.x), cell.y + static_cast<I>(base.y), cell.z + static_cast<I>(base.z));
    vec3<T> f = vec3<T>(pr.x - base.x, pr.y - base.y, pr.z - base.z);
    const I one = I(1), zero = I(0);
    vec<3, I> near = vec<3, I>(gln_select(f.x >= T(0.5), one, zero), gln_select(f.y >= T(0.5), one, zero),
                               gln_select(f.z >= T(0.5), one, zero));
    vec3<T> d0 = vec3<T>(f.x - T(near.x), f.y - T(near.y), f.z - T(near.z));
    vec3<T> d1 = vec3<T>(f.x - T(0.5), f.y - T(0.5), f.z - T(0.5));
    vec<3, I> x0 = vec<3, I>((c.x + near.x) + (c.x + near.x), (c.y + near.y) + (c.y + near.y), (c.z + near.z) + (c.z + near.z));
    vec<3, I> x1 = vec<3, I>(c.x + c.x + 1, c.y + c.y + 1, c.z + c.z + 1);
    decltype(auto) hash2 = gln_os2_doubled(hash);
    vec4<T> n = gln_os2_pair3(hash2, x0, d0) + gln_os2_pair3(hash2, x1, d1);
    return n * T(GLN_OS2_SCALE3);
}

template <class T>
inline vec4<T> gln_os2_improve4(vec4<T> p, double wScale) {
    T xy = p.x + p.y;
    T s2 = xy * T(GLN_OS2_S3);
    T zz = p.z * T(GLN_OS2_H3);
    T ww = p.w * T(wScale);
    T t = zz + ww + s2;
    return vec4<T>(p.x + t, p.y + t, xy * -T(GLN_OS2_R3) + (zz + ww), p.z * -T(GLN_OS2_SQRT3_2) + ww);
}

template <class T> inline vec4<T> gln_os2_skew4(vec4<T> p) { return gln_os2_improve4(p, GLN_OS2_W4); }

// OpenSimplex2's own coordinates (fractal.hpp's gln_basis_space2..4 picks them).
template <class T> inline vec2<T> gln_opensimplex2_space2(vec2<T> q) { return gln_skew2(q); }
template <class T> inline vec3<T> gln_opensimplex2_space3(vec3<T> q) { return gln_os2_turn3(q); }
template <class T> inline vec4<T> gln_opensimplex2_space4(vec4<T> q) { return gln_os2_skew4(q); }

template <class I, class T>
inline T gln_os2_vertex4(I row, vec4<T> d) {
    T t = T(0.6f) - ((d.x * d.x + d.y * d.y) + (d.z * d.z + d.w * d.w));
    vec4<T> g = vec4<T>(gln_row(GLN_OS2_GRAD4_ROWS, row));
    T gd = (g.x * d.x + g.y * d.y) + (g.z * d.z + g.w * d.w);
    T t2 = t * t;
    return gln_select(t <= T(0), T(0), t2 * t2 * gd);
}

// The GLSL's loop; its choice of step and its wrap below copy 0 are selects. salt is the
// GLSL's 51 * copy.
template <class H, class T>
T gln_opensimplex2_4_skewed(const H& hash, ivec4 cell, vec4<T> ps) {
    using I = lane_int<T>;
    using V = vec<4, I>;
    vec4<T> pf = floor(ps);
    V v = V(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y), cell.z + static_cast<I>(pf.z),
            cell.w + static_cast<I>(pf.w));
    vec4<T> si = vec4<T>(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z, ps.w - pf.w);
    T sum = (si.x + si.y) + (si.z + si.w);
    I copy = static_cast<I>(sum * T(1.25f));
    T shift = T(copy) * T(-0.2f);
    si = vec4<T>(si.x + shift, si.y + shift, si.z + shift, si.w + shift);
    T ssi = (sum + shift * T(4)) * T(GLN_OS2_U4);
    T n = T(0);
    const I one = I(1), zero = I(0);
    for (int i = 0; i < 5; ++i) {
        T score0 = T(1) + ssi * T(GLN_OS2_INV_U4);
        auto onX = si.x >= si.y && si.x >= si.z && si.x >= si.w && si.x >= score0;
        auto onY = !onX && (si.y > si.x && si.y >= si.z && si.y >= si.w && si.y >= score0);
        auto onZ = !(onX || onY) && (si.z > si.x && si.z > si.y && si.z >= si.w && si.z >= score0);
        auto onW = !(onX || onY || onZ) && (si.w > si.x && si.w > si.y && si.w > si.z && si.w >= score0);
        V step = V(gln_select(onX, one, zero), gln_select(onY, one, zero), gln_select(onZ, one, zero),
                   gln_select(onW, one, zero));
        v = v + step;
        si = vec4<T>(si.x - T(step.x), si.y - T(step.y), si.z - T(step.z), si.w - T(step.w));
        ssi = ssi - T(step.x + step.y + step.z + step.w) * T(GLN_OS2_U4);
        vec4<T> d = vec4<T>(si.x + ssi, si.y + ssi, si.z + ssi, si.w + ssi);
        I salt = static_cast<I>(T(copy) * T(51));
        n = n + gln_os2_vertex4(gln_os2_hash4<T>(hash, v.x, v.y, v.z, v.w, salt), d);
        si = vec4<T>(si.x + T(0.2f), si.y + T(0.2f), si.z + T(0.2f), si.w + T(0.2f));
        ssi = ssi + T(GLN_OS2_STEP_U4);
        auto wrap = copy == zero;
        v = V(gln_select(wrap, v.x - one, v.x), gln_select(wrap, v.y - one, v.y), gln_select(wrap, v.z - one, v.z),
              gln_select(wrap, v.w - one, v.w));
        copy = gln_select(wrap, I(4), copy - one);
    }
    return n * T(GLN_OS2_SCALE4);
}

}  // namespace glnoise::cpu
