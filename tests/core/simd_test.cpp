// SPDX-License-Identifier: MIT
// The SIMD backend (cpu::evaluateSimd) against the scalar reference (cpu::evaluate): bit
// for bit, on every instruction set Highway compiled in that this CPU runs, over the
// property test's random specs, every row of the catalogue and random graphs, on grids
// that cross anchors, end between lanes and are volumes, at any thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include <hwy/targets.h>

#include "core/graph_eval.hpp"
#include "core/parallel.hpp"
#include "core/simd.hpp"
#include "glnoise/glnoise.hpp"
#include "random_graphs.hpp"
#include "random_specs.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

// Runs the SIMD backend on one target until it goes out of scope.
class OnTarget {
public:
    explicit OnTarget(std::int64_t target) { cpu::simd::forceTarget(target); }
    ~OnTarget() { cpu::simd::forceTarget(0); }
    OnTarget(const OnTarget&) = delete;
    OnTarget& operator=(const OnTarget&) = delete;
};

// Runs body once on each target this CPU has, the SIMD backend forced to it and the
// target named in any failure; a fatal failure ends the run.
template <typename Body>
void onEveryTarget(Body&& body) {
    for (const std::int64_t target : cpu::simd::targets()) {
        SCOPED_TRACE(cpu::simd::targetName(target));
        const OnTarget on(target);
        body();
        if (::testing::Test::HasFatalFailure()) return;
    }
}

// A CPU that has none of the targets compiled (on x86-64 one without SSE4.2, CLMUL and AES,
// as Highway's portable target alone stands for here): the SIMD backend is refused saying
// what it needs and what computes the same values; what every bake uses of it (the typical
// range, quantizing to 8 and 16 bits) still gives the same results, by the reference's way.
TEST(Simd, ACpuWithoutTheLeastTargetIsToldAndBakesStillMapTheSameValues) {
    NoiseSpec s;
    s.octaves = 4;
    const ValueRange typical = cpu::typicalRange(s);
    std::vector<float> values(1000);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = std::sin(0.37f * static_cast<float>(i)) * 1.3f;
    std::vector<std::uint8_t> q8(values.size()), q8Without(values.size());
    std::vector<std::uint16_t> q16(values.size()), q16Without(values.size());
    io::quantize8(values.data(), 1, values.size(), ValueRange{-1.0, 1.0}, q8.data());
    io::quantize16(values.data(), 1, values.size(), ValueRange{-1.0, 1.0}, q16.data());
    ASSERT_TRUE(cpu::simd::available());
    {
        const OnTarget none(HWY_EMU128);
        EXPECT_FALSE(cpu::simd::available());
        try {
            (void)cpu::evaluateSimd(s, Grid{16, 16, 1});
            ADD_FAILURE() << "the SIMD backend ran without a target";
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("needs at least SSE4"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find("--backend reference"), std::string::npos) << e.what();
        }
        EXPECT_EQ(cpu::simdTarget().rfind("none", 0), 0u) << cpu::simdTarget();
        const ValueRange without = cpu::typicalRange(s);
        EXPECT_EQ(without.min, typical.min);
        EXPECT_EQ(without.max, typical.max);
        io::quantize8(values.data(), 1, values.size(), ValueRange{-1.0, 1.0}, q8Without.data());
        io::quantize16(values.data(), 1, values.size(), ValueRange{-1.0, 1.0}, q16Without.data());
    }
    EXPECT_EQ(q8, q8Without);
    EXPECT_EQ(q16, q16Without);
    EXPECT_TRUE(cpu::simd::available());
}

// The first texel whose bits differ, or "" when every bit is the same.
std::string firstDifference(const Image& simd, const Image& reference) {
    if (simd.data.size() != reference.data.size()) return "sizes differ";
    if (std::memcmp(simd.data.data(), reference.data.data(), simd.data.size() * sizeof(float)) == 0) return "";
    for (std::size_t i = 0; i < simd.data.size(); ++i) {
        std::uint32_t a = 0, b = 0;
        std::memcpy(&a, &simd.data[i], 4);
        std::memcpy(&b, &reference.data[i], 4);
        if (a != b) {
            const std::size_t texel = i / static_cast<std::size_t>(simd.channels);
            return "texel " + std::to_string(texel) + " channel " + std::to_string(i % static_cast<std::size_t>(simd.channels)) +
                   ": simd " + std::to_string(simd.data[i]) + ", reference " + std::to_string(reference.data[i]);
        }
    }
    return "";
}

std::string describe(const NoiseSpec& s, const Grid& g, const TexelStart& start) {
    return std::string(toString(s.basis)) + " " + std::to_string(s.dims) + "D " + toString(s.fractal) + " " +
           toString(s.interp) + " " + toString(s.output) + " octaves " + std::to_string(s.octaves) + " warp " +
           std::to_string(s.warpAmount) + "x" + std::to_string(s.warpDepth) + " pattern " + toString(s.pattern) +
           " period " + std::to_string(s.period[0]) + "," + std::to_string(s.period[1]) + " grid " +
           std::to_string(g.width) + "x" + std::to_string(g.height) + "x" + std::to_string(g.depth) + " at " +
           std::to_string(start[0]) + "," + std::to_string(start[1]) + "," + std::to_string(start[2]);
}

TEST(Simd, RunsOnTheBestTargetThisCpuHas) {
    const std::vector<std::int64_t> targets = cpu::simd::targets();
    ASSERT_FALSE(targets.empty());
    EXPECT_EQ(cpu::simd::currentTarget(), targets.front()) << "the best target is listed first";
    EXPECT_EQ(cpu::simdTarget(), cpu::simd::targetName(targets.front()));
    for (const std::int64_t t : targets) {
        const OnTarget on(t);
        EXPECT_EQ(cpu::simd::currentTarget(), t) << cpu::simd::targetName(t);
    }
    EXPECT_EQ(cpu::simd::currentTarget(), targets.front()) << "back on the best target";
}

TEST(Simd, RandomSpecsAreBitIdenticalToTheReferenceOnEveryTarget) {
    onEveryTarget([&] {
        std::mt19937_64 rng(20261123);
        int checked = 0;
        while (checked < 300) {
            const test::Draw d = test::draw(rng);
            try {
                d.spec.validate();
            } catch (const ValidationError&) {
                continue;
            }
            ++checked;
            const Image simd = cpu::evaluateSimd(d.spec, d.grid, d.start, 1);
            const Image reference = cpu::evaluate(d.spec, d.grid, d.start, 1);
            const std::string diff = firstDifference(simd, reference);
            ASSERT_EQ(diff, "") << describe(d.spec, d.grid, d.start);
        }
    });
}

