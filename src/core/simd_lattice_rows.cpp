// SPDX-License-Identifier: MIT
// The SIMD CPU backend's common case: rows of perlin, classic, value and perlin-value noise
// made from each octave's lattice columns (core/simd_columns.hpp), for every Highway target,
// in a file of its own so that it compiles beside the family's general rows
// (core/simd_lattice.cpp).
#include "core/simd_targets.hpp"
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd_lattice_rows.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "core/simd_columns.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {
namespace {

void EvaluateColumns(const simd::Job& j, int firstRow, int endRow) {
#define GLNOISE_SIMD_BASIS(b) \
    case b: return ColumnRowsOf<b>(j, firstRow, endRow);
    switch (j.params->basis) {
        GLNOISE_SIMD_LATTICE_BASES
        default: break;
    }
#undef GLNOISE_SIMD_BASIS
}

}  // namespace
}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace glnoise::cpu::simd {

HWY_EXPORT(EvaluateColumns);

void evaluateLatticeColumnRows(const Job& job, int firstRow, int endRow) {
    HWY_DYNAMIC_DISPATCH(EvaluateColumns)(job, firstRow, endRow);
}

}  // namespace glnoise::cpu::simd
#endif  // HWY_ONCE
