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
// (tests/core/simd_test.cpp runs each one this CPU has). The row driver over these lanes is
// core/simd_rows.hpp, the lattice bases' column fast path core/simd_columns.hpp. Internal.
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
#include "graph/twin.hpp"
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
inline VF gln_log(VF a) { return perLane(a, [](float x) { return std::log(x); }); }
inline VF gln_exp(VF a) { return perLane(a, [](float x) { return std::exp(x); }); }
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

// Row i of each lane: a gather per component of the table's ints; where every lane reads
// the same row (as gln_perm's lanes often do), one scalar read of each component.
template <int N, std::size_t K>
vec<N, VI> gln_row(const std::array<vec<N, int>, K>& table, VI i) {
    static_assert(sizeof(vec<N, int>) == N * sizeof(int), "rows of N ints");
    const int* base = &table[0].x;
    vec<N, VI> row;
    const int first = hn::GetLane(i.v);
    if (hn::AllTrue(DI(), i.v == hn::Set(DI(), first))) {
        for (int c = 0; c < N; ++c) row[c] = VI(base[first * N + c]);
        return row;
    }
    const VI at = VI(hn::Mul(i.v, hn::Set(DI(), N)));
    for (int c = 0; c < N; ++c) row[c] = VI(hn::GatherIndex(DI(), base + c, at.v));
    return row;
}
template <int N, std::size_t K>
vec<N, VF> gln_row(const std::array<vec<N, float>, K>& table, VI i) {
    static_assert(sizeof(vec<N, float>) == N * sizeof(float), "rows of N floats");
    const float* base = &table[0].x;
    vec<N, VF> row;
    const int first = hn::GetLane(i.v);
    if (hn::AllTrue(DI(), i.v == hn::Set(DI(), first))) {
        for (int c = 0; c < N; ++c) row[c] = VF(base[first * N + c]);
        return row;
    }
    const VI at = VI(hn::Mul(i.v, hn::Set(DI(), N)));
    for (int c = 0; c < N; ++c) row[c] = VF(hn::GatherIndex(DF(), base + c, at.v));
    return row;
}

// Row `row` (in [0, K)) of a table of K constant rows, each component permuted out of
// registers (the rows padded to whole vectors: one vector's lanes, or two at once on
// AVX-512, and a blend for each further vector), in place of a gather per component, for
// tables of up to three vectors of rows (kPermutes).
template <std::size_t K>
constexpr bool kPermutes = (static_cast<int>(K) + static_cast<int>(HWY_LANES(float)) - 1) / static_cast<int>(HWY_LANES(float)) <= 3;

template <int N, std::size_t K, class R, const std::array<vec<N, R>, K>& kRows>
vec<N, VF> gln_permuted_row(hn::Vec<DI> row) {
    constexpr int kLanes = static_cast<int>(HWY_LANES(float));
    constexpr int kParts = (static_cast<int>(K) + kLanes - 1) / kLanes;
    static_assert(kPermutes<K>, "up to three vectors of rows");
    static constexpr auto kColumns = [] {
        std::array<std::array<float, kParts * kLanes>, N> c{};
        for (std::size_t r = 0; r < K; ++r)
            for (int a = 0; a < N; ++a) c[static_cast<std::size_t>(a)][r] = static_cast<float>(kRows[r][a]);
        return c;
    }();
    const DF df;
    const DI di;
    [[maybe_unused]] const auto at = hn::IndicesFromVec(df, hn::And(row, hn::Set(di, kLanes - 1)));
    vec<N, VF> out;
    for (int a = 0; a < N; ++a) {
        const float* column = kColumns[static_cast<std::size_t>(a)].data();
        hn::Vec<DF> v;
        int part = 1;
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
        if constexpr (kParts >= 2) {
            // AVX-512 permutes two vectors' 32 rows at once (vpermt2ps).
            v = hn::Vec<DF>{_mm512_permutex2var_ps(hn::LoadU(df, column).raw, row.raw, hn::LoadU(df, column + kLanes).raw)};
            part = 2;
        } else {
            v = hn::TableLookupLanes(hn::LoadU(df, column), at);
        }
#else
        v = hn::TableLookupLanes(hn::LoadU(df, column), at);
#endif
        for (; part < kParts; ++part) {
            const auto mask = hn::RebindMask(df, row > hn::Set(di, part * kLanes - 1));
            v = hn::IfThenElse(mask, hn::TableLookupLanes(hn::LoadU(df, column + part * kLanes), at), v);
        }
        out[a] = VF(v);
    }
    return out;
}

