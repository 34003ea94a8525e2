// SPDX-License-Identifier: MIT
// The GPU generator's programs: what a dispatch evaluates (Field: a spec, or a graph's plan),
// the variants of a program (what changes the shader text, and so the program cache's key),
// their sources, and the sampler's uniforms from its table (mirror/sampler.def). Internal.
#pragma once

#include <array>
#include <iterator>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/frames.hpp"
#include "graph/plan.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/gl_objects.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/graph.hpp"
#include "gpu/graph_shader.hpp"

namespace glnoise::gpu {

inline constexpr int kLocal2d = 8;          // colormap.comp's local_size_x and _y
inline constexpr int kLocalEval = 64;       // eval.comp's local_size_x
inline constexpr std::size_t kEvalBatch = 1 << 14;  // points per eval dispatch

using GlnFrame = cpu::GlnFrame<float>;
using Params = cpu::SampleParams<float>;

// The sampler's defines (mirror/sampler.def), in its order.
inline constexpr const char* kSamplerDefines[] = {
#define GLNOISE_SAMPLER_DEFINE(member, define) #define,
#define GLNOISE_SAMPLER_UNIFORM(type, member, uniform)
#include "mirror/sampler.def"
#undef GLNOISE_SAMPLER_DEFINE
#undef GLNOISE_SAMPLER_UNIFORM
};
inline constexpr std::size_t kSamplerDefineCount = std::size(kSamplerDefines);

// The program variants: what changes the shader text, and so the cache key.
struct Variant {
    std::string entry;
    std::array<int, kSamplerDefineCount> sampler;  // the values of kSamplerDefines
    int volume;
    int localX = 8, localY = 8, table = 0, uniformReads = 0;
    int frameBlock = 0;  // GLN_FRAME_BLOCK: frames in a uniform block of this many; 0: a storage buffer
    int paramBlock = 0;  // GLN_PARAM_BLOCK: a graph's parameters in a uniform block of this many; 0: a storage buffer
    std::string graph;   // a graph's functions (gpu/graph_shader.hpp); empty: the spec's sampler
    auto key() const {
        return std::tie(entry, sampler, volume, localX, localY, table, uniformReads, frameBlock, paramBlock, graph);
    }
    bool operator<(const Variant& o) const { return key() < o.key(); }
};

Variant variantFor(const std::string& entry, const Params& u, bool volume);

// The GLSL declarations of the sampler's uniforms, as the macro GLN_SAMPLER_UNIFORMS that
// sample.glsl expands where it declares them (after any #extension of the entry point).
std::string samplerUniforms();
// Sets the sampler's uniforms that prog uses (a compiler drops the ones a variant does not read).
void setSamplerUniforms(const Program& prog, const Params& u);

// What a dispatch evaluates: a spec, or a graph's plan (a graph that is a spec is that spec).
struct Field {
    NoiseSpec spec;                      // the spec, or the graph's space (dims, seed, placement, output)
    std::optional<cpu::GraphPlan> plan;  // a graph that is not a spec
    std::string functions;               // its GLSL

    explicit Field(const NoiseSpec& s) : spec(s) { spec.validate(); }
    explicit Field(const Graph& g) {
        g.validate();
        g.requirePointwise("the GPU's noise pass");
        if (auto s = specOf(g)) {
            spec = *s;
            return;
        }
        spec = g.space;
        plan = cpu::planGraph(g);
        functions = graphFunctions(*plan);
    }
    // The sampler's defines and uniforms: a graph uses its output, world hash and periods.
    Params params() const {
        if (!plan) return cpu::sampleParams<float>(spec);
        Params u{};
        u.dims = plan->dims;
        u.output = outputKinds()[static_cast<std::size_t>(spec.output)].glslId;
        u.world = plan->world ? 1 : 0;
        u.periodic = graphPeriodic(*plan) ? 1 : 0;
        u.framesPerPoint = plan->framesPerPoint;
        for (const cpu::PlanScope& sc : plan->scopes) u.graphDims |= 1 << sc.dims;
        return u;
    }
    int channels() const { return spec.output == Output::Value ? 1 : 4; }
    template <class Out>
    void anchorFrames(const cpu::AnchorLayout& layout, Out& out) const {
        if (plan)
            plan->appendAnchorFrames(spec, layout, out);
        else
            cpu::appendAnchorFrames(spec, layout, out);
    }
    template <class Out>
    void pointFrames(const std::array<double, 4>& point, Out& out) const {
        if (plan)
            plan->appendFrames(cpu::pointOrigin(spec, point), out);
        else
            cpu::appendFrames(spec, cpu::pointOrigin(spec, point), out);
    }
};


// GLN_TABLE in noise.comp for each form.
int shaderTable(GeneratorOptions::Table t);
// The shader text of a variant: its entry point with the defines that select it.
glsl::Source sourceFor(const Variant& v);

// The uniform blocks a layout's Frames::Block gives a field: frames and parameters per
// block, each 0 where the form is Buffer or where one anchor's frames (or the parameters)
// outgrow a block of maxBlockBytes (GL_MAX_UNIFORM_BLOCK_SIZE, at most 64 KiB used).
struct Blocks {
    int frames = 0;
    int params = 0;
};
inline constexpr std::int64_t kBlockBytes = 65536;  // the most of a uniform block glnoise uses
Blocks blocksFor(const GeneratorOptions& options, const Field& field, std::int64_t maxBlockBytes);
// The noise shader's variant for a field under a resolved layout.
Variant noiseVariant(const GeneratorOptions& options, const Field& field, bool volume, const Blocks& blocks);
// A graph's parameters as its shader reads them: one float per 16 bytes, filling a block.
std::vector<float> paramsFor(const Field& field, const Blocks& blocks);

}  // namespace glnoise::gpu
