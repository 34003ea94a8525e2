// SPDX-License-Identifier: MIT
// glnoise/spec.hpp: what to compute (NoiseSpec) and where (Grid).
//
//   glnoise::NoiseSpec spec;          // 2D improved Perlin, Ken Perlin's table
//   spec.octaves = 8;                 // fBm: sum of gain^i * noise(frequency * lacunarity^i * p)
//   spec.basis = glnoise::Basis::Simplex;
//   spec.fractal = glnoise::Fractal::Ridged;
//   spec.seed = 42;                   // a shuffled table instead of Ken Perlin's
//   spec.validate();                  // throws ValidationError listing every violation
//
// Sample space: texel (i, j, k) of a grid samples the point
//   p = offset + (i, j, k)            (dims 3 adds z to p.z: a 2D texture is then a z-slice;
//                                      dims 4 samples (p, w); dims 1 uses p.x alone)
// and the noise sees frequency * lacunarity^i * p for octave i. Offsets are kept in double
// on the host, so a tile far from the origin is as exact as one at the origin.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace glnoise {

// The largest value --octaves accepts.
inline constexpr int kMaxOctaves = 32;
// The largest edge glnoise accepts before asking the GL driver (which may allow less).
inline constexpr int kMaxEdge = 16384;
// The most texels one texture holds: 1 GiB of float32 (glnoise bake cuts larger bakes into tiles).
inline constexpr std::int64_t kMaxTexels = std::int64_t{1} << 28;

// The largest lattice period a spec accepts, in cells, at any octave.
inline constexpr int kMaxPeriod = 1 << 20;

struct ValueRange {
    double min = -1.0;
    double max = 1.0;
};

// The noise at each lattice octave (docs/noise.md): Perlin (improved gradient noise, 2002),
// Classic (the cubic fade of 1985), Value (random lattice heights blended by `curve`),
// PerlinValue (gradients plus heights), Simplex, ... One enumerator per row of
// glnoise/bases.def, which also gives each its name, dimensions and bound (glnoise/catalogue.hpp).
enum class Basis {
#define GLNOISE_BASIS(enumerator, ...) enumerator,
#include "glnoise/bases.def"
#undef GLNOISE_BASIS
};

// How lattice values are blended along an axis (value noise; the others fix their own).
enum class Curve { Linear, Cosine, Cubic, Quintic };

enum class Fractal {
    Fbm,         // sum gain^i n_i
    Turbulence,  // sum gain^i |n_i|
    Billow,      // sum gain^i (2 |n_i| - 1)
    Ridged,      // Musgrave's ridged multifractal: sum gain^i (offset - |n_i|)^2 weight_i
};

enum class Output {
    Value,     // the noise
    Gradient,  // the noise and its gradient per sample unit (4 channels: v, d/dx, d/dy, d/dz)
    Normal,    // a tangent-space normal of the heightmap heightScale * noise (nx, ny, nz, v)
};

enum class Pattern {
    None,
    Marble,  // sin(x + patternScale * noise), x in cells of the base frequency
    Wood,    // sin(sqrt(x^2 + y^2) + patternScale * noise)
    Clouds,  // the turbulence fractal (needs fractal Turbulence)
};

// What cellular noise returns (glnoise/cellular.glsl): the distance to the nearest feature
// point (F1), to the second nearest (F2), their difference, the nearest point's cell value
// in [-1, 1], the Euclidean distance to the nearest edge between cells, F1 + F2, F1 F2,
// F1 / F2, the distance to the third (F3) and fourth (F4) nearest, the radius of the
// n-sphere inscribed in the nearest point's cell, or F1 with its creases rounded (a smooth
// minimum of every distance, of smoothness cellSmoothness).
enum class CellReturn { F1, F2, F2MinusF1, CellValue, Edge, F1PlusF2, F1TimesF2, F1OverF2, F3, F4, Radius, SmoothF1 };

// How cellular noise measures distance: Minkowski's is (sum |d_i|^e)^(1/e) with the exponent
// e = cellExponent >= 1 (1 Manhattan, 2 Euclidean, nearing Chebyshev as e grows).
enum class CellDistance { Euclidean, EuclideanSquared, Manhattan, Chebyshev, Minkowski };

