// SPDX-License-Identifier: MIT
// A graph evaluated by its own plan (core/graph_eval.cpp): on the reference, the SIMD
// backend and in double, whatever specOf says. Internal.
#pragma once

#include <array>

#include "glnoise/image.hpp"
#include "graph/plan.hpp"

namespace glnoise::cpu {

// The graph by its own plan on the reference, whatever specOf says (cpu::evaluate of a
// graph is this for a graph that is not a spec).
Image evaluatePlan(const Graph& graph, const GraphPlan& plan, const Grid& grid, const TexelStart& start, unsigned threads);

// The same on the SIMD backend (evaluateSimd of a graph that is not a spec), bit for bit.
Image evaluatePlanSimd(const Graph& graph, const GraphPlan& plan, const Grid& grid, const TexelStart& start, unsigned threads);

// The graph by its own plan in double (the oracle) at a point of sample space.
std::array<double, 4> evaluatePlanDouble(const Graph& graph, const GraphPlan& plan, const std::array<double, 4>& point);

}  // namespace glnoise::cpu
