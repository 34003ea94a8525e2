// SPDX-License-Identifier: MIT
// The node kinds whose value is a function of their inputs' values at the same point (role
// Value in graph/kinds.def): each kind's descriptor, all of it in one place. A descriptor
// gives
//   describe()          its fields (types, defaults, ranges, help) and its formula
//   plan(node, out)     its parameters, in the order its twin and GLSL read them
//   check(node, out)    what it requires of its values beyond each field's range
//   noDerivative(node)  why the gradient cannot pass through it, or nothing
//   bounds(node, in)    its stated range, slope and tolerance from its inputs' (in field order)
//   eval(in, q, ints)   its C++ twin: the value and gradient from its inputs' (graph/twin.hpp)
//   glsl(call)          the GLSL expression of the same, a call of its function in
//                       shaders/graph.glsl (gpu/graph_shader.cpp writes it)
// and, where a node may drive some of its numbers (GraphField::drivable),
//   drivable()          true
//   driven(in, q, ints) its twin when a node drives one: each drivable number's value
//                       follows the inputs in in[] (a number's own with no gradient), in
//                       field order, and the gradient passes through it too
//   drivenGlsl(call)    the GLSL of the same (its function's _driven form in graph.glsl)
// with its bounds reading those numbers from in[] as well (a number's own as a point),
// and inherits Base's where it has nothing to say. Inputs are (v, dv/dx, dv/dy, dv/dz);
// T is the lane type (mirror/lane.hpp), S the parameters' type. The GLSL text a descriptor
// writes is made of its function's name, the inputs' generated names and parameter
// indices: nothing a graph's file supplies. Internal.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "glnoise/graph.hpp"
#include "graph/bounds.hpp"
#include "graph/fields.hpp"
#include "mirror/lane.hpp"
#include "mirror/vec.hpp"

namespace glnoise::graph::value {

using cpu::vec4;
using graph_detail::Described;
// The lane operations, unqualified so that a SIMD lane's own are found by its type.
using cpu::gln_abs;
using cpu::gln_floor;
using cpu::gln_log;
using cpu::gln_pow;
using cpu::gln_select;

// The most inputs a kind of role Value has, its drivable numbers counted (select, remap).
inline constexpr std::size_t kMaxValueInputs = 5;

// What plan() writes: the parameters (in double; the GPU and the reference read them as
// float) and the structure written into the shader.
struct Planned {
    std::vector<double>& params;
    std::array<int, 6>& ints;
    int dims = 2;  // the node's: the graph's, but below an add_dimension or remove_dimension
    void add(double v) { params.push_back(v); }
    // A list of numbers per axis as four: one number for the graph's axes (`fill` beyond
    // them), or one per axis.
    void four(const std::vector<double>& l, double fill) {
        for (std::size_t a = 0; a < 4; ++a) add(l.size() == 1 ? (static_cast<int>(a) < dims ? l[0] : fill) : a < l.size() ? l[a] : fill);
    }
};

// What glsl() writes from: its inputs' values (GLSL expressions of generated names), where
// its parameters start, and its structure.
struct GlslCall {
    std::vector<std::string> in;
    int param = 0;
    std::array<int, 6> ints{};
    std::string P(int k) const { return "GLN_PARAM(" + std::to_string(param + k) + ")"; }
    std::string call(const char* function, std::initializer_list<std::string> args) const {
        std::string s = std::string(function) + "(";
        bool first = true;
        for (const std::string& a : args) {
            s += (first ? "" : ", ") + a;
            first = false;
        }
        return s + ")";
    }
};

struct Base {
    static constexpr bool drivable() { return false; }
    static void plan(const GraphNode&, Planned&) {}
    static void check(const GraphNode&, std::vector<Violation>&) {}
    static std::optional<std::string> noDerivative(const GraphNode&) { return std::nullopt; }
};

// The clamp to [0, 1] the blends share.
template <class T>
T gln_g_clamp01(T x) {
    return gln_select(x < T(0), T(0), gln_select(x > T(1), T(1), x));
}

struct Constant : Base {
    static Described describe() { return {{graph_detail::number("value", 0.0, "the value")}, "value"}; }
    static void plan(const GraphNode& n, Planned& p) { p.add(n.number("value")); }
    static Bounds bounds(const GraphNode& n, const Bounds*) { return {n.number("value"), n.number("value"), 0, 0, false}; }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>*, const S* q, const std::array<int, 6>&) {
        return vec4<T>(T(q[0]), T(0), T(0), T(0));
    }
    static std::string glsl(const GlslCall& c) { return "vec4(" + c.P(0) + ", 0.0f, 0.0f, 0.0f)"; }
};

struct Add : Base {
    static Described describe() { return graph_detail::binary("a + b"); }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1];
        return {a.lo + b.lo, a.hi + b.hi, a.slope + b.slope, a.error + b.error, a.jumps || b.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return in[0] + in[1];
    }
    static std::string glsl(const GlslCall& c) { return c.in[0] + " + " + c.in[1]; }
};

struct Subtract : Base {
    static Described describe() { return graph_detail::binary("a - b"); }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1];
        return {a.lo - b.hi, a.hi - b.lo, a.slope + b.slope, a.error + b.error, a.jumps || b.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return in[0] - in[1];
    }
    static std::string glsl(const GlslCall& c) { return c.in[0] + " - " + c.in[1]; }
};

template <class T>
vec4<T> gln_g_multiply(vec4<T> a, vec4<T> b) {
    return vec4<T>(a.x * b.x, a.y * b.x + a.x * b.y, a.z * b.x + a.x * b.z, a.w * b.x + a.x * b.w);
}

