// SPDX-License-Identifier: MIT
// The lane types the twins are written over. A lane type T holds one value of one sample
// (float for the reference the GPU is checked against, double for the oracle) or one value
// of many samples at once (the SIMD backend's vectors, core/simd.cpp). Lane<T> names what
// goes with it: Int, the integers of those samples (cells, hashes); Mask, the result of
// comparing them; Scalar, what the frames and uniforms hold.
//
// Where GLSL branches on a sample's value, the twins select: both sides are computed and
// gln_select(mask, a, b) takes a where the mask holds, so a lane of many follows each
// sample's own branch. For one sample this is the branch itself, and the values do not
// change. Branches on uniforms (basis, curve, octave counts) stay branches. The SIMD type
// gives the same functions for its own types, found by argument-dependent lookup.
// Internal: glnoise/cpu.hpp is the public API.
#pragma once

#include <cmath>

namespace glnoise::cpu {

template <class T>
struct Lane {
    using Int = int;
    using Mask = bool;
    using Scalar = T;
};
template <class T> using lane_int = typename Lane<T>::Int;
template <class T> using lane_scalar = typename Lane<T>::Scalar;

inline float gln_select(bool c, float a, float b) { return c ? a : b; }
inline double gln_select(bool c, double a, double b) { return c ? a : b; }
inline int gln_select(bool c, int a, int b) { return c ? a : b; }
// Whether the condition holds for any sample of the lane: for one sample, whether it holds.
inline bool gln_any(bool c) { return c; }

inline float gln_floor(float v) { return std::floor(v); }
inline double gln_floor(double v) { return std::floor(v); }
inline float gln_abs(float v) { return std::abs(v); }
inline double gln_abs(double v) { return std::abs(v); }
inline float gln_sqrt(float v) { return std::sqrt(v); }
inline double gln_sqrt(double v) { return std::sqrt(v); }
// The C library's, per sample: the SIMD type calls these for each of its lanes.
inline float gln_cos(float v) { return std::cos(v); }
inline double gln_cos(double v) { return std::cos(v); }
inline float gln_sin(float v) { return std::sin(v); }
inline float gln_pow(float a, float b) { return std::pow(a, b); }
inline double gln_pow(double a, double b) { return std::pow(a, b); }
inline float gln_log(float v) { return std::log(v); }
inline double gln_log(double v) { return std::log(v); }
inline float gln_exp(float v) { return std::exp(v); }
inline double gln_exp(double v) { return std::exp(v); }
inline double gln_sin(double v) { return std::sin(v); }

}  // namespace glnoise::cpu
