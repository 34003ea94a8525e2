// SPDX-License-Identifier: MIT
// glnoise/opensimplex2.glsl: OpenSimplex2 noise in 2D, 3D and 4D, gradients picked through the permutation table.
//
//   #include "glnoise/opensimplex2.glsl"
//   float n = gln_opensimplex2_2(vec2(x, y));
//   vec4 d = gln_opensimplex2_3_deriv(p);       // (value, d/dx, d/dy, d/dz)
//   float w = gln_opensimplex2_4(vec4(p, t));   // 4D: the value only
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
//  - 4D: the reference's "ImproveXYZ_ImproveXY" orientation (x, y, z turned as in 3D, w
//    along the fourth axis, and the skew onto the A4 lattice in one map, gln_os2_skew4),
//    five copies of the A4 lattice each shifted by -0.2 on every skewed axis from the
//    last, and from each copy the one vertex of the sample's simplex the reference picks
//    (the cell's base vertex, or its neighbour along the largest fraction when that is
//    nearer), kernel (0.6 - |d|^2)^4, and the reference's 160 gradients. Each copy hashes
//    apart (gln_os2_hash4's salt), as the reference seeds each copy apart.
//
// Like the reference, the 3D and 4D forms jump slightly (up to about 4e-3) where a point
// still inside the kernel drops out of the choice: in 3D where the axis of the next
// nearest point changes, in 4D where a copy's chosen vertex does.
// They are scaled by the reference's normalizers (1 / 0.0100163, 1 / 0.0796984 and
// 1 / 0.0220066), so
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
const float GLN_OS2_R3 = 0.5773502691896257f;    // 1 / sqrt(3)
const float GLN_OS2_S3 = -0.2113248654051871f;   // (1 - sqrt(3)) / (2 sqrt(3))
const float GLN_OS2_H3 = 0.28867513459481287f;   // 1 / (2 sqrt(3))
const float GLN_OS2_SQRT3_2 = 0.8660254037844386f;  // sqrt(3) / 2
const float GLN_OS2_W4 = 0.22360679774997896f;   // 4D: w's scale, 1 / sqrt(20)
const float GLN_OS2_SCALE4 = 45.44092696531987f;  // 1 / 0.0220065933241897
const float GLN_OS2_U4 = 0.309016994374947f;     // the A4 lattice's unskew factor
const float GLN_OS2_INV_U4 = -3.2360678915486614f;  // -1 / GLN_OS2_U4
const float GLN_OS2_STEP_U4 = 0.24721360206604004f;  // 0.8f * GLN_OS2_U4: one copy's shift, unskewed

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

