// SPDX-License-Identifier: MIT
// glnoise's colormap, shared by the bake's colormap pass (colormap.comp) and the preview's
// display (preview/display.frag), so that the window shows the colours
// `glnoise bake --colormap` writes. CPU twin: glnoise::Colormap::colorAt and color in
// src/core/colormap.cpp; the buffer is Colormap::shaderBuffer().
#ifndef GLN_COLORMAP_GLSL
#define GLN_COLORMAP_GLSL

#define GLN_COLORMAP_MAX_STOPS 64

layout(std430, binding = 3) readonly buffer GlnColormap {
    int gln_colormap_count;
    vec4 gln_colormap_stop[GLN_COLORMAP_MAX_STOPS];      // (position * 255, r, g, b), r, g, b in 0..255
    float gln_colormap_inverse[GLN_COLORMAP_MAX_STOPS];  // 1 / (next position - position); 0: a hard edge
};

// The colour at t in [0, 255]: each channel interpolated between the stops around t and
// rounded to 8 bits, returned as unorm (channel / 255).
vec4 gln_colormap_at(float t) {
    t = clamp(t, 0.0, 255.0);
    // The last stop at or below t (a position given twice is a hard edge), at most the
    // last but one.
    int k = 0;
    while (k + 2 < gln_colormap_count && gln_colormap_stop[k + 1].x <= t) {
        ++k;
    }
    vec4 a = gln_colormap_stop[k];
    vec4 b = gln_colormap_stop[k + 1];
    float inverse = gln_colormap_inverse[k];
    precise float f = inverse > 0.0 ? clamp((t - a.x) * inverse, 0.0, 1.0) : 1.0;
    precise vec3 c = a.yzw + (b.yzw - a.yzw) * f;
    return vec4(clamp(floor(c + 0.5), 0.0, 255.0) / 255.0, 1.0);
}

// The colour of value v in the range whose lower end is vmin, with scale 255 / (max - min);
// NaN takes the first stop's colour.
vec4 gln_colormap_color(float v, float vmin, float scale) {
    precise float t = (v - vmin) * scale;
    return gln_colormap_at(isnan(v) ? 0.0 : t);
}

#endif
