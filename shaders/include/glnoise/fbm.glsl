// SPDX-License-Identifier: MIT
// glnoise/fbm.glsl: fractal Brownian motion over improved Perlin noise.
//
//   #include "glnoise/fbm.glsl"
//   float h = gln_fbm3(p, 8, 2.0f, 0.5f);   // sum_{i<8} 0.5^i * gln_perlin3(2^i * p)
//   float g = gln_fbm2(q, GLN_FBM_OCTAVES, 2.0f, 0.5f);
//
// Follows the spectral-synthesis sum of F. K. Musgrave, "Procedural Fractal Terrains", in
// Ebert et al., Texturing and Modeling: A Procedural Approach: octave i has frequency
// lacunarity^i and amplitude gain^i. The sum is not normalised: divide by sum gain^i for
// a result within the basis bound.
// Options: GLN_FBM_OCTAVES, a default octave count for callers that want a compile-time
// constant (default 8). The loop stops at the octaves argument.
// glnoise's own generator keeps its origin in double and reduces it per octave on the
// host (shaders/noise.comp); these functions are for shaders that start from a float p.
// q and amplitude are GLN_PRECISE: with constant arguments a compiler may otherwise fold
// q * lacunarity * lacunarity into q * lacunarity^2, which rounds differently (1e-4 off
// the reference for lacunarity 2.5). C++ twin: src/mirror/fbm.hpp.
#ifndef GLNOISE_FBM_GLSL
#define GLNOISE_FBM_GLSL

#include "perlin.glsl"

#ifndef GLN_FBM_OCTAVES
#define GLN_FBM_OCTAVES 8
#endif

float gln_fbm3(vec3 p, int octaves, float lacunarity, float gain) {
    float sum = 0.0f;
    GLN_PRECISE float amplitude = 1.0f;
    GLN_PRECISE vec3 q = p;
    for (int i = 0; i < octaves; ++i) {
        sum += amplitude * gln_perlin3(q);
        q = q * lacunarity;
        amplitude = amplitude * gain;
    }
    return sum;
}

float gln_fbm2(vec2 p, int octaves, float lacunarity, float gain) {
    float sum = 0.0f;
    GLN_PRECISE float amplitude = 1.0f;
    GLN_PRECISE vec2 q = p;
    for (int i = 0; i < octaves; ++i) {
        sum += amplitude * gln_perlin2(q);
        q = q * lacunarity;
        amplitude = amplitude * gain;
    }
    return sum;
}

#endif  // GLNOISE_FBM_GLSL
