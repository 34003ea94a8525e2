// SPDX-License-Identifier: MIT
// glnoise/opensimplex2.glsl: OpenSimplex2 noise in 2D and 3D, gradients picked through the permutation table.
//
//   #include "glnoise/opensimplex2.glsl"
//   float n = gln_opensimplex2_2(vec2(x, y));
//   vec4 d = gln_opensimplex2_3_deriv(p);       // (value, d/dx, d/dy, d/dz)
//
// The lattices, kernels and gradient sets of K.jpg's OpenSimplex2 (the "fast" variant of
// github.com/KdotJPG/OpenSimplex2, public domain), with each vertex's gradient picked
// through glnoise's permutation table instead of the reference's 64-bit hash, so that
// seeds work as for the other bases:
//
//  - 2D: the simplex lattice of glnoise/simplex.glsl (the same skew, the same three
//    corners), kernel (0.5 - |d|^2)^4, and 24 unit gradients 15 degrees apart, starting
//    at 7.5 degrees: g = GLN_OS2_GRAD2[hash % 24], hash p[p[i] + j].
//  - 3D: the body-centred cubic lattice, the integer points and the points offset by
//    (1/2, 1/2, 1/2), in a frame turned so that z runs up the cube's main diagonal
//    (the reference's "ImproveXY" orientation: every xy plane looks the same and shows no
//    axis-aligned creases). From each of the two cubic lattices, the nearest point and the
//    next nearest along the axis on which the sample is furthest from it, kernel
//    (0.6 - |d|^2)^4, and the reference's 48 gradients (A, A, +-1) and (B, C, 0) with
//    signs and axes permuted: g = GLN_OS2_GRAD3[hash % 48], hash p[p[p[X] + Y] + Z] of the
//    point in half units (X = 2x; the offset lattice's points have odd X).
//
// Like the reference, the 3D form jumps slightly (up to about 4e-3) where the axis of the
// next nearest point changes and a point still inside the kernel drops out.
// Both are scaled by the reference's normalizers (1 / 0.0100163 and 1 / 0.0796984), so
// that their ranges are the reference's: measured extremes in docs/noise.md. With the
// reference's own hash in place of the table, the C++ twin reproduces the reference's
// values (tests/golden/opensimplex2.csv, made by running it).
// The skewed and turned forms take the lattice cell in those coordinates (reduced modulo
// 256) and a small position, which is how glnoise keeps far-away origins exact; like
// simplex noise it cannot tile with axis-aligned periods.
// Intermediate values are GLN_PRECISE, as in glnoise/simplex.glsl.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/opensimplex2.hpp.
#ifndef GLNOISE_OPENSIMPLEX2_GLSL
#define GLNOISE_OPENSIMPLEX2_GLSL

#include "simplex.glsl"

const float GLN_OS2_SCALE2 = 99.83685446303647f;  // 1 / 0.01001634121365712
const float GLN_OS2_SCALE3 = 12.54730279344914f;  // 1 / 0.07969837668935331
const float GLN_OS2_R3 = 0.5773502691896258f;    // 1 / sqrt(3)
const float GLN_OS2_S3 = -0.2113248654051871f;   // (1 - sqrt(3)) / (2 sqrt(3))

// cos and sin of 67.5 - 45 k degrees (k = 0..7), then of 82.5, 52.5, 37.5, 7.5 and on around.
const vec2 GLN_OS2_GRAD2[24] = vec2[24](
    vec2(0.382683432f, 0.923879533f), vec2(0.923879533f, 0.382683432f), vec2(0.923879533f, -0.382683432f), vec2(0.382683432f, -0.923879533f),
    vec2(-0.382683432f, -0.923879533f), vec2(-0.923879533f, -0.382683432f), vec2(-0.923879533f, 0.382683432f), vec2(-0.382683432f, 0.923879533f),
    vec2(0.130526192f, 0.991444861f), vec2(0.608761429f, 0.793353340f), vec2(0.793353340f, 0.608761429f), vec2(0.991444861f, 0.130526192f),
    vec2(0.991444861f, -0.130526192f), vec2(0.793353340f, -0.608761429f), vec2(0.608761429f, -0.793353340f), vec2(0.130526192f, -0.991444861f),
    vec2(-0.130526192f, -0.991444861f), vec2(-0.608761429f, -0.793353340f), vec2(-0.793353340f, -0.608761429f), vec2(-0.991444861f, -0.130526192f),
    vec2(-0.991444861f, 0.130526192f), vec2(-0.793353340f, 0.608761429f), vec2(-0.608761429f, 0.793353340f), vec2(-0.130526192f, 0.991444861f));

