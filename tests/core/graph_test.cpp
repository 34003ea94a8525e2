// SPDX-License-Identifier: MIT
// Noise graphs on the CPU: the format read and written, every refusal naming its node and
// field, today's specs as graphs (the same bytes, and the graph's own plan agreeing), each
// node kind against its formula computed here from simpler graphs, gradients against
// finite differences of the double oracle, and tiles against the whole.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "core/graph_eval.hpp"
#include "glnoise/glnoise.hpp"
#include "bench/own_plan.hpp"
#include "random_graphs.hpp"
#include "random_specs.hpp"

namespace glnoise {
namespace {

std::string wrap(const std::string& nodes, const std::string& out = "out", const std::string& extra = "") {
    return R"({"glnoise_graph": 2, "dims": 2, )" + extra + R"("out": ")" + out + R"(", "nodes": {)" + nodes + "}}";
}

// The same in `dims` dimensions.
std::string wrapIn(int dims, const std::string& nodes, const std::string& extra = "") {
    return R"({"glnoise_graph": 2, "dims": )" + std::to_string(dims) + ", " + extra + R"("out": "out", "nodes": {)" + nodes + "}}";
}

// The error parse() throws for text, or "" when it reads it.
std::string refusal(const std::string& text) {
    try {
        (void)Graph::parse(text, "g.json");
    } catch (const ValidationError& e) {
        return e.what();
    }
    return "";
}

TEST(Graph, ReadsWhatItWritesForEveryKind) {
    std::mt19937_64 rng(7);
    test::GraphDrawer drawer(rng);
    std::set<std::string> kinds;
    for (int i = 0; i < 300; ++i) {
        const Graph g = drawer.draw().graph;
        const Graph back = Graph::parse(g.json(), "again");
        EXPECT_EQ(back, g);
        EXPECT_EQ(back.json(), g.json());
        for (const auto& [id, n] : g.nodes) kinds.insert(n.kind);
    }
    for (const GraphKind& k : graphKinds()) EXPECT_TRUE(kinds.count(k.name)) << k.name << " never drawn";
}

TEST(Graph, RefusesEachProblemNamingTheNodeAndField) {
    const std::string basis = R"("b": {"kind": "basis"})";
    struct Case {
        std::string text;
        std::vector<std::string> says;
    };
    const std::string deep = [] {
        std::string nodes = R"("n0": {"kind": "basis"})";
        for (int i = 1; i <= 40; ++i)
            nodes += ", \"n" + std::to_string(i) + R"(": {"kind": "abs", "source": "n)" + std::to_string(i - 1) + "\"}";
        return wrap(nodes, "n40");
    }();
    const std::string many = [] {
        std::string nodes = R"("n0": {"kind": "basis"})";
        for (int i = 1; i < 300; ++i) nodes += ", \"n" + std::to_string(i) + R"(": {"kind": "constant"})";
        return wrap(nodes, "n0");
    }();
    const std::vector<Case> cases = {
        {wrap(basis + R"(, "out": {"kind": "blur", "source": "b"})"), {"node \"out\" kind", "\"blur\"", "allowed:", "fractal"}},
        {wrap(basis + R"(, "out": {"kind": "abs", "source": "b", "sigma": 2})"), {"node \"out\" sigma", "not a field of abs"}},
        {wrap(basis + R"(, "out": {"kind": "add", "a": "b"})"), {"node \"out\" b", "missing"}},
        {wrap(basis + R"(, "out": {"kind": "add", "a": "b", "b": "nowhere"})"), {"node \"out\" b", "\"nowhere\"", "no node"}},
        {wrap(basis + R"(, "v": {"kind": "vector", "x": "b"}, "out": {"kind": "add", "a": "b", "b": "v"})"),
         {"node \"out\" b", "vector", "takes a scalar"}},
        {wrap(basis + R"(, "out": {"kind": "warp", "source": "b", "by": "b"})"), {"node \"out\" by", "takes a vector"}},
        {wrap(R"("a": {"kind": "abs", "source": "out"}, "out": {"kind": "invert", "source": "a"})"), {"no cycles"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "octaves": 40})"), {"node \"out\" octaves", "40", "from 1 to 32"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "lacunarity": "NaN"})"), {"node \"out\" lacunarity", "must be a number"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "basis": "simplex"})"),
         {"node \"out\" basis", "a source or a basis's fields", "not both"}},
        {wrap(R"("out.basis": {"kind": "constant"}, "out": {"kind": "fractal", "basis": "simplex"})"),
         {"node \"out\" basis", "\"out.basis\"", "an id another node has"}},
        {wrap(R"("out": {"kind": "fractal", "basis": "simplex", "frequency": 0})"), {"node \"out.basis\" frequency", "must be above 0"}},
        {wrap(R"("out": {"kind": "sine_wave", "axis": "z"})"), {"node \"out\" axis", "in 2D, whose axes are xy"}},
        {wrap(R"("c": {"kind": "checkerboard"}, "out": {"kind": "abs", "source": "c"})", "out", R"("output": "gradient", )"),
         {"node \"c\"", "no derivative", "checkerboard"}},
        {wrap(R"("out": {"kind": "basis", "seed": -1})"), {"node \"out\" seed", "-1", "from 0 to 4294967295"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "octaves": 0.5})"), {"node \"out\" octaves", "0.5", "from 1 to 32"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "octaves": "4.5"})"), {"node \"out\" octaves", "must be a number"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "type": "hetero_terrain", "weighted_strength": 0.5})"),
         {"node \"out\" weighted_strength", "0.5", "fbm, turbulence, billow and ridged", "hetero_terrain fractal takes 0"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "weighted_strength": 1.5})"),
         {"node \"out\" weighted_strength", "1.5", "from 0 to 1"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "type": "musgrave"})"),
         {"node \"out\" type", "\"musgrave\"", "multifractal, hybrid_multifractal, hetero_terrain"}},
        {wrap(basis + R"(, "out": {"kind": "scale", "source": "b", "by": [1, 0]})"), {"node \"out\" by", "must not be 0"}},
        {wrap(R"("b": {"kind": "basis", "period": [4, 4]}, "out": {"kind": "scale", "source": "b", "by": 2})"),
         {"node \"b\" period", "fractals"}},
        {wrap(R"("b": {"kind": "basis", "basis": "simplex", "period": [4]}, "out": {"kind": "abs", "source": "b"})"),
         {"node \"b\" period"}},
        {wrap(R"("w": {"kind": "white"}, "out": {"kind": "abs", "source": "w"})", "out", R"("output": "gradient", )"),
         {"node \"w\"", "no derivative", "white"}},
        {wrap(basis + R"(, "out": {"kind": "step", "source": "b", "threshold": 0.2})", "out", R"("output": "normal", )"),
         {"node \"out\"", "no derivative", "a step with smoothness 0 jumps"}},
        {wrap(basis + R"(, "out": {"kind": "modulus", "source": "b", "divisor": 0})"), {"node \"out\" divisor", "must be above 0"}},
        {wrap(basis + R"(, "out": {"kind": "select", "a": "b", "b": 1, "mask": "b", "smoothness": -1})"),
         {"node \"out\" smoothness", "-1"}},
        {wrap(basis + R"(, "out": {"kind": "select", "a": "b", "b": 1})"), {"node \"out\" mask", "missing"}},
        {wrap(R"("b": {"kind": "basis"}, "f": {"kind": "fractal", "source": "b", "octaves": 32},
                 "g": {"kind": "fractal", "source": "f", "octaves": 32},
                 "out": {"kind": "fractal", "source": "g", "octaves": 32})"),
         {"basis evaluations per point", "at most 4096"}},
        {deep, {"more than 32", "deep"}},
        {many, {"300 nodes", "at most 256"}},
        {wrap(basis, "missing"), {"out", "\"missing\"", "no node"}},
        {wrap(basis + R"(, "out": {"kind": "position", "axis": "z"})"), {"node \"out\" axis", "in 2D, whose axes are xy"}},
        {R"({"glnoise_graph": 3, "out": "b", "nodes": {"b": {"kind": "basis"}}})", {"glnoise_graph", "must be 1 to 2"}},
        {R"({"glnoise_graph": 0, "out": "b", "nodes": {"b": {"kind": "basis"}}})", {"glnoise_graph", "must be 1 to 2"}},
        {R"({"glnoise_graph": 1, "octaves": 4, "out": "b", "nodes": {"b": {"kind": "basis"}}})", {"octaves", "not a graph key"}},
        {R"({"glnoise_graph": 1, "out": "b", "nodes": {"b": {"kind": "basis"}, "b": {"kind": "white"}}})", {"\"b\" twice"}},
        {std::string(200, '[') + std::string(200, ']'), {"nests", "64"}},
        {"{\"glnoise_graph\": 1,", {"not JSON"}},
        // Forged ids: code, a preprocessor line, a NUL, characters beyond the stated set,
        // and one past 64 characters; each shown escaped, whole or cut between characters.
        {wrap(R"("o\n    v0 = vec4(7.0, 0.0, 0.0, 0.0);": {"kind": "basis"})", "b"),
         {"the id \"o\\n    v0 = vec4(7.0, 0.0,", "each a letter (A-Z, a-z), a digit, '_', '-' or '.'"}},
        {wrap(R"("b #error": {"kind": "basis"})", "b"), {"the id \"b #error\"", "must be 1 to 64 characters"}},
        {wrap(R"("b\u0000x": {"kind": "basis"})", "b"), {"the id \"b\\x00x\"", "must be 1 to 64 characters"}},
        {wrap(R"("Berg\u00e9": {"kind": "basis"})", "b"), {"the id \"Berg\u00e9\"", "each a letter"}},
        {wrap("\"" + std::string(65, 'n') + R"(": {"kind": "basis"})", "b"),
         {std::string(40, 'n') + "... (65 characters)", "must be 1 to 64 characters"}},
        {wrap("\"" + std::string(60, 'x') + "\\u00e9\\u00e9\": {\"kind\": \"basis\"}", "b"),
         {std::string(40, 'x') + "... (62 characters)"}},
        // A number where a fractal or domain node takes its source: a node's id only.
        {wrap(R"("out": {"kind": "fractal", "source": 0.5})"), {"node \"out\" source", "must be a node's id", "fractal evaluates"}},
        {wrap(R"("out": {"kind": "scale", "source": 2, "by": 2})"), {"node \"out\" source", "must be a node's id"}},
        {wrap(basis + R"(, "v": {"kind": "vector", "x": "b"}, "out": {"kind": "warp", "source": 1, "by": "v"})"),
         {"node \"out\" source", "must be a node's id"}},
        {wrap(R"("out": {"kind": "fractal"})"), {"node \"out\" source", "missing", "(a node's id)"}},
        // A node's id where a number is structure, or places the points the host plans; a
        // driving node that is a vector, missing, or the node itself.
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "lacunarity": "b"})"),
         {"node \"out\" lacunarity", "\"b\"", "a node may drive gain, ridge_offset, ridge_gain and weighted_strength of a fractal, not lacunarity"}},
        {wrap(basis + R"(, "out": {"kind": "warp", "source": "b", "by": "b", "amount": "b"})"), {"node \"out\" by", "vector"}},
        // A Musgrave fractal takes no weighted strength, driven or not.
        {wrap(basis + R"(, "out": {"kind": "fractal", "type": "hetero_terrain", "source": "b", "weighted_strength": "b"})"),
         {"node \"out\" weighted_strength", "driven by node \"b\"", "a hetero_terrain fractal takes 0"}},
        // A driven ridge offset or gain where the type does not use it, naming those that do.
        {wrap(basis + R"(, "out": {"kind": "fractal", "source": "b", "ridge_offset": "b"})"),
         {"node \"out\" ridge_offset", "driven by node \"b\"", "type fbm does not use it; ridged, hybrid_multifractal and hetero_terrain do"}},
        {wrap(basis + R"(, "out": {"kind": "fractal", "type": "hetero_terrain", "source": "b", "ridge_gain": "b"})"),
         {"node \"out\" ridge_gain", "type hetero_terrain does not use it; ridged and hybrid_multifractal do"}},
        {wrap(basis + R"(, "out": {"kind": "terrace", "source": "b", "steps": "b"})"),
         {"node \"out\" steps", "a node may drive smoothness of a terrace, not steps"}},
        {wrap(R"("out": {"kind": "basis", "seed": "b"})"), {"node \"out\" seed", "must be an integer", "no number of a basis"}},
        {wrap(basis + R"(, "v": {"kind": "vector", "x": "b"}, "out": {"kind": "clamp", "source": "b", "min": "v"})"),
         {"node \"out\" min", "\"v\" is a vector node", "a number is driven by a scalar node"}},
        {wrap(basis + R"(, "out": {"kind": "step", "source": "b", "smoothness": "nowhere"})"),
         {"node \"out\" smoothness", "\"nowhere\"", "no node has this id"}},
        {wrap(basis + R"(, "out": {"kind": "clamp", "source": "b", "max": "out"})"), {"no cycles"}},
        // Dimensions: none past 4 or below 1; each node checked in the dimensions it is in.
        {wrapIn(4, basis + R"(, "out": {"kind": "add_dimension", "source": "b"})"),
         {"node \"out\"", "adds an axis to a 4D point"}},
        {wrapIn(1, R"("p": {"kind": "position"}, "out": {"kind": "remove_dimension", "source": "p", "axis": "x"})"),
         {"node \"out\"", "removes the one axis of a 1D point"}},
        {wrapIn(3, basis + R"(, "out": {"kind": "remove_dimension", "source": "b", "axis": "w"})"),
         {"node \"out\" axis", "\"w\": the node is in 3D, whose axes are xyz"}},
        {wrapIn(3, R"("b": {"kind": "basis", "basis": "psrdnoise"}, "out": {"kind": "add_dimension", "source": "b", "at": 3})"),
         {"node \"b\" dims", "4: psrdnoise noise exists in 2 and 3 dimensions"}},
        {wrapIn(3, R"("p": {"kind": "position", "axis": "z"}, "out": {"kind": "remove_dimension", "source": "p", "axis": "last"})"),
         {"node \"p\" axis", "\"z\": the node is in 2D"}},
        {wrapIn(3, basis + R"(, "out": {"kind": "add_dimension", "source": "b", "at": 3})", R"("output": "gradient", )"),
         {"node \"out\" has no derivative", "its source is 4D"}},
        {wrap(basis + R"(, "out": {"kind": "remove_dimension", "source": "b", "axis": "x"})", "out", R"("output": "normal", )"),
         {"node \"out\" has no derivative", "its source is 1D"}},
        {wrap(basis + R"(, "out": {"kind": "add_dimension", "source": "b", "at": "nowhere"})"), {"node \"out\" at", "no node has this id"}},
        // Numbers a float holds only as 0: in their own words.
        {wrap(R"("out": {"kind": "basis", "frequency": 1e-40})"), {"node \"out\" frequency", "1e-40", "below 1.17549435e-38"}},
        {wrap(R"("out": {"kind": "constant", "value": 1e-310})"), {"1e-310", "too small for a double"}},
        // Binary input is named as such, its bytes escaped.
        {std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR[[[[[[[[", 24), {"not JSON text: byte 0 is 0x89", "binary"}},
        {std::string("{\"a\x01\": 1}"), {"not JSON text: byte 3 is 0x01, a control character"}},
    };
    for (const Case& c : cases) {
        const std::string error = refusal(c.text);
        ASSERT_FALSE(error.empty()) << c.text.substr(0, 300);
        EXPECT_NE(error.find("g.json"), std::string::npos) << error;
        for (const std::string& s : c.says) EXPECT_NE(error.find(s), std::string::npos) << "wanted \"" << s << "\" in: " << error;
    }
}

bool valid(const NoiseSpec& spec) {
    try {
        spec.validate();
        return true;
    } catch (const ValidationError&) {
        return false;
    }
}

TEST(Graph, EverySpecIsAGraphThatBakesTheSameBytes) {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 120; ++i) {
        const test::Draw d = test::draw(rng);
        if (!valid(d.spec)) continue;
        NoiseSpec spec = d.spec;
        if (spec.pattern == Pattern::Clouds) spec.pattern = Pattern::None;  // the turbulence fractal itself
        const Graph g = graphOf(spec);
        const auto back = specOf(Graph::parse(g.json(), "printed"));
        ASSERT_TRUE(back.has_value()) << g.json() << io::specJson(spec);
        const Image a = cpu::evaluate(spec, d.grid, d.start, 1);
        const Image b = cpu::evaluate(g, d.grid, d.start, 1);
        ASSERT_EQ(a.data, b.data) << g.json();
    }
}

// How far the two engines' orders of operations agree (docs/graphs.md, "A spec's graph
// and the graph engine"): a spec whose lacunarity is a power of two and whose octaves are
// not turned bakes the spec's bytes when its graph runs by the graph's own plan (the
// basis behind an offset of 0, so that it is not turned back into the spec), on the
// reference and on the SIMD backend; scaling by a power of two rounds nothing, so a
// graph's f (lac s) is a spec's (f lac) s. Warps, patterns, periods, the world hash and
// gradients are drawn as they come.
TEST(Graph, ItsOwnPlanBakesTheSpecsBytesWhereScalingRoundsNothing) {
    std::mt19937_64 rng(11);
    int compared = 0, warped = 0;
    for (int i = 0; i < 160; ++i) {
        const test::Draw d = test::draw(rng);
        NoiseSpec spec = d.spec;
        if (spec.pattern == Pattern::Clouds) spec.pattern = Pattern::None;
        spec.lacunarity = i % 3 == 0 ? 4.0 : 2.0;
        spec.rotate = false;
        if (!valid(spec)) continue;
        const Graph g = test::ownPlanGraph(spec);
        ASSERT_FALSE(specOf(g).has_value());
        const cpu::GraphPlan plan = cpu::planGraph(g);
        const Image want = cpu::evaluate(spec, d.grid, d.start, 1);
        ASSERT_EQ(cpu::evaluatePlan(g, plan, d.grid, d.start, 1).data, want.data) << io::specJson(spec);
        ASSERT_EQ(cpu::evaluatePlanSimd(g, plan, d.grid, d.start, 2).data, want.data) << io::specJson(spec);
        ++compared;
        warped += spec.warpAmount != 0.0 && spec.octaves > 1;
    }
    EXPECT_GT(compared, 120);
    EXPECT_GT(warped, 10);
}

TEST(Graph, ItsOwnPlanAgreesWithTheSpecPipeline) {
    // The general plan of a spec's graph, in double, is the spec's oracle: the same sums,
    // warps and patterns, through other roundings of the same frequencies.
    std::mt19937_64 rng(12);
    int compared = 0;
    for (int i = 0; i < 120; ++i) {
        const test::Draw d = test::draw(rng);
        if (!valid(d.spec)) continue;
        NoiseSpec spec = d.spec;
        if (spec.pattern == Pattern::Clouds) spec.pattern = Pattern::None;
        const Graph g = graphOf(spec);
        const cpu::GraphPlan plan = cpu::planGraph(g);
        const Permutation table = Permutation::forSeed(spec.seed);
        for (int k = 0; k < 16; ++k) {
            const cpu::Point p = {static_cast<double>(d.start[0]) + 7.25 * k, static_cast<double>(d.start[1]) + 3.5 * k, 1.5, 0};
            const std::array<double, 4> want = cpu::evaluateDoubleOutput(spec, table, p);
            const std::array<double, 4> got = cpu::evaluatePlanDouble(g, plan, p);
            for (int c = 0; c < cpu::outputChannels(spec); ++c) {
                const auto at = static_cast<std::size_t>(c);
                ASSERT_NEAR(got[at], want[at], 1e-8 * (1 + std::fabs(want[at]))) << g.json() << "\nchannel " << c;
            }
        }
        ++compared;
    }
    EXPECT_GT(compared, 80);
}

// Values of a graph at points, through the reference (and the oracle's value).
std::vector<double> values(const std::string& nodes, const std::vector<cpu::Point>& pts, int dims = 2) {
    const Graph g = Graph::parse(R"({"glnoise_graph": 2, "dims": )" + std::to_string(dims) + R"(, "out": "out", "nodes": {)" +
                                 nodes + "}}");
    std::vector<double> out;
    for (const cpu::Point& p : pts) out.push_back(cpu::evaluateDoubleOutput(g, p)[0]);
    return out;
}

std::vector<cpu::Point> somePoints(int n, double spread) {
    std::mt19937_64 rng(3);
    std::vector<cpu::Point> pts;
    for (int i = 0; i < n; ++i) {
        std::uniform_real_distribution<double> u(-spread, spread);
        pts.push_back({u(rng), u(rng), u(rng), 0.0});
    }
    return pts;
}

// Two basis nodes, "a" (Perlin) and "b" (simplex), as JSON, and minus their values at n
// points (read through an invert node).
struct TwoBases {
    std::vector<cpu::Point> pts;
    std::string A, B;
    std::vector<double> a, b;
};
TwoBases twoBases(int n) {
    TwoBases t{somePoints(n, 300.0), R"("a": {"kind": "basis", "frequency": 0.03})",
               R"("b": {"kind": "basis", "basis": "simplex", "frequency": 0.02})", {}, {}};
    t.a = values(t.A + R"(, "out": {"kind": "invert", "source": "a"})", t.pts);
    t.b = values(t.B + R"(, "out": {"kind": "invert", "source": "b"})", t.pts);
    return t;
}

TEST(Graph, EachKindComputesItsFormula) {
    const TwoBases t = twoBases(200);
    // The library reduces a sine's angle by 2 pi rounded to float, in the oracle too.
    auto check = [&](const std::string& node, auto formula, double within = 1e-12) {
        const std::vector<double> v = values(t.A + ", " + t.B + ", " + node, t.pts);
        for (std::size_t i = 0; i < t.pts.size(); ++i)
            ASSERT_NEAR(v[i], formula(-t.a[i], -t.b[i], t.pts[i]), within) << node << " at point " << i;
    };
    check(R"("out": {"kind": "add", "a": "a", "b": "b"})", [](double x, double y, auto) { return x + y; });
    check(R"("out": {"kind": "subtract", "a": "a", "b": 0.25})", [](double x, double, auto) { return x - 0.25; });
    check(R"("out": {"kind": "multiply", "a": "a", "b": "b"})", [](double x, double y, auto) { return x * y; });
    check(R"("out": {"kind": "divide", "a": "a", "b": "b", "min_divisor": 0.2})", [](double x, double y, auto) {
        return x / (std::fabs(y) >= 0.2 ? y : (y < 0 ? -0.2 : 0.2));
    });
    check(R"("out": {"kind": "min", "a": "a", "b": "b"})", [](double x, double y, auto) { return std::min(x, y); });
    check(R"("out": {"kind": "max", "a": "a", "b": "b"})", [](double x, double y, auto) { return std::max(x, y); });
    check(R"("out": {"kind": "mix", "a": "a", "b": "b", "mask": 0.25})", [](double x, double y, auto) { return x + (y - x) * 0.25; });
    check(R"("out": {"kind": "pow", "source": "a", "exponent": 3})", [](double x, double, auto) { return x * x * x; });
    check(R"("out": {"kind": "remap", "source": "a", "from_min": -1, "from_max": 1, "to_min": 0, "to_max": 10})",
          [](double x, double, auto) { return (x + 1.0) * 5.0; });
    check(R"("out": {"kind": "clamp", "source": "a", "min": -0.1, "max": 0.2})",
          [](double x, double, auto) { return std::clamp(x, -0.1, 0.2); });
    check(R"("out": {"kind": "abs", "source": "a"})", [](double x, double, auto) { return std::fabs(x); });
    check(R"("out": {"kind": "terrace", "source": "a", "steps": 4})", [](double x, double, auto) { return std::floor(4 * x) / 4; });
    check(R"("out": {"kind": "curve", "source": "a", "interpolation": "linear", "points": [[-0.5, 1], [0, -1], [0.5, 0]]})",
          [](double x, double, auto) {
              if (x <= -0.5) return 1.0;
              if (x >= 0.5) return 0.0;
              return x < 0 ? 1.0 - 2.0 * (x + 0.5) / 0.5 : -1.0 + (x / 0.5);
          });
    check(R"("out": {"kind": "position", "axis": "y"})", [](double, double, const cpu::Point& p) { return p[1]; });
    check(R"("out": {"kind": "ramp", "axis": "x", "from": 10, "to": 30})", [](double, double, const cpu::Point& p) {
        return (p[0] - 10) / 20;
    });
    check(R"("out": {"kind": "distance", "center": [3, -4]})", [](double, double, const cpu::Point& p) {
        return std::hypot(p[0] - 3, p[1] + 4);
    });
    // FastNoise2's Checkerboard and SineWave, and a sine along any axis.
    check(R"("out": {"kind": "checkerboard", "frequency": 0.04})", [](double, double, const cpu::Point& p) {
        const double s = std::floor(0.04 * p[0]) + std::floor(0.04 * p[1]);
        return std::fmod(std::fabs(s), 2.0) == 0.0 ? 1.0 : -1.0;
    });
    check(R"("out": {"kind": "sine_wave", "frequency": 0.03, "axis": "y", "phase": 0.25})", [](double, double, const cpu::Point& p) {
        return std::sin(2 * 3.14159265358979323846 * (0.03 * p[1] + 0.25));
    }, 1e-6);
    check(R"("out": {"kind": "sine_wave", "frequency": 0.02, "axis": "every"})", [](double, double, const cpu::Point& p) {
        return std::sin(2 * 3.14159265358979323846 * 0.02 * p[0]) * std::sin(2 * 3.14159265358979323846 * 0.02 * p[1]);
    }, 1e-6);
    check(R"("out": {"kind": "marble", "source": "a", "frequency": 0.05, "pattern_scale": 3})", [](double x, double, const cpu::Point& p) {
        return std::sin(0.05 * p[0] + 3 * x);
    }, 1e-5);
    check(R"("out": {"kind": "wood", "source": "a", "frequency": 0.05, "pattern_scale": 3})", [](double x, double, const cpu::Point& p) {
        return std::sin(0.05 * std::hypot(p[0], p[1]) + 3 * x);
    }, 1e-5);
    // The triangle wave as the arc cosine of a cosine: |t| folded into [0, 1], period 2.
    check(R"("out": {"kind": "ping_pong", "source": "a", "strength": 3})", [](double x, double, auto) {
        return std::acos(std::cos(3.14159265358979323846 * 3 * x)) / 3.14159265358979323846;
    }, 1e-6);
    // Floored: fmod's remainder has the dividend's sign; adding m once more and taking it
    // again moves it to [0, m).
    check(R"("out": {"kind": "modulus", "source": "a", "divisor": 0.3})", [](double x, double, auto) {
        return std::fmod(std::fmod(x, 0.3) + 0.3, 0.3);
    }, 1e-9);
    // GLSL's smoothstep(edge0, edge1, x), as its specification defines it.
    auto smoothstep = [](double e0, double e1, double x) {
        const double u = std::clamp((x - e0) / (e1 - e0), 0.0, 1.0);
        return u * u * (3 - 2 * u);
    };
    check(R"("out": {"kind": "step", "source": "a", "threshold": 0.1})", [](double x, double, auto) { return x < 0.1 ? 0.0 : 1.0; });
    check(R"("out": {"kind": "step", "source": "a", "threshold": 0.1, "smoothness": 0.4})",
          [&](double x, double, auto) { return smoothstep(-0.1, 0.3, x); });
    check(R"("out": {"kind": "select", "a": "a", "b": "b", "mask": "a", "threshold": -0.2})",
          [](double x, double y, auto) { return x < -0.2 ? x : y; });
    check(R"("out": {"kind": "select", "a": "a", "b": 0.5, "mask": "b", "threshold": 0, "smoothness": 0.5})",
          [&](double x, double y, auto) { return x + (0.5 - x) * smoothstep(-0.25, 0.25, y); });
    // Smooth minimum: at most min, at least min - k / 4, min itself where |a - b| >= k.
    const std::vector<double> s = values(t.A + ", " + t.B + R"(, "out": {"kind": "smooth_min", "a": "a", "b": "b", "smoothness": 0.3})", t.pts);
    for (std::size_t i = 0; i < t.pts.size(); ++i) {
        const double m = std::min(-t.a[i], -t.b[i]);
        EXPECT_LE(s[i], m + 1e-12);
        EXPECT_GE(s[i], m - 0.075 - 1e-12);
        if (std::fabs(t.a[i] - t.b[i]) >= 0.3) {
            EXPECT_NEAR(s[i], m, 1e-12);
        }
    }
}

// The drivable numbers the table gives: kind and field.
std::vector<std::pair<const GraphKind*, const GraphField*>> drivableNumbers() {
    std::vector<std::pair<const GraphKind*, const GraphField*>> all;
    for (const GraphKind& k : graphKinds())
        for (const GraphField& f : k.fields)
            if (f.type == GraphFieldType::Number && f.drivable) all.emplace_back(&k, &f);
    return all;
}

// A node of kind k over the basis nodes "a" and "b": its scalar inputs a, b, a, ..., its
// vector input "v" (b, a); a smoothness of 0.3 where its default 0 would be a hard step
// (no derivative); a fractal ridged, the type that uses every number a node may drive.
nlohmann::json nodeOver(const GraphKind& k) {
    nlohmann::json n = {{"kind", k.name}};
    if (std::string(k.name) == "fractal") n["type"] = "ridged";
    int i = 0;
    for (const GraphField& f : k.fields) {
        if (f.type == GraphFieldType::Scalar) n[f.name] = i++ % 2 ? "b" : "a";
        if (f.type == GraphFieldType::Vector) n[f.name] = "v";
        if (f.type == GraphFieldType::Number && std::string(f.name) == "smoothness" && f.fallback == 0.0) n[f.name] = 0.3;
    }
    return n;
}

nlohmann::json graphOver(const nlohmann::json& out, const nlohmann::json& more, const char* output) {
    nlohmann::json nodes = {{"a", {{"kind", "basis"}, {"frequency", 0.03}}},
                            {"b", {{"kind", "basis"}, {"basis", "simplex"}, {"frequency", 0.02}}},
                            {"v", {{"kind", "vector"}, {"x", "b"}, {"y", "a"}}}, {"out", out}};
    for (const auto& [id, n] : more.items()) nodes[id] = n;
    return {{"glnoise_graph", kGraphFormat}, {"dims", 2}, {"output", output}, {"out", "out"}, {"nodes", nodes}};
}

// Whether the node over a and b (and `more`) has a derivative where its number is driven.
bool drivenHasDerivative(const nlohmann::json& out, const nlohmann::json& more) {
    return refusal(graphOver(out, more, "gradient").dump()).empty();
}

TEST(Graph, ANumberDrivenByAConstantIsThatNumber) {
    // Every drivable number of the table, given as a number and driven by a constant node
    // of that value: the same values and gradients everywhere.
    const auto pts = somePoints(40, 300.0);
    const auto all = drivableNumbers();
    ASSERT_FALSE(all.empty());
    for (const auto& [k, f] : all) {
        nlohmann::json node = nodeOver(*k);
        const double v = f->positive ? f->fallback * 0.75 : node.value(f->name, f->fallback) + 0.125;
        node[f->name] = v;
        nlohmann::json driven = node;
        driven[f->name] = "k";
        const nlohmann::json k1 = {{"k", {{"kind", "constant"}, {"value", v}}}};
        const char* output = drivenHasDerivative(driven, k1) ? "gradient" : "value";
        const Graph given = Graph::parse(graphOver(node, nlohmann::json::object(), output).dump(), "given");
        const Graph byNode = Graph::parse(graphOver(driven, k1, output).dump(), "driven");
        for (const cpu::Point& p : pts) {
            const auto want = cpu::evaluateDoubleOutput(given, p), got = cpu::evaluateDoubleOutput(byNode, p);
            for (std::size_t c = 0; c < 3; ++c)
                ASSERT_NEAR(got[c], want[c], 1e-9 * (1 + std::fabs(want[c]))) << k->name << " " << f->name << " channel " << c;
        }
    }
}

TEST(Graph, ADrivenNumberTakesItsNodesValueAtEachPoint) {
    // Each kind with a number driven by a node that varies, against its formula written
    // here, the driving value computed from the basis "b" the driver remaps.
    const TwoBases t = twoBases(200);
    // "k": b remapped from [-1, 1] to [lo, hi].
    auto driver = [](double lo, double hi) {
        return R"("k": {"kind": "remap", "source": "b", "to_min": )" + std::to_string(lo) + R"(, "to_max": )" + std::to_string(hi) + "}";
    };
    auto check = [&](const std::string& nodes, auto formula, double within = 1e-9) {
        const std::vector<double> v = values(t.A + ", " + t.B + ", " + nodes, t.pts);
        for (std::size_t i = 0; i < t.pts.size(); ++i) ASSERT_NEAR(v[i], formula(-t.a[i], -t.b[i]), within) << nodes << " at point " << i;
    };
    auto smoothstep = [](double e0, double e1, double x) {
        const double u = std::clamp((x - e0) / (e1 - e0), 0.0, 1.0);
        return u * u * (3 - 2 * u);
    };
    const double pi = 3.14159265358979323846;
    // Quilez's polynomial smooth minimum, k = 0.1 + 0.4 (b + 1) / 2.
    check(driver(0.1, 0.5) + R"(, "out": {"kind": "smooth_min", "a": "a", "b": "b", "smoothness": "k"})", [](double x, double y) {
        const double k = 0.1 + 0.2 * (y + 1), h = std::clamp(0.5 + 0.5 * (y - x) / k, 0.0, 1.0);
        return y + (x - y) * h - k * h * (1 - h);
    });
    check(driver(0.1, 0.5) + R"(, "out": {"kind": "smooth_max", "a": "a", "b": "b", "smoothness": "k"})", [](double x, double y) {
        const double k = 0.1 + 0.2 * (y + 1), h = std::clamp(0.5 + 0.5 * (x - y) / k, 0.0, 1.0);
        return -(-y + (y - x) * h - k * h * (1 - h));
    });
    check(R"("out": {"kind": "clamp", "source": "a", "min": "b", "max": 0.3})",
          [](double x, double y) { return x < y ? y : std::min(x, 0.3); });
    check(R"("out": {"kind": "remap", "source": "a", "to_min": 0, "to_max": "b"})", [](double x, double y) { return y * (x + 1) / 2; });
    check(R"("out": {"kind": "remap", "source": "a", "from_min": "b", "from_max": 2})",
          [](double x, double y) { return (x - y) / (2 - y); });
    check(driver(1, 3) + R"(, "out": {"kind": "ping_pong", "source": "a", "strength": "k"})", [&](double x, double y) {
        return std::acos(std::cos(pi * (2 + y) * x)) / pi;
    }, 1e-6);
    check(driver(0.2, 0.4) + R"(, "out": {"kind": "modulus", "source": "a", "divisor": "k"})", [](double x, double y) {
        const double m = 0.3 + 0.1 * y;
        return std::fmod(std::fmod(x, m) + m, m);
    });
    check(R"("out": {"kind": "step", "source": "a", "threshold": "b"})", [](double x, double y) { return x < y ? 0.0 : 1.0; });
    check(driver(0.2, 0.6) + R"(, "out": {"kind": "step", "source": "a", "threshold": 0.1, "smoothness": "k"})",
          [&](double x, double y) {
              const double s = 0.4 + 0.2 * y;
              return smoothstep(0.1 - s / 2, 0.1 + s / 2, x);
          });
    check(R"("out": {"kind": "select", "a": "a", "b": 0.5, "mask": "b", "threshold": "a"})",
          [](double x, double y) { return y < x ? x : 0.5; });
    check(driver(0.2, 0.8) + R"(, "out": {"kind": "terrace", "source": "a", "steps": 4, "smoothness": "k"})",
          [&](double x, double y) {
              const double s = 0.5 + 0.3 * y, up = 4 * x, f = std::floor(up);
              return (f + smoothstep(1 - s, 1, up - f)) / 4;
          });
    check(driver(1, 3) + R"(, "out": {"kind": "pow", "source": "a", "exponent": "k"})", [](double x, double y) {
        const double e = 2 + y;
        return x < 0 ? -std::pow(-x, e) : std::pow(x, e);
    }, 1e-7);
    // Held to the field's range: a divisor driven below 0 is 1e-6 there.
    check(R"("out": {"kind": "modulus", "source": "a", "divisor": "b"})", [](double x, double y) {
        const double m = std::max(y, 1e-6);
        return x - m * std::floor(x / m);
    }, 1e-6);
}

// The basis "a" of t at 2^i p for octaves i below `count`.
std::vector<std::vector<double>> octavesOfA(const TwoBases& t, int count) {
    std::vector<std::vector<double>> octave;
    for (int i = 0; i < count; ++i) {
        std::vector<cpu::Point> at;
        for (const cpu::Point& p : t.pts) at.push_back({std::ldexp(p[0], i), std::ldexp(p[1], i), 0, 0});
        std::vector<double> v = values(t.A + R"(, "out": {"kind": "invert", "source": "a"})", at);
        for (double& x : v) x = -x;
        octave.push_back(v);
    }
    return octave;
}

TEST(Graph, AFractalsDrivenGainAndStrengthAndAWarpsDrivenAmountFollowTheirNodes) {
    // Octave i of a fractal over "a" is a at 2^i p; g = 0.5 + 0.2 b, b the driver's basis at
    // p itself. Written here from the definitions (docs/graphs.md), not from the twin.
    const TwoBases t = twoBases(150);
    const std::vector<std::vector<double>> octave = octavesOfA(t, 4);
    const std::string k = R"("k": {"kind": "remap", "source": "b", "to_min": 0.3, "to_max": 0.7})";
    auto check = [&](const std::string& out, auto formula) {
        const std::vector<double> v = values(t.A + ", " + t.B + ", " + k + ", " + out, t.pts);
        for (std::size_t i = 0; i < t.pts.size(); ++i) ASSERT_NEAR(v[i], formula(i, 0.5 - 0.2 * t.b[i]), 1e-9) << out << " at point " << i;
    };
    // fbm, 4 octaves: sum of g^i n_i; normalized, over the sum of g^i.
    check(R"("out": {"kind": "fractal", "source": "a", "gain": "k"})", [&](std::size_t p, double g) {
        double sum = 0;
        for (int i = 0; i < 4; ++i) sum += std::pow(g, i) * octave[static_cast<std::size_t>(i)][p];
        return sum;
    });
    check(R"("out": {"kind": "fractal", "source": "a", "gain": "k", "normalize": true})", [&](std::size_t p, double g) {
        double sum = 0, d = 0;
        for (int i = 0; i < 4; ++i) {
            sum += std::pow(g, i) * octave[static_cast<std::size_t>(i)][p];
            d += std::pow(g, i);
        }
        return sum / d;
    });
    // 2.5 octaves of billow: the third at half its amplitude.
    check(R"("out": {"kind": "fractal", "type": "billow", "source": "a", "octaves": 2.5, "gain": "k"})", [&](std::size_t p, double g) {
        double sum = 0;
        for (int i = 0; i < 3; ++i) sum += (i == 2 ? 0.5 : 1.0) * std::pow(g, i) * (2 * std::fabs(octave[static_cast<std::size_t>(i)][p]) - 1);
        return sum;
    });
    // FastNoise2's weighted strength w driven (gain 0.5): octave i weighted by the product
    // over earlier octaves of 1 + w (u - 1), u = (n + 1) / 2 clamped to [0, 1].
    check(R"("out": {"kind": "fractal", "source": "a", "weighted_strength": "k"})", [&](std::size_t p, double w) {
        double sum = 0, weight = 1;
        for (int i = 0; i < 4; ++i) {
            const double n = octave[static_cast<std::size_t>(i)][p];
            sum += std::pow(0.5, i) * weight * n;
            weight *= 1 + w * (std::clamp((n + 1) / 2, 0.0, 1.0) - 1);
        }
        return sum;
    });
    // Musgrave's three (Blender's definitions) with pwr = g^i at the point, 4 octaves.
    // multifractal: the product of pwr n + 1; normalized, over the sum of pwr.
    for (const bool normalize : {false, true})
        check(std::string(R"("out": {"kind": "fractal", "type": "multifractal", "source": "a", "gain": "k", "normalize": )") +
                  (normalize ? "true" : "false") + "}",
              [&](std::size_t p, double g) {
                  double value = 1, pwr = 1, d = 0;
                  for (int i = 0; i < 4; ++i, pwr *= g) {
                      value *= pwr * octave[static_cast<std::size_t>(i)][p] + 1;
                      d += pwr;
                  }
                  return normalize ? value / d : value;
              });
    // hetero terrain (offset 0.7): value = offset + n, then value += (n + offset) pwr value.
    check(R"("out": {"kind": "fractal", "type": "hetero_terrain", "source": "a", "gain": "k", "ridge_offset": 0.7})",
          [&](std::size_t p, double g) {
              double value = 0.7 + octave[0][p], pwr = g;
              for (int i = 1; i < 4; ++i, pwr *= g) value += (octave[static_cast<std::size_t>(i)][p] + 0.7) * pwr * value;
              return value;
          });
    // hybrid multifractal (offset 0.7, gain 1.5): while weight > 0.001: weight = min(weight,
    // 1), signal = (n + offset) pwr, value += weight signal, weight *= 1.5 signal.
    check(R"("out": {"kind": "fractal", "type": "hybrid_multifractal", "source": "a", "gain": "k", "ridge_offset": 0.7, "ridge_gain": 1.5})",
          [&](std::size_t p, double g) {
              double value = 0, weight = 1, pwr = 1;
              for (int i = 0; weight > 0.001 && i < 4; ++i) {
                  weight = std::min(weight, 1.0);
                  const double signal = (octave[static_cast<std::size_t>(i)][p] + 0.7) * pwr;
                  pwr *= g;
                  value += weight * signal;
                  weight *= 1.5 * signal;
              }
              return value;
          });
    // A warp by (b, b) of amount 10 g: a at p + 10 g (b, b).
    const std::vector<double> warped = [&] {
        std::vector<cpu::Point> at;
        for (std::size_t i = 0; i < t.pts.size(); ++i) {
            const double b = -t.b[i], amount = 10 * (0.5 + 0.2 * b);
            at.push_back({t.pts[i][0] + amount * b, t.pts[i][1] + amount * b, 0, 0});
        }
        std::vector<double> v = values(t.A + R"(, "out": {"kind": "invert", "source": "a"})", at);
        for (double& x : v) x = -x;
        return v;
    }();
    const std::string k10 = R"("k10": {"kind": "multiply", "a": "k", "b": 10}, "v": {"kind": "vector", "x": "b", "y": "b"})";
    check(k10 + R"(, "out": {"kind": "warp", "source": "a", "by": "v", "amount": "k10"})", [&](std::size_t p, double) { return warped[p]; });
}

TEST(Graph, AFractalsDrivenRidgeOffsetAndRidgeGainFollowTheirNodes) {
    // Octave i of a fractal over "a" is a at 2^i p; the ridge offset o = 1 + 0.3 b and the
    // ridge gain r = 2 + 0.5 b, b the drivers' basis at p itself. Written here from the
    // definitions (docs/graphs.md), not from the twin.
    const TwoBases t = twoBases(150);
    const std::vector<std::vector<double>> octave = octavesOfA(t, 4);
    const std::string drivers = R"("o": {"kind": "remap", "source": "b", "to_min": 0.7, "to_max": 1.3},)"
                                R"( "r": {"kind": "remap", "source": "b", "to_min": 1.5, "to_max": 2.5})";
    auto check = [&](const std::string& out, auto formula) {
        const std::vector<double> v = values(t.A + ", " + t.B + ", " + drivers + ", " + out, t.pts);
        for (std::size_t i = 0; i < t.pts.size(); ++i) {
            const double b = -t.b[i];
            ASSERT_NEAR(v[i], formula(i, 1 + 0.3 * b, 2 + 0.5 * b), 1e-9) << out << " at point " << i;
        }
    };
    // Ridged (gain 0.5): signal_i = (o - |n_i|)^2 times the weight clamp(r signal_{i-1}, 0,
    // 1) (1 at octave 0), the sum of 0.5^i signal_i; weighted by a strength k, octave i's
    // term is also multiplied by the product over earlier octaves of 1 + k (u - 1), u =
    // 1 - |n| clamped to [0, 1]; normalized, over the sum of 0.5^i.
    auto ridged = [&](std::size_t p, double o, double r, double k, bool normalize) {
        double sum = 0, signal = 0, weight = 1, d = 0;
        for (int i = 0; i < 4; ++i) {
            const double n = octave[static_cast<std::size_t>(i)][p];
            const double w = i == 0 ? 1.0 : std::clamp(signal * r, 0.0, 1.0);
            signal = (o - std::fabs(n)) * (o - std::fabs(n)) * w;
            sum += std::pow(0.5, i) * weight * signal;
            d += std::pow(0.5, i);
            weight *= 1 + k * (std::clamp(1 - std::fabs(n), 0.0, 1.0) - 1);
        }
        return normalize ? sum / d : sum;
    };
    check(R"("out": {"kind": "fractal", "type": "ridged", "source": "a", "ridge_offset": "o", "ridge_gain": "r"})",
          [&](std::size_t p, double o, double r) { return ridged(p, o, r, 0.0, false); });
    check(R"("out": {"kind": "fractal", "type": "ridged", "source": "a", "ridge_offset": "o", "normalize": true})",
          [&](std::size_t p, double o, double) { return ridged(p, o, 2.0, 0.0, true); });
    check(R"("out": {"kind": "fractal", "type": "ridged", "source": "a", "ridge_gain": "r", "weighted_strength": 0.4})",
          [&](std::size_t p, double, double r) { return ridged(p, 1.0, r, 0.4, false); });
    // hetero terrain (gain 0.5): value = o + n, then value += (n + o) 0.5^i value.
    check(R"("out": {"kind": "fractal", "type": "hetero_terrain", "source": "a", "ridge_offset": "o"})",
          [&](std::size_t p, double o, double) {
              double value = o + octave[0][p], pwr = 0.5;
              for (int i = 1; i < 4; ++i, pwr *= 0.5) value += (octave[static_cast<std::size_t>(i)][p] + o) * pwr * value;
              return value;
          });
    // hybrid multifractal (gain 0.5): while weight > 0.001: weight = min(weight, 1), signal
    // = (n + o) 0.5^i, value += weight signal, weight *= r signal.
    check(R"("out": {"kind": "fractal", "type": "hybrid_multifractal", "source": "a", "ridge_offset": "o", "ridge_gain": "r"})",
          [&](std::size_t p, double o, double r) {
              double value = 0, weight = 1, pwr = 1;
              for (int i = 0; weight > 0.001 && i < 4; ++i) {
                  weight = std::min(weight, 1.0);
                  const double signal = (octave[static_cast<std::size_t>(i)][p] + o) * pwr;
                  pwr *= 0.5;
                  value += weight * signal;
                  weight *= r * signal;
              }
              return value;
          });
}

TEST(Graph, ADrivenNumbersGradientIsTheChainRuleOfItsValues) {
    // Every drivable number driven by a smooth node (b remapped into the field's range):
    // the oracle's gradient against central differences of its value.
    const auto pts = somePoints(30, 300.0);
    for (const auto& [k, f] : drivableNumbers()) {
        nlohmann::json node = nodeOver(*k);
        node[f->name] = "k";
        const double lo = f->positive || f->min == 0.0 ? 0.2 : -0.5, hi = f->max < 1.0 ? f->max : lo + 0.6;
        const nlohmann::json drive = {{"k", {{"kind", "remap"}, {"source", "b"}, {"to_min", lo}, {"to_max", hi}}}};
        if (!drivenHasDerivative(node, drive)) {
            // Only pow: a driven exponent may fall below 1; it is refused naming the node.
            EXPECT_EQ(std::string(k->name), "pow");
            EXPECT_NE(refusal(graphOver(node, drive, "gradient").dump()).find("exponent driven by a node"), std::string::npos);
            continue;
        }
        const Graph grad = Graph::parse(graphOver(node, drive, "gradient").dump(), "gradient");
        const Graph value = Graph::parse(graphOver(node, drive, "value").dump(), "value");
        int compared = 0;
        for (const cpu::Point& p : pts) {
            const auto g = cpu::evaluateDoubleOutput(grad, p);
            for (std::size_t axis = 0; axis < 2; ++axis) {
                auto at = [&](double d) {
                    cpu::Point q = p;
                    q[axis] += d;
                    return cpu::evaluateDoubleOutput(value, q)[0];
                };
                const double h = 1e-5, v0 = at(0), up = at(h), down = at(-h);
                // A kink or a jump between the steps (min, clamp, a step's ends, a modulus's band).
                if (std::fabs((up - v0) - (v0 - down)) > 1e-3 * h * (1 + std::fabs(g[axis + 1]))) continue;
                EXPECT_NEAR(g[axis + 1], (up - down) / (2 * h), 1e-5 * (1 + std::fabs(g[axis + 1])))
                    << k->name << " " << f->name << " at (" << p[0] << ", " << p[1] << ") axis " << axis;
                ++compared;
            }
        }
        EXPECT_GT(compared, 20) << k->name << " " << f->name;
    }
}

TEST(Graph, DomainNodesMoveThePointTheirSourceSees) {
    const auto pts = somePoints(100, 200.0);
    const std::string A = R"("a": {"kind": "basis", "basis": "opensimplex2", "frequency": 0.03})";
    const std::vector<double> plain = values(A + R"(, "out": {"kind": "abs", "source": "a"})", pts);
    auto moved = [&](const std::string& node, auto where) {
        const std::vector<double> v = values(A + ", " + node, pts);
        std::vector<cpu::Point> to;
        for (const auto& p : pts) to.push_back(where(p));
        const std::vector<double> w = values(A + R"(, "out": {"kind": "abs", "source": "a"})", to);
        for (std::size_t i = 0; i < pts.size(); ++i) ASSERT_NEAR(std::fabs(v[i]), w[i], 1e-9) << node;
    };
    moved(R"("out": {"kind": "scale", "source": "a", "by": [2, 0.5]})", [](cpu::Point p) { return cpu::Point{2 * p[0], 0.5 * p[1], 0, 0}; });
    moved(R"("out": {"kind": "offset", "source": "a", "by": [7, -3]})", [](cpu::Point p) { return cpu::Point{p[0] + 7, p[1] - 3, 0, 0}; });
    moved(R"("out": {"kind": "rotate", "source": "a", "degrees": 90})", [](cpu::Point p) { return cpu::Point{-p[1], p[0], 0, 0}; });
    // A warp by a constant vector is an offset by amount times it.
    moved(R"("v": {"kind": "vector", "x": 0.5, "y": -1}, "out": {"kind": "warp", "source": "a", "by": "v", "amount": 4})",
          [](cpu::Point p) { return cpu::Point{p[0] + 2, p[1] - 4, 0, 0}; });
    // Seeds: the same far place each time, a different one per seed.
    const std::vector<double> s1 = values(A + R"(, "out": {"kind": "seed", "source": "a", "seed": 1})", pts);
    const std::vector<double> s1b = values(A + R"(, "out": {"kind": "seed", "source": "a", "seed": 1})", pts);
    const std::vector<double> s2 = values(A + R"(, "out": {"kind": "seed", "source": "a", "seed": 2})", pts);
    EXPECT_EQ(s1, s1b);
    EXPECT_NE(s1, s2);
    // A basis's own seed is the basis inside a seed node of that seed, texel for texel;
    // seed 0 is none.
    const std::string S = R"("a": {"kind": "basis", "basis": "opensimplex2", "frequency": 0.03, "seed": 7})";
    const Graph own = Graph::parse(wrap(S + R"(, "out": {"kind": "abs", "source": "a"})"));
    const Graph node = Graph::parse(wrap(A + R"(, "s": {"kind": "seed", "source": "a", "seed": 7}, "out": {"kind": "abs", "source": "s"})"));
    const Graph none = Graph::parse(wrap(R"("a": {"kind": "basis", "basis": "opensimplex2", "frequency": 0.03, "seed": 0},
                                           "out": {"kind": "abs", "source": "a"})"));
    const Grid grid{48, 32, 1};
    EXPECT_EQ(cpu::evaluate(own, grid, {-20, 5, 0}, 1).data, cpu::evaluate(node, grid, {-20, 5, 0}, 1).data);
    EXPECT_EQ(cpu::evaluate(none, grid, {-20, 5, 0}, 1).data,
              cpu::evaluate(Graph::parse(wrap(A + R"(, "out": {"kind": "abs", "source": "a"})")), grid, {-20, 5, 0}, 1).data);
    EXPECT_NE(cpu::evaluate(own, grid, {-20, 5, 0}, 1).data, cpu::evaluate(none, grid, {-20, 5, 0}, 1).data);
    (void)plain;
}

// add_dimension and remove_dimension by their definitions (FastNoise2's AddDimension and
// RemoveDimension): the source one dimension up at (p, at(p)), or one down at p without an
// axis, each against the source as a graph of those dimensions of its own at those points.
TEST(Graph, AddAndRemoveDimensionEvaluateTheirSourceInOtherDimensions) {
    const auto pts = somePoints(60, 300.0);
    const std::string S = R"("s": {"kind": "basis", "basis": "perlin", "frequency": 0.03})";
    const std::string C = R"("c": {"kind": "basis", "basis": "value", "frequency": 0.01})";
    for (int dims = 1; dims <= 3; ++dims) {
        SCOPED_TRACE("add_dimension in " + std::to_string(dims) + "D");
        // A number, then a node's value (times 40, so that the new axis is crossed).
        const std::vector<double> atNumber = values(S + R"(, "out": {"kind": "add_dimension", "source": "s", "at": 17.5})", pts, dims);
        const std::vector<double> at = values(C + R"(, "out": {"kind": "multiply", "a": "c", "b": 40})", pts, dims);
        const std::vector<double> atNode = values(S + ", " + C + R"(, "k": {"kind": "multiply", "a": "c", "b": 40},
                                                  "out": {"kind": "add_dimension", "source": "s", "at": "k"})", pts, dims);
        std::vector<cpu::Point> onNumber, onNode;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            cpu::Point p{}, q{};
            for (int a = 0; a < dims; ++a) p[static_cast<std::size_t>(a)] = q[static_cast<std::size_t>(a)] = pts[i][static_cast<std::size_t>(a)];
            p[static_cast<std::size_t>(dims)] = 17.5;
            q[static_cast<std::size_t>(dims)] = at[i];
            onNumber.push_back(p);
            onNode.push_back(q);
        }
        const std::vector<double> wantNumber = values(S + R"(, "out": {"kind": "abs", "source": "s"})", onNumber, dims + 1);
        const std::vector<double> wantNode = values(S + R"(, "out": {"kind": "abs", "source": "s"})", onNode, dims + 1);
        for (std::size_t i = 0; i < pts.size(); ++i) {
            ASSERT_NEAR(std::fabs(atNumber[i]), wantNumber[i], 1e-9) << i;
            ASSERT_NEAR(std::fabs(atNode[i]), wantNode[i], 1e-9) << i;
        }
        EXPECT_NE(atNumber, atNode);
    }
    for (int dims = 2; dims <= 4; ++dims)
        for (int axis = 0; axis < dims; ++axis) {
            const std::string name(1, "xyzw"[axis]);
            SCOPED_TRACE("remove_dimension " + name + " in " + std::to_string(dims) + "D");
            const std::vector<double> v =
                values(S + R"(, "out": {"kind": "remove_dimension", "source": "s", "axis": ")" + name + R"("})", pts, dims);
            std::vector<cpu::Point> without;
            for (const cpu::Point& p : pts) {
                cpu::Point q{};
                for (int a = 0, j = 0; a < dims; ++a)
                    if (a != axis) q[static_cast<std::size_t>(j++)] = p[static_cast<std::size_t>(a)];
                without.push_back(q);
            }
            const std::vector<double> want = values(S + R"(, "out": {"kind": "abs", "source": "s"})", without, dims - 1);
            for (std::size_t i = 0; i < pts.size(); ++i) ASSERT_NEAR(std::fabs(v[i]), want[i], 1e-12) << i;
            if (axis == dims - 1) {  // "last", the default, is the point's last axis
                EXPECT_EQ(values(S + R"(, "out": {"kind": "remove_dimension", "source": "s"})", pts, dims), v);
            }
        }
    // One node in two dimensions: s at the point (2D) and at (p, 5) (3D), planned once in each.
    const std::vector<double> both = values(S + R"(, "up": {"kind": "add_dimension", "source": "s", "at": 5},
                                                 "out": {"kind": "add", "a": "s", "b": "up"})", pts);
    auto signedValues = [&](const std::vector<cpu::Point>& at, int dims) {
        std::vector<double> r = values(S + R"(, "out": {"kind": "invert", "source": "s"})", at, dims);
        for (double& x : r) x = -x;
        return r;
    };
    std::vector<cpu::Point> lifted;
    for (const cpu::Point& p : pts) lifted.push_back({p[0], p[1], 5, 0});
    const std::vector<double> flat = signedValues(pts, 2), raised = signedValues(lifted, 3);
    for (std::size_t i = 0; i < pts.size(); ++i) ASSERT_NEAR(both[i], flat[i] + raised[i], 1e-9) << i;
    // The float reference and the SIMD backend run the same plan: bit for bit.
    const Graph g = Graph::parse(wrap(S + ", " + C + R"(, "k": {"kind": "multiply", "a": "c", "b": 40},
                                      "up": {"kind": "add_dimension", "source": "s", "at": "k"},
                                      "down": {"kind": "remove_dimension", "source": "s", "axis": "x"},
                                      "out": {"kind": "add", "a": "up", "b": "down"})"));
    const Grid grid{40, 24, 1};
    EXPECT_EQ(cpu::evaluate(g, grid, {-70, 13, 0}, 1).data, cpu::evaluateSimd(g, grid, {-70, 13, 0}, 1).data);
}

// Their gradients: the chain rule through the new axis's coordinate, and none along the
// axis left out; against central differences of the oracle's values.
TEST(Graph, AddAndRemoveDimensionGradientsAreTheirValuesSlopes) {
    const auto pts = somePoints(20, 300.0);
    const std::vector<std::pair<std::string, int>> graphs = {
        {R"("s": {"kind": "basis", "basis": "opensimplex2", "frequency": 0.02}, "c": {"kind": "basis", "frequency": 0.01},
            "k": {"kind": "multiply", "a": "c", "b": 40}, "out": {"kind": "add_dimension", "source": "s", "at": "k"})", 2},
        {R"("s": {"kind": "basis", "basis": "simplex", "frequency": 0.03}, "f": {"kind": "fractal", "source": "s", "octaves": 3},
            "out": {"kind": "remove_dimension", "source": "f", "axis": "y"})", 3},
    };
    for (const auto& [nodes, dims] : graphs) {
        const std::string head = R"({"glnoise_graph": 2, "dims": )" + std::to_string(dims) + R"(, "out": "out", )";
        const Graph grad = Graph::parse(head + R"("output": "gradient", "nodes": {)" + nodes + "}}");
        const Graph value = Graph::parse(head + R"("nodes": {)" + nodes + "}}");
        for (const cpu::Point& p : pts) {
            const std::array<double, 4> g = cpu::evaluateDoubleOutput(grad, p);
            for (int a = 0; a < dims; ++a) {
                const double h = 1e-4;
                cpu::Point lo = p, hi = p;
                lo[static_cast<std::size_t>(a)] -= h;
                hi[static_cast<std::size_t>(a)] += h;
                const double want = (cpu::evaluateDoubleOutput(value, hi)[0] - cpu::evaluateDoubleOutput(value, lo)[0]) / (2 * h);
                ASSERT_NEAR(g[static_cast<std::size_t>(a) + 1], want, 1e-6) << nodes << " axis " << a;
            }
            if (dims == 3) {
                EXPECT_EQ(g[2], 0.0);  // along y, the axis left out, the value holds
            }
        }
    }
}

// The feature points come from tests/golden/make_golden.py's brute force: a lookup of the
// position along each axis is the nearest point's coordinate, in units of the point.
TEST(Graph, ACellularLookupReadsItsSourceAtTheNearestFeaturePoint) {
    int rows = 0;
    for (const auto& r : test::readCsv("cellular_lookup.csv")) {
        const int dims = std::stoi(r[2]);
        const double f = rows % 2 ? 0.5 : 1.0;  // the golden points are in cells: p / f in units
        const cpu::Point p = {std::stod(r[3]) / f, std::stod(r[4]) / f, std::stod(r[5]) / f, std::stod(r[6]) / f};
        for (int a = 0; a < dims; ++a) {
            const std::string axis(1, "xyzw"[a]);
            const Graph g = Graph::parse(R"({"glnoise_graph": 2, "dims": )" + std::to_string(dims) +
                                         R"(, "out": "out", "nodes": {"p": {"kind": "position", "axis": ")" + axis +
                                         R"("}, "out": {"kind": "cellular_lookup", "source": "p", "frequency": )" + std::to_string(f) +
                                         R"(, "cell_distance": ")" + r[0] + R"(", "cell_jitter": )" + r[1] + "}}}");
            const double want = std::stod(r[7 + static_cast<std::size_t>(a)]) / f;
            SCOPED_TRACE(r[0] + " jitter " + r[1] + " dims " + r[2] + " axis " + axis + " frequency " + std::to_string(f));
            ASSERT_NEAR(cpu::evaluateDoubleOutput(g, p)[0], want, 1e-9);
            ASSERT_NEAR(cpu::evaluatePoints(g, {p})[0], want, 1e-5 * (1 + std::fabs(want)));
        }
        ++rows;
    }
    EXPECT_EQ(rows, 96);
    // Cells filled with noise: one value per cell (texels of a cell agree with its feature
    // point's), and far from the origin the float reference keeps to the double oracle.
    const Graph g = Graph::parse(wrap(R"("b": {"kind": "basis", "frequency": 0.02},
                                        "out": {"kind": "cellular_lookup", "source": "b", "frequency": 0.1})",
                                     "out", R"("world_hash": true, )"));
    const TexelStart far = {1000000000, -3000000000LL, 0};
    const Image img = cpu::evaluate(g, Grid{32, 8, 1}, far, 1);
    std::set<long long> cells;  // values to 1e-4: a cell's texels may differ in the float's last bits
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 32; ++x) {
            const double want = cpu::evaluateDoubleOutput(g, {1e9 + x, -3e9 + y, 0, 0})[0];
            EXPECT_NEAR(img.data[img.index(x, y)], want, 1e-4);
            cells.insert(std::llround(img.data[img.index(x, y)] * 1e4));
        }
    EXPECT_LT(cells.size(), 12u);  // 256 texels over about 3 by 1 cells of 10 texels
    EXPECT_GT(cells.size(), 1u);
}

TEST(Graph, AFractalOfABasisIsOneNode) {
    // The basis's fields on the fractal in place of its source: the same graph as the two
    // nodes, its basis the node "ID.basis", which is what the graph writes.
    const Graph one = Graph::parse(wrap(R"("out": {"kind": "fractal", "basis": "opensimplex2", "frequency": 0.01, "seed": 3,
                                                  "octaves": 5, "type": "ridged"})"));
    const Graph two = Graph::parse(wrap(R"("out.basis": {"kind": "basis", "basis": "opensimplex2", "frequency": 0.01, "seed": 3},
                                           "out": {"kind": "fractal", "source": "out.basis", "octaves": 5, "type": "ridged"})"));
    EXPECT_EQ(one, two);
    EXPECT_EQ(one.json(), two.json());
    EXPECT_EQ(one.nodes.at("out").inputs.at("source"), "out.basis");
    EXPECT_EQ(one.nodes.at("out.basis").number("seed"), 3.0);
    EXPECT_EQ(Graph::parse(one.json()), one);
}

TEST(Graph, FormatOneReadsItsOwnNames) {
    // Format 1 named a basis's interp "curve" and a marble's or wood's pattern_scale
    // "scale": such a file reads as the same graph, which writes format 2's names.
    const std::string nodes1 = R"("b": {"kind": "basis", "basis": "value", "curve": "linear"},
        "f": {"kind": "fractal", "basis": "value", "curve": "cubic", "octaves": 2},
        "m": {"kind": "marble", "source": "b", "scale": 3}, "w": {"kind": "wood", "source": "f", "scale": 2},
        "out": {"kind": "add", "a": "m", "b": "w"})";
    std::string nodes2 = nodes1;
    for (const auto& [before, now] : {std::pair<std::string, std::string>{"\"curve\"", "\"interp\""}, {"\"scale\"", "\"pattern_scale\""}})
        for (std::size_t at; (at = nodes2.find(before)) != std::string::npos;) nodes2.replace(at, before.size(), now);
    const std::string v1 = R"({"glnoise_graph": 1, "dims": 2, "out": "out", "nodes": {)" + nodes1 + "}}";
    const Graph one = Graph::parse(v1), two = Graph::parse(wrap(nodes2));
    EXPECT_EQ(one, two);
    EXPECT_EQ(one.nodes.at("b").choice("interp"), "linear");
    EXPECT_EQ(one.nodes.at("f.basis").choice("interp"), "cubic");
    EXPECT_EQ(one.nodes.at("w").number("pattern_scale"), 2.0);
    const std::string written = one.json();
    EXPECT_NE(written.find("\"glnoise_graph\": 2"), std::string::npos) << written;
    EXPECT_EQ(written.find("\"curve\""), std::string::npos) << written;
    EXPECT_EQ(written.find("\"scale\""), std::string::npos) << written;
    // Each format's names in its own files only, the other's named.
    EXPECT_NE(refusal(R"({"glnoise_graph": 1, "out": "b", "nodes": {"b": {"kind": "basis", "interp": "linear"}}})")
                  .find("node \"b\" interp is its name from graph format 2 on; this file states glnoise_graph 1, which names it curve"),
              std::string::npos);
    EXPECT_NE(refusal(wrap(R"("out": {"kind": "basis", "curve": "linear"})")).find("node \"out\" curve is not a field of basis (its name "
                                                                                  "before graph format 2; now interp)"),
              std::string::npos);
    EXPECT_NE(refusal(wrap(R"("b": {"kind": "basis"}, "out": {"kind": "wood", "source": "b", "scale": 2})")).find("now pattern_scale"),
              std::string::npos);
}

TEST(Graph, FieldsASpecHasTooAllowWhatTheSpecAllows) {
    // A graph field of a spec key (a basis's frequency, a fractal's lacunarity) is that
    // field: the same help, and the same values allowed and refused, in the same words.
    // Fields of a spec's name with a meaning of their own, as docs/graphs.md says: the
    // cells, squares, waves or stripes of other leaves.
    const std::set<std::string> own = {"white frequency", "checkerboard frequency", "sine_wave frequency", "marble frequency",
                                       "wood frequency"};
    int mirrored = 0;
    for (const GraphKind& k : graphKinds())
        for (const GraphField& f : k.fields) {
            const SpecField* row = findSpecKey(f.name);
            if (!row || row->meaning.empty() || own.count(std::string(k.name) + " " + f.name)) continue;
            ++mirrored;
            EXPECT_EQ(std::string(f.help).rfind(row->meaning, 0), 0u) << k.name << " " << f.name << ": " << f.help;
            if (f.type != GraphFieldType::Number && f.type != GraphFieldType::Count) continue;
            // The least a float holds above 0 (below it a number is refused as a subnormal).
            const double least = std::numeric_limits<float>::min();
            const double lo = row->aboveMin ? (row->min == 0 ? least : std::nextafter(row->min, 1e300)) : row->min;
            const bool whole = std::holds_alternative<int NoiseSpec::*>(row->member);
            const double below = whole ? lo - 1 : row->min == 0 ? -1.0 : std::nextafter(lo, -1e300);
            const double beyond = whole ? row->max + 1 : std::nextafter(row->max, 1e300);
            for (const double v : {lo, row->max, below, beyond}) {
                NoiseSpec spec;
                std::visit([&](auto m) {
                    if constexpr (std::is_same_v<FieldValue<decltype(m)>, double>) spec.*m = v;
                    if constexpr (std::is_same_v<FieldValue<decltype(m)>, int>) spec.*m = static_cast<int>(v);
                }, row->member);
                if (row->key() == "pattern_scale") spec.pattern = Pattern::Marble;
                if (row->key() == "octaves") spec.lacunarity = 1.0;  // within the highest octave's frequency limit
                std::string specSays;
                try {
                    spec.validate();
                } catch (const ValidationError& e) {
                    specSays = e.what();
                }
                nlohmann::json node = {{"kind", k.name}, {f.name, v}};
                if (std::any_of(k.fields.begin(), k.fields.end(), [](const GraphField& g) { return std::string(g.name) == "source"; }))
                    node["source"] = "b";
                if (std::string(k.name) == "fractal" && std::string(f.name) != "octaves") node["octaves"] = 1;
                nlohmann::json g = {{"glnoise_graph", kGraphFormat}, {"dims", 2}, {"out", "out"},
                                    {"nodes", {{"b", {{"kind", "basis"}}}, {"out", node}}}};
                const std::string graphSays = refusal(g.dump());
                const bool inside = v >= lo && v <= row->max;
                EXPECT_EQ(specSays.empty(), inside) << row->name << " " << v << ": " << specSays;
                EXPECT_EQ(graphSays.empty(), inside) << k.name << " " << f.name << " " << v << ": " << graphSays;
                if (!inside) {
                    const std::string words = "must be " + row->rangeText();
                    EXPECT_NE(specSays.find(words), std::string::npos) << specSays;
                    EXPECT_NE(graphSays.find(words), std::string::npos) << graphSays;
                }
            }
        }
    EXPECT_GE(mirrored, 14);
}

TEST(Graph, NestedWarpsWarpProgressively) {
    // FastNoise2's progressive fractal warp as nested warps: the outer warp's vector read at
    // p moves it to p1, the inner's read at p1 moves it to p2, and the noise is read at p2.
    const auto pts = somePoints(60, 300.0);
    const std::string N = R"("n": {"kind": "basis", "basis": "simplex", "frequency": 0.02},
                             "x1": {"kind": "basis", "frequency": 0.004, "seed": 1}, "y1": {"kind": "basis", "frequency": 0.004, "seed": 2},
                             "x2": {"kind": "basis", "frequency": 0.008, "seed": 3}, "y2": {"kind": "basis", "frequency": 0.008, "seed": 4})";
    const std::vector<double> v = values(N + R"(, "v1": {"kind": "vector", "x": "x1", "y": "y1"}, "v2": {"kind": "vector", "x": "x2", "y": "y2"},
                                             "inner": {"kind": "warp", "source": "n", "by": "v2", "amount": 10},
                                             "out": {"kind": "warp", "source": "inner", "by": "v1", "amount": 20})",
                                         pts);
    auto at = [&](const char* id, const std::vector<cpu::Point>& where) {
        return values(N + R"(, "out": {"kind": "add", "a": ")" + std::string(id) + R"(", "b": 0})", where);
    };
    const std::vector<double> x1 = at("x1", pts), y1 = at("y1", pts);
    std::vector<cpu::Point> p1;
    for (std::size_t i = 0; i < pts.size(); ++i) p1.push_back({pts[i][0] + 20 * x1[i], pts[i][1] + 20 * y1[i], 0, 0});
    const std::vector<double> x2 = at("x2", p1), y2 = at("y2", p1);
    std::vector<cpu::Point> p2;
    for (std::size_t i = 0; i < pts.size(); ++i) p2.push_back({p1[i][0] + 10 * x2[i], p1[i][1] + 10 * y2[i], 0, 0});
    const std::vector<double> want = at("n", p2);
    for (std::size_t i = 0; i < pts.size(); ++i) EXPECT_NEAR(v[i], want[i], 1e-9) << "point " << i;
}

TEST(Graph, FractalsSumTheirSourceAtEveryOctave) {
    // A fractal over a sum is the sum of its terms' fractals (fBm is linear), at the
    // octaves' points: lacunarity^i p.
    const auto pts = somePoints(100, 300.0);
    const std::string S = R"("a": {"kind": "basis", "frequency": 0.02}, "b": {"kind": "basis", "basis": "value", "frequency": 0.05},
                              "s": {"kind": "add", "a": "a", "b": "b"})";
    const std::vector<double> whole = values(S + R"(, "out": {"kind": "fractal", "source": "s", "octaves": 3, "lacunarity": 2.5, "gain": 0.4})", pts);
    const std::vector<double> fa = values(S + R"(, "out": {"kind": "fractal", "source": "a", "octaves": 3, "lacunarity": 2.5, "gain": 0.4})", pts);
    const std::vector<double> fb = values(S + R"(, "out": {"kind": "fractal", "source": "b", "octaves": 3, "lacunarity": 2.5, "gain": 0.4})", pts);
    for (std::size_t i = 0; i < pts.size(); ++i) EXPECT_NEAR(whole[i], fa[i] + fb[i], 1e-12);
}

