// SPDX-License-Identifier: MIT
// Noise graphs (glnoise/graph.hpp): the node kinds, reading and writing graph JSON, and
// what makes a graph valid.
#include "glnoise/graph.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>

#include <nlohmann/json.hpp>

#include "core/graph_plan.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/error.hpp"

namespace glnoise {

namespace {

constexpr double kRequired = std::numeric_limits<double>::quiet_NaN();
constexpr double kHuge = 1e15;  // numbers beyond this are refused: no graph needs them, and floats would lose them

using T = GraphFieldType;

GraphField number(const char* name, double fallback, const char* help, double min = -kHuge, double max = kHuge) {
    return {name, T::Number, fallback, min, max, false, {}, help};
}
GraphField positive(const char* name, double fallback, const char* help, double max = kHuge) {
    return {name, T::Number, fallback, 0.0, max, true, {}, help};
}
GraphField integer(const char* name, double fallback, double min, double max, const char* help) {
    return {name, T::Integer, fallback, min, max, false, {}, help};
}
GraphField flag(const char* name, const char* help) { return {name, T::Flag, 0.0, 0.0, 1.0, false, {}, help}; }
GraphField choice(const char* name, std::vector<std::string> choices, const char* help) {
    return {name, T::Choice, 0.0, 0.0, 0.0, false, std::move(choices), help};
}
GraphField numbers(const char* name, double fallback, const char* help) {
    return {name, T::Numbers, fallback, -kHuge, kHuge, false, {}, help};
}
GraphField scalar(const char* name, double constant, const char* help) {
    return {name, T::Scalar, constant, -kHuge, kHuge, false, {}, help};
}
GraphField source() { return scalar("source", kRequired, "the input"); }

template <class K>
std::vector<std::string> namesOf(const std::vector<K>& kinds) {
    std::vector<std::string> names;
    names.reserve(kinds.size());
    for (const K& k : kinds) names.emplace_back(k.name);
    return names;
}

std::vector<std::string> withDefault(std::vector<std::string> names, const std::string& first) {
    auto it = std::find(names.begin(), names.end(), first);
    if (it != names.end()) std::rotate(names.begin(), it, it + 1);
    return names;
}

std::vector<GraphKind> makeKinds() {
    const std::vector<std::string> axes = {"x", "y", "z", "w"};
    std::vector<GraphKind> k;
    k.push_back({"constant", "source", false, {number("value", 0.0, "the value")}, "value"});
    k.push_back({"basis", "source", false,
                 {choice("basis", namesOf(basisKinds()), "the noise (glnoise bake --basis)"),
                  positive("frequency", 1.0 / 64.0, "lattice cells per unit of the point", 65536.0),
                  choice("curve", withDefault(namesOf(curveKinds()), "quintic"), "value noise's blend"),
                  choice("cell_return", namesOf(cellReturnKinds()), "cellular: what it returns"),
                  choice("cell_distance", namesOf(cellDistanceKinds()), "cellular: its distance"),
                  number("cell_jitter", 1.0, "cellular: how far feature points stray, 0 to 1", 0.0, 1.0),
                  {"period", T::Periods, 0.0, 0.0, kMaxPeriod, false, {}, "lattice period per axis in cells; 0: none"}},
                 "the basis at frequency * p: its value, in its stated range"});
    k.push_back({"white", "source", false, {positive("frequency", 1.0, "cells per unit of the point", 65536.0)},
                 "one value in [-1, 1] per lattice cell of frequency * p (value noise's height at the cell)"});
    k.push_back({"position", "source", false, {choice("axis", axes, "which coordinate")}, "p.axis"});
    k.push_back({"ramp", "source", false,
                 {choice("axis", axes, "which coordinate"), number("from", 0.0, "where it is 0"),
                  number("to", 256.0, "where it is 1")},
                 "(p.axis - from) / (to - from)"});
    k.push_back({"distance", "source", false, {numbers("center", 0.0, "the point it measures from")},
                 "|p - center| over the graph's dimensions"});
    k.push_back({"fractal", "fractal", false,
                 {source(), choice("type", namesOf(fractalKinds()), "how octaves add"),
                  integer("octaves", 4, 1, kMaxOctaves, "how many"),
                  positive("lacunarity", 2.0, "point scale ratio between octaves", 1024.0),
                  number("gain", 0.5, "amplitude ratio between octaves", 0.0, 1024.0),
                  number("ridge_offset", 1.0, "ridged: offset"), number("ridge_gain", 2.0, "ridged: gain", 0.0, kHuge),
                  flag("rotate", "turn octave i by R^i (no lattice creases)"),
                  flag("normalize", "divide by the amplitude sum")},
                 "sum over octaves i of gain^i f(source at lacunarity^i R^i p), f as the fractal type"});
    k.push_back({"scale", "domain", false, {source(), numbers("by", 1.0, "per axis, or one number for all")},
                 "source at by * p"});
    k.push_back({"offset", "domain", false, {source(), numbers("by", 0.0, "per axis")}, "source at p + by"});
    k.push_back({"rotate", "domain", false,
                 {source(), number("degrees", 0.0, "the angle"),
                  choice("plane", {"xy", "xz", "yz", "xw", "yw", "zw"}, "the plane it turns in")},
                 "source at p turned in the plane"});
    k.push_back({"warp", "domain", false,
                 {source(), {"by", T::Vector, kRequired, 0, 0, false, {}, "the displacement (a vector node)"},
                  number("amount", 16.0, "units of the point per unit of the vector")},
                 "source at p + amount * by(p)"});
    k.push_back({"seed", "domain", false,
                 {source(), integer("seed", 1, 0, 4294967295.0, "which far place")},
                 "source at p + a far offset drawn from seed: unrelated values from the same noise"});
    k.push_back({"vector", "vector", true,
                 {scalar("x", 0.0, "x"), scalar("y", 0.0, "y"), scalar("z", 0.0, "z"), scalar("w", 0.0, "w")},
                 "(x, y, z, w): a displacement for warp"});
    auto binary = [&](const char* name, const char* formula) {
        k.push_back({name, "combine", false, {scalar("a", kRequired, "first"), scalar("b", kRequired, "second")}, formula});
    };
    binary("add", "a + b");
    binary("subtract", "a - b");
    binary("multiply", "a * b");
    k.push_back({"divide", "combine", false,
                 {scalar("a", kRequired, "numerator"), scalar("b", kRequired, "denominator"),
                  positive("min_divisor", 1e-3, "|b| below this divides by it, with b's sign", 1e6)},
                 "a / b, |b| at least min_divisor"});
    binary("min", "min(a, b)");
    binary("max", "max(a, b)");
    k.push_back({"smooth_min", "combine", false,
                 {scalar("a", kRequired, "first"), scalar("b", kRequired, "second"),
                  positive("smoothness", 0.1, "the width of the blend")},
                 "min(a, b) rounded over a width of smoothness (polynomial)"});
    k.push_back({"smooth_max", "combine", false,
                 {scalar("a", kRequired, "first"), scalar("b", kRequired, "second"),
                  positive("smoothness", 0.1, "the width of the blend")},
                 "max(a, b) rounded over a width of smoothness"});
    k.push_back({"mix", "combine", false,
                 {scalar("a", kRequired, "where mask <= 0"), scalar("b", kRequired, "where mask >= 1"),
                  scalar("mask", kRequired, "the blend")},
                 "a + (b - a) clamp(mask, 0, 1)"});
    k.push_back({"pow", "combine", false, {source(), positive("exponent", 2.0, "the power", 64.0)},
                 "sign(source) |source|^exponent"});
    k.push_back({"remap", "modify", false,
                 {source(), number("from_min", -1.0, "maps to to_min"), number("from_max", 1.0, "maps to to_max"),
                  number("to_min", 0.0, "where from_min goes"), number("to_max", 1.0, "where from_max goes")},
                 "to_min + (source - from_min) (to_max - to_min) / (from_max - from_min)"});
    k.push_back({"clamp", "modify", false,
                 {source(), number("min", -1.0, "the least value"), number("max", 1.0, "the most value")},
                 "min(max(source, min), max)"});
    k.push_back({"abs", "modify", false, {source()}, "|source|"});
    k.push_back({"invert", "modify", false, {source()}, "-source"});
    k.push_back({"curve", "modify", false,
                 {source(), {"points", T::Points, 0.0, -kHuge, kHuge, false, {}, "[x, y] pairs, x increasing, 2 to 16"},
                  choice("interpolation", {"monotone", "linear"}, "monotone cubic (Fritsch-Carlson) or linear")},
                 "the curve through points at source; flat beyond its ends"});
    k.push_back({"terrace", "modify", false,
                 {source(), positive("steps", 8.0, "steps per unit of source", 65536.0),
                  number("smoothness", 0.0, "0: hard steps; 1: no steps", 0.0, 1.0)},
                 "(floor(steps s) + smoothstep ramp of the last smoothness of each step) / steps"});
    k.push_back({"marble", "pattern", false,
                 {source(), positive("frequency", 1.0 / 64.0, "stripes: frequency / (2 pi) per unit"),
                  number("scale", 5.0, "k: how far the source bends them")},
                 "sin(frequency p.x + k source)"});
    k.push_back({"wood", "pattern", false,
                 {source(), positive("frequency", 1.0 / 64.0, "rings: frequency / (2 pi) per unit"),
                  number("scale", 5.0, "k: how far the source bends them")},
                 "sin(frequency |p.xy| + k source)"});
    return k;
}

bool idCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

std::string quoted(const std::string& id) { return "node \"" + io::shownKey(id) + "\""; }

// A violation of `field` of node `id`: "node \"hills\" octaves".
Violation at(const std::string& id, const std::string& field, const std::string& what) {
    return {quoted(id) + (field.empty() ? "" : " " + field), what};
}

std::string shownNumber(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<long long>(v));
    nlohmann::json j = v;
    return j.dump();
}

std::string rangeText(const GraphField& f) {
    if (f.positive) return f.max >= kHuge ? "must be above 0" : "must be above 0 and at most " + shownNumber(f.max);
    if (f.min <= -kHuge && f.max >= kHuge) return "must be a finite number within +-1e15";
    if (f.max >= kHuge) return "must be at least " + shownNumber(f.min);
    return "must be from " + shownNumber(f.min) + " to " + shownNumber(f.max);
}

// A number a float holds only as 0 or a subnormal: the GPU and the reference compute in float.
bool tiny(double v) { return v != 0.0 && std::fabs(v) < static_cast<double>(std::numeric_limits<float>::min()); }
constexpr const char* kTinyText =
    "is below 1.17549435e-38 in magnitude, the least a float holds (it would be computed as 0); give 0 where it is "
    "allowed, or a larger value";

bool inRange(const GraphField& f, double v) {
    if (!std::isfinite(v) || tiny(v)) return false;
    if (f.positive) return v > 0.0 && v <= f.max;
    return v >= f.min && v <= f.max;
}

// Whether the field is the source of a fractal or domain node, which evaluates it at
// other points: a node, never a number (a number is the same at every point).
bool nodeOnly(const GraphKind& kind, const GraphField& f) {
    const std::string group = kind.group;
    return std::string(f.name) == "source" && (group == "fractal" || group == "domain");
}

std::string nodeOnlyText(const GraphKind& kind) {
    return std::string("must be a node's id (a string): ") + kind.name +
           " evaluates its source at other points, and a number is the same at every point";
}

// Reads field f of a node of `kind` from j[f.name] (present) into node; a problem is a Violation.
void readField(const GraphKind& kind, const GraphField& f, const nlohmann::json& v, GraphNode& node,
               std::vector<Violation>& problems) {
    auto bad = [&](const std::string& what) { problems.push_back(at(node.id, f.name, io::shown(v) + ": " + what)); };
    switch (f.type) {
        case T::Number:
        case T::Integer: {
            if (!v.is_number() || (f.type == T::Integer && !v.is_number_integer()))
                return bad(f.type == T::Integer ? "must be an integer" : "must be a number");
            const double d = v.get<double>();
            if (!inRange(f, d)) return bad(tiny(d) ? kTinyText : rangeText(f));
            node.numbers[f.name] = d;
            return;
        }
        case T::Flag:
            if (!v.is_boolean()) return bad("must be true or false");
            node.numbers[f.name] = v.get<bool>() ? 1.0 : 0.0;
            return;
        case T::Choice: {
            if (!v.is_string()) return bad("must be a string");
            const std::string s = v.get<std::string>();
            if (std::find(f.choices.begin(), f.choices.end(), s) == f.choices.end()) {
                std::string all;
                for (const auto& c : f.choices) all += (all.empty() ? "" : ", ") + c;
                return bad("allowed: " + all);
            }
            node.choices[f.name] = s;
            return;
        }
        case T::Numbers:
        case T::Periods: {
            const bool ints = f.type == T::Periods;
            const char* what = ints ? "must be a list of up to 4 integers" : "must be a number or a list of 1 to 4 numbers";
            // One number alone is a list of one (a scale of 2 on every axis).
            const nlohmann::json list1 = v.is_number() && !ints ? nlohmann::json::array({v}) : v;
            if (!list1.is_array() || (!ints && list1.empty()) || list1.size() > 4) return bad(what);
            std::vector<double> list;
            for (const auto& e : list1) {
                if (!e.is_number() || (ints && !e.is_number_integer())) return bad(what);
                const double d = e.get<double>();
                if (!inRange(f, d)) return bad(tiny(d) ? std::string("each number ") + kTinyText : "each " + rangeText(f).substr(5));
                list.push_back(d);
            }
            node.lists[f.name] = list;
            return;
        }
        case T::Points: {
            if (!v.is_array() || v.size() < 2 || v.size() > 16) return bad("must be a list of 2 to 16 [x, y] pairs");
            std::vector<double> list;
            for (const auto& e : v) {
                if (!e.is_array() || e.size() != 2 || !e[0].is_number() || !e[1].is_number())
                    return bad("must be a list of 2 to 16 [x, y] pairs of numbers");
                for (int c = 0; c < 2; ++c) {
                    const double d = e[static_cast<std::size_t>(c)].get<double>();
                    if (!inRange(f, d)) return bad(tiny(d) ? std::string("each coordinate ") + kTinyText
                                                           : "each coordinate must be a finite number within +-1e15");
                    list.push_back(d);
                }
            }
            for (std::size_t i = 2; i < list.size(); i += 2)
                if (!(list[i] > list[i - 2])) return bad("the x of each point must be above the one before");
            node.lists[f.name] = list;
            return;
        }
        case T::Scalar:
        case T::Vector:
            if (v.is_string()) {
                node.inputs[f.name] = v.get<std::string>();
                node.constants.erase(f.name);
                return;
            }
            if (nodeOnly(kind, f)) return bad(nodeOnlyText(kind));
            if (f.type == T::Scalar && v.is_number()) {
                const double d = v.get<double>();
                if (!inRange(f, d)) return bad(tiny(d) ? kTinyText : rangeText(f));
                node.constants[f.name] = d;
                return;
            }
            return bad(f.type == T::Scalar ? "must be a node's id (a string) or a number"
                                           : "must be the id of a vector node (a string)");
    }
}

}  // namespace

