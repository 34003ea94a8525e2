// SPDX-License-Identifier: MIT
#include "app/bake.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <future>
#include <memory>
#include <regex>

#include "app/digest.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "app/record.hpp"
#include "app/write.hpp"
#include "core/format.hpp"
#include "core/parallel.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/version.hpp"

namespace glnoise::app {

namespace {

std::string rangeText(ValueRange r) { return "[" + formatNumber(r.min) + ", " + formatNumber(r.max) + "]"; }

std::string storedFormatName(io::Format f) {
    switch (f) {
        case io::Format::Png: return "png";
        case io::Format::Exr: return "exr";
        case io::Format::Raw16: return "r16";
        case io::Format::RawF32: return "r32";
    }
    return "";
}

}  // namespace

bool slicePattern(const std::string& path, std::string* error) {
    static const std::regex one("%(0[1-9][0-9]?)?d");
    const auto count = std::distance(std::sregex_iterator(path.begin(), path.end(), one), std::sregex_iterator());
    const auto percents = std::count(path.begin(), path.end(), '%');
    if (percents == 0) return false;
    if (count != 1 || percents != 1) *error = "a slice pattern holds one %d or %0Nd (N from 1 to 99) and no other %";
    return true;
}

std::string slicePath(const std::string& pattern, int z) {
    char buf[4096];
    std::snprintf(buf, sizeof buf, pattern.c_str(), z);
    return buf;
}

std::unique_ptr<io::OutputFile> claimOutput(const std::string& path) {
    try {
        return std::make_unique<io::OutputFile>(path);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
}

namespace {

// A request's size, start and slice pattern, checked before anything else; returns
// whether the output is a volume written as one PNG per slice.
bool checkShape(const BakeRequest& r) {
    const Grid& g = r.size;
    std::vector<std::string> v;
    const int edges[3] = {g.width, g.height, g.depth};
    for (int e : edges)
        if (e < 1 || e > kMaxBakeEdge) {
            v.push_back("--size " + toString(g) + ": each edge must be between 1 and " + std::to_string(kMaxBakeEdge));
            break;
        }
    if (r.sharedEdges) {
        if (!r.tile) v.push_back("--shared-edges: places tiles (--tile I,J with --tile-size WxH); this bake is no tile");
        else if (g.width < 2 || g.height < 2 || (g.isVolume() && g.depth < 2))
            v.push_back("--tile-size " + toString(g) +
                        ": tiles that share their edges need each edge at least 2 texels (the stride is one less)");
    }
    // A seamless image wraps on itself: one 2D image of 4D noise, no world position.
    if (r.seamless) {
        if (g.isVolume())
            v.push_back("--seamless: makes a 2D image wrap (4D noise on a torus); a volume would need 6D noise, "
                        "and --size " + toString(g) + " is a volume");
        if (r.tile) v.push_back("--seamless: the image wraps on itself; it is no tile of a world (--tile)");
        if (r.graph) v.push_back("--seamless: takes a spec; a graph's points are its own (--graph)");
        else if (r.spec.dims != 4) v.push_back("--seamless: samples 4D noise; the spec has dims " + std::to_string(r.spec.dims));
        else if (r.spec.pattern != Pattern::None || r.spec.period != std::array<int, 4>{})
            v.push_back("--seamless: wraps the noise itself; a pattern's stripes would bend into rings, and a period "
                        "is the other way to tile (give one or the other)");
    }
    if (!v.empty()) throw ValidationError(v);
    try {
        validateStart(r.start(), g);
    } catch (const ValidationError& e) {
        throw ValidationError("--tile: " + std::string(e.what()));
    }
    // Only a volume takes a slice pattern; in a 2D bake's path a % is a character
    // (50%.png), and a well-formed %d is taken for a forgotten depth.
    std::string patternError;
    const bool pattern = slicePattern(r.out, &patternError);
    if (g.isVolume()) {
        if (!patternError.empty()) throw ValidationError("--out " + r.out + ": " + patternError);
        return pattern;
    }
    if (pattern && patternError.empty())
        throw ValidationError("--out " + r.out + ": a %d slice pattern is for volumes (--size WxHxD)");
    return false;
}

// The stated range of what the request bakes.
ValueRange boundOf(const BakeRequest& r) { return r.graph ? statedRange(*r.graph) : r.spec.statedRange(); }

// Plans a bake, checking in the order `glnoise bake` reports problems in.
struct Planner : BakePlan {
    BakeRequest& r;

    explicit Planner(const BakeRequest& req) : r(request) {
        request = req;
        slices = checkShape(r);
        const Grid& g = r.size;
        volume = g.isVolume();
        try {
            format = io::formatForPath(r.out);
        } catch (const ValidationError& e) {
            throw ValidationError(asFlags(e));
        }
        if (slices && format != io::Format::Png)
            throw ValidationError("--out " + r.out + ": volume slices are written as .png");
        const Output o = r.spec.output;
        valueChannels = cpu::outputChannels(r.spec);
        if (r.graph) r.spec = r.graph->space;
        if (volume && !slices && (format == io::Format::Png || format == io::Format::Exr))
            throw ValidationError("--out " + r.out + ": a " + io::extensionOf(format) +
                                  " holds one 2D image; write a volume as .r16, .r32 or PNG slices (--out 'slice_%04d.png')");
        reconcileMapping(o);
        if (!r.colormap.empty()) {
            try {
                colormap = Colormap::named(r.colormap);
            } catch (const ValidationError& e) {
                throw ValidationError(named("colormap", r.colormapFrom, std::string(e.what()).substr(9)));
            }
        }
        switch (format) {
            case io::Format::Png: bits = r.bits ? r.bits : 8; break;
            case io::Format::Raw16: bits = r.bits ? r.bits : 16; break;
            case io::Format::Exr:
            case io::Format::RawF32: bits = r.bits ? r.bits : 32; break;
        }
        const bool mapped = format == io::Format::Png || format == io::Format::Raw16;
        if (mapped && o == Output::Gradient && !r.range && format == io::Format::Png)
            throw ValidationError(named("output", r.outputFrom, "gradient") +
                                  ": a .png stores d/dx, d/dy, d/dz as RGB mapped from --range MIN,MAX, "
                                  "which gradients need (they have no stated range); or write .exr or .r32");
        if (format == io::Format::Raw16 && o != Output::Value)
            throw ValidationError(named("output", r.outputFrom, toString(o)) +
                                  ": a .r16 holds one channel, the value; write .exr or .r32");
        // The typical range is measured (milliseconds; at most about a second for the
        // dearest graph), so only where something is mapped.
        const auto measured = std::chrono::steady_clock::now();
        range = r.range                                 ? *r.range
                : o == Output::Normal                   ? ValueRange{-1.0, 1.0}
                : r.boundRange || !(mapped || colormap) ? boundOf(r)
                : r.graph                               ? cpu::typicalRange(*r.graph)
                                                        : cpu::typicalRange(r.spec);
        rangeSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - measured).count();
        if ((mapped || colormap) && !(std::isfinite(range.min) && std::isfinite(range.max)))
            throw ValidationError("--range bound: the graph's stated range is unbounded (a position, ramp or distance "
                                  "reaches its output unbounded); give --range MIN,MAX, or leave the typical range");

        // What each texel of the file holds.
        std::vector<std::string> names;
        if (colormap) {
            storedChannels = 3;
            names = {"red", "green", "blue"};
        } else if (mapped) {
            pick = o == Output::Value ? std::vector<int>{0} : o == Output::Normal ? std::vector<int>{0, 1, 2}
                                                                                  : std::vector<int>{1, 2, 3};
            storedChannels = static_cast<int>(pick.size());
            names = o == Output::Value ? std::vector<std::string>{"value"}
                    : o == Output::Normal ? std::vector<std::string>{"nx", "ny", "nz"}
                                          : std::vector<std::string>{"d/dx", "d/dy", "d/dz"};
        } else {
            storedChannels = valueChannels;
            names = o == Output::Value ? std::vector<std::string>{"value"}
                    : o == Output::Normal ? std::vector<std::string>{"nx", "ny", "nz", "value"}
                                          : std::vector<std::string>{"value", "d/dx", "d/dy", "d/dz"};
        }
        storedBytes = static_cast<std::size_t>(storedChannels) * static_cast<std::size_t>(bits / 8);

        const std::string size = toString(g);
        const std::string top = bits == 16 ? "65535" : "255";
        if (colormap) {
            what = size + " 8-bit RGB through the " + r.colormap + " colormap over " + rangeText(range);
        } else if (mapped) {
            const char* kind = o == Output::Value    ? " gray"
                               : o == Output::Normal ? " RGB normal map"
                                                     : " RGB gradient (d/dx, d/dy, d/dz)";
            what = size + " " + std::to_string(bits) + "-bit" + (format == io::Format::Raw16 ? " raw" : "") + kind +
                   ", " + rangeText(range) + " -> 0.." + top;
        } else {
            what = size + (format == io::Format::Exr ? " float32 OpenEXR" : " float32") +
                   (valueChannels == 1 ? "" : " x" + std::to_string(valueChannels));
        }

        // The record.
        nlohmann::json stored;
        stored["format"] = storedFormatName(format);
        stored["bits"] = bits;
        stored["channels"] = names;
        if (colormap) {
            stored["mapping"] = "colormap";
            stored["colormap"] = r.colormap;
            stored["range"] = {range.min, range.max};
        } else if (mapped) {
            stored["mapping"] = "round((value - min) / (max - min) * " + top + "), clamped to 0.." + top;
            stored["range"] = {range.min, range.max};
        } else {
            stored["mapping"] = "none: float32 values";
        }
        // The digest of the samples (SampleDigest), so that a file and its record are known
        // to belong together: a repainted image or a data file from another bake is told
        // apart. A raw file's sidecar holds it, filled in when the data is written; an image
        // holds it itself, after its pixels.
        nlohmann::json digest;
        digest["method"] = SampleDigest::kMethod;
        digest["of"] = std::string("the samples as stored, each a little-endian ") +
                       (bits == 32 ? "float32" : bits == 16 ? "uint16" : "uint8") +
                       ", channels of a pixel together, rows " +
                       (r.flipY ? "from the highest y (--flip-y)" : "from y = 0") + ", in chunks of 4 MiB";
        if (format == io::Format::Png) {
            digest["in"] = "the tEXt chunk glnoise-digest, after the image data";
        } else if (format == io::Format::Exr) {
            digest["in"] = "the header's string attribute glnoiseDigest";
            stored["exr_channels"] = exrChannels(storedChannels, r.spec.output);  // the samples' order, by the file's names
        } else {
            digest["value"] = std::string(64, '0');
        }
        stored["digest"] = digest;
        if (format == io::Format::Raw16 || format == io::Format::RawF32) {
            stored["bytes"] = static_cast<std::uint64_t>(g.texels()) * storedBytes;
            stored["byte_order"] = "little";
            stored["width"] = g.width;
            stored["height"] = g.height;
            stored["depth"] = g.depth;
            stored["layout"] = r.flipY ? "channels of a texel together, then x, then y, then z; the first row is the "
                                         "highest y (--flip-y)"
                                       : "channels of a texel together, then x, then y, then z; the first row is y = 0";
        }
        record["generator"] = std::string("glnoise ") + GLNOISE_VERSION;
        // Without --out, so that a re-bake elsewhere records the same bytes.
        record["command"] = bakeCommand(r, false);
        record["size"] = size;
        record["start"] = r.start();
        if (r.tile) record["tile"] = *r.tile;
        if (r.sharedEdges) record["shared_edges"] = true;
        if (r.flipY) record["flip_y"] = true;
        if (r.spec.output == Output::Normal) record["normals"] = toString(r.normals);
        if (r.seamless) record["seamless"] = true;
        if (r.noOctaveLimit) record["no_octave_limit"] = true;
        record["stored"] = stored;
        const ValueRange stated = r.graph ? statedRange(*r.graph) : r.spec.statedRange();
        record["stated_range"] = {stated.min, stated.max};
        if (r.graph) {
            // The graph whole; the preset holds the mapping alone.
            record["graph"] = nlohmann::json::parse(r.graph->json());
            nlohmann::json mapping = presetJson(r.spec, r.range, r.colormap, r.bits, r.boundRange);
            nlohmann::json preset = nlohmann::json::object();
            for (const char* key : {"colormap", "range", "bits"})
                if (mapping.contains(key)) preset[key] = mapping[key];
            record["preset"] = preset;
        } else {
            record["preset"] = presetJson(r.spec, r.range, r.colormap, r.bits, r.boundRange);
        }
    }
    // How an error or note names a value: the flag when it was typed, else its source and key.
    static std::string named(const std::string& key, const std::string& from, const std::string& value) {
        return from.empty() ? "--" + key + " " + value : from + ": " + key + " " + value;
    }

    // The mapping (colormap, bits, range) against the output format and each other. A value
    // from a preset or record that this output cannot use is dropped, and a note says so;
    // a value typed on the command line that cannot be used is an error naming its flag
    // (and, where another value is in the way, where that one came from).
    void reconcileMapping(Output o) {
        const std::string ext = io::extensionOf(format);
        std::vector<std::string> dropped;  // "range [-1, 1] (why)"
        std::string droppedFrom;
        auto drop = [&](const std::string& what, const std::string& from, const std::string& why) {
            dropped.push_back(what + " (" + why + ")");
            droppedFrom = from;
        };
        const std::string rangeValue = r.range ? formatNumber(r.range->min) + "," + formatNumber(r.range->max) : "bound";
        auto refuse = [&](const std::string& key, const std::string& value, const std::string& why) {
            throw ValidationError("--" + key + " " + value + ": " + why);
        };
        // The colormap: 8-bit RGB of the value, as .png.
        if (!r.colormap.empty()) {
            std::string why;
            if (format != io::Format::Png) why = ext + " stores the values, not colours";
            else if (o != Output::Value) why = "it maps values; --output " + std::string(toString(o)) + " is not one";
            else if (r.bits == 16 && r.bitsFrom.empty() && !r.colormapFrom.empty()) why = "--bits 16 asks for 16-bit gray";
            if (!why.empty()) {
                if (r.colormapFrom.empty()) {
                    if (format != io::Format::Png)
                        refuse("colormap", r.colormap, "colours are written as .png; " + ext + " stores the values");
                    refuse("colormap", r.colormap, "maps values; " + named("output", r.outputFrom, toString(o)) + " is not one");
                }
                drop("colormap " + r.colormap, r.colormapFrom, why);
                r.colormap.clear();
            }
        }
        // The bits: .png 8 or 16 (8 with a colormap), .r16 16, .exr and .r32 32.
        if (r.bits) {
            const bool fits = format == io::Format::Png ? (r.bits == 8 || r.bits == 16) && !(r.bits == 16 && !r.colormap.empty())
                              : format == io::Format::Raw16 ? r.bits == 16
                                                            : r.bits == 32;
            if (!fits) {
                const std::string why = !r.colormap.empty() && format == io::Format::Png
                                            ? "a colormap gives 8-bit RGB"
                                        : format == io::Format::Png   ? ext + " holds 8 or 16 bits"
                                        : format == io::Format::Raw16 ? ext + " holds 16 bits; .r32 holds float32"
                                                                      : ext + " holds float32; 16 bits are .png or .r16";
                const std::string value = std::to_string(r.bits);
                if (r.bitsFrom.empty()) {
                    if (!r.colormap.empty())
                        refuse("bits", value, "a colormap gives 8-bit RGB" +
                                                  (r.colormapFrom.empty() ? std::string()
                                                                          : " (the colormap " + r.colormap + " is from " +
                                                                                r.colormapFrom + "; --colormap none drops it)"));
                    refuse("bits", value, why);
                }
                if (!r.colormap.empty() && !r.colormapFrom.empty() && format == io::Format::Png && r.bits == 16)
                    throw ValidationError(r.bitsFrom + ": bits 16 and colormap " + r.colormap +
                                          ": a colormap gives 8-bit RGB; the file holds one or the other");
                drop("bits " + value, r.bitsFrom, why);
                r.bits = 0;
            }
        }
        // The range: what maps to 0..255 or 0..65535 in .png and .r16, but for normal maps.
        if (r.range || r.boundRange) {
            std::string why;
            if (format == io::Format::Exr || format == io::Format::RawF32)
                why = ext + " stores values as they are; only .png and .r16 map a range";
            else if (format == io::Format::Png && o == Output::Normal && r.colormap.empty())
                why = "a normal map's components always map from [-1, 1]";
            if (!why.empty()) {
                if (r.rangeFrom.empty()) refuse("range", rangeValue, why);
                drop(r.range ? "range [" + formatNumber(r.range->min) + ", " + formatNumber(r.range->max) + "]"
                             : std::string("range bound"),
                     r.rangeFrom, why);
                r.range.reset();
                r.boundRange = false;
            }
        }
        if (!dropped.empty()) {
            std::string line = "not applied from " + droppedFrom + ": ";
            for (std::size_t i = 0; i < dropped.size(); ++i) line += (i ? "; " : "") + dropped[i];
            notes.push_back(line);
        }
    }};

}  // namespace

BakePlan planBake(const BakeRequest& request) { return Planner(request); }

struct Bake::Impl : BakePlan {
    const BakeRequest& r = request;
    std::unique_ptr<io::OutputFile> out, sidecar;
    std::vector<std::unique_ptr<io::OutputFile>> staged;  // slices written so far
    BakeTimings timings;