// Every basis in every dimension it has, with every curve, fractal and output, periods,
// warps and patterns: each catalogue row at least once, on a grid that crosses an anchor
// (x from 250 to 270) and ends between lanes (odd widths).
std::vector<NoiseSpec> catalogueSpecs() {
    std::vector<NoiseSpec> specs;
    for (const BasisKind& b : basisKinds()) {
        for (int dims = b.minDims; dims <= b.maxDims; ++dims) {
            for (const Kind<Curve>& c : curveKinds()) {
                for (const Kind<Fractal>& f : fractalKinds()) {
                    NoiseSpec s;
                    s.basis = b.value;
                    s.dims = dims;
                    s.interp = c.value;
                    s.fractal = f.value;
                    s.octaves = 3;
                    s.frequency = 1.0 / 7.0;
                    s.offset = {3.25, -17.5, 0.0};
                    s.z = 0.375;
                    s.w = -1.625;
                    specs.push_back(s);
                }
            }
            if (b.value == Basis::Cellular) {
                // Every return and distance, at three jitters, with and without a period.
                for (const Kind<CellReturn>& r : cellReturnKinds())
                    for (const Kind<CellDistance>& m : cellDistanceKinds()) {
                        if (isEuclideanOnly(r.value) && m.value != CellDistance::Euclidean) continue;
                        NoiseSpec s;
                        s.basis = b.value;
                        s.dims = dims;
                        s.octaves = 2;
                        s.frequency = 0.13;
                        s.offset = {3.25, -17.5, 0.0};
                        s.cellReturn = r.value;
                        s.cellDistance = m.value;
                        s.cellJitter = 0.25 + 0.375 * static_cast<double>(specs.size() % 3);
                        if (m.value == CellDistance::Minkowski) s.cellExponent = 1.25 + 2.5 * static_cast<double>(specs.size() % 3);
                        if (dims == 2 || dims == 3) s.output = Output::Gradient;
                        specs.push_back(s);
                        s.output = Output::Value;
                        s.period = {3, 5, 2, 4};
                        s.lacunarity = 2.0;
                        specs.push_back(s);
                    }
            }
            NoiseSpec s;
            s.basis = b.value;
            s.dims = dims;
            s.octaves = 4;
            s.frequency = 0.09;
            if (!b.noPeriod) {
                // psrdnoise's y period must be even.
                s.period = b.value == Basis::Psrdnoise ? std::array<int, 4>{5, 6, 3, 0} : std::array<int, 4>{3, 5, 2, 4};
                s.lacunarity = 2.0;
                specs.push_back(s);
                s.period = {};
            }
            if (dims >= 2) {
                s.rotate = true;  // turned octaves, alone and under a warp
                specs.push_back(s);
                if (dims == 2 || dims == 3) {
                    s.output = Output::Gradient;
                    specs.push_back(s);
                    s.output = Output::Value;
                }
            }
            s.warpAmount = 1.25;
            s.warpOctaves = 2;
            for (int depth = 1; depth <= 2; ++depth) {
                s.warpDepth = depth;
                specs.push_back(s);
            }
            s.warpAmount = 0.0;
            s.rotate = false;
            if (dims == 2 || dims == 3) {
                for (const Kind<Output>& o : outputKinds()) {
                    s.output = o.value;
                    specs.push_back(s);
                }
                s.output = Output::Value;
            }
            if (dims >= 2) {
                for (const Kind<Pattern>& p : patternKinds()) {
                    s.pattern = p.value;
                    if (p.value == Pattern::Clouds) s.fractal = Fractal::Turbulence;
                    specs.push_back(s);
                    s.fractal = Fractal::Fbm;
                }
            }
        }
    }
    return specs;
}

TEST(Simd, EveryCatalogueRowIsBitIdenticalToTheReferenceOnEveryTarget) {
    const std::vector<NoiseSpec> specs = catalogueSpecs();
    onEveryTarget([&] {
        int checked = 0;
        for (const NoiseSpec& s : specs) {
            try {
                s.validate();
            } catch (const ValidationError&) {
                continue;  // a combination the spec does not allow (a curve the basis ignores is allowed)
            }
            ++checked;
            const bool volume = s.dims >= 3 && s.output != Output::Normal;
            const Grid grid = volume ? Grid{21, 5, 3} : Grid{21, 7, 1};
            const TexelStart start = {250, -3, volume ? 254 : 0};
            const Image simd = cpu::evaluateSimd(s, grid, start, 1);
            const Image reference = cpu::evaluate(s, grid, start, 1);
            ASSERT_EQ(firstDifference(simd, reference), "") << describe(s, grid, start);
        }
        EXPECT_GT(checked, 100);
    });
}

// Graphs by their own plan (cpu::evaluatePlanSimd against cpu::evaluatePlan): the random
// graphs of the GPU's property test, every node kind, 1D to 4D, with gradients and normals;
// a volume for a 3D or 4D draw, its depth crossing an anchor; and two tiles of each grid
// against the whole. GLNOISE_GRAPH_CASES=N draws
// N per target (the GPU test's variable: here each costs milliseconds, so it is 4 N).
TEST(Simd, RandomGraphsAreBitIdenticalToTheReferenceOnEveryTarget) {
    const std::uint64_t count = 4 * test::envOr("GLNOISE_GRAPH_CASES", 48);
    onEveryTarget([&] {
        std::mt19937_64 rng(test::envOr("GLNOISE_GRAPH_SEED", 20261126));
        test::GraphDrawer drawer(rng);
        std::set<std::string> kinds;
        int volumes = 0, gradients = 0;
        for (std::uint64_t i = 0; i < count; ++i) {
            test::GraphDraw d = drawer.draw();
            if (d.graph.space.dims >= 3 && d.graph.space.output != Output::Normal && i % 2 == 0) {
                d.grid.depth = 3;
                d.start[2] = 254;
                ++volumes;
            }
            for (const auto& [id, n] : d.graph.nodes) kinds.insert(n.kind);
            gradients += d.graph.space.output != Output::Value;
            const cpu::GraphPlan plan = cpu::planGraph(d.graph);
            const Image simd = cpu::evaluatePlanSimd(d.graph, plan, d.grid, d.start, 1);
            const Image reference = cpu::evaluatePlan(d.graph, plan, d.grid, d.start, 1);
            ASSERT_EQ(firstDifference(simd, reference), "") << "graph " << i << "\n" << d.graph.json();
            // Two tiles, cut at a column the draw picks, are the whole's halves.
            const int cut = 1 + static_cast<int>(i % static_cast<std::uint64_t>(d.grid.width - 1));
            const Image left = cpu::evaluatePlanSimd(d.graph, plan, Grid{cut, d.grid.height, d.grid.depth}, d.start, 1);
            const Image right = cpu::evaluatePlanSimd(d.graph, plan, Grid{d.grid.width - cut, d.grid.height, d.grid.depth},
                                                      {d.start[0] + cut, d.start[1], d.start[2]}, 1);
            const std::size_t c = static_cast<std::size_t>(simd.channels);
            for (int z = 0; z < d.grid.depth; ++z)
                for (int y = 0; y < d.grid.height; ++y)
                    for (int x = 0; x < d.grid.width; ++x) {
                        const Image& tile = x < cut ? left : right;
                        const float* t = &tile.data[tile.index(x < cut ? x : x - cut, y, z)];
                        const float* w = &simd.data[simd.index(x, y, z)];
                        ASSERT_EQ(std::memcmp(t, w, c * sizeof(float)), 0)
                            << "graph " << i << " texel " << x << "," << y << "," << z << " cut at " << cut << "\n" << d.graph.json();
                    }
        }
        if (count >= 96) {
            EXPECT_GE(kinds.size(), 30u) << "the draw covered few kinds";
            EXPECT_GT(volumes, 0);
            EXPECT_GT(gradients, 0);
        }
    });
}

