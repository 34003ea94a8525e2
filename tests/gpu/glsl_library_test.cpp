// SPDX-License-Identifier: MIT
// The GLSL library on the driver: every file compiles alone and included twice, compile
// errors name file:line, and the self-contained source computes what the CPU computes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "core/reference.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"
#include "glsl/embedded.hpp"
#include "gpu/gl.hpp"
#include "glnoise/gl_objects.hpp"
#include "ports/cases.hpp"
#include "test_support.hpp"

namespace glnoise::glsl {
namespace {

gpu::Program compile(const Source& src, const std::string& label) { return gpu::Program(src.text, src.files, label); }

// Runs `program` (local size 64, points at binding 5, outputs at binding 6, u_count) on
// `points` (vec4 each, a multiple of 64) and returns `perPoint` floats per point. With
// `threadPerValue`, u_count is the number of values and each invocation writes one.
std::vector<float> runOnPoints(const gpu::Program& program, const std::vector<float>& points, int perPoint,
                               bool threadPerValue = false) {
    const int n = static_cast<int>(points.size() / 4);
    const int threads = threadPerValue ? n * perPoint : n;
    gpu::Buffer in(points.size() * sizeof(float), points.data(), "points");
    std::vector<float> values(static_cast<std::size_t>(perPoint * n));
    gpu::Buffer out(values.size() * sizeof(float), nullptr, "values");
    glUseProgram(program.handle());
    glUniform1i(program.uniform("u_count"), threads);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, in.handle());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, out.handle());
    glDispatchCompute(static_cast<GLuint>((threads + 63) / 64), 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    out.download(values.size() * sizeof(float), values.data());
    return values;
}

// A compute shader (local size 64) over `glnoise glsl`'s source for `table`, then `extra`,
// with the points at binding 5, the values (of `valueType`) at binding 6, u_count, and
// `body` for main, which may return early where i >= u_count.
std::string pointsShader(const Permutation& table, const std::string& extra, const char* valueType,
                         const std::string& body) {
    return "#version 430\nlayout(local_size_x = 64) in;\n" + selfContained(table, {}) + extra +
           "layout(std430, binding = 5) readonly buffer Points { vec4 points[]; };\n"
           "layout(std430, binding = 6) writeonly buffer Values { " + valueType + " values[]; };\n"
           "uniform int u_count;\n"
           "void main() {\n"
           "    int i = int(gl_GlobalInvocationID.x);\n"
           "    if (i >= u_count) return;\n" + body + "}\n";
}

TEST(GlslOnTheDriver, EveryLibraryFileCompilesAloneAndIncludedTwice) {
    GLNOISE_REQUIRE_GPU(ctx);
    // The second table source: what `glnoise glsl` emits, a const array behind GLN_PERM.
    std::string constTable = "const int T[512] = int[512](";
    for (int i = 0; i < 512; ++i) constTable += std::to_string(Permutation::perlin()[i]) + (i < 511 ? "," : ");\n");
    constTable += "#define GLN_PERM(i) T[(i)]\n";
    for (const auto& [name, text] : library()) {
        for (const std::string& table : {std::string(), constTable}) {
            for (int times : {1, 2}) {
                std::string stub = "#version 430\nlayout(local_size_x = 1) in;\n" + table;
                for (int k = 0; k < times; ++k) stub += "#include \"" + name + "\"\n";
                stub += "void main() {}\n";
                SCOPED_TRACE(name + (table.empty() ? " (storage buffer)" : " (GLN_PERM)") + " x" + std::to_string(times));
                EXPECT_NO_THROW(compile(resolveInMemory({{"stub.comp", stub}}, "stub.comp", {}), "library stub"));
            }
        }
    }
}

TEST(GlslOnTheDriver, CompileErrorsPointIntoTheIncludedFile) {
    // Also checks that this driver reads "#line N" as "the next line is N".
    GLNOISE_REQUIRE_GPU(ctx);
    const std::map<std::string, std::string> tree = {
        {"bad.comp", "#version 430\nlayout(local_size_x = 1) in;\n#include \"broken.glsl\"\nvoid main() {}\n"},
        {"broken.glsl", "// fine\nfloat ok() { return 1.0; }\nfloat bad() { return undeclared_name; }\n"}};
    try {
        compile(resolveInMemory(tree, "bad.comp", {}), "broken test shader");
        ADD_FAILURE() << "compiled";
    } catch (const ShaderError& e) {
        EXPECT_NE(std::string(e.what()).find("broken.glsl:3"), std::string::npos) << e.what();
    }
}

TEST(GlslOnTheDriver, EveryEntryPointResolvesFromTheLibrary) {
    for (const char* entry : {"noise.comp", "eval.comp"}) {
        IncludeOptions o;
        o.defines = "#define GLN_DIMS 3\n#define GLN_VOLUME 0\n";
        const Source r = resolveInMemory(embeddedShaders(), entry, o);
        EXPECT_NE(std::find(r.files.begin(), r.files.end(), "glnoise/perlin.glsl"), r.files.end());
    }
}

TEST(GlslOnTheDriver, TheSelfContainedSourceComputesWhatTheReferenceComputes) {
    GLNOISE_REQUIRE_GPU(ctx);
    const Permutation table = Permutation::seeded(11);
    const std::string shader = pointsShader(table, "", "vec4", R"(
    vec4 p = points[i];
    values[i] = vec4(gln_perlin3(vec3(p.x, p.y, p.z)), gln_perlin2(vec2(p.x, p.y)),
                     gln_fbm3(vec3(p.x, p.y, p.z), 6, 2.0f, 0.5f), gln_fbm2(vec2(p.x, p.y), 5, 2.5f, 0.45f));
)");
    const gpu::Program program =
        compile(resolveInMemory({{"self_contained.comp", shader}}, "self_contained.comp", {}), "self-contained shader");

    const int n = 4096;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> coord(-300.0f, 300.0f);
    std::vector<float> points(4 * n);
    for (auto& v : points) v = coord(rng);
    const std::vector<float> values = runOnPoints(program, points, 4);

    float worst = 0.0f;
    for (int i = 0; i < n; ++i) {
        const float* p = &points[4 * i];
        const float want[4] = {cpu::perlin3(table, p[0], p[1], p[2]), cpu::perlin2(table, p[0], p[1]),
                               cpu::fbm3(table, p[0], p[1], p[2], 6, 2.0f, 0.5f),
                               cpu::fbm2(table, p[0], p[1], 5, 2.5f, 0.45f)};
        for (int k = 0; k < 4; ++k) {
            if (std::abs(values[4 * i + k] - want[k]) > 1e-5f)
                ADD_FAILURE() << "point " << i << " (" << p[0] << ", " << p[1] << ", " << p[2] << ") function " << k
                              << ": gpu " << values[4 * i + k] << " cpu " << want[k];
            worst = std::max(worst, std::abs(values[4 * i + k] - want[k]));
        }
    }
    EXPECT_LE(worst, 1e-5f);
    // Not all zero: the shader really ran.
    EXPECT_GT(*std::max_element(values.begin(), values.end()), 0.3f);
}

// The text of tests/ports/cases.glsl (the cases every port runs).
std::string casesText() {
    std::ifstream file(std::filesystem::path(test::sourceDir()) / "tests" / "ports" / "cases.glsl");
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

// cases.glsl's text without gln_case's branches outside cases first..first+count-1: a
// driver inlines every branch of a shader before it drops any, and its time grows faster
// than the shader, so the cases compile in shaders of 8, as tests/ports/run_port.py runs
// them (docs/shaders.md).
std::string casesOnly(const std::string& text, int first, int count) {
    const std::string branch = "    if (k == ";
    std::istringstream in(text);
    std::string line;
    std::string kept;
    int branches = 0;
    while (std::getline(in, line)) {
        if (line.rfind(branch, 0) == 0) {
            const int k = std::stoi(line.substr(branch.size()));
            ++branches;
            if (k < first || k >= first + count) continue;
        }
        kept += line + '\n';
    }
    EXPECT_EQ(branches, test::kCaseCount) << "cases.glsl's gln_case no longer has one line per case";
    return kept;
}

// Every case of tests/ports/cases.glsl (the cases every port runs) at 1024 points against
// its C++ twin, through the resolver, with the table as `glnoise glsl` emits it. Each
// invocation computes one case of one point, as the other ports' runners do.
TEST(GlslOnTheDriver, EveryFamilysFunctionsComputeWhatTheirTwinsCompute) {
    GLNOISE_REQUIRE_GPU(ctx);
    const Permutation table = Permutation::seeded(23);
    constexpr int kOut = test::kCaseCount;
    constexpr int kChunk = 8;
    const std::string cases = casesText();
    const int n = 1024;
    std::mt19937 rng(8);
    std::uniform_real_distribution<float> coord(-60.0f, 60.0f);
    std::vector<float> points(4 * n);
    for (auto& v : points) v = coord(rng);
    std::vector<float> values(static_cast<std::size_t>(kOut * n));
    for (int first = 0; first < kOut; first += kChunk) {
        const int count = std::min(kChunk, kOut - first);
        const std::string shader =
            pointsShader(table, "#include \"cases.glsl\"\n", "float",
                         "    values[i] = gln_case(" + std::to_string(first) + " + i % " + std::to_string(count) +
                             ", points[i / " + std::to_string(count) + "]);\n");
        const gpu::Program program =
            compile(resolveInMemory({{"families.comp", shader}, {"cases.glsl", casesOnly(cases, first, count)}},
                                    "families.comp", IncludeOptions{}),
                    "families shader, cases " + std::to_string(first) + " on");
        const std::vector<float> chunk = runOnPoints(program, points, count, true);
        for (int i = 0; i < n; ++i)
            std::copy_n(chunk.begin() + static_cast<std::ptrdiff_t>(count * i), count,
                        values.begin() + static_cast<std::ptrdiff_t>(kOut * i + first));
    }

    std::array<float, kOut> worst{};
    for (int i = 0; i < n; ++i) {
        const float* p = &points[static_cast<std::size_t>(4 * i)];
        for (int k = 0; k < kOut; ++k) {
            const float want = test::twinCase(table, k, p);
            const float got = values[static_cast<std::size_t>(kOut * i + k)];
            if (!(std::abs(got - want) <= test::caseTolerance(k, want, p)))
                ADD_FAILURE() << test::caseName(k) << " at (" << p[0] << ", " << p[1] << ", " << p[2] << ", " << p[3]
                              << "): gpu " << got << " cpu " << want;
            worst[static_cast<std::size_t>(k)] = std::max(worst[static_cast<std::size_t>(k)], std::abs(got - want));
        }
    }
    for (int k = 0; k < kOut; ++k)
        std::printf("%-28s max |gpu - cpu| = %.3g\n", test::caseName(k), double(worst[static_cast<std::size_t>(k)]));
}

// Simplex noise alone in a small shader, step by step: the skew, the sum over the triangle
// at the host's skew (whole and split into cell and fraction), and gln_simplex2. On NVIDIA's
// OpenGL driver 580 these were exact while the same functions in the cases kernel above
// were not, until the library stopped reading the table at a constant offset from an
// index (docs/shaders.md, "On real GPUs"; glnoise_glsl_probe shows both sides).
TEST(GlslOnTheDriver, SimplexNoiseInASmallShaderIsItsTwin) {
    GLNOISE_REQUIRE_GPU(ctx);
    const Permutation table = Permutation::seeded(23);
    const std::string shader = pointsShader(table, "", "float", R"(
    vec4 p = points[i];  // (x, y) and the host's skew of it
    vec2 s = gln_skew2(vec2(p.x, p.y));
    vec2 pf = floor(vec2(p.z, p.w));
    values[5 * i + 0] = s.x;
    values[5 * i + 1] = s.y;
    values[5 * i + 2] = gln_simplex2_skewed(ivec2(0), vec2(p.z, p.w)).x;
    values[5 * i + 3] = gln_simplex2_skewed(ivec2(int(pf.x), int(pf.y)), vec2(p.z, p.w) - pf).x;
    values[5 * i + 4] = gln_simplex2(vec2(p.x, p.y));
)");
    const gpu::Program program(shader, {}, "simplex alone");
    const int n = 1024;
    std::mt19937 rng(8);
    std::uniform_real_distribution<float> coord(-60.0f, 60.0f);
    std::vector<float> points(4 * n);
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        points[4 * i] = coord(rng);
        points[4 * i + 1] = coord(rng);
        const auto skewed = cpu::gln_skew2(cpu::vec2<float>(points[4 * i], points[4 * i + 1]));
        points[4 * i + 2] = skewed.x;
        points[4 * i + 3] = skewed.y;
    }
    const std::vector<float> got = runOnPoints(program, points, 5);
    const char* names[5] = {"skew .x", "skew .y", "simplex2_skewed", "simplex2_skewed (cell, fraction)", "simplex2"};
    int failures = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        const float* p = &points[4 * i];
        const float sum = cpu::gln_simplex2_skewed(table, cpu::ivec2(0), cpu::vec2<float>(p[2], p[3])).x;
        const float want[5] = {p[2], p[3], sum, sum, sum};
        for (std::size_t k = 0; k < 5; ++k)
            if (!(std::abs(got[5 * i + k] - want[k]) <= 1e-5f) && ++failures <= 10)
                ADD_FAILURE() << names[k] << " at (" << p[0] << ", " << p[1] << "): gpu " << got[5 * i + k] << " cpu "
                              << want[k];
    }
    EXPECT_EQ(failures, 0);
}

}  // namespace
}  // namespace glnoise::glsl
