// SPDX-License-Identifier: MIT
// glnoise_glsl_probe: what a driver's GLSL compiler makes of glnoise's library, for finding
// where a driver computes something other than the C++ twins (docs/shaders.md, "On real
// GPUs"). It runs the port cases (tests/ports/cases.glsl, 38 functions over every family)
// in many shapes: the whole kernel with the table in each form, one case per invocation or
// all of a point's cases in a loop, each simplex case alone, the simplex cases with more
// and more of the others beside them, the library rewritten in ways that compute the same
// values, and, where the driver takes SPIR-V (GL 4.6, ARB_gl_spirv), the same kernels
// compiled by glslang instead of the driver's GLSL front end. For each it prints how many
// values are outside the port tests' tolerance, case by case.
//
//   glnoise_glsl_probe                      # run every variant, print the table
//   glnoise_glsl_probe --emit DIR           # write each variant's GLSL (for glslangValidator -G)
//   glnoise_glsl_probe --spirv DIR          # also run DIR/NAME.spv where present
//   glnoise_glsl_probe --out DIR            # also write each variant's values and programs
//   glnoise_glsl_probe --only NAME[,NAME]   # these variants only
//
// --out writes NAME.f32 (the values, case-major per point, float32), NAME.probe.f32 (the
// simplex2 internals of the probe variant), NAME.bin (glGetProgramBinary), the points
// (points.f32) and the twins' values (twins.f32), and the noise shaders of 3D Perlin and
// 8-octave fBm for every table form as noise-FORM-WORKLOAD.bin, for counting instructions
// (tests/bench/gpu_instructions.py), and the same workloads by the graph's own shader (the
// default table form) as noise-graph-WORKLOAD.bin.
// Exit status: 0 when it ran (whatever the driver computed), 2 on bad arguments.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "glnoise/error.hpp"
#include "glnoise/gl_objects.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"
#include <glad/egl.h>
#include "gpu/noise_shader.hpp"
#include "bench/own_plan.hpp"
#include "paths.hpp"
#include "ports/cases.hpp"

namespace {

using namespace glnoise;
namespace fs = std::filesystem;

constexpr int kPoints = 1024;
constexpr int kCases = test::kCaseCount;
const std::set<int> kSimplexCases = {5, 6, 8, 9, 10, 23, 24};
constexpr int kProbeFloats = 16;  // simplex2's internals per point in the probe variant

enum class Table { Const, Buffer };
enum class Shape { PerValue, PerPoint };

struct Variant {
    std::string name;
    std::string what;
    Table table = Table::Const;
    Shape shape = Shape::PerValue;
    std::vector<int> cases;  // gln_case keeps these (empty: all)
    // Text replacements on the resolved library: (from, to), each must match.
    std::vector<std::pair<std::string, std::string>> rewrites;
    std::string prelude;  // before the table and the library
    bool probe = false;   // simplex2's internals into binding 7
    int version = 430;    // the #version the driver gets (SPIR-V is always made from 450)
};

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw IoError("cannot read " + path.string());
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// cases.glsl with only `keep` of its `if (k == N) return ...;` lines (all when empty).
std::string casesKeeping(const std::string& text, const std::vector<int>& keep) {
    if (keep.empty()) return text;
    std::stringstream in(text);
    std::string out;
    static const std::regex line(R"(^\s*if \(k == (\d+)\) return .*;\s*$)");
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        if (std::regex_match(l, m, line) && std::find(keep.begin(), keep.end(), std::stoi(m[1])) == keep.end())
            continue;
        out += l + "\n";
    }
    return out;
}

void replaceAll(std::string& text, const std::string& from, const std::string& to, const std::string& variant) {
    std::size_t at = text.find(from);
    if (at == std::string::npos)
        throw ValidationError("variant " + variant + ": the library no longer has \"" + from.substr(0, 60) + "\"");
    while (at != std::string::npos) {
        text.replace(at, from.size(), to);
        at = text.find(from, at + to.size());
    }
}

