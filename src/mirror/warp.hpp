// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/warp.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/fractal.hpp"

namespace glnoise::cpu {

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

}  // namespace glnoise::cpu
