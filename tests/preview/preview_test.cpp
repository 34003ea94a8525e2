// SPDX-License-Identifier: MIT
// glnoise-preview end to end, in a virtual display (xvfb-run) on whatever GL it offers
// (llvmpipe in CI): what the window shows is the CPU reference, pan and zoom move it as
// they should, and an export is byte for byte what `glnoise bake` writes.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
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

// The pixels of two RGB pictures of the same size, each channel within one level.
int pixelsApart(const Rgb& a, const Rgb& b) {
    if (a.width != b.width || a.height != b.height) return -1;
    int apart = 0;
    for (std::size_t i = 0; i < a.pixels.size(); i += 3)
        for (std::size_t k = 0; k < 3; ++k) apart += std::abs(a.pixels[i + k] - b.pixels[i + k]) > 1 ? 1 : 0;
    return apart;
}

#ifdef GLNOISE_SKIP_GPU_TESTS
#define GLNOISE_REQUIRE_DISPLAY() GTEST_SKIP() << "GPU tests were disabled with -DGLNOISE_SKIP_GPU_TESTS=ON"
#else
#define GLNOISE_REQUIRE_DISPLAY() static_cast<void>(0)
#endif

class Preview : public test::ProcessTest {
protected:
    // Under a virtual X display of its own (GLNOISE_PREVIEW_XVFB is xvfb-run), remembering
    // its layout in this test's folder, never the user's. The pointer rests at the screen's
    // centre, outside windows smaller than half the screen.
    Result show(std::vector<std::string> args, const std::string& screen = "1600x1200") {
        return runWith("env XDG_CONFIG_HOME=" + test::quote(file("config")) + " " + test::quote(GLNOISE_PREVIEW_XVFB) +
                           " -a -s '-screen 0 " + screen + "x24'",
                       test::previewExe(), args);
    }
    Result noDisplay(const std::vector<std::string>& args) {
        return runWith("env -u DISPLAY -u WAYLAND_DISPLAY", test::previewExe(), args);
    }

