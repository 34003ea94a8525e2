// SPDX-License-Identifier: MIT
#include "glnoise/io.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>
#include <zlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/ImfThreading.h>

#include <cmath>
#include <optional>
#include <set>

#include "core/io/internal.hpp"
#include "glnoise/error.hpp"

namespace glnoise::io {
namespace {

namespace fs = std::filesystem;

struct TempDir {
    fs::path path;
    TempDir() {
        char tmpl[] = "/tmp/glnoise-test-XXXXXX";
        path = ::mkdtemp(tmpl);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {})); }
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(Quantize, MapsTheRangeOntoZeroTo255) {
    const ValueRange r{-1.0, 1.0};
    EXPECT_EQ(quantize8(-1.0f, r), 0);
    EXPECT_EQ(quantize8(1.0f, r), 255);
    EXPECT_EQ(quantize8(0.0f, r), 128);  // 127.5 rounds half away from zero
    EXPECT_EQ(quantize8(-5.0f, r), 0);
    EXPECT_EQ(quantize8(5.0f, r), 255);
    EXPECT_EQ(quantize8(std::nanf(""), r), 0);
    EXPECT_EQ(quantize8(0.25f, ValueRange{0.0, 1.0}), 64);  // 63.75
}

TEST(Format, FromTheExtension) {
    EXPECT_EQ(formatForPath("a/b.png"), Format::Png);
    EXPECT_EQ(formatForPath("x.r32"), Format::RawF32);
    EXPECT_EQ(formatForPath("x.exr"), Format::Exr);
    EXPECT_EQ(formatForPath("x.r16"), Format::Raw16);
    EXPECT_EQ(formatForPath("x.raw"), Format::Raw16);
    try {
        formatForPath("noise.jpg");
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_STREQ(e.what(), "out noise.jpg: unknown file type; allowed: .png (8- or 16-bit), .exr (float32), .r16 or "
                               ".raw (16-bit raw + .json sidecar), .r32 (float32 raw + .json sidecar)");
    }
}

TEST(OutputFile, RefusesPathsItCannotWrite) {
    TempDir dir;
    try {
        OutputFile f(dir.file("missing/x.png"));
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_EQ(std::string(e.what()), "out " + dir.file("missing/x.png") + ": directory " + dir.file("missing") + " does not exist");
    }
    try {
        OutputFile f(dir.path.string());
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_EQ(std::string(e.what()), "out " + dir.path.string() + ": is a directory; give a file name");
    }
    EXPECT_THROW(OutputFile(""), ValidationError);
    EXPECT_EQ(dir.entries(), 0u);
}

TEST(OutputFile, UncommittedLeavesThePreviousFileIntact) {
    TempDir dir;
    const std::string path = dir.file("keep.png");
    { std::ofstream(path) << "previous"; }
    {
        OutputFile f(path);
        f.write("new bytes", 9);
        // no commit: as if the bake failed half way
    }
    EXPECT_EQ(slurp(path), "previous");
    EXPECT_EQ(dir.entries(), 1u);  // the temporary file is gone
    {
        OutputFile f(path);
        f.write("new bytes", 9);
        f.commit();
    }
    EXPECT_EQ(slurp(path), "new bytes");
    EXPECT_EQ(dir.entries(), 1u);
}

TEST(Writers, PngRoundTripsThroughStbImage) {
    TempDir dir;
    Image img(5, 3, 1);
    for (std::size_t i = 0; i < img.data.size(); ++i) img.data[i] = -1.0f + 2.0f * static_cast<float>(i) / 14.0f;
    OutputFile f(dir.file("a.png"));
    writePng8(img, {-1.0, 1.0}, f);
    f.commit();
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(dir.file("a.png").c_str(), &w, &h, &n, 0);
    ASSERT_NE(px, nullptr);
    EXPECT_EQ(w, 5);
    EXPECT_EQ(h, 3);
    EXPECT_EQ(n, 1);
    for (std::size_t i = 0; i < img.data.size(); ++i) EXPECT_EQ(px[i], quantize8(img.data[i], {-1.0, 1.0})) << i;
    EXPECT_EQ(px[0], 0);
    EXPECT_EQ(px[14], 255);
    stbi_image_free(px);
}

TEST(Writers, PngRefusesVolumes) {
    TempDir dir;
    OutputFile f(dir.file("v.png"));
    EXPECT_THROW(writePng8(Image(2, 2, 2), {-1, 1}, f), ValidationError);
}

TEST(Writers, RawIsLittleEndianFloat32WithASidecar) {
    TempDir dir;
    Image img(2, 1, 2);
    img.data = {1.0f, -2.5f, 0.125f, 3.0f};
    OutputFile f(dir.file("v.r32"));
    writeRawF32(img, f);
    f.commit();
    const std::string bytes = slurp(dir.file("v.r32"));
    ASSERT_EQ(bytes.size(), 16u);
    // -2.5f is 0xC0200000: little-endian bytes 00 00 20 C0
    EXPECT_EQ(static_cast<unsigned char>(bytes[4]), 0x00);
    EXPECT_EQ(static_cast<unsigned char>(bytes[6]), 0x20);
    EXPECT_EQ(static_cast<unsigned char>(bytes[7]), 0xC0);

    EXPECT_TRUE(nlohmann::json::parse(specJson(NoiseSpec{}))["seed"].is_null());
}

TEST(Quantize, MapsTheRangeOntoZeroTo65535) {
    const ValueRange r{-1.0, 1.0};
    EXPECT_EQ(quantize16(-1.0f, r), 0);
    EXPECT_EQ(quantize16(1.0f, r), 65535);
    EXPECT_EQ(quantize16(0.0f, r), 32768);  // 32767.5
    EXPECT_EQ(quantize16(-3.0f, r), 0);
    EXPECT_EQ(quantize16(std::nanf(""), r), 0);
    EXPECT_EQ(quantize16(0.5f, ValueRange{0.0, 2.0}), 16384);  // 16383.75
}

TEST(Writers, Png16RoundTripsThroughStbImageWithItsRecord) {
    TempDir dir;
    const int w = 300, h = 7;
    std::vector<std::uint16_t> px(static_cast<std::size_t>(w * h));
    for (std::size_t i = 0; i < px.size(); ++i) px[i] = static_cast<std::uint16_t>(i * 211u + 7u);
    OutputFile f(dir.file("h.png"));
    auto png = openPng(f, PngLayout{w, h, 1, 16, "{\"hello\": 1}"});
    png->writeRows(px.data(), 3);  // in two bands, as a streamed bake writes
    png->writeRows(px.data() + 3 * w, h - 3);
    png->finish();
    f.commit();
    int rw = 0, rh = 0, n = 0;
    stbi_us* back = stbi_load_16(dir.file("h.png").c_str(), &rw, &rh, &n, 0);
    ASSERT_NE(back, nullptr);
    EXPECT_EQ(rw, w);
    EXPECT_EQ(rh, h);
    EXPECT_EQ(n, 1);
    EXPECT_EQ(std::memcmp(back, px.data(), px.size() * 2), 0);
    stbi_image_free(back);
    EXPECT_EQ(readRecord(dir.file("h.png")), "{\"hello\": 1}");
}

// A PNG's chunks, walked by their lengths: each one's type, with its CRC checked.
std::vector<std::string> pngChunks(const std::string& bytes) {
    std::vector<std::string> types;
    std::size_t at = 8;
    auto be32 = [&](std::size_t i) {
        return std::uint32_t{static_cast<unsigned char>(bytes[i])} << 24 |
               std::uint32_t{static_cast<unsigned char>(bytes[i + 1])} << 16 |
               std::uint32_t{static_cast<unsigned char>(bytes[i + 2])} << 8 | static_cast<unsigned char>(bytes[i + 3]);
    };
    while (at + 12 <= bytes.size()) {
        const std::uint32_t length = be32(at);
        const std::string type = bytes.substr(at + 4, 4);
        const uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(bytes.data() + at + 4), length + 4);
        EXPECT_EQ(crc, be32(at + 8 + length)) << "chunk " << type << " at byte " << at;
        types.push_back(type);
        at += 12 + length;
    }
    EXPECT_EQ(at, bytes.size());
    return types;
}

