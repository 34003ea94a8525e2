// SPDX-License-Identifier: MIT
// glnoise/fields.hpp: the fields of a NoiseSpec, one row each, for tools that list, edit or
// store a spec field by field (a panel of widgets, a form, a file format).
//
//   for (const glnoise::SpecField& f : glnoise::specFields())
//       std::visit([&](auto m) { edit(f.name, f.help, spec.*m); }, f.member);
//
// Each row holds its name (the flag --NAME, the JSON key with '_' for '-', the field a
// Violation names), the member it is, its help, what its text must be, its range, when it
// has an effect, and for a field a noise graph's node shares (glnoise/graph.hpp: a basis's
// frequency, a fractal's lacunarity), what it means: the graph's field of the same key
// takes its range and its help from the row. The command line's flags, the
// JSON of presets and records, the command that reproduces a bake and the preview's panel
// iterate this table; each works per member type (number, integer, kind, ...), not per
// field. Adding a field is a row here and the code that uses the value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "glnoise/spec.hpp"

namespace glnoise {

struct SpecField {
    using Member = std::variant<int NoiseSpec::*, double NoiseSpec::*, bool NoiseSpec::*, Basis NoiseSpec::*,
                                Curve NoiseSpec::*, Fractal NoiseSpec::*, Output NoiseSpec::*, Pattern NoiseSpec::*,
                                CellReturn NoiseSpec::*, CellDistance NoiseSpec::*,
                                std::optional<std::uint64_t> NoiseSpec::*, std::array<int, 4> NoiseSpec::*,
                                std::array<double, 3> NoiseSpec::*>;

    std::string name;     // "ridge-gain"
    Member member;        // &NoiseSpec::ridgeGain
    // The flag's help, with its facts filled in from the table, the catalogue and a default
    // NoiseSpec: {default}, {min}, {max}, {kinds} and {choices} in the row (fields.cpp).
    std::string help;
    std::string allowed;  // integers: what the text must be ("from 1 to 32")
    // A number's or an integer's range, ends included but min where aboveMin: what the
    // spec's validation allows, the preview's widgets keep to and a graph's field of the
    // same key allows.
    double min = 0.0;
    double max = 0.0;
    // Whether the field has an effect on `spec` (null: always). The reproducing command
    // leaves out, and the preview hides, a field that has none.
    bool (*applies)(const NoiseSpec& spec) = nullptr;
    // The value may start with '-': the command writes --NAME=VALUE, which no parser
    // takes for another flag.
    bool signedValue = false;
    bool aboveMin = false;  // min itself is not allowed (a frequency is above 0)
    // What the field means in a few words, without its range or default, where a noise
    // graph's node has a field of the same key (a graph's help for it): empty where none.
    std::string meaning;

    // "ridge_gain"
    std::string key() const;
    bool appliesTo(const NoiseSpec& spec) const { return !applies || applies(spec); }
    // Whether spec's value differs from a default NoiseSpec's.
    bool isSet(const NoiseSpec& spec) const;
    // Whether v is within the range (finite, and at or above the least a float holds unless 0).
    bool allows(double v) const;
    // The range in words: "from 1 to 32", "above 0 and at most 65536".
    std::string rangeText() const { return rangeWords(min, max, aboveMin); }
    static std::string rangeWords(double min, double max, bool aboveMin);
};

// The type of the NoiseSpec member a SpecField::Member alternative points to:
// FieldValue<double NoiseSpec::*> is double.
template <class M>
using FieldValue = std::remove_reference_t<decltype(std::declval<NoiseSpec&>().*std::declval<M>())>;

// A kind's value from its name, for any of the spec's kinds (parseBasis, parseCurve, ...):
// parseKind<Fractal>("ridged"). Throws ValidationError naming the field and what is allowed.
template <class E>
E parseKind(const std::string& text);
template <> inline Basis parseKind<Basis>(const std::string& t) { return parseBasis(t); }
template <> inline Curve parseKind<Curve>(const std::string& t) { return parseCurve(t); }
template <> inline Fractal parseKind<Fractal>(const std::string& t) { return parseFractal(t); }
template <> inline Output parseKind<Output>(const std::string& t) { return parseOutput(t); }
template <> inline Pattern parseKind<Pattern>(const std::string& t) { return parsePattern(t); }
template <> inline CellReturn parseKind<CellReturn>(const std::string& t) { return parseCellReturn(t); }
template <> inline CellDistance parseKind<CellDistance>(const std::string& t) { return parseCellDistance(t); }

// Every field, in the order the reproducing command names them.
const std::vector<SpecField>& specFields();
// The row named `name`, or null.
const SpecField* findSpecField(const std::string& name);
// The row whose key() is `key` ("ridge_offset"), or null.
const SpecField* findSpecKey(const std::string& key);

}  // namespace glnoise