    // The lines a `glnoise check ...` command prints after its heading (which names the
    // renderer: not compared), each without its indent.
    std::vector<std::string> checkLines(const std::string& command) {
        std::vector<std::string> words;
        std::istringstream in(command);
        for (std::string w; in >> w;) words.push_back(w);
        const auto c = runWith("", test::glnoiseExe(), std::vector<std::string>(words.begin() + 1, words.end()));
        EXPECT_EQ(c.code, 0) << c.err;
        std::vector<std::string> printed;
        std::istringstream lines(c.out);
        std::string heading;
        std::getline(lines, heading);
        for (std::string line; std::getline(lines, line);) printed.push_back(line.substr(2));
        return printed;
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
                // OpenGL's green, as bake writes by default: the reference's ny has y down the rows.
                const double want = ((c == 1 ? -1.0 : 1.0) * ref.at(x, y, 0, c) * 0.5 + 0.5) * 255.0;
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

nlohmann::json readJson(const std::string& path) { return nlohmann::json::parse(slurp(path)); }

// At a small, a middling and a large window the menu bar and the panel lie beside the
// noise: the view is the rest of the window, shows the reference texel for texel, and the
// panel (not noise: coloured widgets on a dark ground) fills the right-hand side.
TEST_F(Preview, TheNoiseViewIsNeverCovered) {
    GLNOISE_REQUIRE_DISPLAY();
    for (const auto& [w, h] : {std::pair{300, 200}, std::pair{960, 620}, std::pair{1920, 1080}}) {
        const std::string size = std::to_string(w) + "x" + std::to_string(h);
        SCOPED_TRACE(size);
        const auto r = show(with(kBaseFlags, {"--window", size, "--frames", "2", "--screenshot", file("shot.png"),
                                              "--readouts", file("r.json")}),
                            "2000x1200");
        ASSERT_EQ(r.code, 0) << r.err;
        const Rgb shot = loadRgb(file("shot.png"));
        ASSERT_EQ(shot.width, w);
        ASSERT_EQ(shot.height, h);
        const auto j = readJson(file("r.json"));
        const auto& v = j["view"];
        const int vx = v["x"], vy = v["y"], vw = v["width"], vh = v["height"];
        ASSERT_FALSE(j["panel"].is_null());
        const int px = j["panel"]["x"], pw = j["panel"]["width"];
        EXPECT_EQ(vx, 0);
        EXPECT_GT(vy, 10) << "the menu bar";
        EXPECT_EQ(vy + vh, h);
        EXPECT_EQ(px, vw);
        EXPECT_EQ(px + pw, w);
        EXPECT_GE(vw, w * 4 / 10) << "the panel leaves at least 40% to the noise";
        EXPECT_GE(pw, std::min(160, w * 6 / 10)) << "and is wide enough to use";
        const NoiseSpec spec = baseSpec();
        const Image ref = cpu::evaluate(spec, {vw, vh, 1});
        const ValueRange typical = cpu::typicalRange(spec);
        int bad = 0;
        for (int y = 0; y < vh; ++y)
            for (int x = 0; x < vw; ++x) {
                const int want = io::quantize8(ref.at(x, y, 0), typical);
                const unsigned char* p = shot.at(vx + x, vy + y);
                bad += std::abs(p[0] - want) > 1 || p[0] != p[1] || p[1] != p[2];
            }
        EXPECT_EQ(bad, 0) << "view pixels that are not the reference";
        int coloured = 0;
        for (int y = vy; y < h; ++y)
            for (int x = px; x < w; ++x) coloured += shot.at(x, y)[0] != shot.at(x, y)[2];
        EXPECT_GT(coloured, pw * (h - vy) / 50) << "no panel drawn";
    }
}

// Copies that fit are shown texel for texel; 3 x 3 copies of 180 x 140 do not fit 400 x 300
// and are shown every 2nd texel (ceil(540 / 400) = ceil(420 / 300) = 2), all nine whole.
TEST_F(Preview, TheTiledViewRepeatsTheExportTexelForTexel) {
    GLNOISE_REQUIRE_DISPLAY();
    for (const auto& [tiles, w, h, step] : std::vector<std::array<int, 4>>{{2, 90, 70, 1}, {3, 90, 70, 1},
                                                                         {3, 180, 140, 2}}) {
        SCOPED_TRACE(std::to_string(tiles) + " x " + std::to_string(w));
        const auto r = show(with(kBaseFlags, {"--window", "400x300", "--hide-panel", "--view", "tiled", "--tiles",
                                              std::to_string(tiles), "--size",
                                              std::to_string(w) + "x" + std::to_string(h), "--frames", "2",
                                              "--screenshot", file("shot.png"), "--readouts", file("r.json")}));
        ASSERT_EQ(r.code, 0) << r.err;
        const Rgb shot = loadRgb(file("shot.png"));
        const auto j = readJson(file("r.json"));
        EXPECT_EQ(j["view"]["kind"], "tiled");
        EXPECT_EQ(j["view"]["texture"], nlohmann::json({w, h}));
        const NoiseSpec spec = baseSpec();
        const Image ref = cpu::evaluate(spec, {w, h, 1});
        const ValueRange typical = cpu::typicalRange(spec);
        const int shownW = (w * tiles + step - 1) / step, shownH = (h * tiles + step - 1) / step;
        ASSERT_LE(shownW, 400);
        ASSERT_LE(shownH, 300);
        int bad = 0, background = 0;
        for (int y = 0; y < 300; ++y)
            for (int x = 0; x < 400; ++x) {
                const unsigned char* p = shot.at(x, y);
                if (x < shownW && y < shownH) {
                    bad += std::abs(p[0] - io::quantize8(ref.at(x * step % w, y * step % h, 0), typical)) > 1;
                } else {
                    background += p[0] == 26 && p[1] == 26 && p[2] == 26;  // the window's 0.1 gray
                }
            }
        EXPECT_EQ(bad, 0);
        EXPECT_EQ(background, 400 * 300 - shownW * shownH) << "beyond the copies: the background";
    }
}

// A volume's slices side by side, 4 to a row: cell k is slice round(k (D - 1) / 15) of the
// volume bake, texel for texel.
TEST_F(Preview, TheSlicesViewShowsTheVolumeBakesSlices) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto r = show(with(kBaseFlags, {"--dims", "3", "--window", "300x200", "--hide-panel", "--view", "slices",
                                          "--size", "60x40x20", "--frames", "2", "--screenshot", file("shot.png"),
                                          "--readouts", file("r.json")}));
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = readJson(file("r.json"));
    EXPECT_EQ(j["view"]["texture"], nlohmann::json({60, 40, 20}));
    NoiseSpec spec = baseSpec();
    spec.dims = 3;
    const Image ref = cpu::evaluate(spec, {60, 40, 20});
    const ValueRange typical = cpu::typicalRange(spec);
    const Rgb shot = loadRgb(file("shot.png"));
    int bad = 0;
    for (int k = 0; k < 16; ++k) {
        const int slice = static_cast<int>(std::lround(k * 19.0 / 15.0));
        EXPECT_EQ(j["view"]["slices"][static_cast<std::size_t>(k)], slice);
        for (int y = 0; y < 40; ++y)
            for (int x = 0; x < 60; ++x)
                bad += std::abs(shot.at((k % 4) * 60 + x, (k / 4) * 40 + y)[0] -
                                io::quantize8(ref.at(x, y, slice), typical)) > 1;
    }
    EXPECT_EQ(bad, 0);
    // Without a volume there is nothing to slice.
    const auto flat = show(with(kBaseFlags, {"--view", "slices", "--frames", "1"}));
    EXPECT_EQ(flat.code, 2);
    EXPECT_NE(flat.err.find("--view slices: shows a volume, which needs --dims 3 or 4"), std::string::npos) << flat.err;
}

// The heightfield is drawn in perspective against the sky, in the colormap's colours
// shaded by the light (each pixel a multiple of a colour of the map), and its relief
// scales its height on screen.
TEST_F(Preview, TheHeightfieldIsTheTerrainInItsColormap) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto rows = [&](const std::string& relief, const std::string& shotName) {
        const auto r = show(with(kBaseFlags, {"--window", "320x240", "--hide-panel", "--view", "3d", "--size", "128x128",
                                              "--colormap", "terrain", "--sea", "off", "--relief", relief, "--frames", "2",
                                              "--screenshot", file(shotName), "--readouts", file("r.json")}));
        EXPECT_EQ(r.code, 0) << r.err;
        const Rgb shot = loadRgb(file(shotName));
        const unsigned char* sky = shot.at(0, 0);
        int covered = 0, top = shot.height;
        for (int y = 0; y < shot.height; ++y) {
            bool any = false;
            for (int x = 0; x < shot.width; ++x)
                any = any || std::memcmp(shot.at(x, y), sky, 3) != 0;
            covered += any;
            if (any) top = std::min(top, y);
        }
        EXPECT_GT(covered, 40) << "no terrain drawn";
        return std::make_pair(top, shot);
    };
    const auto [lowTop, lowShot] = rows("0.02", "low.png");
    const auto [highTop, highShot] = rows("0.6", "high.png");
    EXPECT_EQ(readJson(file("r.json"))["view"]["texture"], nlohmann::json({128, 128}));
    EXPECT_LT(highTop, lowTop - 10) << "the relief does not raise the terrain's peaks";
    // Each terrain pixel's colour points the way of some colour of the map (lighting scales it).
    const Colormap map = Colormap::named("terrain");
    std::vector<std::array<double, 3>> colours;
    for (int i = 0; i <= 255; ++i) {
        const std::uint32_t c = map.colorAt(static_cast<float>(i));
        colours.push_back({double(c & 255u), double((c >> 8) & 255u), double((c >> 16) & 255u)});
    }
    int terrain = 0, offMap = 0;
    const unsigned char* sky = highShot.at(0, 0);
    for (int y = 0; y < highShot.height; ++y)
        for (int x = 0; x < highShot.width; ++x) {
            const unsigned char* p = highShot.at(x, y);
            if (std::memcmp(p, sky, 3) == 0 || p[0] + p[1] + p[2] < 60) continue;  // sky, or too dark to judge
            ++terrain;
            double best = 1.0;
            for (const auto& c : colours) {
                const double dot = p[0] * c[0] + p[1] * c[1] + p[2] * c[2];
                const double norms = std::sqrt((p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) * (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]));
                best = std::min(best, 1.0 - dot / norms);
            }
            offMap += best > 2e-3;
        }
    EXPECT_GT(terrain, 2000);
    EXPECT_LT(offMap, terrain / 50) << "pixels whose colour is no shade of the map's";
}