// Row hash % K of OpenSimplex2's K gradient rows for hashes in [0, 256)
// (mirror/opensimplex2.hpp's gln_os2_grad2/3): the quotient by a multiply and a shift, the
// row permuted out of registers (gln_permuted_row); where the rows are more than three
// vectors, the repeated rows gathered. The rows are the same.
template <int N, std::size_t K, const std::array<vec<N, float>, K>& kRows, const std::array<vec<N, float>, 256>& kRepeated>
vec<N, VF> gln_os2_grad(VI hash) {
    if constexpr (!kPermutes<K>) {
        return gln_row(kRepeated, hash);
    } else {
        // hash * kInverse >> 16 is hash / K for every hash below 256.
        constexpr int kInverse = 65536 / static_cast<int>(K) + 1;
        static_assert(256 * (kInverse * static_cast<int>(K) - 65536) < 65536, "the quotient holds below 256");
        const DI di;
        const auto quotient = hn::ShiftRight<16>(hn::Mul(hash.v, hn::Set(di, kInverse)));
        return gln_permuted_row<N, K, float, kRows>(hn::Sub(hash.v, hn::Mul(quotient, hn::Set(di, static_cast<int>(K)))));
    }
}
inline vec<2, VF> gln_os2_grad2(VI hash) { return gln_os2_grad<2, 24, GLN_OS2_GRAD2, GLN_OS2_GRAD2_ROWS>(hash); }
inline vec<3, VF> gln_os2_grad3(VI hash) { return gln_os2_grad<3, 48, GLN_OS2_GRAD3, GLN_OS2_GRAD3_ROWS>(hash); }
// GLN_GRAD3[hash & 15] (mirror/lattice.hpp's gln_grad3_row): permuted where its 16 rows
// are at most three vectors (AVX-512 and AVX2), else gathered.
inline vec<3, VF> gln_grad3_row(VI hash) {
    if constexpr (kPermutes<16>) {
        return gln_permuted_row<3, 16, int, GLN_GRAD3>((hash & 15).v);
    } else {
        const vec<3, VI> g = gln_row(GLN_GRAD3, hash & 15);
        return vec<3, VF>(VF(g.x), VF(g.y), VF(g.z));
    }
}

// The three hashes of a 2D triangle (mirror/simplex.hpp's gln_triangle_hashes, and
// OpenSimplex2's, the same) from the table's plane where there is one: one read of the
// corner's packed four (one scalar read where every lane's corner is the same), the step's
// vertex (x + 1, y) or (x, y + 1) chosen by the step. The same hashes as the table's six reads.
inline GlnCorners3<VI> gln_triangle_hashes(const simd::LaneTable& t, vec<2, VI> c, vec<2, VI> step) {
    if (t.plane == nullptr) return gln_triangle_hashes(t.P, c, step);
    const DI di;
    const auto byte = hn::Set(di, 255);
    const auto at = hn::Or(hn::ShiftLeft<8>(hn::And(c.y.v, byte)), hn::And(c.x.v, byte));
    const int first = hn::GetLane(at);
    const auto* plane = reinterpret_cast<const std::int32_t*>(t.plane);
    const auto q = hn::AllTrue(di, at == hn::Set(di, first)) ? hn::Set(di, plane[first]) : hn::GatherIndex(di, plane, at);
    const auto alongX = hn::And(hn::ShiftRight<8>(q), byte);
    const auto alongY = hn::And(hn::ShiftRight<16>(q), byte);
    const auto far = hn::And(hn::ShiftRight<24>(q), byte);  // arithmetic shift: masked
    return {VI(hn::And(q, byte)), VI(hn::IfThenElse(step.x.v == hn::Set(di, 1), alongX, alongY)), VI(far)};
}
inline GlnCorners3<VI> gln_os2_corners2(const simd::LaneTable& t, vec<2, VI> c, vec<2, VI> step) {
    return gln_triangle_hashes(t, c, step);
}

}  // namespace HWY_NAMESPACE

