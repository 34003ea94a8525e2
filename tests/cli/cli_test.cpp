// SPDX-License-Identifier: MIT
// The glnoise command end to end: run the built executable, read what it wrote.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "glnoise/glnoise.hpp"
#include "process.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;

using test::Result;
using test::slurp;

class Cli : public test::ProcessTest {
public:
    Result runPublic(const std::vector<std::string>& args) { return run(args); }

protected:
    Result run(const std::vector<std::string>& args, const std::string& input = "", const std::string& env = "") {
        return runWith(env, test::glnoiseExe(), args, input);
    }
};

TEST_F(Cli, BakePngEqualsTheReferenceQuantisedTheSameWay) {
    const std::string png = file("noise.png");
    const auto r = run({"bake", "--backend", "gpu", "--size", "160x96", "--octaves", "5", "--seed", "8", "--offset",
                        "100.5,-40", "--out", png});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("wrote " + png), std::string::npos) << r.out;
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 0);
    ASSERT_NE(px, nullptr);
    ASSERT_EQ(w, 160);
    ASSERT_EQ(h, 96);
    ASSERT_EQ(n, 1);
    NoiseSpec s;
    s.octaves = 5;
    s.seed = 8;
    s.offset = {100.5, -40, 0};
    const Image ref = cpu::evaluate(s, Grid{160, 96, 1});
    const ValueRange range = cpu::typicalRange(s);
    const float tol = static_cast<float>(1e-5 * s.amplitudeSum());
    int outside = 0;
    for (std::size_t i = 0; i < ref.data.size(); ++i) {
        // The GPU may differ by tol; its byte must be what some value within tol maps to.
        const int lo = io::quantize8(ref.data[i] - tol, range), hi = io::quantize8(ref.data[i] + tol, range);
        if (px[i] < lo || px[i] > hi) ++outside;
    }
    stbi_image_free(px);
    EXPECT_EQ(outside, 0);
}

// The reference's normal has y along the rows (down the image): DirectX's green; OpenGL's
// green, the default since 0.21.0, is its negation.
TEST_F(Cli, BakeANormalMapWritesRgbFromTheGradient) {
    for (const char* convention : {"", "opengl", "directx"}) {
        SCOPED_TRACE(convention);
        const std::string png = file("normal.png");
        std::vector<std::string> args = {"bake",    "--backend", "gpu",      "--size",   "64x48",          "--basis",
                                         "simplex", "--octaves", "3",        "--output", "normal", "--height-scale",
                                         "30",      "--out",     png};
        if (*convention) args.insert(args.end(), {"--normals", convention});
        const auto r = run(args);
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_NE(r.out.find("8-bit RGB normal map"), std::string::npos) << r.out;
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 0);
        ASSERT_NE(px, nullptr);
        ASSERT_EQ(n, 3);
        NoiseSpec s;
        s.basis = Basis::Simplex;
        s.octaves = 3;
        s.output = Output::Normal;
        s.heightScale = 30;
        const Image ref = cpu::evaluate(s, Grid{64, 48, 1});
        const float green = std::string(convention) == "directx" ? 1.0f : -1.0f;
        int outside = 0;
        for (int t = 0; t < 64 * 48; ++t)
            for (int c = 0; c < 3; ++c) {
                const float v = ref.data[static_cast<std::size_t>(4 * t + c)] * (c == 1 ? green : 1.0f);
                const int lo = io::quantize8(v - 1e-4f, {-1, 1}), hi = io::quantize8(v + 1e-4f, {-1, 1});
                if (px[3 * t + c] < lo || px[3 * t + c] > hi) ++outside;
            }
        stbi_image_free(px);
        EXPECT_EQ(outside, 0);
    }
}

TEST_F(Cli, OctavesAboveNyquistAreDroppedWithAWarning) {
    const std::string png = file("n.png");
    const auto r = run({"bake", "--size", "64x64", "--octaves", "12", "--out", png});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "glnoise: warning: --octaves 12: octaves 7 to 12 would be above 0.5 cells per texel, the grid's "
                     "Nyquist limit, and add only aliasing; using 6 (--no-octave-limit keeps them all)\n");
    const auto kept = run({"bake", "--size", "64x64", "--octaves", "12", "--no-octave-limit", "--out", png});
    ASSERT_EQ(kept.code, 0) << kept.err;
    EXPECT_TRUE(kept.err.empty()) << kept.err;
}