TEST(Graph, FractalTypesFollowTheirDefinitions) {
    // Octave i's value, n[i]: the source alone at lacunarity^i p. Each fractal is written
    // here from its definition over them: Musgrave's three as Blender's Noise Texture
    // defines them (with its "detail" d as d + 1 octaves and its roughness as the gain),
    // the weighted strength as FastNoise2's Fractal does, a fractional count as Blender's.
    const auto pts = somePoints(100, 300.0);
    const std::string A = R"("a": {"kind": "basis", "frequency": 0.02})";
    const double lac = 2.0, g = 0.5, off = 0.7, hgain = 1.5;
    std::vector<std::vector<double>> n(5);
    for (std::size_t i = 0; i < n.size(); ++i) {
        std::vector<cpu::Point> at;
        for (const cpu::Point& p : pts) at.push_back({p[0] * std::pow(lac, i), p[1] * std::pow(lac, i), 0, 0});
        n[i] = values(A + R"(, "out": {"kind": "invert", "source": "a"})", at);
        for (double& v : n[i]) v = -v;
    }
    auto check = [&](const std::string& fields, auto formula) {
        const std::vector<double> v =
            values(A + R"(, "out": {"kind": "fractal", "source": "a", "lacunarity": 2, "gain": 0.5, )" + fields + "}", pts);
        for (std::size_t k = 0; k < pts.size(); ++k) {
            double o[5];
            for (std::size_t i = 0; i < 5; ++i) o[i] = n[i][k];
            ASSERT_NEAR(v[k], formula(o), 1e-9) << fields << " at point " << k;
        }
    };
    // Fractional octaves: 2.5 adds the third octave at half its amplitude, in the sum and
    // in the divisor.
    check(R"("octaves": 2.5)", [&](const double* o) { return o[0] + g * o[1] + 0.5 * g * g * o[2]; });
    check(R"("octaves": 2.5, "normalize": true)",
          [&](const double* o) { return (o[0] + g * o[1] + 0.5 * g * g * o[2]) / (1 + g + 0.5 * g * g); });
    // multifractal: value *= pwr n + 1 per octave, pwr *= roughness; the remainder's
    // octave as rmd pwr n + 1.
    check(R"("type": "multifractal", "octaves": 3.5)", [&](const double* o) {
        double value = 1, pwr = 1;
        for (int i = 0; i < 3; ++i, pwr *= g) value *= pwr * o[i] + 1;
        return value * (0.5 * pwr * o[3] + 1);
    });
    // hetero terrain: value = offset + n, then value += (n + offset) pwr value.
    check(R"("type": "hetero_terrain", "octaves": 3.5, "ridge_offset": 0.7)", [&](const double* o) {
        double value = off + o[0], pwr = g;
        for (int i = 1; i < 3; ++i, pwr *= g) value += (o[i] + off) * pwr * value;
        return value + 0.5 * (o[3] + off) * pwr * value;
    });
    // hybrid multifractal: while weight > 0.001: weight = min(weight, 1), signal =
    // (n + offset) pwr, value += weight signal, weight *= gain signal.
    for (const double offset : {0.7, 0.2}) {
        check(R"("type": "hybrid_multifractal", "octaves": 5, "ridge_gain": 1.5, "ridge_offset": )" + std::to_string(offset),
              [&](const double* o) {
                  double value = 0, weight = 1, pwr = 1;
                  for (int i = 0; weight > 0.001 && i < 5; ++i) {
                      weight = std::min(weight, 1.0);
                      const double signal = (o[i] + offset) * pwr;
                      pwr *= g;
                      value += weight * signal;
                      weight *= hgain * signal;
                  }
                  return value;
              });
    }
    // Weighted strength: amp *= lerp(1, (n + 1) / 2, strength) * gain between octaves.
    check(R"("octaves": 4, "weighted_strength": 0.6)", [&](const double* o) {
        double sum = o[0], amp = 1;
        for (int i = 1; i < 4; ++i) {
            amp *= 1 + 0.6 * ((o[i - 1] + 1) / 2 - 1);
            amp *= g;
            sum += o[i] * amp;
        }
        return sum;
    });
    // Ridged (Musgrave's: (offset - |n|)^2 weighted by the last signal times the ridge
    // gain, clamped to [0, 1]) with its octaves weighted by 1 - |n|.
    check(R"("type": "ridged", "octaves": 4, "weighted_strength": 0.8)", [&](const double* o) {
        double sum = 0, amp = 1, signal = 0;
        for (int i = 0; i < 4; ++i) {
            const double w = i == 0 ? 1.0 : std::clamp(signal * 2.0, 0.0, 1.0);
            signal = (1 - std::fabs(o[i])) * (1 - std::fabs(o[i])) * w;
            sum += amp * signal;
            amp *= (1 + 0.8 * ((1 - std::fabs(o[i])) - 1)) * g;
        }
        return sum;
    });
    // A fractional count is continuous in the count: 3 and 3 plus a little agree.
    const std::vector<double> three = values(A + R"(, "out": {"kind": "fractal", "source": "a", "type": "hetero_terrain", "octaves": 3})", pts);
    const std::vector<double> more = values(A + R"(, "out": {"kind": "fractal", "source": "a", "type": "hetero_terrain", "octaves": 3.001})", pts);
    for (std::size_t k = 0; k < pts.size(); ++k) EXPECT_NEAR(three[k], more[k], 1e-2);
}