    // The shape first, then the path, then everything else, as `glnoise bake` reports them.
    explicit Impl(const BakeRequest& req) : out(claimOutput(checkShape(req) ? slicePath(req.out, 0) : req.out)) {
        static_cast<BakePlan&>(*this) = planBake(req);
        checkFileSize();  // counts the sidecar, so after the record

        try {
            if (format == io::Format::Raw16 || format == io::Format::RawF32)
                sidecar = std::make_unique<io::OutputFile>(r.out + ".json");
        } catch (const ValidationError& e) {
            throw ValidationError(asFlags(e));
        }
    }

    // Refuses, before any work, a bake whose samples no file can hold (more than 2^63
    // bytes) or, for raw files, whose exact size exceeds the file system's free space.
    void checkFileSize() const {
        const Grid& g = r.size;
        const auto texels = static_cast<std::uintmax_t>(g.texels());
        const std::string samples = std::to_string(texels) + " texels of " + std::to_string(storedBytes) + (storedBytes == 1 ? " byte" : " bytes");
        if (texels > (std::uintmax_t{1} << 63) / storedBytes)
            throw ValidationError("--size " + toString(g) + ": " + samples +
                                  " are more than 2^63 bytes, more than a file can hold");
        const bool raw = format == io::Format::Raw16 || format == io::Format::RawF32;
        if (!raw && r.sizeFrom.empty()) return;
        const std::filesystem::path dir = std::filesystem::absolute(std::filesystem::path(r.out)).parent_path();
        std::error_code ec;
        const std::filesystem::space_info space = std::filesystem::space(dir, ec);
        // A size from a record someone handed over must not start a days-long bake: its
        // samples, uncompressed, must fit the free space, or the size be typed. Too little
        // free space is the machine's state, not a bad value: exit 1, as for a raw file below.
        if (!r.sizeFrom.empty() && !ec && texels * storedBytes > space.available)
            throw IoError(r.sizeFrom + ": size " + toString(g) + ": " + samples + " are " +
                                  formatBytes(texels * storedBytes) + " uncompressed, more than the " +
                                  formatBytes(space.available) + " free in " + dir.string() +
                                  "; give --size (or --tile-size) to bake it anyway");
        if (!raw) return;
        // The data and its sidecar: the record, in whole blocks.
        const std::uintmax_t sidecarBytes = (record.dump(2).size() + 1 + 4095) / 4096 * 4096;
        const std::uintmax_t need = texels * storedBytes + sidecarBytes;
        if (!ec && need > space.available)
            throw IoError("--out " + r.out + ": " + samples + " need " + formatBytes(need) + "; the file system of " +
                          dir.string() + " has " + formatBytes(space.available) + " free");
    }

