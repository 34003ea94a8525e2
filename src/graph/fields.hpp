// SPDX-License-Identifier: MIT
// What reading a graph (graph/format.cpp) and validating it (graph/validate.cpp) share:
// how a violation names a node and its field, and what a field's number may be. Internal.
#pragma once

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"

namespace glnoise::graph_detail {

// Numbers beyond this are refused: no graph needs them, and floats would lose them.
inline constexpr double kHuge = 1e15;
// A required input's fallback: none.
inline constexpr double kRequired = std::numeric_limits<double>::quiet_NaN();

// A kind's fields, as its descriptor gives them (graph/kinds.cpp), and the formula docs
// and --help show.
struct Described {
    std::vector<GraphField> fields;
    const char* formula;
};

// Field makers: a number (within min and max), a number above 0 (at most max), an integer,
// a flag, a choice (its first the default), a list of numbers per axis, and a scalar input
// (a node or a number; kRequired: a node or a number must be given).
inline GraphField number(const char* name, double fallback, const char* help, double min = -kHuge, double max = kHuge) {
    return {name, GraphFieldType::Number, fallback, min, max, false, {}, help};
}
inline GraphField positive(const char* name, double fallback, const char* help, double max = kHuge) {
    return {name, GraphFieldType::Number, fallback, 0.0, max, true, {}, help};
}
inline GraphField integer(const char* name, double fallback, double min, double max, const char* help) {
    return {name, GraphFieldType::Integer, fallback, min, max, false, {}, help};
}
inline GraphField count(const char* name, double fallback, double min, double max, const char* help) {
    return {name, GraphFieldType::Count, fallback, min, max, false, {}, help};
}
inline GraphField flag(const char* name, const char* help) { return {name, GraphFieldType::Flag, 0.0, 0.0, 1.0, false, {}, help}; }
inline GraphField choice(const char* name, std::vector<std::string> choices, const char* help) {
    return {name, GraphFieldType::Choice, 0.0, 0.0, 0.0, false, std::move(choices), help};
}
inline GraphField numbers(const char* name, double fallback, const char* help) {
    return {name, GraphFieldType::Numbers, fallback, -kHuge, kHuge, false, {}, help};
}
inline GraphField scalar(const char* name, double constant, const char* help) {
    return {name, GraphFieldType::Scalar, constant, -kHuge, kHuge, false, {}, help};
}
inline GraphField source() { return scalar("source", kRequired, "the input"); }
// A Number a node may drive (GraphField::drivable).
inline GraphField mayBeDriven(GraphField f) {
    f.drivable = true;
    return f;
}
// Whether a node's field is wired to a node: an input, or a drivable Number.
inline bool wired(const GraphField& f) {
    return f.type == GraphFieldType::Scalar || f.type == GraphFieldType::Vector || (f.type == GraphFieldType::Number && f.drivable);
}
// What a driven number is held to: the field's range, from kDrivenLeast where it starts at 0.
inline double drivenMin(const GraphField& f) { return f.positive || f.min == 0.0 ? kDrivenLeast : f.min; }
inline double drivenMax(const GraphField& f) { return f.max; }
// What a number field given a node's id is told: which of its kind's numbers a node may drive.
std::string notDrivableText(const GraphKind& kind, const GraphField& field);
// A field a spec has too (glnoise/fields.hpp, the row whose key is `name`): its range and
// its help are the row's, one vocabulary; `more` follows the help, for what only a graph
// allows (a fraction of an octave). Choices are given (a graph's may be more).
GraphField mirrored(const char* name, GraphFieldType type, double fallback, const char* more = nullptr);
GraphField mirroredChoice(const char* name, std::vector<std::string> choices);
// The names of a catalogue's kinds (basisKinds(), ...), in its order; the same with
// `first` moved to the front (a choice's default).
template <class K>
std::vector<std::string> namesOf(const std::vector<K>& kinds) {
    std::vector<std::string> names;
    names.reserve(kinds.size());
    for (const K& k : kinds) names.emplace_back(k.name);
    return names;
}
inline std::vector<std::string> withDefault(std::vector<std::string> names, const std::string& first) {
    auto it = std::find(names.begin(), names.end(), first);
    if (it != names.end()) std::rotate(names.begin(), it, it + 1);
    return names;
}
inline Described binary(const char* formula) {
    return {{scalar("a", kRequired, "first"), scalar("b", kRequired, "second")}, formula};
}

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
// An axis field's value (axis: "x" to "w") against the `dims` dimensions the node is
// evaluated in (the graph's, but below an add_dimension or remove_dimension), and a list of
// numbers per axis (one for every axis, or one per axis).
inline void checkAxis(const GraphNode& n, const std::string& field, const std::string& axis, int dims, std::vector<Violation>& problems) {
    const std::string names = "xyzw";
    if (static_cast<int>(names.find(axis)) >= dims)
        problems.push_back(at(n.id, field, "\"" + axis + "\": the node is in " + std::to_string(dims) + "D, whose axes are " +
                                               names.substr(0, static_cast<std::size_t>(dims))));
}
inline void checkList(const GraphNode& n, const std::string& field, int dims, std::vector<Violation>& problems) {
    const auto& l = n.lists.at(field);
    if (l.size() != 1 && static_cast<int>(l.size()) != dims)
        problems.push_back(at(n.id, field, std::to_string(l.size()) + " numbers: one for every axis, or " + std::to_string(dims) +
                                               " (one per axis: the node is in " + std::to_string(dims) + "D)"));
}
std::string nodeOnlyText(const GraphKind& kind);

}  // namespace glnoise::graph_detail
