// SPDX-License-Identifier: MIT
// The CPU reference: the C++ twins of shaders/include/glnoise/*.glsl (src/mirror/, one
// header per GLSL file) and of shaders/sample.glsl (mirror/sample.hpp), and the frame
// planner both paths use (core/frames.hpp). Internal: the public entry points are in
// glnoise/cpu.hpp.
#pragma once

#include <algorithm>
#include <thread>
#include <vector>

#include "core/frames.hpp"
#include "core/parallel.hpp"
#include "mirror/sample.hpp"

namespace glnoise::cpu {

// work(firstRow, endRow) over `rows` rows on `threads` threads (0: one per hardware thread
// this process may run on).
template <class Work>
void inBands(int rows, unsigned threads, const Work& work) {
    unsigned n = detail::threadCount(threads);
    n = std::min<unsigned>(n, static_cast<unsigned>(rows));
    if (n <= 1) {
        work(0, rows);
        return;
    }
    // Interleaved bands of rows keep the threads busy evenly without a queue.
    constexpr int kBand = 8;
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < n; ++t)
        pool.emplace_back([&, t] {
            for (int r = static_cast<int>(t) * kBand; r < rows; r += static_cast<int>(n) * kBand)
                work(r, std::min(rows, r + kBand));
        });
    for (auto& th : pool) th.join();
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
