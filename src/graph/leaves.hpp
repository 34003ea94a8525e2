// SPDX-License-Identifier: MIT
// The node kinds that read the point through a frame of their own (roles Leaf and Lattice
// in graph/kinds.def): each kind's descriptor, all of it in one place. A descriptor gives
// what a value kind's does (graph/values.hpp: describe, plan, check, bounds, eval, glsl),
// with the graph's space where the kind needs it, and
//   noDerivative(n, dims)       why the gradient cannot pass through it, or nothing
//   frame<T>(o, q, ints, space) its frame at the point o, planned in double on the host
//                               (graph/plan.cpp), q its parameters
//   eval(o, l, in, q, ints, dims)  its C++ twin at its frame o and the scope's offset l
//   glsl(call)                  the same in GLSL: statements into call.lines, named from
//                               call.name, and the value's expression; call.frame is the
//                               frame's
//   frequency(node)             the finest lattice it holds, in cells per unit of the
//                               point, for the octave limit: 0 for a smooth function of
//                               the point
//   periodic(node)              whether it repeats with a period of its own
// A basis and white noise (role Lattice) have no eval or glsl here: they sample a basis
// family, and are batched and compiled by family (graph/twin.hpp's GraphCalls::leaf,
// gpu/graph_shader.cpp's leaf loops, the SIMD backend's family files). Internal.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/frames.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/error.hpp"
#include "graph/kinds.hpp"
#include "graph/values.hpp"

namespace glnoise::cpu {

// A cellular leaf's shape: what it returns (GLN_CELL_*), under which distance, its points'
// jitter, the Minkowski distance's exponent and smooth F1's smoothness; a cellular lookup's
// search reads metric, jitter and exponent.
template <class T>
struct GlnCellShape {
    int ret;
    int metric;
    T jitter;
    T exponent;
    T smoothness;
};

}  // namespace glnoise::cpu

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

// What frames are planned in: the graph's dimensions, whether its hash is the world's, and
// how far a period is scaled where the frame is made (a fractal's octave scales it).
struct FrameSpace {
    int dims = 2;
    bool world = false;
    long long periodScale = 1;
};

struct Base : value::Base {
    static void check(const GraphNode&, const NoiseSpec&, std::vector<Violation>&) {}
    static std::optional<std::string> noDerivative(const GraphNode&, int) { return std::nullopt; }
    static double frequency(const GraphNode&) { return 0.0; }
    static bool periodic(const GraphNode&) { return false; }
};

