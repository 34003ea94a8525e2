// SPDX-License-Identifier: MIT
// GPU against the CPU reference: max |diff| <= 1e-5 for single noise and 1e-5 times the
// amplitude sum for fBm (docs/math.md).
#include "glnoise/gpu.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#include <cmath>
#include <random>

#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"
#include "gpu/noise_shader.hpp"
#include "test_support.hpp"

namespace glnoise::gpu {
namespace {

struct Case {
    const char* name;
    int dims;
    int octaves;
    std::optional<std::uint64_t> seed;
    std::array<double, 3> offset;
    Grid grid;
    double z = 0.0;
    double frequency = 1.0 / 64;
    bool normalize = false;
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

class GpuMatchesCpu : public ::testing::TestWithParam<Case> {};

TEST_P(GpuMatchesCpu, WithinTolerance) {
    GLNOISE_REQUIRE_GPU(ctx);
    const Case& c = GetParam();
    NoiseSpec s;
    s.dims = c.dims;
    s.octaves = c.octaves;
    s.seed = c.seed;
    s.offset = c.offset;
    s.z = c.z;
    s.frequency = c.frequency;
    s.normalize = c.normalize;
    Generator gen(*ctx);
    const Image g = gen.generate(s, c.grid);
    const Image r = cpu::evaluate(s, c.grid);
    EXPECT_TRUE(test::imagesAgree(g, r, 1e-5 * (s.normalize ? 1.0 : s.amplitudeSum())));
    // Not all zero, not constant: the comparison above compared real noise.
    float lo = g.data[0], hi = g.data[0];
    for (float v : g.data) lo = std::min(lo, v), hi = std::max(hi, v);
    EXPECT_GT(hi - lo, 0.1f);
}

INSTANTIATE_TEST_SUITE_P(
    Noise, GpuMatchesCpu,
    ::testing::Values(
        Case{"perlin2", 2, 1, std::nullopt, {0, 0, 0}, {256, 256, 1}},
        Case{"perlin3_slice", 3, 1, std::nullopt, {0, 0, 0}, {256, 256, 1}, 17.5},
        Case{"perlin2_seed7_offset", 2, 1, 7, {-1234.5, 987.25, 0}, {200, 130, 1}},
        Case{"perlin3_seed_max", 3, 1, 0xffffffffffffffffull, {3.5, -7.25, 11}, {97, 61, 1}},
        Case{"fbm2_4", 2, 4, std::nullopt, {0, 0, 0}, {256, 256, 1}},
        Case{"fbm3_4_seed42", 3, 4, 42, {10, 20, 30}, {256, 256, 1}},
        Case{"fbm2_8_seed1", 2, 8, 1, {-5e6, 3e6, 0}, {300, 200, 1}},
        Case{"fbm3_8", 3, 8, std::nullopt, {0, 0, 0}, {256, 256, 1}, 0.0, 1.0 / 32},
        Case{"fbm3_8_far_normalized", 3, 8, 99, {1e7, -1e7, 5e6}, {128, 128, 1}, 0.0, 1.0 / 64, true},
        Case{"volume3_4", 3, 4, 5, {0, 0, 0}, {40, 36, 20}},
        Case{"volume3_1_offset", 3, 1, std::nullopt, {-100, 50, 25}, {33, 17, 9}, 0.0, 0.1}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Generator, TextureStaysOnTheGpuAndReadsBackTheSame) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    NoiseSpec s;
    s.octaves = 3;
    Texture t = gen.run(s, Grid{64, 48, 1});
    EXPECT_NE(t.handle(), 0u);
    EXPECT_EQ(t.grid().width, 64);
    const Image a = gen.read(t);
    s.seed = 3;  // regenerate into the same texture with another table
    gen.run(s, t);
    const Image b = gen.read(t);
    EXPECT_TRUE(test::imagesAgree(b, cpu::evaluate(s, Grid{64, 48, 1}), 1e-5 * s.amplitudeSum()));
    EXPECT_NE(a.data, b.data);
}

TEST(Generator, EvaluatePointsMatchesTheCpu) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    std::mt19937 rng(1);
    std::uniform_real_distribution<double> u(-1e4, 1e4);
    std::vector<std::array<double, 4>> pts;
    for (int i = 0; i < 70000; ++i) pts.push_back({u(rng), u(rng), u(rng)});  // more than one batch
    for (int dims : {2, 3}) {
        NoiseSpec s;
        s.dims = dims;
        s.octaves = 5;
        s.seed = 123;
        const auto g = gen.evaluatePoints(s, pts);
        const auto c = cpu::evaluatePoints(s, pts);
        ASSERT_EQ(g.size(), pts.size());
        double worst = 0;
        std::size_t at = 0;
        for (std::size_t i = 0; i < g.size(); ++i)
            if (std::fabs(g[i] - c[i]) > worst) worst = std::fabs(g[i] - c[i]), at = i;
        EXPECT_LE(worst, 1e-5 * s.amplitudeSum())
            << "dims " << dims << " point " << at << " (" << pts[at][0] << ", " << pts[at][1] << ", " << pts[at][2]
            << "): expected " << c[at] << ", actual " << g[at];
    }
}

TEST(Generator, KenPerlinsKnownValueOnTheGpu) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    NoiseSpec s;
    s.dims = 3;
    s.frequency = 1.0;
    const auto v = gen.evaluatePoints(s, {{3.14, 42.0, 7.0}, {0.5, 0.5, 0.5}, {12.0, -3.0, 200.0}});
    EXPECT_NEAR(v[0], 0.136919958784, 2e-6);
    EXPECT_EQ(v[1], -0.25f);
    EXPECT_EQ(v[2], 0.0f);
}

TEST(Generator, RefusesSizesAboveTheDriverLimit) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    NoiseSpec s;
    s.dims = 3;
    const int limit = ctx->info().max3dTextureSize;
    if (limit >= kMaxEdge) GTEST_SKIP() << "this driver allows 3D textures of every size glnoise accepts";
    try {
        gen.run(s, Grid{limit + 1, 2, 2});
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_NE(std::string(e.what()).find("width " + std::to_string(limit + 1) + " is above GL_MAX_3D_TEXTURE_SIZE " +
                                             std::to_string(limit)),
                  std::string::npos)
            << e.what();
    }
}

