// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/simplex.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/perlin.hpp"

namespace glnoise::cpu {


template <class T>
inline vec2<T> gln_skew2(vec2<T> p) {
    T s = (p.x + p.y) * T(GLN_F2);
    return vec2<T>(p.x + s, p.y + s);
}

template <class T>
inline vec3<T> gln_skew3(vec3<T> p) {
    T s = (p.x + p.y + p.z) * T(GLN_F3);
    return vec3<T>(p.x + s, p.y + s, p.z + s);
}

template <class T>
inline vec4<T> gln_skew4(vec4<T> p) {
    T s = (p.x + p.y + p.z + p.w) * T(GLN_F4);
    return vec4<T>(p.x + s, p.y + s, p.z + s, p.w + s);
}

// Simplex noise's own coordinates (fractal.hpp's gln_basis_space2..4 picks them): skewed.
template <class T> inline vec2<T> gln_simplex_space2(vec2<T> q) { return gln_skew2(q); }
template <class T> inline vec3<T> gln_simplex_space3(vec3<T> q) { return gln_skew3(q); }
template <class T> inline vec4<T> gln_simplex_space4(vec4<T> q) { return gln_skew4(q); }

// simplex.glsl's falloff kernel; a vertex past its radius (t <= 0) adds nothing.
template <class T>
inline vec3<T> gln_kernel2(T r2, vec2<T> g, vec2<T> d) {
    T t = r2 - d.x * d.x - d.y * d.y;
    T gd = g.x * d.x + g.y * d.y;
    T t2 = t * t;
    T t4 = t2 * t2;
    T k = T(-8) * t2 * t * gd;
    return gln_select(t <= T(0), vec3<T>(0, 0, 0), vec3<T>(t4 * gd, t4 * g.x + k * d.x, t4 * g.y + k * d.y));
}

template <class T>
inline vec4<T> gln_kernel3(T r2, vec3<T> g, vec3<T> d) {
    T t = r2 - d.x * d.x - d.y * d.y - d.z * d.z;
    T gd = g.x * d.x + g.y * d.y + g.z * d.z;
    T t2 = t * t;
    T t4 = t2 * t2;
    T k = T(-8) * t2 * t * gd;
    return gln_select(t <= T(0), vec4<T>(0, 0, 0, 0),
                      vec4<T>(t4 * gd, t4 * g.x + k * d.x, t4 * g.y + k * d.y, t4 * g.z + k * d.z));
}

template <class I, class T>
inline vec3<T> gln_simplex2_corner(I hash, vec2<T> d) {
    vec3<T> g3 = vec3<T>(gln_grad3_row(hash));
    return gln_kernel2(T(0.5), vec2<T>(g3.x, g3.y), d);
}

template <class I, class T>
inline vec4<T> gln_simplex3_corner(I hash, vec3<T> d) {
    return gln_kernel3(T(0.5), vec3<T>(gln_grad3_row(hash)), d);
}

template <class I, class T>
inline T gln_simplex4_corner(I hash, vec4<T> d) {
    T t = T(0.5) - d.x * d.x - d.y * d.y - d.z * d.z - d.w * d.w;
    vec4<T> g = vec4<T>(gln_row(GLN_GRAD4, hash & 31));
    T gd = g.x * d.x + g.y * d.y + g.z * d.z + g.w * d.w;
    T t2 = t * t;
    return gln_select(t <= T(0), T(0), t2 * t2 * gd);
}

template <class T>
struct GlnTriangle {
    vec<2, lane_int<T>> corner;
    vec<2, lane_int<T>> step;
    vec2<T> d0, d1, d2;
};

template <class T>
GlnTriangle<T> gln_simplex2_triangle(ivec2 cell, vec2<T> ps) {
    using I = lane_int<T>;
    vec2<T> pf = floor(ps);
    T fx = ps.x - pf.x;
    T fy = ps.y - pf.y;
    T t = (fx + fy) * T(GLN_G2);
    vec2<T> d0 = vec2<T>(fx - t, fy - t);
    I i1 = gln_select(fx > fy, I(1), I(0));
    vec<2, I> step = vec<2, I>(i1, 1 - i1);
    vec2<T> d1 = vec2<T>(d0.x - T(step.x) + T(GLN_G2), d0.y - T(step.y) + T(GLN_G2));
    vec2<T> d2 = vec2<T>(d0.x - T(1) + T(2) * T(GLN_G2), d0.y - T(1) + T(2) * T(GLN_G2));
    return {vec<2, I>(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y)), step, d0, d1, d2};
}

