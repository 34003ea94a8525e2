#version 430
// glnoise's generator: one invocation per texel of an r32f image.
//
// Defines set by the host: GLN_DIMS (2 or 3), GLN_VOLUME (0: image2D, 1: image3D).
// Octave i of texel s (its integer index) is noise(cell_i + frac_i + freq_i * s), where
// the host reduced freq_i * origin (kept in double) to a lattice cell modulo 256 and a
// fraction. CPU twin: glnoise::cpu::evaluate in src/core/reference.cpp.

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

#include "glnoise/perlin.glsl"

struct GlnOctave {
    ivec4 cell;  // xyz: lattice cell of freq * origin, modulo 256
    vec4 frac;   // xyz: fraction of freq * origin; w: freq
};
layout(std430, binding = 1) readonly buffer GlnOctaves {
    GlnOctave gln_octaves[];
};

#if GLN_VOLUME
layout(r32f, binding = 0) uniform writeonly image3D u_out;
#else
layout(r32f, binding = 0) uniform writeonly image2D u_out;
#endif

uniform ivec3 u_size;
uniform int u_octave_count;
uniform float u_amplitude[32];
uniform float u_divisor;

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (id.x >= u_size.x || id.y >= u_size.y || id.z >= u_size.z) {
        return;
    }
    vec3 s = vec3(id);
    float sum = 0.0f;
    for (int i = 0; i < u_octave_count; ++i) {
        GlnOctave o = gln_octaves[i];
        // precise: a fused multiply-add here would round differently from the CPU
        // reference, by up to half an ulp of a coordinate in the thousands.
        precise vec3 p = vec3(o.frac.x, o.frac.y, o.frac.z) + o.frac.w * s;
#if GLN_DIMS == 2
        sum += u_amplitude[i] * gln_perlin2(ivec2(o.cell.x, o.cell.y), vec2(p.x, p.y));
#else
        sum += u_amplitude[i] * gln_perlin3(ivec3(o.cell.x, o.cell.y, o.cell.z), p);
#endif
    }
#if GLN_VOLUME
    imageStore(u_out, id, vec4(sum / u_divisor, 0.0f, 0.0f, 1.0f));
#else
    imageStore(u_out, ivec2(id.x, id.y), vec4(sum / u_divisor, 0.0f, 0.0f, 1.0f));
#endif
}
