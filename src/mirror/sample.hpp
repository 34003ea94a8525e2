// SPDX-License-Identifier: MIT
// The C++ twin of shaders/sample.glsl: one octave, the fractal sum, the warp's
// displacement and the sample of a point, over the frames the host plans (core/frames.hpp).
// The frames and the parameters (mirror/sampler.def) are the same for every sample (S, the
// lane type's scalar), the sample offset s is the sample's own. Internal.
#pragma once

#include "mirror/pattern.hpp"

namespace glnoise::cpu {

// One frame: freq * origin (double on the host) split into a lattice cell modulo the
// period (or 256) and a T fraction, in the basis's own coordinates. T = float is GlnFrame
// in shaders/sample.glsl.
template <class T>
struct GlnFrame {
    ivec4 cell;
    vec4<T> frac;
    ivec4 period;
    vec4<T> scale;  // x: frequency, y: amplitude
    // frequency * M e_j: what a sample offset along axis j moves the noise-space point by,
    // M the octave's rotation (the identity unless the spec turns its octaves).
    vec4<T> axis[3];
    // With the world hash (SampleParams::world): the lattice block of the whole cell,
    // (cell >> 8) modulo 2^24 per axis, 0 on a periodic axis (permutation.glsl's world).
    ivec4 block;
};
static_assert(sizeof(GlnFrame<float>) == 128, "matches GlnFrame (std430) in shaders/sample.glsl");

// Everything gln_sample() needs besides the frames, row by row from mirror/sampler.def:
// the shaders' defines and uniforms; and the frames each point has.
template <class T>
struct SampleParams {
#define GLNOISE_SAMPLER_DEFINE(member, define) int member;
#define GLNOISE_SAMPLER_UNIFORM(type, member, uniform) type member;
#include "mirror/sampler.def"
#undef GLNOISE_SAMPLER_DEFINE
#undef GLNOISE_SAMPLER_UNIFORM
    int framesPerPoint;
};

// GLN_WARP_COMPONENTS of sample.glsl: how many coordinates a warp displaces.
inline int warpComponents(int dims) { return dims == 1 ? 1 : dims == 2 ? 2 : 3; }

// kBasis: the basis id known when compiled (glnoise/bases.def), so that a SIMD backend
// can compile its bases in files of their own; -1 (the default): u.basis, when run.
template <int kBasis = -1, class T, class S = lane_scalar<T>, class PT>
vec4<T> gln_octave(const PT& P, const SampleParams<S>& u, const GlnFrame<S>& o, vec3<T> s) {
    const int basis = kBasis >= 0 ? kBasis : u.basis;
    vec4<T> local = u.rotate ? s.x * vec4<T>(o.axis[0]) + s.y * vec4<T>(o.axis[1]) + s.z * vec4<T>(o.axis[2])
                             : vec4<T>(T(o.scale.x) * s.x, T(o.scale.x) * s.y, T(o.scale.x) * s.z, T(0));
    local = gln_basis_space(basis, u.dims, local);
    const vec4<T> p = vec4<T>(T(o.frac.x) + local.x, T(o.frac.y) + local.y, T(o.frac.z) + local.z,
                              u.rotate || u.dims == 4 ? T(o.frac.w) + local.w : T(o.frac.w));
    return gln_basis_at<kBasis>(P, basis, u.curve, u.dims, o.cell, p, o.period, u.cellReturn, u.cellMetric, T(u.cellJitter),
                                T(u.cellExponent), T(u.cellSmoothness),
                                u.world ? o.block : ivec4(-1, -1, -1, -1));
}

template <int kBasis = -1, class T, class S = lane_scalar<T>, class PT>
vec4<T> gln_sum(const PT& P, const SampleParams<S>& u, const GlnFrame<S>* frames, int count, int fractal, vec3<T> s) {
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

template <int kBasis = -1, class T, class S = lane_scalar<T>, class PT>
vec3<T> gln_displacement(const PT& P, const SampleParams<S>& u, const GlnFrame<S>* first, vec3<T> s) {
    std::array<T, 3> w = {T(0), T(0), T(0)};
    for (int k = 0; k < warpComponents(u.dims); ++k)
        w[static_cast<std::size_t>(k)] = gln_sum<kBasis>(P, u, first + k * u.warpOctaves, u.warpOctaves, GLN_FBM, s).x * T(u.inverseWarpDivisor);
    return vec3<T>(T(u.warpAmount) * w[0], T(u.warpAmount) * w[1], T(u.warpAmount) * w[2]);
}

// gln_sample of shaders/sample.glsl: (value, gradient per sample unit) at s.
template <int kBasis = -1, class T, class S = lane_scalar<T>, class PT>
vec4<T> gln_sample(const PT& P, const SampleParams<S>& u, const GlnFrame<S>* base, vec3<T> s) {
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
