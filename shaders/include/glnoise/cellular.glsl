// SPDX-License-Identifier: MIT
// glnoise/cellular.glsl: cellular (Worley, Voronoi) noise in 1 to 4 dimensions.
//
//   #include "glnoise/cellular.glsl"
//   float d = gln_cellular2(p);                                   // F1, Euclidean, jitter 1
//   float c = gln_cellular3(q, GLN_CELL_F2_F1, GLN_CELL_EUCLIDEAN, 1.0f);   // cracks
//   vec3 e = gln_cellular2_deriv(p, GLN_CELL_EDGE, GLN_CELL_EUCLIDEAN, 0.8f);
//   // e.x: distance to the nearest Voronoi edge; (e.y, e.z): its gradient
//   vec3 t = gln_cellular2(ivec2(0, 0), p, ivec2(8, 8), GLN_CELL_F1, GLN_CELL_MANHATTAN, 1.0f);
//   // repeats every 8 cells
//   vec3 r = gln_cellular2(ivec2(0, 0), p, ivec2(0, 0), GLN_CELL_F1, GLN_CELL_MINKOWSKI, 1.0f, 4.0f, 0.1f, ivec2(-1, -1));
//   // rounded squares: the Minkowski distance with exponent 4
//   float b = gln_cellular2(p, GLN_CELL_SMOOTH_F1, GLN_CELL_EUCLIDEAN, 1.0f);   // smooth F1, smoothness 0.1
//
// Every lattice cell holds one feature point. The cell's hash h is the lattice bases'
// p[p[X] + Y] (1D p[X], 3D p[p[p[X]+Y]+Z], 4D p[p[p[p[X]+Y]+Z]+W]; periods as in
// glnoise/lattice.glsl), and its point lies at 0.5 + jitter * ((p[h + a] + 0.5) / 256 - 0.5)
// on axis a from the cell's low corner: jitter 0 is the cell's centre, a regular grid;
// jitter 1 spreads the points over the whole cell. What the noise returns (ret):
//   GLN_CELL_F1      the distance to the nearest point (S. Worley, "A Cellular Texture
//                    Basis Function", SIGGRAPH 1996)
//   GLN_CELL_F2      the distance to the second nearest
//   GLN_CELL_F2_F1   F2 - F1: zero on the edges between cells, cracks and cobbles
//   GLN_CELL_VALUE   the nearest point's cell value, h / 127.5 - 1 in [-1, 1]: flat cells
//                    (the value noise height of that cell)
//   GLN_CELL_EDGE    the Euclidean distance to the nearest edge of the Voronoi cell the
//                    sample lies in: min over the other points b of the distance to the
//                    bisector of the nearest point a and b
//   GLN_CELL_F1_PLUS_F2, GLN_CELL_F1_TIMES_F2, GLN_CELL_F1_OVER_F2
//                    F1 + F2, F1 F2 and F1 / F2 (in [0, 1]: 1 on the edges, where F1 = F2)
//   GLN_CELL_F3, GLN_CELL_F4
//                    the distance to the third and to the fourth nearest point
//   GLN_CELL_RADIUS  the radius of the n-sphere (disc, ball) inscribed in the Voronoi cell
//                    of the nearest point a: half the distance from a to the point nearest
//                    it, constant over each cell
//   GLN_CELL_SMOOTH_F1
//                    F1 with its creases rounded (Blender's "Smooth F1"): with s the
//                    smoothness, F1 - s ln(sum over the points i of w((d_i - F1) / s)),
//                    w(t) = e^-t up to t = 8, eased to 0 at t = 10 (a smoothstep), so that
//                    points further than F1 + 10 s count for nothing: a smooth minimum of
//                    every distance, -s ln sum e^(-d_i / s) but for the points beyond
//                    F1 + 8 s (each weighing under e^-8 of the nearest), at most F1 and
//                    equal to it at s = 0; any distance, s from 0 to 0.25
// under a distance (metric): GLN_CELL_EUCLIDEAN, GLN_CELL_EUCLIDEAN_SQUARED (|d|^2),
// GLN_CELL_MANHATTAN (sum |d_i|), GLN_CELL_CHEBYSHEV (max |d_i|), GLN_CELL_MINKOWSKI
// ((sum |d_i|^e)^(1/e) for an exponent e >= 1: 1 is Manhattan, 2 Euclidean, and as e grows
// it nears Chebyshev; a norm for every e >= 1, so no point is nearer under it than under
// Manhattan and the search below stays exact). GLN_CELL_EDGE and GLN_CELL_RADIUS are always
// Euclidean; GLN_CELL_SMOOTH_F1 takes any. Gradients are analytic: the distance's own (zero
// for GLN_CELL_VALUE and GLN_CELL_RADIUS), the sum's, product's and quotient's of F1's and
// F2's, and for GLN_CELL_EDGE minus the unit normal of the nearest bisector; they jump
// across edges (smooth F1's does not: its gradient is the weights' mean of the points').
//
// The search is exact, not the usual 3^N guess: the 3^N cells around the sample are
// searched first; a point of a cell R > 1 cells away on some axis is at least
// R + 0.5 - jitter/2 + min(f, 1 - f) away (f the sample's place in its cell), and only when
// the result (F2, F1 or F1 + 2 * edge) reaches that far is the shell of cells R away
// searched, each cell only if its point's box can be nearer: R = 2, then R = 3. Past
// R = 3 every point is at least 3 away, further than any F1 to F4, F1 + 2 * edge or
// F1 + 2 * radius can be (docs/noise.md has the measured extremes). Smooth F1 sums every
// point within F1 + 10 s the same way, shell by shell up to R = 5 (past it every point is
// at least 5 away, further than F1 + 10 s can be). Nearest points are chosen on the squared
// distance (exact with GLN_PRECISE on every GPU), so the GPU and the CPU pick the same point
// everywhere; the Minkowski distance's pow is not exact, and a GPU may pick the other of two
// points that tie to within its rounding.
// Ranges (docs/noise.md): measured, per ret, metric and dimension.
// Options: none of its own; the table's are in glnoise/permutation.glsl (included).
// C++ twin: src/mirror/cellular.hpp.
#ifndef GLNOISE_CELLULAR_GLSL
#define GLNOISE_CELLULAR_GLSL