// The hashes of a 2D triangle's vertices, its corner c, c + step and c + (1, 1), through
// the table: table[table[x] + y], each coordinate wrapped to [0, 256) before its reads, as
// in simplex.glsl (and opensimplex2.glsl's hash). PT: the table, or a type that converts to
// it: the SIMD backend overloads this for its simd::LaneTable (core/simd_lanes.hpp), to read
// the three from a plane of hashes at once; the hashes are the same.
template <class I>
struct GlnCorners3 {
    I h0, h1, h2;
};

template <class PT, class I>
inline GlnCorners3<I> gln_triangle_hashes(const PT& P, vec<2, I> c, vec<2, I> step) {
    I i = c.x & 255;
    I j = c.y & 255;
    vec<2, I> c1 = vec<2, I>((i + step.x) & 255, (j + step.y) & 255);
    vec<2, I> c2 = vec<2, I>((i + 1) & 255, (j + 1) & 255);
    return {gln_perm(P, gln_perm(P, i) + j), gln_perm(P, gln_perm(P, c1.x) + c1.y), gln_perm(P, gln_perm(P, c2.x) + c2.y)};
}

template <class T, class PT>
vec3<T> gln_simplex2_skewed(const PT& P, ivec2 cell, vec2<T> ps, ivec2 world = ivec2(-1, -1)) {
    using I = lane_int<T>;
    const GlnTriangle<T> s = gln_simplex2_triangle(cell, ps);
    I h0;
    I h1;
    I h2;
    if (world.x >= 0) {
        h0 = gln_world_hash2(P, s.corner, world);
        h1 = gln_world_hash2(P, vec<2, I>(s.corner.x + s.step.x, s.corner.y + s.step.y), world);
        h2 = gln_world_hash2(P, vec<2, I>(s.corner.x + 1, s.corner.y + 1), world);
    } else {
        const GlnCorners3<I> h = gln_triangle_hashes(P, s.corner, s.step);
        h0 = h.h0;
        h1 = h.h1;
        h2 = h.h2;
    }
    vec3<T> n = gln_simplex2_corner(h0, s.d0) + gln_simplex2_corner(h1, s.d1) + gln_simplex2_corner(h2, s.d2);
    return n * T(GLN_SIMPLEX2_SCALE);
}