// Whether cellular noise returning `ret` is measured only in Euclidean distance (edge,
// n-sphere-radius): a spec giving it another distance is refused.
bool isEuclideanOnly(CellReturn ret);

// The names the command line, JSON and the README use: "perlin", "perlin-value", ...
const char* toString(Basis b);
const char* toString(Curve c);
const char* toString(Fractal f);
const char* toString(Output o);
const char* toString(Pattern p);
const char* toString(CellReturn r);
const char* toString(CellDistance d);
// Throws ValidationError "<what> <text>: allowed: a, b, c".
Basis parseBasis(const std::string& text);
Curve parseCurve(const std::string& text);
Fractal parseFractal(const std::string& text);
Output parseOutput(const std::string& text);
Pattern parsePattern(const std::string& text);
CellReturn parseCellReturn(const std::string& text);
CellDistance parseCellDistance(const std::string& text);

struct NoiseSpec {
    int dims = 2;                       // 1 to 4 (simplex: 2 or 3): the dimension of the noise
    Basis basis = Basis::Perlin;
    Curve interp = Curve::Quintic;      // Value basis only
    Fractal fractal = Fractal::Fbm;
    double frequency = 1.0 / 64.0;      // finite, > 0: lattice cells per sample unit (texel)
    int octaves = 1;                    // [1, kMaxOctaves]: 1 is plain noise
    double lacunarity = 2.0;            // finite, > 0 (an integer with a period): frequency ratio
    double gain = 0.5;                  // finite, >= 0: amplitude ratio between octaves
    double ridgeOffset = 1.0;           // finite, Ridged only
    double ridgeGain = 2.0;             // finite, >= 0, Ridged only
    bool normalize = false;             // divide the sum by sum_{i<octaves} gain^i
    // Turn octave i's domain by R^i, R a fixed rotation by the golden angle (octaveRotation),
    // so that the octaves' lattices never line up: no creases along the lattice's axes and
    // diagonals. Dims 2 to 4; not with a period (a turned lattice does not repeat along the axes).
    bool rotate = false;
    std::optional<std::uint64_t> seed;  // none: Ken Perlin's table; else a shuffled one
    // Hash the whole lattice coordinate (modulo 2^32 cells), every axis together, into the
    // table instead of the table's own 256 cells per axis: the noise never repeats within
    // 2^32 cells (a world) where off it repeats every 256 cells of the lowest octave. Off by
    // default (Ken Perlin's hash). With a period, the periodic axes still repeat; not with
    // a period for Psrdnoise (its skewed lattice reduces its axes together).
    bool worldHash = false;
    // Lattice period per axis (x, y, z, w) at octave 0, in cells; 0: none. Octave i uses
    // period * lacunarity^i. [0, kMaxPeriod], no more axes than dims; not for Simplex.
    std::array<int, 4> period{};
    std::array<double, 3> offset{};     // finite: the point texel (0,0,0) samples
    double z = 0.0;                     // finite, dims 3 and 4 only: the z of a 2D slice
    double w = 0.0;                     // finite, dims 4 only: the fourth coordinate
    Output output = Output::Value;      // Gradient and Normal: dims 2 or 3, fractal Fbm, no warp
    double heightScale = 1.0;           // finite: Normal's heightmap scale (per sample unit)
    // Domain warping: p + warpAmount / frequency * w(p), w = (fbm(p + a), fbm(p + b), ...)
    // normalized by its amplitude sum, of the same basis at warpFrequency with warpOctaves.
    double warpAmount = 0.0;            // finite: displacement in cells of `frequency`; 0: none
    int warpOctaves = 4;                // [1, kMaxOctaves]
    double warpFrequency = 0.0;         // finite, >= 0: cells per sample unit; 0: `frequency`
    int warpDepth = 1;                  // 1 or 2: warp once, or warp the warped point again
    Pattern pattern = Pattern::None;
    double patternScale = 5.0;          // finite: k of marble and wood
    // Cellular noise (Basis::Cellular) only: what it returns, its distance, and how far its
    // feature points stray from their cells' centres, [0, 1], the Minkowski distance's
    // exponent, [1, 64], and smooth F1's smoothness, [0, 0.25]. Edge needs Euclidean.
    CellReturn cellReturn = CellReturn::F1;
    CellDistance cellDistance = CellDistance::Euclidean;
    double cellJitter = 1.0;
    double cellExponent = 3.0;
    double cellSmoothness = 0.1;

