// SPDX-License-Identifier: MIT
// Writes what the port tests compare against: the points, the table, and for every point
// and case of tests/ports/cases.glsl the C++ twin's value and its tolerance.
//
//   glnoise_port_cases --seed S --count N --out DIR
//
// DIR/points.f32 (N x vec4), DIR/table.i32 (512 entries), DIR/expected.f32 and
// DIR/tolerance.f32 (N x kCaseCount, point-major), DIR/cases.txt (one name per line).
// Little-endian, as every machine these tests run on.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "ports/cases.hpp"

namespace {

template <class T>
void write(const std::string& path, const std::vector<T>& data) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(T)));
    if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) {
    try {
        std::uint64_t seed = 0;
        int count = 0;
        std::string dir;
        for (int i = 1; i + 1 < argc; i += 2) {
            const std::string flag = argv[i];
            if (flag == "--seed") seed = std::stoull(argv[i + 1]);
            else if (flag == "--count") count = std::stoi(argv[i + 1]);
            else if (flag == "--out") dir = argv[i + 1];
            else throw std::runtime_error("unknown flag " + flag);
        }
        if (count <= 0 || count % 32 != 0 || dir.empty())
            throw std::runtime_error("usage: glnoise_port_cases --seed S --count N (a multiple of 32) --out DIR");
        const glnoise::Permutation table = glnoise::Permutation::seeded(seed);
        std::mt19937 rng(static_cast<std::uint32_t>(seed));
        std::uniform_real_distribution<float> coord(-60.0f, 60.0f);
        std::vector<float> points(4 * static_cast<std::size_t>(count));
        for (auto& v : points) v = coord(rng);
        const int k = glnoise::test::kCaseCount;
        std::vector<float> expected, tolerance;
        for (int i = 0; i < count; ++i)
            for (int c = 0; c < k; ++c) {
                const float want = glnoise::test::twinCase(table, c, &points[4 * static_cast<std::size_t>(i)]);
                expected.push_back(want);
                tolerance.push_back(glnoise::test::caseTolerance(c, want, &points[4 * static_cast<std::size_t>(i)]));
            }
        std::vector<int> entries(table.table().begin(), table.table().end());
        write(dir + "/points.f32", points);
        write(dir + "/table.i32", entries);
        write(dir + "/expected.f32", expected);
        write(dir + "/tolerance.f32", tolerance);
        std::ofstream names(dir + "/cases.txt");
        for (int c = 0; c < k; ++c) names << glnoise::test::caseName(c) << "\n";
        if (!names) throw std::runtime_error("cannot write " + dir + "/cases.txt");
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise_port_cases: error: %s\n", e.what());
        return 1;
    }
}
