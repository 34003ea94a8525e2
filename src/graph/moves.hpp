// SPDX-License-Identifier: MIT
// The node kinds that evaluate their source at other points (role Moves in
// graph/kinds.def): fractals and domain nodes, each kind's descriptor all in one place.
// Their source is a scope of the plan (graph/plan.hpp): the nodes evaluated at the point
// the kind moves to. A descriptor gives what a value kind's does (graph/values.hpp:
// describe, plan), and
//   noDerivative(n, dims)     why the gradient cannot pass through it, or nothing
//   check(n, space, out)      what it requires of its values, given the graph's space
//   bounds(n, in)             its stated range, slope and tolerance: in.source() its
//                             source's at the point it moves to, in.vector(field) a vector
//                             input's components', in.number(field) a drivable number's
//                             (its driving node's, held to the field's range)
//   ownFrames()               frames of its own, planned before its source's (a lookup's cells)
//   sourceCalls(ints)         its source's evaluations per evaluation (a fractal's octaves)
//   sourceDims(n, dims)       the dimensions its source is evaluated in, where the node is in
//                             `dims` (the same but for add_dimension's and remove_dimension's)
//   frames<T>(o, q, ints, space, out, source)
//                             its frames at the point o, in double on the host: its own
//                             into out, then source(point, period scale) for each
//                             evaluation of its source (the scale its period is
//                             multiplied by there, 1 but for a fractal's octaves)
//   eval<kGrad>(in, q, l, ints)
//                             its C++ twin at the scope's offset l: in.source(m, frame)
//                             evaluates its source at offset m, its frames from `frame`
//                             past its first; in.vector(c) a warp's displacement's
//                             components; in.nearest(metric, jitter, l) the vector to the
//                             nearest feature point of cells in its own frame
//   glsl(call)                the same in GLSL (gpu/graph_shader.cpp writes it):
//                             statements into call.lines, named from call.name, and the
//                             value's expression; call.source(point, frame) the call of
//                             its source's function
//   drivable(), driven<kGrad>(in, q, l, ints), drivenGlsl(call)
//                             as a value kind's (graph/values.hpp), where a node may drive
//                             some of its numbers: in.arg(k) (call.in[k] in GLSL) its
//                             inputs' values in field order, then each drivable number's
//   samePoint()               its source is evaluated at the point itself (an offset's,
//                             a seed's: their offset is in the frames), so the shader
//                             writes the source into the node's own function, and
//                             glsl() is not needed
//   keepsPeriod(n)            whether a period of its source's bases still holds through it
//   pointScale(n, dims)       the least it scales the point for its source, for the octave
//                             limit (app/options.cpp); frequency(n) its own lattice's
//                             (infinite for none); seen(field) whether an input's detail
//                             is seen texel by texel (a warp's displacement is not)
// Internal.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "glnoise/catalogue.hpp"
#include "graph/kinds.hpp"
#include "graph/leaves.hpp"

