// SPDX-License-Identifier: MIT
// The CPU reference: the C++ twins of shaders/include/glnoise/*.glsl (src/mirror/, one
// header per GLSL file) and of shaders/sample.glsl (mirror/sample.hpp), and the frame
// planner both paths use (core/frames.hpp). Internal: the public entry points are in
// glnoise/cpu.hpp.
#pragma once

#include <algorithm>
#include <cstddef>

#include "core/frames.hpp"
#include "core/parallel.hpp"
#include "mirror/sample.hpp"

namespace glnoise::cpu {

// work(firstRow, endRow) over `rows` rows on `threads` threads (0: one per hardware thread
// this process may run on), this one among them. The rows go in bands of 8, each to the
// next thread free, so that a thread that starts late (its CPU busy, or a virtual CPU
// waking) takes fewer bands instead of holding up the grid (docs/performance.md).
template <class Work>
void inBands(int rows, unsigned threads, const Work& work) {
    constexpr int kBand = 8;
    if (detail::threadCount(threads) <= 1 || rows <= kBand) {
        work(0, rows);
        return;
    }
    const std::size_t bands = (static_cast<std::size_t>(rows) + kBand - 1) / kBand;
    detail::parallelFor(bands, threads, [&](std::size_t b) {
        const int first = static_cast<int>(b) * kBand;
        work(first, std::min(rows, first + kBand));
    });
}


// noise.comp's main() for rows [firstRow, endRow) of `grid` (row r: y = r % height,
// z = r / height): f(x, y, z, s, block) for each texel, s its sample offset from its
// anchor and block its anchor's (AnchorLayout::block), texel for texel as the shader.
template <class F>
void eachTexel(const Grid& grid, const AnchorLayout& layout, int firstRow, int endRow, const F& f) {
    for (int r = firstRow; r < endRow; ++r) {
        const int y = r % grid.height;
        const int z = r / grid.height;
        const int gy = layout.startIn[1] + y, gz = layout.startIn[2] + z;
        const int ky = gy / kAnchor, kz = gz / kAnchor;
        for (int x = 0; x < grid.width; ++x) {
            const int gx = layout.startIn[0] + x;
            const int kx = gx / kAnchor;
            f(x, y, z, vec3<float>(ivec3(gx - kx * kAnchor, gy - ky * kAnchor, gz - kz * kAnchor)), layout.block(kx, ky, kz));
        }
    }
}

// evaluateSimd (glnoise/cpu.hpp) into out: grid.texels() * outputChannels(spec) floats,
// texel after texel, any alignment (a bake's band, written where it lies).
void evaluateSimdTo(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads, float* out);

}  // namespace glnoise::cpu