template <>
struct Lane<HWY_NAMESPACE::VF> {
    using Int = HWY_NAMESPACE::VI;
    using Mask = HWY_NAMESPACE::VM;
    using Scalar = float;
};

namespace HWY_NAMESPACE {

// A graph's basis or white-noise leaf (graph/twin.hpp's gln_g_basis) for the bases of
// one family, each defined in its family's file (core/simd_family.hpp) so that the families
// compile in parallel; core/simd_graph.cpp calls them.
// gradient: false when only the value (.x) is wanted, so that the gradient is not computed.
#define GLNOISE_SIMD_GRAPH_LEAF(name)                                                                                  \
    vec4<VF> name(const simd::LaneTable& P, int basis, int curve, int dims, const GlnCellShape<VF>& cell, bool world, bool white, \
                  const GlnFrame<float>& o, vec4<VF> l, bool gradient)
GLNOISE_SIMD_GRAPH_LEAF(GraphLatticeLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphSimplexLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphOpenSimplexLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphCellularLeaf);
GLNOISE_SIMD_GRAPH_LEAF(GraphPsrdnoiseLeaf);
// A graph's fractal whose source is one basis leaf of one family's bases, no node driving
// its numbers, its value alone wanted (graph/twin.hpp's GraphCalls::kFusesFractals):
// graph/moves.hpp's Fractal twin with the leaf inlined, one call for every octave, in its
// family's file. frames: the leaf's first octave's; q: the fractal's parameters.
#define GLNOISE_SIMD_GRAPH_FRACTAL(name)                                                                            \
    vec4<VF> name(const simd::LaneTable& P, int basis, int curve, int dims, const GlnCellShape<VF>& cell, bool world, \
                  const GlnFrame<float>* frames, const float* q, const std::array<int, 6>& ints, vec4<VF> l)
GLNOISE_SIMD_GRAPH_FRACTAL(GraphLatticeFractal);
GLNOISE_SIMD_GRAPH_FRACTAL(GraphSimplexFractal);
GLNOISE_SIMD_GRAPH_FRACTAL(GraphOpenSimplexFractal);
GLNOISE_SIMD_GRAPH_FRACTAL(GraphCellularFractal);
GLNOISE_SIMD_GRAPH_FRACTAL(GraphPsrdnoiseFractal);
// A graph's row fractal f (simd::RowFractal) for pieces of a row (sy and sz its offsets
// from the anchor along y and z; each piece's frames the leaf's first octave's): its
// values as GraphEval computes them, into each piece's out, count of them or, padded,
// count rounded up to Lanes; in the lattice family's column rows
// (core/simd_lattice_rows.cpp). fresh: the first row of a band (its tables are emptied,
// as its table may be another at the same address).
void GraphLatticeRow(const Permutation& P, bool world, const simd::RowFractal& f, const float* params,
                     const simd::RowPiece* pieces, int n, float sy, float sz, bool fresh, bool padded);
// A cellular lookup's vector to its nearest feature point (graph/twin.hpp's
// gln_g_nearest), in cellular noise's file.
vec4<VF> GraphCellularNearest(const Permutation& P, int dims, const GlnCellShape<VF>& cell, bool world, const GlnFrame<float>& o,
                              vec4<VF> l);

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#endif  // GLNOISE_SIMD_LANES_TOGGLE
