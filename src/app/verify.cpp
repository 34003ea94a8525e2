// SPDX-License-Identifier: MIT
#include "app/verify.hpp"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "app/bake.hpp"
#include "app/digest.hpp"
#include "app/erode.hpp"
#include "app/preset.hpp"
#include "app/record.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A failed check names the file first: "PATH: why".
[[noreturn]] void fail(const std::string& path, const std::string& why) { throw Error(path + ": " + why); }

// readRecord's messages start "from PATH: ..."; verify's name the path alone.
std::string record(const std::string& path) {
    try {
        return io::readRecord(path);
    } catch (const Error& e) {
        const std::string m = e.what();
        throw Error(m.compare(0, 5, "from ") == 0 ? m.substr(5) : m);
    }
}

// The record, read as bake --from reads it: a record --from would refuse fails verify too,
// with --from's words.
nlohmann::json parsed(const std::string& text, const std::string& path) {
    try {
        nlohmann::json j = parseJson(text, path, "its glnoise record");
        if (!j.is_object()) fail(path, "its glnoise record is not a JSON object");
        if (isErosionRecord(j)) (void)erosionFromRecord(j, path);  // an eroded heightmap or its mask
        else (void)requestFromRecord(text, path);
        return j;
    } catch (const ValidationError& e) {
        throw Error(e.what());
    }
}

// A key of the record's "stored" object, of the type asked for.
const nlohmann::json& stored(const nlohmann::json& rec, const char* key, const std::string& path) {
    if (!rec.contains("stored") || !rec["stored"].is_object() || !rec["stored"].contains(key))
        fail(path, std::string("its glnoise record has no stored.") + key);
    return rec["stored"][key];
}

std::uint64_t storedCount(const nlohmann::json& rec, const char* key, const std::string& path) {
    const nlohmann::json& v = stored(rec, key, path);
    if (!v.is_number_unsigned()) fail(path, std::string("its record's stored.") + key + " is not a count: " + io::shown(v));
    return v.get<std::uint64_t>();
}

std::string generator(const nlohmann::json& rec) {
    return rec.contains("generator") && rec["generator"].is_string() ? rec["generator"].get<std::string>()
                                                                      : "an unnamed generator";
}

// The data file of a raw output named by itself or by its sidecar, or "" when `path` is
// not a raw output.
std::string rawDataPath(const std::string& path) {
    const std::string data = endsWith(path, ".json") ? path.substr(0, path.size() - 5) : path;
    try {
        return io::formatInfo(io::formatForPath(data)).raw ? data : "";
    } catch (const ValidationError&) {
        return "";
    }
}

struct Checked {
    std::string what;  // "64x64 .r16, 1 channel of 16 bits"
    std::string digest;  // "digest as recorded", or why there is none
};

// The record's stored.digest (since 0.17.0), or null when the record has none.
const nlohmann::json* digestOf(const nlohmann::json& rec, const std::string& path) {
    if (!rec.contains("stored") || !rec["stored"].is_object() || !rec["stored"].contains("digest")) return nullptr;
    const nlohmann::json& d = rec["stored"]["digest"];
    if (!d.is_object() || !d.contains("method") || d["method"] != SampleDigest::kMethod)
        fail(path, "its record's stored.digest is not one glnoise computes (method " +
                       io::shown(d.is_object() && d.contains("method") ? d["method"] : nlohmann::json()) +
                       "; this glnoise knows " + SampleDigest::kMethod + ")");
    return &d;
}

