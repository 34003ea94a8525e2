// SPDX-License-Identifier: MIT
// glnoise/pattern.glsl: the named patterns of the seed article's section 9: marble and wood.
//
//   #include "glnoise/pattern.glsl"
//   float m = gln_marble(p.x, gln_fractal2(n, p), 5.0f);   // sin(x + k * noise)
//   float w = gln_wood(p, gln_fractal2(n, p), 5.0f);       // sin(sqrt(x^2 + y^2) + k * noise)
//
// Both lie in [-1, 1]. x and p are in noise cells: a stripe or ring every 2 pi cells.
// Clouds, the third, is the turbulence fractal itself (glnoise/fractal.glsl, GLN_TURBULENCE).
// After K. Perlin, "An Image Synthesizer" (SIGGRAPH 1985), where marble is sin(x + turbulence).
// Options: none.
// C++ twin: src/core/reference.hpp.
#ifndef GLNOISE_PATTERN_GLSL
#define GLNOISE_PATTERN_GLSL

float gln_marble(float x, float noise, float k) {
    return sin(x + k * noise);
}

float gln_wood(vec2 p, float noise, float k) {
    return sin(sqrt(p.x * p.x + p.y * p.y) + k * noise);
}

#endif  // GLNOISE_PATTERN_GLSL
