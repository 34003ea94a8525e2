// SPDX-License-Identifier: MIT
// glnoise-preview end to end, in a virtual display (xvfb-run) on whatever GL it offers
// (llvmpipe in CI): what the window shows is the CPU reference, pan and zoom move it as
// they should, and an export is byte for byte what `glnoise bake` writes.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "glnoise/glnoise.hpp"
#include "process.hpp"
#include "paths.hpp"

namespace glnoise {
namespace {

using test::Result;
using test::slurp;

struct Rgb {
    int width = 0, height = 0;
    std::vector<unsigned char> pixels;
    const unsigned char* at(int x, int y) const { return &pixels[(static_cast<std::size_t>(y) * width + x) * 3]; }
};

Rgb loadRgb(const std::string& path) {
    Rgb img;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &img.width, &img.height, &channels, 3);
    if (!data) return img;
    img.pixels.assign(data, data + static_cast<std::size_t>(img.width) * img.height * 3);
    stbi_image_free(data);
    return img;
}

#ifdef GLNOISE_SKIP_GPU_TESTS
#define GLNOISE_REQUIRE_DISPLAY() GTEST_SKIP() << "GPU tests were disabled with -DGLNOISE_SKIP_GPU_TESTS=ON"
#else
#define GLNOISE_REQUIRE_DISPLAY() static_cast<void>(0)
#endif

class Preview : public test::ProcessTest {
protected:
    // Under a virtual X display of its own; GLNOISE_PREVIEW_XVFB is xvfb-run.
    Result show(std::vector<std::string> args) {
        return runWith(test::quote(GLNOISE_PREVIEW_XVFB) + " -a -s '-screen 0 1600x1200x24'", test::previewExe(),
                       args);
    }
    Result noDisplay(const std::vector<std::string>& args) {
        return runWith("env -u DISPLAY -u WAYLAND_DISPLAY", test::previewExe(), args);
    }

    // Every pixel of `shot` in [x0, x1) is gray and within 1 of quantising expected(x, y).
    template <class Expected>
    void expectGray(const Rgb& shot, int x0, int x1, Expected expected) {
        int bad = 0, worst = 0;
        for (int y = 0; y < shot.height; ++y) {
            for (int x = x0; x < x1; ++x) {
                const unsigned char* p = shot.at(x, y);
                const int want = expected(x, y);
                const int diff = std::max({std::abs(p[0] - want), std::abs(p[1] - want), std::abs(p[2] - want)});
                worst = std::max(worst, diff);
                if (diff > 1 && bad++ < 5)
                    ADD_FAILURE() << "pixel (" << x << ", " << y << "): " << int(p[0]) << "," << int(p[1]) << ","
                                  << int(p[2]) << ", want " << want;
            }
        }
        EXPECT_EQ(bad, 0) << "pixels off by more than one 8-bit step; worst " << worst;
    }
};

NoiseSpec baseSpec() {
    NoiseSpec spec;
    spec.octaves = 3;
    spec.seed = 5;
    spec.frequency = 0.03;
    return spec;
}
const std::vector<std::string> kBaseFlags = {"--octaves", "3", "--seed", "5", "--frequency", "0.03"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

TEST_F(Preview, TheWindowShowsTheCpuReference) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto r = show(with(kBaseFlags, {"--window", "256x160", "--hide-panel", "--frames", "2", "--screenshot",
                                          file("shot.png")}));
    ASSERT_EQ(r.code, 0) << r.err;
    const Rgb shot = loadRgb(file("shot.png"));
    ASSERT_EQ(shot.width, 256);
    ASSERT_EQ(shot.height, 160);
    const NoiseSpec spec = baseSpec();
    const Image ref = cpu::evaluate(spec, {256, 160, 1});
    const ValueRange range = cpu::typicalRange(spec);
    expectGray(shot, 0, 256, [&](int x, int y) { return io::quantize8(ref.at(x, y, 0), range); });
}

TEST_F(Preview, EveryFamilyReachesTheWindow) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto r = show({"--basis", "value", "--interp", "cosine", "--fractal", "ridged", "--octaves", "4",
                         "--period", "4,4", "--frequency", "0.03125", "--warp-amount", "0.5", "--window", "128x128",
                         "--hide-panel", "--frames", "2", "--screenshot", file("shot.png")});
    ASSERT_EQ(r.code, 0) << r.err;
    const Rgb shot = loadRgb(file("shot.png"));
    NoiseSpec spec;
    spec.basis = Basis::Value;
    spec.interp = Curve::Cosine;
    spec.fractal = Fractal::Ridged;
    spec.octaves = 4;
    spec.period = {4, 4, 0, 0};
    spec.frequency = 0.03125;
    spec.warpAmount = 0.5;
    const Image ref = cpu::evaluate(spec, {128, 128, 1});
    const ValueRange typical = cpu::typicalRange(spec);  // once: it is measured
    expectGray(shot, 0, 128, [&](int x, int y) { return io::quantize8(ref.at(x, y, 0), typical); });
}

TEST_F(Preview, ANormalMapIsDrawnAsRgb) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto r = show({"--basis", "simplex", "--octaves", "3", "--output", "normal", "--height-scale", "30",
                         "--window", "96x64", "--hide-panel", "--frames", "2", "--screenshot", file("shot.png")});
    ASSERT_EQ(r.code, 0) << r.err;
    const Rgb shot = loadRgb(file("shot.png"));
    NoiseSpec spec;
    spec.basis = Basis::Simplex;
    spec.octaves = 3;
    spec.output = Output::Normal;
    spec.heightScale = 30;
    const Image ref = cpu::evaluate(spec, {96, 64, 1});
    int off = 0;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 96; ++x)
            for (int c = 0; c < 3; ++c) {
                const double want = (ref.at(x, y, 0, c) * 0.5 + 0.5) * 255.0;
                if (std::abs(shot.at(x, y)[c] - want) > 1.01) ++off;
            }
    EXPECT_EQ(off, 0);
}

