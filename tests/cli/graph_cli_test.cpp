// SPDX-License-Identifier: MIT
// glnoise bake, eval and check with --graph: today's flags printed as a graph bake the
// same bytes; a graph's record re-bakes byte for byte with --from; tiles of a graph equal
// its whole; bad graphs are refused by node and field with exit 2 and nothing written.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/bake_fixture.hpp"
#include "glnoise/glnoise.hpp"
#include "process.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;
using test::Result;
using test::slurp;

const char* kGraph = R"({
  "glnoise_graph": 1, "dims": 2, "out": "land",
  "nodes": {
    "low": {"kind": "basis", "basis": "opensimplex2", "frequency": 0.01},
    "continents": {"kind": "fractal", "source": "low", "octaves": 3},
    "peaks": {"kind": "basis", "frequency": 0.03},
    "ridges": {"kind": "fractal", "type": "ridged", "octaves": 4, "rotate": true, "normalize": true, "source": "peaks"},
    "mask": {"kind": "remap", "source": "continents", "from_min": -0.2, "from_max": 0.4, "to_min": 0, "to_max": 1},
    "plains": {"kind": "terrace", "source": "continents", "steps": 6, "smoothness": 0.4},
    "land": {"kind": "mix", "a": "plains", "b": "ridges", "mask": "mask"}
  }
})";

class GraphCli : public test::BakeFixture {
protected:
    std::string write(const std::string& name, const std::string& text) {
        std::ofstream(file(name)) << text;
        return file(name);
    }
};

TEST_F(GraphCli, TodaysFlagsPrintedAsAGraphBakeTheSameBytes) {
    const std::vector<std::vector<std::string>> flags = {
        {"--octaves", "6", "--fractal", "ridged", "--basis", "simplex"},
        {"--octaves", "4", "--warp-amount", "1.5", "--warp-depth", "2", "--rotate", "--seed", "7"},
        {"--basis", "cellular", "--cell-return", "f2-f1", "--period", "2,2", "--frequency", "0.0625", "--octaves", "3"},
        {"--pattern", "wood", "--octaves", "3", "--world-hash", "--offset", "1e6,-3e5"},
        {"--output", "normal", "--octaves", "5", "--height-scale", "20"},
        {"--dims", "3", "--basis", "opensimplex2s", "--z", "4.5", "--octaves", "3"},
    };
    int n = 0;
    for (const auto& f : flags) {
        const std::string tag = std::to_string(n++);
        std::vector<std::string> print = {"bake", "--print-graph"};
        print.insert(print.end(), f.begin(), f.end());
        const Result p = run(print);
        ASSERT_EQ(p.code, 0) << p.err;
        const std::string graph = write("g" + tag + ".json", p.out);
        std::vector<std::string> byFlags = {"--size", "96x64", "--out", file("flags" + tag + ".r32")};
        byFlags.insert(byFlags.end(), f.begin(), f.end());
        bake(byFlags);
        bake({"--graph", graph, "--size", "96x64", "--out", file("graph" + tag + ".r32")});
        // The samples (the sidecars differ: one holds the graph), and the 8-bit mapping.
        EXPECT_EQ(slurp(file("flags" + tag + ".r32")), slurp(file("graph" + tag + ".r32"))) << p.out;
        byFlags[3] = file("flags" + tag + ".r16");
        if (f[1] != "normal") {
            bake(byFlags);
            bake({"--graph", graph, "--size", "96x64", "--out", file("graph" + tag + ".r16")});
            EXPECT_EQ(slurp(file("flags" + tag + ".r16")), slurp(file("graph" + tag + ".r16"))) << p.out;
        }
    }
}

