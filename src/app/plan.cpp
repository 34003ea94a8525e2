// SPDX-License-Identifier: MIT
// A bake's plan: what it decides from its request alone, before it writes anything (the
// noise as it bakes, the shape, the format's samples, the mapping, the record), from the
// table of formats (glnoise/io.hpp) and of bake fields (app/bake_fields.def).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>

#include "app/bake.hpp"
#include "app/bake_fields.hpp"
#include "app/digest.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "app/record.hpp"
#include "app/write.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/format.hpp"
#include "glnoise/version.hpp"

namespace glnoise::app {

namespace {

std::string rangeText(ValueRange r) { return "[" + formatNumber(r.min) + ", " + formatNumber(r.max) + "]"; }

// "8 or 16 bits", "16 bits", "float32": what a format's samples may be.
std::string bitsWords(const io::FormatInfo& f) {
    if (f.bits == std::vector<int>{32}) return "float32";
    std::string words;
    for (std::size_t i = 0; i < f.bits.size(); ++i) words += (i ? " or " : "") + std::to_string(f.bits[i]);
    return words + " bits";
}

// ".png or .r16": the formats whose samples may have `bits` bits.
std::string formatsOfBits(int bits) {
    std::string text;
    std::vector<std::string> picked;
    for (const io::FormatInfo& f : io::formats())
        if (std::find(f.bits.begin(), f.bits.end(), bits) != f.bits.end()) picked.push_back(f.extensions.front());
    for (std::size_t i = 0; i < picked.size(); ++i)
        text += (i == 0 ? "" : i + 1 == picked.size() ? " or " : ", ") + picked[i];
    return text;
}

}  // namespace

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
    // A bake field that does something where it has no effect (app/bake_fields.def).
    for (const Violation& f : inapplicableBakeFields(r)) v.push_back(f.field.empty() ? f.what : "--" + f.field + " " + f.what);
    if (r.sharedEdges && r.tile && (g.width < 2 || g.height < 2 || (g.isVolume() && g.depth < 2)))
        v.push_back("--tile-size " + toString(g) +
                    ": tiles that share their edges need each edge at least 2 texels (the stride is one less)");
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

namespace {

// The stated range of what the request bakes.
ValueRange boundOf(const BakeRequest& r) { return r.graph ? statedRange(*r.graph) : r.spec.statedRange(); }

// Plans a bake, checking in the order `glnoise bake` reports problems in.
struct Planner : BakePlan {
    BakeRequest& r;

