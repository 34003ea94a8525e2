// SPDX-License-Identifier: MIT
#version 430
// Erosion, pass B: the water after the flow, velocity, erosion and deposition, the shares
// of the water leaving, evaporation (kernels.hpp: erodeCell).
#include "erosion.glsl"

layout(std430, binding = 0) readonly buffer Terrain { float T[]; };
layout(std430, binding = 1) readonly buffer Water { float W[]; };
layout(std430, binding = 2) readonly buffer Rain { float R[]; };
layout(std430, binding = 3) readonly buffer Flux { float F[]; };
layout(std430, binding = 4) readonly buffer Sediment { float S[]; };
layout(std430, binding = 5) readonly buffer Hardness { float H[]; };
layout(std430, binding = 6) writeonly buffer TerrainOut { float T2[]; };
layout(std430, binding = 7) writeonly buffer WaterOut { float W2[]; };
layout(std430, binding = 8) writeonly buffer SedimentOut { float S2[]; };
layout(std430, binding = 9) writeonly buffer Shares { float P[]; };
layout(std430, binding = 10) writeonly buffer Velocity { float V[]; };

float gradientX(int x, int y) {
    int l = max(x - 1, 0), r = min(x + 1, u_size.x - 1);
    precise float g = (T[at(r, y)] - T[at(l, y)]) * (r - l == 2 ? u_half_inverse_cell : 2.0 * u_half_inverse_cell);
    return g;
}
float gradientY(int x, int y) {
    int t = max(y - 1, 0), d = min(y + 1, u_size.y - 1);
    precise float g = (T[at(x, d)] - T[at(x, t)]) * (d - t == 2 ? u_half_inverse_cell : 2.0 * u_half_inverse_cell);
    return g;
}

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    uint i = at(x, y);
    precise float f[4] = float[4](F[4u * i], F[4u * i + 1u], F[4u * i + 2u], F[4u * i + 3u]);
    precise float d1 = W[i] + u_rain * (u_has_rain != 0 ? R[i] : 1.0);
    precise float into[4];
    for (int k = 0; k < 4; ++k) {
        int nx = x + kDx8[k], ny = y + kDy8[k];
        into[k] = inside(nx, ny) ? F[4u * at(nx, ny) + uint(kBack8[k])] : 0.0;
    }
    precise float out_ = ((f[0] + f[1]) + f[2]) + f[3];
    precise float inflow = ((into[0] + into[1]) + into[2]) + into[3];
    precise float d2 = max(0.0, d1 + u_dt * (inflow - out_) / u_area);
    precise float mean = 0.5 * (d1 + d2);
    precise float wx = 0.5 * ((into[0] - f[0]) + (f[1] - into[1]));
    precise float wy = 0.5 * ((into[2] - f[2]) + (f[3] - into[3]));
    precise float u = mean > 1e-4 ? wx / (u_cell * mean) : 0.0;
    precise float v = mean > 1e-4 ? wy / (u_cell * mean) : 0.0;
    precise float sx = gradientX(x, y), sy = gradientY(x, y);
    precise float g2 = sx * sx + sy * sy;
    precise float sine = max(u_min_slope, sqrt(g2 / (1.0 + g2)));
    precise float speed = sqrt(u * u + v * v);
    precise float depth = min(1.0, d2 * u_inverse_full_depth);
    precise float capacity = ((u_capacity * sine) * speed) * depth;
    precise float ground = T[i], carried = S[i];
    precise float hardness = u_has_hardness != 0 ? H[i] : 0.0;
    if (capacity > carried) {
        precise float amount = u_dissolve * (1.0 - hardness) * (capacity - carried);
        ground = ground - amount;
        carried = carried + amount;
    } else {
        precise float amount = u_settle * (carried - capacity);
        ground = ground + amount;
        carried = carried - amount;
    }
    T2[i] = ground;
    W2[i] = d2 * u_keep;
    S2[i] = carried;
    precise float perMetre = d1 > 0.0 ? u_dt / (d1 * u_area) : 0.0;
    for (int k = 0; k < 4; ++k) P[4u * i + uint(k)] = d1 > 0.0 ? f[k] * perMetre : 0.0;
    V[2u * i] = u;
    V[2u * i + 1u] = v;
}
