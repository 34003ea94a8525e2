// SPDX-License-Identifier: MIT
// The samplers' bases, one family each, in the sampler's GLN_DIMS dimensions (a define the
// host sets for a spec and for a graph): gln_basis_at's branch for the family
// (glnoise/fractal.glsl), (value, gradient per noise cell). sample.glsl calls the spec's
// family and graph.glsl's writer the ones a graph's leaves use. The preprocessor, not the
// compiler, leaves out the other families and dimensions: a driver inlines every branch
// of a call before it drops the unused ones, which on llvmpipe took most of a second of
// each compile, against a few hundredths for the one branch.
#ifndef GLNOISE_SAMPLER_BASES_GLSL
#define GLNOISE_SAMPLER_BASES_GLSL
#include "glnoise/fractal.glsl"

vec4 gln_g_lattice(int basis, int curve, ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    int c = gln_basis_curve(basis, curve);
    int k = gln_basis_kind(basis);
#if GLN_DIMS == 1
    return vec4(gln_lattice1(cell.x, p.x, period.x, c, k, world.x), 0.0f, 0.0f, 0.0f);
#elif GLN_DIMS == 2
    vec3 b = gln_lattice2(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(period.x, period.y), c, k, ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
#elif GLN_DIMS == 3
    return gln_lattice3(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(period.x, period.y, period.z), c, k,
                        ivec3(world.x, world.y, world.z));
#else
    return vec4(gln_lattice4(cell, p, period, c, k, world), 0.0f, 0.0f, 0.0f);
#endif
}

// The simplex families have no 1D (GLN_DIMS 1 compiles their 4D, which no 1D sampler calls).
vec4 gln_g_simplex(ivec4 cell, vec4 p, ivec4 world) {
#if GLN_DIMS == 2
    vec3 b = gln_simplex2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
#elif GLN_DIMS == 3
    return gln_simplex3_skewed(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(world.x, world.y, world.z));
#else
    return vec4(gln_simplex4_skewed(cell, p, world), 0.0f, 0.0f, 0.0f);
#endif
}

vec4 gln_g_opensimplex2(ivec4 cell, vec4 p, ivec4 world) {
#if GLN_DIMS == 2
    vec3 b = gln_opensimplex2_2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
#elif GLN_DIMS == 3
    vec4 n = gln_opensimplex2_3_turned(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(world.x, world.y, world.z));
    vec3 g = gln_os2_turn3_back(vec3(n.y, n.z, n.w));
    return vec4(n.x, g.x, g.y, g.z);
#else
    return vec4(gln_opensimplex2_4_skewed(cell, p, world), 0.0f, 0.0f, 0.0f);
#endif
}

vec4 gln_g_opensimplex2s(ivec4 cell, vec4 p, ivec4 world) {
#if GLN_DIMS == 2
    vec3 b = gln_opensimplex2s_2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
#elif GLN_DIMS == 3
    vec4 n = gln_opensimplex2s_3_turned(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(world.x, world.y, world.z));
    vec3 g = gln_os2_turn3_back(vec3(n.y, n.z, n.w));
    return vec4(n.x, g.x, g.y, g.z);
#else
    return vec4(gln_opensimplex2s_4_skewed(cell, p, world), 0.0f, 0.0f, 0.0f);
#endif
}

// psrdnoise has 2D and 3D.
vec4 gln_g_psrdnoise(ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
#if GLN_DIMS == 2
    vec3 b = gln_psrdnoise2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(period.x, period.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
#else
    return gln_psrdnoise3_skewed(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(period.x, period.y, period.z),
                                 ivec3(world.x, world.y, world.z));
#endif
}

vec4 gln_g_cellular(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int cellReturn, int cellMetric, float jitter,
                    float exponent, float smoothness) {
#if GLN_DIMS == 1
    return vec4(gln_cellular(cell, vec4(p.x, 0.0f, 0.0f, 0.0f), period, world, 1, cellReturn, cellMetric, jitter, exponent, smoothness).x,
                0.0f, 0.0f, 0.0f);
#elif GLN_DIMS == 2
    vec4 c = gln_cellular(cell, vec4(p.x, p.y, 0.0f, 0.0f), period, world, 2, cellReturn, cellMetric, jitter, exponent, smoothness);
    return vec4(c.x, c.y, c.z, 0.0f);
#elif GLN_DIMS == 3
    return gln_cellular(cell, vec4(p.x, p.y, p.z, 0.0f), period, world, 3, cellReturn, cellMetric, jitter, exponent, smoothness);
#else
    return vec4(gln_cellular(cell, p, period, world, 4, cellReturn, cellMetric, jitter, exponent, smoothness).x, 0.0f, 0.0f, 0.0f);
#endif
}

// A cellular lookup's search: the vector from p (a point in cells, cell its frame's
// cell) to its nearest feature point, as cellular noise's F1 finds it, 0 beyond the
// sampler's dimensions. C++ twin: src/graph/twin.hpp's gln_g_nearest.
vec4 gln_g_nearest(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int metric, float jitter, float exponent) {
#if GLN_DIMS < 4
    p.w = 0.0f;
#endif
#if GLN_DIMS < 3
    p.z = 0.0f;
#endif
#if GLN_DIMS < 2
    p.y = 0.0f;
#endif
    vec4 pf = floor(p);
    GLN_PRECISE vec4 f = p - pf;
    return gln_cell_search(cell + ivec4(pf), f, period, world, GLN_DIMS, metric, jitter, exponent, 1).v1;
}

#endif  // GLNOISE_SAMPLER_BASES_GLSL
