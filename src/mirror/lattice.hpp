// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/lattice.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is float for the reference the GPU
// is checked against, double for the oracle. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/permutation.hpp"
#include "mirror/vec.hpp"

namespace glnoise::cpu {

constexpr int GLN_CURVE_LINEAR = 0;
constexpr int GLN_CURVE_COSINE = 1;
constexpr int GLN_CURVE_CUBIC = 2;
constexpr int GLN_CURVE_QUINTIC = 3;
constexpr int GLN_GRADIENTS = 1;
constexpr int GLN_HEIGHTS = 2;

template <class T>
inline const std::array<vec3<T>, 16> GLN_GRAD3 = {
    vec3<T>(1, 1, 0),  vec3<T>(-1, 1, 0), vec3<T>(1, -1, 0), vec3<T>(-1, -1, 0),
    vec3<T>(1, 0, 1),  vec3<T>(-1, 0, 1), vec3<T>(1, 0, -1), vec3<T>(-1, 0, -1),
    vec3<T>(0, 1, 1),  vec3<T>(0, -1, 1), vec3<T>(0, 1, -1), vec3<T>(0, -1, -1),
    vec3<T>(1, 1, 0),  vec3<T>(0, -1, 1), vec3<T>(-1, 1, 0), vec3<T>(0, -1, -1)};

template <class T>
inline const std::array<vec2<T>, 4> GLN_GRAD2 = {vec2<T>(1, 1), vec2<T>(-1, 1), vec2<T>(-1, -1), vec2<T>(1, -1)};

template <class T>
inline const std::array<vec4<T>, 32> GLN_GRAD4 = {
    vec4<T>(0, 1, 1, 1),  vec4<T>(0, 1, 1, -1),  vec4<T>(0, 1, -1, 1),  vec4<T>(0, 1, -1, -1),
    vec4<T>(0, -1, 1, 1), vec4<T>(0, -1, 1, -1), vec4<T>(0, -1, -1, 1), vec4<T>(0, -1, -1, -1),
    vec4<T>(1, 0, 1, 1),  vec4<T>(1, 0, 1, -1),  vec4<T>(1, 0, -1, 1),  vec4<T>(1, 0, -1, -1),
    vec4<T>(-1, 0, 1, 1), vec4<T>(-1, 0, 1, -1), vec4<T>(-1, 0, -1, 1), vec4<T>(-1, 0, -1, -1),
    vec4<T>(1, 1, 0, 1),  vec4<T>(1, 1, 0, -1),  vec4<T>(1, -1, 0, 1),  vec4<T>(1, -1, 0, -1),
    vec4<T>(-1, 1, 0, 1), vec4<T>(-1, 1, 0, -1), vec4<T>(-1, -1, 0, 1), vec4<T>(-1, -1, 0, -1),
    vec4<T>(1, 1, 1, 0),  vec4<T>(1, 1, -1, 0),  vec4<T>(1, -1, 1, 0),  vec4<T>(1, -1, -1, 0),
    vec4<T>(-1, 1, 1, 0), vec4<T>(-1, 1, -1, 0), vec4<T>(-1, -1, 1, 0), vec4<T>(-1, -1, -1, 0)};

template <class T> inline const T GLN_PI = T(3.14159265358979);

template <class T>
inline T gln_fade(T t) {
    return t * t * t * (t * (t * T(6) - T(15)) + T(10));
}

template <class T>
inline T gln_curve(T t, int curve) {
    if (curve == GLN_CURVE_LINEAR) return t;
    if (curve == GLN_CURVE_COSINE) return (T(1) - std::cos(t * GLN_PI<T>)) * T(0.5);
    if (curve == GLN_CURVE_CUBIC) return t * t * (T(3) - T(2) * t);
    return gln_fade(t);
}

template <class T>
inline T gln_dcurve(T t, int curve) {
    if (curve == GLN_CURVE_LINEAR) return T(1);
    if (curve == GLN_CURVE_COSINE) return std::sin(t * GLN_PI<T>) * (GLN_PI<T> * T(0.5));
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
template <class T>
inline T gln_grad3(int hash, T x, T y, T z) {
    int h = hash & 15;
    T u = h < 8 ? x : y;
    T v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

// GLN_GRAD2[hash & 3] . (x, y): (1, 1), (-1, 1), (-1, -1), (1, -1).
template <class T>
inline T gln_grad2(int hash, T x, T y) {
    int h = hash & 3;
    return (h == 0 || h == 3 ? x : -x) + (h < 2 ? y : -y);
}

template <class T>
inline T gln_grad1(int hash, T x) {
    return (hash & 1) == 0 ? x : -x;
}

template <class T>
inline T gln_height(int hash) {
    return T(hash) / T(127.5) - T(1);
}

template <class T>
inline T gln_corner1(int hash, T d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? gln_grad1(hash, d) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class T>
inline T gln_corner2(int hash, vec2<T> d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? gln_grad2(hash, d.x, d.y) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class T>
inline T gln_corner3(int hash, vec3<T> d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? gln_grad3(hash, d.x, d.y, d.z) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class T>
inline T gln_corner4(int hash, vec4<T> d, int kind) {
    T g = (kind & GLN_GRADIENTS) != 0 ? dot((GLN_GRAD4<T>)[static_cast<std::size_t>(hash & 31)], d) : T(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height<T>(hash) : g;
}

template <class T>
inline vec2<T> gln_cornergrad2(int hash, int kind) {
    return (kind & GLN_GRADIENTS) != 0 ? (GLN_GRAD2<T>)[static_cast<std::size_t>(hash & 3)] : vec2<T>(0, 0);
}

template <class T>
inline vec3<T> gln_cornergrad3(int hash, int kind) {
    return (kind & GLN_GRADIENTS) != 0 ? (GLN_GRAD3<T>)[static_cast<std::size_t>(hash & 15)] : vec3<T>(0, 0, 0);
}

template <class T>
T gln_lattice1(const Permutation& P, int cell, T p, int period, int curve, int kind) {
    T pf = std::floor(p);
    int X0 = gln_wrap(cell + static_cast<int>(pf), period);
    int X1 = gln_wrap(cell + static_cast<int>(pf) + 1, period);
    T x = p - pf;
    T a = gln_corner1(gln_perm(P, X0), x, kind);
    T b = gln_corner1(gln_perm(P, X1), x - T(1), kind);
    return gln_lerp(gln_curve(x, curve), a, b);
}

template <class T>
vec3<T> gln_lattice2(const Permutation& P, ivec2 cell, vec2<T> p, ivec2 period, int curve, int kind) {
    vec2<T> pf = floor(p);
    int X = gln_wrap(cell.x + static_cast<int>(pf.x), period.x);
    int Y = gln_wrap(cell.y + static_cast<int>(pf.y), period.y);
    int X1 = gln_wrap(cell.x + static_cast<int>(pf.x) + 1, period.x);
    int Y1 = gln_wrap(cell.y + static_cast<int>(pf.y) + 1, period.y);
    T xf = p.x - pf.x;
    T yf = p.y - pf.y;
    int valueTopRight = gln_perm(P, gln_perm(P, X1) + Y1);
    int valueTopLeft = gln_perm(P, gln_perm(P, X) + Y1);
    int valueBottomRight = gln_perm(P, gln_perm(P, X1) + Y);
    int valueBottomLeft = gln_perm(P, gln_perm(P, X) + Y);
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

template <class T>
vec4<T> gln_lattice3(const Permutation& P, ivec3 cell, vec3<T> p, ivec3 period, int curve, int kind) {
    vec3<T> pf = floor(p);
    int X = gln_wrap(cell.x + static_cast<int>(pf.x), period.x);
    int Y = gln_wrap(cell.y + static_cast<int>(pf.y), period.y);
    int Z = gln_wrap(cell.z + static_cast<int>(pf.z), period.z);
    int X1 = gln_wrap(cell.x + static_cast<int>(pf.x) + 1, period.x);
    int Y1 = gln_wrap(cell.y + static_cast<int>(pf.y) + 1, period.y);
    int Z1 = gln_wrap(cell.z + static_cast<int>(pf.z) + 1, period.z);
    T x = p.x - pf.x;
    T y = p.y - pf.y;
    T z = p.z - pf.z;
    T u = gln_curve(x, curve);
    T v = gln_curve(y, curve);
    T w = gln_curve(z, curve);
    int A = gln_perm(P, X);
    int B = gln_perm(P, X1);
    int AA = gln_perm(P, A + Y);
    int AB = gln_perm(P, A + Y1);
    int BA = gln_perm(P, B + Y);
    int BB = gln_perm(P, B + Y1);
    int hAA = gln_perm(P, AA + Z);
    int hBA = gln_perm(P, BA + Z);
    int hAB = gln_perm(P, AB + Z);
    int hBB = gln_perm(P, BB + Z);
    int hAA1 = gln_perm(P, AA + Z1);
    int hBA1 = gln_perm(P, BA + Z1);
    int hAB1 = gln_perm(P, AB + Z1);
    int hBB1 = gln_perm(P, BB + Z1);
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

template <class T>
T gln_lattice4(const Permutation& P, ivec4 cell, vec4<T> p, ivec4 period, int curve, int kind) {
    vec4<T> pf = floor(p);
    ivec4 c0 = ivec4(gln_wrap(cell.x + static_cast<int>(pf.x), period.x), gln_wrap(cell.y + static_cast<int>(pf.y), period.y),
                               gln_wrap(cell.z + static_cast<int>(pf.z), period.z), gln_wrap(cell.w + static_cast<int>(pf.w), period.w));
    ivec4 c1 = ivec4(gln_wrap(cell.x + static_cast<int>(pf.x) + 1, period.x), gln_wrap(cell.y + static_cast<int>(pf.y) + 1, period.y),
                               gln_wrap(cell.z + static_cast<int>(pf.z) + 1, period.z), gln_wrap(cell.w + static_cast<int>(pf.w) + 1, period.w));
    vec4<T> f = p - pf;
    std::array<T, 16> k{};
    for (int i = 0; i < 16; ++i) {
        ivec4 bit = ivec4(i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1);
        int X = bit.x == 0 ? c0.x : c1.x;
        int Y = bit.y == 0 ? c0.y : c1.y;
        int Z = bit.z == 0 ? c0.z : c1.z;
        int W = bit.w == 0 ? c0.w : c1.w;
        int hash = gln_perm(P, gln_perm(P, gln_perm(P, gln_perm(P, X) + Y) + Z) + W);
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
