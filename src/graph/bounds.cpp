// SPDX-License-Identifier: MIT
// What a graph's values are stated to lie in, how fast they change, and how far the GPU
// may be from the reference (glnoise/graph.hpp, glnoise/cpu.hpp; docs/graphs.md,
// "Ranges and tolerance"). Each node's bounds come from its inputs' by the rules below,
// node by node from the sources to the output.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "graph/kinds.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/graph.hpp"

namespace glnoise {

namespace {

using graph::Op;

constexpr double kInf = std::numeric_limits<double>::infinity();
// The slope of one octave of a basis, per lattice cell, that the tolerance assumes (the
// steepest measured: OpenSimplex2S 4D, about 3.5; cellular distances change by at most 1
// per cell, their differences by 2).
constexpr double kBasisSlope = 4.0;
// A basis's agreement (as a spec's octave: 1e-5), and what an operation that the GPU may
// round differently (a divide, square root, power, sine, or a contracted multiply-add)
// adds relative to its value.
constexpr double kBasisError = 1e-5;
constexpr double kRounding = 5e-7;
// Values without a stated bound (positions, ramps, distances) count as this large where
// a rounding relative to them enters the tolerance.
constexpr double kUnbounded = 1e4;

struct Bounds {
    double lo = 0, hi = 0;  // the stated range
    double slope = 0;       // the most the value changes per unit of the node's point
    double error = 0;       // how far the GPU may be from the reference
    bool jumps = false;     // some node that feeds it is discontinuous
    // The most |value| is, capped at kUnbounded: for errors and slopes, not for ranges.
    double mag() const { return std::min(std::max(std::fabs(lo), std::fabs(hi)), kUnbounded); }
};

double product(double a, double b) {
    if (a == 0.0 || b == 0.0) return 0.0;  // 0 times an unbounded value: 0
    return a * b;
}

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
        if (k == Op::Constant) return {num("value"), num("value"), 0, 0, false};
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
        const bool binary = n.inputs.count("a") || n.constants.count("a");
        const Bounds a = binary ? in(n, "a") : in(n, "source");
        const Bounds b = binary ? in(n, "b") : Bounds{};
        const bool jumps = a.jumps || b.jumps;
        if (k == Op::Add) return {a.lo + b.lo, a.hi + b.hi, a.slope + b.slope, a.error + b.error, jumps};
        if (k == Op::Subtract) return {a.lo - b.hi, a.hi - b.lo, a.slope + b.slope, a.error + b.error, jumps};
        if (k == Op::Multiply) {
            const double c[4] = {product(a.lo, b.lo), product(a.lo, b.hi), product(a.hi, b.lo), product(a.hi, b.hi)};
            return {*std::min_element(c, c + 4), *std::max_element(c, c + 4), product(a.mag(), b.slope) + product(b.mag(), a.slope),
                    product(a.mag(), b.error) + product(b.mag(), a.error) + a.error * b.error, jumps};
        }
        if (k == Op::Divide) {
            const double least = num("min_divisor");
            const double inv = 1.0 / std::max(least, std::min(std::fabs(b.lo), std::fabs(b.hi)) * (b.lo * b.hi > 0 ? 1.0 : 0.0));
            const double m = product(a.mag(), inv);
            const double most = product(std::max(std::fabs(a.lo), std::fabs(a.hi)), inv);
            // Crossing 0 the divisor's sign flips the quotient: a jump.
            return {-most, most, product(inv, a.slope) + product(m * inv, b.slope), product(inv, a.error) + product(m * inv, b.error),
                    jumps || b.lo * b.hi <= 0.0};
        }
        if (k == Op::Min) return {std::min(a.lo, b.lo), std::min(a.hi, b.hi), std::max(a.slope, b.slope), std::max(a.error, b.error), jumps};
        if (k == Op::Max) return {std::max(a.lo, b.lo), std::max(a.hi, b.hi), std::max(a.slope, b.slope), std::max(a.error, b.error), jumps};
        if (k == Op::SmoothMin || k == Op::SmoothMax) {
            const double q = num("smoothness") / 4.0;  // the most the blend departs from min or max
            const bool lower = k == Op::SmoothMin;
            return {lower ? std::min(a.lo, b.lo) - q : std::max(a.lo, b.lo), lower ? std::min(a.hi, b.hi) : std::max(a.hi, b.hi) + q,
                    std::max(a.slope, b.slope), a.error + b.error, jumps};
        }
        if (k == Op::Mix) {
            const Bounds m = in(n, "mask");
            const double span = std::max(a.mag(), b.mag()) * 2.0;
            return {std::min(a.lo, b.lo), std::max(a.hi, b.hi), a.slope + b.slope + product(span, m.slope),
                    a.error + b.error + product(span, m.error), jumps || m.jumps};
        }
        if (k == Op::Pow) {
            const double e = num("exponent");
            auto sp = [e](double x) { return x < 0 ? -std::pow(-x, e) : std::pow(x, e); };
            const double steep = e >= 1.0 ? e * std::pow(a.mag(), e - 1.0) : kInf;
            // Below 1 the slope is infinite at 0: Hoelder, |x^e - y^e| <= |x - y|^e.
            return {sp(a.lo), sp(a.hi), steep, e >= 1.0 ? product(steep, a.error) : std::pow(a.error, e), a.jumps};
        }
        if (k == Op::Remap) {
            const double s = (num("to_max") - num("to_min")) / (num("from_max") - num("from_min"));
            const double x = num("to_min") + (a.lo - num("from_min")) * s, y = num("to_min") + (a.hi - num("from_min")) * s;
            return {std::min(x, y), std::max(x, y), product(std::fabs(s), a.slope), product(std::fabs(s), a.error), a.jumps};
        }
        if (k == Op::Clamp)
            return {std::clamp(a.lo, num("min"), num("max")), std::clamp(a.hi, num("min"), num("max")), a.slope, a.error, a.jumps};
        if (k == Op::Abs) {
            const double lo = a.lo <= 0 && a.hi >= 0 ? 0.0 : std::min(std::fabs(a.lo), std::fabs(a.hi));
            return {lo, std::max(std::fabs(a.lo), std::fabs(a.hi)), a.slope, a.error, a.jumps};
        }
        if (k == Op::Invert) return {-a.hi, -a.lo, a.slope, a.error, a.jumps};
        if (k == Op::Curve) {
            const std::vector<double>& p = n.lists.at("points");
            double lo = kInf, hi = -kInf, steep = 0;
            for (std::size_t i = 0; i < p.size(); i += 2) {
                lo = std::min(lo, p[i + 1]);
                hi = std::max(hi, p[i + 1]);
                if (i + 2 < p.size()) steep = std::max(steep, std::fabs(p[i + 3] - p[i + 1]) / (p[i + 2] - p[i]));
            }
            // A monotone cubic is at most 3 times its segment's secant slope.
            if (n.choice("interpolation") == "monotone") steep *= 3.0;
            return {lo, hi, product(steep, a.slope), product(steep, a.error), a.jumps};
        }
        if (k == Op::Terrace) {
            const double steps = num("steps"), s = num("smoothness");
            const double lo = std::floor(a.lo * steps) / steps, hi = (std::floor(a.hi * steps) + 1.0) / steps;
            if (s == 0.0) return {lo, hi, 0, 0, true};
            const double steep = 1.5 / s;  // smoothstep's steepest over a width of s / steps
            return {lo, hi, product(steep, a.slope), product(steep, a.error), a.jumps};
        }
        if (k == Op::Marble || k == Op::Wood) {
            const double kk = std::fabs(num("scale"));
            return {-1, 1, num("frequency") + product(kk, a.slope), product(kk, a.error) + kBasisError, a.jumps};
        }
        return {};
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