TEST_F(Preview, PanAndZoomMoveTheImageAsTheySay) {
    GLNOISE_REQUIRE_DISPLAY();
    // Pixel (x, y) shows the bake-space point pan + (x, y) / zoom.
    const double panX = 37.5, panY = -21.0, zoom = 2.5;
    const auto r = show(with(kBaseFlags, {"--window", "200x120", "--hide-panel", "--frames", "2", "--pan",
                                          "37.5,-21", "--zoom", "2.5", "--screenshot", file("shot.png")}));
    ASSERT_EQ(r.code, 0) << r.err;
    const Rgb shot = loadRgb(file("shot.png"));
    ASSERT_EQ(shot.width, 200);
    std::vector<std::array<double, 4>> points;
    for (int y = 0; y < shot.height; ++y)
        for (int x = 0; x < shot.width; ++x) points.push_back({panX + x / zoom, panY + y / zoom, 0.0});
    const NoiseSpec spec = baseSpec();
    const std::vector<float> ref = cpu::evaluatePoints(spec, points);
    const ValueRange typical = cpu::typicalRange(spec);  // once: it is measured
    expectGray(shot, 0, shot.width,
               [&](int x, int y) { return io::quantize8(ref[static_cast<std::size_t>(y) * shot.width + x], typical); });
}

TEST_F(Preview, ThePanelDoesNotDisturbTheNoiseBesideIt) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto r = show(with(kBaseFlags, {"--window", "1000x300", "--frames", "2", "--screenshot", file("shot.png")}));
    ASSERT_EQ(r.code, 0) << r.err;
    const Rgb shot = loadRgb(file("shot.png"));
    ASSERT_EQ(shot.width, 1000);
    const NoiseSpec spec = baseSpec();
    const Image ref = cpu::evaluate(spec, {1000, 300, 1});
    // The panel is at the top left, well under 700 points wide.
    const ValueRange typical = cpu::typicalRange(spec);  // once: it is measured
    expectGray(shot, 700, 1000, [&](int x, int y) { return io::quantize8(ref.at(x, y, 0), typical); });
    bool panelDrawn = false;
    for (int y = 0; y < 100 && !panelDrawn; ++y)
        for (int x = 0; x < 300 && !panelDrawn; ++x)
            panelDrawn = shot.at(x, y)[0] != shot.at(x, y)[2];  // colour where the noise is gray
    EXPECT_TRUE(panelDrawn) << "no panel in the screenshot";
}

std::string bakeCommandOf(const std::string& out) {
    std::smatch m;
    const std::regex line(R"(same as: glnoise (bake [^\n]*) --out \S+)");
    return std::regex_search(out, m, line) ? m[1].str() : std::string();
}

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

TEST_F(Preview, AnExportIsByteForByteTheBake) {
    GLNOISE_REQUIRE_DISPLAY();
    for (const char* ext : {".png", ".r32"}) {
        SCOPED_TRACE(ext);
        const std::string exported = file(std::string("export") + ext), baked = file(std::string("bake") + ext);
        // With a view: the printed command reproduces it.
        const auto r = show(with(kBaseFlags, {"--window", "160x100", "--pan", "10,20", "--zoom", "1.5", "--size",
                                              "120x90", "--out", exported, "--export", "--frames", "1"}));
        ASSERT_EQ(r.code, 0) << r.err;
        const std::string command = bakeCommandOf(r.out);
        ASSERT_FALSE(command.empty()) << r.out;
        const auto b = runWith("", test::glnoiseExe(), with(split(command), {"--out", baked}));
        ASSERT_EQ(b.code, 0) << command << "\n" << b.err;
        EXPECT_EQ(slurp(exported), slurp(baked)) << command;
        if (std::string(ext) == ".r32") {
            EXPECT_EQ(slurp(exported + ".json"), slurp(baked + ".json"));
        }
    }
    // Without a view: the same flags as glnoise bake give the same file.
    const auto r = show(with(kBaseFlags, {"--size", "96x64", "--out", file("plain.png"), "--export", "--frames", "1"}));
    ASSERT_EQ(r.code, 0) << r.err;
    ASSERT_EQ(runWith("", test::glnoiseExe(), with({"bake"}, with(kBaseFlags, {"--size", "96x64", "--out", file("b.png")}))).code, 0);
    EXPECT_EQ(slurp(file("plain.png")), slurp(file("b.png")));
}

TEST_F(Preview, RegeneratesOnlyWhenSomethingChanges) {
    GLNOISE_REQUIRE_DISPLAY();
    auto count = [](const std::string& out) {
        std::smatch m;
        return std::regex_search(out, m, std::regex(R"((\d+) frames, (\d+) regenerations)"))
                   ? std::make_pair(std::stoi(m[1].str()), std::stoi(m[2].str()))
                   : std::make_pair(-1, -1);
    };
    const auto still = show(with(kBaseFlags, {"--window", "64x64", "--frames", "6"}));
    ASSERT_EQ(still.code, 0) << still.err;
    EXPECT_EQ(count(still.out), std::make_pair(6, 1));
    const auto moving = show(with(kBaseFlags, {"--window", "64x64", "--frames", "6", "--dims", "3", "--animate"}));
    ASSERT_EQ(moving.code, 0) << moving.err;
    EXPECT_EQ(count(moving.out), std::make_pair(6, 6));
}

TEST_F(Preview, WithoutADisplayItSaysWhatToDoInstead) {
    const auto r = noDisplay({"--frames", "1"});
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("glnoise bake"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("xvfb-run"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace glnoise
