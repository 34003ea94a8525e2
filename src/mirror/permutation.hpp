// SPDX-License-Identifier: MIT
// The C++ twin of shaders/include/glnoise/permutation.glsl: the same names, in the same order,
// with the same order of operations (docs/math.md). T is the lane type (mirror/lane.hpp):
// float for the reference the GPU is checked against, double for the oracle, a SIMD vector
// for the CPU backend. Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "glnoise/internal/library_constants.hpp"
#include "glnoise/permutation.hpp"
#include "mirror/vec.hpp"

namespace glnoise::cpu {

inline int gln_perm(const Permutation& P, int i) {
    return P[i];
}

inline int gln_wrap_index(int i, int period) {
    if (period > 0) {
        i = i >= 0 ? i % period : period - 1 - (-1 - i) % period;
    }
    return i;
}

inline int gln_wrap(int i, int period) {
    return gln_wrap_index(i, period) & 255;
}

// The world hash (permutation.glsl): GLSL's uint is std::uint32_t here; the SIMD type has
// its own overloads (core/simd_lanes.hpp).
inline std::uint32_t gln_world_axis(int i, int block, int period, std::uint32_t k) {
    return ((static_cast<std::uint32_t>(block) << 8u) + static_cast<std::uint32_t>(gln_wrap_index(i, period))) * k;
}

inline int gln_world_hash(const Permutation& P, std::uint32_t v) {
    const std::uint32_t m = (v ^ (v >> 16u)) * GLN_WORLD_MIX;
    return gln_perm(P, static_cast<int>(m >> 24u));
}

template <class I>
inline I gln_world_hash2(const Permutation& P, vec<2, I> at, ivec2 world) {
    return gln_world_hash(P, gln_world_axis(at.x, world.x, 0, GLN_WORLD_X) ^ gln_world_axis(at.y, world.y, 0, GLN_WORLD_Y));
}

template <class I>
inline I gln_world_hash3(const Permutation& P, vec<3, I> at, ivec3 world) {
    return gln_world_hash(P, gln_world_axis(at.x, world.x, 0, GLN_WORLD_X) ^ gln_world_axis(at.y, world.y, 0, GLN_WORLD_Y) ^
                                 gln_world_axis(at.z, world.z, 0, GLN_WORLD_Z));
}

template <class I>
inline I gln_world_hash4(const Permutation& P, vec<4, I> at, ivec4 world) {
    return gln_world_hash(P, gln_world_axis(at.x, world.x, 0, GLN_WORLD_X) ^ gln_world_axis(at.y, world.y, 0, GLN_WORLD_Y) ^
                                 gln_world_axis(at.z, world.z, 0, GLN_WORLD_Z) ^ gln_world_axis(at.w, world.w, 0, GLN_WORLD_W));
}

}  // namespace glnoise::cpu