TEST_F(GraphCli, AGraphsCompactFormBakesEvaluatesAndChecksAsItsFileDoes) {
    const std::string graph = write("g.json", kGraph);
    const Result p = run({"bake", "--graph", graph, "--print-graph", "--compact"});
    ASSERT_EQ(p.code, 0) << p.err;
    ASSERT_EQ(p.out.rfind("gln1.", 0), 0u) << p.out;
    ASSERT_EQ(p.out.find('\n'), p.out.size() - 1) << "one line";
    const std::string compact = p.out.substr(0, p.out.size() - 1);
    bake({"--graph", graph, "--size", "64x48", "--out", file("file.r32")});
    bake({"--graph", compact, "--size", "64x48", "--out", file("compact.r32")});
    EXPECT_EQ(slurp(file("file.r32")), slurp(file("compact.r32")));
    // Its record names the string, and re-bakes from itself byte for byte.
    EXPECT_NE(slurp(file("compact.r32.json")).find("--graph " + compact), std::string::npos);
    bake({"--from", file("compact.r32"), "--out", file("again.r32")});
    EXPECT_EQ(slurp(file("compact.r32")), slurp(file("again.r32")));
    // A file holding it reads as a JSON file does; eval and check take it.
    const std::string held = write("g.gln", p.out);
    bake({"--graph", held, "--size", "64x48", "--out", file("held.r32")});
    EXPECT_EQ(slurp(file("file.r32")), slurp(file("held.r32")));
    const Result e1 = runWith("", test::glnoiseExe(), {"eval", "--graph", graph}, "3 4\n");
    const Result e2 = runWith("", test::glnoiseExe(), {"eval", "--graph", compact}, "3 4\n");
    ASSERT_EQ(e2.code, 0) << e2.err;
    EXPECT_EQ(e1.out, e2.out);
    const Result c = run({"check", "--graph", compact, "--size", "32x32"});
    EXPECT_EQ(c.code, 0) << c.err;
    // Altered, cut short, or --compact alone: one error, exit 2, nothing written.
    std::string altered = compact;
    altered[20] = altered[20] == 'A' ? 'B' : 'A';
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"bake", "--graph", altered, "--size", "8x8", "--out", file("bad.r32")},
          {"bake", "--graph", compact.substr(0, compact.size() / 2), "--size", "8x8", "--out", file("bad.r32")},
          {"bake", "--compact", "--size", "8x8", "--out", file("bad.r32")}}) {
        const Result r = run(args);
        EXPECT_EQ(r.code, 2) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_FALSE(fs::exists(file("bad.r32")));
    }
    EXPECT_NE(run({"bake", "--graph", altered, "--size", "8x8", "--out", file("bad.r32")}).err.find("CRC-32"), std::string::npos);
}

TEST_F(GraphCli, ARecordReBakesByteForByteAndTilesEqualTheWhole) {
    const std::string g = write("land.json", kGraph);
    bake({"--graph", g, "--size", "128x96", "--bits", "16", "--out", file("land.png")});
    bake({"--from", file("land.png"), "--out", file("again.png")});
    EXPECT_EQ(slurp(file("land.png")), slurp(file("again.png")));
    const Result v = run({"verify", file("land.png")});
    EXPECT_EQ(v.code, 0) << v.err;
    // The record holds the graph whole.
    bake({"--graph", g, "--size", "128x96", "--out", file("land.r32")});
    const nlohmann::json rec = nlohmann::json::parse(slurp(file("land.r32.json")));
    ASSERT_TRUE(rec.contains("graph"));
    EXPECT_EQ(Graph::parse(rec["graph"].dump()), Graph::parse(kGraph));
    // Tiles of 64 x 48 are the whole's quarters, texel for texel, on the GPU and the CPU.
    for (const char* backend : {"gpu", "cpu", "reference"}) {
        bake({"--graph", g, "--size", "128x96", "--backend", backend, "--out", file(std::string("whole_") + backend + ".r32")});
        const std::string whole = slurp(file(std::string("whole_") + backend + ".r32"));
        for (int ty = 0; ty < 2; ++ty)
            for (int tx = 0; tx < 2; ++tx) {
                const std::string out = file("t" + std::to_string(tx) + std::to_string(ty) + backend + ".r32");
                bake({"--graph", g, "--tile", std::to_string(tx) + "," + std::to_string(ty), "--tile-size", "64x48",
                      "--backend", backend, "--out", out});
                const std::string tile = slurp(out);
                for (int y = 0; y < 48; ++y)
                    EXPECT_EQ(tile.substr(static_cast<std::size_t>(y) * 64 * 4, 64 * 4),
                              whole.substr((static_cast<std::size_t>(ty * 48 + y) * 128 + static_cast<std::size_t>(tx) * 64) * 4, 64 * 4));
            }
    }
    // The SIMD backend writes the reference's bytes, and says where it ran.
    EXPECT_EQ(slurp(file("whole_cpu.r32")), slurp(file("whole_reference.r32")));
    const Result simd = run({"bake", "--graph", g, "--size", "40x30", "--backend", "cpu", "--out", file("simd.r32")});
    EXPECT_EQ(simd.code, 0) << simd.err;
    EXPECT_NE(simd.out.find("on the CPU ("), std::string::npos) << simd.out;
    EXPECT_EQ(simd.err, "");
}

