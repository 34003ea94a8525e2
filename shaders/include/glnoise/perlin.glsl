// SPDX-License-Identifier: MIT
// glnoise/perlin.glsl: Perlin gradient noise in 1 to 4 dimensions: improved (2002) and classic (1985).
//
//   #include "glnoise/perlin.glsl"
//   float n = gln_perlin3(vec3(x, y, z));          // Ken Perlin's reference, exactly
//   float m = gln_perlin2(vec2(x, y));
//   float f = gln_perlin3(ivec3(cx, cy, cz), p);   // the noise at lattice cell c + p
//   vec4 d = gln_perlin3_deriv(p);                 // (value, d/dx, d/dy, d/dz), one evaluation
//   float c = gln_classic3(p);                     // the cubic fade of 1985, for comparison
//   float w = gln_perlin4(vec4(x, y, z, t));       // 32 gradients, hashed p[p[p[p[X]+Y]+Z]+W]
//
// The (cell, p) forms take an integer lattice offset and a small float position, so that
// a caller that keeps its origin in double can hand over cell = floor(origin) mod 256 and
// p = fract(origin) + local, and lose no precision far from the origin.
//
// 3D follows Ken Perlin, "Improving Noise" (SIGGRAPH 2002): hashes p[p[p[X]+Y]+Z], the 12
// edge gradients plus 4 repeats of grad(hash & 15), fade 6t^5 - 15t^4 + 10t^3, lerp order
// x, y, z. The gradient is picked from a 16-entry table instead of branches (same values).
// 2D: corners hashed p[p[X]+Y], gradients (1,1), (-1,1), (-1,-1), (1,-1) from v & 3.
// 1D: gradients +1 or -1 from p[X] & 1. Classic: the same with the fade 3t^2 - 2t^3 of
// "An Image Synthesizer" (SIGGRAPH 1985). Periods and the engine: glnoise/lattice.glsl.
// Ranges (docs/noise.md): 1D +-0.5, 2D +-1.0, 3D +-1.0363, 4D +-1.32 for both fades
// (4D: the largest value a search found is 1.305). Period 256 on each axis.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/perlin.hpp.
#ifndef GLNOISE_PERLIN_GLSL
#define GLNOISE_PERLIN_GLSL

#include "lattice.glsl"

float gln_perlin1(int cell, float p) {
    return gln_lattice1(cell, p, 0, GLN_CURVE_QUINTIC, GLN_GRADIENTS);
}

float gln_perlin1(float p) {
    return gln_perlin1(0, p);
}

float gln_perlin2(ivec2 cell, vec2 p) {
    return gln_lattice2(cell, p, ivec2(0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS).x;
}

float gln_perlin2(vec2 p) {
    return gln_perlin2(ivec2(0, 0), p);
}

vec3 gln_perlin2_deriv(vec2 p) {
    return gln_lattice2(ivec2(0, 0), p, ivec2(0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS);
}

float gln_perlin3(ivec3 cell, vec3 p) {
    return gln_lattice3(cell, p, ivec3(0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS).x;
}

float gln_perlin3(vec3 p) {
    return gln_perlin3(ivec3(0, 0, 0), p);
}

vec4 gln_perlin3_deriv(vec3 p) {
    return gln_lattice3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS);
}

float gln_perlin4(ivec4 cell, vec4 p) {
    return gln_lattice4(cell, p, ivec4(0, 0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS);
}

float gln_perlin4(vec4 p) {
    return gln_perlin4(ivec4(0, 0, 0, 0), p);
}

float gln_classic1(float p) {
    return gln_lattice1(0, p, 0, GLN_CURVE_CUBIC, GLN_GRADIENTS);
}

float gln_classic2(vec2 p) {
    return gln_lattice2(ivec2(0, 0), p, ivec2(0, 0), GLN_CURVE_CUBIC, GLN_GRADIENTS).x;
}

float gln_classic3(vec3 p) {
    return gln_lattice3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), GLN_CURVE_CUBIC, GLN_GRADIENTS).x;
}

float gln_classic4(vec4 p) {
    return gln_lattice4(ivec4(0, 0, 0, 0), p, ivec4(0, 0, 0, 0), GLN_CURVE_CUBIC, GLN_GRADIENTS);
}

#endif  // GLNOISE_PERLIN_GLSL
