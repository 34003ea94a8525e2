// SPDX-License-Identifier: MIT
// The catalogue of bad input (docs/guarantees.md): every entry point of glnoise and
// glnoise-preview given something it must refuse. Each case must give exactly one line on
// stderr, "PROGRAM: error: ...", that names the value and what is allowed; exit code 2;
// nothing on stdout; and leave the scratch directory exactly as it was, though it holds
// files at the very paths the cases write to.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "glnoise/glnoise.hpp"
#include "process.hpp"
#include "paths.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;

using test::Result;
using test::slurp;

struct Case {
    std::vector<std::string> args;
    std::string message;  // expected in the one error line
    std::string input = "";
    std::string program = test::glnoiseExe();
};

std::string allowedFamilies() {
    std::string out;
    for (const auto& f : glsl::families()) out += (out.empty() ? "" : ", ") + f;
    return out;
}

class BadInput : public test::ProcessTest {
protected:
    std::string png, r16, exr, glsl;

    void SetUp() override {
        ProcessTest::SetUp();
        png = file("keep.png");
        r16 = file("keep.r16");
        exr = file("keep.exr");
        glsl = file("keep.glsl");
        // What a previous run left at the paths the cases write to.
        for (const std::string& p : {png, r16, r16 + ".json", exr, glsl}) std::ofstream(p) << "previous " << p;
        fs::create_directory(file("folder.png"));
        // Presets that are not presets.
        write("truncated.json", R"({"basis": "perl)");
        write("empty.json", "");
        write("binary.json", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff\xfe", 18));
        write("array.json", "[1, 2, 3]");
        write("unknown.json", R"({"octave": 3})");
        write("types.json", R"({"octaves": "many", "seed": -4, "period": [1.5], "normalize": "yes"})");
        write("nan.json", R"({"frequency": NaN})");
        write("deep.json", std::string(100000, '[') + std::string(100000, ']'));
        write("huge.json", "{\"basis\": \"" + std::string(2 << 20, 'x') + "\"}");
        // Files --from cannot re-bake.
        write("plain.r16", "16 bytes of data");
        write("plain.r16.json", "{\"generator\": \"something else\"");
        write("text.png", "this is not a PNG");
        write("text.exr", "nor is this an OpenEXR file");
        write("record.r16", "xx");
        write("record.r16.json", R"({"generator": "glnoise 0.1.0", "size": "0x-3", "preset": {}})");
        // Records with a wrong type, a key given twice, and a forged size of 10^12 texels.
        write("number.json", R"({"generator": "glnoise 0.3.0", "size": 1024, "preset": {}})");
        write("twice.json", R"({"size": "8x8", "preset": {"seed": 1, "octaves": 2, "seed": 2}})");
        write("forged.json", R"({"generator": "glnoise 0.3.0", "size": "1048576x1048576", "preset": {}})");
        write("flag.json", R"({"size": "8x8", "preset": {}, "no_octave_limit": "yes"})");
        write("both.json", R"({"colormap": "terrain", "bits": 16})");
        write("dims4.json", R"({"dims": 4, "octaves": 3})");
        // Graphs for shader --graph: a small one, one with a bad node, and one whose frames
        // (32 x 17 octaves) outgrow a uniform block.
        write("g.json", R"({"glnoise_graph": 2, "dims": 2, "out": "n", "nodes": {"n": {"kind": "basis"}}})");
        write("badnode.json", R"({"glnoise_graph": 2, "dims": 2, "out": "f", "nodes": {
            "n": {"kind": "basis"}, "f": {"kind": "fractal", "source": "n", "octaves": 40}}})");
        write("framed.json", R"({"glnoise_graph": 2, "dims": 2, "out": "outer", "nodes": {
            "n": {"kind": "basis", "frequency": 0.0001},
            "inner": {"kind": "fractal", "source": "n", "octaves": 32, "lacunarity": 1.1},
            "outer": {"kind": "fractal", "source": "inner", "octaves": 17, "lacunarity": 1.1}}})");
        // GLSL for the include resolver.
        write("loop_a.glsl", "#include \"loop_b.glsl\"\n");
        write("loop_b.glsl", "#include \"loop_a.glsl\"\n");
        before = snapshot();
    }

    void write(const std::string& name, const std::string& bytes) {
        std::ofstream(file(name), std::ios::binary) << bytes;
    }

    // Every entry of the directory with its contents ("<dir>" for a directory).
    std::map<std::string, std::string> snapshot() const {
        std::map<std::string, std::string> m;
        for (const auto& e : fs::recursive_directory_iterator(dir)) {
            const std::string name = fs::relative(e.path(), dir).string();
            if (name.rfind(".std", 0) == 0) continue;  // the runner's own stdin/stdout/stderr files
            m[name] = e.is_directory() ? "<dir>" : slurp(e.path());
        }
        return m;
    }

    void expectRefused(const std::vector<Case>& cases) {
        for (const auto& c : cases) {
            // Without a display, so that a preview case wrongly accepted fails instead of opening a window.
            const Result r = runWith("env -u DISPLAY -u WAYLAND_DISPLAY", c.program, c.args, c.input);
            std::string shown = fs::path(c.program).filename().string();
            for (const auto& a : c.args) shown += " " + (a.size() > 80 ? a.substr(0, 80) + "..." : a);
            SCOPED_TRACE(shown);
            const std::string prefix = fs::path(c.program).filename().string() + ": error: ";
            EXPECT_EQ(r.code, 2) << r.err;
            EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << r.err;
            EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
            EXPECT_NE(r.err.find(c.message), std::string::npos) << "wanted: " << c.message << "\ngot: " << r.err;
            EXPECT_TRUE(r.out.empty()) << r.out;
            EXPECT_TRUE(snapshot() == before) << "a file was written, changed or left behind";
        }
    }

    std::map<std::string, std::string> before;
};