TEST(Graph, GradientsAreTheChainRuleOfItsValues) {
    // The oracle's gradient against central differences of its value, for random graphs
    // of nodes with derivatives.
    std::mt19937_64 rng(21);
    test::GraphDrawer drawer(rng);
    int checked = 0;
    while (checked < 40) {
        test::GraphDraw d = drawer.draw();
        if (d.graph.space.output != Output::Gradient) continue;
        if (hasJumps(d.graph)) continue;
        Graph value = d.graph;
        value.space.output = Output::Value;
        for (int k = 0; k < 8; ++k) {
            const cpu::Point p = {static_cast<double>(d.start[0]) + 3.3 * k, static_cast<double>(d.start[1]) - 1.7 * k, 0.25, 0};
            const std::array<double, 4> g = cpu::evaluateDoubleOutput(d.graph, p);
            // Central differences at h and h / 4: where the gradient is right they close in on
            // it, as far off as they are from each other (warps of warps make steep, wrinkled values).
            const double norm = std::fabs(g[1]) + std::fabs(g[2]) + std::fabs(g[3]);
            const double h = 1e-4 / (1.0 + norm);
            const double v0 = cpu::evaluateDoubleOutput(value, p)[0];
            // A value past what a double holds (a Musgrave product of octaves of a power of a
            // distance) has no slope to compare.
            if (!std::isfinite(v0)) continue;
            // The steps as the point holds them (a step below its resolution would be 0).
            auto difference = [&](int axis, double step, double* one, double* other) {
                cpu::Point lo = p, hi = p;
                const auto a = static_cast<std::size_t>(axis);
                lo[a] -= step;
                hi[a] += step;
                const double up = cpu::evaluateDoubleOutput(value, hi)[0], down = cpu::evaluateDoubleOutput(value, lo)[0];
                *one = (up - v0) / (hi[a] - p[a]);
                *other = (v0 - down) / (p[a] - lo[a]);
                return (up - down) / (hi[a] - lo[a]);
            };
            for (int axis = 0; axis < d.graph.space.dims; ++axis) {
                // Steps a few ulps of the point wide measure its rounding, not the slope.
                const double at = p[static_cast<std::size_t>(axis)];
                if (h / 4 < 64 * (std::nextafter(std::fabs(at), INFINITY) - std::fabs(at))) continue;
                double one = 0, other = 0, a = 0, b = 0, c = 0, e = 0;
                const double coarse = difference(axis, h, &one, &other);
                const double mid = difference(axis, h / 2, &c, &e);
                const double fine = difference(axis, h / 4, &a, &b);
                // Kinks (abs, min, clamp, curve ends, a cellular edge) break a difference that
                // straddles one: skip the rare point where the two sides disagree.
                if (std::fabs(one - other) > 1e-2 * (1 + std::fabs(one))) continue;
                // Central differences close in on the slope by a quarter per halved step; where
                // they do not, rounding rules them (the sine of a value near 10^9, a marble of a
                // squared position): nothing to compare.
                if (std::fabs(mid - fine) > 0.5 * std::fabs(coarse - mid) + 1e-4 * (1 + norm)) continue;
                const double want = g[static_cast<std::size_t>(axis) + 1];
                // What rounding the values leaves of a difference: a few ulps of the value over h.
                const double noise = 8.0 * std::numeric_limits<double>::epsilon() * (1.0 + std::fabs(v0)) / (h / 4);
                EXPECT_NEAR(want, fine, 2 * std::fabs(coarse - fine) + 1e-4 * (1 + norm) + noise)
                    << d.graph.json() << " axis " << axis;
            }
        }
        ++checked;
    }
}

