// SPDX-License-Identifier: MIT
#include "app/agreement.hpp"

#include <cmath>
#include <cstdio>

namespace glnoise::app {

void accumulate(std::array<Agreement, 4>& agreement, const Image& gpu, const Image& cpu, const TexelStart& start) {
    const int channels = gpu.channels;
    const auto width = static_cast<std::size_t>(gpu.width), height = static_cast<std::size_t>(gpu.height);
    const std::size_t texels = width * height * static_cast<std::size_t>(gpu.depth);
    for (int ch = 0; ch < channels && ch < 4; ++ch) {
        Agreement& s = agreement[static_cast<std::size_t>(ch)];
        for (std::size_t t = 0; t < texels; ++t) {
            const std::size_t i = t * static_cast<std::size_t>(channels) + static_cast<std::size_t>(ch);
            const double d = std::fabs(static_cast<double>(gpu.data[i]) - static_cast<double>(cpu.data[i]));
            s.sum += d;
            if (!(d <= s.maxDiff)) {  // also catches NaN
                s.maxDiff = std::isnan(d) ? INFINITY : d;
                s.at = {start[0] + static_cast<std::int64_t>(t % width),
                        start[1] + static_cast<std::int64_t>(t / width % height),
                        start[2] + static_cast<std::int64_t>(t / (width * height))};
                s.gpu = gpu.data[i];
                s.cpu = cpu.data[i];
            }
        }
    }
}

const char* channelName(const NoiseSpec& spec, int channel) {
    static const char* names[2][4] = {{"value", "d/dx", "d/dy", "d/dz"}, {"nx", "ny", "nz", "value"}};
    return names[spec.output == Output::Normal ? 1 : 0][channel & 3];
}

std::string agreementLine(const NoiseSpec& spec, int channel, const Agreement& s, std::int64_t texels, double tolerance) {
    char line[512];
    std::snprintf(line, sizeof line,
                  "%-6s max |gpu - cpu| = %.3g at texel (%lld, %lld, %lld): gpu %.9g, cpu %.9g; mean %.3g; "
                  "tolerance %.3g: %s",
                  channelName(spec, channel), s.maxDiff, static_cast<long long>(s.at[0]),
                  static_cast<long long>(s.at[1]), static_cast<long long>(s.at[2]), static_cast<double>(s.gpu),
                  static_cast<double>(s.cpu), s.sum / static_cast<double>(texels), tolerance,
                  s.maxDiff <= tolerance ? "PASS" : "FAIL");
    return line;
}

}  // namespace glnoise::app
