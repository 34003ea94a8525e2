// SPDX-License-Identifier: MIT
// glnoise/simplex.glsl: simplex noise in 2D, 3D and 4D, gradients picked through the permutation table.
//
//   #include "glnoise/simplex.glsl"
//   float n = gln_simplex2(vec2(x, y));
//   vec4 d = gln_simplex3_deriv(p);                     // (value, d/dx, d/dy, d/dz)
//   vec4 e = gln_simplex3_skewed(ivec3(c), ps);         // at skewed cell c + skewed ps
//   float w = gln_simplex4(vec4(p, t));                 // 4D: the value only
//
// Ken Perlin's simplex noise (SIGGRAPH 2001 course notes "Noise Hardware") as explained by
// S. Gustavson, "Simplex noise demystified" (2005): skew the input onto the simplex
// lattice (F = (sqrt(n+1) - 1) / n), find the simplex, and sum over its n + 1 corners
// (0.5 - |d|^2)^4 * (g . d), with the corner's gradient g = GLN_GRAD3[hash & 15] (its x and
// y in 2D) and hash p[p[i]+j] or p[p[p[i]+j]+k]; in 4D g = GLN_GRAD4[hash & 31], hash
// p[p[p[p[i]+j]+k]+l], and the simplex's corners are found by ranking the four fractions.
// The kernel radius is 0.5 in every dimension (Gustavson's 0.6 makes 3D and 4D noise jump
// at simplex borders). Scaled by 70 (2D), 76 (3D) and 62 (4D), so that each reaches about +-1.
// The gradient comes from the same evaluation. The skewed form takes the lattice cell in
// skewed coordinates (reduced modulo 256) and a small skewed position, which is how
// glnoise keeps far-away origins exact. Simplex noise has no axis-aligned integer
// periods: the skewed lattice is not invariant under them, so it is never tileable here.
// Ranges (docs/noise.md): measured extremes +-0.998 (2D), +-0.989 (3D), +-0.988 (4D); stated +-1.
// Intermediate values are GLN_PRECISE: without it NVIDIA's compiler fused the skew and the
// corner sums into FMAs, and simplex noise drifted up to 2e-4 from its C++ twin.
// Every corner's lattice indices are wrapped to [0, 256) before its table reads, so that no
// read is at a constant offset from another index (p[i + 1]): in large shaders NVIDIA's
// OpenGL compiler (driver 580, from GLSL and from SPIR-V alike) read p[i] there, and the
// far corner took the wrong gradient (docs/shaders.md, "On real GPUs"). The values are the
// same: the table is doubled, p[256 + i] == p[i].
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/simplex.hpp.
#ifndef GLNOISE_SIMPLEX_GLSL
#define GLNOISE_SIMPLEX_GLSL

#include "lattice.glsl"

const float GLN_F2 = 0.36602540378443865f;  // (sqrt(3) - 1) / 2, to a double's precision (the host skews in double)
const float GLN_G2 = 0.211324865405187f;  // (3 - sqrt(3)) / 6
const float GLN_F3 = 0.3333333333333333f;  // 1 / 3
const float GLN_G3 = 0.166666666666667f;  // 1 / 6
const float GLN_F4 = 0.30901699437494745f;  // (sqrt(5) - 1) / 4
const float GLN_G4 = 0.138196601125011f;  // (5 - sqrt(5)) / 20
const float GLN_SIMPLEX2_SCALE = 70.0f;
const float GLN_SIMPLEX3_SCALE = 76.0f;
const float GLN_SIMPLEX4_SCALE = 62.0f;

vec2 gln_skew2(vec2 p) {
    GLN_PRECISE float s = (p.x + p.y) * GLN_F2;
    GLN_PRECISE vec2 r = vec2(p.x + s, p.y + s);
    return r;
}

vec3 gln_skew3(vec3 p) {
    GLN_PRECISE float s = (p.x + p.y + p.z) * GLN_F3;
    GLN_PRECISE vec3 r = vec3(p.x + s, p.y + s, p.z + s);
    return r;
}

