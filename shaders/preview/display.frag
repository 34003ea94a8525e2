// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview: the noise texture drawn texel for texel into the view's rectangle, values
// through the colormap of the bake's colormap pass (../colormap.glsl), so that the window
// shows the colours `glnoise bake --colormap` writes; a normal map as bake writes it. In the
// tiled view the texture repeats u_tiles times across and down, from the top left, every
// u_step-th texel when the copies texel for texel would not fit the view.

#include "../colormap.glsl"

layout(binding = 0) uniform sampler2D u_values;
uniform ivec2 u_origin;    // the view's bottom-left framebuffer pixel
uniform int u_step;        // every u_step-th texel, so that all the copies fit the view
uniform int u_view_height; // in framebuffer pixels
uniform int u_tiles;       // 1: the texture once; N: N x N copies
uniform float u_min;
uniform float u_scale;     // 255 / (max - min)
uniform int u_normals;     // 1: the texture holds (nx, ny, nz, value): show n * 0.5 + 0.5,
                           // green up the image (OpenGL's way, as bake writes by default)
out vec4 color;

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy) - u_origin;
    ivec2 texel = ivec2(p.x, u_view_height - 1 - p.y) * u_step;
    ivec2 size = textureSize(u_values, 0);
    if (any(greaterThanEqual(texel, size * u_tiles))) {
        color = vec4(0.1, 0.1, 0.1, 1.0);  // beyond the copies: the window's background
        return;
    }
    texel = texel % size;
    vec4 f = texelFetch(u_values, texel, 0);
    if (u_normals == 1) {
        // The noise's y runs down the rows: up the image is -ny.
        color = vec4(vec3(f.r, -f.g, f.b) * 0.5 + 0.5, 1.0);
        return;
    }
    color = gln_colormap_color(f.r, u_min, u_scale);
}
