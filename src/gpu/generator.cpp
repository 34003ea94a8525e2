// SPDX-License-Identifier: MIT
#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>
#include <map>
#include <optional>
#include <tuple>
#include <type_traits>

#include "core/frames.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"
#include "gpu/graph_shader.hpp"
#include "gpu/noise_shader.hpp"
#include "gpu/readback.hpp"
#include "glnoise/gl_objects.hpp"
#include "glsl/embedded.hpp"
#include "glnoise/glsl.hpp"

namespace glnoise::gpu {

namespace {

constexpr int kLocal2d = 8;          // colormap.comp's local_size_x and _y
constexpr int kLocalEval = 64;       // eval.comp's local_size_x
constexpr std::size_t kEvalBatch = 1 << 14;  // points per eval dispatch

using GlnFrame = cpu::GlnFrame<float>;
using Params = cpu::SampleParams<float>;

// The sampler's defines (mirror/sampler.def), in its order.
constexpr const char* kSamplerDefines[] = {
#define GLNOISE_SAMPLER_DEFINE(member, define) #define,
#define GLNOISE_SAMPLER_UNIFORM(type, member, uniform)
#include "mirror/sampler.def"
#undef GLNOISE_SAMPLER_DEFINE
#undef GLNOISE_SAMPLER_UNIFORM
};
constexpr std::size_t kSamplerDefineCount = std::size(kSamplerDefines);

// The program variants: what changes the shader text, and so the cache key.
struct Variant {
    std::string entry;
    std::array<int, kSamplerDefineCount> sampler;  // the values of kSamplerDefines
    int volume;
    int localX = 8, localY = 8, table = 0, uniformReads = 0;
    std::string graph;  // a graph's functions (gpu/graph_shader.hpp); empty: the spec's sampler
    auto key() const { return std::tie(entry, sampler, volume, localX, localY, table, uniformReads, graph); }
    bool operator<(const Variant& o) const { return key() < o.key(); }
};

Variant variantFor(const std::string& entry, const Params& u, bool volume) {
    Variant v{entry, {
#define GLNOISE_SAMPLER_DEFINE(member, define) u.member,
#define GLNOISE_SAMPLER_UNIFORM(type, member, uniform)
#include "mirror/sampler.def"
#undef GLNOISE_SAMPLER_DEFINE
#undef GLNOISE_SAMPLER_UNIFORM
                     },
              volume ? 1 : 0, 8, 8, 0, 0, {}};
    return v;
}

// The GLSL declarations of the sampler's uniforms, as the macro GLN_SAMPLER_UNIFORMS that
// sample.glsl expands where it declares them (after any #extension of the entry point).
template <class V>
constexpr const char* glslType() {
    return std::is_same_v<V, int> ? "int" : "float";
}

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

// Sets the sampler's uniforms that prog uses (a compiler drops the ones a variant does not read).
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

// What a dispatch evaluates: a spec, or a graph's plan (a graph that is a spec is that spec).
struct Field {
    NoiseSpec spec;                      // the spec, or the graph's space (dims, seed, placement, output)
    std::optional<cpu::GraphPlan> plan;  // a graph that is not a spec
    std::string functions;               // its GLSL

