// SPDX-License-Identifier: MIT
// glnoise/psrdnoise.glsl: simplex-type noise that tiles, in 2D and 3D, gradients picked through the permutation table.
//
//   #include "glnoise/psrdnoise.glsl"
//   float n = gln_psrdnoise2(p, ivec2(8, 6));            // repeats every 8 in x, 6 in y
//   vec4 d = gln_psrdnoise3_deriv(q, ivec3(0, 0, 0));    // (value, d/dx, d/dy, d/dz)
//
// The lattices and kernel radii of S. Gustavson and I. McEwan's psrdnoise ("Tiling simplex
// noise and flow noise in two and three dimensions", JCGT 11(1), 2022): lattices whose
// translations include the axis-aligned integer steps, so that, unlike simplex noise, the
// noise can repeat with integer periods along the axes.
//
//  - 2D: the triangle lattice of points (u - v/2, v) for integers u, v: rows one unit
//    apart, every other row shifted by half a unit. Skewed coordinates (x + y/2, y)
//    (gln_psrd_skew2) find the triangle; its three corners add (0.8 - |d|^2)^4 (g . d) with
//    one of 32 unit gradients 11.25 degrees apart, g = GLN_PSRD_GRAD2[hash & 31].
//  - 3D: the body-centred cubic lattice, the integer points and the cube centres, whose
//    skewed coordinates (y + z, x + z, x + y) (gln_psrd_skew3) are integers; the simplex
//    found by ranking the skewed fractions adds its four corners' (0.5 - |d|^2)^4 (g . d)
//    with one of 64 unit gradients on a Fibonacci spiral, g = GLN_PSRD_GRAD3[hash & 63].
//
// Both radii are psrdnoise's: the largest at which no point outside the triangle or
// simplex reaches the sample, so the noise and its gradient are continuous. A corner's hash
// is that of its position reduced modulo the period on each axis (256 where the period is
// 0, as for the lattice bases) and skewed back: p[p[u] + v] in 2D, p[p[p[u] + v] + w] in 3D
// (indices & 255). So the noise repeats every period[a] units along axis a; in 2D the y
// period must be even (an odd one shifts the rows by half a unit), which glnoise's
// --period checks. Values are scaled by 10.9 (2D) and 107 (3D) to reach about 1: measured
// extremes in docs/noise.md. The rotating gradients of psrdnoise are not part of it.
// The skewed forms take the lattice cell in skewed coordinates and a small position, which
// is how glnoise keeps far-away origins exact; the cell may be any point congruent to the
// true one under the periods.
// Intermediate values are GLN_PRECISE, as in glnoise/simplex.glsl.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/psrdnoise.hpp.
#ifndef GLNOISE_PSRDNOISE_GLSL
#define GLNOISE_PSRDNOISE_GLSL

#include "simplex.glsl"

const float GLN_PSRD_SCALE2 = 10.9f;
const float GLN_PSRD_SCALE3 = 107.0f;

// cos and sin of (k + 1/2) 11.25 degrees, k = 0..31.
const vec2 GLN_PSRD_GRAD2[32] = vec2[32](
    vec2(0.99518472f, 0.0980171412f), vec2(0.956940353f, 0.290284663f), vec2(0.881921291f, 0.471396744f), vec2(0.773010433f, 0.634393275f),
    vec2(0.634393275f, 0.773010433f), vec2(0.471396744f, 0.881921291f), vec2(0.290284663f, 0.956940353f), vec2(0.0980171412f, 0.99518472f),
    vec2(-0.0980171412f, 0.99518472f), vec2(-0.290284663f, 0.956940353f), vec2(-0.471396744f, 0.881921291f), vec2(-0.634393275f, 0.773010433f),
    vec2(-0.773010433f, 0.634393275f), vec2(-0.881921291f, 0.471396744f), vec2(-0.956940353f, 0.290284663f), vec2(-0.99518472f, 0.0980171412f),
    vec2(-0.99518472f, -0.0980171412f), vec2(-0.956940353f, -0.290284663f), vec2(-0.881921291f, -0.471396744f), vec2(-0.773010433f, -0.634393275f),
    vec2(-0.634393275f, -0.773010433f), vec2(-0.471396744f, -0.881921291f), vec2(-0.290284663f, -0.956940353f), vec2(-0.0980171412f, -0.99518472f),
    vec2(0.0980171412f, -0.99518472f), vec2(0.290284663f, -0.956940353f), vec2(0.471396744f, -0.881921291f), vec2(0.634393275f, -0.773010433f),
    vec2(0.773010433f, -0.634393275f), vec2(0.881921291f, -0.471396744f), vec2(0.956940353f, -0.290284663f), vec2(0.99518472f, -0.0980171412f));

