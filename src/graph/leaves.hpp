// SPDX-License-Identifier: MIT
// The node kinds that read the point through a frame of their own (role Leaf in
// graph/kinds.def): each kind's descriptor, all of it in one place. A descriptor gives
// what a value kind's does (graph/values.hpp: describe, plan, check, noDerivative, bounds,
// eval, glsl), with the graph's dimensions where the kind needs them, and
//   frame<T>(o, q, ints, dims)  its frame at the point o, planned in double on the host
//                               (graph/plan.cpp), q its parameters
//   eval(o, l, in, q, ints, dims)  its C++ twin at its frame o and the scope's offset l
//   glsl(call)                  the same in GLSL: statements into call.lines, named from
//                               call.name, and the value's expression; call.frame is the
//                               frame's
//   frequency(node)             the finest lattice it holds, in cells per unit of the
//                               point, for the octave limit: 0 for a smooth function of
//                               the point
// A basis and white noise (role Lattice) are planned, batched and compiled by family
// instead (graph/plan.cpp, graph/twin.hpp, gpu/graph_shader.cpp). Internal.
#pragma once

#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/frames.hpp"
#include "graph/kinds.hpp"
#include "graph/values.hpp"

namespace glnoise::graph::leaf {

using cpu::GlnFrame;
using cpu::kTwoPi;
using cpu::vec2;
using cpu::vec4;
using graph_detail::Described;
using value::GlslCall;
using value::Planned;
using cpu::gln_cos;
using cpu::gln_floor;
using cpu::gln_select;
using cpu::gln_sin;
using cpu::gln_sqrt;

// How far a leaf's point may move from its frame: 2^24 cells along each axis, as it is
// before its basis's own transform (graph.glsl's GLN_G_FAR). Beyond it a float holds no
// fraction, and the bases' cells stay within int. A graph can move a point that far (a
// warp by a power of a position); a spec cannot. NaN is held at the far negative end.
template <class T>
T gln_g_bound(T x) {
    const T lo = T(-16777216.0f), hi = T(16777216.0f);
    const T above = gln_select(x >= lo, x, lo);  // NaN fails the comparison
    return gln_select(above <= hi, above, hi);
}
template <class T>
auto gln_g_within(T x) {
    const T lo = T(-16777216.0f), hi = T(16777216.0f);
    return x >= lo && x <= hi;
}

// What glsl() writes from, besides a value kind's: its frame's expression, the name its
// statements' variables take after (the operation's), the graph's dimensions, and where
// its statements go.
struct LeafCall : GlslCall {
    std::string frame;
    std::string name;
    int dims = 2;
    std::vector<std::string> lines;
    void line(const std::string& s) { lines.push_back(s); }
};

inline const char* const kComp[] = {"x", "y", "z", "w"};
inline int axisIndex(const std::string& a) { return static_cast<int>(std::string("xyzw").find(a)); }
inline const std::vector<std::string>& axes() {
    static const std::vector<std::string> a = {"x", "y", "z", "w"};
    return a;
}

struct Base : value::Base {
    static void check(const GraphNode&, int, std::vector<Violation>&) {}
    static double frequency(const GraphNode&) { return 0.0; }
};

// p.axis and e_axis: the frame holds the axis's coordinate at the anchor.
struct Position : Base {
    static Described describe() { return {{graph_detail::choice("axis", axes(), "which coordinate")}, "p.axis"}; }
    static void plan(const GraphNode& n, Planned& p) { p.ints[0] = axisIndex(n.choice("axis")); }
    static void check(const GraphNode& n, int dims, std::vector<Violation>& problems) {
        graph_detail::checkAxis(n, "axis", n.choice("axis"), dims, problems);
    }
    static Bounds bounds(const GraphNode&, const Bounds*, int) { return {-kInf, kInf, 1, 0, false}; }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double*, const std::array<int, 6>& ints, int) {
        GlnFrame<T> f{};
        f.frac.x = static_cast<T>(o[static_cast<std::size_t>(ints[0])]);
        return f;
    }
    template <class T, class S>
    static vec4<T> eval(const GlnFrame<S>& o, vec4<T> l, const vec4<T>*, const S*, const std::array<int, 6>& ints, int) {
        vec4<T> v = vec4<T>(T(0));
        v.x = T(o.frac.x) + l[ints[0]];
        if (ints[0] < 3) v[ints[0] + 1] = T(1);
        return v;
    }
    static std::string glsl(LeafCall& c) { return along(c, ""); }
    // Position's and ramp's: the frame's coordinate plus the offset along the axis times
    // k ("": 1).
    static std::string along(LeafCall& c, const std::string& k) {
        const int a = c.ints[0];
        std::string g[3] = {"0.0f", "0.0f", "0.0f"};
        if (a < 3) g[a] = k.empty() ? "1.0f" : k;
        c.line("precise float p" + c.name + " = " + c.frame + ".frac.x + l." + kComp[a] + (k.empty() ? "" : " * " + k) + ";");
        return "vec4(p" + c.name + ", " + g[0] + ", " + g[1] + ", " + g[2] + ")";
    }
};

