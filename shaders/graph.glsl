// SPDX-License-Identifier: MIT
// glnoise's sampler for a noise graph, in place of sample.glsl: noise.comp and eval.comp
// include it as "sample.glsl" when the host compiles a graph (gpu/graph_shader.cpp). It
// holds what every graph shares: the frames, the parameters, and each operation on a
// value and its gradient (v, dv/dx, dv/dy, dv/dz); the host writes the graph's own
// functions into graph_nodes.glsl, one per scope (src/graph/plan.hpp), and
// gln_sample() calls the output's. C++ twins: src/graph/twin.hpp and, for the kinds of roles Value and Leaf,
// src/graph/values.hpp and src/graph/leaves.hpp.
//
// Defines set by the host: GLN_OUTPUT (as sample.glsl: with 0, the value alone, each value
// keeps only its .x, so that the compiler drops the gradients' code), GLN_WORLD (1: the
// world hash from the frames' blocks), GLN_PERIODIC (1: some basis has a period),
// GLN_FRAME_BLOCK and GLN_PARAM_BLOCK (where the frames and the parameters are read from).
#include "glnoise/fractal.glsl"
#include "glnoise/pattern.glsl"
#include "bases.glsl"

// sample.glsl's GlnFrame, the same layout (std430, 128 bytes).
struct GlnFrame {
    ivec4 cell;
    vec4 frac;
    ivec4 period;
    vec4 scale;
    vec4 axis0;
    vec4 axis1;
    vec4 axis2;
    ivec4 block;
};
// GLN_FRAME_BLOCK above 0: the frames in a uniform block of that many (the host cuts a
// dispatch so that its anchors' frames fit; std140 lays GlnFrame out as std430 does);
// 0: a storage buffer (gpu::GeneratorOptions::Frames); -1: declared in graph_data.glsl.
#if GLN_FRAME_BLOCK > 0
layout(std140, binding = 1) uniform GlnFrameBlock {
    GlnFrame gln_frames[GLN_FRAME_BLOCK];
};
#elif GLN_FRAME_BLOCK == 0
layout(std430, binding = 1) readonly buffer GlnFrames {
    GlnFrame gln_frames[];
};
#endif
// The graph's parameters (core/graph_plan.cpp lists each operation's): changing them
// compiles nothing.
// GLN_PARAM_BLOCK above 0: in a uniform block of that many, one float per 16 bytes
// (std140's array stride); 0: a storage buffer; -1: declared in graph_data.glsl.
#if GLN_PARAM_BLOCK > 0
layout(std140, binding = 3) uniform GlnGraphParamBlock {
    float gln_params[GLN_PARAM_BLOCK];
};
#elif GLN_PARAM_BLOCK == 0
layout(std430, binding = 3) readonly buffer GlnGraphParams {
    float gln_params[];
};
#endif
// A graph as one function of a shader of yours (glnoise shader --graph, gpu/graph_export.cpp):
// its frames and parameters as that source declares them (constants, or a uniform block);
// empty in glnoise's own shaders.
#include "graph_data.glsl"
// Frame i and number i, wherever they are declared (graph_data.glsl may say otherwise).
#ifndef GLN_FRAME
#define GLN_FRAME(i) gln_frames[i]
#endif
#ifndef GLN_PARAM
#define GLN_PARAM(i) gln_params[i]
#endif

#if GLN_OUTPUT != 0
#define GLN_G(v) (v)
#else
#define GLN_G(v) vec4((v).x, 0.0f, 0.0f, 0.0f)
#endif

vec4 gln_g_multiply(vec4 a, vec4 b) {
    return vec4(a.x * b.x, a.y * b.x + a.x * b.y, a.z * b.x + a.x * b.z, a.w * b.x + a.x * b.w);
}

// Musgrave's fractals, which graphs have beside the spec's (GLN_FBM ... GLN_RIDGED):
// the fractal kind's types multifractal, hybrid_multifractal and hetero_terrain.
#define GLN_G_MULTIFRACTAL 4
#define GLN_G_HYBRID_MULTIFRACTAL 5
#define GLN_G_HETERO_TERRAIN 6

