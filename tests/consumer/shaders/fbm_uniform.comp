// SPDX-License-Identifier: MIT
#version 430
// glnoise's table from this shader's own uniform block, read through GLN_PERM.
layout(std140, binding = 2) uniform Table { ivec4 table[128]; };  // 512 ints
#define GLN_PERM(i) table[(i) >> 2][(i) & 3]
#include "glnoise/fbm.glsl"

layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Points { vec4 points[]; };
layout(std430, binding = 1) writeonly buffer Heights { float heights[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    heights[i] = gln_fbm3(points[i].xyz, 6, 2.0, 0.5);
}
