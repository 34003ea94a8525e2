// SPDX-License-Identifier: MIT
#version 430
// glnoise's generator: one invocation per texel.
//
// Defines set by the host: those of sample.glsl, GLN_VOLUME (0: image2D, 1: image3D) and
// GLN_OUTPUT (0: the value into r32f; 1: value and gradient per texel into rgba32f;
// 2: a tangent-space normal and the value, (nx, ny, nz, value), into rgba32f).
// GLN_ANCHOR (the host's cpu::kAnchor). Texel id is world texel start + id; it takes the
// frames of its anchor, floor((start + id) / GLN_ANCHOR) * GLN_ANCHOR, and samples that
// anchor's origin + s with s = (start + id) - anchor, an integer float32 holds exactly, so
// its value does not depend on where the dispatch begins. CPU twin: glnoise::cpu::evaluate
// in src/core/reference.cpp.

// GLN_LOCAL_X, GLN_LOCAL_Y: the workgroup shape. GLN_TABLE: where the permutation table is
// read, 0 the storage buffer at binding 0, 1 a copy in shared memory, 2 a buffer texture
// at unit 1, 3 a uniform block at binding 0 (128 ivec4, entry i at [i / 4][i % 4]).
// GLN_UNIFORM_READS 1: an entry every invocation of the subgroup reads is read once
// (gpu::GeneratorOptions).
#if GLN_UNIFORM_READS
#extension GL_ARB_shader_group_vote : require
#extension GL_ARB_shader_ballot : require
#endif
layout(local_size_x = GLN_LOCAL_X, local_size_y = GLN_LOCAL_Y, local_size_z = 1) in;

#if GLN_TABLE == 0
layout(std430, binding = 0) readonly buffer GlnPermutationTable {
    int gln_perm_entries[512];
};
#define GLN_PERM_AT(i) gln_perm_entries[(i)]
#elif GLN_TABLE == 1
layout(std430, binding = 0) readonly buffer GlnPermutationSource {
    int gln_perm_source[512];
};
shared int gln_perm_shared[512];
#define GLN_PERM_AT(i) gln_perm_shared[(i)]
#elif GLN_TABLE == 2
layout(binding = 1) uniform isamplerBuffer u_perm_texture;
#define GLN_PERM_AT(i) texelFetch(u_perm_texture, (i)).x
#elif GLN_TABLE == 3
layout(std140, binding = 0) uniform GlnPermutationBlock {
    ivec4 gln_perm_block[128];
};
#define GLN_PERM_AT(i) gln_perm_block[(i) >> 2][(i) & 3]
#endif

#if GLN_UNIFORM_READS
// Texels of one lattice cell read the same entries. When every active invocation asks
// for one entry, the first one's index, which the compiler knows is the same in every
// lane, reads it: one load instead of one per lane. The value is the same either way.
int gln_perm_uniform(int i) {
    const int first = readFirstInvocationARB(i);
    if (allInvocationsARB(i == first)) return GLN_PERM_AT(first);
    return GLN_PERM_AT(i);
}
#define GLN_PERM(i) gln_perm_uniform(i)
#else
#define GLN_PERM(i) GLN_PERM_AT(i)
#endif

#include "sample.glsl"

#if GLN_OUTPUT == 0
#define GLN_FORMAT r32f
#else
#define GLN_FORMAT rgba32f
#endif
#if GLN_VOLUME
layout(GLN_FORMAT, binding = 0) uniform writeonly image3D u_out;
#else
layout(GLN_FORMAT, binding = 0) uniform writeonly image2D u_out;
#endif

uniform ivec3 u_size;
uniform ivec3 u_start;    // the first texel from the first anchor's origin, each in [0, GLN_ANCHOR)
uniform ivec3 u_origin;   // this dispatch's first texel from the first anchor's origin, a workgroup's
uniform ivec3 u_box;      // the first anchor whose frames this dispatch reads
uniform ivec3 u_anchors;  // anchors per axis from u_box; frames of anchor u_box + k at block (k.z * u_anchors.y + k.y) * u_anchors.x + k.x
uniform int u_frames_per_anchor;
uniform float u_height_scale;

void main() {
#if GLN_TABLE == 1
    for (int i = int(gl_LocalInvocationIndex); i < 512; i += GLN_LOCAL_X * GLN_LOCAL_Y) {
        gln_perm_shared[i] = gln_perm_source[i];
    }
    barrier();
#endif
    // A dispatch covers texels from u_origin (the workgroup-aligned texel below u_start, or
    // an anchor's origin where the host cut the grid into boxes of anchors whose frames
    // fit a uniform block), so that no workgroup straddles an anchor (GLN_ANCHOR is a
    // multiple of the workgroup shape): the anchor, and so the frames' index, comes from
    // gl_WorkGroupID and is the same for the whole group. A texel outside the grid is
    // computed and not stored, so that every invocation stays active up to the store
    // (llvmpipe then loads an index the whole group shares once, not per invocation).
    ivec3 g = u_origin + ivec3(gl_GlobalInvocationID);
    ivec3 id = g - u_start;
    bool inside = id.x >= 0 && id.y >= 0 && id.x < u_size.x && id.y < u_size.y && id.z < u_size.z;
    ivec3 k = (u_origin + ivec3(gl_WorkGroupID) * ivec3(GLN_LOCAL_X, GLN_LOCAL_Y, 1)) / GLN_ANCHOR;
    vec3 s = vec3(g - k * GLN_ANCHOR);
    k -= u_box;
    int base = ((k.z * u_anchors.y + k.y) * u_anchors.x + k.x) * u_frames_per_anchor;
    vec4 v = gln_sample(base, s);
#if GLN_OUTPUT == 2
    vec3 n = gln_heightmap_normal(vec2(v.y, v.z), u_height_scale);
    v = vec4(n.x, n.y, n.z, v.x);
#endif
    if (inside) {
#if GLN_VOLUME
        imageStore(u_out, id, v);
#else
        imageStore(u_out, ivec2(id.x, id.y), v);
#endif
    }
}
