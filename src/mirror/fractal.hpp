// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/fractal.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include "mirror/fbm.hpp"
#include "mirror/value.hpp"
#include "mirror/cellular.hpp"
#include "mirror/opensimplex2s.hpp"
#include "mirror/psrdnoise.hpp"

namespace glnoise::cpu {

// The basis ids, from glnoise/bases.def (the GLSL's GLN_BASIS_* defines; a test holds
// fractal.glsl to them). GLN_FBM and the other constants come from the library itself.
#define GLNOISE_BASIS(enumerator, name, define, id, ...) inline constexpr int define = id;
#include "glnoise/bases.def"
#undef GLNOISE_BASIS

template <class T>
struct GlnNoise {
    int basis;
    int curve;
    int fractal;
    int octaves;
    T lacunarity;
    T gain;
    T ridgeOffset;
    T ridgeGain;
    ivec4 period;
    int cellReturn = GLN_CELL_F1;
    int cellMetric = GLN_CELL_EUCLIDEAN;
    T cellJitter = T(1);
    T cellExponent = T(GLN_CELL_EXPONENT);
    T cellSmoothness = T(GLN_CELL_SMOOTHNESS);
    bool rotate = false;
};

// The turns of fractal.glsl's GlnNoise.rotate, to float precision.
template <class T>
inline vec2<T> gln_turn2(vec2<T> q) {
    return vec2<T>(T(-0.737368878f) * q.x + T(-0.675490294f) * q.y,
                  T(0.675490294f) * q.x + T(-0.737368878f) * q.y);
}

template <class T>
inline vec2<T> gln_turn2_back(vec2<T> q) {
    return vec2<T>(T(-0.737368878f) * q.x + T(0.675490294f) * q.y,
                  T(-0.675490294f) * q.x + T(-0.737368878f) * q.y);
}

template <class T>
inline vec3<T> gln_turn3(vec3<T> q) {
    return vec3<T>(T(-0.613271101f) * q.x + T(-0.293401571f) * q.y + T(0.733358081f) * q.z,
                  T(0.789792679f) * q.x + T(-0.24097777f) * q.y + T(0.564054287f) * q.z,
                  T(0.0112285811f) * q.x + T(0.925119037f) * q.y + T(0.379511115f) * q.z);
}

template <class T>
inline vec3<T> gln_turn3_back(vec3<T> q) {
    return vec3<T>(T(-0.613271101f) * q.x + T(0.789792679f) * q.y + T(0.0112285811f) * q.z,
                  T(-0.293401571f) * q.x + T(-0.24097777f) * q.y + T(0.925119037f) * q.z,
                  T(0.733358081f) * q.x + T(0.564054287f) * q.y + T(0.379511115f) * q.z);
}

template <class T>
inline vec4<T> gln_turn4(vec4<T> q) {
    return vec4<T>(T(0.543712862f) * q.x + T(0.49808552f) * q.y + T(0.49808552f) * q.z + T(0.456287138f) * q.w,
                  T(-0.49808552f) * q.x + T(0.543712862f) * q.y + T(-0.456287138f) * q.z + T(0.49808552f) * q.w,
                  T(-0.49808552f) * q.x + T(-0.456287138f) * q.y + T(0.543712862f) * q.z + T(0.49808552f) * q.w,
                  T(0.456287138f) * q.x + T(-0.49808552f) * q.y + T(-0.49808552f) * q.z + T(0.543712862f) * q.w);
}


constexpr int gln_basis_curve(int basis, int curve) {
    if (basis == GLN_BASIS_CLASSIC) return GLN_CURVE_CUBIC;
    if (basis == GLN_BASIS_VALUE) return curve;
    return GLN_CURVE_QUINTIC;
}

constexpr int gln_basis_kind(int basis) {
    if (basis == GLN_BASIS_VALUE) return GLN_HEIGHTS;
    if (basis == GLN_BASIS_PERLIN_VALUE) return GLN_GRADIENTS | GLN_HEIGHTS;
    return GLN_GRADIENTS;
}

template <class T>
T gln_amplitude_sum(const GlnNoise<T>& n) {
    T sum = T(0);
    T amplitude = T(1);
    for (int i = 0; i < n.octaves; ++i) {
        sum += amplitude;
        amplitude = amplitude * n.gain;
    }
    return sum;
}

// A point in the basis's own coordinates, from the basis's file: the one place that picks
// a basis's space (fractal.glsl's gln_basis_space2..4).
template <class T>
vec2<T> gln_basis_space2(int basis, vec2<T> q) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex_space2(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_space2(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_space2(q);
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise_space2(q);
    return q;
}

template <class T>
vec3<T> gln_basis_space3(int basis, vec3<T> q) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex_space3(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_space3(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_space3(q);
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise_space3(q);
    return q;
}

template <class T>
vec4<T> gln_basis_space4(int basis, vec4<T> q) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex_space4(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_space4(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_space4(q);
    return q;
}

// The first dims coordinates of q in the basis's own coordinates, the rest as they are.
template <class T>
vec4<T> gln_basis_space(int basis, int dims, vec4<T> q) {
    if (dims == 2) {
        const vec2<T> k = gln_basis_space2(basis, vec2<T>(q.x, q.y));
        return vec4<T>(k.x, k.y, q.z, q.w);
    }
    if (dims == 3) {
        const vec3<T> k = gln_basis_space3(basis, vec3<T>(q.x, q.y, q.z));
        return vec4<T>(k.x, k.y, k.z, q.w);
    }
    if (dims == 4) return gln_basis_space4(basis, q);
    return q;
}

template <class T>
T gln_basis1(const Permutation& P, int basis, int curve, int cell, T p, int period, int world = -1) {
    if (basis == GLN_BASIS_SIMPLEX || basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_OPENSIMPLEX2S ||
        basis == GLN_BASIS_PSRDNOISE)
        return T(0);
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular1(P, cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1), world);
    return gln_lattice1(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

// The OpenSimplex2 forms take the world in their hash (opensimplex2.hpp's GlnWorldHash).
// PT: the permutation table, or a type that converts to it and is its hash for
// OpenSimplex2 in 2D (the SIMD backend's simd::LaneTable, core/simd.hpp).
template <class T, class PT>
vec3<T> gln_basis2(const PT& P, int basis, int curve, ivec2 cell, vec2<T> p, ivec2 period,
                   ivec2 world = ivec2(-1, -1)) {
    const bool on = world.x >= 0;
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex2_skewed(P, cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2)
        return on ? gln_opensimplex2_2_skewed(GlnWorldHash{P, ivec4(world.x, world.y, 0, 0)}, cell, p)
                  : gln_opensimplex2_2_skewed(P, cell, p);
    if (basis == GLN_BASIS_OPENSIMPLEX2S)
        return on ? gln_opensimplex2s_2_skewed(GlnWorldHash{P, ivec4(world.x, world.y, 0, 0)}, cell, p)
                  : gln_opensimplex2s_2_skewed(P, cell, p);
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise2_skewed(P, cell, p, period, world);
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular2(P, cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1), world);
    return gln_lattice2(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

template <class T>
vec4<T> gln_basis3(const Permutation& P, int basis, int curve, ivec3 cell, vec3<T> p, ivec3 period,
                   ivec3 world = ivec3(-1, -1, -1)) {
    const bool on = world.x >= 0;
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex3_skewed(P, cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_OPENSIMPLEX2S) {
        const GlnWorldHash wh{P, ivec4(world.x, world.y, world.z, 0)};
        vec4<T> n = basis == GLN_BASIS_OPENSIMPLEX2
                        ? (on ? gln_opensimplex2_3_turned(wh, cell, p) : gln_opensimplex2_3_turned(P, cell, p))
                        : (on ? gln_opensimplex2s_3_turned(wh, cell, p) : gln_opensimplex2s_3_turned(P, cell, p));
        vec3<T> g = gln_os2_turn3_back(vec3<T>(n.y, n.z, n.w));
        return vec4<T>(n.x, g.x, g.y, g.z);
    }
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise3_skewed(P, cell, p, period, world);
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular3(P, cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1), world);
    return gln_lattice3(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

template <class T>
T gln_basis4(const Permutation& P, int basis, int curve, ivec4 cell, vec4<T> p, ivec4 period,
             ivec4 world = ivec4(-1, -1, -1, -1)) {
    const bool on = world.x >= 0;
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex4_skewed(P, cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2)
        return on ? gln_opensimplex2_4_skewed(GlnWorldHash{P, world}, cell, p) : gln_opensimplex2_4_skewed(P, cell, p);
    if (basis == GLN_BASIS_OPENSIMPLEX2S)
        return on ? gln_opensimplex2s_4_skewed(GlnWorldHash{P, world}, cell, p) : gln_opensimplex2s_4_skewed(P, cell, p);
    if (basis == GLN_BASIS_PSRDNOISE) return T(0);
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular4(P, cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, T(1), world);
    return gln_lattice4(P, cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

template <class T>
T gln_basis1(const Permutation& P, const GlnNoise<T>& n, int cell, T p, int period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular1(P, cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                             -1);
    return gln_basis1(P, n.basis, n.curve, cell, p, period);
}

template <class T>
vec3<T> gln_basis2(const Permutation& P, const GlnNoise<T>& n, ivec2 cell, vec2<T> p, ivec2 period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular2(P, cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                             ivec2(-1, -1));
    return gln_basis2(P, n.basis, n.curve, cell, p, period);
}

template <class T>
vec4<T> gln_basis3(const Permutation& P, const GlnNoise<T>& n, ivec3 cell, vec3<T> p, ivec3 period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular3(P, cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                             ivec3(-1, -1, -1));
    return gln_basis3(P, n.basis, n.curve, cell, p, period);
}

template <class T>
T gln_basis4(const Permutation& P, const GlnNoise<T>& n, ivec4 cell, vec4<T> p, ivec4 period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular4(P, cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                             ivec4(-1, -1, -1, -1));
    return gln_basis4(P, n.basis, n.curve, cell, p, period);
}

// The basis in dims dimensions at cell + p, p in its own coordinates: (value, gradient),
// 0 where a dimension has none; cellular noise with its return, metric and jitter.
// kBasis: the basis when it is known at compile time (the SIMD backend's families,
// mirror/sample.hpp), so that each instantiation is one basis's code (the compiler folds
// the others); -1 (the default): `basis`, when run.
template <int kBasis = -1, class T, class PT>
vec4<T> gln_basis_at(const PT& P, int basis, int curve, int dims, ivec4 cell, vec4<T> p, ivec4 period,
                     int cellReturn, int cellMetric, T cellJitter, T cellExponent, T cellSmoothness,
                     ivec4 world = ivec4(-1, -1, -1, -1)) {
    if (kBasis >= 0) basis = kBasis;
    if (basis == GLN_BASIS_CELLULAR) {
        vec4<T> c = gln_cellular(P, cell, vec4<T>(p.x, dims >= 2 ? p.y : T(0), dims >= 3 ? p.z : T(0), dims >= 4 ? p.w : T(0)),
                                 period, world, dims, cellReturn, cellMetric, cellJitter, cellExponent,
                                 cellSmoothness);
        return dims == 2 ? vec4<T>(c.x, c.y, c.z, T(0)) : dims == 3 ? c : vec4<T>(c.x, T(0), T(0), T(0));
    }
    if (dims == 1) return vec4<T>(gln_basis1(P, basis, curve, cell.x, p.x, period.x, world.x), T(0), T(0), T(0));
    if (dims == 2) {
        vec3<T> b = gln_basis2(P, basis, curve, ivec2(cell.x, cell.y), vec2<T>(p.x, p.y), ivec2(period.x, period.y),
                               ivec2(world.x, world.y));
        return vec4<T>(b.x, b.y, b.z, T(0));
    }
    if (dims == 3)
        return gln_basis3(P, basis, curve, ivec3(cell.x, cell.y, cell.z), vec3<T>(p.x, p.y, p.z),
                          ivec3(period.x, period.y, period.z), ivec3(world.x, world.y, world.z));
    return vec4<T>(gln_basis4(P, basis, curve, cell, p, period, world), T(0), T(0), T(0));
}

template <class T>
void gln_fractal_step(int fractal, int octave, vec4<T> n, T amplitude, T ridgeOffset, T ridgeGain, vec4<T>& sum,
                      vec4<T>& signal) {
    if (fractal == GLN_FBM) {
        sum = sum + amplitude * n;
        return;
    }
    T s = gln_select(n.x < T(0), T(-1), T(1));
    vec4<T> a = vec4<T>(gln_abs(n.x), s * n.y, s * n.z, s * n.w);
    if (fractal == GLN_TURBULENCE) {
        sum = sum + amplitude * a;
        return;
    }
    if (fractal == GLN_BILLOW) {
        sum = sum + amplitude * vec4<T>(T(2) * a.x - T(1), T(2) * a.y, T(2) * a.z, T(2) * a.w);
        return;
    }
    vec4<T> weight = vec4<T>(1, 0, 0, 0);
    if (octave > 0) {
        // w >= 1: (1, 0, 0, 0); w <= 0: zero; else w and its gradient.
        T w = signal.x * ridgeGain;
        weight = gln_select(w >= T(1), vec4<T>(1, 0, 0, 0),
                            gln_select(w <= T(0), vec4<T>(0, 0, 0, 0),
                                       vec4<T>(w, signal.y * ridgeGain, signal.z * ridgeGain, signal.w * ridgeGain)));
    }
    T r = ridgeOffset - a.x;
    T r2 = r * r;
    T dr = T(-2) * r * weight.x;
    signal = vec4<T>(r2 * weight.x, dr * a.y + r2 * weight.y, dr * a.z + r2 * weight.z, dr * a.w + r2 * weight.w);
    sum = sum + amplitude * signal;
}

template <class T>
T gln_fractal1(const Permutation& P, const GlnNoise<T>& n, T p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    T q = p;
    int period = n.period.x;
    for (int i = 0; i < n.octaves; ++i) {
        T b = gln_basis1(P, n, 0, q, period);
        gln_fractal_step(n.fractal, i, vec4<T>(b, 0, 0, 0), amplitude, n.ridgeOffset, n.ridgeGain, sum, signal);
        q = q * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return sum.x;
}

template <class T>
vec3<T> gln_fractal2_deriv(const Permutation& P, const GlnNoise<T>& n, vec2<T> p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    T frequency = T(1);
    vec2<T> q = p;
    ivec2 period = ivec2(n.period.x, n.period.y);
    for (int i = 0; i < n.octaves; ++i) {
        vec3<T> b = gln_basis2(P, n, ivec2(0, 0), gln_basis_space2(n.basis, q), period);
        vec2<T> g = vec2<T>(b.y, b.z);
        if (n.rotate) {
            for (int k = 0; k < i; ++k) g = gln_turn2_back(g);
        }
        gln_fractal_step(n.fractal, i, vec4<T>(b.x, g.x * frequency, g.y * frequency, T(0)), amplitude, n.ridgeOffset,
                         n.ridgeGain, sum, signal);
        q = (n.rotate ? gln_turn2(q) : q) * n.lacunarity;
        frequency = frequency * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return vec3<T>(sum.x, sum.y, sum.z);
}

template <class T>
vec4<T> gln_fractal3_deriv(const Permutation& P, const GlnNoise<T>& n, vec3<T> p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    T frequency = T(1);
    vec3<T> q = p;
    ivec3 period = ivec3(n.period.x, n.period.y, n.period.z);
    for (int i = 0; i < n.octaves; ++i) {
        vec4<T> b = gln_basis3(P, n, ivec3(0, 0, 0), gln_basis_space3(n.basis, q), period);
        vec3<T> g = vec3<T>(b.y, b.z, b.w);
        if (n.rotate) {
            for (int k = 0; k < i; ++k) g = gln_turn3_back(g);
        }
        gln_fractal_step(n.fractal, i, vec4<T>(b.x, g.x * frequency, g.y * frequency, g.z * frequency), amplitude,
                         n.ridgeOffset, n.ridgeGain, sum, signal);
        q = (n.rotate ? gln_turn3(q) : q) * n.lacunarity;
        frequency = frequency * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return sum;
}

template <class T>
T gln_fractal4(const Permutation& P, const GlnNoise<T>& n, vec4<T> p) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    T amplitude = T(1);
    vec4<T> q = p;
    ivec4 period = n.period;
    for (int i = 0; i < n.octaves; ++i) {
        T b = gln_basis4(P, n, ivec4(0, 0, 0, 0), gln_basis_space4(n.basis, q), period);
        gln_fractal_step(n.fractal, i, vec4<T>(b, 0, 0, 0), amplitude, n.ridgeOffset, n.ridgeGain, sum, signal);
        q = (n.rotate ? gln_turn4(q) : q) * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * static_cast<int>(n.lacunarity);
    }
    return sum.x;
}

template <class T>
vec3<T> gln_heightmap_normal(vec2<T> gradient, T heightScale) {
    vec3<T> v = vec3<T>(-heightScale * gradient.x, -heightScale * gradient.y, T(1));
    T len = gln_sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    return vec3<T>(v.x / len, v.y / len, v.z / len);
}

}  // namespace glnoise::cpu
