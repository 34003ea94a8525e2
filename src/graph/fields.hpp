// SPDX-License-Identifier: MIT
// What reading a graph (graph/format.cpp) and validating it (graph/validate.cpp) share:
// how a violation names a node and its field, and what a field's number may be. Internal.
#pragma once

#include <limits>
#include <string>

#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"

namespace glnoise::graph_detail {

// Numbers beyond this are refused: no graph needs them, and floats would lose them.
inline constexpr double kHuge = 1e15;
// A required input's fallback: none.
inline constexpr double kRequired = std::numeric_limits<double>::quiet_NaN();

// 'node "hills"', the id shown as messages show values.
std::string quoted(const std::string& id);
// A violation of `field` of node `id`: "node \"hills\" octaves".
Violation at(const std::string& id, const std::string& field, const std::string& what);
// A number as a graph's JSON writes it.
std::string shownNumber(double v);
// What a number field's values must be ("must be from 1 to 32").
std::string rangeText(const GraphField& f);
// A number a float holds only as 0 or a subnormal: the GPU and the reference compute in float.
bool tiny(double v);
extern const char* const kTinyText;
bool inRange(const GraphField& f, double v);
// Whether the field is the source of a fractal or domain node, which evaluates it at
// other points: a node, never a number (a number is the same at every point).
bool nodeOnly(const GraphKind& kind, const GraphField& f);
std::string nodeOnlyText(const GraphKind& kind);

}  // namespace glnoise::graph_detail