// (p.axis - from) / (to - from): the frame holds it at the anchor.
struct Ramp : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{choice("axis", axes(), "which coordinate"), number("from", 0.0, "where it is 0"), number("to", 256.0, "where it is 1")},
                "(p.axis - from) / (to - from)"};
    }
    // from, 1 / (to - from).
    static void plan(const GraphNode& n, Planned& p) {
        p.ints[0] = axisIndex(n.choice("axis"));
        p.add(n.number("from"));
        p.add(1.0 / (n.number("to") - n.number("from")));
    }
    static void check(const GraphNode& n, int dims, std::vector<Violation>& problems) {
        graph_detail::checkAxis(n, "axis", n.choice("axis"), dims, problems);
        if (n.number("from") == n.number("to"))
            problems.push_back(graph_detail::at(n.id, "to", graph_detail::shownNumber(n.number("to")) + ": must differ from from"));
    }
    static Bounds bounds(const GraphNode& n, const Bounds*, int) {
        return {-kInf, kInf, 1.0 / std::fabs(n.number("to") - n.number("from")), 0, false};
    }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>& ints, int) {
        GlnFrame<T> f{};
        f.frac.x = static_cast<T>((o[static_cast<std::size_t>(ints[0])] - q[0]) * q[1]);
        return f;
    }
    template <class T, class S>
    static vec4<T> eval(const GlnFrame<S>& o, vec4<T> l, const vec4<T>*, const S* q, const std::array<int, 6>& ints, int) {
        vec4<T> v = vec4<T>(T(0));
        v.x = T(o.frac.x) + l[ints[0]] * T(q[1]);
        if (ints[0] < 3) v[ints[0] + 1] = T(q[1]);
        return v;
    }
    static std::string glsl(LeafCall& c) { return Position::along(c, c.P(1)); }
};

