// SPDX-License-Identifier: MIT
// glnoise erode: a heightmap in every format in, the eroded one and its masks out, the same
// bytes at any thread count; tiles, volumes, colour pictures and bad parameters refused
// with one error each, writing nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli/bake_fixture.hpp"
#include "glnoise/glnoise.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/io.hpp"
#include "glnoise/version.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;

class Erode : public test::BakeFixture {
protected:
    void SetUp() override {
        test::BakeFixture::SetUp();
        bake({"--size", "96x80", "--fractal", "ridged", "--basis", "opensimplex2", "--octaves", "5", "--frequency",
              "0.025", "--normalize", "--bits", "16", "--range", "0,1", "--backend", "cpu", "--out", file("h.png")});
    }
    Result erode(std::vector<std::string> args) {
        args.insert(args.begin(), "erode");
        return run(args);
    }
};

TEST_F(Erode, ErodesEveryFormatToTheSameBytesAtAnyThreadCount) {
    const std::vector<std::string> world = {"--iterations", "60", "--cell-size", "2", "--height-scale", "20",
                                            "--backend", "cpu"};
    auto with = [&](std::vector<std::string> v) {
        v.insert(v.end(), world.begin(), world.end());
        return v;
    };
    Result r = erode(with({"--in", file("h.png"), "--out", file("e1.png"), "--threads", "1"}));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("eroded " + file("h.png") + ": 96x80, 60 iterations"), std::string::npos) << r.out;
    r = erode(with({"--in", file("h.png"), "--out", file("e2.png"), "--threads", "2", "--water", file("w.exr"),
                    "--flow", file("f.r32"), "--slope", file("s.png"), "--curvature", file("c.r16"), "--sediment",
                    file("sed.exr")}));
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(file("e1.png")), slurp(file("e2.png")));
    EXPECT_NE(slurp(file("e1.png")), slurp(file("h.png"))) << "nothing eroded";
    EXPECT_EQ(fs::file_size(file("f.r32")), 96u * 80u * 4u);
    EXPECT_EQ(fs::file_size(file("c.r16")), 96u * 80u * 2u);
    for (const char* mask : {"w.exr", "s.png", "sed.exr"}) EXPECT_TRUE(fs::exists(file(mask))) << mask;
    // Wear and deposits: what the run took away and laid down, each 0 or more, their
    // difference the ground's change (the heightmap's, in metres: 20 a unit).
    r = erode(with({"--in", file("h.png"), "--out", file("e3.exr"), "--wear", file("wear.r32"), "--deposits",
                    file("dep.r32"), "--wetness", file("wet.r32")}));
    ASSERT_EQ(r.code, 0) << r.err;
    {
        const auto floats = [&](const std::string& name) {
            const std::string raw = slurp(file(name));
            std::vector<float> v(raw.size() / 4);
            std::memcpy(v.data(), raw.data(), raw.size());
            return v;
        };
        const std::vector<float> wear = floats("wear.r32"), dep = floats("dep.r32"), wet = floats("wet.r32");
        ASSERT_EQ(wear.size(), 96u * 80u);
        std::vector<float> after(96 * 80), before(96 * 80);
        io::readWholeImage(file("e3.exr"), [&, at = std::size_t{0}](const void* d, std::size_t n) mutable {
            std::memcpy(reinterpret_cast<char*>(after.data()) + at, d, n);
            at += n;
        });
        const Result plain = erode({"--in", file("h.png"), "--iterations", "0", "--out", file("h0.exr"), "--backend", "cpu"});
        ASSERT_EQ(plain.code, 0) << plain.err;
        io::readWholeImage(file("h0.exr"), [&, at = std::size_t{0}](const void* d, std::size_t n) mutable {
            std::memcpy(reinterpret_cast<char*>(before.data()) + at, d, n);
            at += n;
        });
        int worn = 0, laid = 0;
        for (std::size_t i = 0; i < wear.size(); ++i) {
            ASSERT_GE(wear[i], 0.0f);
            ASSERT_GE(dep[i], 0.0f);
            ASSERT_TRUE(wear[i] == 0.0f || dep[i] == 0.0f) << i;
            ASSERT_NEAR(dep[i] - wear[i], (after[i] - before[i]) * 20.0f, 1e-3f) << i;
            ASSERT_GE(wet[i], 0.0f);
            worn += wear[i] > 0.0f;
            laid += dep[i] > 0.0f;
        }
        EXPECT_GT(worn, 100);
        EXPECT_GT(laid, 100);
    }
    // The eroded heightmap as .r32 and .exr: the same heights; and raw in, with its size.
    ASSERT_EQ(erode(with({"--in", file("h.png"), "--out", file("e.r32")})).code, 0);
    ASSERT_EQ(erode(with({"--in", file("h.png"), "--out", file("e.exr")})).code, 0);
    const Result raw = erode({"--in", file("e.r32"), "--size", "96x80", "--iterations", "0", "--out", file("again.r32"),
                              "--backend", "cpu"});
    ASSERT_EQ(raw.code, 0) << raw.err;
    {
        // 0 iterations is the heightmap, to the rounding of metres and back.
        const std::string a = slurp(file("again.r32")), b = slurp(file("e.r32"));
        ASSERT_EQ(a.size(), b.size());
        std::vector<float> x(a.size() / 4), y(b.size() / 4);
        std::memcpy(x.data(), a.data(), a.size());
        std::memcpy(y.data(), b.data(), b.size());
        for (std::size_t i = 0; i < x.size(); ++i) ASSERT_NEAR(x[i], y[i], 1e-6f * (1.0f + std::abs(y[i]))) << i;
    }
    // A rain map and a hardness map of the heightmap's size change the result; bedrock
    // everywhere erodes nothing hydraulically.
    bake({"--size", "96x80", "--fractal", "turbulence", "--octaves", "3", "--range", "0,1", "--bits", "16", "--backend", "cpu",
          "--out", file("rain.png")});
    ASSERT_EQ(erode(with({"--in", file("h.png"), "--out", file("rained.png"), "--rain-map", file("rain.png")})).code, 0);
    EXPECT_NE(slurp(file("rained.png")), slurp(file("e1.png")));
}

