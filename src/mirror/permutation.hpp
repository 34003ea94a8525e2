// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/permutation.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "glnoise/permutation.hpp"

namespace glnoise::cpu {

inline int gln_perm(const Permutation& P, int i) {
    return P[i];
}

inline int gln_wrap(int i, int period) {
    if (period > 0) {
        i = i >= 0 ? i % period : period - 1 - (-1 - i) % period;
    }
    return i & 255;
}

}  // namespace glnoise::cpu
