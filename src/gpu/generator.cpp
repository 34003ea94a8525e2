// SPDX-License-Identifier: MIT
#include <cstring>
#include <map>
#include <optional>
#include <tuple>

#include "core/reference.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"
#include "glnoise/gl_objects.hpp"
#include "glsl/embedded.hpp"
#include "glnoise/glsl.hpp"

namespace glnoise::gpu {

namespace {
// Storage for the pixel buffer object bound to GL_PIXEL_PACK_BUFFER, which the GPU fills
// and the host maps to read. With GL 4.4's immutable storage it is asked for in host
// memory (GL_CLIENT_STORAGE_BIT): the GPU writes it by DMA and the host reads cached
// memory. On an H100, reading whole 8192x8192 textures through it moved 330 Msamples/s,
// against 200 with glGetTexImage straight into client memory.
void allocatePackBuffer(std::size_t bytes) {
    if (GLAD_GL_VERSION_4_4)
        glBufferStorage(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr,
                        GL_MAP_READ_BIT | GL_CLIENT_STORAGE_BIT);
    else
        glBufferData(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ);
}
}  // namespace

namespace {

constexpr int kLocal2d = 8;          // colormap.comp's local_size_x and _y
constexpr int kLocalEval = 64;       // eval.comp's local_size_x
constexpr std::size_t kEvalBatch = 1 << 14;  // points per eval dispatch

using GlnFrame = cpu::GlnFrame<float>;
using Params = cpu::SampleParams<float>;

// The program variants: what changes the shader text, and so the cache key.
struct Variant {
    std::string entry;
    int dims, volume, basis, curve, fractal, warp, pattern, output, periodic, cellReturn, cellMetric, rotate;
    int localX = 8, localY = 8, table = 0, uniformReads = 0;
    auto key() const {
        return std::tie(entry, dims, volume, basis, curve, fractal, warp, pattern, output, periodic, cellReturn, cellMetric,
                        rotate, localX, localY, table, uniformReads);
    }
    bool operator<(const Variant& o) const { return key() < o.key(); }
};

Variant variantFor(const std::string& entry, const NoiseSpec& spec, const Params& u, bool volume) {
    const bool periodic = spec.period != std::array<int, 4>{};
    return {entry, u.dims, volume ? 1 : 0, u.basis, u.curve, u.fractal, u.warp, u.pattern,
            static_cast<int>(spec.output), periodic ? 1 : 0, u.cellReturn, u.cellMetric, u.rotate};
}

}  // namespace

struct Generator::Impl {
    Context& context;
    GeneratorOptions options;
    GLuint tableTexture = 0;  // a buffer texture over `permutation` (Table::Texture)
    std::map<Variant, Program> programs;
    Buffer permutation;
    std::optional<std::optional<std::uint64_t>> uploadedSeed;  // which table is on the GPU
    Buffer frames;
    Buffer values;

