// glnoise/image.hpp: a float32 image or volume in host memory.
//
// Texel (x, y, z) is data[(z * height + y) * width + x]; row y = 0 comes first, and it
// samples the smallest y of the noise. Files keep this order (no flip).
#pragma once

#include <cstddef>
#include <vector>

namespace glnoise {

struct Image {
    int width = 0;
    int height = 0;
    int depth = 1;
    std::vector<float> data;

    Image() = default;
    Image(int w, int h, int d)
        : width(w), height(h), depth(d),
          data(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) *
               static_cast<std::size_t>(d)) {}

    std::size_t index(int x, int y, int z = 0) const noexcept {
        return (static_cast<std::size_t>(z) * static_cast<std::size_t>(height) +
                static_cast<std::size_t>(y)) * static_cast<std::size_t>(width) +
               static_cast<std::size_t>(x);
    }
    float at(int x, int y, int z = 0) const noexcept { return data[index(x, y, z)]; }
};

}  // namespace glnoise
