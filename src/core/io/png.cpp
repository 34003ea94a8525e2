// SPDX-License-Identifier: MIT
// PNG: the streamed writer (libdeflate and igzip, on every core), the whole-image writers, and
// reading a file's records and rows back (libspng).
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <spng.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>

#include "core/io/internal.hpp"
#include "core/parallel.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::io {


namespace {

// The PNG is written here, chunk by chunk, so that its one zlib stream can be compressed
// on every core: the image's rows are cut into pieces of about 256 KiB (by row count
// alone, never by thread count), each piece is deflated on its own and ends on a byte
// boundary, so that the pieces laid end to end are one valid stream, as pigz makes them.
// Its Adler-32 is the pieces' sums combined. Every row uses the Up filter. 8-bit samples
// are deflated by libdeflate at its level 2 (detail::PieceDeflater), which makes files
// within 2% of zlib's level 4 at 1.5 to 2 times its rate. 16-bit samples, whose low bytes
// are noise that longer searches find few matches in, are deflated by ISA-L's igzip at its
// level 1, each piece primed with the 32 KiB before it (detail::PrimedDeflater): 1.9 to 2.8
// times as fast as libdeflate's level 1 and its walk, files 2% to 12% larger
// (docs/performance.md).
constexpr std::size_t kPieceBytes = 256 * 1024;

void put32(std::uint8_t* b, std::uint32_t v) {
    b[0] = static_cast<std::uint8_t>(v >> 24);
    b[1] = static_cast<std::uint8_t>(v >> 16);
    b[2] = static_cast<std::uint8_t>(v >> 8);
    b[3] = static_cast<std::uint8_t>(v);
}

}  // namespace

detail::PieceDeflater::PieceDeflater(int level) {
    compressor_ = libdeflate_alloc_compressor(level);
    if (!compressor_) throw std::bad_alloc();
}

detail::PieceDeflater::~PieceDeflater() { libdeflate_free_compressor(static_cast<libdeflate_compressor*>(compressor_)); }

void detail::PieceDeflater::deflate(const std::uint8_t* in, std::size_t size, bool last, std::vector<std::uint8_t>& out) {
    auto* c = static_cast<libdeflate_compressor*>(compressor_);
    out.resize(libdeflate_deflate_compress_bound(c, size) + 5);  // + the empty stored block
    const std::size_t n = libdeflate_deflate_compress(c, in, size, out.data(), out.size());
    if (n == 0) throw std::runtime_error("deflate ran out of room");
    out.resize(n);
    spareBits_ = -1;
    if (last) return;
    // Where the piece's final block starts and ends; the walk reads every code, which
    // checks the piece too.
    DeflateEnds ends;
    if (!walker_.walk(out.data(), n, ends) || ends.inflatedBytes != size || (ends.endBit + 7) / 8 != n)
        throw std::runtime_error("a deflated piece does not inflate to itself");
    const std::size_t headerByte = ends.finalBlockBit / 8;
    out[headerByte] = static_cast<std::uint8_t>(out[headerByte] & ~(1u << (ends.finalBlockBit % 8)));
    const auto spare = static_cast<unsigned>((8 - ends.endBit % 8) % 8);  // unused bits of the last byte
    out[n - 1] = static_cast<std::uint8_t>(out[n - 1] & ((1u << (8 - spare)) - 1));
    if (spare < 3) out.push_back(0);  // the stored block's 3 header bits need the next byte
    static const std::uint8_t kEmptyStored[4] = {0, 0, 0xff, 0xff};
    out.insert(out.end(), kEmptyStored, kEmptyStored + 4);
    spareBits_ = static_cast<int>(spare);
}

static_assert(detail::PrimedDeflater::kHistory == IGZIP_HIST_SIZE, "igzip's window is the history a piece is primed with");

struct detail::PrimedDeflater::State {
    isal_zstream stream{};
    std::vector<std::uint8_t> levelBuffer = std::vector<std::uint8_t>(ISAL_DEF_LVL1_DEFAULT);
};

detail::PrimedDeflater::PrimedDeflater() : state_(std::make_unique<State>()) {}

