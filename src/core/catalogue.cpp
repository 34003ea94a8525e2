// SPDX-License-Identifier: MIT
#include "glnoise/catalogue.hpp"

namespace glnoise {

const std::vector<BasisKind>& basisKinds() {
    // Bounds: the extremes tests/bench/glnoise_ranges.cpp found (docs/noise.md), rounded
    // up; 1D perlin reaches 0.5 exactly, 2D 1.0 at cell centres, 3D's 1.0363 is the known
    // maximum of Ken Perlin's gradient set, value noise is a convex blend of [-1, 1].
    static const std::vector<BasisKind> kinds = {
        {{Basis::Perlin, "perlin", "GLN_BASIS_PERLIN", 0}, 1, 4, {0.5, 1.0, 1.0363, 1.32}, "none", nullptr},  // 4D found 1.305
        {{Basis::Classic, "classic", "GLN_BASIS_CLASSIC", 1}, 1, 4, {0.5, 1.0, 1.0363, 1.32},  // 3D 1.025, 4D 1.284
         "none", nullptr},
        {{Basis::Value, "value", "GLN_BASIS_VALUE", 2}, 1, 4, {1.0, 1.0, 1.0, 1.0}, "none", nullptr},
        {{Basis::PerlinValue, "perlin-value", "GLN_BASIS_PERLIN_VALUE", 3}, 1, 4,
         {1.5, 1.9, 1.85, 1.95}, "none", nullptr},  // found 1.457, 1.873, 1.818, 1.909
        {{Basis::Simplex, "simplex", "GLN_BASIS_SIMPLEX", 4}, 2, 3, {0.0, 1.0, 1.0, 0.0},  // found 0.998, 0.989
         "skewed onto the simplex grid",
         "its skewed lattice is not invariant under axis-aligned integer periods"},
    };
    return kinds;
}

const std::vector<Kind<Curve>>& curveKinds() {
    static const std::vector<Kind<Curve>> kinds = {
        {Curve::Linear, "linear", "GLN_CURVE_LINEAR", 0},
        {Curve::Cosine, "cosine", "GLN_CURVE_COSINE", 1},
        {Curve::Cubic, "cubic", "GLN_CURVE_CUBIC", 2},
        {Curve::Quintic, "quintic", "GLN_CURVE_QUINTIC", 3},
    };
    return kinds;
}

const std::vector<Kind<Fractal>>& fractalKinds() {
    static const std::vector<Kind<Fractal>> kinds = {
        {Fractal::Fbm, "fbm", "GLN_FBM", 0},
        {Fractal::Turbulence, "turbulence", "GLN_TURBULENCE", 1},
        {Fractal::Billow, "billow", "GLN_BILLOW", 2},
        {Fractal::Ridged, "ridged", "GLN_RIDGED", 3},
    };
    return kinds;
}

const std::vector<Kind<Output>>& outputKinds() {
    static const std::vector<Kind<Output>> kinds = {
        // The sampler's u_output.
        {Output::Value, "value", nullptr, 0},
        {Output::Gradient, "gradient", nullptr, 1},
        {Output::Normal, "normal", nullptr, 2},
    };
    return kinds;
}

const std::vector<Kind<Pattern>>& patternKinds() {
    static const std::vector<Kind<Pattern>> kinds = {
        // The sampler's u_pattern: clouds is the turbulence fractal, no pattern of its own.
        {Pattern::None, "none", nullptr, 0},
        {Pattern::Marble, "marble", nullptr, 1},
        {Pattern::Wood, "wood", nullptr, 2},
        {Pattern::Clouds, "clouds", nullptr, 0},
    };
    return kinds;
}

const BasisKind& kindOf(Basis b) { return basisKinds()[static_cast<std::size_t>(b)]; }

}  // namespace glnoise
