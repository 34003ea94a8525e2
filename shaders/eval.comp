#version 430
// glnoise's point evaluator (`glnoise eval --backend gpu`): one invocation per point.
//
// Defines set by the host: GLN_DIMS (2 or 3). For point n and octave i the host reduced
// freq_i * point (in double) to a lattice cell modulo 256 and a fraction, stored at
// gln_octaves[n * u_octave_count + i]. CPU twin: glnoise::cpu::evaluatePoints.

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

#include "glnoise/perlin.glsl"

struct GlnOctave {
    ivec4 cell;
    vec4 frac;
};
layout(std430, binding = 1) readonly buffer GlnOctaves {
    GlnOctave gln_octaves[];
};
layout(std430, binding = 2) writeonly buffer GlnValues {
    float gln_values[];
};

uniform int u_count;
uniform int u_octave_count;
uniform float u_amplitude[32];
uniform float u_divisor;

void main() {
    int n = int(gl_GlobalInvocationID.x);
    if (n >= u_count) {
        return;
    }
    float sum = 0.0f;
    for (int i = 0; i < u_octave_count; ++i) {
        GlnOctave o = gln_octaves[n * u_octave_count + i];
        vec3 p = vec3(o.frac.x, o.frac.y, o.frac.z);
#if GLN_DIMS == 2
        sum += u_amplitude[i] * gln_perlin2(ivec2(o.cell.x, o.cell.y), vec2(p.x, p.y));
#else
        sum += u_amplitude[i] * gln_perlin3(ivec3(o.cell.x, o.cell.y, o.cell.z), p);
#endif
    }
    gln_values[n] = sum / u_divisor;
}