TEST_F(Cli, EvalPrintsValueAndGradientOnOneLine) {
    for (const char* backend : {"gpu", "cpu"}) {
        const auto r = run({"eval", "--backend", backend, "--dims", "3", "--basis", "value", "--octaves", "2",
                            "--output", "gradient"},
                           "1.5 2.25 -3\n10 20 30\n");
        ASSERT_EQ(r.code, 0) << r.err;
        std::istringstream lines(r.out);
        std::string line;
        int count = 0;
        while (std::getline(lines, line)) {
            std::istringstream fields(line);
            std::vector<double> v;
            for (double d; fields >> d;) v.push_back(d);
            EXPECT_EQ(v.size(), 4u) << line;
            ++count;
        }
        EXPECT_EQ(count, 2);
    }
    const auto one = run({"eval", "--dims", "1", "--backend", "cpu"}, "0.5\n");
    ASSERT_EQ(one.code, 0) << one.err;
    NoiseSpec s;
    s.dims = 1;
    EXPECT_NEAR(std::stod(one.out), cpu::evaluatePoints(s, {{0.5, 0, 0, 0}})[0], 1e-7);
}

TEST_F(Cli, BakeRawWritesFloatsAndASidecar) {
    const std::string raw = file("vol.r32");
    const auto r = run({"bake", "--backend", "gpu", "--size", "24x20x6", "--octaves", "3", "--out", raw});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string bytes = slurp(raw);
    ASSERT_EQ(bytes.size(), 24u * 20 * 6 * 4);
    std::vector<float> values(24 * 20 * 6);
    std::memcpy(values.data(), bytes.data(), bytes.size());
    NoiseSpec s;
    s.dims = 3;  // inferred from the volume size
    s.octaves = 3;
    Image got(24, 20, 6);
    got.data = values;
    EXPECT_TRUE(test::imagesAgree(got, cpu::evaluate(s, Grid{24, 20, 6}), 1e-5 * s.amplitudeSum()));
    const auto j = nlohmann::json::parse(slurp(raw + ".json"));
    EXPECT_EQ(j["stored"]["width"], 24);
    EXPECT_EQ(j["stored"]["depth"], 6);
    EXPECT_EQ(j["stored"]["byte_order"], "little");
    EXPECT_EQ(j["size"], "24x20x6");
    EXPECT_EQ(j["preset"]["dims"], 3);
    EXPECT_EQ(j["preset"]["octaves"], 3);
}

TEST_F(Cli, BakeOnTheCpuBackendIsTheReferenceExactly) {
    const std::string raw = file("cpu.r32");
    ASSERT_EQ(run({"bake", "--backend", "cpu", "--size", "33x17", "--z", "4.5", "--out", raw}).code, 0);
    NoiseSpec s;
    s.dims = 3;
    s.z = 4.5;
    const Image ref = cpu::evaluate(s, Grid{33, 17, 1});
    const std::string bytes = slurp(raw);
    ASSERT_EQ(bytes.size(), ref.data.size() * 4);
    EXPECT_EQ(std::memcmp(bytes.data(), ref.data.data(), bytes.size()), 0);
}

// Files from Windows editors: a UTF-8 byte-order mark and CRLF line ends; and a line
// padded with blanks far past the line limit: all read as the plain file is.
TEST_F(Cli, EvalReadsAByteOrderMarkCrlfAndTrailingBlanks) {
    const std::string plain = "3.14 42 7\n0.5 0.5 0.5\n";
    const auto want = run({"eval", "--dims", "3", "--backend", "cpu"}, plain);
    ASSERT_EQ(want.code, 0) << want.err;
    for (const std::string& input : {"\xEF\xBB\xBF" + plain, std::string("3.14 42 7\r\n0.5 0.5 0.5\r\n"),
                                     "\xEF\xBB\xBF" "3.14 42 7" + std::string(10000, ' ') + "\r\n0.5 0.5 0.5\t\n"}) {
        const auto r = run({"eval", "--dims", "3", "--backend", "cpu"}, input);
        EXPECT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(r.out, want.out);
    }
    // A byte-order mark anywhere but the start is still not text.
    const auto late = run({"eval", "--dims", "3", "--backend", "cpu"}, "1 2 3\n\xEF\xBB\xBF" "4 5 6\n");
    EXPECT_EQ(late.code, 2);
    EXPECT_NE(late.err.find("line 2"), std::string::npos) << late.err;
}

