// SPDX-License-Identifier: MIT
// The spec as JSON by the keys of the table of spec fields (glnoise/fields.hpp), as the
// front-ends use it: the command line, Python and the preview take it from here.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::app {

// Every spec key ("ridge_gain"), in the table's order.
std::vector<std::string> specKeys();

// Every field of spec under its key.
nlohmann::json specObject(const NoiseSpec& spec);

// Reads the keys of `j` that name spec fields into `spec` (an absent key keeps spec's
// value); each bad value adds a Violation of its key, all of them at once.
void readSpecKeys(const nlohmann::json& j, NoiseSpec& spec, std::vector<Violation>& problems);

}  // namespace glnoise::app