const char* const kProbeHook = R"(
layout(std430, binding = 7) buffer GlnProbe { float gln_probe[]; };
int gln_probe_at = -1;
void gln_probe_simplex2(GlnTriangle s, int h0, int h1, int h2, vec3 n) {
    if (gln_probe_at < 0) return;
    int o = gln_probe_at * 16;
    gln_probe[o + 0] = float(s.corner.x);
    gln_probe[o + 1] = float(s.corner.y);
    gln_probe[o + 2] = float(s.step.x);
    gln_probe[o + 3] = float(s.step.y);
    gln_probe[o + 4] = s.d0.x;
    gln_probe[o + 5] = s.d0.y;
    gln_probe[o + 6] = s.d1.x;
    gln_probe[o + 7] = s.d1.y;
    gln_probe[o + 8] = s.d2.x;
    gln_probe[o + 9] = s.d2.y;
    gln_probe[o + 10] = float(h0);
    gln_probe[o + 11] = float(h1);
    gln_probe[o + 12] = float(h2);
    gln_probe[o + 13] = n.x;
    gln_probe[o + 14] = n.y;
    gln_probe[o + 15] = n.z;
}
)";

// The kernel's source: `version` (430 for the driver, 450 for glslang's SPIR-V), the table,
// the library through cases.glsl, the points at binding 5, the values at 6, u_count at
// location 0.
std::string kernelSource(const Variant& v, const Permutation& table, const std::string& cases, int version) {
    std::string text = "#version " + std::to_string(version) + "\nlayout(local_size_x = 64) in;\n" + v.prelude;
    if (v.table == Table::Const) text += glsl::selfContained(table, {});
    text += casesKeeping(cases, v.cases);
    text += "layout(std430, binding = 5) readonly buffer Points { vec4 points[]; };\n"
            "layout(std430, binding = 6) writeonly buffer Values { float values[]; };\n"
            "layout(location = 0) uniform int u_count;\n"
            "void main() {\n"
            "    int i = int(gl_GlobalInvocationID.x);\n"
            "    if (i >= u_count) return;\n";
    if (v.shape == Shape::PerValue) {
        if (v.probe) text += "    if (i % GLN_CASES == 5) gln_probe_at = i / GLN_CASES;\n";
        text += "    values[i] = gln_case(i % GLN_CASES, points[i / GLN_CASES]);\n";
    } else {
        text += "    for (int k = 0; k < GLN_CASES; ++k) values[i * GLN_CASES + k] = gln_case(k, points[i]);\n";
    }
    text += "}\n";
    glsl::IncludeOptions options;
    options.lineDirectives = false;  // one plain text, the same for the driver and glslang
    glsl::Source src = glsl::resolve("probe.comp", text, options);
    for (const auto& [from, to] : v.rewrites) replaceAll(src.text, from, to, v.name);
    if (v.probe) replaceAll(src.text, "vec3 gln_simplex2_skewed(ivec2 cell, vec2 ps) {",
                            std::string(kProbeHook) + "vec3 gln_simplex2_skewed(ivec2 cell, vec2 ps) {", v.name);
    if (v.probe)
        replaceAll(src.text, "gln_simplex2_corner(h2, s.d2);\n",
                   "gln_simplex2_corner(h2, s.d2);\n    gln_probe_simplex2(s, h0, h1, h2, n);\n", v.name);
    return src.text;
}

Variant variant(std::string name, std::string what, Table table = Table::Const, Shape shape = Shape::PerValue,
                std::vector<int> cases = {}) {
    Variant v;
    v.name = std::move(name);
    v.what = std::move(what);
    v.table = table;
    v.shape = shape;
    v.cases = std::move(cases);
    return v;
}

