// SPDX-License-Identifier: MIT
// How far the GPU's values are from the CPU reference's: the one check, its loop over a
// grid's bands and its verdict, that `glnoise check`, Python's glnoise.check and the
// preview's proof all run, so that their numbers are the same.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "glnoise/graph.hpp"
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

// A check's verdict, channel by channel.
struct ChannelVerdict {
    const char* name;   // channelName
    Agreement agreement;
    double tolerance;
    bool passed;        // agreement.maxDiff <= tolerance
    std::string line;   // agreementLine
};
struct CheckVerdict {
    std::vector<ChannelVerdict> channels;
    std::int64_t texels = 0;
    bool passed = true;
    double worstExcess = 0.0;  // the largest max |gpu - cpu| / tolerance over the failing channels
    double worst = 0.0;        // the same over every channel
    // A graph with a discontinuous node (hasJumps): the texels with some channel beyond its
    // tolerance, each taken as one at a jump; the check passes while they are at most
    // kJumpShare of the texels (and every difference is finite).
    bool jumpy = false;
    std::int64_t jumps = 0;
    // A graph's gradient or normal: the texels whose value agrees but whose gradient (or
    // normal) is beyond its tolerance, each taken as one at a kink (where abs, min, max,
    // clamp, turbulence's |n| or a cellular edge turn, a texel a rounding away takes the
    // other side's slope); those channels pass while they are at most kJumpShare of the
    // texels (and every difference is finite).
    bool kinky = false;
    std::int64_t kinks = 0;
};
inline constexpr double kJumpShare = 1e-3;

// Rows per band of a check over `grid`: bands of at most 2^22 texels, so that a check's
// memory stays bounded at any size (tiles of a grid compute what the whole grid does).
int checkBandRows(const Grid& grid);

// The GPU's values for a band of the grid (its texel (0, 0, 0) is world texel `start`).
using GpuBand = std::function<Image(const Grid& band, const TexelStart& start)>;
// Called after each band with both images; false stops the check (it returns nothing).
using AfterBand = std::function<bool(const Image& gpu, const Image& cpu, const TexelStart& start)>;

// Checks `grid` band by band (`bandRows` rows each, z then y) against each channel's
// tolerance (cpu::agreementTolerance, or check's --tolerance): the GPU's band from `gpu`,
// the reference's from cpu::evaluate on `threads` threads (0: every core).
std::optional<CheckVerdict> checkGrid(const NoiseSpec& spec, const Grid& grid, int bandRows,
                                      const std::array<double, 4>& tolerances, const GpuBand& gpu,
                                      unsigned threads = 0, const AfterBand& after = {});
// The same for a graph (cpu::evaluate of the graph; tolerances: cpu::agreementTolerance(graph)).
std::optional<CheckVerdict> checkGrid(const Graph& graph, const Grid& grid, int bandRows,
                                      const std::array<double, 4>& tolerances, const GpuBand& gpu,
                                      unsigned threads = 0, const AfterBand& after = {});

}  // namespace glnoise::app
