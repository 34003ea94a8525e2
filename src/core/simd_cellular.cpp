// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of cellular noise, its graph leaves and a cellular lookup's
// search (core/simd_family.hpp).
#define GLNOISE_SIMD_ROWS evaluateCellularRows
#define GLNOISE_SIMD_LEAF GraphCellularLeaf
#define GLNOISE_SIMD_FRACTAL GraphCellularFractal
#define GLNOISE_SIMD_NEAREST GraphCellularNearest
#define GLNOISE_SIMD_BASES GLNOISE_SIMD_BASIS(GLN_BASIS_CELLULAR)
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_cellular.cpp"
#include "core/simd_family.hpp"