bool validGraphId(const std::string& id) {
    return !id.empty() && id.size() <= static_cast<std::size_t>(kMaxGraphIdLength) && std::all_of(id.begin(), id.end(), idCharacter);
}

GraphNode GraphNode::defaults(const std::string& id, const std::string& kindName) {
    const GraphKind& kind = *findGraphKind(kindName);
    GraphNode n;
    n.id = id;
    n.kind = kind.name;
    for (const GraphField& f : kind.fields) {
        switch (f.type) {
            case T::Number:
            case T::Integer:
            case T::Flag: n.numbers[f.name] = f.fallback; break;
            case T::Choice: n.choices[f.name] = f.choices.front(); break;
            case T::Numbers: n.lists[f.name] = {f.fallback}; break;
            case T::Periods: n.lists[f.name] = {}; break;
            case T::Points: n.lists[f.name] = {-1.0, -1.0, 1.0, 1.0}; break;
            case T::Scalar:
                if (!std::isnan(f.fallback)) n.constants[f.name] = f.fallback;
                break;
            case T::Vector: break;
        }
    }
    return n;
}

NoiseSpec spaceOf(const NoiseSpec& spec) {
    NoiseSpec s;
    s.dims = spec.dims;
    s.seed = spec.seed;
    s.worldHash = spec.worldHash;
    s.offset = spec.offset;
    s.z = spec.z;
    s.w = spec.w;
    s.output = spec.output;
    s.heightScale = spec.heightScale;
    return s;
}

