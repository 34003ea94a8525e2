// SPDX-License-Identifier: MIT
// Runs glnoise's Metal port, compiled as C++ over tests/ports/msl/metal_stdlib (Metal's
// types and functions on GLM), at the port tests' points, and compares every case with
// its C++ twin as run_port.py does for the other languages.
//
//   glnoise_metal_run DIR      (DIR: glnoise_port_cases' points, expected values, tolerances)
//
// The Metal source is what `glnoise shader --language msl --seed 23` prints (made at build
// time) and the cases translated with the library. No Metal compiler runs here: this shows
// that the translation means in C++ what the GLSL means, not what Apple's compiler makes of
// it (docs/shaders.md).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

// Last: the header defines `constant` and `thread` as Metal's address spaces.
#include "glnoise23.metal"
#include "cases.metal"

namespace {

template <class T>
std::vector<T> readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::vector<T> values(bytes.size() / sizeof(T));
    std::copy(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(values.size() * sizeof(T)),
              reinterpret_cast<char*>(values.data()));
    return values;
}

int run(const std::string& dir) {
    std::vector<std::string> names;
    {
        std::ifstream in(dir + "/cases.txt");
        for (std::string line; std::getline(in, line);) names.push_back(line);
    }
    const std::vector<float> points = readAll<float>(dir + "/points.f32");
    const std::vector<float> expected = readAll<float>(dir + "/expected.f32");
    const std::vector<float> tolerance = readAll<float>(dir + "/tolerance.f32");
    const std::size_t k = names.size(), n = points.size() / 4;
    if (k != static_cast<std::size_t>(GLN_CASES) || expected.size() != n * k || tolerance.size() != n * k)
        throw std::runtime_error(dir + " does not hold " + std::to_string(GLN_CASES) + " cases per point");
    std::vector<double> worst(k, 0.0);
    double ratio = 0.0;
    int failures = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const float* p = &points[4 * i];
        for (std::size_t c = 0; c < k; ++c) {
            const float got = gln_case(static_cast<int>(c), float4(p[0], p[1], p[2], p[3]));
            const std::size_t j = i * k + c;
            const double d = std::abs(double(got) - double(expected[j]));
            worst[c] = std::isnan(d) ? INFINITY : std::max(worst[c], d);
            ratio = std::isnan(d) ? INFINITY : std::max(ratio, d / double(tolerance[j]));
            if (!(d <= double(tolerance[j])) && ++failures <= 20)
                std::printf("FAIL %s at (%.9g, %.9g, %.9g, %.9g): expected %.9g, got %.9g (|d| = %.3g > %.3g)\n",
                            names[c].c_str(), double(p[0]), double(p[1]), double(p[2]), double(p[3]),
                            double(expected[j]), double(got), d, double(tolerance[j]));
        }
    }
    for (std::size_t c = 0; c < k; ++c) std::printf("%-34s max |msl - C++| = %.3g\n", names[c].c_str(), worst[c]);
    std::printf("msl (as C++): %zu points x %zu cases, %d outside tolerance; worst %.3g, %.3g of its tolerance\n", n,
                k, failures, *std::max_element(worst.begin(), worst.end()), ratio);
    return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        if (argc != 2) throw std::runtime_error("usage: glnoise_metal_run DIR");
        return run(argv[1]);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise_metal_run: error: %s\n", e.what());
        return 2;
    }
}