#include "lattice.glsl"

#define GLN_CELL_F1 0
#define GLN_CELL_F2 1
#define GLN_CELL_F2_F1 2
#define GLN_CELL_VALUE 3
#define GLN_CELL_EDGE 4
#define GLN_CELL_F1_PLUS_F2 5
#define GLN_CELL_F1_TIMES_F2 6
#define GLN_CELL_F1_OVER_F2 7
#define GLN_CELL_F3 8
#define GLN_CELL_F4 9
#define GLN_CELL_RADIUS 10
#define GLN_CELL_SMOOTH_F1 11

#define GLN_CELL_EUCLIDEAN 0
#define GLN_CELL_EUCLIDEAN_SQUARED 1
#define GLN_CELL_MANHATTAN 2
#define GLN_CELL_CHEBYSHEV 3
#define GLN_CELL_MINKOWSKI 4

// How much further than the bound a cell must be before the search skips it, so that
// float rounding never decides whether a point is looked at.
const float GLN_CELL_MARGIN = 0.0001f;
const float GLN_CELL_FAR = 3.0e38f;
// GLN_CELL_MINKOWSKI's exponent where a function takes none (glnoise's --cell-exponent default).
const float GLN_CELL_EXPONENT = 3.0f;
// GLN_CELL_SMOOTH_F1's smoothness where a function takes none (--cell-smoothness's default).
const float GLN_CELL_SMOOTHNESS = 0.1f;
// Its weight is e^-t up to GLN_CELL_SMOOTH_EXACT, and 0 from GLN_CELL_SMOOTH_REACH on.
const float GLN_CELL_SMOOTH_EXACT = 8.0f;
const float GLN_CELL_SMOOTH_REACH = 10.0f;

// The nearest points found so far, nearest first (the first `rank` of them are kept): their
// keys (the squared distance for the Euclidean metrics, else the distance), the vectors
// from the sample to them, and the nearest one's cell hash.
struct GlnNearest {
    float k1;
    float k2;
    float k3;
    float k4;
    vec4 v1;
    vec4 v2;
    vec4 v3;
    vec4 v4;
    int h1;
};

// The hash of the (wrapped) cell c over the first dims axes.
int gln_cell_hash(ivec4 c, int dims) {
    int h = gln_perm(c.x);
    if (dims >= 2) h = gln_perm(h + c.y);
    if (dims >= 3) h = gln_perm(h + c.z);
    if (dims >= 4) h = gln_perm(h + c.w);
    return h;
}