// The reference's 160 4D gradients (unit length), which point at the vertices of a
// truncated 600-cell-like set spread over the 4D sphere.
const vec4 GLN_OS2_GRAD4[160] = vec4[160](
    vec4(-0.6740059517812944f, -0.3239847771997537f, -0.3239847771997537f, 0.5794684678643381f), vec4(-0.7504883828755602f, -0.4004672082940195f, 0.15296486218853164f, 0.5029860367700724f),
    vec4(-0.7504883828755602f, 0.15296486218853164f, -0.4004672082940195f, 0.5029860367700724f), vec4(-0.8828161875373585f, 0.08164729285680945f, 0.08164729285680945f, 0.4553054119602712f),
    vec4(-0.4553054119602712f, -0.08164729285680945f, -0.08164729285680945f, 0.8828161875373585f), vec4(-0.5029860367700724f, -0.15296486218853164f, 0.4004672082940195f, 0.7504883828755602f),
    vec4(-0.5029860367700724f, 0.4004672082940195f, -0.15296486218853164f, 0.7504883828755602f), vec4(-0.5794684678643381f, 0.3239847771997537f, 0.3239847771997537f, 0.6740059517812944f),
    vec4(-0.6740059517812944f, -0.3239847771997537f, 0.5794684678643381f, -0.3239847771997537f), vec4(-0.7504883828755602f, -0.4004672082940195f, 0.5029860367700724f, 0.15296486218853164f),
    vec4(-0.7504883828755602f, 0.15296486218853164f, 0.5029860367700724f, -0.4004672082940195f), vec4(-0.8828161875373585f, 0.08164729285680945f, 0.4553054119602712f, 0.08164729285680945f),
    vec4(-0.4553054119602712f, -0.08164729285680945f, 0.8828161875373585f, -0.08164729285680945f), vec4(-0.5029860367700724f, -0.15296486218853164f, 0.7504883828755602f, 0.4004672082940195f),
    vec4(-0.5029860367700724f, 0.4004672082940195f, 0.7504883828755602f, -0.15296486218853164f), vec4(-0.5794684678643381f, 0.3239847771997537f, 0.6740059517812944f, 0.3239847771997537f),
    vec4(-0.6740059517812944f, 0.5794684678643381f, -0.3239847771997537f, -0.3239847771997537f), vec4(-0.7504883828755602f, 0.5029860367700724f, -0.4004672082940195f, 0.15296486218853164f),
    vec4(-0.7504883828755602f, 0.5029860367700724f, 0.15296486218853164f, -0.4004672082940195f), vec4(-0.8828161875373585f, 0.4553054119602712f, 0.08164729285680945f, 0.08164729285680945f),
    vec4(-0.4553054119602712f, 0.8828161875373585f, -0.08164729285680945f, -0.08164729285680945f), vec4(-0.5029860367700724f, 0.7504883828755602f, -0.15296486218853164f, 0.4004672082940195f),
    vec4(-0.5029860367700724f, 0.7504883828755602f, 0.4004672082940195f, -0.15296486218853164f), vec4(-0.5794684678643381f, 0.6740059517812944f, 0.3239847771997537f, 0.3239847771997537f),
    vec4(0.5794684678643381f, -0.6740059517812944f, -0.3239847771997537f, -0.3239847771997537f), vec4(0.5029860367700724f, -0.7504883828755602f, -0.4004672082940195f, 0.15296486218853164f),
    vec4(0.5029860367700724f, -0.7504883828755602f, 0.15296486218853164f, -0.4004672082940195f), vec4(0.4553054119602712f, -0.8828161875373585f, 0.08164729285680945f, 0.08164729285680945f),
    vec4(0.8828161875373585f, -0.4553054119602712f, -0.08164729285680945f, -0.08164729285680945f), vec4(0.7504883828755602f, -0.5029860367700724f, -0.15296486218853164f, 0.4004672082940195f),
    vec4(0.7504883828755602f, -0.5029860367700724f, 0.4004672082940195f, -0.15296486218853164f), vec4(0.6740059517812944f, -0.5794684678643381f, 0.3239847771997537f, 0.3239847771997537f),
    vec4(-0.753341017856078f, -0.37968289875261624f, -0.37968289875261624f, -0.37968289875261624f), vec4(-0.7821684431180708f, -0.4321472685365301f, -0.4321472685365301f, 0.12128480194602098f),
    vec4(-0.7821684431180708f, -0.4321472685365301f, 0.12128480194602098f, -0.4321472685365301f), vec4(-0.7821684431180708f, 0.12128480194602098f, -0.4321472685365301f, -0.4321472685365301f),
    vec4(-0.8586508742123365f, -0.508629699630796f, 0.044802370851755174f, 0.044802370851755174f), vec4(-0.8586508742123365f, 0.044802370851755174f, -0.508629699630796f, 0.044802370851755174f),
    vec4(-0.8586508742123365f, 0.044802370851755174f, 0.044802370851755174f, -0.508629699630796f), vec4(-0.9982828964265062f, -0.03381941603233842f, -0.03381941603233842f, -0.03381941603233842f),
    vec4(-0.37968289875261624f, -0.753341017856078f, -0.37968289875261624f, -0.37968289875261624f), vec4(-0.4321472685365301f, -0.7821684431180708f, -0.4321472685365301f, 0.12128480194602098f),
    vec4(-0.4321472685365301f, -0.7821684431180708f, 0.12128480194602098f, -0.4321472685365301f), vec4(0.12128480194602098f, -0.7821684431180708f, -0.4321472685365301f, -0.4321472685365301f),
    vec4(-0.508629699630796f, -0.8586508742123365f, 0.044802370851755174f, 0.044802370851755174f), vec4(0.044802370851755174f, -0.8586508742123365f, -0.508629699630796f, 0.044802370851755174f),
    vec4(0.044802370851755174f, -0.8586508742123365f, 0.044802370851755174f, -0.508629699630796f), vec4(-0.03381941603233842f, -0.9982828964265062f, -0.03381941603233842f, -0.03381941603233842f),
    vec4(-0.37968289875261624f, -0.37968289875261624f, -0.753341017856078f, -0.37968289875261624f), vec4(-0.4321472685365301f, -0.4321472685365301f, -0.7821684431180708f, 0.12128480194602098f),
    vec4(-0.4321472685365301f, 0.12128480194602098f, -0.7821684431180708f, -0.4321472685365301f), vec4(0.12128480194602098f, -0.4321472685365301f, -0.7821684431180708f, -0.4321472685365301f),
    vec4(-0.508629699630796f, 0.044802370851755174f, -0.8586508742123365f, 0.044802370851755174f), vec4(0.044802370851755174f, -0.508629699630796f, -0.8586508742123365f, 0.044802370851755174f),
    vec4(0.044802370851755174f, 0.044802370851755174f, -0.8586508742123365f, -0.508629699630796f), vec4(-0.03381941603233842f, -0.03381941603233842f, -0.9982828964265062f, -0.03381941603233842f),
    vec4(-0.37968289875261624f, -0.37968289875261624f, -0.37968289875261624f, -0.753341017856078f), vec4(-0.4321472685365301f, -0.4321472685365301f, 0.12128480194602098f, -0.7821684431180708f),
    vec4(-0.4321472685365301f, 0.12128480194602098f, -0.4321472685365301f, -0.7821684431180708f), vec4(0.12128480194602098f, -0.4321472685365301f, -0.4321472685365301f, -0.7821684431180708f),
    vec4(-0.508629699630796f, 0.044802370851755174f, 0.044802370851755174f, -0.8586508742123365f), vec4(0.044802370851755174f, -0.508629699630796f, 0.044802370851755174f, -0.8586508742123365f),
    vec4(0.044802370851755174f, 0.044802370851755174f, -0.508629699630796f, -0.8586508742123365f), vec4(-0.03381941603233842f, -0.03381941603233842f, -0.03381941603233842f, -0.9982828964265062f),
    vec4(-0.3239847771997537f, -0.6740059517812944f, -0.3239847771997537f, 0.5794684678643381f), vec4(-0.4004672082940195f, -0.7504883828755602f, 0.15296486218853164f, 0.5029860367700724f),
    vec4(0.15296486218853164f, -0.7504883828755602f, -0.4004672082940195f, 0.5029860367700724f), vec4(0.08164729285680945f, -0.8828161875373585f, 0.08164729285680945f, 0.4553054119602712f),
    vec4(-0.08164729285680945f, -0.4553054119602712f, -0.08164729285680945f, 0.8828161875373585f), vec4(-0.15296486218853164f, -0.5029860367700724f, 0.4004672082940195f, 0.7504883828755602f),
    vec4(0.4004672082940195f, -0.5029860367700724f, -0.15296486218853164f, 0.7504883828755602f), vec4(0.3239847771997537f, -0.5794684678643381f, 0.3239847771997537f, 0.6740059517812944f),
    vec4(-0.3239847771997537f, -0.3239847771997537f, -0.6740059517812944f, 0.5794684678643381f), vec4(-0.4004672082940195f, 0.15296486218853164f, -0.7504883828755602f, 0.5029860367700724f),
    vec4(0.15296486218853164f, -0.4004672082940195f, -0.7504883828755602f, 0.5029860367700724f), vec4(0.08164729285680945f, 0.08164729285680945f, -0.8828161875373585f, 0.4553054119602712f),
    vec4(-0.08164729285680945f, -0.08164729285680945f, -0.4553054119602712f, 0.8828161875373585f), vec4(-0.15296486218853164f, 0.4004672082940195f, -0.5029860367700724f, 0.7504883828755602f),
    vec4(0.4004672082940195f, -0.15296486218853164f, -0.5029860367700724f, 0.7504883828755602f), vec4(0.3239847771997537f, 0.3239847771997537f, -0.5794684678643381f, 0.6740059517812944f),
    vec4(-0.3239847771997537f, -0.6740059517812944f, 0.5794684678643381f, -0.3239847771997537f), vec4(-0.4004672082940195f, -0.7504883828755602f, 0.5029860367700724f, 0.15296486218853164f),
    vec4(0.15296486218853164f, -0.7504883828755602f, 0.5029860367700724f, -0.4004672082940195f), vec4(0.08164729285680945f, -0.8828161875373585f, 0.4553054119602712f, 0.08164729285680945f),
    vec4(-0.08164729285680945f, -0.4553054119602712f, 0.8828161875373585f, -0.08164729285680945f), vec4(-0.15296486218853164f, -0.5029860367700724f, 0.7504883828755602f, 0.4004672082940195f),
    vec4(0.4004672082940195f, -0.5029860367700724f, 0.7504883828755602f, -0.15296486218853164f), vec4(0.3239847771997537f, -0.5794684678643381f, 0.6740059517812944f, 0.3239847771997537f),
    vec4(-0.3239847771997537f, -0.3239847771997537f, 0.5794684678643381f, -0.6740059517812944f), vec4(-0.4004672082940195f, 0.15296486218853164f, 0.5029860367700724f, -0.7504883828755602f),
    vec4(0.15296486218853164f, -0.4004672082940195f, 0.5029860367700724f, -0.7504883828755602f), vec4(0.08164729285680945f, 0.08164729285680945f, 0.4553054119602712f, -0.8828161875373585f),
    vec4(-0.08164729285680945f, -0.08164729285680945f, 0.8828161875373585f, -0.4553054119602712f), vec4(-0.15296486218853164f, 0.4004672082940195f, 0.7504883828755602f, -0.5029860367700724f),
    vec4(0.4004672082940195f, -0.15296486218853164f, 0.7504883828755602f, -0.5029860367700724f), vec4(0.3239847771997537f, 0.3239847771997537f, 0.6740059517812944f, -0.5794684678643381f),
    vec4(-0.3239847771997537f, 0.5794684678643381f, -0.6740059517812944f, -0.3239847771997537f), vec4(-0.4004672082940195f, 0.5029860367700724f, -0.7504883828755602f, 0.15296486218853164f),
    vec4(0.15296486218853164f, 0.5029860367700724f, -0.7504883828755602f, -0.4004672082940195f), vec4(0.08164729285680945f, 0.4553054119602712f, -0.8828161875373585f, 0.08164729285680945f),
    vec4(-0.08164729285680945f, 0.8828161875373585f, -0.4553054119602712f, -0.08164729285680945f), vec4(-0.15296486218853164f, 0.7504883828755602f, -0.5029860367700724f, 0.4004672082940195f),
    vec4(0.4004672082940195f, 0.7504883828755602f, -0.5029860367700724f, -0.15296486218853164f), vec4(0.3239847771997537f, 0.6740059517812944f, -0.5794684678643381f, 0.3239847771997537f),
    vec4(-0.3239847771997537f, 0.5794684678643381f, -0.3239847771997537f, -0.6740059517812944f), vec4(-0.4004672082940195f, 0.5029860367700724f, 0.15296486218853164f, -0.7504883828755602f),
    vec4(0.15296486218853164f, 0.5029860367700724f, -0.4004672082940195f, -0.7504883828755602f), vec4(0.08164729285680945f, 0.4553054119602712f, 0.08164729285680945f, -0.8828161875373585f),
    vec4(-0.08164729285680945f, 0.8828161875373585f, -0.08164729285680945f, -0.4553054119602712f), vec4(-0.15296486218853164f, 0.7504883828755602f, 0.4004672082940195f, -0.5029860367700724f),
    vec4(0.4004672082940195f, 0.7504883828755602f, -0.15296486218853164f, -0.5029860367700724f), vec4(0.3239847771997537f, 0.6740059517812944f, 0.3239847771997537f, -0.5794684678643381f),
    vec4(0.5794684678643381f, -0.3239847771997537f, -0.6740059517812944f, -0.3239847771997537f), vec4(0.5029860367700724f, -0.4004672082940195f, -0.7504883828755602f, 0.15296486218853164f),
    vec4(0.5029860367700724f, 0.15296486218853164f, -0.7504883828755602f, -0.4004672082940195f), vec4(0.4553054119602712f, 0.08164729285680945f, -0.8828161875373585f, 0.08164729285680945f),
    vec4(0.8828161875373585f, -0.08164729285680945f, -0.4553054119602712f, -0.08164729285680945f), vec4(0.7504883828755602f, -0.15296486218853164f, -0.5029860367700724f, 0.4004672082940195f),
    vec4(0.7504883828755602f, 0.4004672082940195f, -0.5029860367700724f, -0.15296486218853164f), vec4(0.6740059517812944f, 0.3239847771997537f, -0.5794684678643381f, 0.3239847771997537f),
    vec4(0.5794684678643381f, -0.3239847771997537f, -0.3239847771997537f, -0.6740059517812944f), vec4(0.5029860367700724f, -0.4004672082940195f, 0.15296486218853164f, -0.7504883828755602f),
    vec4(0.5029860367700724f, 0.15296486218853164f, -0.4004672082940195f, -0.7504883828755602f), vec4(0.4553054119602712f, 0.08164729285680945f, 0.08164729285680945f, -0.8828161875373585f),
    vec4(0.8828161875373585f, -0.08164729285680945f, -0.08164729285680945f, -0.4553054119602712f), vec4(0.7504883828755602f, -0.15296486218853164f, 0.4004672082940195f, -0.5029860367700724f),
    vec4(0.7504883828755602f, 0.4004672082940195f, -0.15296486218853164f, -0.5029860367700724f), vec4(0.6740059517812944f, 0.3239847771997537f, 0.3239847771997537f, -0.5794684678643381f),
    vec4(0.03381941603233842f, 0.03381941603233842f, 0.03381941603233842f, 0.9982828964265062f), vec4(-0.044802370851755174f, -0.044802370851755174f, 0.508629699630796f, 0.8586508742123365f),
    vec4(-0.044802370851755174f, 0.508629699630796f, -0.044802370851755174f, 0.8586508742123365f), vec4(-0.12128480194602098f, 0.4321472685365301f, 0.4321472685365301f, 0.7821684431180708f),
    vec4(0.508629699630796f, -0.044802370851755174f, -0.044802370851755174f, 0.8586508742123365f), vec4(0.4321472685365301f, -0.12128480194602098f, 0.4321472685365301f, 0.7821684431180708f),
    vec4(0.4321472685365301f, 0.4321472685365301f, -0.12128480194602098f, 0.7821684431180708f), vec4(0.37968289875261624f, 0.37968289875261624f, 0.37968289875261624f, 0.753341017856078f),
    vec4(0.03381941603233842f, 0.03381941603233842f, 0.9982828964265062f, 0.03381941603233842f), vec4(-0.044802370851755174f, 0.044802370851755174f, 0.8586508742123365f, 0.508629699630796f),
    vec4(-0.044802370851755174f, 0.508629699630796f, 0.8586508742123365f, -0.044802370851755174f), vec4(-0.12128480194602098f, 0.4321472685365301f, 0.7821684431180708f, 0.4321472685365301f),
    vec4(0.508629699630796f, -0.044802370851755174f, 0.8586508742123365f, -0.044802370851755174f), vec4(0.4321472685365301f, -0.12128480194602098f, 0.7821684431180708f, 0.4321472685365301f),
    vec4(0.4321472685365301f, 0.4321472685365301f, 0.7821684431180708f, -0.12128480194602098f), vec4(0.37968289875261624f, 0.37968289875261624f, 0.753341017856078f, 0.37968289875261624f),
    vec4(0.03381941603233842f, 0.9982828964265062f, 0.03381941603233842f, 0.03381941603233842f), vec4(-0.044802370851755174f, 0.8586508742123365f, -0.044802370851755174f, 0.508629699630796f),
    vec4(-0.044802370851755174f, 0.8586508742123365f, 0.508629699630796f, -0.044802370851755174f), vec4(-0.12128480194602098f, 0.7821684431180708f, 0.4321472685365301f, 0.4321472685365301f),
    vec4(0.508629699630796f, 0.8586508742123365f, -0.044802370851755174f, -0.044802370851755174f), vec4(0.4321472685365301f, 0.7821684431180708f, -0.12128480194602098f, 0.4321472685365301f),
    vec4(0.4321472685365301f, 0.7821684431180708f, 0.4321472685365301f, -0.12128480194602098f), vec4(0.37968289875261624f, 0.753341017856078f, 0.37968289875261624f, 0.37968289875261624f),
    vec4(0.9982828964265062f, 0.03381941603233842f, 0.03381941603233842f, 0.03381941603233842f), vec4(0.8586508742123365f, -0.044802370851755174f, -0.044802370851755174f, 0.508629699630796f),
    vec4(0.8586508742123365f, -0.044802370851755174f, 0.508629699630796f, -0.044802370851755174f), vec4(0.7821684431180708f, -0.12128480194602098f, 0.4321472685365301f, 0.4321472685365301f),
    vec4(0.8586508742123365f, 0.508629699630796f, -0.044802370851755174f, -0.044802370851755174f), vec4(0.7821684431180708f, 0.4321472685365301f, -0.12128480194602098f, 0.4321472685365301f),
    vec4(0.7821684431180708f, 0.4321472685365301f, 0.4321472685365301f, -0.12128480194602098f), vec4(0.753341017856078f, 0.37968289875261624f, 0.37968289875261624f, 0.37968289875261624f));

