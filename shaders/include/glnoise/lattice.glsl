// SPDX-License-Identifier: MIT
// glnoise/lattice.glsl: noise on the integer lattice in 1 to 4 dimensions, with its gradient.
//
//   #include "glnoise/lattice.glsl"
//   vec4 n = gln_lattice3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), GLN_CURVE_QUINTIC, GLN_GRADIENTS);
//   // n.x: improved Perlin noise at p; (n.y, n.z, n.w): its analytic gradient
//   vec3 t = gln_lattice2(ivec2(0, 0), q, ivec2(8, 8), GLN_CURVE_LINEAR, GLN_HEIGHTS);
//   // t.x: value noise that repeats every 8 cells; (t.y, t.z): its gradient
//
// One engine for the lattice bases: every corner of the cell around cell + p gets a hash
// p[p[p[X] + Y] + Z] from the permutation table (1D: p[X]; 4D: p[p[p[p[X]+Y]+Z]+W]), and
// contributes what `kind` asks for:
//   GLN_GRADIENTS  the dot product of a gradient picked by the hash with the offset from the
//                  corner (Ken Perlin, "An Image Synthesizer", 1985; "Improving Noise", 2002):
//                  1D +1 or -1 from hash & 1, 2D (1,1),(-1,1),(-1,-1),(1,-1) from hash & 3,
//                  3D the 12 cube edges plus 4 repeats from hash & 15, 4D the 32 edges of the
//                  tesseract from hash & 31;
//   GLN_HEIGHTS    a random height hash / 127.5 - 1 in [-1, 1] (value noise, and the random
//                  heights that D. Mount's Perlin noise notes add back to the gradients);
// blended with the curve s(t) of the fractional position along each axis in order x, y, z,
// w: GLN_CURVE_LINEAR t, GLN_CURVE_COSINE (1 - cos(pi t)) / 2, GLN_CURVE_CUBIC 3t^2 - 2t^3
// (Perlin 1985), GLN_CURVE_QUINTIC 6t^5 - 15t^4 + 10t^3 (Perlin 2002).
// period: when a component is > 0, lattice indices wrap at it before hashing, so the noise
// repeats every `period` cells on that axis; 0 leaves the table's own period of 256.
// The (cell, p) form takes an integer cell and a small float p, so that a caller that keeps
// its origin in double can hand over the cell reduced modulo the period and lose nothing;
// a last argument `world`, the cell's lattice blocks, hashes the whole coordinate instead
// of the table's 256 cells (gln_world_hash in glnoise/permutation.glsl).
// 2D and 3D return (value, gradient); 1D and 4D return the value.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/lattice.hpp.
#ifndef GLNOISE_LATTICE_GLSL
#define GLNOISE_LATTICE_GLSL

#include "permutation.glsl"

#define GLN_CURVE_LINEAR 0
#define GLN_CURVE_COSINE 1
#define GLN_CURVE_CUBIC 2
#define GLN_CURVE_QUINTIC 3

#define GLN_GRADIENTS 1
#define GLN_HEIGHTS 2

const vec3 GLN_GRAD3[16] = vec3[16](
    vec3(1.0f, 1.0f, 0.0f), vec3(-1.0f, 1.0f, 0.0f), vec3(1.0f, -1.0f, 0.0f), vec3(-1.0f, -1.0f, 0.0f),
    vec3(1.0f, 0.0f, 1.0f), vec3(-1.0f, 0.0f, 1.0f), vec3(1.0f, 0.0f, -1.0f), vec3(-1.0f, 0.0f, -1.0f),
    vec3(0.0f, 1.0f, 1.0f), vec3(0.0f, -1.0f, 1.0f), vec3(0.0f, 1.0f, -1.0f), vec3(0.0f, -1.0f, -1.0f),
    vec3(1.0f, 1.0f, 0.0f), vec3(0.0f, -1.0f, 1.0f), vec3(-1.0f, 1.0f, 0.0f), vec3(0.0f, -1.0f, -1.0f));

const vec2 GLN_GRAD2[4] = vec2[4](
    vec2(1.0f, 1.0f), vec2(-1.0f, 1.0f), vec2(-1.0f, -1.0f), vec2(1.0f, -1.0f));