detail::PrimedDeflater::~PrimedDeflater() = default;

void detail::PrimedDeflater::deflate(const std::uint8_t* in, std::size_t size, std::size_t history, bool last,
                                     std::vector<std::uint8_t>& out) {
    if (size > 0xffffffffu) throw std::runtime_error("a piece of over 4 GiB");
    isal_zstream& z = state_->stream;
    isal_deflate_init(&z);
    z.level = 1;
    z.level_buf = state_->levelBuffer.data();
    z.level_buf_size = static_cast<std::uint32_t>(state_->levelBuffer.size());
    z.flush = last ? NO_FLUSH : SYNC_FLUSH;
    z.end_of_stream = last ? 1 : 0;
    if (history > 0) {
        const std::size_t used = std::min(history, kHistory);
        // igzip copies the dictionary and does not write to it.
        auto* dictionary = const_cast<std::uint8_t*>(in - used);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
        if (isal_deflate_set_dict(&z, dictionary, static_cast<std::uint32_t>(used)) != COMP_OK)
            throw std::runtime_error("igzip refused a piece's history");
    }
    z.next_in = const_cast<std::uint8_t*>(in);  // NOLINT(cppcoreguidelines-pro-type-const-cast): read only
    z.avail_in = static_cast<std::uint32_t>(size);
    out.resize(size + size / 16 + 1024);
    std::size_t written = 0;
    for (;;) {  // until igzip leaves room in `out`: then it has said all it has
        z.next_out = out.data() + written;
        z.avail_out = static_cast<std::uint32_t>(std::min<std::size_t>(out.size() - written, 0xffffffffu));
        const std::size_t room = z.avail_out;
        const int rc = isal_deflate(&z);
        if (rc != COMP_OK) throw std::runtime_error("igzip failed (" + std::to_string(rc) + ")");
        written += room - z.avail_out;
        if (z.avail_out > 0) break;
        out.resize(out.size() * 2);
    }
    if (z.avail_in != 0 || (last && z.internal_state.state != ZSTATE_END))
        throw std::runtime_error("igzip stopped before the piece's end");
    out.resize(written);
}

namespace {

class PngWriter final : public RowWriter {
public:
    PngWriter(OutputFile& out, const PngLayout& layout) : out_(out), layout_(layout) {
        if (layout.width < 1 || layout.height < 1)
            throw ValidationError(Violation{"out", out.path() + ": a .png needs at least 1x1 pixels"});
        if (layout.channels != 1 && layout.channels != 3 && layout.channels != 4)
            throw ValidationError(Violation{"out", out.path() + ": a .png holds 1, 3 or 4 channels"});
        if (layout.bits != 8 && layout.bits != 16)
            throw ValidationError(Violation{"bits", std::to_string(layout.bits) + ": a .png holds 8 or 16 bits"});
        rowBytes_ = static_cast<std::size_t>(layout.width) * static_cast<std::size_t>(layout.channels) *
                    static_cast<std::size_t>(layout.bits / 8);
        pieceRows_ = std::max<std::size_t>(1, kPieceBytes / (rowBytes_ + 1));
        const std::size_t pieces = (static_cast<std::size_t>(layout.height) + pieceRows_ - 1) / pieceRows_;
        threads_ = glnoise::detail::threadCount(layout.threads);
        batch_ = std::min<std::size_t>(pieces, 2 * static_cast<std::size_t>(threads_));
        pending_.resize(batch_ * pieceRows_ * rowBytes_);
        // The rows' filtered bytes follow the last 32 KiB of those before them, which prime
        // the first piece of a batch of 16-bit rows.
        filtered_.resize(detail::PrimedDeflater::kHistory + batch_ * pieceRows_ * (rowBytes_ + 1));
        previous_.assign(rowBytes_, 0);
        slots_.resize(batch_);

        static const std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
        out_.write(kSignature, 8);
        std::uint8_t ihdr[13];
        put32(ihdr, static_cast<std::uint32_t>(layout.width));
        put32(ihdr + 4, static_cast<std::uint32_t>(layout.height));
        ihdr[8] = static_cast<std::uint8_t>(layout.bits);
        ihdr[9] = layout.channels == 1 ? 0 : layout.channels == 3 ? 2 : 6;  // gray, RGB, RGBA
        ihdr[10] = ihdr[11] = ihdr[12] = 0;                                 // deflate, adaptive filters, no interlace
        chunk("IHDR", ihdr, sizeof ihdr);
        if (!layout.record.empty()) {
            std::string text = "glnoise";
            text.push_back('\0');
            text += layout.record;
            chunk("tEXt", text.data(), text.size());
        }
    }
    void writeRows(const void* rows, int count) override {
        const auto* p = static_cast<const std::uint8_t*>(rows);
        if (count > layout_.height - row_)
            throw IoError("encoding " + out_.path() + ": more rows than the image has");
        while (count > 0) {
            const std::size_t capacity = batch_ * pieceRows_;
            const std::size_t take = std::min<std::size_t>(static_cast<std::size_t>(count), capacity - held_);
            std::memcpy(pending_.data() + held_ * rowBytes_, p, take * rowBytes_);
            held_ += take;
            row_ += static_cast<int>(take);
            count -= static_cast<int>(take);
            p += take * rowBytes_;
            if (held_ == capacity || row_ == layout_.height) encodeHeld();
        }
    }

