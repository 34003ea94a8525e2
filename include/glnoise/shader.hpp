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

#include "glnoise/graph.hpp"

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

// A noise graph as one function of your shader (`glnoise shader --graph`; docs/shaders.md,
// "A graph as one function"): the library's functions its nodes call, the graph's own code
// and `gln_graph(p)` (a scalar, 2-, 3- or 4-vector p for its dims, returning 4 numbers:
// vec4, float4 or vec4<f32>), the graph at the offset p from its origin (its space's
// offset, z and w), in texel units: what `glnoise bake --graph` makes for texel p, within
// the check's tolerance. One graph per source. In every language: the GLSL dialects are
// glnoise's GLSL; HLSL, WGSL, Metal and Godot's are that GLSL translated when the source is
// made, by the translator that translates the library at build time, which is Python: it
// needs a Python 3 where this runs (GraphOptions::python; glsl::translatorPath's places).
enum class GraphParams {
    Constants,  // the graph's numbers written into the source: the driver folds them
    Uniform,    // numbers and frames read from a uniform block the caller fills (graphBlock): a change compiles nothing
};
struct GraphOptions {
    GraphParams params = GraphParams::Constants;
    int binding = 1;     // GraphParams::Uniform: the block's binding (OpenGL, Vulkan at options.set, HLSL b<N>, WGSL @binding)
    std::string python;  // HLSL, WGSL, Metal, Godot: the Python 3 that runs the translator (empty: $GLNOISE_PYTHON, else python3)
};
// ValidationError for families named (it takes those its nodes need), a seed other than
// the graph's, a negative binding, a uniform block above 64 KiB or where the language has
// none (Metal, Godot: constants), and what the library's source() refuses; the graph's own
// errors as Graph::validate's; Error when the translator cannot run or fails.
std::string graphSource(const Options& options, const Graph& graph, const GraphOptions& graphOptions = {});
// What GraphParams::Uniform's block GlnGraph holds for `graph`: the frames of its origin
// (128 bytes each), then its numbers (a float per 16 bytes), std140, little-endian. A
// graph of the same structure changed only in its numbers (not its kinds, wiring, octave
// counts or bases), or moved to another origin (its space's offset, z and w), takes its
// own block in a source made for the other.
std::vector<std::uint8_t> graphBlock(const Graph& graph);

}  // namespace glnoise::shader