namespace glnoise::graph::move {

using cpu::GlnCellShape;
using cpu::GlnFrame;
using cpu::vec4;
using graph_detail::Described;
using leaf::FrameSpace;
using leaf::kComp;
using value::GlslCall;
using value::Planned;
using cpu::gln_abs;
using cpu::gln_select;

// A driven form's twin: inlined where it is called, as the rest of the twin is, so that
// the SIMD backend (core/simd_graph.cpp, whose scopes are flattened) never keeps a copy of
// it compiled for no instruction set (which GCC 12 cannot compile for AVX2 lanes).
#if defined(__GNUC__)
#define GLN_TWIN_INLINE __attribute__((always_inline))
#else
#define GLN_TWIN_INLINE
#endif

// What glsl() writes from, besides a value kind's: the name its statements' variables take
// after (the operation's), where its frames start ("fb + N"), its source's function and
// frames per evaluation, the graph's dimensions, whether the gradient is wanted, and a
// warp's displacement's components.
struct MoveCall : GlslCall {
    std::string name;
    std::string fb;
    int scope = 0;
    int childFrames = 0;
    int dims = 2;
    bool gradient = false;
    std::vector<std::string> by;
    std::vector<std::string> lines;
    void line(const std::string& s) { lines.push_back(s); }
    // Opens a loop over i of `count` iterations; one iteration is a block with i = 0, for
    // NVIDIA's compiler refuses some loops of one iteration ("lvalue in array access too
    // complex") that it takes with two.
    void loop(int count) {
        if (count == 1) {
            line("{");
            line("    const int i = 0;");
        } else {
            line("for (int i = 0; i < " + std::to_string(count) + "; ++i) {");
        }
    }
    std::string frame() const { return "GLN_FRAME(" + fb + ")"; }
    // The source's function at `point`, its frames from the node's first plus `frame`.
    std::string source(const std::string& point, const std::string& frame = "") const {
        return "gln_scope_" + std::to_string(scope) + "(" + point + ", " + fb + frame + ")";
    }
};

struct Base : value::Base {
    static void check(const GraphNode&, const NoiseSpec&, std::vector<Violation>&) {}
    static std::optional<std::string> noDerivative(const GraphNode&, int) { return std::nullopt; }
    static constexpr int ownFrames() { return 0; }
    static constexpr bool samePoint() { return false; }
    static int sourceCalls(const std::array<int, 6>&) { return 1; }
    static int sourceDims(const GraphNode&, int dims) { return dims; }
    static bool keepsPeriod(const GraphNode&) { return true; }
    static double pointScale(const GraphNode&, int) { return 1.0; }
    static double frequency(const GraphNode&) { return std::numeric_limits<double>::infinity(); }
    static bool seen(const std::string&) { return true; }
    template <class In>
    static Bounds bounds(const GraphNode&, In& in) {
        return in.source();
    }
};

// The least |v| of a list per axis over the graph's dimensions.
inline double leastAxis(const std::vector<double>& by, int dims) {
    double m = std::fabs(by[0]);
    for (std::size_t a = 1; a < by.size() && static_cast<int>(a) < dims; ++a) m = std::min(m, std::fabs(by[a]));
    return m;
}

// An offset or a gain of a Musgrave octave: a number's, or a value with its gradient that
// a node drives (graph.glsl's overloads of the functions that take them).
template <class T>
inline vec4<T> gln_g_shift(vec4<T> n, T offset) {
    return vec4<T>(n.x + offset, n.y, n.z, n.w);
}
template <class T>
inline vec4<T> gln_g_shift(vec4<T> n, vec4<T> offset) {
    return n + offset;
}
template <class T>
inline vec4<T> gln_g_scale(vec4<T> t, T gain) {
    return gain * t;
}
template <class T>
inline vec4<T> gln_g_scale(vec4<T> t, vec4<T> gain) {
    return value::gln_g_multiply(t, gain);
}

// graph.glsl's gln_g_hybrid_octave: a hybrid_multifractal octave of signal s, its gain G a
// number or a driven value.
template <class T, class G>
GLN_TWIN_INLINE inline void gln_g_hybrid_octave(vec4<T> s, G gain, vec4<T>& sum, vec4<T>& w) {
    using value::gln_g_multiply;
    const auto live = w.x > T(0.001f);
    const vec4<T> c = gln_select(w.x > T(1), vec4<T>(T(1), T(0), T(0), T(0)), w);
    const vec4<T> t = gln_g_multiply(c, s);
    sum = gln_select(live, sum + t, sum);
    w = gln_select(live, gln_g_scale(t, gain), w);
}

// graph.glsl's gln_g_musgrave_step: octave i of multifractal, hybrid_multifractal or
// hetero_terrain (graph::kMultifractal ...), a its amplitude; w the hybrid's weight.
template <class T>
void gln_g_musgrave_step(int type, int i, vec4<T> n, T a, T offset, T gain, vec4<T>& sum, vec4<T>& w) {
    using value::gln_g_multiply;
    if (type == kMultifractal) {
        const vec4<T> f = vec4<T>(a * n.x + T(1), a * n.y, a * n.z, a * n.w);
        sum = i == 0 ? f : gln_g_multiply(sum, f);
        return;
    }
    const vec4<T> s = vec4<T>((n.x + offset) * a, a * n.y, a * n.z, a * n.w);
    if (type == kHeteroTerrain) {
        sum = i == 0 ? vec4<T>(n.x + offset, n.y, n.z, n.w) : sum + gln_g_multiply(s, sum);
        return;
    }
    gln_g_hybrid_octave(s, gain, sum, w);
}

// graph.glsl's gln_g_musgrave_driven_step: the same whose gain a node drives, a the
// octave's amplitude with its gradient; the offset and gain (the fractal's ridge_offset
// and ridge_gain) numbers, or values with their gradients where a node drives them.
template <class T, class N>
GLN_TWIN_INLINE inline void gln_g_musgrave_driven_step(int type, int i, vec4<T> n, vec4<T> a, N offset, N gain, vec4<T>& sum,
                                                       vec4<T>& w) {
    using value::gln_g_multiply;
    if (type == kMultifractal) {
        const vec4<T> f = gln_g_multiply(a, n) + vec4<T>(T(1), T(0), T(0), T(0));
        sum = i == 0 ? f : gln_g_multiply(sum, f);
        return;
    }
    const vec4<T> shifted = gln_g_shift(n, offset);
    const vec4<T> s = gln_g_multiply(a, shifted);
    if (type == kHeteroTerrain) {
        sum = i == 0 ? shifted : sum + gln_g_multiply(s, sum);
        return;
    }
    gln_g_hybrid_octave(s, gain, sum, w);
}

// graph.glsl's gln_g_ridged_signal: octave i's signal of a ridged fractal whose ridge
// offset or ridge gain a node drives, each a value with its gradient: r = offset - |n|,
// signal = r^2 times the weight clamp(gain signal_{i-1}, 0, 1) (1 at octave 0), the
// weight's gradient carried.
template <class T>
GLN_TWIN_INLINE inline vec4<T> gln_g_ridged_signal(int i, vec4<T> n, vec4<T> offset, vec4<T> gain, vec4<T> signal) {
    using value::gln_g_multiply;
    vec4<T> weight = vec4<T>(T(1), T(0), T(0), T(0));
    if (i > 0) {
        const vec4<T> w = gln_g_multiply(signal, gain);
        weight = gln_select(w.x >= T(1), vec4<T>(T(1), T(0), T(0), T(0)), gln_select(w.x <= T(0), vec4<T>(T(0)), w));
    }
    const T sg = gln_select(n.x < T(0), T(-1), T(1));
    const vec4<T> r = offset - vec4<T>(gln_abs(n.x), sg * n.y, sg * n.z, sg * n.w);
    return gln_g_multiply(gln_g_multiply(r, r), weight);
}

// graph.glsl's gln_g_octave_unit: an octave's value n in [0, 1] for a weighted strength:
// (n + 1) / 2 for fbm, 1 - |n| for ridged, else |n|, clamped, with its gradient.
template <class T>
GLN_TWIN_INLINE inline vec4<T> gln_g_octave_unit(int type, vec4<T> n) {
    const T sg = gln_select(n.x < T(0), T(-1), T(1));
    const vec4<T> u = type == cpu::GLN_FBM      ? vec4<T>(T(0.5f) * n.x + T(0.5f), T(0.5f) * n.y, T(0.5f) * n.z, T(0.5f) * n.w)
                      : type == cpu::GLN_RIDGED ? vec4<T>(T(1) - gln_abs(n.x), -sg * n.y, -sg * n.z, -sg * n.w)
                                                : vec4<T>(gln_abs(n.x), sg * n.y, sg * n.z, sg * n.w);
    return gln_select(u.x < T(0), vec4<T>(T(0)), gln_select(u.x > T(1), vec4<T>(T(1), T(0), T(0), T(0)), u));
}

// graph.glsl's gln_g_weighted_step: octave i of fbm, turbulence, billow or ridged with a
// weighted strength k; w the running weight.
template <class T>
void gln_g_weighted_step(int type, int i, vec4<T> n, T a, T offset, T gain, T k, vec4<T>& sum, vec4<T>& signal, vec4<T>& w) {
    using value::gln_g_multiply;
    vec4<T> f = vec4<T>(T(0));
    cpu::gln_fractal_step(type, i, n, T(1), offset, gain, f, signal);
    sum = sum + a * gln_g_multiply(w, f);
    const vec4<T> u = gln_g_octave_unit(type, n);
    w = gln_g_multiply(w, vec4<T>(T(1) + k * (u.x - T(1)), k * u.y, k * u.z, k * u.w));
}

// graph.glsl's gln_g_driven_add: adds an octave's term f of amplitude a and weight w to the
// sum, and (weighted) moves the weight by the octave's value n with strength k.
template <class T>
GLN_TWIN_INLINE inline void gln_g_driven_add(int type, vec4<T> n, vec4<T> a, vec4<T> f, bool weighted, vec4<T> k, vec4<T>& sum,
                                             vec4<T>& w) {
    using value::gln_g_multiply;
    const vec4<T> wf = gln_g_multiply(w, f);
    sum = sum + gln_g_multiply(a, wf);
    if (!weighted) return;
    const vec4<T> u = gln_g_octave_unit(type, n);
    const T v = u.x - T(1);
    w = gln_g_multiply(w, vec4<T>(T(1) + k.x * v, k.y * v + k.x * u.y, k.z * v + k.x * u.z, k.w * v + k.x * u.w));
}

// graph.glsl's gln_g_driven_step: octave i of fbm, turbulence, billow or ridged whose gain
// or weighted strength a node drives, a the octave's amplitude and k the strength with
// their gradients; w the running weight (1 unless weighted).
template <class T>
GLN_TWIN_INLINE inline void gln_g_driven_step(int type, int i, vec4<T> n, vec4<T> a, T offset, T gain, bool weighted, vec4<T> k, vec4<T>& sum,
                       vec4<T>& signal, vec4<T>& w) {
    vec4<T> f = vec4<T>(T(0));
    cpu::gln_fractal_step(type, i, n, T(1), offset, gain, f, signal);
    gln_g_driven_add(type, n, a, f, weighted, k, sum, w);
}

// graph.glsl's gln_g_ridged_driven_step: octave i of a ridged fractal whose ridge offset or
// ridge gain a node drives (gln_g_ridged_signal), added as gln_g_driven_step adds.
template <class T>
GLN_TWIN_INLINE inline void gln_g_ridged_driven_step(int i, vec4<T> n, vec4<T> a, vec4<T> offset, vec4<T> gain, bool weighted,
                                                     vec4<T> k, vec4<T>& sum, vec4<T>& signal, vec4<T>& w) {
    signal = gln_g_ridged_signal(i, n, offset, gain, signal);
    gln_g_driven_add(cpu::GLN_RIDGED, n, a, signal, weighted, k, sum, w);
}

// Over octaves i: the source at lacunarity^i (R^i) p, added as the fractal's type.
// Parameters: ridge offset, ridge gain, 1 / divisor, then per octave its amplitude and
// lacunarity^i, and with rotate lacunarity^i R^i (16, row-major); then, weighted, its
// strength; then, driven, the last octave's fraction. ints: GLSL fractal type
// (graph::fractalId), octaves, rotate, weighted, normalize, a node drives the ridge
// offset or gain.
struct Fractal : Base {
    static constexpr bool drivable() { return true; }
    static Described describe() {
        using namespace graph_detail;
        using T = GraphFieldType;
        return {{source(),
                 choice("type", fractalTypes(),
                        "how octaves add: a spec's --fractal, or Musgrave's multifractal, hybrid_multifractal, hetero_terrain"),
                 mirrored("octaves", T::Count, 4, "; a fraction blends the last in (4.5: the fifth at half)"),
                 mirrored("lacunarity", T::Number, 2.0),
                 mayBeDriven(mirrored("gain", T::Number, 0.5)),
                 mayBeDriven(mirrored("ridge_offset", T::Number, 1.0)), mayBeDriven(mirrored("ridge_gain", T::Number, 2.0)),
                 mayBeDriven(number("weighted_strength", 0.0,
                                    "fbm, turbulence, billow, ridged: how far each octave's value sets the next's amplitude, 0 to 1",
                                    0.0, 1.0)),
                 mirrored("rotate", T::Flag, 0.0), mirrored("normalize", T::Flag, 0.0)},
                "over octaves i, amplitude gain^i, f(source at lacunarity^i R^i p) added as the fractal type"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        auto num = [&](const char* f) { return n.number(f); };
        // A fractional count (4.5) evaluates its next octave (the fifth) at that fraction
        // of its amplitude, in the sum and its divisor.
        const int octaves = octavesOf(n);
        const double fraction = num("octaves") - std::floor(num("octaves"));
        const bool rotate = num("rotate") != 0.0;
        const bool weighted = n.driven("weighted_strength") || num("weighted_strength") != 0.0;
        p.ints = {fractalId(n), octaves, rotate ? 1 : 0, weighted ? 1 : 0, num("normalize") != 0.0 ? 1 : 0, ridgeDriven(n) ? 1 : 0};
        p.add(num("ridge_offset"));
        p.add(num("ridge_gain"));
        auto amplitude = [&](int i, double gainPower) { return i == octaves - 1 && fraction > 0.0 ? gainPower * fraction : gainPower; };
        double sum = 0.0, amp = 1.0;
        for (int i = 0; i < octaves; ++i, amp *= num("gain")) sum += amplitude(i, amp);
        p.add(num("normalize") != 0.0 ? 1.0 / sum : 1.0);
        const std::array<double, 16> R = cpu::octaveRotation(p.dims);
        std::array<double, 16> m{};
        for (int i = 0; i < 4; ++i) m[static_cast<std::size_t>(5 * i)] = 1.0;
        double lac = 1.0;
        amp = 1.0;
        for (int i = 0; i < octaves; ++i) {
            p.add(amplitude(i, amp));
            p.add(lac);
            if (rotate)
                for (double e : m) p.add(lac * e);
            amp *= num("gain");
            lac *= num("lacunarity");
            m = cpu::matrixProduct(R, m);
        }
        if (weighted) p.add(num("weighted_strength"));
        // Driven: the last octave's fraction of its amplitude (1 for a whole count).
        if (anyDriven(n)) p.add(fraction > 0.0 ? fraction : 1.0);
    }
    static bool ridgeDriven(const GraphNode& n) { return n.driven("ridge_offset") || n.driven("ridge_gain"); }
    static bool anyDriven(const GraphNode& n) { return n.driven("gain") || n.driven("weighted_strength") || ridgeDriven(n); }
    // Whether a type uses its ridge offset (ridged; Musgrave's hybrid_multifractal and
    // hetero_terrain add it to each octave) and its ridge gain (ridged; the hybrid's gain).
    static bool usesRidgeOffset(int type) { return type == cpu::GLN_RIDGED || type == kHybridMultifractal || type == kHeteroTerrain; }
    static bool usesRidgeGain(int type) { return type == cpu::GLN_RIDGED || type == kHybridMultifractal; }
    static void check(const GraphNode& n, const NoiseSpec&, std::vector<Violation>& problems) {
        auto shown = [&](const char* field) {
            return n.driven(field) ? "driven by node \"" + n.inputs.at(field) + "\"" : graph_detail::shownNumber(n.number(field));
        };
        // A number a type ignores may be given (as a spec's may), but a node driving it
        // would be evaluated for nothing: refused, naming the types that use it.
        const int type = fractalId(n);
        if (n.driven("ridge_offset") && !usesRidgeOffset(type))
            problems.push_back(graph_detail::at(n.id, "ridge_offset",
                                                shown("ridge_offset") + ": type " + n.choice("type") +
                                                    " does not use it; ridged, hybrid_multifractal and hetero_terrain do"));
        if (n.driven("ridge_gain") && !usesRidgeGain(type))
            problems.push_back(graph_detail::at(n.id, "ridge_gain",
                                                shown("ridge_gain") + ": type " + n.choice("type") +
                                                    " does not use it; ridged and hybrid_multifractal do"));
        if (!musgrave(type)) return;
        if (n.driven("weighted_strength") || n.number("weighted_strength") != 0.0)
            problems.push_back(graph_detail::at(n.id, "weighted_strength",
                                                shown("weighted_strength") + ": weights the octaves of fbm, turbulence, billow and ridged; a " +
                                                    n.choice("type") + " fractal takes 0"));
    }
    static int sourceCalls(const std::array<int, 6>& ints) { return ints[1]; }
    static bool keepsPeriod(const GraphNode& n) {
        return n.number("rotate") == 0.0 && n.number("lacunarity") == std::floor(n.number("lacunarity"));
    }
    // The least scale of the point across its octaves: lacunarity^i, i below octaves.
    static double pointScale(const GraphNode& n, int) {
        const double lac = n.number("lacunarity");
        return lac >= 1.0 ? 1.0 : std::pow(lac, octavesOf(n) - 1.0);
    }

    // The numbers a node may drive, each a driving node's bounds (held to the field's
    // range) or the number's own as a point.
    struct Numbers {
        Bounds gain, strength, offset, ridgeGain;
    };
    static Bounds point(double v) { return {v, v, 0, 0, false}; }

    template <class In>
    static Bounds bounds(const GraphNode& n, In& in) {
        if (anyDriven(n))
            return drivenBounds(n, in.source(),
                                {in.number("gain"), in.number("weighted_strength"), in.number("ridge_offset"), in.number("ridge_gain")});
        return bounds(n, in.source());
    }
    // The interval [a.first, a.second] times [b.first, b.second].
    static std::pair<double, double> times(std::pair<double, double> a, std::pair<double, double> b) {
        const double c[4] = {product(a.first, b.first), product(a.first, b.second), product(a.second, b.first),
                             product(a.second, b.second)};
        return {*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
    }

    // The most |O - |s|| is, a ridged octave's r, for a ridge offset O and source value s.
    static double ridgeReach(const Bounds& s, const Bounds& O) {
        const double least = s.lo <= 0 && s.hi >= 0 ? 0.0 : std::min(std::fabs(s.lo), std::fabs(s.hi));
        const double most = std::max(std::fabs(s.lo), std::fabs(s.hi));
        return std::max({std::fabs(O.lo - least), std::fabs(O.lo - most), std::fabs(O.hi - least), std::fabs(O.hi - most)});
    }

    // The term an octave of fbm, turbulence, billow or ridged adds per unit of amplitude:
    // its range and its steepness per unit of the source's value s, for a ridge offset O
    // and gain RG.
    static std::array<double, 3> term(const GraphNode& n, const Bounds& s, const Bounds& O, const Bounds& RG) {
        glnoise::Fractal spec = glnoise::Fractal::Fbm;
        for (const auto& kind : fractalKinds())
            if (kind.glslId == fractalId(n)) spec = kind.value;
        const double least = s.lo <= 0 && s.hi >= 0 ? 0.0 : std::min(std::fabs(s.lo), std::fabs(s.hi));
        const double most = std::max(std::fabs(s.lo), std::fabs(s.hi));
        if (spec == glnoise::Fractal::Turbulence) return {least, most, 1.0};
        if (spec == glnoise::Fractal::Billow) return {2 * least - 1, 2 * most - 1, 2.0};
        if (spec == glnoise::Fractal::Ridged) {
            const double m = ridgeReach(s, O);
            return {0, m * m, 2.0 * m * (1.0 + RG.hi * m * m)};
        }
        return {s.lo, s.hi, 1.0};
    }

    // A ridged fractal's change per unit of its ridge offset O and of its ridge gain RG, a
    // node driving them, summed over octaves by their most amplitude hi_i: octave i's
    // signal r^2 w (r = O - |n|, |r| <= m; w = its weight, clamp(signal_{i-1} RG)) moves by
    // D_i <= 2 m + m^2 RG D_{i-1} per unit of O and E_i <= m^2 (m^2 + RG E_{i-1}) per unit
    // of RG (E_0 = 0: octave 0 has weight 1). Also E_i <= i m^2 / RG.lo: since the last
    // octave whose weight was clamped (or octave 0), the signal is RG^j times a product
    // that RG does not change (j <= i), so it moves by j signal / RG, and signal <= m^2.
    static std::pair<double, double> ridgedByNumbers(const Bounds& s, const Numbers& D, const std::vector<double>& hi) {
        const double m = ridgeReach(s, D.offset), rg = D.ridgeGain.hi, m2 = m * m;
        double Di = 0, Ei = 0, byOffset = 0, byRidgeGain = 0;
        for (std::size_t i = 0; i < hi.size(); ++i) {
            Di = 2.0 * m + product(m2 * rg, Di);
            Ei = i == 0 ? 0.0 : product(m2, m2 + product(rg, Ei));
            if (D.ridgeGain.lo > 0.0) Ei = std::min(Ei, static_cast<double>(i) * m2 / D.ridgeGain.lo);
            byOffset += product(hi[i], Di);
            byRidgeGain += product(hi[i], Ei);
        }
        return {byOffset, byRidgeGain};
    }

    // The amplitudes of octaves whose gain G a node may drive: octave i's lies between
    // [lo_i, hi_i] (G^i as an interval, the last times its fraction), moves by at most
    // byGain_i = i max|G|^(i - 1) per unit of gain; their sums, and lac_i = lacunarity^i.
    struct Amplitudes {
        std::vector<double> lo, hi, lac, byGain;
        double least = 0, most = 0, allByGain = 0;
    };
    static Amplitudes drivenAmplitudes(const GraphNode& n, const Bounds& G) {
        const std::size_t octaves = static_cast<std::size_t>(octavesOf(n));
        const double fraction = n.number("octaves") - std::floor(n.number("octaves"));
        const double g = std::max(std::fabs(G.lo), std::fabs(G.hi));
        Amplitudes A;
        std::pair<double, double> a{1.0, 1.0};
        double l = 1;
        for (std::size_t i = 0; i < octaves; ++i) {
            const double part = i + 1 == octaves && fraction > 0.0 ? fraction : 1.0;
            A.lo.push_back(a.first * part);
            A.hi.push_back(a.second * part);
            A.lac.push_back(l);
            A.byGain.push_back(i == 0 ? 0.0 : static_cast<double>(i) * std::pow(g, static_cast<double>(i) - 1.0) * part);
            A.least += A.lo[i];
            A.most += A.hi[i];
            A.allByGain += A.byGain[i];
            a = times(a, {G.lo, G.hi});
            l *= n.number("lacunarity");
        }
        return A;
    }

    // Numbers D a node drives (fbm, turbulence, billow, ridged): octave i's amplitude in
    // [lo_i, hi_i] (drivenAmplitudes); its weight W_i in [0, 1] moves by at most i per unit
    // of strength; a ridged octave's signal by ridgedByNumbers' per unit of its ridge offset
    // and gain. normalize divides by a sum of amplitudes of at least D (>= 1), which moves
    // as the gain does.
    static Bounds drivenBounds(const GraphNode& n, const Bounds& s, const Numbers& D) {
        if (musgrave(fractalId(n))) return musgraveDrivenBounds(n, s, D);
        const Bounds &G = D.gain, &K = D.strength, &O = D.offset, &RG = D.ridgeGain;
        const bool normalize = n.number("normalize") != 0.0;
        const Amplitudes A = drivenAmplitudes(n, G);
        const std::vector<double>&lo = A.lo, &hi = A.hi;
        double byStrength = 0;
        for (std::size_t i = 0; i < lo.size(); ++i) byStrength += static_cast<double>(i) * hi[i];
        const auto [flo, fhi, steep] = term(n, s, O, RG);
        const double F = std::min(std::max(std::fabs(flo), std::fabs(fhi)), kUnbounded);
        const bool weighted = K.hi > 0.0;
        // Each octave adds between its amplitude times its term's ends (weighted: octaves
        // after the first between 0 and them); normalized, a weighted mean.
        double vlo = 0, vhi = 0;
        for (std::size_t i = 0; i < lo.size(); ++i) {
            const double tlo = weighted && i > 0 ? std::min(0.0, flo) : flo, thi = weighted && i > 0 ? std::max(0.0, fhi) : fhi;
            vlo += std::min(product(lo[i], tlo), product(hi[i], tlo));
            vhi += std::max(product(lo[i], thi), product(hi[i], thi));
        }
        if (normalize) {
            vlo = weighted ? std::min(0.0, flo) : flo;
            vhi = weighted ? std::max(0.0, fhi) : fhi;
        }
        const double scale = normalize ? 1.0 / A.least : 1.0;
        double slopes = 0, errors = 0;
        for (std::size_t i = 0; i < lo.size(); ++i) {
            double d = hi[i] * steep;
            for (std::size_t j = i + 1; j < lo.size(); ++j) d += product(hi[j] * F, K.hi);
            slopes += d * A.lac[i];
            errors += d;
        }
        const double perGain = product(F, A.allByGain) * (normalize ? 2.0 * scale : 1.0), perStrength = product(F, byStrength) * scale;
        Bounds b{vlo, vhi, product(slopes * scale, s.slope) + product(perGain, G.slope) + product(perStrength, K.slope),
                 product(errors * scale, s.error) + product(perGain, G.error) + product(perStrength, K.error), s.jumps || G.jumps || K.jumps};
        if (fractalId(n) == cpu::GLN_RIDGED && ridgeDriven(n)) {
            const auto [byOffset, byRidgeGain] = ridgedByNumbers(s, D, hi);
            b.slope += product(byOffset * scale, O.slope) + product(byRidgeGain * scale, RG.slope);
            b.error += product(byOffset * scale, O.error) + product(byRidgeGain * scale, RG.error);
            b.jumps = b.jumps || O.jumps || RG.jumps;
        }
        return b;
    }

    // A Musgrave fractal's range over octaves of amplitudes a_i in [lo_i, hi_i], for a
    // ridge offset O and gain RG: d_i the most it moves per unit of octave i's value, e_i
    // per unit of octave i's amplitude, and per unit of O and of RG.
    struct Summed {
        double lo = 0, hi = 0;
        std::vector<double> d, e;
        double byOffset = 0, byRidgeGain = 0;
        bool jumps = false;
    };
    static Summed musgraveSum(const GraphNode& n, const Bounds& s, const std::vector<double>& lo, const std::vector<double>& hi,
                              const Bounds& O, const Bounds& RG) {
        const int type = fractalId(n);
        const double off = std::max(std::fabs(O.lo), std::fabs(O.hi)), M = s.mag();
        const std::size_t count = lo.size();
        // a_i (n + shift) over the amplitude's, the source's and the shift's intervals.
        auto scaled = [&](std::size_t i, const Bounds& shift) { return times({lo[i], hi[i]}, {s.lo + shift.lo, s.hi + shift.hi}); };
        auto top = [&](std::size_t i) { return std::max(std::fabs(lo[i]), std::fabs(hi[i])); };
        Summed r;
        r.d.assign(count, 0.0);
        r.e.assign(count, 0.0);
        r.jumps = s.jumps;
        std::vector<double> most(count);
        if (type == kMultifractal || type == kHeteroTerrain) {
            // A product of factors: multifractal's 1 + a n, hetero_terrain's n + offset
            // and then 1 + a (n + offset).
            const Bounds shift = type == kMultifractal ? point(0.0) : O;
            const double shiftMag = type == kMultifractal ? 0.0 : off;
            std::pair<double, double> v{1.0, 1.0};
            for (std::size_t i = 0; i < count; ++i) {
                const bool first = type == kHeteroTerrain && i == 0;
                const std::pair<double, double> a = scaled(i, shift);
                v = times(v, first ? std::pair<double, double>{s.lo + O.lo, s.hi + O.hi} : std::pair<double, double>{1.0 + a.first, 1.0 + a.second});
                most[i] = first ? off + M : 1.0 + top(i) * (shiftMag + M);
            }
            for (std::size_t i = 0; i < count; ++i) {
                const bool first = type == kHeteroTerrain && i == 0;
                double others = 1.0;
                for (std::size_t j = 0; j < count; ++j)
                    if (j != i) others *= most[j];
                r.d[i] = (first ? 1.0 : top(i)) * others;
                r.e[i] = first ? 0.0 : (shiftMag + M) * others;
                // The offset enters each octave as its value does.
                if (type == kHeteroTerrain) r.byOffset += r.d[i];
            }
            r.lo = v.first;
            r.hi = v.second;
            return r;
        }
        // hybrid_multifractal: octave 0 adds its signal s, each later one w s with its
        // weight w in (0.001, 1], or nothing once the sum has ended.
        const double gain = RG.hi;
        for (std::size_t i = 0; i < count; ++i) {
            const std::pair<double, double> a = scaled(i, O);
            r.lo += i == 0 ? a.first : std::min(0.0, a.first);
            r.hi += i == 0 ? a.second : std::max(0.0, a.second);
            most[i] = top(i) * (off + M);
        }
        for (std::size_t i = 0; i < count; ++i) {
            // The most a later weight moves per unit of octave i's signal.
            double weight = gain, later = 0.0;
            for (std::size_t k = i + 1; k < count; ++k) {
                later += most[k] * weight;
                weight *= gain * most[k];
            }
            r.d[i] = top(i) * (1.0 + later);
            r.e[i] = (off + M) * (1.0 + later);
            r.byOffset += r.d[i];
        }
        // Per unit of the gain: weight k = gain t_{k-1} (|t| <= most[k - 1]) moves by
        // dW_k <= most[k - 1] (1 + gain dW_{k-1}), and octave k's add by most[k] dW_k.
        double dW = 0;
        for (std::size_t k = 1; k < count; ++k) {
            dW = most[k - 1] * (1.0 + product(gain, dW));
            r.byRidgeGain += product(most[k], dW);
        }
        r.jumps = true;  // where a weight falls to 0.001, the later octaves stop
        return r;
    }

    // A Musgrave fractal whose numbers D a node drives: octave i's amplitude in
    // drivenAmplitudes' [lo_i, hi_i]; normalize divides by D = the sum of amplitudes, at
    // least D_lo, which moves as they do.
    static Bounds musgraveDrivenBounds(const GraphNode& n, const Bounds& s, const Numbers& D) {
        const Bounds &G = D.gain, &O = D.offset, &RG = D.ridgeGain;
        const bool normalize = n.number("normalize") != 0.0;
        const Amplitudes A = drivenAmplitudes(n, G);
        const Summed m = musgraveSum(n, s, A.lo, A.hi, O, RG);
        double slopes = 0, errors = 0, perGain = 0, perOffset = m.byOffset, perRidgeGain = m.byRidgeGain;
        for (std::size_t i = 0; i < A.lo.size(); ++i) {
            slopes += m.d[i] * A.lac[i];
            errors += m.d[i];
            perGain += product(m.e[i], A.byGain[i]);
        }
        double vlo = m.lo, vhi = m.hi;
        if (normalize) {
            // V / D for D in [D_lo, D_hi] (D_lo >= 1e-6 as the twin's divide holds it), and
            // its change with D: |V| / D_lo^2 per unit of D.
            const double least = std::max(A.least, 1e-6), most = std::max(A.most, least);
            vlo = std::min({m.lo / least, m.lo / most});
            vhi = std::max({m.hi / least, m.hi / most});
            const double V = std::min(std::max(std::fabs(m.lo), std::fabs(m.hi)), kUnbounded);
            slopes /= least;
            errors /= least;
            perGain = perGain / least + product(V / (least * least), A.allByGain);
            perOffset /= least;
            perRidgeGain /= least;
        }
        // The offset and the gain a node drives; as numbers their slope and error are 0.
        return {vlo, vhi,
                product(slopes, s.slope) + product(perGain, G.slope) + product(perOffset, O.slope) + product(perRidgeGain, RG.slope),
                product(errors, s.error) + product(perGain, G.error) + product(perOffset, O.error) + product(perRidgeGain, RG.error),
                m.jumps || G.jumps || O.jumps || RG.jumps};
    }

    // Over its octaves, from its source's: each octave's term's range and steepness,
    // summed by amplitude (and lacunarity^i for the slope).
    static Bounds bounds(const GraphNode& n, const Bounds& s) {
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
        // d[i]: the most the fractal changes per unit of octave i's value.
        std::vector<double> d(amp.size(), 0.0);
        double lo = 0, hi = 0;
        bool jumps = s.jumps;
        if (musgrave(type)) {
            const Summed m = musgraveSum(n, s, amp, amp, point(n.number("ridge_offset")), point(n.number("ridge_gain")));
            lo = m.lo;
            hi = m.hi;
            d = m.d;
            jumps = m.jumps;
        } else {
            const auto [flo, fhi, steep] = term(n, s, point(n.number("ridge_offset")), point(n.number("ridge_gain")));
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

    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double* q, const std::array<int, 6>& ints, const FrameSpace&,
                       std::vector<GlnFrame<T>>&, Source&& source) {
        const int octaves = ints[1];
        const bool rotate = ints[2] != 0;
        const std::size_t stride = rotate ? 18 : 2;
        for (int i = 0; i < octaves; ++i) {
            const double* k = q + 3 + stride * static_cast<std::size_t>(i);
            std::array<double, 4> m{};
            if (rotate) {
                for (std::size_t r = 0; r < 4; ++r)
                    for (std::size_t c = 0; c < 4; ++c) m[r] += k[2 + 4 * r + c] * o[c];
            } else {
                for (std::size_t a = 0; a < 4; ++a) m[a] = k[1] * o[a];
            }
            source(m, std::llround(k[1]));
        }
    }

    // Octave i's source value at its point, its gradient per unit of l.
    template <bool kGrad, class T, class S, class In>
    GLN_TWIN_INLINE static vec4<T> octave(In& in, const S* q, vec4<T> l, const std::array<int, 6>& ints, int i) {
        const bool rotate = ints[2] != 0;
        const int stride = rotate ? 18 : 2;
        const S* k = q + 3 + stride * i;
        vec4<T> m;
        if (rotate) {
            const S* M = k + 2;
            m = l.x * vec4<T>(T(M[0]), T(M[4]), T(M[8]), T(M[12])) + l.y * vec4<T>(T(M[1]), T(M[5]), T(M[9]), T(M[13])) +
                l.z * vec4<T>(T(M[2]), T(M[6]), T(M[10]), T(M[14])) + l.w * vec4<T>(T(M[3]), T(M[7]), T(M[11]), T(M[15]));
        } else {
            m = T(k[1]) * l;
        }
        const vec4<T> n = in.source(m, i * in.childFrames());
        if (!kGrad) return vec4<T>(n.x, T(0), T(0), T(0));
        if (rotate) {
            const S* M = k + 2;
            return vec4<T>(n.x, T(M[0]) * n.y + T(M[4]) * n.z + T(M[8]) * n.w, T(M[1]) * n.y + T(M[5]) * n.z + T(M[9]) * n.w,
                           T(M[2]) * n.y + T(M[6]) * n.z + T(M[10]) * n.w);
        }
        return vec4<T>(n.x, T(k[1]) * n.y, T(k[1]) * n.z, T(k[1]) * n.w);
    }

    template <bool kGrad, class T, class S, class In>
    static vec4<T> eval(In& in, const S* q, vec4<T> l, const std::array<int, 6>& ints) {
        const int type = ints[0];
        const int octaves = ints[1];
        const bool weighted = ints[3] != 0;
        const int stride = ints[2] != 0 ? 18 : 2;
        vec4<T> sum = vec4<T>(T(0)), signal = vec4<T>(T(0)), w = vec4<T>(T(1), T(0), T(0), T(0));
        for (int i = 0; i < octaves; ++i) {
            const S* k = q + 3 + stride * i;
            const vec4<T> n = octave<kGrad, T, S>(in, q, l, ints, i);
            if (musgrave(type))
                gln_g_musgrave_step(type, i, n, T(k[0]), T(q[0]), T(q[1]), sum, w);
            else if (weighted)
                gln_g_weighted_step(type, i, n, T(k[0]), T(q[0]), T(q[1]), T(q[3 + stride * octaves]), sum, signal, w);
            else
                cpu::gln_fractal_step(type, i, n, T(k[0]), T(q[0]), T(q[1]), sum, signal);
        }
        return sum * T(q[2]);
    }

    // Where the driven form's last-octave fraction is among the parameters.
    static int fractionParam(const std::array<int, 6>& ints) { return 3 + (ints[2] != 0 ? 18 : 2) * ints[1] + (ints[3] != 0 ? 1 : 0); }

    // Numbers a node drives: in.arg(0) the gain, in.arg(1) the ridge offset, in.arg(2) the
    // ridge gain, in.arg(3) the strength, each at the fractal's point. The amplitudes are
    // carried with their gradients (a_{i+1} = a_i gain), and normalize divides by their sum;
    // a driven ridge offset or gain (ints[5]) with theirs.
    template <bool kGrad, class T, class S, class In>
    GLN_TWIN_INLINE static vec4<T> driven(In& in, const S* q, vec4<T> l, const std::array<int, 6>& ints) {
        using value::gln_g_multiply;
        const int type = ints[0];
        const int octaves = ints[1];
        const bool ridge = ints[5] != 0;
        const vec4<T> g = in.arg(0), o = in.arg(1), rg = in.arg(2), k = in.arg(3);
        vec4<T> sum = vec4<T>(T(0)), signal = vec4<T>(T(0)), w = vec4<T>(T(1), T(0), T(0), T(0));
        vec4<T> a = vec4<T>(T(1), T(0), T(0), T(0)), d = vec4<T>(T(0));
        for (int i = 0; i < octaves; ++i) {
            const vec4<T> n = octave<kGrad, T, S>(in, q, l, ints, i);
            vec4<T> ai = a;
            if (i == octaves - 1) ai = T(q[fractionParam(ints)]) * a;
            if (musgrave(type) && ridge)
                gln_g_musgrave_driven_step(type, i, n, ai, o, rg, sum, w);
            else if (musgrave(type))
                gln_g_musgrave_driven_step(type, i, n, ai, T(q[0]), T(q[1]), sum, w);
            else if (ridge)
                gln_g_ridged_driven_step(i, n, ai, o, rg, ints[3] != 0, k, sum, signal, w);
            else
                gln_g_driven_step(type, i, n, ai, T(q[0]), T(q[1]), ints[3] != 0, k, sum, signal, w);
            d = d + ai;
            a = gln_g_multiply(a, g);
        }
        return ints[4] != 0 ? value::gln_g_divide(sum, d, T(1e-6f)) : sum;
    }

    // The loop's first lines: octave i's parameters from k, its point m and its source's n.
    static void octaveGlsl(MoveCall& c) {
        auto num = [](int i) { return std::to_string(i); };
        const bool rotate = c.ints[2] != 0;
        const int stride = rotate ? 18 : 2;
        c.line("    int k = " + num(c.param + 3) + " + " + num(stride) + " * i;");
        auto K = [&](int o) { return "GLN_PARAM(k + " + num(o) + ")"; };
        if (rotate) {
            auto col = [&](int j) { return "vec4(" + K(2 + j) + ", " + K(6 + j) + ", " + K(10 + j) + ", " + K(14 + j) + ")"; };
            c.line("    GLN_PRECISE vec4 m = l.x * " + col(0) + " + l.y * " + col(1) + " + l.z * " + col(2) + " + l.w * " + col(3) + ";");
        } else {
            c.line("    GLN_PRECISE vec4 m = " + K(1) + " * l;");
        }
        c.line("    vec4 n = " + c.source("m", " + i * " + num(c.childFrames)) + ";");
        if (c.gradient) {
            if (rotate)
                c.line("    n = vec4(n.x, " + K(2) + " * n.y + " + K(6) + " * n.z + " + K(10) + " * n.w, " + K(3) + " * n.y + " +
                       K(7) + " * n.z + " + K(11) + " * n.w, " + K(4) + " * n.y + " + K(8) + " * n.z + " + K(12) + " * n.w);");
            else
                c.line("    n = vec4(n.x, " + K(1) + " * n.y, " + K(1) + " * n.z, " + K(1) + " * n.w);");
        } else {
            c.line("    n = vec4(n.x, 0.0f, 0.0f, 0.0f);");
        }
    }

    static std::string glsl(MoveCall& c) {
        const std::string& I = c.name;
        auto num = [](int i) { return std::to_string(i); };
        const int stride = c.ints[2] != 0 ? 18 : 2;
        const int type = c.ints[0];
        const bool weighted = c.ints[3] != 0;
        c.line("vec4 s" + I + " = vec4(0.0f);");
        c.line("vec4 g" + I + " = vec4(0.0f);");
        if (musgrave(type) || weighted) c.line("vec4 w" + I + " = vec4(1.0f, 0.0f, 0.0f, 0.0f);");
        c.loop(c.ints[1]);
        octaveGlsl(c);
        auto K = [&](int o) { return "GLN_PARAM(k + " + num(o) + ")"; };
        if (musgrave(type))
            c.line("    gln_g_musgrave_step(" + num(type) + ", i, n, " + K(0) + ", " + c.P(0) + ", " + c.P(1) + ", s" + I + ", w" + I + ");");
        else if (weighted)
            c.line("    gln_g_weighted_step(" + num(type) + ", i, n, " + K(0) + ", " + c.P(0) + ", " + c.P(1) + ", " +
                   c.P(3 + stride * c.ints[1]) + ", s" + I + ", g" + I + ", w" + I + ");");
        else
            c.line("    gln_fractal_step(" + num(type) + ", i, n, " + K(0) + ", " + c.P(0) + ", " + c.P(1) + ", s" + I + ", g" + I + ");");
        c.line("}");
        return "s" + I + " * " + c.P(2);
    }

    // The driven form's GLSL: the driven numbers (c.in) read once, then the twin's loop.
    static std::string drivenGlsl(MoveCall& c) {
        const std::string& I = c.name;
        auto num = [](int i) { return std::to_string(i); };
        const int octaves = c.ints[1];
        const bool ridge = c.ints[5] != 0;
        c.line("vec4 dg" + I + " = " + c.in[0] + ";");
        c.line("vec4 dk" + I + " = " + c.in[3] + ";");
        if (ridge) {
            c.line("vec4 dro" + I + " = " + c.in[1] + ";");
            c.line("vec4 drg" + I + " = " + c.in[2] + ";");
        }
        c.line("vec4 s" + I + " = vec4(0.0f);");
        c.line("vec4 g" + I + " = vec4(0.0f);");
        c.line("vec4 w" + I + " = vec4(1.0f, 0.0f, 0.0f, 0.0f);");
        c.line("vec4 a" + I + " = vec4(1.0f, 0.0f, 0.0f, 0.0f);");
        c.line("vec4 d" + I + " = vec4(0.0f);");
        c.loop(octaves);
        octaveGlsl(c);
        c.line("    vec4 ai = i == " + num(octaves - 1) + " ? " + c.P(fractionParam(c.ints)) + " * a" + I + " : a" + I + ";");
        const std::string weighted = c.ints[3] != 0 ? "true" : "false";
        if (musgrave(c.ints[0]) && ridge)
            c.line("    gln_g_musgrave_driven_step(" + num(c.ints[0]) + ", i, n, ai, dro" + I + ", drg" + I + ", s" + I + ", w" + I + ");");
        else if (musgrave(c.ints[0]))
            c.line("    gln_g_musgrave_driven_step(" + num(c.ints[0]) + ", i, n, ai, " + c.P(0) + ", " + c.P(1) + ", s" + I + ", w" + I + ");");
        else if (ridge)
            c.line("    gln_g_ridged_driven_step(i, n, ai, dro" + I + ", drg" + I + ", " + weighted + ", dk" + I + ", s" + I + ", g" + I +
                   ", w" + I + ");");
        else
            c.line("    gln_g_driven_step(" + num(c.ints[0]) + ", i, n, ai, " + c.P(0) + ", " + c.P(1) + ", " +
                   weighted + ", dk" + I + ", s" + I + ", g" + I + ", w" + I + ");");
        c.line("    d" + I + " = d" + I + " + ai;");
        c.line("    a" + I + " = gln_g_multiply(a" + I + ", dg" + I + ");");
        c.line("}");
        return c.ints[4] != 0 ? "gln_g_divide(s" + I + ", d" + I + ", 1e-6f)" : "s" + I;
    }
};

// The source at by * p. Parameters: by x, y, z, w.
struct Scale : Base {
    static Described describe() {
        return {{graph_detail::source(), graph_detail::numbers("by", 1.0, "per axis, or one number for all")}, "source at by * p"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.four(n.lists.at("by"), 1.0); }
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        graph_detail::checkList(n, "by", space.dims, problems);
        for (double v : n.lists.at("by"))
            if (v == 0.0) problems.push_back(graph_detail::at(n.id, "by", "0: a scale of 0 collapses the axis; must not be 0"));
    }
    static bool keepsPeriod(const GraphNode&) { return false; }
    static double pointScale(const GraphNode& n, int dims) { return leastAxis(n.lists.at("by"), dims); }
    template <class In>
    static Bounds bounds(const GraphNode& n, In& in) {
        Bounds s = in.source();
        double most = 0;
        for (double v : n.lists.at("by")) most = std::max(most, std::fabs(v));
        s.slope *= most;
        return s;
    }
    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, const FrameSpace&,
                       std::vector<GlnFrame<T>>&, Source&& source) {
        std::array<double, 4> m{};
        for (std::size_t a = 0; a < 4; ++a) m[a] = q[a] * o[a];
        source(m, 1);
    }
    template <bool kGrad, class T, class S, class In>
    static vec4<T> eval(In& in, const S* q, vec4<T> l, const std::array<int, 6>&) {
        const vec4<T> by = vec4<T>(T(q[0]), T(q[1]), T(q[2]), T(q[3]));
        const vec4<T> n = in.source(by * l, 0);
        return vec4<T>(n.x, by.x * n.y, by.y * n.z, by.z * n.w);
    }
    static std::string glsl(MoveCall& c) {
        const std::string& I = c.name;
        c.line("vec4 b" + I + " = vec4(" + c.P(0) + ", " + c.P(1) + ", " + c.P(2) + ", " + c.P(3) + ");");
        c.line("GLN_PRECISE vec4 l" + I + " = b" + I + " * l;");
        c.line("vec4 n" + I + " = " + c.source("l" + I) + ";");
        return "vec4(n" + I + ".x, b" + I + ".x * n" + I + ".y, b" + I + ".y * n" + I + ".z, b" + I + ".z * n" + I + ".w)";
    }
};

// The source at the same offset, its frames at p plus a shift (by, or a seed's far offset):
// the shader writes the source into the node's own function.
struct Shift : Base {
    static constexpr bool samePoint() { return true; }
    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, const FrameSpace&,
                       std::vector<GlnFrame<T>>&, Source&& source) {
        std::array<double, 4> m{};
        for (std::size_t a = 0; a < 4; ++a) m[a] = o[a] + q[a];
        source(m, 1);
    }
    template <bool kGrad, class T, class S, class In>
    static vec4<T> eval(In& in, const S*, vec4<T> l, const std::array<int, 6>&) {
        return in.source(l, 0);
    }
};

// The source at p + by. Parameters: by x, y, z, w.
struct Offset : Shift {
    static Described describe() {
        return {{graph_detail::source(), graph_detail::numbers("by", 0.0, "per axis")}, "source at p + by"};
    }
    static void plan(const GraphNode& n, Planned& p) { p.four(n.lists.at("by"), 0.0); }
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        graph_detail::checkList(n, "by", space.dims, problems);
    }
};

// The source at p plus a far offset drawn from the seed. Parameters: the offset x, y, z, w.
struct Seed : Shift {
    static Described describe() {
        return {{graph_detail::source(), graph_detail::integer("seed", 1, 0, 4294967295.0, "which far place")},
                "source at p + a far offset drawn from seed: unrelated values from the same noise"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        for (double v : leaf::seedOffset(static_cast<std::uint64_t>(n.number("seed")))) p.add(v);
    }
};

// The source at p turned in a plane. Parameters: cos, sin. ints: the plane's two axes.
struct Rotate : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{source(), number("degrees", 0.0, "the angle"), choice("plane", {"xy", "xz", "yz", "xw", "yw", "zw"}, "the plane it turns in")},
                "source at p turned in the plane"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        const double t = n.number("degrees") * 3.14159265358979323846 / 180.0;
        p.add(std::cos(t));
        p.add(std::sin(t));
        const std::string& plane = n.choice("plane");
        p.ints[0] = leaf::axisIndex(plane.substr(0, 1));
        p.ints[1] = leaf::axisIndex(plane.substr(1, 1));
    }
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        const std::string& p = n.choice("plane");
        graph_detail::checkAxis(n, "plane", std::string(1, p[0]), space.dims, problems);
        graph_detail::checkAxis(n, "plane", std::string(1, p[1]), space.dims, problems);
    }
    static bool keepsPeriod(const GraphNode&) { return false; }
    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double* q, const std::array<int, 6>& ints, const FrameSpace&,
                       std::vector<GlnFrame<T>>&, Source&& source) {
        std::array<double, 4> m = o;
        const auto a = static_cast<std::size_t>(ints[0]), b = static_cast<std::size_t>(ints[1]);
        m[a] = q[0] * o[a] - q[1] * o[b];
        m[b] = q[1] * o[a] + q[0] * o[b];
        source(m, 1);
    }
    template <bool kGrad, class T, class S, class In>
    static vec4<T> eval(In& in, const S* q, vec4<T> l, const std::array<int, 6>& ints) {
        const T c = T(q[0]), s = T(q[1]);
        const int a = ints[0], b = ints[1];
        vec4<T> m = l;
        m[a] = c * l[a] - s * l[b];
        m[b] = s * l[a] + c * l[b];
        vec4<T> n = in.source(m, 0);
        if (b < 3) {
            const T ga = n[a + 1], gb = n[b + 1];
            n[a + 1] = c * ga + s * gb;
            n[b + 1] = c * gb - s * ga;
        }
        return n;
    }
    static std::string glsl(MoveCall& c) {
        const std::string& I = c.name;
        const std::string a = kComp[c.ints[0]], b = kComp[c.ints[1]];
        c.line("GLN_PRECISE vec4 m" + I + " = l;");
        c.line("m" + I + "." + a + " = " + c.P(0) + " * l." + a + " - " + c.P(1) + " * l." + b + ";");
        c.line("m" + I + "." + b + " = " + c.P(1) + " * l." + a + " + " + c.P(0) + " * l." + b + ";");
        c.line("vec4 n" + I + " = " + c.source("m" + I) + ";");
        if (c.ints[1] < 3) {
            const std::string ga = kComp[c.ints[0] + 1], gb = kComp[c.ints[1] + 1];
            c.line("float ga" + I + " = n" + I + "." + ga + ";");
            c.line("float gb" + I + " = n" + I + "." + gb + ";");
            c.line("n" + I + "." + ga + " = " + c.P(0) + " * ga" + I + " + " + c.P(1) + " * gb" + I + ";");
            c.line("n" + I + "." + gb + " = " + c.P(0) + " * gb" + I + " - " + c.P(1) + " * ga" + I + ";");
        }
        return "n" + I;
    }
};