// One coordinate of the feature point of the cell with hash h, axis a, from its low corner.
float gln_cell_coordinate(int h, int a, float jitter) {
    GLN_PRECISE float t = 0.5f + jitter * ((float(gln_perm(h + a)) + 0.5f) * 0.00390625f - 0.5f);
    return t;
}

vec4 gln_cell_point(int h, int dims, float jitter) {
    vec4 q = vec4(gln_cell_coordinate(h, 0, jitter), 0.0f, 0.0f, 0.0f);
    if (dims >= 2) q.y = gln_cell_coordinate(h, 1, jitter);
    if (dims >= 3) q.z = gln_cell_coordinate(h, 2, jitter);
    if (dims >= 4) q.w = gln_cell_coordinate(h, 3, jitter);
    return q;
}

// a^e for a >= 0: 0 at 0, where pow is undefined on some GPUs.
float gln_cell_power(float a, float e) {
    return a > 0.0f ? pow(a, e) : 0.0f;
}

// What the search compares: |v|^2 (both Euclidean metrics), sum |v_i|, max |v_i| or the
// Minkowski distance itself (m (sum (|v_i| / m)^e)^(1/e), m = max |v_i|: no power overflows).
float gln_cell_key(vec4 v, int metric, float exponent) {
    if (metric == GLN_CELL_MANHATTAN) {
        GLN_PRECISE float m = abs(v.x) + abs(v.y) + abs(v.z) + abs(v.w);
        return m;
    }
    if (metric == GLN_CELL_CHEBYSHEV) return max(max(abs(v.x), abs(v.y)), max(abs(v.z), abs(v.w)));
    if (metric == GLN_CELL_MINKOWSKI) {
        vec4 a = abs(v);
        float m = max(max(a.x, a.y), max(a.z, a.w));
        if (m == 0.0f) return 0.0f;
        GLN_PRECISE float s = gln_cell_power(a.x / m, exponent) + gln_cell_power(a.y / m, exponent) +
                              gln_cell_power(a.z / m, exponent) + gln_cell_power(a.w / m, exponent);
        GLN_PRECISE float d = m * pow(s, 1.0f / exponent);
        return d;
    }
    GLN_PRECISE float k = v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
    return k;
}

// Files the point at key k among the `rank` nearest, the furthest place first so that each
// place moves down what was above it.
void gln_cell_consider(inout GlnNearest s, vec4 v, float k, int h, int rank) {
    if (rank >= 4) {
        if (k < s.k3) {
            s.k4 = s.k3;
            s.v4 = s.v3;
        } else if (k < s.k4) {
            s.k4 = k;
            s.v4 = v;
        }
    }
    if (rank >= 3) {
        if (k < s.k2) {
            s.k3 = s.k2;
            s.v3 = s.v2;
        } else if (k < s.k3) {
            s.k3 = k;
            s.v3 = v;
        }
    }
    if (k < s.k1) {
        s.k2 = s.k1;
        s.v2 = s.v1;
        s.k1 = k;
        s.v1 = v;
        s.h1 = h;
    } else if (k < s.k2) {
        s.k2 = k;
        s.v2 = v;
    }
}

// The vector from the sample (at f in cell base) to the point of cell base + o.
vec4 gln_cell_vector(ivec4 base, ivec4 o, vec4 f, ivec4 period, ivec4 world, int dims, float jitter, out int h) {
    if (world.x >= 0) {
        uint v = gln_world_axis(base.x + o.x, world.x, period.x, GLN_WORLD_X);
        if (dims >= 2) v = v ^ gln_world_axis(base.y + o.y, world.y, period.y, GLN_WORLD_Y);
        if (dims >= 3) v = v ^ gln_world_axis(base.z + o.z, world.z, period.z, GLN_WORLD_Z);
        if (dims >= 4) v = v ^ gln_world_axis(base.w + o.w, world.w, period.w, GLN_WORLD_W);
        h = gln_world_hash(v);
    } else {
        ivec4 c = ivec4(gln_wrap(base.x + o.x, period.x), gln_wrap(base.y + o.y, period.y), gln_wrap(base.z + o.z, period.z),
                        gln_wrap(base.w + o.w, period.w));
        h = gln_cell_hash(c, dims);
    }
    GLN_PRECISE vec4 v = vec4(o) + gln_cell_point(h, dims, jitter) - f;
    return v;
}

