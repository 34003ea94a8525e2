// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/value.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/lattice.hpp"

namespace glnoise::cpu {

template <class T>
T gln_value1(const Permutation& P, T p, int curve) {
    return gln_lattice1(P, 0, p, 0, curve, GLN_HEIGHTS);
}

template <class T>
T gln_value2(const Permutation& P, vec2<T> p, int curve) {
    return gln_lattice2(P, ivec2(0, 0), p, ivec2(0, 0), curve, GLN_HEIGHTS).x;
}

template <class T>
vec3<T> gln_value2_deriv(const Permutation& P, vec2<T> p, int curve) {
    return gln_lattice2(P, ivec2(0, 0), p, ivec2(0, 0), curve, GLN_HEIGHTS);
}

template <class T>
T gln_value3(const Permutation& P, vec3<T> p, int curve) {
    return gln_lattice3(P, ivec3(0, 0, 0), p, ivec3(0, 0, 0), curve, GLN_HEIGHTS).x;
}

template <class T>
vec4<T> gln_value3_deriv(const Permutation& P, vec3<T> p, int curve) {
    return gln_lattice3(P, ivec3(0, 0, 0), p, ivec3(0, 0, 0), curve, GLN_HEIGHTS);
}

template <class T>
T gln_value4(const Permutation& P, vec4<T> p, int curve) {
    return gln_lattice4(P, ivec4(0, 0, 0, 0), p, ivec4(0, 0, 0, 0), curve, GLN_HEIGHTS);
}

template <class T>
T gln_perlinvalue1(const Permutation& P, T p) {
    return gln_lattice1(P, 0, p, 0, GLN_CURVE_QUINTIC, GLN_GRADIENTS | GLN_HEIGHTS);
}

template <class T>
T gln_perlinvalue2(const Permutation& P, vec2<T> p) {
    return gln_lattice2(P, ivec2(0, 0), p, ivec2(0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS | GLN_HEIGHTS).x;
}

template <class T>
T gln_perlinvalue3(const Permutation& P, vec3<T> p) {
    return gln_lattice3(P, ivec3(0, 0, 0), p, ivec3(0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS | GLN_HEIGHTS).x;
}

template <class T>
T gln_perlinvalue4(const Permutation& P, vec4<T> p) {
    return gln_lattice4(P, ivec4(0, 0, 0, 0), p, ivec4(0, 0, 0, 0), GLN_CURVE_QUINTIC,
                        GLN_GRADIENTS | GLN_HEIGHTS);
}

}  // namespace glnoise::cpu