// |p - center| over the graph's dimensions: the frame holds p - center at the anchor.
struct Distance : Base {
    static Described describe() {
        return {{graph_detail::numbers("center", 0.0, "the point it measures from")}, "|p - center| over the graph's dimensions"};
    }
    // center x, y, z, w.
    static void plan(const GraphNode& n, Planned& p) { p.four(n.lists.at("center"), 0.0); }
    static void check(const GraphNode& n, int dims, std::vector<Violation>& problems) {
        graph_detail::checkList(n, "center", dims, problems);
    }
    static Bounds bounds(const GraphNode&, const Bounds*, int) { return {0, kInf, 1, kRounding * kUnbounded, false}; }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, int dims) {
        GlnFrame<T> f{};
        for (int a = 0; a < dims; ++a) f.frac[a] = static_cast<T>(o[static_cast<std::size_t>(a)] - q[a]);
        return f;
    }
    template <class T, class S>
    static vec4<T> eval(const GlnFrame<S>& o, vec4<T> l, const vec4<T>*, const S*, const std::array<int, 6>&, int dims) {
        vec4<T> d = vec4<T>(T(0));
        T r2 = T(0);
        for (int a = 0; a < dims; ++a) {
            d[a] = T(o.frac[a]) + l[a];
            r2 = r2 + d[a] * d[a];
        }
        const T r = gln_sqrt(r2);
        const T inv = gln_select(r > T(0), T(1) / r, T(0));
        return vec4<T>(r, d.x * inv, d.y * inv, d.z * inv);
    }
    static std::string glsl(LeafCall& c) {
        const std::string& I = c.name;
        c.line("vec4 d" + I + " = vec4(0.0f);");
        c.line("float r" + I + " = 0.0f;");
        for (int a = 0; a < c.dims; ++a) {
            const std::string m = std::string(".") + kComp[a];
            c.line("d" + I + m + " = " + c.frame + ".frac" + m + " + l" + m + ";");
            c.line("r" + I + " = r" + I + " + d" + I + m + " * d" + I + m + ";");
        }
        c.line("r" + I + " = sqrt(r" + I + ");");
        c.line("float i" + I + " = r" + I + " > 0.0f ? 1.0f / r" + I + " : 0.0f;");
        return "vec4(r" + I + ", d" + I + ".x * i" + I + ", d" + I + ".y * i" + I + ", d" + I + ".z * i" + I + ")";
    }
};

// graph.glsl's gln_g_checkerboard: 1 or -1 by the parity of the cell at frame o plus l.
template <class T, class S>
T gln_g_checkerboard(const GlnFrame<S>& o, vec4<T> l, int dims) {
    const T f = T(o.scale.x);
    T parity = T(0);
    for (int a = 0; a < dims; ++a) {
        const T c = gln_floor(T(o.frac[a]) + gln_g_bound(f * l[a]));
        parity = parity + ((c - T(2) * gln_floor(c * T(0.5f))) + T(static_cast<float>(o.cell[a] & 1)));
    }
    return T(1) - T(2) * (parity - T(2) * gln_floor(parity * T(0.5f)));
}

// FastNoise2's Checkerboard: the frame is a lattice frame of its frequency.
struct Checkerboard : Base {
    static Described describe() {
        return {{graph_detail::positive("frequency", 1.0 / 64.0, "squares per unit of the point", 65536.0)},
                "1 on the lattice cells of frequency * p whose coordinates sum to an even number, -1 on the others"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.add(n.number("frequency")); }
    static std::optional<std::string> noDerivative(const GraphNode&) {
        return std::string("a checkerboard is a step at every square's edge");
    }
    static Bounds bounds(const GraphNode&, const Bounds*, int) { return {-1, 1, 0, 0, true}; }
    static double frequency(const GraphNode& n) { return n.number("frequency"); }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, int dims) {
        const double f = q[0];
        return cpu::latticeFrame<T>({f * o[0], f * o[1], f * o[2], f * o[3]}, Basis::Value, dims, f, {}, false);
    }
    template <class T, class S>
    static vec4<T> eval(const GlnFrame<S>& o, vec4<T> l, const vec4<T>*, const S*, const std::array<int, 6>&, int dims) {
        return vec4<T>(gln_g_checkerboard(o, l, dims), T(0), T(0), T(0));
    }
    static std::string glsl(LeafCall& c) {
        return "vec4(gln_g_checkerboard(" + c.frame + ", l, " + std::to_string(c.dims) + "), 0.0f, 0.0f, 0.0f)";
    }
};

