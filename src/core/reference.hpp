// The C++ twins of shaders/include/glnoise/*.glsl (DESIGN.md, the mirror rule): the same
// names, the same order of operations, the same local names. T is float for the
// reference that the GPU is checked against, double for the oracle.
//
// This header is internal: the public entry points are in glnoise/cpu.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "glnoise/permutation.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::cpu {

// ---- permutation.glsl ----------------------------------------------------------------

inline int gln_perm(const Permutation& P, int i) {
    return P[i];
}

// ---- perlin.glsl ---------------------------------------------------------------------

template <class T>
inline const std::array<glm::vec<3, T>, 16> GLN_GRAD3 = {
    glm::vec<3, T>(1, 1, 0),  glm::vec<3, T>(-1, 1, 0), glm::vec<3, T>(1, -1, 0), glm::vec<3, T>(-1, -1, 0),
    glm::vec<3, T>(1, 0, 1),  glm::vec<3, T>(-1, 0, 1), glm::vec<3, T>(1, 0, -1), glm::vec<3, T>(-1, 0, -1),
    glm::vec<3, T>(0, 1, 1),  glm::vec<3, T>(0, -1, 1), glm::vec<3, T>(0, 1, -1), glm::vec<3, T>(0, -1, -1),
    glm::vec<3, T>(1, 1, 0),  glm::vec<3, T>(0, -1, 1), glm::vec<3, T>(-1, 1, 0), glm::vec<3, T>(0, -1, -1)};

template <class T>
inline const std::array<glm::vec<2, T>, 4> GLN_GRAD2 = {
    glm::vec<2, T>(1, 1), glm::vec<2, T>(-1, 1), glm::vec<2, T>(-1, -1), glm::vec<2, T>(1, -1)};

template <class T>
inline T gln_fade(T t) {
    return t * t * t * (t * (t * T(6) - T(15)) + T(10));
}

template <class T>
inline T gln_lerp(T t, T a, T b) {
    return a + t * (b - a);
}

template <class T>
inline T gln_grad3(int hash, T x, T y, T z) {
    return glm::dot(GLN_GRAD3<T>[static_cast<std::size_t>(hash & 15)], glm::vec<3, T>(x, y, z));
}

template <class T>
inline T gln_grad2(int hash, T x, T y) {
    return glm::dot(GLN_GRAD2<T>[static_cast<std::size_t>(hash & 3)], glm::vec<2, T>(x, y));
}

template <class T>
T gln_perlin3(const Permutation& P, glm::ivec3 cell, glm::vec<3, T> p) {
    glm::vec<3, T> pf = glm::floor(p);
    int X = (cell.x + static_cast<int>(pf.x)) & 255;
    int Y = (cell.y + static_cast<int>(pf.y)) & 255;
    int Z = (cell.z + static_cast<int>(pf.z)) & 255;
    T x = p.x - pf.x;
    T y = p.y - pf.y;
    T z = p.z - pf.z;
    T u = gln_fade(x);
    T v = gln_fade(y);
    T w = gln_fade(z);
    int A = gln_perm(P, X) + Y;
    int AA = gln_perm(P, A) + Z;
    int AB = gln_perm(P, A + 1) + Z;
    int B = gln_perm(P, X + 1) + Y;
    int BA = gln_perm(P, B) + Z;
    int BB = gln_perm(P, B + 1) + Z;
    return gln_lerp(w, gln_lerp(v, gln_lerp(u, gln_grad3(gln_perm(P, AA), x, y, z),
                                               gln_grad3(gln_perm(P, BA), x - T(1), y, z)),
                                   gln_lerp(u, gln_grad3(gln_perm(P, AB), x, y - T(1), z),
                                               gln_grad3(gln_perm(P, BB), x - T(1), y - T(1), z))),
                       gln_lerp(v, gln_lerp(u, gln_grad3(gln_perm(P, AA + 1), x, y, z - T(1)),
                                               gln_grad3(gln_perm(P, BA + 1), x - T(1), y, z - T(1))),
                                   gln_lerp(u, gln_grad3(gln_perm(P, AB + 1), x, y - T(1), z - T(1)),
                                               gln_grad3(gln_perm(P, BB + 1), x - T(1), y - T(1), z - T(1)))));
}