struct Multiply : Base {
    static Described describe() { return graph_detail::binary("a * b"); }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1];
        const double c[4] = {product(a.lo, b.lo), product(a.lo, b.hi), product(a.hi, b.lo), product(a.hi, b.hi)};
        return {*std::min_element(c, c + 4), *std::max_element(c, c + 4), product(a.mag(), b.slope) + product(b.mag(), a.slope),
                product(a.mag(), b.error) + product(b.mag(), a.error) + product(a.error, b.error), a.jumps || b.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return gln_g_multiply(in[0], in[1]);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_multiply", {c.in[0], c.in[1]}); }
};

template <class T>
vec4<T> gln_g_divide(vec4<T> a, vec4<T> b, T least) {
    const auto small = gln_abs(b.x) < least;
    const T d = gln_select(small, gln_select(b.x < T(0), -least, least), b.x);
    const T q = a.x / d;
    const vec4<T> slope = gln_select(small, a, a - q * b);
    return vec4<T>(q, slope.y / d, slope.z / d, slope.w / d);
}

struct Divide : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{scalar("a", kRequired, "numerator"), scalar("b", kRequired, "denominator"),
                 positive("min_divisor", 1e-3, "|b| below this divides by it, with b's sign", 1e6)},
                "a / b, |b| at least min_divisor"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.add(n.number("min_divisor")); }
    static Bounds bounds(const GraphNode& n, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1];
        const double least = n.number("min_divisor");
        const double inv = 1.0 / std::max(least, std::min(std::fabs(b.lo), std::fabs(b.hi)) * (b.lo * b.hi > 0 ? 1.0 : 0.0));
        const double m = product(a.mag(), inv);
        const double most = product(std::max(std::fabs(a.lo), std::fabs(a.hi)), inv);
        // Crossing 0 the divisor's sign flips the quotient: a jump.
        return {-most, most, product(inv, a.slope) + product(m * inv, b.slope), product(inv, a.error) + product(m * inv, b.error),
                a.jumps || b.jumps || b.lo * b.hi <= 0.0};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>&) {
        return gln_g_divide(in[0], in[1], T(q[0]));
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_divide", {c.in[0], c.in[1], c.P(0)}); }
};

struct Min : Base {
    static Described describe() { return graph_detail::binary("min(a, b)"); }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1];
        return {std::min(a.lo, b.lo), std::min(a.hi, b.hi), std::max(a.slope, b.slope), std::max(a.error, b.error), a.jumps || b.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return gln_select(in[1].x < in[0].x, in[1], in[0]);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_min", {c.in[0], c.in[1]}); }
};

struct Max : Base {
    static Described describe() { return graph_detail::binary("max(a, b)"); }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1];
        return {std::max(a.lo, b.lo), std::max(a.hi, b.hi), std::max(a.slope, b.slope), std::max(a.error, b.error), a.jumps || b.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return gln_select(in[1].x > in[0].x, in[1], in[0]);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_max", {c.in[0], c.in[1]}); }
};

// Polynomial smooth minimum (Quilez): the blend h's own terms cancel in the gradient.
template <class T>
vec4<T> gln_g_smooth_min(vec4<T> a, vec4<T> b, T k) {
    const T h = gln_g_clamp01(T(0.5f) + T(0.5f) * (b.x - a.x) / k);
    const T v = b.x + (a.x - b.x) * h - k * h * (T(1) - h);
    const vec4<T> g = h * a + (T(1) - h) * b;
    return vec4<T>(v, g.y, g.z, g.w);
}

// The same with its width k a value too: k's gradient enters as -h (1 - h) grad k.
template <class T>
vec4<T> gln_g_smooth_min_driven(vec4<T> a, vec4<T> b, vec4<T> k) {
    const T h = gln_g_clamp01(T(0.5f) + T(0.5f) * (b.x - a.x) / k.x);
    const T v = b.x + (a.x - b.x) * h - k.x * h * (T(1) - h);
    const vec4<T> g = h * a + (T(1) - h) * b - (h * (T(1) - h)) * k;
    return vec4<T>(v, g.y, g.z, g.w);
}

// smooth_min and smooth_max: the same but for the side the blend rounds.
template <bool kLower>
struct SmoothMinMax : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{scalar("a", kRequired, "first"), scalar("b", kRequired, "second"),
                 mayBeDriven(positive("smoothness", 0.1, "the width of the blend"))},
                kLower ? "min(a, b) rounded over a width of smoothness (polynomial)" : "max(a, b) rounded over a width of smoothness"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.add(n.number("smoothness")); }
    // The blend departs from min or max by at most k / 4, and changes with k by h (1 - h) <= 1 / 4.
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1], &k = in[2];
        const double q = k.hi / 4.0;
        const Bounds m{kLower ? std::min(a.lo, b.lo) - q : std::max(a.lo, b.lo), kLower ? std::min(a.hi, b.hi) : std::max(a.hi, b.hi) + q,
                       std::max(a.slope, b.slope) + product(0.25, k.slope), a.error + b.error + product(0.25, k.error),
                       a.jumps || b.jumps || k.jumps};
        // Along a - b the blend bends by 1 / (2 k).
        return bent(bent(m, 0.5 / k.lo, a), 0.5 / k.lo, b);
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>&) {
        if (kLower) return gln_g_smooth_min(in[0], in[1], T(q[0]));
        return -gln_g_smooth_min(-in[0], -in[1], T(q[0]));
    }
    static std::string glsl(const GlslCall& c) {
        return c.call(kLower ? "gln_g_smooth_min" : "gln_g_smooth_max", {c.in[0], c.in[1], c.P(0)});
    }
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        if (kLower) return gln_g_smooth_min_driven(in[0], in[1], in[2]);
        return -gln_g_smooth_min_driven(-in[0], -in[1], in[2]);
    }
    static std::string drivenGlsl(const GlslCall& c) {
        return c.call(kLower ? "gln_g_smooth_min_driven" : "gln_g_smooth_max_driven", {c.in[0], c.in[1], c.in[2]});
    }
};
using SmoothMin = SmoothMinMax<true>;
using SmoothMax = SmoothMinMax<false>;