// Large enough for many deflated pieces and batches: the pixels come back through
// stb_image's own inflate and libspng's (which checks the Adler-32), and the bytes are
// the same whatever the thread count and however the rows are handed over.
TEST(Writers, PngPiecesMakeOneStreamWhateverTheThreads) {
    TempDir dir;
    for (const int bits : {8, 16}) {
        const int w = 1000, h = 701, channels = bits == 8 ? 3 : 4;
        const std::size_t rowSamples = static_cast<std::size_t>(w * channels);
        std::vector<std::uint16_t> px16(rowSamples * h);
        std::vector<std::uint8_t> px8(rowSamples * h);
        std::uint32_t state = 12345;
        for (std::size_t i = 0; i < px16.size(); ++i) {
            state = state * 1664525u + 1013904223u;
            // Smooth along rows and columns, plus noise in the low bits: matches and misses.
            const std::size_t x = i % rowSamples, y = i / rowSamples;
            px16[i] = static_cast<std::uint16_t>(x * 37 + y * 91 + (state >> 28));
            px8[i] = static_cast<std::uint8_t>(px16[i] >> (x % 3 == 0 ? 2 : 8));
        }
        const void* pixels = bits == 8 ? static_cast<const void*>(px8.data()) : px16.data();
        const std::size_t rowBytes = rowSamples * static_cast<std::size_t>(bits / 8);
        std::string first;
        for (const unsigned threads : {1u, 2u, 3u, 8u}) {
            for (const int split : {h, 1, 250}) {
                const std::string name = dir.file("p" + std::to_string(threads) + "_" + std::to_string(split) + ".png");
                OutputFile f(name);
                auto png = openPng(f, PngLayout{w, h, channels, bits, "{}", threads});
                for (int y = 0; y < h; y += split)
                    png->writeRows(static_cast<const std::uint8_t*>(pixels) + static_cast<std::size_t>(y) * rowBytes,
                                   std::min(split, h - y));
                png->finish();
                f.commit();
                const std::string bytes = slurp(name);
                if (first.empty()) {
                    first = bytes;
                    const std::vector<std::string> types = pngChunks(bytes);
                    ASSERT_GE(types.size(), 5u);
                    EXPECT_EQ(types.front(), "IHDR");
                    EXPECT_EQ(types[1], "tEXt");
                    EXPECT_EQ(types.back(), "IEND");
                    EXPECT_GT(std::count(types.begin(), types.end(), "IDAT"), 4) << "one piece only: nothing tested";
                    const ImageFacts facts = readWholeImage(name);  // libspng, Adler-32 checked
                    EXPECT_EQ(facts.bits, bits);
                    int rw = 0, rh = 0, n = 0;
                    if (bits == 8) {
                        stbi_uc* back = stbi_load(name.c_str(), &rw, &rh, &n, 0);
                        ASSERT_NE(back, nullptr);
                        EXPECT_EQ(std::memcmp(back, px8.data(), px8.size()), 0);
                        stbi_image_free(back);
                    } else {
                        stbi_us* back = stbi_load_16(name.c_str(), &rw, &rh, &n, 0);
                        ASSERT_NE(back, nullptr);
                        EXPECT_EQ(std::memcmp(back, px16.data(), px16.size() * 2), 0);
                        stbi_image_free(back);
                    }
                    EXPECT_EQ(rw, w);
                    EXPECT_EQ(rh, h);
                    EXPECT_EQ(n, channels);
                } else {
                    EXPECT_TRUE(bytes == first) << bits << "-bit, " << threads << " threads, rows in bands of " << split;
                }
            }
        }
        first.clear();
    }
}