// The 3D view's sea: flat water at the colormap's shore (where the terrain map's water
// ends) or at a chosen level, walled at the mesh's edges. A ray from the camera above the
// sea meets it only where the ground it reaches lies below it, so the pixels the sea
// changes are those whose ground,
// with the sea off, is in the map's water colours; a chosen level equal to the shore's
// draws the same picture, a higher one covers more; a map without water draws no sea.
TEST_F(Preview, TheSeaCoversTheGroundBelowItsLevel) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto shot = [&](const std::vector<std::string>& flags, const std::string& name) {
        std::vector<std::string> all = {"--preset", "terrain", "--view", "3d", "--window", "320x240", "--hide-panel",
                                        "--frames", "2", "--screenshot", file(name), "--readouts", file(name + ".json")};
        all.insert(all.end(), flags.begin(), flags.end());
        const auto r = show(all);
        EXPECT_EQ(r.code, 0) << r.err;
        return loadRgb(file(name));
    };
    const Rgb off = shot({"--sea", "off"}, "off.png");
    const Rgb shore = shot({}, "shore.png");
    const auto level = readJson(file("shore.png.json"))["view"]["sea"];
    ASSERT_TRUE(level.is_number()) << level;
    const Colormap map = Colormap::named("terrain");
    const ValueRange range{-1.0, 1.0};  // the preset's
    EXPECT_NEAR(level.get<double>(), range.min + *map.shore * (range.max - range.min), 1e-9);
    EXPECT_TRUE(readJson(file("off.png.json"))["view"]["sea"].is_null());
    ASSERT_EQ(off.pixels.size(), shore.pixels.size());
    // The terrain map's water is blue: blue well above red and above green, lit or in shade;
    // its sand, grass, rock and snow and the sky are not.
    const auto water = [](const unsigned char* p) { return p[2] > 1.5 * p[0] + 5 && p[2] > p[1]; };
    const auto changed = [&](const Rgb& a, int x, int y) { return std::memcmp(a.at(x, y), off.at(x, y), 3) != 0; };
    // (Where the sky is, the sea's surface or its walls may be seen beyond a sunken edge.)
    const unsigned char* sky = off.at(0, 0);
    int blue = 0, covered = 0, mismatched = 0;
    for (int y = 0; y < off.height; ++y)
        for (int x = 0; x < off.width; ++x) {
            const bool b = water(off.at(x, y)), c = changed(shore, x, y);
            blue += b;
            covered += c;
            mismatched += b != c && std::memcmp(off.at(x, y), sky, 3) != 0;
        }
    EXPECT_GT(blue, off.width * off.height / 20) << "the preset's view should hold sea";
    EXPECT_LT(mismatched, blue / 25) << blue << " pixels of water-coloured ground, " << covered << " covered by the sea";
    // A level given as a number: the shore's draws the same; a higher one covers more.
    const auto number = [](double v) {
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", v);
        return std::string(text);
    };
    const Rgb same = shot({"--sea", number(level.get<double>())}, "same.png");
    EXPECT_EQ(pixelsApart(same, shore), 0);
    const Rgb higher = shot({"--sea", number(level.get<double>() + 0.25)}, "higher.png");
    int more = 0, uncovered = 0;
    for (int y = 0; y < off.height; ++y)
        for (int x = 0; x < off.width; ++x) {
            more += changed(higher, x, y);
            uncovered += changed(shore, x, y) && !changed(higher, x, y);
        }
    EXPECT_GT(more, covered + off.width * off.height / 50);
    EXPECT_LT(uncovered, covered / 50);
    // A map with no water draws no sea unless a level is given.
    const Rgb fire = shot({"--colormap", "fire"}, "fire.png");
    const Rgb fireOff = shot({"--colormap", "fire", "--sea", "off"}, "fire_off.png");
    EXPECT_EQ(pixelsApart(fire, fireOff), 0);
    EXPECT_TRUE(readJson(file("fire.png.json"))["view"]["sea"].is_null());
    const auto bad = show({"--preset", "terrain", "--sea", "deep", "--frames", "1"});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("--sea deep: "), std::string::npos) << bad.err;
}

// The 3D view's erosion: it runs its iterations a few a frame and stops; the terrain it
// draws changes (the sky does not); with the flow map the ground is coloured by the flow
// colormap (dark ground, blue water), no longer the terrain map's greens; bad flags refused.
TEST_F(Preview, ErosionRunsInTheThreeDView) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto shot = [&](const std::vector<std::string>& flags, const std::string& name) {
        std::vector<std::string> all = {"--preset", "terrain", "--view", "3d", "--window", "320x240", "--hide-panel",
                                        "--size", "96x96", "--sea", "off", "--screenshot", file(name), "--readouts",
                                        file(name + ".json")};
        all.insert(all.end(), flags.begin(), flags.end());
        const auto r = show(all);
        EXPECT_EQ(r.code, 0) << r.err;
        return loadRgb(file(name));
    };
    const Rgb before = shot({"--frames", "2"}, "before.png");
    EXPECT_TRUE(readJson(file("before.png.json"))["view"]["erosion"].is_null());
    const Rgb after = shot({"--frames", "14", "--erode", "40"}, "after.png");
    const auto erosion = readJson(file("after.png.json"))["view"]["erosion"];
    EXPECT_EQ(erosion["iterations"], 40) << erosion << ": 4 a frame, stopping at 40";
    EXPECT_EQ(erosion["of"], 40);
    EXPECT_EQ(erosion["flow_map"], false);
    ASSERT_EQ(before.pixels.size(), after.pixels.size());
    EXPECT_GT(pixelsApart(before, after), 500) << "the eroded terrain should look different";
    EXPECT_EQ(std::memcmp(before.at(0, 0), after.at(0, 0), 3), 0) << "the sky stays";
    const Rgb flow = shot({"--frames", "14", "--erode", "40", "--flow-map"}, "flow.png");
    EXPECT_EQ(readJson(file("flow.png.json"))["view"]["erosion"]["flow_map"], true);
    const auto green = [](const unsigned char* p) { return p[1] > p[0] + 20 && p[1] > p[2] + 20; };
    const auto bluish = [](const unsigned char* p) { return p[2] > p[0] + 40; };
    const unsigned char* sky = before.at(0, 0);
    int greenBefore = 0, greenFlow = 0, water = 0, ground = 0;
    for (int y = 0; y < flow.height; ++y)
        for (int x = 0; x < flow.width; ++x) {
            greenBefore += green(after.at(x, y));
            greenFlow += green(flow.at(x, y));
            if (std::memcmp(flow.at(x, y), sky, 3) == 0) continue;
            ++ground;
            water += bluish(flow.at(x, y));
        }
    EXPECT_GT(greenBefore, 2000) << "the terrain map's grass";
    EXPECT_LT(greenFlow, greenBefore / 100) << "the flow colormap has no green";
    EXPECT_GT(water, ground / 20) << "water flows somewhere";
    EXPECT_LT(water, ground) << "and not everywhere";
    // A graph's erode stage runs in the 3D view with its own numbers.
    {
        std::ofstream(file("eroding.json")) << R"({"glnoise_graph": 2, "dims": 2, "out": "n", "nodes": {"n": {"kind":
            "fractal", "octaves": 4, "basis": "perlin", "frequency": 0.04}}, "erode": {"iterations": 12, "cell_size": 3}})";
    }
    const auto staged = show({"--graph", file("eroding.json"), "--view", "3d", "--window", "320x240", "--size", "64x64",
                              "--frames", "6", "--readouts", file("stage.json")});
    ASSERT_EQ(staged.code, 0) << staged.err;
    const auto stage = readJson(file("stage.json"))["view"]["erosion"];
    EXPECT_EQ(stage["iterations"], 12) << stage;
    EXPECT_EQ(stage["of"], 12);
    EXPECT_EQ(stage["cell_size"], 3.0);
    for (const auto& [flags, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"--flow-map"}, "--flow-map: shows the flow of an erosion; give --erode ITERATIONS"},
             {{"--erode", "0"}, "--erode 0: must be 1 to 100000"},
             {{"--erode", "many"}, "--erode many: must be an integer"}}) {
        std::vector<std::string> all = {"--preset", "terrain", "--frames", "1"};
        all.insert(all.end(), flags.begin(), flags.end());
        const auto bad = show(all);
        EXPECT_EQ(bad.code, 2) << message;
        EXPECT_NE(bad.err.find(message), std::string::npos) << bad.err;
    }
}