TEST(Context, ReportsWhatItRunsOn) {
    GLNOISE_REQUIRE_GPU(ctx);
    const auto& i = ctx->info();
    EXPECT_TRUE(i.platform == "device" || i.platform == "surfaceless" || i.platform == "default") << i.platform;
    EXPECT_FALSE(i.renderer.empty());
    EXPECT_GE(i.maxTextureSize, 1024);
    EXPECT_GE(i.maxWorkGroupInvocations, 64);
}

TEST(Context, AnUnknownPlatformIsABadArgument) {
    ContextOptions o;
    o.platform = "wayland";
    try {
        Context c(o);
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_STREQ(e.what(), "egl platform wayland: must be device, surfaceless or default");
    }
}

TEST(Generator, EveryLayoutComputesTheSameTexels) {
    GLNOISE_REQUIRE_GPU(ctx);
    // Value noise; warped Perlin fBm whose low octaves have lattice cells wider than a
    // subgroup (uniform reads) and whose high ones narrower (reads that differ per lane);
    // simplex noise in 4D, whose cells are skewed; Ken Perlin's table beside seeds'.
    NoiseSpec value;
    value.dims = 3;
    value.octaves = 5;
    value.seed = 21;
    value.basis = Basis::Value;
    NoiseSpec perlin;
    perlin.dims = 3;
    perlin.octaves = 8;
    perlin.frequency = 1.0 / 96.0;
    perlin.warpAmount = 0.7;
    NoiseSpec simplex;
    simplex.dims = 4;
    simplex.octaves = 3;
    simplex.seed = 5;
    simplex.basis = Basis::Simplex;
    simplex.frequency = 1.0 / 8.0;
    using T = GeneratorOptions::Table;
    const Grid grid{37, 29, 1};  // not a multiple of any workgroup shape
    Generator reference(*ctx, GeneratorOptions{8, 8, T::Buffer});
    std::vector<Image> expected;
    for (const NoiseSpec& spec : {value, perlin, simplex}) expected.push_back(reference.generate(spec, grid, {-300, 40, 0}));
    for (const GeneratorOptions& o :
         {GeneratorOptions{16, 16, T::Buffer}, GeneratorOptions{64, 1, T::Buffer}, GeneratorOptions{8, 8, T::Shared},
          GeneratorOptions{4, 2, T::Shared}, GeneratorOptions{16, 16, T::Shared},  // NVIDIA's default
          GeneratorOptions{32, 32, T::Shared}, GeneratorOptions{8, 8, T::Texture},
          GeneratorOptions{8, 8, T::Uniform}, GeneratorOptions{16, 4, T::Uniform}, GeneratorOptions{},
          GeneratorOptions{0, 0, T::Shared}, GeneratorOptions{0, 0, T::Texture},
          GeneratorOptions{8, 8, T::Buffer, true}, GeneratorOptions{4, 2, T::Shared, true},
          GeneratorOptions{8, 8, T::Texture, true}, GeneratorOptions{32, 8, T::Texture, true},
          GeneratorOptions{8, 8, T::Uniform, true}}) {
        SCOPED_TRACE(std::to_string(o.localSizeX) + "x" + std::to_string(o.localSizeY) + " table " + toString(o.table) +
                     (o.uniformReads ? ", uniform reads" : ""));
        std::unique_ptr<Generator> gen;
        try {
            gen = std::make_unique<Generator>(*ctx, o);
        } catch (const ValidationError& e) {
            ASSERT_TRUE(o.uniformReads) << e.what();
            continue;  // a driver without subgroup votes
        }
        EXPECT_NE(gen->layout().options.table, T::Auto);
        EXPECT_GT(gen->layout().options.localSizeX, 0);
        int k = 0;
        for (const NoiseSpec& spec : {value, perlin, simplex}) {
            const Image got = gen->generate(spec, grid, {-300, 40, 0});
            const Image& want = expected[static_cast<std::size_t>(k++)];
            ASSERT_EQ(got.data.size(), want.data.size());
            EXPECT_EQ(std::memcmp(got.data.data(), want.data.data(), got.data.size() * sizeof(float)), 0)
                << toString(spec.basis) << ", seed " << (spec.seed ? std::to_string(*spec.seed) : "none");
        }
    }
    EXPECT_THROW(Generator(*ctx, GeneratorOptions{65, 1, T::Buffer}), ValidationError);
    EXPECT_THROW(Generator(*ctx, GeneratorOptions{12, 4, T::Buffer}), ValidationError);
    EXPECT_THROW(Generator(*ctx, GeneratorOptions{64, 32, T::Buffer}), ValidationError);
    EXPECT_THROW(Generator(*ctx, GeneratorOptions{8, 0, T::Buffer}), ValidationError);
}

