// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview's 3D view: the noise texture as a heightfield mesh, built here from the
// vertex index alone (no vertex buffers, no read-back). Quad q of the u_cells grid is
// two triangles; each vertex fetches its height, and its normal from the heights one
// step either side. What the colormap colours comes from u_colour_by: the heights again,
// or the erosion's flow.

layout(binding = 0) uniform sampler2D u_values;
layout(binding = 1) uniform sampler2D u_colour_by;
uniform mat4 u_view_projection;
uniform ivec2 u_cells;       // quads across and down
uniform int u_stride;        // texels per quad side
uniform float u_min;         // the display range's lower end
uniform float u_inverse;     // 1 / (max - min)
uniform float u_height;      // the world height of the display range
uniform vec2 u_extent;       // the mesh's width and depth in world units
out float v_value;
out vec3 v_normal;

const ivec2 kCorner[6] = ivec2[6](ivec2(0, 0), ivec2(0, 1), ivec2(1, 0), ivec2(1, 0), ivec2(0, 1), ivec2(1, 1));

float heightAt(ivec2 t) {
    ivec2 last = textureSize(u_values, 0) - 1;
    return (texelFetch(u_values, clamp(t, ivec2(0), last), 0).r - u_min) * u_inverse * u_height;
}

void main() {
    int quad = gl_VertexID / 6;
    ivec2 corner = ivec2(quad % u_cells.x, quad / u_cells.x) + kCorner[gl_VertexID % 6];
    ivec2 last = textureSize(u_values, 0) - 1;
    ivec2 texel = min(corner * u_stride, last);
    v_value = texelFetch(u_colour_by, texel, 0).r;
    vec2 spacing = u_extent / vec2(max(last, ivec2(1)));  // world units per texel
    float dx = (heightAt(texel + ivec2(u_stride, 0)) - heightAt(texel - ivec2(u_stride, 0))) / (2.0 * float(u_stride) * spacing.x);
    float dz = (heightAt(texel + ivec2(0, u_stride)) - heightAt(texel - ivec2(0, u_stride))) / (2.0 * float(u_stride) * spacing.y);
    v_normal = normalize(vec3(-dx, 1.0, -dz));
    vec3 position = vec3((vec2(texel) * spacing - 0.5 * u_extent).x, heightAt(texel), (vec2(texel) * spacing - 0.5 * u_extent).y);
    gl_Position = u_view_projection * vec4(position, 1.0);
}