template <class T>
T gln_perlin3(const Permutation& P, glm::vec<3, T> p) {
    return gln_perlin3(P, glm::ivec3(0, 0, 0), p);
}

template <class T>
T gln_perlin2(const Permutation& P, glm::ivec2 cell, glm::vec<2, T> p) {
    glm::vec<2, T> pf = glm::floor(p);
    int X = (cell.x + static_cast<int>(pf.x)) & 255;
    int Y = (cell.y + static_cast<int>(pf.y)) & 255;
    T xf = p.x - pf.x;
    T yf = p.y - pf.y;
    int valueTopRight = gln_perm(P, gln_perm(P, X + 1) + Y + 1);
    int valueTopLeft = gln_perm(P, gln_perm(P, X) + Y + 1);
    int valueBottomRight = gln_perm(P, gln_perm(P, X + 1) + Y);
    int valueBottomLeft = gln_perm(P, gln_perm(P, X) + Y);
    T dotTopRight = gln_grad2(valueTopRight, xf - T(1), yf - T(1));
    T dotTopLeft = gln_grad2(valueTopLeft, xf, yf - T(1));
    T dotBottomRight = gln_grad2(valueBottomRight, xf - T(1), yf);
    T dotBottomLeft = gln_grad2(valueBottomLeft, xf, yf);
    T u = gln_fade(xf);
    T v = gln_fade(yf);
    return gln_lerp(u, gln_lerp(v, dotBottomLeft, dotTopLeft),
                       gln_lerp(v, dotBottomRight, dotTopRight));
}

template <class T>
T gln_perlin2(const Permutation& P, glm::vec<2, T> p) {
    return gln_perlin2(P, glm::ivec2(0, 0), p);
}

// ---- fbm.glsl ------------------------------------------------------------------------
// The GLSL marks amplitude and q GLN_PRECISE; here C++ without contraction or
// reassociation (-ffp-contract=off, no -ffast-math) already computes them as written.

template <class T>
T gln_fbm3(const Permutation& P, glm::vec<3, T> p, int octaves, T lacunarity, T gain) {
    T sum = T(0);
    T amplitude = T(1);
    glm::vec<3, T> q = p;
    for (int i = 0; i < octaves; ++i) {
        sum += amplitude * gln_perlin3(P, q);
        q = q * lacunarity;
        amplitude = amplitude * gain;
    }
    return sum;
}

template <class T>
T gln_fbm2(const Permutation& P, glm::vec<2, T> p, int octaves, T lacunarity, T gain) {
    T sum = T(0);
    T amplitude = T(1);
    glm::vec<2, T> q = p;
    for (int i = 0; i < octaves; ++i) {
        sum += amplitude * gln_perlin2(P, q);
        q = q * lacunarity;
        amplitude = amplitude * gain;
    }
    return sum;
}

// ---- the host side of shaders/noise.comp and shaders/eval.comp -----------------------

// Octave i of a point o (in double): freq_i * o split into a lattice cell modulo 256 and
// a float fraction. This is where glnoise keeps far-away origins exact.
struct OctaveFrame {
    std::int32_t cell[4];  // std430 ivec4
    float frac[4];         // std430 vec4: xyz fraction, w the octave's frequency
};
static_assert(sizeof(OctaveFrame) == 32, "matches GlnOctave in the shaders");

struct OctaveSet {
    std::vector<double> frequency;  // frequency * lacunarity^i
    std::vector<float> amplitude;   // gain^i
    float divisor = 1.0f;           // amplitude sum when normalized, else 1
};

OctaveSet octaveSet(const NoiseSpec& spec);
OctaveFrame octaveFrame(double frequency, const std::array<double, 3>& origin);
// The origin of texel (0,0,0): offset, plus z for dims 3.
std::array<double, 3> gridOrigin(const NoiseSpec& spec);
// The origin of an eval point: gridOrigin + point (its z ignored for dims 2).
std::array<double, 3> pointOrigin(const NoiseSpec& spec, const std::array<double, 3>& point);
// One frame per octave of `set` for `origin`, appended to `out`.
void appendOctaveFrames(const OctaveSet& set, const std::array<double, 3>& origin,
                        std::vector<OctaveFrame>& out);
std::vector<OctaveFrame> octaveFrames(const OctaveSet& set, const std::array<double, 3>& origin);

}  // namespace glnoise::cpu