vec4 gln_skew4(vec4 p) {
    GLN_PRECISE float s = (p.x + p.y + p.z + p.w) * GLN_F4;
    GLN_PRECISE vec4 r = vec4(p.x + s, p.y + s, p.z + s, p.w + s);
    return r;
}

// Simplex noise's own coordinates, where its lattice cells are unit cubes (glnoise/fractal.glsl's
// gln_basis_space2..4 picks them by basis): skewed.
vec2 gln_simplex_space2(vec2 q) {
    return gln_skew2(q);
}

vec3 gln_simplex_space3(vec3 q) {
    return gln_skew3(q);
}

vec4 gln_simplex_space4(vec4 q) {
    return gln_skew4(q);
}

// The falloff kernel at offset d from a vertex with gradient g: (value, gradient) of
// (r2 - |d|^2)^4 (g . d), nothing past the radius. OpenSimplex2 shares it.
vec3 gln_kernel2(float r2, vec2 g, vec2 d) {
    GLN_PRECISE float t = r2 - d.x * d.x - d.y * d.y;
    if (t <= 0.0f) return vec3(0.0f, 0.0f, 0.0f);
    GLN_PRECISE float gd = g.x * d.x + g.y * d.y;
    GLN_PRECISE float t2 = t * t;
    GLN_PRECISE float t4 = t2 * t2;
    GLN_PRECISE float k = -8.0f * t2 * t * gd;
    GLN_PRECISE vec3 r = vec3(t4 * gd, t4 * g.x + k * d.x, t4 * g.y + k * d.y);
    return r;
}

vec4 gln_kernel3(float r2, vec3 g, vec3 d) {
    GLN_PRECISE float t = r2 - d.x * d.x - d.y * d.y - d.z * d.z;
    if (t <= 0.0f) return vec4(0.0f, 0.0f, 0.0f, 0.0f);
    GLN_PRECISE float gd = g.x * d.x + g.y * d.y + g.z * d.z;
    GLN_PRECISE float t2 = t * t;
    GLN_PRECISE float t4 = t2 * t2;
    GLN_PRECISE float k = -8.0f * t2 * t * gd;
    GLN_PRECISE vec4 r = vec4(t4 * gd, t4 * g.x + k * d.x, t4 * g.y + k * d.y, t4 * g.z + k * d.z);
    return r;
}

// One corner's (value, gradient) at offset d from it.
vec3 gln_simplex2_corner(int hash, vec2 d) {
    vec3 g3 = GLN_GRAD3[hash & 15];
    return gln_kernel2(0.5f, vec2(g3.x, g3.y), d);
}

vec4 gln_simplex3_corner(int hash, vec3 d) {
    return gln_kernel3(0.5f, GLN_GRAD3[hash & 15], d);
}

// A 4D corner's value.
float gln_simplex4_corner(int hash, vec4 d) {
    GLN_PRECISE float t = 0.5f - d.x * d.x - d.y * d.y - d.z * d.z - d.w * d.w;
    if (t <= 0.0f) return 0.0f;
    vec4 g = GLN_GRAD4[hash & 31];
    GLN_PRECISE float gd = g.x * d.x + g.y * d.y + g.z * d.z + g.w * d.w;
    GLN_PRECISE float t2 = t * t;
    GLN_PRECISE float r = t2 * t2 * gd;
    return r;
}

// The triangle of the simplex lattice around skewed cell `cell` + skewed position ps: its
// first corner's cell (not reduced), the step to its second corner, (1, 0) or (0, 1), and
// the sample's offsets from its three corners in unskewed coordinates. Simplex noise and
// 2D OpenSimplex2 (glnoise/opensimplex2.glsl) sum over it.
struct GlnTriangle {
    ivec2 corner;
    ivec2 step;
    vec2 d0;
    vec2 d1;
    vec2 d2;
};

