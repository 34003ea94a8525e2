// SPDX-License-Identifier: MIT
// The C++ twin of shaders/sample.glsl: one octave, the fractal sum, the warp's
// displacement and the sample of a point, over the frames core/frames.hpp plans. The
// frames and uniforms are the same for every sample (S, the lane type's scalar), the
// sample offset s is the sample's own. Internal.
#pragma once

#include "core/frames.hpp"
#include "mirror/pattern.hpp"

namespace glnoise::cpu {

// kBasis: the basis known when compiled (GLN_BASIS_*), so that a SIMD backend can compile
// one basis at a time, each in a file of its own; -1 (the default): u.basis, when run.
template <int kBasis = -1, class T, class S = lane_scalar<T>>
vec4<T> gln_octave(const Permutation& P, const SampleParams<S>& u, const GlnFrame<S>& o, vec3<T> s) {
    const int basis = kBasis >= 0 ? kBasis : u.basis;
    vec4<T> turned = vec4<T>(T(0));
    vec3<T> local = T(o.scale.x) * s;
    if (u.rotate) {
        turned = s.x * vec4<T>(o.axis[0]) + s.y * vec4<T>(o.axis[1]) + s.z * vec4<T>(o.axis[2]);
        local = vec3<T>(turned.x, turned.y, turned.z);
    }
    T localW = turned.w;
    if ((basis == GLN_BASIS_SIMPLEX || basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_OPENSIMPLEX2S) &&
        u.dims == 2) {
        vec2<T> k2 = gln_skew2(vec2<T>(local.x, local.y));
        local = vec3<T>(k2.x, k2.y, T(0));
    } else if (basis == GLN_BASIS_SIMPLEX && u.dims == 3) {
        local = gln_skew3(local);
    } else if ((basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_OPENSIMPLEX2S) && u.dims == 3) {
        local = gln_os2_turn3(local);
    } else if (basis == GLN_BASIS_PSRDNOISE && u.dims == 2) {
        vec2<T> k2 = gln_psrd_skew2(vec2<T>(local.x, local.y));
        local = vec3<T>(k2.x, k2.y, T(0));
    } else if (basis == GLN_BASIS_PSRDNOISE && u.dims == 3) {
        local = gln_psrd_skew3(local);
    } else if ((basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_OPENSIMPLEX2S) && u.dims == 4) {
        const vec4<T> l4 = vec4<T>(local.x, local.y, local.z, localW);
        vec4<T> k4 = basis == GLN_BASIS_OPENSIMPLEX2 ? gln_os2_skew4(l4) : gln_os2s_skew4(l4);
        local = vec3<T>(k4.x, k4.y, k4.z);
        localW = k4.w;
    } else if (basis == GLN_BASIS_SIMPLEX) {
        vec4<T> k4 = gln_skew4(vec4<T>(local.x, local.y, local.z, localW));
        local = vec3<T>(k4.x, k4.y, k4.z);
        localW = k4.w;
    }
    const bool addW = u.rotate || ((basis == GLN_BASIS_SIMPLEX || basis == GLN_BASIS_OPENSIMPLEX2 ||
                                     basis == GLN_BASIS_OPENSIMPLEX2S) &&
                                    u.dims == 4);
    vec4<T> p = vec4<T>(T(o.frac.x) + local.x, T(o.frac.y) + local.y, T(o.frac.z) + local.z,
                        addW ? T(o.frac.w) + localW : T(o.frac.w));
    if (basis == GLN_BASIS_CELLULAR) {
        vec4<T> c = gln_cellular(P, o.cell, vec4<T>(p.x, u.dims >= 2 ? p.y : T(0), u.dims >= 3 ? p.z : T(0), u.dims >= 4 ? p.w : T(0)),
                                 o.period, u.dims, u.cellReturn, u.cellMetric, T(u.cellJitter));
        return u.dims == 2 ? vec4<T>(c.x, c.y, c.z, T(0)) : u.dims == 3 ? c : vec4<T>(c.x, T(0), T(0), T(0));
    }
    if (u.dims == 1) return vec4<T>(gln_basis1(P, basis, u.curve, o.cell.x, p.x, o.period.x), T(0), T(0), T(0));
    if (u.dims == 2) {
        vec3<T> b = gln_basis2(P, basis, u.curve, ivec2(o.cell.x, o.cell.y), vec2<T>(p.x, p.y),
                               ivec2(o.period.x, o.period.y));
        return vec4<T>(b.x, b.y, b.z, T(0));
    }
    if (u.dims == 3)
        return gln_basis3(P, basis, u.curve, ivec3(o.cell.x, o.cell.y, o.cell.z), vec3<T>(p.x, p.y, p.z),
                          ivec3(o.period.x, o.period.y, o.period.z));
    return vec4<T>(gln_basis4(P, basis, u.curve, o.cell, p, o.period), 0, 0, 0);
}

template <int kBasis = -1, class T, class S = lane_scalar<T>>
vec4<T> gln_sum(const Permutation& P, const SampleParams<S>& u, const GlnFrame<S>* frames, int count, int fractal, vec3<T> s) {
    vec4<T> sum = vec4<T>(0, 0, 0, 0);
    vec4<T> signal = vec4<T>(0, 0, 0, 0);
    for (int i = 0; i < count; ++i) {
        const GlnFrame<S>& o = frames[i];
        vec4<T> n = gln_octave<kBasis>(P, u, o, s);
        if (u.rotate) {
            const vec4<T> a0 = vec4<T>(o.axis[0]), a1 = vec4<T>(o.axis[1]), a2 = vec4<T>(o.axis[2]);
            n = vec4<T>(n.x, a0.x * n.y + a0.y * n.z + a0.z * n.w, a1.x * n.y + a1.y * n.z + a1.z * n.w,
                        a2.x * n.y + a2.y * n.z + a2.z * n.w);
        } else {
            n = vec4<T>(n.x, n.y * T(o.scale.x), n.z * T(o.scale.x), n.w * T(o.scale.x));
        }
        gln_fractal_step(fractal, i, n, T(o.scale.y), T(u.ridgeOffset), T(u.ridgeGain), sum, signal);
    }
    return sum;
}

template <int kBasis = -1, class T, class S = lane_scalar<T>>
vec3<T> gln_displacement(const Permutation& P, const SampleParams<S>& u, const GlnFrame<S>* first, vec3<T> s) {
    std::array<T, 3> w = {T(0), T(0), T(0)};
    for (int k = 0; k < warpComponents(u.dims); ++k)
        w[static_cast<std::size_t>(k)] = gln_sum<kBasis>(P, u, first + k * u.warpOctaves, u.warpOctaves, GLN_FBM, s).x * T(u.inverseWarpDivisor);
    return vec3<T>(T(u.warpAmount) * w[0], T(u.warpAmount) * w[1], T(u.warpAmount) * w[2]);
}

// gln_sample of shaders/sample.glsl: (value, gradient per sample unit) at s.
template <int kBasis = -1, class T, class S = lane_scalar<T>>
vec4<T> gln_sample(const Permutation& P, const SampleParams<S>& u, const GlnFrame<S>* base, vec3<T> s) {
    vec3<T> q = s;
    if (u.warp > 0) {
        const GlnFrame<S>* level = base + u.octaveCount;
        for (int depth = 0; depth < u.warp; ++depth) {
            q = s + gln_displacement<kBasis>(P, u, level, q);
            level += warpComponents(u.dims) * u.warpOctaves;
        }
    }
    vec4<T> v = gln_sum<kBasis>(P, u, base, u.octaveCount, u.fractal, q) * T(u.inverseDivisor);
    if (u.pattern > 0) {
        vec4<T> origin = vec4<T>(base[u.patternFrame].frac);
        if (u.pattern == 1) {
            v = vec4<T>(gln_marble(origin.x + T(u.patternFrequency) * s.x, v.x, T(u.patternScale)), T(0), T(0), T(0));
        } else {
            vec2<T> d = vec2<T>(T(u.patternFrequency) * s.x, T(u.patternFrequency) * s.y);
            v = vec4<T>(gln_wood_from(origin, d, v.x, T(u.patternScale)), T(0), T(0), T(0));
        }
    }
    return v;
}

// What noise.comp and eval.comp store for `output`: v itself, or (normal, value).
template <class T>
vec4<T> outputOf(const NoiseSpec& spec, vec4<T> v) {
    if (spec.output != Output::Normal) return v;
    vec3<T> n = gln_heightmap_normal(vec2<T>(v.y, v.z), static_cast<T>(spec.heightScale));
    return vec4<T>(n.x, n.y, n.z, v.x);
}

}  // namespace glnoise::cpu