    void setDigest(const std::string& hex) override {
        if (!layout_.digest || hex.size() != 64) throw std::logic_error("a PNG digest without its place");
        digest_ = hex;
    }

    void finish() override {
        if (row_ != layout_.height)
            throw IoError("encoding " + out_.path() + ": " + std::to_string(row_) + " of " +
                          std::to_string(layout_.height) + " rows written");
        if (!ended_) throw std::logic_error("PNG rows encoded but not ended");
        if (layout_.digest) {
            if (digest_.empty()) throw std::logic_error("a PNG's digest was not given");
            std::string text = "glnoise-digest";
            text.push_back('\0');
            text += digest_;
            chunk("tEXt", text.data(), text.size());
        }
        chunk("IEND", nullptr, 0);
    }

private:
    struct Slot {
        std::unique_ptr<detail::PieceDeflater> deflater;  // 8-bit samples
        std::unique_ptr<detail::PrimedDeflater> primed;   // 16-bit samples
        std::vector<std::uint8_t> out;
        uLong adler = 1;
        std::size_t inBytes = 0;
    };

    // One chunk: length, type, data, CRC of type and data.
    void chunk(const char* type, const void* data, std::size_t length) {
        std::uint8_t head[8];
        put32(head, static_cast<std::uint32_t>(length));
        std::memcpy(head + 4, type, 4);
        std::uint32_t crc = libdeflate_crc32(0, head + 4, 4);
        if (length > 0) crc = libdeflate_crc32(crc, data, length);
        std::uint8_t tail[4];
        put32(tail, static_cast<std::uint32_t>(crc));
        out_.write(head, 8);
        if (length > 0) out_.write(data, length);
        out_.write(tail, 4);
    }

    // Rows r of the held ones -> filter byte 2 (Up) and the row minus the one above, in
    // PNG's byte order (16-bit samples big-endian).
    void filterRow(std::size_t r, std::uint8_t* dst) const {
        const std::uint8_t* cur = pending_.data() + r * rowBytes_;
        const std::uint8_t* up = r ? cur - rowBytes_ : previous_.data();
        dst[0] = 2;
        ++dst;
        // (The count in a local: stores through dst could change a member, which would keep
        // the loops out of vectors.)
        const std::size_t bytes = rowBytes_;
        if (layout_.bits == 8) {
            for (std::size_t i = 0; i < bytes; ++i) dst[i] = static_cast<std::uint8_t>(cur[i] - up[i]);
            return;
        }
        // Host order is little-endian: a sample's low byte comes first. The difference
        // is taken per byte of the big-endian sample, as PNG's filters are defined; whole
        // samples at a time, which the compiler keeps in vectors.
        for (std::size_t i = 0; i < bytes; i += 2) {
            std::uint16_t c, u;
            std::memcpy(&c, cur + i, 2);
            std::memcpy(&u, up + i, 2);
            const unsigned low = (c - u) & 0xffu, high = ((c >> 8) - (u >> 8)) & 0xffu;
            const auto d = static_cast<std::uint16_t>(high | low << 8);
            std::memcpy(dst + i, &d, 2);
        }
    }