std::vector<Variant> variants() {
    std::vector<Variant> out;
    // First what a short run must see: the failing kernel as the test builds it, its
    // internals, simplex alone and among its own, then the rewrites.
    out.push_back(variant("cases", "every case, table a const array, one case per invocation (GlslOnTheDriver.EveryFamilys...)"));
    {
        // The control: simplex's far corners read at a constant offset again, as the library
        // did up to 0.15.0 (p[p[i + 1] + j + 1]); a driver with the defect shows it here.
        Variant v = variant("offset-reads", "every case, simplex's corners hashed as in 0.15.0 (p[i + 1])");
        v.rewrites = {
            {"    ivec2 c1 = ivec2((i + s.step.x) & 255, (j + s.step.y) & 255);\n"
             "    ivec2 c2 = ivec2((i + 1) & 255, (j + 1) & 255);\n",
             ""},
            {"    int h1 = gln_perm(gln_perm(c1.x) + c1.y);\n    int h2 = gln_perm(gln_perm(c2.x) + c2.y);\n",
             "    int h1 = gln_perm(gln_perm(i + s.step.x) + j + s.step.y);\n    int h2 = gln_perm(gln_perm(i + 1) + j + 1);\n"},
            {"    int h3 = gln_perm(gln_perm(gln_perm(c3.x) + c3.y) + c3.z);\n",
             "    int h3 = gln_perm(gln_perm(gln_perm(i + 1) + j + 1) + k + 1);\n"},
            {"    int h4 = gln_perm(gln_perm(gln_perm(gln_perm(c4.x) + c4.y) + c4.z) + c4.w);\n",
             "    int h4 = gln_perm(gln_perm(gln_perm(gln_perm(i + 1) + j + 1) + k + 1) + l + 1);\n"}};
        out.push_back(v);
    }
    {
        Variant v = variant("probe", "every case, with simplex2's internals written out for case 5");
        v.probe = true;
        out.push_back(v);
    }
    out.push_back(variant("case5-alone", "simplex2 alone", Table::Const, Shape::PerValue, {5}));
    out.push_back(variant("simplex-cases", "the simplex cases only (5, 6, 8, 9, 10, 23, 24)", Table::Const, Shape::PerValue,
                          std::vector<int>(kSimplexCases.begin(), kSimplexCases.end())));
    // The library rewritten to compute the same values another way.
    const std::pair<std::string, std::string> branchless[] = {
        {"    if (t <= 0.0f) return vec3(0.0f, 0.0f, 0.0f);\n", "    t = max(t, 0.0f);\n"},
        {"    if (t <= 0.0f) return vec4(0.0f, 0.0f, 0.0f, 0.0f);\n", "    t = max(t, 0.0f);\n"},
        {"    if (t <= 0.0f) return 0.0f;\n    vec4 g = GLN_GRAD4[hash & 31];", "    t = max(t, 0.0f);\n    vec4 g = GLN_GRAD4[hash & 31];"}};
    const std::string grad3Function =
        "vec3 gln_probe_grad3(int h) {\n"
        "    switch (h) {\n"
        "        case 0: return vec3(1.0f, 1.0f, 0.0f); case 1: return vec3(-1.0f, 1.0f, 0.0f);\n"
        "        case 2: return vec3(1.0f, -1.0f, 0.0f); case 3: return vec3(-1.0f, -1.0f, 0.0f);\n"
        "        case 4: return vec3(1.0f, 0.0f, 1.0f); case 5: return vec3(-1.0f, 0.0f, 1.0f);\n"
        "        case 6: return vec3(1.0f, 0.0f, -1.0f); case 7: return vec3(-1.0f, 0.0f, -1.0f);\n"
        "        case 8: return vec3(0.0f, 1.0f, 1.0f); case 9: return vec3(0.0f, -1.0f, 1.0f);\n"
        "        case 10: return vec3(0.0f, 1.0f, -1.0f); case 11: return vec3(0.0f, -1.0f, -1.0f);\n"
        "        case 12: return vec3(1.0f, 1.0f, 0.0f); case 13: return vec3(0.0f, -1.0f, 1.0f);\n"
        "        case 14: return vec3(-1.0f, 1.0f, 0.0f); default: return vec3(0.0f, -1.0f, -1.0f);\n"
        "    }\n"
        "}\n";
    {
        Variant v = variant("branchless-kernels", "every case, the kernels' `if (t <= 0) return 0` as t = max(t, 0)");
        v.rewrites.assign(std::begin(branchless), std::end(branchless));
        out.push_back(v);
    }
    {
        Variant v = variant("grad3-switch", "every case, simplex's GLN_GRAD3[hash & 15] through a switch");
        v.rewrites = {{"// One corner's (value, gradient) at offset d from it.\n", grad3Function},
                      {"    vec3 g3 = GLN_GRAD3[hash & 15];\n", "    vec3 g3 = gln_probe_grad3(hash & 15);\n"},
                      {"    return gln_kernel3(0.5f, GLN_GRAD3[hash & 15], d);\n",
                       "    return gln_kernel3(0.5f, gln_probe_grad3(hash & 15), d);\n"}};
        out.push_back(v);
    }
    {
        Variant v = variant("no-precise", "every case, GLN_PRECISE defined empty");
        v.prelude = "#define GLN_PRECISE\n";
        out.push_back(v);
    }
    {
        Variant v = variant("perm-masked", "every case, table reads masked to [0, 512)");
        v.rewrites = {{"#define GLN_PERM(i) GLN_PERM_TABLE[(i)]", "#define GLN_PERM(i) GLN_PERM_TABLE[(i) & 511]"}};
        out.push_back(v);
    }
    {
        Variant v = variant("branchless-no-precise", "every case, branchless kernels and GLN_PRECISE empty");
        v.rewrites.assign(std::begin(branchless), std::end(branchless));
        v.prelude = "#define GLN_PRECISE\n";
        out.push_back(v);
    }
    {
        Variant v = variant("cases-460", "every case, as #version 460");
        v.version = 460;
        out.push_back(v);
    }
    out.push_back(variant("cases-buffer", "every case, table a storage buffer", Table::Buffer));
    out.push_back(variant("cases-per-point", "every case, each invocation all 38 of its point in a loop", Table::Const,
                          Shape::PerPoint));
    // simplex2 beside more and more of the other families.
    for (int m : {4, 12, 24}) {
        std::vector<int> keep = {5};
        for (int k = 0, added = 0; k < kCases && added < m; ++k)
            if (!kSimplexCases.count(k)) keep.push_back(k), ++added;
        out.push_back(variant("case5-and-" + std::to_string(m) + "-others",
                              "simplex2 and the first " + std::to_string(m) + " non-simplex cases", Table::Const,
                              Shape::PerValue, keep));
    }
    for (int k : kSimplexCases)
        if (k != 5)
            out.push_back(variant("case" + std::to_string(k) + "-alone", std::string(test::caseName(k)) + " alone",
                                  Table::Const, Shape::PerValue, {k}));
    return out;
}

