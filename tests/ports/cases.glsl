// SPDX-License-Identifier: MIT
// The port tests' cases: gln_case(k, p) is case k of GLN_CASES at point p, every family's
// functions and fractal settings, and every basis with the world hash. The OpenGL test compiles it as it is; the build
// translates it with the library for HLSL, Metal and WGSL. Its C++ twins, names and
// tolerances: tests/ports/cases.hpp.
#ifndef GLNOISE_TEST_CASES_GLSL
#define GLNOISE_TEST_CASES_GLSL

#include "glnoise/fractal.glsl"
#include "glnoise/pattern.glsl"
#include "glnoise/warp.glsl"

#define GLN_CASES 65

// The world hash: a cell (250, 7, 255, 3) in lattice blocks (2^24 - 1, 9, 123456, 70000),
// so that the cases' corners cross blocks and the whole coordinate wraps at 2^32.
vec4 gln_world_case(int basis, int dims, vec4 p, ivec4 period, int ret) {
    return gln_basis_at(basis, GLN_CURVE_QUINTIC, dims, ivec4(250, 7, 255, 3), p, period, ret, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f,
                        ivec4(16777215, 9, 123456, 70000));
}

float gln_case(int k, vec4 p) {
    GlnNoise ridged = gln_noise(GLN_BASIS_VALUE, GLN_RIDGED, 4);
    ridged.curve = GLN_CURVE_COSINE;
    ridged.period = ivec4(4, 6, 8, 0);
    GlnNoise simplex = gln_noise(GLN_BASIS_SIMPLEX, GLN_FBM, 3);
    GlnNoise billow = gln_noise(GLN_BASIS_CLASSIC, GLN_BILLOW, 3);
    GlnNoise cells = gln_noise(GLN_BASIS_CELLULAR, GLN_RIDGED, 3);
    cells.cellReturn = GLN_CELL_F2_F1;
    cells.cellMetric = GLN_CELL_MANHATTAN;
    cells.cellJitter = 0.7f;
    cells.period = ivec4(5, 3, 0, 0);
    GlnNoise turned = gln_noise(GLN_BASIS_PERLIN, GLN_FBM, 5);
    turned.rotate = true;
    GlnNoise os2 = gln_noise(GLN_BASIS_OPENSIMPLEX2, GLN_TURBULENCE, 4);
    GlnNoise tiled = gln_noise(GLN_BASIS_PSRDNOISE, GLN_RIDGED, 3);
    tiled.period = ivec4(5, 4, 3, 0);
    GlnNoise soft = gln_noise(GLN_BASIS_OPENSIMPLEX2S, GLN_FBM, 4);
    GlnNoise rounded = gln_noise(GLN_BASIS_CELLULAR, GLN_FBM, 3);
    rounded.cellReturn = GLN_CELL_F2;
    rounded.cellMetric = GLN_CELL_MINKOWSKI;
    rounded.cellExponent = 1.5f;
    if (k == 0) return gln_perlin1(p.x);
    if (k == 1) return gln_perlin4(p);
    if (k == 2) return gln_classic3(vec3(p.x, p.y, p.z));
    if (k == 3) return gln_value2(vec2(p.x, p.y), GLN_CURVE_COSINE);
    if (k == 4) return gln_perlinvalue3(vec3(p.x, p.y, p.z));
    if (k == 5) return gln_simplex2(vec2(p.x, p.y));
    if (k == 6) return gln_simplex3_deriv(vec3(p.x, p.y, p.z)).y;
    if (k == 7) return gln_fractal3(ridged, vec3(p.x, p.y, p.z));
    if (k == 8) return gln_fractal2_deriv(simplex, vec2(p.x, p.y)).z;
    if (k == 9) return gln_warp2(simplex, vec2(p.x, p.y), 0.5f, 2.0f, 2).x;
    if (k == 10) return gln_marble(p.x, gln_fractal2(simplex, vec2(p.x, p.y)), 5.0f);
    if (k == 11) return gln_fractal4(billow, p);
    if (k == 12) return gln_perlinvalue1(p.x);
    if (k == 13) return gln_perlinvalue4(p);
    if (k == 14) return gln_cellular2(vec2(p.x, p.y));
    if (k == 15) return gln_cellular3_deriv(vec3(p.x, p.y, p.z), GLN_CELL_EDGE, GLN_CELL_EUCLIDEAN, 0.8f).z;
    if (k == 16) return gln_cellular4(p, GLN_CELL_VALUE, GLN_CELL_CHEBYSHEV, 1.0f);
    if (k == 17) return gln_cellular1(p.x, GLN_CELL_F2, GLN_CELL_EUCLIDEAN_SQUARED, 0.3f);
    if (k == 18) return gln_fractal2(cells, vec2(p.x, p.y));
    if (k == 19) return gln_cellular2_deriv(vec2(p.x, p.y), GLN_CELL_F1, GLN_CELL_CHEBYSHEV, 1.0f).y;
    if (k == 20) return gln_fractal2(turned, vec2(p.x, p.y));
    if (k == 21) return gln_fractal3_deriv(turned, vec3(p.x, p.y, p.z)).w;
    if (k == 22) return gln_fractal4(turned, p);
    if (k == 23) return gln_simplex4(p);
    if (k == 24) return gln_fractal4(simplex, p);
    if (k == 25) return gln_opensimplex2_2(vec2(p.x, p.y));
    if (k == 26) return gln_opensimplex2_3_deriv(vec3(p.x, p.y, p.z)).z;
    if (k == 27) return gln_fractal3(os2, vec3(p.x, p.y, p.z));
    if (k == 28) return gln_psrdnoise2(vec2(p.x, p.y), ivec2(7, 6));
    if (k == 29) return gln_psrdnoise3_deriv(vec3(p.x, p.y, p.z), ivec3(0, 0, 0)).w;
    if (k == 30) return gln_fractal3(tiled, vec3(p.x, p.y, p.z));
    if (k == 31) return gln_opensimplex2s_2(vec2(p.x, p.y));
    if (k == 32) return gln_opensimplex2s_3_deriv(vec3(p.x, p.y, p.z)).y;
    if (k == 33) return gln_fractal2_deriv(soft, vec2(p.x, p.y)).z;
    if (k == 34) return gln_opensimplex2_4(p);
    if (k == 35) return gln_fractal4(os2, p);
    if (k == 36) return gln_opensimplex2s_4(p);
    if (k == 37) return gln_fractal4(soft, p);
    if (k == 38) return gln_world_case(GLN_BASIS_PERLIN, 3, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 39) return gln_world_case(GLN_BASIS_VALUE, 2, p, ivec4(0, 6, 0, 0), GLN_CELL_F1).y;
    if (k == 40) return gln_world_case(GLN_BASIS_CLASSIC, 4, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 41) return gln_world_case(GLN_BASIS_PERLIN_VALUE, 1, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 42) return gln_world_case(GLN_BASIS_SIMPLEX, 2, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).y;
    if (k == 43) return gln_world_case(GLN_BASIS_SIMPLEX, 3, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 44) return gln_world_case(GLN_BASIS_SIMPLEX, 4, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 45) return gln_world_case(GLN_BASIS_CELLULAR, 1, p, ivec4(0, 0, 0, 0), GLN_CELL_VALUE).x;
    if (k == 46) return gln_world_case(GLN_BASIS_CELLULAR, 2, p, ivec4(0, 0, 0, 0), GLN_CELL_EDGE).y;
    if (k == 47) return gln_world_case(GLN_BASIS_CELLULAR, 3, p, ivec4(5, 0, 0, 0), GLN_CELL_F2_F1).x;
    if (k == 48) return gln_world_case(GLN_BASIS_CELLULAR, 4, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 49) return gln_world_case(GLN_BASIS_OPENSIMPLEX2, 2, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 50) return gln_world_case(GLN_BASIS_OPENSIMPLEX2, 3, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).z;
    if (k == 51) return gln_world_case(GLN_BASIS_OPENSIMPLEX2, 4, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 52) return gln_world_case(GLN_BASIS_OPENSIMPLEX2S, 2, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).y;
    if (k == 53) return gln_world_case(GLN_BASIS_OPENSIMPLEX2S, 3, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 54) return gln_world_case(GLN_BASIS_OPENSIMPLEX2S, 4, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 55) return gln_world_case(GLN_BASIS_PSRDNOISE, 2, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).x;
    if (k == 56) return gln_world_case(GLN_BASIS_PSRDNOISE, 3, p, ivec4(0, 0, 0, 0), GLN_CELL_F1).w;
    if (k == 57) return gln_cellular2_deriv(vec2(p.x, p.y), GLN_CELL_F4, GLN_CELL_MANHATTAN, 0.8f).y;
    if (k == 58) return gln_cellular2(vec2(p.x, p.y), GLN_CELL_F1_OVER_F2, GLN_CELL_EUCLIDEAN, 1.0f);
    if (k == 59) return gln_cellular2_deriv(vec2(p.x, p.y), GLN_CELL_F1_TIMES_F2, GLN_CELL_EUCLIDEAN_SQUARED, 0.6f).z;
    if (k == 60) return gln_cellular2(vec2(p.x, p.y), GLN_CELL_RADIUS, GLN_CELL_EUCLIDEAN, 1.0f);
    if (k == 61) return gln_world_case(GLN_BASIS_CELLULAR, 2, p, ivec4(0, 0, 0, 0), GLN_CELL_F3).y;
    if (k == 62) return gln_cellular2(ivec2(0, 0), vec2(p.x, p.y), ivec2(0, 0), GLN_CELL_F1, GLN_CELL_MINKOWSKI, 1.0f, 4.0f, 0.1f, ivec2(-1, -1)).y;
    if (k == 63) return gln_fractal3_deriv(rounded, vec3(p.x, p.y, p.z)).z;
    if (k == 64) return gln_cellular3(ivec3(0, 0, 0), vec3(p.x, p.y, p.z), ivec3(0, 0, 0), GLN_CELL_SMOOTH_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.2f, ivec3(-1, -1, -1)).y;
    return 0.0f;
}

#endif  // GLNOISE_TEST_CASES_GLSL
