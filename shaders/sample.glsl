// SPDX-License-Identifier: MIT
// glnoise's sampler, shared by noise.comp and eval.comp: the value of a NoiseSpec at one
// point, from octave frames the host computed in double.
//
// Its contract is src/mirror/sampler.def, whose rows the host turns into #defines (GLN_DIMS,
// GLN_BASIS, GLN_CURVE, GLN_FRACTAL, GLN_WARP, GLN_PATTERN, GLN_ROTATE, GLN_CELL_RETURN,
// GLN_CELL_METRIC, GLN_PERIODIC, GLN_OUTPUT, GLN_WORLD, GLN_OCTAVES, GLN_WARP_OCTAVES), the
// macro GLN_SAMPLER_UNIFORMS that declares its uniforms (u_inverse_divisor, ...), and their
// upload; and GLN_FRAME_BLOCK (below). The octave counts are defines, not uniforms: a loop
// of known length is unrolled where short, and llvmpipe ran one octave of 3D Perlin 1.5
// times as fast without a loop of unknown length around it. The sampler knows no basis:
// glnoise/fractal.glsl takes a point into the basis's own coordinates and evaluates it there.
// Frame i of a point holds freq_i * origin (kept in double on the host, in the basis's own
// coordinates) reduced to a lattice cell modulo the period (or 256) and a float fraction;
// the shader adds freq_i * s for the sample offset s, taken into the basis's coordinates
// the same way. Frames: the octaves of the sum, then for each warp level and component
// the warp's octaves, then for a pattern one frame holding the pattern's origin. C++ twin:
// src/mirror/sample.hpp; the frames come from the planner in src/core/frames.hpp.
#include "glnoise/fractal.glsl"
#include "glnoise/pattern.glsl"
#include "bases.glsl"

struct GlnFrame {
    ivec4 cell;    // lattice cell of freq * origin, modulo the period or 256
    vec4 frac;     // its fraction
    ivec4 period;  // this octave's lattice period per axis; 0: none
    vec4 scale;    // x: frequency (cells per sample unit), y: amplitude
    vec4 axis[3];  // frequency * M e_j, M the octave's rotation (GLN_ROTATE)
    ivec4 block;   // GLN_WORLD: the lattice block of the whole cell, (cell >> 8) modulo 2^24 (0 on a periodic axis)
};
// GLN_FRAME_BLOCK above 0: the frames in a uniform block of that many (the host cuts a
// dispatch so that its anchors' frames fit; std140 lays GlnFrame out as std430 does);
// 0: a storage buffer (gpu::GeneratorOptions::Frames).
#if GLN_FRAME_BLOCK > 0
layout(std140, binding = 1) uniform GlnFrameBlock {
    GlnFrame gln_frames[GLN_FRAME_BLOCK];
};
#else
layout(std430, binding = 1) readonly buffer GlnFrames {
    GlnFrame gln_frames[];
};
#endif

// The uniforms of src/mirror/sampler.def (u_inverse_divisor, ...), declared by the host.
GLN_SAMPLER_UNIFORMS

#if GLN_DIMS == 1
#define GLN_WARP_COMPONENTS 1
#elif GLN_DIMS == 2
#define GLN_WARP_COMPONENTS 2
#else
#define GLN_WARP_COMPONENTS 3
#endif

// GLN_PERIODIC 0 (no axis has a period) hands the basis constant zero periods, so that
// the compiler drops gln_wrap's integer modulo (scalarised per lane on CPU drivers).
#if GLN_PERIODIC
#define GLN_PERIOD(o) (o).period
#else
#define GLN_PERIOD(o) ivec4(0, 0, 0, 0)
#endif

// GLN_WORLD 1 hashes the whole lattice coordinate (gln_world_hash of glnoise/permutation.glsl)
// from the frame's blocks; 0 hands the basis the constant -1, the table alone. The blocks
// are never negative; max() says so to the compiler, which then drops the table's branch
// (llvmpipe ran both sides of it under a mask: 25% slower).
#if GLN_WORLD
#define GLN_WORLD_OF(o) max((o).block, ivec4(0, 0, 0, 0))
#else
#define GLN_WORLD_OF(o) ivec4(-1, -1, -1, -1)
#endif

// gln_basis_at(GLN_BASIS, ...): the spec's family alone (bases.glsl says why).
vec4 gln_sampler_basis(ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
#if GLN_BASIS == GLN_BASIS_CELLULAR
    return gln_g_cellular(cell, p, period, world, GLN_CELL_RETURN, GLN_CELL_METRIC, u_cell_jitter, u_cell_exponent,
                          u_cell_smoothness);
#elif GLN_BASIS == GLN_BASIS_SIMPLEX
    return gln_g_simplex(cell, p, world);
#elif GLN_BASIS == GLN_BASIS_OPENSIMPLEX2
    return gln_g_opensimplex2(cell, p, world);
#elif GLN_BASIS == GLN_BASIS_OPENSIMPLEX2S
    return gln_g_opensimplex2s(cell, p, world);
#elif GLN_BASIS == GLN_BASIS_PSRDNOISE
    return gln_g_psrdnoise(cell, p, period, world);
#else
    return gln_g_lattice(GLN_BASIS, GLN_CURVE, cell, p, period, world);
#endif
}

