// SPDX-License-Identifier: MIT
// The C++ twin of shaders/erosion/*.comp: the same float arithmetic in the same order, a
// cell at a time, each cell's update read from the last state alone.
#include "glnoise/erosion.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <string>
#include <tuple>

#include "core/parallel.hpp"
#include "erosion/kernels.hpp"
#include "glnoise/error.hpp"

namespace glnoise::erosion {

namespace {

std::string shown(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    return text;
}

// Rows [0, h) in bands on up to `threads` threads.
template <class Row>
void rows(int h, unsigned threads, const Row& row) {
    constexpr int kBand = 16;
    const int bands = (h + kBand - 1) / kBand;
    detail::parallelFor(static_cast<std::size_t>(bands), threads, [&](std::size_t b) {
        const int y0 = static_cast<int>(b) * kBand;
        for (int y = y0; y < std::min(h, y0 + kBand); ++y) row(y);
    });
}

}  // namespace

const std::vector<ParamNumber>& paramNumbers() {
    using P = Params;
    static const std::vector<ParamNumber> numbers{
        {"cell_size", &P::cellSize},     {"height_scale", &P::heightScale}, {"time_step", &P::timeStep},
        {"rain", &P::rain},              {"evaporation", &P::evaporation},  {"capacity", &P::capacity},
        {"dissolving", &P::dissolving},  {"deposition", &P::deposition},    {"min_slope", &P::minSlope},
        {"full_depth", &P::fullDepth},   {"talus_angle", &P::talusAngle},   {"thermal_rate", &P::thermalRate}};
    return numbers;
}

void Params::validate() const {
    std::vector<Violation> v;
    const auto finite = [&](const char* key, double value, double lo, double hi, const std::string& allowed, bool openLo) {
        if (!std::isfinite(value) || value < lo || value > hi || (openLo && value == lo))
            v.push_back({key, shown(value) + ": must be " + allowed});
    };
    finite("cell-size", cellSize, 0.0, 1e6, "above 0 and at most 1e6 (metres a texel spans)", true);
    finite("height-scale", heightScale, 0.0, 1e6, "above 0 and at most 1e6 (metres a unit of height spans)", true);
    if (iterations < 0 || iterations > kMostIterations)
        v.push_back({"iterations", std::to_string(iterations) + ": must be 0 to " + std::to_string(kMostIterations)});
    finite("time-step", timeStep, 0.0, 10.0, "above 0 and at most 10 (seconds an iteration simulates)", true);
    finite("rain", rain, 0.0, 1e3, "0 to 1000 (metres a second)", false);
    finite("evaporation", evaporation, 0.0, 1e3, "0 to 1000 (a share a second)", false);
    finite("capacity", capacity, 0.0, 1e6, "0 to 1e6", false);
    finite("dissolving", dissolving, 0.0, 1e3, "0 to 1000 (a share a second)", false);
    finite("deposition", deposition, 0.0, 1e3, "0 to 1000 (a share a second)", false);
    finite("min-slope", minSlope, 0.0, 1.0, "0 to 1 (a sine)", false);
    finite("full-depth", fullDepth, 0.0, 1e3, "above 0 and at most 1000 (metres)", true);
    finite("talus-angle", talusAngle, 0.0, 89.0, "0 to 89 (degrees)", false);
    finite("thermal-rate", thermalRate, 0.0, 1.0, "0 to 1 (a share an iteration)", false);
    // A share an iteration above 1 would take more than there is.
    for (const auto& [key, rate] : {std::pair{"evaporation", evaporation}, std::pair{"dissolving", dissolving},
                                    std::pair{"deposition", deposition}})
        if (std::isfinite(rate) && std::isfinite(timeStep) && rate * timeStep > 1.0)
            v.push_back({key, shown(rate) + ": times --time-step " + shown(timeStep) +
                                  " must be at most 1 (a share of an iteration)"});
    if (!v.empty()) throw ValidationError(v);
}

Constants constantsOf(const Params& p) {
    Constants c;
    c.cell = static_cast<float>(p.cellSize);
    c.area = static_cast<float>(p.cellSize * p.cellSize);
    c.dt = static_cast<float>(p.timeStep);
    c.rain = static_cast<float>(p.timeStep * p.rain);
    c.pipe = static_cast<float>(p.timeStep * 9.81 * p.cellSize);
    c.keep = static_cast<float>(1.0 - p.evaporation * p.timeStep);
    c.capacity = static_cast<float>(p.capacity);
    c.dissolve = static_cast<float>(p.dissolving * p.timeStep);
    c.settle = static_cast<float>(p.deposition * p.timeStep);
    c.minSlope = static_cast<float>(p.minSlope);
    c.inverseFullDepth = static_cast<float>(1.0 / p.fullDepth);
    c.halfInverseCell = static_cast<float>(0.5 / p.cellSize);
    c.talus = static_cast<float>(std::tan(p.talusAngle * kPi / 180.0) * p.cellSize);
    c.talusDiagonal = static_cast<float>(std::tan(p.talusAngle * kPi / 180.0) * p.cellSize * std::sqrt(2.0));
    c.thermal = static_cast<float>(0.5 * p.thermalRate);
    return c;
}

State start(const Image& heights, const Params& p, const Image* rain, const Image* hardness) {
    p.validate();
    if (heights.channels != 1 || heights.depth != 1)
        throw ValidationError("the heightmap: must be one channel of a 2D grid (" + std::to_string(heights.channels) +
                              " channels, " + std::to_string(heights.depth) + " deep)");
    if (heights.width < 2 || heights.height < 2 || heights.width > Params::kMostCells || heights.height > Params::kMostCells)
        throw ValidationError("the heightmap: " + std::to_string(heights.width) + "x" + std::to_string(heights.height) +
                              ": each edge must be 2 to " + std::to_string(Params::kMostCells));
    State s;
    s.width = heights.width;
    s.height = heights.height;
    const std::size_t n = static_cast<std::size_t>(s.width) * static_cast<std::size_t>(s.height);
    s.terrain.resize(n);
    const float scale = static_cast<float>(p.heightScale);
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(heights.data[i]))
            throw ValidationError("the heightmap: texel (" + std::to_string(i % static_cast<std::size_t>(s.width)) + ", " +
                                  std::to_string(i / static_cast<std::size_t>(s.width)) + ") is " + shown(heights.data[i]) +
                                  "; every height must be finite");
        s.terrain[i] = heights.data[i] * scale;
    }
    s.water.assign(n, 0.0f);
    s.wetness.assign(n, 0.0f);
    s.sediment.assign(n, 0.0f);
    s.flux.assign(4 * n, 0.0f);
    s.velocity.assign(2 * n, 0.0f);
    const auto map = [&](const Image* m, const char* what, float lo, float hi, std::vector<float>& out) {
        if (!m) return;
        if (m->width != s.width || m->height != s.height || m->channels != 1 || m->depth != 1)
            throw ValidationError(std::string("the ") + what + " map: " + std::to_string(m->width) + "x" +
                                  std::to_string(m->height) + " with " + std::to_string(m->channels) +
                                  " channels; must be one channel the heightmap's size, " + std::to_string(s.width) + "x" +
                                  std::to_string(s.height));
        for (std::size_t i = 0; i < n; ++i)
            if (!(m->data[i] >= lo && m->data[i] <= hi))
                throw ValidationError(std::string("the ") + what + " map: texel (" +
                                      std::to_string(i % static_cast<std::size_t>(s.width)) + ", " +
                                      std::to_string(i / static_cast<std::size_t>(s.width)) + ") is " + shown(m->data[i]) +
                                      "; must be " + shown(lo) + " to " + shown(hi));
        out = m->data;
    };
    map(rain, "rain", 0.0f, 1e6f, s.rain);
    map(hardness, "hardness", 0.0f, 1.0f, s.hardness);
    return s;
}