namespace {

// The spec keys a graph takes at its top level.
const std::vector<std::string>& spaceKeys() {
    static const std::vector<std::string> keys = {"dims", "seed", "world_hash", "offset", "z", "w", "output", "height_scale"};
    return keys;
}

nlohmann::json fieldJson(const GraphField& f, const GraphNode& n) {
    switch (f.type) {
        case T::Number: return n.numbers.at(f.name);
        case T::Integer: return static_cast<long long>(n.numbers.at(f.name));
        case T::Flag: return n.numbers.at(f.name) != 0.0;
        case T::Choice: return n.choices.at(f.name);
        case T::Numbers: return n.lists.at(f.name);
        case T::Periods: {
            nlohmann::json a = nlohmann::json::array();
            for (double d : n.lists.at(f.name)) a.push_back(static_cast<long long>(d));
            return a;
        }
        case T::Points: {
            nlohmann::json a = nlohmann::json::array();
            const auto& l = n.lists.at(f.name);
            for (std::size_t i = 0; i + 1 < l.size(); i += 2) a.push_back({l[i], l[i + 1]});
            return a;
        }
        case T::Scalar:
        case T::Vector: {
            auto it = n.inputs.find(f.name);
            if (it != n.inputs.end()) return it->second;
            auto c = n.constants.find(f.name);
            return c != n.constants.end() ? nlohmann::json(c->second) : nlohmann::json(nullptr);
        }
    }
    return nullptr;
}

}  // namespace

