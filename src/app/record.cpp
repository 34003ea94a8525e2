// SPDX-License-Identifier: MIT
// What a bake's record says: the command that reproduces a request, and the request a
// record describes (bake --from).
#include "app/record.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <variant>

#include "app/bake_fields.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/format.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/error.hpp"
#include "glnoise/version.hpp"

namespace glnoise::app {

std::string periodFlag(const std::array<int, 4>& period) {
    std::size_t last = 3;
    while (last > 0 && period[last] == 0) --last;
    std::string text;
    for (std::size_t a = 0; a <= last; ++a) text += (a ? "," : "") + std::to_string(period[a]);
    return text;
}

namespace {

// A shell word for `s`: as it is when it needs no quoting, else in single quotes.
std::string quoted(const std::string& s) {
    if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,+=:%") ==
            std::string::npos && !s.empty())
        return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// A field's value as its flag takes it ("" for an on/off flag, which is named alone).
std::string commandText(bool) { return ""; }
std::string commandText(int v) { return std::to_string(v); }
std::string commandText(double v) { return formatNumber(v); }
std::string commandText(const std::optional<std::uint64_t>& seed) { return seed ? std::to_string(*seed) : ""; }
template <class E, std::enable_if_t<std::is_enum_v<E>, int> = 0>
std::string commandText(E kind) {
    return toString(kind);
}
std::string commandText(const std::array<int, 4>& period) { return periodFlag(period); }
// X,Y, and Z when it is not 0.
std::string commandText(const std::array<double, 3>& offset) {
    return formatNumber(offset[0]) + "," + formatNumber(offset[1]) + (offset[2] != 0.0 ? "," + formatNumber(offset[2]) : "");
}

// Whether the record's generator is a glnoise older than major.minor (a record that names
// no version is as old as they come).
bool madeBefore(const nlohmann::json& record, int major, int minor) {
    if (!record.contains("generator") || !record["generator"].is_string()) return true;
    int a = 0, b = 0;
    if (std::sscanf(record["generator"].get<std::string>().c_str(), "glnoise %d.%d", &a, &b) != 2) return true;
    return a < major || (a == major && b < minor);
}

// The word after "glnoise bake --graph " in a record's command, as quoted() wrote it; empty
// when the command holds no such word.
std::string graphFileOf(const std::string& command) {
    const std::string head = "glnoise bake --graph ";
    if (command.rfind(head, 0) != 0) return {};
    std::string word;
    bool inQuotes = false;
    for (std::size_t i = head.size(); i < command.size(); ++i) {
        const char c = command[i];
        if (c == '\\' && !inQuotes && i + 1 < command.size()) {
            word += command[++i];
            continue;
        }
        if (c == '\'') {
            inQuotes = !inQuotes;
            continue;
        }
        if (c == ' ' && !inQuotes) break;
        word += c;
    }
    // A file's name, as bakeCommand writes one: else the record's graph saved, graph.json.
    const bool name = !word.empty() && word.size() <= 255 && word != "." && word != ".." &&
                      std::none_of(word.begin(), word.end(), [](char c) { return c == '/' || static_cast<unsigned char>(c) < 0x20; });
    return name ? word : std::string();
}

}  // namespace

namespace {
BakeRequest requestOf(const nlohmann::json& j, const std::string& source);
}  // namespace

std::string bakeCommand(const NoiseSpec& spec, const Grid& grid, const std::optional<ValueRange>& range,
                        const std::string& out) {
    BakeRequest r;
    r.spec = spec;
    r.size = grid;
    r.range = range;
    r.out = out;
    return bakeCommand(r);
}

std::string bakeCommand(const BakeRequest& r, bool withOut) {
    // Offset components the noise does not see (z below 3D, y in 1D; a preset may give
    // them) are left out, as the command line refuses them.
    NoiseSpec spec = r.spec;
    if (spec.dims <= 2) spec.offset[2] = 0.0;
    if (spec.dims == 1) spec.offset[1] = 0.0;
    const Grid& grid = r.size;
    // A graph's bake names its graph as a file: the record's "graph", saved as graph.json.
    std::string cmd = r.graph ? "glnoise bake --graph " + quoted(r.graphFile.empty() ? "graph.json" : r.graphFile) : "glnoise bake";
    if (r.tile) {
        const auto& t = *r.tile;
        cmd += " --tile " + std::to_string(t[0]) + "," + std::to_string(t[1]);
        if (grid.isVolume()) cmd += "," + std::to_string(t[2]);
        cmd += " --tile-size " + toString(grid);
    } else {
        cmd += " --size " + toString(grid);
    }
    cmd += bakeFieldFlags(r, Place::BeforeSpec);
    // --dims is named when it differs from what the grid, --z and --w imply; every other
    // field when it has an effect and differs from its default.
    const int impliedDims = spec.w != 0.0 || r.seamless ? 4 : grid.isVolume() || spec.z != 0.0 ? 3 : 2;
    for (const SpecField& f : specFields()) {
        const bool named = f.name == "dims" ? spec.dims != impliedDims : f.appliesTo(spec) && f.isSet(spec);
        if (!named) continue;
        cmd += " --" + f.name;
        const std::string value = std::visit([&](auto m) { return commandText(spec.*m); }, f.member);
        if (!value.empty()) cmd += (f.signedValue ? "=" : " ") + value;
    }
    if (r.noOctaveLimit) cmd += " --no-octave-limit";
    cmd += bakeFieldFlags(r, Place::AfterSpec);
    if (!r.colormap.empty()) cmd += " --colormap " + r.colormap;
    if (r.bits) cmd += " --bits " + std::to_string(r.bits);
    if (r.range) cmd += " --range=" + formatNumber(r.range->min) + "," + formatNumber(r.range->max);
    else if (r.boundRange) cmd += " --range bound";
    return withOut ? cmd + " --out " + quoted(r.out) : cmd;
}

BakeRequest requestFromRecord(const std::string& recordText, const std::string& source) {
    const nlohmann::json j = parseJson(recordText, source, "its glnoise record");
    // A record from a later glnoise may say what this one cannot read: where it fails, its
    // message says so.
    if (j.is_object() && j.contains("generator") && j["generator"].is_string() &&
        !madeBefore(j, GLNOISE_VERSION_MAJOR, GLNOISE_VERSION_MINOR + 1)) {
        try {
            return requestOf(j, source);
        } catch (const ValidationError& e) {
            throw ValidationError(std::string(e.what()) + " (made by " + io::shown(j["generator"]) +
                                  ", newer than this glnoise " + GLNOISE_VERSION + ": bake it with that version or later)");
        }
    }
    return requestOf(j, source);
}

namespace {

BakeRequest requestOf(const nlohmann::json& j, const std::string& source) {
    if (!j.is_object()) throw ValidationError(source + ": its glnoise record must be a JSON object, not " + io::shown(j));
    if (j.contains("erosion")) {
        const std::string file = source.rfind("--from ", 0) == 0 ? source.substr(7) : source;
        throw ValidationError(source + ": is a heightmap glnoise erode wrote, not a bake: erode it again with glnoise "
                                       "erode --from " + file + " --out NEW (its record holds the erosion and its input)");
    }
    if (!j.contains("preset")) throw ValidationError(source + ": its glnoise record has no preset");
    if (!j.contains("size")) throw ValidationError(source + ": its glnoise record has no size");
    if (!j["preset"].is_object())
        throw ValidationError(source + ": preset " + io::shown(j["preset"]) + ": must be an object of spec keys");
    if (!j["size"].is_string())
        throw ValidationError(source + ": size " + io::shown(j["size"]) +
                              ": must be a string \"WxH\" or \"WxHxD\"");
    const Preset p = parsePreset(j["preset"], source);
    BakeRequest r;
    r.spec = p.spec;
    if (j.contains("graph")) {
        r.graph = Graph::parse(j["graph"].dump(), source + ": its graph");
        r.spec = r.graph->space;
    }
    r.range = p.range;
    r.boundRange = p.boundRange;
    r.colormap = p.colormap;
    r.bits = p.bits;
    // Before 0.7.0 a bake without a range mapped the stated range; its record says no
    // range, and must still bake the same bytes. Only files that mapped values hold a
    // stored range (not .exr and .r32, whose values are as they are), and a normal map
    // maps [-1, 1] whatever the range: neither takes one.
    const bool mapped = j.contains("stored") && j["stored"].is_object() && j["stored"].contains("range");
    if (!j["preset"].contains("range") && mapped && r.spec.output != Output::Normal && madeBefore(j, 0, 7))
        r.boundRange = true;
    // Before 0.25.0 a graph's typical range sampled every texel of its window, however dear
    // its points: a graph's record of then that mapped its typical range maps the range it
    // stored, the one that made its bytes.
    if (r.graph && !r.range && !r.boundRange && mapped && r.spec.output != Output::Normal && madeBefore(j, 0, 25)) {
        const nlohmann::json& stored = j["stored"]["range"];
        if (!stored.is_array() || stored.size() != 2 || !stored[0].is_number() || !stored[1].is_number() ||
            !(stored[0].get<double>() < stored[1].get<double>()) || !std::isfinite(stored[1].get<double>() - stored[0].get<double>()))
            throw ValidationError(source + ": stored range " + io::shown(stored) + ": must be [MIN, MAX], finite, MIN below MAX");
        r.range = ValueRange{stored[0].get<double>(), stored[1].get<double>()};
    }
    try {
        r.size = parseSize(j["size"].get<std::string>(), kMaxBakeEdge);
    } catch (const ValidationError& e) {
        throw ValidationError(source + ": " + e.what());
    }
    auto triple = [&](const char* key) {
        std::array<std::int64_t, 3> t{};
        const auto& v = j[key];
        if (!v.is_array() || v.size() < 2 || v.size() > 3)
            throw ValidationError(source + ": " + key + " " + io::shown(v) + ": must be 2 or 3 integers");
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!v[i].is_number_integer())
                throw ValidationError(source + ": " + key + " " + io::shown(v) + ": must be 2 or 3 integers");
            t[i] = v[i].get<std::int64_t>();
        }
        return t;
    };
    if (j.contains("tile")) r.tile = triple("tile");
    const auto flag = [&](const char* key) {
        if (!j.contains(key)) return false;
        if (!j[key].is_boolean()) throw ValidationError(source + ": " + key + " " + io::shown(j[key]) + ": must be true or false");
        return j[key].get<bool>();
    };
    // The graph's file as the record's command names it, so that a re-bake records the same.
    if (r.graph && j.contains("command") && j["command"].is_string()) r.graphFile = graphFileOf(j["command"].get<std::string>());
    const auto text = [&](const char* key) {
        if (!j.contains(key)) return std::string();
        if (!j[key].is_string() || j[key].get<std::string>().empty() || j[key].get<std::string>().size() > 256)
            throw ValidationError(source + ": " + key + " " + io::shown(j[key]) + ": must be a string of 1 to 256 characters");
        return j[key].get<std::string>();
    };
    r.recordedBackend = text("backend");
    if (!r.recordedBackend.empty() && r.recordedBackend != "gpu" && r.recordedBackend != "cpu" && r.recordedBackend != "reference")
        throw ValidationError(source + ": backend " + io::shown(j["backend"]) + ": must be gpu, cpu or reference");
    r.recordedRenderer = text("renderer");
    r.noOctaveLimit = flag("no_octave_limit");
    // Before 0.25.0 a graph kept every fractal's octaves, above the Nyquist limit too: its
    // record re-bakes as it was made.
    if (r.graph && madeBefore(j, 0, 25)) r.noOctaveLimit = true;
    readBakeFields(j, r, source);
    // Normal maps were DirectX's way (green down the image) before 0.21.0, which records no
    // convention; OpenGL's since, unless the record says otherwise.
    if (!j.contains("normals") && r.spec.output == Output::Normal && madeBefore(j, 0, 21))
        r.normals = NormalConvention::DirectX;
    // A record chose its mapping: it re-bakes as it says.
    r.rangeChosen = true;
    return r;
}

}  // namespace

}  // namespace glnoise::app
