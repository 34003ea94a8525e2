// SPDX-License-Identifier: MIT
#version 430
// glnoise's colormap pass: the value channel of a generated tile to RGBA8 through a
// 256-entry map (colormap.glsl).

#include "colormap.glsl"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(r32f, binding = 0) uniform readonly image2D u_values;
layout(rgba8, binding = 1) uniform writeonly image2D u_colors;

uniform ivec2 u_size;
uniform float u_min;
uniform float u_scale;  // 255 / (max - min)

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= u_size.x || id.y >= u_size.y) {
        return;
    }
    imageStore(u_colors, id, gln_colormap_color(imageLoad(u_values, id).x, u_min, u_scale));
}
