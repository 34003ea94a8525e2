// SPDX-License-Identifier: MIT
// What makes a noise graph valid (Graph::validate): its wiring (inputs of the right type,
// no cycle, its depth), each node's fields against the graph's space, and what a gradient
// needs.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "graph/fields.hpp"
#include "graph/kinds.hpp"
#include "graph/leaves.hpp"
#include "graph/moves.hpp"
#include "graph/plan.hpp"
#include "graph/values.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/graph.hpp"

namespace glnoise {

using namespace graph_detail;

namespace {

using T = GraphFieldType;

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
            if (!wired(f)) continue;
            auto in = n.inputs.find(f.name);
            if (in == n.inputs.end() && f.type == T::Number) continue;  // a number given
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
                                                      (vector ? (f.type == T::Number ? "a vector; a number is driven by a scalar node"
                                                                                     : "a vector; this input takes a scalar")
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

// What one node requires of its own values, given the graph's space.
void checkNode(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
    const graph::Op k = graph::opOf(n);
    switch (k) {
#define GLN_VALUE_CASE(op) \
    case graph::Op::op: graph::value::op::check(n, problems); break;
#define GLN_LEAF_CASE(op) \
    case graph::Op::op: graph::leaf::op::check(n, space, problems); break;
#define GLN_MOVE_CASE(op) \
    case graph::Op::op: graph::move::op::check(n, space, problems); break;
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

// The dimensions each node is evaluated in, from the output down: the graph's, one more
// below an add_dimension, one fewer below a remove_dimension (a node may be in several).
// A node no path from the output reaches is in the graph's. Walks what is there: an input
// naming no node, a kind unknown or a cycle is reported elsewhere.
std::map<std::string, std::set<int>> dimsOf(const Graph& g) {
    std::map<std::string, std::set<int>> in;
    std::vector<std::pair<std::string, int>> todo{{g.out, g.space.dims}};
    while (!todo.empty()) {
        const auto [id, d] = todo.back();
        todo.pop_back();
        auto node = g.nodes.find(id);
        if (node == g.nodes.end() || !findGraphKind(node->second.kind) || !in[id].insert(d).second) continue;
        const GraphNode& n = node->second;
        for (const auto& [field, target] : n.inputs) {
            const int next = graph::move::inputDims(graph::opOf(n), n, field, d);
            if (next >= 1 && next <= 4) todo.emplace_back(target, next);  // else the node's own check says why
        }
    }
    for (const auto& entry : g.nodes)
        if (in[entry.first].empty()) in[entry.first].insert(g.space.dims);
    return in;
}

// The graph's space as a node in `dims` sees it: a slice's z and w belong to the graph's
// own dimensions.
NoiseSpec spaceIn(const NoiseSpec& space, int dims) {
    NoiseSpec s = space;
    if (dims == space.dims) return s;
    s.dims = dims;
    s.z = 0.0;
    s.w = 0.0;
    return s;
}

}  // namespace

std::optional<std::string> noDerivative(const GraphNode& n, int dims) {
    switch (graph::opOf(n)) {
#define GLN_VALUE_CASE(op) \
    case graph::Op::op: return graph::value::op::noDerivative(n);
#define GLN_LEAF_CASE(op) \
    case graph::Op::op: return graph::leaf::op::noDerivative(n, dims);
#define GLN_MOVE_CASE(op) \
    case graph::Op::op: return graph::move::op::noDerivative(n, dims);
#define GLN_GRAPH_KIND(op, name, group, role) \
    GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_FRAMED_##role(GLN_LEAF_CASE, op) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
        default: return std::nullopt;
    }
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
    if (erosion) {
        // Its numbers named by the graph's keys (erode.cell_size).
        try {
            erosion->validate();
        } catch (const ValidationError& e) {
            for (const Violation& v : e.details()) {
                std::string key = v.field;
                std::replace(key.begin(), key.end(), '-', '_');
                problems.push_back({"erode." + key, v.what});
            }
        }
        if (space.dims != 2)
            problems.push_back({"erode", "needs dims 2 (it erodes a heightmap), not " + std::to_string(space.dims)});
        if (space.output != Output::Value)
            problems.push_back({"erode", "needs output value (it erodes heights), not " + std::string(toString(space.output))});
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
    const std::map<std::string, std::set<int>> dims = dimsOf(*this);
    for (const auto& [id, n] : nodes) {
        const GraphKind* kind = findGraphKind(n.kind);
        if (!kind) {
            problems.push_back(at(id, "kind", "\"" + n.kind + "\": not a node kind"));
            continue;
        }
        // In each of its dimensions; a problem they share, once.
        std::set<std::pair<std::string, std::string>> said;
        for (int d : dims.at(id)) {
            std::vector<Violation> found;
            checkNode(n, spaceIn(space, d), found);
            for (const Violation& v : found)
                if (said.insert({v.field, v.what}).second) problems.push_back(v);
        }
    }
    if (findGraphKind(nodes.at(out).kind) && findGraphKind(nodes.at(out).kind)->vectorOut)
        problems.push_back({"out", "\"" + io::shownKey(out) + "\" is a vector node; a graph's value is a scalar"});
    if (!problems.empty()) throw ValidationError(problems);
    Checker checker{*this, problems, {}, {}};
    for (const auto& entry : nodes) {
        checker.visit(entry.first, 0);
        if (!problems.empty()) throw ValidationError(problems);
    }
    // What the nodes that feed the output need of each other, each in the dimensions it is
    // evaluated in there.
    std::set<std::string> seen;
    std::function<void(const std::string&, int, bool)> walk = [&](const std::string& id, int d, bool periodicOk) {
        const GraphNode& n = nodes.at(id);
        if (space.output != Output::Value) {
            if (auto why = noDerivative(n, d))
                problems.push_back(at(id, "", "has no derivative for output " + std::string(toString(space.output)) + ": " + *why));
        }
        if (graph::leaf::periodicOf(graph::opOf(n), n) && !periodicOk)
            problems.push_back(at(id, "period", "a period holds where only fractals (of an integer lacunarity, not "
                                                "rotated), offsets, seeds and warps lie between it and the output"));
        const std::string key = id + "/" + std::to_string(d) + (periodicOk ? "+" : "-");
        if (!seen.insert(key).second) return;
        for (const auto& [field, target] : n.inputs) {
            bool ok = periodicOk;
            if (field == "source" && !graph::move::keepsPeriod(graph::opOf(n), n)) ok = false;
            walk(target, graph::move::inputDims(graph::opOf(n), n, field, d), ok);
        }
    };
    walk(out, space.dims, true);
    if (!problems.empty()) throw ValidationError(problems);
    (void)cpu::planGraph(*this);  // counts the frames: over the limit names the node
}

}  // namespace glnoise
