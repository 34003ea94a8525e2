// SPDX-License-Identifier: MIT
#include <algorithm>
#include <sstream>

#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/version.hpp"
#include "glsl/embedded.hpp"
#include "glsl/families.hpp"

namespace glnoise::glsl {

namespace {

constexpr const char* kPrefix = "include/";
constexpr const char* kSuffix = ".glsl";

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

}  // namespace

const std::map<std::string, std::string>& library() {
    static const std::map<std::string, std::string> files = [] {
        std::map<std::string, std::string> out;
        for (const auto& [key, text] : embeddedShaders())
            if (key.rfind(kPrefix, 0) == 0) out.emplace(key.substr(std::string(kPrefix).size()), text);
        return out;
    }();
    return files;
}

std::vector<std::string> families() {
    std::vector<std::string> out;
    for (const auto& [key, text] : library()) {
        const auto slash = key.find_last_of('/');
        std::string stem = key.substr(slash + 1);
        stem.resize(stem.size() - std::string(kSuffix).size());
        out.push_back(stem);
    }
    return out;
}

Source familiesSource(const std::vector<std::string>& chosen) {
    std::map<std::string, std::string> entry{{"glnoise-self-contained.glsl", ""}};
    for (const auto& f : chosen) entry.begin()->second += "#include \"glnoise/" + f + kSuffix + "\"\n";
    IncludeOptions options;
    options.lineDirectives = false;
    return resolveInMemory(entry, entry.begin()->first, options);
}

std::string selfContained(const Permutation& table, const std::vector<std::string>& wanted,
                          const std::string& origin) {
    const std::vector<std::string> all = families();
    std::vector<std::string> chosen = wanted.empty() ? all : std::vector<std::string>{};
    std::vector<std::string> unknown;
    for (const auto& f : wanted) {
        if (std::find(all.begin(), all.end(), f) == all.end())
            unknown.push_back("family '" + f + "': allowed: " + joined(all));
        else if (std::find(chosen.begin(), chosen.end(), f) == chosen.end())
            chosen.push_back(f);
    }
    if (!unknown.empty()) throw ValidationError(unknown);

    const Source body = familiesSource(chosen);

    std::ostringstream out;
    out << "// glnoise " << kVersion << " GLSL library, self-contained: " << joined(chosen) << ".\n";
    if (!origin.empty()) out << "// Made by: " << origin << "\n";
    out << "// Put it after your shader's #version line (GLSL 4.30 core or later, GLSL ES 3.10\n"
           "// or later). It declares no storage buffer: the permutation table below is read\n"
           "// through GLN_PERM. The functions are those of glnoise's shaders/include/glnoise/,\n"
           "// unchanged, and compute what glnoise's CPU reference computes.\n"
           "#ifdef GL_ES\n"
           "precision highp float;\n"
           "precision highp int;\n"
           "#endif\n"
           "const int GLN_PERM_TABLE[512] = int[512](";
    for (int i = 0; i < 2 * Permutation::kSize; ++i)
        out << (i % 16 == 0 ? "\n    " : " ") << table[i] << (i + 1 < 2 * Permutation::kSize ? "," : "");
    out << ");\n#define GLN_PERM(i) GLN_PERM_TABLE[(i)]\n\n" << body.text;
    return out.str();
}

}  // namespace glnoise::glsl