TEST(Graph, TilesEqualTheWholeAndStayExactFarAway) {
    std::mt19937_64 rng(31);
    test::GraphDrawer drawer(rng);
    for (int i = 0; i < 30; ++i) {
        test::GraphDraw d = drawer.draw();
        const Grid whole{40, 20, 1};
        const Image all = cpu::evaluate(d.graph, whole, d.start, 1);
        const int cuts[2] = {13, 7};
        for (int ty = 0; ty < 2; ++ty)
            for (int tx = 0; tx < 2; ++tx) {
                const int x0 = tx ? cuts[0] : 0, y0 = ty ? cuts[1] : 0;
                const Grid part{tx ? whole.width - cuts[0] : cuts[0], ty ? whole.height - cuts[1] : cuts[1], 1};
                const Image tile = cpu::evaluate(d.graph, part, {d.start[0] + x0, d.start[1] + y0, 0}, 1);
                for (int y = 0; y < part.height; ++y)
                    for (int x = 0; x < part.width; ++x)
                        for (int c = 0; c < all.channels; ++c)
                            ASSERT_EQ(tile.data[tile.index(x, y) + static_cast<std::size_t>(c)],
                                      all.data[all.index(x0 + x, y0 + y) + static_cast<std::size_t>(c)])
                                << d.graph.json();
            }
    }
    // Checkerboards and sine waves at 10^9 texels: each square and wave where its formula
    // puts it, in double.
    const Graph waves = Graph::parse(wrap(R"("c": {"kind": "checkerboard", "frequency": 0.125},
                                            "s": {"kind": "sine_wave", "frequency": 0.0625, "phase": 0.1},
                                            "out": {"kind": "add", "a": "c", "b": "s"})"));
    const TexelStart distant = {1000000003, -2999999998LL, 0};
    const Image wv = cpu::evaluate(waves, Grid{40, 6, 1}, distant, 1);
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 40; ++x) {
            const double px = 1000000003.0 + x, py = -2999999998.0 + y;
            const double squares = std::floor(0.125 * px) + std::floor(0.125 * py);
            const double turn = 0.0625 * px + 0.1;
            const double want = (std::fmod(std::fabs(squares), 2.0) == 0.0 ? 1.0 : -1.0) +
                                std::sin(2 * 3.14159265358979323846 * (turn - std::floor(turn)));
            EXPECT_NEAR(wv.data[wv.index(x, y)], want, 1e-5) << x << ", " << y;
        }
    // At 10^9 texels the float reference keeps to the double oracle as near the origin.
    const Graph g = Graph::parse(wrap(R"("b": {"kind": "basis", "frequency": 0.01}, "f": {"kind": "fractal", "source": "b", "octaves": 6},
                                        "c": {"kind": "basis", "basis": "cellular", "frequency": 0.03},
                                        "out": {"kind": "smooth_min", "a": "f", "b": "c", "smoothness": 0.2})",
                                     "out", R"("world_hash": true, )"));
    const TexelStart far = {1000000000, -3000000000LL, 0};
    const Image img = cpu::evaluate(g, Grid{32, 8, 1}, far, 1);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 32; ++x) {
            const double want = cpu::evaluateDoubleOutput(g, {1e9 + x, -3e9 + y, 0, 0})[0];
            EXPECT_NEAR(img.data[img.index(x, y)], want, 1e-4);
        }
}