// Every view of a graph at two window sizes, with its panel and editor open: the view
// beside the panel, never under it, and in it the graph as bake bakes it: the 2D view
// texel for texel, the tiled view's copies each the export, the 3D view's terrain against
// the sky, the slices view's first slice the volume's z = 0.
TEST_F(Preview, EveryViewOfAGraphAtTwoSizes) {
    GLNOISE_REQUIRE_DISPLAY();
    std::ofstream(file("g.json")) << R"({"glnoise_graph": 2, "dims": 3, "seed": 2, "out": "f", "nodes": {
        "f": {"kind": "fractal", "basis": "opensimplex2", "frequency": 0.012, "octaves": 4, "normalize": true},
        "g": {"kind": "curve", "source": "f", "points": [[-0.5, -0.8], [0.5, 0.8]]}}})";
    const auto bake = [&](const std::string& size, const std::string& out) {
        const auto b = runWith("", test::glnoiseExe(), {"bake", "--graph", file("g.json"), "--size", size, "--colormap",
                                                        "terrain", "--range", "-0.7,0.7", "--out", out});
        EXPECT_EQ(b.code, 0) << b.err;
        return loadRgb(out);
    };
    // Pixels of `shot` from (x0, y0) that are not `want`'s, each channel within one level.
    const auto apart = [](const Rgb& shot, int x0, int y0, const Rgb& want) {
        int n = 0;
        for (int y = 0; y < want.height; ++y)
            for (int x = 0; x < want.width; ++x)
                for (int k = 0; k < 3; ++k) n += std::abs(shot.at(x0 + x, y0 + y)[k] - want.at(x, y)[k]) > 1 ? 1 : 0;
        return n;
    };
    for (const auto& [w, h] : {std::pair{960, 620}, std::pair{1920, 1080}}) {
        for (const std::string view : {"2d", "tiled", "3d", "slices"}) {
            const std::string size = std::to_string(w) + "x" + std::to_string(h);
            SCOPED_TRACE(size + " " + view);
            std::vector<std::string> args = {"--graph", file("g.json"), "--colormap", "terrain", "--range", "-0.7,0.7",
                                             "--view", view, "--window", size, "--sections", "noise,view", "--forget",
                                             "--frames", "2", "--screenshot", file("shot.png"), "--readouts", file("r.json")};
            if (view == "tiled") args = with(args, {"--tiles", "2", "--size", "200x150"});
            if (view == "slices") args = with(args, {"--size", "120x80x16"});
            const auto r = show(args, "2000x1200");
            ASSERT_EQ(r.code, 0) << r.err;
            const Rgb shot = loadRgb(file("shot.png"));
            ASSERT_EQ(shot.width, w);
            ASSERT_EQ(shot.height, h);
            const auto j = readJson(file("r.json"));
            EXPECT_EQ(j["view"]["kind"], view);
            const int vx = j["view"]["x"], vy = j["view"]["y"], vw = j["view"]["width"], vh = j["view"]["height"];
            ASSERT_FALSE(j["panel"].is_null());
            EXPECT_EQ(vx, 0);
            EXPECT_EQ(vy + vh, h);
            EXPECT_EQ(j["panel"]["x"], vw);
            EXPECT_EQ(j["panel"]["x"].get<int>() + j["panel"]["width"].get<int>(), w);
            EXPECT_GE(vw, w / 2) << "the graph's panel leaves half the window to the noise";
            EXPECT_EQ(j["nodes"].size(), 3u) << "each node's picture";
            if (view == "2d") {
                EXPECT_EQ(apart(shot, vx, vy, bake(std::to_string(vw) + "x" + std::to_string(vh), file("b.png"))), 0);
            } else if (view == "tiled") {
                const Rgb tile = bake("200x150", file("t.png"));
                for (int k = 0; k < 4; ++k) EXPECT_EQ(apart(shot, vx + (k % 2) * 200, vy + (k / 2) * 150, tile), 0) << k;
            } else if (view == "3d") {
                const unsigned char* sky = shot.at(vx + 2, vy + 2);
                int ground = 0;
                for (int y = vy; y < vy + vh; ++y)
                    for (int x = vx; x < vx + vw; ++x) ground += std::memcmp(shot.at(x, y), sky, 3) != 0;
                EXPECT_GT(ground, vw * vh / 10) << "the terrain against the sky";
            } else {
                EXPECT_EQ(apart(shot, vx, vy, bake("120x80", file("z0.png"))), 0) << "slice 0";
                EXPECT_GT(apart(shot, vx + 3 * 120, vy + 3 * 80, bake("120x80", file("z0.png"))), 1000) << "slice 15";
            }
        }
    }
}

// The histogram of what is on screen, against the reference's values counted in the
// same bins; the GPU's values differ from the reference's by ~1e-6, so a few texels may
// land one bin over.
TEST_F(Preview, TheHistogramCountsTheVisibleValues) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto r = show(with(kBaseFlags, {"--window", "320x200", "--hide-panel", "--range", "-0.3,0.4", "--frames",
                                          "2", "--readouts", file("r.json")}));
    ASSERT_EQ(r.code, 0) << r.err;
    const auto h = readJson(file("r.json"))["histogram"];
    const NoiseSpec spec = baseSpec();
    const Image ref = cpu::evaluate(spec, {320, 200, 1});
    const double lo = h["lo"], hi = h["hi"];
    const auto [mn, mx] = std::minmax_element(ref.data.begin(), ref.data.end());
    EXPECT_NEAR(lo, std::min(-0.3, double(*mn)), 1e-5);  // the visible values and the range, both
    EXPECT_NEAR(hi, std::max(0.4, double(*mx)), 1e-5);
    std::vector<long> want(256, 0);
    long below = 0, above = 0;
    for (float v : ref.data) {
        ++want[static_cast<std::size_t>(std::clamp(static_cast<int>(std::floor((v - lo) * 256.0 / (hi - lo))), 0, 255))];
        below += v < -0.3f;
        above += v > 0.4f;
    }
    long off = 0, total = 0;
    for (std::size_t i = 0; i < 256; ++i) {
        off += std::abs(h["bins"][i].get<long>() - want[i]);
        total += h["bins"][i].get<long>();
    }
    EXPECT_EQ(total, 320 * 200);
    EXPECT_EQ(h["total"].get<long>(), 320 * 200);
    EXPECT_LE(off, 20) << "texels in another bin than the reference's";
    EXPECT_GT(below, 1000);
    EXPECT_GT(above, 1000);
    EXPECT_NEAR(h["below"].get<long>(), below, 5);
    EXPECT_NEAR(h["above"].get<long>(), above, 5);
}

// The readout's value is the reference's and the texture's at the probed texel, the
// gradient the reference's analytic one where the spec has it, else a central difference.
TEST_F(Preview, TheProbeReadsValueAndGradient) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto r = show(with(kBaseFlags, {"--window", "200x150", "--hide-panel", "--probe", "37,81", "--frames", "2",
                                          "--readouts", file("r.json")}));
    ASSERT_EQ(r.code, 0) << r.err;
    const auto p = readJson(file("r.json"))["probe"];
    ASSERT_FALSE(p.is_null());
    EXPECT_EQ(p["x"], 37);
    EXPECT_EQ(p["y"], 81);
    const NoiseSpec spec = baseSpec();
    const Image ref = cpu::evaluate(spec, {200, 150, 1});
    EXPECT_NEAR(p["value"].get<double>(), ref.at(37, 81, 0), 1e-6);
    EXPECT_NEAR(p["gpu_value"].get<double>(), ref.at(37, 81, 0), 1e-5);
    EXPECT_EQ(p["gradient_from"], "analytic");
    // Against the slope of the reference over a hundredth of a texel either side.
    const double e = 0.01;
    const std::vector<float> v = cpu::evaluatePoints(spec, {{37 + e, 81, 0, 0}, {37 - e, 81, 0, 0}, {37, 81 + e, 0, 0},
                                                            {37, 81 - e, 0, 0}});
    EXPECT_NEAR(p["gradient"][0].get<double>(), (v[0] - v[1]) / (2 * e), 1e-3);
    EXPECT_NEAR(p["gradient"][1].get<double>(), (v[2] - v[3]) / (2 * e), 1e-3);

    const auto w = show(with(kBaseFlags, {"--warp-amount", "0.5", "--window", "200x150", "--hide-panel", "--probe",
                                          "37,81", "--frames", "2", "--readouts", file("w.json")}));
    ASSERT_EQ(w.code, 0) << w.err;
    EXPECT_EQ(readJson(file("w.json"))["probe"]["gradient_from"], "central difference");
}

