// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of simplex noise and graph leaves (core/simd_family.hpp).
#define GLNOISE_SIMD_ROWS evaluateSimplexRows
#define GLNOISE_SIMD_LEAF GraphSimplexLeaf
#define GLNOISE_SIMD_FRACTAL GraphSimplexFractal
#define GLNOISE_SIMD_BASES GLNOISE_SIMD_BASIS(GLN_BASIS_SIMPLEX)
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_simplex.cpp"
#include "core/simd_family.hpp"
