// SPDX-License-Identifier: MIT
#include "app/preset.hpp"

#include <algorithm>
#include <climits>
#include <filesystem>
#include <set>

#include "app/flags.hpp"
#include "core/assets.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/error.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/io.hpp"

namespace glnoise::app {

nlohmann::json parseJson(const std::string& text, const std::string& source, const std::string& what) {
    return io::parseJson(text, source, what);
}

namespace {

const std::string kPrefix = "presets/";
// The most problems of one preset or record an error lists.
constexpr std::size_t kMostProblems = 10;
const std::string kSuffix = ".json";

// The spec's keys, from the table of fields, and then the bake's own three.
const std::vector<std::string>& knownKeys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k;
        for (const SpecField& f : specFields()) k.push_back(f.key());
        std::sort(k.begin(), k.end());  // as a record lists them
        for (const char* bake : {"colormap", "range", "bits"}) k.push_back(bake);
        return k;
    }();
    return keys;
}

// A graph's preset: its graph and the bake's keys.
const std::vector<std::string>& graphKeys() {
    static const std::vector<std::string> keys = {"graph", "colormap", "range", "bits"};
    return keys;
}

}  // namespace

Preset parsePreset(const nlohmann::json& j, const std::string& source) {
    if (!j.is_object()) throw ValidationError(source + ": must be a JSON object of spec keys");
    Preset p;
    std::vector<Violation> problems;
    const bool graph = j.contains("graph");
    std::vector<std::string> graphProblems;
    const std::vector<std::string>& known = graph ? graphKeys() : knownKeys();
    for (auto it = j.begin(); it != j.end(); ++it)
        if (std::find(known.begin(), known.end(), it.key()) == known.end())
            problems.push_back({io::shownKey(it.key()), graph ? "is not a key of a graph's preset (its nodes say how its "
                                                                "noise is made); allowed: " + joinedNames(known)
                                                              : "is not a known key; allowed: " + joinedNames(known)});
    if (graph) {
        if (!j["graph"].is_object()) {
            problems.push_back({"graph", io::shown(j["graph"]) + ": must be a graph's JSON object (docs/graphs.md)"});
        } else {
            try {
                p.graph = Graph::parse(j["graph"].dump(), source);
                p.spec = p.graph->space;
                p.hasDims = true;
            } catch (const ValidationError& e) {
                graphProblems = e.violations();  // each names the source, node and field
            }
        }
    } else {
        io::readSpecKeys(j, p.spec, problems);
        p.hasDims = j.contains("dims");
    }
    // The bake's keys, each read by `read`; a ValidationError is that key's problem.
    auto with = [&](const char* key, auto read) {
        if (!j.contains(key)) return;
        try {
            read(j[key]);
        } catch (const ValidationError& e) {
            for (const Violation& d : e.details()) problems.push_back({key, d.what});
        }
    };
    with("colormap", [&](const nlohmann::json& v) {
        if (!v.is_string()) throw ValidationError(io::shown(v) + ": must be a string");
        const std::string name = v.get<std::string>();
        if (!name.empty() && name != "none") {
            Colormap::named(name);  // throws naming what is allowed
            p.colormap = name;
        }
    });
    with("range", [&](const nlohmann::json& v) {
        p.rangeGiven = true;
        p.boundRange = v.is_string() && v.get<std::string>() == "bound";
        if (v.is_null() || p.boundRange || (v.is_string() && v.get<std::string>() == "typical")) return p.range.reset();
        if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number() ||
            !(v[0].get<double>() < v[1].get<double>()))
            throw ValidationError(io::shown(v) + ": must be [min, max] with min < max, \"typical\" (or null) or \"bound\"");
        p.range = ValueRange{v[0].get<double>(), v[1].get<double>()};
    });
    with("bits", [&](const nlohmann::json& v) {
        if (!v.is_number_integer() || v.get<long long>() < INT_MIN || v.get<long long>() > INT_MAX)
            throw ValidationError(io::shown(v) + ": must be an integer");
        const int bits = v.get<int>();
        if (bits != 8 && bits != 16 && bits != 32) throw ValidationError(io::shown(v) + ": must be 8, 16 or 32");
        p.bits = bits;
    });
    // Every bad value at once: the keys that could not be read, then what the spec made of
    // the others says of itself (a key that could not be read keeps its default there).
    std::vector<std::string> v;
    v.reserve(problems.size());
    for (const Violation& d : problems) v.push_back(source + ": " + d.text());
    v.insert(v.end(), graphProblems.begin(), graphProblems.end());
    try {
        p.spec.validate();
    } catch (const ValidationError& e) {
        for (const Violation& d : e.details())
            if (std::none_of(problems.begin(), problems.end(), [&](const Violation& q) {
                    std::string key = d.field;  // "ridge-gain" names the key "ridge_gain"
                    std::replace(key.begin(), key.end(), '-', '_');
                    return q.field == key;
                }))
                v.push_back(source + ": " + d.text());
    }
    if (v.size() > kMostProblems) {
        const std::size_t more = v.size() - kMostProblems;
        v.resize(kMostProblems);
        v.push_back(source + ": and " + std::to_string(more) + " more problems");
    }
    if (!v.empty()) throw ValidationError(v);
    return p;
}