struct Run {
    std::vector<float> values;
    std::vector<float> probe;
    double compileMs = 0;
    std::string error;
    std::vector<std::uint8_t> binary;
    GLenum binaryFormat = 0;
};

// A program being compiled and linked: with GL_KHR_parallel_shader_compile the driver
// works on every one at once, and finish() waits for its own.
struct Pending {
    GLuint shader = 0;
    GLuint program = 0;
    std::string error;  // it could not even be started
};

Pending startProgram(GLuint shader) {
    Pending p;
    p.shader = shader;
    p.program = glCreateProgram();
    glProgramParameteri(p.program, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
    glAttachShader(p.program, shader);
    glLinkProgram(p.program);
    return p;
}

Pending startGlsl(const std::string& text) {
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    const char* src = text.c_str();
    glShaderSource(shader, 1, &src, nullptr);
    glCompileShader(shader);
    return startProgram(shader);
}

Pending startSpirv(const std::string& spirv) {
    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderBinary(1, &shader, GL_SHADER_BINARY_FORMAT_SPIR_V, spirv.data(), static_cast<GLsizei>(spirv.size()));
    glSpecializeShader(shader, "main", 0, nullptr, nullptr);
    return startProgram(shader);
}

// An object's info log: glGetShaderiv/glGetShaderInfoLog or the program's pair.
template <class GetIv, class GetLog>
std::string infoLog(GLuint object, GetIv getIv, GetLog getLog) {
    GLint n = 0;
    getIv(object, GL_INFO_LOG_LENGTH, &n);
    std::string log(static_cast<std::size_t>(std::max(n, 1)), '\0');
    getLog(object, n, nullptr, log.data());
    return log;
}

// The linked program, or ShaderError with the compiler's or linker's log.
GLuint finishProgram(Pending& p) {
    if (!p.error.empty()) throw ShaderError(p.error);
    GLint ok = 0;
    glGetShaderiv(p.shader, GL_COMPILE_STATUS, &ok);
    std::string log;
    if (!ok) log = "compile: " + infoLog(p.shader, glGetShaderiv, glGetShaderInfoLog);
    glDeleteShader(p.shader);
    p.shader = 0;
    if (ok) {
        glGetProgramiv(p.program, GL_LINK_STATUS, &ok);
        if (!ok) log = "link: " + infoLog(p.program, glGetProgramiv, glGetProgramInfoLog);
    }
    if (!ok) {
        glDeleteProgram(p.program);
        p.program = 0;
        throw ShaderError(log.substr(0, 2000));
    }
    return p.program;
}

GLuint compileGlsl(const std::string& text) {
    Pending p = startGlsl(text);
    return finishProgram(p);
}

bool hasExtension(const char* name) {
    GLint count = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (GLint i = 0; i < count; ++i)
        if (std::strcmp(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i))), name) == 0)
            return true;
    return false;
}