    std::unique_ptr<io::RowWriter> openWriter(io::OutputFile& file, int slice) {
        nlohmann::json rec = record;
        if (slices) rec["slice"] = slice;
        return openSamples(file, format,
                           SampleLayout{r.size.width, r.size.height, storedChannels, bits,
                                        exrChannels(storedChannels, r.spec.output), rec.dump(), r.threads, true});
    }

    // Bytes per texel of a band as the generator makes it: RGBA8 through a colormap, else
    // the value channels' floats.
    std::size_t bandTexelBytes() const {
        return colormap ? 4 : sizeof(float) * static_cast<std::size_t>(valueChannels);
    }

    // Band rows as the generator made them -> the file's samples, in pieces on every
    // thread the bake may use.
    void convert(const std::uint8_t* band, std::size_t texels, std::uint8_t* dst) const {
        constexpr std::size_t kPiece = 1 << 16;
        const std::size_t texelBytes = bandTexelBytes();
        detail::parallelFor((texels + kPiece - 1) / kPiece, r.threads, [&](std::size_t i) {
            const std::size_t first = i * kPiece;
            convertPiece(band + first * texelBytes, std::min(kPiece, texels - first), dst + first * storedBytes);
        });
    }

    void convertPiece(const std::uint8_t* band, std::size_t texels, std::uint8_t* dst) const {
        if (colormap) {
            for (std::size_t t = 0; t < texels; ++t) std::memcpy(dst + 3 * t, band + 4 * t, 3);
            return;
        }
        const std::size_t n = static_cast<std::size_t>(valueChannels);
        // A normal map's green in the convention asked for: the noise's normal has y along
        // the rows (DirectX's way, unflipped).
        const bool negate = r.spec.output == Output::Normal && r.negatesGreen();
        if ((format == io::Format::Exr || format == io::Format::RawF32) && !negate) {
            std::memcpy(dst, band, texels * n * sizeof(float));
            return;
        }
        // The band's bytes hold floats: copied out, not read through a cast pointer, a few
        // hundred texels at a time into buffers that stay in the first-level cache.
        constexpr std::size_t kChunk = 512, kMostChannels = 4;
        float values[kChunk * kMostChannels];
        std::uint16_t q[kChunk];
        std::uint8_t q8[kChunk];
        if (n > kMostChannels) throw std::logic_error("a texel of more than 4 values");
        const std::size_t k = pick.size();
        for (std::size_t at = 0; at < texels; at += kChunk) {
            const std::size_t m = std::min(kChunk, texels - at);
            std::memcpy(values, band + at * n * sizeof(float), m * n * sizeof(float));
            std::uint8_t* to = dst + at * storedBytes;
            if (negate)
                for (std::size_t t = 0; t < m; ++t) values[t * n + 1] = -values[t * n + 1];
            if (format == io::Format::Exr || format == io::Format::RawF32) {
                std::memcpy(to, values, m * n * sizeof(float));
                continue;
            }
            for (std::size_t c = 0; c < k; ++c) {
                const float* first = values + pick[c];
                if (bits == 8) {
                    std::uint8_t* out = k == 1 ? to : q8;
                    io::quantize8(first, n, m, range, out);
                    if (k > 1)
                        for (std::size_t t = 0; t < m; ++t) to[t * k + c] = out[t];
                } else {
                    // Host order: PNG rows and .r16 (little-endian hosts).
                    io::quantize16(first, n, m, range, q);
                    if (k == 1) {
                        std::memcpy(to, q, m * sizeof(std::uint16_t));
                    } else {
                        for (std::size_t t = 0; t < m; ++t) std::memcpy(to + (t * k + c) * 2, &q[t], 2);
                    }
                }
            }
        }
    }
};

Bake::Bake(const BakeRequest& request) : impl_(std::make_unique<Impl>(request)) {}
Bake::~Bake() = default;

const std::vector<std::string>& Bake::notes() const { return impl_->notes; }
const BakeTimings& Bake::timings() const { return impl_->timings; }

const char* toString(NormalConvention convention) {
    return convention == NormalConvention::OpenGL ? "opengl" : "directx";
}

namespace {

using Clock = std::chrono::steady_clock;

// Adds the time since `since` to `total` and restarts `since`.
void lap(double& total, Clock::time_point& since) {
    const Clock::time_point now = Clock::now();
    total += std::chrono::duration<double>(now - since).count();
    since = now;
}

}  // namespace


std::string Bake::run(gpu::Generator* gen, BakeObserver* observer, CpuBackend cpu) {
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, ".r16 and .r32 are written in host order");
    Impl& m = *impl_;
    BakeTimings& t = m.timings;
    t = BakeTimings{};
    t.range = m.rangeSeconds;
    // What made the values, so that --from re-bakes on the same path: "cpu" for both CPU
    // backends, whose values are the reference's bit for bit (so their files are the same
    // bytes); "gpu" and the renderer for a GPU's, which may differ from them in the last
    // bits, within check's tolerance.
    m.record["backend"] = gen ? "gpu" : "cpu";
    if (gen) m.record["renderer"] = gen->context().info().renderer;
    const Clock::time_point began = Clock::now();
    Clock::time_point since = began;
    const Grid& g = m.r.size;
    const std::size_t texelBytes = m.bandTexelBytes();
    const TileSource source{gen, cpu, m.r.threads, m.colormap ? &*m.colormap : nullptr, m.range, m.r.flipY, m.r.seamless};
    const BandShape shape = bandShape(g, texelBytes, source);
    const int bandRows = shape.bandRows;
    const std::size_t bandRowBytes = static_cast<std::size_t>(g.width) * texelBytes;
    // The band and the sample buffers are not cleared: every byte is written (the band's by
    // its tiles, the samples' by convert) before it is read, and clearing their 96 MiB on
    // this thread cost a 4096^2 one-octave bake on the CPU backend as long as its noise.
    const std::unique_ptr<std::uint8_t[]> band(new std::uint8_t[bandRowBytes * static_cast<std::size_t>(bandRows)]);
    const std::size_t bandSampleBytes = static_cast<std::size_t>(g.width) * m.storedBytes * static_cast<std::size_t>(bandRows);