template <class T>
vec4<T> gln_simplex3_skewed(const Permutation& P, ivec3 cell, vec3<T> ps, ivec3 world = ivec3(-1, -1, -1)) {
    using I = lane_int<T>;
    vec3<T> pf = floor(ps);
    I i = (cell.x + static_cast<I>(pf.x)) & 255;
    I j = (cell.y + static_cast<I>(pf.y)) & 255;
    I k = (cell.z + static_cast<I>(pf.z)) & 255;
    vec3<T> f = vec3<T>(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z);
    T t = (f.x + f.y + f.z) * T(GLN_G3);
    vec3<T> d0 = vec3<T>(f.x - t, f.y - t, f.z - t);
    // The simplex's second and third corners, by the branches of simplex.glsl as selects:
    // if x >= y { if y >= z (100, 110) else if x >= z (100, 101) else (001, 101) }
    // else { if y < z (001, 011) else if x < z (010, 011) else (010, 110) }.
    auto xy = f.x >= f.y, yz = f.y >= f.z, xz = f.x >= f.z, yLz = f.y < f.z, xLz = f.x < f.z;
    const I one = I(1), zero = I(0);
    vec<3, I> o1 = vec<3, I>(gln_select(xy && (yz || xz), one, zero), gln_select(xy, zero, gln_select(yLz, zero, one)),
                             gln_select(xy, gln_select(yz || xz, zero, one), gln_select(yLz, one, zero)));
    vec<3, I> o2 = vec<3, I>(gln_select(xy || !(yLz || xLz), one, zero), gln_select(xy, gln_select(yz, one, zero), one),
                             gln_select(xy, gln_select(yz, zero, one), gln_select(yLz || xLz, one, zero)));
    vec3<T> d1 = vec3<T>(d0.x - T(o1.x) + T(GLN_G3), d0.y - T(o1.y) + T(GLN_G3), d0.z - T(o1.z) + T(GLN_G3));
    vec3<T> d2 = vec3<T>(d0.x - T(o2.x) + T(2) * T(GLN_G3), d0.y - T(o2.y) + T(2) * T(GLN_G3),
                         d0.z - T(o2.z) + T(2) * T(GLN_G3));
    vec3<T> d3 = vec3<T>(d0.x - T(1) + T(3) * T(GLN_G3), d0.y - T(1) + T(3) * T(GLN_G3), d0.z - T(1) + T(3) * T(GLN_G3));
    I h0;
    I h1;
    I h2;
    I h3;
    if (world.x >= 0) {
        const vec<3, I> at = vec<3, I>(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y), cell.z + static_cast<I>(pf.z));
        auto plus = [&](const vec<3, I>& o) { return vec<3, I>(at.x + o.x, at.y + o.y, at.z + o.z); };
        h0 = gln_world_hash3(P, at, world);
        h1 = gln_world_hash3(P, plus(o1), world);
        h2 = gln_world_hash3(P, plus(o2), world);
        h3 = gln_world_hash3(P, plus(vec<3, I>(one, one, one)), world);
    } else {
        auto wrapped = [&](const vec<3, I>& o) { return vec<3, I>((i + o.x) & 255, (j + o.y) & 255, (k + o.z) & 255); };
        vec<3, I> c1 = wrapped(o1), c2 = wrapped(o2), c3 = wrapped(vec<3, I>(one, one, one));
        h0 = gln_perm(P, gln_perm(P, gln_perm(P, i) + j) + k);
        h1 = gln_perm(P, gln_perm(P, gln_perm(P, c1.x) + c1.y) + c1.z);
        h2 = gln_perm(P, gln_perm(P, gln_perm(P, c2.x) + c2.y) + c2.z);
        h3 = gln_perm(P, gln_perm(P, gln_perm(P, c3.x) + c3.y) + c3.z);
    }
    vec4<T> n = gln_simplex3_corner(h0, d0) + gln_simplex3_corner(h1, d1) + gln_simplex3_corner(h2, d2) +
                gln_simplex3_corner(h3, d3);
    return n * T(GLN_SIMPLEX3_SCALE);
}

// simplex.glsl's ranks of a point's four fractions, each comparison adding 1 to the
// larger (ties: the earlier axis); OpenSimplex2S's 4D lattice ranks them the same way.
template <class I, class T>
inline vec<4, I> gln_ranks4(vec4<T> f) {
    const I one = I(1), zero = I(0);
    auto xy = f.x >= f.y, xz = f.x >= f.z, xw = f.x >= f.w, yz = f.y >= f.z, yw = f.y >= f.w, zw = f.z >= f.w;
    return vec<4, I>(gln_select(xy, one, zero) + gln_select(xz, one, zero) + gln_select(xw, one, zero),
                     gln_select(xy, zero, one) + gln_select(yz, one, zero) + gln_select(yw, one, zero),
                     gln_select(xz, zero, one) + gln_select(yz, zero, one) + gln_select(zw, one, zero),
                     gln_select(xw, zero, one) + gln_select(yw, zero, one) + gln_select(zw, zero, one));
}