// Pieces deflated apart make one stream that zlib inflates back, whatever their final
// blocks leave unused of their last bytes (each of the 8 counts comes up, and each puts
// the stored block that follows differently), with stored blocks (random bytes), fixed
// codes (pieces of a few bytes), dynamic codes and pieces of many blocks.
TEST(Writers, DeflatedPiecesJoinWhateverTheirLastBytesLeaveUnused) {
    std::uint32_t state = 99;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    std::set<int> spare;
    for (const int level : {1, 2, 6}) {
        detail::PieceDeflater deflater(level);
        for (int round = 0; round < 60; ++round) {
            const int pieces = 1 + round % 4;
            std::vector<std::uint8_t> whole, stream, out;
            for (int p = 0; p < pieces; ++p) {
                const int kind = (round + p) % 3;
                const std::size_t size = kind == 0 ? 1 + next() % 40 : 1 + next() % 150000;
                std::vector<std::uint8_t> piece(size);
                for (std::size_t i = 0; i < size; ++i)  // random bytes, or a ramp with a little noise
                    piece[i] = static_cast<std::uint8_t>(kind == 1 ? next() : i / 64 + (next() & 3));
                const bool last = p + 1 == pieces;
                deflater.deflate(piece.data(), piece.size(), last, out);
                if (last) {
                    EXPECT_EQ(deflater.spareBits(), -1);
                } else {
                    spare.insert(deflater.spareBits());
                    ASSERT_GE(out.size(), 4u);  // ends with an empty stored block, as a sync flush
                    EXPECT_EQ(std::vector<std::uint8_t>(out.end() - 4, out.end()), (std::vector<std::uint8_t>{0, 0, 0xff, 0xff}));
                }
                whole.insert(whole.end(), piece.begin(), piece.end());
                stream.insert(stream.end(), out.begin(), out.end());
            }
            z_stream z{};
            ASSERT_EQ(inflateInit2(&z, -15), Z_OK);
            std::vector<std::uint8_t> back(whole.size() + 16);
            z.next_in = stream.data();
            z.avail_in = static_cast<uInt>(stream.size());
            z.next_out = back.data();
            z.avail_out = static_cast<uInt>(back.size());
            EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END) << "level " << level << ", round " << round;
            EXPECT_EQ(z.avail_in, 0u) << "bytes after the stream's end";
            ASSERT_EQ(z.total_out, whole.size());
            EXPECT_EQ(std::memcmp(back.data(), whole.data(), whole.size()), 0) << "level " << level << ", round " << round;
            inflateEnd(&z);
        }
    }
    EXPECT_EQ(spare.size(), 8u) << "not every count of unused bits came up";
}