    // Every file's digest of its samples (SampleDigest: 4 MiB chunks hashed on every core)
    // is computed in the background while the band is written and the next one made, so
    // that it overlaps them instead of adding to them. (Waiting for it before the next band
    // made the noise on every core of the CPU faster, but a 4096^2 .r32 bake 10% slower in
    // all: docs/performance.md.) Two sample buffers: the band being converted and written,
    // and the one being hashed. A new digest for each slice's file.
    auto sha = std::make_unique<SampleDigest>(m.r.threads);
    const std::unique_ptr<std::uint8_t[]> sampleBuffers[2] = {std::unique_ptr<std::uint8_t[]>(new std::uint8_t[bandSampleBytes]),
                                                              std::unique_ptr<std::uint8_t[]>(new std::uint8_t[bandSampleBytes])};
    std::future<void> hashing[2];
    int current = 0;
    const auto hashed = [&] {  // every band so far in the digest
        for (auto& h : hashing)
            if (h.valid()) h.get();
    };
    const std::int64_t total = g.texels();
    std::int64_t done = 0;
    std::unique_ptr<io::RowWriter> writer;
    int writerSlice = -1;
    io::OutputFile* file = m.out.get();
    const auto place = [&](const TilePos& p) {
        if (observer && observer->cancelled()) throw Interrupted("interrupted");
        return band.get() + static_cast<std::size_t>(p.x0) * texelBytes;
    };
    // Each band, once its last tile is in: converted, written, and hashed.
    const auto written = [&](const TilePos& p) {
        lap(t.generate, since);
        if (p.x0 + p.cols < g.width) return;  // the band is not complete yet
        if (writerSlice != p.z && (m.slices || !writer)) {
            if (m.slices && p.z > 0) {
                m.out = std::make_unique<io::OutputFile>(slicePath(m.r.out, p.z));
                file = m.out.get();
            }
            writer = m.openWriter(*file, p.z);
            writerSlice = p.z;
        }
        const std::size_t texels = static_cast<std::size_t>(g.width) * static_cast<std::size_t>(p.rows);
        std::uint8_t* samples = sampleBuffers[current].get();
        if (hashing[current].valid()) hashing[current].get();  // this buffer's last band is hashed
        m.convert(band.get(), texels, samples);
        lap(t.convert, since);
        // In order: the previous band's digest first, then this one's, in the background.
        if (hashing[1 - current].valid()) hashing[1 - current].get();
        hashing[current] = std::async(std::launch::async, [&sha, samples, bytes = texels * m.storedBytes] {
            sha->update(samples, bytes);
        });
        writer->writeRows(samples, p.rows);
        current = 1 - current;
        done += static_cast<std::int64_t>(texels);
        if (observer) observer->progress(done, total);
        if (m.slices && p.y0 + p.rows == g.height) {
            hashed();
            writer->setDigest(sha->hex());
            sha = std::make_unique<SampleDigest>(m.r.threads);
            writer->finish();
            writer.reset();
            m.out->stage();
            m.staged.push_back(std::move(m.out));
        }
        lap(t.encode, since);
    };
    walkTiles(m.r.spec, m.r.graph ? &*m.r.graph : nullptr, g, m.r.start(), shape, source, bandRowBytes, place, written);
    if (observer && observer->cancelled()) throw Interrupted("interrupted");
    // Files that belong together appear together: all staged before any is renamed (so a
    // full disk renames none), renamed under a lock on their directory (so two bakes into
    // one output never pair one's data with the other's sidecar or mix their slices).
    std::vector<io::OutputFile*> files;
    if (m.slices) {
        for (auto& f : m.staged) files.push_back(f.get());
    } else {
        since = Clock::now();
        hashed();
        const std::string digest = sha->hex();
        if (!m.sidecar) writer->setDigest(digest);
        writer->finish();
        lap(t.encode, since);
        files.push_back(m.out.get());
        if (m.sidecar) {
            m.record["stored"]["digest"]["value"] = digest;
            const std::string json = m.record.dump(2) + "\n";
            m.sidecar->write(json.data(), json.size());
            files.push_back(m.sidecar.get());
        }
    }
    since = Clock::now();
    io::OutputFile::commitTogether(files);
    lap(t.commit, since);
    t.total = std::chrono::duration<double>(Clock::now() - began).count();
    if (m.slices) return m.what + ", one PNG per slice";
    return m.sidecar ? m.what + " and " + m.r.out + ".json" : m.what;
}

}  // namespace glnoise::app
