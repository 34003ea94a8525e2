// SPDX-License-Identifier: MIT
// glnoise/permutation.glsl: access to the doubled permutation table (512 ints).
//
//   #include "glnoise/permutation.glsl"
//   int h = gln_perm(i);              // i in [0, 512)
//   int X = gln_wrap(i, period);      // lattice index i wrapped at period, then & 255
//   int h = gln_world_hash(gln_world_axis(i, block, period, GLN_WORLD_X) ^ ...);
//                                     // the world hash of a lattice point (below)
//
// Options (define before the include):
//   GLN_PERM(i)        read entry i from your own storage (a uniform block, a texture,
//                      a const array); when defined, no storage buffer is declared.
//   GLN_PERM_BINDING   binding of the default std430 storage buffer (default 0).
//   GLN_PRECISE        the qualifier the library puts on values that must be computed
//                      exactly as written (no reassociation, no fused multiply-add):
//                      `precise` where the language has it (GLSL 4.00+, ES 3.20+),
//                      otherwise empty. Define it empty to let the compiler reorder.
//
// The table is Ken Perlin's (Improving Noise, 2002) or a seeded shuffle, doubled so that
// p[256 + i] == p[i]; glnoise uploads it. C++ twin: src/mirror/permutation.hpp.
#ifndef GLNOISE_PERMUTATION_GLSL
#define GLNOISE_PERMUTATION_GLSL

#ifndef GLN_PRECISE
#if (defined(GL_ES) && __VERSION__ >= 320) || (!defined(GL_ES) && __VERSION__ >= 400)
#define GLN_PRECISE precise
#else
#define GLN_PRECISE
#endif
#endif

#ifndef GLN_PERM
#ifndef GLN_PERM_BINDING
#define GLN_PERM_BINDING 0
#endif
layout(std430, binding = GLN_PERM_BINDING) readonly buffer GlnPermutation {
    int gln_perm_table[512];
};
#define GLN_PERM(i) gln_perm_table[(i)]
#endif

int gln_perm(int i) {
    return GLN_PERM(i);
}

// A lattice index i modulo period when period > 0 (so that the noise repeats every
// `period` cells), else i itself. Defined for negative i too.
int gln_wrap_index(int i, int period) {
    if (period > 0) {
        i = i >= 0 ? i % period : period - 1 - (-1 - i) % period;
    }
    return i;
}

// A lattice index ready for the table: wrapped at the period, then modulo 256.
int gln_wrap(int i, int period) {
    return gln_wrap_index(i, period) & 255;
}

// The world hash. The table alone repeats every 256 cells along each axis; a world needs
// the whole lattice coordinate. The bases take a `world` argument beside their cell (int,
// ivec2, ivec3 or ivec4): -1 in its x turns the world hash off (the table's chain
// p[p[p[X] + Y] + Z], Ken Perlin's hash); otherwise it holds, per axis, the lattice block
// of the cell, (whole cell >> 8) modulo 2^24, and a lattice point i cells from the cell
// (cell + i small, as the bases compute it) hashes its whole coordinate
// block * 256 + cell + i modulo 2^32 (wrapped at the period where the axis has one, its
// block then 0), every axis together:
//   v = X * GLN_WORLD_X ^ Y * GLN_WORLD_Y ^ Z * GLN_WORLD_Z ^ W * GLN_WORLD_W
//   h = p[top 8 bits of (v ^ (v >> 16)) * GLN_WORLD_MIX]
// in unsigned arithmetic, so that no two 256-cell blocks share their hashes, and the table
// (the seed's) still makes the 8 bits each basis reads. The constants are odd, so each
// axis's product is a bijection of its coordinate.
const uint GLN_WORLD_X = 2654435761u;
const uint GLN_WORLD_Y = 2246822519u;
const uint GLN_WORLD_Z = 3266489917u;
const uint GLN_WORLD_W = 668265263u;
const uint GLN_WORLD_SALT = 374761393u;
const uint GLN_WORLD_MIX = 2146121005u;

// One axis's share of a lattice point's world hash: i cells from a cell in lattice block
// `block` (period > 0: i wraps at it, and block is 0), times that axis's constant k.
uint gln_world_axis(int i, int block, int period, uint k) {
    return ((uint(block) << 8u) + uint(gln_wrap_index(i, period))) * k;
}

// The table's entry for the axes' shares v, xored together.
int gln_world_hash(uint v) {
    uint m = (v ^ (v >> 16u)) * GLN_WORLD_MIX;
    return gln_perm(int(m >> 24u));
}

// The world hash of the lattice point `at` (cell-relative) on a lattice without periods.
int gln_world_hash2(ivec2 at, ivec2 world) {
    return gln_world_hash(gln_world_axis(at.x, world.x, 0, GLN_WORLD_X) ^ gln_world_axis(at.y, world.y, 0, GLN_WORLD_Y));
}

int gln_world_hash3(ivec3 at, ivec3 world) {
    return gln_world_hash(gln_world_axis(at.x, world.x, 0, GLN_WORLD_X) ^ gln_world_axis(at.y, world.y, 0, GLN_WORLD_Y) ^
                          gln_world_axis(at.z, world.z, 0, GLN_WORLD_Z));
}

int gln_world_hash4(ivec4 at, ivec4 world) {
    return gln_world_hash(gln_world_axis(at.x, world.x, 0, GLN_WORLD_X) ^ gln_world_axis(at.y, world.y, 0, GLN_WORLD_Y) ^
                          gln_world_axis(at.z, world.z, 0, GLN_WORLD_Z) ^ gln_world_axis(at.w, world.w, 0, GLN_WORLD_W));
}

#endif  // GLNOISE_PERMUTATION_GLSL