    void encodeHeld() {
        const std::size_t filteredRow = rowBytes_ + 1;
        const std::size_t count = (held_ + pieceRows_ - 1) / pieceRows_;
        const bool last = row_ == layout_.height;
        // The filtered bytes of the batches before, which a 16-bit piece may reach back into.
        const std::size_t before = (static_cast<std::size_t>(row_) - held_) * filteredRow;
        std::uint8_t* rows0 = filtered_.data() + detail::PrimedDeflater::kHistory;
        glnoise::detail::parallelFor(held_, threads_, [&](std::size_t r) { filterRow(r, rows0 + r * filteredRow); });
        glnoise::detail::parallelFor(count, threads_, [&](std::size_t i) {
            Slot& s = slots_[i];
            const std::size_t first = i * pieceRows_;
            const std::size_t rows = std::min(pieceRows_, held_ - first);
            const std::uint8_t* in = rows0 + first * filteredRow;
            s.inBytes = rows * filteredRow;
            const bool lastPiece = last && i + 1 == count;
            try {
                if (layout_.bits == 8) {
                    if (!s.deflater) s.deflater = std::make_unique<detail::PieceDeflater>(2);
                    s.deflater->deflate(in, s.inBytes, lastPiece, s.out);
                } else {
                    if (!s.primed) s.primed = std::make_unique<detail::PrimedDeflater>();
                    s.primed->deflate(in, s.inBytes, before + first * filteredRow, lastPiece, s.out);
                }
            } catch (const std::runtime_error& e) {
                throw IoError("encoding " + out_.path() + ": " + e.what());
            }
            s.adler = libdeflate_adler32(1, in, s.inBytes);
        });
        for (std::size_t i = 0; i < count; ++i) {
            Slot& s = slots_[i];
            adler_ = adler32_combine(adler_, s.adler, static_cast<z_off_t>(s.inBytes));
            std::uint8_t* data = s.out.data();
            std::size_t size = s.out.size();
            std::vector<std::uint8_t> framed;
            if (!started_ || (last && i + 1 == count)) {
                // The zlib header (deflate, 32 KiB window, FLEVEL 1 for libdeflate's level
                // 2, 0, the fastest, for igzip's level 1) before the first piece; the
                // Adler-32 of the whole after the last.
                framed.reserve(size + 6);
                if (!started_) {
                    const unsigned cmf = 0x78, flg = (layout_.bits == 8 ? 1u : 0u) << 6;
                    framed.push_back(static_cast<std::uint8_t>(cmf));
                    framed.push_back(static_cast<std::uint8_t>(flg + 31 - (cmf * 256 + flg) % 31));
                    started_ = true;
                }
                framed.insert(framed.end(), data, data + size);
                if (last && i + 1 == count) {
                    framed.resize(framed.size() + 4);
                    put32(framed.data() + framed.size() - 4, static_cast<std::uint32_t>(adler_));
                }
                data = framed.data();
                size = framed.size();
            }
            chunk("IDAT", data, size);
        }
        // What the next batch needs: the last row, for Up, and the last 32 KiB of the
        // filtered rows (which may reach back into the batches before), to prime 16-bit
        // pieces with.
        std::memcpy(previous_.data(), pending_.data() + (held_ - 1) * rowBytes_, rowBytes_);
        if (layout_.bits == 16)
            std::memmove(filtered_.data(), filtered_.data() + held_ * filteredRow, detail::PrimedDeflater::kHistory);
        held_ = 0;
        if (last) ended_ = true;  // IEND follows in finish(), after the digest
    }