    Impl(Context& c, const GeneratorOptions& o)
        : context(c),
          options(o),
          permutation(sizeof(std::int32_t) * 512, nullptr, "glnoise permutation"),
          frames(sizeof(GlnFrame) * kMaxOctaves, nullptr, "glnoise frames"),
          values(4 * sizeof(float) * kEvalBatch, nullptr, "glnoise eval values") {
        auto powerOfTwo = [](int v) { return v >= 1 && v <= 64 && (v & (v - 1)) == 0; };
        if (!powerOfTwo(o.localSizeX) || !powerOfTwo(o.localSizeY) || o.localSizeX * o.localSizeY > 1024)
            throw ValidationError("local size " + std::to_string(o.localSizeX) + "x" + std::to_string(o.localSizeY) +
                                  ": each a power of two from 1 to 64 (so that it divides the anchor spacing), at "
                                  "most 1024 invocations");
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
        std::string defines;
        auto def = [&](const char* name, int value) {
            defines += std::string("#define ") + name + " " + std::to_string(value) + "\n";
        };
        def("GLN_DIMS", v.dims);
        def("GLN_VOLUME", v.volume);
        def("GLN_BASIS", v.basis);
        def("GLN_CURVE", v.curve);
        def("GLN_FRACTAL", v.fractal);
        def("GLN_WARP", v.warp);
        def("GLN_PATTERN", v.pattern);
        def("GLN_OUTPUT", v.output);
        def("GLN_ANCHOR", cpu::kAnchor);
        def("GLN_PERIODIC", v.periodic);
        def("GLN_CELL_RETURN", v.cellReturn);
        def("GLN_CELL_METRIC", v.cellMetric);
        def("GLN_ROTATE", v.rotate);
        if (v.entry == "noise.comp") {
            def("GLN_LOCAL_X", v.localX);
            def("GLN_LOCAL_Y", v.localY);
            def("GLN_TABLE", v.table);
            def("GLN_UNIFORM_READS", v.uniformReads);
        }
        glsl::IncludeOptions options;
        options.defines = defines;
        const glsl::Source src = glsl::resolveInMemory(glsl::embeddedShaders(), v.entry, options);
        const std::string label = v.entry + " (dims " + std::to_string(v.dims) + ", basis " +
                                  std::to_string(v.basis) + ", fractal " + std::to_string(v.fractal) +
                                  (v.volume ? ", volume)" : ")");
        return programs.emplace(v, Program(src.text, src.files, label)).first->second;
    }

    void bindTable(const NoiseSpec& spec) {
        if (!uploadedSeed || *uploadedSeed != spec.seed) {
            const Permutation table = Permutation::forSeed(spec.seed);
            permutation.upload(sizeof(std::int32_t) * 512, table.table().data());
            uploadedSeed = spec.seed;
        }
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, permutation.handle());
        if (tableTexture) {
            glActiveTexture(GL_TEXTURE1);
            glBindTexture(GL_TEXTURE_BUFFER, tableTexture);
            glActiveTexture(GL_TEXTURE0);
        }
    }