TEST(Simd, GraphsRunAsTheirSpecOrTheirPlanAtAnyThreadCount) {
    // A spec's shape runs as that spec (cpu::specOf); any other graph by its plan.
    NoiseSpec spec;
    spec.octaves = 5;
    const Graph asSpec = graphOf(spec);
    const Grid grid{300, 90, 1};
    EXPECT_EQ(firstDifference(cpu::evaluateSimd(asSpec, grid), cpu::evaluateSimd(spec, grid)), "");
    const Graph g = Graph::parse(R"({"glnoise_graph": 1, "dims": 2, "world_hash": true, "out": "out", "nodes": {
        "b": {"kind": "basis", "basis": "perlin", "frequency": 0.03},
        "c": {"kind": "basis", "basis": "cellular", "cell_return": "f2-f1", "frequency": 0.05},
        "f": {"kind": "fractal", "source": "b", "octaves": 4},
        "v": {"kind": "vector", "x": "f", "y": "c"},
        "w": {"kind": "warp", "source": "c", "by": "v", "amount": 6},
        "out": {"kind": "smooth_min", "a": "w", "b": "f", "smoothness": 0.1}}})");
    const Image one = cpu::evaluateSimd(g, grid, {-700, 41, 0}, 1);
    for (unsigned threads : {2u, 3u, 0u}) {
        EXPECT_EQ(firstDifference(cpu::evaluateSimd(g, grid, {-700, 41, 0}, threads), one), "") << threads << " threads";
    }
    EXPECT_EQ(firstDifference(one, cpu::evaluate(g, grid, {-700, 41, 0}, 1)), "");
    Graph bad = g;
    bad.nodes.at("w").inputs.at("by") = "nowhere";
    EXPECT_THROW(cpu::evaluateSimd(bad, grid), ValidationError);
}

// A fractal whose every octave is one basis leaf (inline, a basis node, or behind an
// offset, whose shift is in its frames) runs as one call with the leaf inlined in its
// family's file where its value alone is wanted: bit for bit the reference, for every
// family, fractal type (weighted, Musgrave's, turned octaves, a fractional count), in 2D
// and 3D, with the world hash, on every target; gradients and a driven gain take the
// scopes' path, and are the reference's too.
TEST(Simd, AFractalOverOneLeafIsTheReferencesOnEveryTarget) {
    std::vector<Graph> graphs;
    const char* bases[] = {"perlin", "value", "simplex", "opensimplex2", "opensimplex2s", "cellular", "psrdnoise"};
    const char* types[] = {"fbm", "ridged", "billow", "turbulence", "multifractal", "hybrid_multifractal", "hetero_terrain"};
    int k = 0;
    for (const char* basis : bases)
        for (const char* type : types)
            for (int form = 0; form < 3; ++form, ++k) {
                const int dims = 2 + k % 2;
                const bool musgrave = std::string(type).find("fractal") != std::string::npos || std::string(type) == "hetero_terrain";
                std::string fractal = std::string(R"("kind": "fractal", "type": ")") + type +
                                      R"(", "octaves": 4.5, "lacunarity": 1.87, "gain": 0.6)" +
                                      (k % 3 == 0 ? R"(, "rotate": true)" : "") +
                                      (k % 4 == 1 && !musgrave ? R"(, "weighted_strength": 0.5)" : "");
                std::string nodes;
                if (form == 0) {
                    nodes = R"("f": {)" + fractal + R"(, "basis": ")" + basis + R"(", "frequency": 0.07})";
                } else {
                    nodes = R"("b": {"kind": "basis", "basis": ")" + std::string(basis) + R"(", "frequency": 0.07},)";
                    if (form == 2) nodes += R"("o": {"kind": "offset", "source": "b", "by": [-3.25]},)";
                    nodes += R"("f": {)" + fractal + R"(, "source": ")" + (form == 2 ? "o" : "b") + R"("})";
                }
                graphs.push_back(Graph::parse(R"({"glnoise_graph": 2, "dims": )" + std::to_string(dims) +
                                                  (k % 5 == 0 ? R"(, "world_hash": true)" : "") + R"(, "out": "f", "nodes": {)" +
                                                  nodes + "}}",
                                              "fractal"));
                if (k % 2 == 0) graphs.back().space.output = Output::Gradient;
            }
    graphs.push_back(Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "f", "nodes": {
        "g": {"kind": "basis", "basis": "value", "frequency": 0.01},
        "f": {"kind": "fractal", "basis": "simplex", "frequency": 0.07, "octaves": 5, "gain": "g"}}})"));
    onEveryTarget([&] {
        for (const Graph& g : graphs) {
            const Grid grid{37, 5, g.space.dims == 3 ? 2 : 1};
            const TexelStart start = {250, -3, 7};
            ASSERT_EQ(firstDifference(cpu::evaluateSimd(g, grid, start, 1), cpu::evaluate(g, grid, start, 1)), "")
                << g.json();
        }
    });
}