int gln_os2_hash2(int x, int y, ivec2 world) {
    if (world.x >= 0) return gln_world_hash2(ivec2(x, y), world);
    return gln_perm(gln_perm(x & 255) + (y & 255));
}

// x, y, z: a point's doubled coordinates; world: the doubled blocks.
int gln_os2_hash3(int x, int y, int z, ivec3 world) {
    if (world.x >= 0) return gln_world_hash3(ivec3(x, y, z), world);
    return gln_perm(gln_perm(gln_perm(x & 255) + (y & 255)) + (z & 255));
}

// A 4D point of a lattice copy (salt: 51 times the copy's number, 0-4): the chain over its
// coordinates and the salt, an 8-bit hash h, then one more lookup for 8 more bits, so that
// the 160 gradients are picked evenly from the 16 bits (an 8-bit hash alone would pick 96
// of them twice as often as the rest). The remainder is taken in float, exactly (below 2^16).
// With the world hash, the salt joins the axes' shares as a fifth.
int gln_os2_hash4(int x, int y, int z, int w, int salt, ivec4 world) {
    int h;
    if (world.x >= 0) {
        h = gln_world_hash(gln_world_axis(x, world.x, 0, GLN_WORLD_X) ^ gln_world_axis(y, world.y, 0, GLN_WORLD_Y) ^
                           gln_world_axis(z, world.z, 0, GLN_WORLD_Z) ^ gln_world_axis(w, world.w, 0, GLN_WORLD_W) ^
                           gln_world_axis(salt, 0, 0, GLN_WORLD_SALT));
    } else {
        h = gln_perm(gln_perm(gln_perm(gln_perm(gln_perm(x & 255) + (y & 255)) + (z & 255)) + (w & 255)) + salt);
    }
    float v = float(h) * 256.0f + float(gln_perm(h + (x & 255)));
    return int(v - floor(v / 160.0f) * 160.0f);
}