// The layout lives in $XDG_CONFIG_HOME/glnoise/preview.json: written at exit, read at the
// next start; a broken file gives a warning and the defaults, never a refusal.
TEST_F(Preview, TheLayoutIsRemembered) {
    GLNOISE_REQUIRE_DISPLAY();
    const std::string settings = file("config") + "/glnoise/preview.json";
    ASSERT_EQ(show({"--window", "200x120", "--view", "tiled", "--tiles", "3", "--frames", "1"}).code, 0);
    auto j = readJson(settings);
    EXPECT_EQ(j["view"], "tiled");
    EXPECT_EQ(j["tiles"], 3);
    auto r = show({"--window", "200x120", "--frames", "1", "--readouts", file("r.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(readJson(file("r.json"))["view"]["kind"], "tiled");
    EXPECT_EQ(readJson(file("r.json"))["view"]["tiles"], 3);
    // --forget: the defaults, and the file untouched.
    r = show({"--window", "200x120", "--forget", "--frames", "1", "--readouts", file("r.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(readJson(file("r.json"))["view"]["kind"], "2d");
    EXPECT_EQ(readJson(settings)["tiles"], 3);
    // The panel's sections stay as they were left.
    { std::ofstream(settings) << R"({"sections": {"Noise": false, "Proof": true}})"; }
    ASSERT_EQ(show({"--window", "400x300", "--frames", "1"}).code, 0);
    j = readJson(settings);
    EXPECT_EQ(j["sections"]["Noise"], false);
    EXPECT_EQ(j["sections"]["Proof"], true);
    EXPECT_EQ(j["sections"]["View"], true) << "open by default";
    // --sections opens these and closes the others.
    ASSERT_EQ(show({"--window", "400x300", "--sections", "noise,export", "--frames", "1"}).code, 0);
    j = readJson(settings);
    EXPECT_EQ(j["sections"]["Noise"], true);
    EXPECT_EQ(j["sections"]["Export"], true);
    EXPECT_EQ(j["sections"]["Proof"], false);
    { std::ofstream(settings) << R"({"panel": true, "tiles": 7})"; }
    r = show({"--window", "200x120", "--frames", "1", "--readouts", file("r.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find(settings + ": tiles 7: must be 2 or 3; using the default layout"), std::string::npos) << r.err;
    EXPECT_EQ(readJson(file("r.json"))["view"]["kind"], "2d");
    // A wrong type names its key; a forged file is a warning too, never a crash.
    for (const auto& [text, said] : std::vector<std::pair<std::string, std::string>>{
             {R"({"panel": "yes"})", "panel \"yes\": must be true or false"},
             {R"({"sections": {"Noise": 1}})", "sections.Noise 1: must be true or false"},
             {std::string(100000, '[') + std::string(100000, ']'),
              "nests arrays and objects more than 64 deep (at byte 64); at most 64 levels are read"},
             {"<dir>", "not a regular file"}}) {
        std::filesystem::remove_all(settings);
        if (text == "<dir>") std::filesystem::create_directories(settings);
        else std::ofstream(settings) << text;
        r = show({"--window", "200x120", "--frames", "1", "--readouts", file("r.json")});
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_NE(r.err.find(settings + ": " + said + "; using the default layout"), std::string::npos) << r.err;
    }
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
    // (On the GPU: the export's; a bake passes over a software rasterizer unless told.)
    ASSERT_EQ(runWith("", test::glnoiseExe(),
                      with({"bake", "--backend", "gpu"}, with(kBaseFlags, {"--size", "96x64", "--out", file("b.png")})))
                  .code,
              0);
    EXPECT_EQ(slurp(file("plain.png")), slurp(file("b.png")));
}

// The bake fields the preview takes (app/bake_fields.def: --flip-y, --normals) export as
// glnoise bake writes them, and a record's come back with --from; a heightmap's default
// range is the bake's.
TEST_F(Preview, AnExportTakesTheBakesFieldsAsTheBakeDoes) {
    GLNOISE_REQUIRE_DISPLAY();
    const std::vector<std::vector<std::string>> cases = {
        {"--output", "normal", "--height-scale", "6", "--normals", "directx", "--flip-y", "--size", "72x40"},
        {"--flip-y", "--size", "64x48"},
        {"--size", "64x48"},
    };
    for (const auto& flags : cases) {
        for (const char* ext : {".png", ".r16"}) {
            if (std::string(ext) == ".r16" && flags[0] == "--output") continue;  // a .r16 holds the value alone
            std::string label = ext;
            for (const std::string& f : flags) label += " " + f;
            SCOPED_TRACE(label);
            const std::string exported = file(std::string("export") + ext), baked = file(std::string("bake") + ext);
            const auto r = show(with(kBaseFlags, with(flags, {"--out", exported, "--export", "--frames", "1"})));
            ASSERT_EQ(r.code, 0) << r.err;
            const auto b = runWith("", test::glnoiseExe(),
                                   with({"bake", "--backend", "gpu"}, with(kBaseFlags, with(flags, {"--out", baked}))));
            ASSERT_EQ(b.code, 0) << b.err;
            EXPECT_EQ(slurp(exported), slurp(baked));
            // The record's fields come back with --from: its export is the file again.
            const auto again = show({"--from", baked, "--window", "120x90", "--out", file(std::string("again") + ext),
                                     "--export", "--frames", "1"});
            ASSERT_EQ(again.code, 0) << again.err;
            EXPECT_EQ(slurp(file(std::string("again") + ext)), slurp(baked));
        }
    }
    // Refused as the bake refuses it.
    const auto bad = show(with(kBaseFlags, {"--normals", "directx", "--frames", "1"}));
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("--normals directx: sets a normal map's green channel; it needs --output normal"),
              std::string::npos)
        << bad.err;
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

// The proof toggle: the texture shown against the reference, with the lines `glnoise
// check` prints for the command it names; its difference image is |gpu - cpu| / tolerance
// through the fire colormap (near black here: marble's GPU and CPU differ by ~1e-7).
TEST_F(Preview, TheProofPrintsWhatGlnoiseCheckPrints) {
    GLNOISE_REQUIRE_DISPLAY();
    const std::vector<std::string> flags = with(kBaseFlags, {"--pattern", "marble", "--window", "240x160", "--hide-panel",
                                                             "--frames", "2", "--readouts", file("r.json")});
    const auto r = show(with(flags, {"--check"}));
    ASSERT_EQ(r.code, 0) << r.err;
    const auto proof = readJson(file("r.json"))["proof"];
    ASSERT_FALSE(proof.is_null()) << slurp(file("r.json"));
    const std::string command = proof["command"];
    ASSERT_EQ(command.rfind("glnoise check --size 240x160 ", 0), 0u) << command;
    const std::vector<std::string> printed = checkLines(command);
    ASSERT_FALSE(printed.empty());
    EXPECT_EQ(proof["lines"].get<std::vector<std::string>>(), printed);
    EXPECT_NE(printed.front().find("max |gpu - cpu| = 5.96e-08"), std::string::npos)
        << "the spec no longer differs: pick one that does, so that the numbers are compared";
    EXPECT_TRUE(proof["pass"].get<bool>());

    const auto d = show(with(flags, {"--show-difference", "--screenshot", file("diff.png")}));
    ASSERT_EQ(d.code, 0) << d.err;
    const Rgb shot = loadRgb(file("diff.png"));
    const std::uint32_t black = Colormap::named("fire").colorAt(0.0f);
    int off = 0;
    for (int y = 0; y < shot.height; ++y)
        for (int x = 0; x < shot.width; ++x)
            for (int k = 0; k < 3; ++k) off += std::abs(shot.at(x, y)[k] - static_cast<int>((black >> (8 * k)) & 255u)) > 1;
    EXPECT_EQ(off, 0) << "a difference image of differences far under the tolerance is the map's lowest colour";
}


// --preset: the window shows what `glnoise bake --preset` writes, the preset's colormap and
// range included; --save-preset writes what `glnoise bake --print-spec` prints (a graph's
// preset: its graph, as --print-graph prints it, open in the editor).
TEST_F(Preview, APresetShowsWhatItBakes) {
    GLNOISE_REQUIRE_DISPLAY();
    for (const std::string name : {"clouds", "fire"}) {
        SCOPED_TRACE(name);
        const auto r = show({"--preset", name, "--window", "160x120", "--hide-panel", "--frames", "2", "--screenshot",
                             file("shot.png"), "--save-preset", file("saved.json")});
        ASSERT_EQ(r.code, 0) << r.err;
        ASSERT_EQ(runWith("", test::glnoiseExe(), {"bake", "--preset", name, "--size", "160x120", "--out", file("b.png")}).code, 0);
        EXPECT_EQ(pixelsApart(loadRgb(file("shot.png")), loadRgb(file("b.png"))), 0);
        const bool graph = name == "fire";
        const auto printed = runWith("", test::glnoiseExe(), {"bake", "--preset", name, graph ? "--print-graph" : "--print-spec"});
        ASSERT_EQ(printed.code, 0) << printed.err;
        EXPECT_EQ(readJson(file("saved.json")), nlohmann::json::parse(printed.out));
    }
    // A flag overrides the preset, as in glnoise bake.
    const auto o = show({"--preset", "clouds", "--seed", "99", "--colormap", "fire", "--window", "96x64", "--hide-panel",
                         "--frames", "1", "--save-preset", file("o.json")});
    ASSERT_EQ(o.code, 0) << o.err;
    EXPECT_EQ(readJson(file("o.json"))["seed"], 99);
    EXPECT_EQ(readJson(file("o.json"))["colormap"], "fire");
    // A graph's preset takes the flags that place a graph and edits as a graph.
    const auto g = show({"--preset", "terrain", "--seed", "7", "--edit", "peaks.octaves=3", "--window", "96x64",
                         "--hide-panel", "--frames", "1", "--save-preset", file("g.json")});
    ASSERT_EQ(g.code, 0) << g.err;
    EXPECT_EQ(readJson(file("g.json"))["seed"], 7);
    EXPECT_EQ(readJson(file("g.json"))["nodes"]["peaks"]["octaves"], 3);
    const auto bad = show({"--preset", "terrain", "--octaves", "3", "--window", "96x64", "--frames", "1"});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("--octaves 3: preset terrain: its graph says how its noise is made"), std::string::npos) << bad.err;
}

// --from: continues from a baked file's record: a tile of a world, colormapped, opens at
// its world position with its size, range and colormap: the window is the file.
TEST_F(Preview, ARecordOpensWhereItsBakeWas) {
    GLNOISE_REQUIRE_DISPLAY();
    ASSERT_EQ(runWith("", test::glnoiseExe(),
                      with({"bake"}, with(kBaseFlags, {"--tile", "2,1", "--tile-size", "120x90", "--colormap", "fire",
                                                       "--range", "-0.6,0.6", "--out", file("tile.png")})))
                  .code,
              0);
    const auto r = show({"--from", file("tile.png"), "--window", "120x90", "--hide-panel", "--frames", "2",
                         "--screenshot", file("shot.png"), "--readouts", file("r.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(pixelsApart(loadRgb(file("shot.png")), loadRgb(file("tile.png"))), 0);
    // A raw volume's record opens in the slices view with its depth.
    ASSERT_EQ(runWith("", test::glnoiseExe(), with({"bake"}, with(kBaseFlags, {"--size", "40x30x8", "--out", file("v.r32")}))).code, 0);
    const auto v = show({"--from", file("v.r32"), "--window", "200x150", "--hide-panel", "--frames", "1", "--readouts",
                         file("v.json")});
    ASSERT_EQ(v.code, 0) << v.err;
    const auto j = readJson(file("v.json"));
    EXPECT_EQ(j["view"]["kind"], "slices");
    EXPECT_EQ(j["view"]["texture"], nlohmann::json({40, 30, 8}));
}

// --graph: the window shows what `glnoise bake --graph` writes; --edit tunes a node as the
// panel does, and the window shows the tuned graph's bake; pan and zoom sample the graph at
// the view's points and an export is byte for byte its printed command's bake; the proof
// prints what that `glnoise check --graph` prints; a graph's baked file opens with --from.
TEST_F(Preview, AGraphShowsWhatItBakes) {
    GLNOISE_REQUIRE_DISPLAY();
    const auto graph = [&](const std::string& frequency) {
        return std::string(R"({"glnoise_graph": 2, "dims": 2, "seed": 4, "out": "t", "nodes": {
            "n": {"kind": "basis", "basis": "opensimplex2", "frequency": )") + frequency + R"(},
            "f": {"kind": "fractal", "source": "n", "octaves": 4},
            "t": {"kind": "terrace", "source": "f", "steps": 5, "smoothness": 0.4}}})";
    };
    std::ofstream(file("g.json")) << graph("0.03");
    std::ofstream(file("tuned.json")) << graph("0.07");
    const auto bake = [&](const std::string& g, const std::string& out) {
        const auto b = runWith("", test::glnoiseExe(), {"bake", "--graph", g, "--size", "160x120", "--out", out});
        ASSERT_EQ(b.code, 0) << b.err;
    };
    bake(file("g.json"), file("b.png"));
    bake(file("tuned.json"), file("tuned.png"));
    const std::vector<std::string> window = {"--window", "160x120", "--hide-panel", "--frames", "2"};
    const auto r = show(with({"--graph", file("g.json"), "--screenshot", file("shot.png")}, window));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(pixelsApart(loadRgb(file("shot.png")), loadRgb(file("b.png"))), 0);
    const auto t = show(with({"--graph", file("g.json"), "--edit", "n.frequency=0.07", "--screenshot", file("t.png")}, window));
    ASSERT_EQ(t.code, 0) << t.err;
    EXPECT_EQ(pixelsApart(loadRgb(file("t.png")), loadRgb(file("tuned.png"))), 0);
    EXPECT_GT(pixelsApart(loadRgb(file("t.png")), loadRgb(file("b.png"))), 1000) << "the tuned graph looks the same";

    // Pixel (x, y) at pan (10, 5) and zoom 2 is the graph at (10 + x / 2, 5 + y / 2).
    const auto e = show({"--graph", file("g.json"), "--window", "160x120", "--pan", "10,5", "--zoom", "2", "--size", "64x48",
                         "--out", file("e.r32"), "--export", "--frames", "1"});
    ASSERT_EQ(e.code, 0) << e.err;
    const std::string command = bakeCommandOf(e.out);
    ASSERT_FALSE(command.empty()) << e.out;
    const auto again = runWith("", test::glnoiseExe(), with(split(command), {"--out", file("again.r32")}));
    ASSERT_EQ(again.code, 0) << again.err;
    EXPECT_EQ(slurp(file("e.r32")), slurp(file("again.r32")));
    const Graph g = Graph::parse(slurp(file("g.json")));
    std::vector<std::array<double, 4>> points;
    for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 64; ++x) points.push_back({10 + x / 2.0, 5 + y / 2.0, 0.0, 0.0});
    const std::vector<float> want = cpu::evaluatePoints(g, points);
    const std::string bytes = slurp(file("e.r32"));
    ASSERT_EQ(bytes.size(), want.size() * 4);
    std::vector<float> got(want.size());
    std::memcpy(got.data(), bytes.data(), bytes.size());
    const double tolerance = cpu::agreementTolerance(g)[0];
    int off = 0;
    for (std::size_t i = 0; i < want.size(); ++i) off += std::fabs(got[i] - want[i]) <= tolerance ? 0 : 1;
    EXPECT_EQ(off, 0) << "of " << want.size() << " texels beyond " << tolerance;

    // The proof, and the check it names.
    const auto p = show(with({"--graph", file("g.json"), "--check", "--readouts", file("r.json")}, window));
    ASSERT_EQ(p.code, 0) << p.err;
    const auto proof = readJson(file("r.json"))["proof"];
    ASSERT_FALSE(proof.is_null()) << slurp(file("r.json"));
    EXPECT_TRUE(proof["pass"].get<bool>());
    const std::string check = proof["command"];
    ASSERT_EQ(check.rfind("glnoise check --graph gln1.", 0), 0u) << check;
    EXPECT_EQ(proof["lines"].get<std::vector<std::string>>(), checkLines(check));

    // --from a file baked from the graph: the window is the file.
    const auto f = show(with({"--from", file("b.png"), "--screenshot", file("from.png")}, window));
    ASSERT_EQ(f.code, 0) << f.err;
    EXPECT_EQ(pixelsApart(loadRgb(file("from.png")), loadRgb(file("b.png"))), 0);
}

// A number of a graph's node dragged (--sweep moves it as its widget does, a new value each
// frame) regenerates every frame and compiles one program; an octave count, the graph's
// structure, compiles one per count.
TEST_F(Preview, AGraphsNumbersChangeWithoutACompile) {
    GLNOISE_REQUIRE_DISPLAY();
    std::ofstream(file("g.json")) << R"({"glnoise_graph": 2, "dims": 2, "out": "f", "nodes": {
        "n": {"kind": "basis", "basis": "simplex", "frequency": 0.02},
        "f": {"kind": "fractal", "source": "n", "octaves": 3}}})";
    const auto counts = [&](const std::string& sweep) {
        const auto r = show({"--graph", file("g.json"), "--sweep", sweep, "--window", "120x90", "--hide-panel", "--frames", "5"});
        EXPECT_EQ(r.code, 0) << r.err;
        std::smatch m;
        EXPECT_TRUE(std::regex_search(r.out, m, std::regex(R"((\d+) frames, (\d+) regenerations, (\d+) programs compiled)")))
            << r.out;
        return m.size() == 4 ? std::array<int, 2>{std::stoi(m[2]), std::stoi(m[3])} : std::array<int, 2>{-1, -1};
    };
    EXPECT_EQ(counts("n.frequency=0.02,0.06"), (std::array<int, 2>{5, 1}));
    EXPECT_EQ(counts("f.gain=0.3,0.7"), (std::array<int, 2>{5, 1}));
    EXPECT_EQ(counts("f.octaves=1,5"), (std::array<int, 2>{5, 5}));
}

// The editor's operations, scripted as the panel does them: a node added after the output
// and tuned, another removed (its users take its input), one edit undone and redone; the
// saved graph is the graph built, and the window shows its bake.
TEST_F(Preview, TheGraphEditorsOperationsMakeTheGraphTheyDescribe) {
    GLNOISE_REQUIRE_DISPLAY();
    std::ofstream(file("g.json")) << R"({"glnoise_graph": 2, "dims": 2, "out": "a", "nodes": {
        "n": {"kind": "basis", "basis": "perlin", "frequency": 0.04},
        "f": {"kind": "fractal", "source": "n", "octaves": 3},
        "a": {"kind": "abs", "source": "f"}}})";
    const auto r = show({"--graph", file("g.json"), "--edit", "add terrace", "--edit", "terrace1.steps=4", "--edit",
                         "remove a", "--edit", "f.gain=0.6", "--edit", "undo", "--edit", "redo", "--edit", "f.octaves=2",
                         "--edit", "undo", "--window", "160x120", "--hide-panel", "--frames", "2", "--screenshot",
                         file("shot.png"), "--save-preset", file("built.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    // What those edits describe, written out.
    const Graph want = Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "terrace1", "nodes": {
        "n": {"kind": "basis", "basis": "perlin", "frequency": 0.04},
        "f": {"kind": "fractal", "source": "n", "octaves": 3, "gain": 0.6},
        "terrace1": {"kind": "terrace", "source": "f", "steps": 4}}})");
    EXPECT_EQ(Graph::parse(slurp(file("built.json"))), want) << slurp(file("built.json"));
    std::ofstream(file("want.json")) << want.json();
    ASSERT_EQ(runWith("", test::glnoiseExe(), {"bake", "--graph", file("want.json"), "--size", "160x120", "--out", file("b.png")}).code, 0);
    EXPECT_EQ(pixelsApart(loadRgb(file("shot.png")), loadRgb(file("b.png"))), 0);
}

// With the panel's Noise section open, each node of a graph is a picture made on the GPU:
// the graph with that node as its output over the view's region, 96 texels across, whose
// least and greatest values are the reference's there.
TEST_F(Preview, EachNodeOfAGraphIsAPictureMadeOnTheGpu) {
    GLNOISE_REQUIRE_DISPLAY();
    std::ofstream(file("g.json")) << R"({"glnoise_graph": 2, "dims": 2, "seed": 9, "out": "a", "nodes": {
        "n": {"kind": "basis", "basis": "simplex", "frequency": 0.01},
        "c": {"kind": "basis", "basis": "cellular", "frequency": 0.02},
        "m": {"kind": "multiply", "a": "n", "b": "c"},
        "a": {"kind": "abs", "source": "m"},
        "v": {"kind": "vector", "x": "n", "y": "c"}}})";
    const auto r = show({"--graph", file("g.json"), "--window", "640x400", "--forget", "--sections", "noise", "--frames", "2",
                         "--readouts", file("r.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = readJson(file("r.json"));
    const int viewWidth = j["view"]["width"], viewHeight = j["view"]["height"];
    const Graph g = Graph::parse(slurp(file("g.json")));
    for (const char* id : {"n", "c", "m", "a"}) {
        SCOPED_TRACE(id);
        const auto t = j["nodes"][id];
        ASSERT_TRUE(t.is_object()) << j.dump();
        EXPECT_EQ(t["width"], 96);
        EXPECT_EQ(t["height"], static_cast<int>(std::lround(96.0 * viewHeight / viewWidth)));
        Graph node = g;
        node.out = id;
        std::vector<std::array<double, 4>> points;
        const double step = static_cast<double>(viewWidth) / 96.0;
        for (int y = 0; y < t["height"].get<int>(); ++y)
            for (int x = 0; x < 96; ++x) points.push_back({x * step, y * step, 0.0, 0.0});
        const std::vector<float> want = cpu::evaluatePoints(node, points);
        const auto [lo, hi] = std::minmax_element(want.begin(), want.end());
        const double tolerance = cpu::agreementTolerance(node)[0];
        EXPECT_NEAR(t["min"].get<double>(), *lo, tolerance);
        EXPECT_NEAR(t["max"].get<double>(), *hi, tolerance);
    }
    // A vector node has no picture, and says why.
    EXPECT_NE(j["nodes"]["v"]["error"].get<std::string>(), "");
}

// The views show the node chosen (--view-node, the panel's view button): the window is the
// bake of the graph with that node as its output. The graph on screen saves as one shader
// function, what `glnoise shader --graph` writes for it (its compact form), in the language
// its file's extension names; and a Scalar input disconnected takes a number.
TEST_F(Preview, TheViewsShowTheNodeChosenAndTheGraphLeavesAsAShader) {
    GLNOISE_REQUIRE_DISPLAY();
    const std::string nodes = R"("n": {"kind": "basis", "basis": "perlin", "frequency": 0.05},
        "c": {"kind": "basis", "basis": "cellular", "frequency": 0.03},
        "m": {"kind": "max", "a": "n", "b": "c"})";
    std::ofstream(file("g.json")) << R"({"glnoise_graph": 2, "dims": 2, "out": "m", "nodes": {)" + nodes + "}}";
    std::ofstream(file("c.json")) << R"({"glnoise_graph": 2, "dims": 2, "out": "c", "nodes": {)" + nodes + "}}";
    ASSERT_EQ(runWith("", test::glnoiseExe(), {"bake", "--graph", file("c.json"), "--size", "160x120", "--out", file("c.png")}).code, 0);
    const auto r = show({"--graph", file("g.json"), "--view-node", "c", "--window", "160x120", "--hide-panel", "--frames", "2",
                         "--screenshot", file("shot.png"), "--save-shader", file("g.wgsl"), "--save-preset", file("saved.json")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(pixelsApart(loadRgb(file("shot.png")), loadRgb(file("c.png"))), 0);
    EXPECT_EQ(Graph::parse(slurp(file("saved.json"))).out, "m") << "the graph saved is the whole graph";
    const std::string wgsl = slurp(file("g.wgsl"));
    const auto printed = runWith("", test::glnoiseExe(), {"shader", "--language", "wgsl", "--graph", file("c.json")});
    ASSERT_EQ(printed.code, 0) << printed.err;
    const auto withoutOrigin = [](const std::string& text) { return std::regex_replace(text, std::regex("// Made by: [^\n]*\n"), ""); };
    EXPECT_EQ(withoutOrigin(wgsl), withoutOrigin(printed.out));
    EXPECT_EQ(wgsl.find("gln1."), std::string::npos) << "the graph's text (its ids) reached the source";
    // Disconnected: b a number.
    const auto d = show({"--graph", file("g.json"), "--edit", "m.b=0.25", "--window", "160x120", "--hide-panel", "--frames", "1",
                         "--save-preset", file("d.json")});
    ASSERT_EQ(d.code, 0) << d.err;
    const auto saved = readJson(file("d.json"));
    EXPECT_EQ(saved["nodes"]["m"]["b"], 0.25) << saved.dump();
    EXPECT_EQ(noDisplay({"--graph", file("g.json"), "--view-node", "q"}).code, 2);
    const auto bad = noDisplay({"--graph", file("g.json"), "--save-shader", file("g.txt")});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("its extension names the language: .glsl, .hlsl"), std::string::npos) << bad.err;
}

TEST_F(Preview, AGraphsFlagsAreRefusedNamingWhatIsAllowed) {
    std::ofstream(file("g.json")) << R"({"glnoise_graph": 2, "dims": 2, "out": "a", "nodes": {
        "b": {"kind": "basis"}, "a": {"kind": "abs", "source": "b"}}})";
    const struct {
        std::vector<std::string> args;
        std::string says;
    } cases[] = {
        {{"--graph", file("g.json"), "--octaves", "3"}, "--octaves"},
        {{"--graph", file("g.json"), "--preset", "terrain"}, "give it or --preset terrain, not both"},
        {{"--graph", file("g.json"), "--edit", "b.frequency"}, "--edit 'b.frequency': allowed: NODE.FIELD=VALUE, add KIND"},
        {{"--graph", file("g.json"), "--edit", "c.frequency=1"}, "--edit c.frequency=1: no node \"c\"; the graph's: a, b"},
        {{"--graph", file("g.json"), "--edit", "b.speed=1"}, "node \"b\" (basis) has no field speed; its fields: basis, frequency"},
        {{"--graph", file("g.json"), "--edit", "b.basis=plaid"}, "--edit b.basis=plaid: node \"b\" basis plaid: allowed: perlin"},
        {{"--graph", file("g.json"), "--edit", "a.source=a"}, "--edit a.source=a:"},
        {{"--graph", file("g.json"), "--edit", "add plaid"}, "--edit 'add plaid': no node kind plaid; allowed: constant, basis"},
        {{"--graph", file("g.json"), "--edit", "remove b"}, "--edit 'remove b': node \"b\" feeds \"a\" and has no input"},
        {{"--graph", file("g.json"), "--edit", "remove q"}, "--edit 'remove q': no node \"q\""},
        {{"--graph", file("g.json"), "--edit", "undo"}, "--edit 'undo': nothing to undo"},
        {{"--graph", file("g.json"), "--edit", "explode"}, "--edit 'explode': allowed: NODE.FIELD=VALUE, add KIND, remove NODE"},
        {{"--edit", "b.frequency=1"}, "--edit 'b.frequency=1': edits a graph; give --graph"},
        {{"--graph", "gln1.AAAA"}, "gln1.AAAA"},
        {{"--graph", file("g.json"), "--sweep", "b.frequency=0.1,0.2"}, "give --frames 2 or more"},
        {{"--graph", file("g.json"), "--frames", "3", "--sweep", "b.frequency=0.1,-1"},
         "--sweep b.frequency=-1: node \"b\" frequency -1: must be above 0"},
        {{"--frames", "3", "--sweep", "b.frequency=0.1,0.2"}, "moves a number of a graph's node; give --graph"},
    };
    for (const auto& c : cases) {
        const auto r = noDisplay(c.args);
        SCOPED_TRACE(c.args.back());
        EXPECT_EQ(r.code, 2) << r.err;
        EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}

}  // namespace
}  // namespace glnoise