TEST(Graph, TheDocsTableNamesEveryKindAndField) {
    std::ifstream in(std::string(GLNOISE_SOURCE_DIR) + "/docs/graphs.md");
    std::vector<std::string> rows;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("| `", 0) == 0) rows.push_back(line);
    for (const GraphKind& k : graphKinds()) {
        const std::string name = std::string("`") + k.name + "`";
        const auto row = std::find_if(rows.begin(), rows.end(), [&](const std::string& r) {
            const std::size_t cell = r.find(" | ", 1);
            return r.substr(0, cell).find(name) != std::string::npos;
        });
        ASSERT_NE(row, rows.end()) << "docs/graphs.md has no row for " << k.name;
        for (const GraphField& f : k.fields)
            EXPECT_NE(row->find(std::string("`") + f.name + "`"), std::string::npos) << k.name << " " << f.name;
    }
}

// The graphs docs/graphs.md shows and points to: each reads, and its reference values
// stay within its stated range.
TEST(Graph, EveryExampleGraphReadsAndBakes) {
    const std::filesystem::path dir = std::filesystem::path(GLNOISE_SOURCE_DIR) / "examples" / "graphs";
    int read = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".json") continue;
        std::ifstream in(entry.path());
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        SCOPED_TRACE(entry.path().filename().string());
        const Graph g = Graph::parse(text, entry.path().filename().string());
        const ValueRange r = statedRange(g);
        const Image img = cpu::evaluate(g, Grid{48, 32, 1}, {}, 1);
        for (float v : img.data) {
            ASSERT_GE(v, r.min - 1e-4 * (1 + std::fabs(r.min)));
            ASSERT_LE(v, r.max + 1e-4 * (1 + std::fabs(r.max)));
        }
        ++read;
    }
    EXPECT_GE(read, 7);
}

