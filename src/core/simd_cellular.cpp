// SPDX-License-Identifier: MIT
// The SIMD CPU backend's rows of Cellular noise, for every Highway target (core/simd_lanes.hpp):
// one file per family, so that the families compile in parallel. Internal.
#include "core/simd_targets.hpp"
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_cellular.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "core/simd_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {

void EvaluateCellular(const simd::Job& j, int firstRow, int endRow) {
    switch (j.params->basis) {
        case GLN_BASIS_CELLULAR: return RowsOf<GLN_BASIS_CELLULAR>(j, firstRow, endRow);
        default: break;
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace glnoise::cpu::simd {

HWY_EXPORT(EvaluateCellular);

void evaluateCellularRows(const Job& job, int firstRow, int endRow) {
    HWY_DYNAMIC_DISPATCH(EvaluateCellular)(job, firstRow, endRow);
}

}  // namespace glnoise::cpu::simd
#endif  // HWY_ONCE
