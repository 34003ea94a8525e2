// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/pattern.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/warp.hpp"

namespace glnoise::cpu {

template <class T>
T gln_sin_reduced(T x) {
    const T t = x - T(6.28318548f) * gln_floor(x * T(0.159154937f));
    return gln_sin(t);
}

template <class T>
T gln_marble(T x, T noise, T k) {
    return gln_sin_reduced(x + k * noise);
}

template <class T>
T gln_wood(vec2<T> p, T noise, T k) {
    return gln_sin_reduced(gln_sqrt(p.x * p.x + p.y * p.y) + k * noise);
}

template <class T>
T gln_wood_from(vec4<T> origin, vec2<T> d, T noise, T k) {
    const T num = T(2) * (origin.x * d.x + origin.y * d.y) + (d.x * d.x + d.y * d.y);
    const T ox = origin.x + d.x;
    const T oy = origin.y + d.y;
    const T den = gln_sqrt(ox * ox + oy * oy) + origin.w;
    return gln_sin_reduced(origin.z + gln_select(den > T(0), num / den, T(0)) + k * noise);
}

}  // namespace glnoise::cpu
