// glnoise/permutation.glsl: access to the doubled permutation table (512 ints).
//
//   #include "glnoise/permutation.glsl"
//   int h = gln_perm(i);              // i in [0, 512)
//
// Options (define before the include):
//   GLN_PERM(i)        read entry i from your own storage (a uniform block, a texture,
//                      a const array); when defined, no storage buffer is declared.
//   GLN_PERM_BINDING   binding of the default std430 storage buffer (default 0).
//
// The table is Ken Perlin's (Improving Noise, 2002) or a seeded shuffle, doubled so that
// p[256 + i] == p[i]; glnoise uploads it. C++ twin: src/core/reference.hpp.
#ifndef GLNOISE_PERMUTATION_GLSL
#define GLNOISE_PERMUTATION_GLSL

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

#endif  // GLNOISE_PERMUTATION_GLSL