// zlib's raw inflate of `stream`, primed with `dictionary`: what it inflates to, or nothing
// when zlib refuses it or it does not end exactly at its last byte.
std::optional<std::vector<std::uint8_t>> zlibInflate(const std::vector<std::uint8_t>& stream, const std::uint8_t* dictionary,
                                                     std::size_t dictionarySize, std::size_t expected) {
    z_stream z{};
    if (inflateInit2(&z, -15) != Z_OK) return std::nullopt;
    std::vector<std::uint8_t> back(expected + 64);
    std::optional<std::vector<std::uint8_t>> result;
    if (dictionarySize == 0 || inflateSetDictionary(&z, dictionary, static_cast<uInt>(dictionarySize)) == Z_OK) {
        z.next_in = const_cast<std::uint8_t*>(stream.data());
        z.avail_in = static_cast<uInt>(stream.size());
        z.next_out = back.data();
        z.avail_out = static_cast<uInt>(back.size());
        const int rc = inflate(&z, Z_SYNC_FLUSH);
        if ((rc == Z_STREAM_END || rc == Z_OK) && z.avail_in == 0) {
            back.resize(z.total_out);
            result = std::move(back);
        }
    }
    inflateEnd(&z);
    return result;
}

// Pieces deflated apart, each primed with the bytes before it, make one stream that zlib
// inflates back: every piece but the last ends with a sync flush and the last with the
// final block, whatever the pieces' sizes and the history they are given (none, less than
// 32 KiB, more). Their codes reach back into that history (a piece that repeats it
// deflates to a few bytes, and does not inflate without it) but no further than 32 KiB
// (older bytes do not change a piece's bytes), so that a piece's bytes depend on it and
// the 32 KiB before it alone.
TEST(Writers, PrimedPiecesJoinAndReachBackIntoTheLast32KiB) {
    constexpr std::size_t kWindow = 32 * 1024;
    std::uint32_t state = 7;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    detail::PrimedDeflater deflater;
    std::vector<std::uint8_t> out;
    int repeats = 0;
    for (int round = 0; round < 40; ++round) {
        const int pieces = 1 + round % 5;
        std::vector<std::uint8_t> whole, stream;
        std::vector<std::size_t> starts;
        for (int p = 0; p < pieces; ++p) {
            const int kind = (round + p) % 4;
            const std::size_t size = kind == 0 ? 1 + next() % 40 : 1 + next() % 120000;
            const std::size_t start = whole.size();
            for (std::size_t i = 0; i < size; ++i) {
                std::uint8_t b = 0;
                if (kind == 1) {
                    b = static_cast<std::uint8_t>(next());  // random: stored blocks
                } else if (kind == 3 && start > 0) {
                    b = whole[start - 1 - (next() % std::min<std::size_t>(start, 4 * kWindow))];  // older bytes too
                } else {
                    b = static_cast<std::uint8_t>(i / 64 + (next() & 3));  // a ramp with a little noise
                }
                whole.push_back(b);
            }
            const bool last = p + 1 == pieces;
            deflater.deflate(whole.data() + start, size, start, last, out);
            if (!last) {
                ASSERT_GE(out.size(), 4u);
                EXPECT_EQ(std::vector<std::uint8_t>(out.end() - 4, out.end()), (std::vector<std::uint8_t>{0, 0, 0xff, 0xff}))
                    << "round " << round << ", piece " << p << ": not ended by a sync flush";
            }
            // Alone, primed with the 32 KiB before it, the piece inflates to itself.
            const std::size_t primed = std::min(start, kWindow);
            const auto alone = zlibInflate(out, whole.data() + start - primed, primed, size);
            ASSERT_TRUE(alone.has_value()) << "round " << round << ", piece " << p;
            EXPECT_TRUE(std::equal(alone->begin(), alone->end(), whole.begin() + static_cast<std::ptrdiff_t>(start),
                                   whole.end()) && alone->size() == size)
                << "round " << round << ", piece " << p;
            if (start > kWindow) {  // older bytes changed: the same piece
                std::vector<std::uint8_t> changed(whole.begin(), whole.end());
                for (std::size_t i = 0; i < start - kWindow; ++i) changed[i] = static_cast<std::uint8_t>(~changed[i]);
                std::vector<std::uint8_t> again;
                deflater.deflate(changed.data() + start, size, start, last, again);
                EXPECT_TRUE(again == out) << "round " << round << ", piece " << p << ": bytes over 32 KiB back mattered";
            }
            starts.push_back(start);
            stream.insert(stream.end(), out.begin(), out.end());
        }
        const auto back = zlibInflate(stream, nullptr, 0, whole.size());
        ASSERT_TRUE(back.has_value()) << "round " << round;
        EXPECT_TRUE(*back == whole) << "round " << round;

        // A piece that repeats the 32 KiB before it, with different bytes further back.
        if (whole.size() >= 2 * kWindow) {
            std::vector<std::uint8_t> repeat(whole.end() - static_cast<std::ptrdiff_t>(kWindow), whole.end());
            std::vector<std::uint8_t> both(whole);
            both.insert(both.end(), repeat.begin(), repeat.end());
            deflater.deflate(both.data() + whole.size(), kWindow, whole.size(), true, out);
            EXPECT_LT(out.size(), kWindow / 8) << "round " << round << ": the history was not used";
            EXPECT_FALSE(zlibInflate(out, nullptr, 0, kWindow).has_value()) << "round " << round << ": inflates without its history";
            const auto primed = zlibInflate(out, repeat.data(), repeat.size(), kWindow);
            ASSERT_TRUE(primed.has_value());
            EXPECT_TRUE(*primed == repeat);
            ++repeats;
        }
    }
    EXPECT_GT(repeats, 10) << "too few rounds reached back a whole window";
}

