// SPDX-License-Identifier: MIT
// Formats by extension, and the quantisation of values to 8 and 16 bits.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/io/internal.hpp"
#include "core/simd.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::io {

namespace detail {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string parentDirectory(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace detail

using detail::endsWith;

Format formatForPath(const std::string& path) {
    // The extension in any case: UP.PNG is a PNG.
    std::string lower = path.substr(path.size() < 4 ? 0 : path.size() - 4);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (endsWith(lower, ".png")) return Format::Png;
    if (endsWith(lower, ".exr")) return Format::Exr;
    if (endsWith(lower, ".r16") || endsWith(lower, ".raw")) return Format::Raw16;
    if (endsWith(lower, ".r32")) return Format::RawF32;
    throw ValidationError(Violation{"out", path +
                          ": unknown file type; allowed: .png (8- or 16-bit), .exr (float32), .r16 or .raw "
                          "(16-bit raw + .json sidecar), .r32 (float32 raw + .json sidecar)"});
}

const char* extensionOf(Format format) {
    switch (format) {
        case Format::Png: return ".png";
        case Format::Exr: return ".exr";
        case Format::Raw16: return ".r16";
        case Format::RawF32: return ".r32";
    }
    return "";
}

namespace {
double mapped(float value, ValueRange range, double top) {
    const double t = (static_cast<double>(value) - range.min) / (range.max - range.min);
    return std::min(top, std::max(0.0, std::round(t * top)));
}
}  // namespace

std::uint8_t quantize8(float value, ValueRange range) noexcept {
    if (std::isnan(value)) return 0;
    return static_cast<std::uint8_t>(mapped(value, range, 255.0));
}

std::uint16_t quantize16(float value, ValueRange range) noexcept {
    if (std::isnan(value)) return 0;
    return static_cast<std::uint16_t>(mapped(value, range, 65535.0));
}

// Contiguous values go through the SIMD backend's vectors (core/simd.cpp), which leave
// the last few, and strided ones, to the one-value functions.
void quantize8(const float* values, std::size_t stride, std::size_t count, ValueRange range,
               std::uint8_t* out) noexcept {
    std::size_t i = stride == 1 ? cpu::simd::quantize(values, count, range.min, range.max - range.min, out) : 0;
    for (; i < count; ++i) out[i] = quantize8(values[i * stride], range);
}

void quantize16(const float* values, std::size_t stride, std::size_t count, ValueRange range,
                std::uint16_t* out) noexcept {
    std::size_t i = stride == 1 ? cpu::simd::quantize(values, count, range.min, range.max - range.min, out) : 0;
    for (; i < count; ++i) out[i] = quantize16(values[i * stride], range);
}

}  // namespace glnoise::io