// Frames and a graph's parameters in uniform blocks read what storage buffers read: a
// dispatch cut into boxes of anchors whose frames fit a block (grids straddling anchors in
// 2D and in a volume, with 256 frames an anchor: two anchors a box), one box, and a graph
// whose frames for one anchor outgrow a block (read from a storage buffer); eval's points
// (their frames in a storage buffer, the parameters in a block).
TEST(Generator, FramesInUniformBlocksComputeWhatStorageBuffersCompute) {
    GLNOISE_REQUIRE_GPU(ctx);
    using F = GeneratorOptions::Frames;
    using T = GeneratorOptions::Table;
    auto nested = [](int outer, int inner) {
        return Graph::parse(R"({"glnoise_graph": 1, "dims": 3, "out": "o", "nodes": {
            "n": {"kind": "basis", "frequency": 0.02},
            "i": {"kind": "fractal", "source": "n", "octaves": )" + std::to_string(inner) + R"(, "lacunarity": 1.7},
            "o": {"kind": "fractal", "type": "ridged", "source": "i", "octaves": )" + std::to_string(outer) + R"(, "gain": 0.6}}})",
                            "nested");
    };
    const Graph many = nested(16, 16), tooMany = nested(20, 30);
    NoiseSpec warped;
    warped.dims = 3;
    warped.octaves = 8;
    warped.warpAmount = 0.7;
    Generator buffers(*ctx, GeneratorOptions{8, 8, T::Texture, false, F::Buffer});
    Generator blocks(*ctx, GeneratorOptions{8, 8, T::Texture, false, F::Block});
    ASSERT_EQ(blocks.layout().options.frames, F::Block);
    auto same = [](const Image& a, const Image& b, const std::string& what) {
        ASSERT_EQ(a.data.size(), b.data.size()) << what;
        EXPECT_EQ(std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)), 0) << what;
    };
    same(buffers.generate(warped, Grid{37, 29, 1}, {-300, 40, 0}), blocks.generate(warped, Grid{37, 29, 1}, {-300, 40, 0}),
         "warped fBm, one box");
    for (const auto& [grid, start] : {std::pair{Grid{6, 5, 1}, TexelStart{253, 510, 0}},
                                      std::pair{Grid{4, 3, 5}, TexelStart{-2, 254, 765}}}) {
        const std::string where = toString(grid) + " from " + std::to_string(start[0]) + ", " + std::to_string(start[1]) + ", " +
                                  std::to_string(start[2]);
        same(buffers.read(buffers.run(many, grid, start)), blocks.read(blocks.run(many, grid, start)),
             "256 frames an anchor, " + where);
        same(buffers.read(buffers.run(tooMany, grid, start)), blocks.read(blocks.run(tooMany, grid, start)),
             "600 frames an anchor, " + where);
    }
    const std::vector<std::array<double, 4>> points{{0.5, 0.25, 0.0, 0.0}, {1e6, -3.5, 7.25, 0.0}, {-40.0, 91.0, -0.125, 0.0}};
    EXPECT_EQ(buffers.evaluatePoints(many, points), blocks.evaluatePoints(many, points));
    // The shader's text says where it reads them: a block of 512 frames (64 KiB), none for
    // 600 frames an anchor.
    const GeneratorOptions block{8, 8, T::Texture, false, F::Block};
    EXPECT_NE(detail::noiseShader(block, many, false).text.find("#define GLN_FRAME_BLOCK 512\n"), std::string::npos);
    EXPECT_NE(detail::noiseShader(block, many, false).text.find("#define GLN_PARAM_BLOCK 4096\n"), std::string::npos);
    EXPECT_NE(detail::noiseShader(block, tooMany, false).text.find("#define GLN_FRAME_BLOCK 0\n"), std::string::npos);
    EXPECT_NE(detail::noiseShader(GeneratorOptions{8, 8, T::Texture, false, F::Buffer}, many, false).text.find(
                  "#define GLN_FRAME_BLOCK 0\n"),
              std::string::npos);
}

