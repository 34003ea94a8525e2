// SPDX-License-Identifier: MIT
// Presets: a spec or a graph and how to store it, as JSON (assets/presets/*.json). A spec's
// preset is the object `glnoise bake --print-spec` prints and every baked spec's file
// records, so a record is itself a preset:
//
//   {"basis": "perlin", "fractal": "fbm", "octaves": 8, "frequency": 0.00390625,
//    "normalize": true, "colormap": "terrain", "range": [-1, 1], "bits": 16}
//
// A graph's preset holds the graph (docs/graphs.md) under "graph", beside the same
// mapping keys, as a baked graph's record holds its graph beside its "preset":
//
//   {"graph": {"glnoise_graph": 2, "out": "land", "nodes": {...}}, "colormap": "terrain"}
//
// Keys: every NoiseSpec field by its documented name (basis, interp, fractal, dims, frequency,
// octaves, lacunarity, gain, ridge_offset, ridge_gain, normalize, seed, period, offset, z,
// w, output, height_scale, warp_amount, warp_octaves, warp_frequency, warp_depth, pattern,
// pattern_scale) and the bake's colormap, range and bits. A key left out keeps its default.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/options.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

struct Preset {
    NoiseSpec spec;
    bool hasDims = false;             // dims given (else the grid decides, as without a preset)
    std::optional<ValueRange> range;
    std::string colormap;             // "" none
    int bits = 0;                     // 0: the format's default
    bool boundRange = false;          // "range": "bound": with no range, the stated range
    bool rangeGiven = false;          // "range" is a key (typical said outright counts)
    std::optional<Graph> graph = std::nullopt;  // a graph's preset: its noise (spec is its space)
};

// JSON text as glnoise reads presets, records and graphs: its size and depth within limits,
// no key twice in one object; else a ValidationError "SOURCE: why" (`what` names the text:
// "its record is not JSON"; empty: "SOURCE: not JSON").
nlohmann::json parseJson(const std::string& text, const std::string& source, const std::string& what);

// Every key checked (a graph's preset: "graph" and the mapping keys): an unknown key, a value of the wrong type or out of range is a
// ValidationError naming `source`, the key and what is allowed (all of them at once).
Preset parsePreset(const nlohmann::json& j, const std::string& source);
// A built-in preset by name (assets/presets/NAME.json) or a .json file by path.
Preset loadPreset(const std::string& nameOrPath);

// The graph in the JSON file `pathOrCompact` (--graph), or given as its compact form
// ("gln1...."), with the flags that set its space applied: --seed, --world-hash, --offset,
// --z, --w, --output, --height-scale (and --dims, when it is the graph's). Any other noise
// flag is a ValidationError: a graph's nodes say how its noise is made. Errors name the
// file ("graph g.json: node \"n\" octaves 40: ...") or the compact form's first
// characters and length (graphSource).
Graph loadGraph(const std::string& pathOrCompact, const NoiseArgs& flags);
// How errors and warnings name a --graph argument: "graph PATH", or a compact form's first
// 16 characters and its length.
std::string graphSource(const std::string& pathOrCompact);
// The same for a graph already read (a record's), its errors naming `source`.
Graph applyGraphFlags(Graph graph, const NoiseArgs& flags, const std::string& source);
std::vector<std::string> presetNames();

// The preset that reproduces spec, range, colormap and bits: every spec field, and the
// bake keys that are set ("range": "bound" for the stated range).
nlohmann::json presetJson(const NoiseSpec& spec, const std::optional<ValueRange>& range,
                          const std::string& colormap, int bits, bool boundRange = false);

}  // namespace glnoise::app
