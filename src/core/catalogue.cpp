// SPDX-License-Identifier: MIT
#include "glnoise/catalogue.hpp"

namespace glnoise {

const std::vector<BasisKind>& basisKinds() {
    static const std::vector<BasisKind> kinds = {
#define GLNOISE_BASIS(enumerator, name, define, id, minDims, maxDims, b1, b2, b3, b4, transform, noPeriod) \
    {{Basis::enumerator, name, #define, id}, minDims, maxDims, {b1, b2, b3, b4}, transform, noPeriod},
#include "glnoise/bases.def"
#undef GLNOISE_BASIS
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
        // The sampler's GLN_OUTPUT (src/mirror/sampler.def).
        {Output::Value, "value", nullptr, 0},
        {Output::Gradient, "gradient", nullptr, 1},
        {Output::Normal, "normal", nullptr, 2},
    };
    return kinds;
}

const std::vector<Kind<Pattern>>& patternKinds() {
    static const std::vector<Kind<Pattern>> kinds = {
        // The sampler's GLN_PATTERN: clouds is the turbulence fractal, no pattern of its own.
        {Pattern::None, "none", nullptr, 0},
        {Pattern::Marble, "marble", nullptr, 1},
        {Pattern::Wood, "wood", nullptr, 2},
        {Pattern::Clouds, "clouds", nullptr, 0},
    };
    return kinds;
}

const std::vector<Kind<CellReturn>>& cellReturnKinds() {
    static const std::vector<Kind<CellReturn>> kinds = {
        {CellReturn::F1, "f1", "GLN_CELL_F1", 0},
        {CellReturn::F2, "f2", "GLN_CELL_F2", 1},
        {CellReturn::F2MinusF1, "f2-f1", "GLN_CELL_F2_F1", 2},
        {CellReturn::CellValue, "cell-value", "GLN_CELL_VALUE", 3},
        {CellReturn::Edge, "edge", "GLN_CELL_EDGE", 4},
        {CellReturn::F1PlusF2, "f1+f2", "GLN_CELL_F1_PLUS_F2", 5},
        {CellReturn::F1TimesF2, "f1*f2", "GLN_CELL_F1_TIMES_F2", 6},
        {CellReturn::F1OverF2, "f1/f2", "GLN_CELL_F1_OVER_F2", 7},
        {CellReturn::F3, "f3", "GLN_CELL_F3", 8},
        {CellReturn::F4, "f4", "GLN_CELL_F4", 9},
        {CellReturn::Radius, "n-sphere-radius", "GLN_CELL_RADIUS", 10},
        {CellReturn::SmoothF1, "smooth-f1", "GLN_CELL_SMOOTH_F1", 11},
    };
    return kinds;
}

const std::vector<Kind<CellDistance>>& cellDistanceKinds() {
    static const std::vector<Kind<CellDistance>> kinds = {
        {CellDistance::Euclidean, "euclidean", "GLN_CELL_EUCLIDEAN", 0},
        {CellDistance::EuclideanSquared, "euclidean-squared", "GLN_CELL_EUCLIDEAN_SQUARED", 1},
        {CellDistance::Manhattan, "manhattan", "GLN_CELL_MANHATTAN", 2},
        {CellDistance::Chebyshev, "chebyshev", "GLN_CELL_CHEBYSHEV", 3},
        {CellDistance::Minkowski, "minkowski", "GLN_CELL_MINKOWSKI", 4},
    };
    return kinds;
}

const BasisKind& kindOf(Basis b) { return basisKinds()[static_cast<std::size_t>(b)]; }

}  // namespace glnoise
