// SPDX-License-Identifier: MIT
// glnoise/opensimplex2s.glsl: OpenSimplex2S noise in 2D, 3D and 4D, gradients picked through the permutation table.
//
//   #include "glnoise/opensimplex2s.glsl"
//   float n = gln_opensimplex2s_2(vec2(x, y));
//   vec4 d = gln_opensimplex2s_3_deriv(p);      // (value, d/dx, d/dy, d/dz)
//   float w = gln_opensimplex2s_4(vec4(p, t));  // 4D: the value only
//
// The smooth variant of K.jpg's OpenSimplex2 (OpenSimplex2S, also called SuperSimplex;
// github.com/KdotJPG/OpenSimplex2, public domain): the lattices, gradients and hash of
// glnoise/opensimplex2.glsl (included), with a wider kernel, so that each sample sums
// more lattice points and the noise is smoother, with softer, rounder features:
//
//  - 2D: the simplex lattice, kernel (2/3 - |d|^2)^4. Four points: the skewed cell's
//    corners (0, 0) and (1, 1), and two of (1, 0), (0, 1), (2, 1), (1, 2), (-1, 0),
//    (0, -1), picked by which side of three lines through the cell the sample lies on;
//    every other point is beyond the kernel's radius.
//  - 3D: the body-centred cubic lattice turned like 3D OpenSimplex2 (z up the cube's main
//    diagonal), kernel (3/4 - |d|^2)^4. Eight points: the nearest of each of the two cubic
//    lattices, and per axis two more, picked the way the reference picks them: the first
//    lattice's neighbour along the axis if it is in reach, else its neighbour along the
//    other two axes together with the second lattice's neighbour along the axis; the
//    second lattice's neighbour along the other two axes whenever its neighbour along the
//    axis was not taken. Like the reference, this now and then leaves out a point still
//    barely inside the kernel, so the 3D form jumps slightly (up to about 1.2e-3) where
//    the choice changes; 2D takes every point in reach.
//  - 4D: the A4 lattice in the reference's "ImproveXYZ_ImproveXY" orientation
//    (gln_os2s_skew4: its skew is the other of the lattice's two conventions, so w is
//    scaled differently from 4D OpenSimplex2's), kernel (4/5 - |d|^2)^4, the 160 gradients
//    of 4D OpenSimplex2, and every lattice point in reach: of the points of the integer
//    lattice within the kernel's reach of the simplex x >= y >= z >= w of the unit cell,
//    there are 30 (GLN_OS2S_REACH4, found by minimising the distance from each point of
//    {-3..4}^4 to that simplex); for a sample in another simplex of the cell they are the
//    same points with the axes ordered like its fractions. The reference finds them
//    through a table of the cell's 4^4 sub-cubes instead; the values agree.
//
// Scaled by the reference's normalizers (1 / 0.0548187 and 1 / 0.278193), so that the
// ranges are the reference's (measured extremes in docs/noise.md). With the reference's
// own hash in place of the table, the C++ twin reproduces the reference's values
// (tests/golden/opensimplex2.csv, made by running it). Like OpenSimplex2 it takes the
// skewed or turned cell (reduced modulo 256) and a small position, and cannot tile with
// axis-aligned periods (glnoise/psrdnoise.glsl tiles).
// Intermediate values are GLN_PRECISE, as in glnoise/simplex.glsl.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/opensimplex2s.hpp.
#ifndef GLNOISE_OPENSIMPLEX2S_GLSL
#define GLNOISE_OPENSIMPLEX2S_GLSL

#include "opensimplex2.glsl"

const float GLN_OS2S_SCALE2 = 18.24196194486065f;   // 1 / 0.05481866495625118
const float GLN_OS2S_SCALE3 = 3.5946317686139184f;  // 1 / 0.2781926117527186
const float GLN_OS2S_R2 = 0.6666667f;               // the kernels' squared radii: 2/3 and 3/4
const float GLN_OS2S_R3 = 0.75f;
const float GLN_OS2S_R4 = 0.8f;
const float GLN_OS2S_SCALE4 = 8.986823787712526f;  // 1 / 0.11127401889945551
const float GLN_OS2S_U4 = -0.138196601125011f;     // the A4 lattice's unskew factor
const float GLN_OS2S_W4 = 1.118033988749895f;      // 4D: w's scale, sqrt(5) / 2

