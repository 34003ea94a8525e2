// SPDX-License-Identifier: MIT
// Noise graphs on the GPU: random graphs over every node kind against the CPU reference
// within the tolerance derived from each graph (cpu::agreementTolerance; texels at the
// jumps of discontinuous nodes counted as check counts them), tiles against the whole,
// points as eval takes them, and one program per structure. Each graph compiles its own
// shader (about a second on llvmpipe): GLNOISE_GRAPH_CASES=N draws another count,
// GLNOISE_GRAPH_SEED=N another set.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <set>

#include "app/agreement.hpp"
#include "graph/plan.hpp"
#include "glnoise/glnoise.hpp"
#include "glnoise/gl_objects.hpp"
#include "glnoise/shader.hpp"
#include "gpu/gl.hpp"
#include "gpu/graph_shader.hpp"
#include "gpu/noise_shader.hpp"
#include "paths.hpp"
#include "random_graphs.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

using test::envOr;

// The GPU's image of g on grid from start: the reference's, within the graph's tolerance.
void expectTheReferences(gpu::Context& ctx, const Graph& g, const Grid& grid, const TexelStart& start) {
    gpu::Generator gen(ctx);
    const Image gpuImage = gen.generate(g, grid, start);
    const Image cpuImage = cpu::evaluate(g, grid, start);
    const float tolerance = static_cast<float>(cpu::agreementTolerance(g)[0]);
    for (std::size_t i = 0; i < cpuImage.data.size(); ++i) ASSERT_NEAR(gpuImage.data[i], cpuImage.data[i], tolerance) << i;
}

TEST(GraphGpu, RandomGraphsAgreeWithTheReferenceWithinTheirTolerance) {
    GLNOISE_REQUIRE_GPU(ctx);
    std::mt19937_64 rng(envOr("GLNOISE_GRAPH_SEED", 20261126));
    const std::uint64_t count = envOr("GLNOISE_GRAPH_CASES", 48);
    test::GraphDrawer drawer(rng);
    gpu::Generator gen(*ctx);
    std::set<std::string> kinds;
    std::uint64_t stated = 0;  // graphs with a node stated unbounded
    for (std::uint64_t i = 0; i < count;) {
        test::GraphDraw d = drawer.draw();
        // The drawn place, as the graph's offset: checkGrid's bands start at world texel 0.
        d.graph.space.offset[0] += static_cast<double>(d.start[0]);
        if (d.graph.space.dims >= 2) d.graph.space.offset[1] += static_cast<double>(d.start[1]);
        // The tolerance holds for values within 10^4 at every node (docs/graphs.md); a draw
        // of powers of positions or distances can pass it by far.
        bool unbounded = false;
        if (!test::withinTheTolerancesMagnitudes(d.graph, d.grid, &unbounded)) continue;
        ++i;
        if (unbounded) ++stated;
        for (const auto& [id, n] : d.graph.nodes) kinds.insert(n.kind);
        const std::array<double, 4> tolerance = cpu::agreementTolerance(d.graph);
        const auto band = [&](const Grid& g, const TexelStart& s) { return gen.generate(d.graph, g, s); };
        // A graph whose shader the driver refuses is named, and the draw goes on: one such
        // graph hides none of the others.
        std::optional<app::CheckVerdict> verdict;
        try {
            verdict = app::checkGrid(d.graph, d.grid, d.grid.height, tolerance, band, 1);
        } catch (const std::exception& e) {
            ADD_FAILURE() << "graph " << i << ": " << e.what() << "\n" << d.graph.json();
            continue;
        }
        ASSERT_TRUE(verdict.has_value());
        std::string lines;
        for (const auto& c : verdict->channels) lines += c.line + "\n";
        EXPECT_TRUE(verdict->passed) << "graph " << i << ":\n" << lines << "jumps " << verdict->jumps << "\n" << d.graph.json();
    }
    if (count >= 24) {
        EXPECT_GE(kinds.size(), 25u) << "the draw covered few kinds";
        // Positions, ramps and distances (stated unbounded) are checked where the grid
        // holds them within the tolerance's magnitudes.
        EXPECT_GE(stated, count / 8) << "few graphs with a node of unbounded stated range were checked";
    }
}

