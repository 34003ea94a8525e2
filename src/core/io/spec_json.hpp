// SPDX-License-Identifier: MIT
// The spec as JSON, both ways, from the table of spec fields (glnoise/fields.hpp): presets
// and records hold one object of every field by its key ("ridge_gain").
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::io {

// A JSON value or key as an error message shows it: printable() and whole when short, else
// its first 40 characters (never cut inside one), "...", and its length in characters, so
// that a forged megabyte never fills a terminal.
std::string shown(const nlohmann::json& v);
std::string shownKey(const std::string& key);
// Text as a message shows it whole: control characters, DEL and bytes that are no UTF-8
// escaped (\n, \t, \xNN), so that no input writes raw bytes to a terminal or a log.
std::string printable(const std::string& text);
// Characters as printable() counts them: a UTF-8 sequence or an escaped byte each.
std::size_t characterCount(const std::string& text);

// JSON text as glnoise reads presets, records and graphs: first checkJsonLimits (size and
// depth), then a key given twice in one object is an error (JSON parsers differ on which
// one wins), as is text that is not JSON; both are ValidationErrors "SOURCE: why" (`what`
// names the text in them: "its record is not JSON"; empty: "SOURCE: not JSON").
nlohmann::json parseJson(const std::string& text, const std::string& source, const std::string& what);

// Every field of spec under its key.
nlohmann::json specObject(const NoiseSpec& spec);

// Reads the keys of `j` that name spec fields into `spec` (an absent key keeps spec's
// value; other keys are left to the caller). Each value of the wrong type or not allowed
// adds a Violation of its key ("octaves", "\"x\": must be an integer"), all of them at
// once; `spec` is not validated as a whole. As on the command line, a clouds pattern
// without a fractal key takes the turbulence fractal.
void readSpecKeys(const nlohmann::json& j, NoiseSpec& spec, std::vector<Violation>& problems);

}  // namespace glnoise::io