TEST_F(Erode, BadInputIsRefusedWritingNothing) {
    bake({"--tile", "1,0", "--tile-size", "32x32", "--bits", "16", "--backend", "cpu", "--out", file("tile.png")});
    bake({"--size", "16x16x4", "--backend", "cpu", "--out", file("v.r32")});
    bake({"--size", "32x32", "--colormap", "terrain", "--backend", "cpu", "--out", file("rgb.png")});
    bake({"--size", "32x24", "--bits", "16", "--backend", "cpu", "--out", file("small.png")});
    bake({"--size", "96x80", "--range", "-1,1", "--bits", "16", "--backend", "cpu", "--out", file("signed.png")});
    { std::ofstream(file("plain.r16"), std::ios::binary) << std::string(100, '\0'); }
    const std::string out = file("out.png");
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--in", file("tile.png")}, "is a tile of a world; erosion moves material across a tile's edges"},
        {{"--in", file("v.r32")}, "is a volume (16x16x4); erosion takes a heightmap"},
        {{"--in", file("rgb.png")}, "a PNG of 3 channels; a heightmap is one gray channel"},
        {{"--in", file("plain.r16")}, "a raw heightmap without a glnoise sidecar"},
        {{"--in", file("plain.r16"), "--size", "8x8"}, "holds 100 bytes; 8x8 of 16-bit samples is 128"},
        {{"--in", file("missing.png")}, "--in " + file("missing.png") + ": no such file"},
        {{"--in", file("h.png"), "--rain", "-1"}, "--rain -1: must be 0 to 1000"},
        {{"--in", file("h.png"), "--cell-size", "0"}, "--cell-size 0: must be above 0"},
        {{"--in", file("h.png"), "--capacity", "nan"}, "--capacity nan: must be 0 to 1e6"},
        {{"--in", file("h.png"), "--iterations", "100001"}, "--iterations 100001: must be 0 to 100000"},
        {{"--in", file("h.png"), "--iterations", "ten"}, "--iterations ten: must be an integer"},
        {{"--in", file("h.png"), "--talus-angle", "95"}, "--talus-angle 95: must be 0 to 89"},
        {{"--in", file("h.png"), "--hardness-map", file("small.png")}, "the hardness map: 32x24"},
        {{"--in", file("h.png"), "--rain-map", file("signed.png")}, "the rain map: texel ("},
        {{"--in", file("h.png"), "--size", "96x80"}, "--size 96x80: gives a raw heightmap's size"},
        {{"--iterations", "5"}, "--in is required (the heightmap to erode), or --from FILE"},
        {{"--in", file("h.png"), "--check"}, "--out " + out + ": --check compares the backends and writes nothing"},
        {{"--from", file("h.png")}, "its record is a bake's, not an erosion's: re-bake it with glnoise bake --from"},
    };
    for (const auto& [args, message] : cases) {
        std::vector<std::string> all = args;
        all.insert(all.end(), {"--out", out, "--backend", "cpu"});
        const Result r = erode(all);
        EXPECT_EQ(r.code, 2) << message << "\n" << r.err;
        EXPECT_NE(r.err.find(message), std::string::npos) << "wanted: " << message << "\ngot: " << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_FALSE(fs::exists(out)) << message;
    }
}

