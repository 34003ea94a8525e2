// SPDX-License-Identifier: MIT
// Measures the range of every basis, the figures behind basisBound() and the README's
// "Bases" table: for each basis and dimension, the extremes over 2 million uniformly
// random points of [0, 256)^dims (one period of the table), then each of the 64 most
// extreme points refined by a shrinking random local search. Everything in double, with
// Ken Perlin's table and 4 seeded tables. The result is a lower bound of the true
// extreme (a search, not a proof); glnoise states a bound rounded up from it.
// --cellular measures cellular noise instead, the figures behind cellularBound(): the
// largest value of each return, distance and dimension over jitters 0, 0.5 and 1, from
// 200,000 points per table (Ken Perlin's and one seeded) and the 16 largest refined.
//
//   build/glnoise_ranges              # prints a Markdown table
//   build/glnoise_ranges simplex      # only the bases whose names start so
//   build/glnoise_ranges --cellular [f3]       # every return, or one
//   build/glnoise_ranges --world [--cellular]   # with the world hash (NoiseSpec::worldHash)
//
// --world draws each point's lattice blocks at random (every block hashes its corners
// otherwise), so the search meets arrangements of gradients and feature points no table
// makes: the figures behind the world hash's bounds (basisBound and cellularBound with worldHash).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/reference.hpp"
#include "glnoise/catalogue.hpp"

using namespace glnoise;
using namespace glnoise::cpu;

namespace {

bool gWorld = false;  // --world

// A point's lattice blocks: none (-1) without --world, else drawn with the point.
ivec4 blocksFor(std::mt19937_64& rng) {
    if (!gWorld) return ivec4(-1);
    std::uniform_int_distribution<int> b(0, (1 << 24) - 1);
    return ivec4(b(rng), b(rng), b(rng), b(rng));
}

double evalBasis(const Permutation& P, int basis, int curve, int dims, const double* x, ivec4 w) {
    switch (dims) {
        case 1: return gln_basis1(P, basis, curve, 0, x[0], 0, w.x);
        case 2: {
            const vec2<double> p = gln_basis_space2(basis, vec2<double>(x[0], x[1]));
            return gln_basis2(P, basis, curve, ivec2(0), p, ivec2(0), ivec2(w.x, w.y)).x;
        }
        case 3: {
            const vec3<double> p = gln_basis_space3(basis, vec3<double>(x[0], x[1], x[2]));
            return gln_basis3(P, basis, curve, ivec3(0), p, ivec3(0), ivec3(w.x, w.y, w.z)).x;
        }
        default: {
            const vec4<double> p = gln_basis_space4(basis, vec4<double>(x[0], x[1], x[2], x[3]));
            return gln_basis4(P, basis, curve, ivec4(0), p, ivec4(0), w);
        }
    }
}

// The largest value of f found from `samples` random points, the `keep` largest refined.
double search(const std::function<double(const double*, ivec4)>& f, int dims, int samples, std::size_t keep, int tries,
              std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0.0, 256.0);
    struct Hit {
        double v;
        double x[4];
        ivec4 w;
    };
    std::vector<Hit> best;
    const auto larger = [](const Hit& a, const Hit& b) { return a.v > b.v; };
    for (int i = 0; i < samples; ++i) {
        Hit h{};
        for (int a = 0; a < dims; ++a) h.x[a] = u(rng);
        h.w = blocksFor(rng);
        h.v = f(h.x, h.w);
        best.push_back(h);
        if (best.size() > 4096) {
            std::nth_element(best.begin(), best.begin() + static_cast<std::ptrdiff_t>(keep), best.end(), larger);
            best.resize(keep);
        }
    }
    std::sort(best.begin(), best.end(), larger);
    best.resize(std::min(keep, best.size()));
    double top = best.front().v;
    std::normal_distribution<double> step(0.0, 1.0);
    for (Hit h : best) {
        for (double radius = 0.1; radius > 1e-7; radius *= 0.7)
            for (int k = 0; k < tries; ++k) {
                Hit t = h;
                for (int a = 0; a < dims; ++a) t.x[a] += radius * step(rng);
                t.v = f(t.x, t.w);
                if (t.v > h.v) h = t;
            }
        top = std::max(top, h.v);
    }
    return top;
}

