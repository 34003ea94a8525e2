// SPDX-License-Identifier: MIT
#include "core/reference.hpp"

#include "glnoise/catalogue.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

#include "core/simd.hpp"
#include "glnoise/cpu.hpp"

namespace glnoise::cpu {

namespace {

constexpr double kTwoPi = 6.283185307179586;

// The ids the shaders take, from the catalogue (a test checks them against the GLSL).
int basisId(Basis b) { return kindOf(b).glslId; }
int curveId(Curve c) { return curveKinds()[static_cast<std::size_t>(c)].glslId; }
int fractalId(Fractal f) { return fractalKinds()[static_cast<std::size_t>(f)].glslId; }

using Matrix = std::array<double, 16>;  // row-major 4x4

Matrix identity() {
    Matrix m{};
    for (int i = 0; i < 4; ++i) m[static_cast<std::size_t>(5 * i)] = 1.0;
    return m;
}

Matrix times(const Matrix& a, const Matrix& b) {
    Matrix m{};
    for (std::size_t r = 0; r < 4; ++r)
        for (std::size_t c = 0; c < 4; ++c)
            for (std::size_t k = 0; k < 4; ++k) m[4 * r + c] += a[4 * r + k] * b[4 * k + c];
    return m;
}

// A rotation by angle t in the plane of axes a and b.
Matrix planeRotation(std::size_t a, std::size_t b, double t) {
    Matrix m = identity();
    m[5 * a] = std::cos(t);
    m[4 * a + b] = -std::sin(t);
    m[4 * b + a] = std::sin(t);
    m[5 * b] = std::cos(t);
    return m;
}

// The noise-space point M q, for frequency * origin = q.
std::array<double, 4> turned(const Matrix& m, const std::array<double, 4>& q) {
    std::array<double, 4> out{};
    for (std::size_t r = 0; r < 4; ++r)
        for (std::size_t c = 0; c < 4; ++c) out[r] += m[4 * r + c] * q[c];
    return out;
}

long long floorMod(long long i, long long m) {
    const long long r = i % m;
    return r < 0 ? r + m : r;
}

template <class T>
void setScaleAndAxes(GlnFrame<T>& f, double frequency, double amplitude, const Matrix& m) {
    f.scale = vec4<T>(static_cast<T>(frequency), static_cast<T>(amplitude), T(0), T(0));
    for (std::size_t j = 0; j < 3; ++j)
        f.axis[j] = vec4<T>(static_cast<T>(frequency * m[j]), static_cast<T>(frequency * m[4 + j]),
                            static_cast<T>(frequency * m[8 + j]), static_cast<T>(frequency * m[12 + j]));
}

// psrdnoise's frame: q skewed in double (gln_psrd_skew2/3), its cell reduced to the
// congruent cell of gln_psrd_hash2/3 (the lattice point's doubled position modulo twice
// the periods, 256 where none), which hashes like the original; skewed cells do not
// reduce axis by axis.
template <class T>
GlnFrame<T> psrdFrameAt(const std::array<double, 4>& q, int dims, double frequency, double amplitude,
                        const std::array<long long, 4>& period, const Matrix& m) {
    auto per = [&](int a) { return period[static_cast<std::size_t>(a)] > 0 ? period[static_cast<std::size_t>(a)] : 256LL; };
    const std::array<double, 4> s = dims == 2 ? std::array<double, 4>{q[0] + 0.5 * q[1], q[1], 0.0, 0.0}
                                              : std::array<double, 4>{q[1] + q[2], q[0] + q[2], q[0] + q[1], 0.0};
    std::array<long long, 3> c{};
    GlnFrame<T> f{};
    for (int a = 0; a < dims; ++a) {
        const double fl = std::floor(s[static_cast<std::size_t>(a)]);
        c[static_cast<std::size_t>(a)] = static_cast<long long>(fl);
        f.frac[a] = static_cast<T>(s[static_cast<std::size_t>(a)] - fl);
    }
    if (dims == 2) {
        const long long ax = floorMod(2 * c[0] - c[1], 2 * per(0));
        const long long rv = floorMod(c[1], per(1));
        f.cell[0] = static_cast<int>((ax + rv) / 2);
        f.cell[1] = static_cast<int>(rv);
    } else {
        const long long ax = floorMod(c[1] + c[2] - c[0], 2 * per(0));
        const long long ay = floorMod(c[0] + c[2] - c[1], 2 * per(1));
        const long long az = floorMod(c[0] + c[1] - c[2], 2 * per(2));
        f.cell[0] = static_cast<int>((ay + az) / 2);
        f.cell[1] = static_cast<int>((ax + az) / 2);
        f.cell[2] = static_cast<int>((ax + ay) / 2);
    }
    for (int a = 0; a < 4; ++a) f.period[a] = static_cast<int>(period[static_cast<std::size_t>(a)]);
    setScaleAndAxes(f, frequency, amplitude, m);
    return f;
}

// One frame for the noise-space point q (double), frequency and period per axis; m is
// the octave's rotation, whose columns times the frequency are the frame's axes.
template <class T>
GlnFrame<T> frameAt(std::array<double, 4> q, Basis basis, int dims, double frequency, double amplitude,
                 const std::array<long long, 4>& period, const Matrix& m) {
    // Into the basis's own coordinates in double (gln_basis_space2..4): its lattice is
    // periodic by 256 cells there.
    const bool os2 = basis == Basis::OpenSimplex2 || basis == Basis::OpenSimplex2S;
    const bool skew = basis == Basis::Simplex || (os2 && dims == 2);
    if (skew) {
        const double F = dims == 2 ? 0.36602540378443864676 : dims == 3 ? 1.0 / 3.0 : 0.30901699437494742410;
        const int n = dims;
        double sum = 0.0;
        for (int a = 0; a < n; ++a) sum += q[static_cast<std::size_t>(a)];
        for (int a = 0; a < n; ++a) q[static_cast<std::size_t>(a)] += sum * F;
    } else if (os2 && dims == 4) {
        // gln_os2_skew4 and gln_os2s_skew4: the 3D turn for x, y, z, w along the fourth
        // axis, and the skew (OpenSimplex2S's in the lattice's other convention).
        const double wScale = basis == Basis::OpenSimplex2 ? 0.22360679774997896964 : 1.1180339887498948482;
        const double xy = q[0] + q[1], s2 = xy * -0.21132486540518711775, zz = q[2] * 0.28867513459481288225,
                     ww = q[3] * wScale, t = zz + ww + s2;
        q = {q[0] + t, q[1] + t, xy * -0.57735026918962576451 + (zz + ww), q[2] * -0.86602540378443864676 + ww};
    } else if (os2 && dims == 3) {
        // gln_os2_turn3: z onto the cube's main diagonal.
        const double r3 = 0.57735026918962576451, s3 = -0.21132486540518711775;
        const double xy = q[0] + q[1], s2 = xy * s3, zz = q[2] * r3;
        q = {q[0] + s2 + zz, q[1] + s2 + zz, xy * -r3 + zz, q[3]};
    } else if (basis == Basis::Psrdnoise) {
        return psrdFrameAt<T>(q, dims, frequency, amplitude, period, m);
    }
    GlnFrame<T> f{};
    for (int a = 0; a < 4; ++a) {
        const auto i = static_cast<std::size_t>(a);
        const double fl = std::floor(q[i]);
        const double m = period[i] > 0 ? static_cast<double>(period[i]) : 256.0;
        double cell = std::fmod(fl, m);
        if (cell < 0.0) cell += m;
        f.cell[a] = static_cast<int>(cell);
        f.frac[a] = static_cast<T>(q[i] - fl);
        f.period[a] = static_cast<int>(period[i]);
    }
    setScaleAndAxes(f, frequency, amplitude, m);
    return f;
}

}  // namespace

std::array<double, 4> gridOrigin(const NoiseSpec& spec) {
    std::array<double, 4> o = {spec.offset[0], spec.offset[1], spec.offset[2], 0.0};
    if (spec.dims >= 3) o[2] += spec.z;
    if (spec.dims == 4) o[3] = spec.w;
    return o;
}

std::array<double, 4> pointOrigin(const NoiseSpec& spec, const std::array<double, 4>& point) {
    const std::array<double, 4> o = gridOrigin(spec);
    std::array<double, 4> out{};
    for (int a = 0; a < spec.dims; ++a) out[static_cast<std::size_t>(a)] = o[static_cast<std::size_t>(a)] + point[static_cast<std::size_t>(a)];
    return out;
}

std::array<double, 16> octaveRotation(int dims) {
    const double theta = 3.14159265358979323846 * (3.0 - std::sqrt(5.0));
    if (dims == 2) return planeRotation(0, 1, theta);
    if (dims == 3) {
        const double n = std::sqrt(14.0);
        const double u[3] = {1.0 / n, 2.0 / n, 3.0 / n};
        const double c = std::cos(theta), s = std::sin(theta);
        Matrix m = identity();
        for (std::size_t r = 0; r < 3; ++r)
            for (std::size_t k = 0; k < 3; ++k) m[4 * r + k] = (r == k ? c : 0.0) + (1.0 - c) * u[r] * u[k];
        m[1] -= s * u[2];  // + sin(theta) [u]x
        m[2] += s * u[1];
        m[4] += s * u[2];
        m[6] -= s * u[0];
        m[8] -= s * u[1];
        m[9] += s * u[0];
        return m;
    }
    if (dims == 4)
        return times(times(planeRotation(0, 2, theta), planeRotation(1, 3, theta)),
                     times(planeRotation(0, 1, theta), planeRotation(2, 3, theta)));
    return identity();
}

template <class T>
SampleParams<T> sampleParams(const NoiseSpec& spec) {
    SampleParams<T> u{};
    u.dims = spec.dims;
    u.basis = basisId(spec.basis);
    u.curve = curveId(spec.interp);
    u.fractal = fractalId(spec.fractal);
    u.warp = spec.warpAmount != 0.0 ? spec.warpDepth : 0;
    u.pattern = patternKinds()[static_cast<std::size_t>(spec.pattern)].glslId;
    u.octaveCount = spec.octaves;
    // Reciprocals, so that the shaders multiply: GLSL lets x / y be 2.5 ulp off (NVIDIA's is),
    // while a multiply is correctly rounded everywhere.
    u.inverseDivisor = spec.normalize ? static_cast<T>(1.0 / spec.amplitudeSum()) : T(1);
    u.ridgeOffset = static_cast<T>(spec.ridgeOffset);
    u.ridgeGain = static_cast<T>(spec.ridgeGain);
    u.warpOctaves = spec.warpOctaves;
    u.warpAmount = static_cast<T>(spec.warpAmount / spec.frequency);
    NoiseSpec warp = spec;
    warp.octaves = spec.warpOctaves;
    u.inverseWarpDivisor = static_cast<T>(1.0 / warp.amplitudeSum());
    const int warpFrames = u.warp * warpComponents(spec.dims) * spec.warpOctaves;
    u.patternFrame = spec.octaves + warpFrames;
    u.patternFrequency = static_cast<T>(spec.frequency);
    u.patternScale = static_cast<T>(spec.patternScale);
    u.rotate = spec.rotate ? 1 : 0;
    u.cellReturn = cellReturnKinds()[static_cast<std::size_t>(spec.cellReturn)].glslId;
    u.cellMetric = cellDistanceKinds()[static_cast<std::size_t>(spec.cellDistance)].glslId;
    u.cellJitter = static_cast<T>(spec.cellJitter);
    u.framesPerPoint = spec.octaves + warpFrames + (u.pattern > 0 ? 1 : 0);
    return u;
}

template <class T>
void appendFrames(const NoiseSpec& spec, const std::array<double, 4>& origin, std::vector<GlnFrame<T>>& out) {
    std::array<long long, 4> period{};
    for (int a = 0; a < 4; ++a) period[static_cast<std::size_t>(a)] = spec.period[static_cast<std::size_t>(a)];
    const long long lac = std::llround(spec.lacunarity);
    auto scaled = [&](std::array<long long, 4> p, long long by) {
        for (auto& v : p) v *= by;
        return p;
    };
    // Octave i turns by R^i (R = octaveRotation) when the spec rotates, else not at all.
    const Matrix R = spec.rotate ? octaveRotation(spec.dims) : identity();
    // The octaves of the sum.
    double frequency = spec.frequency, amplitude = 1.0;
    std::array<long long, 4> per = period;
    Matrix m = identity();
    for (int i = 0; i < spec.octaves; ++i) {
        std::array<double, 4> q{};
        for (int a = 0; a < 4; ++a) q[static_cast<std::size_t>(a)] = frequency * origin[static_cast<std::size_t>(a)];
        out.push_back(frameAt<T>(spec.rotate ? turned(m, q) : q, spec.basis, spec.dims, frequency, amplitude, per, m));
        m = times(R, m);
        frequency *= spec.lacunarity;
        amplitude *= spec.gain;
        per = scaled(per, lac);
    }
    // The warp: per level and component, its octaves at warpFrequency * lacunarity^j,
    // around warpFrequency * origin + offset (offsets in warp cells of octave 0).
    const int depth = spec.warpAmount != 0.0 ? spec.warpDepth : 0;
    const double wf = spec.effectiveWarpFrequency();
    const long long warpRatio = std::llround(wf / spec.frequency);
    for (int level = 0; level < depth; ++level) {
        for (int k = 0; k < warpComponents(spec.dims); ++k) {
            const vec3<double> off = GLN_WARP_OFFSET<double>[static_cast<std::size_t>(3 * level + k)];
            double scale = 1.0, amp = 1.0;
            std::array<long long, 4> wper = scaled(period, warpRatio);
            Matrix wm = identity();
            for (int j = 0; j < spec.warpOctaves; ++j) {
                std::array<double, 4> q = {scale * (wf * origin[0] + off.x), scale * (wf * origin[1] + off.y),
                                           scale * (wf * origin[2] + off.z), scale * (wf * origin[3])};
                out.push_back(frameAt<T>(spec.rotate ? turned(wm, q) : q, spec.basis, spec.dims, scale * wf, amp, wper, wm));
                wm = times(R, wm);
                scale *= spec.lacunarity;
                amp *= spec.gain;
                wper = scaled(wper, lac);
            }
        }
    }
    if (spec.pattern == Pattern::Marble || spec.pattern == Pattern::Wood) {
        GlnFrame<T> f{};
        const double x = spec.frequency * origin[0];
        const double y = spec.frequency * origin[1];
        // Marble: x mod 2 pi. Wood: the radius |(x, y)| and its value mod 2 pi, in double, so
        // that rings stay exact far from the origin (gln_wood_from).
        const double r = std::hypot(x, y);
        if (spec.pattern == Pattern::Marble)
            f.frac = vec4<T>(static_cast<T>(x - kTwoPi * std::floor(x / kTwoPi)), static_cast<T>(y), T(0), T(0));
        else
            f.frac = vec4<T>(static_cast<T>(x), static_cast<T>(y), static_cast<T>(r - kTwoPi * std::floor(r / kTwoPi)),
                             static_cast<T>(r));
        out.push_back(f);
    }
}

namespace {
std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
}  // namespace

AnchorLayout anchorLayout(const Grid& grid, const TexelStart& start) {
    AnchorLayout l{};
    const int edges[3] = {grid.width, grid.height, grid.depth};
    for (std::size_t a = 0; a < 3; ++a) {
        l.first[a] = floorDiv(start[a], kAnchor) * kAnchor;
        l.startIn[a] = static_cast<int>(start[a] - l.first[a]);
        l.count[a] = (l.startIn[a] + edges[a] - 1) / kAnchor + 1;
    }
    return l;
}

template <class T>
void appendAnchorFrames(const NoiseSpec& spec, const AnchorLayout& layout, std::vector<GlnFrame<T>>& out) {
    const std::array<double, 4> origin = gridOrigin(spec);
    for (int kz = 0; kz < layout.count[2]; ++kz)
        for (int ky = 0; ky < layout.count[1]; ++ky)
            for (int kx = 0; kx < layout.count[0]; ++kx) {
                const std::int64_t k[3] = {kx, ky, kz};
                std::array<double, 4> o = origin;
                for (std::size_t a = 0; a < 3; ++a)
                    o[a] += static_cast<double>(layout.first[a] + k[a] * kAnchor);
                appendFrames(spec, o, out);
            }
}

template SampleParams<float> sampleParams<float>(const NoiseSpec&);
template SampleParams<double> sampleParams<double>(const NoiseSpec&);
template void appendFrames<float>(const NoiseSpec&, const std::array<double, 4>&, std::vector<GlnFrame<float>>&);
template void appendFrames<double>(const NoiseSpec&, const std::array<double, 4>&, std::vector<GlnFrame<double>>&);
template void appendAnchorFrames<float>(const NoiseSpec&, const AnchorLayout&, std::vector<GlnFrame<float>>&);
template void appendAnchorFrames<double>(const NoiseSpec&, const AnchorLayout&, std::vector<GlnFrame<double>>&);

int outputChannels(const NoiseSpec& spec) { return spec.output == Output::Value ? 1 : 4; }

std::array<double, 4> agreementTolerance(const NoiseSpec& spec) {
    const double S = spec.normalize ? 1.0 : spec.amplitudeSum();
    double value = 1e-5 * S;
    if (spec.warpAmount != 0.0) {
        double sum = 0.0, term = 1.0;
        for (int i = 0; i < spec.octaves; ++i) {
            sum += term;
            term *= spec.gain * spec.lacunarity;
        }
        // How much faster than the noise the fractal's value changes: |n| keeps the slope,
        // 2|n| - 1 doubles it, and (offset - |n|)^2 multiplies it by 2 |offset - |n||, times
        // the next octave's weight, which itself moves by ridgeGain per unit.
        double slope = 1.0;
        if (spec.fractal == Fractal::Billow) slope = 2.0;
        if (spec.fractal == Fractal::Ridged) {
            const ValueRange n = spec.basisRange();
            const double top = std::max(std::fabs(n.min), std::fabs(n.max));
            const double m = std::max(std::fabs(spec.ridgeOffset), std::fabs(top - spec.ridgeOffset));
            slope = 2.0 * m * (1.0 + spec.ridgeGain * m * m);
        }
        // Warping twice moves the second point's error by the warp's own Jacobian: the
        // displacement (amount / frequency cells) times the warp fBm's slope per cell at
        // warpFrequency, taken as 3 per cell of the basis per unit of normalized amplitude.
        double depth = 1.0;
        if (spec.warpDepth == 2) {
            double slopes = 0.0, amps = 0.0, s = 1.0, a = 1.0;
            for (int i = 0; i < spec.warpOctaves; ++i) {
                slopes += s;
                amps += a;
                s *= spec.gain * spec.lacunarity;
                a *= spec.gain;
            }
            const double jacobian =
                std::fabs(spec.warpAmount) * spec.effectiveWarpFrequency() / spec.frequency * 3.0 * slopes / amps;
            depth = 2.0 + jacobian;
        }
        value += 3e-6 * slope * depth * std::fabs(spec.warpAmount) * sum / (spec.normalize ? spec.amplitudeSum() : 1.0);
    }
    if (spec.pattern == Pattern::Marble || spec.pattern == Pattern::Wood)
        value = std::fabs(spec.patternScale) * value + 1e-5;
    double gradient = 0.0, amp = 1.0, f = spec.frequency;
    for (int i = 0; i < spec.octaves; ++i) {
        gradient += amp * f;
        amp *= spec.gain;
        f *= spec.lacunarity;
    }
    gradient *= 1e-4 / (spec.normalize ? spec.amplitudeSum() : 1.0);
    if (spec.output == Output::Normal) return {1e-4, 1e-4, 1e-4, value};
    return {value, gradient, gradient, gradient};
}

Image evaluate(const NoiseSpec& spec, const Grid& grid, unsigned threads) {
    return evaluate(spec, grid, TexelStart{}, threads);
}

namespace {

// What evaluating a grid needs besides the texels: checked, planned, in float32.
struct GridPlan {
    GridPlan(const NoiseSpec& spec, const Grid& grid, const TexelStart& start)
        : table((spec.validate(), grid.validate(), validateStart(start, grid), Permutation::forSeed(spec.seed))),
          params(sampleParams<float>(spec)),
          layout(anchorLayout(grid, start)),
          channels(outputChannels(spec)) {
        appendAnchorFrames(spec, layout, frames);
    }
    Permutation table;
    SampleParams<float> params;
    AnchorLayout layout;
    std::vector<GlnFrame<float>> frames;
    int channels;
};

// work(firstRow, endRow) over `rows` rows on `threads` threads (0: one per hardware thread).
template <class Work>
void inBands(int rows, unsigned threads, const Work& work) {
    unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    n = std::min<unsigned>(n, static_cast<unsigned>(rows));
    if (n <= 1) {
        work(0, rows);
        return;
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
}

}  // namespace

Image evaluate(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads) {
    const GridPlan plan(spec, grid, start);
    const Permutation& P = plan.table;
    const SampleParams<float>& u = plan.params;
    const AnchorLayout& layout = plan.layout;
    const int channels = plan.channels;
    Image image(grid.width, grid.height, grid.depth, channels);
    inBands(grid.height * grid.depth, threads, [&](int firstRow, int endRow) {
        for (int r = firstRow; r < endRow; ++r) {
            const int y = r % grid.height;
            const int z = r / grid.height;
            float* out = &image.data[image.index(0, y, z)];
            const int gy = layout.startIn[1] + y, gz = layout.startIn[2] + z;
            const int ky = gy / kAnchor, kz = gz / kAnchor;
            for (int x = 0; x < grid.width; ++x) {
                // noise.comp's main(), texel for texel
                const int gx = layout.startIn[0] + x;
                const int kx = gx / kAnchor;
                const vec3<float> s = vec3<float>(ivec3(gx - kx * kAnchor, gy - ky * kAnchor, gz - kz * kAnchor));
                const int base = layout.block(kx, ky, kz) * u.framesPerPoint;
                const vec4<float> v = outputOf(spec, gln_sample(P, u, plan.frames.data() + base, s));
                for (int c = 0; c < channels; ++c) out[x * channels + c] = v[c];
            }
        }
    });
    return image;
}

Image evaluateSimd(const NoiseSpec& spec, const Grid& grid, const TexelStart& start, unsigned threads) {
    const GridPlan plan(spec, grid, start);
    Image image(grid.width, grid.height, grid.depth, plan.channels);
    const simd::Job job{&spec, &plan.table, &plan.params, plan.frames.data(), plan.layout, grid, image.data.data()};
    inBands(grid.height * grid.depth, threads,
            [&job](int firstRow, int endRow) { simd::evaluateRows(job, firstRow, endRow); });
    return image;
}

std::string simdTarget() { return simd::targetName(simd::currentTarget()); }

std::vector<float> evaluatePoints(const NoiseSpec& spec, const std::vector<Point>& points) {
    spec.validate();
    const Permutation P = Permutation::forSeed(spec.seed);
    const SampleParams<float> u = sampleParams<float>(spec);
    const int channels = outputChannels(spec);
    std::vector<float> values;
    values.reserve(points.size() * static_cast<std::size_t>(channels));
    std::vector<GlnFrame<float>> frames;
    for (const auto& pt : points) {
        frames.clear();
        appendFrames(spec, pointOrigin(spec, pt), frames);
        const vec4<float> v = outputOf(spec, gln_sample(P, u, frames.data(), vec3<float>(0.0f)));
        for (int c = 0; c < channels; ++c) values.push_back(v[c]);
    }
    return values;
}

std::array<double, 4> evaluateDoubleOutput(const NoiseSpec& spec, const Permutation& table, const Point& p) {
    spec.validate();
    const SampleParams<double> u = sampleParams<double>(spec);
    std::vector<GlnFrame<double>> frames;
    appendFrames(spec, pointOrigin(spec, p), frames);
    const vec4<double> v = outputOf(spec, gln_sample(table, u, frames.data(), vec3<double>(0.0)));
    return {v.x, v.y, v.z, v.w};
}

double evaluateDouble(const NoiseSpec& spec, const Permutation& table, const Point& p) {
    NoiseSpec valueOnly = spec;
    valueOnly.output = Output::Value;
    return evaluateDoubleOutput(valueOnly, table, p)[0];
}

float perlin3(const Permutation& table, float x, float y, float z) {
    return gln_perlin3(table, vec3<float>(x, y, z));
}

float perlin2(const Permutation& table, float x, float y) {
    return gln_perlin2(table, vec2<float>(x, y));
}

float fbm3(const Permutation& table, float x, float y, float z, int octaves, float lacunarity, float gain) {
    return gln_fbm3(table, vec3<float>(x, y, z), octaves, lacunarity, gain);
}

float fbm2(const Permutation& table, float x, float y, int octaves, float lacunarity, float gain) {
    return gln_fbm2(table, vec2<float>(x, y), octaves, lacunarity, gain);
}

}  // namespace glnoise::cpu