// Point k of a 64-point Fibonacci spiral: z = 1 - (2k + 1) / 64, turning by the golden angle
// pi (3 - sqrt 5) per point.
const vec3 GLN_PSRD_GRAD3[64] = vec3[64](
    vec3(0.176084802f, 0.0f, 0.984375f), vec3(-0.223110735f, 0.204387709f, 0.953125f), vec3(0.0338763669f, -0.386003733f, 0.921875f),
    vec3(0.276680589f, 0.360880822f, 0.890625f), vec3(-0.503529191f, -0.0890672207f, 0.859375f), vec3(0.472961515f, -0.300859392f, 0.828125f),
    vec3(-0.156838432f, 0.583431184f, 0.796875f), vec3(-0.296495557f, -0.570884168f, 0.765625f), vec3(0.637558639f, 0.232835397f, 0.734375f),
    vec3(-0.657270968f, 0.271311879f, 0.703125f), vec3(0.31392771f, -0.67084527f, 0.671875f), vec3(0.229806289f, 0.732658625f, 0.640625f),
    vec3(-0.68601054f, -0.39755711f, 0.609375f), vec3(0.796916842f, -0.175199941f, 0.578125f), vec3(-0.481506556f, 0.684893548f, 0.546875f),
    vec3(-0.110109806f, -0.849709749f, 0.515625f), vec3(0.668961167f, 0.563801169f, 0.484375f), vec3(-0.890685737f, 0.036832653f, 0.453125f),
    vec3(0.642663002f, -0.639535546f, 0.421875f), vec3(-0.0425215289f, 0.919567287f, 0.390625f), vec3(-0.597905457f, -0.716490567f, 0.359375f),
    vec3(0.936198175f, 0.125964135f, 0.328125f), vec3(-0.783851027f, 0.545383155f, 0.296875f), vec3(0.211596817f, -0.940569043f, 0.265625f),
    vec3(0.483332545f, 0.843479693f, 0.234375f), vec3(-0.932831824f, -0.297598779f, 0.203125f), vec3(0.894282103f, -0.413181007f, 0.171875f),
    vec3(-0.382224768f, 0.913306534f, 0.140625f), vec3(-0.336421758f, -0.935338199f, 0.109375f), vec3(0.8824839f, 0.463808805f, 0.078125f),
    vec3(-0.965907097f, 0.254610002f, 0.046875f), vec3(0.540771723f, -0.84102428f, 0.015625f), vec3(0.169355497f, 0.985431135f, -0.015625f),
    vec3(-0.789754093f, -0.611629963f, -0.046875f), vec3(0.993539691f, -0.0823127329f, -0.078125f), vec3(-0.675005257f, 0.729660869f, -0.109375f),
    vec3(0.00482980162f, -0.99005115f, -0.140625f), vec3(0.661886692f, 0.729633451f, -0.171875f), vec3(-0.974974453f, -0.090360418f, -0.203125f),
    vec3(0.77437228f, -0.587720931f, -0.234375f), vec3(-0.172553852f, 0.948508561f, -0.265625f), vec3(-0.508593798f, -0.808206379f, -0.296875f),
    vec3(0.911040425f, 0.249678418f, -0.328125f), vec3(-0.83024925f, 0.426070213f, -0.359375f), vec3(0.319998622f, -0.863141358f, -0.390625f),
    vec3(0.341847241f, 0.839739203f, -0.421875f), vec3(-0.805561304f, -0.381770521f, -0.453125f), vec3(0.836027861f, -0.257756323f, -0.484375f),
    vec3(-0.433224499f, 0.739220798f, -0.515625f), vec3(-0.175775126f, -0.818554103f, -0.546875f), vec3(0.665199399f, 0.472526491f, -0.578125f),
    vec3(-0.786795378f, 0.0980567932f, -0.609375f), vec3(0.497699469f, -0.584717751f, -0.640625f), vec3(0.0269922037f, 0.740172565f, -0.671875f),
    vec3(-0.499107152f, -0.506465495f, -0.703125f), vec3(0.677858472f, 0.0346593596f, -0.734375f), vec3(-0.495910138f, 0.409745663f, -0.765625f),
    vec3(0.0834807158f, -0.598348737f, -0.796875f), vec3(0.3178958f, 0.461683065f, -0.828125f), vec3(-0.498324156f, -0.114663221f, -0.859375f),
    vec3(0.395650685f, -0.224159867f, -0.890625f), vec3(-0.119570419f, 0.36857754f, -0.921875f), vec3(-0.12556608f, -0.275292367f, -0.953125f),
    vec3(0.162099957f, 0.0687710792f, -0.984375f));

