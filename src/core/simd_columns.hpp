// SPDX-License-Identifier: MIT
// The SIMD CPU backend's fast path for the common case, included by core/simd_lattice_rows.cpp
// once per Highway target (hence the toggle): rows of a lattice basis (perlin, classic, value,
// perlin-value) in 2D or 3D whose octaves are neither warped nor turned and whose output is
// the value alone, and a graph's fractals of that kind, made from each octave's lattice
// columns along a row. Internal.
#if defined(GLNOISE_SIMD_COLUMNS_TOGGLE) == defined(HWY_TARGET_TOGGLE)
#ifdef GLNOISE_SIMD_COLUMNS_TOGGLE
#undef GLNOISE_SIMD_COLUMNS_TOGGLE
#else
#define GLNOISE_SIMD_COLUMNS_TOGGLE
#endif

#include "core/simd_lanes.hpp"

HWY_BEFORE_NAMESPACE();
namespace glnoise::cpu {
namespace HWY_NAMESPACE {

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
// A graph's fractal over a lattice leaf, in its first scope, runs the same kernel
// (LatticePieces), its point as its twin computes it (core/simd_lattice_rows.cpp's
// GraphLatticeRow).

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

// Whether x is a power of two (2^k for an integer k, normal or not).
inline bool gln_power_of_two(float x) {
    int e = 0;
    return x > 0.0f && std::isfinite(x) && std::frexp(x, &e) == 0.5f;
}

// An octave of a piece of a row (LatticePieces): the parts of its point p = o.frac + f (lac
// s) at an offset s from the anchor, o its frame (a spec's octave: f its scale, lac 1, so
// f s; a graph's, as graph/moves.hpp's Fractal and graph/twin.hpp's gln_g_basis make it, f
// (lac s) held to gln_g_bound's bounds), and its amplitude.
struct ColumnOctave {
    float f;
    float lac;
    float amplitude;
};

// Pieces of a row (sy and sz its offsets from the anchor along y and z) through lattice
// basis kBasis's columns in kDims dimensions: each piece's octaves (`octaves` of them)
// added into its sums in gln_sum's order by fractal type `fractal` (signal: a ridged
// sum's; simd::RowFractal::kPlainLeaf: one octave's value as it is), the sums times
// `factor` into out. Vectors of Lanes texels at a time, the lanes
// past count repeating the last texel; padded: out holds count rounded up to Lanes, and
// the last vector is stored whole. params: a graph's fractal's (graph/moves.hpp's
// Fractal's), its octave i's lacunarity power and amplitude params[4 + 2 i] and params[3 +
// 2 i]; nullptr: a spec's, octave i's amplitude its frame's scale.y, its lacunarity power
// 1 (so that f (1 s) is f s). columns: the caller's, one per octave. A row's pieces in one
// call, so that a row of one octave costs one call, not one per anchor; one copy for a
// spec and a graph.
template <int kBasis, int kDims>
HWY_ATTR HWY_NOINLINE __attribute__((flatten)) void LatticePieces(
    const Permutation& P, int curve, bool worldHash, int octaves, int fractal, float ridgeOffset, float ridgeGain,
    const float* params, float factor, std::vector<LatticeColumns>& columns, const simd::RowPiece* pieces, int n, float sy,
    float sz, bool padded) {
    constexpr int kKind = gln_basis_kind(kBasis);
    constexpr bool kHeights = (kKind & GLN_HEIGHTS) != 0;
    constexpr int kCorners = kDims == 2 ? 2 : 4;  // per column
    using LC = LatticeColumns;
    const DF df;
    const DI di;
    const int lanes = static_cast<int>(hn::Lanes(df));
    const bool ridged = fractal == GLN_RIDGED;
    const bool plain = fractal == simd::RowFractal::kPlainLeaf;  // the value itself, no sum
    const bool graph = params != nullptr;
    const VF iota = VF(hn::Iota(df, 0.0f));
    // The twin's order of the corners: in 3D gln_lattice3_hashes' (corner q of the left
    // column, then of the right, q = y + 2 z); in 2D gln_lattice2_hashes' (top right, top
    // left, bottom right, bottom left).
    const auto twinIndex = [](int q, int right) { return kDims == 2 ? 2 * (1 - q) + (1 - right) : 2 * q + right; };
    HWY_ALIGN float sum[kAnchor + kMaxLanes];
    HWY_ALIGN float signal[kAnchor + kMaxLanes];
    HWY_ALIGN float offsets[kAnchor + 2 * kMaxLanes];
    for (int which = 0; which < n; ++which) {
        const simd::RowPiece& piece = pieces[which];
        const int s0 = piece.s0, count = piece.count;
        const VF last = VF(static_cast<float>(s0 + count - 1));
        for (int i = 0; i < octaves; ++i) {
            const GlnFrame<float>& o = piece.frames[i];
            const ColumnOctave c{o.scale.x, graph ? params[4 + 2 * i] : 1.0f, graph ? params[3 + 2 * i] : o.scale.y};
            // The bounds hold no offset of a piece (s below kAnchor, and |f (lac s)| grows with
            // s) unless f lac is huge: then each is held to them, else none needs to be.
            const bool hold = graph && !(std::fabs(c.f * (c.lac * static_cast<float>(kAnchor))) <= 16777216.0f);
            const float scale = c.f * c.lac;  // the cells per texel
            // Where lac is a normal power of two (lac s exact for every s, below kAnchor) and f
            // lac a normal float (exact), f (lac s) is (f lac) s, each the exact product
            // rounded once: a spec's octave (lac 1) and most of a graph's, whose lanes take f
            // lac times s. Else each texel's offset is made apart, into `offsets`.
            const bool scaled = !hold && (c.lac == 1.0f || (gln_power_of_two(c.lac) && std::isnormal(c.lac) &&
                                                            std::isfinite(c.lac * static_cast<float>(kAnchor)) &&
                                                            std::isnormal(scale)));
            // The point's offset from the frame along an axis, for an offset s from the anchor.
            const auto along = [&](float s) {
                if (scaled) return scale * s;
                return hold ? gln_g_bound(c.f * (c.lac * s)) : c.f * (c.lac * s);
            };
            // The row's y and z in this octave (gln_octave's p, gln_lattice2/3's floor).
            const float py = o.frac.y + along(sy);
            const float fy = std::floor(py);
            const float yf = py - fy;
            const int cy = o.cell.y + static_cast<int>(fy);
            float pz = o.frac.z;
            float zf = 0.0f;
            int cz = 0;
            if constexpr (kDims == 3) {
                pz = o.frac.z + along(sz);
                const float fz = std::floor(pz);
                zf = pz - fz;
                cz = o.cell.z + static_cast<int>(fz);
            }
            const ivec3 period(o.period.x, o.period.y, kDims == 3 ? o.period.z : 0);
            const ivec3 world = worldHash ? ivec3(o.block.x, o.block.y, kDims == 3 ? o.block.z : 0) : ivec3(-1, -1, -1);
            // The texels' values at px by gln_lattice2/3's own reads.
            const auto direct = [&](VF px) {
                if constexpr (kDims == 2)
                    return gln_lattice2(P, ivec2(o.cell.x, o.cell.y), vec2<VF>(px, VF(py)), ivec2(period.x, period.y), curve,
                                        kKind, ivec2(world.x, world.y)).x;
                else
                    return gln_lattice3(P, ivec3(o.cell.x, o.cell.y, o.cell.z), vec3<VF>(px, VF(py), VF(pz)), period, curve,
                                        kKind, world).x;
            };
            const VF amplitude = VF(c.amplitude);
            // gln_sum's step on the sums of texels k.. (their gradients are not wanted).
            const auto add = [&](int k, VF n) {
                if (plain) {
                    hn::Store(n.v, df, sum + k);
                    return;
                }
                vec4<VF> total(i == 0 ? VF(0) : VF(hn::Load(df, sum + k)), VF(0), VF(0), VF(0));
                vec4<VF> sig(i == 0 || !ridged ? VF(0) : VF(hn::Load(df, signal + k)), VF(0), VF(0), VF(0));
                gln_fractal_step(fractal, i, vec4<VF>(n, VF(0), VF(0), VF(0)), amplitude, VF(ridgeOffset), VF(ridgeGain), total,
                                 sig);
                hn::Store(total.x.v, df, sum + k);
                if (ridged) hn::Store(sig.x.v, df, signal + k);
            };
            if (!scaled) {
                // Each texel's offset as the twin makes it (the last repeated past count), and
                // its value by the lattice's own reads: a graph's octave of another lacunarity.
                for (int k = 0; k < count + lanes; ++k) offsets[k] = along(static_cast<float>(s0 + std::min(k, count - 1)));
                for (int k = 0; k < count; k += lanes) add(k, direct(VF(o.frac.x) + VF(hn::Load(df, offsets + k))));
                continue;
            }
            // The piece's first and last columns, as its first and last lanes find them.
            const int cFirst = o.cell.x + static_cast<int>(std::floor(o.frac.x + along(static_cast<float>(s0))));
            const int cLast = o.cell.x + static_cast<int>(std::floor(o.frac.x + along(static_cast<float>(s0 + count - 1))));
            // The tables serve where a vector spans at most a cell per lane, and x >= 0 (x grows
            // with s: f and lac are positive).
            const bool tables = c.f > 0.0f && c.lac > 0.0f && scale <= 1.0f && o.frac.x >= 0.0f && o.cell.x >= 0 &&
                                cLast < LC::kMaxColumns;
            LatticeColumns& cols = columns[static_cast<std::size_t>(i)];
            if (tables) {
                cols.hold(kDims, P, cy, cz, period, world, yf, zf);
                cols.fill<kDims, kHeights>(cFirst, cLast + 1, scale * static_cast<float>(lanes) > 1.0f);
            }
            const VF vfrac = VF(o.frac.x), vscale = VF(scale), vy = VF(yf), vz = VF(zf);
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
                // With the tables the lanes' x grow with their s (IEEE multiplies and adds are
                // monotonic, and so are floor and the bound), so the first lane's cell is the
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
                                CornerParts<int>& k4 = cell[static_cast<std::size_t>(twinIndex(q, right))];
                                k4.f = VF(*field(right != 0 ? LC::kRightF : LC::kLeftF, q, at));
                                k4.c = VF(*field(LC::kC, q, at));
                                if constexpr (kHeights) k4.h = VF(*field(LC::kH, q, at));
                                k4.hash = static_cast<int>(static_cast<std::uint32_t>(packedOf[at]) >> (8 * q) & 255u);
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
                            CornerParts<VI>& k4 = lane[static_cast<std::size_t>(twinIndex(q, right))];
                            k4.f = lookup(field(right != 0 ? LC::kRightF : LC::kLeftF, q, c0 + right));
                            k4.c = lookup(field(LC::kC, q, c0 + right));
                            if constexpr (kHeights) k4.h = lookup(field(LC::kH, q, c0 + right));
                            const VI packed = VI(hn::TableLookupLanes(hn::LoadU(di, packedOf + c0 + right), atInt));
                            k4.hash = VI(hn::And(hn::ShiftRightSame(packed.v, 8 * q), hn::Set(di, 255)));
                        }
                    if constexpr (kDims == 2) n = gln_lattice2_corners(lane, fx, vy, curve, kKind).x;
                    else n = gln_lattice3_corners(lane, fx, vy, vz, curve, kKind).x;
                } else {
                    n = direct(px);
                }
                add(k, n);
            }
        }
        // The sums times the factor (gln_sample's inverse divisor, or normalize's).
        const VF scaled = VF(factor);
        int k = 0;
        for (; k + lanes <= count; k += lanes) hn::StoreU((VF(hn::Load(df, sum + k)) * scaled).v, df, piece.out + k);
        if (padded && k < count) hn::StoreU((VF(hn::Load(df, sum + k)) * scaled).v, df, piece.out + k);
        else
            for (; k < count; ++k) piece.out[k] = sum[k] * factor;
    }
}