// zlib's inflate, stopping at each block's end, as the oracle for DeflateWalker: where
// the final block starts and ends and what the stream inflates to, or nothing when zlib
// refuses the stream or it ends before its final block does.
std::optional<detail::DeflateEnds> zlibEnds(const std::vector<std::uint8_t>& stream) {
    z_stream z{};
    if (inflateInit2(&z, -15) != Z_OK) return std::nullopt;
    std::vector<std::uint8_t> sink(1 << 16);
    z.next_in = const_cast<std::uint8_t*>(stream.data());
    z.avail_in = static_cast<uInt>(stream.size());
    std::size_t header = 0;
    std::optional<detail::DeflateEnds> ends;
    for (;;) {
        z.next_out = sink.data();
        z.avail_out = static_cast<uInt>(sink.size());
        const uInt before = z.avail_in;
        const int ret = inflate(&z, Z_BLOCK);
        if (ret != Z_OK && ret != Z_BUF_ERROR) break;
        if (z.data_type & 128) {  // at a block's end (or the first block's start)
            const std::size_t bit = (stream.size() - z.avail_in) * 8 - static_cast<std::size_t>(z.data_type & 7);
            if (z.data_type & 64) {
                ends = detail::DeflateEnds{header, bit, z.total_out};
                break;
            }
            header = bit;
        }
        if (ret == Z_BUF_ERROR && z.avail_in == 0 && before == 0) break;  // it wants more than there is
    }
    inflateEnd(&z);
    return ends;
}

std::string showEnds(const std::optional<detail::DeflateEnds>& e) {
    if (!e) return "refused";
    return "final block " + std::to_string(e->finalBlockBit) + ", end " + std::to_string(e->endBit) + ", " +
           std::to_string(e->inflatedBytes) + " bytes";
}