// The compact form as docs/graphs.md states it, written here without the library:
// "gln1.", base64url without padding of zlib(JSON) and the CRC-32 of the zlib bytes.
constexpr const char* kUrlSafe = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
std::string packCompact(const std::string& json, int form = 1) {
    uLongf size = compressBound(static_cast<uLong>(json.size()));
    std::vector<unsigned char> z(size);
    EXPECT_EQ(compress2(z.data(), &size, reinterpret_cast<const Bytef*>(json.data()), static_cast<uLong>(json.size()), 6), Z_OK);
    z.resize(size);
    const uLong crc = crc32(0L, z.data(), static_cast<uInt>(z.size()));
    for (int shift = 24; shift >= 0; shift -= 8) z.push_back(static_cast<unsigned char>(crc >> shift));
    std::string out = "gln" + std::to_string(form) + ".";
    for (std::size_t i = 0; i < z.size(); i += 3) {
        const std::size_t n = std::min<std::size_t>(3, z.size() - i);
        std::uint32_t v = 0;
        for (std::size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? z[i + k] : 0u);
        for (std::size_t k = 0; k <= n; ++k) out += kUrlSafe[(v >> (18 - 6 * k)) & 63u];
    }
    return out;
}
std::string unpackCompact(const std::string& text) {
    const std::string body = text.substr(5);
    std::vector<unsigned char> z;
    std::uint32_t v = 0;
    int bits = 0;
    for (char c : body) {
        v = (v << 6) | static_cast<std::uint32_t>(std::string(kUrlSafe).find(c));
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            z.push_back(static_cast<unsigned char>(v >> bits));
        }
    }
    std::string json(1 << 20, '\0');
    uLongf size = static_cast<uLongf>(json.size());
    EXPECT_EQ(uncompress(reinterpret_cast<Bytef*>(json.data()), &size, z.data(), static_cast<uLong>(z.size() - 4)), Z_OK);
    json.resize(size);
    return json;
}