GlnTriangle gln_simplex2_triangle(ivec2 cell, vec2 ps) {
    vec2 pf = floor(ps);
    GLN_PRECISE float fx = ps.x - pf.x;
    GLN_PRECISE float fy = ps.y - pf.y;
    GLN_PRECISE float t = (fx + fy) * GLN_G2;
    GLN_PRECISE vec2 d0 = vec2(fx - t, fy - t);
    int i1 = fx > fy ? 1 : 0;
    ivec2 step = ivec2(i1, 1 - i1);
    GLN_PRECISE vec2 d1 = vec2(d0.x - float(step.x) + GLN_G2, d0.y - float(step.y) + GLN_G2);
    GLN_PRECISE vec2 d2 = vec2(d0.x - 1.0f + 2.0f * GLN_G2, d0.y - 1.0f + 2.0f * GLN_G2);
    return GlnTriangle(ivec2(cell.x + int(pf.x), cell.y + int(pf.y)), step, d0, d1, d2);
}

vec3 gln_simplex2_skewed(ivec2 cell, vec2 ps, ivec2 world) {
    GlnTriangle s = gln_simplex2_triangle(cell, ps);
    int h0;
    int h1;
    int h2;
    if (world.x >= 0) {
        h0 = gln_world_hash2(s.corner, world);
        h1 = gln_world_hash2(ivec2(s.corner.x + s.step.x, s.corner.y + s.step.y), world);
        h2 = gln_world_hash2(ivec2(s.corner.x + 1, s.corner.y + 1), world);
    } else {
        int i = s.corner.x & 255;
        int j = s.corner.y & 255;
        // Each corner's indices wrap to [0, 256) before its table reads (see the header).
        ivec2 c1 = ivec2((i + s.step.x) & 255, (j + s.step.y) & 255);
        ivec2 c2 = ivec2((i + 1) & 255, (j + 1) & 255);
        h0 = gln_perm(gln_perm(i) + j);
        h1 = gln_perm(gln_perm(c1.x) + c1.y);
        h2 = gln_perm(gln_perm(c2.x) + c2.y);
    }
    GLN_PRECISE vec3 n = gln_simplex2_corner(h0, s.d0) + gln_simplex2_corner(h1, s.d1) + gln_simplex2_corner(h2, s.d2);
    return n * GLN_SIMPLEX2_SCALE;
}

vec3 gln_simplex2_skewed(ivec2 cell, vec2 ps) {
    return gln_simplex2_skewed(cell, ps, ivec2(-1, -1));
}

vec4 gln_simplex3_skewed(ivec3 cell, vec3 ps, ivec3 world) {
    vec3 pf = floor(ps);
    int i = (cell.x + int(pf.x)) & 255;
    int j = (cell.y + int(pf.y)) & 255;
    int k = (cell.z + int(pf.z)) & 255;
    GLN_PRECISE vec3 f = vec3(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z);
    GLN_PRECISE float t = (f.x + f.y + f.z) * GLN_G3;
    GLN_PRECISE vec3 d0 = vec3(f.x - t, f.y - t, f.z - t);
    // The simplex: walk from the corner at 0 along the axes in order of decreasing f.
    ivec3 o1;
    ivec3 o2;
    if (f.x >= f.y) {
        if (f.y >= f.z) {
            o1 = ivec3(1, 0, 0);
            o2 = ivec3(1, 1, 0);
        } else if (f.x >= f.z) {
            o1 = ivec3(1, 0, 0);
            o2 = ivec3(1, 0, 1);
        } else {
            o1 = ivec3(0, 0, 1);
            o2 = ivec3(1, 0, 1);
        }
    } else {
        if (f.y < f.z) {
            o1 = ivec3(0, 0, 1);
            o2 = ivec3(0, 1, 1);
        } else if (f.x < f.z) {
            o1 = ivec3(0, 1, 0);
            o2 = ivec3(0, 1, 1);
        } else {
            o1 = ivec3(0, 1, 0);
            o2 = ivec3(1, 1, 0);
        }
    }
    GLN_PRECISE vec3 d1 = vec3(d0.x - float(o1.x) + GLN_G3, d0.y - float(o1.y) + GLN_G3, d0.z - float(o1.z) + GLN_G3);
    GLN_PRECISE vec3 d2 = vec3(d0.x - float(o2.x) + 2.0f * GLN_G3, d0.y - float(o2.y) + 2.0f * GLN_G3,
                   d0.z - float(o2.z) + 2.0f * GLN_G3);
    GLN_PRECISE vec3 d3 = vec3(d0.x - 1.0f + 3.0f * GLN_G3, d0.y - 1.0f + 3.0f * GLN_G3, d0.z - 1.0f + 3.0f * GLN_G3);
    int h0;
    int h1;
    int h2;
    int h3;
    if (world.x >= 0) {
        ivec3 at = ivec3(cell.x + int(pf.x), cell.y + int(pf.y), cell.z + int(pf.z));
        h0 = gln_world_hash3(at, world);
        h1 = gln_world_hash3(at + o1, world);
        h2 = gln_world_hash3(at + o2, world);
        h3 = gln_world_hash3(at + ivec3(1, 1, 1), world);
    } else {
        ivec3 c1 = ivec3((i + o1.x) & 255, (j + o1.y) & 255, (k + o1.z) & 255);
        ivec3 c2 = ivec3((i + o2.x) & 255, (j + o2.y) & 255, (k + o2.z) & 255);
        ivec3 c3 = ivec3((i + 1) & 255, (j + 1) & 255, (k + 1) & 255);
        h0 = gln_perm(gln_perm(gln_perm(i) + j) + k);
        h1 = gln_perm(gln_perm(gln_perm(c1.x) + c1.y) + c1.z);
        h2 = gln_perm(gln_perm(gln_perm(c2.x) + c2.y) + c2.z);
        h3 = gln_perm(gln_perm(gln_perm(c3.x) + c3.y) + c3.z);
    }
    GLN_PRECISE vec4 n = gln_simplex3_corner(h0, d0) + gln_simplex3_corner(h1, d1) + gln_simplex3_corner(h2, d2) +
             gln_simplex3_corner(h3, d3);
    return n * GLN_SIMPLEX3_SCALE;
}

