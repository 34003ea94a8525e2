// SPDX-License-Identifier: MIT
// glnoise/value.glsl: value noise, and Perlin noise with the random lattice heights added back.
//
//   #include "glnoise/value.glsl"
//   float v = gln_value2(p, GLN_CURVE_COSINE);     // heights blended by (1 - cos(pi t)) / 2
//   vec4 d = gln_value3_deriv(p, GLN_CURVE_QUINTIC);  // (value, gradient)
//   float h = gln_perlinvalue3(p);                 // gradient contributions + corner heights (1-4D)
//
// Value noise (as in the Dev.Mag article "How to Use Perlin Noise in Your Games", 2008):
// every lattice corner holds a random height, hash / 127.5 - 1, from the same hashes as
// Perlin noise (p[p[X]+Y], p[p[p[X]+Y]+Z], ...), blended along each axis with a curve:
// GLN_CURVE_LINEAR, GLN_CURVE_COSINE (D. Mount's CMSC 425 notes), GLN_CURVE_CUBIC or
// GLN_CURVE_QUINTIC. Perlin-value follows the same notes' "adding back the random
// heights": each corner contributes height + gradient . offset, blended by the quintic fade.
// Ranges (docs/noise.md): value noise within [-1, 1] for every curve (a convex blend of
// heights in [-1, 1]); perlin-value 1D +-1.5, 2D +-1.9, 3D +-1.85, 4D +-1.95 (measured).
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/value.hpp.
#ifndef GLNOISE_VALUE_GLSL
#define GLNOISE_VALUE_GLSL

#include "lattice.glsl"

float gln_value1(float p, int curve) {
    return gln_lattice1(0, p, 0, curve, GLN_HEIGHTS);
}

float gln_value2(vec2 p, int curve) {
    return gln_lattice2(ivec2(0, 0), p, ivec2(0, 0), curve, GLN_HEIGHTS).x;
}

vec3 gln_value2_deriv(vec2 p, int curve) {
    return gln_lattice2(ivec2(0, 0), p, ivec2(0, 0), curve, GLN_HEIGHTS);
}

float gln_value3(vec3 p, int curve) {
    return gln_lattice3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), curve, GLN_HEIGHTS).x;
}

vec4 gln_value3_deriv(vec3 p, int curve) {
    return gln_lattice3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), curve, GLN_HEIGHTS);
}

float gln_value4(vec4 p, int curve) {
    return gln_lattice4(ivec4(0, 0, 0, 0), p, ivec4(0, 0, 0, 0), curve, GLN_HEIGHTS);
}

float gln_perlinvalue1(float p) {
    return gln_lattice1(0, p, 0, GLN_CURVE_QUINTIC, GLN_GRADIENTS | GLN_HEIGHTS);
}

float gln_perlinvalue2(vec2 p) {
    return gln_lattice2(ivec2(0, 0), p, ivec2(0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS | GLN_HEIGHTS).x;
}

float gln_perlinvalue3(vec3 p) {
    return gln_lattice3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS | GLN_HEIGHTS).x;
}

float gln_perlinvalue4(vec4 p) {
    return gln_lattice4(ivec4(0, 0, 0, 0), p, ivec4(0, 0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS | GLN_HEIGHTS);
}

#endif  // GLNOISE_VALUE_GLSL