// The lattice points within the 4D kernel's reach of the simplex x >= y >= z >= w of the unit
// skewed cell, as steps along its axes in that order (largest fraction first), nearest first.
const ivec4 GLN_OS2S_REACH4[30] = ivec4[30](
    ivec4(0, 0, 0, 0), ivec4(1, 0, 0, 0), ivec4(1, 1, 0, 0), ivec4(1, 1, 1, 0), ivec4(1, 1, 1, 1),
    ivec4(2, 1, 1, 1), ivec4(0, 0, 0, -1), ivec4(0, 1, 0, 0), ivec4(1, 1, 0, 1), ivec4(1, 0, 1, 0),
    ivec4(2, 2, 1, 1), ivec4(0, 0, -1, -1), ivec4(1, 0, 0, -1), ivec4(2, 1, 1, 0), ivec4(1, 2, 1, 1),
    ivec4(0, 0, -1, 0), ivec4(1, 0, 0, 1), ivec4(1, 0, 1, 1), ivec4(0, 1, 1, 0), ivec4(0, 0, 1, 0),
    ivec4(2, 2, 2, 1), ivec4(0, -1, -1, -1), ivec4(1, 0, -1, 0), ivec4(1, 1, 0, -1), ivec4(1, 2, 1, 0),
    ivec4(0, -1, 0, 0), ivec4(2, 1, 0, 0), ivec4(1, 1, 2, 1), ivec4(0, 1, 1, 1), ivec4(0, 0, 0, 1));

// One lattice point's (value, gradient) at offset d from it: point `v` in 2D, the point
// with doubled coordinates x2 in 3D.
vec3 gln_os2s_vertex2(ivec2 v, vec2 d, ivec2 world) {
    return gln_kernel2(GLN_OS2S_R2, GLN_OS2_GRAD2[gln_os2_hash2(v.x, v.y, world) % 24], d);
}

vec4 gln_os2s_vertex3(ivec3 x2, vec3 d, ivec3 world2) {
    return gln_kernel3(GLN_OS2S_R3, GLN_OS2_GRAD3[gln_os2_hash3(x2.x, x2.y, x2.z, world2) % 48], d);
}

// The sample's offset from the point at skewed step v from its cell's first corner, where
// its offset from that corner is d0.
vec2 gln_os2s_offset2(vec2 d0, ivec2 v) {
    GLN_PRECISE float u = float(v.x + v.y) * GLN_G2;
    GLN_PRECISE vec2 r = vec2(d0.x - float(v.x) + u, d0.y - float(v.y) + u);
    return r;
}

// At skewed cell `cell` + skewed position ps (gln_skew2): (value, gradient per unit of the
// unskewed coordinates).
vec3 gln_opensimplex2s_2_skewed(ivec2 cell, vec2 ps, ivec2 world) {
    vec2 pf = floor(ps);
    GLN_PRECISE float fx = ps.x - pf.x;
    GLN_PRECISE float fy = ps.y - pf.y;
    ivec2 c = ivec2(cell.x + int(pf.x), cell.y + int(pf.y));
    GLN_PRECISE float t = (fx + fy) * GLN_G2;
    GLN_PRECISE vec2 d0 = vec2(fx - t, fy - t);
    GLN_PRECISE float fxy = fx - fy;
    // Above the cell's diagonal the far points lie up and right, below it down and left.
    bool upper = fx + fy > 1.0f;
    ivec2 v2 = upper ? (fx + fxy > 1.0f ? ivec2(2, 1) : ivec2(0, 1)) : (fx + fxy < 0.0f ? ivec2(-1, 0) : ivec2(1, 0));
    ivec2 v3 = upper ? (fy - fxy > 1.0f ? ivec2(1, 2) : ivec2(1, 0)) : (fy < fxy ? ivec2(0, -1) : ivec2(0, 1));
    GLN_PRECISE vec3 n = gln_os2s_vertex2(c, d0, world) + gln_os2s_vertex2(c + ivec2(1, 1), gln_os2s_offset2(d0, ivec2(1, 1)), world) +
                         gln_os2s_vertex2(c + v2, gln_os2s_offset2(d0, v2), world) +
                         gln_os2s_vertex2(c + v3, gln_os2s_offset2(d0, v3), world);
    return n * GLN_OS2S_SCALE2;
}

vec3 gln_opensimplex2s_2_skewed(ivec2 cell, vec2 ps) {
    return gln_opensimplex2s_2_skewed(cell, ps, ivec2(-1, -1));
}

