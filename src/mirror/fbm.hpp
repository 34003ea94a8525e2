// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/fbm.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include <type_traits>

#include "mirror/simplex.hpp"

namespace glnoise::cpu {

// The GLSL marks amplitude and q GLN_PRECISE; here C++ without contraction or
// reassociation (-ffp-contract=off, no -ffast-math) already computes them as written.

// gln_fbm2 and gln_fbm3: octaves of Perlin noise at q, q * lacunarity, ..., each weighted
// by gain to the octave's power.
template <class T, class V>
T gln_fbm_sum(const Permutation& P, V q, int octaves, T lacunarity, T gain) {
    T sum = T(0);
    T amplitude = T(1);
    for (int i = 0; i < octaves; ++i) {
        if constexpr (std::is_same_v<V, vec2<T>>) sum += amplitude * gln_perlin2(P, q);
        else sum += amplitude * gln_perlin3(P, q);
        q = q * lacunarity;
        amplitude = amplitude * gain;
    }
    return sum;
}

template <class T> T gln_fbm3(const Permutation& P, vec3<T> p, int octaves, T lacunarity, T gain) {
    return gln_fbm_sum(P, p, octaves, lacunarity, gain);
}
template <class T> T gln_fbm2(const Permutation& P, vec2<T> p, int octaves, T lacunarity, T gain) {
    return gln_fbm_sum(P, p, octaves, lacunarity, gain);
}

}  // namespace glnoise::cpu