// The source at p + amount * by(p), by a vector node of this scope. Parameters: amount.
// ints: the components it displaces (the graph's dimensions). A node may drive amount.
struct Warp : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{source(), {"by", GraphFieldType::Vector, kRequired, 0, 0, false, {}, "the displacement (a vector node)"},
                 mayBeDriven(number("amount", 16.0, "units of the point per unit of the vector"))},
                "source at p + amount * by(p)"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        p.add(n.number("amount"));
        p.ints[0] = p.dims;
    }
    static bool seen(const std::string& field) { return field != "by"; }  // it moves the point
    template <class In>
    static Bounds bounds(const GraphNode& n, In& in) {
        Bounds s = in.source();
        double vs = 0, ve = 0;
        bool jumps = false;
        for (const Bounds& b : in.vector("by")) {
            vs += b.slope;
            ve = std::max(ve, b.error);
            jumps = jumps || b.jumps;
        }
        if (n.driven("amount")) {
            // The point moves by amount c: its slope a vs + |c| A's, its error a ve + |c| A's.
            const Bounds A = in.number("amount");
            double most = 0;  // the most |c| (summed over its components)
            for (const Bounds& b : in.vector("by")) most += b.mag();
            const double a = A.mag();
            s.error += product(s.slope, (product(a, ve) + product(most, A.error)) * 2.0);
            s.slope = product(s.slope, 1.0 + product(a, vs) + product(most, A.slope));
            s.jumps = s.jumps || jumps || A.jumps;
            return s;
        }
        const double a = std::fabs(n.number("amount"));
        // The point moved by the displacement's error; a source of no slope (white noise)
        // stays so under a displacement of unbounded slope (product: 0 times that is 0).
        s.error += product(s.slope, product(a, ve) * 2.0);
        s.slope = product(s.slope, 1.0 + product(a, vs));
        s.jumps = s.jumps || jumps;
        return s;
    }
    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double*, const std::array<int, 6>&, const FrameSpace&,
                       std::vector<GlnFrame<T>>&, Source&& source) {
        source(o, 1);
    }
    template <bool kGrad, class T, class S, class In>
    static vec4<T> eval(In& in, const S* q, vec4<T> l, const std::array<int, 6>& ints) {
        vec4<T> c[4];
        in.vector(c);
        const T amount = T(q[0]);
        vec4<T> m = l;
        for (int k = 0; k < ints[0]; ++k) m[k] = l[k] + amount * c[k].x;
        const vec4<T> n = in.source(m, 0);
        if (!kGrad) return n;
        vec4<T> g = n;
        for (int j = 1; j < 4; ++j)
            for (int k = 0; k < std::min(ints[0], 3); ++k) g[j] = g[j] + amount * n[k + 1] * c[k][j];
        return g;
    }
    static std::string glsl(MoveCall& c) {
        const std::string& I = c.name;
        auto num = [](int i) { return std::to_string(i); };
        for (int k = 0; k < 4; ++k) c.line("vec4 c" + I + "_" + num(k) + " = " + c.by[static_cast<std::size_t>(k)] + ";");
        c.line("GLN_PRECISE vec4 m" + I + " = l;");
        for (int k = 0; k < c.ints[0]; ++k)
            c.line("m" + I + "." + kComp[k] + " = l." + kComp[k] + " + " + c.P(0) + " * c" + I + "_" + num(k) + ".x;");
        c.line("vec4 n" + I + " = " + c.source("m" + I) + ";");
        // The gradient through the displacement: read from n, written to g.
        c.line("vec4 g" + I + " = n" + I + ";");
        if (c.gradient)
            for (int j = 1; j < 4; ++j)
                for (int k = 0; k < std::min(c.ints[0], 3); ++k)
                    c.line("g" + I + "." + kComp[j] + " = g" + I + "." + kComp[j] + " + " + c.P(0) + " * n" + I + "." +
                           kComp[k + 1] + " * c" + I + "_" + num(k) + "." + kComp[j] + ";");
        return "g" + I;
    }

    static constexpr bool drivable() { return true; }
    // An amount A a node drives: in.arg(1), at the warp's point. The point moves by A c, so
    // the gradient adds n' (A c' + c A').
    template <bool kGrad, class T, class S, class In>
    GLN_TWIN_INLINE static vec4<T> driven(In& in, const S*, vec4<T> l, const std::array<int, 6>& ints) {
        vec4<T> c[4];
        in.vector(c);
        const vec4<T> A = in.arg(1);
        vec4<T> m = l;
        for (int k = 0; k < ints[0]; ++k) m[k] = l[k] + A.x * c[k].x;
        const vec4<T> n = in.source(m, 0);
        if (!kGrad) return n;
        vec4<T> g = n;
        for (int j = 1; j < 4; ++j)
            for (int k = 0; k < std::min(ints[0], 3); ++k) g[j] = g[j] + n[k + 1] * (A.x * c[k][j] + c[k].x * A[j]);
        return g;
    }
    static std::string drivenGlsl(MoveCall& c) {
        const std::string& I = c.name;
        auto num = [](int i) { return std::to_string(i); };
        for (int k = 0; k < 4; ++k) c.line("vec4 c" + I + "_" + num(k) + " = " + c.by[static_cast<std::size_t>(k)] + ";");
        c.line("vec4 A" + I + " = " + c.in[1] + ";");
        c.line("GLN_PRECISE vec4 m" + I + " = l;");
        for (int k = 0; k < c.ints[0]; ++k)
            c.line("m" + I + "." + kComp[k] + " = l." + kComp[k] + " + A" + I + ".x * c" + I + "_" + num(k) + ".x;");
        c.line("vec4 n" + I + " = " + c.source("m" + I) + ";");
        c.line("vec4 g" + I + " = n" + I + ";");
        if (c.gradient)
            for (int j = 1; j < 4; ++j)
                for (int k = 0; k < std::min(c.ints[0], 3); ++k) {
                    const std::string ck = "c" + I + "_" + num(k);
                    c.line("g" + I + "." + kComp[j] + " = g" + I + "." + kComp[j] + " + n" + I + "." + kComp[k + 1] + " * (A" + I +
                           ".x * " + ck + "." + kComp[j] + " + " + ck + ".x * A" + I + "." + kComp[j] + ");");
                }
        return "g" + I;
    }
};