float gln_os2s_reach3(vec3 d) {
    GLN_PRECISE float r = GLN_OS2S_R3 - d.x * d.x - d.y * d.y - d.z * d.z;
    return r;
}

// The two points one axis adds (m: the axis, as a unit vector). a0 and b0: the nearest
// points of the two cubic lattices (doubled coordinates), d0 and d1 the sample's offsets
// from them, s the first lattice's steps towards the sample (the second's are -s).
vec4 gln_os2s_axis3(ivec3 a0, ivec3 b0, vec3 d0, vec3 d1, ivec3 s, ivec3 m, ivec3 world2) {
    ivec3 one = s * m;    // along the axis
    ivec3 two = s - one;  // along the other two
    vec3 f1 = vec3(one);
    vec3 f2 = vec3(two);
    GLN_PRECISE vec3 dA1 = vec3(d0.x - f1.x, d0.y - f1.y, d0.z - f1.z);
    GLN_PRECISE vec3 dA2 = vec3(d0.x - f2.x, d0.y - f2.y, d0.z - f2.z);
    GLN_PRECISE vec3 dB1 = vec3(d1.x + f1.x, d1.y + f1.y, d1.z + f1.z);
    GLN_PRECISE vec3 dB2 = vec3(d1.x + f2.x, d1.y + f2.y, d1.z + f2.z);
    bool onA = gln_os2s_reach3(dA1) > 0.0f;
    bool onB = !onA && gln_os2s_reach3(dB1) > 0.0f;
    GLN_PRECISE vec4 n = gln_os2s_vertex3(onA ? a0 + 2 * one : a0 + 2 * two, onA ? dA1 : dA2, world2) +
                         gln_os2s_vertex3(onB ? b0 - 2 * one : b0 - 2 * two, onB ? dB1 : dB2, world2);
    return n;
}

// At turned cell `cell` + turned position pr (gln_os2_turn3): (value, gradient per unit of
// the turned coordinates; gln_os2_turn3_back turns it back).
vec4 gln_opensimplex2s_3_turned(ivec3 cell, vec3 pr, ivec3 world) {
    vec3 base = floor(pr);
    ivec3 c = cell + ivec3(base);
    GLN_PRECISE vec3 f = vec3(pr.x - base.x, pr.y - base.y, pr.z - base.z);  // [0, 1)
    ivec3 near = ivec3(f.x >= 0.5f ? 1 : 0, f.y >= 0.5f ? 1 : 0, f.z >= 0.5f ? 1 : 0);
    GLN_PRECISE vec3 d0 = vec3(f.x - float(near.x), f.y - float(near.y), f.z - float(near.z));
    GLN_PRECISE vec3 d1 = vec3(f.x - 0.5f, f.y - 0.5f, f.z - 0.5f);
    ivec3 s = ivec3(1, 1, 1) - 2 * near;
    ivec3 a0 = 2 * (c + near);
    ivec3 b0 = 2 * c + 1;
    ivec3 world2 = world.x >= 0 ? 2 * world : world;  // doubled, as in gln_opensimplex2_3_turned
    GLN_PRECISE vec4 n = gln_os2s_vertex3(a0, d0, world2) + gln_os2s_vertex3(b0, d1, world2) +
                         gln_os2s_axis3(a0, b0, d0, d1, s, ivec3(1, 0, 0), world2) +
                         gln_os2s_axis3(a0, b0, d0, d1, s, ivec3(0, 1, 0), world2) +
                         gln_os2s_axis3(a0, b0, d0, d1, s, ivec3(0, 0, 1), world2);
    return n * GLN_OS2S_SCALE3;
}

vec4 gln_opensimplex2s_3_turned(ivec3 cell, vec3 pr) {
    return gln_opensimplex2s_3_turned(cell, pr, ivec3(-1, -1, -1));
}

// The reference's 4D orientation "ImproveXYZ_ImproveXY": x, y, z turned as in 3D, w along the
// fourth axis, straight into the A4 lattice's skewed coordinates.
vec4 gln_os2s_skew4(vec4 p) {
    return gln_os2_improve4(p, GLN_OS2S_W4);
}

// OpenSimplex2S's own coordinates (glnoise/fractal.glsl's gln_basis_space2..4 picks them by
// basis): OpenSimplex2's in 2D and 3D, its own skew in 4D.
vec2 gln_opensimplex2s_space2(vec2 q) {
    return gln_skew2(q);
}

vec3 gln_opensimplex2s_space3(vec3 q) {
    return gln_os2_turn3(q);
}