void iterate(State& s, const Params& p, unsigned threads) {
    const Constants c = constantsOf(p);
    const Grid2 g{s.width, s.height};
    const std::size_t n = static_cast<std::size_t>(s.width) * static_cast<std::size_t>(s.height);
    const Fields in{s.terrain.data(), s.water.data(), s.rain.empty() ? nullptr : s.rain.data()};
    // A: each cell's outflow.
    std::vector<float> flux(4 * n);
    rows(s.height, threads, [&](int y) {
        for (int x = 0; x < s.width; ++x) {
            const std::array<float, 4> f = outflow(g, c, in, s.flux.data(), x, y);
            std::copy(f.begin(), f.end(), flux.begin() + static_cast<std::ptrdiff_t>(4 * g.at(x, y)));
        }
    });
    // B: the water after the flow, erosion and deposition, each cell's shares of its water
    // leaving, its velocity, evaporation.
    std::vector<float> terrain(n), water(n), sediment(n), shares(4 * n);
    rows(s.height, threads, [&](int y) {
        for (int x = 0; x < s.width; ++x) {
            const std::size_t i = g.at(x, y);
            const CellAfter a = erodeCell(g, c, in, flux.data(), s.sediment[i], s.hardness.empty() ? 0.0f : s.hardness[i], x, y);
            terrain[i] = a.terrain;
            water[i] = a.water;
            sediment[i] = a.sediment;
            std::copy(a.shares.begin(), a.shares.end(), shares.begin() + static_cast<std::ptrdiff_t>(4 * i));
            s.velocity[2 * i] = a.u;
            s.velocity[2 * i + 1] = a.v;
        }
    });
    // What leaves over the edges: each edge cell's shares towards the outside.
    double sedimentOut = 0.0, waterOut = 0.0;
    for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
            if (x > 0 && y > 0 && x + 1 < s.width && y + 1 < s.height) continue;
            const std::size_t i = g.at(x, y);
            const int out[4] = {x == 0, x + 1 == s.width, y == 0, y + 1 == s.height};
            for (int k = 0; k < 4; ++k)
                if (out[k]) {
                    sedimentOut += static_cast<double>(sediment[i]) * shares[4 * i + static_cast<std::size_t>(k)];
                    waterOut += static_cast<double>(flux[4 * i + static_cast<std::size_t>(k)]) * c.dt / c.area;
                }
        }
    s.sedimentLeft += sedimentOut;
    s.waterLeft += waterOut;
    // C: sediment carried with the water, in flux form.
    rows(s.height, threads, [&](int y) {
        for (int x = 0; x < s.width; ++x) s.sediment[g.at(x, y)] = transport(g, sediment.data(), shares.data(), x, y);
    });
    s.flux = std::move(flux);
    s.water = std::move(water);
    if (s.wetness.size() != n) s.wetness.assign(n, 0.0f);
    for (std::size_t i = 0; i < n; ++i) s.wetness[i] += s.water[i];
    // T: the thermal step, a gather over the two rings around each cell.
    if (c.thermal > 0.0f) {
        rows(s.height, threads, [&](int y) {
            for (int x = 0; x < s.width; ++x) s.terrain[g.at(x, y)] = slide(g, c, terrain.data(), x, y);
        });
    } else {
        s.terrain = std::move(terrain);
    }
}