// p.axis and e_axis: the frame holds the axis's coordinate at the anchor.
struct Position : Base {
    static Described describe() { return {{graph_detail::choice("axis", axes(), "which coordinate")}, "p.axis"}; }
    static void plan(const GraphNode& n, Planned& p) { p.ints[0] = axisIndex(n.choice("axis")); }
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        graph_detail::checkAxis(n, "axis", n.choice("axis"), space.dims, problems);
    }
    static Bounds bounds(const GraphNode&, const Bounds*, const NoiseSpec&) { return {-kInf, kInf, 1, 0, false}; }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double*, const std::array<int, 6>& ints, const FrameSpace&) {
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
        c.line("GLN_PRECISE float p" + c.name + " = " + c.frame + ".frac.x + l." + kComp[a] + (k.empty() ? "" : " * " + k) + ";");
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
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        graph_detail::checkAxis(n, "axis", n.choice("axis"), space.dims, problems);
        if (n.number("from") == n.number("to"))
            problems.push_back(graph_detail::at(n.id, "to", graph_detail::shownNumber(n.number("to")) + ": must differ from from"));
    }
    static Bounds bounds(const GraphNode& n, const Bounds*, const NoiseSpec&) {
        return {-kInf, kInf, 1.0 / std::fabs(n.number("to") - n.number("from")), 0, false};
    }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>& ints, const FrameSpace&) {
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
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        graph_detail::checkList(n, "center", space.dims, problems);
    }
    static Bounds bounds(const GraphNode&, const Bounds*, const NoiseSpec&) { return {0, kInf, 1, kRounding * kUnbounded, false}; }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, const FrameSpace& space) {
        GlnFrame<T> f{};
        for (int a = 0; a < space.dims; ++a) f.frac[a] = static_cast<T>(o[static_cast<std::size_t>(a)] - q[a]);
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
    static std::optional<std::string> noDerivative(const GraphNode&, int) {
        return std::string("a checkerboard is a step at every square's edge");
    }
    static Bounds bounds(const GraphNode&, const Bounds*, const NoiseSpec&) { return {-1, 1, 0, 0, true}; }
    static double frequency(const GraphNode& n) { return n.number("frequency"); }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, const FrameSpace& space) {
        const double f = q[0];
        return cpu::latticeFrame<T>({f * o[0], f * o[1], f * o[2], f * o[3]}, Basis::Value, space.dims, f, {}, false);
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
    const T d = w * gln_cos(t);
    return vec4<T>(gln_sin(t), a == 0 ? d : T(0), a == 1 ? d : T(0), a == 2 ? d : T(0));
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
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        if (n.choice("axis") != "every") graph_detail::checkAxis(n, "axis", n.choice("axis"), space.dims, problems);
    }
    // A sine's slope: 2 pi frequency along its axis (each axis, for every's product).
    static Bounds bounds(const GraphNode& n, const Bounds*, const NoiseSpec& space) {
        const double w = kTwoPi * n.number("frequency");
        return {-1, 1, n.choice("axis") == "every" ? w * space.dims : w, kBasisError, false};
    }
    static double frequency(const GraphNode& n) { return n.number("frequency"); }
    // Each axis's angle at the point, 2 pi (frequency p + phase) modulo 2 pi, in double:
    // the waves stay exact far from the origin.
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>& ints, const FrameSpace& space) {
        GlnFrame<T> f{};
        const int first = ints[0] < 4 ? ints[0] : 0, last = ints[0] < 4 ? ints[0] : space.dims - 1;
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
// sampler's pattern frame (core/frames.hpp's patternFrame), the angle modulo 2 pi in double.
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
    static Bounds bounds(const GraphNode& n, const Bounds* in, const NoiseSpec&) {
        const Bounds& a = in[0];
        const double k = std::fabs(n.number("pattern_scale"));
        return {-1, 1, n.number("frequency") + product(k, a.slope), product(k, a.error) + kBasisError, a.jumps};
    }
    static double frequency(const GraphNode& n) { return n.number("frequency") / kTwoPi; }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, const FrameSpace&) {
        return cpu::patternFrame<T>(kMarble, q[0] * o[0], q[0] * o[1]);
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

// A far offset per axis from a seed (splitmix64): each in [0, 2^20) units of the point.
inline std::array<double, 4> seedOffset(std::uint64_t seed) {
    std::array<double, 4> o{};
    std::uint64_t x = seed * 4 + 0x5EEDull;
    for (double& v : o) {
        std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        v = static_cast<double>(z >> 11) * 0x1p-53 * 1048576.0;
    }
    return o;
}

// A basis at frequency * p, as a spec's one octave: its family's function (role Lattice).
// Parameters: frequency, cell jitter, period x, y, z, w, cell exponent, cell smoothness, and
// with a seed its far offset x, y, z, w. ints: Basis, curve, cell return, cell metric, GLSL
// id, seeded.
struct Basis : Base {
    static Described describe() {
        using namespace graph_detail;
        using T = GraphFieldType;
        return {{mirroredChoice("basis", namesOf(basisKinds())), mirrored("frequency", T::Number, 1.0 / 64.0),
                 mirroredChoice("interp", withDefault(namesOf(curveKinds()), "quintic")),
                 mirroredChoice("cell_return", namesOf(cellReturnKinds())), mirroredChoice("cell_distance", namesOf(cellDistanceKinds())),
                 mirrored("cell_jitter", T::Number, 1.0), mirrored("cell_exponent", T::Number, 3.0),
                 mirrored("cell_smoothness", T::Number, 0.1), mirrored("period", T::Periods, 0.0),
                 integer("seed", 0, 0, 4294967295.0, "an unrelated copy of the noise, as a seed node of this seed around it; 0: none")},
                "the basis at frequency * p: its value, in its stated range"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        const glnoise::Basis b = parseBasis(n.choice("basis"));
        p.add(n.number("frequency"));
        p.add(n.number("cell_jitter"));
        const auto& per = n.lists.at("period");
        for (std::size_t a = 0; a < 4; ++a) p.add(a < per.size() ? per[a] : 0.0);
        p.add(n.number("cell_exponent"));
        p.add(n.number("cell_smoothness"));
        p.ints = {static_cast<int>(b), curveKinds()[static_cast<std::size_t>(parseCurve(n.choice("interp")))].glslId,
                  cellReturnKinds()[static_cast<std::size_t>(parseCellReturn(n.choice("cell_return")))].glslId,
                  cellDistanceKinds()[static_cast<std::size_t>(parseCellDistance(n.choice("cell_distance")))].glslId,
                  kindOf(b).glslId, n.number("seed") != 0.0 ? 1 : 0};
        // A seed: its far offset, added to the point as a seed node's is (host only).
        if (n.number("seed") != 0.0)
            for (double v : seedOffset(static_cast<std::uint64_t>(n.number("seed")))) p.add(v);
    }
    // The spec its fields make in the graph's space, validated as a spec is.
    static NoiseSpec specOf(const GraphNode& n, const NoiseSpec& space) {
        NoiseSpec s = space;
        s.basis = parseBasis(n.choice("basis"));
        s.interp = parseCurve(n.choice("interp"));
        s.cellReturn = parseCellReturn(n.choice("cell_return"));
        s.cellDistance = parseCellDistance(n.choice("cell_distance"));
        s.cellJitter = n.number("cell_jitter");
        s.cellExponent = n.number("cell_exponent");
        s.cellSmoothness = n.number("cell_smoothness");
        s.frequency = n.number("frequency");
        s.output = Output::Value;
        s.period = {};
        const auto& per = n.lists.at("period");
        for (std::size_t i = 0; i < per.size(); ++i) s.period[i] = static_cast<int>(per[i]);
        return s;
    }
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        try {
            specOf(n, space).validate();
        } catch (const ValidationError& e) {
            for (const Violation& v : e.details()) {
                std::string field = v.field;
                std::replace(field.begin(), field.end(), '-', '_');
                problems.push_back(graph_detail::at(n.id, field, v.what));
            }
        }
    }
    // Cellular cell-value and n-sphere-radius are flat over each cell: their gradient is 0,
    // as a spec's is, so that every spec's graph is a graph glnoise reads.
    static std::optional<std::string> noDerivative(const GraphNode&, int dims) {
        if (dims != 2 && dims != 3) return std::string("gradients exist in 2D and 3D");
        return std::nullopt;
    }
    // Per cell: a distance's slope is 1; a sum's or difference's of two, 2; F1 F2's, F1 + F2
    // at most. F1 / F2's, (F2 |F1'| + F1 |F2'|) / F2^2, grows without a useful bound where
    // F2 is small, and the cell value and the inscribed radius are constant over a cell and
    // jump at its edges: those are taken as jumps. Smooth F1's is its points' slopes' mean
    // but for the eased weights (smoothF1Points).
    static Bounds bounds(const GraphNode& n, const Bounds*, const NoiseSpec& space) {
        NoiseSpec s = space;
        s.basis = parseBasis(n.choice("basis"));
        s.cellReturn = parseCellReturn(n.choice("cell_return"));
        s.cellDistance = parseCellDistance(n.choice("cell_distance"));
        s.cellJitter = n.number("cell_jitter");
        s.cellSmoothness = n.number("cell_smoothness");
        const ValueRange r = s.basisRange();
        const bool cellular = s.basis == glnoise::Basis::Cellular;
        const CellReturn ret = s.cellReturn;
        double perCell = cellular ? 1.0 : kBasisSlope;
        if (cellular && (ret == CellReturn::F2MinusF1 || ret == CellReturn::F1PlusF2)) perCell = 2.0;
        if (cellular && ret == CellReturn::F1TimesF2) perCell = cellularBound(CellReturn::F1PlusF2, s.cellDistance, s.dims, s.worldHash);
        if (cellular && ret == CellReturn::SmoothF1)
            perCell = 1.0 + 1.5 * std::exp(-8.0) * smoothF1Points(s.cellDistance, s.dims, s.cellSmoothness, s.worldHash);
        const bool jumps = cellular && (ret == CellReturn::CellValue || ret == CellReturn::Radius || ret == CellReturn::F1OverF2);
        return {r.min, r.max, perCell * n.number("frequency"), kBasisError, jumps};
    }
    static double frequency(const GraphNode& n) { return n.number("frequency"); }
    static bool periodic(const GraphNode& n) { return !n.lists.at("period").empty(); }
    // A lattice frame of the basis at frequency times the point (plus its seed's far offset),
    // its period scaled as the frame's octave scales it.
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>& ints, const FrameSpace& space) {
        const double f = q[0];
        std::array<double, 4> m = o;
        if (ints[5] != 0)  // its seed's far offset, as a seed node adds it
            for (std::size_t a = 0; a < 4; ++a) m[a] = o[a] + q[8 + a];
        std::array<long long, 4> period{};
        for (std::size_t a = 0; a < 4; ++a) period[a] = static_cast<long long>(q[2 + a]) * space.periodScale;
        return cpu::latticeFrame<T>({f * m[0], f * m[1], f * m[2], f * m[3]}, static_cast<glnoise::Basis>(ints[0]), space.dims, f,
                                    period, space.world);
    }
};