// graph.glsl's gln_g_sine and gln_g_sine_wave.
template <class T>
vec4<T> gln_g_sine(T x, T w, T la, int a) {
    const T u = x + w * la;
    const T t = u - T(6.28318548f) * gln_floor(u * T(0.159154937f));
    vec4<T> v = vec4<T>(gln_sin(t), T(0), T(0), T(0));
    if (a < 3) v[a + 1] = w * gln_cos(t);
    return v;
}
template <class T, class S>
vec4<T> gln_g_sine_wave(const GlnFrame<S>& o, T w, vec4<T> l, int axis, int dims) {
    if (axis < 4) return gln_g_sine(T(o.frac.x), w, l[axis], axis);
    vec4<T> v = gln_g_sine(T(o.frac.x), w, l.x, 0);
    for (int a = 1; a < dims; ++a) v = value::gln_g_multiply(v, gln_g_sine(T(o.frac[a]), w, l[a], a));
    return v;
}

// FastNoise2's SineWave, along any axis or (every) the product of one along each.
struct SineWave : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{positive("frequency", 1.0 / 64.0, "waves per unit of the point", 65536.0),
                 choice("axis", {"x", "y", "z", "w", "every"}, "the axis it runs along; every: the product over the axes"),
                 number("phase", 0.0, "in waves: 0.25 starts it at its crest")},
                "sin(2 pi (frequency p.axis + phase)); every: the product of that over the graph's axes"};
    }
    // 2 pi frequency, frequency, phase; ints: the axis (4: every).
    static void plan(const GraphNode& n, Planned& p) {
        const std::string& axis = n.choice("axis");
        p.ints[0] = axis == "every" ? 4 : axisIndex(axis);
        p.add(kTwoPi * n.number("frequency"));
        p.add(n.number("frequency"));
        p.add(n.number("phase"));
    }
    static void check(const GraphNode& n, int dims, std::vector<Violation>& problems) {
        if (n.choice("axis") != "every") graph_detail::checkAxis(n, "axis", n.choice("axis"), dims, problems);
    }
    // A sine's slope: 2 pi frequency along its axis (each axis, for every's product).
    static Bounds bounds(const GraphNode& n, const Bounds*, int dims) {
        const double w = kTwoPi * n.number("frequency");
        return {-1, 1, n.choice("axis") == "every" ? w * dims : w, kBasisError, false};
    }
    static double frequency(const GraphNode& n) { return n.number("frequency"); }
    // Each axis's angle at the point, 2 pi (frequency p + phase) modulo 2 pi, in double:
    // the waves stay exact far from the origin.
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>& ints, int dims) {
        GlnFrame<T> f{};
        const int first = ints[0] < 4 ? ints[0] : 0, last = ints[0] < 4 ? ints[0] : dims - 1;
        for (int a = first; a <= last; ++a) {
            const double u = q[1] * o[static_cast<std::size_t>(a)] + q[2];
            f.frac[ints[0] < 4 ? 0 : a] = static_cast<T>(kTwoPi * (u - std::floor(u)));
        }
        return f;
    }
    template <class T, class S>
    static vec4<T> eval(const GlnFrame<S>& o, vec4<T> l, const vec4<T>*, const S* q, const std::array<int, 6>& ints, int dims) {
        return gln_g_sine_wave(o, T(q[0]), l, ints[0], dims);
    }
    static std::string glsl(LeafCall& c) {
        return "gln_g_sine_wave(" + c.frame + ", " + c.P(0) + ", l, " + std::to_string(c.ints[0]) + ", " + std::to_string(c.dims) + ")";
    }
};

// Marble at x (the frame's angle plus frequency times the offset): sin(x + k n).
template <class T>
vec4<T> gln_g_marble(T x, T frequency, vec4<T> n, T k) {
    const T a = x + k * n.x;
    const T t = a - T(6.28318548f) * gln_floor(a * T(0.159154937f));
    const T c = gln_cos(t);
    return vec4<T>(gln_sin(t), c * (frequency + k * n.y), c * (k * n.z), c * (k * n.w));
}