// eval reads and checks every line before it prints anything, yet its memory does not
// grow with the input: past a batch (2^20 points) the points are spooled to a temporary
// file and evaluated a batch at a time. Four million points once took 300 MB; the limit
// here is 160 MiB of peak resident memory (the process's own, from wait4).
TEST_F(Cli, EvalKeepsItsMemoryBoundedAtAnyInputSize) {
    constexpr int kPoints = 4000000;
    const std::string in = file("points.txt"), out = file("values.txt");
    {
        std::ofstream f(in, std::ios::binary);
        std::string text;
        char buf[32];
        for (int i = 0; i < kPoints; ++i) {
            text.append(buf, static_cast<std::size_t>(std::snprintf(buf, sizeof buf, "%.3f\n", -5000.0 + 0.125 * i)));
            if (text.size() > (1u << 20)) f << text, text.clear();
        }
        f << text;
    }
    auto evalFile = [&](const std::string& input, long* peakKiB) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            const int i = ::open(input.c_str(), O_RDONLY), o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (i < 0 || o < 0 || ::dup2(i, 0) < 0 || ::dup2(o, 1) < 0) ::_exit(127);
            const std::string exe = test::glnoiseExe();
            ::execl(exe.c_str(), exe.c_str(), "eval", "--dims", "1", "--backend", "cpu", static_cast<char*>(nullptr));
            ::_exit(127);
        }
        int status = 0;
        rusage usage{};
        EXPECT_EQ(::wait4(pid, &status, 0, &usage), pid);
        *peakKiB = usage.ru_maxrss;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    long peak = 0;
    ASSERT_EQ(evalFile(in, &peak), 0);
#if defined(__SANITIZE_ADDRESS__)
    constexpr bool kSanitized = true;
#elif defined(__has_feature)
    constexpr bool kSanitized = __has_feature(address_sanitizer);
#else
    constexpr bool kSanitized = false;
#endif
    // AddressSanitizer's shadow memory and quarantine are not eval's: its build checks the
    // output only.
    if (!kSanitized) {
        EXPECT_LT(peak, 160 * 1024) << "peak resident KiB";
    }
    // Every value, in order, across the batches: spot-checked against the reference.
    std::ifstream values(out);
    std::vector<std::string> lines;
    for (std::string l; std::getline(values, l);) lines.push_back(l);
    ASSERT_EQ(lines.size(), static_cast<std::size_t>(kPoints));
    NoiseSpec s;
    s.dims = 1;
    for (int i : {0, (1 << 20) - 1, 1 << 20, 3 * (1 << 20) + 7, kPoints - 1}) {
        const float want = cpu::evaluatePoints(s, {{-5000.0 + 0.125 * i, 0, 0, 0}})[0];
        char buf[32];
        std::snprintf(buf, sizeof buf, "%#.9g", static_cast<double>(want));
        EXPECT_EQ(lines[static_cast<std::size_t>(i)], buf) << "point " << i;
    }
    // A bad line after more than a batch of good ones: nothing is printed.
    std::ofstream(in, std::ios::app) << "12 oops\n";
    EXPECT_EQ(evalFile(in, &peak), 2);
    EXPECT_EQ(fs::file_size(out), 0u);
}

