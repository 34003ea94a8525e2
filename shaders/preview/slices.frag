// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview's slices view: z-slices of a volume side by side, u_across to a row from
// the top left, each texel for texel through the colormap (../colormap.glsl). Cell k shows
// slice u_slice[k], the volume bake's slice of that index.

#include "../colormap.glsl"

layout(binding = 0) uniform sampler3D u_volume;
uniform ivec2 u_origin;     // the view's bottom-left framebuffer pixel
uniform int u_step;        // every u_step-th texel, so that all the copies fit the view
uniform int u_view_height;  // in framebuffer pixels
uniform int u_across;       // cells to a row and rows
uniform int u_slice[16];    // the slice each cell shows
uniform float u_min;
uniform float u_scale;      // 255 / (max - min)
out vec4 color;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) - u_origin;
    ivec2 texel = ivec2(p.x, u_view_height - 1 - p.y) * u_step;
    ivec2 size = textureSize(u_volume, 0).xy;
    ivec2 cell = texel / size;
    if (any(greaterThanEqual(cell, ivec2(u_across)))) {
        color = vec4(0.1, 0.1, 0.1, 1.0);
        return;
    }
    int k = cell.y * u_across + cell.x;
    float v = texelFetch(u_volume, ivec3(texel - cell * size, u_slice[k]), 0).r;
    color = gln_colormap_color(v, u_min, u_scale);
}
