// SPDX-License-Identifier: MIT
// glnoise/pattern.glsl: the named patterns: marble and wood, sines of a coordinate bent by noise.
//
//   #include "glnoise/pattern.glsl"
//   float m = gln_marble(p.x, gln_fractal2(n, p), 5.0f);   // sin(x + k * noise)
//   float w = gln_wood(p, gln_fractal2(n, p), 5.0f);       // sin(sqrt(x^2 + y^2) + k * noise)
//
// Both lie in [-1, 1]. x and p are in noise cells: a stripe or ring every 2 pi cells.
// Clouds, the third, is the turbulence fractal itself (glnoise/fractal.glsl, GLN_TURBULENCE).
// After K. Perlin, "An Image Synthesizer" (SIGGRAPH 1985), where marble is sin(x + turbulence).
//
// The sine's argument is reduced to [0, 2 pi) before sin(): GPUs evaluate sin() in
// hardware whose error grows with the argument (on NVIDIA, 1e-4 at 300 radians), while the
// reduction is exact multiplies and adds. Far from the origin, gln_wood_from(origin, d, ...)
// keeps the rings exact: the radius of origin.xy + d relative to |origin.xy|, whose value
// modulo 2 pi (origin.z) and itself (origin.w) the caller computed in double.
// Options: none.
// C++ twin: src/mirror/pattern.hpp.
#ifndef GLNOISE_PATTERN_GLSL
#define GLNOISE_PATTERN_GLSL

#include "permutation.glsl"

// sin(x) through x reduced to [0, 2 pi): the same value on every GPU and the CPU.
float gln_sin_reduced(float x) {
    GLN_PRECISE float t = x - 6.28318548f * floor(x * 0.159154937f);
    return sin(t);
}

float gln_marble(float x, float noise, float k) {
    GLN_PRECISE float a = x + k * noise;
    return gln_sin_reduced(a);
}

float gln_wood(vec2 p, float noise, float k) {
    GLN_PRECISE float a = sqrt(p.x * p.x + p.y * p.y) + k * noise;
    return gln_sin_reduced(a);
}

// Wood rings around the world's origin at the point origin.xy + d, where origin.z is
// |origin.xy| mod 2 pi and origin.w is |origin.xy|: |o + d| - |o| = (2 o.d + d.d) / (|o + d| + |o|).
float gln_wood_from(vec4 origin, vec2 d, float noise, float k) {
    GLN_PRECISE float num = 2.0f * (origin.x * d.x + origin.y * d.y) + (d.x * d.x + d.y * d.y);
    GLN_PRECISE float ox = origin.x + d.x;
    GLN_PRECISE float oy = origin.y + d.y;
    GLN_PRECISE float den = sqrt(ox * ox + oy * oy) + origin.w;
    GLN_PRECISE float a = origin.z + (den > 0.0f ? num / den : 0.0f) + k * noise;
    return gln_sin_reduced(a);
}

#endif  // GLNOISE_PATTERN_GLSL