TEST(Graph, ACompactFormIsItsJsonDeflatedAndReadsBackToAnEqualGraph) {
    std::mt19937_64 rng(75);
    test::GraphDrawer drawer(rng);
    std::vector<Graph> graphs;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(GLNOISE_SOURCE_DIR) / "examples" / "graphs")) {
        std::ifstream in(entry.path());
        graphs.push_back(Graph::parse(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>())));
    }
    for (int i = 0; i < 60; ++i) graphs.push_back(drawer.draw().graph);
    for (const Graph& g : graphs) {
        const std::string c = g.compact();
        ASSERT_EQ(c.rfind("gln1.", 0), 0u);
        EXPECT_EQ(c.find_first_not_of(kUrlSafe, 5), std::string::npos) << c;
        EXPECT_TRUE(isCompactGraph(c));
        // Its JSON is the graph's, minified; read back (spaces around it aside), the same graph.
        EXPECT_EQ(unpackCompact(c), g.json(-1));
        EXPECT_TRUE(Graph::parse(c) == g) << g.json();
        EXPECT_TRUE(Graph::parse("  " + c + "\n") == g);
        // A compact form made here, by another deflater, reads as well.
        EXPECT_TRUE(Graph::parse(packCompact(g.json())) == g);
    }
    EXPECT_FALSE(isCompactGraph("gln1json"));
    EXPECT_FALSE(isCompactGraph("./gln1.json"));
    EXPECT_FALSE(isCompactGraph("{\"glnoise_graph\": 2}"));
}

