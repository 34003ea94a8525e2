// SPDX-License-Identifier: MIT
// The samplers' bases, one family each: gln_basis_at's branch for the family
// (glnoise/fractal.glsl), (value, gradient per noise cell), in each dimension a family has
// (gln_g_<family>_<N>d), and as gln_g_<family> in the sampler's GLN_DIMS dimensions.
// sample.glsl calls the spec's family, and graph.glsl's writer the ones a graph's leaves
// use in each scope's dimensions. The preprocessor, not the compiler, leaves out the
// other families and dimensions: a driver inlines every branch of a call before it drops
// the unused ones, which on llvmpipe took most of a second of each compile, against a few
// hundredths for the one branch. So no function here branches on the dimensions, and only
// the sampler's (GLN_DIMS) and a graph's (GLN_G_DIMS, a bit 1 << N for each N its scopes
// are in; 0 for a spec) are compiled.
#ifndef GLNOISE_SAMPLER_BASES_GLSL
#define GLNOISE_SAMPLER_BASES_GLSL
#include "glnoise/fractal.glsl"

// A cellular lookup's search: the vector from p (a point in cells, cell its frame's
// cell) to its nearest feature point, as cellular noise's F1 finds it, 0 beyond the
// point's dims (a literal at every call). C++ twin: src/graph/twin.hpp's gln_g_nearest.
vec4 gln_g_nearest_in(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int metric, float jitter, float exponent, int dims) {
    vec4 pf = floor(p);
    GLN_PRECISE vec4 f = p - pf;
    return gln_cell_search(cell + ivec4(pf), f, period, world, dims, metric, jitter, exponent, 1).v1;
}

// 1D: lattice and cellular.
#if GLN_DIMS == 1 || (GLN_G_DIMS & 2) != 0
vec4 gln_g_lattice_1d(int basis, int curve, ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    float v = gln_lattice1(cell.x, p.x, period.x, gln_basis_curve(basis, curve), gln_basis_kind(basis), world.x);
    return vec4(v, 0.0f, 0.0f, 0.0f);
}

vec4 gln_g_cellular_1d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int cellReturn, int cellMetric, float jitter,
                       float exponent, float smoothness) {
    vec4 c = gln_cellular(cell, vec4(p.x, 0.0f, 0.0f, 0.0f), period, world, 1, cellReturn, cellMetric, jitter, exponent,
                          smoothness);
    return vec4(c.x, 0.0f, 0.0f, 0.0f);
}

vec4 gln_g_nearest_1d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int metric, float jitter, float exponent) {
    return gln_g_nearest_in(cell, vec4(p.x, 0.0f, 0.0f, 0.0f), period, world, metric, jitter, exponent, 1);
}
#endif

// 2D: lattice and cellular, the simplex families and psrdnoise.
#if GLN_DIMS == 2 || (GLN_G_DIMS & 4) != 0
vec4 gln_g_lattice_2d(int basis, int curve, ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    vec3 b = gln_lattice2(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(period.x, period.y), gln_basis_curve(basis, curve),
                          gln_basis_kind(basis), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
}

vec4 gln_g_simplex_2d(ivec4 cell, vec4 p, ivec4 world) {
    vec3 b = gln_simplex2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
}

vec4 gln_g_opensimplex2_2d(ivec4 cell, vec4 p, ivec4 world) {
    vec3 b = gln_opensimplex2_2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
}

vec4 gln_g_opensimplex2s_2d(ivec4 cell, vec4 p, ivec4 world) {
    vec3 b = gln_opensimplex2s_2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
}

vec4 gln_g_psrdnoise_2d(ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    vec3 b = gln_psrdnoise2_skewed(ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(period.x, period.y), ivec2(world.x, world.y));
    return vec4(b.x, b.y, b.z, 0.0f);
}

vec4 gln_g_cellular_2d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int cellReturn, int cellMetric, float jitter,
                       float exponent, float smoothness) {
    vec4 c = gln_cellular(cell, vec4(p.x, p.y, 0.0f, 0.0f), period, world, 2, cellReturn, cellMetric, jitter, exponent,
                          smoothness);
    return vec4(c.x, c.y, c.z, 0.0f);
}

vec4 gln_g_nearest_2d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int metric, float jitter, float exponent) {
    return gln_g_nearest_in(cell, vec4(p.x, p.y, 0.0f, 0.0f), period, world, metric, jitter, exponent, 2);
}
#endif

// 3D: lattice and cellular, the simplex families and psrdnoise.
#if GLN_DIMS == 3 || (GLN_G_DIMS & 8) != 0
vec4 gln_g_lattice_3d(int basis, int curve, ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    return gln_lattice3(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(period.x, period.y, period.z),
                        gln_basis_curve(basis, curve), gln_basis_kind(basis), ivec3(world.x, world.y, world.z));
}