TEST_F(Cli, EvalPrintsOneValuePerLineOnBothBackends) {
    const std::string input = "3.14 42 7\n\n0.5\t0.5 0.5\n-1000.25 17 3e2\n";
    for (const char* backend : {"gpu", "cpu"}) {
        const auto r = run({"eval", "--dims", "3", "--frequency", "1", "--backend", backend}, input);
        ASSERT_EQ(r.code, 0) << backend << ": " << r.err;
        std::istringstream lines(r.out);
        std::vector<std::string> out;
        for (std::string l; std::getline(lines, l);) out.push_back(l);
        ASSERT_EQ(out.size(), 3u) << r.out;
        EXPECT_EQ(out[1], "-0.250000000");
        EXPECT_NEAR(std::stod(out[0]), 0.136919958784, 2e-6);
        NoiseSpec s;
        s.dims = 3;
        s.frequency = 1.0;
        EXPECT_NEAR(std::stod(out[2]), cpu::evaluatePoints(s, {{-1000.25, 17, 300}})[0], 1e-5);
        for (const auto& l : out) {  // at least 9 significant digits
            std::size_t digits = 0;
            for (char c : l) digits += std::isdigit(static_cast<unsigned char>(c)) ? 1 : 0;
            EXPECT_GE(digits, 9u) << l;
        }
    }
}