// Octave i of a Musgrave fractal, as Blender's Noise Texture defines them: n the source's
// (value, gradient) at the octave's point, a the octave's amplitude (gain^i, the last's
// times the fraction of a fractional count); sum is the fractal so far, w the hybrid's
// weight (the caller starts it at 1):
//   multifractal         sum = the product over octaves of (a n + 1)
//   hetero_terrain       sum = n + offset at octave 0, then sum += (n + offset) a sum
//   hybrid_multifractal  while w > 0.001: w = min(w, 1), s = (n + offset) a, sum += w s,
//                        w = gain w s (an octave whose weight fell to 0.001 ends the sum)
// A hybrid_multifractal octave of signal s: while the weight w is above 0.001, the sum
// adds min(w, 1) s and the weight becomes gain times that.
void gln_g_hybrid_octave(vec4 s, float gain, inout vec4 sum, inout vec4 w) {
    if (w.x > 0.001f) {
        vec4 c = w.x > 1.0f ? vec4(1.0f, 0.0f, 0.0f, 0.0f) : w;
        vec4 t = gln_g_multiply(c, s);
        sum = sum + t;
        w = gain * t;
    }
}

// The same whose gain a node drives: the gain a value with its gradient.
void gln_g_hybrid_octave(vec4 s, vec4 gain, inout vec4 sum, inout vec4 w) {
    if (w.x > 0.001f) {
        vec4 c = w.x > 1.0f ? vec4(1.0f, 0.0f, 0.0f, 0.0f) : w;
        vec4 t = gln_g_multiply(c, s);
        sum = sum + t;
        w = gln_g_multiply(t, gain);
    }
}

void gln_g_musgrave_step(int type, int i, vec4 n, float a, float offset, float gain, inout vec4 sum, inout vec4 w) {
    if (type == GLN_G_MULTIFRACTAL) {
        vec4 f = vec4(a * n.x + 1.0f, a * n.y, a * n.z, a * n.w);
        sum = i == 0 ? f : gln_g_multiply(sum, f);
        return;
    }
    vec4 s = vec4((n.x + offset) * a, a * n.y, a * n.z, a * n.w);
    if (type == GLN_G_HETERO_TERRAIN) {
        sum = i == 0 ? vec4(n.x + offset, n.y, n.z, n.w) : sum + gln_g_multiply(s, sum);
        return;
    }
    gln_g_hybrid_octave(s, gain, sum, w);
}

// The same whose gain a node drives (the fractal kind's driven form): the amplitude a a
// value with its gradient, so that the gradient carries a's. The caller multiplies a by
// the gain after each octave.
void gln_g_musgrave_driven_step(int type, int i, vec4 n, vec4 a, float offset, float gain, inout vec4 sum, inout vec4 w) {
    if (type == GLN_G_MULTIFRACTAL) {
        vec4 f = gln_g_multiply(a, n) + vec4(1.0f, 0.0f, 0.0f, 0.0f);
        sum = i == 0 ? f : gln_g_multiply(sum, f);
        return;
    }
    vec4 shifted = vec4(n.x + offset, n.y, n.z, n.w);
    vec4 s = gln_g_multiply(a, shifted);
    if (type == GLN_G_HETERO_TERRAIN) {
        sum = i == 0 ? shifted : sum + gln_g_multiply(s, sum);
        return;
    }
    gln_g_hybrid_octave(s, gain, sum, w);
}

// The same whose offset or gain (the fractal kind's ridge_offset and ridge_gain) a node
// drives: each a value with its gradient.
void gln_g_musgrave_driven_step(int type, int i, vec4 n, vec4 a, vec4 offset, vec4 gain, inout vec4 sum, inout vec4 w) {
    if (type == GLN_G_MULTIFRACTAL) {
        gln_g_musgrave_driven_step(type, i, n, a, offset.x, gain.x, sum, w);
        return;
    }
    vec4 shifted = n + offset;
    vec4 s = gln_g_multiply(a, shifted);
    if (type == GLN_G_HETERO_TERRAIN) {
        sum = i == 0 ? shifted : sum + gln_g_multiply(s, sum);
        return;
    }
    gln_g_hybrid_octave(s, gain, sum, w);
}

