// SPDX-License-Identifier: MIT
// glnoise bake at scale, end to end: the formats against the reference, tiles against the
// whole, streamed bakes against one evaluation, records re-baked byte for byte, presets,
// colormaps, volumes as slices, and stopping a bake without leaving a file.
#include <gtest/gtest.h>
#include <signal.h>
#include <stb_image.h>
#include <sys/wait.h>
#include <unistd.h>

#include <OpenEXR/ImfChannelList.h>
#include <OpenEXR/ImfFrameBuffer.h>
#include <OpenEXR/ImfHeader.h>
#include <OpenEXR/ImfInputFile.h>
#include <OpenEXR/ImfStringAttribute.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <map>
#include <optional>
#include <random>
#include <thread>

#include "cli/bake_fixture.hpp"
#include "glnoise/glnoise.hpp"
#include "process.hpp"
#include "test_support.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;

using test::Result;
using test::slurp;

using test::floats;

class Bake : public test::BakeFixture {};


TEST_F(Bake, FourTilesOf512EqualOneBakeOf1024TexelForTexel) {
    const std::vector<std::string> spec = {"--octaves", "6", "--basis", "simplex", "--seed", "4", "--offset=-3000.5,77"};
    auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), spec.begin(), spec.end());
        return more;
    };
    bake(with({"--size", "1024x1024", "--out", file("whole.r32")}));
    const std::vector<float> whole = floats(slurp(file("whole.r32")));
    ASSERT_EQ(whole.size(), 1024u * 1024u);
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) {
            const std::string tile = file("tile_" + std::to_string(i) + "_" + std::to_string(j) + ".r32");
            bake(with({"--tile", std::to_string(i) + "," + std::to_string(j), "--tile-size", "512x512", "--out", tile}));
            const std::vector<float> t = floats(slurp(tile));
            ASSERT_EQ(t.size(), 512u * 512u);
            int differ = 0;
            for (int y = 0; y < 512; ++y)
                differ += std::memcmp(&t[static_cast<std::size_t>(y) * 512],
                                      &whole[static_cast<std::size_t>(512 * j + y) * 1024 + 512 * static_cast<std::size_t>(i)],
                                      512 * 4) != 0;
            EXPECT_EQ(differ, 0) << "tile " << i << "," << j << ": rows that differ from the whole";
        }
    // The tile records where it lies.
    const auto rec = nlohmann::json::parse(slurp(file("tile_1_1.r32.json")));
    EXPECT_EQ(rec["tile"], nlohmann::json({1, 1, 0}));
    EXPECT_EQ(rec["start"], nlohmann::json({512, 512, 0}));
}

TEST_F(Bake, NegativeAndFarTilesMeetTheirNeighbours) {
    // Tile (-1, 0) ends where tile (0, 0) begins: either side of the seam is what one
    // evaluation across the seam holds (the CPU backend, so that the comparison is exact;
    // tiles_test checks the GPU's tiles against the GPU's whole).
    const std::vector<std::string> spec = {"--octaves", "4", "--frequency", "0.05", "--tile-size", "300x40",
                                           "--backend", "cpu"};
    auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), spec.begin(), spec.end());
        return more;
    };
    for (const std::string far : {"0", "3333333"}) {
        const long long base = std::stoll(far);
        bake(with({"--tile", std::to_string(base - 1) + ",0", "--out", file("left.r32")}));
        bake(with({"--tile", std::to_string(base) + ",0", "--out", file("right.r32")}));
        const std::vector<float> left = floats(slurp(file("left.r32"))), right = floats(slurp(file("right.r32")));
        NoiseSpec s;
        s.octaves = 4;
        s.frequency = 0.05;
        const Image across = cpu::evaluate(s, Grid{600, 40, 1}, {(base - 1) * 300, 0, 0});
        int differ = 0;
        for (int y = 0; y < 40; ++y)
            for (int x = 0; x < 300; ++x) {
                differ += left[static_cast<std::size_t>(y * 300 + x)] != across.at(x, y);
                differ += right[static_cast<std::size_t>(y * 300 + x)] != across.at(x + 300, y);
            }
        EXPECT_EQ(differ, 0) << "tiles at " << far;
    }
}

// docs/command-line.md, "What repeats": the lattice bases repeat every 256 cells of their
// lowest octave along each axis (16,384 texels at the default frequency 1/64), with any
// seed; simplex's period is oblique, so no axis-aligned tile repeats it.
TEST_F(Bake, TheLatticeRepeatsEvery256CellsAsDocumented) {
    for (const std::string basis : {"perlin", "classic", "value", "perlin-value", "cellular", "psrdnoise", "simplex"}) {
        std::map<std::string, std::string> tiles;
        for (const std::string tile : {"0,0", "64,0", "0,64", "-64,128"}) {
            bake({"--basis", basis, "--seed", "9", "--octaves", "5", "--tile", tile, "--tile-size", "256x256",
                  "--backend", "cpu", "--out", file("t.r32")});
            tiles[tile] = slurp(file("t.r32"));
        }
        const bool lattice = basis != "simplex";
        for (const std::string tile : {"64,0", "0,64", "-64,128"})
            EXPECT_EQ(tiles[tile] == tiles["0,0"], lattice) << basis << " tile " << tile;
    }
}

// docs/noise.md, "Worlds": with --world-hash the same tiles differ, for every basis; and at
// 10^9 texels and beyond, where the highest octave's cells pass 2^32, `check` passes and
// the SIMD backend writes the reference's bytes.
TEST_F(Bake, WithTheWorldHashNoTileRepeatsAndTheBackendsAgreeAt1e9) {
    for (const std::string basis : {"perlin", "classic", "value", "perlin-value", "cellular", "psrdnoise", "simplex",
                                    "opensimplex2", "opensimplex2s"}) {
        std::map<std::string, std::string> tiles;
        for (const std::string tile : {"0,0", "64,0", "0,64", "-64,128"}) {
            bake({"--basis", basis, "--seed", "9", "--octaves", "5", "--tile", tile, "--tile-size", "256x256",
                  "--world-hash", "--backend", "cpu", "--out", file("t.r32")});
            tiles[tile] = slurp(file("t.r32"));
        }
        for (const std::string tile : {"64,0", "0,64", "-64,128"})
            EXPECT_NE(tiles[tile], tiles["0,0"]) << basis << " tile " << tile;
    }
    // At 1/64, octave 8 has 2 cells per texel: at -3 x 10^9 texels, 6 x 10^9 cells, past 2^32.
    const std::vector<std::string> far = {"--world-hash", "--octaves", "8", "--no-octave-limit", "--seed", "4",
                                          "--offset", "1000000000,-3000000000"};
    std::vector<std::string> check = {"check", "--size", "256x256"};
    check.insert(check.end(), far.begin(), far.end());
    const Result c = run(check);
    EXPECT_EQ(c.code, 0) << c.out << c.err;
    EXPECT_NE(c.out.find("PASS"), std::string::npos) << c.out;
    for (const char* backend : {"cpu", "reference"}) {
        std::vector<std::string> b = {"--size", "300x41", "--backend", backend, "--out", file(std::string(backend) + ".r32")};
        b.insert(b.end(), far.begin(), far.end());
        bake(b);
    }
    EXPECT_EQ(slurp(file("cpu.r32")), slurp(file("reference.r32")));
}

