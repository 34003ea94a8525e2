// SPDX-License-Identifier: MIT
#version 430
// Erosion, pass C: sediment carried with the water in flux form: what stays, and the
// shares its neighbours give (kernels.hpp: transport). An edge cell also tallies what it
// sends off the map, sediment and water, in its slot of the perimeter's running sums.
#include "erosion.glsl"

layout(std430, binding = 0) readonly buffer Sediment { float S[]; };
layout(std430, binding = 1) readonly buffer Shares { float P[]; };
layout(std430, binding = 2) writeonly buffer SedimentOut { float S2[]; };
layout(std430, binding = 3) readonly buffer Flux { float F[]; };
// Per edge cell: the sediment's sum and its compensation, the water's sum and its
// compensation (Kahan), in metres of one cell.
layout(std430, binding = 4) buffer Left { float L[]; };
// The water after this iteration, and the wetness it adds to (kernels: State::wetness).
layout(std430, binding = 5) readonly buffer Water { float W[]; };
layout(std430, binding = 6) buffer Wetness { float Wet[]; };

// The slot of an edge cell: the first row, the last row, then the first and the last column
// between them.
uint perimeterSlot(int x, int y) {
    if (y == 0) return uint(x);
    if (y == u_size.y - 1) return uint(u_size.x + x);
    if (x == 0) return uint(2 * u_size.x + y - 1);
    return uint(2 * u_size.x + u_size.y - 2 + y - 1);
}

void addTo(uint k, precise float v) {
    precise float y = v - L[k + 1u];
    precise float t = L[k] + y;
    L[k + 1u] = (t - L[k]) - y;
    L[k] = t;
}

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    uint i = at(x, y);
    precise float stays = S[i] * (1.0 - (((P[4u * i] + P[4u * i + 1u]) + P[4u * i + 2u]) + P[4u * i + 3u]));
    precise float into[4];
    precise float sedimentOut = 0.0, waterOut = 0.0;
    for (int k = 0; k < 4; ++k) {
        int nx = x + kDx8[k], ny = y + kDy8[k];
        into[k] = 0.0;
        if (inside(nx, ny)) {
            uint n = at(nx, ny);
            into[k] = S[n] * P[4u * n + uint(kBack8[k])];
        } else {
            sedimentOut = sedimentOut + S[i] * P[4u * i + uint(k)];
            waterOut = waterOut + F[4u * i + uint(k)] * u_dt / u_area;
        }
    }
    S2[i] = stays + (((into[0] + into[1]) + into[2]) + into[3]);
    precise float wet = Wet[i] + W[i];
    Wet[i] = wet;
    if (x == 0 || y == 0 || x == u_size.x - 1 || y == u_size.y - 1) {
        uint slot = 4u * perimeterSlot(x, y);
        addTo(slot, sedimentOut);
        addTo(slot + 2u, waterOut);
    }
}
