// glnoise/perlin.glsl: improved Perlin noise in 2D and 3D.
//
//   #include "glnoise/perlin.glsl"
//   float n = gln_perlin3(vec3(x, y, z));          // Ken Perlin's reference, exactly
//   float m = gln_perlin2(vec2(x, y));
//   float f = gln_perlin3(ivec3(cx, cy, cz), p);   // the noise at lattice cell c + p
//
// The (cell, p) forms take an integer lattice offset and a small float position, so that
// a caller that keeps its origin in double can hand over cell = floor(origin) mod 256 and
// p = fract(origin) + local, and lose no precision far from the origin.
//
// 3D follows Ken Perlin, "Improving Noise" (SIGGRAPH 2002): hashes p[p[p[X]+Y]+Z], the 12
// edge gradients plus 4 repeats of grad(hash & 15), fade 6t^5 - 15t^4 + 10t^3, lerp order
// x, y, z. The gradient is picked from a 16-entry table instead of branches (same values).
// 2D: corners hashed p[p[X]+Y], gradients (1,1), (-1,1), (-1,-1), (1,-1) from v & 3.
// Ranges: 3D within +-1.0363, 2D within +-1.0 (README, "Ranges"). Period 256 on each axis.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/core/reference.hpp.
#ifndef GLNOISE_PERLIN_GLSL
#define GLNOISE_PERLIN_GLSL

#include "permutation.glsl"

const vec3 GLN_GRAD3[16] = vec3[16](
    vec3(1.0f, 1.0f, 0.0f), vec3(-1.0f, 1.0f, 0.0f), vec3(1.0f, -1.0f, 0.0f), vec3(-1.0f, -1.0f, 0.0f),
    vec3(1.0f, 0.0f, 1.0f), vec3(-1.0f, 0.0f, 1.0f), vec3(1.0f, 0.0f, -1.0f), vec3(-1.0f, 0.0f, -1.0f),
    vec3(0.0f, 1.0f, 1.0f), vec3(0.0f, -1.0f, 1.0f), vec3(0.0f, 1.0f, -1.0f), vec3(0.0f, -1.0f, -1.0f),
    vec3(1.0f, 1.0f, 0.0f), vec3(0.0f, -1.0f, 1.0f), vec3(-1.0f, 1.0f, 0.0f), vec3(0.0f, -1.0f, -1.0f));

const vec2 GLN_GRAD2[4] = vec2[4](
    vec2(1.0f, 1.0f), vec2(-1.0f, 1.0f), vec2(-1.0f, -1.0f), vec2(1.0f, -1.0f));

float gln_fade(float t) {
    return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

float gln_lerp(float t, float a, float b) {
    return a + t * (b - a);
}

float gln_grad3(int hash, float x, float y, float z) {
    return dot(GLN_GRAD3[hash & 15], vec3(x, y, z));
}

float gln_grad2(int hash, float x, float y) {
    return dot(GLN_GRAD2[hash & 3], vec2(x, y));
}

float gln_perlin3(ivec3 cell, vec3 p) {
    vec3 pf = floor(p);
    int X = (cell.x + int(pf.x)) & 255;
    int Y = (cell.y + int(pf.y)) & 255;
    int Z = (cell.z + int(pf.z)) & 255;
    float x = p.x - pf.x;
    float y = p.y - pf.y;
    float z = p.z - pf.z;
    float u = gln_fade(x);
    float v = gln_fade(y);
    float w = gln_fade(z);
    int A = gln_perm(X) + Y;
    int AA = gln_perm(A) + Z;
    int AB = gln_perm(A + 1) + Z;
    int B = gln_perm(X + 1) + Y;
    int BA = gln_perm(B) + Z;
    int BB = gln_perm(B + 1) + Z;
    return gln_lerp(w, gln_lerp(v, gln_lerp(u, gln_grad3(gln_perm(AA), x, y, z),
                                               gln_grad3(gln_perm(BA), x - 1.0f, y, z)),
                                   gln_lerp(u, gln_grad3(gln_perm(AB), x, y - 1.0f, z),
                                               gln_grad3(gln_perm(BB), x - 1.0f, y - 1.0f, z))),
                       gln_lerp(v, gln_lerp(u, gln_grad3(gln_perm(AA + 1), x, y, z - 1.0f),
                                               gln_grad3(gln_perm(BA + 1), x - 1.0f, y, z - 1.0f)),
                                   gln_lerp(u, gln_grad3(gln_perm(AB + 1), x, y - 1.0f, z - 1.0f),
                                               gln_grad3(gln_perm(BB + 1), x - 1.0f, y - 1.0f, z - 1.0f))));
}

float gln_perlin3(vec3 p) {
    return gln_perlin3(ivec3(0, 0, 0), p);
}

float gln_perlin2(ivec2 cell, vec2 p) {
    vec2 pf = floor(p);
    int X = (cell.x + int(pf.x)) & 255;
    int Y = (cell.y + int(pf.y)) & 255;
    float xf = p.x - pf.x;
    float yf = p.y - pf.y;
    int valueTopRight = gln_perm(gln_perm(X + 1) + Y + 1);
    int valueTopLeft = gln_perm(gln_perm(X) + Y + 1);
    int valueBottomRight = gln_perm(gln_perm(X + 1) + Y);
    int valueBottomLeft = gln_perm(gln_perm(X) + Y);
    float dotTopRight = gln_grad2(valueTopRight, xf - 1.0f, yf - 1.0f);
    float dotTopLeft = gln_grad2(valueTopLeft, xf, yf - 1.0f);
    float dotBottomRight = gln_grad2(valueBottomRight, xf - 1.0f, yf);
    float dotBottomLeft = gln_grad2(valueBottomLeft, xf, yf);
    float u = gln_fade(xf);
    float v = gln_fade(yf);
    return gln_lerp(u, gln_lerp(v, dotBottomLeft, dotTopLeft),
                       gln_lerp(v, dotBottomRight, dotTopRight));
}

float gln_perlin2(vec2 p) {
    return gln_perlin2(ivec2(0, 0), p);
}

#endif  // GLNOISE_PERLIN_GLSL