TEST_F(BadInput, BakeFlags) {
    const std::string s = "64x64";
    expectRefused({
        {{"bake", "--size", s, "--out", png, "--bogus"}, "The following argument was not expected: --bogus"},
        {{"bake", "--size"}, "--size: 1 required"},
        {{"bake", "--size", "0x512", "--out", png}, "--size 0x512: must be WxH or WxHxD with each edge between 1 and 1048576"},
        {{"bake", "--size", "-5x5", "--out", png}, "--size -5x5: must be WxH"},
        {{"bake", "--size", "64", "--out", png}, "--size 64: must be WxH"},
        {{"bake", "--size", "64x64x64x64", "--out", r16}, "--size 64x64x64x64: must be WxH"},
        {{"bake", "--size", "64.5x64", "--out", png}, "--size 64.5x64: must be WxH"},
        {{"bake", "--size", "2000000x2", "--out", png}, "--size 2000000x2: must be WxH"},
        {{"bake", "--size", "99999999999999999999x2", "--out", png}, "--size 99999999999999999999x2: must be WxH"},
        // 2^60 texels of 16 bytes: the byte count does not fit in 64 bits.
        {{"bake", "--size", "1048576x1048576x1048576", "--output", "gradient", "--out", file("keep.r32")},
         "1152921504606846976 texels of 16 bytes are more than 2^63 bytes"},
        {{"bake", "--size", s, "--out", png, "--octaves", "0"}, "--octaves 0: must be from 1 to 32"},
        {{"bake", "--size", s, "--out", png, "--octaves", "33"}, "--octaves 33: must be from 1 to 32"},
        {{"bake", "--size", s, "--out", png, "--octaves", "1000000000"}, "--octaves 1000000000: must be from 1 to 32"},
        {{"bake", "--size", s, "--out", png, "--octaves", "1000000000000"}, "--octaves 1000000000000: must be from 1 to 32"},
        {{"bake", "--size", s, "--out", png, "--octaves", "four"}, "--octaves four: must be an integer from 1 to 32"},
        {{"bake", "--size", s, "--out", png, "--octaves", "2.5"}, "--octaves 2.5: must be an integer from 1 to 32"},
        {{"bake", "--size", s, "--out", png, "--frequency", "abc"}, "--frequency abc: not a number"},
        {{"bake", "--size", s, "--out", png, "--frequency", ""}, "--frequency '': is empty; give a value or leave the option out"},
        {{"bake", "--size", s, "--out", ""}, "--out '': is empty"},
        {{"bake", "--size", s, "--out", png, "--frequency", "nan"}, "--frequency nan: must be above 0 and at most 65536"},
        {{"bake", "--size", s, "--out", png, "--frequency", "inf"}, "--frequency inf: must be above 0 and at most 65536"},
        {{"bake", "--size", s, "--out", png, "--frequency", "-0.1"}, "--frequency -0.1: must be above 0 and at most 65536"},
        {{"bake", "--size", s, "--out", png, "--frequency", "1e400"}, "--frequency 1e400: too large for a double"},
        {{"bake", "--size", s, "--out", png, "--lacunarity", "0"}, "--lacunarity 0: must be above 0 and at most 1e15"},
        {{"bake", "--size", s, "--out", png, "--lacunarity", "-2"}, "--lacunarity -2: must be above 0 and at most 1e15"},
        {{"bake", "--size", s, "--out", png, "--lacunarity", "-inf"}, "--lacunarity -inf: must be above 0 and at most 1e15"},
        {{"bake", "--size", s, "--out", png, "--gain", "-0.5"}, "--gain -0.5: must be from 0 to 1e15"},
        {{"bake", "--size", s, "--out", png, "--gain", "nan"}, "--gain nan: must be from 0 to 1e15"},
        {{"bake", "--size", s, "--out", png, "--seed", "-1"}, "--seed -1: must be an integer between 0 and 18446744073709551615"},
        {{"bake", "--size", s, "--out", png, "--seed", "18446744073709551616"},
         "--seed 18446744073709551616: must be an integer between 0 and 18446744073709551615"},
        {{"bake", "--size", s, "--out", png, "--dims", "5"}, "--dims 5: must be 1, 2, 3 or 4"},
        {{"bake", "--size", s, "--out", png, "--dims", "0"}, "--dims 0: must be 1, 2, 3 or 4"},
        {{"bake", "--size", s, "--out", png, "--basis", "worley"}, "--basis worley: allowed: " + kindNames(basisKinds())},
        {{"bake", "--size", s, "--out", png, "--fractal", "hybrid"}, "--fractal hybrid: allowed: fbm, turbulence, billow, ridged"},
        {{"bake", "--size", s, "--out", png, "--basis", "value", "--interp", "smooth"},
         "--interp smooth: allowed: linear, cosine, cubic, quintic"},
        {{"bake", "--size", s, "--out", png, "--basis", "psrdnoise", "--dims", "4"}, "--dims 4: psrdnoise noise exists in 2 and 3 dimensions"},
        {{"bake", "--size", s, "--out", png, "--period", "4,4", "--lacunarity", "2.5"},
         "--lacunarity 2.5 with period 4,4: must be an integer, because octave i repeats every period * lacunarity^i cells"},
        {{"bake", "--size", s, "--out", png, "--period", "4,x"}, "--period 4,x: must be 1 to 4 comma-separated integers"},
        {{"bake", "--size", s, "--out", png, "--period", "4,4,4"}, "--period 4,4,4: each component must be an integer"},
        {{"bake", "--size", s, "--out", png, "--period", "2000000"}, "--period 2000000,0: each component must be an integer between 0 (none) and 1048576"},
        {{"bake", "--size", s, "--out", png, "--basis", "simplex", "--period", "8,8"},
         "--period 8,8: simplex noise cannot tile: its skewed lattice is not invariant under axis-aligned integer periods; "
         "use psrdnoise, the simplex-type noise that tiles, or perlin"},
        {{"bake", "--size", s, "--out", png, "--basis", "psrdnoise", "--period", "8,7"},
         "--period 8,7: psrdnoise's y period must be even"},
        {{"bake", "--size", s, "--out", png, "--output", "gradient", "--fractal", "ridged"}, "--output gradient: needs fractal fbm"},
        {{"bake", "--size", s, "--out", png, "--output", "gradient"}, "--output gradient: a .png stores"},
        {{"bake", "--size", s, "--out", png, "--output", "curl"}, "--output curl: allowed: value, gradient, normal"},
        {{"bake", "--size", "8x8x8", "--out", file("keep.r32"), "--output", "normal"}, "--output normal: a normal map is a 2D image"},
        {{"bake", "--size", s, "--out", png, "--output", "normal", "--height-scale", "inf"}, "--height-scale inf: must be from -1000000 to 1000000"},
        {{"bake", "--size", s, "--out", png, "--warp-amount", "2", "--warp-depth", "3"}, "--warp-depth 3: must be 1 or 2"},
        {{"bake", "--size", s, "--out", png, "--warp-amount", "nan"}, "--warp-amount nan: must be from -1000000 to 1000000"},
        {{"bake", "--size", s, "--out", png, "--warp-amount", "1", "--warp-octaves", "0"}, "--warp-octaves 0: must be from 1 to 32"},
        {{"bake", "--size", s, "--out", png, "--warp-amount", "1", "--warp-frequency", "-1"},
         "--warp-frequency -1: must be from 0 to 65536"},
        {{"bake", "--size", s, "--out", png, "--pattern", "clouds", "--fractal", "fbm"}, "--pattern clouds: is the turbulence fractal; got fractal fbm"},
        {{"bake", "--size", s, "--out", png, "--pattern", "marble", "--pattern-scale", "nan"}, "--pattern-scale nan: must be from -1e15 to 1e15"},
        {{"bake", "--size", s, "--out", png, "--fractal", "ridged", "--ridge-gain", "-1"}, "--ridge-gain -1: must be from 0 to 1e15"},
        {{"bake", "--size", s, "--out", png, "--dims", "3", "--w", "1"}, "--w 1: needs dims 4"},
        {{"bake", "--size", s, "--out", png, "--dims", "4", "--w", "nan"}, "--w nan: must be from -1e15 to 1e15"},
        {{"bake", "--size", s, "--out", png, "--dims", "2", "--z", "3"}, "--z 3: needs dims 3 or 4"},
        {{"bake", "--size", s, "--out", png, "--z", "inf"}, "--z inf: must be from -1e15 to 1e15"},
        {{"bake", "--size", "8x8x8", "--out", r16, "--dims", "2"}, "--size 8x8x8: a volume needs --dims 3"},
        {{"bake", "--size", "8x8x8", "--out", png}, "a .png holds one 2D image; write a volume as .r16, .r32 or PNG slices"},
        {{"bake", "--size", s, "--out", png, "--offset", "1,x"}, "--offset 1,x: must be 2 or 3 comma-separated numbers"},
        {{"bake", "--size", s, "--out", png, "--offset", "nan,0"}, "--offset nan,0,0: every component must be from -1e15 to 1e15"},
        {{"bake", "--size", s, "--out", png, "--range", "1,-1"}, "--range 1,-1: must be MIN,MAX with finite MIN < MAX"},
        {{"bake", "--size", s, "--out", png, "--range", "nan,1"}, "--range nan,1: must be MIN,MAX with finite MIN < MAX"},
        {{"bake", "--size", s, "--out", png, "--backend", "vulkan"},
         "--backend vulkan: must be auto, gpu, cpu or reference"},
        {{"bake", "--size", s, "--colormap", "terrain", "--out", exr}, "--colormap terrain: colours are written as .png; .exr stores the values"},
        {{"bake", "--size", s, "--colormap", "rainbow", "--out", png}, "--colormap rainbow: allowed: clouds, fire, flow, gray, marble, sand, strata, terrain, wood, none"},
        {{"bake", "--size", s, "--bits", "16", "--out", exr}, "--bits 16: .exr holds float32; 16 bits are .png or .r16"},
        {{"bake", "--size", s, "--bits", "12", "--out", png}, "--bits 12: .png holds 8 or 16 bits"},
        {{"bake", "--size", s, "--range=0,1", "--out", file("keep.r32")}, "--range 0,1: .r32 stores values as they are"},
        {{"bake", "--size", s, "--output", "normal", "--out", r16}, "--output normal: a .r16 holds one channel"},
        {{"bake", "--tile", "1,2", "--out", png}, "--tile 1,2: needs --tile-size WxH"},
        {{"bake", "--tile", "1,2,3", "--tile-size", s, "--out", png}, "--tile 1,2,3: must be I,J (integers)"},
        {{"bake", "--tile", "1,", "--tile-size", s, "--out", png}, "--tile 1,: must be I,J (integers)"},
        {{"bake", "--size", s, "--tile", "1,2", "--tile-size", "8x8", "--out", png}, "--size 64x64: a tile's size is --tile-size"},
        {{"bake", "--tile", "9007199254740,0", "--tile-size", "4096x4096", "--out", png}, "puts the tile beyond world texel 2^52"},
        {{"bake", "--tile-size", s, "--out", png}, "--tile-size 64x64: needs --tile I,J"},
        {{"bake", "--size", s, "--out", file("o_%d.png")}, "a %d slice pattern is for volumes"},
        {{"bake", "--size", "64x64x4", "--out", file("o_%d_%d.png")}, "a slice pattern holds one %d"},
        {{"bake", "--size", "64x64x4", "--out", exr}, "a .exr holds one 2D image"},
        {{"bake", "--octaves", "3", "--out", png}, "--size is required"},
        {{"bake", "--size", s}, "--out is required"},
    });
}

