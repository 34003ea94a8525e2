// SPDX-License-Identifier: MIT
// The SIMD CPU backend: the twins of mirror/ compiled over Highway's vectors
// (core/simd_lanes.hpp), each family of bases in a file of its own (core/simd_<family>.cpp),
// chosen here by the spec's basis; and the quantization of bakes. Highway compiles each
// file once per target (foreach_target.h) and each call runs the best target the CPU has.
#include "core/simd_targets.hpp"
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <cstddef>
#include <cstdint>

#include "core/simd.hpp"
#include "mirror/fractal.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

std::int64_t TargetBit() { return HWY_TARGET; }

// io::quantize8/16 over whole vectors of doubles: (v - lo) / span * top, clamped to
// [0, top] (NaN to 0), rounded half away from zero as the integer part plus one where the
// fraction is at least a half; exact in double, so each result is the scalar function's.
// The last count % lanes values are left to the caller.
template <class T>
std::size_t QuantizeLanes(const float* in, std::size_t count, double lo, double span, double top, T* out) {
    const hn::ScalableTag<double> dd;
    const hn::Rebind<float, decltype(dd)> df;
    const hn::Rebind<std::int32_t, decltype(dd)> di;
    const hn::Rebind<T, decltype(dd)> dt;
    const std::size_t n = hn::Lanes(dd);
    const auto vlo = hn::Set(dd, lo), vspan = hn::Set(dd, span), vtop = hn::Set(dd, top);
    const auto half = hn::Set(dd, 0.5), one = hn::Set(dd, 1.0), zero = hn::Zero(dd);
    std::size_t i = 0;
    for (; i + n <= count; i += n) {
        auto x = hn::Mul(hn::Div(hn::Sub(hn::PromoteTo(dd, hn::LoadU(df, in + i)), vlo), vspan), vtop);
        x = hn::Min(hn::IfThenElseZero(hn::Ge(x, zero), x), vtop);
        const auto whole = hn::Trunc(x);
        const auto rounded = hn::Add(whole, hn::IfThenElseZero(hn::Ge(hn::Sub(x, whole), half), one));
        hn::StoreU(hn::DemoteTo(dt, hn::DemoteTo(di, rounded)), dt, out + i);
    }
    return i;
}

std::size_t Quantize8(const float* in, std::size_t count, double lo, double span, std::uint8_t* out) {
    return QuantizeLanes(in, count, lo, span, 255.0, out);
}
std::size_t Quantize16(const float* in, std::size_t count, double lo, double span, std::uint16_t* out) {
    return QuantizeLanes(in, count, lo, span, 65535.0, out);
}

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace glnoise::cpu {

HWY_EXPORT(TargetBit);
HWY_EXPORT(Quantize8);
HWY_EXPORT(Quantize16);

namespace simd {

void evaluateRows(const Job& job, int firstRow, int endRow) {
    switch (job.params->basis) {
        case GLN_BASIS_SIMPLEX: return evaluateSimplexRows(job, firstRow, endRow);
        case GLN_BASIS_OPENSIMPLEX2:
        case GLN_BASIS_OPENSIMPLEX2S: return evaluateOpenSimplexRows(job, firstRow, endRow);
        case GLN_BASIS_CELLULAR: return evaluateCellularRows(job, firstRow, endRow);
        case GLN_BASIS_PSRDNOISE: return evaluatePsrdnoiseRows(job, firstRow, endRow);
        default: return evaluateLatticeRows(job, firstRow, endRow);
    }
}

std::size_t quantize(const float* values, std::size_t count, double lo, double span, std::uint8_t* out) {
    return HWY_DYNAMIC_DISPATCH(Quantize8)(values, count, lo, span, out);
}
std::size_t quantize(const float* values, std::size_t count, double lo, double span, std::uint16_t* out) {
    return HWY_DYNAMIC_DISPATCH(Quantize16)(values, count, lo, span, out);
}

std::vector<std::int64_t> targets() { return hwy::SupportedAndGeneratedTargets(); }

std::string targetName(std::int64_t target) { return hwy::TargetName(target); }

std::int64_t currentTarget() { return HWY_DYNAMIC_DISPATCH(TargetBit)(); }

void forceTarget(std::int64_t target) {
    hwy::SetSupportedTargetsForTest(target);
    hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}

}  // namespace simd
}  // namespace glnoise::cpu
#endif  // HWY_ONCE