const std::vector<GraphKind>& graphKinds() {
    static const std::vector<GraphKind> kinds = makeKinds();
    return kinds;
}

const GraphKind* findGraphKind(const std::string& name) {
    for (const GraphKind& k : graphKinds())
        if (name == k.name) return &k;
    return nullptr;
}

Graph Graph::parse(const std::string& text, const std::string& source) {
    const nlohmann::json j = io::parseJson(text, source, "");
    std::vector<Violation> problems;
    auto fail = [&] {
        std::vector<std::string> texts;
        texts.reserve(problems.size());
        for (const Violation& v : problems) texts.push_back(source + ": " + v.text());
        throw ValidationError(texts);
    };
    if (!j.is_object()) {
        problems.push_back({"", "must be a JSON object with glnoise_graph, out, nodes and the spec keys dims, seed, "
                                "world_hash, offset, z, w, output, height_scale"});
        fail();
    }
    Graph g;
    g.space.dims = 2;
    nlohmann::json space = nlohmann::json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& key = it.key();
        if (key == "glnoise_graph" || key == "out" || key == "nodes") continue;
        if (std::find(spaceKeys().begin(), spaceKeys().end(), key) != spaceKeys().end()) {
            space[key] = it.value();
            continue;
        }
        problems.push_back({io::shownKey(key), "is not a graph key; allowed: glnoise_graph, out, nodes, dims, seed, "
                                               "world_hash, offset, z, w, output, height_scale"});
    }
    if (!j.contains("glnoise_graph") || !j["glnoise_graph"].is_number_integer() || j["glnoise_graph"].get<long long>() != kGraphFormat)
        problems.push_back({"glnoise_graph", (j.contains("glnoise_graph") ? io::shown(j["glnoise_graph"]) : std::string("missing")) +
                                                 ": must be " + std::to_string(kGraphFormat) +
                                                 ", the graph format this glnoise reads"});
    io::readSpecKeys(space, g.space, problems);
    if (!j.contains("out") || !j["out"].is_string())
        problems.push_back({"out", (j.contains("out") ? io::shown(j["out"]) : std::string("missing")) +
                                       ": must be the id of the node whose value the graph makes"});
    else
        g.out = j["out"].get<std::string>();
    if (!j.contains("nodes") || !j["nodes"].is_object() || j["nodes"].empty()) {
        problems.push_back({"nodes", (j.contains("nodes") ? io::shown(j["nodes"]) : std::string("missing")) +
                                         ": must be an object of nodes by id, at least one"});
        fail();
    }
    const auto& nodes = j["nodes"];
    if (nodes.size() > static_cast<std::size_t>(kMaxGraphNodes)) {
        problems.push_back({"nodes", std::to_string(nodes.size()) + " nodes: at most " + std::to_string(kMaxGraphNodes)});
        fail();
    }
    for (auto it = nodes.begin(); it != nodes.end(); ++it) {
        const std::string& id = it.key();
        const nlohmann::json& nj = it.value();
        if (!validGraphId(id)) {
            problems.push_back({"nodes", "the id \"" + io::shownKey(id) + "\": " + kGraphIdRule});
            continue;
        }
        if (!nj.is_object() || !nj.contains("kind") || !nj["kind"].is_string()) {
            problems.push_back(at(id, "kind", "missing: each node is an object with a kind"));
            continue;
        }
        const GraphKind* kind = findGraphKind(nj["kind"].get<std::string>());
        if (!kind) {
            std::string all;
            for (const GraphKind& k : graphKinds()) all += (all.empty() ? "" : ", ") + std::string(k.name);
            problems.push_back(at(id, "kind", io::shown(nj["kind"]) + ": not a node kind; allowed: " + all));
            continue;
        }
        GraphNode node = GraphNode::defaults(id, kind->name);
        for (auto f = nj.begin(); f != nj.end(); ++f) {
            if (f.key() == "kind") continue;
            const auto field = std::find_if(kind->fields.begin(), kind->fields.end(),
                                            [&](const GraphField& gf) { return f.key() == gf.name; });
            if (field == kind->fields.end()) {
                std::string all;
                for (const GraphField& gf : kind->fields) all += (all.empty() ? "" : ", ") + std::string(gf.name);
                problems.push_back(at(id, io::shownKey(f.key()),
                                      std::string("is not a field of ") + kind->name + "; allowed: " + (all.empty() ? "none" : all)));
                continue;
            }
            readField(*kind, *field, f.value(), node, problems);
        }
        g.nodes.emplace(id, std::move(node));
    }
    if (!problems.empty()) fail();
    try {
        g.validate();
    } catch (const ValidationError& e) {
        for (const std::string& t : e.violations()) problems.push_back({"", t});
        fail();
    }
    return g;
}

