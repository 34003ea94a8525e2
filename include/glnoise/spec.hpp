// glnoise/spec.hpp: what to compute (NoiseSpec) and where (Grid).
//
//   glnoise::NoiseSpec spec;          // 2D improved Perlin, Ken Perlin's table
//   spec.octaves = 8;                 // fBm: sum of gain^i * noise(frequency * lacunarity^i * p)
//   spec.seed = 42;                   // a shuffled table instead of Ken Perlin's
//   spec.validate();                  // throws ValidationError listing every violation
//
// Sample space: texel (i, j, k) of a grid samples the point
//   p = offset + (i, j, k)            (dims 3 adds z to p.z: a 2D texture is then a z-slice)
// and the noise sees frequency * lacunarity^i * p for octave i. Offsets are kept in double
// on the host, so a tile far from the origin is as exact as one at the origin.
//
// Not here: tileable periods, other bases and fractal types (later versions).
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
// The most texels one bake holds: 1 GiB of float32.
inline constexpr std::int64_t kMaxTexels = std::int64_t{1} << 28;

struct ValueRange {
    double min = -1.0;
    double max = 1.0;
};

struct NoiseSpec {
    int dims = 2;                       // 2 or 3: the dimension of the noise
    double frequency = 1.0 / 64.0;      // finite, > 0: lattice cells per sample unit (texel)
    int octaves = 1;                    // [1, kMaxOctaves]: 1 is plain noise
    double lacunarity = 2.0;            // finite, > 0: frequency ratio between octaves
    double gain = 0.5;                  // finite, >= 0: amplitude ratio between octaves
    bool normalize = false;             // divide the sum by sum_{i<octaves} gain^i
    std::optional<std::uint64_t> seed;  // none: Ken Perlin's table; else a shuffled one
    std::array<double, 3> offset{};     // finite: the point texel (0,0,0) samples
    double z = 0.0;                     // finite, dims 3 only: the z of a 2D slice

    // Throws ValidationError with one entry per violated field, each of the form
    // "<field> <value>: <what is allowed>".
    void validate() const;

    // sum_{i<octaves} gain^i
    double amplitudeSum() const;

    // The range the values are stated to lie in (DESIGN: ranges are stated, not assumed):
    // the basis bound times amplitudeSum(), or the basis bound alone when normalized.
    ValueRange statedRange() const;
};

// The basis bound of improved Perlin noise in 2 or 3 dimensions (README, "Ranges").
double perlinBound(int dims);

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

// "WxH" or "WxHxD", each a positive decimal integer. Throws ValidationError.
Grid parseSize(const std::string& text);

// A human-readable "512x512" or "64x64x64".
std::string toString(const Grid& grid);

}  // namespace glnoise
