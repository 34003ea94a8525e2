// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview: values through the colormap (256 RGBA8 entries) with the arithmetic of
// shaders/colormap.comp, so the window shows the colours `glnoise bake --colormap` writes;
// a normal map as n * 0.5 + 0.5.
layout(binding = 0) uniform sampler2D u_values;
layout(std430, binding = 3) readonly buffer GlnColormap {
    uint gln_colormap[256];
};
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
    precise float t = (f.r - u_min) * u_scale;
    int i = isnan(f.r) ? 0 : int(clamp(floor(t + 0.5), 0.0, 255.0));
    color = unpackUnorm4x8(gln_colormap[i]);
}