std::string Graph::json(int indent) const {
    nlohmann::json j = nlohmann::json::object();
    j["glnoise_graph"] = kGraphFormat;
    const nlohmann::json space = io::specObject(this->space);
    for (const std::string& key : spaceKeys()) j[key] = space[key];
    j["out"] = out;
    nlohmann::json ns = nlohmann::json::object();
    for (const auto& [id, n] : nodes) {
        nlohmann::json nj = nlohmann::json::object();
        nj["kind"] = n.kind;
        const GraphKind* kind = findGraphKind(n.kind);
        for (const GraphField& f : kind->fields) {
            nlohmann::json v = fieldJson(f, n);
            if (!v.is_null()) nj[f.name] = v;
        }
        ns[id] = nj;
    }
    j["nodes"] = ns;
    return j.dump(indent);
}

bool Graph::operator==(const Graph& o) const {
    return json() == o.json();
}

namespace {

// The frames of a plan are counted as it is made; this walks the wiring for what the
// plan needs valid first: every input names a node of the right type, no cycle, depth.
struct Checker {
    const Graph& g;
    std::vector<Violation>& problems;
    std::map<std::string, int> state;  // 1: on the path, 2: done
    std::map<std::string, int> depth;

    int visit(const std::string& id, int level) {
        auto s = state.find(id);
        if (s != state.end()) {
            if (s->second == 1) {
                problems.push_back(at(id, "", "is its own input, through the inputs that lead back to it: a graph has no cycles"));
                return 0;
            }
            return depth[id];
        }
        state[id] = 1;
        const GraphNode& n = g.nodes.at(id);
        int deepest = 0;
        const GraphKind* kind = findGraphKind(n.kind);
        for (const GraphField& f : kind->fields) {
            if (f.type != T::Scalar && f.type != T::Vector) continue;
            auto in = n.inputs.find(f.name);
            if (in == n.inputs.end()) {
                if (nodeOnly(*kind, f) && n.constants.count(f.name))
                    problems.push_back(at(id, f.name, shownNumber(n.constants.at(f.name)) + ": " + nodeOnlyText(*kind)));
                else if (!n.constants.count(f.name))
                    problems.push_back(at(id, f.name, std::string("missing: ") + kind->name + " needs its " + f.name +
                                                          (f.type == T::Vector  ? " (a vector node's id)"
                                                           : nodeOnly(*kind, f) ? " (a node's id)"
                                                                                : " (a node's id or a number)")));
                continue;
            }
            auto target = g.nodes.find(in->second);
            if (target == g.nodes.end()) {
                problems.push_back(at(id, f.name, "\"" + io::shownKey(in->second) + "\": no node has this id"));
                continue;
            }
            const bool vector = findGraphKind(target->second.kind)->vectorOut;
            if (vector != (f.type == T::Vector)) {
                problems.push_back(at(id, f.name, "\"" + io::shownKey(in->second) + "\" is a " + target->second.kind + " node, " +
                                                      (vector ? "a vector; this input takes a scalar"
                                                              : "a scalar; this input takes a vector (a vector node)")));
                continue;
            }
            deepest = std::max(deepest, 1 + visit(in->second, level + 1));
            if (deepest > kMaxGraphDepth) {
                problems.push_back(at(id, f.name, "inputs chain more than " + std::to_string(kMaxGraphDepth) +
                                                      " nodes deep; at most " + std::to_string(kMaxGraphDepth)));
                break;
            }
            if (problems.size() > 20) break;
        }
        state[id] = 2;
        depth[id] = deepest;
        return deepest;
    }
};

// What one node requires of its own values, given the graph's dimensions.
void checkNode(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
    const int dims = space.dims;
    const std::string axes = "xyzw";
    auto axisOk = [&](const std::string& field, const std::string& axis) {
        if (static_cast<int>(axes.find(axis)) >= dims)
            problems.push_back(at(n.id, field, "\"" + axis + "\": a " + std::to_string(dims) + "D graph has axes " +
                                                   axes.substr(0, static_cast<std::size_t>(dims))));
    };
    auto listOk = [&](const std::string& field) {
        const auto& l = n.lists.at(field);
        if (l.size() != 1 && static_cast<int>(l.size()) != dims)
            problems.push_back(at(n.id, field, std::to_string(l.size()) + " numbers: one for every axis, or " +
                                                   std::to_string(dims) + " (one per axis of a " + std::to_string(dims) + "D graph)"));
    };
    const std::string& k = n.kind;
    if (k == "basis") {
        NoiseSpec s = space;
        s.basis = parseBasis(n.choice("basis"));
        s.interp = parseCurve(n.choice("curve"));
        s.cellReturn = parseCellReturn(n.choice("cell_return"));
        s.cellDistance = parseCellDistance(n.choice("cell_distance"));
        s.cellJitter = n.number("cell_jitter");
        s.frequency = n.number("frequency");
        s.output = Output::Value;
        s.period = {};
        const auto& per = n.lists.at("period");
        for (std::size_t i = 0; i < per.size(); ++i) s.period[i] = static_cast<int>(per[i]);
        try {
            s.validate();
        } catch (const ValidationError& e) {
            for (const Violation& v : e.details()) {
                std::string field = v.field;
                std::replace(field.begin(), field.end(), '-', '_');
                problems.push_back(at(n.id, field, v.what));
            }
        }
    } else if (k == "position" || k == "ramp") {
        axisOk("axis", n.choice("axis"));
        if (k == "ramp" && n.number("from") == n.number("to"))
            problems.push_back(at(n.id, "to", shownNumber(n.number("to")) + ": must differ from from"));
    } else if (k == "distance") {
        listOk("center");
    } else if (k == "scale" || k == "offset") {
        listOk("by");
        if (k == "scale")
            for (double v : n.lists.at("by"))
                if (v == 0.0) problems.push_back(at(n.id, "by", "0: a scale of 0 collapses the axis; must not be 0"));
    } else if (k == "rotate") {
        const std::string& p = n.choice("plane");
        axisOk("plane", std::string(1, p[0]));
        axisOk("plane", std::string(1, p[1]));
    } else if (k == "remap") {
        if (n.number("from_min") == n.number("from_max"))
            problems.push_back(at(n.id, "from_max", shownNumber(n.number("from_max")) + ": must differ from from_min"));
    } else if (k == "clamp") {
        if (n.number("min") > n.number("max"))
            problems.push_back(at(n.id, "max", shownNumber(n.number("max")) + ": must be at least min " +
                                                   shownNumber(n.number("min"))));
    }
}

}  // namespace