Image heights(const State& s, const Params& p) {
    Image out(s.width, s.height, 1);
    const float inverse = static_cast<float>(1.0 / p.heightScale);
    for (std::size_t i = 0; i < s.terrain.size(); ++i) out.data[i] = s.terrain[i] * inverse;
    return out;
}

namespace {

// max |a - b| / (1 + max |b|): the largest difference against the field's own scale.
double relative(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
    double worst = 0.0, scale = 0.0;
    for (std::size_t i = 0; i < b.size(); ++i) {
        worst = std::max(worst, std::abs(double(a[i]) - double(b[i])));
        scale = std::max(scale, std::abs(double(b[i])));
    }
    return worst / (1.0 + scale);
}

std::string exceeds(const char* what, double value, double bound, const char* sense) {
    char line[160];
    std::snprintf(line, sizeof line, "%s %.3g %s %.3g", what, value, sense, bound);
    return line;
}

}  // namespace

Agreement agree(const State& start, const State& run, const State& twin) {
    Agreement a;
    a.terrain = relative(run.terrain, twin.terrain);
    a.water = relative(run.water, twin.water);
    a.sediment = relative(run.sediment, twin.sediment);
    a.flux = relative(run.flux, twin.flux);
    a.velocity = relative(run.velocity, twin.velocity);
    const std::size_t n = twin.terrain.size();
    if (start.terrain.size() != n || run.terrain.size() != n) {
        a.correlation = 0.0;
        a.apart = a.sedimentDrift = std::numeric_limits<double>::infinity();
        return a;
    }
    double sr = 0, st = 0, srr = 0, stt = 0, srt = 0, moved = 0, apart = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double dr = double(run.terrain[i]) - start.terrain[i], dt = double(twin.terrain[i]) - start.terrain[i];
        sr += dr;
        st += dt;
        srr += dr * dr;
        stt += dt * dt;
        srt += dr * dt;
        moved += std::abs(dt);
        apart += std::abs(dr - dt);
    }
    const double vr = srr - sr * sr / double(n), vt = stt - st * st / double(n);
    a.correlation = vr > 0.0 && vt > 0.0 ? (srt - sr * st / double(n)) / std::sqrt(vr * vt) : (apart == 0.0 ? 1.0 : 0.0);
    a.apart = moved > 0.0 ? apart / moved : (apart == 0.0 ? 0.0 : std::numeric_limits<double>::infinity());
    double sedimentRun = 0, sedimentTwin = 0;
    for (std::size_t i = 0; i < twin.sediment.size() && i < run.sediment.size(); ++i) {
        sedimentRun += run.sediment[i];
        sedimentTwin += twin.sediment[i];
    }
    const double drift = std::abs(sedimentRun - sedimentTwin);
    a.sedimentDrift = sedimentTwin > 0.0 ? drift / sedimentTwin : (drift == 0.0 ? 0.0 : std::numeric_limits<double>::infinity());
    return a;
}

