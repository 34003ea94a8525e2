// SPDX-License-Identifier: MIT
// glnoise/fractal.glsl: every basis behind one switch, and its fractal sums: fBm, turbulence, billow, ridged.
//
//   #include "glnoise/fractal.glsl"
//   GlnNoise n = gln_noise(GLN_BASIS_SIMPLEX, GLN_RIDGED, 6);   // lacunarity 2, gain 0.5
//   n.period = ivec4(4, 4, 0, 0);          // tile every 4 cells in x and y (not for simplex, OpenSimplex2(S))
//   float h = gln_fractal2(n, p);
//   vec4 d = gln_fractal3_deriv(n, q);     // (value, d/dq.x, d/dq.y, d/dq.z)
//   float s = h / gln_amplitude_sum(n);    // what glnoise's --normalize does
//
// Octave i evaluates the basis at lacunarity^i * p with amplitude gain^i and period
// period * lacunarity^i (so the lacunarity must be an integer when a period is set), and
// adds, as in F. K. Musgrave's chapters in Ebert et al., "Texturing and Modeling":
//   GLN_FBM         gain^i * n
//   GLN_TURBULENCE  gain^i * |n|                 (Perlin's turbulence, 1985)
//   GLN_BILLOW      gain^i * (2 |n| - 1)
//   GLN_RIDGED      gain^i * (offset - |n|)^2 * weight_i, weight_0 = 1 and weight_i the
//                   previous octave's term times ridgeGain clamped to [0, 1]
//                   (Musgrave's ridged multifractal with offset and gain)
// Gradients follow through every fractal by the chain rule (|n| uses the sign of n).
// With GlnNoise.rotate, octave i evaluates the basis at lacunarity^i R^i p instead
// (gln_turn2..4; 1D does not turn), as glnoise's --rotate does; leave period at 0 then.
// Bases: GLN_BASIS_PERLIN (1-4D), GLN_BASIS_CLASSIC (1-4D), GLN_BASIS_VALUE (1-4D, the
// curve of GlnNoise.curve), GLN_BASIS_PERLIN_VALUE (1-4D), GLN_BASIS_SIMPLEX (2-4D;
// its 1D form returns 0), GLN_BASIS_OPENSIMPLEX2 (2-4D; glnoise/opensimplex2.glsl),
// GLN_BASIS_OPENSIMPLEX2S (2-4D; glnoise/opensimplex2s.glsl),
// GLN_BASIS_PSRDNOISE (2D, 3D, tiles; glnoise/psrdnoise.glsl), GLN_BASIS_CELLULAR (1-4D, returning GlnNoise.cellReturn
// under GlnNoise.cellMetric, GLN_CELL_MINKOWSKI's exponent GlnNoise.cellExponent, with
// GlnNoise.cellJitter, GLN_CELL_SMOOTH_F1's GlnNoise.cellSmoothness;
// glnoise/cellular.glsl). Gradients exist in 2D and 3D.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/fractal.hpp.
#ifndef GLNOISE_FRACTAL_GLSL
#define GLNOISE_FRACTAL_GLSL

#include "perlin.glsl"
#include "value.glsl"
#include "simplex.glsl"
#include "opensimplex2s.glsl"
#include "psrdnoise.glsl"
#include "cellular.glsl"

#define GLN_BASIS_PERLIN 0
#define GLN_BASIS_CLASSIC 1
#define GLN_BASIS_VALUE 2
#define GLN_BASIS_PERLIN_VALUE 3
#define GLN_BASIS_SIMPLEX 4
#define GLN_BASIS_CELLULAR 5
#define GLN_BASIS_OPENSIMPLEX2 6
#define GLN_BASIS_PSRDNOISE 7
#define GLN_BASIS_OPENSIMPLEX2S 8

#define GLN_FBM 0
#define GLN_TURBULENCE 1
#define GLN_BILLOW 2
#define GLN_RIDGED 3

