// SPDX-License-Identifier: MIT
// glnoise::shader::source: the library in one file per language. The GLSL dialects are the
// GLSL library itself behind a table declaration; HLSL, Metal, WGSL and Godot's are the
// families translated at build time (src/port/glnoise_port), put in dependency order.
#include "glnoise/shader.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/permutation.hpp"
#include "glnoise/version.hpp"
#include "glsl/families.hpp"
#include "glsl/ports.hpp"
#include "glsl/table_code.hpp"

namespace glnoise::shader {

namespace {

struct LanguageInfo {
    const char* title;  // for the header
    const char* port;   // key prefix of the translated files ("" for the GLSL dialects)
    const char* ext;    // of those files
};

const LanguageInfo& info(Language l) {
    static const LanguageInfo infos[] = {
        {"OpenGL GLSL (4.30 core or later, or GLSL ES 3.10 or later)", "", ""},
        {"Vulkan GLSL (glslang -V, GLSL 4.50)", "", ""},
        {"GLSL ES 3.00 (WebGL2, Shadertoy)", "", ""},
        {"HLSL (Shader Model 5)", "hlsl", ".hlsl"},
        {"WGSL (WebGPU)", "wgsl", ".wgsl"},
        {"Metal Shading Language", "msl", ".metal"},
        {"Godot 4's shading language", "godot", ".gdshaderinc"},
    };
    return infos[static_cast<int>(l)];
}

std::string joined(const std::vector<std::string>& items, const char* sep = ", ") {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
    return out;
}

// The translated families of a language in dependency order, each with what it includes.
std::vector<std::pair<std::string, std::vector<std::string>>> portFamilies(const std::string& port) {
    std::vector<std::pair<std::string, std::vector<std::string>>> out;
    std::istringstream in(glsl::embeddedPorts().at(port + "/families.txt"));
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string name, dep;
        words >> name;
        std::vector<std::string> deps;
        while (words >> dep) deps.push_back(dep);
        if (!name.empty()) out.emplace_back(name, deps);
    }
    return out;
}

// The families asked for (all when none), checked, in the library's order.
std::vector<std::string> chosenFamilies(const std::vector<std::string>& wanted) {
    std::vector<std::string> all = glsl::families();
    std::vector<std::string> unknown;
    for (const auto& f : wanted)
        if (std::find(all.begin(), all.end(), f) == all.end())
            unknown.push_back("family '" + f + "': allowed: " + joined(all));
    if (!unknown.empty()) throw ValidationError(unknown);
    if (wanted.empty()) return all;
    std::vector<std::string> out;
    for (const auto& f : wanted)
        if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    return out;
}

std::string tableValues(const Permutation& table, const char* indent, int perRow) {
    std::ostringstream out;
    const int n = 2 * Permutation::kSize;
    for (int i = 0; i < n; ++i)
        out << (i % perRow == 0 ? std::string("\n") + indent : std::string(" ")) << table[i] << (i + 1 < n ? "," : "");
    return out.str();
}

std::string seedLine(const Options& o) {
    return o.seed ? "seed " + std::to_string(*o.seed) + " (glnoise's PCG32 shuffle of 0..255, doubled)"
                  : "Ken Perlin's (Improving Noise, 2002), doubled";
}

// Vulkan GLSL: the library's constant tables (`const vec4 GLN_GRAD4[32] = ...`) as plain
// globals. glslang copies a constant array into a local one at every dynamic index, which
// lavapipe took over 5 minutes to compile for the whole library; globals are initialised
// once per invocation and compiled in about a minute.
std::string privateTables(std::string text) {
    const std::string key = "\nconst ";
    for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
        const auto end = text.find('\n', at + 1);
        const std::string line = text.substr(at + 1, end - at - 1);
        if (line.find(" GLN_") != std::string::npos && line.find('[') != std::string::npos &&
            line.find('[') < line.find('='))
            text.erase(at + 1, 6);  // "const "
    }
    return text;
}

}  // namespace