TEST(GraphGpu, CheckPassesAFewGradientsAtKinksAndNoMore) {
    // Turbulence's |n| turns at every zero of n: a texel a rounding away from one takes the
    // other side's slope. check passes a graph's gradient (or normal) with the value within
    // its tolerance and the slope beyond it at no more than 0.1% of the texels, and says
    // how many; a value beyond, or more such texels, fails. No GPU: the "GPU" here is the
    // reference with some texels' channels moved.
    const Graph g = Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "output": "gradient", "out": "t", "nodes": {
        "n": {"kind": "basis", "frequency": 0.02}, "t": {"kind": "fractal", "type": "turbulence", "source": "n", "octaves": 3}}})");
    ASSERT_FALSE(hasJumps(g));
    const Grid grid{100, 100, 1};
    const std::array<double, 4> tolerance = cpu::agreementTolerance(g);
    auto check = [&](int texels, int channel) {
        const auto band = [&](const Grid& b, const TexelStart& s) {
            Image image = cpu::evaluate(g, b, s);
            for (int k = 0; k < texels; ++k) {
                const int x = (37 * k) % b.width, y = (11 * k) % b.height;
                image.data[static_cast<std::size_t>((y * b.width + x) * image.channels + channel)] *= -3.0f;
                image.data[static_cast<std::size_t>((y * b.width + x) * image.channels + channel)] += 1.0f;
            }
            return image;
        };
        return *app::checkGrid(g, grid, grid.height, tolerance, band, 1);
    };
    const app::CheckVerdict exact = check(0, 1);
    EXPECT_TRUE(exact.passed);
    EXPECT_TRUE(exact.kinky);
    EXPECT_EQ(exact.kinks, 0);
    const app::CheckVerdict few = check(10, 1);  // 0.1% of 10,000
    EXPECT_TRUE(few.passed);
    EXPECT_EQ(few.kinks, 10);
    EXPECT_FALSE(few.channels[1].line.empty());
    const app::CheckVerdict many = check(11, 2);
    EXPECT_FALSE(many.passed);
    EXPECT_EQ(many.kinks, 11);
    const app::CheckVerdict value = check(1, 0);
    EXPECT_FALSE(value.passed);
    EXPECT_EQ(value.kinks, 0);
    // A value output has no slope to turn.
    Graph v = g;
    v.space.output = Output::Value;
    const auto same = [&](const Grid& b, const TexelStart& s) { return cpu::evaluate(v, b, s); };
    EXPECT_FALSE(app::checkGrid(v, grid, grid.height, cpu::agreementTolerance(v), same, 1)->kinky);
}

TEST(GraphGpu, TilesEqualTheWholeAndPointsAgree) {
    GLNOISE_REQUIRE_GPU(ctx);
    const Graph g = Graph::parse(R"({"glnoise_graph": 1, "dims": 3, "world_hash": true, "out": "out", "nodes": {
        "b": {"kind": "basis", "basis": "opensimplex2s", "frequency": 0.02},
        "f": {"kind": "fractal", "source": "b", "octaves": 5, "rotate": true},
        "c": {"kind": "basis", "basis": "cellular", "cell_return": "f2-f1", "frequency": 0.05},
        "v": {"kind": "vector", "x": "f", "y": "c"},
        "w": {"kind": "warp", "source": "c", "by": "v", "amount": 12},
        "out": {"kind": "smooth_max", "a": "w", "b": "f", "smoothness": 0.2}}})");
    gpu::Generator gen(*ctx);
    const TexelStart start{1000000, -70000, 3};
    const Image whole = gen.generate(g, Grid{300, 40, 1}, start);
    const Image left = gen.generate(g, Grid{123, 40, 1}, start);
    const Image right = gen.generate(g, Grid{177, 40, 1}, {start[0] + 123, start[1], start[2]});
    for (int y = 0; y < 40; ++y) {
        for (int x = 0; x < 123; ++x) ASSERT_EQ(left.data[left.index(x, y)], whole.data[whole.index(x, y)]);
        for (int x = 0; x < 177; ++x) ASSERT_EQ(right.data[right.index(x, y)], whole.data[whole.index(123 + x, y)]);
    }
    std::vector<cpu::Point> pts;
    for (int i = 0; i < 50; ++i) pts.push_back({1e6 + 3.7 * i, -7e4 - 1.3 * i, 3.0 + 0.1 * i, 0});
    const std::vector<float> a = gen.evaluatePoints(g, pts);
    const std::vector<float> b = cpu::evaluatePoints(g, pts);
    const double tol = cpu::agreementTolerance(g)[0];
    for (std::size_t i = 0; i < pts.size(); ++i) EXPECT_NEAR(a[i], b[i], tol);
}