    void setUniforms(const Program& prog, const NoiseSpec& spec, const Params& u) {
        glUseProgram(prog.handle());
        glUniform1i(prog.uniform("u_octave_count"), u.octaveCount);
        glUniform1f(prog.uniform("u_inverse_divisor"), u.inverseDivisor);
        glUniform1f(prog.optionalUniform("u_ridge_offset"), u.ridgeOffset);
        glUniform1f(prog.optionalUniform("u_ridge_gain"), u.ridgeGain);
        glUniform1f(prog.optionalUniform("u_cell_jitter"), u.cellJitter);
        glUniform1i(prog.optionalUniform("u_warp_octaves"), u.warpOctaves);
        glUniform1f(prog.optionalUniform("u_warp_amount"), u.warpAmount);
        glUniform1f(prog.optionalUniform("u_inverse_warp_divisor"), u.inverseWarpDivisor);
        glUniform1i(prog.optionalUniform("u_pattern_frame"), u.patternFrame);
        glUniform1f(prog.optionalUniform("u_pattern_frequency"), u.patternFrequency);
        glUniform1f(prog.optionalUniform("u_pattern_scale"), u.patternScale);
        glUniform1f(prog.optionalUniform("u_height_scale"), static_cast<float>(spec.heightScale));
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

    void dispatch(const NoiseSpec& spec, const Texture& target, const TexelStart& start) {
        dispatch(spec, target.handle(), target.grid(), target.channels(), start);
    }

    // Into the corner (0, 0, 0) of `texture`, which holds at least `grid`.
    void dispatch(const NoiseSpec& spec, GLuint texture, const Grid& grid, int channels, const TexelStart& start) {
        validateStart(start, grid);
        const Params u = cpu::sampleParams<float>(spec);
        Variant variant = variantFor("noise.comp", spec, u, grid.isVolume());
        variant.localX = options.localSizeX;
        variant.localY = options.localSizeY;
        variant.table = static_cast<int>(options.table);
        variant.uniformReads = options.uniformReads ? 1 : 0;
        const Program& prog = program(variant);
        bindTable(spec);
        const cpu::AnchorLayout layout = cpu::anchorLayout(grid, start);
        std::vector<GlnFrame> planned;
        cpu::appendAnchorFrames(spec, layout, planned);
        frames.upload(planned.size() * sizeof(GlnFrame), planned.data());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, frames.handle());
        setUniforms(prog, spec, u);
        glUniform3i(prog.uniform("u_size"), grid.width, grid.height, grid.depth);
        glUniform3i(prog.uniform("u_start"), layout.startIn[0], layout.startIn[1], layout.startIn[2]);
        glUniform3i(prog.uniform("u_anchors"), layout.count[0], layout.count[1], layout.count[2]);
        glUniform1i(prog.uniform("u_frames_per_anchor"), u.framesPerPoint);
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
Generator::~Generator() = default;

Texture Generator::run(const NoiseSpec& spec, const Grid& grid) { return run(spec, grid, TexelStart{}); }

Texture Generator::run(const NoiseSpec& spec, const Grid& grid, const TexelStart& start) {
    spec.validate();
    grid.validate();
    impl_->checkLimits(grid);
    const int channels = cpu::outputChannels(spec);
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
    impl_->dispatch(spec, texture, start);
    return texture;
}

void Generator::run(const NoiseSpec& spec, Texture& target) { run(spec, target, TexelStart{}); }

void Generator::run(const NoiseSpec& spec, Texture& target, const TexelStart& start) {
    spec.validate();
    if (cpu::outputChannels(spec) != target.channels())
        throw ValidationError(Violation{"output", std::string() + toString(spec.output) + ": needs a texture with " +
                              std::to_string(cpu::outputChannels(spec)) + " channels; this one has " +
                              std::to_string(target.channels())});
    impl_->dispatch(spec, target, start);
}

Image Generator::read(const Texture& texture) {
    const Grid& grid = texture.grid();
    Image image(grid.width, grid.height, grid.depth, texture.channels());
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    const GLenum target = grid.isVolume() ? GL_TEXTURE_3D : GL_TEXTURE_2D;
    glBindTexture(target, texture.handle());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    // Through a pixel buffer object in host memory (allocatePackBuffer), then one copy.
    const std::size_t bytes = image.data.size() * sizeof(float);
    GLuint pixels = 0;
    glGenBuffers(1, &pixels);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pixels);
    allocatePackBuffer(bytes);
    glGetTexImage(target, 0, texture.channels() == 1 ? GL_RED : GL_RGBA, GL_FLOAT, nullptr);
    const void* mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
    if (mapped) {
        std::memcpy(image.data.data(), mapped, bytes);
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    }
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glDeleteBuffers(1, &pixels);
    checkGl("reading the noise texture back");
    checkContext("reading the noise texture back");
    if (!mapped) throw GpuError("mapping the noise texture's pixel buffer failed");
    return image;
}

std::vector<float> Generator::evaluatePoints(const NoiseSpec& spec, const std::vector<std::array<double, 4>>& points) {
    spec.validate();
    const Params u = cpu::sampleParams<float>(spec);
    const Program& prog = impl_->program(variantFor("eval.comp", spec, u, false));
    impl_->bindTable(spec);
    impl_->setUniforms(prog, spec, u);
    glUniform1i(prog.uniform("u_frames_per_point"), u.framesPerPoint);
    const int channels = cpu::outputChannels(spec);
    std::vector<float> out(points.size() * static_cast<std::size_t>(channels));
    std::vector<GlnFrame> frames;
    std::vector<float> batch(4 * kEvalBatch);
    for (std::size_t first = 0; first < points.size(); first += kEvalBatch) {
        const std::size_t count = std::min(kEvalBatch, points.size() - first);
        frames.clear();
        for (std::size_t n = first; n < first + count; ++n)
            cpu::appendFrames(spec, cpu::pointOrigin(spec, points[n]), frames);
        impl_->frames.upload(frames.size() * sizeof(GlnFrame), frames.data());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, impl_->frames.handle());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, impl_->values.handle());
        glUniform1i(prog.uniform("u_count"), static_cast<GLint>(count));
        glDispatchCompute(static_cast<GLuint>((count + kLocalEval - 1) / kLocalEval), 1, 1);
        checkGl("dispatching the eval shader");
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        impl_->values.download(count * 4 * sizeof(float), batch.data());
        checkContext("evaluating points");
        for (std::size_t n = 0; n < count; ++n)
            for (int c = 0; c < channels; ++c)
                out[(first + n) * static_cast<std::size_t>(channels) + static_cast<std::size_t>(c)] = batch[4 * n + static_cast<std::size_t>(c)];
    }
    return out;
}

