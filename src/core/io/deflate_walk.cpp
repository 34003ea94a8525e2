// SPDX-License-Identifier: MIT
// detail::DeflateWalker: a raw deflate stream's blocks read code by code (RFC 1951), to find
// where its final block starts and ends without inflating it.
#include <cstring>

#include "core/io/internal.hpp"

namespace glnoise::io::detail {

namespace {

// RFC 1951, 3.2.5: lengths 257..285 and distances 0..29, their bases and extra bits.
constexpr std::uint16_t kLengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                           31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::uint8_t kLengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::uint32_t kDistanceBase[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                             193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::uint8_t kDistanceExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
// The order of the code length code's lengths (3.2.7).
constexpr std::uint8_t kCodeLengthOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

constexpr unsigned kMaxCodeBits = 15;

unsigned reversed(unsigned code, unsigned bits) {
    unsigned r = 0;
    for (unsigned i = 0; i < bits; ++i, code >>= 1) r = (r << 1) | (code & 1);
    return r;
}

}  // namespace

DeflateWalker::DeflateWalker() {
    for (unsigned s = 0; s < 256; ++s) literalKinds_[s] = kLiteral;
    literalKinds_[256] = kEnd;
    for (unsigned s = 257; s < 286; ++s) {
        const std::uint32_t extra = kLengthExtra[s - 257];
        literalKinds_[s] = kLengthBase[s - 257] | extra << 24 | extra << 16;
    }
    literalKinds_[286] = literalKinds_[287] = kBad;
    for (unsigned s = 0; s < 30; ++s) distanceKinds_[s] = s | std::uint32_t{kDistanceExtra[s]} << 24 | std::uint32_t{kDistanceExtra[s]} << 16;
    distanceKinds_[30] = distanceKinds_[31] = kBad;
}

// One canonical code's table: 2^bits entries read by the next `bits` bits of the stream;
// where longer codes share them, an entry points to a table of 2^(15 - bits) more. An
// entry is the symbol's kind plus its code's length in bits 16..20 (so that a length's
// or distance's extra bits, already there, add to it); kBad where no code is. False when
// the lengths make more codes than there is room for, or leave room zlib refuses.
bool DeflateWalker::build(const std::uint8_t* lengths, const std::uint32_t* kinds, unsigned count, bool whole,
                          unsigned bits, std::uint32_t* table, std::size_t capacity) {
    unsigned perLength[kMaxCodeBits + 1] = {};
    for (unsigned s = 0; s < count; ++s) ++perLength[lengths[s]];
    perLength[0] = 0;
    unsigned longest = 0;
    long room = 1;
    for (unsigned l = 1; l <= kMaxCodeBits; ++l) {
        room = 2 * room - perLength[l];
        if (room < 0) return false;
        if (perLength[l]) longest = l;
    }
    // As zlib: a code may leave room only when it is one code of one bit, or none at all
    // (a block without distances); a `whole` one (the code lengths' code) never.
    if (room > 0 && longest > 0 && (whole || longest != 1)) return false;
    unsigned next[kMaxCodeBits + 1] = {};
    for (unsigned l = 1, code = 0; l <= kMaxCodeBits; ++l) {
        code = (code + perLength[l - 1]) << 1;
        next[l] = code;
    }
    const std::size_t primary = std::size_t{1} << bits;
    const std::size_t subSize = std::size_t{1} << (kMaxCodeBits - bits);
    for (std::size_t i = 0; i < primary; ++i) table[i] = kBad;
    std::size_t used = primary;
    for (unsigned s = 0; s < count; ++s) {
        const unsigned length = lengths[s];
        if (!length) continue;
        const unsigned code = reversed(next[length]++, length);
        const std::uint32_t entry = kinds[s] == kBad ? kBad : kinds[s] + (length << 16);
        if (length <= bits) {
            for (std::size_t i = code; i < primary; i += std::size_t{1} << length) table[i] = entry;
            continue;
        }
        std::uint32_t& link = table[code & (primary - 1)];
        if (link == kBad) {
            if (used + subSize > capacity) return false;
            link = kLink | static_cast<std::uint32_t>(used);
            for (std::size_t i = 0; i < subSize; ++i) table[used + i] = kBad;
            used += subSize;
        }
        std::uint32_t* sub = table + (link & 0xffff);
        for (std::size_t i = code >> bits; i < subSize; i += std::size_t{1} << (length - bits)) sub[i] = entry;
    }
    return true;
}

bool DeflateWalker::walk(const std::uint8_t* in, std::size_t size, DeflateEnds& ends) {
    // The next bits, first in bit 0; `have` of them are the stream's, read from in[0, pos),
    // and `past` zero bits stand for what is past its end.
    std::uint64_t bits = 0;
    unsigned have = 0;
    std::size_t pos = 0, past = 0;
    const auto refill = [&]() -> bool {  // at least 56 bits, or false well past the end
        if (pos + 8 <= size) {
            std::uint64_t word;
            std::memcpy(&word, in + pos, 8);
            bits |= word << have;  // (a little-endian host, as the PNG writer assumes too)
            pos += (63 - have) >> 3;
            have |= 56;
            return true;
        }
        while (have <= 56 && pos < size) {
            bits |= std::uint64_t{in[pos++]} << have;
            have += 8;
        }
        if (have <= 56) {
            if (past > 64) return false;
            past += 64 - have;
            have = 64;
        }
        return true;
    };
    const auto at = [&] { return pos * 8 + past - have; };
    const auto take = [&](unsigned n) {
        const auto v = static_cast<unsigned>(bits & ((std::uint64_t{1} << n) - 1));
        bits >>= n;
        have -= n;
        return v;
    };
    const auto skip = [&](unsigned n) {
        bits >>= n;
        have -= n;
    };
    constexpr std::uint64_t kLiteralMask = (1u << kLiteralBits) - 1;
    constexpr std::uint64_t kDistanceMask = (1u << kDistanceBits) - 1;
    std::size_t inflated = 0;
    for (;;) {
        if (!refill()) return false;
        const std::size_t header = at();
        const unsigned final = take(1);
        const unsigned type = take(2);
        if (type == 3) return false;
        if (type == 0) {  // stored: LEN and its complement on the next byte boundary, then LEN bytes
            const std::size_t byte = (at() + 7) / 8;
            if (byte > size || size - byte < 4) return false;
            const unsigned length = in[byte] | unsigned{in[byte + 1]} << 8;
            if ((length ^ 0xffffu) != (in[byte + 2] | unsigned{in[byte + 3]} << 8) || size - byte - 4 < length) return false;
            inflated += length;
            pos = byte + 4 + length;
            bits = 0;
            have = 0;
            past = 0;
        } else {
            std::uint8_t lengths[288 + 32] = {};  // the literal/length code's, then the distance code's
            if (type == 1) {                      // the fixed codes (3.2.6)
                std::memset(lengths, 8, 144);
                std::memset(lengths + 144, 9, 112);
                std::memset(lengths + 256, 7, 24);
                std::memset(lengths + 280, 8, 8);
                std::memset(lengths + 288, 5, 32);
            } else {  // dynamic: the codes' lengths, themselves coded (3.2.7)
                const unsigned literals = take(5) + 257;
                const unsigned distances = take(5) + 1;
                const unsigned codeLengths = take(4) + 4;
                if (literals > 286 || distances > 30) return false;
                std::uint8_t codeLengthLengths[19] = {};
                for (unsigned i = 0; i < codeLengths; ++i) {
                    if (!refill()) return false;
                    codeLengthLengths[kCodeLengthOrder[i]] = static_cast<std::uint8_t>(take(3));
                }
                if (!build(codeLengthLengths, kCodeLengthKinds, 19, true, 7, codeLength_, sizeof codeLength_ / sizeof codeLength_[0]))
                    return false;
                std::uint8_t read[288 + 32] = {};
                const unsigned total = literals + distances;
                for (unsigned i = 0; i < total;) {
                    if (!refill()) return false;
                    const std::uint32_t e = codeLength_[bits & 127];
                    if (e & (kBad | kLink)) return false;
                    skip((e >> 16) & 31);
                    const unsigned s = e & 0xffff;
                    if (s < 16) {
                        read[i++] = static_cast<std::uint8_t>(s);
                        continue;
                    }
                    std::uint8_t value = 0;
                    unsigned repeat;
                    if (s == 16) {
                        if (i == 0) return false;
                        value = read[i - 1];
                        repeat = 3 + take(2);
                    } else {
                        repeat = s == 17 ? 3 + take(3) : 11 + take(7);
                    }
                    if (repeat > total - i) return false;
                    for (; repeat; --repeat) read[i++] = value;
                }
                if (read[256] == 0) return false;  // a block needs its end
                std::memcpy(lengths, read, literals);
                std::memcpy(lengths + 288, read + literals, distances);
            }
            if (!build(lengths, literalKinds_, 288, false, kLiteralBits, literal_, sizeof literal_ / sizeof literal_[0]) ||
                !build(lengths + 288, distanceKinds_, 32, false, kDistanceBits, distance_, sizeof distance_ / sizeof distance_[0]))
                return false;
            // The codes, to the block's end. 56 bits hold a literal and the next (15 each), or
            // a length and its distance (15 + 5 + 15 + 13).
            for (;;) {
                if (!refill()) return false;
                std::uint32_t e = literal_[bits & kLiteralMask];
                if (e & kLink) e = literal_[(e & 0xffff) + ((bits >> kLiteralBits) & ((1u << (kMaxCodeBits - kLiteralBits)) - 1))];
                if (e & kLiteral) {
                    skip((e >> 16) & 31);
                    ++inflated;
                    const std::uint32_t e2 = literal_[bits & kLiteralMask];
                    if (e2 & kLiteral) {
                        skip((e2 >> 16) & 31);
                        ++inflated;
                    }
                    continue;
                }
                if (e & kBad) return false;
                const unsigned length = (e >> 16) & 31;
                if (e & kEnd) {
                    skip(length);
                    break;
                }
                const unsigned extra = (e >> 24) & 7;
                const unsigned matched = (e & 0xffff) + static_cast<unsigned>((bits >> (length - extra)) & ((1u << extra) - 1));
                skip(length);
                std::uint32_t d = distance_[bits & kDistanceMask];
                if (d & kLink) d = distance_[(d & 0xffff) + ((bits >> kDistanceBits) & ((1u << (kMaxCodeBits - kDistanceBits)) - 1))];
                if (d & kBad) return false;
                const unsigned dLength = (d >> 16) & 31, dExtra = (d >> 24) & 15;
                const std::size_t distance = kDistanceBase[d & 0xffff] + ((bits >> (dLength - dExtra)) & ((1u << dExtra) - 1));
                skip(dLength);
                if (distance > inflated) return false;  // before the stream's start
                inflated += matched;
            }
        }
        if (at() > size * 8) return false;
        if (final) {
            ends.finalBlockBit = header;
            ends.endBit = at();
            ends.inflatedBytes = inflated;
            return true;
        }
    }
}

}  // namespace glnoise::io::detail