TEST(GraphGpu, OneProgramPerStructure) {
    // The shader's text is its cache key: new values for a graph's parameters write the
    // same text (they are read from the parameter buffer); a new wiring writes another.
    auto text = [](const std::string& gain, const std::string& source) {
        const Graph g = Graph::parse(R"({"glnoise_graph": 1, "dims": 2, "out": "f", "nodes": {
            "a": {"kind": "basis", "frequency": 0.01}, "b": {"kind": "basis", "basis": "value", "frequency": 0.03},
            "m": {"kind": "multiply", "a": "a", "b": 0.5},
            "f": {"kind": "fractal", "source": ")" + source + R"(", "octaves": 6, "gain": )" + gain + "}}}");
        return gpu::graphFunctions(cpu::planGraph(g));
    };
    EXPECT_EQ(text("0.5", "m"), text("0.71", "m"));
    EXPECT_NE(text("0.5", "m"), text("0.5", "b"));
}

TEST(GraphGpu, ADriversLogOfAGraphsShaderNamesGraphGlsl) {
    // The graph engine's sampler stands in for the spec's sample.glsl; a compile error in
    // it is reported against graph.glsl, where its line is.
    const Graph g = Graph::parse(R"({"glnoise_graph": 1, "dims": 2, "out": "o", "nodes": {
        "b": {"kind": "basis", "frequency": 0.01}, "o": {"kind": "offset", "source": "b", "by": [0.5, 0]}}})");
    const glsl::Source src = gpu::detail::noiseShader(gpu::GeneratorOptions{8, 8, gpu::GeneratorOptions::Table::Buffer}, g, false);
    const auto& f = src.files;
    EXPECT_NE(std::find(f.begin(), f.end(), "graph.glsl"), f.end());
    EXPECT_EQ(std::find(f.begin(), f.end(), "sample.glsl"), f.end());
    EXPECT_NE(std::find(f.begin(), f.end(), "graph_nodes.glsl"), f.end());
    // A spec's shader keeps its own.
    const glsl::Source spec = gpu::detail::noiseShader(gpu::GeneratorOptions{8, 8, gpu::GeneratorOptions::Table::Buffer},
                                                       NoiseSpec{}, false);
    EXPECT_NE(std::find(spec.files.begin(), spec.files.end(), "sample.glsl"), spec.files.end());
    // The log's line is mapped to that name.
    const std::size_t n = static_cast<std::size_t>(std::find(f.begin(), f.end(), "graph.glsl") - f.begin());
    EXPECT_EQ(glsl::mapLog(std::to_string(n) + "(61) : error C5025: lvalue in array access too complex", f),
              "graph.glsl:61 : error C5025: lvalue in array access too complex");
}

TEST(GraphGpu, AFractalOfOneOctaveIsABlockNotALoop) {
    // NVIDIA's compiler refuses some loops of one iteration that it takes with two ("lvalue
    // in array access too complex" for a 1-octave multifractal or fBm): a fractal of one
    // octave, with its gain fixed or driven, writes a block with i = 0; one of two, a loop.
    auto graph = [](const std::string& type, const std::string& octaves, const std::string& gain) {
        return Graph::parse(R"({"glnoise_graph": 1, "dims": 2, "out": "f", "nodes": {
            "n": {"kind": "basis", "basis": "simplex", "frequency": 0.03}, "g": {"kind": "basis", "frequency": 0.01},
            "f": {"kind": "fractal", "type": ")" + type + R"(", "source": "n", "octaves": )" + octaves + R"(, "gain": )" + gain + "}}}");
    };
    const std::vector<Graph> graphs = {graph("multifractal", "1", "0.5"), graph("fbm", "1", "0.5"), graph("fbm", "1", "\"g\""),
                                       graph("hetero_terrain", "1", "0.5")};
    for (const Graph& g : graphs) {
        const std::string functions = gpu::graphFunctions(cpu::planGraph(g));
        EXPECT_EQ(functions.find("for (int i"), std::string::npos) << functions;
        EXPECT_NE(functions.find("const int i = 0;"), std::string::npos) << functions;
    }
    const std::string two = gpu::graphFunctions(cpu::planGraph(graph("multifractal", "2", "0.5")));
    EXPECT_NE(two.find("for (int i = 0; i < 2; ++i)"), std::string::npos) << two;
    GLNOISE_REQUIRE_GPU(ctx);
    for (const Graph& g : graphs) expectTheReferences(*ctx, g, Grid{40, 24, 1}, {-20, 33, 0});
}

