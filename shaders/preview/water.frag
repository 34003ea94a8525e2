// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview's 3D view: the sea over the heightfield. Each fragment reads the ground
// at its place: where the ground is above it nothing is drawn; over shallow ground the
// ground shows through a turquoise tint, which deepens to opaque blue. Lit by the terrain's
// sun, with its glint off the surface and the sky reflected at grazing angles.

layout(binding = 0) uniform sampler2D u_values;
uniform float u_min;      // the display range's lower end
uniform float u_inverse;  // 1 / (max - min)
uniform float u_height;   // the world height of the display range
uniform float u_level;    // the sea's height in world units
uniform vec3 u_sun;       // towards the sun, normalised
uniform vec3 u_eye;       // the camera, in world units
uniform vec2 u_extent;
in vec2 v_place;
in float v_y;
in vec3 v_normal;
out vec4 color;

void main() {
    ivec2 last = textureSize(u_values, 0) - 1;
    float value = texelFetch(u_values, clamp(ivec2(v_place * vec2(last) + 0.5), ivec2(0), last), 0).r;
    float ground = (value - u_min) * u_inverse * u_height;  // as the terrain's mesh places it
    if (!(v_y > ground)) discard;
    float deep = smoothstep(0.0, 0.04 * u_height + 1e-6, u_level - ground);
    vec3 water = mix(vec3(0.18, 0.55, 0.62), vec3(0.03, 0.15, 0.33), deep);
    vec3 position = vec3((v_place.x - 0.5) * u_extent.x, v_y, (v_place.y - 0.5) * u_extent.y);
    vec3 toEye = normalize(u_eye - position);
    if (dot(v_normal, toEye) <= 0.0) discard;  // a wall seen from inside, behind the top
    float glint = pow(max(dot(normalize(toEye + u_sun), v_normal), 0.0), 120.0);
    float light = 0.55 + 0.45 * max(dot(v_normal, u_sun), 0.0);
    // The sky reflected, more as the surface is seen at a grazing angle.
    float sky = pow(1.0 - max(dot(v_normal, toEye), 0.0), 4.0) * 0.5;
    color = vec4(mix(water * light, vec3(0.55, 0.66, 0.78), sky) + vec3(glint * 0.6), mix(0.45, 0.93, deep));
}
