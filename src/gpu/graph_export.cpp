// SPDX-License-Identifier: MIT
// A noise graph as one function of a shader of yours (glnoise/shader.hpp: graphSource;
// `glnoise shader --graph`): the library's families it calls, then what glnoise's own
// graph shader is (shaders/graph.glsl, shaders/bases.glsl and the functions
// gpu/graph_shader.cpp writes for the graph's plan) with the frames of the graph's origin
// and its parameters declared by this file, and gln_graph(p). The text is written from
// the plan's numbers and generated names only: no id or other string of the graph.
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/frames.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/shader.hpp"
#include "glnoise/version.hpp"
#include "glnoise/permutation.hpp"
#include "glsl/embedded.hpp"
#include "glsl/families.hpp"
#include "glsl/table_code.hpp"
#include "glsl/translate.hpp"
#include "gpu/graph_shader.hpp"
#include "graph/plan.hpp"

namespace glnoise::shader {

namespace {

// A float as GLSL reads it back to the same float: 9 significant digits, always with a
// point or exponent and the f suffix (GLSL ES 3.00 takes the suffix too).
std::string floatLiteral(float v) {
    if (std::isnan(v)) return "(0.0f / 0.0f)";
    if (std::isinf(v)) return v > 0 ? "(1.0f / 0.0f)" : "(-1.0f / 0.0f)";
    char text[48];
    std::snprintf(text, sizeof text, "%.9g", static_cast<double>(v));
    std::string s = text;
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    return s + "f";
}

std::string ivec4Literal(const cpu::ivec4& v) {
    return "ivec4(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ", " +
           std::to_string(v.w) + ")";
}

std::string vec4Literal(const cpu::vec4<float>& v) {
    return "vec4(" + floatLiteral(v.x) + ", " + floatLiteral(v.y) + ", " + floatLiteral(v.z) + ", " + floatLiteral(v.w) + ")";
}

std::string frameLiteral(const cpu::GlnFrame<float>& f) {
    return "GlnFrame(" + ivec4Literal(f.cell) + ", " + vec4Literal(f.frac) + ", " + ivec4Literal(f.period) + ", " +
           vec4Literal(f.scale) + ", " + vec4Literal(f.axis[0]) + ", " + vec4Literal(f.axis[1]) + ", " +
           vec4Literal(f.axis[2]) + ", " + ivec4Literal(f.block) + ")";
}

// The point's coordinates as the scopes' offset l (vec4).
std::string offsetOf(int dims) {
    switch (dims) {
        case 1: return "vec4(p, 0.0f, 0.0f, 0.0f)";
        case 2: return "vec4(p, 0.0f, 0.0f)";
        case 3: return "vec4(p, 0.0f)";
        default: return "p";
    }
}

bool glslDialect(Language l) { return l == Language::Glsl || l == Language::VulkanGlsl || l == Language::GlslEs; }

bool identifierChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The identifiers of GLSL text, comments left out.
std::set<std::string> identifiers(const std::string& text, std::size_t from, std::size_t to) {
    std::set<std::string> out;
    for (std::size_t i = from; i < to;) {
        if (text.compare(i, 2, "//") == 0) {
            i = text.find('\n', i);
            if (i == std::string::npos) break;
        } else if (text.compare(i, 2, "/*") == 0) {
            i = text.find("*/", i);
            if (i == std::string::npos) break;
            i += 2;
        } else if (identifierChar(text[i]) && !std::isdigit(static_cast<unsigned char>(text[i]))) {
            const std::size_t start = i;
            while (i < to && identifierChar(text[i])) ++i;
            out.insert(text.substr(start, i - start));
        } else if (std::isdigit(static_cast<unsigned char>(text[i]))) {
            while (i < to && (identifierChar(text[i]) || text[i] == '.')) ++i;
        } else {
            ++i;
        }
    }
    return out;
}

// The text without the functions that `root` does not reach: the library's families are
// whole in their files, and a graph calls a few of their functions. A top-level function
// (a name and a parenthesised list before a brace at depth 0) is kept when the root or a
// kept function names it, or when any other top-level text (a define, a declaration's
// initializer) does; a removed function takes the comment lines right above it along.
std::string withoutUnusedFunctions(const std::string& text, const std::string& root) {
    struct Item {
        std::string name;
        std::size_t begin, end;  // [begin, end): from its comment above to its closing brace's line end
        std::size_t body;        // where its signature starts
    };
    std::vector<Item> functions;
    // A #define's name and its line: what it names is reached when it is.
    std::vector<std::pair<std::string, std::pair<std::size_t, std::size_t>>> macros;
    std::vector<std::pair<std::size_t, std::size_t>> directives;  // every preprocessor line
    std::size_t statement = 0;  // where the current top-level statement starts
    int depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (text.compare(i, 2, "//") == 0 || (c == '#' && depth == 0 && (i == 0 || text[i - 1] == '\n'))) {
            std::size_t eol = text.find('\n', i);
            // A directive's line goes on past a backslash at its end.
            while (c == '#' && eol != std::string::npos && eol > 0 && text[eol - 1] == '\\') eol = text.find('\n', eol + 1);
            const std::size_t end = eol == std::string::npos ? text.size() : eol;
            if (c == '#') {
                directives.emplace_back(i, end);
                std::size_t k = i + 1;
                while (k < end && text[k] == ' ') ++k;
                if (text.compare(k, 6, "define") == 0) {
                    k += 6;
                    while (k < end && text[k] == ' ') ++k;
                    const std::size_t nameStart = k;
                    while (k < end && identifierChar(text[k])) ++k;
                    macros.push_back({text.substr(nameStart, k - nameStart), {k, end}});
                }
            }
            i = end;
            if (depth == 0 && c == '#') statement = i + 1;
            continue;
        }
        if (text.compare(i, 2, "/*") == 0) {
            const std::size_t close = text.find("*/", i);
            i = close == std::string::npos ? text.size() : close + 1;
            continue;
        }
        if (c == '{') {
            if (depth == 0) {
                // A function when its head is "type name(...)": not a struct, block or initializer
                // (the head's comments left out).
                std::string head;
                for (std::size_t k = statement; k < i;) {
                    if (text.compare(k, 2, "//") == 0) {
                        k = std::min(text.find('\n', k), i);
                    } else if (text.compare(k, 2, "/*") == 0) {
                        const std::size_t close = text.find("*/", k);
                        k = close == std::string::npos || close + 2 > i ? i : close + 2;
                    } else {
                        head += text[k++];
                    }
                }
                const std::size_t open = head.find('('), close = head.rfind(')');
                std::size_t n = open;
                while (n != std::string::npos && n > 0 && std::isspace(static_cast<unsigned char>(head[n - 1]))) --n;
                std::size_t nameStart = n;
                while (nameStart != std::string::npos && nameStart > 0 && identifierChar(head[nameStart - 1])) --nameStart;
                const bool function = open != std::string::npos && close != std::string::npos && close > open &&
                                      head.find('=') == std::string::npos && head.find("struct") == std::string::npos &&
                                      head.find("uniform") == std::string::npos && head.find("buffer") == std::string::npos &&
                                      nameStart < n;
                if (function) {
                    // Its comment lines right above it go with it.
                    std::size_t begin = statement;
                    while (begin < i && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
                    std::size_t lineStart = text.rfind('\n', begin == 0 ? 0 : begin - 1);
                    lineStart = lineStart == std::string::npos ? 0 : lineStart + 1;
                    while (lineStart > 0) {
                        const std::size_t prev = text.rfind('\n', lineStart - 2);
                        const std::size_t prevStart = prev == std::string::npos ? 0 : prev + 1;
                        const std::string line = text.substr(prevStart, lineStart - prevStart);
                        if (line.rfind("//", 0) != 0) break;
                        lineStart = prevStart;
                    }
                    functions.push_back({head.substr(nameStart, n - nameStart), lineStart, 0, statement});
                }
            }
            ++depth;
        } else if (c == '}') {
            --depth;
            if (depth == 0) {
                if (!functions.empty() && functions.back().end == 0 && functions.back().body <= i) {
                    std::size_t eol = text.find('\n', i);
                    functions.back().end = eol == std::string::npos ? text.size() : eol + 1;
                }
                statement = i + 1;
            }
        } else if (c == ';' && depth == 0) {
            statement = i + 1;
        }
    }
    // Roots: the entry, and every name of the text outside the functions and the
    // preprocessor's lines (a define reaches what it names when its name is reached).
    std::set<std::string> reached{root};
    std::vector<std::pair<std::size_t, std::size_t>> outside;
    std::size_t at = 0;
    for (const Item& f : functions) {
        outside.emplace_back(at, f.begin);
        at = f.end;
    }
    outside.emplace_back(at, text.size());
    std::size_t d = 0;
    for (const auto& [from, to] : outside) {
        std::size_t k = from;
        while (d < directives.size() && directives[d].second <= from) ++d;
        for (std::size_t e = d; e < directives.size() && directives[e].first < to; ++e) {
            const std::set<std::string> ids = identifiers(text, k, directives[e].first);
            reached.insert(ids.begin(), ids.end());
            k = directives[e].second;
        }
        const std::set<std::string> ids = identifiers(text, k, to);
        reached.insert(ids.begin(), ids.end());
    }
    std::map<std::string, std::vector<std::pair<std::size_t, std::size_t>>> byName;
    for (const Item& f : functions) byName[f.name].emplace_back(f.body, f.end);
    for (const auto& [name, range] : macros) byName[name].push_back(range);
    std::vector<std::string> work(reached.begin(), reached.end());
    while (!work.empty()) {
        const std::string name = work.back();
        work.pop_back();
        const auto it = byName.find(name);
        if (it == byName.end()) continue;
        for (const auto& [from, to] : it->second)
            for (const std::string& id : identifiers(text, from, to))
                if (reached.insert(id).second) work.push_back(id);
    }
    std::string out;
    at = 0;
    for (const Item& f : functions) {
        if (reached.count(f.name)) continue;
        out += text.substr(at, f.begin - at);
        at = f.end;
    }
    return out + text.substr(at);
}

// GraphParams::Uniform's block: the frames (std140 lays GlnFrame out as 128 bytes, as
// std430 does), then the parameters, one float per 16 bytes.
std::vector<std::uint8_t> blockOf(const std::vector<cpu::GlnFrame<float>>& frames, const std::vector<float>& params) {
    std::vector<std::uint8_t> bytes;
    auto word = [&bytes](const void* v) {
        std::uint32_t w = 0;
        std::memcpy(&w, v, 4);
        for (int b = 0; b < 4; ++b) bytes.push_back(static_cast<std::uint8_t>((w >> (8 * b)) & 0xffu));
    };
    static_assert(sizeof(cpu::GlnFrame<float>) == 128, "std140's GlnFrame");
    for (const cpu::GlnFrame<float>& f : frames) {
        const auto ints = [&](const cpu::ivec4& v) { for (int a = 0; a < 4; ++a) word(&v[a]); };
        const auto floats = [&](const cpu::vec4<float>& v) { for (int a = 0; a < 4; ++a) word(&v[a]); };
        ints(f.cell);
        floats(f.frac);
        ints(f.period);
        floats(f.scale);
        for (const auto& axis : f.axis) floats(axis);
        ints(f.block);
    }
    const float zero = 0.0f;
    for (const float v : params) {
        word(&v);
        for (int k = 0; k < 3; ++k) word(&zero);
    }
    return bytes;
}

// The frames of the graph's origin and its parameters, at least one of each.
struct Numbers {
    std::vector<cpu::GlnFrame<float>> frames;
    std::vector<float> params;
};
Numbers numbersOf(const cpu::GraphPlan& plan, const NoiseSpec& space) {
    Numbers n;
    plan.appendFrames(cpu::gridOrigin(space), n.frames);
    n.params = plan.paramsAs<float>();
    if (n.frames.empty()) n.frames.push_back({});
    if (n.params.empty()) n.params.push_back(0.0f);
    return n;
}

constexpr std::size_t kMostBlockBytes = 65536;

}  // namespace

std::vector<std::uint8_t> graphBlock(const Graph& graph) {
    graph.validate();
    graph.requirePointwise("a graph's parameter block");
    const Numbers n = numbersOf(cpu::planGraph(graph), graph.space);
    return blockOf(n.frames, n.params);
}

namespace {

// A float in a port's source: as GLSL writes it where finite (each port reads the f
// suffix), its bits where not.
std::string portFloat(Language l, float v) {
    if (std::isfinite(v)) return floatLiteral(v);
    const char* bits = std::isnan(v) ? "0x7fc00000u" : v > 0 ? "0x7f800000u" : "0xff800000u";
    switch (l) {
        case Language::Hlsl: return std::string("asfloat(") + bits + ")";
        case Language::Wgsl: return std::string("bitcast<f32>(") + bits + ")";
        case Language::Msl: return std::string("as_type<float>(") + bits + ")";
        default: return std::string("uintBitsToFloat(") + bits + ")";
    }
}

std::string portVector(Language l, const char* kind, const std::string& a, const std::string& b, const std::string& c,
                       const std::string& d) {
    const bool ints = kind[0] == 'i';
    std::string type;
    switch (l) {
        case Language::Wgsl: type = ints ? "vec4<i32>" : "vec4<f32>"; break;
        case Language::Godot: type = ints ? "ivec4" : "vec4"; break;
        default: type = ints ? "int4" : "float4"; break;
    }
    return type + "(" + a + ", " + b + ", " + c + ", " + d + ")";
}

std::string portInts(Language l, const cpu::ivec4& v) {
    return portVector(l, "i", std::to_string(v.x), std::to_string(v.y), std::to_string(v.z), std::to_string(v.w));
}

std::string portFloats(Language l, const cpu::vec4<float>& v) {
    return portVector(l, "f", portFloat(l, v.x), portFloat(l, v.y), portFloat(l, v.z), portFloat(l, v.w));
}

// A frame's eight fields in GlnFrame's order.
std::string portFrameFields(Language l, const cpu::GlnFrame<float>& f) {
    return portInts(l, f.cell) + ", " + portFloats(l, f.frac) + ", " + portInts(l, f.period) + ", " + portFloats(l, f.scale) +
           ", " + portFloats(l, f.axis[0]) + ", " + portFloats(l, f.axis[1]) + ", " + portFloats(l, f.axis[2]) + ", " +
           portInts(l, f.block);
}

std::string portParams(Language l, const std::vector<float>& params) {
    std::string out;
    for (std::size_t i = 0; i < params.size(); ++i)
        out += (i % 6 == 0 ? "\n    " : " ") + portFloat(l, params[i]) + (i + 1 < params.size() ? "," : "");
    return out;
}

// The graph's frames and numbers in a port, and gln_graph_frame(i) and gln_graph_param(i),
// which the translated code reads them by.
// HLSL's and Metal's reads of their constant arrays (C's syntax in both).
constexpr const char* kArrayReads =
    "GlnFrame gln_graph_frame(int i) { return gln_graph_frames[i]; }\n"
    "float gln_graph_param(int i) { return gln_graph_params[i]; }\n";

std::string portData(Language l, const Numbers& n, GraphParams params, int set, int binding) {
    const std::string F = std::to_string(n.frames.size()), M = std::to_string(n.params.size());
    const std::string b = std::to_string(binding), s = std::to_string(set);
    std::string out;
    const auto rows = [&](const std::string& open, const std::string& close) {
        std::string r;
        for (std::size_t i = 0; i < n.frames.size(); ++i)
            r += "    " + open + portFrameFields(l, n.frames[i]) + close + (i + 1 < n.frames.size() ? ",\n" : "\n");
        return r;
    };
    switch (l) {
        case Language::Hlsl:
            if (params == GraphParams::Constants) {
                out += "GLN_TABLES GlnFrame gln_graph_frames[" + F + "] = {\n" + rows("{", "}") + "};\n";
                out += "GLN_TABLES float gln_graph_params[" + M + "] = {" + portParams(l, n.params) + "};\n";
                out += kArrayReads;
            } else {
                out += "cbuffer GlnGraph : register(b" + b + (set == 0 ? "" : ", space" + s) + ") {\n    GlnFrame gln_graph_frames[" + F +
                       "];\n    float4 gln_graph_params[" + M + "];  // number i in .x\n};\n";
                out += "GlnFrame gln_graph_frame(int i) { return gln_graph_frames[i]; }\n"
                       "float gln_graph_param(int i) { return gln_graph_params[i].x; }\n";
            }
            break;
        case Language::Wgsl:
            if (params == GraphParams::Constants) {
                out += "var<private> gln_graph_frames: array<GlnFrame, " + F + "> = array<GlnFrame, " + F + ">(\n" +
                       rows("GlnFrame(", ")") + ");\n";
                out += "var<private> gln_graph_params: array<f32, " + M + "> = array<f32, " + M + ">(" + portParams(l, n.params) + ");\n";
                out += "fn gln_graph_frame(i: i32) -> GlnFrame { return gln_graph_frames[i]; }\n"
                       "fn gln_graph_param(i: i32) -> f32 { return gln_graph_params[i]; }\n";
            } else {
                out += "struct GlnGraph {\n    frames: array<GlnFrame, " + F + ">,\n    params: array<vec4<f32>, " + M +
                       ">,  // number i in .x\n};\n@group(" + s + ") @binding(" + b + ") var<uniform> gln_graph_block: GlnGraph;\n";
                out += "fn gln_graph_frame(i: i32) -> GlnFrame { return gln_graph_block.frames[i]; }\n"
                       "fn gln_graph_param(i: i32) -> f32 { return gln_graph_block.params[i].x; }\n";
            }
            break;
        case Language::Msl:
            out += "constant GlnFrame gln_graph_frames[" + F + "] = {\n" + rows("{", "}") + "};\n";
            out += "constant float gln_graph_params[" + M + "] = {" + portParams(l, n.params) + "};\n";
            out += kArrayReads;
            break;
        default: {  // Godot: arrays of vectors (a struct's array constant is not Godot's)
            const std::size_t count = n.frames.size();
            std::string ints, floats;
            for (std::size_t i = 0; i < count; ++i) {
                const cpu::GlnFrame<float>& f = n.frames[i];
                const std::string sep = i + 1 < count ? ",\n" : "\n";
                ints += "    " + portInts(l, f.cell) + ", " + portInts(l, f.period) + ", " + portInts(l, f.block) + sep;
                floats += "    " + portFloats(l, f.frac) + ", " + portFloats(l, f.scale) + ", " + portFloats(l, f.axis[0]) + ",\n    " +
                          portFloats(l, f.axis[1]) + ", " + portFloats(l, f.axis[2]) + sep;
            }
            const std::string I = std::to_string(3 * count), V = std::to_string(5 * count);
            out += "const ivec4 gln_graph_ints[" + I + "] = ivec4[" + I + "](\n" + ints + ");\n";
            out += "const vec4 gln_graph_floats[" + V + "] = vec4[" + V + "](\n" + floats + ");\n";
            out += "const float gln_graph_params[" + M + "] = float[" + M + "](" + portParams(l, n.params) + ");\n";
            out += "GlnFrame gln_graph_frame(int i) {\n"
                   "    return GlnFrame(gln_graph_ints[3 * i], gln_graph_floats[5 * i], gln_graph_ints[3 * i + 1],\n"
                   "                    gln_graph_floats[5 * i + 1], gln_graph_floats[5 * i + 2], gln_graph_floats[5 * i + 3],\n"
                   "                    gln_graph_floats[5 * i + 4], gln_graph_ints[3 * i + 2]);\n"
                   "}\n"
                   "float gln_graph_param(int i) { return gln_graph_params[i]; }\n";
            break;
        }
    }
    return out;
}

// Where the translated text takes portData: the comment line graph_data.glsl leaves.
constexpr const char* kDataMarker = "// glnoise: the graph's frames and numbers go here";

// The point's and the result's types by dims, per language family.
const char* const kPointTypes[][5] = {
    {"", "float", "vec2", "vec3", "vec4"},             // the GLSL dialects and Godot
    {"", "float", "float2", "float3", "float4"},      // HLSL and Metal
    {"", "f32", "vec2<f32>", "vec3<f32>", "vec4<f32>"},  // WGSL
};
const char* const* pointTypes(Language l) {
    return kPointTypes[l == Language::Wgsl ? 2 : l == Language::Hlsl || l == Language::Msl ? 1 : 0];
}

}  // namespace

std::string graphSource(const Options& options, const Graph& graph, const GraphOptions& g) {
    const Language language = options.language;
    const bool port = !glslDialect(language);
    std::vector<std::string> errors;
    if (!options.families.empty()) errors.push_back("families: a graph's source holds the families its nodes call; name none");
    if (options.seed && options.seed != graph.space.seed)
        errors.push_back("--seed " + std::to_string(*options.seed) + ": a graph's table is its own seed's (its space's seed; "
                         "bake --graph --seed sets it)");
    if (g.params == GraphParams::Uniform && g.binding < 0) errors.push_back("--params-binding " + std::to_string(g.binding) + ": must be >= 0");
    if (g.params == GraphParams::Uniform && language == Language::Msl)
        errors.push_back("--params uniform: Metal has no program-scope buffers (its table is a constant array too); allowed "
                         "for msl: --params constants");
    if (g.params == GraphParams::Uniform && language == Language::Godot)
        errors.push_back("--params uniform: Godot's shaders take uniforms one by one, not as a block; allowed for godot: "
                         "--params constants");
    const Table table = options.table == Table::Default ? defaultTable(language) : options.table;
    if (port) {
        const std::vector<std::string> t = detail::tableErrors(language, table, options.set, options.binding);
        errors.insert(errors.end(), t.begin(), t.end());
    }
    if (!errors.empty()) throw ValidationError(errors);
    graph.validate();
    graph.requirePointwise("a shader");

    const cpu::GraphPlan plan = cpu::planGraph(graph);
    const NoiseSpec& space = graph.space;
    const int dims = space.dims;
    Options library = options;
    library.families = {"fractal", "pattern"};  // graph.glsl's and bases.glsl's
    library.seed = space.seed;
    // The GLSL dialects: the library's own source with its table. A port: the GLSL library
    // (which the translator reads whole) reading the table through GLN_TABLE_READ, which
    // the port's table declaration defines after translation.
    std::string out;
    if (port) {
        out = "#define GLN_PERM(i) GLN_TABLE_READ(i)\n" + glsl::familiesSource(library.families).text;
    } else {
        out = source(library);
    }

    // The frames of the graph's origin (a bake's world texel 0) and the parameters.
    const Numbers numbers = numbersOf(plan, space);
    const std::size_t frameCount = numbers.frames.size(), paramCount = numbers.params.size();
    const std::size_t blockBytes = 128 * frameCount + 16 * paramCount;  // blockOf's layout
    if (g.params == GraphParams::Uniform && blockBytes > kMostBlockBytes)
        throw ValidationError("--params uniform: the graph's block would be " + std::to_string(blockBytes) +
                              " bytes (" + std::to_string(frameCount) + " frames of 128, " + std::to_string(paramCount) +
                              " numbers of 16); a uniform block holds at most 65536 here: --params constants");
    const bool vulkan = language == Language::VulkanGlsl, es = language == Language::GlslEs;
    std::string data;
    if (port) {
        data = std::string(kDataMarker) + "\n#define GLN_FRAME(i) gln_graph_frame(i)\n#define GLN_PARAM(i) gln_graph_param(i)\n";
    } else if (g.params == GraphParams::Constants) {
        // Vulkan: plain globals, as the library's tables are there (glslang copies a const
        // array at every dynamic index, which some drivers compile very slowly).
        const std::string constant = vulkan ? "" : "const ";
        data += "// The frames of the graph's origin (lattice cell, fraction, period, scale of each leaf's\n"
                "// point there, planned in double), for gln_graph's offsets p.\n";
        data += constant + "GlnFrame gln_frames[" + std::to_string(frameCount) + "] = GlnFrame[" + std::to_string(frameCount) + "](\n";
        for (std::size_t i = 0; i < frameCount; ++i)
            data += "    " + frameLiteral(numbers.frames[i]) + (i + 1 < frameCount ? ",\n" : ");\n");
        data += "// The graph's numbers, as its plan lays them out.\n";
        data += constant + "float gln_params[" + std::to_string(paramCount) + "] = float[" + std::to_string(paramCount) + "](";
        for (std::size_t i = 0; i < paramCount; ++i)
            data += (i % 6 == 0 ? "\n    " : " ") + floatLiteral(numbers.params[i]) + (i + 1 < paramCount ? "," : "");
        data += ");\n";
    } else {
        const std::string b = std::to_string(g.binding), s = std::to_string(options.set);
        const std::string layout = vulkan ? "std140, set = " + s + ", binding = " + b : es ? "std140" : "std140, binding = " + b;
        data += "// The graph's frames at its origin and its numbers: the block the caller fills\n"
                "// (glnoise::shader::graphBlock, Graph.shader_block(), glnoise shader --params-out).\n";
        data += "layout(" + layout + ") uniform GlnGraph {\n    GlnFrame gln_frames[" + std::to_string(frameCount) +
                "];\n    float gln_params[" + std::to_string(paramCount) + "];\n};\n";
    }

    // The entry: the output's scope at the offset p from the origin, as a bake's texel.
    int graphDims = 0;
    for (const cpu::PlanScope& sc : plan.scopes) graphDims |= 1 << sc.dims;
    const int output = outputKinds()[static_cast<std::size_t>(space.output)].glslId;
    const std::string P = kPointTypes[0][dims];  // the entry is GLSL (translated for a port)
    std::string entry = "#include \"graph.glsl\"\n\n";
    switch (space.output) {
        case Output::Value:
            entry += "// The graph's value at p (in .x; .yzw are 0).\n";
            break;
        case Output::Gradient:
            entry += "// The graph's value at p and its gradient: (value, d/dx, d/dy, d/dz).\n";
            break;
        case Output::Normal:
            entry += "// The graph's normal map at p: (nx, ny, nz, value), the normal of the height field\n"
                     "// value * height_scale (" + floatLiteral(static_cast<float>(space.heightScale)) + ").\n";
            break;
    }
    entry += "vec4 gln_graph(" + P + " p) {\n    vec4 v = GLN_G(gln_scope_0(" + offsetOf(dims) + ", 0));\n";
    if (space.output == Output::Normal)
        entry += "    vec3 n = gln_heightmap_normal(vec2(v.y, v.z), " + floatLiteral(static_cast<float>(space.heightScale)) +
                 ");\n    return vec4(n, v.x);\n";
    else
        entry += "    return v;\n";
    entry += "}\n";

    std::map<std::string, std::string> files = glsl::embeddedShaders();
    // graph.glsl's and bases.glsl's library includes are the families above, already in.
    files["glnoise/fractal.glsl"] = "";
    files["glnoise/pattern.glsl"] = "";
    files["graph_nodes.glsl"] = gpu::graphFunctions(plan);
    files["graph_data.glsl"] = data;
    files["gln-graph-entry.glsl"] = entry;
    glsl::IncludeOptions io;
    io.lineDirectives = false;
    io.library = false;
    auto def = [&](const char* name, int value) { io.defines += std::string("#define ") + name + " " + std::to_string(value) + "\n"; };
    def("GLN_OUTPUT", output);
    def("GLN_WORLD", plan.world ? 1 : 0);
    def("GLN_PERIODIC", gpu::graphPeriodic(plan) ? 1 : 0);
    def("GLN_G_DIMS", graphDims);
    def("GLN_DIMS", 0);
    def("GLN_FRAME_BLOCK", -1);
    def("GLN_PARAM_BLOCK", -1);
    const glsl::Source graphPart = glsl::resolveInMemory(files, "gln-graph-entry.glsl", io);

    // The header: what the function is, in the language's own types.
    const std::string pointType = pointTypes(language)[dims], vec4Type = pointTypes(language)[4];
    std::ostringstream head;
    head << "//\n// A noise graph as one function: " << pointType << " p -> " << vec4Type << " gln_graph(p), the graph ("
         << graph.nodes.size() << " nodes, " << dims << "D, output " << toString(space.output) << ") at p.\n"
         << "// p is the graph's sample space: texel units of `glnoise bake --graph` from the origin this source\n"
         << "// was made for (the graph's offset, z and w), so gln_graph(p) at p = (x, y) is the bake's texel (x, y),\n"
         << "// y = 0 first, within the check's tolerance of glnoise's reference.\n"
         << "// Far from the origin a float p loses fraction bits, as any noise of a float point does; glnoise's\n"
         << "// own shaders plan each 256-texel anchor's frames in double and add an offset below 256. To keep\n"
         << "// values exact in a large world, give each region its own origin (the graph's offset, in double)\n"
         << "// and pass p from there: with --params uniform a block per region, else a source per region\n"
         << "// (--offset X,Y).\n";
    if (g.params == GraphParams::Constants) {
        head << "// The graph's numbers are constants: the compiler folds them.";
        if (language != Language::Msl && language != Language::Godot)
            head << " --params uniform reads them and the\n// frames from a uniform block instead, so that changing one compiles nothing.";
        head << "\n";
    } else {
        std::string where;
        switch (language) {
            case Language::VulkanGlsl: where = "set " + std::to_string(options.set) + ", binding " + std::to_string(g.binding); break;
            case Language::GlslEs: where = "the binding you give it with glUniformBlockBinding"; break;
            case Language::Hlsl:
                where = "register(b" + std::to_string(g.binding) + (options.set == 0 ? "" : ", space" + std::to_string(options.set)) + ")";
                break;
            case Language::Wgsl:
                where = "@group(" + std::to_string(options.set) + ") @binding(" + std::to_string(g.binding) + ")";
                break;
            default: where = "binding " + std::to_string(g.binding); break;
        }
        const char* block = language == Language::Hlsl ? "a constant buffer GlnGraph" : language == Language::Wgsl ? "a uniform buffer (struct GlnGraph)" : "a uniform block GlnGraph";
        head << "// Bind: " << block << " of " << blockBytes << " bytes (std140: " << frameCount
             << " frames of 128 bytes, then " << paramCount << " floats, one per 16 bytes) at " << where
             << ".\n// Its bytes: glnoise shader --params-out FILE.bin, glnoise::shader::graphBlock(graph) or\n"
             << "// Graph.shader_block(). A graph of the same structure (kinds, wiring, octave counts, bases)\n"
             << "// changed only in its numbers, or moved to another origin (its offset), takes its own block\n"
             << "// in the same source: that is also how a large world keeps its values exact, a block per region.\n";
    }
    if (!port) {
        head << "// The defines below are this source's own (GLN_G_*, GLN_OUTPUT, ...); define none of them yourself.\n";
        // The library's header names the families it was cut from; the graph keeps only the
        // functions it calls.
        const std::size_t families = out.find("// Families: ");
        if (families != std::string::npos)
            out.replace(families, out.find('\n', families) - families,
                        "// Functions: the library's that the graph calls, and no others (glnoise shader without --graph "
                        "prints them all).");
        return withoutUnusedFunctions(out + head.str() + graphPart.text, "gln_graph");
    }

    // A port: the GLSL translated, then the table and the graph's data in the language.
    const std::string glslText = withoutUnusedFunctions(out + graphPart.text, "gln_graph");
    std::string body = glsl::translateSource(glslText, languageName(language), g.python);
    const std::size_t marker = body.find(kDataMarker);
    if (marker == std::string::npos) throw Error("the translated graph lost its data's place (" + std::string(kDataMarker) + ")");
    body.replace(marker, std::strlen(kDataMarker), portData(language, numbers, g.params, options.set, g.binding));
    const detail::TableCode tableCode = detail::tableCode(language, table, Permutation::forSeed(space.seed), options.set, options.binding);
    const std::string read = "GLN_TABLE_READ(i)";
    for (std::size_t at = body.find(read); at != std::string::npos; at = body.find(read, at)) body.replace(at, read.size(), tableCode.read);
    if (body.find("GLN_TABLE_READ") != std::string::npos) throw Error("the translated graph reads the table where glnoise does not expect it");

    std::ostringstream top;
    top << "// glnoise " << kVersion << ": a noise graph in " << detail::languageTitle(language) << ", self-contained.\n"
        << "// Functions: the library's that the graph calls, translated from glnoise's GLSL with the graph's own\n"
        << "// code by glnoise's translator (as the library's " << languageName(language) << " is); they compute what glnoise's CPU reference computes.\n";
    if (!options.origin.empty()) top << "// Made by: " << options.origin << "\n";
    top << "// Permutation table: " << (space.seed ? "seed " + std::to_string(*space.seed) + " (glnoise's PCG32 shuffle of 0..255, doubled)"
                                                : std::string("Ken Perlin's (Improving Noise, 2002), doubled"))
        << ", as " << tableName(table) << ".\n"
        << "// Licence: MIT (glnoise).\n";
    if (!tableCode.note.empty()) top << "// Bind: " << tableCode.note << ".\n";
    switch (language) {
        case Language::Hlsl:
            top << "// Paste it above your entry point, or #include it. Its `precise` variables keep results within the\n"
                   "// check's tolerance; a compiler's fast-math options may not.\n";
            break;
        case Language::Wgsl:
            top << "// Paste it into your module. WGSL has no overloading: overloads carry a suffix (docs/shaders.md).\n"
                   "// WGSL has no `precise`: a GPU that fuses multiply-adds may differ a little more.\n";
            break;
        case Language::Msl:
            top << "// #include it in your .metal file. Metal's fast math may contract a * b + c: compile with\n"
                   "// -fno-fast-math for results within the check's tolerance.\n";
            break;
        default:
            top << "// Save it as a .gdshaderinc and #include it after your shader's shader_type line (or paste it\n"
                   "// there). Godot has no `precise`: a GPU that fuses multiply-adds may differ a little more.\n";
            break;
    }
    top << head.str().substr(3);  // its "//\n" opening
    switch (language) {
        case Language::Msl: top << "#include <metal_stdlib>\nusing namespace metal;\n\n"; break;
        case Language::Hlsl:
            top << "\n// The tables' qualifier: static const unless defined before this (glslang's HLSL front end: static).\n"
                   "#ifndef GLN_TABLES\n#define GLN_TABLES static const\n#endif\n";
            break;
        default: top << "\n"; break;
    }
    return top.str() + tableCode.declaration + "\n" + body;
}

}  // namespace glnoise::shader
