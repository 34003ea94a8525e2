// SPDX-License-Identifier: MIT
// The noise graph's node kinds (glnoise/graph.hpp): each kind's fields, their defaults,
// limits and help, and its inputs.
#include <algorithm>
#include <stdexcept>

#include "graph/fields.hpp"
#include "graph/kinds.hpp"
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

// A kind's fields and formula, by its op: the part of its descriptor the public
// GraphKind carries (graph/kinds.def gives its name, group and role).
struct Described {
    std::vector<GraphField> fields;
    const char* formula;
};

Described binary(const char* formula) {
    return {{scalar("a", kRequired, "first"), scalar("b", kRequired, "second")}, formula};
}

Described describe(graph::Op op) {
    using graph::Op;
    const std::vector<std::string> axes = {"x", "y", "z", "w"};
    switch (op) {
        case Op::Constant: return {{number("value", 0.0, "the value")}, "value"};
        case Op::Basis:
            return {{choice("basis", namesOf(basisKinds()), "the noise (glnoise bake --basis)"),
                     positive("frequency", 1.0 / 64.0, "lattice cells per unit of the point", 65536.0),
                     choice("curve", withDefault(namesOf(curveKinds()), "quintic"), "value noise's blend"),
                     choice("cell_return", namesOf(cellReturnKinds()), "cellular: what it returns"),
                     choice("cell_distance", namesOf(cellDistanceKinds()), "cellular: its distance"),
                     number("cell_jitter", 1.0, "cellular: how far feature points stray, 0 to 1", 0.0, 1.0),
                     {"period", T::Periods, 0.0, 0.0, kMaxPeriod, false, {}, "lattice period per axis in cells; 0: none"}},
                    "the basis at frequency * p: its value, in its stated range"};
        case Op::White:
            return {{positive("frequency", 1.0, "cells per unit of the point", 65536.0)},
                    "one value in [-1, 1] per lattice cell of frequency * p (value noise's height at the cell)"};
        case Op::Position: return {{choice("axis", axes, "which coordinate")}, "p.axis"};
        case Op::Ramp:
            return {{choice("axis", axes, "which coordinate"), number("from", 0.0, "where it is 0"),
                     number("to", 256.0, "where it is 1")},
                    "(p.axis - from) / (to - from)"};
        case Op::Distance: return {{numbers("center", 0.0, "the point it measures from")}, "|p - center| over the graph's dimensions"};
        case Op::Fractal:
            return {{source(), choice("type", namesOf(fractalKinds()), "how octaves add"),
                     integer("octaves", 4, 1, kMaxOctaves, "how many"),
                     positive("lacunarity", 2.0, "point scale ratio between octaves", 1024.0),
                     number("gain", 0.5, "amplitude ratio between octaves", 0.0, 1024.0),
                     number("ridge_offset", 1.0, "ridged: offset"), number("ridge_gain", 2.0, "ridged: gain", 0.0, kHuge),
                     flag("rotate", "turn octave i by R^i (no lattice creases)"),
                     flag("normalize", "divide by the amplitude sum")},
                    "sum over octaves i of gain^i f(source at lacunarity^i R^i p), f as the fractal type"};
        case Op::Scale: return {{source(), numbers("by", 1.0, "per axis, or one number for all")}, "source at by * p"};
        case Op::Offset: return {{source(), numbers("by", 0.0, "per axis")}, "source at p + by"};
        case Op::Rotate:
            return {{source(), number("degrees", 0.0, "the angle"),
                     choice("plane", {"xy", "xz", "yz", "xw", "yw", "zw"}, "the plane it turns in")},
                    "source at p turned in the plane"};
        case Op::Warp:
            return {{source(), {"by", T::Vector, kRequired, 0, 0, false, {}, "the displacement (a vector node)"},
                     number("amount", 16.0, "units of the point per unit of the vector")},
                    "source at p + amount * by(p)"};
        case Op::Seed:
            return {{source(), integer("seed", 1, 0, 4294967295.0, "which far place")},
                    "source at p + a far offset drawn from seed: unrelated values from the same noise"};
        case Op::Vector:
            return {{scalar("x", 0.0, "x"), scalar("y", 0.0, "y"), scalar("z", 0.0, "z"), scalar("w", 0.0, "w")},
                    "(x, y, z, w): a displacement for warp"};
        case Op::Add: return binary("a + b");
        case Op::Subtract: return binary("a - b");
        case Op::Multiply: return binary("a * b");
        case Op::Divide:
            return {{scalar("a", kRequired, "numerator"), scalar("b", kRequired, "denominator"),
                     positive("min_divisor", 1e-3, "|b| below this divides by it, with b's sign", 1e6)},
                    "a / b, |b| at least min_divisor"};
        case Op::Min: return binary("min(a, b)");
        case Op::Max: return binary("max(a, b)");
        case Op::SmoothMin:
            return {{scalar("a", kRequired, "first"), scalar("b", kRequired, "second"),
                     positive("smoothness", 0.1, "the width of the blend")},
                    "min(a, b) rounded over a width of smoothness (polynomial)"};
        case Op::SmoothMax:
            return {{scalar("a", kRequired, "first"), scalar("b", kRequired, "second"),
                     positive("smoothness", 0.1, "the width of the blend")},
                    "max(a, b) rounded over a width of smoothness"};
        case Op::Mix:
            return {{scalar("a", kRequired, "where mask <= 0"), scalar("b", kRequired, "where mask >= 1"),
                     scalar("mask", kRequired, "the blend")},
                    "a + (b - a) clamp(mask, 0, 1)"};
        case Op::Pow: return {{source(), positive("exponent", 2.0, "the power", 64.0)}, "sign(source) |source|^exponent"};
        case Op::Remap:
            return {{source(), number("from_min", -1.0, "maps to to_min"), number("from_max", 1.0, "maps to to_max"),
                     number("to_min", 0.0, "where from_min goes"), number("to_max", 1.0, "where from_max goes")},
                    "to_min + (source - from_min) (to_max - to_min) / (from_max - from_min)"};
        case Op::Clamp:
            return {{source(), number("min", -1.0, "the least value"), number("max", 1.0, "the most value")},
                    "min(max(source, min), max)"};
        case Op::Abs: return {{source()}, "|source|"};
        case Op::Invert: return {{source()}, "-source"};
        case Op::Curve:
            return {{source(), {"points", T::Points, 0.0, -kHuge, kHuge, false, {}, "[x, y] pairs, x increasing, 2 to 16"},
                     choice("interpolation", {"monotone", "linear"}, "monotone cubic (Fritsch-Carlson) or linear")},
                    "the curve through points at source; flat beyond its ends"};
        case Op::Terrace:
            return {{source(), positive("steps", 8.0, "steps per unit of source", 65536.0),
                     number("smoothness", 0.0, "0: hard steps; 1: no steps", 0.0, 1.0)},
                    "(floor(steps s) + smoothstep ramp of the last smoothness of each step) / steps"};
        case Op::Marble:
            return {{source(), positive("frequency", 1.0 / 64.0, "stripes: frequency / (2 pi) per unit"),
                     number("scale", 5.0, "k: how far the source bends them")},
                    "sin(frequency p.x + k source)"};
        case Op::Wood:
            return {{source(), positive("frequency", 1.0 / 64.0, "rings: frequency / (2 pi) per unit"),
                     number("scale", 5.0, "k: how far the source bends them")},
                    "sin(frequency |p.xy| + k source)"};
    }
    return {};
}