vec4 gln_simplex3_skewed(ivec3 cell, vec3 ps) {
    return gln_simplex3_skewed(cell, ps, ivec3(-1, -1, -1));
}

float gln_simplex4_skewed(ivec4 cell, vec4 ps, ivec4 world) {
    vec4 pf = floor(ps);
    int i = (cell.x + int(pf.x)) & 255;
    int j = (cell.y + int(pf.y)) & 255;
    int k = (cell.z + int(pf.z)) & 255;
    int l = (cell.w + int(pf.w)) & 255;
    GLN_PRECISE vec4 f = vec4(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z, ps.w - pf.w);
    GLN_PRECISE float t = (f.x + f.y + f.z + f.w) * GLN_G4;
    GLN_PRECISE vec4 d0 = vec4(f.x - t, f.y - t, f.z - t, f.w - t);
    // Rank the fractions (ties to the earlier axis): the simplex walks from the corner at 0
    // along the axes from the largest fraction down, so corner m steps along rank >= 4 - m.
    ivec4 rank = ivec4(0, 0, 0, 0);
    if (f.x >= f.y) rank.x += 1; else rank.y += 1;
    if (f.x >= f.z) rank.x += 1; else rank.z += 1;
    if (f.x >= f.w) rank.x += 1; else rank.w += 1;
    if (f.y >= f.z) rank.y += 1; else rank.z += 1;
    if (f.y >= f.w) rank.y += 1; else rank.w += 1;
    if (f.z >= f.w) rank.z += 1; else rank.w += 1;
    ivec4 o1 = ivec4(rank.x >= 3 ? 1 : 0, rank.y >= 3 ? 1 : 0, rank.z >= 3 ? 1 : 0, rank.w >= 3 ? 1 : 0);
    ivec4 o2 = ivec4(rank.x >= 2 ? 1 : 0, rank.y >= 2 ? 1 : 0, rank.z >= 2 ? 1 : 0, rank.w >= 2 ? 1 : 0);
    ivec4 o3 = ivec4(rank.x >= 1 ? 1 : 0, rank.y >= 1 ? 1 : 0, rank.z >= 1 ? 1 : 0, rank.w >= 1 ? 1 : 0);
    GLN_PRECISE vec4 d1 = vec4(d0.x - float(o1.x) + GLN_G4, d0.y - float(o1.y) + GLN_G4, d0.z - float(o1.z) + GLN_G4,
                               d0.w - float(o1.w) + GLN_G4);
    GLN_PRECISE vec4 d2 = vec4(d0.x - float(o2.x) + 2.0f * GLN_G4, d0.y - float(o2.y) + 2.0f * GLN_G4,
                               d0.z - float(o2.z) + 2.0f * GLN_G4, d0.w - float(o2.w) + 2.0f * GLN_G4);
    GLN_PRECISE vec4 d3 = vec4(d0.x - float(o3.x) + 3.0f * GLN_G4, d0.y - float(o3.y) + 3.0f * GLN_G4,
                               d0.z - float(o3.z) + 3.0f * GLN_G4, d0.w - float(o3.w) + 3.0f * GLN_G4);
    GLN_PRECISE vec4 d4 = vec4(d0.x - 1.0f + 4.0f * GLN_G4, d0.y - 1.0f + 4.0f * GLN_G4, d0.z - 1.0f + 4.0f * GLN_G4,
                               d0.w - 1.0f + 4.0f * GLN_G4);
    int h0;
    int h1;
    int h2;
    int h3;
    int h4;
    if (world.x >= 0) {
        ivec4 at = ivec4(cell.x + int(pf.x), cell.y + int(pf.y), cell.z + int(pf.z), cell.w + int(pf.w));
        h0 = gln_world_hash4(at, world);
        h1 = gln_world_hash4(at + o1, world);
        h2 = gln_world_hash4(at + o2, world);
        h3 = gln_world_hash4(at + o3, world);
        h4 = gln_world_hash4(at + ivec4(1, 1, 1, 1), world);
    } else {
        ivec4 c1 = ivec4((i + o1.x) & 255, (j + o1.y) & 255, (k + o1.z) & 255, (l + o1.w) & 255);
        ivec4 c2 = ivec4((i + o2.x) & 255, (j + o2.y) & 255, (k + o2.z) & 255, (l + o2.w) & 255);
        ivec4 c3 = ivec4((i + o3.x) & 255, (j + o3.y) & 255, (k + o3.z) & 255, (l + o3.w) & 255);
        ivec4 c4 = ivec4((i + 1) & 255, (j + 1) & 255, (k + 1) & 255, (l + 1) & 255);
        h0 = gln_perm(gln_perm(gln_perm(gln_perm(i) + j) + k) + l);
        h1 = gln_perm(gln_perm(gln_perm(gln_perm(c1.x) + c1.y) + c1.z) + c1.w);
        h2 = gln_perm(gln_perm(gln_perm(gln_perm(c2.x) + c2.y) + c2.z) + c2.w);
        h3 = gln_perm(gln_perm(gln_perm(gln_perm(c3.x) + c3.y) + c3.z) + c3.w);
        h4 = gln_perm(gln_perm(gln_perm(gln_perm(c4.x) + c4.y) + c4.z) + c4.w);
    }
    GLN_PRECISE float n = gln_simplex4_corner(h0, d0) + gln_simplex4_corner(h1, d1) + gln_simplex4_corner(h2, d2) +
                          gln_simplex4_corner(h3, d3) + gln_simplex4_corner(h4, d4);
    return n * GLN_SIMPLEX4_SCALE;
}

float gln_simplex4_skewed(ivec4 cell, vec4 ps) {
    return gln_simplex4_skewed(cell, ps, ivec4(-1, -1, -1, -1));
}

vec3 gln_simplex2_deriv(vec2 p) {
    return gln_simplex2_skewed(ivec2(0, 0), gln_skew2(p));
}

float gln_simplex2(vec2 p) {
    return gln_simplex2_deriv(p).x;
}

vec4 gln_simplex3_deriv(vec3 p) {
    return gln_simplex3_skewed(ivec3(0, 0, 0), gln_skew3(p));
}

float gln_simplex3(vec3 p) {
    return gln_simplex3_deriv(p).x;
}

float gln_simplex4(vec4 p) {
    return gln_simplex4_skewed(ivec4(0, 0, 0, 0), gln_skew4(p));
}

#endif  // GLNOISE_SIMPLEX_GLSL
