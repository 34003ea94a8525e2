// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview: values through the colormap of the bake's colormap pass
// (../colormap.glsl), so the window shows the colours `glnoise bake --colormap` writes;
// a normal map as n * 0.5 + 0.5.

#include "../colormap.glsl"

layout(binding = 0) uniform sampler2D u_values;
uniform int u_height;
uniform float u_min;
uniform float u_scale;  // 255 / (max - min)
uniform int u_normals;  // 1: the texture holds (nx, ny, nz, value): show n * 0.5 + 0.5
out vec4 color;

void main() {
    ivec2 texel = ivec2(int(gl_FragCoord.x), u_height - 1 - int(gl_FragCoord.y));
    vec4 f = texelFetch(u_values, texel, 0);
    if (u_normals == 1) {
        color = vec4(f.rgb * 0.5 + 0.5, 1.0);
        return;
    }
    color = gln_colormap_color(f.r, u_min, u_scale);
}
