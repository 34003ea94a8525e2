// SPDX-License-Identifier: MIT
// The noise graph's node kinds (glnoise/graph.hpp), in the table's order: each kind's
// fields (their defaults, limits and help) and formula as its descriptor describes them,
// and the vector's, which has none; the mirrored fields' rows; the table's lookups.
#include <algorithm>
#include <list>
#include <cmath>
#include <stdexcept>

#include "graph/fields.hpp"
#include "graph/kinds.hpp"
#include "graph/leaves.hpp"
#include "graph/moves.hpp"
#include "graph/values.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/graph.hpp"

namespace glnoise {

namespace {

using T = GraphFieldType;
using namespace graph_detail;

// Help texts made here (a mirrored field's with more), kept for the kinds' lifetime.
const char* kept(std::string text) {
    static std::list<std::string> texts;
    return texts.emplace_back(std::move(text)).c_str();
}

const SpecField& rowOf(const char* name) {
    const SpecField* row = findSpecKey(name);
    if (!row || row->meaning.empty()) throw std::logic_error(std::string("glnoise: no spec field mirrors the graph field ") + name);
    return *row;
}

Described describe(graph::Op op) {
    using graph::Op;
    switch (op) {
        case Op::Vector:
            return {{scalar("x", 0.0, "x"), scalar("y", 0.0, "y"), scalar("z", 0.0, "z"), scalar("w", 0.0, "w")},
                    "(x, y, z, w): a displacement for warp"};
#define GLN_VALUE_CASE(op) \
    case Op::op: return graph::value::op::describe();
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_VALUE_CASE
#define GLN_LEAF_CASE(op) \
    case Op::op: return graph::leaf::op::describe();
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_FRAMED_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
#define GLN_MOVE_CASE(op) \
    case Op::op: return graph::move::op::describe();
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
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

namespace graph_detail {

GraphField mirrored(const char* name, GraphFieldType type, double fallback, const char* more) {
    const SpecField& row = rowOf(name);
    const char* help = more ? kept(row.meaning + more) : row.meaning.c_str();
    if (type == GraphFieldType::Flag) return {name, type, fallback, 0.0, 1.0, false, {}, help};
    return {name, type, fallback, row.min, row.max, row.aboveMin, {}, help};
}

GraphField mirroredChoice(const char* name, std::vector<std::string> choices) {
    return {name, GraphFieldType::Choice, 0.0, 0.0, 0.0, false, std::move(choices), rowOf(name).meaning.c_str()};
}

}  // namespace graph_detail

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
            case T::Count:
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

const std::vector<std::string>& fractalTypes() {
    static const std::vector<std::string> types = [] {
        std::vector<std::string> t;
        for (const auto& k : fractalKinds()) t.emplace_back(k.name);
        for (const char* m : {"multifractal", "hybrid_multifractal", "hetero_terrain"}) t.emplace_back(m);
        return t;
    }();
    return types;
}

int fractalId(const GraphNode& fractal) {
    const std::string& type = fractal.choice("type");
    const auto& types = fractalTypes();
    const auto i = static_cast<std::size_t>(std::find(types.begin(), types.end(), type) - types.begin());
    if (i >= types.size()) throw std::logic_error("glnoise: no fractal type is named " + type);
    return i < fractalKinds().size() ? fractalKinds()[i].glslId : kMultifractal + static_cast<int>(i - fractalKinds().size());
}

int octavesOf(const GraphNode& fractal) { return static_cast<int>(std::ceil(fractal.number("octaves"))); }

}  // namespace graph

}  // namespace glnoise
