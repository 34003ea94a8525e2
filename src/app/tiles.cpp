// SPDX-License-Identifier: MIT
#include "app/tiles.hpp"

#include <algorithm>
#include <cstring>
#include <deque>
#include <memory>

#include "core/parallel.hpp"
#include "glnoise/cpu.hpp"

namespace glnoise::app {

namespace {

constexpr std::size_t kBandBytes = std::size_t{64} << 20;
constexpr std::size_t kTileBytes = std::size_t{32} << 20;
constexpr int kTileWidth = 8192;

// The tiles in order, one at a time.
class TileOrder {
public:
    TileOrder(const Grid& grid, const BandShape& shape) : g_(grid), s_(shape) {}
    bool more() const { return more_; }
    TilePos next() {
        TilePos p = next_;
        p.rows = std::min(s_.bandRows, g_.height - p.y0);
        p.cols = std::min(s_.tileWidth, g_.width - p.x0);
        next_.x0 += s_.tileWidth;
        if (next_.x0 >= g_.width) {
            next_.x0 = 0;
            next_.y0 += s_.bandRows;
            if (next_.y0 >= g_.height) {
                next_.y0 = 0;
                if (++next_.z >= g_.depth) more_ = false;
            }
        }
        return p;
    }

private:
    Grid g_;
    BandShape s_;
    TilePos next_{0, 0, 0, 0, 0};
    bool more_ = true;
};

// A tile made on the CPU, copied to dst (rows rowBytes apart), through the colormap if any.
void cpuTile(const NoiseSpec& spec, const Graph* graph, const TileSource& src, const TilePos& p, const TexelStart& start,
             std::size_t rowBytes, std::uint8_t* dst) {
    const Grid tileGrid{p.cols, p.rows, 1};
    const bool simd = src.cpu == CpuBackend::Simd;
    const Image tile = graph ? (simd ? cpu::evaluateSimd(*graph, tileGrid, start, src.threads)
                                     : cpu::evaluate(*graph, tileGrid, start, src.threads))
                             : (simd ? cpu::evaluateSimd(spec, tileGrid, start, src.threads)
                                     : cpu::evaluate(spec, tileGrid, start, src.threads));
    const std::size_t texelBytes = src.colormap ? 4 : sizeof(float) * static_cast<std::size_t>(tile.channels);
    detail::parallelFor(static_cast<std::size_t>(p.rows), src.colormap ? src.threads : 1, [&](std::size_t y) {
        std::uint8_t* row = dst + y * rowBytes;
        const float* values = &tile.data[tile.index(0, static_cast<int>(y))];
        if (src.colormap) {
            for (int x = 0; x < p.cols; ++x) {
                const std::uint32_t c = src.colormap->color(values[x], src.range);
                std::memcpy(row + 4 * static_cast<std::size_t>(x), &c, 4);
            }
        } else {
            std::memcpy(row, values, static_cast<std::size_t>(p.cols) * texelBytes);
        }
    });
}

}  // namespace

BandShape bandShape(const Grid& grid, std::size_t texelBytes) {
    const int tileWidth = std::min(grid.width, kTileWidth);
    const std::size_t rowBytes = static_cast<std::size_t>(grid.width) * texelBytes;
    const std::size_t tileRowBytes = static_cast<std::size_t>(tileWidth) * texelBytes;
    const std::size_t rows = std::min(kBandBytes / rowBytes, kTileBytes / tileRowBytes);
    return {tileWidth, static_cast<int>(std::clamp<std::size_t>(rows, 1, static_cast<std::size_t>(std::min(grid.height, 4096))))};
}

void walkTiles(const NoiseSpec& spec, const Graph* graph, const Grid& grid, const TexelStart& origin, const BandShape& shape,
               const TileSource& source, std::size_t rowBytes, const std::function<std::uint8_t*(const TilePos&)>& place,
               const std::function<void(const TilePos&)>& done) {
    TileOrder order(grid, shape);
    const auto startOf = [&](const TilePos& p) {
        return TexelStart{origin[0] + p.x0, origin[1] + p.y0, origin[2] + p.z};
    };
    if (!source.gpu) {
        while (order.more()) {
            const TilePos p = order.next();
            std::uint8_t* dst = place(p);
            cpuTile(spec, graph, source, p, startOf(p), rowBytes, dst);
            if (done) done(p);
        }
        return;
    }
    std::unique_ptr<gpu::TileStream> made =
        graph ? std::make_unique<gpu::TileStream>(*source.gpu, *graph, shape.tileWidth, shape.bandRows, source.colormap, source.range)
              : std::make_unique<gpu::TileStream>(*source.gpu, spec, shape.tileWidth, shape.bandRows, source.colormap, source.range);
    gpu::TileStream& stream = *made;
    std::deque<TilePos> pending;
    const auto fill = [&] {
        while (order.more() && stream.queued() < stream.capacity()) {
            const TilePos p = order.next();
            stream.submit(Grid{p.cols, p.rows, 1}, startOf(p));
            pending.push_back(p);
        }
    };
    fill();
    while (!pending.empty()) {
        const TilePos p = pending.front();
        pending.pop_front();
        stream.take(place(p), rowBytes);
        fill();  // the GPU makes the next tiles while this one is used
        if (done) done(p);
    }
}

}  // namespace glnoise::app
