// SPDX-License-Identifier: MIT
#version 430
// The state as pictures, for a viewer: the ground in the heightmap's units, and the
// water's flow, the discharge out of each cell q mapped to 1 - exp(-q / reference) (the
// reference: the rain on 64 cells), so that a rill shows faintly and a river fully.
#include "erosion.glsl"

layout(std430, binding = 0) readonly buffer Terrain { float T[]; };
layout(std430, binding = 1) readonly buffer Flux { float F[]; };
layout(r32f, binding = 0) writeonly uniform image2D u_heights;
layout(r32f, binding = 1) writeonly uniform image2D u_flow;

uniform float u_inverse_height_scale, u_inverse_reference;

void main() {
    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
    if (!inside(x, y)) return;
    uint i = at(x, y);
    imageStore(u_heights, ivec2(x, y), vec4(T[i] * u_inverse_height_scale, 0.0, 0.0, 1.0));
    float q = ((F[4u * i] + F[4u * i + 1u]) + F[4u * i + 2u]) + F[4u * i + 3u];
    imageStore(u_flow, ivec2(x, y), vec4(1.0 - exp(-q * u_inverse_reference), 0.0, 0.0, 1.0));
}