bool isHex64(const std::string& s) {
    return s.size() == 64 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

const std::string kNotTheBake = ": the data is not the bake the record describes (it comes from another bake, or "
                                "changed since)";

// The raw file at dataPath against its sidecar's record: size and layout, then the digest.
Checked checkRaw(const std::string& dataPath, const nlohmann::json& rec, const std::string& sidecar) {
    const std::uint64_t w = storedCount(rec, "width", sidecar), h = storedCount(rec, "height", sidecar),
                        d = storedCount(rec, "depth", sidecar), bits = storedCount(rec, "bits", sidecar);
    const nlohmann::json& channels = stored(rec, "channels", sidecar);
    if (!channels.is_array() || channels.empty()) fail(sidecar, "its record's stored.channels is not a list of names");
    if (bits != 16 && bits != 32) fail(sidecar, "its record's stored.bits is " + std::to_string(bits) + ", not 16 or 32");
    const io::Format format = io::formatForPath(dataPath);
    const std::vector<int>& held = io::formatInfo(format).bits;
    if (std::find(held.begin(), held.end(), static_cast<int>(bits)) == held.end())
        fail(dataPath, "its sidecar " + sidecar + " describes " + std::to_string(bits) + "-bit samples; a " +
                           io::extensionOf(format) + " holds " + std::to_string(held.front()));
    if (w == 0 || h == 0 || d == 0 || w > (1u << 20) || h > (1u << 20) || d > (1u << 20))
        fail(sidecar, "its record's stored size " + std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(d) +
                          " is not one glnoise bakes");
    const std::uint64_t expected = w * h * d * channels.size() * (bits / 8);
    std::error_code ec;
    const auto status = std::filesystem::status(dataPath, ec);
    if (!std::filesystem::exists(status)) fail(dataPath, "no such file (its sidecar " + sidecar + " is there)");
    if (!std::filesystem::is_regular_file(status)) fail(dataPath, "not a regular file");
    const std::uint64_t size = std::filesystem::file_size(dataPath, ec);
    if (ec) fail(dataPath, "cannot read its size: " + ec.message());
    Checked c;
    c.what = std::to_string(w) + "x" + std::to_string(h) + (d > 1 ? "x" + std::to_string(d) : "") + " " +
             io::extensionOf(format) + ", " + std::to_string(channels.size()) + " channel" +
             (channels.size() == 1 ? "" : "s") + " of " + std::to_string(bits) + " bits";
    if (size != expected)
        fail(dataPath, "holds " + std::to_string(size) + " bytes, but its sidecar " + sidecar + " describes " + c.what +
                           ", " + std::to_string(expected) + " bytes: the data is not what the sidecar records");
    if (const nlohmann::json* d = digestOf(rec, sidecar)) {
        if (!d->contains("value") || !(*d)["value"].is_string() || !isHex64((*d)["value"].get<std::string>()))
            fail(sidecar, "its record's stored.digest.value is not 64 hex digits: " +
                              io::shown(d->contains("value") ? (*d)["value"] : nlohmann::json()));
        const std::string want = (*d)["value"].get<std::string>();
        const FileDigest got = sampleDigestOfFile(dataPath);
        if (got.hex != want)
            fail(dataPath, "its samples' digest is " + got.hex + ", but its sidecar " + sidecar + " records " + want +
                               kNotTheBake);
        c.digest = "digest of its samples as recorded";
        return c;
    }
    if (!rec["stored"].contains("sha256")) {
        c.digest = "no digest recorded (" + generator(rec) + " wrote none): its size matches";
        return c;
    }
    const nlohmann::json& want = rec["stored"]["sha256"];
    if (!want.is_string() || want.get<std::string>().size() != 64)
        fail(sidecar, "its record's stored.sha256 is not 64 hex digits: " + io::shown(want));
    const FileDigest got = digestFile(dataPath);
    if (got.hex != want.get<std::string>())
        fail(dataPath, "its SHA-256 is " + got.hex + ", but its sidecar " + sidecar + " records " +
                           want.get<std::string>() +
                           ": the data is not the bake the sidecar describes (it comes from another bake, or "
                           "changed since)");
    c.digest = "SHA-256 as recorded";
    return c;
}

// The size a record gives ("WxH" or "WxHxD").
Grid recordSize(const nlohmann::json& rec, const std::string& path) {
    if (!rec.contains("size") || !rec["size"].is_string()) fail(path, "its glnoise record has no size");
    try {
        return parseSize(rec["size"].get<std::string>(), 1 << 20);
    } catch (const ValidationError& e) {
        fail(path, std::string("its glnoise record's ") + e.what());
    }
}

// An image against its own record: the size, the bits and the channels it says it stored,
// every row decoded, and the digest of its samples against the one it holds (since 0.17.0).
std::string checkImage(const std::string& path, const nlohmann::json& rec) {
    const Grid g = recordSize(rec, path);
    const nlohmann::json* recorded = digestOf(rec, path);
    std::vector<std::string> order;  // an EXR's channels in the order of the bake's samples
    if (recorded && rec["stored"].contains("exr_channels") && rec["stored"]["exr_channels"].is_array())
        for (const auto& c : rec["stored"]["exr_channels"])
            if (c.is_string()) order.push_back(c.get<std::string>());
    io::ImageFacts facts;
    SampleDigest digest;
    try {
        facts = io::readWholeImage(
            path, recorded ? io::SampleSink([&](const void* data, std::size_t bytes) {
                checkReadStop();
                digest.update(data, bytes);
            })
                           : io::SampleSink(),
            order);
    } catch (const IoError& e) {
        throw Error(e.what());
    }
    const std::uint64_t bits = storedCount(rec, "bits", path);
    const nlohmann::json& channels = stored(rec, "channels", path);
    const std::string found = std::to_string(facts.width) + "x" + std::to_string(facts.height);
    if (facts.width != g.width || facts.height != g.height)
        fail(path, "is " + found + ", but its record says " + rec["size"].get<std::string>());
    if (static_cast<std::uint64_t>(facts.bits) != bits)
        fail(path, "holds " + std::to_string(facts.bits) + "-bit samples, but its record says " + std::to_string(bits));
    if (!channels.is_array() || facts.channels.size() != channels.size())
        fail(path, "holds " + std::to_string(facts.channels.size()) + " channels, but its record says " + io::shown(channels));
    std::string said = "every row read, as its record says";
    if (recorded) {
        const std::string where = endsWith(path, ".png") || endsWith(path, ".PNG") ? "tEXt chunk glnoise-digest"
                                                                                     : "attribute glnoiseDigest";
        if (!isHex64(facts.digest))
            fail(path, "its record says it holds a digest of its samples, but its " + where +
                           (facts.digest.empty() ? " is missing" : " is not 64 hex digits") +
                           ": the file was rewritten by another tool, or cut short");
        const std::string got = digest.hex();
        if (got != facts.digest)
            fail(path, "its samples' digest is " + got + ", but it records " + facts.digest +
                           ": the pixels are not the ones glnoise baked (repainted, or changed since)");
        said += "; digest of its samples as recorded";
    } else {
        said += "; it holds no digest of its samples (" + generator(rec) + " wrote none)";
    }
    return found + " " + (endsWith(path, ".exr") || endsWith(path, ".EXR") ? "OpenEXR" : "PNG") + ", " +
           std::to_string(facts.channels.size()) + " channel" + (facts.channels.size() == 1 ? "" : "s") + " of " +
           std::to_string(facts.bits) + " bits, " + said;
}

// A volume's slices: slice 0's record gives the depth; every slice must be there, whole,
// and from the same bake (its record equal to slice 0's but for the slice number).
std::string checkSlices(const std::string& pattern) {
    const std::string first = slicePath(pattern, 0);
    nlohmann::json rec = parsed(record(first), first);
    const Grid g = recordSize(rec, first);
    std::vector<std::string> problems;
    for (int z = 0; z < g.depth && problems.size() < 5; ++z) {
        const std::string path = slicePath(pattern, z);
        try {
            nlohmann::json own = parsed(record(path), path);
            nlohmann::json want = rec;
            want["slice"] = z;
            if (own != want)
                fail(path, "its record is not slice " + std::to_string(z) + " of the bake slice 0 (" + first +
                               ") records: the set mixes bakes");
            checkImage(path, own);
        } catch (const Error& e) {
            problems.push_back(e.what());
        }
    }
    if (!problems.empty()) {
        std::string all = "the slices of " + rec["size"].get<std::string>() + " are not one whole bake: ";
        for (std::size_t i = 0; i < problems.size(); ++i) all += (i ? "; " : "") + problems[i];
        fail(pattern, all);
    }
    return toString(g) + " as PNG slices, each read whole" +
           (digestOf(rec, first) ? " and each as its digest says" : "") + ", all from one bake; made by " + generator(rec);
}

}  // namespace

