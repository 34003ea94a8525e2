// SPDX-License-Identifier: MIT
// A graph made ready to evaluate (graph/plan.cpp): its nodes cut into scopes, each a
// list of operations in input order, and its parameters in one array. The CPU's twin
// (graph/twin.hpp) runs the operations; the GPU's shader (gpu/graph_shader.cpp) is
// written from them, one function per scope; and the host plans every point's frames
// from them in double. Internal.
//
// A scope is what a node evaluates at one point: the output's nodes at the sample point,
// and each domain node's and fractal's source at the point it moves to (a fractal's for
// each octave). Within a scope every node is evaluated once. A scope's frames, in order,
// are one per leaf (basis, white, position, ramp, distance, marble, wood), and for each
// domain node or fractal its source scope's frames (octaves times for a fractal), a
// cellular lookup's after one of its own (its cells'). A source evaluated in other
// dimensions (add_dimension's, remove_dimension's) is a scope of its own dimensions: a node
// reached in two is planned in each.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "core/frames.hpp"
#include "glnoise/image.hpp"
#include "glnoise/graph.hpp"
#include "graph/kinds.hpp"

namespace glnoise::cpu {

// The operations: the kinds of graph/kinds.def, one per row. Their numbers are neither
// stored nor written into a shader.
using graph::Op;

// An argument: slot >= 0 (an earlier operation's value in the same scope), or a constant
// parameter (param index). A driven number's slot is held to [P[hold], P[hold + 1]] (the
// clamp kind's function) where hold >= 0.
struct Arg {
    int slot = -1;
    int param = -1;
    int hold = -1;
};

struct PlanOp {
    Op op;
    std::string node;       // the graph node's id
    std::vector<Arg> args;  // the kind's inputs in its field order (source first); when driven, then
                            // each drivable number's, a node's or its own, in field order
    bool driven = false;    // a node drives one of its numbers: its kind's driven form evaluates it
    int param = 0;          // its parameters start here
    int frame = 0;          // its frames start here, from its scope's first (a leaf's one, a domain node's or fractal's source scope's)
                            // (a cellular lookup's own, then its source scope's)
    int scope = -1;         // a domain node's or fractal's source scope
    int childFrames = 0;    // that scope's frames per evaluation
    // Structure, written into the shader: a basis id, its curve, cellular return and
    // metric; a fractal's GLN_* id, octaves, rotate; a curve's point count and monotone;
    // a position's axis; a rotation's plane axes; what a warp displaces (components).
    std::array<int, 6> ints{};
};

struct PlanScope {
    std::vector<PlanOp> ops;  // the value is the last's
    int frames = 0;           // per evaluation
    int dims = 2;             // its point's: the graph's, but below an add_dimension or remove_dimension
};

struct GraphPlan {
    std::vector<PlanScope> scopes;  // scope 0: the output's
    std::vector<double> params;     // the float parameters, in double (T = double: the oracle)
    int dims = 2;                   // the graph's (scope 0's)
    bool world = false;
    bool gradient = false;          // the output needs the gradient
    int framesPerPoint = 0;
    // The frames of one point whose texel (0,0,0) samples `origin`.
    template <class T>
    void appendFrames(const std::array<double, 4>& origin, std::vector<GlnFrame<T>>& out) const;
    template <class T>
    void appendAnchorFrames(const NoiseSpec& space, const AnchorLayout& layout, std::vector<GlnFrame<T>>& out) const;
    // The parameters as T (float for the GPU and the reference, double for the oracle).
    template <class T>
    std::vector<T> paramsAs() const {
        return std::vector<T>(params.begin(), params.end());
    }
};

// Plans a valid graph. Throws ValidationError naming the node where the frames one point
// needs pass kMaxGraphFrames.
GraphPlan planGraph(const Graph& graph);

}  // namespace glnoise::cpu