const vec4 GLN_GRAD4[32] = vec4[32](
    vec4(0.0f, 1.0f, 1.0f, 1.0f), vec4(0.0f, 1.0f, 1.0f, -1.0f), vec4(0.0f, 1.0f, -1.0f, 1.0f), vec4(0.0f, 1.0f, -1.0f, -1.0f),
    vec4(0.0f, -1.0f, 1.0f, 1.0f), vec4(0.0f, -1.0f, 1.0f, -1.0f), vec4(0.0f, -1.0f, -1.0f, 1.0f), vec4(0.0f, -1.0f, -1.0f, -1.0f),
    vec4(1.0f, 0.0f, 1.0f, 1.0f), vec4(1.0f, 0.0f, 1.0f, -1.0f), vec4(1.0f, 0.0f, -1.0f, 1.0f), vec4(1.0f, 0.0f, -1.0f, -1.0f),
    vec4(-1.0f, 0.0f, 1.0f, 1.0f), vec4(-1.0f, 0.0f, 1.0f, -1.0f), vec4(-1.0f, 0.0f, -1.0f, 1.0f), vec4(-1.0f, 0.0f, -1.0f, -1.0f),
    vec4(1.0f, 1.0f, 0.0f, 1.0f), vec4(1.0f, 1.0f, 0.0f, -1.0f), vec4(1.0f, -1.0f, 0.0f, 1.0f), vec4(1.0f, -1.0f, 0.0f, -1.0f),
    vec4(-1.0f, 1.0f, 0.0f, 1.0f), vec4(-1.0f, 1.0f, 0.0f, -1.0f), vec4(-1.0f, -1.0f, 0.0f, 1.0f), vec4(-1.0f, -1.0f, 0.0f, -1.0f),
    vec4(1.0f, 1.0f, 1.0f, 0.0f), vec4(1.0f, 1.0f, -1.0f, 0.0f), vec4(1.0f, -1.0f, 1.0f, 0.0f), vec4(1.0f, -1.0f, -1.0f, 0.0f),
    vec4(-1.0f, 1.0f, 1.0f, 0.0f), vec4(-1.0f, 1.0f, -1.0f, 0.0f), vec4(-1.0f, -1.0f, 1.0f, 0.0f), vec4(-1.0f, -1.0f, -1.0f, 0.0f));

const float GLN_PI = 3.14159265358979f;

// The quintic fade of improved noise.
float gln_fade(float t) {
    return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

float gln_curve(float t, int curve) {
    if (curve == GLN_CURVE_LINEAR) return t;
    if (curve == GLN_CURVE_COSINE) return (1.0f - cos(t * GLN_PI)) * 0.5f;
    if (curve == GLN_CURVE_CUBIC) return t * t * (3.0f - 2.0f * t);
    return gln_fade(t);
}

// d gln_curve / dt
float gln_dcurve(float t, int curve) {
    if (curve == GLN_CURVE_LINEAR) return 1.0f;
    if (curve == GLN_CURVE_COSINE) return sin(t * GLN_PI) * (GLN_PI * 0.5f);
    if (curve == GLN_CURVE_CUBIC) return 6.0f * t * (1.0f - t);
    return 30.0f * t * t * (t * (t - 2.0f) + 1.0f);
}

float gln_lerp(float t, float a, float b) {
    return a + t * (b - a);
}

vec2 gln_lerp(float t, vec2 a, vec2 b) {
    return a + t * (b - a);
}

vec3 gln_lerp(float t, vec3 a, vec3 b) {
    return a + t * (b - a);
}

// GLN_GRAD3[hash & 15] . (x, y, z) by Ken Perlin's selects, which vectorise where a table
// lookup is a gather: every term is +-x, +-y or +-z, so the sum is the dot product's.
float gln_grad3(int hash, float x, float y, float z) {
    int h = hash & 15;
    float u = h < 8 ? x : y;
    float v = h < 4 ? y : (h == 12 || h == 14 ? x : z);
    return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v);
}

// GLN_GRAD2[hash & 3] . (x, y): (1, 1), (-1, 1), (-1, -1), (1, -1).
float gln_grad2(int hash, float x, float y) {
    int h = hash & 3;
    return (h == 0 || h == 3 ? x : -x) + (h < 2 ? y : -y);
}

float gln_grad1(int hash, float x) {
    return (hash & 1) == 0 ? x : -x;
}

float gln_height(int hash) {
    return float(hash) / 127.5f - 1.0f;
}

// What a corner with this hash adds at offset d from it, for `kind`.
float gln_corner1(int hash, float d, int kind) {
    float g = (kind & GLN_GRADIENTS) != 0 ? gln_grad1(hash, d) : 0.0f;
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height(hash) : g;
}

float gln_corner2(int hash, vec2 d, int kind) {
    float g = (kind & GLN_GRADIENTS) != 0 ? gln_grad2(hash, d.x, d.y) : 0.0f;
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height(hash) : g;
}

