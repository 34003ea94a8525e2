// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of perlin, classic, value and perlin-value noise
// and graph leaves (core/simd_family.hpp).
#define GLNOISE_SIMD_ROWS evaluateLatticeRows
#define GLNOISE_SIMD_LEAF GraphLatticeLeaf
#define GLNOISE_SIMD_BASES GLNOISE_SIMD_BASIS(GLN_BASIS_PERLIN) GLNOISE_SIMD_BASIS(GLN_BASIS_CLASSIC) GLNOISE_SIMD_BASIS(GLN_BASIS_VALUE) GLNOISE_SIMD_BASIS(GLN_BASIS_PERLIN_VALUE)
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_lattice.cpp"
#include "core/simd_family.hpp"
