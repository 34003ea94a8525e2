// SPDX-License-Identifier: MIT
// glnoise in a Vulkan compute shader: 6 octaves of Perlin fBm, one texel per invocation.
// glnoise.glsl is what `glnoise shader --language vulkan fbm` prints; it declares the
// permutation table at set 0, binding 0 (--set and --binding move it).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "glnoise.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, set = 0, binding = 1) writeonly buffer Values { float values[]; };
layout(push_constant) uniform Grid { uint width; uint height; float frequency; } grid;

void main() {
    uvec2 id = gl_GlobalInvocationID.xy;
    if (id.x >= grid.width || id.y >= grid.height) return;
    // Texel (i, j) samples (i, j) * frequency, as `glnoise bake --frequency F` does.
    vec2 p = vec2(id) * grid.frequency;
    values[id.y * grid.width + id.x] = gln_fbm2(p, 6, 2.0f, 0.5f);
}
