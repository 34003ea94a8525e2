// SPDX-License-Identifier: MIT
// Tiles of an unbounded world: however the world is cut into grids, every texel gets the
// same value, on the GPU and on the CPU; and tiles far from the origin stay as exact as
// tiles at the origin.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "glnoise/cpu.hpp"
#include "glnoise/gpu.hpp"
#include "test_support.hpp"

namespace glnoise::gpu {
namespace {

struct Named {
    const char* name;
    NoiseSpec spec;
};

std::vector<Named> specs() {
    std::vector<Named> v;
    NoiseSpec fbm;
    fbm.octaves = 8;
    fbm.seed = 3;
    fbm.frequency = 1.0 / 37.0;
    v.push_back({"perlin fbm 8", fbm});
    NoiseSpec ridged = fbm;
    ridged.basis = Basis::Simplex;
    ridged.fractal = Fractal::Ridged;
    ridged.warpAmount = 0.7;
    ridged.warpOctaves = 3;
    v.push_back({"simplex ridged warped", ridged});
    NoiseSpec os2 = fbm;
    os2.basis = Basis::OpenSimplex2;
    os2.dims = 3;
    os2.z = 3.25;
    os2.fractal = Fractal::Turbulence;
    v.push_back({"opensimplex2 3D turbulence", os2});
    NoiseSpec psrd = fbm;
    psrd.basis = Basis::Psrdnoise;
    psrd.fractal = Fractal::Ridged;
    psrd.period = {6, 4, 0, 0};
    v.push_back({"psrdnoise ridged tiled", psrd});
    NoiseSpec marble;
    marble.pattern = Pattern::Marble;
    marble.octaves = 5;
    marble.offset = {0.5, -0.25, 0.0};
    v.push_back({"marble, half-texel offset", marble});
    NoiseSpec normal;
    normal.octaves = 4;
    normal.output = Output::Normal;
    normal.heightScale = 20.0;
    v.push_back({"normal map", normal});
    // The world hash: frames carry the whole cell, so tiles that cross blocks and anchors
    // must still hash every corner alike.
    NoiseSpec world = fbm;
    world.worldHash = true;
    world.frequency = 1.0 / 3.0;  // blocks of 256 cells every 768 texels: inside the bakes
    v.push_back({"perlin fbm 8, world hash", world});
    NoiseSpec worldOs2 = os2;
    worldOs2.worldHash = true;
    worldOs2.frequency = 0.4;
    v.push_back({"opensimplex2 3D, world hash", worldOs2});
    NoiseSpec worldCells;
    worldCells.basis = Basis::Cellular;
    worldCells.octaves = 3;
    worldCells.frequency = 0.3;
    worldCells.cellReturn = CellReturn::F2MinusF1;
    worldCells.period = {7, 0, 0, 0};
    worldCells.worldHash = true;
    v.push_back({"cellular f2-f1, period on x, world hash", worldCells});
    return v;
}

// Copies `tile` into `whole` at (x0, y0).
void place(Image& whole, const Image& tile, int x0, int y0) {
    for (int y = 0; y < tile.height; ++y)
        std::memcpy(&whole.data[whole.index(x0, y + y0)], &tile.data[tile.index(0, y)],
                    sizeof(float) * static_cast<std::size_t>(tile.width * tile.channels));
}

// The first texel where the two differ in any bit, or "" when they are the same.
std::string firstDifference(const Image& a, const Image& b) {
    if (a.data.size() != b.data.size()) return "different sizes";
    for (std::size_t i = 0; i < a.data.size(); ++i)
        if (std::memcmp(&a.data[i], &b.data[i], sizeof(float)) != 0) {
            const std::size_t t = i / static_cast<std::size_t>(a.channels);
            return "texel (" + std::to_string(t % static_cast<std::size_t>(a.width)) + ", " +
                   std::to_string(t / static_cast<std::size_t>(a.width)) + ") channel " +
                   std::to_string(i % static_cast<std::size_t>(a.channels)) + ": " + std::to_string(a.data[i]) +
                   " vs " + std::to_string(b.data[i]);
        }
    return "";
}

TEST(Tiles, FourTilesOf512EqualOneBakeOf1024OnTheGpu) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    for (const auto& [name, spec] : specs()) {
        // Anchors are cpu::kAnchor (256) texels apart: the seams of both the tiles and the
        // anchors fall inside the bake, also at 2^40.
        for (std::int64_t wx : {std::int64_t{0}, std::int64_t{-1536}, std::int64_t{1} << 40}) {
            SCOPED_TRACE(std::string(name) + ", world x " + std::to_string(wx));
            const TexelStart origin = {wx, 2560, 0};
            const Image whole = gen.generate(spec, Grid{1024, 1024, 1}, origin);
            Image cut(1024, 1024, 1, whole.channels);
            for (int j = 0; j < 2; ++j)
                for (int i = 0; i < 2; ++i)
                    place(cut, gen.generate(spec, Grid{512, 512, 1}, {wx + 512 * i, 2560 + 512 * j, 0}), 512 * i,
                          512 * j);
            EXPECT_EQ(firstDifference(whole, cut), "");
        }
    }
}

TEST(Tiles, OddCutsAndVolumeSlicesEqualTheWholeOnTheGpuAndCpu) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    NoiseSpec spec;
    spec.dims = 3;
    spec.octaves = 3;
    spec.basis = Basis::Value;
    spec.frequency = 1.0 / 9.0;
    const TexelStart origin = {1000, -1030, 1020};  // the anchors' seams cross the volume
    const Grid grid{48, 40, 12};
    const Image whole = gen.generate(spec, grid, origin);
    const Image reference = cpu::evaluate(spec, grid, origin);
    // The GPU and the CPU agree within the stated tolerance (exactly, on llvmpipe); each
    // cuts the world the same way bit for bit.
    EXPECT_LE(test::worstDifference(whole, reference)[0], cpu::agreementTolerance(spec)[0]);
    // The same volume as 2D slices on the GPU (how a streamed volume bake makes it) and as
    // 7-texel-wide columns on the CPU.
    Image slices(grid.width, grid.height, grid.depth), columns(grid.width, grid.height, grid.depth);
    for (int z = 0; z < grid.depth; ++z) {
        const Image s = gen.generate(spec, Grid{grid.width, grid.height, 1}, {origin[0], origin[1], origin[2] + z});
        std::memcpy(&slices.data[slices.index(0, 0, z)], s.data.data(), s.data.size() * sizeof(float));
    }
    for (int x = 0; x < grid.width; x += 7) {
        const int w = std::min(7, grid.width - x);
        const Image c = cpu::evaluate(spec, Grid{w, grid.height, grid.depth}, {origin[0] + x, origin[1], origin[2]});
        for (int z = 0; z < grid.depth; ++z)
            for (int y = 0; y < grid.height; ++y)
                std::memcpy(&columns.data[columns.index(x, y, z)], &c.data[c.index(0, y, z)],
                            sizeof(float) * static_cast<std::size_t>(w));
    }
    EXPECT_EQ(firstDifference(whole, slices), "");
    EXPECT_EQ(firstDifference(reference, columns), "");
}