// The layout a generator takes when none is asked for: chosen by the driver's names, or
// named by GLNOISE_GPU_TABLE; a form asked for is kept.
// GL_RENDERER strings as drivers report them (Mesa's, NVIDIA's, AMD's, Intel's, WSL's):
// only a software rasterizer is one, whatever the case and though a hardware renderer
// names LLVM.
TEST(Generator, SoftwareRasterizersAreToldFromHardwareByTheirRenderer) {
    for (const char* software : {"llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer",
                                 "zink Vulkan 1.3(llvmpipe (LLVM 15.0.7, 256 bits) (MESA_LLVMPIPE))",
                                 "D3D12 (Microsoft Basic Render Driver)", "LLVMPIPE (LLVM 17.0.6, 128 bits)"})
        EXPECT_TRUE(isSoftwareRenderer(software)) << software;
    for (const char* hardware : {"NVIDIA H200/PCIe/SSE2", "NVIDIA H100 80GB HBM3/PCIe/SSE2",
                                 "AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.7, DRM 3.54, 6.5.0)",
                                 "Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "D3D12 (NVIDIA GeForce RTX 3080)",
                                 "Apple M2", ""})
        EXPECT_FALSE(isSoftwareRenderer(hardware)) << hardware;
}

TEST(Generator, TheLayoutIsChosenForTheGpuAndCanBeNamed) {
    using T = GeneratorOptions::Table;
    ContextInfo nvidia;
    nvidia.vendor = "NVIDIA Corporation";
    nvidia.renderer = "NVIDIA H100 80GB HBM3/PCIe/SSE2";
    ContextInfo llvmpipe;
    llvmpipe.vendor = "Mesa";
    llvmpipe.renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
    ContextInfo other;
    other.vendor = "Some Vendor";
    other.renderer = "Some GPU";
    ::unsetenv("GLNOISE_GPU_TABLE");
    for (const ContextInfo& info : {nvidia, llvmpipe, other}) {
        const ChosenLayout chosen = chooseLayout(info);
        SCOPED_TRACE(info.renderer + ": " + chosen.reason);
        EXPECT_NE(chosen.options.table, T::Auto);
        EXPECT_GT(chosen.options.localSizeX, 0);
        EXPECT_GT(chosen.options.localSizeY, 0);
        EXPECT_FALSE(chosen.reason.empty());
        // What is asked for is kept.
        const ChosenLayout asked = chooseLayout(info, GeneratorOptions{16, 4, T::Uniform, true});
        EXPECT_EQ(asked.options.table, T::Uniform);
        EXPECT_EQ(asked.options.localSizeX, 16);
        EXPECT_EQ(asked.options.localSizeY, 4);
        EXPECT_TRUE(asked.options.uniformReads);
    }
    // Where measured: llvmpipe reads the table and the frames from uniform blocks, NVIDIA
    // the table from shared memory and the frames from a storage buffer; a form asked for is kept.
    using F = GeneratorOptions::Frames;
    EXPECT_EQ(chooseLayout(llvmpipe).options.table, T::Uniform);
    EXPECT_EQ(chooseLayout(llvmpipe).options.frames, F::Block);
    EXPECT_EQ(chooseLayout(nvidia).options.table, T::Shared);
    EXPECT_EQ(chooseLayout(nvidia).options.frames, F::Buffer);
    EXPECT_EQ(chooseLayout(other).options.frames, F::Buffer);
    EXPECT_EQ(chooseLayout(llvmpipe, GeneratorOptions{8, 8, T::Texture, false, F::Buffer}).options.frames, F::Buffer);
    EXPECT_EQ(chooseLayout(nvidia, GeneratorOptions{0, 0, T::Auto, false, F::Block}).options.frames, F::Block);
    EXPECT_NE(chooseLayout(llvmpipe).reason.find("llvmpipe"), std::string::npos);
    EXPECT_NE(chooseLayout(nvidia).reason.find("NVIDIA"), std::string::npos);
    EXPECT_NE(chooseLayout(other).reason.find("not measured"), std::string::npos);

    ::setenv("GLNOISE_GPU_TABLE", "uniform", 1);
    EXPECT_EQ(chooseLayout(nvidia).options.table, T::Uniform);
    EXPECT_EQ(chooseLayout(nvidia).reason, "GLNOISE_GPU_TABLE");
    EXPECT_EQ(chooseLayout(nvidia, GeneratorOptions{8, 8, T::Buffer}).options.table, T::Buffer);
    ::setenv("GLNOISE_GPU_TABLE", "auto", 1);
    EXPECT_EQ(chooseLayout(nvidia).options.table, chooseLayout(nvidia, {}).options.table);
    ::setenv("GLNOISE_GPU_TABLE", "fast", 1);
    try {
        chooseLayout(nvidia);
        ADD_FAILURE() << "GLNOISE_GPU_TABLE=fast was taken";
    } catch (const ValidationError& e) {
        EXPECT_STREQ(e.what(), "GLNOISE_GPU_TABLE=fast: allowed: auto, buffer, shared, texture, uniform (or unset)");
    }
    ::unsetenv("GLNOISE_GPU_TABLE");
}

