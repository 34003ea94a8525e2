// SPDX-License-Identifier: MIT
// PNG through libspng: the streamed writer, the whole-image writers, and reading a file's
// records and rows back.
#include <spng.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <utility>

#include "core/io/internal.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::io {


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
        ctx_ = spng_ctx_new(SPNG_CTX_ENCODER);
        if (!ctx_) throw IoError("encoding " + out.path() + ": out of memory");
        check(spng_set_png_stream(ctx_, &PngWriter::sink, this));
        spng_ihdr ihdr{};
        ihdr.width = static_cast<std::uint32_t>(layout.width);
        ihdr.height = static_cast<std::uint32_t>(layout.height);
        ihdr.bit_depth = static_cast<std::uint8_t>(layout.bits);
        ihdr.color_type = layout.channels == 1 ? SPNG_COLOR_TYPE_GRAYSCALE
                          : layout.channels == 3 ? SPNG_COLOR_TYPE_TRUECOLOR
                                                 : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
        check(spng_set_ihdr(ctx_, &ihdr));
        if (!layout.record.empty()) {
            spng_text text{};
            std::snprintf(text.keyword, sizeof text.keyword, "glnoise");
            text.type = SPNG_TEXT;
            text.length = layout.record.size();
            text.text = const_cast<char*>(layout.record.c_str());
            check(spng_set_text(ctx_, &text, 1));
        }
        check(spng_encode_image(ctx_, nullptr, 0, SPNG_FMT_PNG, SPNG_ENCODE_PROGRESSIVE | SPNG_ENCODE_FINALIZE));
        rowBytes_ = static_cast<std::size_t>(layout.width) * static_cast<std::size_t>(layout.channels) *
                    static_cast<std::size_t>(layout.bits / 8);
    }
    ~PngWriter() override { spng_ctx_free(ctx_); }

    void writeRows(const void* rows, int count) override {
        const auto* p = static_cast<const std::uint8_t*>(rows);
        for (int r = 0; r < count; ++r, p += rowBytes_) {
            if (row_ >= layout_.height) throw IoError("encoding " + out_.path() + ": more rows than the image has");
            const int ret = spng_encode_row(ctx_, p, rowBytes_);
            ++row_;
            if (ret == SPNG_EOI && row_ == layout_.height) continue;
            check(ret);
        }
    }

    void finish() override {
        if (row_ != layout_.height)
            throw IoError("encoding " + out_.path() + ": " + std::to_string(row_) + " of " +
                          std::to_string(layout_.height) + " rows written");
        rethrow();
    }

private:
    static int sink(spng_ctx*, void* user, void* data, std::size_t length) {
        auto* self = static_cast<PngWriter*>(user);
        try {
            self->out_.write(data, length);
        } catch (...) {
            self->error_ = std::current_exception();
            return SPNG_IO_ERROR;
        }
        return 0;
    }
    void rethrow() {
        if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    }
    void check(int ret) {
        rethrow();
        if (ret != 0) throw IoError("encoding " + out_.path() + " as PNG failed: " + spng_strerror(ret));
    }

    OutputFile& out_;
    PngLayout layout_;
    spng_ctx* ctx_ = nullptr;
    std::size_t rowBytes_ = 0;
    int row_ = 0;
    std::exception_ptr error_;
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

ImageFacts readWholePng(const std::string& path) {
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
        } while (ret == 0);
        if (ret == SPNG_EOI) ret = 0;
    }
    spng_ctx_free(ctx);
    std::fclose(f);
    if (ret != 0) throw IoError(path + ": not a whole PNG (" + std::string(spng_strerror(ret)) + ")");
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
