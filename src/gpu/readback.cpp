// SPDX-License-Identifier: MIT
#include "gpu/readback.hpp"

#include <algorithm>
#include <cstring>

#include "core/parallel.hpp"

namespace glnoise::gpu {

// Copies `rows` rows of `rowBytes` from src (packed) to dst (dstStride apart). A large copy
// is split over threads: one core's memcpy moves a fraction of what the bus delivers.
void copyRows(std::uint8_t* dst, std::size_t dstStride, const std::uint8_t* src, std::size_t rowBytes, int rows) {
    constexpr std::size_t kPiece = std::size_t{4} << 20;  // bytes per thread's piece
    const std::size_t total = rowBytes * static_cast<std::size_t>(rows);
    if (dstStride == rowBytes) {
        const std::size_t pieces = (total + kPiece - 1) / kPiece;
        glnoise::detail::parallelFor(pieces, pieces > 1 ? 0u : 1u, [&](std::size_t k) {
            const std::size_t at = k * kPiece;
            std::memcpy(dst + at, src + at, std::min(kPiece, total - at));
        });
        return;
    }
    const std::size_t rowsPerPiece = std::max<std::size_t>(1, kPiece / std::max<std::size_t>(rowBytes, 1));
    const std::size_t pieces = (static_cast<std::size_t>(rows) + rowsPerPiece - 1) / rowsPerPiece;
    glnoise::detail::parallelFor(pieces, pieces > 1 ? 0u : 1u, [&](std::size_t k) {
        const std::size_t end = std::min(static_cast<std::size_t>(rows), (k + 1) * rowsPerPiece);
        for (std::size_t y = k * rowsPerPiece; y < end; ++y) std::memcpy(dst + y * dstStride, src + y * rowBytes, rowBytes);
    });
}

}  // namespace glnoise::gpu