TEST_F(Bake, ABakeWiderThanATileAndTallerThanABandIsStreamedExactly) {
    // 9000 texels wide: two tiles per band (8192 and 808 wide). From the GPU, bands of 1024
    // rows (32 MiB tiles): two. On the CPU with two threads, bands of 8 MiB, 233 rows of
    // 9000 floats: five, the last of 168 rows.
    bake({"--size", "9000x1100", "--octaves", "4", "--seed", "2", "--backend", "gpu", "--out", file("gpu.r32")});
    bake({"--size", "9000x1100", "--octaves", "4", "--seed", "2", "--backend", "cpu", "--threads", "2", "--out",
          file("cpu.r32")});
    NoiseSpec s;
    s.octaves = 4;
    s.seed = 2;
    Image ref = cpu::evaluate(s, Grid{9000, 1100, 1});
    Image gpu(9000, 1100, 1), cpuFile(9000, 1100, 1);
    gpu.data = floats(slurp(file("gpu.r32")));
    cpuFile.data = floats(slurp(file("cpu.r32")));
    ASSERT_EQ(gpu.data.size(), ref.data.size());
    EXPECT_EQ(std::memcmp(cpuFile.data.data(), ref.data.data(), ref.data.size() * 4), 0)
        << "the CPU backend is the reference, texel for texel";
    EXPECT_TRUE(test::imagesAgree(gpu, ref, cpu::agreementTolerance(s)[0]));
}

// --backend cpu (SIMD) and --backend reference (scalar) write the same bytes, in every
// format, warped and patterned, records included (both record the backend "cpu"); each
// says which ran.
TEST_F(Bake, TheSimdBackendWritesTheReferencesBytes) {
    for (const char* ext : {"r32", "png", "exr"}) {
        const std::vector<std::string> spec = {"--tile-size", "300x41", "--octaves", "5", "--warp-amount", "0.8",
                                               "--pattern", "marble", "--tile", "3,-2"};
        std::vector<std::string> simd = {"bake", "--backend", "cpu", "--out", file(std::string("simd.") + ext)};
        std::vector<std::string> ref = {"bake", "--backend", "reference", "--out", file(std::string("ref.") + ext)};
        simd.insert(simd.end(), spec.begin(), spec.end());
        ref.insert(ref.end(), spec.begin(), spec.end());
        const Result a = run(simd);
        const Result b = run(ref);
        ASSERT_EQ(a.code, 0) << a.err;
        ASSERT_EQ(b.code, 0) << b.err;
        EXPECT_NE(a.out.find("on the CPU ("), std::string::npos) << a.out;
        EXPECT_NE(b.out.find("on the CPU reference"), std::string::npos) << b.out;
        EXPECT_EQ(slurp(file(std::string("simd.") + ext)), slurp(file(std::string("ref.") + ext))) << ext;
    }
}

// --threads changes how many cores a bake uses, never a byte: the CPU backend, the
// conversions and the PNG and EXR encoders, for files large enough to have many pieces.
TEST_F(Bake, TheThreadCountChangesNoByte) {
    for (const std::vector<std::string>& format :
         {std::vector<std::string>{"png"}, {"png", "--bits", "16"}, {"png", "--output", "normal"},
          {"png", "--colormap", "terrain"}, {"exr"}, {"r16"}}) {
        std::string first;
        for (const char* threads : {"1", "2", "5"}) {
            const std::string out = file(std::string("t") + threads + "." + format[0]);
            std::vector<std::string> args = {"bake", "--backend", "cpu", "--size", "900x700", "--octaves", "3",
                                             "--threads", threads, "--out", out};
            args.insert(args.end(), format.begin() + 1, format.end());
            const Result r = run(args);
            ASSERT_EQ(r.code, 0) << r.err;
            const std::string bytes = slurp(out);
            if (first.empty())
                first = bytes;
            else
                EXPECT_TRUE(bytes == first) << format[0] << " " << (format.size() > 1 ? format[1] : "") << ", "
                                            << threads << " threads";
        }
    }
    // --verbose says where the time went, stage by stage, and the stages fit in the whole.
    const Result v = run({"bake", "--backend", "cpu", "--size", "300x200", "--verbose", "--out", file("v.png")});
    ASSERT_EQ(v.code, 0) << v.err;
    double range = -1, gen = -1, conv = -1, enc = -1, commit = -1, all = -1;
    const std::size_t at = v.err.find("glnoise: bake: ");
    ASSERT_NE(at, std::string::npos) << v.err;
    ASSERT_EQ(std::sscanf(v.err.c_str() + at,
                          "glnoise: bake: measuring the typical range %lf s, generating %lf s, converting %lf s, "
                          "encoding and writing %lf s, committing %lf s, %lf s in all",
                          &range, &gen, &conv, &enc, &commit, &all),
              6)
        << v.err;
    EXPECT_GE(range, 0);
    // Durations only: a fast machine generates 300x200 texels in under the half
    // millisecond the line rounds away, so none is asked to be above zero.
    EXPECT_GE(gen, 0);
    EXPECT_GE(conv, 0);
    EXPECT_GE(enc, 0);
    EXPECT_GE(commit, 0);
    // Each is printed to the millisecond: six roundings of up to half a millisecond.
    EXPECT_LE(range + gen + conv + enc + commit, all + 0.003);
    for (const char* bad : {"0", "1025", "-2", "two"}) {
        const Result r = run({"bake", "--size", "8x8", "--threads", bad, "--out", file("bad.png")});
        EXPECT_EQ(r.code, 2) << bad;
        EXPECT_NE(r.err.find(std::string("--threads ") + bad + ": must be"), std::string::npos) << r.err;
        EXPECT_FALSE(std::filesystem::exists(file("bad.png")));
    }
}

