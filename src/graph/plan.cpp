// SPDX-License-Identifier: MIT
// Planning a graph (graph/plan.hpp): each operation's parameters, from PlanOp::param, as
// its kind's descriptor plans them (graph/values.hpp, graph/leaves.hpp, graph/moves.hpp),
// and at each point the frames a leaf's and a moving kind's descriptor plan.
#include "graph/plan.hpp"

#include <cmath>
#include <map>

#include "glnoise/catalogue.hpp"
#include "glnoise/error.hpp"
#include "graph/fields.hpp"
#include "graph/leaves.hpp"
#include "graph/moves.hpp"
#include "graph/values.hpp"

namespace glnoise::cpu {

namespace {

using graph::isLeaf;
using graph::movesThePoint;

struct Builder {
    const Graph& g;
    GraphPlan& plan;
    std::map<std::pair<std::string, int>, int> scopeOf;  // a source node's id and dimensions: its scope

    int param(double v) {
        plan.params.push_back(v);
        return static_cast<int>(plan.params.size()) - 1;
    }

    int scopeFor(const std::string& root, int dims) {
        auto it = scopeOf.find({root, dims});
        if (it != scopeOf.end()) return it->second;
        PlanScope scope;
        scope.dims = dims;
        std::map<std::string, int> slot;
        add(root, scope, slot);
        const int index = static_cast<int>(plan.scopes.size());
        plan.scopes.push_back(std::move(scope));
        scopeOf[{root, dims}] = index;
        return index;
    }

    // Adds node id (after its inputs) to the scope being built, once.
    int add(const std::string& id, PlanScope& scope, std::map<std::string, int>& slot) {
        auto known = slot.find(id);
        if (known != slot.end()) return known->second;
        const GraphNode& n = g.nodes.at(id);
        const GraphKind& kind = *findGraphKind(n.kind);
        PlanOp p;
        p.op = graph::opOf(n);
        p.node = id;
        for (const GraphField& f : kind.fields) {
            if (f.type != GraphFieldType::Scalar && f.type != GraphFieldType::Vector) continue;
            if (std::string(f.name) == "source" && movesThePoint(p.op)) continue;
            Arg a;
            auto in = n.inputs.find(f.name);
            if (in != n.inputs.end())
                a.slot = add(in->second, scope, slot);
            else
                a.param = param(n.constants.at(f.name));
            p.args.push_back(a);
        }
        // Driven numbers: every drivable number follows the inputs, a node's (held to the
        // field's range) or its own.
        for (const GraphField& f : kind.fields)
            p.driven = p.driven || (f.type == GraphFieldType::Number && f.drivable && n.driven(f.name));
        if (p.driven)
            for (const GraphField& f : kind.fields) {
                if (f.type != GraphFieldType::Number || !f.drivable) continue;
                Arg a;
                if (n.driven(f.name)) {
                    a.slot = add(n.inputs.at(f.name), scope, slot);
                    a.hold = param(graph_detail::drivenMin(f));
                    param(graph_detail::drivenMax(f));
                } else {
                    a.param = param(n.number(f.name));
                }
                p.args.push_back(a);
            }
        if (movesThePoint(p.op)) {
            p.scope = scopeFor(n.inputs.at("source"), graph::move::sourceDims(p.op, n, scope.dims));
            p.childFrames = plan.scopes[static_cast<std::size_t>(p.scope)].frames;
        }
        p.param = static_cast<int>(plan.params.size());
        parameters(n, p, scope.dims);
        // A leaf's frame; a moving kind's own (a lookup's cells), then its source's per evaluation.
        const long long count = (isLeaf(p.op) ? 1 : graph::move::ownFrames(p.op)) +
                                static_cast<long long>(p.childFrames) * graph::move::sourceCalls(p.op, p.ints);
        p.frame = scope.frames;  // where its frames start (past the end when it has none)
        if (scope.frames + count > kMaxGraphFrames)
            throw ValidationError(Violation{"node \"" + id + "\"",
                                            "needs " + std::to_string(scope.frames + count) +
                                                " basis evaluations per point, its fractals' octaves and its inputs "
                                                "unfolded; at most " + std::to_string(kMaxGraphFrames)});
        scope.frames += static_cast<int>(count);
        scope.ops.push_back(std::move(p));
        return slot[id] = static_cast<int>(scope.ops.size()) - 1;
    }

