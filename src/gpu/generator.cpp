// SPDX-License-Identifier: MIT
// The GPU generator's entry points (glnoise/gpu.hpp) over its state (gpu/generator_impl.hpp).
#include "gpu/generator_impl.hpp"
#include "gpu/noise_shader.hpp"

namespace glnoise::gpu {

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
    // Each point's frames are its own: a storage buffer (the parameters, shared, may be a block).
    const Blocks b{0, blocks(field).params};
    Variant variant = variantFor("eval.comp", u, false);
    variant.graph = field.functions;
    variant.paramBlock = b.params;
    const Program& prog = program(variant);
    bindTable(field.spec);
    setUniforms(prog, field, u, b);
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

std::size_t Generator::programsCompiled() const noexcept { return impl_->compiled; }

glsl::Source detail::noiseShader(const GeneratorOptions& options, const NoiseSpec& spec, bool volume) {
    const Field field(spec);
    return sourceFor(noiseVariant(options, field, volume, blocksFor(options, field, kBlockBytes)));
}

glsl::Source detail::noiseShader(const GeneratorOptions& options, const Graph& graph, bool volume) {
    const Field field(graph);
    return sourceFor(noiseVariant(options, field, volume, blocksFor(options, field, kBlockBytes)));
}

}  // namespace glnoise::gpu