// Every file erode writes holds a record that says how it was made: its parameters, its
// layer, its input and that input's own record; verify reads it; --from erodes again to the
// same bytes, with flags over it; a changed input, a repainted output and the wrong command
// are refused.
TEST_F(Erode, RecordsReproduceWhatItWrote) {
    const std::string in = file("h.png");
    Result r = erode({"--in", in, "--out", file("e.png"), "--iterations", "40", "--cell-size", "2", "--talus-angle",
                      "30", "--flow", file("flow.r16"), "--slope", file("slope.exr"), "--water", file("water.r32"),
                      "--backend", "cpu"});
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::json rec = nlohmann::json::parse(io::readRecord(file("e.png")));
    EXPECT_EQ(rec["generator"], std::string("glnoise ") + GLNOISE_VERSION);
    EXPECT_EQ(rec["layer"], "height");
    EXPECT_EQ(rec["backend"], "cpu");
    EXPECT_EQ(rec["erosion"]["iterations"], 40);
    EXPECT_EQ(rec["erosion"]["cell_size"], 2.0);
    EXPECT_EQ(rec["erosion"]["talus_angle"], 30.0);
    EXPECT_EQ(rec["erosion"]["height_scale"], 10.0) << "every parameter, defaults too";
    EXPECT_EQ(rec["command"], "glnoise erode --in " + in + " --iterations 40 --cell-size 2 --talus-angle 30");
    EXPECT_EQ(rec["input"]["path"], in);
    EXPECT_EQ(rec["input"]["record"]["command"].get<std::string>().rfind("glnoise bake --size 96x80", 0), 0u)
        << "the input's own record: " << rec["input"].dump();
    EXPECT_EQ(rec["size"], "96x80");
    EXPECT_EQ(nlohmann::json::parse(io::readRecord(file("flow.r16")))["layer"], "flow");
    EXPECT_EQ(nlohmann::json::parse(io::readRecord(file("slope.exr")))["layer"], "slope");

    r = run({"verify", file("e.png"), file("flow.r16"), file("slope.exr"), file("water.r32")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 4) << r.out;
    EXPECT_NE(r.out.find("digest of its samples as recorded"), std::string::npos) << r.out;

    // --from: the same bytes, the layer the file holds, on the backend it names.
    ASSERT_EQ(erode({"--from", file("e.png"), "--out", file("again.png")}).code, 0);
    EXPECT_EQ(slurp(file("again.png")), slurp(file("e.png")));
    ASSERT_EQ(erode({"--from", file("flow.r16"), "--out", file("flow2.r16")}).code, 0);
    EXPECT_EQ(slurp(file("flow2.r16")), slurp(file("flow.r16")));
    EXPECT_EQ(slurp(file("flow2.r16.json")), slurp(file("flow.r16.json")));
    // Flags over it.
    ASSERT_EQ(erode({"--from", file("e.png"), "--iterations", "10", "--out", file("ten.png")}).code, 0);
    EXPECT_EQ(nlohmann::json::parse(io::readRecord(file("ten.png")))["erosion"]["iterations"], 10);
    EXPECT_EQ(nlohmann::json::parse(io::readRecord(file("ten.png")))["erosion"]["cell_size"], 2.0);
    EXPECT_NE(slurp(file("ten.png")), slurp(file("e.png")));

    // Not a bake.
    r = run({"bake", "--from", file("e.png"), "--out", file("b.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("is a heightmap glnoise erode wrote, not a bake: erode it again with glnoise erode --from " +
                         file("e.png")),
              std::string::npos)
        << r.err;
    // A file that is no longer what its record says.
    {
        std::string bytes = slurp(file("flow.r16"));
        bytes[10] = static_cast<char>(bytes[10] ^ 1);
        std::ofstream(file("flow.r16"), std::ios::binary) << bytes;
    }
    r = erode({"--from", file("flow.r16"), "--out", file("flow3.r16")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("the data is not the bake the record describes"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(file("flow3.r16")));
    EXPECT_NE(run({"verify", file("flow.r16")}).code, 0);
    // An input changed since.
    {
        std::ofstream(in, std::ios::binary | std::ios::app) << "x";
    }
    r = erode({"--from", file("e.png"), "--out", file("changed.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("its input " + in + " has changed since (SHA-256 "), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(file("changed.png")));
}

// --check: the GPU against the twin, to the bounds docs/erosion.md states.
TEST_F(Erode, CheckComparesTheGpuWithTheTwin) {
    const Result r = erode({"--in", file("h.png"), "--check", "--iterations", "30", "--cell-size", "2"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("erosion check: 96x80, 30 iterations, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("iteration 16 alone, from the twin's state: terrain "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("ok: within every bound"), std::string::npos) << r.out;
    const Result one = erode({"--in", file("h.png"), "--check", "--iterations", "1"});
    EXPECT_EQ(one.code, 2);
    EXPECT_NE(one.err.find("--iterations 1: --check takes 2 or more"), std::string::npos) << one.err;
}

// A graph's erode stage: bake --graph erodes the graph's values over the whole map, the
// bytes of glnoise erode on a float bake of the graph without it (with the stage's numbers);
// the record holds the stage (--from re-bakes it); a colormap colours the eroded heights;
// on the GPU within check's bounds; check runs both halves; tiles, eval and shaders refuse.
TEST_F(Erode, AGraphsErodeStageBakesAsErodeErodes) {
    const std::string nodes = R"("glnoise_graph": 2, "dims": 2, "out": "hills", "nodes": {"hills": {"kind": "fractal",
        "type": "ridged", "octaves": 5, "basis": "opensimplex2", "frequency": 0.03, "normalize": true}})";
    { std::ofstream(file("plain.json")) << "{" << nodes << "}"; }
    {
        std::ofstream(file("eroding.json"))
            << "{" << nodes << R"(, "erode": {"iterations": 40, "cell_size": 2, "height_scale": 20}})";
    }
    bake({"--graph", file("eroding.json"), "--size", "80x64", "--backend", "cpu", "--out", file("stage.r32")});
    bake({"--graph", file("plain.json"), "--size", "80x64", "--backend", "cpu", "--out", file("plain.r32")});
    Result r = erode({"--in", file("plain.r32"), "--iterations", "40", "--cell-size", "2", "--height-scale", "20",
                      "--backend", "cpu", "--out", file("eroded.r32")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(slurp(file("stage.r32")), slurp(file("eroded.r32")));
    EXPECT_NE(slurp(file("stage.r32")), slurp(file("plain.r32")));
    const nlohmann::json rec = nlohmann::json::parse(slurp(file("stage.r32.json")));
    EXPECT_EQ(rec["graph"]["erode"]["iterations"], 40) << rec.dump();
    bake({"--from", file("stage.r32"), "--out", file("again.r32")});
    EXPECT_EQ(slurp(file("again.r32")), slurp(file("stage.r32")));
    // Through a colormap: the eroded heights coloured, as a bake of them would be.
    bake({"--graph", file("eroding.json"), "--size", "80x64", "--backend", "cpu", "--colormap", "terrain", "--range",
          "-1,1", "--out", file("stage.png")});
    {
        const std::string raw = slurp(file("stage.r32"));
        std::vector<float> v(raw.size() / 4);
        std::memcpy(v.data(), raw.data(), raw.size());
        const Colormap map = Colormap::named("terrain");
        std::vector<unsigned char> rgb;
        io::ImageFacts facts = io::readWholeImage(file("stage.png"), [&](const void* d, std::size_t n) {
            rgb.insert(rgb.end(), static_cast<const unsigned char*>(d), static_cast<const unsigned char*>(d) + n);
        });
        ASSERT_EQ(rgb.size(), v.size() * 3);
        for (std::size_t t = 0; t < v.size(); ++t) {
            const std::uint32_t c = map.color(v[t], ValueRange{-1.0, 1.0});
            ASSERT_EQ(std::memcmp(&rgb[3 * t], &c, 3), 0) << "texel " << t;
        }
    }
    // On the GPU: the same erosion to check's bounds (on llvmpipe, the same floats).
    bake({"--graph", file("eroding.json"), "--size", "80x64", "--backend", "gpu", "--out", file("gpu.r32")});
    {
        const std::string a = slurp(file("gpu.r32")), b = slurp(file("stage.r32")), p = slurp(file("plain.r32"));
        ASSERT_EQ(a.size(), b.size());
        std::vector<float> g(a.size() / 4), c(a.size() / 4), s(a.size() / 4);
        std::memcpy(g.data(), a.data(), a.size());
        std::memcpy(c.data(), b.data(), b.size());
        std::memcpy(s.data(), p.data(), p.size());
        erosion::State start, run, twin;
        start.terrain = s, run.terrain = g, twin.terrain = c;
        const erosion::Agreement agreement = erosion::agree(start, run, twin);
        EXPECT_TRUE(erosion::brokenAfterMany(agreement).empty()) << agreement.correlation << " " << agreement.apart;
    }
    r = run({"check", "--graph", file("eroding.json"), "--size", "64x48"});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("a 2D graph of 2 nodes and an erode stage"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("erosion, 40 iterations on the GPU against the C++ twin"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("PASS"), std::string::npos) << r.out;
    for (const auto& [args, message] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"bake", "--graph", file("eroding.json"), "--tile", "1,0", "--tile-size", "32x32", "--out", file("t.png")},
              "--tile: the graph's erode stage moves material across a tile's edges"},
             {{"eval", "--graph", file("eroding.json")}, "(eval evaluates points): the graph erodes its output"},
             {{"shader", "--graph", file("eroding.json"), "--language", "glsl"},
              "(a shader evaluates points): the graph erodes its output"}}) {
        const Result bad = run(args);
        EXPECT_EQ(bad.code, 2) << message << "\n" << bad.err;
        EXPECT_NE(bad.err.find(message), std::string::npos) << "wanted: " << message << "\ngot: " << bad.err;
    }
}

}  // namespace
}  // namespace glnoise