// One final dynamic block of RFC 1951 written bit by bit: the literal/length and distance
// codes' lengths given, coded with the code lengths' code given, then `literals` and the end.
std::vector<std::uint8_t> dynamicBlock(const std::vector<std::uint8_t>& literalLengths, const std::vector<std::uint8_t>& distanceLengths,
                                       const std::vector<std::uint8_t>& codeLengthLengths, const std::vector<unsigned>& literals) {
    std::vector<std::uint8_t> out;
    unsigned bits = 0;
    const auto put = [&](unsigned value, unsigned count) {  // first bit first
        for (unsigned i = 0; i < count; ++i, ++bits) {
            if (bits % 8 == 0) out.push_back(0);
            out.back() = static_cast<std::uint8_t>(out.back() | ((value >> i) & 1u) << (bits % 8));
        }
    };
    const auto canonical = [](const std::vector<std::uint8_t>& lengths) {  // RFC 1951, 3.2.2
        std::vector<unsigned> count(16), next(16), codes(lengths.size());
        for (const auto l : lengths) ++count[l];
        count[0] = 0;
        for (unsigned l = 1, code = 0; l < 16; ++l) next[l] = code = (code + count[l - 1]) << 1;
        for (std::size_t s = 0; s < lengths.size(); ++s)
            if (lengths[s]) codes[s] = next[lengths[s]]++;
        return codes;
    };
    const auto putCode = [&](unsigned code, unsigned length) {  // codes go most significant bit first
        for (unsigned i = length; i-- > 0;) put(code >> i, 1);
    };
    static const unsigned kOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    unsigned sent = 19;
    while (sent > 4 && codeLengthLengths[kOrder[sent - 1]] == 0) --sent;
    put(1, 1);  // final
    put(2, 2);  // dynamic
    put(static_cast<unsigned>(literalLengths.size() - 257), 5);
    put(static_cast<unsigned>(distanceLengths.size() - 1), 5);
    put(sent - 4, 4);
    for (unsigned i = 0; i < sent; ++i) put(codeLengthLengths[kOrder[i]], 3);
    const auto clCodes = canonical(codeLengthLengths);
    for (const auto* lengths : {&literalLengths, &distanceLengths})
        for (const auto l : *lengths) putCode(clCodes[l], codeLengthLengths[l]);
    const auto litCodes = canonical(literalLengths);
    for (const unsigned s : literals) putCode(litCodes[s], literalLengths[s]);
    putCode(litCodes[256], literalLengths[256]);
    return out;
}

