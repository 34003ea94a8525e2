// SPDX-License-Identifier: MIT
// The noise graph's node kinds (glnoise/graph.hpp): each kind's fields, their defaults,
// limits and help, and its inputs.
#include <algorithm>

#include "core/graph_fields.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/graph.hpp"

namespace glnoise {

namespace {

using graph_detail::kHuge;
using graph_detail::kRequired;

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

}  // namespace glnoise