// Octave i of fbm, turbulence, billow or ridged with a weighted strength k (FastNoise2's):
// the octave adds a W f, f its term as gln_fractal_step makes it, and W (the caller starts
// it at 1) is multiplied after each octave by 1 + k (u - 1), u the octave's value in
// [0, 1] (gln_g_octave_unit): (n + 1) / 2 for fbm, |n| for turbulence and billow, 1 - |n|
// for ridged, clamped.
vec4 gln_g_octave_unit(int type, vec4 n) {
    float sg = n.x < 0.0f ? -1.0f : 1.0f;
    vec4 u = type == GLN_FBM      ? vec4(0.5f * n.x + 0.5f, 0.5f * n.y, 0.5f * n.z, 0.5f * n.w)
             : type == GLN_RIDGED ? vec4(1.0f - abs(n.x), -sg * n.y, -sg * n.z, -sg * n.w)
                                  : vec4(abs(n.x), sg * n.y, sg * n.z, sg * n.w);
    return u.x < 0.0f ? vec4(0.0f) : (u.x > 1.0f ? vec4(1.0f, 0.0f, 0.0f, 0.0f) : u);
}

void gln_g_weighted_step(int type, int i, vec4 n, float a, float offset, float gain, float k, inout vec4 sum,
                         inout vec4 signal, inout vec4 w) {
    vec4 f = vec4(0.0f);
    gln_fractal_step(type, i, n, 1.0f, offset, gain, f, signal);
    sum = sum + a * gln_g_multiply(w, f);
    vec4 u = gln_g_octave_unit(type, n);
    w = gln_g_multiply(w, vec4(1.0f + k * (u.x - 1.0f), k * u.y, k * u.z, k * u.w));
}

// Octave i of fbm, turbulence, billow or ridged whose gain or weighted strength a node
// drives (the fractal kind's driven form): as gln_g_weighted_step (as gln_fractal_step
// when not weighted), with the amplitude a and the strength k values with gradients, so
// that the gradient carries a's and k's. The caller starts w at 1 and multiplies a by the
// gain after each octave.
void gln_g_driven_add(int type, vec4 n, vec4 a, vec4 f, bool weighted, vec4 k, inout vec4 sum, inout vec4 w) {
    sum = sum + gln_g_multiply(a, gln_g_multiply(w, f));
    if (!weighted) return;
    vec4 u = gln_g_octave_unit(type, n);
    float v = u.x - 1.0f;
    w = gln_g_multiply(w, vec4(1.0f + k.x * v, k.y * v + k.x * u.y, k.z * v + k.x * u.z, k.w * v + k.x * u.w));
}

void gln_g_driven_step(int type, int i, vec4 n, vec4 a, float offset, float gain, bool weighted, vec4 k, inout vec4 sum,
                       inout vec4 signal, inout vec4 w) {
    vec4 f = vec4(0.0f);
    gln_fractal_step(type, i, n, 1.0f, offset, gain, f, signal);
    gln_g_driven_add(type, n, a, f, weighted, k, sum, w);
}

// Octave i of a ridged fractal whose ridge offset or ridge gain a node drives, each a
// value with its gradient: r = offset - |n|, the signal r^2 times its weight
// clamp(gain signal_{i-1}, 0, 1) (1 at octave 0), the weight's gradient carried; added as
// gln_g_driven_step adds its term.
vec4 gln_g_ridged_signal(int i, vec4 n, vec4 offset, vec4 gain, vec4 signal) {
    vec4 weight = vec4(1.0f, 0.0f, 0.0f, 0.0f);
    if (i > 0) {
        vec4 w = gln_g_multiply(signal, gain);
        weight = w.x >= 1.0f ? vec4(1.0f, 0.0f, 0.0f, 0.0f) : (w.x <= 0.0f ? vec4(0.0f) : w);
    }
    float sg = n.x < 0.0f ? -1.0f : 1.0f;
    vec4 r = offset - vec4(abs(n.x), sg * n.y, sg * n.z, sg * n.w);
    return gln_g_multiply(gln_g_multiply(r, r), weight);
}

void gln_g_ridged_driven_step(int i, vec4 n, vec4 a, vec4 offset, vec4 gain, bool weighted, vec4 k, inout vec4 sum,
                              inout vec4 signal, inout vec4 w) {
    signal = gln_g_ridged_signal(i, n, offset, gain, signal);
    gln_g_driven_add(GLN_RIDGED, n, a, signal, weighted, k, sum, w);
}

vec4 gln_g_divide(vec4 a, vec4 b, float least) {
    bool small = abs(b.x) < least;
    float d = small ? (b.x < 0.0f ? -least : least) : b.x;
    float q = a.x / d;
    vec4 slope = small ? a : a - q * b;
    return vec4(q, slope.y / d, slope.z / d, slope.w / d);
}