std::optional<std::string> noDerivative(const GraphNode& n, int dims) {
    if (n.kind == "white") return std::string("white noise is a step at every cell edge");
    if (n.kind == "terrace" && n.number("smoothness") == 0.0)
        return std::string("a terrace with smoothness 0 steps; give it a smoothness above 0");
    if (n.kind == "pow" && n.number("exponent") < 1.0)
        return std::string("pow with an exponent below 1 is infinitely steep at 0");
    if (n.kind == "basis") {
        if (dims != 2 && dims != 3) return std::string("gradients exist in 2D and 3D");
        if (n.choice("basis") == "cellular" && n.choice("cell_return") == "cell-value")
            return std::string("cellular cell-value steps at every cell edge");
    }
    return std::nullopt;
}

void Graph::validate() const {
    std::vector<Violation> problems;
    try {
        NoiseSpec s = space;
        s.output = Output::Value;
        s.validate();
    } catch (const ValidationError& e) {
        for (const Violation& v : e.details()) problems.push_back(v);
    }
    if (space.output != Output::Value && space.dims != 2 && space.dims != 3)
        problems.push_back({"output", std::string(toString(space.output)) + ": needs dims 2 or 3"});
    if (nodes.size() > static_cast<std::size_t>(kMaxGraphNodes))
        problems.push_back({"nodes", std::to_string(nodes.size()) + " nodes: at most " + std::to_string(kMaxGraphNodes)});
    if (!nodes.count(out)) problems.push_back({"out", "\"" + io::shownKey(out) + "\": no node has this id"});
    for (const auto& [id, n] : nodes)
        if (!validGraphId(id) || n.id != id)
            problems.push_back({"nodes", "the id \"" + io::shownKey(id) + "\": " +
                                             (validGraphId(id) ? "the node's id must be its key" : kGraphIdRule)});
    if (!problems.empty()) throw ValidationError(problems);
    for (const auto& [id, n] : nodes) {
        const GraphKind* kind = findGraphKind(n.kind);
        if (!kind) {
            problems.push_back(at(id, "kind", "\"" + n.kind + "\": not a node kind"));
            continue;
        }
        checkNode(n, space, problems);
    }
    if (findGraphKind(nodes.at(out).kind) && findGraphKind(nodes.at(out).kind)->vectorOut)
        problems.push_back({"out", "\"" + io::shownKey(out) + "\" is a vector node; a graph's value is a scalar"});
    if (!problems.empty()) throw ValidationError(problems);
    Checker checker{*this, problems, {}, {}};
    for (const auto& entry : nodes) {
        checker.visit(entry.first, 0);
        if (!problems.empty()) throw ValidationError(problems);
    }
    // What the nodes that feed the output need of each other.
    std::set<std::string> seen;
    std::function<void(const std::string&, bool)> walk = [&](const std::string& id, bool periodicOk) {
        const GraphNode& n = nodes.at(id);
        if (space.output != Output::Value) {
            if (auto why = noDerivative(n, space.dims))
                problems.push_back(at(id, "", "has no derivative for output " + std::string(toString(space.output)) + ": " + *why));
        }
        if (n.kind == "basis" && !n.lists.at("period").empty() && !periodicOk)
            problems.push_back(at(id, "period", "a period holds where only fractals (of an integer lacunarity, not "
                                                "rotated), offsets, seeds and warps lie between it and the output"));
        const std::string key = id + (periodicOk ? "+" : "-");
        if (!seen.insert(key).second) return;
        for (const auto& [field, target] : n.inputs) {
            bool ok = periodicOk;
            if (field == "source") {
                if (n.kind == "scale" || n.kind == "rotate") ok = false;
                if (n.kind == "fractal" &&
                    (n.number("rotate") != 0.0 || n.number("lacunarity") != std::floor(n.number("lacunarity"))))
                    ok = false;
            }
            walk(target, ok);
        }
    };
    walk(out, true);
    if (!problems.empty()) throw ValidationError(problems);
    (void)cpu::planGraph(*this);  // counts the frames: over the limit names the node
}

}  // namespace glnoise
