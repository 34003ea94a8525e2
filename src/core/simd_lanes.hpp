// SPDX-License-Identifier: MIT
// The SIMD CPU backend's lanes, included by each of its files once per Highway target
// (hence the toggle instead of an include guard): VF holds one float of hn::Lanes texels (8
// on AVX2, 16 on AVX-512, 4 on SSE4 and NEON), VI their integers and VM a comparison's
// result; each has the operators and gln_* functions the twins of mirror/ call (found by
// argument-dependent lookup), each doing per lane exactly what the scalar reference does:
// IEEE adds, multiplies, divides and square roots without contraction (these files are
// compiled with -ffp-contract=off, like the reference), floor, truncation to int, table
// reads as gathers, selects for branches, and the C library's cos and sin called for each
// lane. So every lane is bit for bit the reference's texel, on every target
// (tests/core/simd_test.cpp runs each one this CPU has). RowsOf<basis> evaluates rows of
// one basis; core/simd_family.hpp compiles the bases a family at a time. Internal.
#if defined(GLNOISE_SIMD_LANES_TOGGLE) == defined(HWY_TARGET_TOGGLE)
#ifdef GLNOISE_SIMD_LANES_TOGGLE
#undef GLNOISE_SIMD_LANES_TOGGLE
#else
#define GLNOISE_SIMD_LANES_TOGGLE
#endif

#include <hwy/highway.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/simd.hpp"
#include "glnoise/cpu.hpp"
#include "mirror/graph.hpp"
#include "mirror/sample.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using DI = hn::RebindToSigned<DF>;
constexpr std::size_t kMaxLanes = HWY_MAX_BYTES / sizeof(float);

struct VI;

// A comparison's result, as a float mask (integer comparisons are rebound to it).
struct VM {
    hn::Mask<DF> m;
};

struct VF {
    hn::Vec<DF> v;
    VF() : v(hn::Zero(DF())) {}
    explicit VF(hn::Vec<DF> x) : v(x) {}
    // Constants and uniforms, in every lane; implicit, as a scalar T converts.
    VF(float s) : v(hn::Set(DF(), s)) {}            // NOLINT(google-explicit-constructor)
    VF(double s) : VF(static_cast<float>(s)) {}     // NOLINT(google-explicit-constructor)
    VF(int s) : VF(static_cast<float>(s)) {}        // NOLINT(google-explicit-constructor)
    explicit VF(const VI& i);                       // float(int), lane by lane
};

struct VI {
    hn::Vec<DI> v;
    VI() : v(hn::Zero(DI())) {}
    explicit VI(hn::Vec<DI> x) : v(x) {}
    VI(int s) : v(hn::Set(DI(), s)) {}                            // NOLINT(google-explicit-constructor)
    explicit VI(const VF& f) : v(hn::ConvertTo(DI(), f.v)) {}    // int(float): truncation
};

inline VF::VF(const VI& i) : v(hn::ConvertTo(DF(), i.v)) {}

inline VF operator+(VF a, VF b) { return VF(a.v + b.v); }
inline VF operator-(VF a, VF b) { return VF(a.v - b.v); }
inline VF operator*(VF a, VF b) { return VF(a.v * b.v); }
inline VF operator/(VF a, VF b) { return VF(a.v / b.v); }
inline VF operator-(VF a) { return VF(hn::Neg(a.v)); }
inline VM operator<(VF a, VF b) { return {a.v < b.v}; }
inline VM operator<=(VF a, VF b) { return {a.v <= b.v}; }
inline VM operator>(VF a, VF b) { return {a.v > b.v}; }
inline VM operator>=(VF a, VF b) { return {a.v >= b.v}; }
inline VM operator==(VF a, VF b) { return {a.v == b.v}; }

inline VI operator+(VI a, VI b) { return VI(a.v + b.v); }
inline VI operator-(VI a, VI b) { return VI(a.v - b.v); }
inline VI operator&(VI a, VI b) { return VI(hn::And(a.v, b.v)); }
inline VI operator^(VI a, VI b) { return VI(hn::Xor(a.v, b.v)); }
inline VM operator==(VI a, VI b) { return {hn::RebindMask(DF(), a.v == b.v)}; }
inline VM operator<(VI a, VI b) { return {hn::RebindMask(DF(), a.v < b.v)}; }

inline VM operator&&(VM a, VM b) { return {hn::And(a.m, b.m)}; }
inline VM operator||(VM a, VM b) { return {hn::Or(a.m, b.m)}; }
inline VM operator!(VM a) { return {hn::Not(a.m)}; }
// Whether any lane holds: the twins skip work only when no lane needs it.
inline bool gln_any(VM a) { return !hn::AllFalse(DF(), a.m); }

inline VF gln_select(VM c, VF a, VF b) { return VF(hn::IfThenElse(c.m, a.v, b.v)); }
inline VI gln_select(VM c, VI a, VI b) { return VI(hn::IfThenElse(hn::RebindMask(DI(), c.m), a.v, b.v)); }
inline VF gln_abs(VF a) { return VF(hn::Abs(a.v)); }
inline VF gln_sqrt(VF a) { return VF(hn::Sqrt(a.v)); }

template <class F>
VF perLane(VF a, F f) {
    HWY_ALIGN float lane[kMaxLanes];
    hn::Store(a.v, DF(), lane);
    for (std::size_t i = 0; i < hn::Lanes(DF()); ++i) lane[i] = f(lane[i]);
    return VF(hn::Load(DF(), lane));
}
#if HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_EMU128
// Highway's portable Floor gives +0 for -0; std::floor keeps the sign.
inline VF gln_floor(VF a) { return perLane(a, [](float x) { return std::floor(x); }); }
#else
inline VF gln_floor(VF a) { return VF(hn::Floor(a.v)); }
#endif
inline VF gln_cos(VF a) { return perLane(a, [](float x) { return std::cos(x); }); }
inline VF gln_sin(VF a) { return perLane(a, [](float x) { return std::sin(x); }); }
inline VF gln_pow(VF a, VF b) {
    HWY_ALIGN float exponent[kMaxLanes];
    hn::Store(b.v, DF(), exponent);
    std::size_t i = 0;
    return perLane(a, [&](float x) { return std::pow(x, exponent[i++]); });
}

// A table read per lane. Where every lane reads the same entry (texels in one lattice cell,
// as most are at the lower octaves), one scalar read serves them all.
inline VI gln_perm(const Permutation& P, VI i) {
    const std::int32_t* t = P.table().data();
    const int first = hn::GetLane(i.v);
    if (hn::AllTrue(DI(), i.v == hn::Set(DI(), first))) return VI(t[first]);
    return VI(hn::GatherIndex(DI(), t, i.v));
}

inline VI gln_wrap_index(VI i, int period) {
    HWY_ALIGN int lane[kMaxLanes];
    hn::Store(i.v, DI(), lane);
    for (std::size_t k = 0; k < hn::Lanes(DI()); ++k) lane[k] = cpu::gln_wrap_index(lane[k], period);
    return VI(hn::Load(DI(), lane));
}