    void parameters(const GraphNode& n, PlanOp& p, int dims) {
        switch (p.op) {
#define GLN_VALUE_CASE(op)                                       \
    case Op::op: {                                               \
        graph::value::Planned out{plan.params, p.ints, dims};    \
        graph::value::op::plan(n, out);                          \
        break;                                                   \
    }
#define GLN_LEAF_CASE(op)                                        \
    case Op::op: {                                               \
        graph::value::Planned out{plan.params, p.ints, dims};    \
        graph::leaf::op::plan(n, out);                           \
        break;                                                   \
    }
#define GLN_MOVE_CASE(op)                                        \
    case Op::op: {                                               \
        graph::value::Planned out{plan.params, p.ints, dims};    \
        graph::move::op::plan(n, out);                           \
        break;                                                   \
    }
#define GLN_GRAPH_KIND(op, name, group, role) \
    GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_FRAMED_##role(GLN_LEAF_CASE, op) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
            default: break;
        }
    }
};

template <class T>
void appendScope(const GraphPlan& plan, int s, const std::array<double, 4>& o, long long periodScale,
                 std::vector<GlnFrame<T>>& out) {
    const std::vector<double>& P = plan.params;
    const PlanScope& scope = plan.scopes[static_cast<std::size_t>(s)];
    const graph::leaf::FrameSpace space{scope.dims, plan.world, periodScale};
    for (const PlanOp& p : scope.ops) {
        const std::size_t at = static_cast<std::size_t>(p.param);
        switch (p.op) {
#define GLN_LEAF_CASE(op)                                                                   \
    case Op::op: out.push_back(graph::leaf::op::template frame<T>(o, P.data() + at, p.ints, space)); break;
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_FRAMED_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
#define GLN_MOVE_CASE(op)                                                                                           \
    case Op::op:                                                                                                    \
        graph::move::op::template frames<T>(o, P.data() + at, p.ints, space, out,                                   \
                                            [&](const std::array<double, 4>& m, long long scale) {                  \
                                                appendScope(plan, p.scope, m, periodScale * scale, out);            \
                                            });                                                                     \
        break;
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
            default: break;
        }
    }
}

}  // namespace

GraphPlan planGraph(const Graph& graph) {
    GraphPlan plan;
    plan.dims = graph.space.dims;
    plan.world = graph.space.worldHash;
    plan.gradient = graph.space.output != Output::Value;
    Builder b{graph, plan, {}};
    // Scope 0 is the output's: make it first, then its sources after it.
    plan.scopes.emplace_back();
    PlanScope root;
    root.dims = plan.dims;
    std::map<std::string, int> slot;
    b.add(graph.out, root, slot);
    plan.scopes[0] = std::move(root);
    plan.framesPerPoint = plan.scopes[0].frames;
    return plan;
}

template <class T>
void GraphPlan::appendFrames(const std::array<double, 4>& origin, std::vector<GlnFrame<T>>& out) const {
    appendScope(*this, 0, origin, 1, out);
}

template <class T>
void GraphPlan::appendAnchorFrames(const NoiseSpec& space, const AnchorLayout& layout, std::vector<GlnFrame<T>>& out) const {
    const std::array<double, 4> origin = gridOrigin(space);
    for (int kz = 0; kz < layout.count[2]; ++kz)
        for (int ky = 0; ky < layout.count[1]; ++ky)
            for (int kx = 0; kx < layout.count[0]; ++kx) {
                const std::int64_t k[3] = {kx, ky, kz};
                std::array<double, 4> o = origin;
                for (std::size_t a = 0; a < 3; ++a) o[a] += static_cast<double>(layout.first[a] + k[a] * kAnchor);
                appendFrames(o, out);
            }
}

template void GraphPlan::appendFrames<float>(const std::array<double, 4>&, std::vector<GlnFrame<float>>&) const;
template void GraphPlan::appendFrames<double>(const std::array<double, 4>&, std::vector<GlnFrame<double>>&) const;
template void GraphPlan::appendAnchorFrames<float>(const NoiseSpec&, const AnchorLayout&, std::vector<GlnFrame<float>>&) const;
template void GraphPlan::appendAnchorFrames<double>(const NoiseSpec&, const AnchorLayout&, std::vector<GlnFrame<double>>&) const;

}  // namespace glnoise::cpu
