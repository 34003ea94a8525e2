// SPDX-License-Identifier: MIT
// One cell of each erosion step, as shaders/erosion/erosion.glsl computes it: the twin's
// arithmetic, float by float in the same order (docs/erosion.md).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "glnoise/erosion.hpp"

namespace glnoise::erosion {

// The iteration's numbers, made once in double and rounded to float, as the GPU gets them.
struct Constants {
    float cell = 1.0f, area = 1.0f;  // metres a cell spans, square metres a cell covers
    float dt = 0.05f;                // seconds an iteration
    float rain = 0.0f;               // metres of rain an iteration
    float pipe = 0.0f;               // dt g cell: the flux one metre of head adds (a pipe of a cell's area)
    float keep = 1.0f;               // 1 - evaporation dt: the water kept
    float capacity = 0.0f, dissolve = 0.0f, settle = 0.0f, minSlope = 0.0f;
    float inverseFullDepth = 1.0f;   // 1 / the depth from which water carries its whole capacity
    float halfInverseCell = 0.5f;    // 1 / (2 cell)
    float talus = 0.0f, talusDiagonal = 0.0f;  // the height the talus angle allows across a cell, straight and diagonal
    float thermal = 0.0f;            // share of the steepest excess that slides an iteration
};
Constants constantsOf(const Params& p);

struct Grid2 {
    int w = 0, h = 0;
    std::size_t at(int x, int y) const noexcept { return static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x); }
    bool inside(int x, int y) const noexcept { return x >= 0 && y >= 0 && x < w && y < h; }
    // The value at (x, y), or `self` beyond the map.
    float height(const float* v, int x, int y, float self) const noexcept { return inside(x, y) ? v[at(x, y)] : self; }
};

struct Fields {
    const float* terrain;
    const float* water;
    const float* rain;  // null: 1 everywhere
};

// The four pipes: towards -x, +x, -y, +y.
inline constexpr int kDx[4] = {-1, 1, 0, 0};
inline constexpr int kDy[4] = {0, 0, -1, 1};
// The pipe of a neighbour that points back: +x's is -x's.
inline constexpr int kBack[4] = {1, 0, 3, 2};
// The eight neighbours of the thermal step and of D8: the four pipes, then the diagonals.
inline constexpr int kDx8[8] = {-1, 1, 0, 0, -1, 1, -1, 1};
inline constexpr int kDy8[8] = {0, 0, -1, 1, -1, -1, 1, 1};
inline constexpr int kBack8[8] = {1, 0, 3, 2, 7, 6, 5, 4};

// The water on a cell once this iteration's rain has fallen.
inline float rained(const Constants& c, const Fields& f, std::size_t i) noexcept {
    return f.water[i] + c.rain * (f.rain ? f.rain[i] : 1.0f);
}

// The slope along x and y in metres a metre: central differences, one-sided at the edges.
inline float gradientX(const Grid2& g, const float* b, float halfInverseCell, int x, int y) noexcept {
    const int l = std::max(x - 1, 0), r = std::min(x + 1, g.w - 1);
    return (b[g.at(r, y)] - b[g.at(l, y)]) * (r - l == 2 ? halfInverseCell : 2.0f * halfInverseCell);
}
inline float gradientY(const Grid2& g, const float* b, float halfInverseCell, int x, int y) noexcept {
    const int t = std::max(y - 1, 0), d = std::min(y + 1, g.h - 1);
    return (b[g.at(x, d)] - b[g.at(x, t)]) * (d - t == 2 ? halfInverseCell : 2.0f * halfInverseCell);
}