// i modulo m (> 0), in [0, m) for negative i too.
int gln_psrd_mod(int i, int m) {
    return i >= 0 ? i % m : m - 1 - (-1 - i) % m;
}

// Half of an even, non-negative i.
int gln_psrd_half(int i) {
    return i >> 1;
}

int gln_psrd_period(int period) {
    return period > 0 ? period : 256;
}

// The hash of skewed lattice point (u, v): its doubled position (2u - v, 2v) reduced
// modulo twice the periods, skewed back.
// world (the cell's lattice blocks, glnoise/permutation.glsl): the whole (u, v) instead,
// without periods.
int gln_psrd_hash2(int u, int v, ivec2 period, ivec2 world) {
    if (world.x >= 0) return gln_world_hash2(ivec2(u, v), world);
    int px = gln_psrd_period(period.x);
    int ax = gln_psrd_mod(u + u - v, px + px);
    int rv = gln_psrd_mod(v, gln_psrd_period(period.y));
    int ru = gln_psrd_half(ax + rv);
    return gln_perm(gln_perm(ru & 255) + (rv & 255));
}

// The hash of skewed lattice point i: its doubled position (v + w - u, u + w - v, u + v - w)
// reduced modulo twice the periods, skewed back.
int gln_psrd_hash3(ivec3 i, ivec3 period, ivec3 world) {
    if (world.x >= 0) return gln_world_hash3(i, world);
    int ax = gln_psrd_mod(i.y + i.z - i.x, 2 * gln_psrd_period(period.x));
    int ay = gln_psrd_mod(i.x + i.z - i.y, 2 * gln_psrd_period(period.y));
    int az = gln_psrd_mod(i.x + i.y - i.z, 2 * gln_psrd_period(period.z));
    int u = gln_psrd_half(ay + az);
    int v = gln_psrd_half(ax + az);
    int w = gln_psrd_half(ax + ay);
    return gln_perm(gln_perm(gln_perm(u & 255) + (v & 255)) + (w & 255));
}

vec2 gln_psrd_skew2(vec2 p) {
    GLN_PRECISE vec2 r = vec2(p.x + 0.5f * p.y, p.y);
    return r;
}

vec3 gln_psrd_skew3(vec3 p) {
    GLN_PRECISE vec3 r = vec3(p.y + p.z, p.x + p.z, p.x + p.y);
    return r;
}

// psrdnoise's own coordinates (glnoise/fractal.glsl's gln_basis_space2 and 3 pick them by
// basis): skewed onto its triangle (2D) or body-centred cubic (3D) lattice.
vec2 gln_psrdnoise_space2(vec2 q) {
    return gln_psrd_skew2(q);
}

vec3 gln_psrdnoise_space3(vec3 q) {
    return gln_psrd_skew3(q);
}

// A skewed offset f back to the caller's coordinates: (s - f.x, s - f.y, s - f.z), s half
// the sum.
vec3 gln_psrd_unskew3(vec3 f) {
    GLN_PRECISE float s = (f.x + f.y + f.z) * 0.5f;
    GLN_PRECISE vec3 r = vec3(s - f.x, s - f.y, s - f.z);
    return r;
}