TEST(Tiles, TheCpuCutsTheWorldTheSameWay) {
    for (const auto& [name, spec] : specs()) {
        SCOPED_TRACE(name);
        const Image whole = cpu::evaluate(spec, Grid{300, 200, 1}, {-150, 900, 0});
        Image cut(300, 200, 1, whole.channels);
        place(cut, cpu::evaluate(spec, Grid{150, 200, 1}, {-150, 900, 0}), 0, 0);
        place(cut, cpu::evaluate(spec, Grid{150, 200, 1}, {0, 900, 0}), 150, 0);
        EXPECT_EQ(firstDifference(whole, cut), "");
    }
}

// Float32 holds 1e7 to a unit and 1e9 to 64 units: noise evaluated there in float would be
// constant across a tile. Tiles there agree with the double-precision oracle within the
// usual tolerance (1e-5 x the amplitude sum; a warp's float error is larger, at the origin
// too, so the specs here have none), whether the distance comes from the tile's place in
// the world or from --offset, in 2D and in a 3D volume.
TEST(Tiles, TilesFarFromTheOriginAgreeWithTheDoubleReference) {
    GLNOISE_REQUIRE_GPU(ctx);
    Generator gen(*ctx);
    std::vector<Named> cases = {specs()[0]};
    const NoiseSpec fbm = cases[0].spec;
    NoiseSpec simplex = fbm;
    simplex.basis = Basis::Simplex;
    simplex.octaves = 6;
    cases.push_back({"simplex fbm 6", simplex});
    NoiseSpec volume = fbm;
    volume.dims = 3;
    volume.basis = Basis::Value;
    volume.octaves = 5;
    cases.push_back({"value fbm 5, 3D", volume});
    NoiseSpec world = fbm;  // cells beyond 2^31 at the highest octaves: blocks above 2^23
    world.worldHash = true;
    cases.push_back({"perlin fbm 8, world hash", world});
    NoiseSpec worldSimplex = simplex;
    worldSimplex.worldHash = true;
    cases.push_back({"simplex fbm 6, world hash", worldSimplex});
    for (const auto& [name, base] : cases) {
        for (double far : {1e7, 1e9}) {
            for (bool byTile : {true, false}) {
                NoiseSpec spec = base;
                TexelStart start{};
                const auto f = static_cast<std::int64_t>(far);
                if (byTile) {
                    start = {f, -f - 512, base.dims == 3 ? f / 2 : 0};
                } else {
                    spec.offset = {far, -far, base.dims == 3 ? far / 2 : 0.0};
                }
                SCOPED_TRACE(std::string(name) + (byTile ? ", tile at " : ", offset ") + std::to_string(far));
                const Grid grid{128, 128, base.dims == 3 ? 4 : 1};
                const Image g = gen.generate(spec, grid, start);
                const Permutation table = Permutation::forSeed(spec.seed);
                const double tol = 1e-5 * spec.amplitudeSum();
                double worst = 0.0, lo = 1e9, hi = -1e9;
                for (int z = 0; z < grid.depth; ++z)
                    for (int y = 0; y < grid.height; y += 3)
                        for (int x = 0; x < grid.width; x += 3) {
                            const cpu::Point p = {static_cast<double>(start[0] + x), static_cast<double>(start[1] + y),
                                                  static_cast<double>(start[2] + z), 0.0};
                            const double ref = cpu::evaluateDouble(spec, table, p);
                            worst = std::max(worst, std::fabs(ref - double(g.at(x, y, z))));
                            lo = std::min(lo, ref);
                            hi = std::max(hi, ref);
                        }
                EXPECT_LE(worst, tol);
                EXPECT_GT(hi - lo, 0.3) << "the tile is flat";
            }
        }
    }
}

TEST(Tiles, AGridBeyondTheWorldIsRefused) {
    const NoiseSpec spec;
    try {
        cpu::evaluate(spec, Grid{16, 16, 1}, {kMaxWorldTexel - 8, 0, 0});
        ADD_FAILURE() << "accepted";
    } catch (const ValidationError& e) {
        EXPECT_NE(std::string(e.what()).find("start x 4503599627370488"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace glnoise::gpu
