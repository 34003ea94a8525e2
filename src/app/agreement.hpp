// SPDX-License-Identifier: MIT
// How far the GPU's values are from the CPU reference's: what `glnoise check` prints, and
// the preview's proof, computed by the same code so that their numbers are the same.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "glnoise/image.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

// One channel's agreement: the largest |gpu - cpu| (infinite for a NaN on either side),
// where it was first reached and the two values there, and the sum of |gpu - cpu|.
struct Agreement {
    double maxDiff = -1.0, sum = 0.0;
    std::array<std::int64_t, 3> at{};
    float gpu = 0.0f, cpu = 0.0f;
};

// Adds a band, the GPU's and the reference's images of the same grid whose texel (0, 0, 0)
// is world texel `start`, channel by channel in texel order.
void accumulate(std::array<Agreement, 4>& agreement, const Image& gpu, const Image& cpu, const TexelStart& start);

// The channels' names in check's report: value, d/dx, d/dy, d/dz; or nx, ny, nz, value.
const char* channelName(const NoiseSpec& spec, int channel);

// check's line for one channel: "value  max |gpu - cpu| = ... at texel (x, y, z): gpu ...,
// cpu ...; mean ...; tolerance ...: PASS" (without indentation), over `texels` texels.
std::string agreementLine(const NoiseSpec& spec, int channel, const Agreement& a, std::int64_t texels, double tolerance);

}  // namespace glnoise::app
