// SPDX-License-Identifier: MIT
// The tile stream (glnoise/gpu.hpp): tiles generated and colour-mapped into textures, read
// back into buffers in host memory that stay mapped, three in flight.
#include <string>

#include "gpu/generator_impl.hpp"
#include "glsl/embedded.hpp"

namespace glnoise::gpu {

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

struct TileStream::Impl {
    struct Slot {
        GLuint values = 0;      // r32f or rgba32f
        GLuint colors = 0;      // rgba8, with a colormap
        GLuint framebuffer = 0; // for glReadPixels where GL 4.5's glGetTextureSubImage is missing
        PackBuffer pixels;      // where the tile is read back
        Grid grid;
    };
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
    auto& slot = m.slots[m.next];
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
    auto& slot = m.slots[m.oldest];
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
