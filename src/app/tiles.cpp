// SPDX-License-Identifier: MIT
#include "app/tiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>

#include "core/parallel.hpp"
#include "core/reference.hpp"
#include "glnoise/cpu.hpp"

namespace glnoise::app {

namespace {

constexpr std::size_t kBandBytes = std::size_t{64} << 20;
constexpr std::size_t kTileBytes = std::size_t{32} << 20;
// On the CPU a band is 4 MiB per thread, at least 8 and at most kBandBytes: what a bake
// does with a band (convert, digest, write) then reads it from the caches, and its buffers
// are faulted in once and reused. Each tile's rows are shared among the threads, so the
// band grows with them (docs/performance.md, "Bands on the CPU").
constexpr std::size_t kCpuBandBytesPerThread = std::size_t{4} << 20;
constexpr std::size_t kCpuBandBytesMin = std::size_t{8} << 20;
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

// A tile's values (rows of cols texels, `channels` floats each, rows `stride` floats
// apart) copied to dst (rows rowBytes apart), through the colormap if any.
void copyTile(const float* values, std::size_t stride, int channels, const TileSource& src, const TilePos& p,
              std::size_t rowBytes, std::uint8_t* dst) {
    const std::size_t cols = static_cast<std::size_t>(p.cols);
    detail::parallelFor(static_cast<std::size_t>(p.rows), src.colormap ? src.threads : 1, [&](std::size_t y) {
        std::uint8_t* row = dst + y * rowBytes;
        const float* v = values + y * stride;
        if (src.colormap) {
            for (std::size_t x = 0; x < cols; ++x) {
                const std::uint32_t c = src.colormap->color(v[x], src.range);
                std::memcpy(row + 4 * x, &c, 4);
            }
        } else {
            std::memcpy(row, v, cols * sizeof(float) * static_cast<std::size_t>(channels));
        }
    });
}

// A tile made on the CPU, copied to dst (rows rowBytes apart), through the colormap if any.
void cpuTile(const NoiseSpec& spec, const Graph* graph, const TileSource& src, const TilePos& p, const TexelStart& start,
             std::size_t rowBytes, std::uint8_t* dst) {
    const Grid tileGrid{p.cols, p.rows, 1};
    const bool simd = src.cpu == CpuBackend::Simd;
    // A tile as wide as the band, of floats, is made where it lies: no image to allocate,
    // clear and copy. The band's bytes are the floats' storage (aligned for them, checked).
    const int channels = cpu::outputChannels(spec);
    if (simd && !graph && !src.colormap &&
        rowBytes == static_cast<std::size_t>(p.cols) * sizeof(float) * static_cast<std::size_t>(channels) &&
        reinterpret_cast<std::uintptr_t>(dst) % alignof(float) == 0) {
        cpu::evaluateSimdTo(spec, tileGrid, start, src.threads, static_cast<float*>(static_cast<void*>(dst)));
        return;
    }
    const Image tile = graph ? (simd ? cpu::evaluateSimd(*graph, tileGrid, start, src.threads)
                                     : cpu::evaluate(*graph, tileGrid, start, src.threads))
                             : (simd ? cpu::evaluateSimd(spec, tileGrid, start, src.threads)
                                     : cpu::evaluate(spec, tileGrid, start, src.threads));
    copyTile(tile.data.data(), static_cast<std::size_t>(tile.width) * static_cast<std::size_t>(tile.channels), tile.channels, src,
             p, rowBytes, dst);
}

// A tile of a seamless grid (one value per texel), made as points: on the GPU at once,
// on the CPU a row per task (cpu::evaluatePoints is one thread's).
void seamlessTile(const NoiseSpec& spec, const TileSource& src, const Grid& grid, const TilePos& p,
                  const TexelStart& start, std::size_t rowBytes, std::uint8_t* dst) {
    const std::size_t cols = static_cast<std::size_t>(p.cols);
    const auto rowPoints = [&](std::size_t y, std::vector<cpu::Point>& points) {
        for (int x = 0; x < p.cols; ++x)
            points.push_back(seamlessPoint(start[0] + x, start[1] + static_cast<std::int64_t>(y), grid.width, grid.height));
    };
    std::vector<float> values;
    if (src.gpu) {
        std::vector<cpu::Point> points;
        points.reserve(cols * static_cast<std::size_t>(p.rows));
        for (std::size_t y = 0; y < static_cast<std::size_t>(p.rows); ++y) rowPoints(y, points);
        values = src.gpu->evaluatePoints(spec, points);
    } else {
        values.resize(cols * static_cast<std::size_t>(p.rows));
        detail::parallelFor(static_cast<std::size_t>(p.rows), src.threads, [&](std::size_t y) {
            std::vector<cpu::Point> points;
            rowPoints(y, points);
            const std::vector<float> v = cpu::evaluatePoints(spec, points);
            std::copy(v.begin(), v.end(), values.begin() + static_cast<std::ptrdiff_t>(y * cols));
        });
    }
    copyTile(values.data(), cols, 1, src, p, rowBytes, dst);
}

// Turns a tile's rows upside down where it lies (rows rowBytes apart, rowUsed bytes each).
void reverseRows(std::uint8_t* dst, int rows, std::size_t rowBytes, std::size_t rowUsed) {
    std::vector<std::uint8_t> held(rowUsed);
    for (int a = 0, b = rows - 1; a < b; ++a, --b) {
        std::uint8_t* top = dst + static_cast<std::size_t>(a) * rowBytes;
        std::uint8_t* bottom = dst + static_cast<std::size_t>(b) * rowBytes;
        std::memcpy(held.data(), top, rowUsed);
        std::memcpy(top, bottom, rowUsed);
        std::memcpy(bottom, held.data(), rowUsed);
    }
}

}  // namespace

std::array<double, 4> seamlessPoint(std::int64_t x, std::int64_t y, int width, int height) {
    constexpr double kTurn = 6.283185307179586;  // 2 pi
    // The angle from the texel's place in its period, so that it is exact for any x.
    const double a = kTurn * static_cast<double>(((x % width) + width) % width) / width;
    const double b = kTurn * static_cast<double>(((y % height) + height) % height) / height;
    const double rx = width / kTurn, ry = height / kTurn;
    return {rx * std::cos(a), rx * std::sin(a), ry * std::cos(b), ry * std::sin(b)};
}

BandShape bandShape(const Grid& grid, std::size_t texelBytes, const TileSource& source) {
    const int tileWidth = std::min(grid.width, kTileWidth);
    const std::size_t rowBytes = static_cast<std::size_t>(grid.width) * texelBytes;
    const std::size_t tileRowBytes = static_cast<std::size_t>(tileWidth) * texelBytes;
    std::size_t bandBytes = kBandBytes;
    if (!source.gpu) {
        const std::size_t threads = glnoise::detail::threadCount(source.threads);
        bandBytes = std::clamp(kCpuBandBytesPerThread * threads, kCpuBandBytesMin, kBandBytes);
    }
    const std::size_t rows = std::min(bandBytes / rowBytes, kTileBytes / tileRowBytes);
    return {tileWidth, static_cast<int>(std::clamp<std::size_t>(rows, 1, static_cast<std::size_t>(std::min(grid.height, 4096))))};
}

void walkTiles(const NoiseSpec& spec, const Graph* graph, const Grid& grid, const TexelStart& origin, const BandShape& shape,
               const TileSource& source, std::size_t rowBytes, const std::function<std::uint8_t*(const TilePos&)>& place,
               const std::function<void(const TilePos&)>& done) {
    TileOrder order(grid, shape);
    // Flipped, the walk's rows y0 to y0 + rows are the grid's height - y0 - rows onwards,
    // made in the grid's order and turned over where they land.
    const auto startOf = [&](const TilePos& p) {
        return TexelStart{origin[0] + p.x0, origin[1] + (source.flipY ? grid.height - p.y0 - p.rows : p.y0),
                          origin[2] + p.z};
    };
    const int channels = graph ? cpu::outputChannels(*graph) : cpu::outputChannels(spec);
    const std::size_t texelBytes = source.colormap ? 4 : sizeof(float) * static_cast<std::size_t>(channels);
    const auto landed = [&](const TilePos& p, std::uint8_t* dst) {
        if (source.flipY) reverseRows(dst, p.rows, rowBytes, static_cast<std::size_t>(p.cols) * texelBytes);
        if (done) done(p);
    };
    if (!source.gpu || source.seamless) {
        while (order.more()) {
            const TilePos p = order.next();
            std::uint8_t* dst = place(p);
            if (source.seamless) seamlessTile(spec, source, grid, p, startOf(p), rowBytes, dst);
            else cpuTile(spec, graph, source, p, startOf(p), rowBytes, dst);
            landed(p, dst);
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
        std::uint8_t* dst = place(p);
        stream.take(dst, rowBytes);
        fill();  // the GPU makes the next tiles while this one is used
        landed(p, dst);
    }
}

}  // namespace glnoise::app
