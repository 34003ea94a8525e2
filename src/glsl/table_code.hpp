// SPDX-License-Identifier: MIT
// The permutation table's declaration in each language and form (glsl/shader.cpp), for
// the sources that glnoise::shader writes: the library's and a graph's.
#pragma once

#include <string>

#include "glnoise/permutation.hpp"
#include "glnoise/shader.hpp"

namespace glnoise::shader::detail {

struct TableCode {
    std::string declaration;
    std::string read;  // of "i"
    std::string note;  // what the caller binds
};

TableCode tableCode(Language l, Table t, const Permutation& p, int set, int binding);

// ValidationError's texts for a table form the language has not, or a negative set or binding.
std::vector<std::string> tableErrors(Language l, Table t, int set, int binding);

// The language's name in a header ("HLSL (Shader Model 5)").
std::string languageTitle(Language l);

}  // namespace glnoise::shader::detail
