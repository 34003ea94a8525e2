// SPDX-License-Identifier: MIT
// glnoise/permutation.glsl: access to the doubled permutation table (512 ints).
//
//   #include "glnoise/permutation.glsl"
//   int h = gln_perm(i);              // i in [0, 512)
//   int X = gln_wrap(i, period);      // lattice index i wrapped at period, then & 255
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

// A lattice index ready for the table: i modulo period when period > 0 (so the noise
// repeats every `period` cells), then modulo 256. Defined for negative i too.
int gln_wrap(int i, int period) {
    if (period > 0) {
        i = i >= 0 ? i % period : period - 1 - (-1 - i) % period;
    }
    return i & 255;
}

#endif  // GLNOISE_PERMUTATION_GLSL
