// SPDX-License-Identifier: MIT
#version 430
// The Laplacian per metre: (h(-x) + h(+x) + h(-y) + h(+y) - 4 h) / cell^2, a cell's own
// height beyond the edge.
#include "operators.glsl"

layout(std430, binding = 0) readonly buffer Ground { float G[]; };
layout(std430, binding = 1) writeonly buffer Out { float O[]; };

uniform float u_inverse_cell_squared;

float heightAt(int x, int y, float self) { return inside(x, y) ? G[at(x, y)] : self; }

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    float c = G[at(x, y)];
    precise float sum = ((heightAt(x - 1, y, c) + heightAt(x + 1, y, c)) + heightAt(x, y - 1, c)) + heightAt(x, y + 1, c);
    precise float laplacian = (sum - 4.0 * c) * u_inverse_cell_squared;
    O[at(x, y)] = laplacian;
}
