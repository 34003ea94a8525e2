// SPDX-License-Identifier: MIT
// The frame planner: for each octave, the frame (lattice cell and fraction, modulo the
// period or 256) of an origin the host computes in double; the anchors a grid's texels are
// sampled from; and the uniforms of shaders/sample.glsl. The GPU generator and the CPU
// reference both use it, so their agreement cannot show a fault in it: the golden tests
// and the tiles tests check it directly. Internal.
#pragma once

#include <array>
#include <vector>

#include "glnoise/spec.hpp"
#include "mirror/lattice.hpp"

namespace glnoise::cpu {

// One frame: freq * origin (double on the host) split into a lattice cell modulo the
// period (or 256) and a T fraction. T = float is GlnFrame in the shaders.
template <class T>
struct GlnFrame {
    ivec4 cell;
    vec4<T> frac;
    ivec4 period;
    vec4<T> scale;  // x: frequency, y: amplitude
    // frequency * M e_j: what a sample offset along axis j moves the noise-space point by,
    // M the octave's rotation (the identity unless the spec turns its octaves).
    vec4<T> axis[3];
};
static_assert(sizeof(GlnFrame<float>) == 112, "matches GlnFrame (std430) in shaders/sample.glsl");

// The rotation spec.rotate turns each octave by, row-major 4x4 (the identity beyond dims):
// the golden angle theta = pi (3 - sqrt 5) in the plane in 2D; about the axis (1, 2, 3) / sqrt 14
// in 3D (Rodrigues); in 4D the planes xy and zw by theta, then xz and yw by theta.
std::array<double, 16> octaveRotation(int dims);

// Everything gln_sample() needs besides the frames: the shaders' defines and uniforms.
template <class T>
struct SampleParams {
    int dims;
    int basis;
    int curve;
    int fractal;
    int warp;      // depth, 0: none
    int pattern;   // 0 none, 1 marble, 2 wood
    int octaveCount;
    T inverseDivisor;  // 1 / the sum of the amplitudes with --normalize, else 1: a multiply, exact on every GPU
    T ridgeOffset;
    T ridgeGain;
    int warpOctaves;
    T warpAmount;  // sample units
    T inverseWarpDivisor;
    int patternFrame;
    T patternFrequency;
    T patternScale;
    int rotate;      // 1: the frames' axes turn the sample offset
    int cellReturn;  // cellular only: GLN_CELL_* of cellular.glsl
    int cellMetric;
    T cellJitter;
    int framesPerPoint;
};

template <class T>
SampleParams<T> sampleParams(const NoiseSpec& spec);

// GLN_WARP_COMPONENTS of sample.glsl: how many coordinates a warp displaces.
inline int warpComponents(int dims) { return dims == 1 ? 1 : dims == 2 ? 2 : 3; }

// The frames of one point whose texel (0,0,0) samples `origin` (x, y, z, w).
template <class T>
void appendFrames(const NoiseSpec& spec, const std::array<double, 4>& origin, std::vector<GlnFrame<T>>& out);

// The origin of world texel (0,0,0): offset, plus z for dims 3 and 4, and w for dims 4.
std::array<double, 4> gridOrigin(const NoiseSpec& spec);

// Anchors make a texel's value independent of how the world is cut into grids. World
// texel g takes the frames of its anchor, the world texel a = floor(g / kAnchor) * kAnchor
// (origin gridOrigin + a, in double), and the sample offset s = g - a, an integer below
// kAnchor that float32 holds exactly. GLN_ANCHOR in shaders/noise.comp.
inline constexpr int kAnchor = 256;

// The anchors a grid at `start` touches: texel (i, j, k) is at startIn + (i, j, k) from
// the first anchor `first`, and its anchor's frames are block
// ((kz * count[1] + ky) * count[0] + kx) with k = (startIn + (i, j, k)) / kAnchor.
struct AnchorLayout {
    std::array<std::int64_t, 3> first;  // world texel of the first anchor
    std::array<int, 3> startIn;         // [0, kAnchor)
    std::array<int, 3> count;           // anchors per axis
    int anchors() const { return count[0] * count[1] * count[2]; }
    // The block of anchor (kx, ky, kz).
    int block(int kx, int ky, int kz) const { return (kz * count[1] + ky) * count[0] + kx; }
};
AnchorLayout anchorLayout(const Grid& grid, const TexelStart& start);

// The frames of every anchor of `layout`, block after block, framesPerPoint each.
template <class T>
void appendAnchorFrames(const NoiseSpec& spec, const AnchorLayout& layout, std::vector<GlnFrame<T>>& out);
// The origin of an eval point (its coordinates beyond dims ignored).
std::array<double, 4> pointOrigin(const NoiseSpec& spec, const std::array<double, 4>& point);

}  // namespace glnoise::cpu