// The key of the nearest place the point of cell o can be: per axis, how far f lies
// outside the cell's box [o + 0.5 - jitter/2, o + 0.5 + jitter/2].
float gln_cell_box_key(ivec4 o, vec4 f, int dims, int metric, float jitter, float exponent) {
    GLN_PRECISE float lo = 0.5f - 0.5f * jitter;
    GLN_PRECISE float hi = 0.5f + 0.5f * jitter;
    GLN_PRECISE vec4 d = max(max(vec4(o) + lo - f, f - (vec4(o) + hi)), vec4(0.0f));
    if (dims < 4) d.w = 0.0f;
    if (dims < 3) d.z = 0.0f;
    if (dims < 2) d.y = 0.0f;
    return gln_cell_key(d, metric, exponent);
}

// How far (along one axis) every point of a cell more than R - 1 cells away is at least.
float gln_cell_reach(vec4 f, int dims, float jitter, int R) {
    float m = min(f.x, 1.0f - f.x);
    if (dims >= 2) m = min(m, min(f.y, 1.0f - f.y));
    if (dims >= 3) m = min(m, min(f.z, 1.0f - f.z));
    if (dims >= 4) m = min(m, min(f.w, 1.0f - f.w));
    GLN_PRECISE float r = m + (float(R) - 0.5f - 0.5f * jitter);
    return r;
}

// Whether cell o lies inside the shell of cells R away.
bool gln_cell_inner(ivec4 o, int R) {
    return abs(o.x) < R && abs(o.y) < R && abs(o.z) < R && abs(o.w) < R;
}

// The key of the rank-th nearest point found so far.
float gln_cell_kth(GlnNearest s, int rank) {
    if (rank >= 4) return s.k4;
    if (rank == 3) return s.k3;
    if (rank == 2) return s.k2;
    return s.k1;
}

// The `rank` (1 to 4) nearest feature points to f in cell base.
GlnNearest gln_cell_search(ivec4 base, vec4 f, ivec4 period, ivec4 world, int dims, int metric, float jitter, float exponent,
                           int rank) {
    GlnNearest s = GlnNearest(GLN_CELL_FAR, GLN_CELL_FAR, GLN_CELL_FAR, GLN_CELL_FAR, vec4(0.0f), vec4(0.0f), vec4(0.0f),
                              vec4(0.0f), 0);
    ivec4 r = ivec4(1, dims >= 2 ? 1 : 0, dims >= 3 ? 1 : 0, dims >= 4 ? 1 : 0);
    for (int ow = -r.w; ow <= r.w; ++ow)
        for (int oz = -r.z; oz <= r.z; ++oz)
            for (int oy = -r.y; oy <= r.y; ++oy)
                for (int ox = -r.x; ox <= r.x; ++ox) {
                    int h;
                    vec4 v = gln_cell_vector(base, ivec4(ox, oy, oz, ow), f, period, world, dims, jitter, h);
                    gln_cell_consider(s, v, gln_cell_key(v, metric, exponent), h, rank);
                }
    ivec4 one = r;
    for (int R = 2; R <= 3; ++R) {
        float reach = gln_cell_reach(f, dims, jitter, R);
        float reachKey = metric <= GLN_CELL_EUCLIDEAN_SQUARED ? reach * reach : reach;
        if (gln_cell_kth(s, rank) <= reachKey - GLN_CELL_MARGIN) break;
        r = R * one;
        for (int ow = -r.w; ow <= r.w; ++ow)
            for (int oz = -r.z; oz <= r.z; ++oz)
                for (int oy = -r.y; oy <= r.y; ++oy)
                    for (int ox = -r.x; ox <= r.x; ++ox) {
                        ivec4 o = ivec4(ox, oy, oz, ow);
                        if (gln_cell_inner(o, R)) continue;
                        if (gln_cell_box_key(o, f, dims, metric, jitter, exponent) >= gln_cell_kth(s, rank) + GLN_CELL_MARGIN) continue;
                        int h;
                        vec4 v = gln_cell_vector(base, o, f, period, world, dims, jitter, h);
                        gln_cell_consider(s, v, gln_cell_key(v, metric, exponent), h, rank);
                    }
    }
    return s;
}