template <class T>
T gln_simplex4_skewed(const Permutation& P, ivec4 cell, vec4<T> ps, ivec4 world = ivec4(-1, -1, -1, -1)) {
    using I = lane_int<T>;
    vec4<T> pf = floor(ps);
    I i = (cell.x + static_cast<I>(pf.x)) & 255;
    I j = (cell.y + static_cast<I>(pf.y)) & 255;
    I k = (cell.z + static_cast<I>(pf.z)) & 255;
    I l = (cell.w + static_cast<I>(pf.w)) & 255;
    vec4<T> f = vec4<T>(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z, ps.w - pf.w);
    T t = (f.x + f.y + f.z + f.w) * T(GLN_G4);
    vec4<T> d0 = vec4<T>(f.x - t, f.y - t, f.z - t, f.w - t);
    const I one = I(1), zero = I(0);
    const vec<4, I> rank = gln_ranks4<I>(f);
    const I rx = rank.x, ry = rank.y, rz = rank.z, rw = rank.w;
    auto step = [&](int m) {  // rank >= m, as m - 1 < rank
        const I below = I(m - 1);
        return vec<4, I>(gln_select(below < rx, one, zero), gln_select(below < ry, one, zero),
                         gln_select(below < rz, one, zero), gln_select(below < rw, one, zero));
    };
    vec<4, I> o1 = step(3), o2 = step(2), o3 = step(1);
    auto corner = [&](const vec<4, I>& o, int m) {
        return vec4<T>(d0.x - T(o.x) + T(m) * T(GLN_G4), d0.y - T(o.y) + T(m) * T(GLN_G4),
                       d0.z - T(o.z) + T(m) * T(GLN_G4), d0.w - T(o.w) + T(m) * T(GLN_G4));
    };
    vec4<T> d1 = vec4<T>(d0.x - T(o1.x) + T(GLN_G4), d0.y - T(o1.y) + T(GLN_G4), d0.z - T(o1.z) + T(GLN_G4),
                         d0.w - T(o1.w) + T(GLN_G4));
    vec4<T> d2 = corner(o2, 2);
    vec4<T> d3 = corner(o3, 3);
    vec4<T> d4 = vec4<T>(d0.x - T(1) + T(4) * T(GLN_G4), d0.y - T(1) + T(4) * T(GLN_G4), d0.z - T(1) + T(4) * T(GLN_G4),
                         d0.w - T(1) + T(4) * T(GLN_G4));
    const vec<4, I> at = vec<4, I>(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y), cell.z + static_cast<I>(pf.z),
                                   cell.w + static_cast<I>(pf.w));
    auto hash = [&](const vec<4, I>& o) {  // the corner's indices wrapped, as in simplex.glsl
        if (world.x >= 0) return gln_world_hash4(P, vec<4, I>(at.x + o.x, at.y + o.y, at.z + o.z, at.w + o.w), world);
        const vec<4, I> c((i + o.x) & 255, (j + o.y) & 255, (k + o.z) & 255, (l + o.w) & 255);
        return gln_perm(P, gln_perm(P, gln_perm(P, gln_perm(P, c.x) + c.y) + c.z) + c.w);
    };
    I h0 = hash(vec<4, I>(zero, zero, zero, zero));
    I h1 = hash(o1);
    I h2 = hash(o2);
    I h3 = hash(o3);
    I h4 = hash(vec<4, I>(one, one, one, one));
    T n = gln_simplex4_corner(h0, d0) + gln_simplex4_corner(h1, d1) + gln_simplex4_corner(h2, d2) +
          gln_simplex4_corner(h3, d3) + gln_simplex4_corner(h4, d4);
    return n * T(GLN_SIMPLEX4_SCALE);
}

}  // namespace glnoise::cpu