TEST(GraphGpu, NoStringOfTheGraphReachesItsShader) {
    // Ids name nodes in messages only: the shader is written from generated names and
    // numbers, so two graphs that differ in their ids alone write the same text, and no id
    // appears in it.
    auto graph = [](const std::string& a, const std::string& b, const std::string& c) {
        return Graph::parse(R"({"glnoise_graph": 1, "dims": 2, "out": ")" + c + R"(", "nodes": {
            ")" + a + R"(": {"kind": "basis", "frequency": 0.01},
            ")" + b + R"(": {"kind": "fractal", "source": ")" + a + R"(", "octaves": 3},
            ")" + c + R"(": {"kind": "mix", "a": ")" + a + R"(", "b": ")" + b + R"(", "mask": 0.25}}})");
    };
    const std::string one = gpu::graphFunctions(cpu::planGraph(graph("Hills_North.v2", "gln_scope_9", "v0")));
    const std::string two = gpu::graphFunctions(cpu::planGraph(graph("a", "b", "c")));
    EXPECT_EQ(one, two);
    EXPECT_EQ(one.find("Hills_North"), std::string::npos) << one;
    EXPECT_EQ(one.find("gln_scope_9"), std::string::npos) << one;
}

TEST(GraphGpu, ASourceBothInlinedAndCalledCompiles) {
    // n is the warp's source (a function of its own) and, through a seed (written into its
    // parent), inside the warp's vector: both uses need n's scope, one inlined, one called.
    const std::vector<std::string> graphs = {
        R"({"glnoise_graph": 1, "dims": 2, "out": "f", "nodes": {
            "n": {"kind": "basis", "frequency": 0.02}, "qx": {"kind": "seed", "source": "n", "seed": 3},
            "q": {"kind": "vector", "x": "qx", "y": "qx"}, "f": {"kind": "warp", "source": "n", "by": "q", "amount": 9}}})",
        R"({"glnoise_graph": 1, "dims": 2, "out": "s", "nodes": {
            "n": {"kind": "basis", "basis": "simplex", "frequency": 0.03}, "o": {"kind": "offset", "source": "n", "by": [40, 7]},
            "k": {"kind": "scale", "source": "n", "by": 2.5}, "r": {"kind": "fractal", "source": "n", "octaves": 3},
            "t": {"kind": "add", "a": "o", "b": "k"}, "s": {"kind": "subtract", "a": "t", "b": "r"}}})",
    };
    for (const std::string& text : graphs) {
        const Graph g = Graph::parse(text);
        const std::string functions = gpu::graphFunctions(cpu::planGraph(g));
        EXPECT_NE(functions.find("vec4 gln_scope_1("), std::string::npos) << functions;
        GLNOISE_REQUIRE_GPU(ctx);
        expectTheReferences(*ctx, g, Grid{48, 40, 1}, {-20, 33, 0});
    }
}

// How many times `call` appears in `text`.
int count(const std::string& text, const std::string& call) {
    int n = 0;
    for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + 1)) ++n;
    return n;
}

TEST(GraphGpu, LeavesAlikeShareOneCopyOfTheirFamilysCode) {
    // Six leaves at the sample point, four behind offsets and seeds (their sources are
    // written into the output's function): the three cellular F1 leaves share a loop, the
    // two perlin ones another; the F2 one differs in structure and the simplex one is alone.
    const Graph g = Graph::parse(R"({"glnoise_graph": 1, "dims": 2, "out": "s5", "nodes": {
        "c1": {"kind": "basis", "basis": "cellular", "frequency": 0.02},
        "c2": {"kind": "basis", "basis": "cellular", "frequency": 0.05, "cell_jitter": 0.5},
        "c3": {"kind": "basis", "basis": "cellular", "frequency": 0.07},
        "c4": {"kind": "basis", "basis": "cellular", "cell_return": "f2", "frequency": 0.07},
        "p1": {"kind": "basis", "frequency": 0.03}, "p2": {"kind": "basis", "frequency": 0.09},
        "x": {"kind": "basis", "basis": "simplex", "frequency": 0.01},
        "o2": {"kind": "offset", "source": "c2", "by": [5, 7]},
        "o3": {"kind": "seed", "source": "c3", "seed": 9},
        "op": {"kind": "offset", "source": "p2", "by": [1, 2]},
        "s1": {"kind": "add", "a": "c1", "b": "o2"}, "s2": {"kind": "add", "a": "s1", "b": "o3"},
        "s3": {"kind": "max", "a": "s2", "b": "c4"}, "s4": {"kind": "mix", "a": "p1", "b": "op", "mask": "x"},
        "s5": {"kind": "subtract", "a": "s3", "b": "s4"}}})");
    const std::string text = gpu::graphFunctions(cpu::planGraph(g));
    EXPECT_EQ(count(text, "gln_g_cellular_2d("), 2) << text;
    EXPECT_EQ(count(text, "gln_g_lattice_2d("), 1) << text;
    EXPECT_EQ(count(text, "gln_g_simplex_2d("), 1) << text;
    EXPECT_EQ(count(text, "vec4 gln_scope_"), 1) << "offsets and seeds are written into their parent\n" << text;
    // And the shader's values are the reference's.
    GLNOISE_REQUIRE_GPU(ctx);
    expectTheReferences(*ctx, g, Grid{64, 48, 1}, {-300, 77, 0});
}

