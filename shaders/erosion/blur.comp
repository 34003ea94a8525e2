// SPDX-License-Identifier: MIT
#version 430
// One axis of a Gaussian blur: the weights from -radius to radius, the edges extended.
#include "operators.glsl"

layout(std430, binding = 0) readonly buffer In { float V[]; };
layout(std430, binding = 1) readonly buffer Weights { float W[]; };
layout(std430, binding = 2) writeonly buffer Out { float O[]; };

uniform int u_radius;
uniform ivec2 u_axis;  // (1, 0) across the rows, (0, 1) down the columns

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    precise float sum = 0.0;
    for (int k = -u_radius; k <= u_radius; ++k) {
        int sx = clamp(x + k * u_axis.x, 0, u_size.x - 1), sy = clamp(y + k * u_axis.y, 0, u_size.y - 1);
        sum = sum + W[k + u_radius] * V[at(sx, sy)];
    }
    O[at(x, y)] = sum;
}