TEST_F(BadInput, OutputPaths) {
    expectRefused({
        {{"bake", "--size", "64x64", "--out", file("keep.tga")}, "unknown file type; allowed: .png"},
        {{"bake", "--size", "64x64", "--out", file("keep")}, "unknown file type; allowed: .png"},
        {{"bake", "--size", "64x64", "--out", file("no/such/dir.png")}, "directory " + file("no/such") + " does not exist"},
        {{"bake", "--size", "64x64", "--out", dir.string() + "/"}, "is a directory"},
        {{"bake", "--size", "64x64", "--out", file("folder.png")}, "is a directory"},
        {{"bake", "--size", "64x64", "--out", png + "/x.png"}, "is not a directory"},
        // A directory no one may create files in, root included.
        {{"bake", "--size", "64x64", "--out", "/proc/glnoise.png"}, "--out /proc/glnoise.png: cannot create a file in /proc"},
        {{"glsl", "--out", file("no/such/lib.glsl")}, "directory " + file("no/such") + " does not exist"},
        {{"glsl", "--out", file("folder.png")}, "is a directory"},
    });
}

TEST_F(BadInput, Presets) {
    const std::string preset = "preset " + file("");
    expectRefused({
        {{"bake", "--preset", "nope", "--size", "64x64", "--out", png}, "--preset nope: no such preset; built in: billows, caustics, cells, clouds, cracks, dunes,"},
        {{"bake", "--preset", file("missing.json"), "--size", "64x64", "--out", png}, "--preset " + file("missing.json") + ": no such file"},
        {{"bake", "--preset", dir.string() + "/", "--size", "64x64", "--out", png}, ": not a regular file"},
        {{"bake", "--preset", "/dev/zero", "--size", "64x64", "--out", png}, "--preset /dev/zero: not a regular file"},
        {{"bake", "--preset", file("huge.json"), "--size", "64x64", "--out", png}, "larger than 1 MiB"},
        {{"bake", "--preset", file("truncated.json"), "--size", "64x64", "--out", png}, preset + "truncated.json: not JSON"},
        {{"bake", "--preset", file("empty.json"), "--size", "64x64", "--out", png}, preset + "empty.json: not JSON"},
        {{"bake", "--preset", file("binary.json"), "--size", "64x64", "--out", png}, preset + "binary.json: is not JSON text: byte 0 is 0x89, not UTF-8 (a binary file?)"},
        {{"bake", "--preset", file("nan.json"), "--size", "64x64", "--out", png}, preset + "nan.json: not JSON"},
        {{"bake", "--preset", file("deep.json"), "--size", "64x64", "--out", png}, preset + "deep.json: nests arrays and objects more than 64 deep (at byte 64); at most 64 levels are read"},
        {{"bake", "--preset", file("array.json"), "--size", "64x64", "--out", png}, preset + "array.json: must be a JSON object"},
        {{"bake", "--preset", file("unknown.json"), "--size", "64x64", "--out", png}, preset + "unknown.json: octave is not a known key; allowed: basis,"},
        {{"bake", "--preset", file("types.json"), "--size", "64x64", "--out", png}, preset + "types.json: "},
        {{"bake", "--preset", "terrain", "--from", png, "--out", png}, "give it or --preset terrain, not both"},
    });
}