inline VI gln_wrap(VI i, int period) {
    if (period <= 0) return i & 255;
    HWY_ALIGN int lane[kMaxLanes];
    hn::Store(i.v, DI(), lane);
    for (std::size_t k = 0; k < hn::Lanes(DI()); ++k) lane[k] = cpu::gln_wrap(lane[k], period);
    return VI(hn::Load(DI(), lane));
}

// The world hash (mirror/permutation.hpp) in the lanes' integers: adds and multiplies wrap
// modulo 2^32 as the scalar's unsigned ones do, and the shifts are logical.
inline VI gln_world_axis(VI i, int block, int period, unsigned k) {
    const VI at = period > 0 ? gln_wrap_index(i, period) : i;
    const auto whole = hn::Add(hn::Set(DI(), static_cast<int>(static_cast<unsigned>(block) << 8u)), at.v);
    return VI(hn::Mul(whole, hn::Set(DI(), static_cast<int>(k))));
}

inline VI gln_world_hash(const Permutation& P, VI v) {
    const hn::RebindToUnsigned<DI> du;
    const auto u = hn::BitCast(du, v.v);
    const auto m = hn::Mul(hn::Xor(u, hn::ShiftRight<16>(u)), hn::Set(du, GLN_WORLD_MIX));
    return gln_perm(P, VI(hn::BitCast(DI(), hn::ShiftRight<24>(m))));
}

// psrdnoise's reduction modulo a period and halving. A power of two (512 where there is no
// period) is a mask, in two's complement the floor modulo; any other m goes lane by lane.
inline VI gln_psrd_mod(VI i, int m) {
    if ((m & (m - 1)) == 0) return i & VI(m - 1);
    HWY_ALIGN int lane[kMaxLanes];
    hn::Store(i.v, DI(), lane);
    for (std::size_t k = 0; k < hn::Lanes(DI()); ++k) lane[k] = cpu::gln_psrd_mod(lane[k], m);
    return VI(hn::Load(DI(), lane));
}
inline VI gln_psrd_half(VI i) { return VI(hn::ShiftRight<1>(i.v)); }

// Whether every lane holds the same integer.
inline bool gln_same(VI i) { return hn::AllTrue(DI(), i.v == hn::Set(DI(), hn::GetLane(i.v))); }

// table[code] in each lane, code from 0 to 15: permutations of the table's vectors of Lanes
// entries, each lane taking the one its code's high bits name.
template <class V>
inline hn::Vec<DF> gln_lookup16(const float* table, V code) {
    const DF df;
    const DI di;
    constexpr int kLanes = static_cast<int>(HWY_LANES(float));
    if constexpr (kLanes >= 16) {
        return hn::TableLookupLanes(hn::LoadU(df, table), hn::IndicesFromVec(df, code));
    } else {
        const auto at = hn::IndicesFromVec(df, hn::And(code, hn::Set(di, kLanes - 1)));
        auto v = hn::TableLookupLanes(hn::LoadU(df, table), at);
        for (int part = 1; part < 16 / kLanes; ++part) {
            const auto mask = hn::RebindMask(df, code > hn::Set(di, part * kLanes - 1));
            v = hn::IfThenElse(mask, hn::TableLookupLanes(hn::LoadU(df, table + part * kLanes), at), v);
        }
        return v;
    }
}

// Column j's packed hashes for each lane: `packed` holds `columns` of them (up to twice the
// lanes), j < columns. Within one vector a permutation of lanes, else a gather from them.
inline VI gln_column_lookup(const std::int32_t* packed, int columns, VI j) {
    const DI di;
    if (columns <= static_cast<int>(hn::Lanes(di)))
        return VI(hn::TableLookupLanes(hn::Load(di, packed), hn::IndicesFromVec(di, j.v)));
    return VI(hn::GatherIndex(di, packed, j.v));
}

// Byte k of each lane's packed hashes.
template <int k>
inline VI gln_byte(VI packed) {
    return VI(hn::And(hn::ShiftRight<8 * k>(packed.v), hn::Set(DI(), 255)));
}

// A column's hashes (each below 256) packed a byte each, the first in the low byte.
inline std::int32_t gln_pack(int h0, int h1) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(h0) | static_cast<std::uint32_t>(h1) << 8u);
}
inline std::int32_t gln_pack(int h0, int h1, int h2, int h3) {
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(h0) | static_cast<std::uint32_t>(h1) << 8u |
                                     static_cast<std::uint32_t>(h2) << 16u | static_cast<std::uint32_t>(h3) << 24u);
}

// A lattice column's hashes (gln_lattice2_column, gln_lattice3_column) packed, in the
// column function's order from the low byte.
inline std::int32_t gln_packed_column(const Permutation& P, int x, int y, ivec2 period, ivec2 world) {
    const std::array<int, 2> h = gln_lattice2_column(P, x, y, period, world);
    return gln_pack(h[0], h[1]);
}
inline std::int32_t gln_packed_column(const Permutation& P, int x, int y, int z, ivec3 period, ivec3 world) {
    const std::array<int, 4> h = gln_lattice3_column(P, x, y, z, period, world);
    return gln_pack(h[0], h[1], h[2], h[3]);
}

// The packed hashes of lattice columns (x at y, z) that this thread has read: in a grid the
// pieces of a row, and of its other anchors, come back to the same columns at every octave
// above a column per vector, so each is read once per band of rows. A slot holds one row
// of cells (its table, y, z, periods and world), a column per x & 255, tagged with its x;
// eight slots serve an 8-octave fractal's rows without evicting each other.
// EachPiece empties it before each band: a table may be another at the same address next.
struct ColumnCache {
    static constexpr int kSlots = 8;
    struct Slot {
        const Permutation* table = nullptr;
        int dims = 0;
        int y = 0;
        int z = 0;
        ivec3 period{0, 0, 0};
        ivec3 world{0, 0, 0};
        std::array<std::int64_t, 256> tag{};  // the column's x, or kEmpty
        std::array<std::int32_t, 256> packed{};
    };
    static constexpr std::int64_t kEmpty = INT64_MIN;  // no int x
    std::array<Slot, kSlots> slots{};

    int next = 0;  // the slot a new row takes, round robin

    void clear() {
        for (Slot& s : slots) s.table = nullptr;
    }
    // The slot of this row of cells (one per octave of a fractal, up to kSlots), a new one
    // emptied first where none holds it.
    Slot& row(const Permutation& P, int dims, int y, int z, ivec3 period, ivec3 world) {
        for (Slot& s : slots)
            if (s.y == y && s.z == z && s.table == &P && s.dims == dims && s.period.x == period.x &&
                s.period.y == period.y && s.period.z == period.z && s.world.x == world.x && s.world.y == world.y &&
                s.world.z == world.z)
                return s;
        Slot& s = slots[static_cast<std::size_t>(next)];
        next = (next + 1) % kSlots;
        s.table = &P;
        s.dims = dims;
        s.y = y;
        s.z = z;
        s.period = period;
        s.world = world;
        s.tag.fill(kEmpty);
        return s;
    }
};