TEST(GraphGpu, ScopesInOtherDimensionsCallTheirFamiliesThere) {
    // A 2D graph whose sources are evaluated in 3D and 4D (add_dimension, each at a node's
    // value) and back in 2D (remove_dimension): each scope's leaves call their family in
    // its own dimensions, and the shader's values are the reference's.
    const Graph g = Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "sum", "nodes": {
        "h": {"kind": "basis", "basis": "perlin", "frequency": 0.01},
        "at": {"kind": "multiply", "a": "h", "b": 30},
        "s4": {"kind": "basis", "basis": "simplex", "frequency": 0.03},
        "c3": {"kind": "basis", "basis": "cellular", "frequency": 0.04},
        "p2": {"kind": "basis", "basis": "value", "frequency": 0.05},
        "drop": {"kind": "remove_dimension", "source": "p2", "axis": "y"},
        "mix3": {"kind": "add", "a": "c3", "b": "drop"},
        "up4": {"kind": "add_dimension", "source": "s4", "at": "h"},
        "in3": {"kind": "add", "a": "mix3", "b": "up4"},
        "up3": {"kind": "add_dimension", "source": "in3", "at": "at"},
        "lookup": {"kind": "cellular_lookup", "source": "p2", "frequency": 0.05},
        "up3b": {"kind": "add_dimension", "source": "lookup", "at": 12},
        "both": {"kind": "add", "a": "up3", "b": "up3b"},
        "sum": {"kind": "add", "a": "both", "b": "p2"}}})");
    const cpu::GraphPlan plan = cpu::planGraph(g);
    const std::string text = gpu::graphFunctions(plan);
    EXPECT_EQ(count(text, "gln_g_simplex_4d("), 1) << text;
    EXPECT_EQ(count(text, "gln_g_cellular_3d("), 1) << text;
    EXPECT_EQ(count(text, "gln_g_nearest_3d("), 1) << text;
    EXPECT_EQ(count(text, "gln_g_lattice_2d("), 3) << text;  // h, and p2 at 2D in two scopes
    std::set<int> dims;
    for (const cpu::PlanScope& sc : plan.scopes) dims.insert(sc.dims);
    EXPECT_EQ(dims, (std::set<int>{2, 3, 4}));
    GLNOISE_REQUIRE_GPU(ctx);
    expectTheReferences(*ctx, g, Grid{64, 48, 1}, {-300, 77, 0});
}


// ---- a graph as one function of a shader of yours (glnoise shader --graph) ------------------

