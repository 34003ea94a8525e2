// SPDX-License-Identifier: MIT
// A spec's graph run by the graph's own plan and shader rather than as the spec: graphOf's
// graph with its basis behind an offset of 0, the same values by the other engine. The
// benchmarks and the GLSL probe compare the two engines on one workload with it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "glnoise/graph.hpp"

namespace glnoise::test {

inline Graph ownPlanGraph(const NoiseSpec& spec) {
    const Graph g = graphOf(spec);
    nlohmann::json j = nlohmann::json::parse(g.json());
    const bool fractal = j["nodes"].contains("fractal");
    j["nodes"]["at"] = {{"kind", "offset"}, {"source", "noise"}, {"by", {0.0}}};
    if (fractal) j["nodes"]["fractal"]["source"] = "at";
    else j["out"] = "at";
    return Graph::parse(j.dump(), "own plan");
}

}  // namespace glnoise::test