// Asks the driver to compile on as many threads as it likes, where it can.
bool compileInParallel() {
    using MaxThreads = void (*)(GLuint);
    for (const char* ext : {"GL_KHR_parallel_shader_compile", "GL_ARB_parallel_shader_compile"}) {
        if (!hasExtension(ext)) continue;
        const char* fn = ext[3] == 'K' ? "glMaxShaderCompilerThreadsKHR" : "glMaxShaderCompilerThreadsARB";
        if (auto f = reinterpret_cast<MaxThreads>(eglGetProcAddress(fn))) {
            f(0xFFFFFFFFu);
            return true;
        }
    }
    return false;
}

Run runKernel(GLuint program, const Variant& v, const Permutation& table, const std::vector<float>& points) {
    Run r;
    const int threads = v.shape == Shape::PerValue ? kPoints * kCases : kPoints;
    const std::vector<std::int32_t> entries(table.table().begin(), table.table().end());
    gpu::Buffer perm(entries.size() * sizeof(std::int32_t), entries.data(), "probe table");
    gpu::Buffer in(points.size() * sizeof(float), points.data(), "probe points");
    r.values.assign(static_cast<std::size_t>(kPoints * kCases), std::nanf(""));
    gpu::Buffer out(r.values.size() * sizeof(float), r.values.data(), "probe values");
    r.probe.assign(static_cast<std::size_t>(kPoints * kProbeFloats), std::nanf(""));
    gpu::Buffer probe(r.probe.size() * sizeof(float), r.probe.data(), "probe internals");
    glUseProgram(program);
    glUniform1i(0, threads);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, perm.handle());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, in.handle());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, out.handle());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, probe.handle());
    glDispatchCompute(static_cast<GLuint>((threads + 63) / 64), 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    out.download(r.values.size() * sizeof(float), r.values.data());
    probe.download(r.probe.size() * sizeof(float), r.probe.data());
    gpu::checkGl("running the probe kernel");
    GLint length = 0;
    glGetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &length);
    if (length > 0) {
        r.binary.resize(static_cast<std::size_t>(length));
        glGetProgramBinary(program, length, nullptr, &r.binaryFormat, r.binary.data());
    }
    glGetError();  // a driver without program binaries is not a failure here
    return r;
}

void writeFile(const fs::path& path, const void* data, std::size_t bytes) {
    std::ofstream f(path, std::ios::binary);
    f.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
    if (!f) throw IoError("cannot write " + path.string());
}

struct Tally {
    int wrong = 0;
    float worst = 0;
};

