// The glnoise command end to end: run the built executable, read what it wrote.
#include <gtest/gtest.h>
#include <stb_image.h>

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
protected:
    Result run(const std::vector<std::string>& args, const std::string& input = "", const std::string& env = "") {
        return runWith(env, GLNOISE_EXE, args, input);
    }
};

TEST_F(Cli, BakePngEqualsTheReferenceQuantisedTheSameWay) {
    const std::string png = file("noise.png");
    const auto r = run({"bake", "--size", "160x96", "--octaves", "5", "--seed", "8", "--offset", "100.5,-40", "--out", png});
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
    const ValueRange range = s.statedRange();
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

TEST_F(Cli, BakeANormalMapWritesRgbFromTheGradient) {
    const std::string png = file("normal.png");
    const auto r = run({"bake", "--size", "64x48", "--basis", "simplex", "--octaves", "3", "--output", "normal",
                        "--height-scale", "30", "--out", png});
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
    int outside = 0;
    for (int t = 0; t < 64 * 48; ++t)
        for (int c = 0; c < 3; ++c) {
            const float v = ref.data[static_cast<std::size_t>(4 * t + c)];
            const int lo = io::quantize8(v - 1e-4f, {-1, 1}), hi = io::quantize8(v + 1e-4f, {-1, 1});
            if (px[3 * t + c] < lo || px[3 * t + c] > hi) ++outside;
        }
    stbi_image_free(px);
    EXPECT_EQ(outside, 0);
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
    const auto r = run({"bake", "--size", "24x20x6", "--octaves", "3", "--out", raw});
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

TEST_F(Cli, HelpForEverySubcommand) {
    for (const char* sub : {"bake", "eval", "check", "info"}) {
        const auto r = run({sub, "--help"});
        EXPECT_EQ(r.code, 0) << sub;
        EXPECT_NE(r.out.find("--"), std::string::npos) << sub;
    }
}

struct BadInput {
    std::vector<std::string> args;
    std::string message;  // expected in the single error line
    std::string input = "";
};

std::string allowedFamilies() {
    std::string out;
    for (const auto& f : glsl::families()) out += (out.empty() ? "" : ", ") + f;
    return out;
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

TEST_F(Cli, GlslListsTheFamilies) {
    const auto r = run({"glsl", "--list"});
    ASSERT_EQ(r.code, 0);
    std::string want;
    for (const auto& f : glsl::families()) want += f + "\n";
    EXPECT_EQ(r.out, want);
}

TEST_F(Cli, BadInputGivesOneLineExitTwoAndNoFile) {
    const std::string png = file("out.png");
    const std::vector<BadInput> cases = {
        {{"bake", "--size", "64x64", "--out", png, "--bogus"}, "The following argument was not expected: --bogus"},
        {{"bake", "--size", "0x512", "--out", png}, "--size 0x512: must be WxH or WxHxD with each edge between 1 and 1048576"},
        {{"bake", "--size", "2000000x2", "--out", png}, "--size 2000000x2: must be WxH"},
        {{"bake", "--size", "64x64", "--out", png, "--octaves", "0"}, "--octaves 0: must be between 1 and 32"},
        {{"bake", "--size", "64x64", "--out", png, "--octaves", "33"}, "--octaves 33: must be between 1 and 32"},
        {{"bake", "--size", "64x64", "--out", png, "--octaves", "1000000000000"}, "--octaves 1000000000000: must be between 1 and 32"},
        {{"bake", "--size", "64x64", "--out", png, "--octaves", "four"}, "--octaves four: must be an integer between 1 and 32"},
        {{"bake", "--size", "64x64", "--out", png, "--frequency", "abc"}, "--frequency abc: not a number"},
        {{"bake", "--size", "64x64", "--out", png, "--frequency", "nan"}, "--frequency nan: must be a finite number > 0"},
        {{"bake", "--size", "64x64", "--out", png, "--frequency", "inf"}, "--frequency inf: must be a finite number > 0"},
        {{"bake", "--size", "64x64", "--out", png, "--lacunarity", "0"}, "--lacunarity 0: must be a finite number > 0"},
        {{"bake", "--size", "64x64", "--out", png, "--gain", "-0.5"}, "--gain -0.5: must be a finite number >= 0"},
        {{"bake", "--size", "64x64", "--out", png, "--seed", "-1"}, "--seed -1: must be an integer between 0 and 18446744073709551615"},
        {{"bake", "--size", "64x64", "--out", png, "--dims", "5"}, "--dims 5: must be 1, 2, 3 or 4"},
        {{"bake", "--size", "64x64", "--out", png, "--basis", "worley"},
         "--basis worley: allowed: perlin, classic, value, perlin-value, simplex"},
        {{"bake", "--size", "64x64", "--out", png, "--fractal", "hybrid"},
         "--fractal hybrid: allowed: fbm, turbulence, billow, ridged"},
        {{"bake", "--size", "64x64", "--out", png, "--basis", "value", "--interp", "smooth"},
         "--interp smooth: allowed: linear, cosine, cubic, quintic"},
        {{"bake", "--size", "64x64", "--out", png, "--basis", "simplex", "--dims", "4"},
         "--dims 4: simplex noise exists in 2 and 3 dimensions"},
        {{"bake", "--size", "64x64", "--out", png, "--period", "4,4", "--lacunarity", "2.5"},
         "--lacunarity 2.5 with period 4,4: must be an integer, because octave i repeats every period * lacunarity^i cells"},
        {{"bake", "--size", "64x64", "--out", png, "--period", "4,x"}, "--period 4,x: must be 1 to 4 comma-separated integers"},
        {{"bake", "--size", "64x64", "--out", png, "--period", "4,4,4"}, "--period 4,4,4: each component must be an integer"},
        {{"bake", "--size", "64x64", "--out", png, "--basis", "simplex", "--period", "8,8"},
         "--period 8,8: simplex noise cannot tile"},
        {{"bake", "--size", "64x64", "--out", png, "--output", "gradient", "--fractal", "ridged"},
         "--output gradient: needs fractal fbm"},
        {{"bake", "--size", "64x64", "--out", png, "--output", "gradient"}, "--output gradient: a .png stores"},
        {{"bake", "--size", "8x8x8", "--out", file("v.r32"), "--output", "normal"},
         "--output normal: a normal map is a 2D image"},
        {{"bake", "--size", "64x64", "--out", png, "--warp-amount", "2", "--warp-depth", "3"}, "--warp-depth 3: must be 1 or 2"},
        {{"bake", "--size", "64x64", "--out", png, "--pattern", "clouds", "--fractal", "fbm"},
         "--pattern clouds: is the turbulence fractal; got fractal fbm"},
        {{"bake", "--size", "64x64", "--out", png, "--dims", "3", "--w", "1"}, "--w 1: needs dims 4"},
        {{"bake", "--size", "64x64", "--out", png, "--dims", "2", "--z", "3"}, "--z 3: needs dims 3 or 4"},
        {{"bake", "--size", "8x8x8", "--out", png, "--dims", "2"}, "--size 8x8x8: a volume needs --dims 3"},
        {{"bake", "--size", "8x8x8", "--out", png}, "a .png holds one 2D image; write a volume as .r16, .r32 or PNG slices"},
        {{"bake", "--size", "64x64", "--out", png, "--offset", "1,x"}, "--offset 1,x: must be 2 or 3 comma-separated numbers"},
        {{"bake", "--size", "64x64", "--out", png, "--range", "1,-1"}, "--range 1,-1: must be MIN,MAX with finite MIN < MAX"},
        {{"bake", "--size", "64x64", "--out", png, "--backend", "vulkan"}, "--backend vulkan: must be gpu or cpu"},
        {{"bake", "--size", "64x64", "--out", file("x.tga")}, "unknown file type; allowed: .png"},
        {{"bake", "--size", "64x64", "--out", file("no/such/dir.png")}, "directory " + file("no/such") + " does not exist"},
        {{"bake", "--size", "64x64", "--out", dir.string() + "/"}, "is a directory"},
        {{"bake", "--out", png}, "--size is required"},
        {{"eval", "--dims", "3"}, "stdin line 2 '1 2': expected 3 numbers \"x y z\" for --dims 3, got 2", "1 2 3\n1 2\n"},
        {{"eval"}, "stdin line 1 'x y': 'x' is not a number", "x y\n"},
        {{"eval"}, "stdin line 1 'nan 1': coordinates must be finite", "nan 1\n"},
        {{"eval"}, "stdin line 1", std::string("1\0 2\n", 5)},
        {{"check", "--size", "64x64", "--tolerance", "-1"}, "--tolerance -1: must be a finite number >= 0"},
        {{"glsl", "curl"}, "family 'curl': allowed: " + allowedFamilies()},
        {{"glsl", "--out", file("x.glsl"), "perlin", "worley"}, "family 'worley': allowed: " + allowedFamilies()},
        {{"glsl", "--seed", "x"}, "--seed x: must be an integer between 0 and 18446744073709551615"},
        {{"glsl", "--out", file("no/such/lib.glsl")}, "directory " + file("no/such") + " does not exist"},
        {{"frobnicate"}, "unknown command 'frobnicate'; allowed: bake, eval, check, glsl, info"},
        {{}, "A subcommand is required"},
    };
    for (const auto& c : cases) {
        const auto r = run(c.args, c.input);
        std::string shown;
        for (const auto& a : c.args) shown += a + " ";
        EXPECT_EQ(r.code, 2) << shown << "\n" << r.err;
        EXPECT_EQ(r.err.rfind("glnoise: error: ", 0), 0u) << shown << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << "\n" << r.err;
        EXPECT_NE(r.err.find(c.message), std::string::npos) << shown << "\nwanted: " << c.message << "\ngot: " << r.err;
        EXPECT_TRUE(r.out.empty()) << shown << r.out;
        EXPECT_EQ(entries(), 0u) << shown << ": a file was left behind";
    }
}

TEST_F(Cli, BadInputDoesNotTouchAnExistingFile) {
    const std::string png = file("keep.png");
    { std::ofstream(png) << "good image"; }
    EXPECT_EQ(run({"bake", "--size", "64x64", "--out", png, "--octaves", "0"}).code, 2);
    EXPECT_EQ(slurp(png), "good image");
    EXPECT_EQ(entries(), 1u);
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
    EXPECT_EQ(slurp(png), "good image");
    EXPECT_EQ(entries(), 1u);
}

}  // namespace
}  // namespace glnoise
