// SPDX-License-Identifier: MIT
// What a graph's values are stated to lie in, how fast they change, and how far the GPU
// may be from the reference (glnoise/graph.hpp, glnoise/cpu.hpp; docs/graphs.md,
// "Ranges and tolerance"). Each node's bounds come from its inputs', node by node from the
// sources to the output, each by its kind's descriptor (graph/values.hpp,
// graph/leaves.hpp, graph/moves.hpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include "core/frames.hpp"
#include "graph/bounds.hpp"
#include "graph/fields.hpp"
#include "graph/kinds.hpp"
#include "graph/leaves.hpp"
#include "graph/moves.hpp"
#include "graph/values.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/graph.hpp"

namespace glnoise {

namespace {

using namespace glnoise::graph;

// Each node's bounds in the dimensions it is evaluated in (a source below an add_dimension
// or remove_dimension is in others than the graph's).
struct Analysis {
    const Graph& g;
    std::map<std::pair<std::string, int>, Bounds> memo;

    // Input `field` of node n, n in `dims`.
    Bounds in(const GraphNode& n, const char* field, int dims) {
        auto it = n.inputs.find(field);
        if (it != n.inputs.end()) return of(it->second, move::inputDims(opOf(n), n, field, dims));
        // A number in a node's field: the GPU reads it rounded to a float.
        const double c = n.constants.at(field);
        return {c, c, 0, kRounding * std::min(std::fabs(c), kUnbounded), false};
    }

    Bounds of(const std::string& id, int dims) {
        auto m = memo.find({id, dims});
        if (m != memo.end()) return m->second;
        const GraphNode& n = g.nodes.at(id);
        Bounds b = compute(n, dims);
        b.error += kRounding * b.mag();
        b.wave = wave(n, b, dims);
        return memo[{id, dims}] = b;
    }

    // The node's wave (Bounds::wave): at least what its kind states (a smooth step's
    // bend), its slope per unit of its magnitude (a sine's or a basis's frequency), and
    // its inputs'; a source's scaled by how much faster the node moves through it than
    // the source changes (a scale's, a warp's or a fractal's point), as its slope is.
    double wave(const GraphNode& n, const Bounds& b, int dims) {
        double w = std::max(b.wave, product(b.slope, 1.0 / std::max(b.mag(), 1.0)));
        const bool moves = movesThePoint(opOf(n));
        for (const auto& [field, id] : n.inputs) {
            const Bounds a = of(id, move::inputDims(opOf(n), n, field, dims));
            double scale = 1.0;
            if (moves && field == "source" && a.slope > 0.0) scale = std::max(1.0, b.slope / a.slope);
            w = std::max(w, product(a.wave, scale));
        }
        return w;
    }

    Bounds compute(const GraphNode& n, int dims) {
        const graph::Op k = graph::opOf(n);
        if (k == Op::Vector) return {};
        NoiseSpec space = g.space;
        space.dims = dims;
        switch (k) {
#define GLN_VALUE_CASE(op) \
    case Op::op: return value::op::bounds(n, inputs(n, dims).data());
#define GLN_LEAF_CASE(op) \
    case Op::op: return leaf::op::bounds(n, inputs(n, dims).data(), space);
#define GLN_MOVE_CASE(op)                    \
    case Op::op: {                           \
        MovedInputs moved{*this, n, dims};   \
        return move::op::bounds(n, moved);   \
    }
#define GLN_GRAPH_KIND(op, name, group, role) \
    GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_FRAMED_##role(GLN_LEAF_CASE, op) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
            default: return {};
        }
    }

    // A kind of role Moves: its source's bounds at the point it moves to (in its source's
    // dimensions), a scalar or vector input's at the node's point, and a drivable number's.
    struct MovedInputs {
        Analysis& a;
        const GraphNode& n;
        int dims;
        Bounds source() { return a.in(n, "source", dims); }
        Bounds input(const char* field) { return a.in(n, field, dims); }
        std::array<Bounds, 4> vector(const char* field) {
            const GraphNode& v = a.g.nodes.at(n.inputs.at(field));
            return {a.in(v, "x", dims), a.in(v, "y", dims), a.in(v, "z", dims), a.in(v, "w", dims)};
        }
        Bounds number(const char* field) {
            for (const GraphField& f : findGraphKind(n.kind)->fields)
                if (f.name == std::string(field)) return a.number(n, f, dims);
            return {};
        }
    };

    // A drivable number's bounds: its driving node's held to the field's range, or the
    // number's own as a point.
    Bounds number(const GraphNode& n, const GraphField& f, int dims) {
        if (!n.driven(f.name)) return {n.number(f.name), n.number(f.name), 0, 0, false};
        Bounds b = of(n.inputs.at(f.name), dims);
        const double lo = graph_detail::drivenMin(f), hi = graph_detail::drivenMax(f);
        b.lo = std::clamp(b.lo, lo, hi);
        b.hi = std::clamp(b.hi, lo, hi);
        return b;
    }

    // A kind of role Value, Leaf or Lattice: its inputs' bounds in field order, then its
    // drivable numbers' (a driving node's held to the field's range; a number's own), for
    // its descriptor's.
    std::array<Bounds, value::kMaxValueInputs> inputs(const GraphNode& n, int dims) {
        std::array<Bounds, value::kMaxValueInputs> in{};
        std::size_t k = 0;
        const std::vector<GraphField>& fields = findGraphKind(n.kind)->fields;
        for (const GraphField& f : fields)
            if (f.type == GraphFieldType::Scalar) in[k++] = this->in(n, f.name, dims);
        for (const GraphField& f : fields)
            if (f.type == GraphFieldType::Number && f.drivable) in[k++] = number(n, f, dims);
        return in;
    }
};

}  // namespace

ValueRange statedRange(const Graph& graph) {
    graph.validate();
    Analysis a{graph, {}};
    const Bounds b = a.of(graph.out, graph.space.dims);
    return {b.lo, b.hi};
}

bool hasJumps(const Graph& graph) {
    graph.validate();
    Analysis a{graph, {}};
    return a.of(graph.out, graph.space.dims).jumps;
}

namespace cpu {

std::array<double, 4> agreementTolerance(const Graph& graph) {
    if (const auto spec = specOf(graph)) return agreementTolerance(*spec);
    Analysis a{graph, {}};
    const Bounds b = a.of(graph.out, graph.space.dims);
    // The gradient's own rounding, as far off as the value changes over a ten-thousandth
    // of a unit, and the value's error's slope (Bounds::wave): a phase or a point off by
    // what the value's error allows tilts the gradient with it.
    const double tilt = product(b.wave, b.error);
    // A normal of h v moves by at most h times its gradient's error.
    if (graph.space.output == Output::Normal) {
        const double normal = 1e-4 + product(graph.space.heightScale, tilt);
        return {normal, normal, normal, b.error};
    }
    const double gradient = 1e-4 * std::max(b.slope, 1e-6) + tilt;
    return {b.error, gradient, gradient, gradient};
}

}  // namespace cpu

}  // namespace glnoise
