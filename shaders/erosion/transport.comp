// SPDX-License-Identifier: MIT
#version 430
// Erosion, pass C: sediment carried with the water in flux form: what stays, and the
// shares its neighbours give (kernels.hpp: transport).
#include "erosion.glsl"

layout(std430, binding = 0) readonly buffer Sediment { float S[]; };
layout(std430, binding = 1) readonly buffer Shares { float P[]; };
layout(std430, binding = 2) writeonly buffer SedimentOut { float S2[]; };

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    uint i = at(x, y);
    precise float stays = S[i] * (1.0 - (((P[4u * i] + P[4u * i + 1u]) + P[4u * i + 2u]) + P[4u * i + 3u]));
    precise float into[4];
    for (int k = 0; k < 4; ++k) {
        int nx = x + kDx8[k], ny = y + kDy8[k];
        into[k] = 0.0;
        if (inside(nx, ny)) {
            uint n = at(nx, ny);
            into[k] = S[n] * P[4u * n + uint(kBack8[k])];
        }
    }
    S2[i] = stays + (((into[0] + into[1]) + into[2]) + into[3]);
}