void Generator::finish() { glFinish(); }

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

}  // namespace

struct TileStream::Slot {
    GLuint values = 0;   // r32f or rgba32f
    GLuint colors = 0;   // rgba8, with a colormap
    GLuint framebuffer = 0;
    GLuint pixels = 0;   // the pixel buffer object the tile is read back into
    GLsync fence = nullptr;
    Grid grid;
};

struct TileStream::Impl {
    Generator& generator;
    NoiseSpec spec;
    int maxWidth, maxHeight, channels;
    bool colorize;
    ValueRange range;
    std::size_t texelBytes;
    Program colormapProgram;
    Buffer colormap;
    Slot slots[2];
    int next = 0;     // the slot the next submit uses
    int oldest = 0;   // the slot take() returns
    int queued = 0;

    Impl(Generator& g, const NoiseSpec& s, int w, int h, const Colormap* map, ValueRange r)
        : generator(g), spec(s), maxWidth(w), maxHeight(h), channels(cpu::outputChannels(s)),
          colorize(map != nullptr), range(r) {
        texelBytes = colorize ? 4 : sizeof(float) * static_cast<std::size_t>(channels);
        if (colorize) {
            const glsl::Source src = glsl::resolveInMemory(glsl::embeddedShaders(), "colormap.comp", {});
            colormapProgram = Program(src.text, src.files, "glnoise colormap");
            const std::vector<std::uint32_t> table = map->shaderBuffer();
            colormap = Buffer(sizeof(std::uint32_t) * table.size(), table.data(), "glnoise colormap " + map->name);
        }
        const std::size_t bytes = static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * texelBytes;
        for (int i = 0; i < 2; ++i) {
            Slot& slot = slots[i];
            const std::string n = " " + std::to_string(i);
            slot.values = makeTexture2d(channels == 1 ? GL_R32F : GL_RGBA32F, w, h, "glnoise tile" + n);
            if (colorize) slot.colors = makeTexture2d(GL_RGBA8, w, h, "glnoise tile colours" + n);
            glGenFramebuffers(1, &slot.framebuffer);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, slot.framebuffer);
            glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                                   colorize ? slot.colors : slot.values, 0);
            if (glCheckFramebufferStatus(GL_READ_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
                throw GpuError("the tile framebuffer is incomplete on " + g.impl_->context.info().renderer);
            glGenBuffers(1, &slot.pixels);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.pixels);
            const std::string label = "glnoise tile read-back" + n;
            glObjectLabel(GL_BUFFER, slot.pixels, static_cast<GLsizei>(label.size()), label.data());
            allocatePackBuffer(bytes);
        }
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        checkGl("allocating the tile stream");
    }

    ~Impl() {
        for (Slot& slot : slots) {
            if (slot.fence) glDeleteSync(slot.fence);
            glDeleteBuffers(1, &slot.pixels);
            glDeleteFramebuffers(1, &slot.framebuffer);
            glDeleteTextures(1, &slot.values);
            if (slot.colors) glDeleteTextures(1, &slot.colors);
        }
    }
};

