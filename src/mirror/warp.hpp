// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/warp.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/fractal.hpp"

namespace glnoise::cpu {

template <class T>
inline const std::array<vec3<T>, 6> GLN_WARP_OFFSET = gln_table<vec3<T>>(library::GLN_WARP_OFFSET);

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
