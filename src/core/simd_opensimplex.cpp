// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of OpenSimplex2 and OpenSimplex2S noise and graph leaves (core/simd_family.hpp).
#define GLNOISE_SIMD_ROWS evaluateOpenSimplexRows
#define GLNOISE_SIMD_LEAF GraphOpenSimplexLeaf
#define GLNOISE_SIMD_FRACTAL GraphOpenSimplexFractal
#define GLNOISE_SIMD_BASES GLNOISE_SIMD_BASIS(GLN_BASIS_OPENSIMPLEX2) GLNOISE_SIMD_BASIS(GLN_BASIS_OPENSIMPLEX2S)
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_opensimplex.cpp"
#include "core/simd_family.hpp"
