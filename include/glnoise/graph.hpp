// SPDX-License-Identifier: MIT
// glnoise/graph.hpp: noise graphs: nodes that make, combine, bend and shape noise, wired
// into one value per point (docs/graphs.md).
//
//   glnoise::Graph g = glnoise::Graph::parse(text, "mountains.json");  // ValidationError names node and field
//   glnoise::Image img = glnoise::cpu::evaluate(g, grid);              // glnoise/cpu.hpp
//   glnoise::Graph today = glnoise::graphOf(spec);                     // every spec is a graph
//
// A graph is JSON: the noise's dimensions, table and placement (the spec keys dims, seed,
// world_hash, offset, z, w, output and height_scale), the node whose value it makes (out),
// and its nodes by id. A node has a kind and the kind's fields: numbers, choices, lists,
// and inputs, each a node's id or, for a scalar input, a number; a drivable number may be
// a node's id too. Every node is evaluated
// at a point; the domain nodes (scale, offset, rotate, warp, seed) and the fractal
// evaluate their source at other points, which is how a graph bends space.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "glnoise/erosion.hpp"
#include "glnoise/spec.hpp"

namespace glnoise {

// The format version a graph file states as "glnoise_graph": the one glnoise writes. It
// reads every format from kFirstGraphFormat on; format 1 named a basis's interp "curve" and
// a marble's or wood's pattern_scale "scale" (docs/graphs.md, "Formats").
inline constexpr int kGraphFormat = 2;
inline constexpr int kFirstGraphFormat = 1;
// Limits: nodes in a graph, the longest chain of inputs, and the basis evaluations
// (frames) one point needs once the graph's fractals and domains are unfolded.
inline constexpr int kMaxGraphNodes = 256;
inline constexpr int kMaxGraphDepth = 32;
inline constexpr int kMaxGraphFrames = 4096;

// A node's id: 1 to kMaxGraphIdLength characters, each an ASCII letter, a digit, '_', '-'
// or '.'. Ids name nodes in messages only: a graph's shader is written from generated
// names and numbers, never from an id or any other string of the graph.
inline constexpr int kMaxGraphIdLength = 64;
inline constexpr const char* kGraphIdRule =
    "must be 1 to 64 characters, each a letter (A-Z, a-z), a digit, '_', '-' or '.'";
bool validGraphId(const std::string& id);

// What a field of a node kind holds.
enum class GraphFieldType {
    Number,   // a finite number
    Integer,  // an integer
    Count,    // a count that may hold a fraction (octaves: 4.5 blends the fifth octave by half)
    Flag,     // true or false
    Choice,   // one of the field's names
    Numbers,  // a list of 1 to 4 numbers (a vector; one number means every axis)
    Periods,  // a list of up to 4 integers (a lattice period per axis)
    Points,   // a list of [x, y] pairs (a curve's control points)
    Scalar,   // an input: a node with a scalar value, or a number
    Vector,   // an input: a node with a vector value (the vector kind)
};

struct GraphField {
    const char* name;
    GraphFieldType type;
    double fallback;       // the default of a number, integer or flag; an input's constant (NaN: required)
    double min, max;       // allowed range of a number or integer (inclusive)
    bool positive;         // a number must be > 0 (min is then 0)
    std::vector<std::string> choices;  // a Choice's names, its first the default
    const char* help;
    // A Number a node may drive: the field may name a scalar node instead, whose value at
    // the node's point is the number there, held to the field's range (to at least
    // kDrivenLeast where the range starts at 0). The other numbers are structure or place
    // the frames the host plans; they stay numbers.
    bool drivable = false;
};
// The least a driven number is held to where its field's range starts at 0.
inline constexpr double kDrivenLeast = 1e-6;

struct GraphKind {
    const char* name;
    const char* group;     // "source", "fractal", "domain", "vector", "combine", "modify", "pattern"
    bool vectorOut;        // its value is a vector (the vector kind) rather than a scalar
    std::vector<GraphField> fields;
    const char* formula;   // what it computes, for docs and --help
};

// Whether text (spaces around it aside) is a graph's compact form: "gln", the number of its
// form and "." (Graph::compact), as --graph tells one from a file's path.
bool isCompactGraph(std::string_view text);
// The JSON a compact form holds; a form this glnoise does not read, a character outside
// base64url, a string cut short or altered (its CRC-32), or more than 1 MiB unpacked is a
// ValidationError "SOURCE: why".
std::string compactGraphJson(std::string_view text, const std::string& source);

// Every node kind, in the order docs/graphs.md lists them.
const std::vector<GraphKind>& graphKinds();
// The kind named `name`, or null.
const GraphKind* findGraphKind(const std::string& name);

// One node, every field of its kind present (defaults filled in when parsed).
struct GraphNode {
    std::string id;
    std::string kind;
    std::map<std::string, double> numbers;              // Number, Integer, Flag (0 or 1); a driven Number's default
    std::map<std::string, std::string> choices;         // Choice
    std::map<std::string, std::vector<double>> lists;   // Numbers, Periods; Points as x0, y0, x1, y1, ...
    std::map<std::string, std::string> inputs;          // Scalar and Vector inputs, and driven Numbers, wired to a node
    // A Scalar input given as a number (or left at its constant default).
    std::map<std::string, double> constants;