std::string verifyOutput(const std::string& path) {
    std::string patternError;
    if (slicePattern(path, &patternError) && patternError.empty()) return path + ": ok: " + checkSlices(path);
    const bool sidecarGiven = endsWith(path, ".json");
    const std::string data = sidecarGiven ? path.substr(0, path.size() - 5) : path;
    try {
        (void)io::formatForPath(data);
    } catch (const ValidationError&) {
        fail(path, "not a glnoise output; allowed: .png, .exr, .r16, .raw, .r32, a raw file's .json sidecar, or a "
                   "volume's slice pattern");
    }
    const nlohmann::json rec = parsed(record(path), path);
    if (!rawDataPath(path).empty()) {
        const Checked c = checkRaw(data, rec, data + ".json");
        return data + ": ok: " + c.what + ", as its sidecar " + data + ".json records; " + c.digest + "; made by " +
               generator(rec);
    }
    if (sidecarGiven) fail(path, "a sidecar belongs to a .r16, .raw or .r32 file");
    std::string what = checkImage(path, rec);
    if (rec.contains("slice") && rec["slice"].is_number_integer())
        what += ", slice " + std::to_string(rec["slice"].get<long long>()) + " of a volume (verify the set with its pattern)";
    return path + ": ok: " + what + "; made by " + generator(rec);
}

void checkAgainstRecord(const std::string& path, const std::string& recordText, const std::string& source) {
    const std::string data = rawDataPath(path);
    if (endsWith(path, ".json") && data.empty()) return;  // a preset-like record file of its own
    try {
        const nlohmann::json rec = parseJson(recordText, source, "its glnoise record");
        if (!data.empty()) {
            (void)checkRaw(data, rec, data + ".json");
        } else if (digestOf(rec, path)) {  // an image that holds a digest: its pixels must be the bake's
            (void)checkImage(path, rec);
        }
    } catch (const IoError&) {
        throw;
    } catch (const Interrupted&) {
        throw;  // a stop signal while the file was read: not the file's fault
    } catch (const Error& e) {
        const std::string m = e.what();
        const std::string tail = m.compare(0, path.size() + 2, path + ": ") == 0 ? m.substr(path.size() + 2) : m;
        throw ValidationError(source + ": " + tail + "; re-bake from a file glnoise verify passes (glnoise verify " +
                              (data.empty() ? path : data) + ")");
    }
}

}  // namespace glnoise::app