// A = 1 + sqrt(3/2); B and C with B^2 + C^2 = 2 A^2 + 1, so that all 48 have one length.
#define GLN_OS2_A 2.22474487139f
#define GLN_OS2_B 3.0862664687972017f
#define GLN_OS2_C 1.1721513422464978f
const vec3 GLN_OS2_GRAD3[48] = vec3[48](
    vec3(GLN_OS2_A, GLN_OS2_A, -1.0f), vec3(GLN_OS2_A, GLN_OS2_A, 1.0f), vec3(GLN_OS2_B, GLN_OS2_C, 0.0f), vec3(GLN_OS2_C, GLN_OS2_B, 0.0f),
    vec3(-GLN_OS2_A, GLN_OS2_A, -1.0f), vec3(-GLN_OS2_A, GLN_OS2_A, 1.0f), vec3(-GLN_OS2_C, GLN_OS2_B, 0.0f), vec3(-GLN_OS2_B, GLN_OS2_C, 0.0f),
    vec3(-1.0f, -GLN_OS2_A, -GLN_OS2_A), vec3(1.0f, -GLN_OS2_A, -GLN_OS2_A), vec3(0.0f, -GLN_OS2_B, -GLN_OS2_C), vec3(0.0f, -GLN_OS2_C, -GLN_OS2_B),
    vec3(-1.0f, -GLN_OS2_A, GLN_OS2_A), vec3(1.0f, -GLN_OS2_A, GLN_OS2_A), vec3(0.0f, -GLN_OS2_C, GLN_OS2_B), vec3(0.0f, -GLN_OS2_B, GLN_OS2_C),
    vec3(-GLN_OS2_A, -GLN_OS2_A, -1.0f), vec3(-GLN_OS2_A, -GLN_OS2_A, 1.0f), vec3(-GLN_OS2_B, -GLN_OS2_C, 0.0f), vec3(-GLN_OS2_C, -GLN_OS2_B, 0.0f),
    vec3(-GLN_OS2_A, -1.0f, -GLN_OS2_A), vec3(-GLN_OS2_A, 1.0f, -GLN_OS2_A), vec3(-GLN_OS2_C, 0.0f, -GLN_OS2_B), vec3(-GLN_OS2_B, 0.0f, -GLN_OS2_C),
    vec3(-GLN_OS2_A, -1.0f, GLN_OS2_A), vec3(-GLN_OS2_A, 1.0f, GLN_OS2_A), vec3(-GLN_OS2_B, 0.0f, GLN_OS2_C), vec3(-GLN_OS2_C, 0.0f, GLN_OS2_B),
    vec3(-1.0f, GLN_OS2_A, -GLN_OS2_A), vec3(1.0f, GLN_OS2_A, -GLN_OS2_A), vec3(0.0f, GLN_OS2_C, -GLN_OS2_B), vec3(0.0f, GLN_OS2_B, -GLN_OS2_C),
    vec3(-1.0f, GLN_OS2_A, GLN_OS2_A), vec3(1.0f, GLN_OS2_A, GLN_OS2_A), vec3(0.0f, GLN_OS2_B, GLN_OS2_C), vec3(0.0f, GLN_OS2_C, GLN_OS2_B),
    vec3(GLN_OS2_A, -GLN_OS2_A, -1.0f), vec3(GLN_OS2_A, -GLN_OS2_A, 1.0f), vec3(GLN_OS2_C, -GLN_OS2_B, 0.0f), vec3(GLN_OS2_B, -GLN_OS2_C, 0.0f),
    vec3(GLN_OS2_A, -1.0f, -GLN_OS2_A), vec3(GLN_OS2_A, 1.0f, -GLN_OS2_A), vec3(GLN_OS2_B, 0.0f, -GLN_OS2_C), vec3(GLN_OS2_C, 0.0f, -GLN_OS2_B),
    vec3(GLN_OS2_A, -1.0f, GLN_OS2_A), vec3(GLN_OS2_A, 1.0f, GLN_OS2_A), vec3(GLN_OS2_C, 0.0f, GLN_OS2_B), vec3(GLN_OS2_B, 0.0f, GLN_OS2_C));

int gln_os2_hash2(int x, int y) {
    return gln_perm(gln_perm(x & 255) + (y & 255));
}

int gln_os2_hash3(int x, int y, int z) {
    return gln_perm(gln_perm(gln_perm(x & 255) + (y & 255)) + (z & 255));
}

// One vertex's (value, gradient) at offset d from it (glnoise/simplex.glsl's kernel).
vec3 gln_os2_vertex2(int hash, vec2 d) {
    return gln_kernel2(0.5f, GLN_OS2_GRAD2[hash % 24], d);
}

vec4 gln_os2_vertex3(int hash, vec3 d) {
    return gln_kernel3(0.6f, GLN_OS2_GRAD3[hash % 48], d);
}