// The largest value of sign * noise found.
double extreme(const Permutation& P, int basis, int curve, int dims, double sign, std::mt19937_64& rng) {
    return search([&](const double* x, ivec4 w) { return sign * evalBasis(P, basis, curve, dims, x, w); }, dims,
                  gWorld ? 400000 : 2000000, 64, 200, rng);
}

// Every return but the cell value (whose range is [-1, 1] by definition), or only `only`.
int cellular(const char* only) {
    std::printf("| return | distance | dims | max found |\n|---|---|---|---|\n");
    for (const auto& r : glnoise::cellReturnKinds())
        for (const auto& m : glnoise::cellDistanceKinds()) {
            const int ret = r.glslId, metric = m.glslId;
            if (r.value == glnoise::CellReturn::CellValue || (*only && std::strcmp(only, r.name) != 0)) continue;
            const bool euclideanOnly = r.value == glnoise::CellReturn::Edge || r.value == glnoise::CellReturn::Radius;
            if (euclideanOnly && metric != GLN_CELL_EUCLIDEAN) continue;
            for (int dims = 1; dims <= 4; ++dims) {
                double hi = 0.0;
                std::mt19937_64 rng(1996);
                for (int t = 0; t < 2; ++t) {
                    const Permutation P = t == 0 ? Permutation::perlin() : Permutation::seeded(1);
                    for (double jitter : {0.0, 0.5, 1.0}) {
                        const auto f = [&](const double* x, ivec4 w) {
                            return gln_cellular(P, ivec4(0), vec4<double>(x[0], dims > 1 ? x[1] : 0.0, dims > 2 ? x[2] : 0.0,
                                                                          dims > 3 ? x[3] : 0.0),
                                                ivec4(0), w, dims, ret, metric, jitter, 3.0, 0.1)
                                .x;
                        };
                        hi = std::max(hi, search(f, dims, 200000, 16, 100, rng));
                    }
                }
                std::printf("| %s | %s | %d | %.4f |\n", r.name, m.name, dims, hi);
                std::fflush(stdout);
            }
        }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--world") == 0) {
        gWorld = true;
        --argc;
        ++argv;
    }
    if (argc > 1 && std::strcmp(argv[1], "--cellular") == 0) return cellular(argc > 2 ? argv[2] : "");
    struct Case {
        const char* name;
        int basis;
        int curve;
        int minDims, maxDims;
    };
    // Every basis of the catalogue (cellular noise: --cellular), value noise with its
    // linear and quintic curves, in the dimensions it exists in.
    std::vector<Case> cases;
    std::vector<std::string> names;
    names.reserve(2 * glnoise::basisKinds().size());
    for (const glnoise::BasisKind& b : glnoise::basisKinds()) {
        if (b.value == glnoise::Basis::Cellular) continue;
        const int curve = b.value == glnoise::Basis::Classic ? GLN_CURVE_CUBIC : GLN_CURVE_QUINTIC;
        if (b.value == glnoise::Basis::Value) {
            names.push_back(std::string(b.name) + " (linear)");
            cases.push_back({names.back().c_str(), b.glslId, GLN_CURVE_LINEAR, b.minDims, b.maxDims});
            names.push_back(std::string(b.name) + " (quintic)");
        } else {
            names.push_back(b.name);
        }
        cases.push_back({names.back().c_str(), b.glslId, curve, b.minDims, b.maxDims});
    }
    const char* only = argc > 1 ? argv[1] : "";
    std::printf("| basis | dims | min found | max found |\n|---|---|---|---|\n");
    for (const Case& c : cases)
        for (int dims = c.minDims; dims <= c.maxDims; ++dims) {
            if (std::strncmp(c.name, only, std::strlen(only)) != 0) continue;
            double lo = 0.0, hi = 0.0;
            std::mt19937_64 rng(1234);
            for (int t = 0; t < 5; ++t) {
                const Permutation P = t == 0 ? Permutation::perlin() : Permutation::seeded(static_cast<std::uint64_t>(t));
                hi = std::max(hi, extreme(P, c.basis, c.curve, dims, 1.0, rng));
                lo = std::min(lo, -extreme(P, c.basis, c.curve, dims, -1.0, rng));
            }
            std::printf("| %s | %d | %.4f | %.4f |\n", c.name, dims, lo, hi);
            std::fflush(stdout);
        }
    return 0;
}