vec4 gln_g_simplex_3d(ivec4 cell, vec4 p, ivec4 world) {
    return gln_simplex3_skewed(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(world.x, world.y, world.z));
}

vec4 gln_g_opensimplex2_3d(ivec4 cell, vec4 p, ivec4 world) {
    vec4 n = gln_opensimplex2_3_turned(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(world.x, world.y, world.z));
    vec3 g = gln_os2_turn3_back(vec3(n.y, n.z, n.w));
    return vec4(n.x, g.x, g.y, g.z);
}

vec4 gln_g_opensimplex2s_3d(ivec4 cell, vec4 p, ivec4 world) {
    vec4 n = gln_opensimplex2s_3_turned(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(world.x, world.y, world.z));
    vec3 g = gln_os2_turn3_back(vec3(n.y, n.z, n.w));
    return vec4(n.x, g.x, g.y, g.z);
}

vec4 gln_g_psrdnoise_3d(ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    return gln_psrdnoise3_skewed(ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z), ivec3(period.x, period.y, period.z),
                                 ivec3(world.x, world.y, world.z));
}

vec4 gln_g_cellular_3d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int cellReturn, int cellMetric, float jitter,
                       float exponent, float smoothness) {
    return gln_cellular(cell, vec4(p.x, p.y, p.z, 0.0f), period, world, 3, cellReturn, cellMetric, jitter, exponent, smoothness);
}

vec4 gln_g_nearest_3d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int metric, float jitter, float exponent) {
    return gln_g_nearest_in(cell, vec4(p.x, p.y, p.z, 0.0f), period, world, metric, jitter, exponent, 3);
}
#endif

// 4D: lattice and cellular, the simplex families.
#if GLN_DIMS == 4 || (GLN_G_DIMS & 16) != 0
vec4 gln_g_lattice_4d(int basis, int curve, ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    return vec4(gln_lattice4(cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world), 0.0f, 0.0f, 0.0f);
}

vec4 gln_g_simplex_4d(ivec4 cell, vec4 p, ivec4 world) {
    return vec4(gln_simplex4_skewed(cell, p, world), 0.0f, 0.0f, 0.0f);
}

vec4 gln_g_opensimplex2_4d(ivec4 cell, vec4 p, ivec4 world) {
    return vec4(gln_opensimplex2_4_skewed(cell, p, world), 0.0f, 0.0f, 0.0f);
}

vec4 gln_g_opensimplex2s_4d(ivec4 cell, vec4 p, ivec4 world) {
    return vec4(gln_opensimplex2s_4_skewed(cell, p, world), 0.0f, 0.0f, 0.0f);
}

vec4 gln_g_cellular_4d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int cellReturn, int cellMetric, float jitter,
                       float exponent, float smoothness) {
    vec4 c = gln_cellular(cell, p, period, world, 4, cellReturn, cellMetric, jitter, exponent, smoothness);
    return vec4(c.x, 0.0f, 0.0f, 0.0f);
}

vec4 gln_g_nearest_4d(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int metric, float jitter, float exponent) {
    return gln_g_nearest_in(cell, p, period, world, metric, jitter, exponent, 4);
}
#endif

// The sampler's dimensions (GLN_DIMS): the families a spec has there (none has a 1D
// simplex family, or a 4D psrdnoise).
#if GLN_DIMS == 1
#define gln_g_lattice gln_g_lattice_1d
#define gln_g_cellular gln_g_cellular_1d
#elif GLN_DIMS == 2
#define gln_g_lattice gln_g_lattice_2d
#define gln_g_cellular gln_g_cellular_2d
#define gln_g_simplex gln_g_simplex_2d
#define gln_g_opensimplex2 gln_g_opensimplex2_2d
#define gln_g_opensimplex2s gln_g_opensimplex2s_2d
#define gln_g_psrdnoise gln_g_psrdnoise_2d
#elif GLN_DIMS == 3
#define gln_g_lattice gln_g_lattice_3d
#define gln_g_cellular gln_g_cellular_3d
#define gln_g_simplex gln_g_simplex_3d
#define gln_g_opensimplex2 gln_g_opensimplex2_3d
#define gln_g_opensimplex2s gln_g_opensimplex2s_3d
#define gln_g_psrdnoise gln_g_psrdnoise_3d
#else
#define gln_g_lattice gln_g_lattice_4d
#define gln_g_cellular gln_g_cellular_4d
#define gln_g_simplex gln_g_simplex_4d
#define gln_g_opensimplex2 gln_g_opensimplex2_4d
#define gln_g_opensimplex2s gln_g_opensimplex2s_4d
#endif

#endif  // GLNOISE_SAMPLER_BASES_GLSL
