// glnoise/io.hpp: writing images without ever leaving a half-written file.
//
//   glnoise::io::OutputFile out("noise.png");   // checks the path now: ValidationError
//   ... compute ...
//   glnoise::io::writePng8(image, range, out);  // writes a temporary file beside it
//   out.commit();                               // renames it into place
//
// An OutputFile that is destroyed without commit() removes its temporary file, so a
// failure (or an exception) leaves whatever was at the path before untouched.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "glnoise/image.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::io {

enum class Format {
    Png8,    // .png: 8-bit grayscale, values mapped from a ValueRange to 0..255
    RawF32,  // .r32: little-endian float32, with a JSON sidecar FILE.json
};

// From the file extension; throws ValidationError naming the allowed extensions.
Format formatForPath(const std::string& path);

// round((v - min) / (max - min) * 255), clamped to [0, 255]. NaN maps to 0.
std::uint8_t quantize8(float value, ValueRange range) noexcept;

class OutputFile {
public:
    // Throws ValidationError when path is empty, a directory, or in a directory that is
    // missing or not writable. Creates the temporary file beside path.
    explicit OutputFile(std::string path);
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile();

    const std::string& path() const noexcept { return path_; }
    // Appends bytes to the temporary file; throws IoError.
    void write(const void* data, std::size_t bytes);
    // Flushes, closes and renames the temporary file over path; throws IoError.
    void commit();

private:
    std::string path_;
    std::string temp_;
    int fd_ = -1;
    bool committed_ = false;
};

// Channel 0 of the image as 8-bit gray.
void writePng8(const Image& image, ValueRange range, OutputFile& out);
// The listed channels of each texel (1: gray, 3: RGB, 4: RGBA), each mapped from range.
void writePng8Channels(const Image& image, const std::vector<int>& channels, ValueRange range, OutputFile& out);
// 8-bit pixels, `channels` (1 gray, 3 RGB, 4 RGBA) per pixel, rows top to bottom.
void writePng(const std::uint8_t* pixels, int width, int height, int channels, OutputFile& out);
void writeRawF32(const Image& image, OutputFile& out);

}  // namespace glnoise::io

namespace glnoise::io {

// The sidecar of a .r32 file: size, layout, the full spec and the glnoise version, as JSON.
std::string rawSidecarJson(const Image& image, const NoiseSpec& spec);
// The full spec as JSON (every field, seed null for Ken Perlin's table).
std::string specJson(const NoiseSpec& spec);

}  // namespace glnoise::io
