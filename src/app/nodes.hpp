// SPDX-License-Identifier: MIT
// The node kinds of noise graphs as `glnoise nodes` prints them: each kind's group, formula
// and fields (type, default, range, choices, help), read from the kind table
// (glnoise::graphKinds()), as text for people and as JSON for tools that build nodes (a
// node editor, a script): every field a node may hold, what it takes and what it defaults to.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace glnoise::app {

// The kinds named (every kind when none is); a name that is no kind is refused, naming
// those there are (ValidationError).
nlohmann::json nodeKindsJson(const std::vector<std::string>& names);
std::string nodeKindsText(const std::vector<std::string>& names);

// The kinds a script's shorthands make, by their role (Python's glnoise.Node): "+", "-",
// "*", "/" (a + b and the others), "-a", "|a|", "noise" (a basis) and "octaves" (a fractal);
// and "zoom" (a scale of the point: the preview's zoom over a graph).
std::map<std::string, std::string> nodeRoles();

}  // namespace glnoise::app