vec4 gln_g_min(vec4 a, vec4 b) {
    return b.x < a.x ? b : a;
}

vec4 gln_g_max(vec4 a, vec4 b) {
    return b.x > a.x ? b : a;
}

float gln_g_clamp01(float x) {
    return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
}

vec4 gln_g_smooth_min(vec4 a, vec4 b, float k) {
    float h = gln_g_clamp01(0.5f + 0.5f * (b.x - a.x) / k);
    float v = b.x + (a.x - b.x) * h - k * h * (1.0f - h);
    vec4 g = h * a + (1.0f - h) * b;
    return vec4(v, g.y, g.z, g.w);
}

vec4 gln_g_smooth_max(vec4 a, vec4 b, float k) {
    return -gln_g_smooth_min(-a, -b, k);
}

// The driven forms (a node drives a number: it is a value (v, gradient) too, and its
// gradient passes through): each one's twin is its descriptor's driven() in
// src/graph/values.hpp.
vec4 gln_g_smooth_min_driven(vec4 a, vec4 b, vec4 k) {
    float h = gln_g_clamp01(0.5f + 0.5f * (b.x - a.x) / k.x);
    float v = b.x + (a.x - b.x) * h - k.x * h * (1.0f - h);
    vec4 g = h * a + (1.0f - h) * b - (h * (1.0f - h)) * k;
    return vec4(v, g.y, g.z, g.w);
}

vec4 gln_g_smooth_max_driven(vec4 a, vec4 b, vec4 k) {
    return -gln_g_smooth_min_driven(-a, -b, k);
}

vec4 gln_g_mix(vec4 a, vec4 b, vec4 m) {
    float t = gln_g_clamp01(m.x);
    bool inside = m.x > 0.0f && m.x < 1.0f;
    vec4 dm = inside ? m : vec4(0.0f);
    vec4 v = a + (b - a) * t;
    float span = b.x - a.x;
    return vec4(v.x, v.y + span * dm.y, v.z + span * dm.z, v.w + span * dm.w);
}

vec4 gln_g_pow(vec4 a, float e) {
    float m = abs(a.x);
    float p = pow(m, e);
    float s = e * pow(m, e - 1.0f);
    return vec4(a.x < 0.0f ? -p : p, s * a.y, s * a.z, s * a.w);
}

vec4 gln_g_pow_driven(vec4 a, vec4 e) {
    float m = abs(a.x);
    float p = pow(m, e.x);
    float s = e.x * pow(m, e.x - 1.0f);
    float byExponent = m > 0.0f ? p * log(m) : 0.0f;
    float sg = a.x < 0.0f ? -1.0f : 1.0f;
    vec4 g = s * a + (sg * byExponent) * e;
    return vec4(sg * p, g.y, g.z, g.w);
}

vec4 gln_g_clamp(vec4 a, float lo, float hi) {
    return a.x < lo ? vec4(lo, 0.0f, 0.0f, 0.0f) : (a.x > hi ? vec4(hi, 0.0f, 0.0f, 0.0f) : a);
}

vec4 gln_g_clamp_driven(vec4 a, vec4 lo, vec4 hi) {
    return a.x < lo.x ? lo : (a.x > hi.x ? hi : a);
}

vec4 gln_g_abs(vec4 a) {
    return a.x < 0.0f ? -a : a;
}

