// SPDX-License-Identifier: MIT
// OpenEXR: the streamed float32 writer, and reading a file's record and blocks back.
#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfIO.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/ImfOutputFile.h>
#include <OpenEXR/ImfStandardAttributes.h>
#include <OpenEXR/ImfStringAttribute.h>
#include <OpenEXR/ImfThreading.h>

#include <algorithm>
#include <stdexcept>
#include <memory>
#include <thread>

#include "core/io/internal.hpp"
#include "core/parallel.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::io {

namespace {

// ZIP blocks of 16 rows are compressed on OpenEXR's global thread pool, given one thread
// per core here when it has none (OpenEXR's default) and `threads` is 0; the calling
// thread writes the blocks in order, so the bytes do not depend on the number of threads.
int encoderThreads(unsigned threads) {
    if (threads == 1) return 0;  // OpenEXR compresses on the calling thread
    if (threads == 0) {
        if (Imf::globalThreadCount() == 0)
            Imf::setGlobalThreadCount(static_cast<int>(glnoise::detail::availableThreads()));
        return Imf::globalThreadCount();
    }
    const int n = static_cast<int>(std::min(threads, 1024u));
    if (Imf::globalThreadCount() < n) Imf::setGlobalThreadCount(n);
    return n;
}

// The digest's place in the header: a string attribute of 64 characters, reserved with this
// placeholder and found again in the header's bytes as they are written.
const char kDigestName[] = "glnoiseDigest";
const std::string kDigestPlaceholder(64, '-');

class ExrStream final : public Imf::OStream {
public:
    explicit ExrStream(OutputFile& out) : Imf::OStream(out.path().c_str()), out_(out) {}
    void write(const char c[], int n) override {
        if (capturing_) {
            if (header_.empty()) headerStart_ = out_.tell();
            header_.append(c, static_cast<std::size_t>(n));
        }
        out_.write(c, static_cast<std::size_t>(n));
    }
    std::uint64_t tellp() override { return out_.tell(); }
    void seekp(std::uint64_t pos) override { out_.seek(pos); }

    // The header's bytes are kept from here until stopCapture(), which returns the file
    // offset of the digest placeholder's value (name, "string", a 4-byte size, the value).
    void startCapture() { capturing_ = true; }
    std::uint64_t stopCapture() {
        capturing_ = false;
        const std::string attribute = std::string(kDigestName, sizeof kDigestName) + std::string("string\0", 7);
        const std::size_t at = header_.find(attribute);
        if (at == std::string::npos || header_.compare(at + attribute.size() + 4, 64, kDigestPlaceholder) != 0)
            throw std::logic_error("the EXR header holds no digest placeholder");
        const std::uint64_t offset = headerStart_ + at + attribute.size() + 4;
        header_.clear();
        return offset;
    }

private:
    OutputFile& out_;
    bool capturing_ = false;
    std::string header_;
    std::uint64_t headerStart_ = 0;
};

class ExrWriter final : public RowWriter {
public:
    ExrWriter(OutputFile& out, const ExrLayout& layout)
        : out_(out), layout_(layout), stream_(out), header_(layout.width, layout.height) {
        if (layout.width < 1 || layout.height < 1 || layout.channels.empty())
            throw ValidationError(Violation{"out", out.path() + ": a .exr needs at least 1x1 pixels and a channel"});
        header_.compression() = Imf::ZIP_COMPRESSION;
        for (const auto& c : layout.channels) header_.channels().insert(c, Imf::Channel(Imf::FLOAT));
        if (!layout.record.empty()) header_.insert("glnoise", Imf::StringAttribute(layout.record));
        if (layout.digest) header_.insert(kDigestName, Imf::StringAttribute(kDigestPlaceholder));
        try {
            if (layout.digest) stream_.startCapture();
            file_ = std::make_unique<Imf::OutputFile>(stream_, header_, encoderThreads(layout.threads));
            if (layout.digest) digestAt_ = stream_.stopCapture();
        } catch (const std::exception& e) {
            throw IoError("encoding " + out.path() + " as OpenEXR failed: " + e.what());
        }
    }

    void writeRows(const void* rows, int count) override {
        const std::size_t x = sizeof(float) * layout_.channels.size();
        const std::size_t y = x * static_cast<std::size_t>(layout_.width);
        // OpenEXR addresses a slice from its row 0: point there from this band's first row.
        const char* base = static_cast<const char*>(rows) - static_cast<std::ptrdiff_t>(y) * row_;
        Imf::FrameBuffer fb;
        for (std::size_t c = 0; c < layout_.channels.size(); ++c)
            fb.insert(layout_.channels[c],
                      Imf::Slice(Imf::FLOAT, const_cast<char*>(base) + c * sizeof(float), x, y));
        try {
            file_->setFrameBuffer(fb);
            file_->writePixels(count);
        } catch (const IoError&) {
            throw;
        } catch (const std::exception& e) {
            throw IoError("encoding " + out_.path() + " as OpenEXR failed: " + e.what());
        }
        row_ += count;
    }