// A fractal of the graph's first scope over one lattice leaf (perlin, classic, value,
// perlin-value; inline, a basis node, behind an offset or a seed) is made a piece of a row
// at a time from its lattice columns, as a spec's rows are (simd::rowFractals): bit for bit
// the reference, for fbm, ridged, billow and turbulence in 2D and 3D; at a power-of-two
// lacunarity and others, below 1 and huge; at a cell per many texels, near one per texel,
// beyond it and where the offsets reach the point's bounds; periods, the world hash and
// normalize; two of them in one scope beside values, and one that is not (under a warp);
// lattice leaves of the first scope too; across anchors in x, y and z, on one thread and
// three (bands), on every target.
TEST(Simd, AFirstScopeFractalOverALatticeLeafIsMadeARowAtATimeAsTheReference) {
    struct Case {
        Graph graph;
        std::size_t rows;  // row fractals
    };
    std::vector<Case> cases;
    const char* bases[] = {"perlin", "classic", "value", "perlin-value"};
    const char* types[] = {"fbm", "ridged", "billow", "turbulence"};
    // (frequency, lacunarity): below a cell per texel at every octave, at a power of two
    // (whose lanes take f lac times s) and not; turned down by a lacunarity below 1 (and
    // a power of two); past a cell per texel; offsets at and beyond 2^24 cells.
    const std::pair<double, double> scales[] = {{1.0 / 64, 2.0}, {0.07, 1.87}, {0.4, 0.6},   {0.2, 0.5},
                                                {0.3, 3.0},      {65536, 2.0}, {65536, 1e15}};
    int k = 0;
    for (const char* basis : bases)
        for (const char* type : types)
            for (const auto& [frequency, lacunarity] : scales) {
                const int dims = 2 + (k / 7) % 2;
                std::ostringstream leaf;
                // A period holds where the lacunarity is an integer.
                const bool periodic = lacunarity == std::floor(lacunarity) && lacunarity < 100 && k % 2 == 1;
                const char* period = dims == 2 ? R"(, "period": [4, 6])" : R"(, "period": [4, 6, 8])";
                leaf << R"("kind": "basis", "basis": ")" << basis << R"(", "frequency": )" << frequency
                     << (periodic ? period : "") << (k % 6 == 2 ? R"(, "seed": 7)" : "");
                std::ostringstream fractal;
                fractal << R"("kind": "fractal", "type": ")" << type << R"(", "octaves": )" << (k % 3 == 0 ? "4.5" : "3")
                        << R"(, "lacunarity": )" << lacunarity << (k % 2 == 0 ? R"(, "normalize": true)" : "");
                std::string nodes = R"("b": {)" + leaf.str() + "},";
                std::string source = "b";
                if (k % 3 == 1) {
                    nodes += dims == 2 ? R"("o": {"kind": "offset", "source": "b", "by": [-3.25, 7]},)"
                                       : R"("o": {"kind": "offset", "source": "b", "by": [-3.25, 7, 1.5]},)";
                    source = "o";
                }
                nodes += R"("f": {)" + fractal.str() + R"(, "source": ")" + source + R"("})";
                cases.push_back({Graph::parse(R"({"glnoise_graph": 2, "dims": )" + std::to_string(dims) +
                                                  (k % 5 == 3 ? R"(, "world_hash": true)" : "") + R"(, "out": "f", "nodes": {)" +
                                                  nodes + "}}",
                                              "row fractal"),
                                 1});
                ++k;
            }
    // Two beside values, and the same fractal under a warp (not the first scope's).
    cases.push_back({Graph::parse(R"({"glnoise_graph": 2, "dims": 3, "out": "sum", "nodes": {
        "hills": {"kind": "fractal", "basis": "perlin", "frequency": 0.02, "octaves": 4},
        "ridges": {"kind": "fractal", "type": "ridged", "basis": "value", "frequency": 0.05, "octaves": 3, "lacunarity": 2.5},
        "half": {"kind": "multiply", "a": "hills", "b": 0.5},
        "v": {"kind": "vector", "x": "hills", "y": "ridges"},
        "w": {"kind": "warp", "source": "ridges", "by": "v", "amount": 4},
        "sum": {"kind": "add", "a": "w", "b": "half"}}})"),
                     2});
    // Lattice leaves of the first scope, made the same way: alone (at whole cells, where
    // Perlin noise is a signed zero), and beside a fractal and a cellular leaf (not one).
    cases.push_back({Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "b", "nodes": {
        "b": {"kind": "basis", "basis": "perlin", "frequency": 0.0625}}})"),
                     1});
    cases.push_back({Graph::parse(R"({"glnoise_graph": 2, "dims": 3, "world_hash": true, "out": "m", "nodes": {
        "v": {"kind": "basis", "basis": "value", "frequency": 0.3},
        "c": {"kind": "basis", "basis": "cellular", "frequency": 0.05},
        "f": {"kind": "fractal", "basis": "classic", "frequency": 0.02, "octaves": 3},
        "a": {"kind": "add", "a": "v", "b": "c"},
        "m": {"kind": "multiply", "a": "a", "b": "f"}}})"),
                     2});
    onEveryTarget([&] {
        for (const Case& c : cases) {
            const cpu::GraphPlan plan = cpu::planGraph(c.graph);
            ASSERT_EQ(cpu::simd::rowFractals(plan).size(), c.rows) << c.graph.json();
            const Grid grid{300, 4, c.graph.space.dims == 3 ? 2 : 1};
            const TexelStart start = {-40, 254, 255};
            const Image reference = cpu::evaluatePlan(c.graph, plan, grid, start, 1);
            for (unsigned threads : {1u, 3u})
                ASSERT_EQ(firstDifference(cpu::evaluatePlanSimd(c.graph, plan, grid, start, threads), reference), "")
                    << threads << " threads\n" << c.graph.json();
        }
    });
}

// The CPU's flags, from /proc/cpuinfo's first "flags" line ({} elsewhere).
std::set<std::string> cpuFlags() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("flags", 0) == 0) {
            std::istringstream words(line.substr(line.find(':') + 1));
            std::set<std::string> flags;
            for (std::string w; words >> w;) flags.insert(w);
            return flags;
        }
    return {};
}

