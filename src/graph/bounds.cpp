// SPDX-License-Identifier: MIT
// What a graph's values are stated to lie in, how fast they change, and how far the GPU
// may be from the reference (glnoise/graph.hpp, glnoise/cpu.hpp; docs/graphs.md,
// "Ranges and tolerance"). Each node's bounds come from its inputs' by the rules below,
// node by node from the sources to the output.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include "core/frames.hpp"
#include "graph/bounds.hpp"
#include "graph/kinds.hpp"
#include "graph/leaves.hpp"
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
            // Per cell: a distance's slope is 1; a sum's or difference's of two, 2; F1 F2's,
            // F1 + F2 at most. F1 / F2's, (F2 |F1'| + F1 |F2'|) / F2^2, grows without a useful
            // bound where F2 is small, and the cell value and the inscribed radius are
            // constant over a cell and jump at its edges: those are taken as jumps.
            const CellReturn ret = s.cellReturn;
            double perCell = cellular ? 1.0 : kBasisSlope;
            if (cellular && (ret == CellReturn::F2MinusF1 || ret == CellReturn::F1PlusF2)) perCell = 2.0;
            if (cellular && ret == CellReturn::F1TimesF2)
                perCell = cellularBound(CellReturn::F1PlusF2, s.cellDistance, s.dims, s.worldHash);
            const bool jumps = cellular && (ret == CellReturn::CellValue || ret == CellReturn::Radius || ret == CellReturn::F1OverF2);
            return {r.min, r.max, perCell * num("frequency"), kBasisError, jumps};
        }
        if (k == Op::White) return {-1, 1, 0, 0, true};
        if (k == Op::Fractal) return fractal(n);
        if (k == Op::Scale) {
            Bounds s = in(n, "source");
            double most = 0;
            for (double v : n.lists.at("by")) most = std::max(most, std::fabs(v));
            s.slope *= most;
            return s;
        }
        if (k == Op::Offset || k == Op::Seed || k == Op::Rotate) return in(n, "source");
        if (k == Op::CellularLookup) {
            // The source's values, held over each cell: flat, and a jump at every cell's
            // edge. The feature point is within a few cells, found to a basis's agreement
            // per cell; the source moves by its slope times that in units of the point.
            Bounds s = in(n, "source");
            s.error += product(s.slope, (kBasisError + 4.0 * kRounding) / num("frequency"));
            s.slope = 0;
            s.jumps = true;
            return s;
        }
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
        switch (k) {
#define GLN_VALUE_CASE(op) \
    case Op::op: return value::op::bounds(n, inputs(n).data());
#define GLN_LEAF_CASE(op) \
    case Op::op: return leaf::op::bounds(n, inputs(n).data(), g.space.dims);
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
            default: return {};
        }
    }

    // A kind of role Value or Leaf: its inputs' bounds in field order, for its descriptor's.
    std::array<Bounds, value::kMaxValueInputs> inputs(const GraphNode& n) {
        std::array<Bounds, value::kMaxValueInputs> in{};
        std::size_t k = 0;
        for (const GraphField& f : findGraphKind(n.kind)->fields)
            if (f.type == GraphFieldType::Scalar) in[k++] = this->in(n, f.name);
        return in;
    }

    // The interval [a.first, a.second] times [b.first, b.second].
    static std::pair<double, double> times(std::pair<double, double> a, std::pair<double, double> b) {
        const double c[4] = {product(a.first, b.first), product(a.first, b.second), product(a.second, b.first),
                             product(a.second, b.second)};
        return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
    }

    Bounds fractal(const GraphNode& n) {
        const Bounds s = in(n, "source");
        const int type = fractalId(n);
        const int octaves = octavesOf(n);
        const double fraction = n.number("octaves") - std::floor(n.number("octaves"));
        // Each octave's amplitude (a fractional last one's times its fraction) and scale.
        std::vector<double> amp(static_cast<std::size_t>(octaves)), lac(amp.size());
        double sum = 0, a = 1, l = 1;
        for (std::size_t i = 0; i < amp.size(); ++i) {
            amp[i] = i + 1 == amp.size() && fraction > 0.0 ? a * fraction : a;
            lac[i] = l;
            sum += amp[i];
            a *= n.number("gain");
            l *= n.number("lacunarity");
        }
        const double scale = n.number("normalize") != 0.0 ? 1.0 / sum : 1.0;
        const double M = s.mag();
        // d[i]: the most the fractal changes per unit of octave i's value.
        std::vector<double> d(amp.size(), 0.0);
        double lo = 0, hi = 0;
        bool jumps = s.jumps;
        if (musgrave(type)) {
            const double off = n.number("ridge_offset");
            const std::pair<double, double> source{s.lo, s.hi};
            auto grown = [&](std::size_t i, double shift) {  // 1 + amp (n + shift)
                return std::pair<double, double>{1.0 + product(amp[i], source.first + shift), 1.0 + product(amp[i], source.second + shift)};
            };
            if (type == kMultifractal || type == kHeteroTerrain) {
                // A product of factors: multifractal's 1 + a n, hetero_terrain's n + offset
                // and then 1 + a (n + offset).
                const double shift = type == kMultifractal ? 0.0 : off;
                std::vector<double> most(amp.size());
                std::pair<double, double> v{1.0, 1.0};
                for (std::size_t i = 0; i < amp.size(); ++i) {
                    const bool first = type == kHeteroTerrain && i == 0;
                    v = times(v, first ? std::pair<double, double>{source.first + off, source.second + off} : grown(i, shift));
                    most[i] = first ? std::fabs(off) + M : 1.0 + amp[i] * (std::fabs(shift) + M);
                }
                for (std::size_t i = 0; i < amp.size(); ++i) {
                    d[i] = (type == kHeteroTerrain && i == 0) ? 1.0 : amp[i];
                    for (std::size_t j = 0; j < amp.size(); ++j)
                        if (j != i) d[i] *= most[j];
                }
                lo = v.first;
                hi = v.second;
            } else {
                // hybrid_multifractal: octave 0 adds its signal s, each later one w s with
                // its weight w in (0.001, 1], or nothing once the sum has ended.
                const double gain = n.number("ridge_gain");
                std::vector<double> most(amp.size());
                for (std::size_t i = 0; i < amp.size(); ++i) {
                    const double slo = product(amp[i], source.first + off), shi = product(amp[i], source.second + off);
                    lo += i == 0 ? slo : std::min(0.0, slo);
                    hi += i == 0 ? shi : std::max(0.0, shi);
                    most[i] = amp[i] * (std::fabs(off) + M);
                }
                for (std::size_t i = 0; i < amp.size(); ++i) {
                    double weight = gain * amp[i];  // the most a later weight moves per unit of n_i
                    d[i] = amp[i];
                    for (std::size_t k = i + 1; k < amp.size(); ++k) {
                        d[i] += most[k] * weight;
                        weight *= gain * most[k];
                    }
                }
                jumps = true;  // where a weight falls to 0.001, the later octaves stop
            }
        } else {
            Fractal spec = Fractal::Fbm;
            for (const auto& kind : fractalKinds())
                if (kind.glslId == type) spec = kind.value;
            // Each octave's term f: its range and steepness per unit of the source.
            const double least = s.lo <= 0 && s.hi >= 0 ? 0.0 : std::min(std::fabs(s.lo), std::fabs(s.hi));
            const double most = std::max(std::fabs(s.lo), std::fabs(s.hi));
            double flo = s.lo, fhi = s.hi, steep = 1.0;
            if (spec == Fractal::Turbulence) {
                flo = least;
                fhi = most;
            } else if (spec == Fractal::Billow) {
                flo = 2 * least - 1;
                fhi = 2 * most - 1;
                steep = 2.0;
            } else if (spec == Fractal::Ridged) {
                const double off = n.number("ridge_offset");
                const double m = std::max(std::fabs(off - least), std::fabs(off - most));
                flo = 0;
                fhi = m * m;
                steep = 2.0 * m * (1.0 + n.number("ridge_gain") * m * m);
            }
            // A weighted strength k scales octave i by W in [0, 1] (1 at octave 0), which
            // changes by at most k per unit of each earlier octave's value.
            const double k = n.number("weighted_strength");
            const double F = std::min(std::max(std::fabs(flo), std::fabs(fhi)), kUnbounded);
            lo = flo * sum;
            hi = fhi * sum;
            if (k != 0.0) {  // octaves after the first add between 0 and their term
                lo = flo * amp[0];
                hi = fhi * amp[0];
                for (std::size_t i = 1; i < amp.size(); ++i) {
                    lo += product(amp[i], std::min(0.0, flo));
                    hi += product(amp[i], std::max(0.0, fhi));
                }
            }
            for (std::size_t i = 0; i < amp.size(); ++i) {
                d[i] = amp[i] * steep;
                if (k != 0.0)
                    for (std::size_t j = i + 1; j < amp.size(); ++j) d[i] += amp[j] * F * k;
            }
        }
        double slopes = 0, errors = 0;
        for (std::size_t i = 0; i < amp.size(); ++i) {
            slopes += d[i] * lac[i];
            errors += d[i];
        }
        return {lo * scale, hi * scale, product(slopes * scale, s.slope), product(errors * scale, s.error), jumps};
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
