// SPDX-License-Identifier: MIT
#version 430
// One round of D8 flow accumulation: a cell's count is 1 and the counts of the neighbours
// that drain into it. Repeated, counts reach every cell downstream, one cell a round; once
// a round changes nothing, each cell's count is the cells that drain through it. Counts
// are integers, so the result does not depend on the order of the rounds' sums.
#include "operators.glsl"

layout(std430, binding = 0) readonly buffer Receivers { int R[]; };
layout(std430, binding = 1) readonly buffer Counts { uint C[]; };
layout(std430, binding = 2) writeonly buffer CountsOut { uint C2[]; };
layout(std430, binding = 3) buffer Changed { uint changed; };

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    uint i = at(x, y);
    uint total = 1u;
    for (int k = 0; k < 8; ++k) {
        int nx = x + kDx8[k], ny = y + kDy8[k];
        if (inside(nx, ny) && R[at(nx, ny)] == int(i)) total += C[at(nx, ny)];
    }
    C2[i] = total;
    if (total != C[i]) changed = 1u;
}