// Prints one line: the variant, the number of values outside tolerance, and the worst
// difference of each case it computes that had one outside.
void report(const std::string& name, const Run& r, const Variant& v, const std::vector<float>& twins,
            const std::vector<float>& points) {
    if (!r.error.empty()) {
        std::printf("%-34s ERROR %s\n", name.c_str(), r.error.c_str());
        return;
    }
    std::map<int, Tally> perCase;
    int wrong = 0;
    for (int i = 0; i < kPoints; ++i)
        for (int k = 0; k < kCases; ++k) {
            if (!v.cases.empty() && std::find(v.cases.begin(), v.cases.end(), k) == v.cases.end()) continue;
            const std::size_t at = static_cast<std::size_t>(i * kCases + k);
            const float want = twins[at], got = r.values[at];
            const float d = std::abs(got - want);
            if (!(d <= test::caseTolerance(k, want, &points[static_cast<std::size_t>(4 * i)]))) {
                Tally& t = perCase[k];
                ++t.wrong;
                ++wrong;
                t.worst = std::isnan(d) ? INFINITY : std::max(t.worst, d);
            }
        }
    std::printf("%-34s %7.0f ms  %6d wrong", name.c_str(), r.compileMs, wrong);
    for (const auto& [k, t] : perCase) std::printf("  [%d %s: %d, worst %.3g]", k, test::caseName(k), t.wrong, double(t.worst));
    std::printf("\n");
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    fs::path emit, spirv, outDir;
    std::set<std::string> only;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "glnoise_glsl_probe: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--emit") emit = value();
        else if (a == "--spirv") spirv = value();
        else if (a == "--out") outDir = value();
        else if (a == "--only") {
            std::stringstream list(value());
            for (std::string n; std::getline(list, n, ',');) only.insert(n);
        } else {
            std::fprintf(stderr, "glnoise_glsl_probe: unknown argument %s (see the comment at the top of glsl_probe.cpp)\n",
                         a.c_str());
            return 2;
        }
    }
    try {
        const Permutation table = Permutation::seeded(23);
        const std::string cases = readText(fs::path(test::sourceDir()) / "tests" / "ports" / "cases.glsl");
        std::vector<Variant> all = variants();
        if (!only.empty())
            all.erase(std::remove_if(all.begin(), all.end(), [&](const Variant& v) { return !only.count(v.name); }), all.end());

        if (!emit.empty()) {
            fs::create_directories(emit);
            for (const Variant& v : all) {
                const std::string text = kernelSource(v, table, cases, 450);
                writeFile(emit / (v.name + ".comp"), text.data(), text.size());
            }
            std::printf("wrote %zu kernels to %s\n", all.size(), emit.string().c_str());
            return 0;
        }

        gpu::Context context;
        const gpu::ContextInfo& info = context.info();
        std::printf("glnoise_glsl_probe on %s (%s, %s)\n", info.renderer.c_str(), info.vendor.c_str(), info.version.c_str());
        if (!outDir.empty()) fs::create_directories(outDir);

        // The points of GlslOnTheDriver.EveryFamilysFunctionsComputeWhatTheirTwinsCompute.
        std::mt19937 rng(8);
        std::uniform_real_distribution<float> coord(-60.0f, 60.0f);
        std::vector<float> points(4 * kPoints);
        for (auto& p : points) p = coord(rng);
        std::vector<float> twins(static_cast<std::size_t>(kPoints * kCases));
        for (int i = 0; i < kPoints; ++i)
            for (int k = 0; k < kCases; ++k)
                twins[static_cast<std::size_t>(i * kCases + k)] = test::twinCase(table, k, &points[static_cast<std::size_t>(4 * i)]);
        if (!outDir.empty()) {
            writeFile(outDir / "points.f32", points.data(), points.size() * sizeof(float));
            writeFile(outDir / "twins.f32", twins.data(), twins.size() * sizeof(float));
        }

        const bool canSpirv = !spirv.empty() && GLAD_GL_VERSION_4_6;
        if (!spirv.empty() && !canSpirv) std::printf("SPIR-V: not run: this context is not GL 4.6 (ARB_gl_spirv)\n");
        const bool parallel = compileInParallel();
        std::printf("compiles: %s\n", parallel ? "all started at once (parallel shader compile)" : "one at a time");
        // Every program is started first, so that a driver that compiles in parallel does.
        struct Job {
            const Variant* variant;
            bool spirv;
            Pending pending;
            double ms = 0;  // one at a time: its compile; in parallel: when it was ready
        };
        std::vector<Job> jobs;
        const auto t0 = std::chrono::steady_clock::now();
        for (const Variant& v : all)
            for (int form = 0; form < (canSpirv ? 2 : 1); ++form) {
                const fs::path spv = spirv / (v.name + ".spv");
                if (form == 1 && !fs::exists(spv)) continue;
                Job job{&v, form == 1, {}, 0};
                const auto started = std::chrono::steady_clock::now();
                try {
                    job.pending = form ? startSpirv(readText(spv)) : startGlsl(kernelSource(v, table, cases, v.version));
                } catch (const std::exception& e) {
                    job.pending.error = e.what();
                }
                jobs.push_back(std::move(job));
                if (!parallel) {  // finish it now, so that the wait below is this one's compile time
                    try {
                        finishProgram(jobs.back().pending);
                    } catch (const std::exception& e) {
                        jobs.back().pending.error = e.what();
                    }
                    jobs.back().ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
                }
            }
        std::printf("\n%-34s %10s  %s\n", "variant", parallel ? "ready at" : "compile", "values outside the port tolerance [case: count, worst]");
        for (Job& job : jobs) {
            const Variant& v = *job.variant;
            const std::string name = v.name + (job.spirv ? " (SPIR-V)" : "");
            Run r;
            try {
                const GLuint program = job.pending.program && parallel ? finishProgram(job.pending) : job.pending.program;
                if (!job.pending.error.empty() || !program) throw ShaderError(job.pending.error);
                if (parallel) job.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
                r = runKernel(program, v, table, points);
                r.compileMs = job.ms;
                glDeleteProgram(program);
            } catch (const std::exception& e) {
                r.error = e.what();
            }
            report(name, r, v, twins, points);
            if (!outDir.empty() && r.error.empty()) {
                const std::string file = v.name + (job.spirv ? ".spirv" : "");
                writeFile(outDir / (file + ".f32"), r.values.data(), r.values.size() * sizeof(float));
                if (v.probe) writeFile(outDir / (file + ".probe.f32"), r.probe.data(), r.probe.size() * sizeof(float));
                if (!r.binary.empty()) writeFile(outDir / (file + ".bin"), r.binary.data(), r.binary.size());
            }
        }

        // The generator's own shaders, for counting what each table form costs per sample,
        // and the graph engine's of the same workloads (the default table form).
        if (!outDir.empty()) {
            auto dump = [&](const std::string& file, const glsl::Source& src) {
                try {
                    const GLuint program = compileGlsl(src.text);
                    GLint length = 0;
                    glGetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &length);
                    std::vector<std::uint8_t> binary(static_cast<std::size_t>(std::max(length, 0)));
                    GLenum format = 0;
                    if (length > 0) glGetProgramBinary(program, length, nullptr, &format, binary.data());
                    glDeleteProgram(program);
                    writeFile(outDir / (file + ".bin"), binary.data(), binary.size());
                    writeFile(outDir / (file + ".comp"), src.text.data(), src.text.size());
                } catch (const std::exception& e) {
                    std::printf("noise shader %s: %s\n", file.c_str(), e.what());
                }
            };
            using T = gpu::GeneratorOptions::Table;
            for (const auto& [workload, octaves] : {std::pair{"perlin3", 1}, std::pair{"fbm8", 8}}) {
                NoiseSpec spec;
                spec.dims = 3;
                spec.octaves = octaves;
                for (T t : {T::Buffer, T::Shared, T::Texture, T::Uniform}) {
                    const gpu::GeneratorOptions layout = gpu::chooseLayout(info, gpu::GeneratorOptions{0, 0, t}).options;
                    dump(std::string("noise-") + gpu::toString(t) + "-" + workload, gpu::detail::noiseShader(layout, spec, false));
                }
                const gpu::GeneratorOptions layout = gpu::chooseLayout(info, gpu::GeneratorOptions{}).options;
                dump(std::string("noise-graph-") + workload, gpu::detail::noiseShader(layout, test::ownPlanGraph(spec), false));
            }
            std::printf("\nvalues, programs and noise shaders written to %s\n", outDir.string().c_str());
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise_glsl_probe: error: %s\n", e.what());
        return 1;
    }
    return 0;
}