// The AVX targets run exactly where the CPU has them: AVX-512 (AVX3) where it has AVX-512 F,
// VL, DQ and BW with AVX2's set, AVX2 where it has AVX2, FMA and their kin, and neither
// where it lacks the instructions (so the bit-identity tests here cover every one the CPU
// has, and a build that dropped one would show).
// A graph whose every node is evaluated at the sample point itself (every kind of roles
// Value and Leaf, drawn from the kind table; basis, white and constant leaves; fractals over
// one leaf; numbers driven and held to their ranges) runs an operation at a time over each
// anchor's piece of a row (simd::inColumns): bit for bit the reference, on grids that
// cross anchors and end between lanes, on one thread and three (bands), on every target.
TEST(Simd, AGraphAtThePointRunsInColumnsAsTheReference) {
    std::set<std::string> wanted;
    for (const GraphKind& k : graphKinds()) {
        graph::Op op{};
        graph::findOp(k.name, op);
        if (graph::roleOf(op) == graph::Role::Value || graph::roleOf(op) == graph::Role::Leaf) wanted.insert(k.name);
    }
    onEveryTarget([&] {
        std::mt19937_64 rng(20261206);
        test::GraphDrawer drawer(rng, test::GraphDrawer::AtThePoint);
        std::set<std::string> kinds;
        int inColumns = 0;
        for (int i = 0; i < 96; ++i) {
            test::GraphDraw d = drawer.draw();
            d.grid = Grid{260 + 7 * (i % 5), 3, 1};
            for (const auto& [id, n] : d.graph.nodes) kinds.insert(n.kind);
            const cpu::GraphPlan plan = cpu::planGraph(d.graph);
            // Every one of two operations or more (one alone runs by its own rows or call).
            ASSERT_EQ(cpu::simd::inColumns(plan), plan.scopes[0].ops.size() >= 2) << d.graph.json();
            inColumns += cpu::simd::inColumns(plan);
            const Image reference = cpu::evaluatePlan(d.graph, plan, d.grid, d.start, 1);
            ASSERT_EQ(firstDifference(cpu::evaluatePlanSimd(d.graph, plan, d.grid, d.start, i % 3 == 0 ? 3 : 1), reference), "")
                << "graph " << i << "\n" << d.graph.json();
        }
        EXPECT_GE(inColumns, 48);
        // Driven numbers past their fields' ranges, held to them: a terrace's smoothness
        // (0 to 1) by three times a basis, a power's exponent (up to 64) by the position.
        const Graph held = Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "out", "nodes": {
            "x": {"kind": "position", "axis": "x"},
            "b": {"kind": "basis", "frequency": 0.05},
            "s": {"kind": "multiply", "a": "b", "b": 3.0},
            "t": {"kind": "terrace", "source": "b", "smoothness": "s"},
            "p": {"kind": "pow", "source": "b", "exponent": "x"},
            "out": {"kind": "add", "a": "t", "b": "p"}}})");
        const cpu::GraphPlan plan = cpu::planGraph(held);
        ASSERT_TRUE(cpu::simd::inColumns(plan));
        const Grid grid{300, 4, 1};
        const TexelStart start{-90, 3, 0};
        EXPECT_EQ(firstDifference(cpu::evaluatePlanSimd(held, plan, grid, start, 1), cpu::evaluatePlan(held, plan, grid, start, 1)), "");
        for (const std::string& k : wanted) EXPECT_TRUE(kinds.count(k)) << "no " << k << " drawn";
    });
}

TEST(Simd, RunsTheAvxTargetsExactlyWhereTheCpuHasThem) {
#if defined(__x86_64__)
    const std::set<std::string> flags = cpuFlags();
    if (flags.empty()) GTEST_SKIP() << "no /proc/cpuinfo flags";
    const std::vector<std::int64_t> targets = cpu::simd::targets();
    auto built = [&](std::int64_t t) { return std::find(targets.begin(), targets.end(), t) != targets.end(); };
    auto has = [&](std::initializer_list<const char*> names) {
        return std::all_of(names.begin(), names.end(), [&](const char* f) { return flags.count(f) > 0; });
    };
    const bool avx2 = has({"avx2", "fma", "bmi1", "bmi2", "f16c", "abm", "movbe", "sse4_1", "sse4_2", "ssse3", "pclmulqdq", "aes"});
    const bool avx3 = avx2 && has({"avx512f", "avx512vl", "avx512dq", "avx512bw", "avx512cd"});
    if (!flags.count("avx2")) {
        EXPECT_FALSE(built(HWY_AVX2)) << "AVX2 without the CPU's AVX2";
    }
    if (!flags.count("avx512f")) {
        EXPECT_FALSE(built(HWY_AVX3)) << "AVX3 without the CPU's AVX-512";
    }
    if (avx2) {
        EXPECT_TRUE(built(HWY_AVX2)) << "this CPU has AVX2";
    }
    if (avx3) {
        EXPECT_TRUE(built(HWY_AVX3)) << "this CPU has AVX-512";
        EXPECT_EQ(cpu::simdTarget(), "AVX3") << "the widest target glnoise builds";
    } else if (avx2) {
        EXPECT_EQ(cpu::simdTarget(), "AVX2");
    }
#else
    GTEST_SKIP() << "x86-64 only";
#endif
}

// The lattice bases read each hash once for the lanes that share it, three ways by how
// many lattice cells a vector of texels covers: one cell (low frequencies), one row of
// cells along x within two vectors' worth of columns, and more (each lane its own). Every
// way, in 2D and 3D, every corner kind (gradients, heights, both), with the world hash and
// with periods, values and gradients, on every target: bit for bit the reference.
TEST(Simd, LatticeHashesReadOncePerCellAreTheReferencesOnEveryTarget) {
    const double frequencies[] = {1.0 / 300.0, 1.0 / 13.0, 0.9, 3.7};
    std::vector<NoiseSpec> specs;
    for (const Basis basis : {Basis::Perlin, Basis::Classic, Basis::Value, Basis::PerlinValue})
        for (const int dims : {2, 3})
            for (const double f : frequencies)
                for (int variant = 0; variant < 4; ++variant) {
                    NoiseSpec s;
                    s.basis = basis;
                    s.dims = dims;
                    s.frequency = f;
                    s.octaves = 2;
                    s.offset = {-40.25, 1e6 + 0.5, 0.0};
                    if (dims == 3) s.z = 7.75;
                    s.worldHash = variant == 1;
                    if (variant == 2) {
                        s.period = dims == 3 ? std::array<int, 4>{5, 7, 3, 0} : std::array<int, 4>{5, 7, 0, 0};
                        s.lacunarity = 2.0;
                    }
                    if (variant == 3 && dims >= 2) s.output = Output::Gradient;
                    specs.push_back(s);
                }
    onEveryTarget([&] {
        for (const NoiseSpec& s : specs) {
            s.validate();
            const Grid grid{83, 4, s.dims == 3 ? 2 : 1};  // x from 230 crosses an anchor; 83 ends between lanes
            const TexelStart start = {230, -2, 255};
            const Image simd = cpu::evaluateSimd(s, grid, start, 1);
            const Image reference = cpu::evaluate(s, grid, start, 1);
            ASSERT_EQ(firstDifference(simd, reference), "") << describe(s, grid, start) << " world " << s.worldHash;
        }
    });
}

