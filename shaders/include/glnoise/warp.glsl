// SPDX-License-Identifier: MIT
// glnoise/warp.glsl: domain warping, p + amount * (fbm(p + a), fbm(p + b), ...), nested once or twice.
//
//   #include "glnoise/warp.glsl"
//   GlnNoise w = gln_noise(GLN_BASIS_PERLIN, GLN_FBM, 4);
//   vec2 q = gln_warp2(w, p, 1.0f, 4.0f, 2);   // depth 2: warp, then warp the warped point
//   float h = gln_fractal2(n, q);
//
// As in I. Quilez, "Domain warping" (2002):
// component k of the displacement is w_k(x) = fractal(warp, frequency * x + offset_k) /
// amplitude sum (so within the basis range), the offsets GLN_WARP_OFFSET decorrelate the
// components, and q = p + amount * w(p). Depth 2 evaluates w again, with the next offsets,
// at q: r = p + amount * w'(q). amount is in the units of p.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/warp.hpp.
#ifndef GLNOISE_WARP_GLSL
#define GLNOISE_WARP_GLSL

#include "fractal.glsl"

// Offsets of the components, in warp noise cells: depth 1 uses 0..2, depth 2 also 3..5.
const vec3 GLN_WARP_OFFSET[6] = vec3[6](
    vec3(1.7f, 9.2f, 4.3f), vec3(8.3f, 2.8f, 6.1f), vec3(5.2f, 1.3f, 7.7f),
    vec3(3.1f, 7.4f, 2.2f), vec3(6.6f, 4.9f, 8.8f), vec3(2.5f, 5.7f, 0.9f));

vec2 gln_warp2(GlnNoise warp, vec2 p, float frequency, float amount, int depth) {
    float sum = gln_amplitude_sum(warp);
    GLN_PRECISE vec2 q = p;
    for (int level = 0; level < depth; ++level) {
        vec3 a = GLN_WARP_OFFSET[3 * level];
        vec3 b = GLN_WARP_OFFSET[3 * level + 1];
        GLN_PRECISE vec2 x = frequency * q;
        GLN_PRECISE vec2 xa = vec2(x.x + a.x, x.y + a.y);
        GLN_PRECISE vec2 xb = vec2(x.x + b.x, x.y + b.y);
        float wx = gln_fractal2(warp, xa) / sum;
        float wy = gln_fractal2(warp, xb) / sum;
        q = vec2(p.x + amount * wx, p.y + amount * wy);
    }
    return q;
}

vec3 gln_warp3(GlnNoise warp, vec3 p, float frequency, float amount, int depth) {
    float sum = gln_amplitude_sum(warp);
    GLN_PRECISE vec3 q = p;
    for (int level = 0; level < depth; ++level) {
        GLN_PRECISE vec3 x = frequency * q;
        float w[3];
        for (int k = 0; k < 3; ++k) {
            vec3 o = GLN_WARP_OFFSET[3 * level + k];
            GLN_PRECISE vec3 xo = vec3(x.x + o.x, x.y + o.y, x.z + o.z);
            w[k] = gln_fractal3(warp, xo) / sum;
        }
        q = vec3(p.x + amount * w[0], p.y + amount * w[1], p.z + amount * w[2]);
    }
    return q;
}

#endif  // GLNOISE_WARP_GLSL