    OutputFile& out_;
    PngLayout layout_;
    std::size_t rowBytes_ = 0;
    std::size_t pieceRows_ = 0;  // rows per deflated piece
    std::size_t batch_ = 0;      // pieces encoded together
    unsigned threads_ = 1;
    std::vector<std::uint8_t> pending_;   // rows held until a batch is full
    std::vector<std::uint8_t> filtered_;  // the 32 KiB before them (16-bit rows), and the same rows filtered
    std::vector<std::uint8_t> previous_;  // the row above the held ones
    std::vector<Slot> slots_;
    std::size_t held_ = 0;
    int row_ = 0;
    uLong adler_ = 1;
    bool started_ = false;
    bool ended_ = false;
    std::string digest_;
};

}  // namespace

std::unique_ptr<RowWriter> openPng(OutputFile& out, const PngLayout& layout) {
    return std::make_unique<PngWriter>(out, layout);
}

void writePng(const std::uint8_t* pixels, int width, int height, int channels, OutputFile& out) {
    auto png = openPng(out, PngLayout{width, height, channels, 8, ""});
    png->writeRows(pixels, height);
    png->finish();
}

void writePng8(const Image& image, ValueRange range, OutputFile& out) { writePng8Channels(image, {0}, range, out); }

void writePng8Channels(const Image& image, const std::vector<int>& channels, ValueRange range, OutputFile& out) {
    if (image.depth != 1)
        throw ValidationError(Violation{"out", out.path() + ": a .png holds one 2D image; write a volume as .r32"});
    const std::size_t texels = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
    const std::size_t n = channels.size();
    std::vector<std::uint8_t> pixels(texels * n);
    for (std::size_t t = 0; t < texels; ++t)
        for (std::size_t c = 0; c < n; ++c)
            pixels[t * n + c] = quantize8(image.data[t * static_cast<std::size_t>(image.channels) +
                                                     static_cast<std::size_t>(channels[c])], range);
    writePng(pixels.data(), image.width, image.height, static_cast<int>(n), out);
}