float gln_corner3(int hash, vec3 d, int kind) {
    float g = (kind & GLN_GRADIENTS) != 0 ? gln_grad3(hash, d.x, d.y, d.z) : 0.0f;
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height(hash) : g;
}

float gln_corner4(int hash, vec4 d, int kind) {
    float g = (kind & GLN_GRADIENTS) != 0 ? dot(GLN_GRAD4[hash & 31], d) : 0.0f;
    return (kind & GLN_HEIGHTS) != 0 ? g + gln_height(hash) : g;
}

// The gradient vector a corner contributes to the derivative (zero for heights alone).
vec2 gln_cornergrad2(int hash, int kind) {
    return (kind & GLN_GRADIENTS) != 0 ? GLN_GRAD2[hash & 3] : vec2(0.0f, 0.0f);
}

vec3 gln_cornergrad3(int hash, int kind) {
    return (kind & GLN_GRADIENTS) != 0 ? GLN_GRAD3[hash & 15] : vec3(0.0f, 0.0f, 0.0f);
}

float gln_lattice1(int cell, float p, int period, int curve, int kind, int world) {
    float pf = floor(p);
    int h0;
    int h1;
    if (world >= 0) {
        h0 = gln_world_hash(gln_world_axis(cell + int(pf), world, period, GLN_WORLD_X));
        h1 = gln_world_hash(gln_world_axis(cell + int(pf) + 1, world, period, GLN_WORLD_X));
    } else {
        h0 = gln_perm(gln_wrap(cell + int(pf), period));
        h1 = gln_perm(gln_wrap(cell + int(pf) + 1, period));
    }
    float x = p - pf;
    float a = gln_corner1(h0, x, kind);
    float b = gln_corner1(h1, x - 1.0f, kind);
    return gln_lerp(gln_curve(x, curve), a, b);
}

float gln_lattice1(int cell, float p, int period, int curve, int kind) {
    return gln_lattice1(cell, p, period, curve, kind, -1);
}

vec3 gln_lattice2(ivec2 cell, vec2 p, ivec2 period, int curve, int kind, ivec2 world) {
    vec2 pf = floor(p);
    float xf = p.x - pf.x;
    float yf = p.y - pf.y;
    int valueTopRight;
    int valueTopLeft;
    int valueBottomRight;
    int valueBottomLeft;
    if (world.x >= 0) {
        uint x0 = gln_world_axis(cell.x + int(pf.x), world.x, period.x, GLN_WORLD_X);
        uint x1 = gln_world_axis(cell.x + int(pf.x) + 1, world.x, period.x, GLN_WORLD_X);
        uint y0 = gln_world_axis(cell.y + int(pf.y), world.y, period.y, GLN_WORLD_Y);
        uint y1 = gln_world_axis(cell.y + int(pf.y) + 1, world.y, period.y, GLN_WORLD_Y);
        valueTopRight = gln_world_hash(x1 ^ y1);
        valueTopLeft = gln_world_hash(x0 ^ y1);
        valueBottomRight = gln_world_hash(x1 ^ y0);
        valueBottomLeft = gln_world_hash(x0 ^ y0);
    } else {
        int X = gln_wrap(cell.x + int(pf.x), period.x);
        int Y = gln_wrap(cell.y + int(pf.y), period.y);
        int X1 = gln_wrap(cell.x + int(pf.x) + 1, period.x);
        int Y1 = gln_wrap(cell.y + int(pf.y) + 1, period.y);
        valueTopRight = gln_perm(gln_perm(X1) + Y1);
        valueTopLeft = gln_perm(gln_perm(X) + Y1);
        valueBottomRight = gln_perm(gln_perm(X1) + Y);
        valueBottomLeft = gln_perm(gln_perm(X) + Y);
    }
    float dotTopRight = gln_corner2(valueTopRight, vec2(xf - 1.0f, yf - 1.0f), kind);
    float dotTopLeft = gln_corner2(valueTopLeft, vec2(xf, yf - 1.0f), kind);
    float dotBottomRight = gln_corner2(valueBottomRight, vec2(xf - 1.0f, yf), kind);
    float dotBottomLeft = gln_corner2(valueBottomLeft, vec2(xf, yf), kind);
    float u = gln_curve(xf, curve);
    float v = gln_curve(yf, curve);
    float left = gln_lerp(v, dotBottomLeft, dotTopLeft);
    float right = gln_lerp(v, dotBottomRight, dotTopRight);
    float value = gln_lerp(u, left, right);
    vec2 gradient = gln_lerp(u, gln_lerp(v, gln_cornergrad2(valueBottomLeft, kind), gln_cornergrad2(valueTopLeft, kind)),
                                gln_lerp(v, gln_cornergrad2(valueBottomRight, kind), gln_cornergrad2(valueTopRight, kind)));
    gradient = gradient + vec2(gln_dcurve(xf, curve) * (right - left),
                               gln_dcurve(yf, curve) * gln_lerp(u, dotTopLeft - dotBottomLeft, dotTopRight - dotBottomRight));
    return vec3(value, gradient.x, gradient.y);
}

