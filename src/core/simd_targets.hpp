// SPDX-License-Identifier: MIT
// The Highway targets every file of the SIMD backend compiles (core/simd*.cpp), one list for
// all, included before hwy/foreach_target.h. Vectors live in structs here, which Highway's
// sizeless types (SVE, RVV) do not allow: those targets are left out (NEON serves Arm), as
// are SSSE3 and AVX3_DL (nothing here uses its additions over AVX3).
//
// On x86-64 the least target is SSE4 (SSE4.2 with CLMUL and AES: Intel since Westmere, AMD
// since Bulldozer, Intel's Atoms since Silvermont), made Highway's static target, so that
// no portable fallback is compiled beside AVX-512, AVX2 and SSE4 (a quarter of the backend's
// compiling). The code outside the targets' functions stays the compiler's baseline, so a
// CPU without SSE4 runs the program; there cpu::simd::available() is false, the SIMD backend
// is refused saying so, and the reference computes the same values. Internal.
#pragma once

#include <hwy/detect_compiler_arch.h>

#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SSSE3 | HWY_AVX3_DL | HWY_SVE | HWY_SVE2 | HWY_SVE_256 | HWY_SVE2_128 | HWY_RVV)
#endif
#if HWY_ARCH_X86_64 && !defined(HWY_BASELINE_TARGETS)
#define HWY_BASELINE_TARGETS HWY_SSE4
#endif
