// SPDX-License-Identifier: MIT
// glnoise/glsl.hpp: glnoise's GLSL library and the include resolver, for your own shaders.
//
//   glnoise::glsl::IncludeOptions opt;
//   opt.dirs = {GLNOISE_GLSL_DIR};                            // from find_package(glnoise)
//   opt.defines = "#define GLN_PERM_BINDING 3\n";
//   glnoise::glsl::Source src = glnoise::glsl::resolveFile("shaders/terrain.comp", opt);
//   glShaderSource(shader, 1, &text, nullptr);                 // text = src.text.c_str()
//   ... on a compile error: glnoise::glsl::mapLog(log, src.files) names file:line.
//
//   std::string pasteable = glnoise::glsl::selfContained(glnoise::Permutation::seeded(7), {"fbm"});
//
// The resolver expands `#include "path"` (relative to the including file, then each of
// dirs, then the built-in library) and `#include <path>` (dirs, then the library). It
// emits `#line N S` directives so that compiler messages point at the right file and
// line, and reports missing files and cycles with the including file and line. A file
// with an include guard or `#pragma once` is expanded once per source when its first
// inclusion is unconditional; anything else is left to the GLSL preprocessor.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "glnoise/permutation.hpp"

namespace glnoise::glsl {

struct IncludeOptions {
    // Searched in order after the including file's own directory (and only these, and
    // the library, for `#include <path>`).
    std::vector<std::filesystem::path> dirs;
    // Then glnoise's GLSL library as built into this library ("glnoise/perlin.glsl", ...),
    // the same files find_package(glnoise) installs under GLNOISE_GLSL_DIR.
    bool library = true;
    // Inserted right after the #version line, or at the top when there is none.
    std::string defines;
    // `#line N S` after every switch of file. Off: plain text, for reading or pasting.
    bool lineDirectives = true;
};

struct Source {
    std::string text;                // one source: includes expanded
    std::vector<std::string> files;  // source-string number S of `#line N S` -> file name
};

// `name` is used in messages, and its directory for relative includes.
// Throws ShaderError for a missing include or a cycle ("file:line: ...").
Source resolve(const std::string& name, const std::string& text, const IncludeOptions& options = {});
// Reads `path` (IoError when it cannot) and resolves it.
Source resolveFile(const std::filesystem::path& path, const IncludeOptions& options = {});
// Resolves `entry`, a key of `files`: sources held in memory, such as shaders embedded in
// a program, keyed by relative paths ("preview/display.frag"). Relative includes from one
// of them are looked up among `files` first ("../colormap.glsl" from that one is the key
// "colormap.glsl"), then as above. ShaderError when `entry` is not a key.
Source resolveInMemory(const std::map<std::string, std::string>& files, const std::string& entry,
                       const IncludeOptions& options = {});

// Rewrites the "S:L" / "S(L)" locations of a compiler log (Mesa, NVIDIA, glslang) to
// "file:L" using Source::files.
std::string mapLog(const std::string& log, const std::vector<std::string>& files);

// The library's files keyed by their include path ("glnoise/perlin.glsl").
const std::map<std::string, std::string>& library();
// Its families, one per file: "permutation", "perlin", "fbm", ...
std::vector<std::string> families();

// One self-contained source with no #version, no includes and no storage buffer: the
// table as a const array read through GLN_PERM, then the files the families need, each
// once. Compiles as GLSL 4.30 core and GLSL ES 3.10 (it sets highp defaults under GL_ES).
// `families` empty means all; an unknown one is a ValidationError naming the allowed ones.
// `origin` is a line for the header comment (how the source was made).
std::string selfContained(const Permutation& table, const std::vector<std::string>& families,
                          const std::string& origin = {});

}  // namespace glnoise::glsl