TEST_F(Bake, AnEdgeBeyondOneTextureIsBakedInTiles) {
    // 20000 texels: wider than GL_MAX_TEXTURE_SIZE and Grid's 16384.
    bake({"--size", "20000x3", "--octaves", "3", "--backend", "cpu", "--out", file("wide.r32")});
    const std::vector<float> wide = floats(slurp(file("wide.r32")));
    ASSERT_EQ(wide.size(), 60000u);
    NoiseSpec s;
    s.octaves = 3;
    int differ = 0;
    for (int half = 0; half < 2; ++half) {
        const Image ref = cpu::evaluate(s, Grid{10000, 3, 1}, {10000 * half, 0, 0});
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 10000; ++x)
                differ += wide[static_cast<std::size_t>(y * 20000 + 10000 * half + x)] != ref.at(x, y);
    }
    EXPECT_EQ(differ, 0);
}

TEST_F(Bake, Png16EqualsTheReferenceQuantisedTo65535) {
    bake({"--size", "200x120", "--octaves", "6", "--bits", "16", "--range=-1.2,1.2", "--out", file("h.png")});
    int w = 0, h = 0, n = 0;
    stbi_us* px = stbi_load_16(file("h.png").c_str(), &w, &h, &n, 0);
    ASSERT_NE(px, nullptr);
    ASSERT_EQ(w, 200);
    ASSERT_EQ(h, 120);
    ASSERT_EQ(n, 1);
    NoiseSpec s;
    s.octaves = 6;
    const Image ref = cpu::evaluate(s, Grid{200, 120, 1});
    const ValueRange range{-1.2, 1.2};
    const float tol = static_cast<float>(cpu::agreementTolerance(s)[0]);
    int outside = 0, distinct = 0;
    std::vector<bool> seen(65536);
    for (std::size_t i = 0; i < ref.data.size(); ++i) {
        const int lo = io::quantize16(ref.data[i] - tol, range), hi = io::quantize16(ref.data[i] + tol, range);
        outside += px[i] < lo || px[i] > hi;
        distinct += !seen[px[i]];
        seen[px[i]] = true;
    }
    stbi_image_free(px);
    EXPECT_EQ(outside, 0);
    EXPECT_GT(distinct, 5000) << "16 bits, not 8 stretched";
}

TEST_F(Bake, ExtensionsInAnyCaseAndAPercentInA2dName) {
    // UP.PNG is a PNG and Heights.R16 a raw file; in a 2D bake a % is a character of the
    // name, while a well-formed %d still asks for a volume.
    bake({"--size", "40x30", "--backend", "cpu", "--out", file("UP.PNG")});
    bake({"--size", "40x30", "--backend", "cpu", "--out", file("lower.png")});
    EXPECT_EQ(slurp(file("UP.PNG")), slurp(file("lower.png")));
    bake({"--size", "40x30", "--backend", "cpu", "--out", file("Heights.R16")});
    EXPECT_EQ(slurp(file("Heights.R16")).size(), 40u * 30u * 2u);
    EXPECT_TRUE(std::filesystem::exists(file("Heights.R16.json")));
    bake({"--size", "40x30", "--backend", "cpu", "--out", file("50%.png")});
    EXPECT_EQ(slurp(file("50%.png")), slurp(file("lower.png")));
    const Result r = run({"bake", "--size", "40x30", "--backend", "cpu", "--out", file("slice_%d.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("a %d slice pattern is for volumes"), std::string::npos) << r.err;
}

// Two bakes into one output at once, many times: a raw file and its sidecar always come
// from the same bake, and a volume's slices all from one bake.
TEST_F(Bake, ConcurrentBakesIntoOneOutputLeaveOneWholePairOrSliceSet) {
    const std::string exe = test::quote(test::glnoiseExe());
    auto both = [&](const std::string& size, const std::string& out) {
        std::string cmd;
        for (const char* seed : {"1", "2"})
            cmd += exe + " bake --backend cpu --octaves 3 --size " + size + " --seed " + seed + " --out " +
                   test::quote(out) + " >/dev/null 2>&1 & ";
        cmd += "wait";
        ASSERT_EQ(std::system(cmd.c_str()), 0);
    };
    for (const char* seed : {"1", "2"})
        bake({"--backend", "cpu", "--octaves", "3", "--size", "128x128", "--seed", seed, "--out", file(std::string("ref") + seed + ".r16")});
    int mismatched = 0;
    for (int round = 0; round < 60; ++round) {
        both("128x128", file("same.r16"));
        const auto side = nlohmann::json::parse(slurp(file("same.r16.json")));
        const std::string seed = std::to_string(side["preset"]["seed"].get<std::uint64_t>());
        mismatched += slurp(file("same.r16")) != slurp(file("ref" + seed + ".r16"));
    }
    EXPECT_EQ(mismatched, 0) << "rounds whose data came from the other bake than the sidecar";

    for (const char* seed : {"1", "2"})
        bake({"--backend", "cpu", "--octaves", "3", "--size", "32x32x6", "--seed", seed, "--out", file(std::string("ref") + seed + "_%d.png")});
    int mixed = 0;
    for (int round = 0; round < 30; ++round) {
        both("32x32x6", file("vol_%d.png"));
        int from1 = 0, from2 = 0;
        for (int z = 0; z < 6; ++z) {
            const std::string got = slurp(file("vol_" + std::to_string(z) + ".png"));
            // The record names the command, which is the same but for the seed.
            from1 += got == slurp(file("ref1_" + std::to_string(z) + ".png"));
            from2 += got == slurp(file("ref2_" + std::to_string(z) + ".png"));
        }
        mixed += !(from1 == 6 || from2 == 6);
    }
    EXPECT_EQ(mixed, 0) << "rounds whose slices came from both bakes";
}

// A raw bake needs room for its data and its sidecar: on a 1 MiB file system a 1 MiB
// .r16 is refused before any work (it once wrote the data and failed on the sidecar),
// and the previous pair stays as it was.
TEST_F(Bake, ARawBakeCountsItsSidecarInTheFreeSpace) {
    const std::string mnt = file("small");
    std::filesystem::create_directory(mnt);
    if (std::system(("mount -t tmpfs -o size=1m tmpfs " + test::quote(mnt) + " 2>/dev/null").c_str()) != 0)
        GTEST_SKIP() << "cannot mount a tmpfs here (needs root and mount rights)";
    struct Unmount {
        std::string at;
        ~Unmount() { (void)std::system(("umount " + test::quote(at)).c_str()); }
    } unmount{mnt};
    const std::string out = mnt + "/fresh.r16";
    // Nothing there yet: 1 MiB of data fits exactly, its sidecar would not.
    Result r = run({"bake", "--backend", "cpu", "--size", "1024x512", "--out", out});
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("free"), std::string::npos) << r.err;
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(mnt), {}), 0);
    // A previous pair there (two 4 KiB pages of the tmpfs): 1024x508 fills what is left.
    bake({"--backend", "cpu", "--size", "16x16", "--out", out});
    const std::string oldData = slurp(out), oldSide = slurp(out + ".json");
    r = run({"bake", "--backend", "cpu", "--size", "1024x508", "--out", out});
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("free"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(out), oldData);
    EXPECT_EQ(slurp(out + ".json"), oldSide);
    // 1024x500 leaves room for both: it bakes, the pair complete.
    bake({"--backend", "cpu", "--size", "1024x500", "--out", out});
    EXPECT_EQ(slurp(out).size(), 1024u * 500u * 2u);
    EXPECT_EQ(nlohmann::json::parse(slurp(out + ".json"))["size"], "1024x500");
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(mnt), {}), 2);
}