struct GlnNoise {
    int basis;          // GLN_BASIS_*
    int curve;          // GLN_CURVE_* of value noise; the other bases fix their own
    int fractal;        // GLN_FBM, GLN_TURBULENCE, GLN_BILLOW or GLN_RIDGED
    int octaves;        // >= 1
    float lacunarity;   // frequency ratio between octaves
    float gain;         // amplitude ratio between octaves
    float ridgeOffset;  // GLN_RIDGED only
    float ridgeGain;    // GLN_RIDGED only, >= 0
    ivec4 period;       // lattice period per axis at octave 0; 0: none
    int cellReturn;     // GLN_BASIS_CELLULAR only: GLN_CELL_F1, ... (glnoise/cellular.glsl)
    int cellMetric;     // GLN_BASIS_CELLULAR only: GLN_CELL_EUCLIDEAN, ...
    float cellJitter;   // GLN_BASIS_CELLULAR only: 0 to 1
    float cellExponent; // GLN_BASIS_CELLULAR under GLN_CELL_MINKOWSKI only: >= 1
    float cellSmoothness;  // GLN_BASIS_CELLULAR returning GLN_CELL_SMOOTH_F1 only: 0 to 0.25
    bool rotate;        // turn octave i by R^i (gln_turn2..4): no creases along the lattice (2D-4D)
};

GlnNoise gln_noise(int basis, int fractal, int octaves) {
    return GlnNoise(basis, GLN_CURVE_QUINTIC, fractal, octaves, 2.0f, 0.5f, 1.0f, 2.0f, ivec4(0, 0, 0, 0), GLN_CELL_F1,
                    GLN_CELL_EUCLIDEAN, 1.0f, GLN_CELL_EXPONENT, GLN_CELL_SMOOTHNESS, false);
}

// The turn GlnNoise.rotate gives each octave (glnoise's --rotate): R, the golden angle
// pi (3 - sqrt 5) in the plane in 2D, about (1, 2, 3) / sqrt 14 in 3D, in 4D the planes
// xy and zw, then xz and yw (to float precision); _back is its transpose, R^-1.
vec2 gln_turn2(vec2 q) {
    GLN_PRECISE vec2 r = vec2(-0.737368878f * q.x + -0.675490294f * q.y,
                               0.675490294f * q.x + -0.737368878f * q.y);
    return r;
}

vec2 gln_turn2_back(vec2 q) {
    GLN_PRECISE vec2 r = vec2(-0.737368878f * q.x + 0.675490294f * q.y,
                               -0.675490294f * q.x + -0.737368878f * q.y);
    return r;
}

vec3 gln_turn3(vec3 q) {
    GLN_PRECISE vec3 r = vec3(-0.613271101f * q.x + -0.293401571f * q.y + 0.733358081f * q.z,
                               0.789792679f * q.x + -0.24097777f * q.y + 0.564054287f * q.z,
                               0.0112285811f * q.x + 0.925119037f * q.y + 0.379511115f * q.z);
    return r;
}

vec3 gln_turn3_back(vec3 q) {
    GLN_PRECISE vec3 r = vec3(-0.613271101f * q.x + 0.789792679f * q.y + 0.0112285811f * q.z,
                               -0.293401571f * q.x + -0.24097777f * q.y + 0.925119037f * q.z,
                               0.733358081f * q.x + 0.564054287f * q.y + 0.379511115f * q.z);
    return r;
}

vec4 gln_turn4(vec4 q) {
    GLN_PRECISE vec4 r = vec4(0.543712862f * q.x + 0.49808552f * q.y + 0.49808552f * q.z + 0.456287138f * q.w,
                               -0.49808552f * q.x + 0.543712862f * q.y + -0.456287138f * q.z + 0.49808552f * q.w,
                               -0.49808552f * q.x + -0.456287138f * q.y + 0.543712862f * q.z + 0.49808552f * q.w,
                               0.456287138f * q.x + -0.49808552f * q.y + -0.49808552f * q.z + 0.543712862f * q.w);
    return r;
}