// Wood at origin.xy + d (sample.hpp's pattern frame), d = frequency times the offset.
template <class T>
vec4<T> gln_g_wood(vec4<T> origin, vec2<T> d, T frequency, vec4<T> n, T k) {
    const T num = T(2) * (origin.x * d.x + origin.y * d.y) + (d.x * d.x + d.y * d.y);
    const T ox = origin.x + d.x;
    const T oy = origin.y + d.y;
    const T r = gln_sqrt(ox * ox + oy * oy);
    const T den = r + origin.w;
    const T a = origin.z + gln_select(den > T(0), num / den, T(0)) + k * n.x;
    const T t = a - T(6.28318548f) * gln_floor(a * T(0.159154937f));
    const T c = gln_cos(t);
    const T inv = gln_select(r > T(0), frequency / r, T(0));
    return vec4<T>(gln_sin(t), c * (ox * inv + k * n.y), c * (oy * inv + k * n.z), c * (k * n.w));
}

// Marble's and wood's: their source, frequency and pattern scale; their frame the
// sampler's pattern frame (core/frames.cpp), the angle modulo 2 pi in double.
template <bool kMarble>
struct Pattern : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{source(), positive("frequency", 1.0 / 64.0, kMarble ? "stripes: frequency / (2 pi) per unit" : "rings: frequency / (2 pi) per unit"),
                 mirrored("pattern_scale", GraphFieldType::Number, 5.0)},
                kMarble ? "sin(frequency p.x + k source), k the pattern_scale" : "sin(frequency |p.xy| + k source), k the pattern_scale"};
    }
    // frequency, pattern scale.
    static void plan(const GraphNode& n, Planned& p) {
        p.add(n.number("frequency"));
        p.add(n.number("pattern_scale"));
    }
    static Bounds bounds(const GraphNode& n, const Bounds* in, int) {
        const Bounds& a = in[0];
        const double k = std::fabs(n.number("pattern_scale"));
        return {-1, 1, n.number("frequency") + product(k, a.slope), product(k, a.error) + kBasisError, a.jumps};
    }
    static double frequency(const GraphNode& n) { return n.number("frequency") / kTwoPi; }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, int) {
        GlnFrame<T> f{};
        const double x = q[0] * o[0], y = q[0] * o[1], r = std::hypot(x, y);
        if (kMarble)
            f.frac = vec4<T>(static_cast<T>(x - kTwoPi * std::floor(x / kTwoPi)), static_cast<T>(y), T(0), T(0));
        else
            f.frac = vec4<T>(static_cast<T>(x), static_cast<T>(y), static_cast<T>(r - kTwoPi * std::floor(r / kTwoPi)), static_cast<T>(r));
        return f;
    }
    template <class T, class S>
    static vec4<T> eval(const GlnFrame<S>& o, vec4<T> l, const vec4<T>* in, const S* q, const std::array<int, 6>&, int) {
        const T f = T(q[0]);
        if (kMarble) return gln_g_marble(T(o.frac.x) + f * l.x, f, in[0], T(q[1]));
        return gln_g_wood(vec4<T>(o.frac), vec2<T>(f * l.x, f * l.y), f, in[0], T(q[1]));
    }
    static std::string glsl(LeafCall& c) {
        if (kMarble) return "gln_g_marble(" + c.frame + ".frac.x + " + c.P(0) + " * l.x, " + c.P(0) + ", " + c.in[0] + ", " + c.P(1) + ")";
        return "gln_g_wood(" + c.frame + ".frac, vec2(" + c.P(0) + " * l.x, " + c.P(0) + " * l.y), " + c.P(0) + ", " + c.in[0] + ", " + c.P(1) + ")";
    }
};
using Marble = Pattern<true>;
using Wood = Pattern<false>;

// The finest lattice a leaf of kind op holds (its descriptor's frequency).
inline double frequencyOf(Op op, const GraphNode& n) {
    switch (op) {
#define GLN_LEAF_CASE(op) \
    case Op::op: return op::frequency(n);
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
        default: return 0.0;
    }
}

}  // namespace glnoise::graph::leaf