// The distance to the point of cell o from its bisector with the nearest point (v1 the
// vector to it), or with radius half the distance between the two points, lowered into e
// (with the bisector's normal into n) when nearer.
void gln_cell_bisector(ivec4 base, ivec4 o, vec4 f, ivec4 period, ivec4 world, int dims, float jitter, vec4 v1, bool radius,
                       inout float e, inout vec4 n) {
    int h;
    vec4 v = gln_cell_vector(base, o, f, period, world, dims, jitter, h);
    GLN_PRECISE vec4 w = v - v1;
    GLN_PRECISE float ww = w.x * w.x + w.y * w.y + w.z * w.z + w.w * w.w;
    if (ww > 0.0f) {
        float len = sqrt(ww);
        GLN_PRECISE vec4 m = v1 + v;
        GLN_PRECISE float d = (m.x * w.x + m.y * w.y + m.z * w.z + m.w * w.w) * 0.5f / len;
        if (radius) d = 0.5f * len;
        if (d < e) {
            e = d;
            n = w / len;
        }
    }
}

// GLN_CELL_EDGE: (distance to the nearest edge, its gradient); with radius, GLN_CELL_RADIUS:
// (the nearest point's inscribed radius, 0).
vec4 gln_cell_edge(GlnNearest s, ivec4 base, vec4 f, ivec4 period, ivec4 world, int dims, float jitter, bool radius) {
    float e = GLN_CELL_FAR;
    vec4 n = vec4(0.0f);
    ivec4 r = ivec4(1, dims >= 2 ? 1 : 0, dims >= 3 ? 1 : 0, dims >= 4 ? 1 : 0);
    for (int ow = -r.w; ow <= r.w; ++ow)
        for (int oz = -r.z; oz <= r.z; ++oz)
            for (int oy = -r.y; oy <= r.y; ++oy)
                for (int ox = -r.x; ox <= r.x; ++ox)
                    gln_cell_bisector(base, ivec4(ox, oy, oz, ow), f, period, world, dims, jitter, s.v1, radius, e, n);
    // A point b further than |v1| + 2e cannot be nearer: its bisector is at least
    // (|b| - |v1|) / 2 away, and so is half its distance to the nearest point.
    float f1 = sqrt(s.k1);
    ivec4 one = r;
    for (int R = 2; R <= 3; ++R) {
        if (f1 + 2.0f * e <= gln_cell_reach(f, dims, jitter, R) - GLN_CELL_MARGIN) break;
        r = R * one;
        for (int ow = -r.w; ow <= r.w; ++ow)
            for (int oz = -r.z; oz <= r.z; ++oz)
                for (int oy = -r.y; oy <= r.y; ++oy)
                    for (int ox = -r.x; ox <= r.x; ++ox) {
                        ivec4 o = ivec4(ox, oy, oz, ow);
                        if (gln_cell_inner(o, R)) continue;
                        GLN_PRECISE float bound = f1 + 2.0f * e + GLN_CELL_MARGIN;
                        if (gln_cell_box_key(o, f, dims, GLN_CELL_EUCLIDEAN, jitter, 2.0f) >= bound * bound) continue;
                        gln_cell_bisector(base, o, f, period, world, dims, jitter, s.v1, radius, e, n);
                    }
    }
    if (radius) return vec4(e, 0.0f, 0.0f, 0.0f);
    return vec4(e, -n.x, -n.y, -n.z);
}

// How many nearest points ret reads: 1 (F1, the cell value, the edge, the radius and smooth
// F1, which search on from the nearest), 3 (F3), 4 (F4), else 2.
int gln_cell_rank(int ret) {
    if (ret == GLN_CELL_F1 || ret == GLN_CELL_VALUE || ret == GLN_CELL_EDGE || ret == GLN_CELL_RADIUS || ret == GLN_CELL_SMOOTH_F1)
        return 1;
    if (ret == GLN_CELL_F3) return 3;
    if (ret == GLN_CELL_F4) return 4;
    return 2;
}

// (distance, gradient) of the point at key k and vector v (from the sample to it).
vec4 gln_cell_distance(float k, vec4 v, int metric, float exponent) {
    if (metric == GLN_CELL_EUCLIDEAN_SQUARED) return vec4(k, -2.0f * v.x, -2.0f * v.y, -2.0f * v.z);
    if (metric == GLN_CELL_MANHATTAN) return vec4(k, -sign(v.x), -sign(v.y), -sign(v.z));
    if (metric == GLN_CELL_CHEBYSHEV) {
        if (abs(v.x) == k) return vec4(k, -sign(v.x), 0.0f, 0.0f);
        if (abs(v.y) == k) return vec4(k, 0.0f, -sign(v.y), 0.0f);
        if (abs(v.z) == k) return vec4(k, 0.0f, 0.0f, -sign(v.z));
        return vec4(k, 0.0f, 0.0f, 0.0f);
    }
    if (metric == GLN_CELL_MINKOWSKI) {
        // d(k)/dv_i = sign(v_i) (|v_i| / k)^(e - 1); v runs from the sample to the point.
        if (k == 0.0f) return vec4(0.0f);
        float e = exponent - 1.0f;
        return vec4(k, -sign(v.x) * gln_cell_power(abs(v.x) / k, e), -sign(v.y) * gln_cell_power(abs(v.y) / k, e),
                    -sign(v.z) * gln_cell_power(abs(v.z) / k, e));
    }
    float d = sqrt(k);
    if (d > 0.0f) return vec4(d, -v.x / d, -v.y / d, -v.z / d);
    return vec4(0.0f);
}

