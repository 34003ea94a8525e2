// SPDX-License-Identifier: MIT
#version 430
// Erosion, pass A: each cell's outflow through its four pipes (kernels.hpp: outflow).
#include "erosion.glsl"

layout(std430, binding = 0) readonly buffer Terrain { float T[]; };
layout(std430, binding = 1) readonly buffer Water { float W[]; };
layout(std430, binding = 2) readonly buffer Rain { float R[]; };
layout(std430, binding = 3) readonly buffer FluxIn { float F[]; };
layout(std430, binding = 4) writeonly buffer FluxOut { float G[]; };

float rained(uint i) {
    precise float d = W[i] + u_rain * (u_has_rain != 0 ? R[i] : 1.0);
    return d;
}

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    uint i = at(x, y);
    float ground = T[i];
    float d1 = rained(i);
    precise float head = ground + d1;
    precise float f[4];
    for (int k = 0; k < 4; ++k) {
        int nx = x + kDx8[k], ny = y + kDy8[k];
        precise float other = ground;
        if (inside(nx, ny)) {
            uint n = at(nx, ny);
            other = T[n] + rained(n);
        }
        f[k] = max(0.0, F[4u * i + uint(k)] + u_pipe * (head - other));
    }
    precise float sum = ((f[0] + f[1]) + f[2]) + f[3];
    if (sum > 0.0) {
        precise float scale = min(1.0, d1 * u_area / (sum * u_dt));
        for (int k = 0; k < 4; ++k) f[k] = f[k] * scale;
    }
    for (int k = 0; k < 4; ++k) G[4u * i + uint(k)] = f[k];
}
