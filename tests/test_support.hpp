// SPDX-License-Identifier: MIT
// Helpers shared by the test suites: golden data, the GL context, image comparison.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "glnoise/glnoise.hpp"
#include "paths.hpp"

namespace glnoise::test {

// The unsigned integer an environment variable holds, or `fallback` when it is unset.
inline std::uint64_t envOr(const char* name, std::uint64_t fallback) {
    const char* v = std::getenv(name);
    return v ? std::strtoull(v, nullptr, 10) : fallback;
}

// Rows of a committed CSV file under tests/golden (lines starting with '#' skipped).
inline std::vector<std::vector<std::string>> readCsv(const std::string& name) {
    std::ifstream in(goldenDir() + "/" + name);
    if (!in) throw std::runtime_error("missing golden file " + name);
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> row;
        std::stringstream ss(line);
        for (std::string cell; std::getline(ss, cell, ',');) row.push_back(cell);
        rows.push_back(row);
    }
    return rows;
}

// One context for the whole test process. A test that needs it and cannot get it fails
// with the reason, unless the suite was configured with GLNOISE_SKIP_GPU_TESTS.
inline gpu::Context* sharedContext(std::string* why) {
    static std::unique_ptr<gpu::Context> ctx;
    static std::string error;
    static bool tried = false;
    if (!tried) {
        tried = true;
        try {
            gpu::ContextOptions o;
            o.debug = true;  // KHR_debug messages go to stderr in tests
            ctx = std::make_unique<gpu::Context>(o);
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
    *why = error;
    return ctx.get();
}

#ifdef GLNOISE_SKIP_GPU_TESTS
#define GLNOISE_REQUIRE_GPU(ctx)                                                   \
    GTEST_SKIP() << "GPU tests were disabled with -DGLNOISE_SKIP_GPU_TESTS=ON"
#else
#define GLNOISE_REQUIRE_GPU(ctx)                                                   \
    std::string gpu_why_;                                                          \
    gpu::Context* ctx = ::glnoise::test::sharedContext(&gpu_why_);                 \
    ASSERT_NE(ctx, nullptr) << "no GL context for the GPU tests: " << gpu_why_
#endif

// max |a - b| <= tol over every texel; on failure, the first few texels that differ
// with their coordinates, the expected (CPU) and the actual (GPU) value.
// max |a - b| per channel (infinity where either is NaN).
inline std::array<double, 4> worstDifference(const Image& a, const Image& b) {
    std::array<double, 4> worst{};
    for (std::size_t i = 0; i < a.data.size() && i < b.data.size(); ++i) {
        const std::size_t ch = i % static_cast<std::size_t>(a.channels);
        const double d = std::fabs(double(a.data[i]) - double(b.data[i]));
        worst[ch] = std::isnan(d) ? INFINITY : std::max(worst[ch], d);
    }
    return worst;
}

inline ::testing::AssertionResult imagesAgree(const Image& actual, const Image& expected, double tol) {
    if (actual.width != expected.width || actual.height != expected.height || actual.depth != expected.depth)
        return ::testing::AssertionFailure() << "sizes differ";
    std::ostringstream report;
    std::size_t bad = 0;
    double worst = 0.0;
    for (int z = 0; z < expected.depth; ++z)
        for (int y = 0; y < expected.height; ++y)
            for (int x = 0; x < expected.width; ++x) {
                const double e = expected.at(x, y, z), a = actual.at(x, y, z);
                const double d = std::fabs(a - e);
                if (!(d <= tol)) {
                    if (bad < 5)
                        report << "\n  index " << expected.index(x, y, z) << " texel (" << x << ", " << y << ", " << z
                               << "): expected " << e << ", actual " << a << ", |diff| " << d;
                    ++bad;
                }
                if (d > worst || std::isnan(d)) worst = std::isnan(d) ? INFINITY : d;
            }
    if (bad == 0) return ::testing::AssertionSuccess() << "max |diff| " << worst;
    return ::testing::AssertionFailure() << bad << " texels beyond " << tol << " (max |diff| " << worst << "):"
                                         << report.str();
}

}  // namespace glnoise::test