struct Mix : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{scalar("a", kRequired, "where mask <= 0"), scalar("b", kRequired, "where mask >= 1"), scalar("mask", kRequired, "the blend")},
                "a + (b - a) clamp(mask, 0, 1)"};
    }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1], &m = in[2];
        const double span = std::max(a.mag(), b.mag()) * 2.0;
        return {std::min(a.lo, b.lo), std::max(a.hi, b.hi), a.slope + b.slope + product(span, m.slope),
                a.error + b.error + product(span, m.error), a.jumps || b.jumps || m.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        const vec4<T>&a = in[0], &b = in[1], &m = in[2];
        const T t = gln_g_clamp01(m.x);
        const auto inside = m.x > T(0) && m.x < T(1);
        const vec4<T> dm = gln_select(inside, m, vec4<T>(T(0)));
        const vec4<T> v = a + (b - a) * t;
        const T span = b.x - a.x;
        return vec4<T>(v.x, v.y + span * dm.y, v.z + span * dm.z, v.w + span * dm.w);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_mix", {c.in[0], c.in[1], c.in[2]}); }
};

struct Pow : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{source(), mayBeDriven(positive("exponent", 2.0, "the power", 64.0))}, "sign(source) |source|^exponent"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.add(n.number("exponent")); }
    static std::optional<std::string> noDerivative(const GraphNode& n) {
        if (n.driven("exponent"))
            return std::string("pow's exponent driven by a node may fall below 1, where pow is infinitely steep at 0");
        if (n.number("exponent") < 1.0) return std::string("pow with an exponent below 1 is infinitely steep at 0");
        return std::nullopt;
    }
    static Bounds bounds(const GraphNode& n, const Bounds* in) {
        const Bounds& a = in[0];
        if (n.driven("exponent")) return drivenBounds(in);
        const double e = n.number("exponent");
        auto sp = [e](double x) { return x < 0 ? -std::pow(-x, e) : std::pow(x, e); };
        const double steep = e >= 1.0 ? e * std::pow(a.mag(), e - 1.0) : kInf;
        // Below 1 the slope is infinite at 0: Hoelder, |x^e - y^e| <= |x - y|^e.
        return {sp(a.lo), sp(a.hi), steep, (e >= 1.0 ? product(steep, a.error) : std::pow(a.error, e)) + logRounding(a, e, e), a.jumps};
    }
    // pow is exp2(e log2 |x|): its result is off relative to it by a rounding of e ln|x|,
    // |x|^e e |ln|x|| at most e (1 / (e_lo exp(1)), or m^e_hi ln m above 1).
    static double logRounding(const Bounds& a, double lo, double hi) {
        const double m = a.mag();
        return kRounding * hi * std::max(1.0 / (lo * 2.718281828459045), m > 1.0 ? std::pow(m, hi) * std::log(m) : 0.0);
    }
    // Rising in the source at every exponent; |x|^e ln|x| the most a unit of e moves it: at
    // most 1 / (e_lo exp(1)) below 1, m^e_hi ln m above (m the source's magnitude).
    static Bounds drivenBounds(const Bounds* in) {
        const Bounds &a = in[0], &e = in[1];
        auto sp = [](double x, double p) { return x < 0 ? -std::pow(-x, p) : std::pow(x, p); };
        const double m = a.mag();
        const double byExponent = std::max(1.0 / (e.lo * 2.718281828459045), m > 1.0 ? std::pow(m, e.hi) * std::log(m) : 0.0);
        const double steep = e.lo >= 1.0 ? e.hi * std::max(std::pow(m, e.hi - 1.0), std::pow(m, e.lo - 1.0)) : kInf;
        const double fromSource = e.lo >= 1.0 ? product(steep, a.error) : std::max(std::pow(a.error, e.lo), std::pow(a.error, std::min(e.hi, 1.0)));
        return {std::min(sp(a.lo, e.lo), sp(a.lo, e.hi)), std::max(sp(a.hi, e.lo), sp(a.hi, e.hi)), steep + product(byExponent, e.slope),
                fromSource + product(byExponent, e.error) + logRounding(a, e.lo, e.hi), a.jumps || e.jumps};
    }
    // sign(a) |a|^e, its slope e |a|^(e - 1).
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>&) {
        const vec4<T>& a = in[0];
        const T e = T(q[0]);
        const T m = gln_abs(a.x);
        const T p = gln_pow(m, e);
        const T s = e * gln_pow(m, e - T(1));
        return vec4<T>(gln_select(a.x < T(0), -p, p), s * a.y, s * a.z, s * a.w);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_pow", {c.in[0], c.P(0)}); }
    // The exponent e a value: sign(a) |a|^e ln|a| per unit of e (0 at a = 0).
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        const vec4<T>&a = in[0], &e = in[1];
        const T m = gln_abs(a.x);
        const T p = gln_pow(m, e.x);
        const T s = e.x * gln_pow(m, e.x - T(1));
        const T byExponent = gln_select(m > T(0), p * gln_log(m), T(0));
        const T sg = gln_select(a.x < T(0), T(-1), T(1));
        const vec4<T> g = s * a + (sg * byExponent) * e;
        return vec4<T>(sg * p, g.y, g.z, g.w);
    }
    static std::string drivenGlsl(const GlslCall& c) { return c.call("gln_g_pow_driven", {c.in[0], c.in[1]}); }
};