// gln_graph(p) of graphSource's text, run by a compute shader over `grid`'s texels (from
// world texel `start`, p their offsets from the graph's origin): the image a bake holds.
Image exportedImage(const Graph& g, const Grid& grid, const TexelStart& start, const shader::GraphOptions& options = {}) {
    const int dims = g.space.dims;
    const char* point[] = {"", "float(x)", "vec2(x, y)", "vec3(x, y, z)", "vec4(x, y, z, 0.0f)"};
    shader::Options o;
    o.language = shader::Language::Glsl;
    const std::string source = "#version 430\nlayout(local_size_x = 64) in;\n" + shader::graphSource(o, g, options) +
                               "layout(std430, binding = 6) writeonly buffer Values { vec4 values[]; };\n"
                               "uniform ivec3 u_size;\nuniform ivec3 u_start;\n"
                               "void main() {\n"
                               "    int i = int(gl_GlobalInvocationID.x);\n"
                               "    if (i >= u_size.x * u_size.y * u_size.z) return;\n"
                               "    float x = float(u_start.x + i % u_size.x);\n"
                               "    float y = float(u_start.y + (i / u_size.x) % u_size.y);\n"
                               "    float z = float(u_start.z + i / (u_size.x * u_size.y));\n"
                               "    values[i] = gln_graph(" + std::string(point[dims]) + ");\n"
                               "}\n";
    const gpu::Program program(source, {}, "exported graph");
    const int n = grid.width * grid.height * grid.depth;
    std::vector<float> values(4 * static_cast<std::size_t>(n));
    gpu::Buffer out(values.size() * sizeof(float), nullptr, "values");
    std::unique_ptr<gpu::Buffer> params;
    glUseProgram(program.handle());
    if (options.params == shader::GraphParams::Uniform) {
        const std::vector<std::uint8_t> block = shader::graphBlock(g);
        params = std::make_unique<gpu::Buffer>(block.size(), block.data(), "graph block");
        glBindBufferBase(GL_UNIFORM_BUFFER, static_cast<GLuint>(options.binding), params->handle());
    }
    // A graph that does not vary with the point has no u_start once compiled.
    glUniform3i(glGetUniformLocation(program.handle(), "u_size"), grid.width, grid.height, grid.depth);
    glUniform3i(glGetUniformLocation(program.handle(), "u_start"), static_cast<GLint>(start[0]), static_cast<GLint>(start[1]),
                static_cast<GLint>(start[2]));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, out.handle());
    glDispatchCompute(static_cast<GLuint>((n + 63) / 64), 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    out.download(values.size() * sizeof(float), values.data());
    const int channels = g.space.output == Output::Value ? 1 : 4;
    Image image(grid.width, grid.height, grid.depth, channels);
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < channels; ++c)
            image.data[static_cast<std::size_t>(i * channels + c)] = values[static_cast<std::size_t>(4 * i + c)];
    return image;
}

TEST(GraphGpu, AGraphAsOneFunctionComputesWhatItsBakeHolds) {
    // Random graphs over every kind (the property test's draw) and the examples, each as the
    // source `glnoise shader --graph` writes, against the reference's bake of the same
    // texels within the graph's tolerance, as check compares them. The draw's place is the
    // graph's offset: the function's p is the offset from it, in one anchor (256 texels).
    GLNOISE_REQUIRE_GPU(ctx);
    std::mt19937_64 rng(envOr("GLNOISE_GRAPH_SEED", 20261206));
    const std::uint64_t count = envOr("GLNOISE_GRAPH_CASES", 24);
    test::GraphDrawer drawer(rng);
    std::vector<std::pair<Graph, Grid>> cases;
    std::set<std::string> kinds;
    while (cases.size() < count) {
        test::GraphDraw d = drawer.draw();
        for (int a = 0; a < std::min(d.graph.space.dims, 3); ++a) d.graph.space.offset[static_cast<std::size_t>(a)] += static_cast<double>(d.start[static_cast<std::size_t>(a)]);
        Grid grid{std::min(d.grid.width, 96), std::min(d.grid.height, 64), std::min(d.grid.depth, 4)};
        if (!test::withinTheTolerancesMagnitudes(d.graph, grid)) continue;
        for (const auto& [id, n] : d.graph.nodes) kinds.insert(n.kind);
        cases.emplace_back(d.graph, grid);
    }
    // The examples, where this runs from a source tree (a bundle carries none).
    const std::filesystem::path examples = std::filesystem::path(test::sourceDir()) / "examples" / "graphs";
    std::error_code ec;
    if (std::filesystem::is_directory(examples, ec))
        for (const auto& entry : std::filesystem::directory_iterator(examples))
        if (entry.path().extension() == ".json") {
            std::ifstream in(entry.path());
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            cases.emplace_back(Graph::parse(text, entry.path().filename().string()), Grid{96, 64, 1});
        }
    int compared = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const Graph& g = cases[i].first;
        const Grid& grid = cases[i].second;
        std::optional<app::CheckVerdict> verdict;
        const auto band = [&](const Grid& b, const TexelStart& s) { return exportedImage(g, b, s); };
        try {
            verdict = app::checkGrid(g, grid, grid.height, cpu::agreementTolerance(g), band, 1);
        } catch (const std::exception& e) {
            ADD_FAILURE() << "graph " << i << ": " << e.what() << "\n" << g.json();
            continue;
        }
        std::string lines;
        for (const auto& c : verdict->channels) lines += c.line + "\n";
        EXPECT_TRUE(verdict->passed) << "graph " << i << ":\n" << lines << g.json();
        ++compared;
    }
    EXPECT_EQ(compared, static_cast<int>(cases.size()));
    if (count >= 24) {
        EXPECT_GE(kinds.size(), 25u) << "the draw covered few kinds";
    }
}