// One value in [-1, 1] per lattice cell: value noise's height at the cell (role Lattice,
// value noise's family). Parameters: frequency.
struct White : Base {
    static Described describe() {
        return {{graph_detail::positive("frequency", 1.0, "cells per unit of the point", 65536.0)},
                "one value in [-1, 1] per lattice cell of frequency * p (value noise's height at the cell)"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.add(n.number("frequency")); }
    static std::optional<std::string> noDerivative(const GraphNode&, int) {
        return std::string("white noise is a step at every cell edge");
    }
    static Bounds bounds(const GraphNode&, const Bounds*, const NoiseSpec&) { return {-1, 1, 0, 0, true}; }
    static double frequency(const GraphNode& n) { return n.number("frequency"); }
    template <class T>
    static GlnFrame<T> frame(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, const FrameSpace& space) {
        const double f = q[0];
        return cpu::latticeFrame<T>({f * o[0], f * o[1], f * o[2], f * o[3]}, glnoise::Basis::Value, space.dims, f, {}, space.world);
    }
};

// The finest lattice a leaf of kind op holds (its descriptor's frequency).
inline double frequencyOf(Op op, const GraphNode& n) {
    switch (op) {
#define GLN_LEAF_CASE(op) \
    case Op::op: return op::frequency(n);
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_FRAMED_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
        default: return 0.0;
    }
}

// Whether a leaf of kind op repeats with a period of its own (a basis's period).
inline bool periodicOf(Op op, const GraphNode& n) {
    switch (op) {
#define GLN_LEAF_CASE(op) \
    case Op::op: return op::periodic(n);
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_FRAMED_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
        default: return false;
    }
}

}  // namespace glnoise::graph::leaf