TEST_F(BadInput, FilesToRebakeFrom) {
    expectRefused({
        {{"bake", "--from", file("missing.png"), "--out", png}, "--from " + file("missing.png") + ": no such file"},
        {{"bake", "--from", file("text.png"), "--out", png}, "--from " + file("text.png") + ": not a PNG glnoise can read"},
        {{"bake", "--from", file("text.exr"), "--out", png}, "--from " + file("text.exr") + ": not an OpenEXR file glnoise can read"},
        {{"bake", "--from", file("plain.r16"), "--out", png}, "--from " + file("plain.r16")},
        {{"bake", "--from", file("record.r16"), "--out", png}, "--from " + file("record.r16")},
        {{"bake", "--from", "/dev/zero", "--out", png}, "--from /dev/zero: not a glnoise file"},
        {{"bake", "--from", file("folder.png"), "--out", png}, "--from " + file("folder.png") + ": not a regular file"},
        {{"bake", "--from", file("truncated.json"), "--out", png}, "--from " + file("truncated.json")},
        {{"bake", "--from", file("number.json"), "--out", png},
         "--from " + file("number.json") + ": size 1024: must be a string \"WxH\" or \"WxHxD\""},
        {{"bake", "--from", file("twice.json"), "--out", png},
         "--from " + file("twice.json") + ": its glnoise record gives the key \"seed\" twice in one object"},
        {{"bake", "--from", file("flag.json"), "--out", png},
         "--from " + file("flag.json") + ": no_octave_limit \"yes\": must be true or false"},
        // Values from a preset that contradict each other are named by file and key.
        {{"bake", "--preset", file("both.json"), "--size", "8x8", "--out", png},
         "preset " + file("both.json") + ": bits 16 and colormap terrain: a colormap gives 8-bit RGB"},
        // A flag that makes a preset's value wrong: the error names the preset's key.
        {{"bake", "--preset", file("dims4.json"), "--basis", "psrdnoise", "--size", "8x8", "--out", png},
         "preset " + file("dims4.json") + ": dims 4: psrdnoise noise exists in 2 and 3 dimensions"},
        // Typed on the command line, a mapping the output cannot hold stays an error.
        {{"bake", "--preset", "terrain", "--size", "8x8", "--range", "0,1", "--out", file("keep.exr")},
         "--range 0,1: .exr stores values as they are"},
        {{"bake", "--size", "8x8", "--bits", "12", "--out", png}, "--bits 12: .png holds 8 or 16 bits"},
        {{"bake", "--size", "8x8", "--bits", "many", "--out", png}, "--bits many: must be an integer"},
        {{"bake", "--size", "8x8", "--range", "defaults", "--out", png}, "--range defaults:"},
    });
}

