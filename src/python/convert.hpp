// SPDX-License-Identifier: MIT
// Between Python and the library: a violation in Python's words (keywords, not flags), and
// Python values as the JSON a preset holds, so that the library's own reader checks them.
#pragma once

#include <string>
#include <vector>

#include <nanobind/nanobind.h>
#include <nlohmann/json.hpp>

#include "app/notes.hpp"
#include "glnoise/error.hpp"

namespace glnoise::python {

namespace nb = nanobind;

// A violation as Python words it: the keyword ("ridge_gain 3: ...") where the library
// names a field or a flag ("ridge-gain", "--out").
std::string pythonText(const Violation& v);
std::string pythonMessage(const ValidationError& e);
inline ValidationError invalid(const std::string& what) { return ValidationError(what); }

// Python's name for a field given a value (app::FieldNamer): its keyword and the value
// ("octaves 10"), an on/off setting as the keyword set ("no_octave_limit=True").
std::string keywordNamed(const std::string& field, const std::string& value);
// What a plan decided (app/notes.hpp), each a UserWarning in Python's words. Needs the GIL.
void warnAll(const std::vector<app::Note>& notes);

// A Python value as the JSON value a preset would hold: a value of no JSON type becomes
// its repr, a string ("must be a number").
nlohmann::json toJson(nb::handle h);
// A JSON value as Python: arrays as tuples.
nb::object toPython(const nlohmann::json& j);

}  // namespace glnoise::python
