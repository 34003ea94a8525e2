// SPDX-License-Identifier: MIT
// glnoise/shader.hpp: the noise library as one self-contained source in the shader language
// you write: OpenGL GLSL, Vulkan GLSL, GLSL ES 3.00, HLSL, WGSL, Metal or Godot's.
//
//   glnoise::shader::Options o;
//   o.language = glnoise::shader::Language::Hlsl;
//   o.families = {"fractal"};                       // and what it needs; empty: all
//   o.seed = 7;                                     // unset: Ken Perlin's table
//   std::string hlsl = glnoise::shader::source(o);
//
// Every language has the GLSL library's function names and signatures in its own types,
// except WGSL and Godot's, where an overload takes a suffix (the table in docs/shaders.md).
// HLSL, Metal, WGSL and Godot's are translated from the GLSL at build time; the GLSL
// dialects are the GLSL itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace glnoise::shader {

enum class Language {
    Glsl,        // OpenGL GLSL 4.30 core or later (also GLSL ES 3.10 or later)
    VulkanGlsl,  // Vulkan GLSL (glslang -V): the table at a set and binding
    GlslEs,      // GLSL ES 3.00: WebGL2, Shadertoy
    Hlsl,        // HLSL Shader Model 5: Unity, Unreal, Direct3D 11 and 12
    Wgsl,        // WGSL: WebGPU, wgpu, Bevy
    Msl,         // Metal Shading Language
    Godot,       // Godot 4's shading language (.gdshader, .gdshaderinc)
};

// Where the permutation table (512 ints) lives.
enum class Table {
    Default,  // the fast form for the language (defaultTable())
    Const,    // a constant array in the source: nothing to bind
    Buffer,   // a read-only storage buffer (HLSL: a StructuredBuffer) the caller binds
    Uniform,  // a uniform block / cbuffer of 128 ivec4, for GLSL ES and WebGL2
};

struct Options {
    Language language = Language::Glsl;
    Table table = Table::Default;
    std::optional<std::uint64_t> seed;  // the table's (Permutation::forSeed)
    int set = 0;      // Vulkan GLSL descriptor set, WGSL @group, HLSL register space
    int binding = 0;  // binding, WGSL @binding, HLSL register number
    std::vector<std::string> families;  // empty: all
    std::string origin;                 // a line for the header: how the source was made
};

// "glsl", "vulkan", "gles", "hlsl", "wgsl", "msl", "godot", in Language's order.
const std::vector<std::string>& languageNames();
// ValidationError naming the allowed names.
Language parseLanguage(const std::string& name);
const std::string& languageName(Language language);
// "const", "buffer", "uniform".
Table parseTable(const std::string& name);
const std::string& tableName(Table table);
// Const for OpenGL GLSL, GLSL ES, Metal and Godot; Buffer for Vulkan GLSL, HLSL and WGSL,
// whose compilers turn a large constant array indexed at run time into very slow code.
Table defaultTable(Language language);

// The source. ValidationError for an unknown family, a table form the language has not
// (Metal and Godot: const only; OpenGL GLSL and Vulkan GLSL: no uniform; GLSL ES 3.00:
// no buffer), or a negative set or binding.
std::string source(const Options& options);

}  // namespace glnoise::shader
