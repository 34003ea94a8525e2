// glnoise/cpu.hpp: the CPU reference, the same math as the GLSL library, line by line.
//
//   glnoise::Image ref = glnoise::cpu::evaluate(spec, grid);        // float32, all threads
//   std::vector<float> v = glnoise::cpu::evaluatePoints(spec, pts); // what `glnoise eval` prints
//   double exact = glnoise::cpu::evaluateDouble(spec, table, {x, y, z});  // the oracle
//
// evaluate() works in float32 with the same order of operations as the shaders (compiled
// with -ffp-contract=off), so the GPU is checked against it with a tight tolerance.
// evaluateDouble() evaluates the contract directly in double precision; tests use it to
// bound the float32 error of both paths.
#pragma once

#include <array>
#include <vector>

#include "glnoise/image.hpp"
#include "glnoise/permutation.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::cpu {

// threads: 0 uses every hardware thread. Throws ValidationError for a bad spec or grid.
Image evaluate(const NoiseSpec& spec, const Grid& grid, unsigned threads = 0);

// One value per point, in sample space (the space texel indices live in).
std::vector<float> evaluatePoints(const NoiseSpec& spec,
                                  const std::vector<std::array<double, 3>>& points);

// sum_i gain^i * noise(frequency * lacunarity^i * p), in double, divided by the amplitude
// sum when normalized. p is in sample space; spec.z is added to p.z for dims 3.
double evaluateDouble(const NoiseSpec& spec, const Permutation& table,
                      const std::array<double, 3>& p);

// The GLSL library's functions, called as your shader calls them: the same float32
// operations in the same order, so gln_perlin3(p) in a shader reading `table` returns
// what perlin3(table, p) returns here (to the last bit where the GPU does not fuse
// multiply-adds; always within 1e-5).
float perlin3(const Permutation& table, float x, float y, float z);
float perlin2(const Permutation& table, float x, float y);
float fbm3(const Permutation& table, float x, float y, float z, int octaves, float lacunarity, float gain);
float fbm2(const Permutation& table, float x, float y, int octaves, float lacunarity, float gain);

}  // namespace glnoise::cpu