// The curve through `count` points (x, y, slope) from number `base` on.
vec4 gln_g_curve(vec4 a, int base, int count, bool monotone) {
    vec4 result = vec4(GLN_PARAM(base + 1), 0.0f, 0.0f, 0.0f);
    for (int i = 0; i + 1 < count; ++i) {
        int k = base + 3 * i;
        float x0 = GLN_PARAM(k);
        float y0 = GLN_PARAM(k + 1);
        float m0 = GLN_PARAM(k + 2);
        float x1 = GLN_PARAM(k + 3);
        float y1 = GLN_PARAM(k + 4);
        float m1 = GLN_PARAM(k + 5);
        float h = x1 - x0;
        float t = (a.x - x0) / h;
        float v;
        float slope;
        if (monotone) {
            float t2 = t * t;
            float t3 = t2 * t;
            v = (2.0f * t3 - 3.0f * t2 + 1.0f) * y0 + (t3 - 2.0f * t2 + t) * h * m0 + (3.0f * t2 - 2.0f * t3) * y1 +
                (t3 - t2) * h * m1;
            slope = ((6.0f * t2 - 6.0f * t) * y0 + (3.0f * t2 - 4.0f * t + 1.0f) * h * m0 + (6.0f * t - 6.0f * t2) * y1 +
                     (3.0f * t2 - 2.0f * t) * h * m1) / h;
        } else {
            v = y0 + t * (y1 - y0);
            slope = (y1 - y0) / h;
        }
        result = a.x >= x0 ? vec4(v, slope * a.y, slope * a.z, slope * a.w) : result;
    }
    int last = base + 3 * (count - 1);
    return a.x >= GLN_PARAM(last) ? vec4(GLN_PARAM(last + 1), 0.0f, 0.0f, 0.0f) : result;
}

vec4 gln_g_terrace(vec4 a, float steps, float smoothness, float inverseSteps, float inverseSmoothness, bool hard) {
    float t = a.x * steps;
    float f = floor(t);
    if (hard) return vec4(f * inverseSteps, 0.0f, 0.0f, 0.0f);
    float u = t - f;
    float w0 = gln_g_clamp01((u - (1.0f - smoothness)) * inverseSmoothness);
    float w = w0 * w0 * (3.0f - 2.0f * w0);
    float slope = 6.0f * w0 * (1.0f - w0) * inverseSmoothness;
    return vec4((f + w) * inverseSteps, slope * a.y, slope * a.z, slope * a.w);
}

vec4 gln_g_terrace_driven(vec4 a, float steps, float inverseSteps, vec4 s, bool hard) {
    float t = a.x * steps;
    float f = floor(t);
    if (hard) return vec4(f * inverseSteps, 0.0f, 0.0f, 0.0f);
    float u = t - f;
    float inverse = 1.0f / s.x;
    float w0 = gln_g_clamp01((u - (1.0f - s.x)) * inverse);
    float w = w0 * w0 * (3.0f - 2.0f * w0);
    float slope = 6.0f * w0 * (1.0f - w0) * inverse;
    vec4 g = slope * a + (inverseSteps * slope * (1.0f - u) * inverse) * s;
    return vec4((f + w) * inverseSteps, g.y, g.z, g.w);
}

vec4 gln_g_remap(vec4 a, float fromMin, float k, float toMin) {
    return vec4(toMin + (a.x - fromMin) * k, a.y * k, a.z * k, a.w * k);
}

vec4 gln_g_remap_driven(vec4 a, vec4 fromMin, vec4 fromMax, vec4 toMin, vec4 toMax) {
    float d = fromMax.x - fromMin.x;
    bool small = abs(d) < 1e-6f;
    float held = small ? (d < 0.0f ? -1e-6f : 1e-6f) : d;
    float k = (toMax.x - toMin.x) / held;
    float u = (a.x - fromMin.x) / held;
    float v = toMin.x + (a.x - fromMin.x) * k;
    vec4 g = toMin + k * (a - fromMin) + u * (toMax - toMin) - (small ? 0.0f : u * k) * (fromMax - fromMin);
    return vec4(v, g.y, g.z, g.w);
}

// A triangle wave of k a between 0 and 1.
vec4 gln_g_ping_pong(vec4 a, float k) {
    float t = a.x * k;
    float u = t - 2.0f * floor(t * 0.5f);
    bool rising = u < 1.0f;
    float slope = rising ? k : -k;
    return vec4(rising ? u : 2.0f - u, slope * a.y, slope * a.z, slope * a.w);
}

vec4 gln_g_ping_pong_driven(vec4 a, vec4 k) {
    float t = a.x * k.x;
    float u = t - 2.0f * floor(t * 0.5f);
    bool rising = u < 1.0f;
    vec4 g = (rising ? 1.0f : -1.0f) * (k.x * a + a.x * k);
    return vec4(rising ? u : 2.0f - u, g.y, g.z, g.w);
}

// The floored modulus a - m floor(a / m), with 1 / m given.
vec4 gln_g_modulus(vec4 a, float m, float inverse) {
    return vec4(a.x - m * floor(a.x * inverse), a.y, a.z, a.w);
}