// A remap whose bounds are values: from_max - from_min is held to at least kDrivenLeast in
// magnitude (with its sign, + at 0), as a divide's divisor, and is then a constant.
template <class T>
vec4<T> gln_g_remap_driven(vec4<T> a, vec4<T> fromMin, vec4<T> fromMax, vec4<T> toMin, vec4<T> toMax) {
    const T d = fromMax.x - fromMin.x;
    const auto small = gln_abs(d) < T(1e-6f);
    const T held = gln_select(small, gln_select(d < T(0), T(-1e-6f), T(1e-6f)), d);
    const T k = (toMax.x - toMin.x) / held;
    const T u = (a.x - fromMin.x) / held;
    const T v = toMin.x + (a.x - fromMin.x) * k;
    const vec4<T> g = toMin + k * (a - fromMin) + u * (toMax - toMin) - gln_select(small, T(0), u * k) * (fromMax - fromMin);
    return vec4<T>(v, g.y, g.z, g.w);
}

struct Remap : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{source(), mayBeDriven(number("from_min", -1.0, "maps to to_min")), mayBeDriven(number("from_max", 1.0, "maps to to_max")),
                 mayBeDriven(number("to_min", 0.0, "where from_min goes")), mayBeDriven(number("to_max", 1.0, "where from_max goes"))},
                "to_min + (source - from_min) (to_max - to_min) / (from_max - from_min)"};
    }
    // from_min, the scale, to_min (unread when a node drives one: its driven form reads in[]).
    static void plan(const GraphNode& n, Planned& p) {
        const double span = n.number("from_max") - n.number("from_min");
        p.add(n.number("from_min"));
        p.add(span != 0.0 ? (n.number("to_max") - n.number("to_min")) / span : 0.0);
        p.add(n.number("to_min"));
    }
    static void check(const GraphNode& n, std::vector<Violation>& problems) {
        if (!n.driven("from_min") && !n.driven("from_max") && n.number("from_min") == n.number("from_max"))
            problems.push_back(graph_detail::at(n.id, "from_max", graph_detail::shownNumber(n.number("from_max")) + ": must differ from from_min"));
    }
    static Bounds bounds(const GraphNode& n, const Bounds* in) {
        const Bounds& a = in[0];
        if (!n.driven("from_min") && !n.driven("from_max") && !n.driven("to_min") && !n.driven("to_max")) {
            auto num = [&](const char* f) { return n.number(f); };
            const double s = (num("to_max") - num("to_min")) / (num("from_max") - num("from_min"));
            // product: a remap onto one value (s = 0) of an unbounded source is that value.
            const double x = num("to_min") + product(a.lo - num("from_min"), s), y = num("to_min") + product(a.hi - num("from_min"), s);
            return {std::min(x, y), std::max(x, y), product(std::fabs(s), a.slope), product(std::fabs(s), a.error), a.jumps};
        }
        return drivenBounds(in);
    }
    // v = to_min + u (to_max - to_min), u = (source - from_min) / d: |d| at least its least
    // over the driving ranges (kDrivenLeast where they reach 0, which jumps).
    static Bounds drivenBounds(const Bounds* in) {
        const Bounds &a = in[0], &f0 = in[1], &f1 = in[2], &t0 = in[3], &t1 = in[4];
        const double dLo = f1.lo - f0.hi, dHi = f1.hi - f0.lo;
        const bool crosses = dLo <= 0.0 && dHi >= 0.0;
        const double d = std::max(kDrivenLeast, crosses ? 0.0 : std::min(std::fabs(dLo), std::fabs(dHi)));
        const double reach = std::max(std::fabs(a.lo - f0.hi), std::fabs(a.hi - f0.lo));
        const double u = reach / d, k = std::max(std::fabs(t1.lo - t0.hi), std::fabs(t1.hi - t0.lo)) / d;
        const double span = product(u, std::max(std::fabs(t1.lo - t0.hi), std::fabs(t1.hi - t0.lo)));
        auto through = [&](double Bounds::*m) {
            return t0.*m + product(k, a.*m + f0.*m) + product(u, t1.*m + t0.*m) + product(u * k, f1.*m + f0.*m);
        };
        return {std::min(t0.lo, t1.lo) - span, std::max(t0.hi, t1.hi) + span, through(&Bounds::slope),
                through(&Bounds::error) + kRounding * (span + t0.mag()), a.jumps || f0.jumps || f1.jumps || t0.jumps || t1.jumps || crosses};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>&) {
        const vec4<T>& a = in[0];
        const T k = T(q[1]);
        return vec4<T>(T(q[2]) + (a.x - T(q[0])) * k, a.y * k, a.z * k, a.w * k);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_remap", {c.in[0], c.P(0), c.P(1), c.P(2)}); }
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return gln_g_remap_driven(in[0], in[1], in[2], in[3], in[4]);
    }
    static std::string drivenGlsl(const GlslCall& c) {
        return c.call("gln_g_remap_driven", {c.in[0], c.in[1], c.in[2], c.in[3], c.in[4]});
    }
};