// Too little free space is one check with one exit code, 1 (the machine's state, as a full
// disk is), whether the size was typed for a raw file or came from a record: a size from a
// record must fit the free space uncompressed (1 TiB here) whatever the format; typed, it is
// the user's to ask for unless the raw file's exact size cannot fit.
TEST_F(BadInput, TooLittleFreeSpaceIsExitOne) {
    for (const auto& [args, said] : std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"bake", "--from", file("forged.json"), "--out", png},
              "--from " + file("forged.json") + ": size 1048576x1048576: 1099511627776 texels of 1 byte are 1.0 TiB "
                                                "uncompressed, more than the"},
             {{"bake", "--from", file("forged.json"), "--out", file("keep.exr")},
              "--from " + file("forged.json") + ": size 1048576x1048576: 1099511627776 texels of 4 bytes are 4.0 TiB"},
             {{"bake", "--size", "1048576x1048576", "--out", r16},
              "--out " + r16 + ": 1099511627776 texels of 2 bytes need 2.0 TiB"},
         }) {
        const Result r = runWith("", test::glnoiseExe(), args);
        SCOPED_TRACE(args.back());
        EXPECT_EQ(r.code, 1) << r.err;
        EXPECT_EQ(r.err.rfind("glnoise: error: " + said, 0), 0u) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_TRUE(snapshot() == before) << "a file was written, changed or left behind";
    }
}