vec3 gln_lattice2(ivec2 cell, vec2 p, ivec2 period, int curve, int kind) {
    return gln_lattice2(cell, p, period, curve, kind, ivec2(-1, -1));
}

vec4 gln_lattice3(ivec3 cell, vec3 p, ivec3 period, int curve, int kind, ivec3 world) {
    vec3 pf = floor(p);
    float x = p.x - pf.x;
    float y = p.y - pf.y;
    float z = p.z - pf.z;
    float u = gln_curve(x, curve);
    float v = gln_curve(y, curve);
    float w = gln_curve(z, curve);
    int hAA;
    int hBA;
    int hAB;
    int hBB;
    int hAA1;
    int hBA1;
    int hAB1;
    int hBB1;
    if (world.x >= 0) {
        uint x0 = gln_world_axis(cell.x + int(pf.x), world.x, period.x, GLN_WORLD_X);
        uint x1 = gln_world_axis(cell.x + int(pf.x) + 1, world.x, period.x, GLN_WORLD_X);
        uint y0 = gln_world_axis(cell.y + int(pf.y), world.y, period.y, GLN_WORLD_Y);
        uint y1 = gln_world_axis(cell.y + int(pf.y) + 1, world.y, period.y, GLN_WORLD_Y);
        uint z0 = gln_world_axis(cell.z + int(pf.z), world.z, period.z, GLN_WORLD_Z);
        uint z1 = gln_world_axis(cell.z + int(pf.z) + 1, world.z, period.z, GLN_WORLD_Z);
        uint AA = x0 ^ y0;
        uint AB = x0 ^ y1;
        uint BA = x1 ^ y0;
        uint BB = x1 ^ y1;
        hAA = gln_world_hash(AA ^ z0);
        hBA = gln_world_hash(BA ^ z0);
        hAB = gln_world_hash(AB ^ z0);
        hBB = gln_world_hash(BB ^ z0);
        hAA1 = gln_world_hash(AA ^ z1);
        hBA1 = gln_world_hash(BA ^ z1);
        hAB1 = gln_world_hash(AB ^ z1);
        hBB1 = gln_world_hash(BB ^ z1);
    } else {
        int X = gln_wrap(cell.x + int(pf.x), period.x);
        int Y = gln_wrap(cell.y + int(pf.y), period.y);
        int Z = gln_wrap(cell.z + int(pf.z), period.z);
        int X1 = gln_wrap(cell.x + int(pf.x) + 1, period.x);
        int Y1 = gln_wrap(cell.y + int(pf.y) + 1, period.y);
        int Z1 = gln_wrap(cell.z + int(pf.z) + 1, period.z);
        int A = gln_perm(X);
        int B = gln_perm(X1);
        int AA = gln_perm(A + Y);
        int AB = gln_perm(A + Y1);
        int BA = gln_perm(B + Y);
        int BB = gln_perm(B + Y1);
        hAA = gln_perm(AA + Z);
        hBA = gln_perm(BA + Z);
        hAB = gln_perm(AB + Z);
        hBB = gln_perm(BB + Z);
        hAA1 = gln_perm(AA + Z1);
        hBA1 = gln_perm(BA + Z1);
        hAB1 = gln_perm(AB + Z1);
        hBB1 = gln_perm(BB + Z1);
    }
    float a = gln_corner3(hAA, vec3(x, y, z), kind);
    float b = gln_corner3(hBA, vec3(x - 1.0f, y, z), kind);
    float c = gln_corner3(hAB, vec3(x, y - 1.0f, z), kind);
    float d = gln_corner3(hBB, vec3(x - 1.0f, y - 1.0f, z), kind);
    float e = gln_corner3(hAA1, vec3(x, y, z - 1.0f), kind);
    float f = gln_corner3(hBA1, vec3(x - 1.0f, y, z - 1.0f), kind);
    float g = gln_corner3(hAB1, vec3(x, y - 1.0f, z - 1.0f), kind);
    float h = gln_corner3(hBB1, vec3(x - 1.0f, y - 1.0f, z - 1.0f), kind);
    float k0 = gln_lerp(u, a, b);
    float k1 = gln_lerp(u, c, d);
    float k2 = gln_lerp(u, e, f);
    float k3 = gln_lerp(u, g, h);
    float l0 = gln_lerp(v, k0, k1);
    float l1 = gln_lerp(v, k2, k3);
    float value = gln_lerp(w, l0, l1);
    vec3 gradient = gln_lerp(w, gln_lerp(v, gln_lerp(u, gln_cornergrad3(hAA, kind), gln_cornergrad3(hBA, kind)),
                                            gln_lerp(u, gln_cornergrad3(hAB, kind), gln_cornergrad3(hBB, kind))),
                                gln_lerp(v, gln_lerp(u, gln_cornergrad3(hAA1, kind), gln_cornergrad3(hBA1, kind)),
                                            gln_lerp(u, gln_cornergrad3(hAB1, kind), gln_cornergrad3(hBB1, kind))));
    gradient = gradient + vec3(gln_dcurve(x, curve) * gln_lerp(w, gln_lerp(v, b - a, d - c), gln_lerp(v, f - e, h - g)),
                               gln_dcurve(y, curve) * gln_lerp(w, k1 - k0, k3 - k2),
                               gln_dcurve(z, curve) * (l1 - l0));
    return vec4(value, gradient.x, gradient.y, gradient.z);
}

