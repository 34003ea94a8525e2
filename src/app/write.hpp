// SPDX-License-Identifier: MIT
// Arrays to files: the one switch from a format to its writer, used by a bake (its bands,
// with a record and a digest) and by Python's glnoise.write (any array, no record).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "glnoise/io.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

// An OpenEXR file's channels, named by what they hold, so that viewers show the image and
// not an alpha. Noise of a known output: the value as Y (gray); a gradient's derivatives as
// the layer "gradient" (X Y Z); a normal map as R G B and its height as the layer "value".
// Any other array: Y, or R G B, or R G B A, by its channel count.
std::vector<std::string> exrChannels(int channels, std::optional<Output> output = std::nullopt);

// How the samples of a file are laid out: rows of width texels of `channels` samples of
// `bits` bits (.png: 8 or 16; .r16: 16; .exr and .r32: float32 at 32).
struct SampleLayout {
    int width = 0, height = 0;
    int channels = 1;
    int bits = 8;
    std::vector<std::string> exrChannels = {"Y"};
    std::string record;    // "" for none
    unsigned threads = 0;  // the PNG and EXR encoders' (0: one per core)
    bool digest = false;   // whether the writer takes a digest (io::RowWriter::setDigest)
};

// The writer of `format` for rows of the layout's samples, in the file's own order.
std::unique_ptr<io::RowWriter> openSamples(io::OutputFile& file, io::Format format, const SampleLayout& layout);

// Writes an array of float32 samples (height rows of width x channels, channels 1, 3 or 4)
// to `path` in the format its extension names, mapping `range` to 0..255 or 0..65535 for
// .png (8 or 16 bits; 0: 8) and .r16, and committing the file. A bad path or bits the format
// does not hold are a ValidationError.
void writeArray(const std::string& path, const float* data, int width, int height, int channels, ValueRange range,
                int bits);

// writeArray for one channel, named `channel`, with a glnoise record: `record` as given
// with its "stored" object filled in (format, bits, the mapping and range, the layout and
// the digest of the samples), in the image or in a raw file's .json sidecar, committed
// with the data. The same digests a bake records, so that verify and --from read it.
void writeRecorded(const std::string& path, const std::vector<float>& data, int width, int height, ValueRange range,
                   int bits, const std::string& channel, nlohmann::json record);

}  // namespace glnoise::app
