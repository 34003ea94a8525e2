// SPDX-License-Identifier: MIT
// The spec's fields as the front-ends use them: the table (a row per field: its flag, JSON
// key, help made from the facts, limits), the spec as JSON by those keys, and numbers as
// glnoise writes them. The command line, Python and the preview take them from here.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/fields.hpp"
#include "core/format.hpp"
#include "glnoise/error.hpp"
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