struct Clamp : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{source(), mayBeDriven(number("min", -1.0, "the least value")), mayBeDriven(number("max", 1.0, "the most value"))},
                "min(max(source, min), max): min where source is below it, else max where above it"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        p.add(n.number("min"));
        p.add(n.number("max"));
    }
    static void check(const GraphNode& n, std::vector<Violation>& problems) {
        if (!n.driven("min") && !n.driven("max") && n.number("min") > n.number("max"))
            problems.push_back(graph_detail::at(n.id, "max", graph_detail::shownNumber(n.number("max")) + ": must be at least min " +
                                                             graph_detail::shownNumber(n.number("min"))));
    }
    // Rising in source, min and max while min <= max; where driven bounds may cross, the
    // value may be either bound, and jumps between them.
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &lo = in[1], &hi = in[2];
        auto at = [](double x, double l, double h) { return x < l ? l : (x > h ? h : x); };
        const bool cross = lo.hi > hi.lo;
        return {cross ? std::min(at(a.lo, lo.lo, hi.lo), hi.lo) : at(a.lo, lo.lo, hi.lo),
                cross ? std::max(at(a.hi, lo.hi, hi.hi), lo.hi) : at(a.hi, lo.hi, hi.hi), std::max({a.slope, lo.slope, hi.slope}),
                std::max({a.error, lo.error, hi.error}), a.jumps || lo.jumps || hi.jumps || cross};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>&) {
        const vec4<T>& a = in[0];
        const T lo = T(q[0]), hi = T(q[1]);
        const auto below = a.x < lo, above = a.x > hi;
        return gln_select(below, vec4<T>(lo, T(0), T(0), T(0)), gln_select(above, vec4<T>(hi, T(0), T(0), T(0)), a));
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_clamp", {c.in[0], c.P(0), c.P(1)}); }
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        const vec4<T>&a = in[0], &lo = in[1], &hi = in[2];
        return gln_select(a.x < lo.x, lo, gln_select(a.x > hi.x, hi, a));
    }
    static std::string drivenGlsl(const GlslCall& c) { return c.call("gln_g_clamp_driven", {c.in[0], c.in[1], c.in[2]}); }
};

struct Abs : Base {
    static Described describe() { return {{graph_detail::source()}, "|source|"}; }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds& a = in[0];
        const double lo = a.lo <= 0 && a.hi >= 0 ? 0.0 : std::min(std::fabs(a.lo), std::fabs(a.hi));
        return {lo, std::max(std::fabs(a.lo), std::fabs(a.hi)), a.slope, a.error, a.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return gln_select(in[0].x < T(0), -in[0], in[0]);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_abs", {c.in[0]}); }
};

struct Invert : Base {
    static Described describe() { return {{graph_detail::source()}, "-source"}; }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds& a = in[0];
        return {-a.hi, -a.lo, a.slope, a.error, a.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        return -in[0];
    }
    static std::string glsl(const GlslCall& c) { return "-" + c.in[0]; }
};

struct Curve : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{source(), {"points", GraphFieldType::Points, 0.0, -kHuge, kHuge, false, {}, "[x, y] pairs, x increasing, 2 to 16"},
                 choice("interpolation", {"monotone", "linear"}, "monotone cubic (Fritsch-Carlson) or linear")},
                "the curve through points at source; flat beyond its ends"};
    }
    // x, y and slope per point; ints: the point count, monotone.
    static void plan(const GraphNode& n, Planned& p) {
        const std::vector<double>& pts = n.lists.at("points");
        const std::size_t count = pts.size() / 2;
        const bool monotone = n.choice("interpolation") == "monotone";
        // Fritsch-Carlson: secant slopes, their means at inner points, zero at a turn, and
        // limited so that the cubic stays monotone on every segment.
        std::vector<double> d(count - 1), m(count, 0.0);
        for (std::size_t i = 0; i + 1 < count; ++i) d[i] = (pts[2 * i + 3] - pts[2 * i + 1]) / (pts[2 * i + 2] - pts[2 * i]);
        m[0] = d[0];
        m[count - 1] = d[count - 2];
        for (std::size_t i = 1; i + 1 < count; ++i) m[i] = d[i - 1] * d[i] <= 0.0 ? 0.0 : (d[i - 1] + d[i]) / 2.0;
        for (std::size_t i = 0; i + 1 < count; ++i) {
            if (d[i] == 0.0) {
                m[i] = m[i + 1] = 0.0;
                continue;
            }
            const double a = m[i] / d[i], b = m[i + 1] / d[i], h = a * a + b * b;
            if (h > 9.0) {
                const double t = 3.0 / std::sqrt(h);
                m[i] = t * a * d[i];
                m[i + 1] = t * b * d[i];
            }
        }
        for (std::size_t i = 0; i < count; ++i) {
            p.add(pts[2 * i]);
            p.add(pts[2 * i + 1]);
            p.add(m[i]);
        }
        p.ints[0] = static_cast<int>(count);
        p.ints[1] = monotone ? 1 : 0;
    }
    static Bounds bounds(const GraphNode& n, const Bounds* in) {
        const Bounds& a = in[0];
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
    // The curve through `count` points (x, y, slope at P[3i..]) at a: linear or monotone
    // cubic (Hermite with the planned slopes) on the segment holding a, flat beyond the
    // ends. Every segment is evaluated and the one holding a selected: the same in every lane.
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* P, const std::array<int, 6>& ints) {
        const vec4<T>& a = in[0];
        const int count = ints[0];
        const bool monotone = ints[1] != 0;
        vec4<T> out = vec4<T>(T(P[1]), T(0), T(0), T(0));
        for (int i = 0; i + 1 < count; ++i) {
            const T x0 = T(P[3 * i]), y0 = T(P[3 * i + 1]), m0 = T(P[3 * i + 2]);
            const T x1 = T(P[3 * i + 3]), y1 = T(P[3 * i + 4]), m1 = T(P[3 * i + 5]);
            const T h = x1 - x0;
            const T t = (a.x - x0) / h;
            T v, slope;
            if (monotone) {
                const T t2 = t * t, t3 = t2 * t;
                v = (T(2) * t3 - T(3) * t2 + T(1)) * y0 + (t3 - T(2) * t2 + t) * h * m0 + (T(3) * t2 - T(2) * t3) * y1 +
                    (t3 - t2) * h * m1;
                slope = ((T(6) * t2 - T(6) * t) * y0 + (T(3) * t2 - T(4) * t + T(1)) * h * m0 + (T(6) * t - T(6) * t2) * y1 +
                         (T(3) * t2 - T(2) * t) * h * m1) / h;
            } else {
                v = y0 + t * (y1 - y0);
                slope = (y1 - y0) / h;
            }
            out = gln_select(a.x >= x0, vec4<T>(v, slope * a.y, slope * a.z, slope * a.w), out);
        }
        const T last = T(P[3 * (count - 1)]);
        return gln_select(a.x >= last, vec4<T>(T(P[3 * (count - 1) + 1]), T(0), T(0), T(0)), out);
    }
    static std::string glsl(const GlslCall& c) {
        return c.call("gln_g_curve", {c.in[0], std::to_string(c.param), std::to_string(c.ints[0]), c.ints[1] ? "true" : "false"});
    }
};