TEST(Graph, ACompactFormCutShortOrAlteredIsOneError) {
    const Graph g = Graph::parse(R"({"glnoise_graph": 2, "out": "f", "nodes": {"b": {"kind": "basis", "frequency": 0.02},
        "f": {"kind": "fractal", "source": "b", "octaves": 5, "type": "ridged"}}})");
    const std::string c = g.compact();
    auto refusal = [](const std::string& text) -> std::vector<std::string> {
        try {
            (void)Graph::parse(text, "graph s");
        } catch (const ValidationError& e) {
            return e.violations();
        }
        return {};
    };
    // Every cut, and every character changed to each of two others: one error each.
    for (std::size_t n = 5; n < c.size(); ++n) {
        const std::vector<std::string> v = refusal(c.substr(0, n));
        ASSERT_EQ(v.size(), 1u) << n;
        EXPECT_EQ(v[0].rfind("graph s: ", 0), 0u) << v[0];
    }
    for (std::size_t i = 5; i < c.size(); ++i)
        for (int step : {1, 37}) {
            std::string altered = c;
            altered[i] = kUrlSafe[(std::string(kUrlSafe).find(c[i]) + static_cast<std::size_t>(step)) % 64];
            ASSERT_EQ(refusal(altered).size(), 1u) << i;
        }
    auto says = [&](const std::string& text, const std::string& what) {
        const std::vector<std::string> v = refusal(text);
        ASSERT_EQ(v.size(), 1u) << text;
        EXPECT_NE(v[0].find(what), std::string::npos) << v[0];
    };
    says(c.substr(0, c.size() - 3), "cut short or altered");
    says(c.substr(0, 40) + "*" + c.substr(41), "character 36 after \"gln1.\" is *");
    says(packCompact(g.json(), 2), "compact form 2: this glnoise reads form 1");
    // More than a graph file may hold, unpacked (2 MiB of spaces deflate to a few KiB).
    says(packCompact(std::string(2 << 20, ' ')), "unpacks to more than 1 MiB");
    // A compact form inside a compact form is refused, not read level after level.
    says(packCompact(c), "holds another compact form");
    // What it holds is read as a graph file is: its errors name the node.
    says(packCompact(R"({"glnoise_graph": 2, "out": "b", "nodes": {"b": {"kind": "basis", "frequency": -1}}})"),
         "graph s: node \"b\" frequency");
}

TEST(Graph, StatedRangeHoldsEveryValue) {
    std::mt19937_64 rng(41);
    test::GraphDrawer drawer(rng);
    int checked = 0;
    while (checked < 60) {
        test::GraphDraw d = drawer.draw();
        d.graph.space.output = Output::Value;
        const ValueRange r = statedRange(d.graph);
        // Unbounded ranges (positions, ramps, distances) say nothing to check, and powers of
        // them can pass float's range.
        if (!(std::fabs(r.min) < 1e30 && std::fabs(r.max) < 1e30)) continue;
        ++checked;
        const Image img = cpu::evaluate(d.graph, d.grid, d.start, 1);
        for (float v : img.data) {
            ASSERT_GE(v, r.min - 1e-4 * (1 + std::fabs(r.min))) << d.graph.json();
            ASSERT_LE(v, r.max + 1e-4 * (1 + std::fabs(r.max))) << d.graph.json();
        }
    }
}

// No graph states a NaN range or tolerance, which no comparison passes: a remap onto one
// value of an unbounded ramp once stated NaN (0 times infinity), and check failed a GPU
// that agreed with the reference exactly.
TEST(Graph, NoGraphStatesANaNRangeOrTolerance) {
    const Graph onto = Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "nodes": {
        "r": {"kind": "ramp", "axis": "x", "from": 0, "to": 10},
        "m": {"kind": "remap", "source": "r", "to_min": -1, "to_max": -1}}, "out": "m"})",
                                    "onto one value");
    EXPECT_EQ(statedRange(onto).min, -1.0);
    EXPECT_EQ(statedRange(onto).max, -1.0);
    for (double t : cpu::agreementTolerance(onto)) EXPECT_TRUE(std::isfinite(t)) << t;
    std::mt19937_64 rng(test::envOr("GLNOISE_GRAPH_SEED", 73));
    test::GraphDrawer drawer(rng);
    const std::uint64_t draws = test::envOr("GLNOISE_GRAPH_CASES", 3000);
    for (std::uint64_t i = 0; i < draws; ++i) {
        const test::GraphDraw d = drawer.draw();
        const ValueRange r = statedRange(d.graph);
        ASSERT_FALSE(std::isnan(r.min) || std::isnan(r.max)) << d.graph.json();
        for (double t : cpu::agreementTolerance(d.graph)) ASSERT_FALSE(std::isnan(t)) << d.graph.json();
    }
}

// The tolerance bounds how far any float32 evaluation of a graph may be from its value,
// and the reference is one: at points over the drawn grid, the reference's value lies
// within it of the oracle's (in double), and its gradient or normal too but at kinks,
// which check counts as it counts them on the GPU (at most 0.1%). Graphs with jumps are
// left to check's count of the texels at them. This found a gradient tolerance that
// counted the gradient's own rounding alone (a wood or a warp of a point far off moves
// its phase by its value's error, and tilts the gradient with it), numbers in fields
// taken as exact, and pow's rounding of e ln|x|.
TEST(Graph, TheReferenceAgreesWithTheOracleWithinTheStatedTolerance) {
    std::mt19937_64 rng(test::envOr("GLNOISE_GRAPH_SEED", 74));
    test::GraphDrawer drawer(rng);
    const std::uint64_t draws = test::envOr("GLNOISE_GRAPH_CASES", 1500);
    std::uint64_t compared = 0, gradients = 0, slopes = 0, kinked = 0;
    for (std::uint64_t i = 0; i < draws; ++i) {
        const test::GraphDraw d = drawer.draw();
        if (hasJumps(d.graph) || !test::withinTheTolerancesMagnitudes(d.graph, d.grid)) continue;
        std::vector<cpu::Point> points;
        for (int a = 0; a < 6; ++a)
            for (int b = 0; b < 6; ++b)
                points.push_back({static_cast<double>(d.start[0]) + (d.grid.width - 1) * a / 5,
                                  static_cast<double>(d.start[1]) + (d.grid.height - 1) * b / 5, static_cast<double>(d.start[2]), 0});
        const std::vector<float> got = cpu::evaluatePoints(d.graph, points);
        const std::array<double, 4> tolerance = cpu::agreementTolerance(d.graph);
        const std::size_t channels = got.size() / points.size();
        // The value's channel: a normal's last, the first of the others.
        const std::size_t value = d.graph.space.output == Output::Normal ? 3 : 0;
        for (std::size_t k = 0; k < points.size(); ++k) {
            const std::array<double, 4> want = cpu::evaluateDoubleOutput(d.graph, points[k]);
            for (std::size_t c = 0; c < channels; ++c) {
                const double off = std::fabs(got[k * channels + c] - want[c]);
                if (c == value) {
                    ASSERT_LE(off, tolerance[c]) << "the value at point " << k << " of graph " << i << ": " << got[k * channels + c]
                                                 << ", the oracle's " << want[c] << "\n" << d.graph.json();
                    continue;
                }
                ASSERT_TRUE(std::isfinite(off)) << "channel " << c << " at point " << k << " of graph " << i << "\n" << d.graph.json();
                ++slopes;
                kinked += off <= tolerance[c] ? 0 : 1;
            }
        }
        ++compared;
        gradients += channels > 1 ? 1 : 0;
    }
    EXPECT_GE(compared, draws / 3);
    EXPECT_GE(gradients, draws / 20);
    EXPECT_LE(kinked, slopes / 1000) << kinked << " of " << slopes << " gradient channels beyond their tolerance";
}

}  // namespace
}  // namespace glnoise
