// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview's 3D view: the heightfield in its colormap (../colormap.glsl, as
// `glnoise bake --colormap` colours it), lit by a low sun and the sky.

#include "../colormap.glsl"

in float v_value;
in vec3 v_normal;
uniform float u_colour_min;
uniform float u_colour_scale;  // 255 / (max - min) of what the colormap colours
uniform vec3 u_sun;     // towards the sun, normalised
out vec4 color;

void main() {
    vec3 n = normalize(v_normal);
    vec3 base = gln_colormap_color(v_value, u_colour_min, u_colour_scale).rgb;
    float sun = max(dot(n, u_sun), 0.0);
    float sky = 0.5 + 0.5 * n.y;
    color = vec4(base * (0.3 * sky + 0.8 * sun), 1.0);
}