namespace detail {

// The table's declaration and the expression that reads entry i, per language and form.
TableCode tableCode(Language l, Table t, const Permutation& p, int set, int binding) {
    const std::string b = std::to_string(binding), s = std::to_string(set);
    switch (l) {
        case Language::Glsl:
        case Language::VulkanGlsl:
        case Language::GlslEs:
            if (t == Table::Const)
                return {"const int GLN_PERM_TABLE[512] = int[512](" + tableValues(p, "    ", 16) + ");\n", "", ""};
            if (t == Table::Buffer) {
                const std::string layout = l == Language::VulkanGlsl ? "std430, set = " + s + ", binding = " + b
                                                                       : "std430, binding = " + b;
                return {"layout(" + layout + ") readonly buffer GlnPermutation {\n    int gln_perm_table[512];\n};\n",
                        "", "a storage buffer of the 512 table entries (int32) at " +
                                (l == Language::VulkanGlsl ? "set " + s + ", binding " + b : "binding " + b)};
            }
            return {"layout(std140) uniform GlnPermutation {\n    ivec4 gln_perm_table[128];  // entry i: [i >> 2][i & 3]\n};\n",
                    "", "a uniform block GlnPermutation of the 512 entries (int32, 2048 bytes); bind it with "
                        "glUniformBlockBinding"};
        case Language::Hlsl:
            if (t == Table::Const)
                return {"static const int gln_perm_table[512] = {" + tableValues(p, "    ", 16) + "};\n",
                        "gln_perm_table[i]", ""};
            if (t == Table::Buffer) {
                const std::string reg = set == 0 ? "t" + b : "t" + b + ", space" + s;
                return {"StructuredBuffer<int> gln_perm_table : register(" + reg + ");\n", "gln_perm_table[i]",
                        "a StructuredBuffer<int> of the 512 table entries at register(" + reg + ")" +
                            (set == 0 ? "" : " (register spaces need Shader Model 5.1)")};
            }
            {
                const std::string reg = set == 0 ? "b" + b : "b" + b + ", space" + s;
                return {"cbuffer GlnPermutation : register(" + reg + ") {\n    int4 gln_perm_table[128];  // entry i: [i >> 2][i & 3]\n};\n",
                        "gln_perm_table[i >> 2][i & 3]", "a constant buffer of the 512 entries (int32) at register(" + reg + ")"};
            }
        case Language::Wgsl:
            if (t == Table::Const)
                return {"const gln_perm_table = array<i32, 512>(" + tableValues(p, "    ", 16) + ");\n",
                        "gln_perm_table[i]", ""};
            if (t == Table::Buffer)
                return {"@group(" + s + ") @binding(" + b + ") var<storage, read> gln_perm_table: array<i32, 512>;\n",
                        "gln_perm_table[i]",
                        "a read-only storage buffer of the 512 table entries (i32) at @group(" + s + ") @binding(" + b + ")"};
            return {"@group(" + s + ") @binding(" + b + ") var<uniform> gln_perm_table: array<vec4<i32>, 128>;  // entry i: [i >> 2][i & 3]\n",
                    "gln_perm_table[i >> 2u][i & 3]",
                    "a uniform buffer of the 512 entries (i32, 2048 bytes) at @group(" + s + ") @binding(" + b + ")"};
        case Language::Msl:
            return {"constant int gln_perm_table[512] = {" + tableValues(p, "    ", 16) + "};\n", "gln_perm_table[i]", ""};
        case Language::Godot:
            return {"const int gln_perm_table[512] = int[512](" + tableValues(p, "    ", 16) + ");\n", "gln_perm_table[i]",
                    ""};
    }
    return {};
}

std::vector<std::string> tableErrors(Language l, Table t, int set, int binding) {
    std::vector<std::string> errors;
    if (l == Language::Msl && t != Table::Const)
        errors.push_back("--table " + tableName(t) +
                         ": Metal has no program-scope buffers; allowed for msl: const (a `constant` array)");
    if (l == Language::Godot && t != Table::Const)
        errors.push_back("--table " + tableName(t) + ": allowed for godot: const (a `const int` array)");
    if ((l == Language::Glsl || l == Language::VulkanGlsl) && t == Table::Uniform)
        errors.push_back("--table uniform: allowed for " + languageName(l) + ": const, buffer");
    if (l == Language::GlslEs && t == Table::Buffer)
        errors.push_back("--table buffer: GLSL ES 3.00 has no storage buffers; allowed for gles: const, uniform");
    if (set < 0) errors.push_back("--set " + std::to_string(set) + ": must be >= 0");
    if (binding < 0) errors.push_back("--binding " + std::to_string(binding) + ": must be >= 0");
    return errors;
}

std::string languageTitle(Language l) { return info(l).title; }

}  // namespace detail

