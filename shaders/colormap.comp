// SPDX-License-Identifier: MIT
#version 430
// glnoise's colormap pass: the value channel of a generated tile to RGBA8 through a
// 256-entry map. CPU twin: glnoise::Colormap::index in src/core/colormap.cpp.

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(r32f, binding = 0) uniform readonly image2D u_values;
layout(rgba8, binding = 1) uniform writeonly image2D u_colors;
layout(std430, binding = 3) readonly buffer GlnColormap {
    uint gln_colormap[256];  // r | g << 8 | b << 16 | a << 24
};

uniform ivec2 u_size;
uniform float u_min;
uniform float u_scale;  // 255 / (max - min)

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= u_size.x || id.y >= u_size.y) {
        return;
    }
    float v = imageLoad(u_values, id).x;
    precise float t = (v - u_min) * u_scale;
    int i = isnan(v) ? 0 : int(clamp(floor(t + 0.5f), 0.0f, 255.0f));
    imageStore(u_colors, id, unpackUnorm4x8(gln_colormap[i]));
}
