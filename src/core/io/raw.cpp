// SPDX-License-Identifier: MIT
// Raw files: rows written as they are (little-endian samples on this host).
#include "glnoise/io.hpp"

#include <stdexcept>

namespace glnoise::io {

namespace {

class RawWriter final : public RowWriter {
public:
    RawWriter(OutputFile& out, std::size_t rowBytes) : out_(out), rowBytes_(rowBytes) {}
    void writeRows(const void* rows, int count) override {
        out_.write(rows, rowBytes_ * static_cast<std::size_t>(count));
    }
    // A raw file holds samples alone: its digest is in its sidecar.
    void setDigest(const std::string&) override { throw std::logic_error("a raw file holds no digest"); }
    void finish() override {}

private:
    OutputFile& out_;
    std::size_t rowBytes_;
};

}  // namespace

std::unique_ptr<RowWriter> openRaw(OutputFile& out, std::size_t rowBytes) {
    return std::make_unique<RawWriter>(out, rowBytes);
}

void writeRawF32(const Image& image, OutputFile& out) {
    static_assert(sizeof(float) == 4, "float32");
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "raw files are little-endian, as this host");
    out.write(image.data.data(), image.data.size() * sizeof(float));
}

}  // namespace glnoise::io