struct Terrace : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{source(), positive("steps", 8.0, "steps per unit of source", 65536.0),
                 mayBeDriven(number("smoothness", 0.0, "0: hard steps; 1: no steps", 0.0, 1.0))},
                "(floor(steps s) + smoothstep ramp of the last smoothness of each step) / steps"};
    }
    // steps, smoothness, 1 / steps, 1 / smoothness (0 when hard); ints: hard.
    static void plan(const GraphNode& n, Planned& p) {
        const double s = n.number("smoothness");
        p.add(n.number("steps"));
        p.add(s);
        p.add(1.0 / n.number("steps"));
        p.add(s > 0.0 ? 1.0 / s : 0.0);
        p.ints[0] = s > 0.0 || n.driven("smoothness") ? 0 : 1;
    }
    static std::optional<std::string> noDerivative(const GraphNode& n) {
        if (!n.driven("smoothness") && n.number("smoothness") == 0.0)
            return std::string("a terrace with smoothness 0 steps; give it a smoothness above 0");
        return std::nullopt;
    }
    // A driven smoothness s moves the value by at most 1.5 / (steps s) per unit of s.
    static Bounds bounds(const GraphNode& n, const Bounds* in) {
        const Bounds &a = in[0], &s = in[1];
        const double steps = n.number("steps");
        const double lo = std::floor(a.lo * steps) / steps, hi = (std::floor(a.hi * steps) + 1.0) / steps;
        if (s.hi == 0.0) return {lo, hi, 0, 0, true};
        const double steep = 1.5 / s.lo;  // smoothstep's steepest over a width of s / steps
        const double bySmoothness = steep / steps;
        // smoothstep's second derivative is at most 4 / width times its steepest first.
        return bent({lo, hi, product(steep, a.slope) + product(bySmoothness, s.slope), product(steep, a.error) + product(bySmoothness, s.error),
                     a.jumps || s.jumps},
                    4.0 * steps / s.lo, a);
    }
    // Steps of 1 / steps; with smoothness s the last s of each step rises to the next
    // (smoothstep); hard steps when s is 0.
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>& ints) {
        const vec4<T>& a = in[0];
        const T steps = T(q[0]), smoothness = T(q[1]), inverseSteps = T(q[2]), inverseSmoothness = T(q[3]);
        const T t = a.x * steps;
        const T f = gln_floor(t);
        if (ints[0] != 0) return vec4<T>(f * inverseSteps, T(0), T(0), T(0));
        const T u = t - f;
        const T w0 = gln_g_clamp01((u - (T(1) - smoothness)) * inverseSmoothness);
        const T w = w0 * w0 * (T(3) - T(2) * w0);
        const T slope = T(6) * w0 * (T(1) - w0) * inverseSmoothness;
        return vec4<T>((f + w) * inverseSteps, slope * a.y, slope * a.z, slope * a.w);
    }
    static std::string glsl(const GlslCall& c) {
        return c.call("gln_g_terrace", {c.in[0], c.P(0), c.P(1), c.P(2), c.P(3), c.ints[0] ? "true" : "false"});
    }
    // The smoothness s a value: w0's slope along s is (1 - u) / s^2.
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S* q, const std::array<int, 6>& ints) {
        const vec4<T>&a = in[0], &s = in[1];
        const T steps = T(q[0]), inverseSteps = T(q[2]);
        const T t = a.x * steps;
        const T f = gln_floor(t);
        if (ints[0] != 0) return vec4<T>(f * inverseSteps, T(0), T(0), T(0));
        const T u = t - f;
        const T inverse = T(1) / s.x;
        const T w0 = gln_g_clamp01((u - (T(1) - s.x)) * inverse);
        const T w = w0 * w0 * (T(3) - T(2) * w0);
        const T slope = T(6) * w0 * (T(1) - w0) * inverse;
        const vec4<T> g = slope * a + (inverseSteps * slope * (T(1) - u) * inverse) * s;
        return vec4<T>((f + w) * inverseSteps, g.y, g.z, g.w);
    }
    static std::string drivenGlsl(const GlslCall& c) {
        return c.call("gln_g_terrace_driven", {c.in[0], c.P(0), c.P(2), c.in[1], c.ints[0] ? "true" : "false"});
    }
};

