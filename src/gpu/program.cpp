// SPDX-License-Identifier: MIT
#include "gpu/program.hpp"

#include <algorithm>
#include <map>
#include <type_traits>

#include "gpu/gl.hpp"
#include "glsl/embedded.hpp"

namespace glnoise::gpu {

Variant variantFor(const std::string& entry, const Params& u, bool volume) {
    Variant v{entry, {
#define GLNOISE_SAMPLER_DEFINE(member, define) u.member,
#define GLNOISE_SAMPLER_UNIFORM(type, member, uniform)
#include "mirror/sampler.def"
#undef GLNOISE_SAMPLER_DEFINE
#undef GLNOISE_SAMPLER_UNIFORM
                     },
              volume ? 1 : 0, 8, 8, 0, 0, 0, 0, {}};
    return v;
}

namespace {

template <class V>
constexpr const char* glslType() {
    return std::is_same_v<V, int> ? "int" : "float";
}

}  // namespace

std::string samplerUniforms() {
    std::string text = "#define GLN_SAMPLER_UNIFORMS";
    auto declare = [&text](const char* type, const char* name) {
        text += std::string(" uniform ") + type + " " + name + ";";
    };
    using T = float;  // the sampler.def rows' T on the GPU
#define GLNOISE_SAMPLER_DEFINE(member, define)
#define GLNOISE_SAMPLER_UNIFORM(type, member, uniform) declare(glslType<type>(), #uniform);
#include "mirror/sampler.def"
#undef GLNOISE_SAMPLER_DEFINE
#undef GLNOISE_SAMPLER_UNIFORM
    return text + "\n";
}

void setSamplerUniforms(const Program& prog, const Params& u) {
    auto set = [](GLint at, auto value) {
        if constexpr (std::is_same_v<decltype(value), int>) {
            glUniform1i(at, value);
        } else {
            glUniform1f(at, value);
        }
    };
#define GLNOISE_SAMPLER_DEFINE(member, define)
#define GLNOISE_SAMPLER_UNIFORM(type, member, uniform) set(prog.optionalUniform(#uniform), u.member);
#include "mirror/sampler.def"
#undef GLNOISE_SAMPLER_DEFINE
#undef GLNOISE_SAMPLER_UNIFORM
}

int shaderTable(GeneratorOptions::Table t) {
    switch (t) {
        case GeneratorOptions::Table::Shared: return 1;
        case GeneratorOptions::Table::Texture: return 2;
        case GeneratorOptions::Table::Uniform: return 3;
        default: return 0;
    }
}

glsl::Source sourceFor(const Variant& v) {
    std::string defines;
    auto def = [&](const char* name, int value) {
        defines += std::string("#define ") + name + " " + std::to_string(value) + "\n";
    };
    for (std::size_t i = 0; i < kSamplerDefineCount; ++i) def(kSamplerDefines[i], v.sampler[i]);
    def("GLN_VOLUME", v.volume);
    def("GLN_ANCHOR", cpu::kAnchor);
    if (v.entry == "noise.comp") {
        def("GLN_LOCAL_X", v.localX);
        def("GLN_LOCAL_Y", v.localY);
        def("GLN_TABLE", v.table);
        def("GLN_UNIFORM_READS", v.uniformReads);
    }
    def("GLN_FRAME_BLOCK", v.frameBlock);
    def("GLN_PARAM_BLOCK", v.paramBlock);
    glsl::IncludeOptions options;
    options.defines = defines + samplerUniforms();
    if (v.graph.empty()) return glsl::resolveInMemory(glsl::embeddedShaders(), v.entry, options);
    // A graph: its sampler in place of the spec's, and its own functions.
    std::map<std::string, std::string> files = glsl::embeddedShaders();
    files["sample.glsl"] = files.at("graph.glsl");
    files["graph_nodes.glsl"] = v.graph;
    files["graph_data.glsl"] = "";  // the frames and parameters are the blocks or buffers above
    glsl::Source src = glsl::resolveInMemory(files, v.entry, options);
    // A driver's log names the file its line is in: graph.glsl, not the key it stands in.
    std::replace(src.files.begin(), src.files.end(), std::string("sample.glsl"), std::string("graph.glsl"));
    return src;
}

Blocks blocksFor(const GeneratorOptions& options, const Field& field, std::int64_t maxBlockBytes) {
    if (options.frames != GeneratorOptions::Frames::Block) return {};
    const std::int64_t bytes = std::min(maxBlockBytes, kBlockBytes);
    Blocks b{static_cast<int>(bytes / static_cast<std::int64_t>(sizeof(GlnFrame))), static_cast<int>(bytes / 16)};
    if (field.params().framesPerPoint > b.frames) b.frames = 0;
    if (!field.plan || field.plan->params.size() > static_cast<std::size_t>(b.params)) b.params = 0;  // a spec has none
    return b;
}

std::vector<float> paramsFor(const Field& field, const Blocks& blocks) {
    std::vector<float> values = field.plan->paramsAs<float>();
    if (blocks.params == 0) return values;
    std::vector<float> spaced(4 * static_cast<std::size_t>(blocks.params), 0.0f);  // the whole block
    for (std::size_t i = 0; i < values.size(); ++i) spaced[4 * i] = values[i];
    return spaced;
}

Variant noiseVariant(const GeneratorOptions& options, const Field& field, bool volume, const Blocks& blocks) {
    Variant variant = variantFor("noise.comp", field.params(), volume);
    variant.frameBlock = blocks.frames;
    variant.paramBlock = blocks.params;
    variant.graph = field.functions;
    variant.localX = options.localSizeX;
    variant.localY = options.localSizeY;
    variant.table = shaderTable(options.table);
    variant.uniformReads = options.uniformReads ? 1 : 0;
    return variant;
}

}  // namespace glnoise::gpu