    explicit Field(const NoiseSpec& s) : spec(s) { spec.validate(); }
    explicit Field(const Graph& g) {
        g.validate();
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

}  // namespace

// GLN_TABLE in noise.comp for each form.
int shaderTable(GeneratorOptions::Table t) {
    switch (t) {
        case GeneratorOptions::Table::Shared: return 1;
        case GeneratorOptions::Table::Texture: return 2;
        case GeneratorOptions::Table::Uniform: return 3;
        default: return 0;
    }
}

// The shader text of a variant: its entry point with the defines that select it.
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
    glsl::IncludeOptions options;
    options.defines = defines + samplerUniforms();
    if (v.graph.empty()) return glsl::resolveInMemory(glsl::embeddedShaders(), v.entry, options);
    // A graph: its sampler in place of the spec's, and its own functions.
    std::map<std::string, std::string> files = glsl::embeddedShaders();
    files["sample.glsl"] = files.at("graph.glsl");
    files["graph_nodes.glsl"] = v.graph;
    return glsl::resolveInMemory(files, v.entry, options);
}

// The noise shader's variant for `spec` under a resolved layout.
Variant noiseVariant(const GeneratorOptions& options, const Field& field, bool volume) {
    Variant variant = variantFor("noise.comp", field.params(), volume);
    variant.graph = field.functions;
    variant.localX = options.localSizeX;
    variant.localY = options.localSizeY;
    variant.table = shaderTable(options.table);
    variant.uniformReads = options.uniformReads ? 1 : 0;
    return variant;
}

struct Generator::Impl {
    Context& context;
    ChosenLayout layout;  // Auto and 0x0 resolved
    const GeneratorOptions& options = layout.options;
    GLuint tableTexture = 0;  // a buffer texture over `permutation` (Table::Texture)
    std::map<Variant, Program> programs;
    Buffer permutation;
    std::optional<std::optional<std::uint64_t>> uploadedSeed;  // which table is on the GPU
    Buffer frames;
    Buffer values;
    Buffer graphParams;  // a graph's parameters (binding 3)
    std::vector<PackBuffer> readBuffers;  // Generator::read's, made on its first use

    Impl(Context& c, const GeneratorOptions& asked)
        : context(c),
          layout(chooseLayout(c.info(), asked)),
          permutation(sizeof(std::int32_t) * 512, nullptr, "glnoise permutation"),
          frames(sizeof(GlnFrame) * kMaxOctaves, nullptr, "glnoise frames"),
          values(4 * sizeof(float) * kEvalBatch, nullptr, "glnoise eval values"),
          graphParams(sizeof(float) * 64, nullptr, "glnoise graph parameters") {
        const GeneratorOptions& o = options;
        auto powerOfTwo = [](int v) { return v >= 1 && v <= 64 && (v & (v - 1)) == 0; };
        if (!powerOfTwo(o.localSizeX) || !powerOfTwo(o.localSizeY) || o.localSizeX * o.localSizeY > 1024)
            throw ValidationError("local size " + std::to_string(o.localSizeX) + "x" + std::to_string(o.localSizeY) +
                                  ": each a power of two from 1 to 64 (so that it divides the anchor spacing), at "
                                  "most 1024 invocations (or 0x0: the shape chosen for this GPU)");
        if (o.uniformReads) {
            GLint count = 0;
            glGetIntegerv(GL_NUM_EXTENSIONS, &count);
            int found = 0;
            for (GLint i = 0; i < count; ++i) {
                const char* name = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
                found += std::strcmp(name, "GL_ARB_shader_group_vote") == 0 || std::strcmp(name, "GL_ARB_shader_ballot") == 0;
            }
            if (found != 2)
                throw ValidationError("uniform reads: the driver lacks GL_ARB_shader_group_vote or GL_ARB_shader_ballot");
        }
        if (o.table == GeneratorOptions::Table::Texture) {
            glGenTextures(1, &tableTexture);
            glBindTexture(GL_TEXTURE_BUFFER, tableTexture);
            glTexBuffer(GL_TEXTURE_BUFFER, GL_R32I, permutation.handle());
            glBindTexture(GL_TEXTURE_BUFFER, 0);
            checkGl("making the permutation buffer texture");
        }
    }
    ~Impl() {
        if (tableTexture) glDeleteTextures(1, &tableTexture);
    }

    const Program& program(const Variant& v) {
        auto it = programs.find(v);
        if (it != programs.end()) return it->second;
        const glsl::Source src = sourceFor(v);
        std::string label = v.entry + " (";
        for (std::size_t i = 0; i < kSamplerDefineCount; ++i)
            label += std::string(i ? ", " : "") + kSamplerDefines[i] + " " + std::to_string(v.sampler[i]);
        label += v.volume ? ", volume)" : ")";
        return programs.emplace(v, Program(src.text, src.files, label)).first->second;
    }