// GLN_CELL_SMOOTH_F1's weight of a point t = (d - F1) / s further than the nearest, and its
// derivative in t: e^-t, eased to 0 between GLN_CELL_SMOOTH_EXACT and GLN_CELL_SMOOTH_REACH
// by 1 - u^2 (3 - 2u).
vec2 gln_cell_smooth_weight(float t) {
    float e = exp(-t);
    if (t <= GLN_CELL_SMOOTH_EXACT) return vec2(e, -e);
    if (t >= GLN_CELL_SMOOTH_REACH) return vec2(0.0f, 0.0f);
    GLN_PRECISE float u = (t - GLN_CELL_SMOOTH_EXACT) * 0.5f;
    GLN_PRECISE float g = 1.0f - u * u * (3.0f - 2.0f * u);
    GLN_PRECISE float dg = -3.0f * u * (1.0f - u);
    GLN_PRECISE vec2 w = vec2(e * g, e * (dg - g));
    return w;
}

// Adds the point of cell o to GLN_CELL_SMOOTH_F1's sums: wp (W, the weights, and P, their
// derivatives) and g (G, each derivative times the point's distance's gradient); a: F1 and
// its gradient.
void gln_cell_smooth_point(ivec4 base, ivec4 o, vec4 f, ivec4 period, ivec4 world, int dims, int metric, float jitter,
                           float exponent, float smoothness, vec4 a, inout vec2 wp, inout vec3 g) {
    int h;
    vec4 v = gln_cell_vector(base, o, f, period, world, dims, jitter, h);
    vec4 d = gln_cell_distance(gln_cell_key(v, metric, exponent), v, metric, exponent);
    GLN_PRECISE float t = (d.x - a.x) / smoothness;
    vec2 w = gln_cell_smooth_weight(t);
    GLN_PRECISE vec2 nextWp = wp + w;
    GLN_PRECISE vec3 nextG = g + vec3(w.y * d.y, w.y * d.z, w.y * d.w);
    wp = nextWp;
    g = nextG;
}

// GLN_CELL_SMOOTH_F1 from the nearest point (s): F1 - s ln W and its gradient,
// grad F1 (1 + P / W) - G / W. Every point within F1 + GLN_CELL_SMOOTH_REACH s is summed,
// shell by shell as the search goes: up to 5 cells out, as F1 + 10 s stays under 5 for
// every distance with s <= 0.25 (F1 < 2.3).
vec4 gln_cell_smooth(GlnNearest s, ivec4 base, vec4 f, ivec4 period, ivec4 world, int dims, int metric, float jitter,
                     float exponent, float smoothness) {
    vec4 a = gln_cell_distance(s.k1, s.v1, metric, exponent);
    if (smoothness <= 0.0f) return a;
    GLN_PRECISE float far = a.x + GLN_CELL_SMOOTH_REACH * smoothness;
    GLN_PRECISE float farKey = metric == GLN_CELL_EUCLIDEAN ? far * far : far;
    vec2 wp = vec2(0.0f, 0.0f);
    vec3 g = vec3(0.0f, 0.0f, 0.0f);
    ivec4 one = ivec4(1, dims >= 2 ? 1 : 0, dims >= 3 ? 1 : 0, dims >= 4 ? 1 : 0);
    for (int R = 1; R <= 5; ++R) {
        if (R >= 2) {
            float reach = gln_cell_reach(f, dims, jitter, R);
            float reachKey = metric <= GLN_CELL_EUCLIDEAN_SQUARED ? reach * reach : reach;
            if (farKey <= reachKey - GLN_CELL_MARGIN) break;
        }
        ivec4 r = R * one;
        for (int ow = -r.w; ow <= r.w; ++ow)
            for (int oz = -r.z; oz <= r.z; ++oz)
                for (int oy = -r.y; oy <= r.y; ++oy)
                    for (int ox = -r.x; ox <= r.x; ++ox) {
                        ivec4 o = ivec4(ox, oy, oz, ow);
                        if (R >= 2 && gln_cell_inner(o, R)) continue;
                        if (gln_cell_box_key(o, f, dims, metric, jitter, exponent) >= farKey + GLN_CELL_MARGIN) continue;
                        gln_cell_smooth_point(base, o, f, period, world, dims, metric, jitter, exponent, smoothness, a, wp, g);
                    }
    }
    GLN_PRECISE float value = a.x - smoothness * log(wp.x);
    GLN_PRECISE float k = 1.0f + wp.y / wp.x;
    GLN_PRECISE vec4 result = vec4(value, a.y * k - g.x / wp.x, a.z * k - g.y / wp.x, a.w * k - g.z / wp.x);
    return result;
}