// Generator::read in bands through the ring of host buffers: a texture taller than a band
// (and a volume) comes back whole, equal to the same grid made in pieces.
TEST(Generator, ReadingBackInBandsGivesTheWholeTexture) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    NoiseSpec spec;
    spec.octaves = 3;
    spec.seed = 4;
    spec.output = Output::Gradient;  // 16 bytes a texel: 8192 x 520 is 65 MiB, three bands
    const Grid tall{8192, 520, 1};
    const Image whole = gen.generate(spec, tall);
    for (int y0 : {0, 255, 519}) {
        const Image rows = gen.generate(spec, Grid{8192, 1, 1}, TexelStart{0, y0, 0});
        EXPECT_EQ(std::memcmp(&whole.data[whole.index(0, y0)], rows.data.data(), rows.data.size() * sizeof(float)), 0)
            << "row " << y0;
    }
    NoiseSpec volume;
    volume.dims = 3;
    volume.octaves = 2;
    const Image v = gen.generate(volume, Grid{64, 48, 5});
    for (int z : {0, 4}) {
        const Image slice = gen.generate(volume, Grid{64, 48, 1}, TexelStart{0, 0, z});
        EXPECT_EQ(std::memcmp(&v.data[v.index(0, 0, z)], slice.data.data(), slice.data.size() * sizeof(float)), 0)
            << "slice " << z;
    }
}

}  // namespace
}  // namespace glnoise::gpu
