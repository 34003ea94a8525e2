// SPDX-License-Identifier: MIT
// The frame planner (core/frames.cpp): for each octave, the frame (lattice cell and
// fraction, modulo the period or 256) of an origin the host computes in double, in the
// basis's own coordinates (the mirror's gln_basis_space in double); the anchors a grid's
// texels are sampled from; and the sampler's parameters (mirror/sampler.def) for a spec.
// The GPU generator and the CPU reference both use it, so their agreement cannot show a
// fault in it: the golden tests and the tiles tests check it directly. Internal.
#pragma once

#include <array>
#include <vector>

#include "glnoise/spec.hpp"
#include "mirror/sample.hpp"

namespace glnoise::cpu {

// The rotation spec.rotate turns each octave by, row-major 4x4 (the identity beyond dims):
// the golden angle theta = pi (3 - sqrt 5) in the plane in 2D; about the axis (1, 2, 3) / sqrt 14
// in 3D (Rodrigues); in 4D the planes xy and zw by theta, then xz and yw by theta.
std::array<double, 16> octaveRotation(int dims);
// a b, row-major 4x4.
std::array<double, 16> matrixProduct(const std::array<double, 16>& a, const std::array<double, 16>& b);

// The sampler's parameters for spec (T: float for the GPU and the reference, double for
// the oracle).
template <class T>
SampleParams<T> sampleParams(const NoiseSpec& spec);

// The frames of one point whose texel (0,0,0) samples `origin` (x, y, z, w).
template <class T>
void appendFrames(const NoiseSpec& spec, const std::array<double, 4>& origin, std::vector<GlnFrame<T>>& out);

// One frame of `basis` for the noise-space point q = frequency * origin (double), with a
// lattice period per axis (0: none) and the world hash or not; scale.x is the frequency.
// A graph's leaves take theirs from it (graph/plan.cpp).
template <class T>
GlnFrame<T> latticeFrame(const std::array<double, 4>& q, Basis basis, int dims, double frequency,
                         const std::array<long long, 4>& period, bool world);

// The origin of world texel (0,0,0): offset, plus z for dims 3 and 4, and w for dims 4.
std::array<double, 4> gridOrigin(const NoiseSpec& spec);

// Anchors make a texel's value independent of how the world is cut into grids. World
// texel g takes the frames of its anchor, the world texel a = floor(g / kAnchor) * kAnchor
// (origin gridOrigin + a, in double), and the sample offset s = g - a, an integer below
// kAnchor that float32 holds exactly. GLN_ANCHOR in shaders/noise.comp.
inline constexpr int kAnchor = 256;
// 2 pi in double, for the frames of the marble and wood patterns (their phase is reduced
// modulo it on the host).
inline constexpr double kTwoPi = 6.283185307179586;

// The frame of marble's stripes or wood's rings at the pattern's point (x, y) = frequency
// times the origin, in double: marble's frac (x modulo 2 pi, y), wood's (x, y, the radius
// modulo 2 pi, the radius), so that the phase stays exact far from the origin (mirror/
// sample.hpp's pattern frame, gln_wood_from). A spec's pattern and the graph's marble and
// wood nodes take theirs from it.
template <class T>
GlnFrame<T> patternFrame(bool marble, double x, double y);

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
