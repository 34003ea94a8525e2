// SPDX-License-Identifier: MIT
// The command-line flags shared by `glnoise` and `glnoise-preview` (CLI11).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/bake_fields.hpp"
#include "app/options.hpp"

namespace glnoise::app {

// Every noise flag: one per spec field (glnoise/fields.hpp), --NAME with the field's help,
// into args.given[NAME]; the subcommands add their own (--size, --out, --no-octave-limit, ...).
void addNoiseFlags(CLI::App* app, NoiseArgs& args);

// A flag per bake field the front-end takes (app/bake_fields.def), --NAME with the field's
// help, into values[NAME]: an on/off field's "true" when given.
void addBakeFieldFlags(CLI::App* app, std::map<std::string, std::string>& values, FrontEnd frontEnd);

// --size WxH[xD] (or another flag's), each edge at most maxEdge; a ValidationError names
// the flag.
Grid parseSizeFlag(const std::string& text, const std::string& flag = "--size", int maxEdge = kMaxEdge);
// A bake's size: edges up to app::kMaxBakeEdge (bake.hpp); a ValidationError names `flag`.
Grid parseBakeSize(const std::string& flag, const std::string& text);
// An option given an empty value ("--frequency ''") is a ValidationError naming it: an
// empty value would otherwise read as "not given" and quietly take the default. Checks
// `app` and every subcommand that was used. So is an on/off flag given twice
// ("--normalize --normalize"), as CLI11 already refuses an option with a value.
void refuseEmptyValues(const CLI::App& app);

// CLI11's message on one line: some of its messages end with a newline or list choices
// over lines.
std::string oneLine(const CLI::Error& e);

// main() of a glnoise program: runs body; an exception that escapes it (setting up the
// flags ran out of memory, or worse) is "PROGRAM: error: internal: WHAT" and exit 1.
int guardedMain(const char* program, int (*body)(int, char**), int argc, char** argv);

// "a, b, c"
std::string joinedNames(const std::vector<std::string>& names);

}  // namespace glnoise::app