    explicit Planner(const BakeRequest& req) : r(request) {
        request = req;
        warnings = planRequest(r);
        slices = checkShape(r);
        const Grid& g = r.size;
        volume = g.isVolume();
        try {
            format = io::formatForPath(r.out);
        } catch (const ValidationError& e) {
            throw ValidationError(asFlags(e));
        }
        const io::FormatInfo& f = io::formatInfo(format);
        if (slices && !f.slices)
            throw ValidationError("--out " + r.out + ": volume slices are written as " +
                                  io::extensionsWhere([](const io::FormatInfo& i) { return i.slices; }));
        const Output o = r.spec.output;
        valueChannels = cpu::outputChannels(r.spec);
        if (r.graph) r.spec = r.graph->space;
        // The erode stage: the whole 2D grid eroded, its values then written as any bake's.
        std::string erodingGraph;
        if (r.graph && r.graph->erosion) {
            const std::string stage = "the graph's erode stage";
            if (r.tile)
                throw ValidationError("--tile: " + stage + " moves material across a tile's edges, further with each "
                                      "iteration, so tiles cannot be eroded apart: bake the whole map (--size)");
            if (volume) throw ValidationError("--size " + toString(g) + ": " + stage + " erodes a heightmap, WxH");
            if (g.width < 2 || g.height < 2 || g.width > erosion::Params::kMostCells || g.height > erosion::Params::kMostCells)
                throw ValidationError("--size " + toString(g) + ": " + stage + " takes each edge 2 to " +
                                      std::to_string(erosion::Params::kMostCells));
            erosion = r.graph->erosion;
            erodingGraph = r.graph->json();
            r.graph = r.graph->pointwise();
        }
        if (volume && !slices && !f.volumes)
            throw ValidationError("--out " + r.out + ": a " + io::extensionOf(format) + " holds one 2D image; write a volume as " +
                                  volumeFormats() + " (--out 'slice_%04d.png')");
        reconcileMapping(o);
        if (!r.colormap.empty()) {
            try {
                colormap = Colormap::named(r.colormap);
            } catch (const ValidationError& e) {
                throw ValidationError(named("colormap", r.colormapFrom, std::string(e.what()).substr(9)));
            }
        }
        bits = r.bits ? r.bits : f.bits.front();
        const bool mapped = f.mapped;
        const auto floats = [](const io::FormatInfo& i) { return !i.mapped && i.channels >= 4; };
        if (mapped && o == Output::Gradient && !r.range && f.channels >= 3)
            throw ValidationError(named("output", r.outputFrom, "gradient") + ": a " + f.extensions.front() +
                                  " stores d/dx, d/dy, d/dz as RGB mapped from --range MIN,MAX, "
                                  "which gradients need (they have no stated range); or write " + io::extensionsWhere(floats));
        if (f.channels == 1 && o != Output::Value)
            throw ValidationError(named("output", r.outputFrom, toString(o)) + ": a " + f.extensions.front() +
                                  " holds one channel, the value; write " + io::extensionsWhere(floats));
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
            what = size + " " + std::to_string(bits) + "-bit" + f.qualifier + kind + ", " + rangeText(range) + " -> 0.." + top;
        } else {
            what = size + " float32" + f.qualifier + (valueChannels == 1 ? "" : " x" + std::to_string(valueChannels));
        }

