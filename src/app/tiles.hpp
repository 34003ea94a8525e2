// SPDX-License-Identifier: MIT
// The one walk over a grid's tiles, shared by `glnoise bake` (streamed into a file) and
// Python's bakes into arrays: bands of whole rows cut into tiles, made on the GPU through a
// tile stream (the next tiles computed while the host takes this one) or on the CPU, each
// tile's rows copied where the caller says.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "glnoise/colormap.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

// How a walk without a GPU generator evaluates: the SIMD backend (cpu::evaluateSimd) or
// the scalar reference (cpu::evaluate); bit for bit the same texels.
enum class CpuBackend { Simd, Reference };

// Where a walk's tiles come from, and what a texel of them holds: float32 per value
// channel, or with a colormap (Output::Value only) RGBA8 through it, mapped from `range`.
struct TileSource {
    gpu::Generator* gpu = nullptr;  // null: the CPU, by `cpu` on `threads` threads (0: every core)
    CpuBackend cpu = CpuBackend::Simd;
    unsigned threads = 0;
    const Colormap* colormap = nullptr;
    ValueRange range{};
    // The grid's rows from its last: row y of the walk is the grid's row height - 1 - y.
    bool flipY = false;
    // The grid wraps (4D noise on a flat torus, BakeRequest::seamless): texels are made as
    // points (Generator::evaluatePoints, cpu::evaluatePoints), on `threads` on the CPU.
    bool seamless = false;
};

// How a bake, and Python's bakes into arrays, cut a grid: into bands of whole rows, each
// cut into tiles of at most 8192 texels wide and 32 MiB. From the GPU, bands of at most
// 64 MiB: the tiles stream back through host buffers of their size (gpu::TileStream), and
// on an NVIDIA H200 32 MiB tiles moved 25 GB/s where 8 MiB ones moved 10. On the CPU,
// 4 MiB per thread of `source`, from 8 to 64 MiB (docs/performance.md).
struct BandShape {
    int tileWidth;
    int bandRows;
};
BandShape bandShape(const Grid& grid, std::size_t texelBytes, const TileSource& source);

// The 4D point (sample space, before the spec's offset) that texel (x, y) of a seamless
// width x height grid samples: a flat torus, so that a texel's neighbours are one texel
// away in every direction and column width is column 0 again.
std::array<double, 4> seamlessPoint(std::int64_t x, std::int64_t y, int width, int height);

// A tile of the walk: slice z, rows y0 to y0 + rows, columns x0 to x0 + cols.
struct TilePos {
    int z, y0, x0, rows, cols;
};

// Walks `grid` (its texel (0, 0, 0) at world texel `origin`) in `shape`'s tiles: slice by
// slice, band by band, left to right. For each tile, place(tile) says where its first row
// goes (rows rowBytes apart), then the tile is made and copied there, then done(tile) runs;
// on the GPU the next tiles are already queued when done runs. Either may throw to stop.
void walkTiles(const NoiseSpec& spec, const Graph* graph, const Grid& grid, const TexelStart& origin, const BandShape& shape,
               const TileSource& source, std::size_t rowBytes, const std::function<std::uint8_t*(const TilePos&)>& place,
               const std::function<void(const TilePos&)>& done = {});

}  // namespace glnoise::app
