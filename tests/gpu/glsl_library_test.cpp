// SPDX-License-Identifier: MIT
// The GLSL library on the driver: every file compiles alone and included twice, compile
// errors name file:line, and the self-contained source computes what the CPU computes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/reference.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"
#include "glsl/embedded.hpp"
#include "gpu/gl.hpp"
#include "glnoise/gl_objects.hpp"
#include "test_support.hpp"

namespace glnoise::glsl {
namespace {

gpu::Program compile(const Source& src, const std::string& label) { return gpu::Program(src.text, src.files, label); }

// Runs `program` (local size 64, points at binding 5, outputs at binding 6, u_count) on
// `points` (vec4 each, a multiple of 64) and returns `perPoint` floats per point.
std::vector<float> runOnPoints(const gpu::Program& program, const std::vector<float>& points, int perPoint) {
    const int n = static_cast<int>(points.size() / 4);
    gpu::Buffer in(points.size() * sizeof(float), points.data(), "points");
    std::vector<float> values(static_cast<std::size_t>(perPoint * n));
    gpu::Buffer out(values.size() * sizeof(float), nullptr, "values");
    glUseProgram(program.handle());
    glUniform1i(program.uniform("u_count"), n);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, in.handle());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, out.handle());
    glDispatchCompute(static_cast<GLuint>(n / 64), 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    out.download(values.size() * sizeof(float), values.data());
    return values;
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
    const std::string shader = "#version 430\nlayout(local_size_x = 64) in;\n" + selfContained(table, {}) + R"(
layout(std430, binding = 5) readonly buffer Points { vec4 points[]; };
layout(std430, binding = 6) writeonly buffer Values { vec4 values[]; };
uniform int u_count;
void main() {
    int i = int(gl_GlobalInvocationID.x);
    if (i >= u_count) return;
    vec4 p = points[i];
    values[i] = vec4(gln_perlin3(vec3(p.x, p.y, p.z)), gln_perlin2(vec2(p.x, p.y)),
                     gln_fbm3(vec3(p.x, p.y, p.z), 6, 2.0f, 0.5f), gln_fbm2(vec2(p.x, p.y), 5, 2.5f, 0.45f));
}
)";
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

TEST(GlslOnTheDriver, EveryFamilysFunctionsComputeWhatTheirTwinsCompute) {
    GLNOISE_REQUIRE_GPU(ctx);
    const Permutation table = Permutation::seeded(23);
    constexpr int kOut = 38;
    const std::string shader = "#version 430\nlayout(local_size_x = 64) in;\n" + selfContained(table, {}) + R"(
layout(std430, binding = 5) readonly buffer Points { vec4 points[]; };
layout(std430, binding = 6) writeonly buffer Values { float values[]; };
uniform int u_count;
void main() {
    int i = int(gl_GlobalInvocationID.x);
    if (i >= u_count) return;
    vec4 p = points[i];
    GlnNoise ridged = gln_noise(GLN_BASIS_VALUE, GLN_RIDGED, 4);
    ridged.curve = GLN_CURVE_COSINE;
    ridged.period = ivec4(4, 6, 8, 0);
    GlnNoise simplex = gln_noise(GLN_BASIS_SIMPLEX, GLN_FBM, 3);
    GlnNoise billow = gln_noise(GLN_BASIS_CLASSIC, GLN_BILLOW, 3);
    GlnNoise cells = gln_noise(GLN_BASIS_CELLULAR, GLN_RIDGED, 3);
    cells.cellReturn = GLN_CELL_F2_F1;
    cells.cellMetric = GLN_CELL_MANHATTAN;
    cells.cellJitter = 0.7f;
    cells.period = ivec4(5, 3, 0, 0);
    GlnNoise turned = gln_noise(GLN_BASIS_PERLIN, GLN_FBM, 5);
    turned.rotate = true;
    GlnNoise os2 = gln_noise(GLN_BASIS_OPENSIMPLEX2, GLN_TURBULENCE, 4);
    GlnNoise tiled = gln_noise(GLN_BASIS_PSRDNOISE, GLN_RIDGED, 3);
    tiled.period = ivec4(5, 4, 3, 0);
    GlnNoise soft = gln_noise(GLN_BASIS_OPENSIMPLEX2S, GLN_FBM, 4);
    float v[38];
    v[0] = gln_perlin1(p.x);
    v[1] = gln_perlin4(p);
    v[2] = gln_classic3(vec3(p.x, p.y, p.z));
    v[3] = gln_value2(vec2(p.x, p.y), GLN_CURVE_COSINE);
    v[4] = gln_perlinvalue3(vec3(p.x, p.y, p.z));
    v[5] = gln_simplex2(vec2(p.x, p.y));
    v[6] = gln_simplex3_deriv(vec3(p.x, p.y, p.z)).y;
    v[7] = gln_fractal3(ridged, vec3(p.x, p.y, p.z));
    v[8] = gln_fractal2_deriv(simplex, vec2(p.x, p.y)).z;
    v[9] = gln_warp2(simplex, vec2(p.x, p.y), 0.5f, 2.0f, 2).x;
    v[10] = gln_marble(p.x, gln_fractal2(simplex, vec2(p.x, p.y)), 5.0f);
    v[11] = gln_fractal4(billow, p);
    v[12] = gln_perlinvalue1(p.x);
    v[13] = gln_perlinvalue4(p);
    v[14] = gln_cellular2(vec2(p.x, p.y));
    v[15] = gln_cellular3_deriv(vec3(p.x, p.y, p.z), GLN_CELL_EDGE, GLN_CELL_EUCLIDEAN, 0.8f).z;
    v[16] = gln_cellular4(p, GLN_CELL_VALUE, GLN_CELL_CHEBYSHEV, 1.0f);
    v[17] = gln_cellular1(p.x, GLN_CELL_F2, GLN_CELL_EUCLIDEAN_SQUARED, 0.3f);
    v[18] = gln_fractal2(cells, vec2(p.x, p.y));
    v[19] = gln_cellular2_deriv(vec2(p.x, p.y), GLN_CELL_F1, GLN_CELL_CHEBYSHEV, 1.0f).y;
    v[20] = gln_fractal2(turned, vec2(p.x, p.y));
    v[21] = gln_fractal3_deriv(turned, vec3(p.x, p.y, p.z)).w;
    v[22] = gln_fractal4(turned, p);
    v[23] = gln_simplex4(p);
    v[24] = gln_fractal4(simplex, p);
    v[25] = gln_opensimplex2_2(vec2(p.x, p.y));
    v[26] = gln_opensimplex2_3_deriv(vec3(p.x, p.y, p.z)).z;
    v[27] = gln_fractal3(os2, vec3(p.x, p.y, p.z));
    v[28] = gln_psrdnoise2(vec2(p.x, p.y), ivec2(7, 6));
    v[29] = gln_psrdnoise3_deriv(vec3(p.x, p.y, p.z), ivec3(0, 0, 0)).w;
    v[30] = gln_fractal3(tiled, vec3(p.x, p.y, p.z));
    v[31] = gln_opensimplex2s_2(vec2(p.x, p.y));
    v[32] = gln_opensimplex2s_3_deriv(vec3(p.x, p.y, p.z)).y;
    v[33] = gln_fractal2_deriv(soft, vec2(p.x, p.y)).z;
    v[34] = gln_opensimplex2_4(p);
    v[35] = gln_fractal4(os2, p);
    v[36] = gln_opensimplex2s_4(p);
    v[37] = gln_fractal4(soft, p);
    for (int k = 0; k < 38; ++k) values[38 * i + k] = v[k];
}
)";
    const gpu::Program program =
        compile(resolveInMemory({{"families.comp", shader}}, "families.comp", {}), "families shader");
    const int n = 1024;
    std::mt19937 rng(8);
    std::uniform_real_distribution<float> coord(-60.0f, 60.0f);
    std::vector<float> points(4 * n);
    for (auto& v : points) v = coord(rng);
    const std::vector<float> values = runOnPoints(program, points, kOut);