    void bindTable(const NoiseSpec& spec) {
        if (!uploadedSeed || *uploadedSeed != spec.seed) {
            const Permutation table = Permutation::forSeed(spec.seed);
            permutation.upload(sizeof(std::int32_t) * 512, table.table().data());
            uploadedSeed = spec.seed;
        }
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, permutation.handle());
        if (options.table == GeneratorOptions::Table::Uniform)
            glBindBufferBase(GL_UNIFORM_BUFFER, 0, permutation.handle());
        if (tableTexture) {
            glActiveTexture(GL_TEXTURE1);
            glBindTexture(GL_TEXTURE_BUFFER, tableTexture);
            glActiveTexture(GL_TEXTURE0);
        }
    }

    void setUniforms(const Program& prog, const Field& field, const Params& u) {
        glUseProgram(prog.handle());
        if (field.plan) {
            const std::vector<float> values = field.plan->paramsAs<float>();
            graphParams.upload(std::max<std::size_t>(1, values.size()) * sizeof(float), values.empty() ? nullptr : values.data());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, graphParams.handle());
        } else {
            setSamplerUniforms(prog, u);
        }
        glUniform1f(prog.optionalUniform("u_height_scale"), static_cast<float>(field.spec.heightScale));
    }

    void checkLimits(const Grid& grid) const {
        const ContextInfo& info = context.info();
        const int limit = grid.isVolume() ? info.max3dTextureSize : info.maxTextureSize;
        const char* name = grid.isVolume() ? "GL_MAX_3D_TEXTURE_SIZE" : "GL_MAX_TEXTURE_SIZE";
        const int edges[3] = {grid.width, grid.height, grid.isVolume() ? grid.depth : 1};
        const char* names[3] = {"width", "height", "depth"};
        for (int i = 0; i < 3; ++i)
            if (edges[i] > limit)
                throw ValidationError(Violation{"size", toString(grid) + ": " + names[i] + " " + std::to_string(edges[i]) +
                                      " is above " + name + " " + std::to_string(limit) + " of " + info.renderer});
    }

    Texture run(const Field& field, const Grid& grid, const TexelStart& start) {
        grid.validate();
        checkLimits(grid);
        const int channels = field.channels();
        GLuint id = 0;
        glGenTextures(1, &id);
        Texture texture(id, grid, channels);
        const GLenum target = grid.isVolume() ? GL_TEXTURE_3D : GL_TEXTURE_2D;
        const GLenum format = channels == 1 ? GL_R32F : GL_RGBA32F;
        glBindTexture(target, id);
        const std::string label = "glnoise " + toString(grid) + (channels == 1 ? " r32f" : " rgba32f");
        glObjectLabel(GL_TEXTURE, id, static_cast<GLsizei>(label.size()), label.data());
        if (grid.isVolume())
            glTexStorage3D(target, 1, format, grid.width, grid.height, grid.depth);
        else
            glTexStorage2D(target, 1, format, grid.width, grid.height);
        glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        checkGl(("allocating a " + label.substr(8) + " texture").c_str());
        dispatch(field, texture, start);
        return texture;
    }

    std::vector<float> evaluatePoints(const Field& field, const std::vector<std::array<double, 4>>& points);

    void runInto(const Field& field, Texture& target, const TexelStart& start) {
        if (field.channels() != target.channels())
            throw ValidationError(Violation{"output", std::string() + toString(field.spec.output) + ": needs a texture with " +
                                  std::to_string(field.channels()) + " channels; this one has " +
                                  std::to_string(target.channels())});
        dispatch(field, target, start);
    }

    void dispatch(const Field& field, const Texture& target, const TexelStart& start) {
        dispatch(field, target.handle(), target.grid(), target.channels(), start);
    }