TEST_F(BadInput, EvalLines) {
    const std::string longLine = std::string(5000, '1') + " 2\n";
    expectRefused({
        {{"eval", "--dims", "3"}, "stdin line 2 '1 2': expected 3 numbers \"x y z\" for --dims 3, got 2", "1 2 3\n1 2\n"},
        {{"eval"}, "stdin line 1 'x y': 'x' is not a number", "x y\n"},
        {{"eval"}, "stdin line 3 '1 2 3': expected 2 numbers \"x y\" for --dims 2, got 3", "1 2\n\n1 2 3\n"},
        {{"eval"}, "stdin line 1 'nan 1': coordinates must be finite", "nan 1\n"},
        {{"eval"}, "stdin line 1 '1 -inf': coordinates must be finite", "1 -inf\n"},
        {{"eval"}, "stdin line 1 '1e400 0': coordinates must be finite", "1e400 0\n"},
        {{"eval"}, "stdin line 1 '1,5 2': '1,5' is not a number", "1,5 2\n"},
        {{"eval"}, "stdin line 1 '1? 2': not text; expected 2 numbers \"x y\"", std::string("1\0 2\n", 5)},
        {{"eval"}, "stdin line 1 '?PNG': not text", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)},
        {{"eval"}, "stdin line 2 '" + std::string(60, '1') + "...': longer than 4096 bytes", "1 2\n" + longLine},
        {{"eval"}, "stdin holds no points; expected one per line, 2 numbers \"x y\" for --dims 2", ""},
        {{"eval"}, "stdin holds no points", "\n  \n\t\n"},
        {{"eval", "--dims", "4", "--basis", "psrdnoise"}, "--dims 4: psrdnoise noise exists in 2 and 3 dimensions", "1 2 3 4\n"},
        {{"eval", "--octaves", "-3"}, "--octaves -3: must be from 1 to 32", "1 2\n"},
        {{"eval", "--backend", "cuda"}, "--backend cuda: must be auto, gpu, cpu or reference", "1 2\n"},
    });
}