inline ColumnCache& gln_column_cache() {
    static thread_local ColumnCache cache;
    return cache;
}

// Column x's packed hashes from the slot, read by `read` (x -> packed) where it has none.
template <class Read>
inline std::int32_t gln_cached_column(ColumnCache::Slot& s, int x, const Read& read) {
    const std::size_t at = static_cast<std::size_t>(static_cast<unsigned>(x) & 255u);
    if (s.tag[at] != x) {
        s.packed[at] = read(x);
        s.tag[at] = x;
    }
    return s.packed[at];
}

// The hashes of each lane's lattice cell c (mirror/lattice.hpp's gln_lattice2_hashes and
// gln_lattice3_hashes), each read once for all the lanes that share it:
// - where every lane lies in one lattice cell (texels of a row do, but for one in
//   1 / frequency), its corners' hashes are read once, as ints;
// - where the lanes lie in one row of cells along x (the rest of a grid's rows, whose y
//   and z are the same in every lane), each column of cells' hashes is read once per band
//   of rows (ColumnCache), packed a byte each, and each lane takes its two columns' by a
//   permutation of lanes;
// - else each lane reads its own.
// The hashes are the twin's (its column functions) every way. Out of line, so that the
// twins that call them compile once more than before, not once per way.
inline HWY_NOINLINE __attribute__((flatten)) void gln_lane_hashes(const Permutation& P, const vec<2, VI>& c, ivec2 period, ivec2 world,
                                  std::array<VI, 4>& out) {
    const DI di;
    if (gln_same(c.y)) {
        const int y = hn::GetLane(c.y.v);
        if (gln_same(c.x)) {
            const std::array<int, 4> h = gln_lattice2_hashes(P, ivec2(hn::GetLane(c.x.v), y), period, world);
            for (std::size_t k = 0; k < 4; ++k) out[k] = VI(h[k]);
            return;
        }
        const int first = hn::GetLane(hn::MinOfLanes(di, c.x.v));
        const std::int64_t span = std::int64_t{hn::GetLane(hn::MaxOfLanes(di, c.x.v))} - first + 2;
        if (span <= static_cast<std::int64_t>(2 * hn::Lanes(di))) {
            const int columns = static_cast<int>(span);
            HWY_ALIGN std::int32_t packed[2 * kMaxLanes] = {};
            ColumnCache::Slot& row = gln_column_cache().row(P, 2, y, 0, ivec3(period.x, period.y, 0), ivec3(world.x, world.y, 0));
            for (int j = 0; j < columns; ++j)
                packed[j] = gln_cached_column(row, first + j, [&](int x) { return gln_packed_column(P, x, y, period, world); });
            const VI at = c.x - VI(first);
            const VI left = gln_column_lookup(packed, columns, at);
            const VI right = gln_column_lookup(packed, columns, at + VI(1));
            out = {gln_byte<1>(right), gln_byte<1>(left), gln_byte<0>(right), gln_byte<0>(left)};
            return;
        }
    }
    out = gln_lattice2_hashes(P, c, period, world);
}

inline HWY_NOINLINE __attribute__((flatten)) void gln_lane_hashes(const Permutation& P, const vec<3, VI>& c, ivec3 period, ivec3 world,
                                  std::array<VI, 8>& out) {
    const DI di;
    if (gln_same(c.y) && gln_same(c.z)) {
        const int y = hn::GetLane(c.y.v), z = hn::GetLane(c.z.v);
        if (gln_same(c.x)) {
            const std::array<int, 8> h = gln_lattice3_hashes(P, ivec3(hn::GetLane(c.x.v), y, z), period, world);
            for (std::size_t k = 0; k < 8; ++k) out[k] = VI(h[k]);
            return;
        }
        const int first = hn::GetLane(hn::MinOfLanes(di, c.x.v));
        const std::int64_t span = std::int64_t{hn::GetLane(hn::MaxOfLanes(di, c.x.v))} - first + 2;
        if (span <= static_cast<std::int64_t>(2 * hn::Lanes(di))) {
            const int columns = static_cast<int>(span);
            HWY_ALIGN std::int32_t packed[2 * kMaxLanes] = {};
            ColumnCache::Slot& row = gln_column_cache().row(P, 3, y, z, period, world);
            for (int j = 0; j < columns; ++j)
                packed[j] = gln_cached_column(row, first + j, [&](int x) { return gln_packed_column(P, x, y, z, period, world); });
            const VI at = c.x - VI(first);
            const VI a = gln_column_lookup(packed, columns, at);
            const VI b = gln_column_lookup(packed, columns, at + VI(1));
            out = {gln_byte<0>(a), gln_byte<0>(b), gln_byte<1>(a), gln_byte<1>(b),
                   gln_byte<2>(a), gln_byte<2>(b), gln_byte<3>(a), gln_byte<3>(b)};
            return;
        }
    }
    out = gln_lattice3_hashes(P, c, period, world);
}

// gln_lattice2 and gln_lattice3 (mirror/lattice.hpp) over lanes: the twin's arithmetic on
// the hashes gln_lane_hashes reads.
inline vec3<VF> gln_lattice2(const Permutation& P, ivec2 cell, vec2<VF> p, ivec2 period, int curve, int kind,
                             ivec2 world = ivec2(-1, -1)) {
    const vec2<VF> pf = floor(p);
    const VF xf = p.x - pf.x;
    const VF yf = p.y - pf.y;
    std::array<VI, 4> h;
    gln_lane_hashes(P, vec<2, VI>(cell.x + VI(pf.x), cell.y + VI(pf.y)), period, world, h);
    return gln_lattice2_corners(h, xf, yf, curve, kind);
}

inline vec4<VF> gln_lattice3(const Permutation& P, ivec3 cell, vec3<VF> p, ivec3 period, int curve, int kind,
                             ivec3 world = ivec3(-1, -1, -1)) {
    const vec3<VF> pf = floor(p);
    const VF x = p.x - pf.x;
    const VF y = p.y - pf.y;
    const VF z = p.z - pf.z;
    std::array<VI, 8> h;
    gln_lane_hashes(P, vec<3, VI>(cell.x + VI(pf.x), cell.y + VI(pf.y), cell.z + VI(pf.z)), period, world, h);
    return gln_lattice3_corners(h, x, y, z, curve, kind);
}