// A triangle wave of strength * source between 0 and 1 (FastNoise2's PingPong).
struct PingPong : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{source(), mayBeDriven(positive("strength", 2.0, "how many rises per unit of source, over 2", 65536.0))},
                "t = strength s, u = t - 2 floor(t / 2): u where u < 1, else 2 - u"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.add(n.number("strength")); }
    // t = k s changes with k by s.
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &k = in[1];
        // u loses what t's magnitude rounds away.
        return {0, 1, product(k.hi, a.slope) + product(a.mag(), k.slope),
                product(k.hi, a.error) + product(a.mag(), k.error) + kRounding * product(k.hi, a.mag()), a.jumps || k.jumps};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>&) {
        const vec4<T>& a = in[0];
        const T k = T(q[0]);
        const T t = a.x * k;
        const T u = t - T(2) * gln_floor(t * T(0.5f));
        const auto rising = u < T(1);
        const T slope = gln_select(rising, k, -k);
        return vec4<T>(gln_select(rising, u, T(2) - u), slope * a.y, slope * a.z, slope * a.w);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_ping_pong", {c.in[0], c.P(0)}); }
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        const vec4<T>&a = in[0], &k = in[1];
        const T t = a.x * k.x;
        const T u = t - T(2) * gln_floor(t * T(0.5f));
        const auto rising = u < T(1);
        const vec4<T> g = gln_select(rising, T(1), T(-1)) * (k.x * a + a.x * k);
        return vec4<T>(gln_select(rising, u, T(2) - u), g.y, g.z, g.w);
    }
    static std::string drivenGlsl(const GlslCall& c) { return c.call("gln_g_ping_pong_driven", {c.in[0], c.in[1]}); }
};

// The floored modulus: source - m floor(source / m), in [0, m), with source's gradient.
struct Modulus : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{source(), mayBeDriven(positive("divisor", 1.0, "m, the length of each band"))}, "source - m floor(source / m): floored, in [0, m)"};
    }
    // m, 1 / m.
    static void plan(const GraphNode& n, Planned& p) {
        p.add(n.number("divisor"));
        p.add(1.0 / n.number("divisor"));
    }
    // A driven m moves the value by floor(source / m) per unit of m. In float, a source / m
    // within a rounding of a multiple of m may floor to that multiple's other side: the
    // value is then below 0 or above m by what the source's magnitude rounds away.
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &m = in[1];
        const double bands = m.slope == 0.0 && m.error == 0.0 ? 0.0 : a.mag() / m.lo + 1.0;
        const double beyond = kRounding * std::max(std::fabs(a.lo), std::fabs(a.hi));  // for the range: uncapped
        // A jump at every multiple of m; the difference loses what the source's magnitude rounds away.
        return {-beyond, m.hi + beyond, a.slope + product(bands, m.slope), a.error + kRounding * a.mag() + product(bands, m.error),
                true};
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>&) {
        const vec4<T>& a = in[0];
        const T m = T(q[0]);
        return vec4<T>(a.x - m * gln_floor(a.x * T(q[1])), a.y, a.z, a.w);
    }
    static std::string glsl(const GlslCall& c) { return c.call("gln_g_modulus", {c.in[0], c.P(0), c.P(1)}); }
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>&) {
        const vec4<T>&a = in[0], &m = in[1];
        return a - gln_floor(a.x * (T(1) / m.x)) * m;
    }
    static std::string drivenGlsl(const GlslCall& c) { return c.call("gln_g_modulus_driven", {c.in[0], c.in[1]}); }
};

// The blend weight of step and select: 0 below threshold - smoothness / 2, 1 above
// threshold + smoothness / 2, smoothstep between; with smoothness 0, 1 from threshold on.
// Its parameters: threshold, the blend's start, 1 / smoothness (0 when hard); ints: hard.
inline void planStep(const GraphNode& n, Planned& p) {
    const double t = n.number("threshold"), s = n.number("smoothness");
    p.add(t);
    p.add(t - s / 2.0);
    p.add(s > 0.0 ? 1.0 / s : 0.0);
    p.ints[0] = s > 0.0 || n.driven("smoothness") ? 0 : 1;
}

// The weight at x and its slope (w, dw/dx).
template <class T, class S>
void gln_g_step_weight(T x, const S* q, bool hard, T& w, T& slope) {
    if (hard) {
        w = gln_select(x >= T(q[0]), T(1), T(0));
        slope = T(0);
        return;
    }
    const T inverse = T(q[2]);
    const T w0 = gln_g_clamp01((x - T(q[1])) * inverse);
    w = w0 * w0 * (T(3) - T(2) * w0);
    slope = T(6) * w0 * (T(1) - w0) * inverse;
}

// The same with threshold t and smoothness s values (v, gradient): (w, grad w), w0's slope
// along t -1 / s and along s -(x - t) / s^2.
template <class T>
vec4<T> gln_g_step_weight_driven(vec4<T> x, vec4<T> t, vec4<T> s, bool hard) {
    if (hard) return vec4<T>(gln_select(x.x >= t.x, T(1), T(0)), T(0), T(0), T(0));
    const T inverse = T(1) / s.x;
    const T d = x.x - t.x;
    const T w0 = gln_g_clamp01((d + T(0.5f) * s.x) * inverse);
    const T w = w0 * w0 * (T(3) - T(2) * w0);
    const T slope = T(6) * w0 * (T(1) - w0) * inverse;
    const vec4<T> g = slope * (x - t - (d * inverse) * s);
    return vec4<T>(w, g.y, g.z, g.w);
}