vec4 gln_lattice3(ivec3 cell, vec3 p, ivec3 period, int curve, int kind) {
    return gln_lattice3(cell, p, period, curve, kind, ivec3(-1, -1, -1));
}

float gln_lattice4(ivec4 cell, vec4 p, ivec4 period, int curve, int kind, ivec4 world) {
    vec4 pf = floor(p);
    ivec4 c0 = ivec4(gln_wrap(cell.x + int(pf.x), period.x), gln_wrap(cell.y + int(pf.y), period.y),
                     gln_wrap(cell.z + int(pf.z), period.z), gln_wrap(cell.w + int(pf.w), period.w));
    ivec4 c1 = ivec4(gln_wrap(cell.x + int(pf.x) + 1, period.x), gln_wrap(cell.y + int(pf.y) + 1, period.y),
                     gln_wrap(cell.z + int(pf.z) + 1, period.z), gln_wrap(cell.w + int(pf.w) + 1, period.w));
    vec4 f = p - pf;
    // The 16 corners, x fastest; then lerp along x, y, z and w in turn.
    float k[16];
    for (int i = 0; i < 16; ++i) {
        ivec4 bit = ivec4(i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1);
        int X = bit.x == 0 ? c0.x : c1.x;
        int Y = bit.y == 0 ? c0.y : c1.y;
        int Z = bit.z == 0 ? c0.z : c1.z;
        int W = bit.w == 0 ? c0.w : c1.w;
        int hash;
        if (world.x >= 0) {
            ivec4 at = ivec4(cell.x + int(pf.x), cell.y + int(pf.y), cell.z + int(pf.z), cell.w + int(pf.w)) + bit;
            hash = gln_world_hash(gln_world_axis(at.x, world.x, period.x, GLN_WORLD_X) ^
                                  gln_world_axis(at.y, world.y, period.y, GLN_WORLD_Y) ^
                                  gln_world_axis(at.z, world.z, period.z, GLN_WORLD_Z) ^
                                  gln_world_axis(at.w, world.w, period.w, GLN_WORLD_W));
        } else {
            hash = gln_perm(gln_perm(gln_perm(gln_perm(X) + Y) + Z) + W);
        }
        k[i] = gln_corner4(hash, f - vec4(bit), kind);
    }
    float s[4] = float[4](gln_curve(f.x, curve), gln_curve(f.y, curve), gln_curve(f.z, curve), gln_curve(f.w, curve));
    for (int axis = 0; axis < 4; ++axis) {
        int n = 8 >> axis;
        for (int i = 0; i < n; ++i) {
            k[i] = gln_lerp(s[axis], k[2 * i], k[2 * i + 1]);
        }
    }
    return k[0];
}

float gln_lattice4(ivec4 cell, vec4 p, ivec4 period, int curve, int kind) {
    return gln_lattice4(cell, p, period, curve, kind, ivec4(-1, -1, -1, -1));
}

#endif  // GLNOISE_LATTICE_GLSL
