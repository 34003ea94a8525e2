// SPDX-License-Identifier: MIT
// The SIMD CPU backend's row driver, included by each of its files once per Highway target
// (hence the toggle): a grid's rows cut into pieces of Lanes texels that share their frames
// (EachPiece), and noise.comp's main() over them for one basis by the runtime-general
// sampler (Rows, RowsOf), every twin inlined for the target; and a graph's leaf of one
// basis (GraphLeafOf). core/simd_family.hpp compiles the bases a family at a time. Internal.
#if defined(GLNOISE_SIMD_ROWS_TOGGLE) == defined(HWY_TARGET_TOGGLE)
#ifdef GLNOISE_SIMD_ROWS_TOGGLE
#undef GLNOISE_SIMD_ROWS_TOGGLE
#else
#define GLNOISE_SIMD_ROWS_TOGGLE
#endif

#include "core/simd_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {

// The pieces of rows [firstRow, endRow) of a grid: a row is cut where its texels' anchor
// changes (every kAnchor texels), so that every lane of a piece shares its frames, and
// into Lanes texels at most. At each anchor's piece of a row, span(block, s0, count, sy,
// sz): its texels' offsets from the anchor, s0 to s0 + count - 1 along x, sy and sz along
// y and z. sample(block, s, k) gives a piece's `channels` values per lane (s: each lane's
// offset from the anchor, k: its first texel's from s0; the last lanes of a short piece
// repeat its last texel), which are stored texel after texel from out, the grid's first
// texel.
template <int kChannels, class Span, class Sample>
HWY_ATTR void EachAnchorPiece(const Grid& grid, const AnchorLayout& l, int channels, float* out, int firstRow, int endRow,
                              const Span& span, const Sample& sample) {
    const DF df;
    const DI di;
    const int lanes = static_cast<int>(hn::Lanes(df));
    const int width = grid.width;
    gln_column_cache().clear();  // this band's table may be at the last one's address
    HWY_ALIGN float part[4][kMaxLanes];
    for (int r = firstRow; r < endRow; ++r) {
        const int y = r % grid.height;
        const int z = r / grid.height;
        float* row = out + static_cast<std::size_t>(r) * static_cast<std::size_t>(width) * static_cast<std::size_t>(channels);
        const int gy = l.startIn[1] + y, gz = l.startIn[2] + z;
        const int ky = gy / kAnchor, kz = gz / kAnchor;
        const VF sy = VF(VI(gy - ky * kAnchor)), sz = VF(VI(gz - kz * kAnchor));
        for (int x = 0; x < width;) {
            const int gx = l.startIn[0] + x;
            const int kx = gx / kAnchor;
            const int s0 = gx - kx * kAnchor;
            const int texels = std::min(width - x, kAnchor - s0);
            const int block = l.block(kx, ky, kz);
            span(block, s0, texels, static_cast<float>(gy - ky * kAnchor), static_cast<float>(gz - kz * kAnchor));
            for (int k = 0; k < texels;) {
                const int count = std::min(lanes, texels - k);
                const VI sx = VI(hn::Min(hn::Iota(di, 0), hn::Set(di, count - 1))) + (s0 + k);
                const vec4<VF> v = sample(block, vec3<VF>(VF(sx), sy, sz), k);
                float* o = row + static_cast<std::size_t>(x + k) * static_cast<std::size_t>(channels);
                if (kChannels == 1 && count == lanes) {
                    hn::StoreU(v.x.v, df, o);
                } else {
                    for (int c = 0; c < channels; ++c) hn::Store(v[c].v, df, part[c]);
                    for (int i = 0; i < count; ++i)
                        for (int c = 0; c < channels; ++c) o[i * channels + c] = part[c][i];
                }
                k += count;
            }
            x += texels;
        }
    }
}

// EachAnchorPiece with nothing to do at each anchor's piece: sample(block, s).
template <int kChannels, class Sample>
HWY_ATTR void EachPiece(const Grid& grid, const AnchorLayout& l, int channels, float* out, int firstRow, int endRow,
                        const Sample& sample) {
    EachAnchorPiece<kChannels>(
        grid, l, channels, out, firstRow, endRow, [](int, int, int, float, float) {},
        [&](int block, vec3<VF> s, int) { return sample(block, s); });
}

// noise.comp's main() for Lanes texels of a row at once, for basis kBasis. kValue: one
// channel, the value, so the gradients the twins also compute are dead code the compiler
// removes (the value never depends on them).
// Flattened: every twin it calls is inlined into it, so none is compiled apart from this
// target's attributes (the twins are templates defined outside Highway's target region).
template <bool kValue, int kBasis>
HWY_ATTR __attribute__((flatten)) void Rows(const simd::Job& j, int firstRow, int endRow) {
    const int channels = kValue ? 1 : outputChannels(*j.spec);
    const GlnFrame<float>* frames = j.frames;
    const int perPoint = j.params->framesPerPoint;
    const simd::LaneTable table{*j.table, j.plane};
    EachPiece<kValue ? 1 : 4>(j.grid, j.layout, channels, j.out, firstRow, endRow, [&](int block, vec3<VF> s) {
        const vec4<VF> v = gln_sample<kBasis>(table, *j.params, frames + block * perPoint, s);
        if constexpr (kValue) return vec4<VF>(v.x, VF(), VF(), VF());
        else return outputOf(*j.spec, v);
    });
}

// A graph's leaf of basis kBasis (graph/twin.hpp), flattened as Rows is. kGrad false:
// the value alone, so that the gradient's arithmetic is dead code the compiler removes.
template <int kBasis, bool kGrad>
HWY_ATTR __attribute__((flatten)) void GraphLeafOf(const simd::LaneTable& P, int curve, int dims, const GlnCellShape<VF>& cell,
                                                   bool world, bool white, const GlnFrame<float>& o, const vec4<VF>& l,
                                                   vec4<VF>& out) {
    const vec4<VF> v = gln_g_basis<kBasis>(P, kBasis, curve, dims, cell, world, white, o, l);
    out = kGrad ? v : vec4<VF>(v.x, VF(), VF(), VF());
}

// Rows of one basis by the runtime-general sampler: one channel or the output's four.
template <int kBasis>
void RowsOf(const simd::Job& j, int firstRow, int endRow) {
    if (outputChannels(*j.spec) == 1)
        Rows<true, kBasis>(j, firstRow, endRow);
    else
        Rows<false, kBasis>(j, firstRow, endRow);
}

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#endif  // GLNOISE_SIMD_ROWS_TOGGLE