    // Into the corner (0, 0, 0) of `texture`, which holds at least `grid`.
    void dispatch(const Field& field, GLuint texture, const Grid& grid, int channels, const TexelStart& start) {
        validateStart(start, grid);
        const Params u = field.params();
        const Program& prog = program(noiseVariant(options, field, grid.isVolume()));
        bindTable(field.spec);
        const cpu::AnchorLayout layout = cpu::anchorLayout(grid, start);
        std::vector<GlnFrame> planned;
        field.anchorFrames(layout, planned);
        frames.upload(planned.size() * sizeof(GlnFrame), planned.data());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, frames.handle());
        setUniforms(prog, field, u);
        // A graph whose value reads no frame (constants alone) leaves the anchors' uniforms unused.
        glUniform3i(prog.uniform("u_size"), grid.width, grid.height, grid.depth);
        glUniform3i(prog.optionalUniform("u_start"), layout.startIn[0], layout.startIn[1], layout.startIn[2]);
        glUniform3i(prog.optionalUniform("u_anchors"), layout.count[0], layout.count[1], layout.count[2]);
        glUniform1i(prog.optionalUniform("u_frames_per_anchor"), u.framesPerPoint);
        glBindImageTexture(0, texture, 0, grid.isVolume() ? GL_TRUE : GL_FALSE, 0, GL_WRITE_ONLY,
                           channels == 1 ? GL_R32F : GL_RGBA32F);
        const int lx = options.localSizeX, ly = options.localSizeY;
        const int width = layout.startIn[0] % lx + grid.width, height = layout.startIn[1] % ly + grid.height;
        glDispatchCompute(static_cast<GLuint>((width + lx - 1) / lx), static_cast<GLuint>((height + ly - 1) / ly),
                          static_cast<GLuint>(grid.depth));
        checkGl("dispatching the noise shader");
    }
};

Generator::Generator(Context& context, const GeneratorOptions& options)
    : impl_(std::make_unique<Impl>(context, options)) {}

const Context& Generator::context() const noexcept { return impl_->context; }
Generator::~Generator() = default;

Texture Generator::run(const NoiseSpec& spec, const Grid& grid) { return run(spec, grid, TexelStart{}); }

Texture Generator::run(const NoiseSpec& spec, const Grid& grid, const TexelStart& start) {
    return impl_->run(Field(spec), grid, start);
}

Texture Generator::run(const Graph& graph, const Grid& grid, const TexelStart& start) {
    return impl_->run(Field(graph), grid, start);
}

void Generator::run(const NoiseSpec& spec, Texture& target) { run(spec, target, TexelStart{}); }

void Generator::run(const NoiseSpec& spec, Texture& target, const TexelStart& start) {
    impl_->runInto(Field(spec), target, start);
}

void Generator::run(const Graph& graph, Texture& target, const TexelStart& start) {
    impl_->runInto(Field(graph), target, start);
}

Image Generator::read(const Texture& texture) {
    Image image;
    read(texture, image);
    return image;
}

void Generator::read(const Texture& texture, Image& image) {
    const Grid& grid = texture.grid();
    const std::size_t values = static_cast<std::size_t>(grid.texels()) * static_cast<std::size_t>(texture.channels());
    if (image.data.size() != values) image.data.resize(values);
    image.width = grid.width;
    image.height = grid.height;
    image.depth = grid.depth;
    image.channels = texture.channels();
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    const GLenum format = texture.channels() == 1 ? GL_RED : GL_RGBA;
    const std::size_t rowBytes = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(texture.channels()) * sizeof(float);
    const char* what = "reading the noise texture back";
    auto* out = reinterpret_cast<std::uint8_t*>(image.data.data());
    if (!GLAD_GL_VERSION_4_5) {
        // One copy of the whole texture through one pixel buffer.
        PackBuffer whole(image.data.size() * sizeof(float), "glnoise read-back");
        const GLenum target = grid.isVolume() ? GL_TEXTURE_3D : GL_TEXTURE_2D;
        glBindTexture(target, texture.handle());
        glBindBuffer(GL_PIXEL_PACK_BUFFER, whole.handle());
        glGetTexImage(target, 0, format, GL_FLOAT, nullptr);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        whole.fence();
        checkGl(what);
        copyRows(out, rowBytes, whole.acquire(whole.bytes(), what), rowBytes, grid.height * grid.depth);
        whole.release();
        checkContext(what);
        return;
    }
    // In bands of rows, kInFlight copies queued at once: the host copies one band out while
    // the GPU copies the next ones into host memory.
    const int bandRows = static_cast<int>(std::clamp<std::size_t>(kReadBand / rowBytes, 1, static_cast<std::size_t>(grid.height)));
    const std::size_t bandBytes = rowBytes * static_cast<std::size_t>(bandRows);
    auto& ring = impl_->readBuffers;
    if (ring.empty() || ring.front().bytes() < bandBytes) {
        ring.clear();
        for (int i = 0; i < kInFlight; ++i)
            ring.emplace_back(std::max(bandBytes, std::size_t{1} << 20), "glnoise read-back " + std::to_string(i));
    }
    struct Band {
        int z, y0, rows;
    };
    std::vector<Band> bands;
    for (int z = 0; z < grid.depth; ++z)
        for (int y0 = 0; y0 < grid.height; y0 += bandRows) bands.push_back({z, y0, std::min(bandRows, grid.height - y0)});
    auto queue = [&](std::size_t k) {
        const Band& b = bands[k];
        PackBuffer& buffer = ring[k % kInFlight];
        glBindBuffer(GL_PIXEL_PACK_BUFFER, buffer.handle());
        glGetTextureSubImage(texture.handle(), 0, 0, b.y0, b.z, grid.width, b.rows, 1, format, GL_FLOAT,
                             static_cast<GLsizei>(rowBytes * static_cast<std::size_t>(b.rows)), nullptr);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        buffer.fence();
        checkGl(what);
    };
    std::size_t queued = 0;
    for (std::size_t k = 0; k < bands.size(); ++k) {
        while (queued < bands.size() && queued < k + kInFlight) queue(queued++);
        const Band& b = bands[k];
        PackBuffer& buffer = ring[k % kInFlight];
        const std::size_t bytes = rowBytes * static_cast<std::size_t>(b.rows);
        const std::uint8_t* src = buffer.acquire(bytes, what);
        copyRows(out + (static_cast<std::size_t>(b.z) * static_cast<std::size_t>(grid.height) + static_cast<std::size_t>(b.y0)) * rowBytes,
                 rowBytes, src, rowBytes, b.rows);
        buffer.release();
    }
    checkGl(what);
    checkContext(what);
}

