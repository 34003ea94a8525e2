// SPDX-License-Identifier: MIT
// The include resolver's core, shared by the public glnoise::glsl functions and the
// generator, whose entry points live in memory (embedded at build time).
#pragma once

#include <map>
#include <string>

#include "glnoise/glsl.hpp"

namespace glnoise::glsl {

// Resolves `entry`, a key of `files`. Relative includes from a file of `files` are looked
// up in `files`; then options.dirs on disk; then the library when options.library is set.
Source resolveInMemory(const std::map<std::string, std::string>& files, const std::string& entry,
                       const IncludeOptions& options);

}  // namespace glnoise::glsl