vec4 gln_g_modulus_driven(vec4 a, vec4 m) {
    return a - floor(a.x * (1.0f / m.x)) * m;
}

// The weight of step and select at x and its slope: 0 below start, 1 above start + 1 /
// inverse, smoothstep between; hard: 1 from threshold on.
vec2 gln_g_step_weight(float x, float threshold, float start, float inverse, bool hard) {
    if (hard) return vec2(x >= threshold ? 1.0f : 0.0f, 0.0f);
    float w0 = gln_g_clamp01((x - start) * inverse);
    return vec2(w0 * w0 * (3.0f - 2.0f * w0), 6.0f * w0 * (1.0f - w0) * inverse);
}

vec4 gln_g_step(vec4 a, float threshold, float start, float inverse, bool hard) {
    vec2 w = gln_g_step_weight(a.x, threshold, start, inverse, hard);
    return vec4(w.x, w.y * a.y, w.y * a.z, w.y * a.w);
}

vec4 gln_g_select(vec4 a, vec4 b, vec4 m, float threshold, float start, float inverse, bool hard) {
    vec2 w = gln_g_step_weight(m.x, threshold, start, inverse, hard);
    vec4 v = a + (b - a) * w.x;
    float span = (b.x - a.x) * w.y;
    return vec4(v.x, v.y + span * m.y, v.z + span * m.z, v.w + span * m.w);
}

vec4 gln_g_step_weight_driven(vec4 x, vec4 t, vec4 s, bool hard) {
    if (hard) return vec4(x.x >= t.x ? 1.0f : 0.0f, 0.0f, 0.0f, 0.0f);
    float inverse = 1.0f / s.x;
    float d = x.x - t.x;
    float w0 = gln_g_clamp01((d + 0.5f * s.x) * inverse);
    float w = w0 * w0 * (3.0f - 2.0f * w0);
    float slope = 6.0f * w0 * (1.0f - w0) * inverse;
    vec4 g = slope * (x - t - (d * inverse) * s);
    return vec4(w, g.y, g.z, g.w);
}

vec4 gln_g_select_driven(vec4 a, vec4 b, vec4 m, vec4 t, vec4 s, bool hard) {
    vec4 w = gln_g_step_weight_driven(m, t, s, hard);
    vec4 v = a + (b - a) * w.x;
    float span = b.x - a.x;
    return vec4(v.x, v.y + span * w.y, v.z + span * w.z, v.w + span * w.w);
}

vec4 gln_g_marble(float x, float frequency, vec4 n, float k) {
    GLN_PRECISE float a = x + k * n.x;
    GLN_PRECISE float t = a - 6.28318548f * floor(a * 0.159154937f);
    float c = cos(t);
    return vec4(sin(t), c * (frequency + k * n.y), c * (k * n.z), c * (k * n.w));
}

vec4 gln_g_wood(vec4 origin, vec2 d, float frequency, vec4 n, float k) {
    GLN_PRECISE float num = 2.0f * (origin.x * d.x + origin.y * d.y) + (d.x * d.x + d.y * d.y);
    GLN_PRECISE float ox = origin.x + d.x;
    GLN_PRECISE float oy = origin.y + d.y;
    float r = sqrt(ox * ox + oy * oy);
    float den = r + origin.w;
    GLN_PRECISE float a = origin.z + (den > 0.0f ? num / den : 0.0f) + k * n.x;
    GLN_PRECISE float t = a - 6.28318548f * floor(a * 0.159154937f);
    float c = cos(t);
    float inv = r > 0.0f ? frequency / r : 0.0f;
    return vec4(sin(t), c * (ox * inv + k * n.y), c * (oy * inv + k * n.z), c * (k * n.w));
}

#if GLN_PERIODIC
#define GLN_G_PERIOD(o) (o).period
#else
#define GLN_G_PERIOD(o) ivec4(0, 0, 0, 0)
#endif
#if GLN_WORLD
#define GLN_G_WORLD(o) max((o).block, ivec4(0, 0, 0, 0))
#else
#define GLN_G_WORLD(o) ivec4(-1, -1, -1, -1)
#endif

