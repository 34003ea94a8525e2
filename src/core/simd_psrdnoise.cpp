// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of psrdnoise and graph leaves (core/simd_family.hpp).
#define GLNOISE_SIMD_ROWS evaluatePsrdnoiseRows
#define GLNOISE_SIMD_LEAF GraphPsrdnoiseLeaf
#define GLNOISE_SIMD_FRACTAL GraphPsrdnoiseFractal
#define GLNOISE_SIMD_BASES GLNOISE_SIMD_BASIS(GLN_BASIS_PSRDNOISE)
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_psrdnoise.cpp"
#include "core/simd_family.hpp"
