// SPDX-License-Identifier: MIT
#version 430
// glnoise-preview: one triangle that covers the viewport; display.frag fetches texel for
// texel.
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
