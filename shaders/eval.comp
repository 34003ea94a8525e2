// SPDX-License-Identifier: MIT
#version 430
// glnoise's point evaluator (`glnoise eval --backend gpu`): one invocation per point.
//
// Defines set by the host: those of sample.glsl and GLN_OUTPUT (as in noise.comp). The
// host computed the frames of point n (octaves, then warp levels) from the point itself,
// in double; they start at gln_frames[n * u_frames_per_point]. CPU twin:
// glnoise::cpu::evaluatePoints.

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

#include "sample.glsl"

layout(std430, binding = 2) writeonly buffer GlnValues {
    vec4 gln_values[];
};

uniform int u_count;
uniform int u_frames_per_point;
uniform float u_height_scale;

void main() {
    int n = int(gl_GlobalInvocationID.x);
    if (n >= u_count) {
        return;
    }
    vec4 v = gln_sample(n * u_frames_per_point, vec3(0.0f, 0.0f, 0.0f));
#if GLN_OUTPUT == 2
    vec3 nrm = gln_heightmap_normal(vec2(v.y, v.z), u_height_scale);
    v = vec4(nrm.x, nrm.y, nrm.z, v.x);
#endif
    gln_values[n] = v;
}
