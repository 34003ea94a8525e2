// SPDX-License-Identifier: MIT
// Formats by extension, and the quantisation of values to 8 and 16 bits.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

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


const std::vector<FormatInfo>& formats() {
    static const std::vector<FormatInfo> rows = [] {
        std::vector<FormatInfo> r(4);
        const auto row = [](FormatInfo& f, Format format, const char* name, std::vector<std::string> extensions,
                            const char* summary, std::vector<int> bits) {
            f.format = format;
            f.name = name;
            f.extensions = std::move(extensions);
            f.summary = summary;
            f.bits = std::move(bits);
        };
        row(r[0], Format::Png, "png", {".png"}, "8- or 16-bit", {8, 16});
        r[0].mapped = r[0].colours = r[0].slices = true;
        r[0].channels = 3;
        r[0].digestIn = "the tEXt chunk glnoise-digest, after the image data";
        row(r[1], Format::Exr, "exr", {".exr"}, "float32", {32});
        r[1].channels = 4;
        r[1].namedChannels = true;
        r[1].qualifier = " OpenEXR";
        r[1].digestIn = "the header's string attribute glnoiseDigest";
        row(r[2], Format::Raw16, "r16", {".r16", ".raw"}, "16-bit raw + .json sidecar", {16});
        r[2].mapped = r[2].raw = r[2].volumes = r[2].heightmap = true;
        r[2].qualifier = " raw";
        row(r[3], Format::RawF32, "r32", {".r32"}, "float32 raw + .json sidecar", {32});
        r[3].raw = r[3].volumes = true;
        r[3].channels = 4;
        return r;
    }();
    return rows;
}

const FormatInfo& formatInfo(Format format) {
    for (const FormatInfo& f : formats())
        if (f.format == format) return f;
    throw std::logic_error("a format without its row");
}

std::string extensionsWhere(bool (*has)(const FormatInfo&)) {
    std::vector<std::string> picked;
    for (const FormatInfo& f : formats())
        if (has(f)) picked.push_back(f.extensions.front());
    std::string text;
    for (std::size_t i = 0; i < picked.size(); ++i)
        text += (i == 0 ? "" : i + 1 == picked.size() ? " or " : ", ") + picked[i];
    return text;
}

Format formatForPath(const std::string& path) {
    // The extension in any case: UP.PNG is a PNG.
    const auto dot = path.find_last_of("./");
    std::string ext = dot == std::string::npos || path[dot] != '.' ? std::string() : path.substr(dot);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string allowed;
    for (const FormatInfo& f : formats()) {
        for (const std::string& e : f.extensions)
            if (ext == e) return f.format;
        std::string names;
        for (std::size_t i = 0; i < f.extensions.size(); ++i) names += (i ? " or " : "") + f.extensions[i];
        allowed += (allowed.empty() ? "" : ", ") + names + " (" + f.summary + ")";
    }
    throw ValidationError(Violation{"out", path + ": unknown file type; allowed: " + allowed});
}

const char* extensionOf(Format format) { return formatInfo(format).extensions.front().c_str(); }

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
