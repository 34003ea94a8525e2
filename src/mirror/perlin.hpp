// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/perlin.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/lattice.hpp"

namespace glnoise::cpu {

template <class T>
T gln_perlin3(const Permutation& P, ivec3 cell, vec3<T> p) {
    return gln_lattice3(P, cell, p, ivec3(0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS).x;
}

template <class T>
T gln_perlin3(const Permutation& P, vec3<T> p) {
    return gln_perlin3(P, ivec3(0, 0, 0), p);
}

template <class T>
T gln_perlin2(const Permutation& P, ivec2 cell, vec2<T> p) {
    return gln_lattice2(P, cell, p, ivec2(0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS).x;
}

template <class T>
T gln_perlin2(const Permutation& P, vec2<T> p) {
    return gln_perlin2(P, ivec2(0, 0), p);
}

}  // namespace glnoise::cpu