// The basis at frame o and sample offset s: (value, gradient per noise cell). The offset
// goes into the basis's own coordinates as the host put the frame's origin there
// (gln_basis_space of glnoise/fractal.glsl).
vec4 gln_octave(GlnFrame o, vec3 s) {
#if GLN_ROTATE
    precise vec4 local = s.x * o.axis[0] + s.y * o.axis[1] + s.z * o.axis[2];
#else
    precise vec4 local = vec4(o.scale.x * s, 0.0f);
#endif
    local = gln_basis_space(GLN_BASIS, GLN_DIMS, local);
#if GLN_ROTATE || GLN_DIMS == 4
    precise vec4 p = vec4(o.frac.x + local.x, o.frac.y + local.y, o.frac.z + local.z, o.frac.w + local.w);
#else
    precise vec4 p = vec4(o.frac.x + local.x, o.frac.y + local.y, o.frac.z + local.z, o.frac.w);
#endif
    return gln_sampler_basis(o.cell, p, GLN_PERIOD(o), GLN_WORLD_OF(o));
}

// The fractal sum over frames [first, first + count) at s, gradient per sample unit
// (count a define at every call).
vec4 gln_sum(int first, int count, int fractal, vec3 s) {
    vec4 sum = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    vec4 signal = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    for (int i = 0; i < count; ++i) {
        GlnFrame o = gln_frames[first + i];
        vec4 n = gln_octave(o, s);
#if GLN_OUTPUT == 0
        n = vec4(n.x, 0.0f, 0.0f, 0.0f);  // no gradient wanted: let the compiler drop its code
#elif GLN_ROTATE
        // Per sample unit: the transpose of the turn applied to the noise-space gradient.
        precise vec3 g = vec3(o.axis[0].x * n.y + o.axis[0].y * n.z + o.axis[0].z * n.w,
                              o.axis[1].x * n.y + o.axis[1].y * n.z + o.axis[1].z * n.w,
                              o.axis[2].x * n.y + o.axis[2].y * n.z + o.axis[2].z * n.w);
        n = vec4(n.x, g.x, g.y, g.z);
#else
        n = vec4(n.x, n.y * o.scale.x, n.z * o.scale.x, n.w * o.scale.x);
#endif
        gln_fractal_step(fractal, i, n, o.scale.y, u_ridge_offset, u_ridge_gain, sum, signal);
    }
    return sum;
}

#if GLN_WARP > 0
// The warp displacement at s for one level whose frames start at `first`, sample units.
vec3 gln_displacement(int first, vec3 s) {
    float w[3] = float[3](0.0f, 0.0f, 0.0f);
    for (int k = 0; k < GLN_WARP_COMPONENTS; ++k) {
        w[k] = gln_sum(first + k * GLN_WARP_OCTAVES, GLN_WARP_OCTAVES, GLN_FBM, s).x * u_inverse_warp_divisor;
    }
    precise vec3 d = vec3(u_warp_amount * w[0], u_warp_amount * w[1], u_warp_amount * w[2]);
    return d;
}
#endif

// (value, gradient per sample unit) of the spec at s, frames from `base`.
vec4 gln_sample(int base, vec3 s) {
    precise vec3 q = s;
#if GLN_WARP > 0
    int level = base + GLN_OCTAVES;
    for (int depth = 0; depth < GLN_WARP; ++depth) {
        q = s + gln_displacement(level, q);
        level += GLN_WARP_COMPONENTS * GLN_WARP_OCTAVES;
    }
#endif
    vec4 v = gln_sum(base, GLN_OCTAVES, GLN_FRACTAL, q) * u_inverse_divisor;
#if GLN_PATTERN > 0
    vec4 origin = gln_frames[base + u_pattern_frame].frac;
#endif
#if GLN_PATTERN == 1
    v = vec4(gln_marble(origin.x + u_pattern_frequency * s.x, v.x, u_pattern_scale), 0.0f, 0.0f, 0.0f);
#elif GLN_PATTERN == 2
    vec2 d = vec2(u_pattern_frequency * s.x, u_pattern_frequency * s.y);
    v = vec4(gln_wood_from(origin, d, v.x, u_pattern_scale), 0.0f, 0.0f, 0.0f);
#endif
    return v;
}