        // The record.
        nlohmann::json stored;
        stored["format"] = f.name;
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
        if (!f.raw) digest["in"] = f.digestIn;
        else digest["value"] = std::string(64, '0');
        if (f.namedChannels)
            stored["exr_channels"] = exrChannels(storedChannels, r.spec.output);  // the samples' order, by the file's names
        stored["digest"] = digest;
        if (f.raw) {
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
        recordBakeFields(r, record);
        if (r.noOctaveLimit) record["no_octave_limit"] = true;
        record["stored"] = stored;
        const ValueRange stated = r.graph ? statedRange(*r.graph) : r.spec.statedRange();
        record["stated_range"] = {stated.min, stated.max};
        if (r.graph) {
            // The graph whole; the preset holds the mapping alone.
            record["graph"] = nlohmann::json::parse(erodingGraph.empty() ? r.graph->json() : erodingGraph);
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
        const io::FormatInfo& f = io::formatInfo(format);
        const std::string ext = f.extensions.front();
        const std::string colours = io::extensionsWhere([](const io::FormatInfo& i) { return i.colours; });
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
            if (!f.colours) why = ext + " stores the values, not colours";
            else if (o != Output::Value) why = "it maps values; --output " + std::string(toString(o)) + " is not one";
            else if (r.bits == 16 && r.bitsFrom.empty() && !r.colormapFrom.empty()) why = "--bits 16 asks for 16-bit gray";
            if (!why.empty()) {
                if (r.colormapFrom.empty()) {
                    if (!f.colours)
                        refuse("colormap", r.colormap, "colours are written as " + colours + "; " + ext + " stores the values");
                    refuse("colormap", r.colormap, "maps values; " + named("output", r.outputFrom, toString(o)) + " is not one");
                }
                drop("colormap " + r.colormap, r.colormapFrom, why);
                r.colormap.clear();
            }
        }
        // The bits: the format's (8 with a colormap).
        if (r.bits) {
            const bool held = std::find(f.bits.begin(), f.bits.end(), r.bits) != f.bits.end();
            const bool fits = held && !(r.bits != 8 && !r.colormap.empty());
            if (!fits) {
                const std::string elsewhere = formatsOfBits(r.bits);
                const std::string why = !r.colormap.empty() ? "a colormap gives 8-bit RGB"
                                        : ext + " holds " + bitsWords(f) +
                                              (elsewhere.empty() ? "" : "; " + std::to_string(r.bits) + " bits are " + elsewhere);
                const std::string value = std::to_string(r.bits);
                if (r.bitsFrom.empty()) {
                    if (!r.colormap.empty())
                        refuse("bits", value, "a colormap gives 8-bit RGB" +
                                                  (r.colormapFrom.empty() ? std::string()
                                                                          : " (the colormap " + r.colormap + " is from " +
                                                                                r.colormapFrom + "; --colormap none drops it)"));
                    refuse("bits", value, why);
                }
                if (!r.colormap.empty() && !r.colormapFrom.empty() && held)
                    throw ValidationError(r.bitsFrom + ": bits 16 and colormap " + r.colormap +
                                          ": a colormap gives 8-bit RGB; the file holds one or the other");
                drop("bits " + value, r.bitsFrom, why);
                r.bits = 0;
            }
        }
        // The range: what maps to 0..255 or 0..65535 in the mapped formats, but for normal maps.
        if (r.range || r.boundRange) {
            std::string why;
            if (!f.mapped)
                why = ext + " stores values as they are; only " +
                      io::extensionsWhere([](const io::FormatInfo& i) { return i.mapped; }) + " map a range";
            else if (o == Output::Normal && f.channels >= 3 && r.colormap.empty())
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

std::vector<Note> limitNoise(BakeRequest& r) {
    // Specs and graphs alike, whether or not the size is known (the limit is in cells per texel).
    if (r.graph) return limitGraphOctaves(*r.graph, r.noOctaveLimit, r.graphFrom);
    if (auto n = limitOctaves(r.spec, r.noOctaveLimit, r.octavesFrom)) return {*n};
    return {};
}

std::vector<Note> planRequest(BakeRequest& r) {
    std::vector<Note> notes = limitNoise(r);
    // A heightmap maps the stated range unless a range is chosen: no value passes it, so no
    // summit is flattened at the top, and 16 bits leave ample levels (a graph whose stated
    // range is unbounded keeps the typical one). A record re-bakes as it says.
    bool heightmap = false;
    try {
        heightmap = io::formatInfo(io::formatForPath(r.out)).heightmap;
    } catch (const ValidationError&) {
        // A bad --out is the bake's to name.
    }
    const ValueRange stated = boundOf(r);
    if (heightmap && !r.rangeChosen && !r.range && std::isfinite(stated.min) && std::isfinite(stated.max)) r.boundRange = true;
    // A periodic spec tiles where the image holds whole periods; the preview says so in its
    // tiled view, and so does a bake (a tile of a world is cut where it is told).
    const NoiseSpec& s = r.spec;
    const int axes = std::min(s.dims, r.size.isVolume() ? 3 : 2);
    bool periodic = !r.graph && !r.tile && s.frequency > 0;
    for (int i = 0; i < axes; ++i) periodic = periodic && s.period[static_cast<std::size_t>(i)] > 0;
    if (periodic) {
        const int edges[3] = {r.size.width, r.size.height, r.size.depth};
        std::string repeat;
        bool whole = true;
        for (int i = 0; i < axes; ++i) {
            const double texels = s.period[static_cast<std::size_t>(i)] / s.frequency;
            whole = whole && std::abs(edges[i] / texels - std::round(edges[i] / texels)) < 1e-9 && std::round(edges[i] / texels) >= 1;
            repeat += (i ? " x " : "") + formatNumber(texels);
        }
        if (!whole)
            notes.push_back({"period", periodFlag(s.period), "",
                             {{"repeats every " + repeat + " texels at ", "frequency", formatNumber(s.frequency)},
                              {", and ", "size", toString(r.size)},
                              {" is not a whole number of repeats: its opposite edges will not meet (seams show when it tiles)", "", ""}}});
    }
    return notes;
}

}  // namespace glnoise::app
