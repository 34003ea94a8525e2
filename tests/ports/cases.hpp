// SPDX-License-Identifier: MIT
// The C++ twins of tests/ports/cases.glsl: case k's name, its value from the CPU mirror and
// its tolerance, shared by the OpenGL library test and the port tests.
#pragma once

#include <cmath>

#include "core/reference.hpp"
#include "glnoise/permutation.hpp"

namespace glnoise::test {

constexpr int kCaseCount = 65;

inline const char* caseName(int k) {
    static const char* names[kCaseCount] = {"perlin1", "perlin4", "classic3", "value2", "perlinvalue3", "simplex2", "simplex3_deriv.y",
                               "fractal3 ridged", "fractal2_deriv simplex .z", "warp2", "marble", "fractal4 billow",
                               "perlinvalue1", "perlinvalue4", "cellular2", "cellular3 edge .z", "cellular4 value",
                               "cellular1 f2 squared", "fractal2 cellular ridged", "cellular2 chebyshev .y",
                               "fractal2 turned", "fractal3_deriv turned .w", "fractal4 turned", "simplex4",
                               "fractal4 simplex", "opensimplex2_2", "opensimplex2_3_deriv.z", "fractal3 opensimplex2",
                               "psrdnoise2 period 7,6", "psrdnoise3_deriv.w", "fractal3 psrdnoise ridged tiled", "opensimplex2s_2", "opensimplex2s_3_deriv.y",
                               "fractal2_deriv opensimplex2s .z", "opensimplex2_4", "fractal4 opensimplex2",
                               "opensimplex2s_4", "fractal4 opensimplex2s",
                               "world perlin3", "world value2 period 0,6 .y", "world classic4", "world perlinvalue1", "world simplex2 .y", "world simplex3", "world simplex4", "world cellular1 value", "world cellular2 edge .y", "world cellular3 f2-f1 period 5", "world cellular4", "world opensimplex2_2", "world opensimplex2_3 .z", "world opensimplex2_4", "world opensimplex2s_2 .y", "world opensimplex2s_3", "world opensimplex2s_4", "world psrdnoise2", "world psrdnoise3 .w", "cellular2 f4 manhattan .y", "cellular2 f1/f2", "cellular2 f1*f2 squared .z", "cellular2 n-sphere-radius", "world cellular2 f3 .y",
                               "cellular2 minkowski 4 .y", "fractal3_deriv cellular f2 minkowski 1.5 .z",
                               "cellular3 smooth-f1 0.2 .y"};
    return names[k];
}

// |port - twin| allowed for case k at point p where the language computes as written
// (`precise`). Derivatives of fractal sums grow with lacunarity^octave: 4 times more there,
// and where a Minkowski distance's pow() or smooth F1's exp() and log() (approximate in every
// shading language) make them.
// marble's sin() of a scaled sum: 6 times more. warp2 returns a point (|p| up to 60), divides
// it by the amplitude sum (GLSL lets a division be 2.5 ulp off) and samples noise at a point
// displaced twice from p: one rounding of that point, about 6e-8 of |x| + |y|, moves the
// result by the noise's gradient times the amount (2), so its bound grows with both the
// result and the point. On an NVIDIA H100 it differed by up to 1.2e-6 of |x| + |y| (at
// |x| + |y| = 44.5); on llvmpipe by 0.
inline float caseTolerance(int k, float want, const float* p) {
    float tol = (k == 8 || k == 21 || k == 33 || k == 62 || k == 63 || k == 64 ? 4e-5f : 1e-5f) * (k == 10 ? 6.0f : 1.0f);
    if (k == 9) tol += 1e-6f * std::abs(want) + 2e-6f * (std::abs(p[0]) + std::abs(p[1]));
    return tol;
}

// Case k at p (x, y, z, w) over `table`, from the CPU mirror.
inline float twinCase(const Permutation& table, int k, const float* p) {
    using namespace glnoise::cpu;
    const GlnNoise<float> ridged{GLN_BASIS_VALUE, GLN_CURVE_COSINE, GLN_RIDGED, 4, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(4, 6, 8, 0)};
    const GlnNoise<float> simplex{GLN_BASIS_SIMPLEX, GLN_CURVE_QUINTIC, GLN_FBM, 3, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> billow{GLN_BASIS_CLASSIC, GLN_CURVE_QUINTIC, GLN_BILLOW, 3, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> cells{GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, GLN_RIDGED, 3, 2.0f, 0.5f, 1.0f, 2.0f,
        ivec4(5, 3, 0, 0), GLN_CELL_F2_F1, GLN_CELL_MANHATTAN, 0.7f};
    const GlnNoise<float> os2{GLN_BASIS_OPENSIMPLEX2, GLN_CURVE_QUINTIC, GLN_TURBULENCE, 4, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> soft{GLN_BASIS_OPENSIMPLEX2S, GLN_CURVE_QUINTIC, GLN_FBM, 4, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> tiled{GLN_BASIS_PSRDNOISE, GLN_CURVE_QUINTIC, GLN_RIDGED, 3, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(5, 4, 3, 0)};
    const GlnNoise<float> turned{GLN_BASIS_PERLIN, GLN_CURVE_QUINTIC, GLN_FBM, 5, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0),
        GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f, 3.0f, 0.1f, true};
    const GlnNoise<float> rounded{GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, GLN_FBM, 3, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0),
        GLN_CELL_F2, GLN_CELL_MINKOWSKI, 1.0f, 1.5f};
    const vec4<float> p4(p[0], p[1], p[2], p[3]);
    const vec3<float> p3(p[0], p[1], p[2]);
    const vec2<float> p2(p[0], p[1]);
    const ivec4 cell(250, 7, 255, 3), world(16777215, 9, 123456, 70000);  // cases.glsl's gln_world_case
    switch (k) {
        case 0: return gln_lattice1(table, 0, p[0], 0, GLN_CURVE_QUINTIC, GLN_GRADIENTS);
        case 1: return gln_lattice4(table, ivec4(0), p4, ivec4(0), GLN_CURVE_QUINTIC, GLN_GRADIENTS);
        case 2: return gln_lattice3(table, ivec3(0), p3, ivec3(0), GLN_CURVE_CUBIC, GLN_GRADIENTS).x;
        case 3: return gln_value2(table, p2, GLN_CURVE_COSINE);
        case 4: return gln_perlinvalue3(table, p3);
        case 5: return gln_simplex2_skewed(table, ivec2(0), gln_skew2(p2)).x;
        case 6: return gln_simplex3_skewed(table, ivec3(0), gln_skew3(p3)).y;
        case 7: return gln_fractal3_deriv(table, ridged, p3).x;
        case 8: return gln_fractal2_deriv(table, simplex, p2).z;
        case 9: return gln_warp2(table, simplex, p2, 0.5f, 2.0f, 2).x;
        case 10: return gln_marble(p[0], gln_fractal2_deriv(table, simplex, p2).x, 5.0f);
        case 11: return gln_fractal4(table, billow, p4);
        case 12: return gln_perlinvalue1(table, p[0]);
        case 13: return gln_perlinvalue4(table, p4);
        case 14: return gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f).x;
        case 15: return gln_cellular3(table, ivec3(0), p3, ivec3(0), GLN_CELL_EDGE, GLN_CELL_EUCLIDEAN, 0.8f).z;
        case 16: return gln_cellular4(table, ivec4(0), p4, ivec4(0), GLN_CELL_VALUE, GLN_CELL_CHEBYSHEV, 1.0f);
        case 17: return gln_cellular1(table, 0, p[0], 0, GLN_CELL_F2, GLN_CELL_EUCLIDEAN_SQUARED, 0.3f);
        case 18: return gln_fractal2_deriv(table, cells, p2).x;
        case 19: return gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F1, GLN_CELL_CHEBYSHEV, 1.0f).y;
        case 20: return gln_fractal2_deriv(table, turned, p2).x;
        case 21: return gln_fractal3_deriv(table, turned, p3).w;
        case 22: return gln_fractal4(table, turned, p4);
        case 23: return gln_simplex4_skewed(table, ivec4(0), gln_skew4(p4));
        case 24: return gln_fractal4(table, simplex, p4);
        case 25: return gln_opensimplex2_2_skewed(table, ivec2(0), gln_skew2(p2)).x;
        case 26: return gln_basis3(table, GLN_BASIS_OPENSIMPLEX2, GLN_CURVE_QUINTIC, ivec3(0), gln_os2_turn3(p3), ivec3(0)).z;
        case 27: return gln_fractal3_deriv(table, os2, p3).x;
        case 28: return gln_psrdnoise2_skewed(table, ivec2(0), gln_psrd_skew2(p2), ivec2(7, 6)).x;
        case 29: return gln_psrdnoise3_skewed(table, ivec3(0), gln_psrd_skew3(p3), ivec3(0)).w;
        case 30: return gln_fractal3_deriv(table, tiled, p3).x;
        case 31: return gln_opensimplex2s_2_skewed(table, ivec2(0), gln_skew2(p2)).x;
        case 32: return gln_basis3(table, GLN_BASIS_OPENSIMPLEX2S, GLN_CURVE_QUINTIC, ivec3(0), gln_os2_turn3(p3), ivec3(0)).y;
        case 33: return gln_fractal2_deriv(table, soft, p2).z;
        case 34: return gln_opensimplex2_4_skewed(table, ivec4(0), gln_os2_skew4(p4));
        case 35: return gln_fractal4(table, os2, p4);
        case 36: return gln_opensimplex2s_4_skewed(table, ivec4(0), gln_os2s_skew4(p4));
        case 37: return gln_fractal4(table, soft, p4);
        case 38: return gln_basis_at(table, GLN_BASIS_PERLIN, GLN_CURVE_QUINTIC, 3, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 39: return gln_basis_at(table, GLN_BASIS_VALUE, GLN_CURVE_QUINTIC, 2, cell, p4, ivec4(0, 6, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).y;
        case 40: return gln_basis_at(table, GLN_BASIS_CLASSIC, GLN_CURVE_QUINTIC, 4, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 41: return gln_basis_at(table, GLN_BASIS_PERLIN_VALUE, GLN_CURVE_QUINTIC, 1, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 42: return gln_basis_at(table, GLN_BASIS_SIMPLEX, GLN_CURVE_QUINTIC, 2, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).y;
        case 43: return gln_basis_at(table, GLN_BASIS_SIMPLEX, GLN_CURVE_QUINTIC, 3, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 44: return gln_basis_at(table, GLN_BASIS_SIMPLEX, GLN_CURVE_QUINTIC, 4, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 45: return gln_basis_at(table, GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, 1, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_VALUE, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 46: return gln_basis_at(table, GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, 2, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_EDGE, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).y;
        case 47: return gln_basis_at(table, GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, 3, cell, p4, ivec4(5, 0, 0, 0), GLN_CELL_F2_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 48: return gln_basis_at(table, GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, 4, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 49: return gln_basis_at(table, GLN_BASIS_OPENSIMPLEX2, GLN_CURVE_QUINTIC, 2, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 50: return gln_basis_at(table, GLN_BASIS_OPENSIMPLEX2, GLN_CURVE_QUINTIC, 3, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).z;
        case 51: return gln_basis_at(table, GLN_BASIS_OPENSIMPLEX2, GLN_CURVE_QUINTIC, 4, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 52: return gln_basis_at(table, GLN_BASIS_OPENSIMPLEX2S, GLN_CURVE_QUINTIC, 2, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).y;
        case 53: return gln_basis_at(table, GLN_BASIS_OPENSIMPLEX2S, GLN_CURVE_QUINTIC, 3, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 54: return gln_basis_at(table, GLN_BASIS_OPENSIMPLEX2S, GLN_CURVE_QUINTIC, 4, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 55: return gln_basis_at(table, GLN_BASIS_PSRDNOISE, GLN_CURVE_QUINTIC, 2, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).x;
        case 56: return gln_basis_at(table, GLN_BASIS_PSRDNOISE, GLN_CURVE_QUINTIC, 3, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).w;
        case 57: return gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F4, GLN_CELL_MANHATTAN, 0.8f).y;
        case 58: return gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F1_OVER_F2, GLN_CELL_EUCLIDEAN, 1.0f).x;
        case 59: return gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F1_TIMES_F2, GLN_CELL_EUCLIDEAN_SQUARED, 0.6f).z;
        case 60: return gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_RADIUS, GLN_CELL_EUCLIDEAN, 1.0f).x;
        case 61: return gln_basis_at(table, GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, 2, cell, p4, ivec4(0, 0, 0, 0), GLN_CELL_F3, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.1f, world).y;
        case 62: return gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F1, GLN_CELL_MINKOWSKI, 1.0f, 4.0f, 0.1f, ivec2(-1, -1)).y;
        case 63: return gln_fractal3_deriv(table, rounded, p3).z;
        case 64: return gln_cellular3(table, ivec3(0), p3, ivec3(0), GLN_CELL_SMOOTH_F1, GLN_CELL_EUCLIDEAN, 0.9f, 3.0f, 0.2f, ivec3(-1, -1, -1)).y;
        default: return 0.0f;
    }
}

}  // namespace glnoise::test