// Cellular noise at cell + p over the first dims axes (the others 0): (value, gradient
// in x, y, z). period and world as in glnoise/lattice.glsl.
vec4 gln_cellular(ivec4 cell, vec4 p, ivec4 period, ivec4 world, int dims, int ret, int metric, float jitter, float exponent,
                  float smoothness) {
    vec4 pf = floor(p);
    ivec4 base = cell + ivec4(pf);
    GLN_PRECISE vec4 f = p - pf;
    bool around = ret == GLN_CELL_EDGE || ret == GLN_CELL_RADIUS;
    GlnNearest s = gln_cell_search(base, f, period, world, dims, around ? GLN_CELL_EUCLIDEAN : metric, jitter, exponent,
                                   gln_cell_rank(ret));
    if (ret == GLN_CELL_VALUE) return vec4(gln_height(s.h1), 0.0f, 0.0f, 0.0f);
    if (around) return gln_cell_edge(s, base, f, period, world, dims, jitter, ret == GLN_CELL_RADIUS);
    if (ret == GLN_CELL_SMOOTH_F1) return gln_cell_smooth(s, base, f, period, world, dims, metric, jitter, exponent, smoothness);
    if (ret == GLN_CELL_F3) return gln_cell_distance(s.k3, s.v3, metric, exponent);
    if (ret == GLN_CELL_F4) return gln_cell_distance(s.k4, s.v4, metric, exponent);
    vec4 a = gln_cell_distance(s.k1, s.v1, metric, exponent);
    if (ret == GLN_CELL_F1) return a;
    vec4 b = gln_cell_distance(s.k2, s.v2, metric, exponent);
    if (ret == GLN_CELL_F2) return b;
    if (ret == GLN_CELL_F1_PLUS_F2) {
        GLN_PRECISE vec4 t = a + b;
        return t;
    }
    if (ret == GLN_CELL_F1_TIMES_F2) {
        GLN_PRECISE vec4 t = vec4(a.x * b.x, a.y * b.x + b.y * a.x, a.z * b.x + b.z * a.x, a.w * b.x + b.w * a.x);
        return t;
    }
    if (ret == GLN_CELL_F1_OVER_F2) {
        // F2 > 0: no two feature points coincide.
        GLN_PRECISE float bb = b.x * b.x;
        GLN_PRECISE vec4 t = vec4(a.x / b.x, (a.y * b.x - b.y * a.x) / bb, (a.z * b.x - b.z * a.x) / bb, (a.w * b.x - b.w * a.x) / bb);
        return t;
    }
    GLN_PRECISE vec4 d = b - a;
    return d;
}

float gln_cellular1(int cell, float p, int period, int ret, int metric, float jitter, float exponent, float smoothness,
                    int world) {
    return gln_cellular(ivec4(cell, 0, 0, 0), vec4(p, 0.0f, 0.0f, 0.0f), ivec4(period, 0, 0, 0), ivec4(world, 0, 0, 0), 1, ret,
                        metric, jitter, exponent, smoothness).x;
}

vec3 gln_cellular2(ivec2 cell, vec2 p, ivec2 period, int ret, int metric, float jitter, float exponent, float smoothness,
                   ivec2 world) {
    vec4 c = gln_cellular(ivec4(cell, 0, 0), vec4(p, 0.0f, 0.0f), ivec4(period, 0, 0), ivec4(world, 0, 0), 2, ret, metric, jitter,
                          exponent, smoothness);
    return vec3(c.x, c.y, c.z);
}