std::vector<GraphKind> makeKinds() {
    std::vector<GraphKind> k;
    for (int i = 0; i < graph::kKindCount; ++i) {
        const auto op = static_cast<graph::Op>(i);
        Described d = describe(op);
        k.push_back({graph::nameOf(op), graph::groupOf(op), graph::roleOf(op) == graph::Role::Vector, std::move(d.fields),
                     d.formula});
    }
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

namespace graph {

namespace {

struct Row {
    const char* name;
    const char* group;
    Role role;
};

constexpr Row kRows[] = {
#define GLN_GRAPH_KIND(op, name, group, role) {name, group, Role::role},
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
};
static_assert(sizeof(kRows) / sizeof(kRows[0]) == static_cast<std::size_t>(kKindCount));

const Row& rowOf(Op op) { return kRows[static_cast<std::size_t>(op)]; }

}  // namespace

const char* nameOf(Op op) { return rowOf(op).name; }
const char* groupOf(Op op) { return rowOf(op).group; }
Role roleOf(Op op) { return rowOf(op).role; }

bool findOp(const std::string& name, Op& op) {
    for (int i = 0; i < kKindCount; ++i)
        if (name == kRows[i].name) {
            op = static_cast<Op>(i);
            return true;
        }
    return false;
}

Op opOf(const std::string& kind) {
    Op op{};
    if (!findOp(kind, op)) throw std::logic_error("glnoise: no node kind is named " + kind);
    return op;
}

Op opOf(const GraphNode& node) { return opOf(node.kind); }

}  // namespace graph

}  // namespace glnoise