// FastNoise2's CellularLookup: the source at the feature point nearest p of cellular
// noise at its frequency, each cell filled with one value. Its own frame is a lattice
// frame of its cells; the twin and the shader search the nearest feature point there (as
// cellular F1 does) and evaluate the source at l + d / frequency, d the vector to it in
// cells. Parameters: frequency, cell jitter, 1 / frequency, cell exponent. ints: cell metric
// (GLSL id).
struct CellularLookup : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{source(), mirrored("frequency", GraphFieldType::Number, 1.0 / 64.0), mirroredChoice("cell_distance", namesOf(cellDistanceKinds())),
                 mirrored("cell_jitter", GraphFieldType::Number, 1.0), mirrored("cell_exponent", GraphFieldType::Number, 3.0)},
                "source at the feature point nearest p of cellular noise at frequency * p: each cell filled with one value"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        p.add(n.number("frequency"));
        p.add(n.number("cell_jitter"));
        p.add(1.0 / n.number("frequency"));
        p.add(n.number("cell_exponent"));
        p.ints[0] = cellDistanceKinds()[static_cast<std::size_t>(parseCellDistance(n.choice("cell_distance")))].glslId;
    }
    static std::optional<std::string> noDerivative(const GraphNode&, int) {
        return std::string("a cellular lookup holds one value per cell: a step at every cell's edge");
    }
    static constexpr int ownFrames() { return 1; }
    static bool keepsPeriod(const GraphNode&) { return false; }
    static double frequency(const GraphNode& n) { return n.number("frequency"); }
    static bool seen(const std::string& field) { return field != "source"; }  // read once per cell
    // The source's values, held over each cell: flat, and a jump at every cell's edge. The
    // feature point is within a few cells, found to a basis's agreement per cell; the
    // source moves by its slope times that in units of the point.
    template <class In>
    static Bounds bounds(const GraphNode& n, In& in) {
        Bounds s = in.source();
        s.error += product(s.slope, (kBasisError + 4.0 * kRounding) / n.number("frequency"));
        s.slope = 0;
        s.jumps = true;
        return s;
    }
    // Its cells' frame, then its source's at the same point (the twin moves it to the
    // feature point by an offset).
    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double* q, const std::array<int, 6>&, const FrameSpace& space,
                       std::vector<GlnFrame<T>>& out, Source&& source) {
        const double f = q[0];
        out.push_back(cpu::latticeFrame<T>({f * o[0], f * o[1], f * o[2], f * o[3]}, Basis::Cellular, space.dims, f, {}, space.world));
        source(o, 1);
    }
    // Flat over each cell: no gradient (Graph::validate refuses one).
    template <bool kGrad, class T, class S, class In>
    static vec4<T> eval(In& in, const S* q, vec4<T> l, const std::array<int, 6>& ints) {
        const vec4<T> d = in.nearest(GlnCellShape<T>{0, ints[0], T(q[1]), T(q[3]), T(0)}, l);
        const T inv = T(q[2]);
        const vec4<T> m = vec4<T>(l.x + d.x * inv, l.y + d.y * inv, l.z + d.z * inv, l.w + d.w * inv);
        const vec4<T> n = in.source(m, ownFrames());
        return vec4<T>(n.x, T(0), T(0), T(0));
    }
    static std::string glsl(MoveCall& c) {
        const std::string& I = c.name;
        const std::string o = "o" + I;
        c.line("GlnFrame " + o + " = " + c.frame() + ";");
        c.line("vec4 d" + I + " = gln_g_nearest_" + std::to_string(c.dims) + "d(" + o + ".cell, gln_g_point_plain(" + o +
               ", l), GLN_G_PERIOD(" + o + "), GLN_G_WORLD(" + o + "), " + std::to_string(c.ints[0]) + ", " + c.P(1) + ", " +
               c.P(3) + ");");
        c.line("GLN_PRECISE vec4 m" + I + " = vec4(l.x + d" + I + ".x * " + c.P(2) + ", l.y + d" + I + ".y * " + c.P(2) + ", l.z + d" + I +
               ".z * " + c.P(2) + ", l.w + d" + I + ".w * " + c.P(2) + ");");
        c.line("vec4 n" + I + " = " + c.source("m" + I, " + " + std::to_string(ownFrames())) + ";");
        return "vec4(n" + I + ".x, 0.0f, 0.0f, 0.0f)";
    }
};