std::vector<std::string> brokenAfterOne(const Agreement& a) {
    std::vector<std::string> broken;
    const std::tuple<const char*, double, double> fields[] = {{"terrain", a.terrain, Bounds::kTerrain},
                                                              {"water", a.water, Bounds::kWater},
                                                              {"sediment", a.sediment, Bounds::kSediment},
                                                              {"flux", a.flux, Bounds::kFlux},
                                                              {"velocity", a.velocity, Bounds::kVelocity}};
    for (const auto& [name, value, bound] : fields)
        if (!(value <= bound)) broken.push_back(exceeds(name, value, bound, ">"));
    return broken;
}

std::vector<std::string> brokenAfterMany(const Agreement& a) {
    std::vector<std::string> broken;
    if (!(a.correlation >= Bounds::kCorrelation))
        broken.push_back(exceeds("the correlation of the ground's change", a.correlation, Bounds::kCorrelation, "<"));
    if (!(a.apart <= Bounds::kApart)) broken.push_back(exceeds("metres apart per metre moved", a.apart, Bounds::kApart, ">"));
    if (!(a.sedimentDrift <= Bounds::kSedimentDrift))
        broken.push_back(exceeds("the sediment's drift", a.sedimentDrift, Bounds::kSedimentDrift, ">"));
    return broken;
}

std::vector<float> slope(const std::vector<float>& ground, int w, int h, double cellSize) {
    std::vector<float> out(ground.size());
    const Grid2 g{w, h};
    const float half = static_cast<float>(0.5 / cellSize);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const float sx = gradientX(g, ground.data(), half, x, y), sy = gradientY(g, ground.data(), half, x, y);
            out[g.at(x, y)] = std::atan(std::sqrt(sx * sx + sy * sy)) * static_cast<float>(180.0 / kPi);
        }
    return out;
}

std::vector<float> curvature(const std::vector<float>& ground, int w, int h, double cellSize) {
    std::vector<float> out(ground.size());
    const Grid2 g{w, h};
    const float inverse = static_cast<float>(1.0 / (cellSize * cellSize));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const float c = ground[g.at(x, y)];
            const float sum = g.height(ground.data(), x - 1, y, c) + g.height(ground.data(), x + 1, y, c) +
                              g.height(ground.data(), x, y - 1, c) + g.height(ground.data(), x, y + 1, c);
            out[g.at(x, y)] = (sum - 4.0f * c) * inverse;
        }
    return out;
}

std::vector<float> blur(const std::vector<float>& values, int w, int h, double sigma) {
    if (!(sigma >= 0.0 && sigma <= 64.0)) throw ValidationError("blur " + shown(sigma) + ": must be 0 to 64 cells");
    if (sigma == 0.0) return values;
    const std::vector<float> weights = gaussianWeights(sigma);
    const int radius = static_cast<int>(weights.size() / 2);
    std::vector<float> across(values.size()), out(values.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float sum = 0.0f;
            for (int k = -radius; k <= radius; ++k)
                sum += weights[static_cast<std::size_t>(k + radius)] * values[static_cast<std::size_t>(y) * w + std::clamp(x + k, 0, w - 1)];
            across[static_cast<std::size_t>(y) * w + x] = sum;
        }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float sum = 0.0f;
            for (int k = -radius; k <= radius; ++k)
                sum += weights[static_cast<std::size_t>(k + radius)] * across[static_cast<std::size_t>(std::clamp(y + k, 0, h - 1)) * w + x];
            out[static_cast<std::size_t>(y) * w + x] = sum;
        }
    return out;
}

std::vector<float> flowAccumulation(const std::vector<float>& ground, int w, int h, double cellSize) {
    const Grid2 g{w, h};
    const float straight = perStraight(cellSize), diagonal = perDiagonal(cellSize);
    const std::size_t n = ground.size();
    std::vector<std::int64_t> receiver(n);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) receiver[g.at(x, y)] = drainsTo(g, ground.data(), straight, diagonal, x, y);
    // Highest first (ties by index), each cell adds what it holds to its receiver.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ground[a] > ground[b]; });
    std::vector<double> count(n, 1.0);
    for (const std::size_t i : order)
        if (receiver[i] >= 0) count[static_cast<std::size_t>(receiver[i])] += count[i];
    return std::vector<float>(count.begin(), count.end());
}

}  // namespace glnoise::erosion