TEST_F(BadInput, CheckAndGlslAndTheCommand) {
    expectRefused({
        {{"check", "--size", "64x64", "--tolerance", "-1"}, "--tolerance -1: must be a finite number >= 0"},
        {{"check", "--size", "64x64", "--tolerance", "nan"}, "--tolerance nan: must be a finite number >= 0"},
        {{"check", "--size", "20000x20000"}, "--size 20000x20000: must be WxH or WxHxD with each edge between 1 and 16384"},
        {{"check", "--size", "0x0"}, "--size 0x0: must be WxH"},
        {{"check"}, "--size is required"},
        {{"check", "--size", "64x64", "--lacunarity", "0"}, "--lacunarity 0: must be above 0 and at most 1e15"},
        {{"glsl", "curl"}, "family 'curl': allowed: " + allowedFamilies()},
        {{"glsl", "--out", glsl, "perlin", "worley"}, "family 'worley': allowed: " + allowedFamilies()},
        {{"glsl", "--seed", "x"}, "--seed x: must be an integer between 0 and 18446744073709551615"},
        {{"info", "--size", "64x64"}, "The following arguments were not expected: 64x64 --size"},
        {{"shader", "--language", "cg"}, "--language cg: allowed: glsl, vulkan, gles, hlsl, wgsl, msl, godot"},
        {{"shader", "perlin"}, "--language is required: glsl, vulkan, gles, hlsl, wgsl, msl or godot (or --list)"},
        {{"shader", "--list", "--language", "cg"}, "--language cg: allowed: glsl, vulkan, gles, hlsl, wgsl, msl, godot"},
        {{"bake", "--size", "8x8", "--size", "9x9", "--out", png}, "--size: given 2 times; give it once"},
        {{"eval", "--dims", "2", "--dims", "3", "--dims", "2"}, "--dims: given 3 times; give it once"},
        {{"shader", "--language", "msl", "--table", "buffer", "--out", glsl},
         "--table buffer: Metal has no program-scope buffers; allowed for msl: const"},
        {{"shader", "--language", "godot", "--table", "uniform", "--out", glsl},
         "--table uniform: allowed for godot: const (a `const int` array)"},
        {{"shader", "--language", "gles", "--table", "buffer", "--out", glsl},
         "--table buffer: GLSL ES 3.00 has no storage buffers; allowed for gles: const, uniform"},
        {{"shader", "--language", "vulkan", "--table", "uniform"}, "--table uniform: allowed for vulkan: const, buffer"},
        {{"shader", "--language", "wgsl", "--table", "texture"}, "--table texture: allowed: const, buffer, uniform"},
        {{"shader", "--language", "vulkan", "--set", "-1"}, "--set -1: must be an integer from 0 to 1000000"},
        {{"shader", "--language", "hlsl", "--binding", "2.5"}, "--binding 2.5: must be an integer from 0 to 1000000"},
        {{"shader", "--language", "wgsl", "--out", glsl, "curl"}, "family 'curl': allowed: " + allowedFamilies()},
        {{"shader", "--language", "wgsl", "--out", glsl, "--table-out", file("table.bin")},
         "--table-out " + file("table.bin") + ": the table is written as .i32 (little-endian int32) or .json; name one"},
        {{"shader", "--language", "wgsl", "--out", file("table.i32"), "--table-out", file("table.i32")},
         "--table-out " + file("table.i32") + ": the same file as --out"},
        {{"shader", "--language", "vulkan", "--out", glsl, "--table-out", file("no/such/table.i32")},
         "--table-out " + file("no/such/table.i32") + ": directory " + file("no/such") + " does not exist"},
        {{"frobnicate"}, "unknown command 'frobnicate'; allowed: bake, eval, check, glsl, shader, info"},
        {{"--bogus"}, "unknown option --bogus before the command; give a command first: bake, eval"},
        {{}, "A subcommand is required"},
    });
}

TEST_F(BadInput, AGraphAsOneFunction) {
    const std::string g = file("g.json");
    expectRefused({
        {{"shader", "--language", "msl", "--graph", g, "--params", "uniform"},
         "--params uniform: Metal has no program-scope buffers (its table is a constant array too); allowed for msl: --params constants"},
        {{"shader", "--language", "godot", "--graph", g, "--params", "uniform", "--out", glsl},
         "--params uniform: Godot's shaders take uniforms one by one, not as a block; allowed for godot: --params constants"},
        {{"shader", "--language", "msl", "--graph", g, "--table", "buffer"}, "--table buffer: Metal has no program-scope buffers"},
        {{"shader", "--language", "hlsl", "--graph", g, "--set", "-2"}, "--set -2: must be an integer from 0 to 1000000"},
        {{"shader", "--language", "wgsl", "--graph", file("framed.json"), "--params", "uniform"},
         "--params uniform: the graph's block would be"},
        {{"shader", "--language", "glsl", "--offset", "1,2"}, "--offset: goes with --graph"},
        {{"glsl", "--params", "uniform"}, "--params: goes with --graph (glnoise glsl --graph FILE"},
        {{"shader", "--language", "glsl", "--graph", g, "--params", "folded"}, "--params folded: allowed: constants, uniform"},
        {{"shader", "--language", "glsl", "--graph", g, "--params-binding", "3"}, "--params-binding 3: goes with --params uniform"},
        {{"shader", "--language", "glsl", "--graph", g, "--params", "uniform", "--params-binding", "-1"},
         "--params-binding -1: must be an integer from 0 to 1000000"},
        {{"shader", "--language", "glsl", "--graph", g, "--params-out", file("block.bin")},
         "--params-out " + file("block.bin") + ": goes with --params uniform"},
        {{"shader", "--language", "glsl", "--graph", g, "--params", "uniform", "--params-out", file("block.f32")},
         "--params-out " + file("block.f32") + ": the block is written as its bytes (std140, little-endian): name a .bin file"},
        {{"shader", "--language", "glsl", "--graph", g, "--params", "uniform", "--out", file("same.bin"), "--params-out", file("same.bin")},
         "--params-out " + file("same.bin") + ": the same file as --out"},
        {{"shader", "--language", "vulkan", "--graph", g, "--params", "uniform", "--out", glsl, "--params-out", file("no/such/b.bin")},
         "--params-out " + file("no/such/b.bin") + ": directory " + file("no/such") + " does not exist"},
        {{"shader", "--language", "glsl", "--graph", g, "perlin"}, "families perlin: with --graph the source holds the families its nodes call"},
        {{"glsl", "--graph", g, "--list"}, "--list: lists the library's families; give it without --graph"},
        {{"shader", "--language", "glsl", "--graph", file("badnode.json"), "--out", glsl},
         "graph " + file("badnode.json") + ": node \"f\" octaves 40: must be from 1 to 32"},
        {{"shader", "--language", "glsl", "--graph", file("missing.json")}, file("missing.json")},
        {{"shader", "--language", "glsl", "--graph", g, "--seed", "x"}, "--seed x: must be an integer between 0 and 18446744073709551615"},
        {{"shader", "--language", "glsl", "--graph", g, "--output", "colour"}, "--output colour"},
        {{"shader", "--language", "glsl", "--graph", "gln1.AAAA"}, "graph gln1.AAAA"},
        {{"shader", "--language", "gles", "--graph", file("framed.json"), "--params", "uniform", "--out", glsl},
         "--params uniform: the graph's block would be"},
    });
}