float gln_amplitude_sum(GlnNoise n) {
    float sum = 0.0f;
    float amplitude = 1.0f;
    for (int i = 0; i < n.octaves; ++i) {
        sum += amplitude;
        amplitude = amplitude * n.gain;
    }
    return sum;
}

int gln_basis_curve(int basis, int curve) {
    if (basis == GLN_BASIS_CLASSIC) return GLN_CURVE_CUBIC;
    if (basis == GLN_BASIS_VALUE) return curve;
    return GLN_CURVE_QUINTIC;
}

int gln_basis_kind(int basis) {
    if (basis == GLN_BASIS_VALUE) return GLN_HEIGHTS;
    if (basis == GLN_BASIS_PERLIN_VALUE) return GLN_GRADIENTS | GLN_HEIGHTS;
    return GLN_GRADIENTS;
}

// A point in the basis's own coordinates, from the basis's file (gln_<basis>_space2..4):
// skewed for simplex, 2D OpenSimplex2(S) and psrdnoise, turned for 3D OpenSimplex2(S),
// turned and skewed for 4D OpenSimplex2(S); the others take it as it is. The one place
// that picks a basis's space.
vec2 gln_basis_space2(int basis, vec2 q) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex_space2(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_space2(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_space2(q);
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise_space2(q);
    return q;
}

vec3 gln_basis_space3(int basis, vec3 q) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex_space3(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_space3(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_space3(q);
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise_space3(q);
    return q;
}

vec4 gln_basis_space4(int basis, vec4 q) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex_space4(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_space4(q);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_space4(q);
    return q;
}

// The first dims coordinates of q in the basis's own coordinates, the rest as they are.
vec4 gln_basis_space(int basis, int dims, vec4 q) {
    if (dims == 2) {
        vec2 k = gln_basis_space2(basis, vec2(q.x, q.y));
        return vec4(k.x, k.y, q.z, q.w);
    }
    if (dims == 3) {
        vec3 k = gln_basis_space3(basis, vec3(q.x, q.y, q.z));
        return vec4(k.x, k.y, k.z, q.w);
    }
    if (dims == 4) return gln_basis_space4(basis, q);
    return q;
}

// The basis at cell + p. For simplex, OpenSimplex2(S) and psrdnoise, cell and p are in the
// basis's own coordinates (gln_basis_space2..4); simplex and OpenSimplex2(S) ignore period; the gradient is per unit of the
// caller's coordinates for every basis. cellular noise is F1 with Euclidean
// distance and jitter 1 here, and the GlnNoise forms below take n's cellular choices.
// world: the cell's lattice blocks for the world hash, or -1 in x (glnoise/permutation.glsl).
float gln_basis1(int basis, int curve, int cell, float p, int period, int world) {
    if (basis == GLN_BASIS_SIMPLEX || basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_OPENSIMPLEX2S ||
        basis == GLN_BASIS_PSRDNOISE)
        return 0.0f;
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular1(cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f, world);
    return gln_lattice1(cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

vec3 gln_basis2(int basis, int curve, ivec2 cell, vec2 p, ivec2 period, ivec2 world) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex2_skewed(cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_2_skewed(cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_2_skewed(cell, p, world);
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise2_skewed(cell, p, period, world);
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular2(cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f, world);
    return gln_lattice2(cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

vec4 gln_basis3(int basis, int curve, ivec3 cell, vec3 p, ivec3 period, ivec3 world) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex3_skewed(cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2 || basis == GLN_BASIS_OPENSIMPLEX2S) {
        vec4 n = basis == GLN_BASIS_OPENSIMPLEX2 ? gln_opensimplex2_3_turned(cell, p, world)
                                                 : gln_opensimplex2s_3_turned(cell, p, world);
        vec3 g = gln_os2_turn3_back(vec3(n.y, n.z, n.w));
        return vec4(n.x, g.x, g.y, g.z);
    }
    if (basis == GLN_BASIS_PSRDNOISE) return gln_psrdnoise3_skewed(cell, p, period, world);
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular3(cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f, world);
    return gln_lattice3(cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

float gln_basis4(int basis, int curve, ivec4 cell, vec4 p, ivec4 period, ivec4 world) {
    if (basis == GLN_BASIS_SIMPLEX) return gln_simplex4_skewed(cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2) return gln_opensimplex2_4_skewed(cell, p, world);
    if (basis == GLN_BASIS_OPENSIMPLEX2S) return gln_opensimplex2s_4_skewed(cell, p, world);
    if (basis == GLN_BASIS_PSRDNOISE) return 0.0f;
    if (basis == GLN_BASIS_CELLULAR) return gln_cellular4(cell, p, period, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f, world);
    return gln_lattice4(cell, p, period, gln_basis_curve(basis, curve), gln_basis_kind(basis), world);
}

float gln_basis1(int basis, int curve, int cell, float p, int period) {
    return gln_basis1(basis, curve, cell, p, period, -1);
}

vec3 gln_basis2(int basis, int curve, ivec2 cell, vec2 p, ivec2 period) {
    return gln_basis2(basis, curve, cell, p, period, ivec2(-1, -1));
}

vec4 gln_basis3(int basis, int curve, ivec3 cell, vec3 p, ivec3 period) {
    return gln_basis3(basis, curve, cell, p, period, ivec3(-1, -1, -1));
}

float gln_basis4(int basis, int curve, ivec4 cell, vec4 p, ivec4 period) {
    return gln_basis4(basis, curve, cell, p, period, ivec4(-1, -1, -1, -1));
}

float gln_basis1(GlnNoise n, int cell, float p, int period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular1(cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                            -1);
    return gln_basis1(n.basis, n.curve, cell, p, period);
}

vec3 gln_basis2(GlnNoise n, ivec2 cell, vec2 p, ivec2 period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular2(cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                            ivec2(-1, -1));
    return gln_basis2(n.basis, n.curve, cell, p, period);
}

vec4 gln_basis3(GlnNoise n, ivec3 cell, vec3 p, ivec3 period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular3(cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                            ivec3(-1, -1, -1));
    return gln_basis3(n.basis, n.curve, cell, p, period);
}

float gln_basis4(GlnNoise n, ivec4 cell, vec4 p, ivec4 period) {
    if (n.basis == GLN_BASIS_CELLULAR)
        return gln_cellular4(cell, p, period, n.cellReturn, n.cellMetric, n.cellJitter, n.cellExponent, n.cellSmoothness,
                            ivec4(-1, -1, -1, -1));
    return gln_basis4(n.basis, n.curve, cell, p, period);
}

// The basis in dims dimensions at cell + p (the first dims components; p in the basis's own
// coordinates, gln_basis_space): (value, gradient) as a vec4, 0 where a dimension has
// none; cellular noise with return cellReturn under cellMetric (cellExponent: Minkowski's)
// with cellJitter (cellSmoothness: smooth F1's); world as in gln_basis1..4.
vec4 gln_basis_at(int basis, int curve, int dims, ivec4 cell, vec4 p, ivec4 period, int cellReturn, int cellMetric,
                  float cellJitter, float cellExponent, float cellSmoothness, ivec4 world) {
    if (basis == GLN_BASIS_CELLULAR) {
        vec4 c = gln_cellular(cell, vec4(p.x, dims >= 2 ? p.y : 0.0f, dims >= 3 ? p.z : 0.0f, dims >= 4 ? p.w : 0.0f),
                              period, world, dims, cellReturn, cellMetric, cellJitter, cellExponent, cellSmoothness);
        return dims == 2 ? vec4(c.x, c.y, c.z, 0.0f) : dims == 3 ? c : vec4(c.x, 0.0f, 0.0f, 0.0f);
    }
    if (dims == 1) return vec4(gln_basis1(basis, curve, cell.x, p.x, period.x, world.x), 0.0f, 0.0f, 0.0f);
    if (dims == 2) {
        vec3 b = gln_basis2(basis, curve, ivec2(cell.x, cell.y), vec2(p.x, p.y), ivec2(period.x, period.y),
                            ivec2(world.x, world.y));
        return vec4(b.x, b.y, b.z, 0.0f);
    }
    if (dims == 3)
        return gln_basis3(basis, curve, ivec3(cell.x, cell.y, cell.z), vec3(p.x, p.y, p.z),
                          ivec3(period.x, period.y, period.z), ivec3(world.x, world.y, world.z));
    return vec4(gln_basis4(basis, curve, cell, p, period, world), 0.0f, 0.0f, 0.0f);
}

vec4 gln_basis_at(int basis, int curve, int dims, ivec4 cell, vec4 p, ivec4 period, int cellReturn, int cellMetric,
                  float cellJitter, float cellExponent, float cellSmoothness) {
    return gln_basis_at(basis, curve, dims, cell, p, period, cellReturn, cellMetric, cellJitter, cellExponent, cellSmoothness,
                        ivec4(-1, -1, -1, -1));
}

// Adds octave `octave` (the basis value n.x and its gradient n.yzw, already per unit of
// the caller's coordinates) with `amplitude` to sum; `signal` carries GLN_RIDGED's
// previous term from one octave to the next (start it at 0).
void gln_fractal_step(int fractal, int octave, vec4 n, float amplitude, float ridgeOffset, float ridgeGain,
                      inout vec4 sum, inout vec4 signal) {
    if (fractal == GLN_FBM) {
        sum = sum + amplitude * n;
        return;
    }
    float s = n.x < 0.0f ? -1.0f : 1.0f;
    vec4 a = vec4(abs(n.x), s * n.y, s * n.z, s * n.w);
    if (fractal == GLN_TURBULENCE) {
        sum = sum + amplitude * a;
        return;
    }
    if (fractal == GLN_BILLOW) {
        sum = sum + amplitude * vec4(2.0f * a.x - 1.0f, 2.0f * a.y, 2.0f * a.z, 2.0f * a.w);
        return;
    }
    vec4 weight = vec4(1.0f, 0.0f, 0.0f, 0.0f);
    if (octave > 0) {
        float w = signal.x * ridgeGain;
        if (w >= 1.0f) {
            weight = vec4(1.0f, 0.0f, 0.0f, 0.0f);
        } else if (w <= 0.0f) {
            weight = vec4(0.0f, 0.0f, 0.0f, 0.0f);
        } else {
            weight = vec4(w, signal.y * ridgeGain, signal.z * ridgeGain, signal.w * ridgeGain);
        }
    }
    float r = ridgeOffset - a.x;
    float r2 = r * r;
    float dr = -2.0f * r * weight.x;
    signal = vec4(r2 * weight.x, dr * a.y + r2 * weight.y, dr * a.z + r2 * weight.z, dr * a.w + r2 * weight.w);
    sum = sum + amplitude * signal;
}

float gln_fractal1(GlnNoise n, float p) {
    vec4 sum = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    vec4 signal = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    GLN_PRECISE float amplitude = 1.0f;
    GLN_PRECISE float q = p;
    int period = n.period.x;
    for (int i = 0; i < n.octaves; ++i) {
        float b = gln_basis1(n, 0, q, period);
        gln_fractal_step(n.fractal, i, vec4(b, 0.0f, 0.0f, 0.0f), amplitude, n.ridgeOffset, n.ridgeGain, sum, signal);
        q = q * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * int(n.lacunarity);
    }
    return sum.x;
}

vec3 gln_fractal2_deriv(GlnNoise n, vec2 p) {
    vec4 sum = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    vec4 signal = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    GLN_PRECISE float amplitude = 1.0f;
    GLN_PRECISE float frequency = 1.0f;
    GLN_PRECISE vec2 q = p;
    ivec2 period = ivec2(n.period.x, n.period.y);
    for (int i = 0; i < n.octaves; ++i) {
        vec3 b = gln_basis2(n, ivec2(0, 0), gln_basis_space2(n.basis, q), period);
        vec2 g = vec2(b.y, b.z);
        if (n.rotate) {
            for (int k = 0; k < i; ++k) g = gln_turn2_back(g);  // back through R^i
        }
        gln_fractal_step(n.fractal, i, vec4(b.x, g.x * frequency, g.y * frequency, 0.0f), amplitude, n.ridgeOffset,
                         n.ridgeGain, sum, signal);
        q = (n.rotate ? gln_turn2(q) : q) * n.lacunarity;
        frequency = frequency * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * int(n.lacunarity);
    }
    return vec3(sum.x, sum.y, sum.z);
}

float gln_fractal2(GlnNoise n, vec2 p) {
    return gln_fractal2_deriv(n, p).x;
}

vec4 gln_fractal3_deriv(GlnNoise n, vec3 p) {
    vec4 sum = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    vec4 signal = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    GLN_PRECISE float amplitude = 1.0f;
    GLN_PRECISE float frequency = 1.0f;
    GLN_PRECISE vec3 q = p;
    ivec3 period = ivec3(n.period.x, n.period.y, n.period.z);
    for (int i = 0; i < n.octaves; ++i) {
        vec4 b = gln_basis3(n, ivec3(0, 0, 0), gln_basis_space3(n.basis, q), period);
        vec3 g = vec3(b.y, b.z, b.w);
        if (n.rotate) {
            for (int k = 0; k < i; ++k) g = gln_turn3_back(g);  // back through R^i
        }
        gln_fractal_step(n.fractal, i, vec4(b.x, g.x * frequency, g.y * frequency, g.z * frequency), amplitude,
                         n.ridgeOffset, n.ridgeGain, sum, signal);
        q = (n.rotate ? gln_turn3(q) : q) * n.lacunarity;
        frequency = frequency * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * int(n.lacunarity);
    }
    return sum;
}

float gln_fractal3(GlnNoise n, vec3 p) {
    return gln_fractal3_deriv(n, p).x;
}

float gln_fractal4(GlnNoise n, vec4 p) {
    vec4 sum = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    vec4 signal = vec4(0.0f, 0.0f, 0.0f, 0.0f);
    GLN_PRECISE float amplitude = 1.0f;
    GLN_PRECISE vec4 q = p;
    ivec4 period = n.period;
    for (int i = 0; i < n.octaves; ++i) {
        float b = gln_basis4(n, ivec4(0, 0, 0, 0), gln_basis_space4(n.basis, q), period);
        gln_fractal_step(n.fractal, i, vec4(b, 0.0f, 0.0f, 0.0f), amplitude, n.ridgeOffset, n.ridgeGain, sum, signal);
        q = (n.rotate ? gln_turn4(q) : q) * n.lacunarity;
        amplitude = amplitude * n.gain;
        period = period * int(n.lacunarity);
    }
    return sum.x;
}

// A tangent-space normal of the heightmap heightScale * h from h's gradient, texel
// spacing 1: normalize(-heightScale * dh/dx, -heightScale * dh/dy, 1).
vec3 gln_heightmap_normal(vec2 gradient, float heightScale) {
    vec3 v = vec3(-heightScale * gradient.x, -heightScale * gradient.y, 1.0f);
    float len = sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    return vec3(v.x / len, v.y / len, v.z / len);
}

#endif  // GLNOISE_FRACTAL_GLSL
