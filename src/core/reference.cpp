#include "core/reference.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "glnoise/cpu.hpp"

namespace glnoise::cpu {

OctaveSet octaveSet(const NoiseSpec& spec) {
    OctaveSet set;
    double frequency = spec.frequency;
    double amplitude = 1.0;
    for (int i = 0; i < spec.octaves; ++i) {
        set.frequency.push_back(frequency);
        set.amplitude.push_back(static_cast<float>(amplitude));
        frequency *= spec.lacunarity;
        amplitude *= spec.gain;
    }
    set.divisor = spec.normalize ? static_cast<float>(spec.amplitudeSum()) : 1.0f;
    return set;
}

OctaveFrame octaveFrame(double frequency, const std::array<double, 3>& origin) {
    OctaveFrame f{};
    for (int a = 0; a < 3; ++a) {
        const double q = frequency * origin[static_cast<std::size_t>(a)];
        const double fl = std::floor(q);
        double cell = std::fmod(fl, 256.0);
        if (cell < 0.0) cell += 256.0;
        f.cell[a] = static_cast<std::int32_t>(cell);
        f.frac[a] = static_cast<float>(q - fl);
    }
    f.cell[3] = 0;
    f.frac[3] = static_cast<float>(frequency);
    return f;
}

std::array<double, 3> gridOrigin(const NoiseSpec& spec) {
    std::array<double, 3> o = spec.offset;
    if (spec.dims == 3) o[2] += spec.z;
    return o;
}

std::array<double, 3> pointOrigin(const NoiseSpec& spec, const std::array<double, 3>& point) {
    const std::array<double, 3> o = gridOrigin(spec);
    return {o[0] + point[0], o[1] + point[1], spec.dims == 3 ? o[2] + point[2] : 0.0};
}

void appendOctaveFrames(const OctaveSet& set, const std::array<double, 3>& origin,
                        std::vector<OctaveFrame>& out) {
    for (double f : set.frequency) out.push_back(octaveFrame(f, origin));
}

std::vector<OctaveFrame> octaveFrames(const OctaveSet& set, const std::array<double, 3>& origin) {
    std::vector<OctaveFrame> frames;
    appendOctaveFrames(set, origin, frames);
    return frames;
}

namespace {

// One octave of noise.comp / eval.comp's loop.
float octave(const Permutation& P, int dims, const OctaveFrame& o, glm::vec3 s) {
    glm::vec3 p = glm::vec3(o.frac[0], o.frac[1], o.frac[2]) + o.frac[3] * s;
    if (dims == 2)
        return gln_perlin2(P, glm::ivec2(o.cell[0], o.cell[1]), glm::vec2(p.x, p.y));
    return gln_perlin3(P, glm::ivec3(o.cell[0], o.cell[1], o.cell[2]), p);
}

}  // namespace

Image evaluate(const NoiseSpec& spec, const Grid& grid, unsigned threads) {
    spec.validate();
    grid.validate();
    const Permutation P = Permutation::forSeed(spec.seed);
    const OctaveSet set = octaveSet(spec);
    const std::vector<OctaveFrame> frames = octaveFrames(set, gridOrigin(spec));

    Image image(grid.width, grid.height, grid.depth);
    const int rows = grid.height * grid.depth;
    auto work = [&](int firstRow, int endRow) {
        for (int r = firstRow; r < endRow; ++r) {
            const int y = r % grid.height;
            const int z = r / grid.height;
            float* out = &image.data[image.index(0, y, z)];
            for (int x = 0; x < grid.width; ++x) {
                glm::vec3 s = glm::vec3(glm::ivec3(x, y, z));
                float sum = 0.0f;
                for (int i = 0; i < spec.octaves; ++i)
                    sum += set.amplitude[static_cast<std::size_t>(i)] *
                           octave(P, spec.dims, frames[static_cast<std::size_t>(i)], s);
                out[x] = sum / set.divisor;
            }
        }
    };
    unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    n = std::min<unsigned>(n, static_cast<unsigned>(rows));
    if (n <= 1) {
        work(0, rows);
        return image;
    }
    // Interleaved bands of rows keep the threads busy evenly without a queue.
    constexpr int kBand = 8;
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < n; ++t)
        pool.emplace_back([&, t] {
            for (int r = static_cast<int>(t) * kBand; r < rows; r += static_cast<int>(n) * kBand)
                work(r, std::min(rows, r + kBand));
        });
    for (auto& th : pool) th.join();
    return image;
}

std::vector<float> evaluatePoints(const NoiseSpec& spec,
                                  const std::vector<std::array<double, 3>>& points) {
    spec.validate();
    const Permutation P = Permutation::forSeed(spec.seed);
    const OctaveSet set = octaveSet(spec);
    std::vector<float> values;
    values.reserve(points.size());
    for (const auto& pt : points) {
        const std::array<double, 3> o = pointOrigin(spec, pt);
        float sum = 0.0f;
        for (int i = 0; i < spec.octaves; ++i)
            sum += set.amplitude[static_cast<std::size_t>(i)] *
                   octave(P, spec.dims, octaveFrame(set.frequency[static_cast<std::size_t>(i)], o),
                          glm::vec3(0.0f));
        values.push_back(sum / set.divisor);
    }
    return values;
}

double evaluateDouble(const NoiseSpec& spec, const Permutation& table,
                      const std::array<double, 3>& p) {
    spec.validate();
    const std::array<double, 3> o = pointOrigin(spec, p);
    const glm::dvec3 q(o[0], o[1], o[2]);
    double sum = 0.0;
    double frequency = spec.frequency;
    double amplitude = 1.0;
    for (int i = 0; i < spec.octaves; ++i) {
        const glm::dvec3 x = frequency * q;
        sum += amplitude * (spec.dims == 2 ? gln_perlin2(table, glm::dvec2(x.x, x.y))
                                           : gln_perlin3(table, x));
        frequency *= spec.lacunarity;
        amplitude *= spec.gain;
    }
    return spec.normalize ? sum / spec.amplitudeSum() : sum;
}

float perlin3(const Permutation& table, float x, float y, float z) {
    return gln_perlin3(table, glm::vec3(x, y, z));
}

float perlin2(const Permutation& table, float x, float y) {
    return gln_perlin2(table, glm::vec2(x, y));
}

float fbm3(const Permutation& table, float x, float y, float z, int octaves, float lacunarity, float gain) {
    return gln_fbm3(table, glm::vec3(x, y, z), octaves, lacunarity, gain);
}

float fbm2(const Permutation& table, float x, float y, int octaves, float lacunarity, float gain) {
    return gln_fbm2(table, glm::vec2(x, y), octaves, lacunarity, gain);
}

}  // namespace glnoise::cpu
