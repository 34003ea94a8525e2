// SPDX-License-Identifier: MIT
#include "app/write.hpp"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "app/bake.hpp"
#include "app/digest.hpp"

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

void writeRecorded(const std::string& path, const std::vector<float>& data, int width, int height, ValueRange range,
                   int bits, const std::string& channel, nlohmann::json record) {
    const io::Format format = io::formatForPath(path);
    const io::FormatInfo& f = io::formatInfo(format);
    if (bits == 0) bits = f.bits.front();
    if (std::find(f.bits.begin(), f.bits.end(), bits) == f.bits.end())
        throw ValidationError(Violation{"bits", std::to_string(bits) + ": not held by " + f.extensions.front()});
    const std::string top = bits == 16 ? "65535" : "255";
    nlohmann::json stored;
    stored["format"] = f.name;
    stored["bits"] = bits;
    stored["channels"] = {channel};
    if (bits == 32) {
        stored["mapping"] = "none: float32 values";
    } else {
        stored["mapping"] = "round((value - min) / (max - min) * " + top + "), clamped to 0.." + top;
        stored["range"] = {range.min, range.max};
    }
    nlohmann::json digest;
    digest["method"] = SampleDigest::kMethod;
    digest["of"] = std::string("the samples as stored, each a little-endian ") +
                   (bits == 32 ? "float32" : bits == 16 ? "uint16" : "uint8") + ", rows from y = 0, in chunks of 4 MiB";
    if (!f.raw) digest["in"] = f.digestIn;
    if (f.namedChannels) stored["exr_channels"] = exrChannels(1);
    stored["digest"] = digest;
    const std::size_t texels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    if (f.raw) {
        stored["bytes"] = static_cast<std::uint64_t>(texels) * static_cast<std::uint64_t>(bits / 8);
        stored["byte_order"] = "little";
        stored["width"] = width;
        stored["height"] = height;
        stored["depth"] = 1;
        stored["layout"] = "x, then y; the first row is y = 0";
    }
    record["size"] = std::to_string(width) + "x" + std::to_string(height);
    std::unique_ptr<io::OutputFile> out = claimOutput(path);
    std::unique_ptr<io::OutputFile> sidecar = f.raw ? claimOutput(path + ".json") : nullptr;
    // The record an image holds is written before its samples; its digest comes after them.
    record["stored"] = stored;
    SampleLayout layout{width, height, 1, bits, exrChannels(1), f.raw ? "" : record.dump(2), 0, !f.raw};
    const std::unique_ptr<io::RowWriter> writer = openSamples(*out, format, layout);
    SampleDigest sha;
    std::vector<std::uint8_t> row8(bits == 8 ? static_cast<std::size_t>(width) : 0);
    std::vector<std::uint16_t> row16(bits == 16 ? static_cast<std::size_t>(width) : 0);
    for (int y = 0; y < height; ++y) {
        const float* src = data.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(width);
        const std::size_t n = static_cast<std::size_t>(width);
        if (bits == 32) {
            sha.update(src, n * 4);
            writer->writeRows(src, 1);
        } else if (bits == 16) {
            io::quantize16(src, 1, n, range, row16.data());
            sha.update(row16.data(), n * 2);
            writer->writeRows(row16.data(), 1);
        } else {
            io::quantize8(src, 1, n, range, row8.data());
            sha.update(row8.data(), n);
            writer->writeRows(row8.data(), 1);
        }
    }
    const std::string hex = sha.hex();
    std::vector<io::OutputFile*> files{out.get()};
    if (f.raw) {
        writer->finish();
        record["stored"]["digest"]["value"] = hex;
        const std::string json = record.dump(2) + "\n";
        sidecar->write(json.data(), json.size());
        files.push_back(sidecar.get());
    } else {
        writer->setDigest(hex);
        writer->finish();
    }
    io::OutputFile::commitTogether(files);
}

}  // namespace glnoise::app