    void setDigest(const std::string& hex) override {
        if (!layout_.digest || hex.size() != 64) throw std::logic_error("an EXR digest without its place");
        digest_ = hex;
    }

    void finish() override {
        if (row_ != layout_.height)
            throw IoError("encoding " + out_.path() + ": " + std::to_string(row_) + " of " +
                          std::to_string(layout_.height) + " rows written");
        if (layout_.digest && digest_.empty()) throw std::logic_error("an EXR's digest was not given");
        try {
            file_.reset();  // writes the line offset table
        } catch (const IoError&) {
            throw;
        } catch (const std::exception& e) {
            throw IoError("encoding " + out_.path() + " as OpenEXR failed: " + e.what());
        }
        if (layout_.digest) {  // the reserved value, filled in
            const std::uint64_t end = out_.tell();
            out_.seek(digestAt_);
            out_.write(digest_.data(), digest_.size());
            out_.seek(end);
        }
    }

private:
    OutputFile& out_;
    ExrLayout layout_;
    ExrStream stream_;
    Imf::Header header_;
    std::unique_ptr<Imf::OutputFile> file_;
    int row_ = 0;
    std::uint64_t digestAt_ = 0;
    std::string digest_;
};

}  // namespace

std::unique_ptr<RowWriter> openExr(OutputFile& out, const ExrLayout& layout) {
    return std::make_unique<ExrWriter>(out, layout);
}

namespace detail {

std::string exrRecord(const std::string& path) {
    try {
        Imf::InputFile file(path.c_str());
        const auto* a = file.header().findTypedAttribute<Imf::StringAttribute>("glnoise");
        return a ? a->value() : std::string();
    } catch (const std::exception& e) {
        throw ValidationError(Violation{"from", path + ": not an OpenEXR file glnoise can read (" + std::string(e.what()) + ")"});
    }
}

ImageFacts readWholeExr(const std::string& path, const SampleSink& sink, const std::vector<std::string>& order) {
    ImageFacts facts;
    try {
        Imf::InputFile file(path.c_str());
        if (const auto* a = file.header().findTypedAttribute<Imf::StringAttribute>(kDigestName)) facts.digest = a->value();
        const Imath::Box2i window = file.header().dataWindow();
        facts.width = window.max.x - window.min.x + 1;
        facts.height = window.max.y - window.min.y + 1;
        bool half = false;
        for (auto it = file.header().channels().begin(); it != file.header().channels().end(); ++it) {
            facts.channels.emplace_back(it.name());
            half = half || it.channel().type == Imf::HALF;
        }
        facts.bits = half ? 16 : 32;
        // Band by band into one float buffer per channel: every block is decompressed.
        const int band = std::max(1, std::min(facts.height, (1 << 22) / std::max(1, facts.width)));
        std::vector<std::vector<float>> planes(facts.channels.size(),
                                               std::vector<float>(static_cast<std::size_t>(facts.width) *
                                                                  static_cast<std::size_t>(band)));
        for (int y0 = 0; y0 < facts.height; y0 += band) {
            const int rows = std::min(band, facts.height - y0);
            Imf::FrameBuffer fb;
            for (std::size_t c = 0; c < planes.size(); ++c) {
                // The buffer's base is placed so that row window.min.y + y0 lands at its start.
                char* base = reinterpret_cast<char*>(planes[c].data()) -
                             (static_cast<std::ptrdiff_t>(window.min.y + y0) * facts.width + window.min.x) *
                                 static_cast<std::ptrdiff_t>(sizeof(float));
                fb.insert(facts.channels[c], Imf::Slice(Imf::FLOAT, base, sizeof(float),
                                                        sizeof(float) * static_cast<std::size_t>(facts.width)));
            }
            file.setFrameBuffer(fb);
            file.readPixels(window.min.y + y0, window.min.y + y0 + rows - 1);
            if (sink) {  // interleaved, in the order asked for
                std::vector<std::size_t> which;
                for (const std::string& name : order.empty() ? facts.channels : order) {
                    const auto at = std::find(facts.channels.begin(), facts.channels.end(), name);
                    if (at == facts.channels.end()) throw std::runtime_error("it has no channel " + name);
                    which.push_back(static_cast<std::size_t>(at - facts.channels.begin()));
                }
                const std::size_t texels = static_cast<std::size_t>(facts.width) * static_cast<std::size_t>(rows);
                std::vector<float> texelsOut(texels * which.size());
                for (std::size_t t = 0; t < texels; ++t)
                    for (std::size_t c = 0; c < which.size(); ++c) texelsOut[t * which.size() + c] = planes[which[c]][t];
                sink(texelsOut.data(), texelsOut.size() * sizeof(float));
            }
        }
    } catch (const std::exception& e) {
        throw IoError(path + ": not a whole OpenEXR file (" + std::string(e.what()) + ")");
    }
    return facts;
}

}  // namespace detail

}  // namespace glnoise::io
