// SPDX-License-Identifier: MIT
// What a node's value is stated to lie in, how fast it changes and how far the GPU may be
// from the reference (graph/bounds.cpp walks a graph with these; each kind's descriptor
// gives its own from its inputs'). Internal.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

namespace glnoise::graph {

inline constexpr double kInf = std::numeric_limits<double>::infinity();
// The slope of one octave of a basis, per lattice cell, that the tolerance assumes (the
// steepest measured: OpenSimplex2S 4D, about 3.5; cellular distances change by at most 1
// per cell, their differences by 2).
inline constexpr double kBasisSlope = 4.0;
// A basis's agreement (as a spec's octave: 1e-5), and what an operation that the GPU may
// round differently (a divide, square root, power, sine, or a contracted multiply-add)
// adds relative to its value.
inline constexpr double kBasisError = 1e-5;
inline constexpr double kRounding = 5e-7;
// Values without a stated bound (positions, ramps, distances) count as this large where
// a rounding relative to them enters the tolerance.
inline constexpr double kUnbounded = 1e4;

struct Bounds {
    double lo = 0, hi = 0;  // the stated range
    double slope = 0;       // the most the value changes per unit of the node's point
    double error = 0;       // how far the GPU may be from the reference
    bool jumps = false;     // some node that feeds it is discontinuous
    // The most the value's error may change per unit of the point per unit of the error:
    // the frequency, in radians per unit, of the field's fastest part, so that the GPU's
    // gradient may be off by wave * error besides its own rounding (a band-limited
    // function's derivative is at most its frequency times its largest value: Bernstein).
    // A kind states its own bend (bent()); graph/bounds.cpp takes at least that, the
    // node's slope per unit of its magnitude and its inputs' waves.
    double wave = 0;
    // The most |value| is, capped at kUnbounded: for errors and slopes, not for ranges.
    double mag() const { return std::min(std::max(std::fabs(lo), std::fabs(hi)), kUnbounded); }
};

inline double product(double a, double b) {
    if (a == 0.0 || b == 0.0) return 0.0;  // 0 times an unbounded value: 0
    return a * b;
}

// A smooth function's bounds b of an input a whose value it bends by at most `bend` (its
// steepest second derivative over its steepest first, per unit of a): the GPU's gradient
// of a point off by a's error tilts by bend times a's slope per unit of that error, beside
// a's own tilt (Bounds::wave).
inline Bounds bent(Bounds b, double bend, const Bounds& a) {
    b.wave = std::max(b.wave, a.wave + product(bend, a.slope));
    return b;
}

}  // namespace glnoise::graph
