// SPDX-License-Identifier: MIT
// A noise graph in a Vulkan compute shader: examples/graphs/mountains.json as one function,
// one texel per invocation. mountains.glsl is what `glnoise shader --language vulkan --graph
// mountains.json` prints: gln_graph(p) and the library functions it calls, its table at
// set 0, binding 0 (as noise.comp's).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "mountains.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(std430, set = 0, binding = 1) writeonly buffer Values { float values[]; };
layout(push_constant) uniform Grid { uint width; uint height; float frequency; } grid;

void main() {
    uvec2 id = gl_GlobalInvocationID.xy;
    if (id.x >= grid.width || id.y >= grid.height) return;
    // Texel (i, j) of `glnoise bake --graph mountains.json`: the graph's point (i, j).
    values[id.y * grid.width + id.x] = gln_graph(vec2(id)).x;
}