// Simplex and OpenSimplex2 noise in 2D read their triangles' hashes from a plane of every
// corner's packed four (simd::hashPlane) on grids that make one (2^20 basis evaluations):
// the plane holds the table's
// hashes (each entry against table[table[x] + y] of its four corners, Ken Perlin's table and
// a seeded one), and specs and graphs read through it are bit for bit the reference, at a
// cell per many texels (every lane in one cell: one read), at several per texel (a read per
// lane), across the 256-cell wrap and negative cells, with a warp, the gradient, ridged and
// fbm sums, beside other leaves, and where the world hash or 3D leaves it unread; a grid
// just below the size that makes a plane too, on every target.
TEST(Simd, TrianglesInTwoDimensionsReadTheHashPlaneAsTheReferencesTable) {
    for (const Permutation& table : {Permutation::perlin(), Permutation::seeded(7)}) {
        const std::vector<std::uint32_t> plane = cpu::simd::hashPlane(table);
        ASSERT_EQ(plane.size(), 65536u);
        const auto hash = [&](int x, int y) { return static_cast<std::uint32_t>(table[table[x % 256] + y % 256]); };
        for (int y = 0; y < 256; ++y)
            for (int x = 0; x < 256; ++x) {
                const std::uint32_t e = plane[static_cast<std::size_t>(y * 256 + x)];
                ASSERT_EQ(e & 255u, hash(x, y)) << x << ", " << y;
                ASSERT_EQ((e >> 8u) & 255u, hash(x + 1, y)) << x << ", " << y;
                ASSERT_EQ((e >> 16u) & 255u, hash(x, y + 1)) << x << ", " << y;
                ASSERT_EQ(e >> 24u, hash(x + 1, y + 1)) << x << ", " << y;
            }
    }
    // 2^20 basis evaluations make a plane: 256 x 256 texels of 16 octaves, not 255 x 256.
    ASSERT_TRUE(cpu::simd::planeWorthIt(256 * 256, 16));
    ASSERT_FALSE(cpu::simd::planeWorthIt(255 * 256, 16));
    ASSERT_TRUE(cpu::simd::planeWorthIt(1024 * 1024, 1));

    std::vector<NoiseSpec> specs;
    for (const double f : {1.0 / 300.0, 0.9, 3.7})
        for (int variant = 0; variant < 5; ++variant) {
            NoiseSpec s;
            s.basis = variant == 4 ? Basis::Simplex : Basis::OpenSimplex2;
            s.frequency = f;
            s.octaves = 16;  // 2^20 evaluations at 256 x 256: the plane is made
            s.lacunarity = 1.25;
            s.gain = 0.8;
            s.offset = {-40.25, 1e6 + 0.5, 0.0};
            if (variant == 1) s.seed = 7;
            if (variant == 1) s.fractal = Fractal::Ridged;
            if (variant == 2) s.output = Output::Gradient;
            if (variant == 3) s.warpAmount = 0.75;
            specs.push_back(s);
        }
    NoiseSpec world;
    world.basis = Basis::OpenSimplex2;
    world.frequency = 0.9;
    world.octaves = 16;
    world.worldHash = true;
    specs.push_back(world);
    std::vector<Graph> graphs;
    for (const char* extra : {"", R"(, "world_hash": true)", R"(, "seed": 11)"})
        graphs.push_back(Graph::parse(std::string(R"({"glnoise_graph": 2, "dims": 2)") + extra + R"(, "out": "sum", "nodes": {
            "ridges": {"kind": "fractal", "type": "ridged", "basis": "opensimplex2", "frequency": 0.0078125, "octaves": 12},
            "hills": {"kind": "fractal", "basis": "perlin", "frequency": 0.0078125, "octaves": 4},
            "leaf": {"kind": "basis", "basis": "simplex", "frequency": 0.3},
            "half": {"kind": "multiply", "a": "hills", "b": "leaf"},
            "sum": {"kind": "add", "a": "ridges", "b": "half"}}})",
                                      "plane"));
    graphs.push_back(Graph::parse(R"({"glnoise_graph": 2, "dims": 3, "out": "sum", "nodes": {
        "ridges": {"kind": "fractal", "type": "ridged", "basis": "opensimplex2", "frequency": 0.05, "octaves": 3},
        "sum": {"kind": "add", "a": "ridges", "b": 0.25}}})",
                                  "volume"));
    const TexelStart start = {-100, 60, 3};
    const Grid grids[] = {{256, 256, 1}, {255, 256, 1}};
    std::vector<Image> references;
    for (const Grid& grid : grids) {
        for (const NoiseSpec& s : specs) references.push_back(cpu::evaluate(s, grid, start, 2));
        for (const Graph& g : graphs) references.push_back(cpu::evaluate(g, Grid{grid.width, grid.height, g.space.dims == 3 ? 2 : 1}, start, 2));
    }
    onEveryTarget([&] {
        std::size_t k = 0;
        for (const Grid& grid : grids) {
            for (const NoiseSpec& s : specs)
                ASSERT_EQ(firstDifference(cpu::evaluateSimd(s, grid, start, 2), references[k++]), "") << describe(s, grid, start);
            for (const Graph& g : graphs)
                ASSERT_EQ(firstDifference(cpu::evaluateSimd(g, Grid{grid.width, grid.height, g.space.dims == 3 ? 2 : 1}, start, 2),
                                          references[k++]),
                          "")
                    << g.json();
        }
    });
}

