// SPDX-License-Identifier: MIT
// glnoise/image.hpp: a float32 image or volume in host memory.
//
// Texel (x, y, z) starts at data[((z * height + y) * width + x) * channels]; its channels
// follow each other. Row y = 0 comes first, and it samples the smallest y of the noise.
// Files keep this order (no flip).
#pragma once

#include <cstddef>
#include <vector>

namespace glnoise {

struct Image {
    int width = 0;
    int height = 0;
    int depth = 1;
    int channels = 1;  // 1: the value; 4: (value, gradient) or (normal, value)
    std::vector<float> data;

    Image() = default;
    Image(int w, int h, int d, int c = 1)
        : width(w), height(h), depth(d), channels(c),
          data(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) *
               static_cast<std::size_t>(d) * static_cast<std::size_t>(c)) {}

    // The index of channel 0 of texel (x, y, z).
    std::size_t index(int x, int y, int z = 0) const noexcept {
        return ((static_cast<std::size_t>(z) * static_cast<std::size_t>(height) +
                 static_cast<std::size_t>(y)) * static_cast<std::size_t>(width) +
                static_cast<std::size_t>(x)) * static_cast<std::size_t>(channels);
    }
    float at(int x, int y, int z = 0, int c = 0) const noexcept {
        return data[index(x, y, z) + static_cast<std::size_t>(c)];
    }
};

}  // namespace glnoise
