// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/psrdnoise.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp);
// I its integer. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include <array>

#include "mirror/simplex.hpp"

namespace glnoise::cpu {

inline constexpr std::array<vec2<float>, 32> GLN_PSRD_GRAD2 = gln_table<vec2<float>>(library::GLN_PSRD_GRAD2);

inline constexpr std::array<vec3<float>, 64> GLN_PSRD_GRAD3 = gln_table<vec3<float>>(library::GLN_PSRD_GRAD3);

inline int gln_psrd_mod(int i, int m) {
    return i >= 0 ? i % m : m - 1 - (-1 - i) % m;
}

inline int gln_psrd_half(int i) {
    return i >> 1;
}

inline int gln_psrd_period(int period) {
    return period > 0 ? period : 256;
}

template <class I>
inline I gln_psrd_hash2(const Permutation& P, I u, I v, ivec2 period, ivec2 world) {
    if (world.x >= 0) return gln_world_hash2(P, vec<2, I>(u, v), world);
    int px = gln_psrd_period(period.x);
    I ax = gln_psrd_mod(u + u - v, px + px);
    I rv = gln_psrd_mod(v, gln_psrd_period(period.y));
    I ru = gln_psrd_half(ax + rv);
    return gln_perm(P, gln_perm(P, ru & 255) + (rv & 255));
}

template <class I>
inline I gln_psrd_hash3(const Permutation& P, vec<3, I> i, ivec3 period, ivec3 world) {
    if (world.x >= 0) return gln_world_hash3(P, i, world);
    I ax = gln_psrd_mod(i.y + i.z - i.x, 2 * gln_psrd_period(period.x));
    I ay = gln_psrd_mod(i.x + i.z - i.y, 2 * gln_psrd_period(period.y));
    I az = gln_psrd_mod(i.x + i.y - i.z, 2 * gln_psrd_period(period.z));
    I u = gln_psrd_half(ay + az);
    I v = gln_psrd_half(ax + az);
    I w = gln_psrd_half(ax + ay);
    return gln_perm(P, gln_perm(P, gln_perm(P, u & 255) + (v & 255)) + (w & 255));
}

template <class T>
inline vec2<T> gln_psrd_skew2(vec2<T> p) {
    return vec2<T>(p.x + T(0.5) * p.y, p.y);
}

template <class T>
inline vec3<T> gln_psrd_skew3(vec3<T> p) {
    return vec3<T>(p.y + p.z, p.x + p.z, p.x + p.y);
}

// The host's half of psrdnoise's frames (core/frames.cpp; no GLSL twin): the floors of a
// point in its own coordinates (double, as long long) reduced to the congruent cell of
// gln_psrd_hash2/3, the lattice point's doubled position modulo twice the periods (256
// where none), which hashes like the original. Skewed cells do not reduce axis by axis.
inline long long gln_psrd_floor_mod(long long i, long long m) {
    const long long r = i % m;
    return r < 0 ? r + m : r;
}

inline ivec4 gln_psrd_frame_cell(int dims, const std::array<long long, 4>& c, const std::array<long long, 4>& period) {
    auto per = [&](std::size_t a) { return period[a] > 0 ? period[a] : 256LL; };
    if (dims == 2) {
        const long long ax = gln_psrd_floor_mod(2 * c[0] - c[1], 2 * per(0));
        const long long rv = gln_psrd_floor_mod(c[1], per(1));
        return ivec4(static_cast<int>((ax + rv) / 2), static_cast<int>(rv), 0, 0);
    }
    const long long ax = gln_psrd_floor_mod(c[1] + c[2] - c[0], 2 * per(0));
    const long long ay = gln_psrd_floor_mod(c[0] + c[2] - c[1], 2 * per(1));
    const long long az = gln_psrd_floor_mod(c[0] + c[1] - c[2], 2 * per(2));
    return ivec4(static_cast<int>((ay + az) / 2), static_cast<int>((ax + az) / 2), static_cast<int>((ax + ay) / 2), 0);
}

// psrdnoise's own coordinates (fractal.hpp's gln_basis_space2 and 3 pick them).
template <class T> inline vec2<T> gln_psrdnoise_space2(vec2<T> q) { return gln_psrd_skew2(q); }
template <class T> inline vec3<T> gln_psrdnoise_space3(vec3<T> q) { return gln_psrd_skew3(q); }

template <class T>
inline vec3<T> gln_psrd_unskew3(vec3<T> f) {
    T s = (f.x + f.y + f.z) * T(0.5);
    return vec3<T>(s - f.x, s - f.y, s - f.z);
}

template <class T>
vec3<T> gln_psrdnoise2_skewed(const Permutation& P, ivec2 cell, vec2<T> ps, ivec2 period, ivec2 world = ivec2(-1, -1)) {
    using I = lane_int<T>;
    vec2<T> pf = floor(ps);
    I i = cell.x + static_cast<I>(pf.x);
    I j = cell.y + static_cast<I>(pf.y);
    T fu = ps.x - pf.x;
    T fv = ps.y - pf.y;
    vec2<T> d0 = vec2<T>(fu - T(0.5) * fv, fv);
    I o = gln_select(fu >= fv, I(1), I(0));
    vec2<T> d1 = vec2<T>(d0.x - T(o) + T(0.5) * T(1 - o), d0.y - T(1 - o));
    vec2<T> d2 = vec2<T>(d0.x - T(0.5), d0.y - T(1));
    vec3<T> n = gln_kernel2(T(0.8), vec2<T>(gln_row(GLN_PSRD_GRAD2, gln_psrd_hash2(P, i, j, period, world) & 31)), d0) +
                gln_kernel2(T(0.8), vec2<T>(gln_row(GLN_PSRD_GRAD2, gln_psrd_hash2(P, i + o, j + 1 - o, period, world) & 31)), d1) +
                gln_kernel2(T(0.8), vec2<T>(gln_row(GLN_PSRD_GRAD2, gln_psrd_hash2(P, i + 1, j + 1, period, world) & 31)), d2);
    return n * T(GLN_PSRD_SCALE2);
}

template <class T>
vec4<T> gln_psrdnoise3_skewed(const Permutation& P, ivec3 cell, vec3<T> ps, ivec3 period, ivec3 world = ivec3(-1, -1, -1)) {
    using I = lane_int<T>;
    vec3<T> pf = floor(ps);
    vec<3, I> c = vec<3, I>(cell.x + static_cast<I>(pf.x), cell.y + static_cast<I>(pf.y), cell.z + static_cast<I>(pf.z));
    vec3<T> f = vec3<T>(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z);
    const I one = I(1), zero = I(0);
    auto xy = f.x >= f.y, xz = f.x >= f.z, yz = f.y >= f.z;
    I rx = gln_select(xy, one, zero) + gln_select(xz, one, zero);
    I ry = gln_select(xy, zero, one) + gln_select(yz, one, zero);
    I rz = gln_select(xz, zero, one) + gln_select(yz, zero, one);
    vec<3, I> o1 = vec<3, I>(gln_select(one < rx, one, zero), gln_select(one < ry, one, zero), gln_select(one < rz, one, zero));
    vec<3, I> o2 = vec<3, I>(gln_select(zero < rx, one, zero), gln_select(zero < ry, one, zero), gln_select(zero < rz, one, zero));
    vec3<T> d0 = gln_psrd_unskew3(f);
    vec3<T> d1 = gln_psrd_unskew3(vec3<T>(f.x - T(o1.x), f.y - T(o1.y), f.z - T(o1.z)));
    vec3<T> d2 = gln_psrd_unskew3(vec3<T>(f.x - T(o2.x), f.y - T(o2.y), f.z - T(o2.z)));
    vec3<T> d3 = gln_psrd_unskew3(vec3<T>(f.x - T(1), f.y - T(1), f.z - T(1)));
    auto corner = [&](const vec<3, I>& o) {
        return vec<3, I>(c.x + o.x, c.y + o.y, c.z + o.z);
    };
    auto grad = [&](const vec<3, I>& at) { return vec3<T>(gln_row(GLN_PSRD_GRAD3, gln_psrd_hash3(P, at, period, world) & 63)); };
    vec4<T> n = gln_kernel3(T(0.5), grad(c), d0) + gln_kernel3(T(0.5), grad(corner(o1)), d1) +
                gln_kernel3(T(0.5), grad(corner(o2)), d2) + gln_kernel3(T(0.5), grad(corner(vec<3, I>(one, one, one))), d3);
    return n * T(GLN_PSRD_SCALE3);
}

}  // namespace glnoise::cpu
