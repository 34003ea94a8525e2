// SPDX-License-Identifier: MIT
// Parsing of the command line's values into a NoiseSpec, Grid and the like. Every
// function throws glnoise::ValidationError whose text starts with the flag, for example
// "--octaves abc: must be an integer between 1 and 32".
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>

#include <vector>

#include "app/notes.hpp"
#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

// What the user typed for the noise options: the text of each spec field's flag
// (glnoise/fields.hpp), by the field's name; absent or empty means "not given". An on/off
// field's flag (--normalize) holds "true" when given.
struct NoiseArgs {
    std::map<std::string, std::string> given;
    bool noOctaveLimit = false;

    // The text given for the field `name`, or "".
    const std::string& text(const std::string& name) const;
    bool has(const std::string& name) const { return !text(name).empty(); }
};

// "a,b,c" -> {"a", "b", "c"}; "" -> {""}.
std::vector<std::string> splitList(const std::string& text);

double parseNumber(const std::string& flag, const std::string& text);
int parseInt(const std::string& flag, const std::string& text, const std::string& allowed);
std::uint64_t parseSeed(const std::string& text);
// "A,B" or "A,B,C" (count 2 or 3 allowed per `maxCount`).
std::array<double, 3> parseList(const std::string& flag, const std::string& text, int minCount,
                                int maxCount, int* count = nullptr);
ValueRange parseRange(const std::string& text);

// The spec from the arguments, validated. When --dims is not given it is 3 if the grid is
// a volume or --z is given, else 2. `grid` may be null (eval). With `base` (a preset or
// a file's record) the flags given override its values, and its dims stand when it has one.
// A problem with a value the flags did not give, but the base did, names `baseSource` and
// the key ("preset mine.json: octaves 40: ..."), not a flag the user never typed.
// `seamless` (bake --seamless): the noise is 4D, sampled on a torus; a spec that cannot be
// (psrdnoise, a gradient, a pattern, a period) is refused saying why.
NoiseSpec buildSpec(const NoiseArgs& args, const Grid* grid, const NoiseSpec* base = nullptr,
                    bool baseHasDims = false, const std::string& baseSource = "", bool seamless = false);

// The library names fields ("octaves 0: ..."); on the command line they are flags.
std::vector<std::string> asFlags(const ValidationError& e);

// For a grid with unit texel spacing: when octaves above the Nyquist limit would only
// alias, drops them from `spec` (unless keepAll) and returns the note that says so, about
// the octaves given by the front-end, or by `from` (a preset or record: "preset p.json").
std::optional<Note> limitOctaves(NoiseSpec& spec, bool keepAll, const std::string& from = "");

// The same for a graph (docs/graphs.md, "The octave limit"): a fractal node's octave i is
// dropped when every lattice leaf of its source would be above 0.5 cells per texel there,
// at the least scale the graph evaluates the fractal at (its frequencies times the scale
// and fractal nodes above it). A fractal that reaches the output only through a warp's
// displacement keeps its octaves, as a spec's --warp-octaves are kept. A note for each
// node, from `source` ("graph hills.json").
std::vector<Note> limitGraphOctaves(Graph& graph, bool keepAll, const std::string& source);

}  // namespace glnoise::app
