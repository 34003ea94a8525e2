// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/lattice.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "glnoise/internal/library_constants.hpp"
#include "mirror/permutation.hpp"
#include "mirror/vec.hpp"

namespace glnoise::cpu {

// The library's constants (GLN_CURVE_*, GLN_GRADIENTS, ...) come from the GLSL:
// glnoise/internal/library_constants.hpp, written at build time by src/port/glnoise_port.

// One of the library's const arrays (library::NAME, rows of numbers) as a table of V.
template <class V, class R, std::size_t N, std::size_t K>
constexpr std::array<V, N> gln_table(const R (&rows)[N][K]) {
    using E = decltype(V{}.x);
    std::array<V, N> out{};
    for (std::size_t i = 0; i < N; ++i) {
        if constexpr (K == 2) {
            out[i] = V(E(rows[i][0]), E(rows[i][1]));
        } else if constexpr (K == 3) {
            out[i] = V(E(rows[i][0]), E(rows[i][1]), E(rows[i][2]));
        } else {
            out[i] = V(E(rows[i][0]), E(rows[i][1]), E(rows[i][2]), E(rows[i][3]));
        }
    }
    return out;
}

// The gradient tables, as integers: a lane type converts the row it reads (gln_row).
inline constexpr std::array<ivec3, 16> GLN_GRAD3 = gln_table<ivec3>(library::GLN_GRAD3);
inline constexpr std::array<ivec2, 4> GLN_GRAD2 = gln_table<ivec2>(library::GLN_GRAD2);
inline constexpr std::array<ivec4, 32> GLN_GRAD4 = gln_table<ivec4>(library::GLN_GRAD4);

// Row i of a table (the SIMD type reads one row per lane).
template <int N, std::size_t K>
inline vec<N, int> gln_row(const std::array<vec<N, int>, K>& table, int i) {
    return table[static_cast<std::size_t>(i)];
}
template <int N, std::size_t K>
inline vec<N, float> gln_row(const std::array<vec<N, float>, K>& table, int i) {
    return table[static_cast<std::size_t>(i)];
}

// GLN_GRAD3[hash & 15]. The SIMD backend's lanes overload it (core/simd_lanes.hpp) to
// permute the 16 rows in registers where a gather per component would be slower; the rows
// are the same.
template <class I>
inline auto gln_grad3_row(I hash) {
    return gln_row(GLN_GRAD3, hash & 15);
}


template <class T>
inline T gln_fade(T t) {
    return t * t * t * (t * (t * T(6) - T(15)) + T(10));
}

template <class T>
inline T gln_curve(T t, int curve) {
    if (curve == GLN_CURVE_LINEAR) return t;
    if (curve == GLN_CURVE_COSINE) return (T(1) - gln_cos(t * T(GLN_PI))) * T(0.5);
    if (curve == GLN_CURVE_CUBIC) return t * t * (T(3) - T(2) * t);
    return gln_fade(t);
}

template <class T>
inline T gln_dcurve(T t, int curve) {
    if (curve == GLN_CURVE_LINEAR) return T(1);
    if (curve == GLN_CURVE_COSINE) return gln_sin(t * T(GLN_PI)) * (T(GLN_PI) * T(0.5));
    if (curve == GLN_CURVE_CUBIC) return T(6) * t * (T(1) - t);
    return T(30) * t * t * (t * (t - T(2)) + T(1));
}

template <class T>
inline T gln_lerp(T t, T a, T b) {
    return a + t * (b - a);
}

template <class T, int N>
inline vec<N, T> gln_lerp(T t, vec<N, T> a, vec<N, T> b) {
    return a + t * (b - a);
}

// GLN_GRAD3[hash & 15] . (x, y, z) by Ken Perlin's selects: every term is +-x, +-y or
// +-z, so the sum is the dot product's (tests compare the two over all 16 hashes).
template <class I, class T>
inline T gln_grad3(I hash, T x, T y, T z) {
    I h = hash & 15;
    T u = gln_select(h < 8, x, y);
    T v = gln_select(h < 4, y, gln_select(h == 12 || h == 14, x, z));
    return gln_select((h & 1) == 0, u, -u) + gln_select((h & 2) == 0, v, -v);
}

// GLN_GRAD2[hash & 3] . (x, y): (1, 1), (-1, 1), (-1, -1), (1, -1).
template <class I, class T>
inline T gln_grad2(I hash, T x, T y) {
    I h = hash & 3;
    return gln_select(h == 0 || h == 3, x, -x) + gln_select(h < 2, y, -y);
}

template <class I, class T>
inline T gln_grad1(I hash, T x) {
    return gln_select((hash & 1) == 0, x, -x);
}

template <class T, class I>
inline T gln_height(I hash) {
    return T(hash) / T(127.5) - T(1);
}

template <class I, class T>
inline T gln_corner1(I hash, T d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? gln_grad1(hash, d) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class I, class T>
inline T gln_corner2(I hash, vec2<T> d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? gln_grad2(hash, d.x, d.y) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class I, class T>
inline T gln_corner3(I hash, vec3<T> d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? gln_grad3(hash, d.x, d.y, d.z) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class I, class T>
inline T gln_corner4(I hash, vec4<T> d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? dot(vec4<T>(gln_row(GLN_GRAD4, hash & 31)), d) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class T, class I>
inline vec2<T> gln_cornergrad2(I hash, int kind) {
    return (kind & GLN_GRADIENTS) != 0 ? vec2<T>(gln_row(GLN_GRAD2, hash & 3)) : vec2<T>(0, 0);
}

template <class T, class I>
inline vec3<T> gln_cornergrad3(I hash, int kind) {
    return (kind & GLN_GRADIENTS) != 0 ? vec3<T>(gln_grad3_row(hash)) : vec3<T>(0, 0, 0);
}

template <class T>
T gln_lattice1(const Permutation& P, int cell, T p, int period, int curve, int kind, int world = -1) {
    using I = lane_int<T>;
    T pf = gln_floor(p);
    I h0;
    I h1;
    if (world >= 0) {
        h0 = gln_world_hash(P, gln_world_axis(cell + static_cast<I>(pf), world, period, GLN_WORLD_X));
        h1 = gln_world_hash(P, gln_world_axis(cell + static_cast<I>(pf) + 1, world, period, GLN_WORLD_X));
    } else {
        h0 = gln_perm(P, gln_wrap(cell + static_cast<I>(pf), period));
        h1 = gln_perm(P, gln_wrap(cell + static_cast<I>(pf) + 1, period));
    }
    T x = p - pf;
    T a = gln_corner1(h0, x, kind);
    T b = gln_corner1(h1, x - T(1), kind);
    return gln_lerp(gln_curve(x, curve), a, b);
}

// The hashes of the corners (x, y) and (x, y + 1) of a lattice column, in that order: x, y
// are a cell's lattice coordinates, before any wrap. I is int for one cell, or a lane
// type's ints for a cell per sample.
template <class I, class J>
std::array<I, 2> gln_lattice2_column(const Permutation& P, I x, J y, ivec2 period, ivec2 world) {
    if (world.x >= 0) {
        auto x0 = gln_world_axis(x, world.x, period.x, GLN_WORLD_X);
        auto y0 = gln_world_axis(y, world.y, period.y, GLN_WORLD_Y);
        auto y1 = gln_world_axis(y + 1, world.y, period.y, GLN_WORLD_Y);
        return {gln_world_hash(P, x0 ^ y0), gln_world_hash(P, x0 ^ y1)};
    }
    I A = gln_perm(P, gln_wrap(x, period.x));
    return {gln_perm(P, A + gln_wrap(y, period.y)), gln_perm(P, A + gln_wrap(y + 1, period.y))};
}

// The hashes of the four corners of lattice cell c (cell + floor(p) per axis), in the
// order top right, top left, bottom right, bottom left (y + 1 is the top): its two columns'.
template <class I>
std::array<I, 4> gln_lattice2_hashes(const Permutation& P, vec<2, I> c, ivec2 period, ivec2 world) {
    const std::array<I, 2> left = gln_lattice2_column(P, c.x, c.y, period, world);
    const std::array<I, 2> right = gln_lattice2_column(P, c.x + 1, c.y, period, world);
    return {right[1], left[1], right[0], left[0]};
}

// gln_lattice2 from its corners' hashes (gln_lattice2_hashes) and the fraction (xf, yf).
// The hashes may be one cell's ints while T holds many samples in that cell.
template <class I, class T>
vec3<T> gln_lattice2_corners(const std::array<I, 4>& h, T xf, T yf, int curve, int kind) {
    const I& valueTopRight = h[0];
    const I& valueTopLeft = h[1];
    const I& valueBottomRight = h[2];
    const I& valueBottomLeft = h[3];
    T dotTopRight = gln_corner2(valueTopRight, vec2<T>(xf - T(1), yf - T(1)), kind);
    T dotTopLeft = gln_corner2(valueTopLeft, vec2<T>(xf, yf - T(1)), kind);
    T dotBottomRight = gln_corner2(valueBottomRight, vec2<T>(xf - T(1), yf), kind);
    T dotBottomLeft = gln_corner2(valueBottomLeft, vec2<T>(xf, yf), kind);
    T u = gln_curve(xf, curve);
    T v = gln_curve(yf, curve);
    T left = gln_lerp(v, dotBottomLeft, dotTopLeft);
    T right = gln_lerp(v, dotBottomRight, dotTopRight);
    T value = gln_lerp(u, left, right);
    vec2<T> gradient = gln_lerp(u, gln_lerp(v, gln_cornergrad2<T>(valueBottomLeft, kind), gln_cornergrad2<T>(valueTopLeft, kind)),
                                   gln_lerp(v, gln_cornergrad2<T>(valueBottomRight, kind), gln_cornergrad2<T>(valueTopRight, kind)));
    gradient = gradient + vec2<T>(gln_dcurve(xf, curve) * (right - left),
                                  gln_dcurve(yf, curve) * gln_lerp(u, dotTopLeft - dotBottomLeft, dotTopRight - dotBottomRight));
    return vec3<T>(value, gradient.x, gradient.y);
}

// lattice.glsl's gln_lattice2, its hashes and its blend apart (the SIMD backend reads a
// cell's hashes once for all the samples in it; core/simd_lanes.hpp).
template <class T>
vec3<T> gln_lattice2(const Permutation& P, ivec2 cell, vec2<T> p, ivec2 period, int curve, int kind,
                     ivec2 world = ivec2(-1, -1)) {
    using I = lane_int<T>;
    vec2<T> pf = floor(p);
    T xf = p.x - pf.x;
    T yf = p.y - pf.y;
    const vec<2, I> c = vec<2, I>(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y));
    return gln_lattice2_corners(gln_lattice2_hashes(P, c, period, world), xf, yf, curve, kind);
}

// The hashes of the corners (x, y, z), (x, y + 1, z), (x, y, z + 1) and (x, y + 1, z + 1)
// of a lattice column, in that order: x, y, z are a cell's lattice coordinates, before any
// wrap. I is int for one cell, or a lane type's ints for a cell per sample; J, y's and z's.
template <class I, class J>
std::array<I, 4> gln_lattice3_column(const Permutation& P, I x, J y, J z, ivec3 period, ivec3 world) {
    if (world.x >= 0) {
        auto x0 = gln_world_axis(x, world.x, period.x, GLN_WORLD_X);
        auto y0 = gln_world_axis(y, world.y, period.y, GLN_WORLD_Y);
        auto y1 = gln_world_axis(y + 1, world.y, period.y, GLN_WORLD_Y);
        auto z0 = gln_world_axis(z, world.z, period.z, GLN_WORLD_Z);
        auto z1 = gln_world_axis(z + 1, world.z, period.z, GLN_WORLD_Z);
        auto AA = x0 ^ y0;
        auto AB = x0 ^ y1;
        return {gln_world_hash(P, AA ^ z0), gln_world_hash(P, AB ^ z0), gln_world_hash(P, AA ^ z1),
                gln_world_hash(P, AB ^ z1)};
    }
    const J Z = gln_wrap(z, period.z);
    const J Z1 = gln_wrap(z + 1, period.z);
    I A = gln_perm(P, gln_wrap(x, period.x));
    I AA = gln_perm(P, A + gln_wrap(y, period.y));
    I AB = gln_perm(P, A + gln_wrap(y + 1, period.y));
    return {gln_perm(P, AA + Z), gln_perm(P, AB + Z), gln_perm(P, AA + Z1), gln_perm(P, AB + Z1)};
}

// The hashes of the eight corners of lattice cell c (cell + floor(p) per axis), in the
// order AA, BA, AB, BB, AA1, BA1, AB1, BB1 (A, B: x and x + 1; then y and y + 1; 1: z + 1):
// its two columns'.
template <class I>
std::array<I, 8> gln_lattice3_hashes(const Permutation& P, vec<3, I> c, ivec3 period, ivec3 world) {
    const std::array<I, 4> a = gln_lattice3_column(P, c.x, c.y, c.z, period, world);
    const std::array<I, 4> b = gln_lattice3_column(P, c.x + 1, c.y, c.z, period, world);
    return {a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]};
}

// gln_lattice3 from its corners' hashes (gln_lattice3_hashes) and the fraction (x, y, z).
// The hashes may be one cell's ints while T holds many samples in that cell.
template <class I, class T>
vec4<T> gln_lattice3_corners(const std::array<I, 8>& hash, T x, T y, T z, int curve, int kind) {
    const I& hAA = hash[0];
    const I& hBA = hash[1];
    const I& hAB = hash[2];
    const I& hBB = hash[3];
    const I& hAA1 = hash[4];
    const I& hBA1 = hash[5];
    const I& hAB1 = hash[6];
    const I& hBB1 = hash[7];
    T u = gln_curve(x, curve);
    T v = gln_curve(y, curve);
    T w = gln_curve(z, curve);
    T a = gln_corner3(hAA, vec3<T>(x, y, z), kind);
    T b = gln_corner3(hBA, vec3<T>(x - T(1), y, z), kind);
    T c = gln_corner3(hAB, vec3<T>(x, y - T(1), z), kind);
    T d = gln_corner3(hBB, vec3<T>(x - T(1), y - T(1), z), kind);
    T e = gln_corner3(hAA1, vec3<T>(x, y, z - T(1)), kind);
    T f = gln_corner3(hBA1, vec3<T>(x - T(1), y, z - T(1)), kind);
    T g = gln_corner3(hAB1, vec3<T>(x, y - T(1), z - T(1)), kind);
    T h = gln_corner3(hBB1, vec3<T>(x - T(1), y - T(1), z - T(1)), kind);
    T k0 = gln_lerp(u, a, b);
    T k1 = gln_lerp(u, c, d);
    T k2 = gln_lerp(u, e, f);
    T k3 = gln_lerp(u, g, h);
    T l0 = gln_lerp(v, k0, k1);
    T l1 = gln_lerp(v, k2, k3);
    T value = gln_lerp(w, l0, l1);
    vec3<T> gradient = gln_lerp(w, gln_lerp(v, gln_lerp(u, gln_cornergrad3<T>(hAA, kind), gln_cornergrad3<T>(hBA, kind)),
                                               gln_lerp(u, gln_cornergrad3<T>(hAB, kind), gln_cornergrad3<T>(hBB, kind))),
                                   gln_lerp(v, gln_lerp(u, gln_cornergrad3<T>(hAA1, kind), gln_cornergrad3<T>(hBA1, kind)),
                                               gln_lerp(u, gln_cornergrad3<T>(hAB1, kind), gln_cornergrad3<T>(hBB1, kind))));
    gradient = gradient + vec3<T>(gln_dcurve(x, curve) * gln_lerp(w, gln_lerp(v, b - a, d - c), gln_lerp(v, f - e, h - g)),
                                  gln_dcurve(y, curve) * gln_lerp(w, k1 - k0, k3 - k2),
                                  gln_dcurve(z, curve) * (l1 - l0));
    return vec4<T>(value, gradient.x, gradient.y, gradient.z);
}

// lattice.glsl's gln_lattice3, its hashes and its blend apart (the SIMD backend reads a
// cell's hashes once for all the samples in it; core/simd_lanes.hpp).
template <class T>
vec4<T> gln_lattice3(const Permutation& P, ivec3 cell, vec3<T> p, ivec3 period, int curve, int kind,
                     ivec3 world = ivec3(-1, -1, -1)) {
    using I = lane_int<T>;
    vec3<T> pf = floor(p);
    T x = p.x - pf.x;
    T y = p.y - pf.y;
    T z = p.z - pf.z;
    const vec<3, I> c = vec<3, I>(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y), cell.z + static_cast<I>(pf.z));
    return gln_lattice3_corners(gln_lattice3_hashes(P, c, period, world), x, y, z, curve, kind);
}

template <class T>
T gln_lattice4(const Permutation& P, ivec4 cell, vec4<T> p, ivec4 period, int curve, int kind,
               ivec4 world = ivec4(-1, -1, -1, -1)) {
    using I = lane_int<T>;
    vec4<T> pf = floor(p);
    vec<4, I> c0 = vec<4, I>(gln_wrap(cell.x + static_cast<I>(pf.x), period.x), gln_wrap(cell.y + static_cast<I>(pf.y), period.y),
                               gln_wrap(cell.z + static_cast<I>(pf.z), period.z), gln_wrap(cell.w + static_cast<I>(pf.w), period.w));
    vec<4, I> c1 = vec<4, I>(gln_wrap(cell.x + static_cast<I>(pf.x) + 1, period.x), gln_wrap(cell.y + static_cast<I>(pf.y) + 1, period.y),
                               gln_wrap(cell.z + static_cast<I>(pf.z) + 1, period.z), gln_wrap(cell.w + static_cast<I>(pf.w) + 1, period.w));
    vec4<T> f = p - pf;
    std::array<T, 16> k{};
    for (int i = 0; i < 16; ++i) {
        ivec4 bit = ivec4(i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1);
        I X = bit.x == 0 ? c0.x : c1.x;
        I Y = bit.y == 0 ? c0.y : c1.y;
        I Z = bit.z == 0 ? c0.z : c1.z;
        I W = bit.w == 0 ? c0.w : c1.w;
        I hash;
        if (world.x >= 0) {
            const vec<4, I> at = vec<4, I>(cell.x + static_cast<I>(pf.x) + bit.x, cell.y + static_cast<I>(pf.y) + bit.y,
                                           cell.z + static_cast<I>(pf.z) + bit.z, cell.w + static_cast<I>(pf.w) + bit.w);
            hash = gln_world_hash(P, gln_world_axis(at.x, world.x, period.x, GLN_WORLD_X) ^
                                         gln_world_axis(at.y, world.y, period.y, GLN_WORLD_Y) ^
                                         gln_world_axis(at.z, world.z, period.z, GLN_WORLD_Z) ^
                                         gln_world_axis(at.w, world.w, period.w, GLN_WORLD_W));
        } else {
            hash = gln_perm(P, gln_perm(P, gln_perm(P, gln_perm(P, X) + Y) + Z) + W);
        }
        k[static_cast<std::size_t>(i)] = gln_corner4(hash, f - vec4<T>(bit), kind);
    }
    std::array<T, 4> s = {gln_curve(f.x, curve), gln_curve(f.y, curve), gln_curve(f.z, curve), gln_curve(f.w, curve)};
    for (int axis = 0; axis < 4; ++axis) {
        int n = 8 >> axis;
        for (int i = 0; i < n; ++i) {
            k[static_cast<std::size_t>(i)] = gln_lerp(s[static_cast<std::size_t>(axis)], k[static_cast<std::size_t>(2 * i)],
                                                      k[static_cast<std::size_t>(2 * i + 1)]);
        }
    }
    return k[0];
}

}  // namespace glnoise::cpu
