// SPDX-License-Identifier: MIT
// glnoise/catalogue.hpp: every kind of noise glnoise knows, one row each. Names on the
// command line, in JSON and in the preview, parsing, validation, stated bounds and the
// ids the shaders use all come from these rows.
//
//   for (const glnoise::BasisKind& b : glnoise::basisKinds())
//       std::printf("%s: %d-%dD, |n| <= %g in 3D\n", b.name, b.minDims, b.maxDims, b.bound[2]);
//
// Adding a basis: its GLSL file (with its own coordinate space, if it has one), its twin in
// src/mirror/, one row in glnoise/bases.def (the enumerator and this catalogue's row at
// once), its dispatch lines in fractal.glsl and their twins, its SIMD family, its golden
// data (docs/architecture.md).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "glnoise/spec.hpp"

namespace glnoise {

// One kind of a choice: its value, its name, and the GLSL #define that selects it in the
// library ("GLN_FBM", with its value glslId), or null where the shaders take no id.
template <class E>
struct Kind {
    E value;
    const char* name;
    const char* glslDefine;
    int glslId;
};

struct BasisKind : Kind<Basis> {
    int minDims, maxDims;       // the dimensions it exists in
    std::array<double, 4> bound;  // the stated bound of |n| in 1D to 4D (0: does not exist)
    const char* transform;      // how the sampler transforms coordinates for it
    const char* noPeriod;       // why it cannot tile with --period, or null when it can
};

// In the enums' order.
const std::vector<BasisKind>& basisKinds();
const std::vector<Kind<Curve>>& curveKinds();
const std::vector<Kind<Fractal>>& fractalKinds();
const std::vector<Kind<Output>>& outputKinds();
const std::vector<Kind<Pattern>>& patternKinds();
const std::vector<Kind<CellReturn>>& cellReturnKinds();
const std::vector<Kind<CellDistance>>& cellDistanceKinds();

const BasisKind& kindOf(Basis b);

// "a, b, c": the names of a list of kinds.
template <class K>
std::string kindNames(const std::vector<K>& kinds) {
    std::string s;
    for (const K& k : kinds) s += (s.empty() ? "" : ", ") + std::string(k.name);
    return s;
}

}  // namespace glnoise