TEST_F(Bake, ExrAndR16HoldWhatR32Holds) {
    const std::vector<std::string> spec = {"--size", "96x64", "--octaves", "3", "--output", "gradient", "--backend", "cpu"};
    auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), spec.begin(), spec.end());
        return more;
    };
    bake(with({"--out", file("g.r32")}));
    bake(with({"--out", file("g.exr")}));
    const std::vector<float> raw = floats(slurp(file("g.r32")));
    ASSERT_EQ(raw.size(), 96u * 64u * 4u);
    Imf::InputFile in(file("g.exr").c_str());
    std::vector<float> exr(raw.size());
    Imf::FrameBuffer fb;
    // Named by what they hold: the value as Y, the derivatives as the layer "gradient" (no
    // alpha channel: a 2D gradient's d/dz of 0 made viewers show nothing).
    const char* names[4] = {"Y", "gradient.X", "gradient.Y", "gradient.Z"};
    std::vector<std::string> present;
    for (auto c = in.header().channels().begin(); c != in.header().channels().end(); ++c) present.push_back(c.name());
    EXPECT_EQ(present, (std::vector<std::string>{"Y", "gradient.X", "gradient.Y", "gradient.Z"}));
    // A normal map: the normal as R G B, its height as the layer "value".
    bake({"--size", "32x16", "--output", "normal", "--backend", "cpu", "--out", file("n.exr")});
    Imf::InputFile normals(file("n.exr").c_str());
    std::vector<std::string> normalChannels;
    for (auto c = normals.header().channels().begin(); c != normals.header().channels().end(); ++c)
        normalChannels.push_back(c.name());
    EXPECT_EQ(normalChannels, (std::vector<std::string>{"B", "G", "R", "value.Y"}));
    for (int c = 0; c < 4; ++c) fb.insert(names[c], Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(exr.data() + c), 16, 16 * 96));
    in.setFrameBuffer(fb);
    in.readPixels(0, 63);
    EXPECT_EQ(std::memcmp(exr.data(), raw.data(), raw.size() * 4), 0);
    const auto rec = nlohmann::json::parse(in.header().findTypedAttribute<Imf::StringAttribute>("glnoise")->value());
    EXPECT_EQ(rec["stored"]["channels"], nlohmann::json({"value", "d/dx", "d/dy", "d/dz"}));

    // .r16: the value, little-endian, quantized from the stated range.
    bake({"--size", "96x64", "--octaves", "3", "--backend", "cpu", "--out", file("v.r32")});
    bake({"--size", "96x64", "--octaves", "3", "--backend", "cpu", "--out", file("v.r16")});
    const std::vector<float> v = floats(slurp(file("v.r32")));
    const std::string r16 = slurp(file("v.r16"));
    ASSERT_EQ(r16.size(), v.size() * 2);
    NoiseSpec s;
    s.octaves = 3;
    // A heightmap maps the stated range by default (since 0.21.0): no summit clipped.
    int differ = 0;
    const ValueRange stated = s.statedRange();
    for (std::size_t i = 0; i < v.size(); ++i) {
        const unsigned lo = static_cast<unsigned char>(r16[2 * i]), hi = static_cast<unsigned char>(r16[2 * i + 1]);
        differ += (lo | hi << 8) != io::quantize16(v[i], stated);
    }
    EXPECT_EQ(differ, 0);
    const auto side = nlohmann::json::parse(slurp(file("v.r16.json")));
    EXPECT_EQ(side["preset"]["range"], "bound");
    EXPECT_EQ(side["stored"]["range"], nlohmann::json({stated.min, stated.max}));
    EXPECT_EQ(side["stored"]["bits"], 16);
    EXPECT_EQ(side["stored"]["byte_order"], "little");
}

TEST_F(Bake, EveryFormatReBakesFromItsRecordByteForByte) {
    const std::vector<std::vector<std::string>> cases = {
        {"--size", "128x96", "--octaves", "4", "--seed", "9", "--out", file("a.png")},
        {"--size", "128x96", "--fractal", "ridged", "--octaves", "5", "--bits", "16", "--out", file("b.png")},
        {"--size", "128x96", "--basis", "value", "--interp", "cosine", "--out", file("c.exr")},
        {"--size", "128x96", "--octaves", "3", "--range=-0.5,0.5", "--out", file("d.r16")},
        {"--preset", "terrain", "--size", "128x96", "--out", file("e.png")},
        {"--tile", "-3,7", "--tile-size", "64x48", "--octaves", "9", "--no-octave-limit", "--out", file("f.r32")},
        {"--size", "32x24x4", "--octaves", "2", "--out", file("g_%d.png")},
    };
    for (const auto& args : cases) {
        const std::string out = args.back();
        SCOPED_TRACE(out);
        bake(args);
        const std::string again = file("again_" + fs::path(out).filename().string());
        const std::string first = out.find('%') != std::string::npos ? file("g_3.png") : out;
        bake({"--from", first, "--out", again});
        const std::string second = out.find('%') != std::string::npos ? file("again_g_3.png") : again;
        EXPECT_EQ(slurp(first), slurp(second)) << "re-baked from " << first;
        if (fs::exists(out + ".json")) {
            EXPECT_EQ(slurp(out + ".json"), slurp(again + ".json"));
        }
    }
    // A flag given with --from overrides the record.
    bake({"--from", file("a.png"), "--octaves", "2", "--out", file("a2.png")});
    EXPECT_NE(slurp(file("a.png")), slurp(file("a2.png")));
    const auto rec = nlohmann::json::parse(io::readRecord(file("a2.png")));
    EXPECT_EQ(rec["preset"]["octaves"], 2);
    EXPECT_EQ(rec["preset"]["seed"], 9);
    EXPECT_EQ(rec["command"], "glnoise bake --size 128x96 --octaves 2 --seed 9");
}