// gln_grad3 and gln_grad2 (mirror/lattice.hpp) by the hash's bits: the same choices of x, y
// or z, and the same negations (a negation flips the sign bit, as the XOR here does), with
// three comparisons where the twin makes seven.
inline VF gln_grad3(VI hash, VF x, VF y, VF z) {
    const DF df;
    const DI di;
    const auto h = hn::And(hash.v, hn::Set(di, 15));
    const auto u = hn::IfThenElse(hn::RebindMask(df, h < hn::Set(di, 8)), x.v, y.v);
    const auto xz = hn::IfThenElse(hn::RebindMask(df, hn::Or(h, hn::Set(di, 2)) == hn::Set(di, 14)), x.v, z.v);  // h 12 or 14
    const auto v = hn::IfThenElse(hn::RebindMask(df, h < hn::Set(di, 4)), y.v, xz);
    const auto signU = hn::BitCast(df, hn::ShiftLeft<31>(h));                                            // bit 0
    const auto signV = hn::BitCast(df, hn::And(hn::ShiftLeft<30>(h), hn::Set(di, static_cast<int>(0x80000000u))));  // bit 1
    return VF(hn::Add(hn::Xor(u, signU), hn::Xor(v, signV)));
}

inline VF gln_grad2(VI hash, VF x, VF y) {
    const DF df;
    const DI di;
    const auto sign = hn::Set(di, static_cast<int>(0x80000000u));
    // x is negated for h & 3 of 1 or 2 (bit 0 differs from bit 1), y for 2 or 3 (bit 1).
    const auto signX = hn::BitCast(df, hn::ShiftLeft<31>(hn::Xor(hash.v, hn::ShiftRight<1>(hash.v))));
    const auto signY = hn::BitCast(df, hn::And(hn::ShiftLeft<30>(hash.v), sign));
    return VF(hn::Add(hn::Xor(x.v, signX), hn::Xor(y.v, signY)));
}

// Row i of each lane: a gather per component of the table's ints.
template <int N, std::size_t K>
vec<N, VI> gln_row(const std::array<vec<N, int>, K>& table, VI i) {
    static_assert(sizeof(vec<N, int>) == N * sizeof(int), "rows of N ints");
    const int* base = &table[0].x;
    const VI at = VI(hn::Mul(i.v, hn::Set(DI(), N)));
    vec<N, VI> row;
    for (int c = 0; c < N; ++c) row[c] = VI(hn::GatherIndex(DI(), base + c, at.v));
    return row;
}
template <int N, std::size_t K>
vec<N, VF> gln_row(const std::array<vec<N, float>, K>& table, VI i) {
    static_assert(sizeof(vec<N, float>) == N * sizeof(float), "rows of N floats");
    const float* base = &table[0].x;
    const VI at = VI(hn::Mul(i.v, hn::Set(DI(), N)));
    vec<N, VF> row;
    for (int c = 0; c < N; ++c) row[c] = VF(hn::GatherIndex(DF(), base + c, at.v));
    return row;
}

}  // namespace HWY_NAMESPACE

template <>
struct Lane<HWY_NAMESPACE::VF> {
    using Int = HWY_NAMESPACE::VI;
    using Mask = HWY_NAMESPACE::VM;
    using Scalar = float;
};

namespace HWY_NAMESPACE {

// A graph's basis or white-noise leaf (mirror/graph.hpp's gln_g_basis) for the bases of
// one family, each defined in its family's file (core/simd_family.hpp) so that the families
// compile in parallel; core/simd_graph.cpp calls them.
// gradient: false when only the value (.x) is wanted, so that the gradient is not computed.
#define GLNOISE_SIMD_GRAPH_LEAF(name)                                                                                  \
    vec4<VF> name(const Permutation& P, int basis, int curve, int dims, int cellReturn, int cellMetric, VF jitter, \
                  bool world, bool white, const GlnFrame<float>& o, vec4<VF> l, bool gradient)
GLNOISE_SIMD_GRAPH_LEAF(GraphLatticeLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphSimplexLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphOpenSimplexLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphCellularLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphPsrdnoiseLeaf);

// The pieces of rows [firstRow, endRow) of a grid: a row is cut where its texels' anchor
// changes (every kAnchor texels), so that every lane of a piece shares its frames, and
// into Lanes texels at most. sample(block, s) gives the piece's `channels` values per lane
// (s: each lane's offset from the anchor; the last lanes of a short piece repeat its last
// texel), which are stored texel after texel from out, the grid's first texel.
template <int kChannels, class Sample>
HWY_ATTR void EachPiece(const Grid& grid, const AnchorLayout& l, int channels, float* out, int firstRow, int endRow,
                        const Sample& sample) {
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
            const int count = std::min({lanes, width - x, (kx + 1) * kAnchor - gx});
            const VI sx = VI(hn::Min(hn::Iota(di, 0), hn::Set(di, count - 1))) + (gx - kx * kAnchor);
            const vec4<VF> v = sample(l.block(kx, ky, kz), vec3<VF>(VF(sx), sy, sz));
            float* o = row + static_cast<std::size_t>(x) * static_cast<std::size_t>(channels);
            if (kChannels == 1 && count == lanes) {
                hn::StoreU(v.x.v, df, o);
            } else {
                for (int c = 0; c < channels; ++c) hn::Store(v[c].v, df, part[c]);
                for (int i = 0; i < count; ++i)
                    for (int c = 0; c < channels; ++c) o[i * channels + c] = part[c][i];
            }
            x += count;
        }
    }
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
    EachPiece<kValue ? 1 : 4>(j.grid, j.layout, channels, j.out, firstRow, endRow, [&](int block, vec3<VF> s) {
        const vec4<VF> v = gln_sample<kBasis>(*j.table, *j.params, frames + block * perPoint, s);
        if constexpr (kValue) return vec4<VF>(v.x, VF(), VF(), VF());
        else return outputOf(*j.spec, v);
    });
}

// A graph's leaf of basis kBasis (mirror/graph.hpp), flattened as Rows is. kGrad false:
// the value alone, so that the gradient's arithmetic is dead code the compiler removes.
template <int kBasis, bool kGrad>
HWY_ATTR __attribute__((flatten)) void GraphLeafOf(const Permutation& P, int curve, int dims, int cellReturn,
                                                   int cellMetric, const VF& jitter, bool world, bool white,
                                                   const GlnFrame<float>& o, const vec4<VF>& l, vec4<VF>& out) {
    const vec4<VF> v = gln_g_basis<kBasis>(P, kBasis, curve, dims, cellReturn, cellMetric, jitter, world, white, o, l);
    out = kGrad ? v : vec4<VF>(v.x, VF(), VF(), VF());
}

// ---------------------------------------------------------------------------------------
// Rows of a lattice basis (perlin, classic, value, perlin-value) in 2D or 3D whose octaves
// are neither warped nor turned and whose output is the value alone: the common case,
// compiled apart from the runtime-general sampler above. Every texel of a grid's row has
// the row's y and z, so in each octave:
// - p.y and p.z, their cells and fractions are the row's, computed once, as scalars (the
//   lanes' IEEE operations on one texel);
// - each lattice column (x at the row's cells y, z) is read once for the rows in those
//   cells, and each of its corners' parts (CornerParts: what its gradient's dot product and
//   height add for this row) is made once for the row, into tables indexed by x
//   (LatticeColumns);
// - a vector whose texels lie in one cell (most of them, below a cell per vector) takes its
//   corners' parts from the tables once per cell; a vector across cells takes each lane's
//   by a permutation of lanes; one across more cells than lanes (above a cell per texel),
//   or past the tables' reach, reads its hashes as gln_lattice2/3 do.
// The octaves run outermost for each anchor's piece of a row, each adding into the piece's
// sums in gln_sum's order, and the twin does the arithmetic (gln_lattice2_corners,
// gln_lattice3_corners, gln_fractal_step), so every texel is the reference's, bit for bit.