std::vector<float> Generator::evaluatePoints(const NoiseSpec& spec, const std::vector<std::array<double, 4>>& points) {
    return impl_->evaluatePoints(Field(spec), points);
}

std::vector<float> Generator::evaluatePoints(const Graph& graph, const std::vector<std::array<double, 4>>& points) {
    return impl_->evaluatePoints(Field(graph), points);
}

std::vector<float> Generator::Impl::evaluatePoints(const Field& field, const std::vector<std::array<double, 4>>& points) {
    const Params u = field.params();
    Variant variant = variantFor("eval.comp", u, false);
    variant.graph = field.functions;
    const Program& prog = program(variant);
    bindTable(field.spec);
    setUniforms(prog, field, u);
    glUniform1i(prog.optionalUniform("u_frames_per_point"), u.framesPerPoint);
    const int channels = field.channels();
    std::vector<float> out(points.size() * static_cast<std::size_t>(channels));
    std::vector<GlnFrame> frames;
    std::vector<float> batch(4 * kEvalBatch);
    for (std::size_t first = 0; first < points.size(); first += kEvalBatch) {
        const std::size_t count = std::min(kEvalBatch, points.size() - first);
        frames.clear();
        for (std::size_t n = first; n < first + count; ++n)
            field.pointFrames(points[n], frames);
        this->frames.upload(frames.size() * sizeof(GlnFrame), frames.data());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, this->frames.handle());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, values.handle());
        glUniform1i(prog.uniform("u_count"), static_cast<GLint>(count));
        glDispatchCompute(static_cast<GLuint>((count + kLocalEval - 1) / kLocalEval), 1, 1);
        checkGl("dispatching the eval shader");
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        values.download(count * 4 * sizeof(float), batch.data());
        checkContext("evaluating points");
        for (std::size_t n = 0; n < count; ++n)
            for (int c = 0; c < channels; ++c)
                out[(first + n) * static_cast<std::size_t>(channels) + static_cast<std::size_t>(c)] = batch[4 * n + static_cast<std::size_t>(c)];
    }
    return out;
}

void Generator::finish() { glFinish(); }

const ChosenLayout& Generator::layout() const noexcept { return impl_->layout; }

glsl::Source detail::noiseShader(const GeneratorOptions& options, const NoiseSpec& spec, bool volume) {
    return sourceFor(noiseVariant(options, Field(spec), volume));
}

