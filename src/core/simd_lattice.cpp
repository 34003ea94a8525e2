// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of perlin, classic, value and perlin-value noise by the
// general sampler, and their graph leaves (core/simd_family.hpp); the common case's rows are
// core/simd_lattice_rows.cpp's.
#define GLNOISE_SIMD_ROWS evaluateLatticeRows
#define GLNOISE_SIMD_LEAF GraphLatticeLeaf
#define GLNOISE_SIMD_FRACTAL GraphLatticeFractal
#define GLNOISE_SIMD_BASES GLNOISE_SIMD_LATTICE_BASES
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_lattice.cpp"
#include "core/simd_family.hpp"