TEST_F(Cli, CheckReportsAgreement) {
    const auto r = run({"check", "--size", "128x64", "--octaves", "8", "--seed", "3", "--no-octave-limit"});
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("max |gpu - cpu| = "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("tolerance 1.99e-05: PASS"), std::string::npos) << r.out;
    EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST_F(Cli, InfoNamesTheRenderer) {
    const auto r = run({"info"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("GL renderer:"), std::string::npos);
    EXPECT_NE(r.out.find("EGL platform:"), std::string::npos);
}

// docs/command-line.md, "Which backend runs": with no --backend (or --backend auto) a bake
// runs on the GPU, unless its renderer is a software rasterizer, where it runs on the
// SIMD backend and its line names the renderer it passed over; --backend gpu still runs
// there. Holds on any renderer: the expectation follows `glnoise info`'s.
TEST_F(Cli, TheDefaultBackendPassesOverASoftwareRasterizerAndSaysSo) {
    const auto info = run({"info"});
    ASSERT_EQ(info.code, 0) << info.err;
    const std::size_t at = info.out.find("GL renderer:");
    ASSERT_NE(at, std::string::npos) << info.out;
    const std::size_t from = info.out.find_first_not_of(' ', at + 12);
    const std::string renderer = info.out.substr(from, info.out.find('\n', at) - from);
    std::string lower = renderer;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool software = lower.find("llvmpipe") != std::string::npos || lower.find("softpipe") != std::string::npos ||
                          lower.find("software rasterizer") != std::string::npos;
    EXPECT_NE(info.out.find(software ? "default backend:     cpu" : "default backend:     gpu"), std::string::npos)
        << info.out;

    const std::vector<std::string> spec = {"--size", "96x64", "--octaves", "4", "--seed", "5"};
    const auto bakeOn = [&](const std::string& name, std::vector<std::string> backend) {
        std::vector<std::string> args = {"bake", "--out", file(name)};
        args.insert(args.end(), spec.begin(), spec.end());
        args.insert(args.end(), backend.begin(), backend.end());
        return run(args);
    };
    const auto byDefault = bakeOn("default.r32", {});
    const auto named = bakeOn("auto.r32", {"--backend", "auto"});
    const auto gpu = bakeOn("gpu.r32", {"--backend", "gpu"});
    const auto simd = bakeOn("cpu.r32", {"--backend", "cpu"});
    for (const auto* r : {&byDefault, &named, &gpu, &simd}) ASSERT_EQ(r->code, 0) << r->err;
    const std::string passedOver = ", not " + renderer + ", a software rasterizer (--backend gpu bakes there)\n";
    for (const auto* r : {&byDefault, &named}) {
        if (software) {
            EXPECT_NE(r->out.find("on the CPU ("), std::string::npos) << r->out;
            EXPECT_NE(r->out.find(passedOver), std::string::npos) << r->out;
        } else {
            EXPECT_NE(r->out.find("on " + renderer + "\n"), std::string::npos) << r->out;
        }
    }
    EXPECT_NE(gpu.out.find("on " + renderer + "\n"), std::string::npos) << gpu.out;
    EXPECT_EQ(gpu.out.find("software rasterizer"), std::string::npos) << gpu.out;
    EXPECT_EQ(simd.out.find("software rasterizer"), std::string::npos) << simd.out;
    const auto recorded = [&](const std::string& name) {
        return nlohmann::json::parse(slurp(file(name + ".json")))["backend"].get<std::string>();
    };
    EXPECT_EQ(recorded("default.r32"), software ? "cpu" : "gpu");
    EXPECT_EQ(recorded("gpu.r32"), "gpu");
    EXPECT_EQ(slurp(file("default.r32")), slurp(file(software ? "cpu.r32" : "gpu.r32")));
    // A record re-bakes on the backend it names, not the default.
    const auto again = run({"bake", "--from", file("gpu.r32"), "--out", file("again.r32")});
    ASSERT_EQ(again.code, 0) << again.err;
    EXPECT_NE(again.out.find("on " + renderer + "\n"), std::string::npos) << again.out;

    // eval says so on stderr, its values on stdout.
    const auto eval = run({"eval", "--seed", "5"}, "0.5 0.25\n");
    ASSERT_EQ(eval.code, 0) << eval.err;
    const std::string note = "glnoise: note: evaluating on the CPU reference, not " + renderer +
                             ", a software rasterizer (--backend gpu evaluates there)\n";
    EXPECT_EQ(eval.err, software ? note : "") << eval.err;
}

TEST_F(Cli, HelpForEverySubcommand) {
    for (const char* sub : {"bake", "eval", "check", "info"}) {
        const auto r = run({sub, "--help"});
        EXPECT_EQ(r.code, 0) << sub;
        EXPECT_NE(r.out.find("--"), std::string::npos) << sub;
    }
}

TEST_F(Cli, GlslPrintsTheLibraryWithTheSeedsTableAndWritesTheSameToAFile) {
    const auto r = run({"glsl", "--seed", "7", "perlin"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("glnoise glsl --seed 7 perlin"), std::string::npos) << "the header says how it was made";
    EXPECT_NE(r.out.find("float gln_perlin3("), std::string::npos);
    EXPECT_EQ(r.out.find("gln_fbm3"), std::string::npos) << "only the family asked for and what it needs";
    std::string table;
    for (int i = 0; i < 512; ++i) table += std::to_string(Permutation::seeded(7)[i]) + (i < 511 ? "," : "");
    std::string printed = r.out.substr(r.out.find("int[512](") + 9);
    printed = printed.substr(0, printed.find(')'));
    printed.erase(std::remove_if(printed.begin(), printed.end(), ::isspace), printed.end());
    EXPECT_EQ(printed, table);

    const std::string out = file("noise.glsl");
    ASSERT_EQ(run({"glsl", "--seed", "7", "perlin", "--out", out}).code, 0);
    EXPECT_EQ(slurp(out), r.out);
    EXPECT_EQ(entries(), 1u) << "no temporary file left";
}

TEST_F(Cli, ShaderWritesTheTableItsBufferFormReadsAsTheConstFormHoldsIt) {
    // The buffer a user binds holds what the const form would have compiled in.
    const std::string i32 = file("table.i32"), json = file("table.json"), wgsl = file("noise.wgsl");
    auto r = run({"shader", "--language", "wgsl", "--seed", "7", "--out", wgsl, "--table-out", i32});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string bytes = slurp(i32);
    ASSERT_EQ(bytes.size(), 2048u);
    std::string fromFile;
    for (std::size_t i = 0; i < 512; ++i) {
        std::uint32_t v = 0;
        for (std::size_t b = 0; b < 4; ++b) v |= std::uint32_t(static_cast<unsigned char>(bytes[4 * i + b])) << (8 * b);
        fromFile += std::to_string(static_cast<std::int32_t>(v)) + (i < 511 ? "," : "");
    }
    r = run({"shader", "--language", "wgsl", "--seed", "7", "--table", "const"});
    ASSERT_EQ(r.code, 0) << r.err;
    std::string printed = r.out.substr(r.out.find("array<i32, 512>(") + 16);
    printed = printed.substr(0, printed.find(')'));
    printed.erase(std::remove_if(printed.begin(), printed.end(), ::isspace), printed.end());
    EXPECT_EQ(fromFile, printed);
    EXPECT_NE(slurp(wgsl).find("var<storage, read> gln_perm_table"), std::string::npos) << "--out still written";

    // Without a seed, Ken Perlin's table (its own test: PerlinTableIsKenPerlins), as JSON.
    r = run({"shader", "--language", "hlsl", "--table-out", json});
    ASSERT_EQ(r.code, 0) << r.err;
    std::string want = "[";
    for (int i = 0; i < 512; ++i) want += std::to_string(Permutation::perlin()[i]) + (i < 511 ? "," : "]\n");
    EXPECT_EQ(slurp(json), want);
    EXPECT_NE(r.out.find("StructuredBuffer<int>"), std::string::npos) << "the source still goes to standard output";
    EXPECT_EQ(entries(), 3u) << "no temporary file left";
}

TEST_F(Cli, AGraphAsOneFunctionTakesItsSpaceFlagsAndWritesItsBlock) {
    const std::string graph = file("g.json"), block = file("g.bin");
    { std::ofstream(graph) << R"({"glnoise_graph": 2, "dims": 3, "seed": 5, "out": "f", "nodes": {
        "n": {"kind": "basis", "basis": "simplex"}, "f": {"kind": "fractal", "source": "n", "octaves": 3}}})"; }
    auto r = run({"shader", "--language", "glsl", "--graph", graph});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string shader = r.out;
    EXPECT_NE(shader.find("vec4 gln_graph(vec3 p)"), std::string::npos);
    EXPECT_NE(shader.find("// Permutation table: seed 5 "), std::string::npos) << "the graph's seed is its table's";
    // glsl --graph is shader --language glsl --graph; the compact form is the same graph.
    const auto made = [](const std::string& text) {
        std::string out;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (line.rfind("// Made by: ", 0) != 0) out += line + "\n";
        return out;
    };
    r = run({"glsl", "--graph", graph});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(made(r.out), made(shader));
    const std::string compact = run({"bake", "--graph", graph, "--print-graph", "--compact"}).out;
    r = run({"shader", "--language", "glsl", "--graph", compact.substr(0, compact.find('\n'))});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(made(r.out), made(shader));
    // --seed and --offset set the graph's space, as bake --graph takes them.
    r = run({"shader", "--language", "glsl", "--graph", graph, "--seed", "7"});
    EXPECT_NE(r.out.find("// Permutation table: seed 7 "), std::string::npos);
    EXPECT_NE(run({"shader", "--language", "glsl", "--graph", graph, "--offset", "1000,2000,3"}).out, shader);
    // The block: its frames (128 bytes each) and numbers (16 bytes each), as the header says.
    r = run({"shader", "--language", "vulkan", "--graph", graph, "--params", "uniform", "--params-out", block});
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string bytes = slurp(block);
    const auto at = r.out.find("// Bind: a uniform block GlnGraph of ");
    ASSERT_NE(at, std::string::npos);
    EXPECT_EQ(std::stoul(r.out.substr(at + 37)), bytes.size());
    EXPECT_NE(r.out.find("layout(std140, set = 0, binding = 1) uniform GlnGraph"), std::string::npos);
    EXPECT_EQ(bytes.size() % 16, 0u);
}

TEST_F(Cli, GlslListsTheFamilies) {
    std::string want;
    for (const auto& f : glsl::families()) want += f + "\n";
    // shader --list lists the same families, with or without a language.
    for (const std::vector<std::string>& args : {std::vector<std::string>{"glsl", "--list"}, {"shader", "--list"},
                                                 {"shader", "--list", "--language", "wgsl"}}) {
        const auto r = run(args);
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(r.out, want) << args[0];
    }
}

TEST_F(Cli, NoContextIsAFailureThatNamesTheFixAndWritesNothing) {
    const std::string png = file("keep.png");
    { std::ofstream(png) << "good image"; }
    // No EGL vendor library: no platform can give a context. Never a silent CPU fallback.
    const auto r = run({"bake", "--size", "64x64", "--out", png}, "",
                       "__EGL_VENDOR_LIBRARY_FILENAMES=/nonexistent/egl.json");
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("glnoise: error: no OpenGL"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("libegl-mesa0"), std::string::npos) << r.err;
    // The default backend fails as --backend gpu does, saying what runs without GL.
    EXPECT_NE(r.err.find("(--backend cpu runs without one)\n"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(slurp(png), "good image");
    EXPECT_EQ(entries(), 1u);
}

// Mesa's overrides make the real driver misbehave on demand: a GL version below 4.3, and
// a GLSL version the compute shaders do not compile under.
bool onMesa(Cli& t) { return t.runPublic({"info"}).out.find("Mesa") != std::string::npos; }

TEST_F(Cli, ADriverBelowGl43IsNamedWithWhatItOffers) {
    if (!onMesa(*this)) GTEST_SKIP() << "needs Mesa's MESA_GL_VERSION_OVERRIDE";
    const std::string png = file("keep.png");
    { std::ofstream(png) << "good image"; }
    const auto r = run({"bake", "--size", "64x64", "--out", png}, "", "MESA_GL_VERSION_OVERRIDE=4.2");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("OpenGL 4.3 core with compute shaders is needed; this driver offers 4.2"), std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(slurp(png), "good image");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(Cli, AShaderTheDriverRejectsIsAnErrorAndVerboseShowsTheDriversMessages) {
    if (!onMesa(*this)) GTEST_SKIP() << "needs Mesa's MESA_GLSL_VERSION_OVERRIDE";
    const std::string png = file("keep.png");
    { std::ofstream(png) << "good image"; }
    const std::string env = "MESA_GL_VERSION_OVERRIDE=4.5 MESA_GLSL_VERSION_OVERRIDE=420";
    const auto quiet = run({"bake", "--backend", "gpu", "--size", "64x64", "--out", png}, "", env);
    EXPECT_EQ(quiet.code, 1) << quiet.err;
    EXPECT_EQ(quiet.err.rfind("glnoise: error: linking noise.comp", 0), 0u) << quiet.err;
    EXPECT_EQ(quiet.err.find("GL error"), std::string::npos) << "KHR_debug messages only with --verbose";
    // noise.comp's #version is its line 2, after the licence line.
    const auto verbose = run({"bake", "--backend", "gpu", "--size", "64x64", "--out", png, "--verbose"}, "", env);
    EXPECT_EQ(verbose.code, 1) << verbose.err;
    EXPECT_NE(verbose.err.find("glnoise: GL error (high): 0:2(10): error: GLSL 4.30 is not supported"), std::string::npos)
        << verbose.err;
    EXPECT_NE(verbose.err.find("glnoise: error: linking noise.comp"), std::string::npos) << verbose.err;
    EXPECT_EQ(slurp(png), "good image");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(Cli, AFileSizeLimitIsAnErrorAndLeavesThePreviousFile) {
    // ulimit -f: the write fails with EFBIG (glnoise ignores SIGXFSZ) half way through.
    const std::string out = file("keep.r32");
    { std::ofstream(out) << "previous"; }
    const auto r = run({"bake", "--size", "1024x1024", "--backend", "cpu", "--out", out}, "", "prlimit --fsize=1000000");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(r.err, "glnoise: error: writing " + out + " failed: File too large\n");
    EXPECT_EQ(slurp(out), "previous");
    EXPECT_EQ(entries(), 1u) << "no sidecar and no temporary file";
}

TEST_F(Cli, EvalIntoAFullDeviceIsAnError) {
    const auto r = runWith("", test::glnoiseExe(), {"eval", "--backend", "cpu"}, "1 2\n");
    ASSERT_EQ(r.code, 0);
    const int code = std::system(("printf '1 2\\n' | " + test::glnoiseExe() + " eval --backend cpu >/dev/full 2>" +
                                  test::quote(file("err"))).c_str());
    EXPECT_EQ(WEXITSTATUS(code), 1);
    EXPECT_EQ(slurp(file("err")), "glnoise: error: writing the values to standard output failed: No space left on device\n");
}

}  // namespace
}  // namespace glnoise