TEST_F(Bake, PrintSpecIsAPresetThatBakesTheSameFile) {
    const Result r = run({"bake", "--preset", "clouds", "--octaves", "5", "--seed", "12", "--print-spec"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["pattern"], "clouds");
    EXPECT_EQ(j["octaves"], 5);
    EXPECT_EQ(j["colormap"], "clouds");
    { std::ofstream(file("mine.json")) << r.out; }
    bake({"--preset", file("mine.json"), "--size", "100x80", "--out", file("from_file.png")});
    bake({"--preset", "clouds", "--octaves", "5", "--seed", "12", "--size", "100x80", "--out", file("from_flags.png")});
    EXPECT_EQ(slurp(file("from_file.png")), slurp(file("from_flags.png")));
}

// Every built-in preset bakes (at a height that holds fire's flames, which rise from row
// 540, and planet's ice at both poles) and passes `check`: the GPU against the reference.
TEST_F(Bake, EveryBuiltInPresetBakesAndPassesCheck) {
    int presets = 0, graphs = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(test::sourceDir()) / "assets" / "presets")) {
        const std::string name = entry.path().stem().string();
        SCOPED_TRACE(name);
        bake({"--preset", name, "--size", "64x512", "--out", file(name + ".png")});
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(file(name + ".png").c_str(), &w, &h, &n, 1);
        ASSERT_NE(px, nullptr);
        const auto [lo, hi] = std::minmax_element(px, px + w * h);
        EXPECT_GT(*hi - *lo, 40) << "a preset should show its pattern";
        stbi_image_free(px);
        const Result c = run({"check", "--preset", name, "--size", "96x96"});
        EXPECT_EQ(c.code, 0) << c.out << c.err;
        EXPECT_NE(c.out.find("PASS"), std::string::npos) << c.out;
        const auto record = nlohmann::json::parse(io::readRecord(file(name + ".png")));
        graphs += record.contains("graph") ? 1 : 0;
        ++presets;
    }
    EXPECT_GE(presets, 16);
    EXPECT_GE(graphs, 11);
}