// How far a leaf's point may move from its frame: 2^24 cells along each axis, as it is
// before its basis's own transform. Beyond it a float holds no fraction, and the bases'
// cells stay within int. A graph can move a point that far (a warp by a power of a
// position); a spec cannot. NaN is held at the far negative end.
const float GLN_G_FAR = 16777216.0;
float gln_g_bound(float x) { return x >= -GLN_G_FAR ? (x <= GLN_G_FAR ? x : GLN_G_FAR) : -GLN_G_FAR; }
bool gln_g_within(float x) { return x >= -GLN_G_FAR && x <= GLN_G_FAR; }

// The leaf's offset from its frame in cells: frequency * l, held within the bound.
vec4 gln_g_offset(GlnFrame o, vec4 l) {
    float f = o.scale.x;
    GLN_PRECISE vec4 m = vec4(f * l.x, f * l.y, f * l.z, f * l.w);
    return vec4(gln_g_bound(m.x), gln_g_bound(m.y), gln_g_bound(m.z), gln_g_bound(m.w));
}

// A leaf's point in its basis's own coordinates: the frame's fraction plus the offset.
vec4 gln_g_point(int basis, int dims, GlnFrame o, vec4 l) {
    GLN_PRECISE vec4 local = gln_basis_space(basis, dims, gln_g_offset(o, l));
    GLN_PRECISE vec4 p = vec4(o.frac.x + local.x, o.frac.y + local.y, o.frac.z + local.z, o.frac.w + local.w);
    return p;
}

// The same for the bases whose own coordinates are the point's (the lattice bases and
// cellular noise): no transform to inline.
vec4 gln_g_point_plain(GlnFrame o, vec4 l) {
    vec4 m = gln_g_offset(o, l);
    GLN_PRECISE vec4 p = vec4(o.frac.x + m.x, o.frac.y + m.y, o.frac.z + m.z, o.frac.w + m.w);
    return p;
}

// A checkerboard at the frame o (a lattice frame of its frequency) and the offset l: 1 on
// the cells whose coordinates sum to an even number, -1 on the others. The parities are
// taken axis by axis in float, exactly (each cell below 2^24 + 256).
float gln_g_checkerboard(GlnFrame o, vec4 l, int dims) {
    vec4 p = gln_g_point_plain(o, l);
    float parity = 0.0f;
    for (int a = 0; a < dims; ++a) {
        float c = floor(p[a]);
        parity += (c - 2.0f * floor(c * 0.5f)) + float(o.cell[a] & 1);
    }
    return 1.0f - 2.0f * (parity - 2.0f * floor(parity * 0.5f));
}

// sin(t) and its slope w cos(t) along axis a, t the frame's angle x (in [0, 2 pi)) plus
// w times the offset, reduced modulo 2 pi as marble's. The slope goes into its component
// by selection.
vec4 gln_g_sine(float x, float w, float la, int a) {
    GLN_PRECISE float u = x + w * la;
    GLN_PRECISE float t = u - 6.28318548f * floor(u * 0.159154937f);
    float d = w * cos(t);
    return vec4(sin(t), a == 0 ? d : 0.0f, a == 1 ? d : 0.0f, a == 2 ? d : 0.0f);
}

// A sine wave along `axis` (0 to 3), or with axis 4 the product of one along each of the
// graph's axes; the frame holds each axis's angle at the anchor, w is 2 pi frequency.
vec4 gln_g_sine_wave(GlnFrame o, float w, vec4 l, int axis, int dims) {
    if (axis < 4) return gln_g_sine(o.frac.x, w, l[axis], axis);
    vec4 v = gln_g_sine(o.frac.x, w, l.x, 0);
    for (int a = 1; a < dims; ++a) v = gln_g_multiply(v, gln_g_sine(o.frac[a], w, l[a], a));
    return v;
}

// The gradient per noise cell as one per unit of the leaf's point: 0 along an axis held at
// the bound, where the value no longer moves.
vec4 gln_g_scaled(GlnFrame o, vec4 l, vec4 n) {
    float f = o.scale.x;
    return vec4(n.x, gln_g_within(f * l.x) ? f * n.y : 0.0f, gln_g_within(f * l.y) ? f * n.z : 0.0f,
                gln_g_within(f * l.z) ? f * n.w : 0.0f);
}

// The graph's scopes, gln_scope_0 the output's (written by the host).
#include "graph_nodes.glsl"

vec4 gln_sample(int base, vec3 s) {
    return gln_scope_0(vec4(s.x, s.y, s.z, 0.0f), base);
}