// ---- TileStream ---------------------------------------------------------------------------

namespace {

GLuint makeTexture2d(GLenum format, int width, int height, const std::string& label) {
    GLuint id = 0;
    glGenTextures(1, &id);
    glBindTexture(GL_TEXTURE_2D, id);
    glObjectLabel(GL_TEXTURE, id, static_cast<GLsizei>(label.size()), label.data());
    glTexStorage2D(GL_TEXTURE_2D, 1, format, width, height);
    checkGl(("allocating the " + label).c_str());
    return id;
}

struct Slot {
    GLuint values = 0;      // r32f or rgba32f
    GLuint colors = 0;      // rgba8, with a colormap
    GLuint framebuffer = 0; // for glReadPixels where GL 4.5's glGetTextureSubImage is missing
    PackBuffer pixels;      // where the tile is read back
    Grid grid;
};

}  // namespace

struct TileStream::Impl {
    Generator& generator;
    Field field;
    int maxWidth, maxHeight, channels;
    bool colorize;
    ValueRange range;
    std::size_t texelBytes;
    Program colormapProgram;
    Buffer colormap;
    Slot slots[kInFlight];
    int next = 0;     // the slot the next submit uses
    int oldest = 0;   // the slot take() returns
    int queued = 0;

    Impl(Generator& g, Field f, int w, int h, const Colormap* map, ValueRange r)
        : generator(g), field(std::move(f)), maxWidth(w), maxHeight(h), channels(field.channels()),
          colorize(map != nullptr), range(r) {
        texelBytes = colorize ? 4 : sizeof(float) * static_cast<std::size_t>(channels);
        if (colorize) {
            const glsl::Source src = glsl::resolveInMemory(glsl::embeddedShaders(), "colormap.comp", {});
            colormapProgram = Program(src.text, src.files, "glnoise colormap");
            const std::vector<std::uint32_t> table = map->shaderBuffer();
            colormap = Buffer(sizeof(std::uint32_t) * table.size(), table.data(), "glnoise colormap " + map->name);
        }
        const std::size_t bytes = static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * texelBytes;
        for (int i = 0; i < kInFlight; ++i) {
            Slot& slot = slots[i];
            const std::string n = " " + std::to_string(i);
            slot.values = makeTexture2d(channels == 1 ? GL_R32F : GL_RGBA32F, w, h, "glnoise tile" + n);
            if (colorize) slot.colors = makeTexture2d(GL_RGBA8, w, h, "glnoise tile colours" + n);
            if (!GLAD_GL_VERSION_4_5) {
                glGenFramebuffers(1, &slot.framebuffer);
                glBindFramebuffer(GL_READ_FRAMEBUFFER, slot.framebuffer);
                glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                                       colorize ? slot.colors : slot.values, 0);
                if (glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
                    throw GpuError("the tile framebuffer is incomplete on " + g.impl_->context.info().renderer);
                glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
            }
            slot.pixels = PackBuffer(bytes, "glnoise tile read-back" + n);
        }
        checkGl("allocating the tile stream");
    }

    ~Impl() {
        for (Slot& slot : slots) {
            if (slot.framebuffer) glDeleteFramebuffers(1, &slot.framebuffer);
            glDeleteTextures(1, &slot.values);
            if (slot.colors) glDeleteTextures(1, &slot.colors);
        }
    }
};

template <>
TileStream::TileStream(Generator& generator, Field field, int maxWidth, int maxHeight, const Colormap* colormap,
                       ValueRange range) {
    const NoiseSpec& spec = field.spec;
    const Grid most{maxWidth, maxHeight, 1};
    most.validate();
    generator.impl_->checkLimits(most);
    if (colormap && spec.output != Output::Value)
        throw ValidationError(Violation{"output", std::string() + toString(spec.output) + ": a colormap maps values only"});
    impl_ = std::make_unique<Impl>(generator, std::move(field), maxWidth, maxHeight, colormap, range);
}

TileStream::TileStream(Generator& generator, const NoiseSpec& spec, int maxWidth, int maxHeight,
                       const Colormap* colormap, ValueRange range)
    : TileStream(generator, Field(spec), maxWidth, maxHeight, colormap, range) {}