// FastNoise2's AddDimension: the source in one dimension more, at the point with the new
// axis (the next after the scope's) at a coordinate a node (or a number) gives there. The
// source's frames hold 0 on that axis, so the coordinate is the offset's. Its gradient:
// d/dx_a s(p, c(p)) = s_a + s_c c_a. ints: the scope's dimensions (the new axis's index).
struct AddDimension : Base {
    static Described describe() {
        using namespace graph_detail;
        return {{source(), scalar("at", 0.0, "the new axis's coordinate at the point")},
                "source, in one dimension more, at (p, at(p))"};
    }
    static void plan(const GraphNode&, Planned& p) { p.ints[0] = p.dims; }
    static int sourceDims(const GraphNode&, int dims) { return dims + 1; }
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        if (space.dims >= 4)
            problems.push_back(graph_detail::at(n.id, "", "adds an axis to a 4D point: a source has at most 4 dimensions"));
    }
    static std::optional<std::string> noDerivative(const GraphNode&, int dims) {
        if (dims >= 3) return std::string("its source is 4D, and gradients exist in 2D and 3D");
        return std::nullopt;
    }
    static bool keepsPeriod(const GraphNode&) { return false; }
    static bool seen(const std::string& field) { return field != "at"; }  // it moves the point
    // The point moves along the new axis by the coordinate: the source's slope times
    // 1 + the coordinate's, and its error moves the point (as a warp's displacement does).
    template <class In>
    static Bounds bounds(const GraphNode&, In& in) {
        Bounds s = in.source();
        const Bounds c = in.input("at");
        s.error += product(s.slope, c.error * 2.0);
        s.slope = product(s.slope, 1.0 + c.slope);
        s.jumps = s.jumps || c.jumps;
        return s;
    }
    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double*, const std::array<int, 6>& ints, const FrameSpace&,
                       std::vector<GlnFrame<T>>&, Source&& source) {
        std::array<double, 4> m = o;
        for (std::size_t a = static_cast<std::size_t>(ints[0]); a < 4; ++a) m[a] = 0.0;
        source(m, 1);
    }
    template <bool kGrad, class T, class S, class In>
    GLN_TWIN_INLINE static vec4<T> eval(In& in, const S*, vec4<T> l, const std::array<int, 6>& ints) {
        const int d = ints[0];
        const vec4<T> c = in.arg(0);
        vec4<T> m = l;
        m[d] = c.x;
        const vec4<T> n = in.source(m, 0);
        if (!kGrad || d >= 3) return n;
        vec4<T> g = n;
        for (int a = 0; a < d; ++a) g[a + 1] = n[a + 1] + n[d + 1] * c[a + 1];
        for (int a = d; a < 3; ++a) g[a + 1] = T(0);
        return g;
    }
    static std::string glsl(MoveCall& c) {
        const std::string& I = c.name;
        const int d = c.ints[0];
        c.line("vec4 c" + I + " = " + c.in[0] + ";");
        c.line("GLN_PRECISE vec4 m" + I + " = l;");
        c.line("m" + I + "." + kComp[d] + " = c" + I + ".x;");
        c.line("vec4 n" + I + " = " + c.source("m" + I) + ";");
        if (!c.gradient || d >= 3) return "n" + I;
        c.line("vec4 g" + I + " = n" + I + ";");
        for (int a = 0; a < d; ++a)
            c.line("g" + I + "." + kComp[a + 1] + " = n" + I + "." + kComp[a + 1] + " + n" + I + "." + kComp[d + 1] + " * c" + I +
                   "." + kComp[a + 1] + ";");
        for (int a = d; a < 3; ++a) c.line("g" + I + "." + kComp[a + 1] + " = 0.0f;");
        return "g" + I;
    }
};

