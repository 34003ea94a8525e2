// SPDX-License-Identifier: MIT
// A bake's record, both ways (record.cpp): the command that reproduces a request, and the
// request a record describes (bake --from).
#pragma once

#include <array>
#include <optional>
#include <string>

#include "app/bake.hpp"

namespace glnoise::app {

// A period as --period takes it: its components up to the last axis with a period ("8,8").
std::string periodFlag(const std::array<int, 4>& period);

// What `glnoise bake` prints for a request: the flags that reproduce it exactly (numbers
// in their shortest round-trip form), defaults left out; withOut false leaves out --out.
std::string bakeCommand(const BakeRequest& request, bool withOut = true);
std::string bakeCommand(const NoiseSpec& spec, const Grid& grid, const std::optional<ValueRange>& range,
                        const std::string& out);

// The request a record describes (--from), its output path set to `out`.
BakeRequest requestFromRecord(const std::string& recordText, const std::string& source);

}  // namespace glnoise::app