TileStream::TileStream(Generator& generator, const Graph& graph, int maxWidth, int maxHeight,
                       const Colormap* colormap, ValueRange range)
    : TileStream(generator, Field(graph), maxWidth, maxHeight, colormap, range) {}

TileStream::~TileStream() = default;

std::size_t TileStream::texelBytes() const noexcept { return impl_->texelBytes; }

int TileStream::queued() const noexcept { return impl_->queued; }

int TileStream::capacity() const noexcept { return kInFlight; }

void TileStream::submit(const Grid& grid, const TexelStart& start) {
    Impl& m = *impl_;
    if (m.queued == kInFlight) throw std::logic_error("TileStream::submit: take() the oldest tile first");
    if (grid.depth != 1 || grid.width < 1 || grid.height < 1 || grid.width > m.maxWidth || grid.height > m.maxHeight)
        throw ValidationError(Violation{"tile", toString(grid) + ": must be 2D and at most " + std::to_string(m.maxWidth) +
                              "x" + std::to_string(m.maxHeight)});
    Slot& slot = m.slots[m.next];
    m.generator.impl_->dispatch(m.field, slot.values, grid, m.channels, start);
    if (m.colorize) {
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
        const Program& p = m.colormapProgram;
        glUseProgram(p.handle());
        glBindImageTexture(0, slot.values, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
        glBindImageTexture(1, slot.colors, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, m.colormap.handle());
        glUniform2i(p.uniform("u_size"), grid.width, grid.height);
        glUniform1f(p.uniform("u_min"), static_cast<float>(m.range.min));
        glUniform1f(p.uniform("u_scale"), static_cast<float>(255.0 / (m.range.max - m.range.min)));
        glDispatchCompute(static_cast<GLuint>((grid.width + kLocal2d - 1) / kLocal2d),
                          static_cast<GLuint>((grid.height + kLocal2d - 1) / kLocal2d), 1);
        checkGl("dispatching the colormap shader");
    }
    // The copy into host memory is queued behind the dispatch and returns at once; the
    // buffer's fence says when it has landed. No conversion: the texture's own format.
    glMemoryBarrier(GL_PIXEL_BUFFER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.pixels.handle());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    const GLenum format = m.colorize ? GL_RGBA : m.channels == 1 ? GL_RED : GL_RGBA;
    const GLenum type = m.colorize ? GL_UNSIGNED_BYTE : GL_FLOAT;
    if (GLAD_GL_VERSION_4_5) {
        // From the texture itself (GL 4.5): NVIDIA copies this on the GPU, while its
        // glReadPixels from a framebuffer converted the pixels on the CPU.
        const std::size_t bytes = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.height) * m.texelBytes;
        glGetTextureSubImage(m.colorize ? slot.colors : slot.values, 0, 0, 0, 0, grid.width, grid.height, 1, format, type,
                             static_cast<GLsizei>(bytes), nullptr);
    } else {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, slot.framebuffer);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glReadPixels(0, 0, grid.width, grid.height, format, type, nullptr);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    slot.pixels.fence();
    checkGl("reading a tile back");
    slot.grid = grid;
    m.next = (m.next + 1) % kInFlight;
    ++m.queued;
}

void TileStream::take(void* destination, std::size_t rowBytes) {
    Impl& m = *impl_;
    if (m.queued == 0) throw std::logic_error("TileStream::take: no tile queued");
    Slot& slot = m.slots[m.oldest];
    const std::size_t tileRow = static_cast<std::size_t>(slot.grid.width) * m.texelBytes;
    const std::size_t bytes = tileRow * static_cast<std::size_t>(slot.grid.height);
    const std::uint8_t* src = slot.pixels.acquire(bytes, "reading a tile");
    copyRows(static_cast<std::uint8_t*>(destination), rowBytes, src, tileRow, slot.grid.height);
    slot.pixels.release();
    checkGl("reading a tile");
    checkContext("reading a tile");
    m.oldest = (m.oldest + 1) % kInFlight;
    --m.queued;
}

}  // namespace glnoise::gpu