// FastNoise2's RemoveDimension: the source in one dimension fewer, at the point without
// one axis (the axes after it move down one); the value is the same all along that axis.
// ints: the axis, the scope's dimensions.
struct RemoveDimension : Base {
    static Described describe() {
        using namespace graph_detail;
        std::vector<std::string> axes = leaf::axes();
        axes.insert(axes.begin(), "last");
        return {{source(), choice("axis", axes, "the axis left out (last: the point's last, as add_dimension adds it)")},
                "source, in one dimension fewer, at p without its axis"};
    }
    static void plan(const GraphNode& n, Planned& p) {
        p.ints[0] = n.choice("axis") == "last" ? p.dims - 1 : leaf::axisIndex(n.choice("axis"));
        p.ints[1] = p.dims;
    }
    static int sourceDims(const GraphNode&, int dims) { return dims - 1; }
    static void check(const GraphNode& n, const NoiseSpec& space, std::vector<Violation>& problems) {
        if (space.dims <= 1)
            problems.push_back(graph_detail::at(n.id, "", "removes the one axis of a 1D point: a source has at least 1 dimension"));
        else if (n.choice("axis") != "last")
            graph_detail::checkAxis(n, "axis", n.choice("axis"), space.dims, problems);
    }
    static std::optional<std::string> noDerivative(const GraphNode&, int dims) {
        if (dims <= 2) return std::string("its source is 1D, and gradients exist in 2D and 3D");
        return std::nullopt;
    }
    static bool keepsPeriod(const GraphNode&) { return false; }
    // Source axis j is the point's axis j, or j + 1 from the one left out.
    static constexpr int kept(int j, int axis) { return j < axis ? j : j + 1; }
    template <class T, class Source>
    static void frames(const std::array<double, 4>& o, const double*, const std::array<int, 6>& ints, const FrameSpace&,
                       std::vector<GlnFrame<T>>&, Source&& source) {
        std::array<double, 4> m{};
        for (int j = 0; j + 1 < ints[1]; ++j) m[static_cast<std::size_t>(j)] = o[static_cast<std::size_t>(kept(j, ints[0]))];
        source(m, 1);
    }
    template <bool kGrad, class T, class S, class In>
    static vec4<T> eval(In& in, const S*, vec4<T> l, const std::array<int, 6>& ints) {
        vec4<T> m = vec4<T>(T(0));
        for (int j = 0; j + 1 < ints[1]; ++j) m[j] = l[kept(j, ints[0])];
        const vec4<T> n = in.source(m, 0);
        if (!kGrad) return n;
        vec4<T> g = vec4<T>(n.x, T(0), T(0), T(0));
        for (int j = 0; j + 1 < ints[1] && j < 3; ++j)
            if (kept(j, ints[0]) < 3) g[kept(j, ints[0]) + 1] = n[j + 1];
        return g;
    }
    static std::string glsl(MoveCall& c) {
        const std::string& I = c.name;
        const int axis = c.ints[0], dims = c.ints[1];
        c.line("GLN_PRECISE vec4 m" + I + " = vec4(0.0f);");
        for (int j = 0; j + 1 < dims; ++j) c.line("m" + I + "." + kComp[j] + " = l." + kComp[kept(j, axis)] + ";");
        c.line("vec4 n" + I + " = " + c.source("m" + I) + ";");
        if (!c.gradient) return "n" + I;
        c.line("vec4 g" + I + " = vec4(n" + I + ".x, 0.0f, 0.0f, 0.0f);");
        for (int j = 0; j + 1 < dims && j < 3; ++j)
            if (kept(j, axis) < 3) c.line("g" + I + "." + kComp[kept(j, axis) + 1] + " = n" + I + "." + kComp[j + 1] + ";");
        return "g" + I;
    }
};