TEST_F(GraphCli, EvalAndCheckTakeAGraph) {
    const std::string g = write("land.json", kGraph);
    const Result gpu = runWith("", test::glnoiseExe(), {"eval", "--graph", g}, "1 2\n-30.5 400\n");
    const Result ref = runWith("", test::glnoiseExe(), {"eval", "--graph", g, "--backend", "reference"}, "1 2\n-30.5 400\n");
    ASSERT_EQ(gpu.code, 0) << gpu.err;
    ASSERT_EQ(ref.code, 0) << ref.err;
    EXPECT_EQ(gpu.out, ref.out);  // llvmpipe computes the reference's float operations
    const Result c = run({"check", "--graph", g, "--size", "64x64", "--offset", "1e9,0"});
    EXPECT_EQ(c.code, 0) << c.out << c.err;
    EXPECT_NE(c.out.find("a 2D graph of 7 nodes"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("PASS"), std::string::npos) << c.out;
}

TEST_F(GraphCli, BadGraphsAreRefusedByNodeAndFieldWritingNothing) {
    struct Case {
        std::string text;
        std::vector<std::string> extra;
        std::string says;
    };
    const std::vector<Case> cases = {
        {R"({"glnoise_graph": 1, "out": "n", "nodes": {"n": {"kind": "fractal", "source": "b", "octaves": 99}, "b": {"kind": "basis"}}})",
         {}, "node \"n\" octaves 99: must be from 1 to 32"},
        {R"({"glnoise_graph": 1, "out": "n", "nodes": {"n": {"kind": "white"}}})", {"--output", "gradient"},
         "node \"n\" has no derivative for output gradient"},
        {kGraph, {"--octaves", "3"}, "--octaves 3: graph"},
        {kGraph, {"--dims", "3"}, "--dims 3: graph"},
        {"{not json", {}, "not JSON"},
    };
    int n = 0;
    for (const Case& c : cases) {
        const std::string g = write("bad" + std::to_string(n) + ".json", c.text);
        const std::string out = file("bad" + std::to_string(n++) + ".png");
        std::vector<std::string> args = {"bake", "--graph", g, "--size", "32x32", "--out", out};
        args.insert(args.end(), c.extra.begin(), c.extra.end());
        const Result r = run(args);
        EXPECT_EQ(r.code, 2) << c.text;
        EXPECT_NE(r.err.find(c.says), std::string::npos) << "wanted: " << c.says << "\ngot: " << r.err;
        EXPECT_NE(r.err.find(g), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(out));
    }
    const Result both = run({"bake", "--graph", write("ok.json", kGraph), "--preset", "terrain", "--size", "8x8", "--out", file("x.png")});
    EXPECT_EQ(both.code, 2);
    EXPECT_NE(both.err.find("not two"), std::string::npos) << both.err;
}

TEST_F(GraphCli, NodesDescribesEveryKindWellEnoughToBuildIt) {
    // `glnoise nodes --json` is what a node editor builds from: every kind, every field,
    // and from its defaults alone (a basis wired to each required input) a node that reads.
    const Result r = run({"nodes", "--json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("glnoise_graph"), kGraphFormat);
    ASSERT_EQ(j.at("kinds").size(), graphKinds().size());
    for (std::size_t i = 0; i < graphKinds().size(); ++i) {
        const GraphKind& kind = graphKinds()[i];
        const nlohmann::json& k = j["kinds"][i];
        EXPECT_EQ(k.at("kind"), kind.name);
        ASSERT_EQ(k.at("fields").size(), kind.fields.size()) << kind.name;
        nlohmann::json node = {{"kind", kind.name}};
        nlohmann::json nodes = {{"b", {{"kind", "basis"}}}, {"v", {{"kind", "vector"}, {"x", "b"}}}};
        for (const nlohmann::json& f : k["fields"]) {
            if (f.at("required").get<bool>()) node[f.at("name").get<std::string>()] = f.at("type") == "vector_input" ? "v" : "b";
            else node[f.at("name").get<std::string>()] = f.at("default");
        }
        nodes["out"] = node;
        const std::string out = kind.vectorOut ? "b" : "out";  // a vector is no graph's value
        const std::string graph = write("kind_" + std::string(kind.name) + ".json",
                                        nlohmann::json({{"glnoise_graph", kGraphFormat}, {"dims", 2}, {"out", out}, {"nodes", nodes}}).dump());
        const Result bake = run({"bake", "--graph", graph, "--size", "8x8", "--backend", "cpu", "--out", file("kind.r32")});
        EXPECT_EQ(bake.code, 0) << kind.name << ": " << bake.err;
        // Every number it marks drivable driven by a node: the node still bakes (a fractal
        // ridged, the type that uses them all; fbm refuses a node driving its ridge offset).
        nlohmann::json driven = node;
        if (std::string(kind.name) == "fractal") driven["type"] = "ridged";
        for (const nlohmann::json& f : k["fields"])
            if (f.value("drivable", false)) driven[f.at("name").get<std::string>()] = "b";
        if (driven == node) continue;
        nodes["out"] = driven;
        const std::string drivenGraph = write("driven_" + std::string(kind.name) + ".json",
                                              nlohmann::json({{"glnoise_graph", kGraphFormat}, {"dims", 2}, {"out", "out"}, {"nodes", nodes}}).dump());
        const Result drivenBake = run({"bake", "--graph", drivenGraph, "--size", "8x8", "--backend", "cpu", "--out", file("kind.r32")});
        EXPECT_EQ(drivenBake.code, 0) << kind.name << " driven: " << drivenBake.err;
    }
    // Facts stated by hand: the ranges a spec shares, a choice's default, a required input.
    const Result fractal = run({"nodes", "--json", "fractal"});
    const nlohmann::json f = nlohmann::json::parse(fractal.out)["kinds"][0]["fields"];
    auto field = [&](const char* name) {
        for (const nlohmann::json& x : f)
            if (x["name"] == name) return x;
        return nlohmann::json();
    };
    EXPECT_EQ(field("octaves")["min"], 1.0);
    EXPECT_EQ(field("octaves")["max"], 32.0);
    EXPECT_EQ(field("lacunarity")["above_min"], true);
    EXPECT_EQ(field("type")["default"], "fbm");
    EXPECT_EQ(field("source")["required"], true);
    EXPECT_EQ(field("source")["takes"], "a node's id");
    EXPECT_EQ(field("gain")["drivable"], true);
    EXPECT_EQ(field("ridge_offset")["drivable"], true);
    EXPECT_EQ(field("ridge_gain")["drivable"], true);
    EXPECT_EQ(field("lacunarity")["drivable"], false);
    const nlohmann::json step = nlohmann::json::parse(run({"nodes", "--json", "step"}).out)["kinds"][0]["fields"];
    EXPECT_EQ(step[1]["name"], "threshold");
    EXPECT_EQ(step[1]["drivable"], true);
    // Text for people names each field with its default; an unknown kind is refused naming it.
    const Result text = run({"nodes", "ping_pong"});
    ASSERT_EQ(text.code, 0) << text.err;
    EXPECT_NE(text.out.find("ping_pong (modify): "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("  strength: "), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("default 2.0"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("or a node's id (its value, held from 1e-06 to 65536)"), std::string::npos) << text.out;
    const Result bad = run({"nodes", "worley"});
    EXPECT_EQ(bad.code, 2);
    EXPECT_NE(bad.err.find("kind 'worley': not a node kind; allowed: constant, basis"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace glnoise