// At skewed cell `cell` + skewed position ps (gln_psrd_skew2): (value, gradient).
vec3 gln_psrdnoise2_skewed(ivec2 cell, vec2 ps, ivec2 period, ivec2 world) {
    vec2 pf = floor(ps);
    int i = cell.x + int(pf.x);
    int j = cell.y + int(pf.y);
    GLN_PRECISE float fu = ps.x - pf.x;
    GLN_PRECISE float fv = ps.y - pf.y;
    GLN_PRECISE vec2 d0 = vec2(fu - 0.5f * fv, fv);
    // The second corner: (1, 0) below the diagonal fu = fv (and on it), else (0, 1).
    int o = fu >= fv ? 1 : 0;
    GLN_PRECISE vec2 d1 = vec2(d0.x - float(o) + 0.5f * float(1 - o), d0.y - float(1 - o));
    GLN_PRECISE vec2 d2 = vec2(d0.x - 0.5f, d0.y - 1.0f);
    GLN_PRECISE vec3 n = gln_kernel2(0.8f, GLN_PSRD_GRAD2[gln_psrd_hash2(i, j, period, world) & 31], d0) +
                         gln_kernel2(0.8f, GLN_PSRD_GRAD2[gln_psrd_hash2(i + o, j + 1 - o, period, world) & 31], d1) +
                         gln_kernel2(0.8f, GLN_PSRD_GRAD2[gln_psrd_hash2(i + 1, j + 1, period, world) & 31], d2);
    return n * GLN_PSRD_SCALE2;
}

vec3 gln_psrdnoise2_skewed(ivec2 cell, vec2 ps, ivec2 period) {
    return gln_psrdnoise2_skewed(cell, ps, period, ivec2(-1, -1));
}

// At skewed cell `cell` + skewed position ps (gln_psrd_skew3): (value, gradient).
vec4 gln_psrdnoise3_skewed(ivec3 cell, vec3 ps, ivec3 period, ivec3 world) {
    vec3 pf = floor(ps);
    ivec3 c = cell + ivec3(pf);
    GLN_PRECISE vec3 f = vec3(ps.x - pf.x, ps.y - pf.y, ps.z - pf.z);
    // Each fraction's rank (ties: the earlier axis ranks higher); the second corner steps
    // along the largest, the third along the two largest.
    int rx = (f.x >= f.y ? 1 : 0) + (f.x >= f.z ? 1 : 0);
    int ry = (f.x >= f.y ? 0 : 1) + (f.y >= f.z ? 1 : 0);
    int rz = (f.x >= f.z ? 0 : 1) + (f.y >= f.z ? 0 : 1);
    ivec3 o1 = ivec3(1 < rx ? 1 : 0, 1 < ry ? 1 : 0, 1 < rz ? 1 : 0);
    ivec3 o2 = ivec3(0 < rx ? 1 : 0, 0 < ry ? 1 : 0, 0 < rz ? 1 : 0);
    GLN_PRECISE vec3 d0 = gln_psrd_unskew3(f);
    GLN_PRECISE vec3 d1 = gln_psrd_unskew3(vec3(f.x - float(o1.x), f.y - float(o1.y), f.z - float(o1.z)));
    GLN_PRECISE vec3 d2 = gln_psrd_unskew3(vec3(f.x - float(o2.x), f.y - float(o2.y), f.z - float(o2.z)));
    GLN_PRECISE vec3 d3 = gln_psrd_unskew3(vec3(f.x - 1.0f, f.y - 1.0f, f.z - 1.0f));
    GLN_PRECISE vec4 n = gln_kernel3(0.5f, GLN_PSRD_GRAD3[gln_psrd_hash3(c, period, world) & 63], d0) +
                         gln_kernel3(0.5f, GLN_PSRD_GRAD3[gln_psrd_hash3(c + o1, period, world) & 63], d1) +
                         gln_kernel3(0.5f, GLN_PSRD_GRAD3[gln_psrd_hash3(c + o2, period, world) & 63], d2) +
                         gln_kernel3(0.5f, GLN_PSRD_GRAD3[gln_psrd_hash3(c + ivec3(1, 1, 1), period, world) & 63], d3);
    return n * GLN_PSRD_SCALE3;
}

vec4 gln_psrdnoise3_skewed(ivec3 cell, vec3 ps, ivec3 period) {
    return gln_psrdnoise3_skewed(cell, ps, period, ivec3(-1, -1, -1));
}

vec3 gln_psrdnoise2_deriv(vec2 p, ivec2 period) {
    return gln_psrdnoise2_skewed(ivec2(0, 0), gln_psrd_skew2(p), period);
}

float gln_psrdnoise2(vec2 p, ivec2 period) {
    return gln_psrdnoise2_deriv(p, period).x;
}

vec4 gln_psrdnoise3_deriv(vec3 p, ivec3 period) {
    return gln_psrdnoise3_skewed(ivec3(0, 0, 0), gln_psrd_skew3(p), period);
}

float gln_psrdnoise3(vec3 p, ivec3 period) {
    return gln_psrdnoise3_deriv(p, period).x;
}

#endif  // GLNOISE_PSRDNOISE_GLSL