const std::vector<std::string>& languageNames() {
    static const std::vector<std::string> names{"glsl", "vulkan", "gles", "hlsl", "wgsl", "msl", "godot"};
    return names;
}

Language parseLanguage(const std::string& name) {
    const auto& names = languageNames();
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) throw ValidationError("--language " + name + ": allowed: " + joined(names));
    return static_cast<Language>(it - names.begin());
}

const std::string& languageName(Language language) { return languageNames()[static_cast<std::size_t>(language)]; }

namespace {
const std::vector<std::string>& tableNames() {
    static const std::vector<std::string> names{"default", "const", "buffer", "uniform"};
    return names;
}
}  // namespace

Table parseTable(const std::string& name) {
    const auto& names = tableNames();
    const auto it = std::find(names.begin() + 1, names.end(), name);
    if (it == names.end()) throw ValidationError("--table " + name + ": allowed: const, buffer, uniform");
    return static_cast<Table>(it - names.begin());
}

const std::string& tableName(Table table) { return tableNames()[static_cast<std::size_t>(table)]; }

Table defaultTable(Language language) {
    switch (language) {
        case Language::VulkanGlsl:
        case Language::Hlsl:
        case Language::Wgsl: return Table::Buffer;
        default: return Table::Const;
    }
}

std::string source(const Options& o) {
    const Language l = o.language;
    const Table t = o.table == Table::Default ? defaultTable(l) : o.table;
    std::vector<std::string> errors = detail::tableErrors(l, t, o.set, o.binding);
    const std::vector<std::string> chosen = chosenFamilies(o.families);  // throws for unknown ones first
    if (!errors.empty()) throw ValidationError(errors);

    const Permutation perm = Permutation::forSeed(o.seed);
    const detail::TableCode table = detail::tableCode(l, t, perm, o.set, o.binding);
    const LanguageInfo& li = info(l);

    // The families with everything they include, in the order they must appear.
    std::string body;
    std::vector<std::string> included;
    if (li.port[0] == '\0') {
        const glsl::Source resolved = glsl::familiesSource(chosen);
        body = resolved.text;
        for (const auto& f : resolved.files)
            if (f.rfind("glnoise/", 0) == 0) included.push_back(f.substr(8, f.size() - 8 - 5));
    } else {
        const auto families = portFamilies(li.port);
        std::set<std::string> need(chosen.begin(), chosen.end());
        for (auto it = families.rbegin(); it != families.rend(); ++it)
            if (need.count(it->first)) need.insert(it->second.begin(), it->second.end());
        for (const auto& [name, deps] : families) {
            if (!need.count(name)) continue;
            included.push_back(name);
            std::string text = glsl::embeddedPorts().at(std::string(li.port) + "/" + name + li.ext);
            const std::string marker = "GLN_TABLE_READ(i)";
            for (auto at = text.find(marker); at != std::string::npos; at = text.find(marker, at))
                text.replace(at, marker.size(), table.read);
            body += (body.empty() ? "" : "\n") + text;
        }
    }

    std::ostringstream out;
    std::vector<std::string> needed;
    for (const auto& f : included)
        if (std::find(chosen.begin(), chosen.end(), f) == chosen.end()) needed.push_back(f);
    out << "// glnoise " << kVersion << ": noise in " << li.title << ", self-contained.\n"
        << "// Families: " << (o.families.empty() ? "all" : joined(chosen))
        << (needed.empty() ? std::string() : ", with what they need: " + joined(needed)) << ".\n";
    if (!o.origin.empty()) out << "// Made by: " << o.origin << "\n";
    out << "// Permutation table: " << seedLine(o) << ", as " << tableName(t) << ".\n"
        << "// Licence: MIT (glnoise). The functions are glnoise's GLSL library"
        << (li.port[0] ? ", translated" : "") << "; they compute what glnoise's CPU reference computes.\n";
    if (!table.note.empty())
        out << "// Bind: " << table.note << ".\n"
            << "// `glnoise shader --table-out FILE.i32` (or .json) with the same seed writes the entries.\n";
    switch (l) {
        case Language::Glsl:
            out << "// Put it after your shader's #version line. No storage buffer is declared unless --table buffer.\n";
            break;
        case Language::VulkanGlsl:
            out << "// Put it after your shader's #version 450 line; compile with glslangValidator -V.\n"
                   "// Its gradient tables are plain globals, not const: glslang copies a const array at\n"
                   "// every dynamic index, which some drivers compile very slowly.\n";
            break;
        case Language::GlslEs:
            out << "// Put it after your shader's #version 300 es line.\n";
            break;
        case Language::Hlsl:
            out << "// Paste it above your entry point, or #include it. Its `precise` variables keep results\n"
                   "// within 1e-5 of the reference; a compiler's fast-math options may not.\n";
            break;
        case Language::Wgsl:
            out << "// Paste it into your module. WGSL has no overloading: overloads carry a suffix\n"
                   "// (gln_perlin3(cell, p) is gln_perlin3_cell); docs/shaders.md lists them.\n";
            break;
        case Language::Msl:
            out << "// #include it in your .metal file (it needs <metal_stdlib> and `using namespace metal;`).\n"
                   "// Metal's fast math may contract a * b + c: compile with -fno-fast-math for results\n"
                   "// within 1e-5 of the reference.\n";
            break;
        case Language::Godot:
            out << "// Save it as glnoise.gdshaderinc and #include it after your shader's shader_type line\n"
                   "// (or paste it there). Overloads carry a suffix (gln_perlin3(cell, p) is gln_perlin3_cell):\n"
                   "// Godot has overloading only since 4.4. Godot has no `precise`: a GPU that fuses\n"
                   "// multiply-adds may differ from the reference in the fifth decimal.\n";
            break;
    }
    switch (l) {
        case Language::Glsl:
        case Language::VulkanGlsl:
        case Language::GlslEs:
            out << "#ifdef GL_ES\nprecision highp float;\nprecision highp int;\n#endif\n" << table.declaration;
            if (t == Table::Const) out << "#define GLN_PERM(i) GLN_PERM_TABLE[(i)]\n";
            else if (t == Table::Buffer) out << "#define GLN_PERM(i) gln_perm_table[(i)]\n";
            else out << "#define GLN_PERM(i) gln_perm_table[(i) >> 2][(i) & 3]\n";
            out << "\n" << (l == Language::VulkanGlsl ? privateTables(body) : body);
            break;
        case Language::Msl:
            out << "#include <metal_stdlib>\nusing namespace metal;\n\n" << table.declaration << "\n" << body;
            break;
        case Language::Hlsl:
            out << "\n// The gradient tables' qualifier: static const (an immediate constant buffer under DXC\n"
                   "// and FXC). glslang's HLSL front end copies a constant array at every dynamic index,\n"
                   "// which some drivers compile very slowly (minutes on lavapipe): #define GLN_TABLES static\n"
                   "// before this for it.\n"
                   "#ifndef GLN_TABLES\n#define GLN_TABLES static const\n#endif\n"
                << table.declaration << "\n" << body;
            break;
        default:
            out << "\n" << table.declaration << "\n" << body;
    }
    return out.str();
}

}  // namespace glnoise::shader
