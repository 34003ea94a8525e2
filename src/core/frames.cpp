// SPDX-License-Identifier: MIT
// The frame planner (core/frames.hpp): frames in double, for the GPU and the CPU alike.
#include "core/frames.hpp"

#include <cmath>

#include "glnoise/catalogue.hpp"

namespace glnoise::cpu {

namespace {

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

Matrix times(const Matrix& a, const Matrix& b) { return matrixProduct(a, b); }

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

template <class T>
void setScaleAndAxes(GlnFrame<T>& f, double frequency, double amplitude, const Matrix& m) {
    f.scale = vec4<T>(static_cast<T>(frequency), static_cast<T>(amplitude), T(0), T(0));
    for (std::size_t j = 0; j < 3; ++j)
        f.axis[j] = vec4<T>(static_cast<T>(frequency * m[j]), static_cast<T>(frequency * m[4 + j]),
                            static_cast<T>(frequency * m[8 + j]), static_cast<T>(frequency * m[12 + j]));
}

// One frame for the noise-space point q (double), frequency and period per axis; m is
// the octave's rotation, whose columns times the frequency are the frame's axes.
// The lattice block of whole cell fl (an integer in double): floor(fl / 256) modulo 2^24,
// so that block * 256 + (fl modulo 256) is fl modulo 2^32 (the world hash's coordinate).
int worldBlock(double fl) {
    constexpr double kBlocks = 16777216.0;  // 2^24
    double b = std::fmod(std::floor(fl / 256.0), kBlocks);
    if (b < 0.0) b += kBlocks;
    return static_cast<int>(b);
}

template <class T>
GlnFrame<T> frameAt(const std::array<double, 4>& q, Basis basis, int dims, double frequency, double amplitude,
                    const std::array<long long, 4>& period, const Matrix& m, bool world) {
    // Into the basis's own coordinates, by the mirror's own transform in double (the
    // library's constants carry a double's digits): its lattice is periodic by 256 cells
    // there.
    const vec4<double> k = gln_basis_space(basisId(basis), dims, vec4<double>(q[0], q[1], q[2], q[3]));
    const std::array<double, 4> s = {k.x, k.y, k.z, k.w};
    GlnFrame<T> f{};
    if (basis == Basis::Psrdnoise && !world) {
        // Its skewed cells reduce by its hash's congruence, not axis by axis.
        std::array<long long, 4> cell{};
        for (int a = 0; a < dims; ++a) {
            const auto i = static_cast<std::size_t>(a);
            const double fl = std::floor(s[i]);
            cell[i] = static_cast<long long>(fl);
            f.frac[a] = static_cast<T>(s[i] - fl);
        }
        f.cell = gln_psrd_frame_cell(dims, cell, period);
        for (int a = 0; a < 4; ++a) f.period[a] = static_cast<int>(period[static_cast<std::size_t>(a)]);
    } else {
        for (int a = 0; a < 4; ++a) {
            const auto i = static_cast<std::size_t>(a);
            const double fl = std::floor(s[i]);
            const double p = period[i] > 0 ? static_cast<double>(period[i]) : 256.0;
            double cell = std::fmod(fl, p);
            if (cell < 0.0) cell += p;
            f.cell[a] = static_cast<int>(cell);
            f.frac[a] = static_cast<T>(s[i] - fl);
            f.period[a] = static_cast<int>(period[i]);
            // The world hash takes the rest of the cell from the block; a period wins.
            f.block[a] = world && period[i] <= 0 ? worldBlock(fl) : 0;
        }
    }
    setScaleAndAxes(f, frequency, amplitude, m);
    return f;
}

}  // namespace

std::array<double, 16> matrixProduct(const std::array<double, 16>& a, const std::array<double, 16>& b) {
    std::array<double, 16> m{};
    for (std::size_t r = 0; r < 4; ++r)
        for (std::size_t c = 0; c < 4; ++c)
            for (std::size_t k = 0; k < 4; ++k) m[4 * r + c] += a[4 * r + k] * b[4 * k + c];
    return m;
}

template <class T>
GlnFrame<T> patternFrame(bool marble, double x, double y) {
    GlnFrame<T> f{};
    const double r = std::hypot(x, y);
    if (marble)
        f.frac = vec4<T>(static_cast<T>(x - kTwoPi * std::floor(x / kTwoPi)), static_cast<T>(y), T(0), T(0));
    else
        f.frac = vec4<T>(static_cast<T>(x), static_cast<T>(y), static_cast<T>(r - kTwoPi * std::floor(r / kTwoPi)),
                         static_cast<T>(r));
    return f;
}
template GlnFrame<float> patternFrame<float>(bool, double, double);
template GlnFrame<double> patternFrame<double>(bool, double, double);

template <class T>
GlnFrame<T> latticeFrame(const std::array<double, 4>& q, Basis basis, int dims, double frequency,
                         const std::array<long long, 4>& period, bool world) {
    return frameAt<T>(q, basis, dims, frequency, 1.0, period, identity(), world);
}
template GlnFrame<float> latticeFrame<float>(const std::array<double, 4>&, Basis, int, double, const std::array<long long, 4>&, bool);
template GlnFrame<double> latticeFrame<double>(const std::array<double, 4>&, Basis, int, double, const std::array<long long, 4>&, bool);

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
    u.cellExponent = static_cast<T>(spec.cellExponent);
    u.cellSmoothness = static_cast<T>(spec.cellSmoothness);
    u.periodic = spec.period != std::array<int, 4>{} ? 1 : 0;
    u.output = outputKinds()[static_cast<std::size_t>(spec.output)].glslId;
    u.world = spec.worldHash ? 1 : 0;
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
        out.push_back(frameAt<T>(spec.rotate ? turned(m, q) : q, spec.basis, spec.dims, frequency, amplitude, per, m, spec.worldHash));
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
                out.push_back(frameAt<T>(spec.rotate ? turned(wm, q) : q, spec.basis, spec.dims, scale * wf, amp, wper, wm, spec.worldHash));
                wm = times(R, wm);
                scale *= spec.lacunarity;
                amp *= spec.gain;
                wper = scaled(wper, lac);
            }
        }
    }
    if (spec.pattern == Pattern::Marble || spec.pattern == Pattern::Wood)
        out.push_back(patternFrame<T>(spec.pattern == Pattern::Marble, spec.frequency * origin[0], spec.frequency * origin[1]));
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

}  // namespace glnoise::cpu