int gln_os2_hash2(int x, int y) {
    return gln_os2_hash2(x, y, ivec2(-1, -1));
}

int gln_os2_hash3(int x, int y, int z) {
    return gln_os2_hash3(x, y, z, ivec3(-1, -1, -1));
}

int gln_os2_hash4(int x, int y, int z, int w, int salt) {
    return gln_os2_hash4(x, y, z, w, salt, ivec4(-1, -1, -1, -1));
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
vec3 gln_opensimplex2_2_skewed(ivec2 cell, vec2 ps, ivec2 world) {
    GlnTriangle s = gln_simplex2_triangle(cell, ps);
    int i = s.corner.x;
    int j = s.corner.y;
    GLN_PRECISE vec3 n = gln_os2_vertex2(gln_os2_hash2(i, j, world), s.d0) +
                         gln_os2_vertex2(gln_os2_hash2(i + s.step.x, j + s.step.y, world), s.d1) +
                         gln_os2_vertex2(gln_os2_hash2(i + 1, j + 1, world), s.d2);
    return n * GLN_OS2_SCALE2;
}

vec3 gln_opensimplex2_2_skewed(ivec2 cell, vec2 ps) {
    return gln_opensimplex2_2_skewed(cell, ps, ivec2(-1, -1));
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
vec4 gln_os2_pair3(ivec3 x2, vec3 d, ivec3 world2) {
    GLN_PRECISE vec4 n = gln_os2_vertex3(gln_os2_hash3(x2.x, x2.y, x2.z, world2), d);
    vec3 a = abs(d);
    ivec3 s = ivec3(d.x >= 0.0f ? 1 : -1, d.y >= 0.0f ? 1 : -1, d.z >= 0.0f ? 1 : -1);
    ivec3 step = a.x >= a.y && a.x >= a.z ? ivec3(s.x, 0, 0) : a.y >= a.z ? ivec3(0, s.y, 0) : ivec3(0, 0, s.z);
    GLN_PRECISE vec3 d2 = vec3(d.x - float(step.x), d.y - float(step.y), d.z - float(step.z));
    ivec3 y2 = x2 + 2 * step;
    n = n + gln_os2_vertex3(gln_os2_hash3(y2.x, y2.y, y2.z, world2), d2);
    return n;
}

// At turned cell `cell` + turned position pr (gln_os2_turn3): (value, gradient per unit of
// the turned coordinates; gln_os2_turn3_back turns it back).
vec4 gln_opensimplex2_3_turned(ivec3 cell, vec3 pr, ivec3 world) {
    vec3 base = floor(pr);
    ivec3 c = cell + ivec3(base);
    GLN_PRECISE vec3 f = vec3(pr.x - base.x, pr.y - base.y, pr.z - base.z);  // [0, 1)
    // The integer lattice: its nearest point is c or c + 1 on each axis.
    ivec3 near = ivec3(f.x >= 0.5f ? 1 : 0, f.y >= 0.5f ? 1 : 0, f.z >= 0.5f ? 1 : 0);
    GLN_PRECISE vec3 d0 = vec3(f.x - float(near.x), f.y - float(near.y), f.z - float(near.z));
    // The offset lattice: its nearest point is c + 1/2.
    GLN_PRECISE vec3 d1 = vec3(f.x - 0.5f, f.y - 0.5f, f.z - 0.5f);
    // Doubled coordinates: the blocks double too (2 * (block * 256 + c) = 2 * block * 256 + 2 * c).
    ivec3 world2 = world.x >= 0 ? 2 * world : world;
    GLN_PRECISE vec4 n = gln_os2_pair3(2 * (c + near), d0, world2) + gln_os2_pair3(2 * c + 1, d1, world2);
    return n * GLN_OS2_SCALE3;
}

vec4 gln_opensimplex2_3_turned(ivec3 cell, vec3 pr) {
    return gln_opensimplex2_3_turned(cell, pr, ivec3(-1, -1, -1));
}

// The reference's 4D orientation "ImproveXYZ_ImproveXY", turn and skew in one: x, y, z as in
// the 3D form, w along the fourth axis scaled by wScale (which sets which of the A4
// lattice's two skew conventions it lands in), straight into the lattice's skewed
// coordinates. gln_os2_skew4 is OpenSimplex2's; glnoise/opensimplex2s.glsl's
// gln_os2s_skew4 takes the other convention.
vec4 gln_os2_improve4(vec4 p, float wScale) {
    GLN_PRECISE float xy = p.x + p.y;
    GLN_PRECISE float s2 = xy * GLN_OS2_S3;
    GLN_PRECISE float zz = p.z * GLN_OS2_H3;
    GLN_PRECISE float ww = p.w * wScale;
    GLN_PRECISE float t = zz + ww + s2;
    GLN_PRECISE vec4 r = vec4(p.x + t, p.y + t, xy * -GLN_OS2_R3 + (zz + ww), p.z * -GLN_OS2_SQRT3_2 + ww);
    return r;
}

vec4 gln_os2_skew4(vec4 p) {
    return gln_os2_improve4(p, GLN_OS2_W4);
}

// OpenSimplex2's own coordinates (glnoise/fractal.glsl's gln_basis_space2..4 picks them by
// basis): skewed onto the simplex grid in 2D, turned in 3D, turned and skewed in 4D.
vec2 gln_opensimplex2_space2(vec2 q) {
    return gln_skew2(q);
}

vec3 gln_opensimplex2_space3(vec3 q) {
    return gln_os2_turn3(q);
}

vec4 gln_opensimplex2_space4(vec4 q) {
    return gln_os2_skew4(q);
}

// One 4D vertex's value at offset d from it: (0.6 - |d|^2)^4 (g . d).
float gln_os2_vertex4(int row, vec4 d) {
    GLN_PRECISE float t = 0.6f - ((d.x * d.x + d.y * d.y) + (d.z * d.z + d.w * d.w));
    if (t <= 0.0f) return 0.0f;
    vec4 g = GLN_OS2_GRAD4[row];
    GLN_PRECISE float gd = (g.x * d.x + g.y * d.y) + (g.z * d.z + g.w * d.w);
    GLN_PRECISE float t2 = t * t;
    GLN_PRECISE float r = t2 * t2 * gd;
    return r;
}

// 4D: five copies of the A4 lattice, each shifted by (-0.2, -0.2, -0.2, -0.2) skewed from
// the last, and from each the vertex of the sample's simplex nearest to it. At skewed cell
// `cell` + skewed position ps (gln_os2_skew4): the value.
float gln_opensimplex2_4_skewed(ivec4 cell, vec4 ps, ivec4 world) {
    vec4 pf = floor(ps);
    ivec4 v = ivec4(cell.x + int(pf.x), cell.y + int(pf.y), cell.z + int(pf.z), cell.w + int(pf.w));
    GLN_PRECISE vec4 si = vec4(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z, ps.w - pf.w);
    GLN_PRECISE float sum = (si.x + si.y) + (si.z + si.w);
    // The copy whose cell surely holds a contributing vertex: from it downwards, wrapping.
    int copy = int(sum * 1.25f);
    GLN_PRECISE float shift = float(copy) * -0.2f;
    si = vec4(si.x + shift, si.y + shift, si.z + shift, si.w + shift);
    GLN_PRECISE float ssi = (sum + shift * 4.0f) * GLN_OS2_U4;
    GLN_PRECISE float n = 0.0f;
    for (int i = 0; i < 5; ++i) {
        // The cell's base vertex, or the neighbour one step along the largest fraction when
        // that is nearer.
        GLN_PRECISE float score0 = 1.0f + ssi * GLN_OS2_INV_U4;
        ivec4 step = si.x >= si.y && si.x >= si.z && si.x >= si.w && si.x >= score0 ? ivec4(1, 0, 0, 0)
                   : si.y > si.x && si.y >= si.z && si.y >= si.w && si.y >= score0 ? ivec4(0, 1, 0, 0)
                   : si.z > si.x && si.z > si.y && si.z >= si.w && si.z >= score0 ? ivec4(0, 0, 1, 0)
                   : si.w > si.x && si.w > si.y && si.w > si.z && si.w >= score0 ? ivec4(0, 0, 0, 1)
                   : ivec4(0, 0, 0, 0);
        v = v + step;
        si = vec4(si.x - float(step.x), si.y - float(step.y), si.z - float(step.z), si.w - float(step.w));
        ssi = ssi - float(step.x + step.y + step.z + step.w) * GLN_OS2_U4;
        GLN_PRECISE vec4 d = vec4(si.x + ssi, si.y + ssi, si.z + ssi, si.w + ssi);
        int salt = int(float(copy) * 51.0f);
        n = n + gln_os2_vertex4(gln_os2_hash4(v.x, v.y, v.z, v.w, salt, world), d);
        // On to the next copy; below copy 0 comes copy 4, one whole cell down.
        si = vec4(si.x + 0.2f, si.y + 0.2f, si.z + 0.2f, si.w + 0.2f);
        ssi = ssi + GLN_OS2_STEP_U4;
        if (copy == 0) {
            v = v - ivec4(1, 1, 1, 1);
            copy = 4;
        } else {
            copy = copy - 1;
        }
    }
    return n * GLN_OS2_SCALE4;
}

float gln_opensimplex2_4_skewed(ivec4 cell, vec4 ps) {
    return gln_opensimplex2_4_skewed(cell, ps, ivec4(-1, -1, -1, -1));
}

float gln_opensimplex2_4(vec4 p) {
    return gln_opensimplex2_4_skewed(ivec4(0, 0, 0, 0), gln_os2_skew4(p));
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