// The lattice bases' rows (2D and 3D, the value alone, no warp or turn) read their hashes
// and corners' parts from per-row tables: a vector in one cell, across cells within the
// lanes, across more (above a cell per texel, where each lane reads its own), and past the
// tables' reach (a period of more cells than they hold). Every fractal (ridged keeps a
// signal per texel across octaves), up to 12 octaves (one cell per texel and beyond), rows
// whose y and z fractions are 0 (the corners whose gradient has no x are then a sum of
// zeros), lanes that end a piece (widths between lanes, an anchor crossed), the world hash
// across blocks, periods, and two threads: bit for bit the reference, on every target.
TEST(Simd, LatticeRowsAreTheReferencesOnEveryTarget) {
    struct Case {
        double frequency;
        int octaves;
        std::array<double, 3> offset;
        double z;
        int variant;  // 0 plain, 1 world hash, 2 periods, 3 a period beyond the tables' reach
    };
    const Case cases[] = {
        {1.0 / 128.0, 8, {0.0, 0.0, 0.0}, 0.0, 0},        // rows 0 and 128 at fractions 0
        {1.0 / 16.0, 12, {-3.0, 5.0, 0.0}, 2.0, 0},       // whole offsets: fractions 0 every 16 rows
        {1.0, 2, {0.0, 0.0, 0.0}, 0.0, 0},                // one cell per texel, fractions 0 on every row
        {0.5, 3, {-40.25, 1e6 + 0.5, 0.0}, 7.75, 0},
        {1.0 / 7.0, 6, {1e5 + 0.3, -2e5 + 0.6, 0.0}, -3.1, 1},
        {1.0 / 64.0, 10, {16777000.0, -16777300.0, 0.0}, 0.0, 1},  // world blocks crossed at the upper octaves
        {1.0 / 20.0, 5, {0.0, 0.0, 0.0}, 0.0, 2},
        {1.0 / 8.0, 4, {2.5, 0.0, 0.0}, 1.0, 3},
        {1.0 / 3.0, 3, {0.0, 0.0, 0.0}, 0.0, 0},
    };
    std::vector<NoiseSpec> specs;
    for (const Basis basis : {Basis::Perlin, Basis::Classic, Basis::Value, Basis::PerlinValue})
        for (const int dims : {2, 3})
            for (const Fractal fractal : {Fractal::Fbm, Fractal::Turbulence, Fractal::Billow, Fractal::Ridged})
                for (const Case& c : cases) {
                    NoiseSpec s;
                    s.basis = basis;
                    s.dims = dims;
                    s.fractal = fractal;
                    s.frequency = c.frequency;
                    s.octaves = c.octaves;
                    s.offset = c.offset;
                    if (dims == 3) s.z = c.z;
                    s.worldHash = c.variant == 1;
                    if (c.variant == 2) s.period = dims == 3 ? std::array<int, 4>{5, 7, 3, 0} : std::array<int, 4>{5, 7, 0, 0};
                    if (c.variant == 3) s.period = {100000, 0, 0, 0};
                    if (basis == Basis::Value) s.interp = static_cast<Curve>(specs.size() % 4);
                    s.normalize = specs.size() % 2 == 0;
                    specs.push_back(s);
                }
    onEveryTarget([&] {
        for (std::size_t i = 0; i < specs.size(); ++i) {
            const NoiseSpec& s = specs[i];
            s.validate();
            // x from 200 crosses an anchor; 83 and 91 end between lanes; rows from 0 (and
            // from 126 in 3D, crossing row 128) so that the cases' zero fractions are met.
            const Grid grid = i % 2 == 0 ? Grid{83, 3, s.dims == 3 ? 2 : 1} : Grid{91, 4, 1};
            const TexelStart start = {200, s.dims == 3 && i % 3 == 0 ? 126 : 0, 0};
            const Image reference = cpu::evaluate(s, grid, start, 1);
            ASSERT_EQ(firstDifference(cpu::evaluateSimd(s, grid, start, 1), reference), "")
                << describe(s, grid, start) << " world " << s.worldHash;
            if (i % 7 == 0) {
                ASSERT_EQ(firstDifference(cpu::evaluateSimd(s, grid, start, 2), reference), "")
                    << "2 threads: " << describe(s, grid, start);
            }
        }
    });
}

// Rows of many anchors: a frame's cells repeat every 256, so the pieces of a row come back
// to the columns the row's tables made (at a cell per texel, each piece of 256 texels to
// the same ones), and a piece starting mid-anchor makes the columns before those made.
// Each octave's columns, made once for a row and reused by its later pieces, are the
// reference's on every target, at fine octaves (made a vector at a time) and coarse ones.
TEST(Simd, LatticeRowsReuseTheirColumnsAcrossAnchorsOnEveryTarget) {
    std::vector<NoiseSpec> specs;
    for (const Basis basis : {Basis::Perlin, Basis::Value})
        for (const int dims : {2, 3})
            for (const double frequency : {1.0, 0.5, 0.25, 1.0 / 3.0, 0.125, 3.0 / 7.0, 1.0 / 64.0}) {
                NoiseSpec s;
                s.basis = basis;
                s.dims = dims;
                s.frequency = frequency;
                s.octaves = frequency < 0.1 ? 7 : 2;  // 1/64 reaches 1 at its seventh octave
                s.offset = {frequency == 0.5 ? 0.25 : 0.0, 0.5, 0.0};
                if (dims == 3) s.z = 0.37;
                specs.push_back(s);
            }
    onEveryTarget([&] {
        for (std::size_t i = 0; i < specs.size(); ++i) {
            const NoiseSpec& s = specs[i];
            s.validate();
            // 1100 texels from x 200 or 0: five anchors' pieces, the first one starting
            // mid-anchor or at its start.
            const Grid grid{1100, 3, 1};
            const TexelStart start = {i % 2 == 0 ? 200 : 0, 0, 0};
            const Image reference = cpu::evaluate(s, grid, start, 1);
            ASSERT_EQ(firstDifference(cpu::evaluateSimd(s, grid, start, 1), reference), "") << describe(s, grid, start);
        }
    });
}

// Rows of a long period: their columns reach past the 576 a row's tables hold from their
// first, so the tables move to the columns a piece needs (and back at the next row, and
// where the frames' cells wrap at the period), making those again, on every target.
TEST(Simd, LatticeRowsOfLongPeriodsAreTheReferencesOnEveryTarget) {
    std::vector<NoiseSpec> specs;
    for (const Basis basis : {Basis::Perlin, Basis::Value})
        for (const int dims : {2, 3})
            for (const double frequency : {1.0, 0.5, 1.0 / 3.0, 0.125}) {
                NoiseSpec s;
                s.basis = basis;
                s.dims = dims;
                s.frequency = frequency;
                s.octaves = 2;
                s.period = {3000, 0, 0, 0};
                s.offset = {0.0, 0.5, 0.0};
                if (dims == 3) s.z = 0.37;
                specs.push_back(s);
            }
    onEveryTarget([&] {
        for (const NoiseSpec& s : specs) {
            s.validate();
            // 2600 texels from x 1800: at a cell per texel the columns run from 1800 to 2999
            // and again from 0 to 1399, the tables moving along the row and back to 1800.
            const Grid grid{2600, 3, 1};
            const TexelStart start = {1800, 0, 0};
            const Image reference = cpu::evaluate(s, grid, start, 1);
            ASSERT_EQ(firstDifference(cpu::evaluateSimd(s, grid, start, 1), reference), "") << describe(s, grid, start);
        }
    });
}

// Evaluating into an image keeps its storage where it holds as many floats, reshapes it
// for any other grid or channel count, and leaves it as it was when the spec is refused.
TEST(Simd, EvaluatingIntoAnImageGivesTheSameTexels) {
    NoiseSpec s;
    s.octaves = 3;
    Image out;
    cpu::evaluateSimd(s, Grid{40, 30, 1}, {5, 6, 0}, 1, out);
    EXPECT_EQ(firstDifference(out, cpu::evaluateSimd(s, Grid{40, 30, 1}, {5, 6, 0}, 1)), "");
    const float* storage = out.data.data();
    s.seed = 9;
    cpu::evaluateSimd(s, Grid{30, 40, 1}, {}, 2, out);
    EXPECT_EQ(out.data.data(), storage) << "as many floats: the same storage";
    EXPECT_EQ(firstDifference(out, cpu::evaluateSimd(s, Grid{30, 40, 1})), "");
    s.output = Output::Gradient;
    cpu::evaluateSimd(s, Grid{7, 5, 1}, {}, 1, out);
    EXPECT_EQ(out.width, 7);
    EXPECT_EQ(out.height, 5);
    EXPECT_EQ(out.channels, 4);
    EXPECT_EQ(firstDifference(out, cpu::evaluate(s, Grid{7, 5, 1})), "");
    const Image before = out;
    s.octaves = 0;
    EXPECT_THROW(cpu::evaluateSimd(s, Grid{8, 8, 1}, {}, 1, out), ValidationError);
    EXPECT_EQ(out.width, before.width);
    EXPECT_EQ(firstDifference(out, before), "");
}

