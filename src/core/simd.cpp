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

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "core/simd.hpp"
#include "glnoise/error.hpp"
#include "glnoise/cpu.hpp"
#include "mirror/fractal.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

std::int64_t TargetBit() { return HWY_TARGET; }

// io::quantize8/16 over whole vectors of doubles: (v - lo) / span * top, clamped to
// [0, top] (NaN to 0), rounded half away from zero; exact in double, so each result is the
// scalar function's. A division costs as much as the rest, so each vector is first scaled
// by top / span: that product is within a few units in the last place of the quotient (3e-11
// at 65535), and falls on the same level unless it is near a half, where x + 0.5 is near an
// integer. A vector with a lane within 1e-6 of one (about 2 in a million values, and ranges
// made so that levels fall on halves) is done again by division, and rounded as the integer
// part plus one where the fraction is at least a half. Elsewhere truncating x + 0.5 gives
// the same level. The last count % lanes values are left to the caller.
template <class T>
std::size_t QuantizeLanes(const float* in, std::size_t count, double lo, double span, double top, T* out) {
    const hn::ScalableTag<double> dd;
    const hn::Rebind<float, decltype(dd)> df;
    const hn::Rebind<std::int32_t, decltype(dd)> di;
    const hn::Rebind<T, decltype(dd)> dt;
    const std::size_t n = hn::Lanes(dd);
    const double scale = top / span;
    // A scale that overflows or is subnormal has no such bound: division throughout.
    const bool scaled = std::isfinite(scale) && std::fabs(scale) >= 0x1p-1000;
    const auto vlo = hn::Set(dd, lo), vspan = hn::Set(dd, span), vtop = hn::Set(dd, top), vscale = hn::Set(dd, scale);
    const auto half = hn::Set(dd, 0.5), one = hn::Set(dd, 1.0), zero = hn::Zero(dd), margin = hn::Set(dd, 1e-6);
    const auto clamped = [&](auto x) { return hn::Min(hn::IfThenElseZero(hn::Ge(x, zero), x), vtop); };
    std::size_t i = 0;
    for (; i + n <= count; i += n) {
        const auto offset = hn::Sub(hn::PromoteTo(dd, hn::LoadU(df, in + i)), vlo);
        auto level = hn::Add(clamped(hn::Mul(offset, vscale)), half);  // in [0.5, top + 0.5]
        if (!scaled || !hn::AllFalse(dd, hn::Lt(hn::Abs(hn::Sub(level, hn::Round(level))), margin))) {
            const auto x = clamped(hn::Mul(hn::Div(offset, vspan), vtop));
            const auto whole = hn::Trunc(x);
            level = hn::Add(whole, hn::IfThenElseZero(hn::Ge(hn::Sub(x, whole), half), one));
        }
        hn::StoreU(hn::DemoteTo(dt, hn::DemoteTo(di, level)), dt, out + i);
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
        default:
            if (latticeColumnsApply(job)) return evaluateLatticeColumnRows(job, firstRow, endRow);
            return evaluateLatticeRows(job, firstRow, endRow);
    }
}

std::vector<std::uint32_t> hashPlane(const Permutation& table) {
    constexpr int kSide = Permutation::kSize;
    std::vector<std::uint8_t> hash(kSide * kSide);  // table[table[x] + y] at 256 y + x
    for (int x = 0; x < kSide; ++x)
        for (int y = 0; y < kSide; ++y) hash[static_cast<std::size_t>(y * kSide + x)] = static_cast<std::uint8_t>(table[table[x] + y]);
    const auto at = [&](int x, int y) -> std::uint32_t { return hash[static_cast<std::size_t>((y & 255) * kSide + (x & 255))]; };
    std::vector<std::uint32_t> plane(kSide * kSide);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x)
            plane[static_cast<std::size_t>(y * kSide + x)] =
                at(x, y) | at(x + 1, y) << 8u | at(x, y + 1) << 16u | at(x + 1, y + 1) << 24u;
    return plane;
}

bool planeWorthIt(std::int64_t texels, int framesPerPoint) {
    return texels * std::max(framesPerPoint, 1) >= (std::int64_t{1} << 20);
}

bool latticeColumnsApply(const Job& job) {
    const SampleParams<float>& u = *job.params;
    return (u.dims == 2 || u.dims == 3) && u.warp == 0 && u.rotate == 0 && u.pattern == 0 && outputChannels(*job.spec) == 1;
}

std::size_t quantize(const float* values, std::size_t count, double lo, double span, std::uint8_t* out) {
    return available() ? HWY_DYNAMIC_DISPATCH(Quantize8)(values, count, lo, span, out) : 0;
}
std::size_t quantize(const float* values, std::size_t count, double lo, double span, std::uint16_t* out) {
    return available() ? HWY_DYNAMIC_DISPATCH(Quantize16)(values, count, lo, span, out) : 0;
}

bool available() { return (hwy::SupportedTargets() & HWY_TARGETS) != 0; }

void requireAvailable() {
    if (!available())
        throw Error("the SIMD CPU backend needs at least " + targetName(HWY_STATIC_TARGET) + " (on x86-64: SSE4.2 with "
                    "CLMUL and AES), which this CPU lacks; the CPU reference (--backend reference, backend=\"reference\") "
                    "computes the same values");
}

std::vector<std::int64_t> targets() { return hwy::SupportedAndGeneratedTargets(); }

std::string targetName(std::int64_t target) { return hwy::TargetName(target); }

std::int64_t currentTarget() { return available() ? HWY_DYNAMIC_DISPATCH(TargetBit)() : 0; }

void forceTarget(std::int64_t target) {
    hwy::SetSupportedTargetsForTest(target);
    hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}

}  // namespace simd
}  // namespace glnoise::cpu
#endif  // HWY_ONCE