// f(Kind<K>{}) for the descriptor K of a moving kind op, or `otherwise` for another kind.
template <class K>
struct Kind {
    using type = K;
};
template <class R, class F>
R visit(Op op, R otherwise, F&& f) {
    switch (op) {
#define GLN_MOVE_CASE(op) \
    case Op::op: return f(Kind<op>{});
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
        default: return otherwise;
    }
}

// What the table says of a kind, by op: the descriptor's for a moving kind, what holds
// for the others (no frames of its own, no source, the same point, the period kept).
inline int ownFrames(Op op) {
    return visit(op, 0, [](auto k) { return decltype(k)::type::ownFrames(); });
}
inline int sourceCalls(Op op, const std::array<int, 6>& ints) {
    return visit(op, 0, [&](auto k) { return decltype(k)::type::sourceCalls(ints); });
}
// The dimensions the source of a node of kind op is evaluated in, the node in `dims`; an
// input other than the source is evaluated at the node's point (inputDims).
inline int sourceDims(Op op, const GraphNode& n, int dims) {
    return visit(op, dims, [&](auto k) { return decltype(k)::type::sourceDims(n, dims); });
}
inline int inputDims(Op op, const GraphNode& n, const std::string& field, int dims) {
    return field == "source" ? sourceDims(op, n, dims) : dims;
}
inline bool samePoint(Op op) {
    return visit(op, false, [](auto k) { return decltype(k)::type::samePoint(); });
}
inline bool keepsPeriod(Op op, const GraphNode& n) {
    return visit(op, true, [&](auto k) { return decltype(k)::type::keepsPeriod(n); });
}
inline double pointScale(Op op, const GraphNode& n, int dims) {
    return visit(op, 1.0, [&](auto k) { return decltype(k)::type::pointScale(n, dims); });
}
inline double frequencyOf(Op op, const GraphNode& n) {
    return visit(op, std::numeric_limits<double>::infinity(), [&](auto k) { return decltype(k)::type::frequency(n); });
}
inline bool seen(Op op, const std::string& field) {
    return visit(op, true, [&](auto k) { return decltype(k)::type::seen(field); });
}

}  // namespace glnoise::graph::move