    using namespace glnoise::cpu;
    const GlnNoise<float> ridged{GLN_BASIS_VALUE, GLN_CURVE_COSINE, GLN_RIDGED, 4, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(4, 6, 8, 0)};
    const GlnNoise<float> simplex{GLN_BASIS_SIMPLEX, GLN_CURVE_QUINTIC, GLN_FBM, 3, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> billow{GLN_BASIS_CLASSIC, GLN_CURVE_QUINTIC, GLN_BILLOW, 3, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> cells{GLN_BASIS_CELLULAR, GLN_CURVE_QUINTIC, GLN_RIDGED, 3, 2.0f, 0.5f, 1.0f, 2.0f,
                                ivec4(5, 3, 0, 0), GLN_CELL_F2_F1, GLN_CELL_MANHATTAN, 0.7f};
    const GlnNoise<float> os2{GLN_BASIS_OPENSIMPLEX2, GLN_CURVE_QUINTIC, GLN_TURBULENCE, 4, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> soft{GLN_BASIS_OPENSIMPLEX2S, GLN_CURVE_QUINTIC, GLN_FBM, 4, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0)};
    const GlnNoise<float> tiled{GLN_BASIS_PSRDNOISE, GLN_CURVE_QUINTIC, GLN_RIDGED, 3, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(5, 4, 3, 0)};
    const GlnNoise<float> turned{GLN_BASIS_PERLIN, GLN_CURVE_QUINTIC, GLN_FBM, 5, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0),
                                 GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f, true};
    const char* names[kOut] = {"perlin1", "perlin4", "classic3", "value2", "perlinvalue3", "simplex2", "simplex3_deriv.y",
                               "fractal3 ridged", "fractal2_deriv simplex .z", "warp2", "marble", "fractal4 billow",
                               "perlinvalue1", "perlinvalue4", "cellular2", "cellular3 edge .z", "cellular4 value",
                               "cellular1 f2 squared", "fractal2 cellular ridged", "cellular2 chebyshev .y",
                               "fractal2 turned", "fractal3_deriv turned .w", "fractal4 turned", "simplex4",
                               "fractal4 simplex", "opensimplex2_2", "opensimplex2_3_deriv.z", "fractal3 opensimplex2",
                               "psrdnoise2 period 7,6", "psrdnoise3_deriv.w", "fractal3 psrdnoise ridged tiled", "opensimplex2s_2", "opensimplex2s_3_deriv.y",
                               "fractal2_deriv opensimplex2s .z", "opensimplex2_4", "fractal4 opensimplex2",
                               "opensimplex2s_4", "fractal4 opensimplex2s"};
    std::array<float, kOut> worst{};
    for (int i = 0; i < n; ++i) {
        const float* p = &points[static_cast<std::size_t>(4 * i)];
        const vec4<float> p4(p[0], p[1], p[2], p[3]);
        const vec3<float> p3(p[0], p[1], p[2]);
        const vec2<float> p2(p[0], p[1]);
        const float want[kOut] = {
            gln_lattice1(table, 0, p[0], 0, GLN_CURVE_QUINTIC, GLN_GRADIENTS),
            gln_lattice4(table, ivec4(0), p4, ivec4(0), GLN_CURVE_QUINTIC, GLN_GRADIENTS),
            gln_lattice3(table, ivec3(0), p3, ivec3(0), GLN_CURVE_CUBIC, GLN_GRADIENTS).x,
            gln_value2(table, p2, GLN_CURVE_COSINE),
            gln_perlinvalue3(table, p3),
            gln_simplex2_skewed(table, ivec2(0), gln_skew2(p2)).x,
            gln_simplex3_skewed(table, ivec3(0), gln_skew3(p3)).y,
            gln_fractal3_deriv(table, ridged, p3).x,
            gln_fractal2_deriv(table, simplex, p2).z,
            gln_warp2(table, simplex, p2, 0.5f, 2.0f, 2).x,
            gln_marble(p[0], gln_fractal2_deriv(table, simplex, p2).x, 5.0f),
            gln_fractal4(table, billow, p4),
            gln_perlinvalue1(table, p[0]),
            gln_perlinvalue4(table, p4),
            gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f).x,
            gln_cellular3(table, ivec3(0), p3, ivec3(0), GLN_CELL_EDGE, GLN_CELL_EUCLIDEAN, 0.8f).z,
            gln_cellular4(table, ivec4(0), p4, ivec4(0), GLN_CELL_VALUE, GLN_CELL_CHEBYSHEV, 1.0f),
            gln_cellular1(table, 0, p[0], 0, GLN_CELL_F2, GLN_CELL_EUCLIDEAN_SQUARED, 0.3f),
            gln_fractal2_deriv(table, cells, p2).x,
            gln_cellular2(table, ivec2(0), p2, ivec2(0), GLN_CELL_F1, GLN_CELL_CHEBYSHEV, 1.0f).y,
            gln_fractal2_deriv(table, turned, p2).x,
            gln_fractal3_deriv(table, turned, p3).w,
            gln_fractal4(table, turned, p4),
            gln_simplex4_skewed(table, ivec4(0), gln_skew4(p4)),
            gln_fractal4(table, simplex, p4),
            gln_opensimplex2_2_skewed(table, ivec2(0), gln_skew2(p2)).x,
            gln_basis3(table, GLN_BASIS_OPENSIMPLEX2, GLN_CURVE_QUINTIC, ivec3(0), gln_os2_turn3(p3), ivec3(0)).z,
            gln_fractal3_deriv(table, os2, p3).x,
            gln_psrdnoise2_skewed(table, ivec2(0), gln_psrd_skew2(p2), ivec2(7, 6)).x,
            gln_psrdnoise3_skewed(table, ivec3(0), gln_psrd_skew3(p3), ivec3(0)).w,
            gln_fractal3_deriv(table, tiled, p3).x,
            gln_opensimplex2s_2_skewed(table, ivec2(0), gln_skew2(p2)).x,
            gln_basis3(table, GLN_BASIS_OPENSIMPLEX2S, GLN_CURVE_QUINTIC, ivec3(0), gln_os2_turn3(p3), ivec3(0)).y,
            gln_fractal2_deriv(table, soft, p2).z,
            gln_opensimplex2_4_skewed(table, ivec4(0), gln_os2_skew4(p4)),
            gln_fractal4(table, os2, p4),
            gln_opensimplex2s_4_skewed(table, ivec4(0), gln_os2s_skew4(p4)),
            gln_fractal4(table, soft, p4)};
        for (int k = 0; k < kOut; ++k) {
            const float got = values[static_cast<std::size_t>(kOut * i + k)];
            // Derivatives of fractal sums grow with lacunarity^octave; allow 4 times more there.
            // warp2 returns a point (|p| up to 60) and divides by the amplitude sum in the
            // shader, which GLSL lets be 2.5 ulp off: its bound grows with the point, 1e-6 of
            // it (on an H100 it differed by 5e-5 at |p| = 56; on llvmpipe by 0).
            float tol = (k == 8 || k == 21 || k == 33 ? 4e-5f : 1e-5f) * (k == 10 ? 6.0f : 1.0f);
            if (k == 9) tol += 1e-6f * std::abs(want[k]);
            if (!(std::abs(got - want[k]) <= tol))
                ADD_FAILURE() << names[k] << " at (" << p[0] << ", " << p[1] << ", " << p[2] << ", " << p[3]
                              << "): gpu " << got << " cpu " << want[k];
            worst[static_cast<std::size_t>(k)] = std::max(worst[static_cast<std::size_t>(k)], std::abs(got - want[k]));
        }
    }
    for (int k = 0; k < kOut; ++k) std::printf("%-28s max |gpu - cpu| = %.3g\n", names[k], double(worst[static_cast<std::size_t>(k)]));
}

}  // namespace
}  // namespace glnoise::glsl