// A graph's preset bakes its graph: the file equals `bake --graph` of the graph it holds
// with its mapping, its record holds the graph, and --from re-bakes it. The flags that
// place a graph apply; the others are refused naming the preset, as for --graph.
TEST_F(Bake, AGraphsPresetIsItsGraphWithItsMapping) {
    const std::string preset = R"({"colormap": "fire", "range": [0, 0.8],
        "graph": {"glnoise_graph": 2, "out": "t", "nodes": {
          "n": {"kind": "basis", "basis": "simplex", "frequency": 0.03},
          "t": {"kind": "fractal", "type": "turbulence", "source": "n", "octaves": 3}}}})";
    { std::ofstream(file("flames.json")) << preset; }
    { std::ofstream(file("graph.json")) << nlohmann::json::parse(preset)["graph"].dump(); }
    bake({"--preset", file("flames.json"), "--size", "80x64", "--seed", "5", "--backend", "cpu", "--out", file("p.png")});
    bake({"--graph", file("graph.json"), "--size", "80x64", "--seed", "5", "--colormap", "fire", "--range", "0,0.8",
          "--backend", "cpu", "--out", file("g.png")});
    EXPECT_EQ(slurp(file("p.png")), slurp(file("g.png")));
    const auto rec = nlohmann::json::parse(io::readRecord(file("p.png")));
    EXPECT_EQ(rec["graph"]["nodes"]["t"]["type"], "turbulence");
    EXPECT_EQ(rec["preset"]["colormap"], "fire");
    EXPECT_EQ(rec["graph"]["seed"], 5);
    bake({"--from", file("p.png"), "--out", file("again.png")});
    EXPECT_EQ(slurp(file("again.png")), slurp(file("p.png")));
    // --print-graph prints the graph; --print-spec says a graph is printed that way.
    Result r = run({"bake", "--preset", file("flames.json"), "--print-graph"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(Graph::parse(r.out), Graph::parse(nlohmann::json::parse(preset)["graph"].dump()));
    r = run({"bake", "--preset", file("flames.json"), "--print-spec"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--print-spec: a graph is printed with --print-graph"), std::string::npos) << r.err;
    r = run({"bake", "--preset", file("flames.json"), "--octaves", "5", "--size", "8x8", "--out", file("x.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--octaves 5: preset " + file("flames.json") + ": its graph says how its noise is made"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(file("x.png")));
}

// A graph's preset is checked as a graph and as a preset: every problem named at once, by
// the preset's key or the graph's node and field.
TEST_F(Bake, AGraphsPresetsMistakesAreNamed) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
        {R"({"graph": {"glnoise_graph": 2, "out": "a", "nodes": {"a": {"kind": "basis"}}}, "octaves": 4, "colormap": "rainbow"})",
         {"octaves is not a key of a graph's preset (its nodes say how its noise is made); allowed: graph, colormap, range, bits",
          "colormap rainbow: allowed: "}},
        {R"({"graph": [1, 2]})", {"graph [1,2]: must be a graph's JSON object (docs/graphs.md)"}},
        {R"({"graph": {"glnoise_graph": 2, "out": "a", "nodes": {"a": {"kind": "basis", "octaves": 3}}}, "bits": 12})",
         {"node \"a\"", "octaves", "bits 12: must be 8, 16 or 32"}},
        {R"({"graph": {"glnoise_graph": 2, "out": "b", "nodes": {"a": {"kind": "basis"}}}})", {"\"b\""}},
    };
    int i = 0;
    for (const auto& [text, messages] : cases) {
        const std::string path = file("bad" + std::to_string(i++) + ".json");
        { std::ofstream(path) << text; }
        const Result r = run({"bake", "--preset", path, "--size", "8x8", "--out", file("x.png")});
        EXPECT_EQ(r.code, 2) << text;
        for (const std::string& m : messages) EXPECT_NE(r.err.find(m), std::string::npos) << "wanted: " << m << "\ngot: " << r.err;
        EXPECT_NE(r.err.find("preset " + path), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(file("x.png")));
    }
}

// A file baked from a preset of a spec, as every preset was before 0.42.0, records its
// spec: --from re-bakes it byte for byte whatever the preset of that name is now.
TEST_F(Bake, AFileBakedFromAnEarlierSpecPresetReBakes) {
    // assets/presets/terrain.json of glnoise 0.41.0, and the record that version wrote.
    const nlohmann::json spec = nlohmann::json::parse(R"({"basis": "perlin", "fractal": "fbm", "frequency": 0.00625,
        "octaves": 7, "normalize": true, "rotate": true, "range": [-0.47, 0.4], "colormap": "terrain"})");
    { std::ofstream(file("terrain41.json")) << spec.dump(); }
    bake({"--preset", file("terrain41.json"), "--size", "96x64", "--colormap", "none", "--backend", "cpu", "--out", file("old.r16")});
    auto rec = nlohmann::json::parse(slurp(file("old.r16.json")));
    EXPECT_FALSE(rec.contains("graph"));
    EXPECT_EQ(rec["preset"]["octaves"], 7);
    rec["generator"] = "glnoise 0.41.0";
    rec["command"] = "glnoise bake --preset terrain --size 96x64 --out old.r16";
    { std::ofstream(file("old.r16.json")) << rec.dump(2); }
    bake({"--from", file("old.r16"), "--backend", "cpu", "--out", file("again.r16")});
    EXPECT_EQ(slurp(file("again.r16")), slurp(file("old.r16")));
    bake({"--preset", "terrain", "--size", "96x64", "--colormap", "none", "--backend", "cpu", "--out", file("now.r16")});
    EXPECT_NE(slurp(file("now.r16")), slurp(file("old.r16")));
}

TEST_F(Bake, APresetsMistakesAreNamedAllAtOnce) {
    { std::ofstream(file("bad.json")) << R"({"octave": 3, "basis": "foo", "gain": "x", "octaves": 0})"; }
    const Result r = run({"bake", "--preset", file("bad.json"), "--size", "64x64", "--out", file("x.png")});
    EXPECT_EQ(r.code, 2);
    const std::string source = "preset " + file("bad.json") + ": ";
    for (const std::string& m : {source + "octave is not a known key; allowed: basis, cell_distance, cell_exponent, cell_jitter, cell_return, cell_smoothness, dims,",
                                source + "basis foo: allowed: " + kindNames(basisKinds()),
                                source + "gain \"x\": must be a number"})
        EXPECT_NE(r.err.find(m), std::string::npos) << "missing: " << m << "\ngot: " << r.err;
    EXPECT_FALSE(fs::exists(file("x.png")));
    { std::ofstream(file("range.json")) << R"({"octaves": 0})"; }
    const Result v = run({"bake", "--preset", file("range.json"), "--size", "64x64", "--out", file("x.png")});
    EXPECT_EQ(v.code, 2);
    EXPECT_NE(v.err.find("preset " + file("range.json") + ": octaves 0: must be"), std::string::npos) << v.err;
}

// A PNG's pixels, decoded (a GPU's file and a CPU's differ in their records' backend).
std::vector<unsigned char> pixelsOf(const std::string& png) {
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 0);
    if (px == nullptr) return {};
    std::vector<unsigned char> v(px, px + static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * static_cast<std::size_t>(n));
    stbi_image_free(px);
    return v;
}

TEST_F(Bake, AColormapOnTheGpuIsTheCpusColormap) {
    bake({"--size", "256x128", "--octaves", "5", "--colormap", "terrain", "--normalize", "--backend", "gpu", "--out",
          file("gpu.png")});
    bake({"--size", "256x128", "--octaves", "5", "--colormap", "terrain", "--normalize", "--backend", "cpu", "--out",
          file("cpu.png")});
    EXPECT_FALSE(pixelsOf(file("gpu.png")).empty());
    EXPECT_EQ(pixelsOf(file("gpu.png")), pixelsOf(file("cpu.png")));
    // Each pixel is the map's entry for the reference value.
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(file("gpu.png").c_str(), &w, &h, &n, 0);
    ASSERT_NE(px, nullptr);
    ASSERT_EQ(n, 3);
    NoiseSpec s;
    s.octaves = 5;
    s.normalize = true;
    const Image ref = cpu::evaluate(s, Grid{256, 128, 1});
    const Colormap map = Colormap::named("terrain");
    int differ = 0;
    const ValueRange typical = cpu::typicalRange(s);  // once: it is measured
    for (std::size_t i = 0; i < ref.data.size(); ++i) {
        const std::uint32_t c = map.color(ref.data[i], typical);
        for (int k = 0; k < 3; ++k) differ += px[3 * i + static_cast<std::size_t>(k)] != ((c >> (8 * k)) & 0xffu);
    }
    stbi_image_free(px);
    EXPECT_EQ(differ, 0);
    // Every built-in map, over values that cross each stop many times. Each backend's PNG is
    // the map applied to that backend's own floats (its .r32); the two PNGs are the same file
    // wherever the floats are the same (llvmpipe: always; a GPU's FMAs and sin() may move a
    // value by an ulp across a level).
    const auto mapped = [](const std::string& png, const std::vector<float>& values, const Colormap& map) {
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(png.c_str(), &w, &h, &n, 3);
        EXPECT_NE(px, nullptr);
        if (px == nullptr) return -1;
        int differ = static_cast<std::size_t>(w) * static_cast<std::size_t>(h) == values.size() ? 0 : -1;
        for (std::size_t i = 0; differ >= 0 && i < values.size(); ++i) {
            const std::uint32_t c = map.color(values[i], ValueRange{-0.9f, 0.9f});
            for (int k = 0; k < 3; ++k) differ += px[3 * i + static_cast<std::size_t>(k)] != ((c >> (8 * k)) & 0xffu);
        }
        stbi_image_free(px);
        return differ;
    };
    for (const std::string& name : Colormap::names()) {
        SCOPED_TRACE(name);
        const std::vector<std::string> spec = {"--size", "200x64", "--octaves", "4", "--frequency", "0.05"};
        std::vector<std::string> flags = spec;
        flags.insert(flags.end(), {"--colormap", name, "--range", "-0.9,0.9"});
        std::vector<std::string> gpu = flags, cpu = flags, gpuFloats = spec, cpuFloats = spec;
        gpu.insert(gpu.end(), {"--out", file("g-" + name + ".png")});
        cpu.insert(cpu.end(), {"--backend", "cpu", "--out", file("c-" + name + ".png")});
        gpuFloats.insert(gpuFloats.end(), {"--out", file("g-" + name + ".r32")});
        cpuFloats.insert(cpuFloats.end(), {"--backend", "cpu", "--out", file("c-" + name + ".r32")});
        for (const auto* args : {&gpu, &cpu, &gpuFloats, &cpuFloats}) bake(*args);
        const std::vector<float> g = floats(slurp(file("g-" + name + ".r32")));
        const std::vector<float> c = floats(slurp(file("c-" + name + ".r32")));
        const Colormap map = Colormap::named(name);
        EXPECT_EQ(mapped(file("g-" + name + ".png"), g, map), 0);
        EXPECT_EQ(mapped(file("c-" + name + ".png"), c, map), 0);
        if (g == c) {
            EXPECT_EQ(pixelsOf(file("g-" + name + ".png")), pixelsOf(file("c-" + name + ".png")));
        }
    }
}

TEST_F(Bake, AVolumeAsPngSlicesIsTheRawVolumeSliceBySlice) {
    bake({"--size", "40x30x5", "--octaves", "3", "--backend", "cpu", "--out", file("vol.r32")});
    bake({"--size", "40x30x5", "--octaves", "3", "--backend", "cpu", "--out", file("slice_%03d.png")});
    const std::vector<float> v = floats(slurp(file("vol.r32")));
    NoiseSpec s;
    s.dims = 3;
    s.octaves = 3;
    const ValueRange typical = cpu::typicalRange(s);  // once: it is measured
    for (int z = 0; z < 5; ++z) {
        char name[32];
        std::snprintf(name, sizeof name, "slice_%03d.png", z);
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(file(name).c_str(), &w, &h, &n, 0);
        ASSERT_NE(px, nullptr) << name;
        int differ = 0;
        for (int i = 0; i < 40 * 30; ++i) differ += px[i] != io::quantize8(v[static_cast<std::size_t>(z * 1200 + i)], typical);
        EXPECT_EQ(differ, 0) << name;
        stbi_image_free(px);
        EXPECT_EQ(nlohmann::json::parse(io::readRecord(file(name)))["slice"], z);
    }
    EXPECT_FALSE(fs::exists(file("slice_005.png")));
}

// Whether process `pid` holds a file open in directory `dir` (its output, claimed).
bool writesIn(pid_t pid, const fs::path& dir) {
    std::error_code ec;
    const std::string inside = fs::canonical(dir).string() + "/";
    for (const auto& e : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
        const fs::path target = fs::read_symlink(e.path(), ec);
        if (!ec && target.string().rfind(inside, 0) == 0) return true;
    }
    return false;
}

// Starts a bake in the background, waits `delay` or, without one, until the bake has claimed
// its output in `dir` (however long the machine takes to get there), signals it.
Result bakeAndSignal(const std::vector<std::string>& args, int signal, const fs::path& logs,
                     std::optional<std::chrono::microseconds> delay = std::nullopt, const fs::path& dir = {}) {
    const std::string out = (logs / "out").string(), err = (logs / "err").string();
    const std::string exe = test::glnoiseExe();
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::freopen(out.c_str(), "w", stdout);
        std::freopen(err.c_str(), "w", stderr);
        std::vector<char*> argv = {const_cast<char*>(exe.c_str()), const_cast<char*>("bake")};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(exe.c_str(), argv.data());
        std::_Exit(127);
    }
    if (delay) {
        std::this_thread::sleep_for(*delay);
    } else {
        // Until it writes there, or ends without (then the assertions below say how).
        for (;;) {
            siginfo_t info{};
            if (writesIn(pid, dir) || ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
                info.si_pid != 0)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
    ::kill(pid, signal);
    int status = 0;
    ::waitpid(pid, &status, 0);
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

TEST_F(Bake, StoppingABakeLeavesNoFileAndThePreviousOneIntact) {
    char tmpl[] = "/tmp/glnoise-logs-XXXXXX";
    const fs::path logs = ::mkdtemp(tmpl);
    // Minutes of work on the CPU backend: the signal arrives once the output is claimed, in
    // the middle of it.
    const std::vector<std::string> big = {"--size", "16384x16384", "--octaves", "8", "--backend", "cpu", "--out",
                                          file("big.png")};
    { std::ofstream(file("big.png")) << "the previous bake"; }
    for (int sig : {SIGINT, SIGTERM}) {
        const Result r = bakeAndSignal(big, sig, logs, std::nullopt, dir);
        SCOPED_TRACE(sig);
        EXPECT_EQ(r.code, 128 + sig) << r.err;
        EXPECT_NE(r.err.find(std::string("glnoise: interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM") + "; " +
                             file("big.png") + " was not written"),
                  std::string::npos)
            << r.err;
        EXPECT_EQ(slurp(file("big.png")), "the previous bake");
        EXPECT_EQ(entries(), 1u) << "no temporary file is left";
    }
    // SIGKILL cannot be caught; the output was never named, so nothing is left either.
    fs::remove(file("big.png"));
    const Result k = bakeAndSignal(big, SIGKILL, logs, std::nullopt, dir);
    EXPECT_EQ(k.code, 128 + SIGKILL);
    EXPECT_EQ(entries(), 0u);
    fs::remove_all(logs);
}

TEST_F(Bake, KillingABakeAtRandomMomentsLeavesThePreviousFileOrTheWholeNewOne) {
    char tmpl[] = "/tmp/glnoise-logs-XXXXXX";
    const fs::path logs = ::mkdtemp(tmpl);
    // The whole new file, made once: the same command gives the same bytes every time.
    const std::vector<std::string> spec = {"--size", "2048x2048", "--octaves", "6", "--seed", "3"};
    std::map<std::string, std::string> whole;
    std::map<std::string, double> seconds;
    for (const std::string ext : {".png", ".r16"}) {
        std::vector<std::string> args = spec;
        args.insert(args.end(), {"--out", file("whole" + ext)});
        const auto t0 = std::chrono::steady_clock::now();
        bake(args);
        seconds[ext] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        whole[ext] = slurp(file("whole" + ext));
        if (ext == ".r16") whole[".r16.json"] = slurp(file("whole.r16.json"));
        fs::remove(file("whole" + ext));
        fs::remove(file("whole" + ext + ".json"));
    }
    // Moments from the start of the process to past its end: before the file is claimed,
    // mid-bake, during the final writes and the rename, after it is done.
    const unsigned seed = 8;
    std::mt19937 rng(seed);
    for (int trial = 0; trial < 18; ++trial) {
        const int sig = std::array<int, 3>{SIGINT, SIGTERM, SIGKILL}[static_cast<std::size_t>(trial % 3)];
        const std::string ext = trial % 2 == 0 ? ".png" : ".r16";
        const bool previous = trial % 4 < 2;
        const std::string out = file("out" + ext);
        if (previous) {
            std::ofstream(out) << "the previous bake";
            if (ext == ".r16") std::ofstream(out + ".json") << "the previous record";
        }
        const auto delay = std::chrono::microseconds(
            std::uniform_int_distribution<long>(0, static_cast<long>(1.3e6 * seconds[ext]))(rng));
        std::vector<std::string> args = spec;
        args.insert(args.end(), {"--out", out});
        const Result r = bakeAndSignal(args, sig, logs, delay);
        SCOPED_TRACE("trial " + std::to_string(trial) + " (seed " + std::to_string(seed) + "): signal " +
                     std::to_string(sig) + " after " + std::to_string(delay.count()) + " us, " + ext +
                     (previous ? " over a previous file" : "") + "; exit " + std::to_string(r.code));
        // Each file is the previous one, or none when there was none, or the whole new one.
        for (const std::string& name : ext == ".r16" ? std::vector<std::string>{out, out + ".json"}
                                                     : std::vector<std::string>{out}) {
            const std::string key = name == out ? ext : ".r16.json";
            if (!fs::exists(name)) {
                EXPECT_FALSE(previous) << name << " was there before and is gone";
                continue;
            }
            const std::string got = slurp(name);
            const std::string before = name == out ? "the previous bake" : "the previous record";
            EXPECT_TRUE((previous && got == before) || got == whole[key])
                << name << " is neither the previous file nor the whole new one (" << got.size() << " bytes of "
                << whole[key].size() << ")";
        }
        std::size_t files = 0;
        for (const auto& e : fs::directory_iterator(dir)) files += fs::path(e).filename().string().rfind("out", 0) == 0;
        EXPECT_EQ(entries(), files) << "a temporary file is left";
        fs::remove(out);
        fs::remove(out + ".json");
    }
    fs::remove_all(logs);
}

// The Quick start's sample: its default mapping, the typical range, uses nearly every level
// and clips almost nothing; --range bound maps the stated range, which leaves most levels
// unused. The record says which it was.
TEST_F(Bake, TheQuickStartSampleUsesTheLevels) {
    struct Levels {
        int used = 0;
        double clipped = 0.0;
    };
    auto levels = [&](const std::string& name) {
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(file(name).c_str(), &w, &h, &n, 1);
        EXPECT_NE(px, nullptr);
        std::vector<int> count(256, 0);
        for (int i = 0; i < w * h; ++i) ++count[px[i]];
        stbi_image_free(px);
        Levels l;
        for (int c : count) l.used += c > 0;
        l.clipped = static_cast<double>(count[0] + count[255]) / (w * h);
        return l;
    };
    bake({"--size", "1024x1024", "--octaves", "6", "--out", file("noise.png")});
    bake({"--size", "1024x1024", "--octaves", "6", "--range", "bound", "--out", file("bound.png")});
    const Levels typical = levels("noise.png"), bound = levels("bound.png");
    EXPECT_GE(typical.used, 231) << "at least 90% of the 256 levels";
    EXPECT_LE(typical.clipped, 0.005) << "at most 0.5% of the texels at 0 or 255";
    EXPECT_LT(bound.used, 200);
    EXPECT_EQ(bound.clipped, 0.0);
    const auto rec = nlohmann::json::parse(io::readRecord(file("noise.png")));
    NoiseSpec s;
    s.octaves = 6;
    const ValueRange t = cpu::typicalRange(s);
    EXPECT_EQ(rec["stored"]["range"], nlohmann::json({t.min, t.max}));
    EXPECT_FALSE(rec["preset"].contains("range"));
    const auto boundRec = nlohmann::json::parse(io::readRecord(file("bound.png")));
    EXPECT_EQ(boundRec["stored"]["range"], nlohmann::json({s.statedRange().min, s.statedRange().max}));
    EXPECT_EQ(boundRec["preset"]["range"], "bound");
    EXPECT_NE(boundRec["command"].get<std::string>().find(" --range bound"), std::string::npos);
    // Tiles of one world map alike: a tile's bytes are the whole bake's.
    bake({"--tile", "1,0", "--tile-size", "512x512", "--octaves", "6", "--out", file("tile.png")});
    int w = 0, h = 0, n = 0;
    unsigned char* whole = stbi_load(file("noise.png").c_str(), &w, &h, &n, 1);
    unsigned char* tile = stbi_load(file("tile.png").c_str(), &w, &h, &n, 1);
    ASSERT_NE(whole, nullptr);
    ASSERT_NE(tile, nullptr);
    int differ = 0;
    for (int y = 0; y < 512; ++y)
        for (int x = 0; x < 512; ++x) differ += tile[y * 512 + x] != whole[y * 1024 + 512 + x];
    stbi_image_free(whole);
    stbi_image_free(tile);
    EXPECT_EQ(differ, 0);
}

TEST_F(Bake, TheSameCommandTwiceGivesTheSameBytes) {
    // Every format, on both backends: nothing of the time, the path or the machine's
    // threads reaches the file.
    const std::vector<std::pair<std::string, std::vector<std::string>>> formats = {
        {".png", {}}, {".png", {"--bits", "16"}}, {".png", {"--colormap", "terrain"}}, {".exr", {}},
        {".exr", {"--output", "gradient"}}, {".r16", {}}, {".r32", {"--output", "normal"}},
        {"_%02d.png", {"--size", "64x48x3"}}, {".r16", {"--size", "64x48x3"}}};
    int n = 0;
    for (const std::string backend : {"gpu", "cpu"}) {
        for (const auto& [ext, extra] : formats) {
            std::vector<std::string> args = {"--octaves", "5", "--basis", "simplex", "--seed", "12", "--backend", backend};
            if (std::find(extra.begin(), extra.end(), "--size") == extra.end()) args.insert(args.end(), {"--size", "300x200"});
            // Gradients and normals are of the unwarped noise.
            if (std::find(extra.begin(), extra.end(), "--output") == extra.end())
                args.insert(args.end(), {"--warp-amount", "0.5"});
            args.insert(args.end(), extra.begin(), extra.end());
            const std::string a = "a" + std::to_string(n) + ext, b = "b" + std::to_string(n) + ext;
            ++n;
            std::vector<std::string> first = args, second = args;
            first.insert(first.end(), {"--out", file(a)});
            second.insert(second.end(), {"--out", file(b)});
            bake(first);
            bake(second);
            SCOPED_TRACE(backend + " " + ext);
            const bool slices = ext.find('%') != std::string::npos;
            for (int z = 0; z < (slices ? 3 : 1); ++z) {
                char na[64], nb[64];
                std::snprintf(na, sizeof na, a.c_str(), z);
                std::snprintf(nb, sizeof nb, b.c_str(), z);
                const std::string fa = slurp(file(na)), fb = slurp(file(nb));
                EXPECT_GT(fa.size(), 100u);
                EXPECT_TRUE(fa == fb) << na << " and " << nb << " differ";
                if (fs::exists(file(std::string(na) + ".json"))) {
                    EXPECT_EQ(slurp(file(std::string(na) + ".json")), slurp(file(std::string(nb) + ".json")));
                }
            }
        }
    }
}

}  // namespace
}  // namespace glnoise