// Pass A: the cell's outflow through its four pipes, each raised by the head to its
// neighbour (beyond an edge: the cell's own ground, dry) and none below 0, then scaled so
// that no more leaves in an iteration than the cell holds.
inline std::array<float, 4> outflow(const Grid2& g, const Constants& c, const Fields& in, const float* flux, int x, int y) noexcept {
    const std::size_t i = g.at(x, y);
    const float ground = in.terrain[i], d1 = rained(c, in, i);
    const float head = ground + d1;
    std::array<float, 4> f{};
    for (int k = 0; k < 4; ++k) {
        const int nx = x + kDx[k], ny = y + kDy[k];
        float other = ground;
        if (g.inside(nx, ny)) {
            const std::size_t n = g.at(nx, ny);
            other = in.terrain[n] + rained(c, in, n);
        }
        f[static_cast<std::size_t>(k)] = std::max(0.0f, flux[4 * i + static_cast<std::size_t>(k)] + c.pipe * (head - other));
    }
    const float sum = ((f[0] + f[1]) + f[2]) + f[3];
    if (sum > 0.0f) {
        const float scale = std::min(1.0f, d1 * c.area / (sum * c.dt));
        for (float& v : f) v *= scale;
    }
    return f;
}

struct CellAfter {
    float terrain, water, sediment;  // the water after evaporation
    std::array<float, 4> shares;     // of the cell's water (and sediment) leaving through each pipe
    float u, v;                      // velocity, m/s
};

// Pass B: the water after the flow, the velocity from the mean flux across the cell, the
// capacity from the speed and the slope, then dissolving up to it or settling down to it,
// and evaporation.
inline CellAfter erodeCell(const Grid2& g, const Constants& c, const Fields& in, const float* flux, float sediment,
                           float hardness, int x, int y) noexcept {
    const std::size_t i = g.at(x, y);
    const float* f = flux + 4 * i;
    const float d1 = rained(c, in, i);
    float into[4];  // from the neighbour on each side, through its pipe pointing here
    for (int k = 0; k < 4; ++k) {
        const int nx = x + kDx[k], ny = y + kDy[k];
        into[k] = g.inside(nx, ny) ? flux[4 * g.at(nx, ny) + static_cast<std::size_t>(kBack[k])] : 0.0f;
    }
    const float out = ((f[0] + f[1]) + f[2]) + f[3];
    const float inflow = ((into[0] + into[1]) + into[2]) + into[3];
    const float d2 = std::max(0.0f, d1 + c.dt * (inflow - out) / c.area);
    const float mean = 0.5f * (d1 + d2);
    const float wx = 0.5f * ((into[0] - f[0]) + (f[1] - into[1]));
    const float wy = 0.5f * ((into[2] - f[2]) + (f[3] - into[3]));
    const float u = mean > 1e-4f ? wx / (c.cell * mean) : 0.0f;
    const float v = mean > 1e-4f ? wy / (c.cell * mean) : 0.0f;
    const float sx = gradientX(g, in.terrain, c.halfInverseCell, x, y);
    const float sy = gradientY(g, in.terrain, c.halfInverseCell, x, y);
    const float g2 = sx * sx + sy * sy;
    const float sine = std::max(c.minSlope, std::sqrt(g2 / (1.0f + g2)));
    const float speed = std::sqrt(u * u + v * v);
    const float depth = std::min(1.0f, d2 * c.inverseFullDepth);
    const float capacity = ((c.capacity * sine) * speed) * depth;
    float ground = in.terrain[i], carried = sediment;
    if (capacity > carried) {
        const float amount = c.dissolve * (1.0f - hardness) * (capacity - carried);
        ground -= amount;
        carried += amount;
    } else {
        const float amount = c.settle * (carried - capacity);
        ground += amount;
        carried -= amount;
    }
    CellAfter a{ground, d2 * c.keep, carried, {0.0f, 0.0f, 0.0f, 0.0f}, u, v};
    if (d1 > 0.0f) {
        const float perMetre = c.dt / (d1 * c.area);
        for (int k = 0; k < 4; ++k) a.shares[static_cast<std::size_t>(k)] = f[k] * perMetre;
    }
    return a;
}

// Pass C: the cell's sediment after transport: what stays, and the shares of its
// neighbours' that flow in. Each share is the one its giver computed, so what one cell
// gives another receives.
inline float transport(const Grid2& g, const float* sediment, const float* shares, int x, int y) noexcept {
    const std::size_t i = g.at(x, y);
    const float* own = shares + 4 * i;
    const float stays = sediment[i] * (1.0f - (((own[0] + own[1]) + own[2]) + own[3]));
    float into[4];
    for (int k = 0; k < 4; ++k) {
        const int nx = x + kDx[k], ny = y + kDy[k];
        into[k] = 0.0f;
        if (g.inside(nx, ny)) {
            const std::size_t n = g.at(nx, ny);
            into[k] = sediment[n] * shares[4 * n + static_cast<std::size_t>(kBack[k])];
        }
    }
    return stays + (((into[0] + into[1]) + into[2]) + into[3]);
}