namespace detail {

// Every "glnoise" text chunk of a PNG, wherever it lies: tEXt, zTXt or iTXt, before or
// after the image data (a PNG may place text anywhere; editors that keep text chunks
// often move them after IDAT). The chunks are walked by their lengths, so the image is
// not decoded; each text chunk's CRC is checked.
std::vector<std::string> pngRecords(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw ValidationError(Violation{"from", path + ": cannot read it: " + std::strerror(errno)});
    struct Closer {
        std::FILE* f;
        ~Closer() { std::fclose(f); }
    } closer{f};
    auto bad = [&](const std::string& why) {
        return ValidationError(Violation{"from", path + ": not a PNG glnoise can read (" + why + ")"});
    };
    static const unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char signature[8];
    if (std::fread(signature, 1, 8, f) != 8 || std::memcmp(signature, kSignature, 8) != 0)
        throw bad("no PNG signature");
    auto be32 = [](const unsigned char* b) {
        return std::uint32_t{b[0]} << 24 | std::uint32_t{b[1]} << 16 | std::uint32_t{b[2]} << 8 | b[3];
    };
    std::vector<std::string> records;
    bool first = true;
    for (;;) {
        unsigned char head[8];
        if (std::fread(head, 1, 8, f) != 8) throw bad("it ends before its IEND chunk");
        const std::uint32_t length = be32(head);
        const std::string type(reinterpret_cast<const char*>(head + 4), 4);
        if (length > 0x7fffffffu) throw bad("chunk " + type + " is longer than 2^31 - 1 bytes");
        if (first && type != "IHDR") throw bad("its first chunk is " + type + ", not IHDR");
        first = false;
        if (type == "IEND") break;
        const bool text = type == "tEXt" || type == "zTXt" || type == "iTXt";
        if (!text || length > kMaxSmallFile + 1024) {
            if (std::fseek(f, static_cast<long>(length) + 4, SEEK_CUR) != 0) throw bad("a chunk runs past its end");
            continue;
        }
        std::string data(length, '\0');
        unsigned char crc[4];
        if (std::fread(data.data(), 1, length, f) != length || std::fread(crc, 1, 4, f) != 4)
            throw bad("chunk " + type + " runs past its end");
        uLong sum = crc32(0L, head + 4, 4);
        sum = crc32(sum, reinterpret_cast<const Bytef*>(data.data()), static_cast<uInt>(length));
        if (sum != be32(crc)) throw bad("chunk " + type + " fails its CRC");
        const std::size_t nul = data.find('\0');
        if (nul == std::string::npos || data.compare(0, nul, "glnoise") != 0) continue;
        std::string body;
        bool compressed = false;
        if (type == "tEXt") {
            body = data.substr(nul + 1);
        } else if (type == "zTXt") {
            body = data.substr(nul + 2);  // the compression method byte, 0 (zlib)
            compressed = true;
        } else {
            // iTXt: keyword, flag, method, language tag, translated keyword, text
            if (data.size() < nul + 3) throw bad("chunk iTXt \"glnoise\" is cut short");
            compressed = data[nul + 1] != 0;
            const std::size_t language = data.find('\0', nul + 3);
            const std::size_t translated =
                language == std::string::npos ? std::string::npos : data.find('\0', language + 1);
            if (translated == std::string::npos) throw bad("chunk iTXt \"glnoise\" is cut short");
            body = data.substr(translated + 1);
        }
        if (compressed) {
            std::string plain(kMaxSmallFile, '\0');
            uLongf size = static_cast<uLongf>(plain.size());
            if (uncompress(reinterpret_cast<Bytef*>(plain.data()), &size, reinterpret_cast<const Bytef*>(body.data()),
                           static_cast<uLong>(body.size())) != Z_OK)
                throw bad("chunk " + type + " \"glnoise\" does not inflate to at most 1 MiB");
            plain.resize(size);
            body = std::move(plain);
        }
        records.push_back(std::move(body));
    }
    return records;
}

namespace {

// What a decoder that stops at the last row leaves unread: every chunk's CRC, and the
// image data inflated to its end, with its Adler-32, and nothing after it. libspng has
// all the rows before the last IDAT chunk's tail is read, so a damaged tail, or a damaged
// stream that still yields enough rows, passes it; this walk does not let it. The stream
// is inflated in pieces, in bounded memory; "" when the file is whole, else what is wrong.
// The text of a tEXt chunk "glnoise-digest" lands in `digest`.
std::string pngStreamFault(std::FILE* f, std::string* digest) {
    if (std::fseek(f, 8, SEEK_SET) != 0) return "it cannot be read";
    z_stream z{};
    if (inflateInit(&z) != Z_OK) return "out of memory";
    struct Ender {
        z_stream* z;
        ~Ender() { inflateEnd(z); }
    } ender{&z};
    std::vector<unsigned char> data, sink(1 << 16);
    bool ended = false;
    for (;;) {
        unsigned char head[8];
        if (std::fread(head, 1, 8, f) != 8) return "it ends before its IEND chunk";
        const std::uint32_t length =
            std::uint32_t{head[0]} << 24 | std::uint32_t{head[1]} << 16 | std::uint32_t{head[2]} << 8 | head[3];
        const std::string type(reinterpret_cast<const char*>(head + 4), 4);
        if (length > 0x7fffffffu) return "chunk " + type + " is longer than 2^31 - 1 bytes";
        uLong crc = crc32(0L, head + 4, 4);
        const bool idat = type == "IDAT";
        std::string text;  // a small tEXt chunk's body
        for (std::uint32_t left = length; left > 0;) {
            data.resize(std::min<std::uint32_t>(left, 1u << 20));
            if (std::fread(data.data(), 1, data.size(), f) != data.size()) return "chunk " + type + " runs past its end";
            crc = crc32_z(crc, data.data(), data.size());
            left -= static_cast<std::uint32_t>(data.size());
            if (type == "tEXt" && length <= 256) text.append(data.begin(), data.end());
            if (!idat) continue;
            if (ended) return "its image data go on after the end of their zlib stream";
            z.next_in = data.data();
            z.avail_in = static_cast<uInt>(data.size());
            while (z.avail_in > 0 && !ended) {
                z.next_out = sink.data();
                z.avail_out = static_cast<uInt>(sink.size());
                const int ret = inflate(&z, Z_NO_FLUSH);
                if (ret == Z_STREAM_END) {
                    ended = true;
                } else if (ret != Z_OK && ret != Z_BUF_ERROR) {
                    return std::string("its image data do not inflate (") + (z.msg ? z.msg : "zlib error") + ")";
                }
            }
            if (z.avail_in > 0) return "its image data go on after the end of their zlib stream";
        }
        unsigned char sum[4];
        if (std::fread(sum, 1, 4, f) != 4) return "chunk " + type + " runs past its end";
        const std::uint32_t want =
            std::uint32_t{sum[0]} << 24 | std::uint32_t{sum[1]} << 16 | std::uint32_t{sum[2]} << 8 | sum[3];
        if (crc != want) return "chunk " + type + " fails its CRC";
        static const std::string kDigestKey("glnoise-digest\0", 15);
        if (text.compare(0, kDigestKey.size(), kDigestKey) == 0) {
            if (!digest->empty()) return "it holds two tEXt chunks glnoise-digest";
            *digest = text.substr(kDigestKey.size());
        }
        if (type == "IEND") break;
    }
    if (!ended) return "its image data end before their zlib stream does";
    return "";
}

}  // namespace

ImageFacts readWholePng(const std::string& path, const SampleSink& sink) {
    ImageFacts facts;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw IoError(path + ": cannot read it: " + std::strerror(errno));
    spng_ctx* ctx = spng_ctx_new(0);
    spng_ihdr ihdr{};
    int ret = ctx ? spng_set_png_file(ctx, f) : SPNG_EMEM;
    // glnoise's own files are at most 2^20 texels wide: rows of 16-bit RGBA are 8 MiB.
    if (ret == 0) ret = spng_set_image_limits(ctx, 1u << 20, 1u << 20);
    if (ret == 0) ret = spng_set_chunk_limits(ctx, 1u << 26, 1u << 28);
    if (ret == 0) ret = spng_get_ihdr(ctx, &ihdr);
    std::size_t rowBytes = 0;
    if (ret == 0) ret = spng_decoded_image_size(ctx, SPNG_FMT_PNG, &rowBytes);
    if (ret == 0) ret = spng_decode_image(ctx, nullptr, 0, SPNG_FMT_PNG, SPNG_DECODE_PROGRESSIVE);
    if (ret == 0) {
        rowBytes /= std::max<std::uint32_t>(ihdr.height, 1);
        std::vector<unsigned char> row(rowBytes);
        do {
            ret = spng_decode_row(ctx, row.data(), row.size());
            // SPNG_FMT_PNG: the file's samples in host byte order (little-endian here).
            if ((ret == 0 || ret == SPNG_EOI) && sink) sink(row.data(), row.size());
        } while (ret == 0);
        if (ret == SPNG_EOI) ret = 0;
    }
    spng_ctx_free(ctx);
    const std::string fault = ret == 0 ? pngStreamFault(f, &facts.digest) : "";
    std::fclose(f);
    if (ret != 0) throw IoError(path + ": not a whole PNG (" + std::string(spng_strerror(ret)) + ")");
    if (!fault.empty()) throw IoError(path + ": not a whole PNG (" + fault + ")");
    facts.width = static_cast<int>(ihdr.width);
    facts.height = static_cast<int>(ihdr.height);
    facts.bits = ihdr.bit_depth;
    switch (ihdr.color_type) {
        case SPNG_COLOR_TYPE_GRAYSCALE: facts.channels = {"gray"}; break;
        case SPNG_COLOR_TYPE_GRAYSCALE_ALPHA: facts.channels = {"gray", "alpha"}; break;
        case SPNG_COLOR_TYPE_TRUECOLOR: facts.channels = {"red", "green", "blue"}; break;
        case SPNG_COLOR_TYPE_TRUECOLOR_ALPHA: facts.channels = {"red", "green", "blue", "alpha"}; break;
        default: facts.channels = {"indexed"}; break;
    }
    return facts;
}

}  // namespace detail

}  // namespace glnoise::io
