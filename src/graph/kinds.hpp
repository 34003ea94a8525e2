// SPDX-License-Identifier: MIT
// The node kinds of graph/kinds.def as an enum, and what the table says of each: code
// dispatches on graph::Op, never on a kind's name. Internal.
#pragma once

#include <string>
#include <vector>

#include "glnoise/graph.hpp"

namespace glnoise::graph {

enum class Op {
#define GLN_GRAPH_KIND(op, name, group, role) op,
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
};

enum class Role { Value, Leaf, Lattice, Moves, Vector };

// X(op) for the kinds of one role, as code that handles them the same way expands the
// table: #define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_ROLE_##role(X, op) for
// the kinds of role Value (graph/values.hpp's descriptors), GLN_GRAPH_LEAF_##role(X, op)
// for those of role Leaf (graph/leaves.hpp's twins), GLN_GRAPH_FRAMED_##role(X, op) for
// those of roles Leaf and Lattice (graph/leaves.hpp's descriptors: a frame of their own),
// GLN_GRAPH_MOVE_##role(X, op) for those of role Moves (graph/moves.hpp's).
#define GLN_GRAPH_ROLE_Value(X, op) X(op)
#define GLN_GRAPH_ROLE_Leaf(X, op)
#define GLN_GRAPH_ROLE_Lattice(X, op)
#define GLN_GRAPH_ROLE_Moves(X, op)
#define GLN_GRAPH_ROLE_Vector(X, op)
#define GLN_GRAPH_LEAF_Value(X, op)
#define GLN_GRAPH_LEAF_Leaf(X, op) X(op)
#define GLN_GRAPH_LEAF_Lattice(X, op)
#define GLN_GRAPH_LEAF_Moves(X, op)
#define GLN_GRAPH_LEAF_Vector(X, op)
#define GLN_GRAPH_FRAMED_Value(X, op)
#define GLN_GRAPH_FRAMED_Leaf(X, op) X(op)
#define GLN_GRAPH_FRAMED_Lattice(X, op) X(op)
#define GLN_GRAPH_FRAMED_Moves(X, op)
#define GLN_GRAPH_FRAMED_Vector(X, op)
#define GLN_GRAPH_MOVE_Value(X, op)
#define GLN_GRAPH_MOVE_Leaf(X, op)
#define GLN_GRAPH_MOVE_Lattice(X, op)
#define GLN_GRAPH_MOVE_Moves(X, op) X(op)
#define GLN_GRAPH_MOVE_Vector(X, op)

// The table's rows, counted.
enum KindCounter {
#define GLN_GRAPH_KIND(op, name, group, role) kCounted##op,
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
    kCounted
};
inline constexpr int kKindCount = kCounted;

// The kind's JSON name, group and role, as its row gives them.
const char* nameOf(Op op);
const char* groupOf(Op op);
Role roleOf(Op op);
// Whether it evaluates its source at other points (a fractal or domain node).
inline bool movesThePoint(Op op) { return roleOf(op) == Role::Moves; }
// Whether it reads the point itself: one frame per evaluation.
inline bool isLeaf(Op op) { return roleOf(op) == Role::Leaf || roleOf(op) == Role::Lattice; }

// The kind named `name`, or false when no row names it.
bool findOp(const std::string& name, Op& op);
// The kind of a node of a parsed graph (its kind is one of the table's).
Op opOf(const GraphNode& node);
Op opOf(const std::string& kind);

// The fractal kind's types (its `type` field): a spec's --fractal, in the catalogue's
// order with their GLSL ids (GLN_FBM ... GLN_RIDGED), then Musgrave's three, which only
// graphs have (shaders/graph.glsl's GLN_G_*).
inline constexpr int kMultifractal = 4;
inline constexpr int kHybridMultifractal = 5;
inline constexpr int kHeteroTerrain = 6;
const std::vector<std::string>& fractalTypes();
// The GLSL id of a fractal node's type.
int fractalId(const GraphNode& fractal);
inline bool musgrave(int fractalId) { return fractalId >= kMultifractal; }
// The octaves a fractal node evaluates: its count, a fraction rounded up.
int octavesOf(const GraphNode& fractal);

}  // namespace glnoise::graph