TEST(GraphGpu, AGraphsNumbersFromAUniformBlockAreItsConstants) {
    // --params uniform: the same values as the constants; a graph of the same structure with
    // other numbers, or moved to another origin, takes its own block in the source made for
    // the first.
    GLNOISE_REQUIRE_GPU(ctx);
    auto graph = [](const std::string& gain, const std::string& frequency) {
        return Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "o", "nodes": {
            "n": {"kind": "basis", "basis": "opensimplex2", "frequency": )" + frequency + R"(},
            "f": {"kind": "fractal", "source": "n", "octaves": 5, "gain": )" + gain + R"(},
            "o": {"kind": "terrace", "source": "f", "steps": 6}}})");
    };
    const Graph a = graph("0.5", "0.02"), b = graph("0.65", "0.031");
    const Grid grid{64, 48, 1};
    shader::GraphOptions uniform;
    uniform.params = shader::GraphParams::Uniform;
    uniform.binding = 2;
    const Image constants = exportedImage(a, grid, {});
    EXPECT_EQ(exportedImage(a, grid, {}, uniform).data, constants.data);
    shader::Options o;
    EXPECT_EQ(shader::graphSource(o, a, uniform), shader::graphSource(o, b, uniform));
    EXPECT_NE(shader::graphSource(o, a), shader::graphSource(o, b));
    const Image reference = cpu::evaluate(b, grid);
    const Image other = exportedImage(b, grid, {}, uniform);
    const float tolerance = static_cast<float>(cpu::agreementTolerance(b)[0]);
    for (std::size_t i = 0; i < reference.data.size(); ++i) ASSERT_NEAR(other.data[i], reference.data[i], tolerance) << i;
    EXPECT_NE(other.data, constants.data);
    // Moved far away (its offset, in double): its own block, the same source, the bake's values.
    Graph far = b;
    far.space.offset = {123456789.0, -987654.0, 0.0};
    EXPECT_EQ(shader::graphSource(o, far, uniform), shader::graphSource(o, b, uniform));
    const Image farReference = cpu::evaluate(far, grid);
    const Image farImage = exportedImage(far, grid, {}, uniform);
    for (std::size_t i = 0; i < farReference.data.size(); ++i) ASSERT_NEAR(farImage.data[i], farReference.data[i], tolerance) << i;
}

TEST(GraphGpu, NoStringOfTheGraphReachesItsOneFunctionSource) {
    const auto graph = [](const std::string& a, const std::string& b) {
        return Graph::parse(R"({"glnoise_graph": 2, "dims": 3, "out": ")" + b + R"(", "nodes": {
            ")" + a + R"(": {"kind": "basis", "basis": "cellular", "frequency": 0.05},
            ")" + b + R"(": {"kind": "fractal", "source": ")" + a + R"(", "octaves": 3}}})");
    };
    for (shader::Language l : {shader::Language::Glsl, shader::Language::VulkanGlsl, shader::Language::GlslEs, shader::Language::Hlsl,
                               shader::Language::Wgsl, shader::Language::Msl, shader::Language::Godot}) {
        shader::Options o;
        o.language = l;
        const std::string one = shader::graphSource(o, graph("Hills.North_v2", "gln_graph"));
        EXPECT_EQ(one, shader::graphSource(o, graph("a", "b")));
        EXPECT_EQ(one.find("Hills"), std::string::npos);
    }
}

