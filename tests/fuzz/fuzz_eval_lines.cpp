// SPDX-License-Identifier: MIT
// The points `glnoise eval` reads: the first byte picks --dims, the rest is stdin. Any
// bytes give points (finite, dims of them per line) or one glnoise::ValidationError.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "app/points.hpp"
#include "glnoise/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const int dims = 1 + data[0] % 4;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
    try {
        for (const auto& p : glnoise::app::readPoints(in, dims))
            for (int i = 0; i < 4; ++i)
                if (!std::isfinite(p[static_cast<std::size_t>(i)]) || (i >= dims && p[static_cast<std::size_t>(i)] != 0.0))
                    __builtin_trap();
    } catch (const glnoise::ValidationError&) {
    }
    return 0;
}