    double number(const std::string& field) const { return numbers.at(field); }
    // Whether a node drives the Number `field` (its id is in inputs).
    bool driven(const std::string& field) const { return inputs.count(field) != 0; }
    // A node of the kind named `kind` (one of graphKinds()) with every field at its default.
    static GraphNode defaults(const std::string& id, const std::string& kind);
    const std::string& choice(const std::string& field) const { return choices.at(field); }
};

struct Graph {
    // dims, seed, worldHash, offset, z, w, output and heightScale of `space` say the
    // noise's dimensions, table and placement; its other fields are unused.
    NoiseSpec space;
    std::string out;                     // the id of the node whose value the graph makes
    std::map<std::string, GraphNode> nodes;
    // The graph's erode stage (its JSON's "erode": the erosion's numbers by name, and
    // iterations): the output's values over a whole 2D grid, eroded (docs/erosion.md).
    // Erosion moves material across the map, so such a graph has no value at a point:
    // only a bake of a whole 2D heightmap makes it (glnoise bake, Python's bake); the
    // pointwise evaluators, the shader exports and tiles refuse it (requirePointwise), and
    // pointwise() is its nodes alone.
    std::optional<erosion::Params> erosion;

    // Reads a graph from JSON text, or from its compact form (compact()). `source` names it
    // in errors ("graph mountains.json"). Throws ValidationError with one violation per
    // problem, each naming the node and the field ("node \"hills\" octaves 40: must be
    // from 1 to 32"); a graph it returns is valid.
    static Graph parse(const std::string& text, const std::string& source = "graph");
    // The graph as JSON, every field of every node given, readable by hand; parse() reads
    // it back to an equal graph.
    std::string json(int indent = 2) const;
    // The graph as one line of URL-safe text, for a game's data or a link: "gln1." and
    // base64url of its JSON deflated, with a CRC-32, so that a string cut short or altered
    // is refused; parse() reads it back to an equal graph (docs/graphs.md, "Compact form").
    std::string compact() const;

    // Throws ValidationError for what parse() refuses: unknown kinds or fields, values out
    // of range, missing inputs, inputs of the wrong type, cycles, the limits above, and a
    // gradient or normal asked through a node without a derivative.
    void validate() const;

    // The graph without its erode stage.
    Graph pointwise() const;
    // ValidationError when the graph erodes: `what` ("a shader") cannot evaluate it point by point.
    void requirePointwise(const std::string& what) const;

    bool operator==(const Graph& o) const;
    bool operator!=(const Graph& o) const { return !(*this == o); }
};

// The spec's space alone: its dims, seed, worldHash, offset, z, w, output and heightScale
// over a default spec (a graph's `space`).
NoiseSpec spaceOf(const NoiseSpec& spec);

// Today's spec as a graph: basis, fractal, warp and pattern as nodes (glnoise bake --print-graph).
Graph graphOf(const NoiseSpec& spec);
// The spec a graph is, when it is one of graphOf's shapes with values a spec holds
// (then glnoise evaluates it as that spec: the same bytes as ever); otherwise empty.
std::optional<NoiseSpec> specOf(const Graph& graph);

// The range the graph's values are stated to lie in, from each node's inputs' ranges
// (docs/graphs.md, "Ranges and tolerance"); infinite where a position, ramp or distance
// reaches the output unbounded.
ValueRange statedRange(const Graph& graph);
// Whether a node that feeds the output is discontinuous (white noise, a hard terrace,
// cellular cell-value, a divisor whose range holds 0): check then counts the texels
// beyond the tolerance as texels at a jump, and reports their share.
bool hasJumps(const Graph& graph);

// Whether the node's value has a derivative (the gradient and normal outputs need one on
// every node that feeds the output); when not, why.
std::optional<std::string> noDerivative(const GraphNode& node, int dims);

}  // namespace glnoise
