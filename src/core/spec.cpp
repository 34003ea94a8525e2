#include "glnoise/spec.hpp"

#include <charconv>
#include <cmath>
#include <vector>

#include "core/format.hpp"
#include "glnoise/error.hpp"

namespace glnoise {

namespace {

// Beyond this many lattice cells per sample unit in the highest octave, octaves only
// alias and float32 sample coordinates lose their fraction.
constexpr double kMaxOctaveFrequency = 65536.0;

// Measured bounds of improved Perlin noise (README, "Ranges"): the 3D bound is the known
// maximum of Ken Perlin's gradient set; the 2D bound is reached at cell centres.
constexpr double kPerlin2Bound = 1.0;
constexpr double kPerlin3Bound = 1.0363;

bool finitePositive(double v) { return std::isfinite(v) && v > 0.0; }

}  // namespace

double perlinBound(int dims) { return dims == 2 ? kPerlin2Bound : kPerlin3Bound; }

void NoiseSpec::validate() const {
    std::vector<std::string> v;
    if (dims != 2 && dims != 3)
        v.push_back("dims " + std::to_string(dims) + ": must be 2 or 3");
    if (!finitePositive(frequency))
        v.push_back("frequency " + formatNumber(frequency) + ": must be a finite number > 0");
    if (octaves < 1 || octaves > kMaxOctaves)
        v.push_back("octaves " + std::to_string(octaves) + ": must be between 1 and " +
                    std::to_string(kMaxOctaves));
    if (!finitePositive(lacunarity))
        v.push_back("lacunarity " + formatNumber(lacunarity) + ": must be a finite number > 0");
    if (!(std::isfinite(gain) && gain >= 0.0))
        v.push_back("gain " + formatNumber(gain) + ": must be a finite number >= 0");
    if (!std::isfinite(offset[0]) || !std::isfinite(offset[1]) || !std::isfinite(offset[2]))
        v.push_back("offset " + formatNumber(offset[0]) + "," + formatNumber(offset[1]) + "," +
                    formatNumber(offset[2]) + ": every component must be finite");
    if (!std::isfinite(z))
        v.push_back("z " + formatNumber(z) + ": must be finite");
    else if (z != 0.0 && dims == 2)
        v.push_back("z " + formatNumber(z) + ": needs dims 3 (a z-slice of 3D noise)");
    if (v.empty()) {
        const double highest = frequency * std::pow(lacunarity, octaves - 1);
        if (!(highest <= kMaxOctaveFrequency))
            v.push_back("frequency " + formatNumber(frequency) + " with lacunarity " +
                        formatNumber(lacunarity) + " and " + std::to_string(octaves) +
                        " octaves: the highest octave's frequency " + formatNumber(highest) +
                        " must be at most " + formatNumber(kMaxOctaveFrequency) +
                        " cells per sample unit");
    }
    if (!v.empty()) throw ValidationError(std::move(v));
}

double NoiseSpec::amplitudeSum() const {
    double sum = 0.0;
    double amp = 1.0;
    for (int i = 0; i < octaves; ++i) {
        sum += amp;
        amp *= gain;
    }
    return sum;
}

ValueRange NoiseSpec::statedRange() const {
    const double bound = perlinBound(dims) * (normalize ? 1.0 : amplitudeSum());
    return {-bound, bound};
}

void Grid::validate() const {
    std::vector<std::string> v;
    const char* names[3] = {"width", "height", "depth"};
    const int edges[3] = {width, height, depth};
    for (int i = 0; i < 3; ++i)
        if (edges[i] < 1 || edges[i] > kMaxEdge)
            v.push_back("size " + toString(*this) + ": " + names[i] + " " +
                        std::to_string(edges[i]) + " must be between 1 and " +
                        std::to_string(kMaxEdge));
    if (v.empty() && texels() > kMaxTexels)
        v.push_back("size " + toString(*this) + ": " + std::to_string(texels()) +
                    " texels; at most " + std::to_string(kMaxTexels) +
                    " (1 GiB of float32) fit in one bake");
    if (!v.empty()) throw ValidationError(std::move(v));
}

Grid parseSize(const std::string& text) {
    const std::string allowed = "must be WxH or WxHxD with each edge between 1 and " +
                                std::to_string(kMaxEdge);
    std::vector<long long> edges;
    std::size_t pos = 0;
    while (true) {
        const std::size_t x = text.find('x', pos);
        const std::string part = text.substr(pos, x == std::string::npos ? x : x - pos);
        long long value = 0;
        auto res = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || res.ec != std::errc() || res.ptr != part.data() + part.size())
            throw ValidationError("size " + text + ": " + allowed);
        edges.push_back(value);
        if (x == std::string::npos) break;
        pos = x + 1;
    }
    if (edges.size() < 2 || edges.size() > 3) throw ValidationError("size " + text + ": " + allowed);
    for (long long e : edges)
        if (e < 1 || e > kMaxEdge) throw ValidationError("size " + text + ": " + allowed);
    Grid g;
    g.width = static_cast<int>(edges[0]);
    g.height = static_cast<int>(edges[1]);
    g.depth = edges.size() == 3 ? static_cast<int>(edges[2]) : 1;
    g.validate();
    return g;
}

std::string toString(const Grid& grid) {
    std::string s = std::to_string(grid.width) + "x" + std::to_string(grid.height);
    if (grid.isVolume()) s += "x" + std::to_string(grid.depth);
    return s;
}

}  // namespace glnoise
