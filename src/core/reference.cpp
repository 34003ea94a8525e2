// SPDX-License-Identifier: MIT
#include "core/reference.hpp"

#include "glnoise/catalogue.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/simd.hpp"
#include "glnoise/cpu.hpp"

namespace glnoise::cpu {

int outputChannels(const NoiseSpec& spec) { return spec.output == Output::Value ? 1 : 4; }

std::array<double, 4> agreementTolerance(const NoiseSpec& spec) {
    const double S = spec.normalize ? 1.0 : spec.amplitudeSum();
    double value = 1e-5 * S;
    if (spec.warpAmount != 0.0) {
        double sum = 0.0, term = 1.0;
        for (int i = 0; i < spec.octaves; ++i) {
            sum += term;
            term *= spec.gain * spec.lacunarity;
        }
        // How much faster than the noise the fractal's value changes: |n| keeps the slope,
        // 2|n| - 1 doubles it, and (offset - |n|)^2 multiplies it by 2 |offset - |n||, times
        // the next octave's weight, which itself moves by ridgeGain per unit.
        double slope = 1.0;
        if (spec.fractal == Fractal::Billow) slope = 2.0;
        if (spec.fractal == Fractal::Ridged) {
            const ValueRange n = spec.basisRange();
            const double top = std::max(std::fabs(n.min), std::fabs(n.max));
            const double m = std::max(std::fabs(spec.ridgeOffset), std::fabs(top - spec.ridgeOffset));
            slope = 2.0 * m * (1.0 + spec.ridgeGain * m * m);
        }
        // Warping twice moves the second point's error by the warp's own Jacobian: the
        // displacement (amount / frequency cells) times the warp fBm's slope per cell at
        // warpFrequency, taken as 3 per cell of the basis per unit of normalized amplitude.
        double depth = 1.0;
        if (spec.warpDepth == 2) {
            double slopes = 0.0, amps = 0.0, s = 1.0, a = 1.0;
            for (int i = 0; i < spec.warpOctaves; ++i) {
                slopes += s;
                amps += a;
                s *= spec.gain * spec.lacunarity;
                a *= spec.gain;
            }
            const double jacobian =
                std::fabs(spec.warpAmount) * spec.effectiveWarpFrequency() / spec.frequency * 3.0 * slopes / amps;
            depth = 2.0 + jacobian;
        }
        value += 3e-6 * slope * depth * std::fabs(spec.warpAmount) * sum / (spec.normalize ? spec.amplitudeSum() : 1.0);
    }
    if (spec.pattern == Pattern::Marble || spec.pattern == Pattern::Wood)
        value = std::fabs(spec.patternScale) * value + 1e-5;
    double gradient = 0.0, amp = 1.0, f = spec.frequency;
    for (int i = 0; i < spec.octaves; ++i) {
        gradient += amp * f;
        amp *= spec.gain;
        f *= spec.lacunarity;
    }
    gradient *= 1e-4 / (spec.normalize ? spec.amplitudeSum() : 1.0);
    if (spec.output == Output::Normal) return {1e-4, 1e-4, 1e-4, value};
    return {value, gradient, gradient, gradient};
}

Image evaluate(const NoiseSpec& spec, const Grid& grid, unsigned threads) {
    return evaluate(spec, grid, TexelStart{}, threads);
}

namespace {

// What evaluating a grid needs besides the texels: checked, planned, in float32.
struct GridPlan {
    GridPlan(const NoiseSpec& spec, const Grid& grid, const TexelStart& start)
        : table((spec.validate(), grid.validate(), validateStart(start, grid), Permutation::forSeed(spec.seed))),
          params(sampleParams<float>(spec)),
          layout(anchorLayout(grid, start)),
          channels(outputChannels(spec)) {
        appendAnchorFrames(spec, layout, frames);
    }
    Permutation table;
    SampleParams<float> params;
    AnchorLayout layout;
    std::vector<GlnFrame<float>> frames;
    int channels;
};

}  // namespace

Image evaluate(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads) {
    const GridPlan plan(spec, grid, start);
    const Permutation& P = plan.table;
    const SampleParams<float>& u = plan.params;
    const AnchorLayout& layout = plan.layout;
    const int channels = plan.channels;
    Image image(grid.width, grid.height, grid.depth, channels);
    inBands(grid.height * grid.depth, threads, [&](int firstRow, int endRow) {
        eachTexel(grid, layout, firstRow, endRow, [&](int x, int y, int z, vec3<float> s, int block) {
            const vec4<float> v = outputOf(spec, gln_sample(P, u, plan.frames.data() + block * u.framesPerPoint, s));
            float* out = &image.data[image.index(x, y, z)];
            for (int c = 0; c < channels; ++c) out[c] = v[c];
        });
    });
    return image;
}

namespace {

// The SIMD backend's rows of a checked plan, on every thread asked for.
void runSimd(const NoiseSpec& spec, const Grid& grid, const GridPlan& plan, unsigned threads, float* out) {
    simd::requireAvailable();
    const SampleParams<float>& u = plan.params;
    std::vector<std::uint32_t> plane;
    if (simd::hashesTriangles(u.basis, u.dims, u.world != 0) && simd::planeWorthIt(grid.texels(), u.framesPerPoint))
        plane = simd::hashPlane(plan.table);
    const simd::Job job{&spec, &plan.table, plane.empty() ? nullptr : plane.data(), &u, plan.frames.data(), plan.layout, grid, out};
    inBands(grid.height * grid.depth, threads,
            [&job](int firstRow, int endRow) { simd::evaluateRows(job, firstRow, endRow); });
}

}  // namespace

void evaluateSimd(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads, Image& out) {
    const GridPlan plan(spec, grid, start);  // checked before out changes
    out.width = grid.width;
    out.height = grid.height;
    out.depth = grid.depth;
    out.channels = plan.channels;
    out.data.resize(static_cast<std::size_t>(grid.texels()) * static_cast<std::size_t>(plan.channels));
    runSimd(spec, grid, plan, threads, out.data.data());
}

void evaluateSimdTo(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads, float* out) {
    runSimd(spec, grid, GridPlan(spec, grid, start), threads, out);
}

Image evaluateSimd(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads) {
    Image image;
    evaluateSimd(spec, grid, start, threads, image);
    return image;
}

std::string simdTarget() {
    return simd::available() ? simd::targetName(simd::currentTarget()) : "none: this CPU lacks the least target compiled";
}

std::vector<float> evaluatePoints(const NoiseSpec& spec, const std::vector<Point>& points) {
    spec.validate();
    const Permutation P = Permutation::forSeed(spec.seed);
    const SampleParams<float> u = sampleParams<float>(spec);
    const int channels = outputChannels(spec);
    std::vector<float> values;
    values.reserve(points.size() * static_cast<std::size_t>(channels));
    std::vector<GlnFrame<float>> frames;
    for (const auto& pt : points) {
        frames.clear();
        appendFrames(spec, pointOrigin(spec, pt), frames);
        const vec4<float> v = outputOf(spec, gln_sample(P, u, frames.data(), vec3<float>(0.0f)));
        for (int c = 0; c < channels; ++c) values.push_back(v[c]);
    }
    return values;
}

std::array<double, 4> evaluateDoubleOutput(const NoiseSpec& spec, const Permutation& table, const Point& p) {
    spec.validate();
    const SampleParams<double> u = sampleParams<double>(spec);
    std::vector<GlnFrame<double>> frames;
    appendFrames(spec, pointOrigin(spec, p), frames);
    const vec4<double> v = outputOf(spec, gln_sample(table, u, frames.data(), vec3<double>(0.0)));
    return {v.x, v.y, v.z, v.w};
}

double evaluateDouble(const NoiseSpec& spec, const Permutation& table, const Point& p) {
    NoiseSpec valueOnly = spec;
    valueOnly.output = Output::Value;
    return evaluateDoubleOutput(valueOnly, table, p)[0];
}

float perlin3(const Permutation& table, float x, float y, float z) {
    return gln_perlin3(table, vec3<float>(x, y, z));
}

float perlin2(const Permutation& table, float x, float y) {
    return gln_perlin2(table, vec2<float>(x, y));
}

float fbm3(const Permutation& table, float x, float y, float z, int octaves, float lacunarity, float gain) {
    return gln_fbm3(table, vec3<float>(x, y, z), octaves, lacunarity, gain);
}

float fbm2(const Permutation& table, float x, float y, int octaves, float lacunarity, float gain) {
    return gln_fbm2(table, vec2<float>(x, y), octaves, lacunarity, gain);
}

}  // namespace glnoise::cpu
