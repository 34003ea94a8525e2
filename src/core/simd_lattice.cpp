// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of Perlin, classic, value and perlin-value noise, for every Highway target (core/simd_lanes.hpp):
// one file per family, so that the families compile in parallel. Internal.
#include "core/simd_targets.hpp"
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_lattice.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "core/simd_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {

void EvaluateLattice(const simd::Job& j, int firstRow, int endRow) {
    switch (j.params->basis) {
        case GLN_BASIS_PERLIN: return RowsOf<GLN_BASIS_PERLIN>(j, firstRow, endRow);
        case GLN_BASIS_CLASSIC: return RowsOf<GLN_BASIS_CLASSIC>(j, firstRow, endRow);
        case GLN_BASIS_VALUE: return RowsOf<GLN_BASIS_VALUE>(j, firstRow, endRow);
        case GLN_BASIS_PERLIN_VALUE: return RowsOf<GLN_BASIS_PERLIN_VALUE>(j, firstRow, endRow);
        default: break;
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace glnoise::cpu::simd {

HWY_EXPORT(EvaluateLattice);

void evaluateLatticeRows(const Job& job, int firstRow, int endRow) {
    HWY_DYNAMIC_DISPATCH(EvaluateLattice)(job, firstRow, endRow);
}

}  // namespace glnoise::cpu::simd
#endif  // HWY_ONCE