TileStream::TileStream(Generator& generator, const NoiseSpec& spec, int maxWidth, int maxHeight,
                       const Colormap* colormap, ValueRange range) {
    spec.validate();
    const Grid most{maxWidth, maxHeight, 1};
    most.validate();
    generator.impl_->checkLimits(most);
    if (colormap && spec.output != Output::Value)
        throw ValidationError(Violation{"output", std::string() + toString(spec.output) + ": a colormap maps values only"});
    impl_ = std::make_unique<Impl>(generator, spec, maxWidth, maxHeight, colormap, range);
}

TileStream::~TileStream() = default;

std::size_t TileStream::texelBytes() const noexcept { return impl_->texelBytes; }

int TileStream::queued() const noexcept { return impl_->queued; }

void TileStream::submit(const Grid& grid, const TexelStart& start) {
    Impl& m = *impl_;
    if (m.queued == 2) throw std::logic_error("TileStream::submit: take() the oldest tile first");
    if (grid.depth != 1 || grid.width < 1 || grid.height < 1 || grid.width > m.maxWidth || grid.height > m.maxHeight)
        throw ValidationError(Violation{"tile", toString(grid) + ": must be 2D and at most " + std::to_string(m.maxWidth) +
                              "x" + std::to_string(m.maxHeight)});
    Slot& slot = m.slots[m.next];
    m.generator.impl_->dispatch(m.spec, slot.values, grid, m.channels, start);
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
    // The read-back goes into the pixel buffer object and returns at once; the fence says
    // when it has landed.
    glMemoryBarrier(GL_PIXEL_BUFFER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.pixels);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    const GLenum format = m.colorize ? GL_RGBA : m.channels == 1 ? GL_RED : GL_RGBA;
    const GLenum type = m.colorize ? GL_UNSIGNED_BYTE : GL_FLOAT;
    if (GLAD_GL_VERSION_4_5) {
        // From the texture itself (GL 4.5): NVIDIA copies this on the GPU, while its
        // glReadPixels from the tile's framebuffer converted the pixels on the CPU.
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
    slot.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    glFlush();  // start the work now, while the host takes the previous tile
    checkGl("reading a tile back");
    slot.grid = grid;
    m.next = 1 - m.next;
    ++m.queued;
}

void TileStream::take(void* destination, std::size_t rowBytes) {
    Impl& m = *impl_;
    if (m.queued == 0) throw std::logic_error("TileStream::take: no tile queued");
    Slot& slot = m.slots[m.oldest];
    while (true) {
        const GLenum r = glClientWaitSync(slot.fence, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
        // A lost context signals its fences; its tile is garbage.
        checkContext("waiting for a tile");
        if (r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED) break;
        if (r == GL_WAIT_FAILED) {
            checkGl("waiting for a tile");
            throw GpuError("waiting for a tile failed");
        }
    }
    glDeleteSync(slot.fence);
    slot.fence = nullptr;
    const std::size_t tileRow = static_cast<std::size_t>(slot.grid.width) * m.texelBytes;
    const std::size_t bytes = tileRow * static_cast<std::size_t>(slot.grid.height);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, slot.pixels);
    const void* mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
    if (!mapped) {
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        checkGl("mapping a tile");
        throw GpuError("mapping a tile's pixel buffer failed");
    }
    const auto* src = static_cast<const std::uint8_t*>(mapped);
    auto* dst = static_cast<std::uint8_t*>(destination);
    for (int y = 0; y < slot.grid.height; ++y)
        std::memcpy(dst + static_cast<std::size_t>(y) * rowBytes, src + static_cast<std::size_t>(y) * tileRow, tileRow);
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    checkGl("reading a tile");
    checkContext("reading a tile");
    m.oldest = 1 - m.oldest;
    --m.queued;
}

}  // namespace glnoise::gpu
