// SPDX-License-Identifier: MIT
// Reading what glnoise wrote: records (a PNG's text chunk, an EXR's attribute, a raw
// file's sidecar), small JSON files, and whole images.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/io/internal.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::io {

using detail::endsWith;

namespace {

// Refuses what is not a regular file: a missing path, a directory, a FIFO or a device
// (reading /dev/zero would never end).
void requireRegularFile(const std::string& path, const std::string& field) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) throw ValidationError(Violation{field, path + ": no such file"});
    if (!std::filesystem::is_regular_file(status)) throw ValidationError(Violation{field, path + ": not a regular file"});
}

}  // namespace

std::string readSmallFile(const std::string& path, const std::string& field) {
    requireRegularFile(path, field);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw ValidationError(Violation{field, path + ": cannot read it: " + std::strerror(errno)});
    std::string text;
    char buf[65536];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
        text.append(buf, n);
        if (text.size() > kMaxSmallFile) {
            std::fclose(f);
            throw ValidationError(Violation{field, path + ": larger than " + std::to_string(kMaxSmallFile >> 20) +
                                                         " MiB; a preset or record is a small JSON file"});
        }
    }
    const bool bad = std::ferror(f) != 0;
    std::fclose(f);
    if (bad) throw IoError("reading " + path + " failed");
    return text;
}

void checkJsonLimits(const std::string& text, const std::string& source, const std::string& what) {
    const std::string whose = (source.empty() ? "" : source + ": ") + (what.empty() ? "" : what + " ");
    if (text.size() > kMaxSmallFile)
        throw ValidationError(whose + "is " + std::to_string(text.size()) + " bytes; at most " +
                              std::to_string(kMaxSmallFile) + " (1 MiB) are read");
    // Text first: a byte that JSON text never holds (a control character other than tab,
    // newline and return, or one of no UTF-8 sequence) is a binary file, whatever else
    // its bytes would say.
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 && c >= 0xC2 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 && c <= 0xF4 ? 4 : 0;
        bool ok = n > 0 && i + n <= text.size() && (n > 1 || c >= 0x20 || c == '\t' || c == '\n' || c == '\r') && c != 0x7F;
        for (std::size_t k = 1; ok && k < n; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        if (!ok) {
            const char* digits = "0123456789abcdef";
            throw ValidationError(whose + "is not JSON text: byte " + std::to_string(i) + " is 0x" + digits[c >> 4] +
                                  digits[c & 15] + (n == 1 ? ", a control character" : ", not UTF-8") +
                                  " (a binary file?); JSON is UTF-8 text");
        }
        i += n;
    }
    int depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            // A number too small for a double reads as 0 or a subnormal: named in its own
            // words here, where the parser would quietly keep what it became.
            std::size_t end = i;
            while (end < text.size() && std::strchr("0123456789+-.eE", text[end]) && text[end] != '\0') ++end;
            const std::string token = text.substr(i, std::min<std::size_t>(end - i, 64));
            errno = 0;
            const double v = std::strtod(token.c_str(), nullptr);
            if (errno == ERANGE && !std::isinf(v))
                throw ValidationError(whose + "holds the number " + token + " (at byte " + std::to_string(i) +
                                      "), too small for a double (below 2.2250738585072014e-308 in magnitude); give 0 "
                                      "or a larger number");
            i = end - 1;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                throw ValidationError(whose + "nests arrays and objects more than " + std::to_string(kMaxJsonDepth) +
                                      " deep (at byte " + std::to_string(i) + "); at most " +
                                      std::to_string(kMaxJsonDepth) + " levels are read");
        } else if (c == ']' || c == '}') {
            depth = depth > 0 ? depth - 1 : 0;
        }
    }
}

std::string readRecord(const std::string& path) {
    std::string record;
    if (endsWith(path, ".json")) {
        record = readSmallFile(path, "from");
    } else {
        Format format{};
        try {
            format = formatForPath(path);
        } catch (const ValidationError&) {
            throw ValidationError(Violation{"from", path + ": not a glnoise file; allowed: .png, .exr, or a raw file's .json "
                                  "sidecar"});
        }
        if (formatInfo(format).raw) {
            record = readSmallFile(path + ".json", "from");
        } else {
            requireRegularFile(path, "from");
            if (format == Format::Exr) {
                record = detail::exrRecord(path);
            } else {
                const std::vector<std::string> records = detail::pngRecords(path);
                if (records.size() > 1)
                    throw ValidationError(Violation{"from", path + ": holds " + std::to_string(records.size()) +
                                          " glnoise records (text chunks \"glnoise\"); a glnoise file holds one, "
                                          "and which one made the image cannot be told"});
                if (!records.empty()) record = records.front();
            }
        }
    }
    if (record.empty()) throw ValidationError(Violation{"from", path + ": holds no glnoise record"});
    try {
        checkJsonLimits(record, path, "its glnoise record");
    } catch (const ValidationError& e) {
        throw ValidationError(Violation{"from", e.what()});
    }
    return record;
}

ImageFacts readWholeImage(const std::string& path, const SampleSink& sink, const std::vector<std::string>& order) {
    Format format{};
    try {
        format = formatForPath(path);
    } catch (const ValidationError& e) {
        throw IoError(path + ": " + e.what());
    }
    if (format == Format::Exr) return detail::readWholeExr(path, sink, order);
    if (format != Format::Png) throw IoError(path + ": not an image; .png and .exr are");
    return detail::readWholePng(path, sink);
}

}  // namespace glnoise::io