TEST(GraphGpu, AGraphsOneFunctionSourceHoldsTheFunctionsItCallsAlone) {
    // A Perlin graph's source defines Perlin's lattice and none of cellular noise's or the
    // simplex families' functions; a cellular graph's defines cellular noise's.
    const auto source = [](const std::string& basis) {
        shader::Options o;
        return shader::graphSource(o, Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "f", "nodes": {
            "n": {"kind": "basis", "basis": ")" + basis + R"("}, "f": {"kind": "fractal", "source": "n", "octaves": 3}}})"));
    };
    // The functions a source defines: lines "type name(" at the margin.
    const auto defined = [](const std::string& text) {
        std::set<std::string> names;
        std::istringstream in(text);
        const std::regex definition(R"(^[a-zA-Z_][a-zA-Z0-9_]* ([a-zA-Z_][a-zA-Z0-9_]*)\(.*)");
        std::smatch m;
        for (std::string line; std::getline(in, line);)
            if (std::regex_match(line, m, definition)) names.insert(m[1]);
        return names;
    };
    const std::set<std::string> perlin = defined(source("perlin")), cellular = defined(source("cellular"));
    EXPECT_TRUE(perlin.count("gln_lattice2"));
    EXPECT_FALSE(perlin.count("gln_cell_search"));
    EXPECT_FALSE(perlin.count("gln_simplex2_skewed"));
    EXPECT_FALSE(perlin.count("gln_g_lattice_3d")) << "a 2D graph's";
    EXPECT_TRUE(cellular.count("gln_cell_search"));
    EXPECT_FALSE(cellular.count("gln_lattice2"));
    // Far fewer than the library's.
    const std::set<std::string> library = defined(shader::source(shader::Options{}));
    EXPECT_GT(library.size(), 150u);
    EXPECT_LT(perlin.size() * 4, library.size());
}

TEST(GraphGpu, AGraphSourceIsWrittenInEveryLanguage) {
    // HLSL, WGSL, Metal and Godot's: the GLSL translated (the port tests run them); here,
    // each defines gln_graph in its own syntax, declares the graph's numbers its own way,
    // keeps no GLSL type or directive of the graph's, and a uniform block where it has one.
    const Graph g = Graph::parse(R"({"glnoise_graph": 2, "dims": 3, "out": "t", "nodes": {
        "n": {"kind": "basis", "basis": "simplex", "frequency": 0.03},
        "f": {"kind": "fractal", "source": "n", "octaves": 4},
        "t": {"kind": "terrace", "source": "f", "steps": 5}}})");
    const struct {
        shader::Language language;
        const char* entry;
        const char* numbers;
        const char* uniform;  // its block's declaration; null: none
    } cases[] = {
        {shader::Language::Hlsl, "float4 gln_graph(float3 p) {", "GLN_TABLES float gln_graph_params[", "cbuffer GlnGraph : register(b4)"},
        {shader::Language::Wgsl, "fn gln_graph(p: vec3<f32>) -> vec4<f32> {", "var<private> gln_graph_params: array<f32, ",
         "@group(0) @binding(4) var<uniform> gln_graph_block: GlnGraph;"},
        {shader::Language::Msl, "float4 gln_graph(float3 p) {", "constant float gln_graph_params[", nullptr},
        {shader::Language::Godot, "vec4 gln_graph(vec3 p) {", "const float gln_graph_params[", nullptr},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(shader::languageName(c.language));
        shader::Options o;
        o.language = c.language;
        const std::string text = shader::graphSource(o, g);
        EXPECT_NE(text.find(c.entry), std::string::npos);
        EXPECT_NE(text.find(c.numbers), std::string::npos);
        EXPECT_EQ(text.find("#if GLN_"), std::string::npos);
        EXPECT_EQ(text.find("GLN_G("), std::string::npos) << "a macro of graph.glsl's";
        EXPECT_EQ(text.find("GLN_TABLE_READ"), std::string::npos);
        if (c.language != shader::Language::Godot) {
            EXPECT_EQ(text.find("vec4 "), std::string::npos) << "GLSL's type";
        }
        shader::GraphOptions uniform;
        uniform.params = shader::GraphParams::Uniform;
        uniform.binding = 4;
        if (c.uniform) {
            const std::string block = shader::graphSource(o, g, uniform);
            EXPECT_NE(block.find(c.uniform), std::string::npos) << block.substr(0, 4000);
            // A graph of the same structure with other numbers: the same source.
            Graph other = g;
            other.space.offset = {1234567.0, 89.0, 0.0};
            EXPECT_EQ(shader::graphSource(o, other, uniform), block);
        } else {
            EXPECT_THROW((void)shader::graphSource(o, g, uniform), ValidationError);
        }
    }
}

TEST(GraphGpu, AGraphsPortSaysWhenItsTranslatorCannotRun) {
    // No silent fallback: an interpreter that does not start is an error naming it.
    const Graph g = Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "n", "nodes": {"n": {"kind": "basis"}}})");
    shader::Options o;
    o.language = shader::Language::Wgsl;
    shader::GraphOptions go;
    go.python = "/no/such/python3";
    try {
        (void)shader::graphSource(o, g, go);
        ADD_FAILURE() << "no error";
    } catch (const ValidationError& e) {
        ADD_FAILURE() << e.what();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("'/no/such/python3' did not start"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("GLNOISE_PYTHON"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace glnoise
