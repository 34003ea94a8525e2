// SPDX-License-Identifier: MIT
#include "app/agreement.hpp"

#include <functional>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "glnoise/cpu.hpp"

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

int checkBandRows(const Grid& grid) {
    constexpr std::int64_t kBandTexels = std::int64_t{1} << 22;
    return static_cast<int>(std::clamp<std::int64_t>(kBandTexels / grid.width, 1, grid.height));
}

namespace {

using CpuBand = std::function<Image(const Grid& band, const TexelStart& start)>;

std::optional<CheckVerdict> checkBands(const NoiseSpec& spec, const Grid& grid, int bandRows,
                                       const std::array<double, 4>& tolerances, const GpuBand& gpu, const CpuBand& cpu,
                                       const AfterBand& after, bool jumpy, bool kinky) {
    std::array<Agreement, 4> agree{};
    std::int64_t beyond = 0;  // texels with some channel beyond its tolerance
    std::int64_t kinks = 0;   // texels with the value within and some slope beyond
    // The value's channel: a normal's last, the first of the others.
    const int valueChannel = spec.output == Output::Normal ? 3 : 0;
    for (int z = 0; z < grid.depth; ++z)
        for (int y0 = 0; y0 < grid.height; y0 += bandRows) {
            const Grid band{grid.width, std::min(bandRows, grid.height - y0), 1};
            const TexelStart start{0, y0, z};
            const Image g = gpu(band, start);
            const Image c = cpu(band, start);
            accumulate(agree, g, c, start);
            if (jumpy || kinky) {
                const std::size_t n = g.data.size() / static_cast<std::size_t>(g.channels);
                for (std::size_t t = 0; t < n; ++t) {
                    bool value = false, slope = false;
                    for (int ch = 0; ch < g.channels; ++ch) {
                        const std::size_t i = t * static_cast<std::size_t>(g.channels) + static_cast<std::size_t>(ch);
                        const bool out = !(std::fabs(static_cast<double>(g.data[i]) - c.data[i]) <= tolerances[static_cast<std::size_t>(ch)]);
                        if (ch == valueChannel)
                            value = value || out;
                        else
                            slope = slope || out;
                    }
                    beyond += value || slope ? 1 : 0;
                    kinks += !value && slope ? 1 : 0;
                }
            }
            if (after && !after(g, c, start)) return std::nullopt;
        }
    CheckVerdict v;
    v.texels = grid.texels();
    v.jumpy = jumpy;
    v.jumps = jumpy ? beyond : 0;
    v.kinky = kinky;
    v.kinks = kinky ? kinks : 0;
    const bool fewJumps = jumpy && static_cast<double>(beyond) <= kJumpShare * static_cast<double>(v.texels);
    const bool fewKinks = kinky && static_cast<double>(kinks) <= kJumpShare * static_cast<double>(v.texels);
    for (int ch = 0; ch < cpu::outputChannels(spec); ++ch) {
        const Agreement& a = agree[static_cast<std::size_t>(ch)];
        const double tolerance = tolerances[static_cast<std::size_t>(ch)];
        const bool atKinks = ch != valueChannel && fewKinks;
        const bool ok = a.maxDiff <= tolerance || ((fewJumps || atKinks) && std::isfinite(a.maxDiff));
        const double excess = a.maxDiff / std::max(tolerance, 1e-300);
        v.passed = v.passed && ok;
        v.worst = std::max(v.worst, excess);
        if (!ok) v.worstExcess = std::max(v.worstExcess, excess);
        v.channels.push_back({channelName(spec, ch), a, tolerance, ok, agreementLine(spec, ch, a, v.texels, tolerance)});
    }
    return v;
}

}  // namespace

std::optional<CheckVerdict> checkGrid(const NoiseSpec& spec, const Grid& grid, int bandRows,
                                      const std::array<double, 4>& tolerances, const GpuBand& gpu, unsigned threads,
                                      const AfterBand& after) {
    const CpuBand cpu = [&](const Grid& band, const TexelStart& start) { return cpu::evaluate(spec, band, start, threads); };
    return checkBands(spec, grid, bandRows, tolerances, gpu, cpu, after, false, false);
}

std::optional<CheckVerdict> checkGrid(const Graph& graph, const Grid& grid, int bandRows,
                                      const std::array<double, 4>& tolerances, const GpuBand& gpu, unsigned threads,
                                      const AfterBand& after) {
    const CpuBand cpu = [&](const Grid& band, const TexelStart& start) { return cpu::evaluate(graph, band, start, threads); };
    return checkBands(graph.space, grid, bandRows, tolerances, gpu, cpu, after, hasJumps(graph), graph.space.output != Output::Value);
}

}  // namespace glnoise::app
