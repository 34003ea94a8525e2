// SPDX-License-Identifier: MIT
// What a graph's values are stated to lie in, how fast they change, and how far the GPU
// may be from the reference (glnoise/graph.hpp, glnoise/cpu.hpp; docs/graphs.md,
// "Ranges and tolerance"). Each node's bounds come from its inputs' by the rules below,
// node by node from the sources to the output.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "graph/bounds.hpp"
#include "graph/kinds.hpp"
#include "graph/values.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/graph.hpp"

namespace glnoise {

namespace {

using namespace glnoise::graph;

struct Analysis {
    const Graph& g;
    std::map<std::string, Bounds> memo;

    Bounds in(const GraphNode& n, const char* field) {
        auto it = n.inputs.find(field);
        if (it != n.inputs.end()) return of(it->second);
        const double c = n.constants.at(field);
        return {c, c, 0, 0, false};
    }

    Bounds of(const std::string& id) {
        auto m = memo.find(id);
        if (m != memo.end()) return m->second;
        const GraphNode& n = g.nodes.at(id);
        Bounds b = compute(n);
        b.error += kRounding * b.mag();
        return memo[id] = b;
    }

    Bounds compute(const GraphNode& n) {
        const graph::Op k = graph::opOf(n);
        auto num = [&](const char* f) { return n.number(f); };
        if (k == Op::Basis) {
            NoiseSpec s = g.space;
            s.basis = parseBasis(n.choice("basis"));
            s.cellReturn = parseCellReturn(n.choice("cell_return"));
            s.cellDistance = parseCellDistance(n.choice("cell_distance"));
            s.cellJitter = num("cell_jitter");
            const ValueRange r = s.basisRange();
            const bool cellular = s.basis == Basis::Cellular;
            const double perCell = cellular ? (s.cellReturn == CellReturn::F2MinusF1 ? 2.0 : 1.0) : kBasisSlope;
            return {r.min, r.max, perCell * num("frequency"), kBasisError, cellular && s.cellReturn == CellReturn::CellValue};
        }
        if (k == Op::White) return {-1, 1, 0, 0, true};
        if (k == Op::Position) return {-kInf, kInf, 1, 0, false};
        if (k == Op::Ramp) return {-kInf, kInf, 1.0 / std::fabs(num("to") - num("from")), 0, false};
        if (k == Op::Distance) return {0, kInf, 1, kRounding * kUnbounded, false};
        if (k == Op::Fractal) return fractal(n);
        if (k == Op::Scale) {
            Bounds s = in(n, "source");
            double most = 0;
            for (double v : n.lists.at("by")) most = std::max(most, std::fabs(v));
            s.slope *= most;
            return s;
        }
        if (k == Op::Offset || k == Op::Seed || k == Op::Rotate) return in(n, "source");
        if (k == Op::Warp) {
            Bounds s = in(n, "source");
            const GraphNode& v = g.nodes.at(n.inputs.at("by"));
            double vs = 0, ve = 0;
            bool jumps = false;
            for (const char* c : {"x", "y", "z", "w"}) {
                const Bounds b = in(v, c);
                vs += b.slope;
                ve = std::max(ve, b.error);
                jumps = jumps || b.jumps;
            }
            const double a = std::fabs(num("amount"));
            s.error += product(s.slope, a * ve * 2.0);  // the point moved by the displacement's error
            s.slope *= 1.0 + a * vs;
            s.jumps = s.jumps || jumps;
            return s;
        }
        if (k == Op::Vector) return {};
        if (k == Op::Marble || k == Op::Wood) {
            const Bounds a = in(n, "source");
            const double kk = std::fabs(num("scale"));
            return {-1, 1, num("frequency") + product(kk, a.slope), product(kk, a.error) + kBasisError, a.jumps};
        }
        switch (k) {
#define GLN_VALUE_CASE(op) \
    case Op::op: return valueBounds<value::op>(n);
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_VALUE_CASE
            default: return {};
        }
    }

    // A kind of role Value: its inputs' bounds in field order, then its descriptor's.
    template <class K>
    Bounds valueBounds(const GraphNode& n) {
        Bounds in[value::kMaxValueInputs];
        std::size_t k = 0;
        for (const GraphField& f : findGraphKind(n.kind)->fields)
            if (f.type == GraphFieldType::Scalar) in[k++] = this->in(n, f.name);
        return K::bounds(n, in);
    }

    Bounds fractal(const GraphNode& n) {
        const Bounds s = in(n, "source");
        const Fractal type = parseFractal(n.choice("type"));
        const int octaves = static_cast<int>(n.number("octaves"));
        double sum = 0, amp = 1, slopes = 0, lac = 1;
        for (int i = 0; i < octaves; ++i) {
            sum += amp;
            slopes += amp * lac;
            amp *= n.number("gain");
            lac *= n.number("lacunarity");
        }
        const double scale = n.number("normalize") != 0.0 ? 1.0 / sum : 1.0;
        const double a = s.lo <= 0 && s.hi >= 0 ? 0.0 : std::min(std::fabs(s.lo), std::fabs(s.hi));
        const double M = std::max(std::fabs(s.lo), std::fabs(s.hi));
        double lo = s.lo * sum, hi = s.hi * sum, slope = 1.0;
        if (type == Fractal::Turbulence) {
            lo = a * sum;
            hi = M * sum;
        } else if (type == Fractal::Billow) {
            lo = (2 * a - 1) * sum;
            hi = (2 * M - 1) * sum;
            slope = 2.0;
        } else if (type == Fractal::Ridged) {
            const double off = n.number("ridge_offset");
            const double m = std::max(std::fabs(off - a), std::fabs(off - M));
            lo = 0;
            hi = m * m * sum;
            slope = 2.0 * m * (1.0 + n.number("ridge_gain") * m * m);
        }
        return {lo * scale, hi * scale, product(slope * slopes * scale, s.slope), product(slope * sum * scale, s.error), s.jumps};
    }
};

}  // namespace

ValueRange statedRange(const Graph& graph) {
    graph.validate();
    Analysis a{graph, {}};
    const Bounds b = a.of(graph.out);
    return {b.lo, b.hi};
}

bool hasJumps(const Graph& graph) {
    graph.validate();
    Analysis a{graph, {}};
    return a.of(graph.out).jumps;
}

namespace cpu {

std::array<double, 4> agreementTolerance(const Graph& graph) {
    if (const auto spec = specOf(graph)) return agreementTolerance(*spec);
    Analysis a{graph, {}};
    const Bounds b = a.of(graph.out);
    if (graph.space.output == Output::Normal) return {1e-4, 1e-4, 1e-4, b.error};
    // A gradient is as far off as the value changes over a thousandth of a unit.
    const double gradient = 1e-4 * std::max(b.slope, 1e-6);
    return {b.error, gradient, gradient, gradient};
}

}  // namespace cpu

}  // namespace glnoise
