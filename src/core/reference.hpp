// SPDX-License-Identifier: MIT
// The C++ twins of shaders/include/glnoise/*.glsl and shaders/sample.glsl (the mirror
// rule): the same names, the same order of operations, the same local names. T is
// float for the reference that the GPU is checked against, double for the oracle.
//
// This header is internal: the public entry points are in glnoise/cpu.hpp.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "glnoise/permutation.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::cpu {

// ---- permutation.glsl ----------------------------------------------------------------

inline int gln_perm(const Permutation& P, int i) {
    return P[i];
}

inline int gln_wrap(int i, int period) {
    if (period > 0) {
        i = i >= 0 ? i % period : period - 1 - (-1 - i) % period;
    }
    return i & 255;
}

// ---- lattice.glsl --------------------------------------------------------------------

constexpr int GLN_CURVE_LINEAR = 0;
constexpr int GLN_CURVE_COSINE = 1;
constexpr int GLN_CURVE_CUBIC = 2;
constexpr int GLN_CURVE_QUINTIC = 3;
constexpr int GLN_GRADIENTS = 1;
constexpr int GLN_HEIGHTS = 2;

template <class T> using vec2 = glm::vec<2, T>;
template <class T> using vec3 = glm::vec<3, T>;
template <class T> using vec4 = glm::vec<4, T>;

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
inline glm::vec<N, T> gln_lerp(T t, glm::vec<N, T> a, glm::vec<N, T> b) {
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
    T g = (kind & GLN_GRADIENTS) != 0 ? glm::dot((GLN_GRAD4<T>)[static_cast<std::size_t>(hash & 31)], d) : T(0);
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
vec3<T> gln_lattice2(const Permutation& P, glm::ivec2 cell, vec2<T> p, glm::ivec2 period, int curve, int kind) {
    vec2<T> pf = glm::floor(p);
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
vec4<T> gln_lattice3(const Permutation& P, glm::ivec3 cell, vec3<T> p, glm::ivec3 period, int curve, int kind) {
    vec3<T> pf = glm::floor(p);
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
T gln_lattice4(const Permutation& P, glm::ivec4 cell, vec4<T> p, glm::ivec4 period, int curve, int kind) {
    vec4<T> pf = glm::floor(p);
    glm::ivec4 c0 = glm::ivec4(gln_wrap(cell.x + static_cast<int>(pf.x), period.x), gln_wrap(cell.y + static_cast<int>(pf.y), period.y),
                               gln_wrap(cell.z + static_cast<int>(pf.z), period.z), gln_wrap(cell.w + static_cast<int>(pf.w), period.w));
    glm::ivec4 c1 = glm::ivec4(gln_wrap(cell.x + static_cast<int>(pf.x) + 1, period.x), gln_wrap(cell.y + static_cast<int>(pf.y) + 1, period.y),
                               gln_wrap(cell.z + static_cast<int>(pf.z) + 1, period.z), gln_wrap(cell.w + static_cast<int>(pf.w) + 1, period.w));
    vec4<T> f = p - pf;
    std::array<T, 16> k{};
    for (int i = 0; i < 16; ++i) {
        glm::ivec4 bit = glm::ivec4(i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1);
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

// ---- perlin.glsl ---------------------------------------------------------------------

template <class T>
T gln_perlin3(const Permutation& P, glm::ivec3 cell, vec3<T> p) {
    return gln_lattice3(P, cell, p, glm::ivec3(0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS).x;
}

template <class T>
T gln_perlin3(const Permutation& P, vec3<T> p) {
    return gln_perlin3(P, glm::ivec3(0, 0, 0), p);
}

template <class T>
T gln_perlin2(const Permutation& P, glm::ivec2 cell, vec2<T> p) {
    return gln_lattice2(P, cell, p, glm::ivec2(0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS).x;
}

template <class T>
T gln_perlin2(const Permutation& P, vec2<T> p) {
    return gln_perlin2(P, glm::ivec2(0, 0), p);
}

// ---- simplex.glsl --------------------------------------------------------------------

template <class T> inline const T GLN_F2 = T(0.366025403784439);
template <class T> inline const T GLN_G2 = T(0.211324865405187);
template <class T> inline const T GLN_F3 = T(0.333333333333333);
template <class T> inline const T GLN_G3 = T(0.166666666666667);
template <class T> inline const T GLN_SIMPLEX2_SCALE = T(70);
template <class T> inline const T GLN_SIMPLEX3_SCALE = T(76);

template <class T>
inline vec2<T> gln_skew2(vec2<T> p) {
    T s = (p.x + p.y) * GLN_F2<T>;
    return vec2<T>(p.x + s, p.y + s);
}

template <class T>
inline vec3<T> gln_skew3(vec3<T> p) {
    T s = (p.x + p.y + p.z) * GLN_F3<T>;
    return vec3<T>(p.x + s, p.y + s, p.z + s);
}

template <class T>
inline vec3<T> gln_simplex2_corner(int hash, vec2<T> d) {
    T t = T(0.5) - d.x * d.x - d.y * d.y;
    if (t <= T(0)) return vec3<T>(0, 0, 0);
    vec3<T> g3 = (GLN_GRAD3<T>)[static_cast<std::size_t>(hash & 15)];
    vec2<T> g = vec2<T>(g3.x, g3.y);
    T gd = g.x * d.x + g.y * d.y;
    T t2 = t * t;
    T t4 = t2 * t2;
    T k = T(-8) * t2 * t * gd;
    return vec3<T>(t4 * gd, t4 * g.x + k * d.x, t4 * g.y + k * d.y);
}

template <class T>
inline vec4<T> gln_simplex3_corner(int hash, vec3<T> d) {
    T t = T(0.5) - d.x * d.x - d.y * d.y - d.z * d.z;
    if (t <= T(0)) return vec4<T>(0, 0, 0, 0);
    vec3<T> g = (GLN_GRAD3<T>)[static_cast<std::size_t>(hash & 15)];
    T gd = g.x * d.x + g.y * d.y + g.z * d.z;
    T t2 = t * t;
    T t4 = t2 * t2;
    T k = T(-8) * t2 * t * gd;
    return vec4<T>(t4 * gd, t4 * g.x + k * d.x, t4 * g.y + k * d.y, t4 * g.z + k * d.z);
}

template <class T>
vec3<T> gln_simplex2_skewed(const Permutation& P, glm::ivec2 cell, vec2<T> ps) {
    vec2<T> pf = glm::floor(ps);
    int i = (cell.x + static_cast<int>(pf.x)) & 255;
    int j = (cell.y + static_cast<int>(pf.y)) & 255;
    T fx = ps.x - pf.x;
    T fy = ps.y - pf.y;
    T t = (fx + fy) * GLN_G2<T>;
    vec2<T> d0 = vec2<T>(fx - t, fy - t);
    int i1 = fx > fy ? 1 : 0;
    int j1 = 1 - i1;
    vec2<T> d1 = vec2<T>(d0.x - T(i1) + GLN_G2<T>, d0.y - T(j1) + GLN_G2<T>);
    vec2<T> d2 = vec2<T>(d0.x - T(1) + T(2) * GLN_G2<T>, d0.y - T(1) + T(2) * GLN_G2<T>);
    int h0 = gln_perm(P, gln_perm(P, i) + j);
    int h1 = gln_perm(P, gln_perm(P, i + i1) + j + j1);
    int h2 = gln_perm(P, gln_perm(P, i + 1) + j + 1);
    vec3<T> n = gln_simplex2_corner(h0, d0) + gln_simplex2_corner(h1, d1) + gln_simplex2_corner(h2, d2);
    return n * GLN_SIMPLEX2_SCALE<T>;
}

template <class T>
vec4<T> gln_simplex3_skewed(const Permutation& P, glm::ivec3 cell, vec3<T> ps) {
    vec3<T> pf = glm::floor(ps);
    int i = (cell.x + static_cast<int>(pf.x)) & 255;
    int j = (cell.y + static_cast<int>(pf.y)) & 255;
    int k = (cell.z + static_cast<int>(pf.z)) & 255;
    vec3<T> f = vec3<T>(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z);
    T t = (f.x + f.y + f.z) * GLN_G3<T>;
    vec3<T> d0 = vec3<T>(f.x - t, f.y - t, f.z - t);
    glm::ivec3 o1;
    glm::ivec3 o2;
    if (f.x >= f.y) {
        if (f.y >= f.z) {
            o1 = glm::ivec3(1, 0, 0);
            o2 = glm::ivec3(1, 1, 0);
        } else if (f.x >= f.z) {
            o1 = glm::ivec3(1, 0, 0);
            o2 = glm::ivec3(1, 0, 1);
        } else {
            o1 = glm::ivec3(0, 0, 1);
            o2 = glm::ivec3(1, 0, 1);
        }
    } else {
        if (f.y < f.z) {
            o1 = glm::ivec3(0, 0, 1);
            o2 = glm::ivec3(0, 1, 1);
        } else if (f.x < f.z) {
            o1 = glm::ivec3(0, 1, 0);
            o2 = glm::ivec3(0, 1, 1);
        } else {
            o1 = glm::ivec3(0, 1, 0);
            o2 = glm::ivec3(1, 1, 0);
        }
    }
    vec3<T> d1 = vec3<T>(d0.x - T(o1.x) + GLN_G3<T>, d0.y - T(o1.y) + GLN_G3<T>, d0.z - T(o1.z) + GLN_G3<T>);
    vec3<T> d2 = vec3<T>(d0.x - T(o2.x) + T(2) * GLN_G3<T>, d0.y - T(o2.y) + T(2) * GLN_G3<T>,
                         d0.z - T(o2.z) + T(2) * GLN_G3<T>);
    vec3<T> d3 = vec3<T>(d0.x - T(1) + T(3) * GLN_G3<T>, d0.y - T(1) + T(3) * GLN_G3<T>, d0.z - T(1) + T(3) * GLN_G3<T>);
    int h0 = gln_perm(P, gln_perm(P, gln_perm(P, i) + j) + k);
    int h1 = gln_perm(P, gln_perm(P, gln_perm(P, i + o1.x) + j + o1.y) + k + o1.z);
    int h2 = gln_perm(P, gln_perm(P, gln_perm(P, i + o2.x) + j + o2.y) + k + o2.z);
    int h3 = gln_perm(P, gln_perm(P, gln_perm(P, i + 1) + j + 1) + k + 1);
    vec4<T> n = gln_simplex3_corner(h0, d0) + gln_simplex3_corner(h1, d1) + gln_simplex3_corner(h2, d2) +
                gln_simplex3_corner(h3, d3);
    return n * GLN_SIMPLEX3_SCALE<T>;
}

// ---- fbm.glsl ------------------------------------------------------------------------
// The GLSL marks amplitude and q GLN_PRECISE; here C++ without contraction or
// reassociation (-ffp-contract=off, no -ffast-math) already computes them as written.

template <class T>
T gln_fbm3(const Permutation& P, vec3<T> p, int octaves, T lacunarity, T gain) {
    T sum = T(0);
    T amplitude = T(1);
    vec3<T> q = p;
    for (int i = 0; i < octaves; ++i) {
        sum += amplitude * gln_perlin3(P, q);
        q = q * lacunarity;
        amplitude = amplitude * gain;
    }
    return sum;
}

template <class T>
T gln_fbm2(const Permutation& P, vec2<T> p, int octaves, T lacunarity, T gain) {
    T sum = T(0);
    T amplitude = T(1);
    vec2<T> q = p;
    for (int i = 0; i < octaves; ++i) {
        sum += amplitude * gln_perlin2(P, q);
        q = q * lacunarity;
        amplitude = amplitude * gain;
    }
    return sum;
}

// ---- fractal.glsl --------------------------------------------------------------------

constexpr int GLN_BASIS_PERLIN = 0;
constexpr int GLN_BASIS_CLASSIC = 1;
constexpr int GLN_BASIS_VALUE = 2;
constexpr int GLN_BASIS_PERLIN_VALUE = 3;
constexpr int GLN_BASIS_SIMPLEX = 4;
constexpr int GLN_FBM = 0;
constexpr int GLN_TURBULENCE = 1;
constexpr int GLN_BILLOW = 2;
constexpr int GLN_RIDGED = 3;

template <class T>
struct GlnNoise {
    int basis;
    int curve;
    int fractal;
    int octaves;
    T lacunarity;
    T gain;
    T ridgeOffset;
    T ridgeGain;
    glm::ivec4 period;
};

inline int gln_basis_curve(int basis, int curve) {
    if (basis == GLN_BASIS_CLASSIC) return GLN_CURVE_CUBIC;
    if (basis == GLN_BASIS_VALUE) return curve;
    return GLN_CURVE_QUINTIC;
}

inline int gln_basis_kind(int basis) {
    if (basis == GLN_BASIS_VALUE) return GLN_HEIGHTS;
    if (basis == GLN_BASIS_PERLIN_VALUE) return GLN_GRADIENTS | GLN_HEIGHTS;
    return GLN_GRADIENTS;
}

template <class T>
T gln_amplitude_sum(const GlnNoise<T>& n) {
    T sum = T(0);
    T amplitude = T(1);
    for (int i = 0; i < n.octaves; ++i) {
        sum += amplitude;
        amplitude = amplitude * n.gain;
    }
    return sum;
}

template <class T>
T gln_basis1(const Permutation& P, int basis, int curve, int cell, T p, int period) {
    if (basis == GLN_BASIS_SIMPLEX) return T(0);
    return gln_lattice1(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis));
}

template <class T>
vec3<T> gln_basis2(const Permutation& P, int basis, int curve, glm::ivec2 cell, vec2<T> p, glm::ivec2 period) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex2_skewed(P, cell, p);
    return gln_lattice2(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis));
}

template <class T>
vec4<T> gln_basis3(const Permutation& P, int basis, int curve, glm::ivec3 cell, vec3<T> p, glm::ivec3 period) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex3_skewed(P, cell, p);
    return gln_lattice3(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis));
}

template <class T>
T gln_basis4(const Permutation& P, int basis, int curve, glm::ivec4 cell, vec4<T> p, glm::ivec4 period) {
    if (basis == GLN_BASIS_SIMPLEX) return T(0);
    return gln_lattice4(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis));
}

template <class T>
void gln_fractal_step(int fractal, int octave, vec4<T> n, T amplitude, T ridgeOffset, T ridgeGain, vec4<T>& sum,
                      vec4<T>& signal) {
    if (fractal == GLN_FBM) {
        sum = sum + amplitude * n;
        return;
    }
    T s = n.x < T(0) ? T(-1) : T(1);
    vec4<T> a = vec4<T>(std::abs(n.x), s * n.y, s * n.z, s * n.w);
    if (fractal == GLN_TURBULENCE) {
        sum = sum + amplitude * a;
        return;
    }
    if (fractal == GLN_BILLOW) {
        sum = sum + amplitude * vec4<T>(T(2) * a.x - T(1), T(2) * a.y, T(2) * a.z, T(2) * a.w);
        return;
    }
    vec4<T> weight = vec4<T>(1, 0, 0, 0);
    if (octave > 0) {
        T w = signal.x * ridgeGain;
        if (w >= T(1)) {
            weight = vec4<T>(1, 0, 0, 0);
        } else if (w <= T(0)) {
            weight = vec4<T>(0, 0, 0, 0);
        } else {
            weight = vec4<T>(w, signal.y * ridgeGain, signal.z * ridgeGain, signal.w * ridgeGain);
        }
    }
    T r = ridgeOffset - a.x;
    T r2 = r * r;
    T dr = T(-2) * r * weight.x;
    signal = vec4<T>(r2 * weight.x, dr * a.y + r2 * weight.y, dr * a.z + r2 * weight.z, dr * a.w + r2 * weight.w);
    sum = sum + amplitude * signal;
}

template <class T>
T gln_fractal1(const Permutation& P, const GlnNoise<T>& n, T p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    T q = p;
    int period = n.period.x;
    for (int i = 0; i < n.octaves; ++i) {
        T b = gln_basis1(P, n.basis, n.curve, 0, q, period);
        gln_fractal_step(n.fractal, i, vec4<T>(b, 0, 0, 0), amplitude, n.ridgeOffset, n.ridgeGain, sum, signal);
        q = q * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return sum.x;
}

template <class T>
vec3<T> gln_fractal2_deriv(const Permutation& P, const GlnNoise<T>& n, vec2<T> p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    T frequency = T(1);
    vec2<T> q = p;
    glm::ivec2 period = glm::ivec2(n.period.x, n.period.y);
    for (int i = 0; i < n.octaves; ++i) {
        vec3<T> b = gln_basis2(P, n.basis, n.curve, glm::ivec2(0, 0), n.basis == GLN_BASIS_SIMPLEX ? gln_skew2(q) : q, period);
        gln_fractal_step(n.fractal, i, vec4<T>(b.x, b.y * frequency, b.z * frequency, T(0)), amplitude, n.ridgeOffset,
                         n.ridgeGain, sum, signal);
        q = q * n.lacunarity;
        frequency = frequency * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return vec3<T>(sum.x, sum.y, sum.z);
}

template <class T>
vec4<T> gln_fractal3_deriv(const Permutation& P, const GlnNoise<T>& n, vec3<T> p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    T frequency = T(1);
    vec3<T> q = p;
    glm::ivec3 period = glm::ivec3(n.period.x, n.period.y, n.period.z);
    for (int i = 0; i < n.octaves; ++i) {
        vec4<T> b = gln_basis3(P, n.basis, n.curve, glm::ivec3(0, 0, 0), n.basis == GLN_BASIS_SIMPLEX ? gln_skew3(q) : q, period);
        gln_fractal_step(n.fractal, i, vec4<T>(b.x, b.y * frequency, b.z * frequency, b.w * frequency), amplitude,
                         n.ridgeOffset, n.ridgeGain, sum, signal);
        q = q * n.lacunarity;
        frequency = frequency * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return sum;
}

template <class T>
T gln_fractal4(const Permutation& P, const GlnNoise<T>& n, vec4<T> p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    vec4<T> q = p;
    glm::ivec4 period = n.period;
    for (int i = 0; i < n.octaves; ++i) {
        T b = gln_basis4(P, n.basis, n.curve, glm::ivec4(0, 0, 0, 0), q, period);
        gln_fractal_step(n.fractal, i, vec4<T>(b, 0, 0, 0), amplitude, n.ridgeOffset, n.ridgeGain, sum, signal);
        q = q * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return sum.x;
}

template <class T>
vec3<T> gln_heightmap_normal(vec2<T> gradient, T heightScale) {
    vec3<T> v = vec3<T>(-heightScale * gradient.x, -heightScale * gradient.y, T(1));
    T len = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    return vec3<T>(v.x / len, v.y / len, v.z / len);
}

// ---- warp.glsl -----------------------------------------------------------------------

template <class T>
inline const std::array<vec3<T>, 6> GLN_WARP_OFFSET = {
    vec3<T>(T(1.7), T(9.2), T(4.3)), vec3<T>(T(8.3), T(2.8), T(6.1)), vec3<T>(T(5.2), T(1.3), T(7.7)),
    vec3<T>(T(3.1), T(7.4), T(2.2)), vec3<T>(T(6.6), T(4.9), T(8.8)), vec3<T>(T(2.5), T(5.7), T(0.9))};

template <class T>
vec2<T> gln_warp2(const Permutation& P, const GlnNoise<T>& warp, vec2<T> p, T frequency, T amount, int depth) {
    T sum = gln_amplitude_sum(warp);
    vec2<T> q = p;
    for (int level = 0; level < depth; ++level) {
        vec3<T> a = GLN_WARP_OFFSET<T>[static_cast<std::size_t>(3 * level)];
        vec3<T> b = GLN_WARP_OFFSET<T>[static_cast<std::size_t>(3 * level + 1)];
        vec2<T> x = frequency * q;
        T wx = gln_fractal2_deriv(P, warp, vec2<T>(x.x + a.x, x.y + a.y)).x / sum;
        T wy = gln_fractal2_deriv(P, warp, vec2<T>(x.x + b.x, x.y + b.y)).x / sum;
        q = vec2<T>(p.x + amount * wx, p.y + amount * wy);
    }
    return q;
}

template <class T>
vec3<T> gln_warp3(const Permutation& P, const GlnNoise<T>& warp, vec3<T> p, T frequency, T amount, int depth) {
    T sum = gln_amplitude_sum(warp);
    vec3<T> q = p;
    for (int level = 0; level < depth; ++level) {
        vec3<T> x = frequency * q;
        std::array<T, 3> w{};
        for (int k = 0; k < 3; ++k) {
            vec3<T> o = GLN_WARP_OFFSET<T>[static_cast<std::size_t>(3 * level + k)];
            w[static_cast<std::size_t>(k)] = gln_fractal3_deriv(P, warp, vec3<T>(x.x + o.x, x.y + o.y, x.z + o.z)).x / sum;
        }
        q = vec3<T>(p.x + amount * w[0], p.y + amount * w[1], p.z + amount * w[2]);
    }
    return q;
}

// ---- pattern.glsl --------------------------------------------------------------------

template <class T>
T gln_sin_reduced(T x) {
    const T t = x - T(6.28318548f) * std::floor(x * T(0.159154937f));
    return std::sin(t);
}

template <class T>
T gln_marble(T x, T noise, T k) {
    return gln_sin_reduced(x + k * noise);
}

template <class T>
T gln_wood(vec2<T> p, T noise, T k) {
    return gln_sin_reduced(std::sqrt(p.x * p.x + p.y * p.y) + k * noise);
}

template <class T>
T gln_wood_from(vec4<T> origin, vec2<T> d, T noise, T k) {
    const T num = T(2) * (origin.x * d.x + origin.y * d.y) + (d.x * d.x + d.y * d.y);
    const T ox = origin.x + d.x;
    const T oy = origin.y + d.y;
    const T den = std::sqrt(ox * ox + oy * oy) + origin.w;
    return gln_sin_reduced(origin.z + (den > T(0) ? num / den : T(0)) + k * noise);
}

// ---- the host side of shaders/sample.glsl --------------------------------------------

// One frame: freq * origin (double on the host) split into a lattice cell modulo the
// period (or 256) and a T fraction. T = float is GlnOctave in the shaders.
template <class T>
struct Frame {
    glm::ivec4 cell;
    vec4<T> frac;
    glm::ivec4 period;
    vec4<T> scale;  // x: frequency, y: amplitude
};
static_assert(sizeof(Frame<float>) == 64, "matches GlnOctave (std430) in shaders/sample.glsl");

// Everything sample() needs besides the frames: the shaders' defines and uniforms.
template <class T>
struct SampleParams {
    int dims;
    int basis;
    int curve;
    int fractal;
    int warp;      // depth, 0: none
    int pattern;   // 0 none, 1 marble, 2 wood
    int octaveCount;
    T inverseDivisor;  // 1 / the sum of the amplitudes with --normalize, else 1: a multiply, exact on every GPU
    T ridgeOffset;
    T ridgeGain;
    int warpOctaves;
    T warpAmount;  // sample units
    T inverseWarpDivisor;
    int patternFrame;
    T patternFrequency;
    T patternScale;
    int framesPerPoint;
};

template <class T>
SampleParams<T> sampleParams(const NoiseSpec& spec);

// GLN_WARP_COMPONENTS of sample.glsl: how many coordinates a warp displaces.
inline int warpComponents(int dims) { return dims == 1 ? 1 : dims == 2 ? 2 : 3; }

// The frames of one point whose texel (0,0,0) samples `origin` (x, y, z, w).
template <class T>
void appendFrames(const NoiseSpec& spec, const std::array<double, 4>& origin, std::vector<Frame<T>>& out);

// The origin of world texel (0,0,0): offset, plus z for dims 3 and 4, and w for dims 4.
std::array<double, 4> gridOrigin(const NoiseSpec& spec);

// Anchors make a texel's value independent of how the world is cut into grids. World
// texel g takes the frames of its anchor, the world texel a = floor(g / kAnchor) * kAnchor
// (origin gridOrigin + a, in double), and the sample offset s = g - a, an integer below
// kAnchor that float32 holds exactly. GLN_ANCHOR in shaders/noise.comp.
inline constexpr int kAnchor = 256;

// The anchors a grid at `start` touches: texel (i, j, k) is at startIn + (i, j, k) from
// the first anchor `first`, and its anchor's frames are block
// ((kz * count[1] + ky) * count[0] + kx) with k = (startIn + (i, j, k)) / kAnchor.
struct AnchorLayout {
    std::array<std::int64_t, 3> first;  // world texel of the first anchor
    std::array<int, 3> startIn;         // [0, kAnchor)
    std::array<int, 3> count;           // anchors per axis
    int anchors() const { return count[0] * count[1] * count[2]; }
};
AnchorLayout anchorLayout(const Grid& grid, const TexelStart& start);

// The frames of every anchor of `layout`, block after block, framesPerPoint each.
template <class T>
void appendAnchorFrames(const NoiseSpec& spec, const AnchorLayout& layout, std::vector<Frame<T>>& out);
// The origin of an eval point (its coordinates beyond dims ignored).
std::array<double, 4> pointOrigin(const NoiseSpec& spec, const std::array<double, 4>& point);

template <class T>
vec4<T> gln_octave(const Permutation& P, const SampleParams<T>& u, const Frame<T>& o, vec3<T> s) {
    vec3<T> local = o.scale.x * s;
    if (u.basis == GLN_BASIS_SIMPLEX && u.dims == 2) {
        vec2<T> k2 = gln_skew2(vec2<T>(local.x, local.y));
        local = vec3<T>(k2.x, k2.y, T(0));
    } else if (u.basis == GLN_BASIS_SIMPLEX) {
        local = gln_skew3(local);
    }
    vec4<T> p = vec4<T>(o.frac.x + local.x, o.frac.y + local.y, o.frac.z + local.z, o.frac.w);
    if (u.dims == 1) return vec4<T>(gln_basis1(P, u.basis, u.curve, o.cell.x, p.x, o.period.x), 0, 0, 0);
    if (u.dims == 2) {
        vec3<T> b = gln_basis2(P, u.basis, u.curve, glm::ivec2(o.cell.x, o.cell.y), vec2<T>(p.x, p.y),
                               glm::ivec2(o.period.x, o.period.y));
        return vec4<T>(b.x, b.y, b.z, T(0));
    }
    if (u.dims == 3)
        return gln_basis3(P, u.basis, u.curve, glm::ivec3(o.cell.x, o.cell.y, o.cell.z), vec3<T>(p.x, p.y, p.z),
                          glm::ivec3(o.period.x, o.period.y, o.period.z));
    return vec4<T>(gln_basis4(P, u.basis, u.curve, o.cell, p, o.period), 0, 0, 0);
}

template <class T>
vec4<T> gln_sum(const Permutation& P, const SampleParams<T>& u, const Frame<T>* frames, int count, int fractal, vec3<T> s) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    for (int i = 0; i < count; ++i) {
        const Frame<T>& o = frames[i];
        vec4<T> n = gln_octave(P, u, o, s);
        n = vec4<T>(n.x, n.y * o.scale.x, n.z * o.scale.x, n.w * o.scale.x);
        gln_fractal_step(fractal, i, n, o.scale.y, u.ridgeOffset, u.ridgeGain, sum, signal);
    }
    return sum;
}

template <class T>
vec3<T> gln_displacement(const Permutation& P, const SampleParams<T>& u, const Frame<T>* first, vec3<T> s) {
    std::array<T, 3> w = {T(0), T(0), T(0)};
    for (int k = 0; k < warpComponents(u.dims); ++k)
        w[static_cast<std::size_t>(k)] = gln_sum(P, u, first + k * u.warpOctaves, u.warpOctaves, GLN_FBM, s).x * u.inverseWarpDivisor;
    return vec3<T>(u.warpAmount * w[0], u.warpAmount * w[1], u.warpAmount * w[2]);
}

// gln_sample of shaders/sample.glsl: (value, gradient per sample unit) at s.
template <class T>
vec4<T> sample(const Permutation& P, const SampleParams<T>& u, const Frame<T>* base, vec3<T> s) {
    vec3<T> q = s;
    if (u.warp > 0) {
        const Frame<T>* level = base + u.octaveCount;
        for (int depth = 0; depth < u.warp; ++depth) {
            q = s + gln_displacement(P, u, level, q);
            level += warpComponents(u.dims) * u.warpOctaves;
        }
    }
    vec4<T> v = gln_sum(P, u, base, u.octaveCount, u.fractal, q) * u.inverseDivisor;
    if (u.pattern > 0) {
        vec4<T> origin = base[u.patternFrame].frac;
        if (u.pattern == 1) {
            v = vec4<T>(gln_marble(origin.x + u.patternFrequency * s.x, v.x, u.patternScale), 0, 0, 0);
        } else {
            vec2<T> d = vec2<T>(u.patternFrequency * s.x, u.patternFrequency * s.y);
            v = vec4<T>(gln_wood_from(origin, d, v.x, u.patternScale), 0, 0, 0);
        }
    }
    return v;
}

// What noise.comp and eval.comp store for `output`: v itself, or (normal, value).
template <class T>
vec4<T> outputOf(const NoiseSpec& spec, vec4<T> v) {
    if (spec.output != Output::Normal) return v;
    vec3<T> n = gln_heightmap_normal(vec2<T>(v.y, v.z), static_cast<T>(spec.heightScale));
    return vec4<T>(n.x, n.y, n.z, v.x);
}

}  // namespace glnoise::cpu
