// SPDX-License-Identifier: MIT
// The Highway targets every file of the SIMD backend compiles (core/simd*.cpp), one list for
// all, included before hwy/foreach_target.h. Vectors live in structs here, which Highway's
// sizeless types (SVE, RVV) do not allow: those targets are left out (NEON serves Arm), as
// are SSSE3 (SSE4 is as old as x86-64 machines that run glnoise) and AVX3_DL (nothing here
// uses its additions over AVX3). Internal.
#pragma once

#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL | HWY_SVE | HWY_SVE2 | HWY_SVE_256 | HWY_SVE2_128 | HWY_RVV)
#endif