// A lattice corner as gln_corner2/3 take its hash: the parts of its gradient's dot product
// with d for this row, d.x * f + c; its height h (gln_height, for the kinds with heights);
// and the hash itself (for the gradient's corners, gln_cornergrad2/3), an int where every
// lane shares the corner (H = int) or each lane's (H = VI). A gradient is (+-1, +-1, 0) or
// a permutation of it (gln_grad3; gln_grad2's is (+-1, +-1)): where it has a +-1 for x, f is
// that and c the other term, +-y or +-z (IEEE addition is commutative, so the order of u
// + v does not matter); where it has none, c is the whole (+-y) + (+-z) and f the zero
// whose product with d.x is -0 (d.x is x >= +0 at a left corner and x - 1 < 0 at a right
// one: LatticeRows checks x >= 0), so that -0 + c is c, whatever c's sign.
template <class H>
struct CornerParts {
    VF f;
    VF c;
    VF h;
    H hash;
};

template <class T, class H>
inline vec2<T> gln_cornergrad2(const CornerParts<H>& k, int kind) {
    return cpu::gln_cornergrad2<T>(VI(k.hash), kind);
}
template <class T, class H>
inline vec3<T> gln_cornergrad3(const CornerParts<H>& k, int kind) {
    return cpu::gln_cornergrad3<T>(VI(k.hash), kind);
}
template <class H>
inline VF gln_corner2(const CornerParts<H>& k, const vec2<VF>& d, int kind) {
    const VF g = (kind & GLN_GRADIENTS) != 0 ? d.x * k.f + k.c : VF(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + k.h : g;
}
template <class H>
inline VF gln_corner3(const CornerParts<H>& k, const vec3<VF>& d, int kind) {
    const VF g = (kind & GLN_GRADIENTS) != 0 ? d.x * k.f + k.c : VF(0);
    return (kind & GLN_HEIGHTS) != 0 ? g + k.h : g;
}

// f of a gradient code (hash & 15 in 3D, hash & 3 in 2D) at a left or right corner.
constexpr float gln_x_factor(int dims, int code, bool right) {
    if (dims == 2) return code == 0 || code == 3 ? 1.0f : -1.0f;  // gln_grad2: x negated for 1 and 2
    if (code < 8) return (code & 1) != 0 ? -1.0f : 1.0f;            // u = x
    if (code == 12 || code == 14) return (code & 2) != 0 ? -1.0f : 1.0f;  // v = x
    return right ? 0.0f : -0.0f;                                    // no x
}
// c of a gradient code at a corner whose other coordinates are y (and z).
inline float gln_x_rest(int dims, int code, float y, float z) {
    if (dims == 2) return code < 2 ? y : -y;
    if (code < 8) {
        const float v = code < 4 ? y : z;
        return (code & 2) != 0 ? -v : v;
    }
    if (code == 12 || code == 14) return (code & 1) != 0 ? -y : y;
    return ((code & 1) != 0 ? -y : y) + ((code & 2) != 0 ? -z : z);
}

// One octave's lattice columns along a row of cells (y, z, with its periods and world
// block): each column's hashes (gln_lattice2_column, gln_lattice3_column, packed a byte
// each), kept while the row's cells are the same; and each of its corners' f, c and h for
// the row's fractions, made once for the row. Indexed by the column's x (its frame's cell
// plus the lattice offset, from 0), read where a piece of a row needs them. This thread's,
// one per octave, emptied before each band (its table may be another at the same address).
struct LatticeColumns {
    static constexpr int kMaxColumns = 1 << 16;  // beyond (huge periods), lanes read their own
    // Field k of column x is fields[k * kRoom + x - base]: the left corners' f (corner q:
    // its y + 2 z, each 0 or 1), the right corners' f, c and h. A fixed stride puts every
    // field of a vector's columns at a constant offset from one address, so that each
    // lookup is one instruction. The fields hold columns [base, base + kRoom): a row
    // without a period spans columns 0 to 512 at most (its frames' cells, below 256, and
    // the 257 of a piece at a cell per texel), which 576 holds with a vector's reach
    // beyond; a row of a longer period moves base where a piece (258 columns at most)
    // needs it. 576 floats, 36 cache lines, also spread the fields' lines over the data
    // cache's sets (a stride near a multiple of 4 KiB would put them in the same ones).
    enum : int { kLeftF = 0, kRightF = 4, kC = 8, kH = 12, kFields = 16 };
    static constexpr int kRoom = 576;
    static constexpr int kReach = 2 * kMaxLanes + 2;  // past a piece's last column: a vector's window
    // A row's columns from 0 to 2 kAnchor (rounded up to a vector) at base 0, and so a piece's.
    static_assert(2 * kAnchor + kMaxLanes + kReach <= kRoom, "the fields hold a row without a period");
    // Field k of column x in fields that hold columns from base: the one formula for their
    // writers and readers, which pass the address and base in so that loops keep both in
    // registers (through the members, a store could change them).
    template <typename T>
    static T* fieldAt(T* fields, int base, int k, int x) {
        return fields + static_cast<std::ptrdiff_t>(k) * kRoom + (x - base);
    }
    const Permutation* table = nullptr;
    int y = 0;
    int z = 0;
    ivec3 period{0, 0, 0};
    ivec3 world{-1, -1, -1};
    std::uint32_t fraction[2] = {0, 0};  // the row's y and z fractions' bits
    std::uint32_t hashes = 0;            // hashStamp[x] == hashes: packed[x] is column x's
    // Columns [hashedFirst, hashedLast] all have this row of cells' hashes.
    int hashedFirst = 0;
    int hashedLast = -1;
    // Columns [madeFirst, madeLast] hold this row's fields. The lattice repeats every 256
    // cells (its frames' cells are taken mod 256), so the pieces of a long row come back
    // to the same columns: at a cell per texel each anchor's piece is columns 0 to 256.
    int madeFirst = 0;
    int madeLast = -1;
    std::size_t room = 0;  // of hashStamp and packed
    int base = 0;
    std::vector<std::uint32_t> hashStamp;
    std::vector<std::int32_t> packed;
    std::vector<float> fields = std::vector<float>(static_cast<std::size_t>(kFields) * kRoom, 0.0f);
    std::array<std::array<float, 16>, 4> rest{};  // c of corner q for each code, this row's

    void clear() { table = nullptr; }
    static void next(std::uint32_t& generation, std::vector<std::uint32_t>& stamps) {
        if (++generation == 0) {
            std::fill(stamps.begin(), stamps.end(), 0u);
            generation = 1;
        }
    }
    // Holds the row of cells (y, z) at fractions (yf, zf) from now on: the hashes it held
    // kept if they are that row's, and the c of each code for those fractions.
    void hold(int dims, const Permutation& P, int y_, int z_, ivec3 period_, ivec3 world_, float yf, float zf) {
        if (table != &P || y != y_ || z != z_ || period.x != period_.x || period.y != period_.y ||
            period.z != period_.z || world.x != world_.x || world.y != world_.y || world.z != world_.z) {
            table = &P;
            y = y_;
            z = z_;
            period = period_;
            world = world_;
            next(hashes, hashStamp);
            hashedLast = hashedFirst - 1;
            madeLast = madeFirst - 1;
        }
        std::uint32_t bits[2];
        std::memcpy(&bits[0], &yf, 4);
        std::memcpy(&bits[1], &zf, 4);
        if (bits[0] == fraction[0] && bits[1] == fraction[1]) return;
        fraction[0] = bits[0];
        fraction[1] = bits[1];
        madeLast = madeFirst - 1;
        // gln_lattice2/3_corners' d.y and d.z at corner q: y or y - 1, z or z - 1.
        for (int q = 0; q < 4; ++q)
            for (int code = 0; code < 16; ++code)
                rest[static_cast<std::size_t>(q)][static_cast<std::size_t>(code)] =
                    gln_x_rest(dims, code, (q & 1) != 0 ? yf - 1.0f : yf, (q & 2) != 0 ? zf - 1.0f : zf);
    }
    // Columns [first, last] made for this row, with room for a vector's window beyond
    // them: those of them not made yet. vectors: whether they are made Lanes at a time,
    // where a vector of texels spans more than a column; else one at a time (below a column
    // per vector, where a cell's texels read its columns' fields as scalars soon after,
    // making them by vectors measured slower: docs/performance.md).
    template <int kDims, bool kHeights>
    void fill(int first, int last, bool vectors) {
        if (vectors) {
            // To the end of its vector of columns (counted from column 0): a row's next piece
            // most often needs the columns after these, and a vector makes them at once.
            const int lanes = static_cast<int>(hn::Lanes(DF()));
            last = (last / lanes + 1) * lanes - 1;
        }
        const std::size_t need = static_cast<std::size_t>(last) + kReach;
        if (need > room) {  // new tables: nothing made
            room = std::max(need, room + room / 2);
            hashStamp.assign(room, 0u);
            packed.assign(room, 0);
            hashedLast = hashedFirst - 1;
            madeLast = madeFirst - 1;
        }
        if (first < base || last + kReach > base + kRoom) {  // columns the fields do not hold: none made
            base = first;
            madeLast = madeFirst - 1;
        }
        if (madeFirst <= madeLast && first >= madeFirst && last <= madeLast) return;
        if (madeFirst > madeLast || last < madeFirst - 1 || first > madeLast + 1) {
            make<kDims, kHeights>(first, last, vectors);  // none of them made, or apart from those that are
            madeFirst = first;
            madeLast = last;
            return;
        }
        if (first < madeFirst) make<kDims, kHeights>(first, madeFirst - 1, vectors);
        if (last > madeLast) make<kDims, kHeights>(madeLast + 1, last, vectors);
        madeFirst = std::min(first, madeFirst);
        madeLast = std::max(last, madeLast);
    }
    // Columns [first, last] made: each column's hashes read where they are not this row of
    // cells', then every column's corners' f, c and h for the row's fractions. With vectors,
    // Lanes columns at a time, by lookups of the gradient's code in registers; a vector
    // reaching past `last` writes those columns' fields too, from their packed hashes:
    // where those are made already, their hashes are this row of cells' and the same fields
    // are written.
    template <int kDims, bool kHeights>
    void make(int first, int last, bool vectors) {
        static constexpr auto kFactors = [] {
            std::array<std::array<float, 16>, 2> f{};
            for (int code = 0; code < 16; ++code) {
                f[0][static_cast<std::size_t>(code)] = gln_x_factor(kDims, code, false);
                f[1][static_cast<std::size_t>(code)] = gln_x_factor(kDims, code, true);
            }
            return f;
        }();
        static const auto kHeightOf = [] {
            std::array<float, 256> h{};
            for (int i = 0; i < 256; ++i) h[static_cast<std::size_t>(i)] = gln_height<float>(i);
            return h;
        }();
        {
            // (In locals: the stores of ints could otherwise change the members they come from.)
            const Permutation& P = *table;
            const int cy = y, cz = z;
            const ivec3 per = period, wor = world;
            const std::uint32_t stamp = hashes;
            std::uint32_t* const stamps = hashStamp.data();
            std::int32_t* const columns = packed.data();
            if (first >= hashedFirst && last <= hashedLast) {
                // every column's hashes read already
            } else if (wor.x >= 0) {
                for (int x = first; x <= last; ++x) {
                    const auto at = static_cast<std::size_t>(x);
                    if (stamps[at] == stamp) continue;
                    if constexpr (kDims == 2) columns[at] = gln_packed_column(P, x, cy, ivec2(per.x, per.y), ivec2(wor.x, wor.y));
                    else columns[at] = gln_packed_column(P, x, cy, cz, per, wor);
                    stamps[at] = stamp;
                }
            } else {
                // gln_lattice2/3_column's reads without the world hash, with the row's wrapped
                // y and z (and y + 1, z + 1) taken once: the same ints in the same order.
                // (Lanes columns at a time, by gathers, measured slower on a Zen 3's AVX2.)
                const int y0 = cpu::gln_wrap(cy, per.y), y1 = cpu::gln_wrap(cy + 1, per.y);
                const int z0 = cpu::gln_wrap(cz, per.z), z1 = cpu::gln_wrap(cz + 1, per.z);
                const int px = per.x;
                for (int x = first; x <= last; ++x) {
                    const auto at = static_cast<std::size_t>(x);
                    if (stamps[at] == stamp) continue;
                    const int A = cpu::gln_perm(P, cpu::gln_wrap(x, px));
                    const int AA = cpu::gln_perm(P, A + y0);
                    const int AB = cpu::gln_perm(P, A + y1);
                    if constexpr (kDims == 2) {
                        columns[at] = gln_pack(AA, AB);
                    } else {
                        columns[at] = gln_pack(cpu::gln_perm(P, AA + z0), cpu::gln_perm(P, AB + z0), cpu::gln_perm(P, AA + z1),
                                               cpu::gln_perm(P, AB + z1));
                    }
                    stamps[at] = stamp;
                }
            }
            if (hashedFirst > hashedLast || first > hashedLast + 1 || last < hashedFirst - 1) {
                hashedFirst = first;
                hashedLast = last;
            } else {
                hashedFirst = std::min(first, hashedFirst);
                hashedLast = std::max(last, hashedLast);
            }
        }
        constexpr int kCorners = kDims == 2 ? 2 : 4;
        // (Pointers in locals: the stores could otherwise change the vectors' members.)
        const std::int32_t* const hashesOf = packed.data();
        float* const out = fields.data();
        const int from = base;
        if (!vectors) {
            for (int x = first; x <= last; ++x) {
                const auto p = static_cast<std::uint32_t>(hashesOf[static_cast<std::size_t>(x)]);
                for (int q = 0; q < kCorners; ++q) {
                    const std::size_t hash = p >> (8 * q) & 255u;
                    const std::size_t code = hash & (kDims == 2 ? 3u : 15u);
                    *fieldAt(out, from, kLeftF + q, x) = kFactors[0][code];
                    *fieldAt(out, from, kRightF + q, x) = kFactors[1][code];
                    *fieldAt(out, from, kC + q, x) = rest[static_cast<std::size_t>(q)][code];
                    if constexpr (kHeights) *fieldAt(out, from, kH + q, x) = kHeightOf[hash];
                }
            }
            return;
        }
        const DF df;
        const DI di;
        const auto codeMask = hn::Set(di, kDims == 2 ? 3 : 15);
        const auto restOf = rest;
        for (int x = first; x <= last; x += static_cast<int>(hn::Lanes(df))) {
            const auto p = hn::LoadU(di, hashesOf + static_cast<std::size_t>(x));
            for (int q = 0; q < kCorners; ++q) {
                const auto hash = hn::And(hn::ShiftRightSame(p, 8 * q), hn::Set(di, 255));
                const auto code = hn::And(hash, codeMask);
                hn::StoreU(gln_lookup16(kFactors[0].data(), code), df, fieldAt(out, from, kLeftF + q, x));
                hn::StoreU(gln_lookup16(kFactors[1].data(), code), df, fieldAt(out, from, kRightF + q, x));
                hn::StoreU(gln_lookup16(restOf[static_cast<std::size_t>(q)].data(), code), df, fieldAt(out, from, kC + q, x));
                if constexpr (kHeights)
                    hn::StoreU(hn::GatherIndex(df, kHeightOf.data(), hash), df, fieldAt(out, from, kH + q, x));
            }
        }
    }
};

inline std::vector<LatticeColumns>& gln_lattice_columns() {
    static thread_local std::vector<LatticeColumns> octaves;
    return octaves;
}

// Whether LatticeRows evaluates this job (of a lattice basis, the caller's): 2D or 3D, the
// value alone, no warp, turn or pattern.
inline bool LatticeRowsApply(const simd::Job& j) {
    const SampleParams<float>& u = *j.params;
    return (u.dims == 2 || u.dims == 3) && u.warp == 0 && u.rotate == 0 && u.pattern == 0 && outputChannels(*j.spec) == 1;
}

// The rows of lattice basis kBasis in kDims dimensions (LatticeRowsApply).
template <int kBasis, int kDims>
HWY_ATTR __attribute__((flatten)) void LatticeRows(const simd::Job& j, int firstRow, int endRow) {
    constexpr int kKind = gln_basis_kind(kBasis);
    constexpr bool kHeights = (kKind & GLN_HEIGHTS) != 0;
    constexpr int kCorners = kDims == 2 ? 2 : 4;  // per column
    using LC = LatticeColumns;
    const DF df;
    const DI di;
    const int lanes = static_cast<int>(hn::Lanes(df));
    const Permutation& P = *j.table;
    const SampleParams<float>& u = *j.params;
    const int curve = gln_basis_curve(kBasis, u.curve);
    const int octaves = u.octaveCount;
    const bool ridged = u.fractal == GLN_RIDGED;
    const Grid& grid = j.grid;
    const AnchorLayout& l = j.layout;
    std::vector<LatticeColumns>& columns = gln_lattice_columns();
    if (columns.size() < static_cast<std::size_t>(octaves)) columns.resize(static_cast<std::size_t>(octaves));
    for (LatticeColumns& c : columns) c.clear();
    HWY_ALIGN float sum[kAnchor + kMaxLanes];
    HWY_ALIGN float signal[kAnchor + kMaxLanes];
    const VF iota = VF(hn::Iota(df, 0.0f));
    // The twin's order of the corners: in 3D gln_lattice3_hashes' (corner q of the left
    // column, then of the right, q = y + 2 z); in 2D gln_lattice2_hashes' (top right, top
    // left, bottom right, bottom left).
    const auto twinIndex = [](int q, int right) { return kDims == 2 ? 2 * (1 - q) + (1 - right) : 2 * q + right; };
    for (int r = firstRow; r < endRow; ++r) {
        const int y = r % grid.height;
        const int z = r / grid.height;
        float* row = j.out + static_cast<std::size_t>(r) * static_cast<std::size_t>(grid.width);
        const int gy = l.startIn[1] + y, gz = l.startIn[2] + z;
        const int ky = gy / kAnchor, kz = gz / kAnchor;
        const float sy = static_cast<float>(gy - ky * kAnchor), sz = static_cast<float>(gz - kz * kAnchor);
        // The row's pieces, one per anchor: texels [x, x + count) at offsets s0, s0 + 1, ...
        for (int x = 0; x < grid.width;) {
            const int gx = l.startIn[0] + x;
            const int kx = gx / kAnchor;
            const int s0 = gx - kx * kAnchor;
            const int count = std::min(grid.width - x, kAnchor - s0);
            const GlnFrame<float>* frames = j.frames + l.block(kx, ky, kz) * u.framesPerPoint;
            const VF last = VF(static_cast<float>(s0 + count - 1));
            for (int i = 0; i < octaves; ++i) {
                const GlnFrame<float>& o = frames[i];
                const float scale = o.scale.x;
                // The row's y and z in this octave (gln_octave's p, gln_lattice2/3's floor).
                const float py = o.frac.y + scale * sy;
                const float fy = std::floor(py);
                const float yf = py - fy;
                const int cy = o.cell.y + static_cast<int>(fy);
                float pz = o.frac.z;
                float zf = 0.0f;
                int cz = 0;
                if constexpr (kDims == 3) {
                    pz = o.frac.z + scale * sz;
                    const float fz = std::floor(pz);
                    zf = pz - fz;
                    cz = o.cell.z + static_cast<int>(fz);
                }
                const ivec3 period(o.period.x, o.period.y, kDims == 3 ? o.period.z : 0);
                const ivec3 world = u.world ? ivec3(o.block.x, o.block.y, kDims == 3 ? o.block.z : 0) : ivec3(-1, -1, -1);
                // The piece's first and last columns, as its first and last lanes find them.
                const int cFirst = o.cell.x + static_cast<int>(std::floor(o.frac.x + scale * static_cast<float>(s0)));
                const int cLast = o.cell.x + static_cast<int>(std::floor(o.frac.x + scale * static_cast<float>(s0 + count - 1)));
                // The tables serve where a vector spans at most a cell per lane, and x >= 0.
                const bool tables = scale > 0.0f && scale <= 1.0f && o.frac.x >= 0.0f && o.cell.x >= 0 &&
                                    cLast < LC::kMaxColumns;
                LatticeColumns& cols = columns[static_cast<std::size_t>(i)];
                if (tables) {
                    cols.hold(kDims, P, cy, cz, period, world, yf, zf);
                    cols.fill<kDims, kHeights>(cFirst, cLast + 1, scale * static_cast<float>(lanes) > 1.0f);
                }
                const VF vfrac = VF(o.frac.x), vscale = VF(scale), vy = VF(yf), vz = VF(zf);
                const VF amplitude = VF(o.scale.y);
                // (In locals: the stores of sums could otherwise change the tables they come from.)
                const float* const fields = cols.fields.data();
                const std::int32_t* const packedOf = cols.packed.data();
                const int from = cols.base;
                const auto field = [&](int k, int q, int x) { return LC::fieldAt(fields, from, k + q, x); };
                std::array<CornerParts<int>, 2 * kCorners> cell{};
                int cellX = INT_MIN;  // the cell whose corners `cell` holds
                for (int k = 0; k < count; k += lanes) {
                    VF s = VF(static_cast<float>(s0 + k)) + iota;
                    if (k + lanes > count) s = VF(hn::Min(s.v, last.v));  // the last lanes repeat the last texel
                    const VF px = vfrac + vscale * s;
                    const VF pf = gln_floor(px);
                    const VF fx = px - pf;
                    const VI cx = VI(o.cell.x) + VI(pf);
                    // With the tables the lanes' x grow with their s (scale > 0: IEEE multiplies
                    // and adds are monotonic, and so is floor), so the first lane's cell is the
                    // least and the last lane's the greatest.
                    const int c0 = hn::GetLane(cx.v);
                    const int spread = tables ? hn::GetLane(hn::Reverse(di, cx.v)) - c0 : lanes;
                    VF n;
                    if (spread == 0) {
                        if (c0 != cellX) {
                            cellX = c0;
                            for (int q = 0; q < kCorners; ++q)
                                for (int right = 0; right < 2; ++right) {
                                    const int at = c0 + right;
                                    CornerParts<int>& c = cell[static_cast<std::size_t>(twinIndex(q, right))];
                                    c.f = VF(*field(right != 0 ? LC::kRightF : LC::kLeftF, q, at));
                                    c.c = VF(*field(LC::kC, q, at));
                                    if constexpr (kHeights) c.h = VF(*field(LC::kH, q, at));
                                    c.hash = static_cast<int>(static_cast<std::uint32_t>(packedOf[at]) >> (8 * q) & 255u);
                                }
                        }
                        if constexpr (kDims == 2) n = gln_lattice2_corners(cell, fx, vy, curve, kKind).x;
                        else n = gln_lattice3_corners(cell, fx, vy, vz, curve, kKind).x;
                    } else if (spread < lanes) {
                        const VI offset = cx - VI(c0);
                        const auto at = hn::IndicesFromVec(df, offset.v);
                        const auto atInt = hn::IndicesFromVec(di, offset.v);
                        const auto lookup = [&](const float* t) { return VF(hn::TableLookupLanes(hn::LoadU(df, t), at)); };
                        std::array<CornerParts<VI>, 2 * kCorners> lane{};
                        for (int q = 0; q < kCorners; ++q)
                            for (int right = 0; right < 2; ++right) {
                                CornerParts<VI>& c = lane[static_cast<std::size_t>(twinIndex(q, right))];
                                c.f = lookup(field(right != 0 ? LC::kRightF : LC::kLeftF, q, c0 + right));
                                c.c = lookup(field(LC::kC, q, c0 + right));
                                if constexpr (kHeights) c.h = lookup(field(LC::kH, q, c0 + right));
                                const VI packed = VI(hn::TableLookupLanes(hn::LoadU(di, packedOf + c0 + right), atInt));
                                c.hash = VI(hn::And(hn::ShiftRightSame(packed.v, 8 * q), hn::Set(di, 255)));
                            }
                        if constexpr (kDims == 2) n = gln_lattice2_corners(lane, fx, vy, curve, kKind).x;
                        else n = gln_lattice3_corners(lane, fx, vy, vz, curve, kKind).x;
                    } else if constexpr (kDims == 2) {
                        n = gln_lattice2(P, ivec2(o.cell.x, o.cell.y), vec2<VF>(px, VF(py)), ivec2(period.x, period.y), curve,
                                         kKind, ivec2(world.x, world.y)).x;
                    } else {
                        n = gln_lattice3(P, ivec3(o.cell.x, o.cell.y, o.cell.z), vec3<VF>(px, VF(py), VF(pz)), period, curve,
                                         kKind, world).x;
                    }
                    // gln_sum's step on these texels' sums (their gradients are not wanted).
                    vec4<VF> total(i == 0 ? VF(0) : VF(hn::Load(df, sum + k)), VF(0), VF(0), VF(0));
                    vec4<VF> sig(i == 0 || !ridged ? VF(0) : VF(hn::Load(df, signal + k)), VF(0), VF(0), VF(0));
                    gln_fractal_step(u.fractal, i, vec4<VF>(n, VF(0), VF(0), VF(0)), amplitude, VF(u.ridgeOffset),
                                     VF(u.ridgeGain), total, sig);
                    hn::Store(total.x.v, df, sum + k);
                    if (ridged) hn::Store(sig.x.v, df, signal + k);
                }
            }
            // gln_sample: the sum times the inverse divisor.
            float* out = row + x;
            const VF inverse = VF(u.inverseDivisor);
            int k = 0;
            for (; k + lanes <= count; k += lanes) hn::StoreU((VF(hn::Load(df, sum + k)) * inverse).v, df, out + k);
            for (; k < count; ++k) out[k] = sum[k] * u.inverseDivisor;
            x += count;
        }
    }
}

// Rows of one basis: one channel or the output's four.
template <int kBasis>
void RowsOf(const simd::Job& j, int firstRow, int endRow) {
    if constexpr (kBasis == GLN_BASIS_PERLIN || kBasis == GLN_BASIS_CLASSIC || kBasis == GLN_BASIS_VALUE ||
                  kBasis == GLN_BASIS_PERLIN_VALUE) {
        if (LatticeRowsApply(j)) {
            if (j.params->dims == 2) LatticeRows<kBasis, 2>(j, firstRow, endRow);
            else LatticeRows<kBasis, 3>(j, firstRow, endRow);
            return;
        }
    }
    if (outputChannels(*j.spec) == 1)
        Rows<true, kBasis>(j, firstRow, endRow);
    else
        Rows<false, kBasis>(j, firstRow, endRow);
}

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#endif  // GLNOISE_SIMD_LANES_TOGGLE
