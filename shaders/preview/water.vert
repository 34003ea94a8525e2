// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview's 3D view: the sea, a flat quad over the heightfield's extent at the
// sea's height and four walls down its sides (the water's section where the ground at the
// edge lies below it), all from the vertex index alone: 6 vertices a quad, the top first.

uniform mat4 u_view_projection;
uniform vec2 u_extent;  // the mesh's width and depth in world units
uniform float u_level;  // the sea's height in world units
uniform float u_height; // the world height of the display range
out vec2 v_place;       // where on the mesh, 0..1 across and down
out float v_y;          // the height, in world units
out vec3 v_normal;

const vec2 kCorner[6] = vec2[6](vec2(0, 0), vec2(0, 1), vec2(1, 0), vec2(1, 0), vec2(0, 1), vec2(1, 1));

void main() {
    int quad = gl_VertexID / 6;
    vec2 c = kCorner[gl_VertexID % 6];
    if (quad == 0) {
        v_place = c;
        v_y = u_level;
        v_normal = vec3(0.0, 1.0, 0.0);
    } else {
        // Wall 1..4: the edges v = 0, v = 1, u = 0, u = 1; c.x along the edge, c.y down it.
        int wall = quad - 1;
        float along = c.x, edge = float(wall & 1);
        v_place = wall < 2 ? vec2(along, edge) : vec2(edge, along);
        v_y = mix(u_level, -u_height, c.y);
        v_normal = wall < 2 ? vec3(0.0, 0.0, edge * 2.0 - 1.0) : vec3(edge * 2.0 - 1.0, 0.0, 0.0);
    }
    vec2 xz = (v_place - 0.5) * u_extent;
    gl_Position = u_view_projection * vec4(xz.x, v_y, xz.y, 1.0);
}