// At skewed cell `cell` + skewed position ps (gln_skew2): (value, gradient per unit of the
// unskewed coordinates).
vec3 gln_opensimplex2_2_skewed(ivec2 cell, vec2 ps) {
    GlnTriangle s = gln_simplex2_triangle(cell, ps);
    int i = s.corner.x;
    int j = s.corner.y;
    GLN_PRECISE vec3 n = gln_os2_vertex2(gln_os2_hash2(i, j), s.d0) +
                         gln_os2_vertex2(gln_os2_hash2(i + s.step.x, j + s.step.y), s.d1) +
                         gln_os2_vertex2(gln_os2_hash2(i + 1, j + 1), s.d2);
    return n * GLN_OS2_SCALE2;
}

// The turn of the 3D form (orthonormal): z onto the cube's main diagonal.
vec3 gln_os2_turn3(vec3 p) {
    GLN_PRECISE float s2 = (p.x + p.y) * GLN_OS2_S3;
    GLN_PRECISE float zz = p.z * GLN_OS2_R3;
    GLN_PRECISE vec3 r = vec3(p.x + s2 + zz, p.y + s2 + zz, (p.x + p.y) * -GLN_OS2_R3 + zz);
    return r;
}

// A gradient in turned coordinates back to the caller's (the transpose of the turn).
vec3 gln_os2_turn3_back(vec3 g) {
    GLN_PRECISE float s = (g.x + g.y) * GLN_OS2_S3 - g.z * GLN_OS2_R3;
    GLN_PRECISE vec3 r = vec3(g.x + s, g.y + s, (g.x + g.y + g.z) * GLN_OS2_R3);
    return r;
}

// The nearest point of one cubic lattice and the next nearest. d: the sample's offset from
// the nearest point, x2: that point's doubled coordinates.
vec4 gln_os2_pair3(ivec3 x2, vec3 d) {
    GLN_PRECISE vec4 n = gln_os2_vertex3(gln_os2_hash3(x2.x, x2.y, x2.z), d);
    vec3 a = abs(d);
    ivec3 s = ivec3(d.x >= 0.0f ? 1 : -1, d.y >= 0.0f ? 1 : -1, d.z >= 0.0f ? 1 : -1);
    ivec3 step = a.x >= a.y && a.x >= a.z ? ivec3(s.x, 0, 0) : a.y >= a.z ? ivec3(0, s.y, 0) : ivec3(0, 0, s.z);
    GLN_PRECISE vec3 d2 = vec3(d.x - float(step.x), d.y - float(step.y), d.z - float(step.z));
    ivec3 y2 = x2 + 2 * step;
    n = n + gln_os2_vertex3(gln_os2_hash3(y2.x, y2.y, y2.z), d2);
    return n;
}

// At turned cell `cell` + turned position pr (gln_os2_turn3): (value, gradient per unit of
// the turned coordinates; gln_os2_turn3_back turns it back).
vec4 gln_opensimplex2_3_turned(ivec3 cell, vec3 pr) {
    vec3 base = floor(pr);
    ivec3 c = cell + ivec3(base);
    GLN_PRECISE vec3 f = vec3(pr.x - base.x, pr.y - base.y, pr.z - base.z);  // [0, 1)
    // The integer lattice: its nearest point is c or c + 1 on each axis.
    ivec3 near = ivec3(f.x >= 0.5f ? 1 : 0, f.y >= 0.5f ? 1 : 0, f.z >= 0.5f ? 1 : 0);
    GLN_PRECISE vec3 d0 = vec3(f.x - float(near.x), f.y - float(near.y), f.z - float(near.z));
    // The offset lattice: its nearest point is c + 1/2.
    GLN_PRECISE vec3 d1 = vec3(f.x - 0.5f, f.y - 0.5f, f.z - 0.5f);
    GLN_PRECISE vec4 n = gln_os2_pair3(2 * (c + near), d0) + gln_os2_pair3(2 * c + 1, d1);
    return n * GLN_OS2_SCALE3;
}

vec3 gln_opensimplex2_2_deriv(vec2 p) {
    return gln_opensimplex2_2_skewed(ivec2(0, 0), gln_skew2(p));
}

float gln_opensimplex2_2(vec2 p) {
    return gln_opensimplex2_2_deriv(p).x;
}

vec4 gln_opensimplex2_3_deriv(vec3 p) {
    vec4 n = gln_opensimplex2_3_turned(ivec3(0, 0, 0), gln_os2_turn3(p));
    vec3 g = gln_os2_turn3_back(vec3(n.y, n.z, n.w));
    return vec4(n.x, g.x, g.y, g.z);
}

float gln_opensimplex2_3(vec3 p) {
    return gln_opensimplex2_3_deriv(p).x;
}

#endif  // GLNOISE_OPENSIMPLEX2_GLSL