TEST(Simd, ThreadsDoNotChangeABit) {
    NoiseSpec s;
    s.octaves = 6;
    s.warpAmount = 0.7;
    const Grid grid{300, 90, 1};
    const Image one = cpu::evaluateSimd(s, grid, {}, 1);
    for (unsigned threads : {2u, 3u, 0u}) {
        EXPECT_EQ(firstDifference(cpu::evaluateSimd(s, grid, {}, threads), one), "") << threads << " threads";
    }
    EXPECT_EQ(firstDifference(one, cpu::evaluate(s, grid, {}, 1)), "");
}

// "Every thread" (threads 0) means the hardware threads this process may run on: pinned to
// one CPU (as `taskset -c 0` or a one-CPU container pins it), one.
TEST(Simd, EveryThreadMeansTheCpusThisProcessMayRunOn) {
#ifdef __linux__
    cpu_set_t was;
    CPU_ZERO(&was);
    ASSERT_EQ(sched_getaffinity(0, sizeof was, &was), 0);
    EXPECT_EQ(detail::threadCount(0), static_cast<unsigned>(CPU_COUNT(&was)));
    int first = 0;
    while (!CPU_ISSET(first, &was)) ++first;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
    const unsigned pinned = detail::threadCount(0);
    ASSERT_EQ(sched_setaffinity(0, sizeof was, &was), 0);
    EXPECT_EQ(pinned, 1u);
    EXPECT_EQ(detail::threadCount(3), 3u) << "a count given stands";
#else
    GTEST_SKIP() << "Linux only";
#endif
}

// The vectorised conversions of a bake (io::quantize8/16 over many values) give each
// value's one-value result: across the range, at exact halves, at the ends, beyond them,
// for NaN and infinities, on every target, with counts that end between lanes.
TEST(Simd, ManyValuesQuantizeAsOneOnEveryTarget) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> wide(-1.5f, 1.5f);
    const std::vector<ValueRange> ranges = {{-1.0, 1.0}, {0.0, 1.0}, {-0.37, 2.9}, {-1e-3, 1e-3}};
    for (const ValueRange range : ranges) {
        std::vector<float> values;
        for (int i = 0; i < 5000; ++i) values.push_back(static_cast<float>(range.min + (range.max - range.min) * wide(rng)));
        // Exactly on a half step and one float either side, at 8 and 16 bits.
        for (const double top : {255.0, 65535.0})
            for (int k = 0; k <= 64; ++k) {
                const float v = static_cast<float>(range.min + (range.max - range.min) * (k + 0.5) / top);
                values.insert(values.end(), {v, std::nextafter(v, 1e9f), std::nextafter(v, -1e9f)});
            }
        values.insert(values.end(), {static_cast<float>(range.min), static_cast<float>(range.max), std::nanf(""),
                                     INFINITY, -INFINITY, 1e30f, -1e30f, -0.0f});
        onEveryTarget([&] {
            for (const std::size_t count : {values.size(), values.size() - 3, std::size_t{5}}) {
                std::vector<std::uint8_t> q8(count);
                std::vector<std::uint16_t> q16(count);
                io::quantize8(values.data(), 1, count, range, q8.data());
                io::quantize16(values.data(), 1, count, range, q16.data());
                int differ = 0;
                for (std::size_t i = 0; i < count; ++i) {
                    differ += q8[i] != io::quantize8(values[i], range);
                    differ += q16[i] != io::quantize16(values[i], range);
                }
                EXPECT_EQ(differ, 0) << "range [" << range.min << ", " << range.max << "], " << count << " values";
            }
            // Strided: every third value.
            std::vector<std::uint16_t> q16(values.size() / 3);
            io::quantize16(values.data(), 3, q16.size(), range, q16.data());
            for (std::size_t i = 0; i < q16.size(); ++i) ASSERT_EQ(q16[i], io::quantize16(values[i * 3], range));
        });
        if (::testing::Test::HasFatalFailure()) return;
    }
}

// Ranges whose levels fall on halves: [0, 2 top / (2k + 1)] puts v = 1 (and 0.5, 0.75 of
// the like) on level k + 0.5 within a unit in the last place, where the quotient and the
// product by top / span can round to either side. The vectors still give each value's
// one-value result (the quotient's), on every target.
TEST(Simd, QuantizeDecidesHalvesAsTheQuotientDoes) {
    const auto levelOf = [](double x) {
        const double whole = std::trunc(x);
        return whole + (x - whole >= 0.5 ? 1.0 : 0.0);
    };
    int productDiffers = 0;
    std::vector<std::pair<ValueRange, double>> cases;  // a range and its top
    for (const double top : {255.0, 65535.0})
        for (int k = 0; k < static_cast<int>(top); k += top > 255.0 ? 97 : 1) {
            const double span = 2.0 * top / (2 * k + 1);
            for (const double v : {1.0, 0.5, 0.75})
                productDiffers += levelOf(v / span * top) != levelOf(v * (top / span));
            cases.push_back({ValueRange{0.0, span}, top});
        }
    // Without such cases this test would prove nothing.
    ASSERT_GT(productDiffers, 50);
    const std::vector<float> values = {1.0f, 0.5f, 0.75f, 1.0f, 0.5f, 0.75f, 1.0f, 0.5f,
                                       0.75f, 1.0f, 0.5f, 0.75f, 1.0f, 0.5f, 0.75f, 1.0f};
    onEveryTarget([&] {
        int differ = 0;
        for (const auto& [range, top] : cases) {
            std::vector<std::uint8_t> q8(values.size());
            std::vector<std::uint16_t> q16(values.size());
            if (top == 255.0) io::quantize8(values.data(), 1, values.size(), range, q8.data());
            else io::quantize16(values.data(), 1, values.size(), range, q16.data());
            for (std::size_t i = 0; i < values.size(); ++i)
                differ += top == 255.0 ? q8[i] != io::quantize8(values[i], range) : q16[i] != io::quantize16(values[i], range);
        }
        EXPECT_EQ(differ, 0);
    });
}

TEST(Simd, RefusesWhatTheReferenceRefuses) {
    NoiseSpec s;
    s.octaves = 0;
    EXPECT_THROW(cpu::evaluateSimd(s, Grid{8, 8, 1}), ValidationError);
    EXPECT_THROW(cpu::evaluateSimd(NoiseSpec{}, Grid{0, 8, 1}), ValidationError);
}

}  // namespace
}  // namespace glnoise