// Rows of a lattice basis (perlin, classic, value, perlin-value) in 2D or 3D whose octaves
// are neither warped nor turned and whose output is the value alone, in kDims dimensions
// (simd::latticeColumnsApply): each row's pieces, one per anchor, by LatticePieces.
template <int kBasis, int kDims>
HWY_ATTR __attribute__((flatten)) void LatticeRows(const simd::Job& j, int firstRow, int endRow) {
    const SampleParams<float>& u = *j.params;
    const int curve = gln_basis_curve(kBasis, u.curve);
    const int octaves = u.octaveCount;
    std::vector<LatticeColumns>& columns = gln_lattice_columns();
    if (columns.size() < static_cast<std::size_t>(octaves)) columns.resize(static_cast<std::size_t>(octaves));
    for (LatticeColumns& c : columns) c.clear();
    std::vector<simd::RowPiece> pieces;
    float sy = 0.0f, sz = 0.0f;
    for (int r = firstRow; r < endRow; ++r) {
        simd::rowPieces(j.grid, j.layout, r, j.frames, u.framesPerPoint, 0, j.out, pieces, sy, sz);
        LatticePieces<kBasis, kDims>(*j.table, curve, u.world != 0, octaves, u.fractal, u.ridgeOffset, u.ridgeGain, nullptr,
                                     u.inverseDivisor, columns, pieces.data(), static_cast<int>(pieces.size()), sy, sz,
                                     false);
    }
}

// Rows of one lattice basis through its columns, in 2D or 3D (simd::latticeColumnsApply).
template <int kBasis>
void ColumnRowsOf(const simd::Job& j, int firstRow, int endRow) {
    if (j.params->dims == 2) LatticeRows<kBasis, 2>(j, firstRow, endRow);
    else LatticeRows<kBasis, 3>(j, firstRow, endRow);
}

}  // namespace HWY_NAMESPACE
}  // namespace glnoise::cpu
HWY_AFTER_NAMESPACE();

#endif  // GLNOISE_SIMD_COLUMNS_TOGGLE
