// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/simplex.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is float for the reference the GPU
// is checked against, double for the oracle. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/perlin.hpp"

namespace glnoise::cpu {

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
vec3<T> gln_simplex2_skewed(const Permutation& P, ivec2 cell, vec2<T> ps) {
    vec2<T> pf = floor(ps);
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
vec4<T> gln_simplex3_skewed(const Permutation& P, ivec3 cell, vec3<T> ps) {
    vec3<T> pf = floor(ps);
    int i = (cell.x + static_cast<int>(pf.x)) & 255;
    int j = (cell.y + static_cast<int>(pf.y)) & 255;
    int k = (cell.z + static_cast<int>(pf.z)) & 255;
    vec3<T> f = vec3<T>(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z);
    T t = (f.x + f.y + f.z) * GLN_G3<T>;
    vec3<T> d0 = vec3<T>(f.x - t, f.y - t, f.z - t);
    ivec3 o1;
    ivec3 o2;
    if (f.x >= f.y) {
        if (f.y >= f.z) {
            o1 = ivec3(1, 0, 0);
            o2 = ivec3(1, 1, 0);
        } else if (f.x >= f.z) {
            o1 = ivec3(1, 0, 0);
            o2 = ivec3(1, 0, 1);
        } else {
            o1 = ivec3(0, 0, 1);
            o2 = ivec3(1, 0, 1);
        }
    } else {
        if (f.y < f.z) {
            o1 = ivec3(0, 0, 1);
            o2 = ivec3(0, 1, 1);
        } else if (f.x < f.z) {
            o1 = ivec3(0, 1, 0);
            o2 = ivec3(0, 1, 1);
        } else {
            o1 = ivec3(0, 1, 0);
            o2 = ivec3(1, 1, 0);
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

}  // namespace glnoise::cpu
