// SPDX-License-Identifier: MIT
#version 430
// Erosion, the thermal step as a gather: a cell loses what slides off it to its lower
// neighbours and gains what slides onto it from theirs, each share computed as its giver
// computes it (kernels.hpp: slides, slide).
#include "erosion.glsl"

layout(std430, binding = 0) readonly buffer Terrain { float T[]; };
layout(std430, binding = 1) writeonly buffer TerrainOut { float T2[]; };

// What slides from (x, y) towards neighbour k.
float slideTowards(int x, int y, int towards) {
    float h = T[at(x, y)];
    precise float e[8];
    precise float most = 0.0, sum = 0.0;
    for (int k = 0; k < 8; ++k) {
        e[k] = 0.0;
        int nx = x + kDx8[k], ny = y + kDy8[k];
        if (!inside(nx, ny)) continue;
        precise float excess = (h - T[at(nx, ny)]) - (k < 4 ? u_talus : u_talus_diagonal);
        if (excess > 0.0) {
            e[k] = excess;
            most = max(most, excess);
            sum = sum + excess;
        }
    }
    precise float leaving = u_thermal * most;
    precise float share = sum > 0.0 ? leaving * (e[towards] / sum) : 0.0;
    return share;
}

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    precise float off = 0.0;
    for (int k = 0; k < 8; ++k) off = off + slideTowards(x, y, k);
    precise float gained = 0.0;
    for (int k = 0; k < 8; ++k) {
        int nx = x + kDx8[k], ny = y + kDy8[k];
        if (inside(nx, ny)) gained = gained + slideTowards(nx, ny, kBack8[k]);
    }
    T2[at(x, y)] = (T[at(x, y)] - off) + gained;
}
