// SPDX-License-Identifier: MIT
// glnoise's colormap lookup, shared by the bake's colormap pass (colormap.comp) and the
// preview's display (preview/display.frag), so that the window shows the colours
// `glnoise bake --colormap` writes. CPU twin: glnoise::Colormap::index in
// src/core/colormap.cpp.
#ifndef GLN_COLORMAP_GLSL
#define GLN_COLORMAP_GLSL

layout(std430, binding = 3) readonly buffer GlnColormap {
    uint gln_colormap[256];  // r | g << 8 | b << 16 | a << 24
};

// The entry for value v of the range whose lower end is vmin, with scale 255 / (max - min):
// round((v - min) * scale) clamped to [0, 255], entry 0 for NaN.
vec4 gln_colormap_color(float v, float vmin, float scale) {
    precise float t = (v - vmin) * scale;
    int i = isnan(v) ? 0 : int(clamp(floor(t + 0.5), 0.0, 255.0));
    return unpackUnorm4x8(gln_colormap[i]);
}

#endif