// The thermal step's shares of a cell: what slides to each of its 8 neighbours. The excess
// over the talus height towards each lower neighbour; a share `thermal` of the steepest
// excess leaves, split in proportion to the excesses.
inline std::array<float, 8> slides(const Grid2& g, const Constants& c, const float* t, int x, int y) noexcept {
    const float h = t[g.at(x, y)];
    std::array<float, 8> e{};
    float most = 0.0f, sum = 0.0f;
    for (int k = 0; k < 8; ++k) {
        const int nx = x + kDx8[k], ny = y + kDy8[k];
        if (!g.inside(nx, ny)) continue;
        const float excess = (h - t[g.at(nx, ny)]) - (k < 4 ? c.talus : c.talusDiagonal);
        if (excess > 0.0f) {
            e[static_cast<std::size_t>(k)] = excess;
            most = std::max(most, excess);
            sum += excess;
        }
    }
    const float leaving = c.thermal * most;
    for (float& v : e) v = sum > 0.0f ? leaving * (v / sum) : 0.0f;
    return e;
}

// The cell's height after the thermal step: less what slides off, plus what slides in.
inline float slide(const Grid2& g, const Constants& c, const float* t, int x, int y) noexcept {
    const std::array<float, 8> off = slides(g, c, t, x, y);
    float sum = 0.0f;
    for (const float v : off) sum += v;
    float in = 0.0f;
    for (int k = 0; k < 8; ++k) {
        const int nx = x + kDx8[k], ny = y + kDy8[k];
        if (g.inside(nx, ny)) in += slides(g, c, t, nx, ny)[static_cast<std::size_t>(kBack8[k])];
    }
    return (t[g.at(x, y)] - sum) + in;
}

// D8: the neighbour of steepest descent (drop times the inverse of the distance: a product
// is rounded alike on every GPU, a quotient is not), the first of the 8 on a tie; -1 on a
// pit or a flat.
inline std::int64_t drainsTo(const Grid2& g, const float* t, float perStraight, float perDiagonal, int x, int y) noexcept {
    const float h = t[g.at(x, y)];
    float best = 0.0f;
    std::int64_t to = -1;
    for (int k = 0; k < 8; ++k) {
        const int nx = x + kDx8[k], ny = y + kDy8[k];
        if (!g.inside(nx, ny)) continue;
        const float drop = (h - t[g.at(nx, ny)]) * (k < 4 ? perStraight : perDiagonal);
        if (drop > best) {
            best = drop;
            to = static_cast<std::int64_t>(g.at(nx, ny));
        }
    }
    return to;
}

inline constexpr double kPi = 3.14159265358979323846;

// A Gaussian's weights from -radius to radius (radius: ceil(3 sigma)), summing to 1.
inline std::vector<float> gaussianWeights(double sigma) {
    const int radius = static_cast<int>(std::ceil(3.0 * sigma));
    std::vector<float> weights(static_cast<std::size_t>(2 * radius + 1));
    double total = 0.0;
    for (int k = -radius; k <= radius; ++k) total += std::exp(-0.5 * k * k / (sigma * sigma));
    for (int k = -radius; k <= radius; ++k)
        weights[static_cast<std::size_t>(k + radius)] = static_cast<float>(std::exp(-0.5 * k * k / (sigma * sigma)) / total);
    return weights;
}

// The inverse distances drainsTo takes: to a side neighbour, to a diagonal one.
inline float perStraight(double cellSize) { return static_cast<float>(1.0 / cellSize); }
inline float perDiagonal(double cellSize) { return static_cast<float>(1.0 / (std::sqrt(2.0) * cellSize)); }

}  // namespace glnoise::erosion