std::vector<std::string> presetNames() {
    std::vector<std::string> v;
    for (const auto& [key, text] : embeddedAssets())
        if (key.compare(0, kPrefix.size(), kPrefix) == 0)
            v.push_back(key.substr(kPrefix.size(), key.size() - kPrefix.size() - kSuffix.size()));
    return v;
}

Graph applyGraphFlags(Graph graph, const NoiseArgs& flags, const std::string& source) {
    static const std::vector<std::string> space = {"seed", "world-hash", "offset", "z", "w", "output", "height-scale", "dims"};
    for (const auto& [name, text] : flags.given) {
        if (text.empty() || std::find(space.begin(), space.end(), name) != space.end()) continue;
        throw ValidationError("--" + name + " " + text + ": " + source +
                              " says how its noise is made; with a graph the flags --seed, --world-hash, --offset, "
                              "--z, --w, --output and --height-scale set where and how it is sampled");
    }
    if (flags.has("dims") && flags.text("dims") != std::to_string(graph.space.dims))
        throw ValidationError("--dims " + flags.text("dims") + ": " + source + " is " + std::to_string(graph.space.dims) +
                              "D; its nodes are made for that");
    graph.space = spaceOf(buildSpec(flags, nullptr, &graph.space, true, source));
    try {
        graph.validate();
    } catch (const ValidationError& e) {
        std::vector<std::string> texts;
        for (const std::string& t : e.violations()) texts.push_back(source + ": " + t);
        throw ValidationError(texts);
    }
    return graph;
}

std::string graphSource(const std::string& pathOrCompact) {
    if (!isCompactGraph(pathOrCompact) || pathOrCompact.size() <= 24) return "graph " + pathOrCompact;
    return "graph " + pathOrCompact.substr(0, 16) + "... (" + std::to_string(pathOrCompact.size()) + " characters)";
}

Graph loadGraph(const std::string& pathOrCompact, const NoiseArgs& flags) {
    const std::string source = graphSource(pathOrCompact);
    if (!isCompactGraph(pathOrCompact))
        return applyGraphFlags(Graph::parse(io::readSmallFile(pathOrCompact, "graph"), source), flags, source);
    try {
        return applyGraphFlags(Graph::parse(pathOrCompact, source), flags, source);
    } catch (const ValidationError& e) {
        // A file named like a compact graph: say how to give it.
        std::error_code ec;
        if (!std::filesystem::is_regular_file(pathOrCompact, ec)) throw;
        std::vector<std::string> texts = e.violations();
        texts.back() += " (to read the file of this name, give its folder: ./" + pathOrCompact + ")";
        throw ValidationError(texts);
    }
}

Preset loadPreset(const std::string& nameOrPath) {
    std::string text, source;
    const auto& assets = embeddedAssets();
    const auto it = assets.find(kPrefix + nameOrPath + kSuffix);
    if (it != assets.end()) {
        text = it->second;
        source = "preset " + nameOrPath;
    } else if (nameOrPath.find('/') != std::string::npos ||
               (nameOrPath.size() > 5 && nameOrPath.compare(nameOrPath.size() - 5, 5, ".json") == 0)) {
        try {
            text = io::readSmallFile(nameOrPath, "preset");
        } catch (const ValidationError& e) {
            throw ValidationError(asFlags(e));
        }
        source = "preset " + nameOrPath;
    } else {
        throw ValidationError("--preset " + nameOrPath + ": no such preset; built in: " + joinedNames(presetNames()) +
                              "; or the path of a .json file");
    }
    return parsePreset(parseJson(text, source, ""), source);
}

nlohmann::json presetJson(const NoiseSpec& spec, const std::optional<ValueRange>& range, const std::string& colormap,
                          int bits, bool boundRange) {
    nlohmann::json j = io::specObject(spec);
    if (!colormap.empty()) j["colormap"] = colormap;
    if (range) j["range"] = {range->min, range->max};
    else if (boundRange) j["range"] = "bound";
    if (bits) j["bits"] = bits;
    return j;
}

}  // namespace glnoise::app
