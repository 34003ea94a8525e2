// SPDX-License-Identifier: MIT
#version 430
// D8: the neighbour each cell drains to, that of steepest descent (drop times the inverse
// distance), the first of the 8 on a tie; -1 on a pit or a flat.
#include "operators.glsl"

layout(std430, binding = 0) readonly buffer Ground { float G[]; };
layout(std430, binding = 1) writeonly buffer Receivers { int R[]; };

uniform float u_per_straight, u_per_diagonal;

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    float h = G[at(x, y)];
    precise float best = 0.0;
    int to = -1;
    for (int k = 0; k < 8; ++k) {
        int nx = x + kDx8[k], ny = y + kDy8[k];
        if (!inside(nx, ny)) continue;
        precise float drop = (h - G[at(nx, ny)]) * (k < 4 ? u_per_straight : u_per_diagonal);
        if (drop > best) {
            best = drop;
            to = int(at(nx, ny));
        }
    }
    R[at(x, y)] = to;
}
