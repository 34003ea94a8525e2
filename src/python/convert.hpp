// SPDX-License-Identifier: MIT
// Between Python and the library: a violation in Python's words (keywords, not flags), and
// Python values as the JSON a preset holds, so that the library's own reader checks them.
#pragma once

#include <string>

#include <nanobind/nanobind.h>
#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"

namespace glnoise::python {

namespace nb = nanobind;

// A violation as Python words it: the keyword ("ridge_gain 3: ...") where the library
// names a field or a flag ("ridge-gain", "--out").
std::string pythonText(const Violation& v);
std::string pythonMessage(const ValidationError& e);
inline ValidationError invalid(const std::string& what) { return ValidationError(what); }

// A Python value as the JSON value a preset would hold: a value of no JSON type becomes
// its repr, a string ("must be a number").
nlohmann::json toJson(nb::handle h);
// A JSON value as Python: arrays as tuples.
nb::object toPython(const nlohmann::json& j);

}  // namespace glnoise::python