vec4 gln_cellular3(ivec3 cell, vec3 p, ivec3 period, int ret, int metric, float jitter, float exponent, float smoothness,
                   ivec3 world) {
    return gln_cellular(ivec4(cell, 0), vec4(p, 0.0f), ivec4(period, 0), ivec4(world, 0), 3, ret, metric, jitter, exponent,
                        smoothness);
}

float gln_cellular4(ivec4 cell, vec4 p, ivec4 period, int ret, int metric, float jitter, float exponent, float smoothness,
                    ivec4 world) {
    return gln_cellular(cell, p, period, world, 4, ret, metric, jitter, exponent, smoothness).x;
}

// The forms without an exponent and a smoothness take GLN_CELL_EXPONENT's and
// GLN_CELL_SMOOTHNESS's.
float gln_cellular1(int cell, float p, int period, int ret, int metric, float jitter, int world) {
    return gln_cellular1(cell, p, period, ret, metric, jitter, GLN_CELL_EXPONENT, GLN_CELL_SMOOTHNESS, world);
}

vec3 gln_cellular2(ivec2 cell, vec2 p, ivec2 period, int ret, int metric, float jitter, ivec2 world) {
    return gln_cellular2(cell, p, period, ret, metric, jitter, GLN_CELL_EXPONENT, GLN_CELL_SMOOTHNESS, world);
}

vec4 gln_cellular3(ivec3 cell, vec3 p, ivec3 period, int ret, int metric, float jitter, ivec3 world) {
    return gln_cellular3(cell, p, period, ret, metric, jitter, GLN_CELL_EXPONENT, GLN_CELL_SMOOTHNESS, world);
}

float gln_cellular4(ivec4 cell, vec4 p, ivec4 period, int ret, int metric, float jitter, ivec4 world) {
    return gln_cellular4(cell, p, period, ret, metric, jitter, GLN_CELL_EXPONENT, GLN_CELL_SMOOTHNESS, world);
}

float gln_cellular1(int cell, float p, int period, int ret, int metric, float jitter) {
    return gln_cellular1(cell, p, period, ret, metric, jitter, -1);
}

vec3 gln_cellular2(ivec2 cell, vec2 p, ivec2 period, int ret, int metric, float jitter) {
    return gln_cellular2(cell, p, period, ret, metric, jitter, ivec2(-1, -1));
}

vec4 gln_cellular3(ivec3 cell, vec3 p, ivec3 period, int ret, int metric, float jitter) {
    return gln_cellular3(cell, p, period, ret, metric, jitter, ivec3(-1, -1, -1));
}

float gln_cellular4(ivec4 cell, vec4 p, ivec4 period, int ret, int metric, float jitter) {
    return gln_cellular4(cell, p, period, ret, metric, jitter, ivec4(-1, -1, -1, -1));
}

float gln_cellular1(float p, int ret, int metric, float jitter) {
    return gln_cellular1(0, p, 0, ret, metric, jitter);
}

float gln_cellular2(vec2 p, int ret, int metric, float jitter) {
    return gln_cellular2(ivec2(0, 0), p, ivec2(0, 0), ret, metric, jitter).x;
}

vec3 gln_cellular2_deriv(vec2 p, int ret, int metric, float jitter) {
    return gln_cellular2(ivec2(0, 0), p, ivec2(0, 0), ret, metric, jitter);
}

float gln_cellular3(vec3 p, int ret, int metric, float jitter) {
    return gln_cellular3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), ret, metric, jitter).x;
}

vec4 gln_cellular3_deriv(vec3 p, int ret, int metric, float jitter) {
    return gln_cellular3(ivec3(0, 0, 0), p, ivec3(0, 0, 0), ret, metric, jitter);
}

float gln_cellular4(vec4 p, int ret, int metric, float jitter) {
    return gln_cellular4(ivec4(0, 0, 0, 0), p, ivec4(0, 0, 0, 0), ret, metric, jitter);
}

float gln_cellular1(float p) {
    return gln_cellular1(p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f);
}

float gln_cellular2(vec2 p) {
    return gln_cellular2(p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f);
}

float gln_cellular3(vec3 p) {
    return gln_cellular3(p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f);
}

float gln_cellular4(vec4 p) {
    return gln_cellular4(p, GLN_CELL_F1, GLN_CELL_EUCLIDEAN, 1.0f);
}

#endif  // GLNOISE_CELLULAR_GLSL