// The bounds of a step's weight: smoothstep's steepest is 1.5 / s along x and t, and w0
// moves by at most 1 / (2 s) per unit of s.
inline Bounds stepBounds(const Bounds& x, const Bounds& t, const Bounds& s) {
    if (s.hi == 0.0) return {0, 1, 0, 0, true};
    const double steep = 1.5 / s.lo;
    // smoothstep's second derivative is at most 4 / s times its steepest first.
    return bent(bent({0, 1, product(steep, x.slope) + product(steep, t.slope) + product(steep / 2.0, s.slope),
                      product(steep, x.error) + product(steep, t.error) + product(steep / 2.0, s.error), x.jumps || t.jumps || s.jumps},
                     4.0 / s.lo, x),
                4.0 / s.lo, t);
}

struct Step : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{source(), mayBeDriven(number("threshold", 0.0, "where it steps from 0 to 1")),
                 mayBeDriven(number("smoothness", 0.0, "the width of the rise, centred on threshold; 0: a hard step", 0.0, kHuge))},
                "0 below threshold, 1 from it on; with smoothness s a smoothstep from threshold - s/2 to threshold + s/2"};
    }
    static void plan(const GraphNode& n, Planned& p) { planStep(n, p); }
    static std::optional<std::string> noDerivative(const GraphNode& n) {
        if (!n.driven("smoothness") && n.number("smoothness") == 0.0)
            return std::string("a step with smoothness 0 jumps; give it a smoothness above 0");
        return std::nullopt;
    }
    static Bounds bounds(const GraphNode&, const Bounds* in) { return stepBounds(in[0], in[1], in[2]); }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>& ints) {
        const vec4<T>& a = in[0];
        T w, slope;
        gln_g_step_weight(a.x, q, ints[0] != 0, w, slope);
        return vec4<T>(w, slope * a.y, slope * a.z, slope * a.w);
    }
    static std::string glsl(const GlslCall& c) {
        return c.call("gln_g_step", {c.in[0], c.P(0), c.P(1), c.P(2), c.ints[0] ? "true" : "false"});
    }
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>& ints) {
        return gln_g_step_weight_driven(in[0], in[1], in[2], ints[0] != 0);
    }
    static std::string drivenGlsl(const GlslCall& c) {
        return c.call("gln_g_step_weight_driven", {c.in[0], c.in[1], c.in[2], c.ints[0] ? "true" : "false"});
    }
};

// a where mask is below threshold, b from it on; blended over smoothness (FastNoise2's Select).
struct Select : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        return {{scalar("a", kRequired, "where mask is below threshold"), scalar("b", kRequired, "where mask is at or above it"),
                 scalar("mask", kRequired, "what chooses"), mayBeDriven(number("threshold", 0.0, "where mask chooses b")),
                 mayBeDriven(number("smoothness", 0.0, "the width of the blend, centred on threshold; 0: a hard choice", 0.0, kHuge))},
                "a + (b - a) w, w the step of mask at threshold over smoothness"};
    }
    static void plan(const GraphNode& n, Planned& p) { planStep(n, p); }
    static Bounds bounds(const GraphNode&, const Bounds* in) {
        const Bounds &a = in[0], &b = in[1], &m = in[2], &t = in[3], &s = in[4];
        if (s.hi == 0.0)
            return {std::min(a.lo, b.lo), std::max(a.hi, b.hi), std::max(a.slope, b.slope), std::max(a.error, b.error), true};
        const double span = std::max(a.mag(), b.mag()) * 2.0, steep = 1.5 / s.lo;
        const Bounds v{std::min(a.lo, b.lo), std::max(a.hi, b.hi),
                       a.slope + b.slope + product(span * steep, m.slope) + product(span * steep, t.slope) + product(span * steep / 2.0, s.slope),
                       a.error + b.error + product(span * steep, m.error) + product(span * steep, t.error) + product(span * steep / 2.0, s.error),
                       a.jumps || b.jumps || m.jumps || t.jumps || s.jumps};
        // The weight's smoothstep bends by at most 4 / s along the mask and the threshold.
        return bent(bent(v, 4.0 / s.lo, m), 4.0 / s.lo, t);
    }
    template <class T, class S>
    static vec4<T> eval(const vec4<T>* in, const S* q, const std::array<int, 6>& ints) {
        const vec4<T>&a = in[0], &b = in[1], &m = in[2];
        T w, slope;
        gln_g_step_weight(m.x, q, ints[0] != 0, w, slope);
        const vec4<T> v = a + (b - a) * w;
        const T span = (b.x - a.x) * slope;
        return vec4<T>(v.x, v.y + span * m.y, v.z + span * m.z, v.w + span * m.w);
    }
    static std::string glsl(const GlslCall& c) {
        return c.call("gln_g_select", {c.in[0], c.in[1], c.in[2], c.P(0), c.P(1), c.P(2), c.ints[0] ? "true" : "false"});
    }
    template <class T, class S>
    static vec4<T> driven(const vec4<T>* in, const S*, const std::array<int, 6>& ints) {
        const vec4<T>&a = in[0], &b = in[1];
        const vec4<T> w = gln_g_step_weight_driven(in[2], in[3], in[4], ints[0] != 0);
        const vec4<T> v = a + (b - a) * w.x;
        const T span = b.x - a.x;
        return vec4<T>(v.x, v.y + span * w.y, v.z + span * w.z, v.w + span * w.w);
    }
    static std::string drivenGlsl(const GlslCall& c) {
        return c.call("gln_g_select_driven", {c.in[0], c.in[1], c.in[2], c.in[3], c.in[4], c.ints[0] ? "true" : "false"});
    }
};

}  // namespace glnoise::graph::value
