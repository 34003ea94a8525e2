// SPDX-License-Identifier: MIT
// The GLSL a graph's plan compiles to (gpu/graph_shader.cpp): shaders/graph.glsl includes
// it as "graph_nodes.glsl". Internal.
#pragma once

#include <string>

#include "graph/plan.hpp"

namespace glnoise::gpu {

// gln_scope_N(vec4 l, int fb) for every scope of the plan, its sources first and the
// output's (gln_scope_0) last. The text depends on the graph's structure alone: two
// graphs that differ only in parameter values write the same text (one program).
std::string graphFunctions(const cpu::GraphPlan& plan);
// Whether some basis of the plan has a lattice period (GLN_PERIODIC).
bool graphPeriodic(const cpu::GraphPlan& plan);

}  // namespace glnoise::gpu