#ifdef GLNOISE_PREVIEW_EXE
TEST_F(BadInput, PreviewFlags) {
    // Refused before a window opens: none of these needs a display.
    const std::string p = test::previewExe();
    expectRefused({
        {{"--bogus"}, "The following argument was not expected: --bogus", "", p},
        {{"--octaves", "0"}, "--octaves 0: must be from 1 to 32", "", p},
        {{"--seed", ""}, "--seed '': is empty", "", p},
        {{"--frequency", "nan"}, "--frequency nan: must be above 0 and at most 65536", "", p},
        {{"--window", "0x0"}, "--window 0x0: must be WxH with each edge between 1 and 16384", "", p},
        {{"--window", "64x64x64"}, "--window 64x64x64: must be WxH with each edge between 1 and 16384", "", p},
        {{"--frames", "1", "--frames", "2"}, "--frames: given 2 times; give it once", "", p},
        {{"--zoom", "-1"}, "--zoom -1", "", p},
        {{"--zoom", "0"}, "--zoom 0: must be between", "", p},
        {{"--zoom", "nan"}, "--zoom nan", "", p},
        {{"--pan", "1"}, "--pan 1: must be", "", p},
        {{"--pan", "1,inf"}, "--pan 1,inf: must be X,Y with finite X and Y", "", p},
        {{"--speed", "inf"}, "--speed inf: must be a finite number", "", p},
        {{"--frames", "-1"}, "--frames -1: must be >= 0", "", p},
        {{"--animate"}, "--animate: moves z, which needs --dims 3 or 4", "", p},
        {{"--colormap", "rainbow"}, "--colormap rainbow", "", p},
        {{"--out", file("no/such/x.png")}, "directory " + file("no/such") + " does not exist", "", p},
        {{"--out", file("keep.tga")}, "unknown file type", "", p},
        {{"--export", "--out", file("no/such/x.png")}, "directory " + file("no/such") + " does not exist", "", p},
        {{"--export", "--out", file("keep.tga")}, "unknown file type", "", p},
        {{"--out", file("folder.png")}, "is a directory", "", p},
        {{"--screenshot", file("no/such/shot.png")}, "directory " + file("no/such") + " does not exist", "", p},
        {{"--readouts", file("no/such/r.json")}, "directory " + file("no/such") + " does not exist", "", p},
        {{"--view", "4d"}, "--view 4d: allowed: 2d, tiled, 3d, slices", "", p},
        {{"--tiles", "4"}, "--tiles 4: allowed: 2, 3", "", p},
        {{"--view", "slices"}, "--view slices: shows a volume, which needs --dims 3 or 4", "", p},
        {{"--size", "8x8x8"}, "--size 8x8x8: a volume, which only the slices view exports (--view slices)", "", p},
        {{"--relief", "0"}, "--relief 0: must be between 0.01 and 4", "", p},
        {{"--sections", "view,colour"}, "--sections view,colour: colour is not a section; allowed: noise, animation, view, readouts, proof, export", "", p},
        {{"--preset", "nosuch"}, "--preset nosuch: no such preset; built in: billows, caustics, cells,", "", p},
        {{"--from", file("nope.png")}, "--from " + file("nope.png") + ": no such file", "", p},
        {{"--from", file("nope.png"), "--preset", "terrain"}, "continues from a file's own record; give it or --preset terrain, not both", "", p},
        {{"--save-preset", file("no/such/p.json")}, "directory " + file("no/such") + " does not exist", "", p},
        {{"--ui-scale", "9"}, "--ui-scale 9: must be between 0.5 and 4", "", p},
        {{"--ui-scale", "nan"}, "--ui-scale nan", "", p},
        {{"--probe", "-1,2"}, "--probe -1,2: must be X,Y (or X,Y,SLICE), whole texels of the view from its top left", "", p},
        {{"--probe", "1.5,2"}, "--probe 1.5,2: must be X,Y (or X,Y,SLICE), whole texels", "", p},
    });
}
#endif

}  // namespace
}  // namespace glnoise
