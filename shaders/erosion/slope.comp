// SPDX-License-Identifier: MIT
#version 430
// The slope in degrees, from central differences (one-sided at the edges).
#include "operators.glsl"

layout(std430, binding = 0) readonly buffer Ground { float G[]; };
layout(std430, binding = 1) writeonly buffer Out { float O[]; };

uniform float u_half_inverse_cell, u_degrees;

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    int l = max(x - 1, 0), r = min(x + 1, u_size.x - 1), t = max(y - 1, 0), d = min(y + 1, u_size.y - 1);
    precise float sx = (G[at(r, y)] - G[at(l, y)]) * (r - l == 2 ? u_half_inverse_cell : 2.0 * u_half_inverse_cell);
    precise float sy = (G[at(x, d)] - G[at(x, t)]) * (d - t == 2 ? u_half_inverse_cell : 2.0 * u_half_inverse_cell);
    precise float g2 = sx * sx + sy * sy;
    O[at(x, y)] = atan(sqrt(g2)) * u_degrees;
}
