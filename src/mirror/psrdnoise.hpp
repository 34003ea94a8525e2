// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/psrdnoise.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp);
// I its integer. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include <array>

#include "mirror/simplex.hpp"

namespace glnoise::cpu {

inline constexpr double GLN_PSRD_SCALE2 = 10.9;
inline constexpr double GLN_PSRD_SCALE3 = 107.0;

inline constexpr std::array<vec2<float>, 32> GLN_PSRD_GRAD2 = {
    vec2<float>(0.99518472f, 0.0980171412f), vec2<float>(0.956940353f, 0.290284663f), vec2<float>(0.881921291f, 0.471396744f), vec2<float>(0.773010433f, 0.634393275f),
    vec2<float>(0.634393275f, 0.773010433f), vec2<float>(0.471396744f, 0.881921291f), vec2<float>(0.290284663f, 0.956940353f), vec2<float>(0.0980171412f, 0.99518472f),
    vec2<float>(-0.0980171412f, 0.99518472f), vec2<float>(-0.290284663f, 0.956940353f), vec2<float>(-0.471396744f, 0.881921291f), vec2<float>(-0.634393275f, 0.773010433f),
    vec2<float>(-0.773010433f, 0.634393275f), vec2<float>(-0.881921291f, 0.471396744f), vec2<float>(-0.956940353f, 0.290284663f), vec2<float>(-0.99518472f, 0.0980171412f),
    vec2<float>(-0.99518472f, -0.0980171412f), vec2<float>(-0.956940353f, -0.290284663f), vec2<float>(-0.881921291f, -0.471396744f), vec2<float>(-0.773010433f, -0.634393275f),
    vec2<float>(-0.634393275f, -0.773010433f), vec2<float>(-0.471396744f, -0.881921291f), vec2<float>(-0.290284663f, -0.956940353f), vec2<float>(-0.0980171412f, -0.99518472f),
    vec2<float>(0.0980171412f, -0.99518472f), vec2<float>(0.290284663f, -0.956940353f), vec2<float>(0.471396744f, -0.881921291f), vec2<float>(0.634393275f, -0.773010433f),
    vec2<float>(0.773010433f, -0.634393275f), vec2<float>(0.881921291f, -0.471396744f), vec2<float>(0.956940353f, -0.290284663f), vec2<float>(0.99518472f, -0.0980171412f)};

inline constexpr std::array<vec3<float>, 64> GLN_PSRD_GRAD3 = {
    vec3<float>(0.176084802f, 0.0f, 0.984375f), vec3<float>(-0.223110735f, 0.204387709f, 0.953125f), vec3<float>(0.0338763669f, -0.386003733f, 0.921875f),
    vec3<float>(0.276680589f, 0.360880822f, 0.890625f), vec3<float>(-0.503529191f, -0.0890672207f, 0.859375f), vec3<float>(0.472961515f, -0.300859392f, 0.828125f),
    vec3<float>(-0.156838432f, 0.583431184f, 0.796875f), vec3<float>(-0.296495557f, -0.570884168f, 0.765625f), vec3<float>(0.637558639f, 0.232835397f, 0.734375f),
    vec3<float>(-0.657270968f, 0.271311879f, 0.703125f), vec3<float>(0.31392771f, -0.67084527f, 0.671875f), vec3<float>(0.229806289f, 0.732658625f, 0.640625f),
    vec3<float>(-0.68601054f, -0.39755711f, 0.609375f), vec3<float>(0.796916842f, -0.175199941f, 0.578125f), vec3<float>(-0.481506556f, 0.684893548f, 0.546875f),
    vec3<float>(-0.110109806f, -0.849709749f, 0.515625f), vec3<float>(0.668961167f, 0.563801169f, 0.484375f), vec3<float>(-0.890685737f, 0.036832653f, 0.453125f),
    vec3<float>(0.642663002f, -0.639535546f, 0.421875f), vec3<float>(-0.0425215289f, 0.919567287f, 0.390625f), vec3<float>(-0.597905457f, -0.716490567f, 0.359375f),
    vec3<float>(0.936198175f, 0.125964135f, 0.328125f), vec3<float>(-0.783851027f, 0.545383155f, 0.296875f), vec3<float>(0.211596817f, -0.940569043f, 0.265625f),
    vec3<float>(0.483332545f, 0.843479693f, 0.234375f), vec3<float>(-0.932831824f, -0.297598779f, 0.203125f), vec3<float>(0.894282103f, -0.413181007f, 0.171875f),
    vec3<float>(-0.382224768f, 0.913306534f, 0.140625f), vec3<float>(-0.336421758f, -0.935338199f, 0.109375f), vec3<float>(0.8824839f, 0.463808805f, 0.078125f),
    vec3<float>(-0.965907097f, 0.254610002f, 0.046875f), vec3<float>(0.540771723f, -0.84102428f, 0.015625f), vec3<float>(0.169355497f, 0.985431135f, -0.015625f),
    vec3<float>(-0.789754093f, -0.611629963f, -0.046875f), vec3<float>(0.993539691f, -0.0823127329f, -0.078125f), vec3<float>(-0.675005257f, 0.729660869f, -0.109375f),
    vec3<float>(0.00482980162f, -0.99005115f, -0.140625f), vec3<float>(0.661886692f, 0.729633451f, -0.171875f), vec3<float>(-0.974974453f, -0.090360418f, -0.203125f),
    vec3<float>(0.77437228f, -0.587720931f, -0.234375f), vec3<float>(-0.172553852f, 0.948508561f, -0.265625f), vec3<float>(-0.508593798f, -0.808206379f, -0.296875f),
    vec3<float>(0.911040425f, 0.249678418f, -0.328125f), vec3<float>(-0.83024925f, 0.426070213f, -0.359375f), vec3<float>(0.319998622f, -0.863141358f, -0.390625f),
    vec3<float>(0.341847241f, 0.839739203f, -0.421875f), vec3<float>(-0.805561304f, -0.381770521f, -0.453125f), vec3<float>(0.836027861f, -0.257756323f, -0.484375f),
    vec3<float>(-0.433224499f, 0.739220798f, -0.515625f), vec3<float>(-0.175775126f, -0.818554103f, -0.546875f), vec3<float>(0.665199399f, 0.472526491f, -0.578125f),
    vec3<float>(-0.786795378f, 0.0980567932f, -0.609375f), vec3<float>(0.497699469f, -0.584717751f, -0.640625f), vec3<float>(0.0269922037f, 0.740172565f, -0.671875f),
    vec3<float>(-0.499107152f, -0.506465495f, -0.703125f), vec3<float>(0.677858472f, 0.0346593596f, -0.734375f), vec3<float>(-0.495910138f, 0.409745663f, -0.765625f),
    vec3<float>(0.0834807158f, -0.598348737f, -0.796875f), vec3<float>(0.3178958f, 0.461683065f, -0.828125f), vec3<float>(-0.498324156f, -0.114663221f, -0.859375f),
    vec3<float>(0.395650685f, -0.224159867f, -0.890625f), vec3<float>(-0.119570419f, 0.36857754f, -0.921875f), vec3<float>(-0.12556608f, -0.275292367f, -0.953125f),
    vec3<float>(0.162099957f, 0.0687710792f, -0.984375f)};

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
inline I gln_psrd_hash2(const Permutation& P, I u, I v, ivec2 period) {
    int px = gln_psrd_period(period.x);
    I ax = gln_psrd_mod(u + u - v, px + px);
    I rv = gln_psrd_mod(v, gln_psrd_period(period.y));
    I ru = gln_psrd_half(ax + rv);
    return gln_perm(P, gln_perm(P, ru & 255) + (rv & 255));
}

template <class I>
inline I gln_psrd_hash3(const Permutation& P, vec<3, I> i, ivec3 period) {
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

template <class T>
inline vec3<T> gln_psrd_unskew3(vec3<T> f) {
    T s = (f.x + f.y + f.z) * T(0.5);
    return vec3<T>(s - f.x, s - f.y, s - f.z);
}

template <class T>
vec3<T> gln_psrdnoise2_skewed(const Permutation& P, ivec2 cell, vec2<T> ps, ivec2 period) {
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
    vec3<T> n = gln_kernel2(T(0.8), vec2<T>(gln_row(GLN_PSRD_GRAD2, gln_psrd_hash2(P, i, j, period) & 31)), d0) +
                gln_kernel2(T(0.8), vec2<T>(gln_row(GLN_PSRD_GRAD2, gln_psrd_hash2(P, i + o, j + 1 - o, period) & 31)), d1) +
                gln_kernel2(T(0.8), vec2<T>(gln_row(GLN_PSRD_GRAD2, gln_psrd_hash2(P, i + 1, j + 1, period) & 31)), d2);
    return n * T(GLN_PSRD_SCALE2);
}

template <class T>
vec4<T> gln_psrdnoise3_skewed(const Permutation& P, ivec3 cell, vec3<T> ps, ivec3 period) {
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
    auto grad = [&](const vec<3, I>& at) { return vec3<T>(gln_row(GLN_PSRD_GRAD3, gln_psrd_hash3(P, at, period) & 63)); };
    vec4<T> n = gln_kernel3(T(0.5), grad(c), d0) + gln_kernel3(T(0.5), grad(corner(o1)), d1) +
                gln_kernel3(T(0.5), grad(corner(o2)), d2) + gln_kernel3(T(0.5), grad(corner(vec<3, I>(one, one, one))), d3);
    return n * T(GLN_PSRD_SCALE3);
}

}  // namespace glnoise::cpu
