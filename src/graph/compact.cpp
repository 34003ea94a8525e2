// SPDX-License-Identifier: MIT
// A graph's compact form (glnoise/graph.hpp, docs/graphs.md "Compact form"): one line of
// URL-safe text for a game's data or a link. "gln1." then base64url (RFC 4648 section 5,
// no padding) of the graph's JSON (Graph::json, minified) deflated by zlib, followed by the
// CRC-32 of those deflated bytes, 4 bytes big-endian. The number after "gln" is the form
// of this envelope; the JSON inside names its graph format (glnoise_graph) as a file does.
#include <zlib.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/spec_json.hpp"
#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/io.hpp"

namespace glnoise {

namespace {

constexpr int kCompactForm = 1;
constexpr std::string_view kBase64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string_view trimmedText(std::string_view text) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
    while (!text.empty() && space(text.front())) text.remove_prefix(1);
    while (!text.empty() && space(text.back())) text.remove_suffix(1);
    return text;
}

// The form number of text that begins "gln", 1 to 3 digits and ".", or -1.
int compactForm(std::string_view text) {
    if (text.substr(0, 3) != "gln") return -1;
    std::size_t i = 3;
    int form = 0;
    while (i < text.size() && i < 6 && text[i] >= '0' && text[i] <= '9') form = form * 10 + (text[i++] - '0');
    return i > 3 && i < text.size() && text[i] == '.' ? form : -1;
}

std::string base64url(const std::vector<unsigned char>& bytes) {
    std::string out;
    out.reserve((bytes.size() * 4 + 2) / 3);
    std::uint32_t bits = 0;
    int count = 0;
    for (unsigned char b : bytes) {
        bits = (bits << 8) | b;
        count += 8;
        while (count >= 6) {
            count -= 6;
            out += kBase64Url[(bits >> count) & 63u];
        }
    }
    if (count > 0) out += kBase64Url[(bits << (6 - count)) & 63u];
    return out;
}

}  // namespace

bool isCompactGraph(std::string_view text) { return compactForm(trimmedText(text)) >= 0; }

std::string Graph::compact() const {
    const std::string text = json(-1);
    uLongf size = compressBound(static_cast<uLong>(text.size()));
    std::vector<unsigned char> packed(size);
    if (compress2(packed.data(), &size, reinterpret_cast<const Bytef*>(text.data()), static_cast<uLong>(text.size()),
                  Z_BEST_COMPRESSION) != Z_OK)
        throw Error("zlib could not deflate a graph's JSON");
    packed.resize(size);
    const uLong crc = crc32(0L, packed.data(), static_cast<uInt>(packed.size()));
    for (int shift = 24; shift >= 0; shift -= 8) packed.push_back(static_cast<unsigned char>((crc >> shift) & 0xffu));
    return "gln" + std::to_string(kCompactForm) + "." + base64url(packed);
}

std::string compactGraphJson(std::string_view given, const std::string& source) {
    const std::string_view text = trimmedText(given);
    auto fail = [&](const std::string& what) { throw ValidationError(source + ": " + what); };
    const int form = compactForm(text);
    if (form < 0) fail("is not a compact graph (\"gln1.\" and its letters)");
    if (form != kCompactForm)
        fail("compact form " + std::to_string(form) + ": this glnoise reads form " + std::to_string(kCompactForm) +
             " (\"gln1.\"); a newer glnoise wrote it");
    const std::string_view body = text.substr(text.find('.') + 1);
    std::vector<unsigned char> bytes;
    bytes.reserve(body.size() * 3 / 4);
    std::uint32_t bits = 0;
    int count = 0;
    for (std::size_t i = 0; i < body.size(); ++i) {
        const std::size_t v = kBase64Url.find(body[i]);
        if (v == std::string_view::npos)
            fail("character " + std::to_string(i + 1) + " after \"gln1.\" is " + io::shownKey(std::string(1, body[i])) +
                 "; a compact graph is letters, digits, '-' and '_'");
        bits = (bits << 6) | static_cast<std::uint32_t>(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            bytes.push_back(static_cast<unsigned char>((bits >> count) & 0xffu));
        }
    }
    const char* cut = "the string is cut short or altered: copy it whole";
    if (count >= 6 || bytes.size() < 6) fail(std::string("its length does not hold a graph; ") + cut);
    // A last character's bits past the last byte are 0 in the one encoding of the bytes.
    if ((bits & ((1u << count) - 1u)) != 0) fail(std::string("its last character ends no whole byte; ") + cut);
    const std::size_t n = bytes.size() - 4;
    const uLong want = (uLong{bytes[n]} << 24) | (uLong{bytes[n + 1]} << 16) | (uLong{bytes[n + 2]} << 8) | uLong{bytes[n + 3]};
    if (crc32(0L, bytes.data(), static_cast<uInt>(n)) != want) fail(std::string("its check (CRC-32) does not match; ") + cut);
    std::string json(io::kMaxSmallFile, '\0');
    uLongf size = static_cast<uLongf>(json.size());
    const int status = uncompress(reinterpret_cast<Bytef*>(json.data()), &size, bytes.data(), static_cast<uLong>(n));
    if (status == Z_BUF_ERROR) fail("unpacks to more than 1 MiB; a graph is a small JSON text");
    if (status != Z_OK) fail(std::string("does not unpack (zlib: ") + zError(status) + "); " + cut);
    json.resize(size);
    return json;
}

}  // namespace glnoise