TEST(Writers, DeflateWalkerFindsTheEndsZlibsInflateFindsAndRefusesWhatItRefuses) {
    std::uint32_t state = 7;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    const auto data = [&](std::size_t size, int kind) {  // random, a ramp with noise, or text-like runs
        std::vector<std::uint8_t> d(size);
        for (std::size_t i = 0; i < size; ++i)
            d[i] = static_cast<std::uint8_t>(kind == 0 ? next() : kind == 1 ? i / 64 + (next() & 3) : "abcab ab"[next() % 8]);
        return d;
    };
    std::vector<std::vector<std::uint8_t>> streams;
    for (const int level : {1, 2, 6, 9, 12}) {  // libdeflate: stored, fixed and dynamic blocks
        detail::PieceDeflater deflater(level);
        for (const std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{30}, std::size_t{5000}, std::size_t{200000}})
            for (int kind = 0; kind < 3; ++kind) {
                std::vector<std::uint8_t> out;
                const auto d = data(size, kind);
                deflater.deflate(d.data(), d.size(), true, out);
                streams.push_back(out);
            }
    }
    // zlib: every level and strategy, with flushes that end blocks (empty stored ones, empty
    // fixed ones) and a change of level between blocks.
    for (const int strategy : {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_HUFFMAN_ONLY, Z_RLE, Z_FIXED})
        for (int level = 0; level <= 9; level += 3) {
            z_stream z{};
            ASSERT_EQ(deflateInit2(&z, level, Z_DEFLATED, -15, 8, strategy), Z_OK);
            std::vector<std::uint8_t> out(1 << 20);
            z.next_out = out.data();
            z.avail_out = static_cast<uInt>(out.size());
            const int flushes[] = {Z_SYNC_FLUSH, Z_PARTIAL_FLUSH, Z_FULL_FLUSH, Z_BLOCK, Z_NO_FLUSH, Z_FINISH};
            std::vector<std::vector<std::uint8_t>> parts;
            for (int i = 0; i < 6; ++i) parts.push_back(data(i == 3 ? 70000 : 1 + next() % 3000, i % 3));
            for (int i = 0; i < 6; ++i) {
                if (i == 4) {
                    ASSERT_EQ(deflateParams(&z, 9 - level, strategy), Z_OK);
                }
                z.next_in = parts[static_cast<std::size_t>(i)].data();
                z.avail_in = static_cast<uInt>(parts[static_cast<std::size_t>(i)].size());
                ASSERT_NE(deflate(&z, flushes[i]), Z_STREAM_ERROR);
            }
            out.resize(out.size() - z.avail_out);
            deflateEnd(&z);
            streams.push_back(out);
        }
    // Blocks written by hand: both codes whole, with as many lengths as a block may have,
    // and with one too many literal/length or distance lengths (which zlib refuses).
    {
        std::vector<std::uint8_t> literal(286, 8), distance(30, 5), codeLength(19, 0);
        std::fill(literal.begin() + 144, literal.begin() + 256, 9);  // the fixed code's lengths,
        std::fill(literal.begin() + 256, literal.begin() + 280, 7);  // but 284 and 285 one bit
        literal[284] = literal[285] = 7;                              // shorter for 286 and 287
        distance[0] = distance[1] = 4;
        codeLength[5] = codeLength[7] = codeLength[8] = 2;
        codeLength[4] = codeLength[9] = 3;
        const std::vector<unsigned> text = {'g', 'l', 0, 255, 144};
        streams.push_back(dynamicBlock(literal, distance, codeLength, text));
        auto moreLiterals = literal;
        moreLiterals[284] = moreLiterals[285] = 8;
        moreLiterals.push_back(8);
        moreLiterals.push_back(8);
        const auto tooManyLiterals = dynamicBlock(moreLiterals, distance, codeLength, text);
        std::vector<std::uint8_t> moreDistances(32, 5);
        const auto tooManyDistances = dynamicBlock(literal, moreDistances, codeLength, text);
        ASSERT_TRUE(zlibEnds(streams.back()).has_value());
        ASSERT_FALSE(zlibEnds(tooManyLiterals).has_value());
        ASSERT_FALSE(zlibEnds(tooManyDistances).has_value());
        detail::DeflateWalker walker;
        detail::DeflateEnds ends;
        EXPECT_FALSE(walker.walk(tooManyLiterals.data(), tooManyLiterals.size(), ends));
        EXPECT_FALSE(walker.walk(tooManyDistances.data(), tooManyDistances.size(), ends));
    }
    detail::DeflateWalker walker;
    int whole = 0, refused = 0, agreedBroken = 0;
    const auto check = [&](const std::vector<std::uint8_t>& stream, const std::string& what) {
        detail::DeflateEnds got;
        const bool ok = walker.walk(stream.data(), stream.size(), got);
        const auto want = zlibEnds(stream);
        EXPECT_EQ(showEnds(ok ? std::optional<detail::DeflateEnds>(got) : std::nullopt), showEnds(want)) << what;
        (want ? whole : refused) += 1;
    };
    for (std::size_t s = 0; s < streams.size(); ++s) {
        const auto& stream = streams[s];
        const std::string name = "stream " + std::to_string(s) + " (" + std::to_string(stream.size()) + " bytes)";
        check(stream, name);
        ASSERT_TRUE(zlibEnds(stream).has_value()) << name;
        for (int cut = 0; cut < 12 && !stream.empty(); ++cut) {  // cut short
            const std::size_t keep = next() % stream.size();
            check(std::vector<std::uint8_t>(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(keep)),
                  name + " cut to " + std::to_string(keep));
        }
        for (int flip = 0; flip < 40 && !stream.empty(); ++flip) {  // a bit flipped, early (in the codes) or anywhere
            auto bad = stream;
            const std::size_t at = flip < 20 ? next() % std::min<std::size_t>(bad.size(), 80) : next() % bad.size();
            const unsigned bit = next() % 8;
            bad[at] = static_cast<std::uint8_t>(bad[at] ^ (1u << bit));
            const int before = refused;
            check(bad, name + " with bit " + std::to_string(bit) + " of byte " + std::to_string(at) + " flipped");
            agreedBroken += refused - before;
        }
    }
    for (int round = 0; round < 400; ++round) {  // noise
        std::vector<std::uint8_t> noise(next() % 300);
        for (auto& b : noise) b = static_cast<std::uint8_t>(next());
        if (round % 4 == 0 && !noise.empty()) noise[0] = static_cast<std::uint8_t>((noise[0] & ~6u) | 4u);  // a dynamic block
        check(noise, "noise " + std::to_string(round));
    }
    // Both sides came up: streams read to their ends, and streams refused, flipped ones among them.
    EXPECT_GT(whole, 500);
    EXPECT_GT(refused, 500);
    EXPECT_GT(agreedBroken, 100);
}

TEST(Writers, PngTakesNoRowsPastItsHeight) {
    TempDir dir;
    OutputFile f(dir.file("over.png"));
    auto png = openPng(f, PngLayout{4, 4, 1, 8, ""});
    const std::vector<std::uint8_t> rows(4 * 5);
    EXPECT_THROW(png->writeRows(rows.data(), 5), IoError);
}

TEST(Writers, PngChecksItsRows) {
    TempDir dir;
    OutputFile f(dir.file("short.png"));
    auto png = openPng(f, PngLayout{4, 4, 3, 8, ""});
    const std::vector<std::uint8_t> row(12 * 4);
    png->writeRows(row.data(), 3);
    EXPECT_THROW(png->finish(), IoError);  // one row missing
    EXPECT_THROW(openPng(f, PngLayout{4, 4, 2, 8, ""}), ValidationError);
    EXPECT_THROW(openPng(f, PngLayout{4, 4, 1, 12, ""}), ValidationError);
}

