// SPDX-License-Identifier: MIT
#include "app/write.hpp"

#include <algorithm>
#include <stdexcept>

#include "app/bake.hpp"

namespace glnoise::app {

std::vector<std::string> exrChannels(int channels, std::optional<Output> output) {
    if (output == Output::Value) return {"Y"};
    if (output == Output::Gradient) return {"Y", "gradient.X", "gradient.Y", "gradient.Z"};
    if (output == Output::Normal) return {"R", "G", "B", "value.Y"};
    return channels == 1 ? std::vector<std::string>{"Y"}
           : channels == 3 ? std::vector<std::string>{"R", "G", "B"}
                           : std::vector<std::string>{"R", "G", "B", "A"};
}

std::unique_ptr<io::RowWriter> openSamples(io::OutputFile& file, io::Format format, const SampleLayout& l) {
    switch (format) {
        case io::Format::Png:
            return io::openPng(file, io::PngLayout{l.width, l.height, l.channels, l.bits, l.record, l.threads, l.digest});
        case io::Format::Exr:
            return io::openExr(file, io::ExrLayout{l.width, l.height, l.exrChannels, l.record, l.threads, l.digest});
        case io::Format::Raw16:
        case io::Format::RawF32:
            return io::openRaw(file, static_cast<std::size_t>(l.width) * static_cast<std::size_t>(l.channels) *
                                         static_cast<std::size_t>(l.bits / 8));
    }
    throw std::logic_error("format");
}

void writeArray(const std::string& path, const float* data, int width, int height, int channels, ValueRange range,
                int bits) {
    const io::Format format = io::formatForPath(path);
    const io::FormatInfo& f = io::formatInfo(format);
    if (bits != 0 && std::find(f.bits.begin(), f.bits.end(), bits) == f.bits.end()) {
        std::string held;
        for (std::size_t i = 0; i < f.bits.size(); ++i) held += (i ? " or " : "") + std::to_string(f.bits[i]);
        throw ValidationError(Violation{"bits", std::to_string(bits) + ": must be " + held + " for " + f.extensions.front()});
    }
    std::unique_ptr<io::OutputFile> out = claimOutput(path);
    SampleLayout layout{width, height, channels, bits != 0 ? bits : f.bits.front(), exrChannels(channels), "", 0, false};
    const std::unique_ptr<io::RowWriter> writer = openSamples(*out, format, layout);
    const std::size_t rowFloats = static_cast<std::size_t>(width) * static_cast<std::size_t>(channels);
    if (layout.bits == 32) {
        writer->writeRows(data, height);
    } else {
        // Quantized a row at a time: 8 bits for a .png of 8, else 16 in host order.
        std::vector<std::uint8_t> row8(layout.bits == 8 ? rowFloats : 0);
        std::vector<std::uint16_t> row16(layout.bits == 16 ? rowFloats : 0);
        for (int y = 0; y < height; ++y) {
            const float* src = data + static_cast<std::size_t>(y) * rowFloats;
            if (layout.bits == 16) {
                io::quantize16(src, 1, rowFloats, range, row16.data());
                writer->writeRows(row16.data(), 1);
            } else {
                io::quantize8(src, 1, rowFloats, range, row8.data());
                writer->writeRows(row8.data(), 1);
            }
        }
    }
    writer->finish();
    out->commit();
}

}  // namespace glnoise::app