    // Throws ValidationError with one entry per violated field, each of the form
    // "<field> <value>: <what is allowed>".
    void validate() const;

    // sum_{i<octaves} gain^i
    double amplitudeSum() const;

    // The range one octave of the basis is stated to lie in: [-B, B] with B its stated bound
    // (basisBound) for the lattice bases and simplex; for cellular noise, that of its return
    // and distance in these dimensions (docs/noise.md: measured).
    ValueRange basisRange() const;

    // The range the values are stated to lie in, from basisRange() [lo, hi] and the amplitude
    // sum S (1 when normalized); with |n| in [a, M] (a = 0 when lo <= 0 <= hi): fBm
    // [lo S, hi S], turbulence [a S, M S], billow [(2a - 1) S, (2M - 1) S], ridged
    // [0, max(|offset - a|, |offset - M|)^2 S]; marble and wood [-1, 1].
    ValueRange statedRange() const;

    // The warp's frequency: warpFrequency, or frequency when that is 0.
    double effectiveWarpFrequency() const { return warpFrequency > 0.0 ? warpFrequency : frequency; }
    // How many of the octaves have frequency * lacunarity^i <= 0.5 cells per sample unit,
    // the Nyquist limit of a grid with unit texel spacing (at least 1). Octaves above it
    // only alias.
    int usefulOctaves() const;
};

// The stated bound of |basis| in `dims` dimensions (docs/noise.md: measured), with the
// table's hash or the world hash (NoiseSpec::worldHash), whose arrangements of the same
// gradients reach further for some bases. Cellular noise's is that of F1 with Euclidean
// distance; cellularBound gives every other.
double basisBound(Basis basis, int dims, bool worldHash = false);
// The stated bound of cellular noise returning `ret` under `distance` (docs/noise.md: measured;
// smooth F1's upper one, F1's).
double cellularBound(CellReturn ret, CellDistance distance, int dims, bool worldHash = false);
// How many feature points may count in smooth F1's sum W: those within F1 + 10 smoothness of
// the sample, each in a cell of its own. Smooth F1 is at least -smoothness ln W, and its
// slope at most 1 + 1.5 e^-8 W (docs/noise.md).
double smoothF1Points(CellDistance distance, int dims, double smoothness, bool worldHash = false);

struct Grid {
    int width = 1;   // [1, kMaxEdge] and the driver's GL_MAX_TEXTURE_SIZE
    int height = 1;  // [1, kMaxEdge]
    int depth = 1;   // [1, kMaxEdge] and GL_MAX_3D_TEXTURE_SIZE; 1: a 2D texture

    bool isVolume() const noexcept { return depth > 1; }
    std::int64_t texels() const noexcept {
        return std::int64_t{width} * height * depth;
    }
    // Throws ValidationError naming the edge or the texel count that is out of range.
    void validate() const;
};

// Where a grid lies in the unbounded world of texels: texel (i, j, k) of the grid is world
// texel start + (i, j, k) and samples offset + start + (i, j, k) (see NoiseSpec). A value
// depends on its world texel alone, never on how the world is cut into grids, so tiles
// baked apart equal one bake of the whole, texel for texel (docs/command-line.md, "World tiles").
using TexelStart = std::array<std::int64_t, 3>;

// The largest |world texel| on any axis: 2^52, where doubles still hold every texel and
// every half texel.
inline constexpr std::int64_t kMaxWorldTexel = std::int64_t{1} << 52;

// Throws ValidationError when a grid at `start` reaches beyond kMaxWorldTexel.
void validateStart(const TexelStart& start, const Grid& grid);

// "WxH" or "WxHxD", each a decimal integer from 1 to maxEdge; with the default maxEdge the
// grid is also Grid::validate()d (one texture). Throws ValidationError.
Grid parseSize(const std::string& text, int maxEdge = kMaxEdge);

// A human-readable "512x512" or "64x64x64".
std::string toString(const Grid& grid);

}  // namespace glnoise
