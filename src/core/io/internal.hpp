// SPDX-License-Identifier: MIT
// What the io files share inside the library: path helpers and each format's readers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "glnoise/io.hpp"

namespace glnoise::io::detail {

bool endsWith(const std::string& s, const std::string& suffix);
// "a/b/c.png" -> "a/b"; "c.png" -> "."; "/c.png" -> "/"
std::string parentDirectory(const std::string& path);
// "a/b/c.png" -> "c.png"
std::string baseName(const std::string& path);

// Every "glnoise" text chunk of a PNG (png.cpp), and the "glnoise" attribute of an
// OpenEXR file, "" when it has none (exr.cpp); ValidationError "from PATH: why".
std::vector<std::string> pngRecords(const std::string& path);
std::string exrRecord(const std::string& path);

// readWholeImage for each format.
ImageFacts readWholePng(const std::string& path, const SampleSink& sink);
ImageFacts readWholeExr(const std::string& path, const SampleSink& sink, const std::vector<std::string>& order);

// Where one raw deflate stream's final block starts and where it ends, in bits from the
// stream's first (bit 0 of byte 0), and how many bytes the stream inflates to.
struct DeflateEnds {
    std::size_t finalBlockBit = 0;
    std::size_t endBit = 0;
    std::size_t inflatedBytes = 0;
};

// Reads a raw deflate stream's blocks code by code (RFC 1951), without making what they
// inflate to: 1.5 to 3.3 times as fast as zlib's inflate on PNG pieces, which is what
// joining them needs. It refuses what zlib's inflate refuses: codes a block has no room for or
// leaves room in, codes it does not have, distances before the stream's start, stored
// lengths that do not match, blocks past the end.
class DeflateWalker {
public:
    DeflateWalker();
    // False when `in` is not one whole raw deflate stream, or its final block ends past
    // `size` bytes; it never reads past them.
    bool walk(const std::uint8_t* in, std::size_t size, DeflateEnds& ends);

private:
    static constexpr unsigned kLiteralBits = 11, kDistanceBits = 8;
    // Table entries: a symbol's kind (below, or a length's base, or a distance's symbol in
    // bits 0..15, with its extra bits in 24..27) and its code's length plus those extra
    // bits in 16..20; or a link to a second-level table.
    static constexpr std::uint32_t kLink = 1u << 31, kBad = 1u << 30, kLiteral = 1u << 29, kEnd = 1u << 28;
    static bool build(const std::uint8_t* lengths, const std::uint32_t* kinds, unsigned count, bool whole, unsigned bits,
                      std::uint32_t* table, std::size_t capacity);
    std::uint32_t literalKinds_[288] = {};
    std::uint32_t distanceKinds_[32] = {};
    // A code length code's symbol is its kind: 0..15 a length, 16..18 a repeat.
    static constexpr std::uint32_t kCodeLengthKinds[19] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};
    std::uint32_t literal_[(1u << kLiteralBits) + 288 * (1u << (15 - kLiteralBits))] = {};
    std::uint32_t distance_[(1u << kDistanceBits) + 32 * (1u << (15 - kDistanceBits))] = {};
    std::uint32_t codeLength_[1u << 7] = {};
};

// Deflates the pieces of one long deflate stream apart (libdeflate), so that they can be
// made on many threads and laid end to end. libdeflate ends whatever it deflates with a
// final block; in a piece that is not the last, that block's final bit is cleared and an
// empty stored block follows it on the next byte boundary, as a zlib sync flush ends (the
// walker finds that block, and checks the piece). No
// piece refers back into the one before it. The same bytes in give the same bytes out on
// every machine and thread count.
class PieceDeflater {
public:
    explicit PieceDeflater(int level);  // libdeflate's levels, 1 to 12
    ~PieceDeflater();
    PieceDeflater(const PieceDeflater&) = delete;
    PieceDeflater& operator=(const PieceDeflater&) = delete;

    // `size` bytes from `in` -> `out` (resized to fit). std::runtime_error if deflate or
    // the piece's check fails, which does not happen but on a fault.
    void deflate(const std::uint8_t* in, std::size_t size, bool last, std::vector<std::uint8_t>& out);
    // How many bits of its last byte the last piece's final block left unused, 0 to 7
    // (-1 after a last piece): what decides how the stored block follows.
    int spareBits() const { return spareBits_; }

private:
    void* compressor_ = nullptr;
    DeflateWalker walker_;
    int spareBits_ = -1;
};

// Deflates the pieces of one long deflate stream apart (ISA-L's igzip, its level 1), each
// primed with the 32 KiB of the stream before it, so that a piece refers back across its
// start as one stream would. Every piece but the last ends with a sync flush (an empty
// stored block on a byte boundary), so that the pieces laid end to end are one stream. The
// same bytes in (the piece and the 32 KiB before it) give the same bytes out on every
// thread count. igzip picks its code by the CPU: its SSE4.2, AVX and AVX2 forms of level 1
// make the same bytes (docs/performance.md); its C form, for CPUs without SSE4.2, hashes
// otherwise and makes other (as valid) bytes.
class PrimedDeflater {
public:
    PrimedDeflater();
    ~PrimedDeflater();
    PrimedDeflater(const PrimedDeflater&) = delete;
    PrimedDeflater& operator=(const PrimedDeflater&) = delete;

    // `size` bytes from `in` -> `out` (resized to fit), where the `history` bytes before
    // `in` are the stream's so far (the last 32 KiB of them are used). std::runtime_error
    // if igzip refuses, which does not happen but on a fault.
    void deflate(const std::uint8_t* in, std::size_t size, std::size_t history, bool last, std::vector<std::uint8_t>& out);

    // The bytes of the stream before a piece that deflate uses.
    static constexpr std::size_t kHistory = 32 * 1024;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace glnoise::io::detail