vec4 gln_opensimplex2s_space4(vec4 q) {
    return gln_os2s_skew4(q);
}

// At skewed cell `cell` + skewed position ps (gln_os2s_skew4): the value.
float gln_opensimplex2s_4_skewed(ivec4 cell, vec4 ps, ivec4 world) {
    vec4 pf = floor(ps);
    ivec4 c = ivec4(cell.x + int(pf.x), cell.y + int(pf.y), cell.z + int(pf.z), cell.w + int(pf.w));
    GLN_PRECISE vec4 f = vec4(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z, ps.w - pf.w);
    GLN_PRECISE float ssi = (f.x + f.y + f.z + f.w) * GLN_OS2S_U4;
    GLN_PRECISE vec4 xi = vec4(f.x + ssi, f.y + ssi, f.z + ssi, f.w + ssi);
    // Each axis's place among the fractions (3: the largest; ties: the earlier axis), and
    // the unit steps along the axes from the largest fraction down.
    int rx = (f.x >= f.y ? 1 : 0) + (f.x >= f.z ? 1 : 0) + (f.x >= f.w ? 1 : 0);
    int ry = (f.x >= f.y ? 0 : 1) + (f.y >= f.z ? 1 : 0) + (f.y >= f.w ? 1 : 0);
    int rz = (f.x >= f.z ? 0 : 1) + (f.y >= f.z ? 0 : 1) + (f.z >= f.w ? 1 : 0);
    int rw = (f.x >= f.w ? 0 : 1) + (f.y >= f.w ? 0 : 1) + (f.z >= f.w ? 0 : 1);
    ivec4 rank = ivec4(rx, ry, rz, rw);
    ivec4 u0 = ivec4(equal(rank, ivec4(3)));
    ivec4 u1 = ivec4(equal(rank, ivec4(2)));
    ivec4 u2 = ivec4(equal(rank, ivec4(1)));
    ivec4 u3 = ivec4(equal(rank, ivec4(0)));
    GLN_PRECISE float n = 0.0f;
    for (int i = 0; i < 30; ++i) {
        ivec4 k = GLN_OS2S_REACH4[i];
        ivec4 v = k.x * u0 + k.y * u1 + k.z * u2 + k.w * u3;
        GLN_PRECISE float sv = float(k.x + k.y + k.z + k.w) * GLN_OS2S_U4;
        GLN_PRECISE vec4 d = vec4(xi.x - float(v.x) - sv, xi.y - float(v.y) - sv, xi.z - float(v.z) - sv, xi.w - float(v.w) - sv);
        GLN_PRECISE float t = GLN_OS2S_R4 - ((d.x * d.x + d.y * d.y) + (d.z * d.z + d.w * d.w));
        if (t > 0.0f) {
            vec4 g = GLN_OS2_GRAD4[gln_os2_hash4(c.x + v.x, c.y + v.y, c.z + v.z, c.w + v.w, 0, world)];
            GLN_PRECISE float gd = (g.x * d.x + g.y * d.y) + (g.z * d.z + g.w * d.w);
            GLN_PRECISE float t2 = t * t;
            n = n + t2 * t2 * gd;
        }
    }
    return n * GLN_OS2S_SCALE4;
}

float gln_opensimplex2s_4_skewed(ivec4 cell, vec4 ps) {
    return gln_opensimplex2s_4_skewed(cell, ps, ivec4(-1, -1, -1, -1));
}

float gln_opensimplex2s_4(vec4 p) {
    return gln_opensimplex2s_4_skewed(ivec4(0, 0, 0, 0), gln_os2s_skew4(p));
}

vec3 gln_opensimplex2s_2_deriv(vec2 p) {
    return gln_opensimplex2s_2_skewed(ivec2(0, 0), gln_skew2(p));
}

float gln_opensimplex2s_2(vec2 p) {
    return gln_opensimplex2s_2_deriv(p).x;
}

vec4 gln_opensimplex2s_3_deriv(vec3 p) {
    vec4 n = gln_opensimplex2s_3_turned(ivec3(0, 0, 0), gln_os2_turn3(p));
    vec3 g = gln_os2_turn3_back(vec3(n.y, n.z, n.w));
    return vec4(n.x, g.x, g.y, g.z);
}

float gln_opensimplex2s_3(vec3 p) {
    return gln_opensimplex2s_3_deriv(p).x;
}

#endif  // GLNOISE_OPENSIMPLEX2S_GLSL