TEST(Writers, ExrRoundTripsThroughOpenExrWithItsRecord) {
    TempDir dir;
    const int w = 33, h = 40;
    std::vector<float> px(static_cast<std::size_t>(w * h * 4));
    for (std::size_t i = 0; i < px.size(); ++i) px[i] = std::sin(static_cast<float>(i)) * 1e3f;
    OutputFile f(dir.file("n.exr"));
    auto exr = openExr(f, ExrLayout{w, h, {"R", "G", "B", "A"}, "record text"});
    for (int y = 0; y < h; y += 17) exr->writeRows(px.data() + y * w * 4, std::min(17, h - y));
    exr->finish();
    f.commit();
    Imf::InputFile in(dir.file("n.exr").c_str());
    const Imath::Box2i dw = in.header().dataWindow();
    ASSERT_EQ(dw.max.x - dw.min.x + 1, w);
    ASSERT_EQ(dw.max.y - dw.min.y + 1, h);
    std::vector<float> back(px.size());
    Imf::FrameBuffer fb;
    const char* names[4] = {"R", "G", "B", "A"};
    for (int c = 0; c < 4; ++c)
        fb.insert(names[c], Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(back.data() + c), 16, 16 * w));
    in.setFrameBuffer(fb);
    in.readPixels(0, h - 1);
    EXPECT_EQ(std::memcmp(back.data(), px.data(), px.size() * 4), 0);
    EXPECT_EQ(readRecord(dir.file("n.exr")), "record text");
}

// The ZIP blocks are compressed on OpenEXR's thread pool: the file is the same bytes at
// any pool size, and the writer starts the pool when the program left it at 0 threads.
TEST(Writers, ExrBytesDoNotDependOnTheEncodersThreads) {
    TempDir dir;
    const int w = 301, h = 257;  // 17 blocks of 16 rows, the last one short
    std::vector<float> px(static_cast<std::size_t>(w * h * 2));
    for (std::size_t i = 0; i < px.size(); ++i) px[i] = std::sin(static_cast<float>(i) * 0.01f) * 7.0f;
    auto bake = [&](int threads) {
        Imf::setGlobalThreadCount(threads);
        const std::string path = dir.file("t" + std::to_string(threads) + ".exr");
        OutputFile f(path);
        auto exr = openExr(f, ExrLayout{w, h, {"G", "R"}, "record"});
        for (int y = 0; y < h; y += 50) exr->writeRows(px.data() + y * w * 2, std::min(50, h - y));
        exr->finish();
        f.commit();
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    Imf::setGlobalThreadCount(0);
    (void)bake(0);
    EXPECT_GE(Imf::globalThreadCount(), 1) << "the writer leaves OpenEXR's pool without threads";
    const std::string one = bake(1);
    EXPECT_EQ(bake(4), one);
    EXPECT_EQ(bake(2), one);
    EXPECT_GT(one.size(), 1000u);
}

TEST(Writers, AFileWithoutARecordSaysSo) {
    TempDir dir;
    OutputFile f(dir.file("plain.png"));
    writePng(std::vector<std::uint8_t>(4).data(), 2, 2, 1, f);
    f.commit();
    try {
        readRecord(dir.file("plain.png"));
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_EQ(std::string(e.what()), "from " + dir.file("plain.png") + ": holds no glnoise record");
    }
    // A missing file is bad input, named as such.
    try {
        readRecord(dir.file("missing.png"));
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_EQ(std::string(e.what()), "from " + dir.file("missing.png") + ": no such file");
    }
}

TEST(OutputFile, StagedFilesAppearOnlyAtCommitAndVanishOtherwise) {
    TempDir dir;
    {
        OutputFile a(dir.file("a.png")), b(dir.file("b.png"));
        a.write("aa", 2);
        b.write("bb", 2);
        a.stage();
        b.stage();
        EXPECT_FALSE(fs::exists(dir.file("a.png")));
        a.commit();
        EXPECT_EQ(slurp(dir.file("a.png")), "aa");
        // b is never committed
    }
    EXPECT_EQ(dir.entries(), 1u);
}

TEST(OutputFile, SeeksBackToPatchWhatItWrote) {
    TempDir dir;
    OutputFile f(dir.file("t.bin"));
    f.write("0123456789", 10);
    EXPECT_EQ(f.tell(), 10u);
    f.seek(2);
    f.write("ab", 2);
    f.seek(10);
    f.write("!", 1);
    f.commit();
    EXPECT_EQ(slurp(dir.file("t.bin")), "01ab456789!");
}

}  // namespace
}  // namespace glnoise::io
