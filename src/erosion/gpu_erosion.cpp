// SPDX-License-Identifier: MIT
// Erosion on the GPU: the passes of shaders/erosion/, the state in storage buffers that
// stay on the GPU between iterations, two of each that a pass rewrites.
#include <algorithm>
#include <array>
#include <initializer_list>
#include <string>
#include <utility>

#include "erosion/kernels.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gl_objects.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/gpu.hpp"
#include "glsl/embedded.hpp"
#include "gpu/gl.hpp"

namespace glnoise::erosion {

namespace {

gpu::Program program(const char* file) {
    const glsl::Source src = glsl::resolveInMemory(glsl::embeddedShaders(), std::string("erosion/") + file, {});
    return gpu::Program(src.text, src.files, std::string("glnoise erosion ") + file);
}

// A map not given is a buffer of zeros the passes do not read (but may, where a compiler
// evaluates both sides of a choice: never beyond its end).
gpu::Buffer buffer(const std::vector<float>& v, std::size_t floats, const char* label) {
    if (v.empty()) return gpu::Buffer(sizeof(float) * floats, std::vector<float>(floats).data(), label);
    return gpu::Buffer(sizeof(float) * floats, v.data(), label);
}

}  // namespace

struct GpuErosion::Impl {
    Constants c;
    int width, height;
    std::size_t n;
    bool rain, hardness;
    gpu::Program flux = program("flux.comp"), erode = program("erode.comp"), transport = program("transport.comp"),
                 slide = program("slide.comp");
    gpu::Program shown;  // show.comp, compiled when first asked
    float inverseHeightScale = 1.0f, inverseReference = 1.0f;
    // [0] the state, [1] what a pass writes before they swap.
    std::array<gpu::Buffer, 2> terrain, water, sediment, fluxes;
    gpu::Buffer shares, velocity, rainMap, hardnessMap, wetness;
    // What left the map: four floats an edge cell (transport.comp), summed by read().
    gpu::Buffer left;
    std::size_t perimeter = 0;
    // What had left before this state was uploaded.
    double sedimentLeft = 0.0, waterLeft = 0.0;

    // The iteration's numbers, set once: a program keeps its uniforms.
    void uniforms(const gpu::Program& p) const {
        glUseProgram(p.handle());
        glUniform2i(p.optionalUniform("u_size"), width, height);
        const std::pair<const char*, float> values[] = {
            {"u_cell", c.cell}, {"u_area", c.area}, {"u_dt", c.dt}, {"u_rain", c.rain}, {"u_pipe", c.pipe},
            {"u_keep", c.keep}, {"u_capacity", c.capacity}, {"u_dissolve", c.dissolve}, {"u_settle", c.settle},
            {"u_min_slope", c.minSlope}, {"u_inverse_full_depth", c.inverseFullDepth},
            {"u_half_inverse_cell", c.halfInverseCell}, {"u_talus", c.talus}, {"u_talus_diagonal", c.talusDiagonal},
            {"u_thermal", c.thermal}};
        for (const auto& [name, v] : values) glUniform1f(p.optionalUniform(name), v);
        glUniform1i(p.optionalUniform("u_has_rain"), rain ? 1 : 0);
        glUniform1i(p.optionalUniform("u_has_hardness"), hardness ? 1 : 0);
    }
    // A pass over every cell: its buffers bound at 0, 1, 2, ... in the order given.
    void run(const gpu::Program& p, std::initializer_list<const gpu::Buffer*> buffers) const {
        glUseProgram(p.handle());
        GLuint binding = 0;
        for (const gpu::Buffer* b : buffers) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding++, b->handle());
        glDispatchCompute(static_cast<GLuint>((width + 7) / 8), static_cast<GLuint>((height + 7) / 8), 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
};

GpuErosion::GpuErosion(const gpu::Context& context, const State& s, const Params& p) {
    (void)context;  // current on this thread: the GL calls below are its
    p.validate();
    impl_ = std::make_unique<Impl>();
    Impl& m = *impl_;
    m.c = constantsOf(p);
    m.inverseHeightScale = static_cast<float>(1.0 / p.heightScale);
    // The discharge of the rain on 64 cells, m^3/s (a little where none falls).
    m.inverseReference = static_cast<float>(1.0 / (64.0 * std::max(p.rain, 1e-6) * p.cellSize * p.cellSize));
    m.width = s.width;
    m.height = s.height;
    m.n = static_cast<std::size_t>(s.width) * static_cast<std::size_t>(s.height);
    m.rain = !s.rain.empty();
    m.hardness = !s.hardness.empty();
    for (int k = 0; k < 2; ++k) {
        const std::string which = k ? " (next)" : "";
        m.terrain[k] = buffer(s.terrain, m.n, ("glnoise erosion terrain" + which).c_str());
        m.water[k] = buffer(s.water, m.n, ("glnoise erosion water" + which).c_str());
        m.sediment[k] = buffer(s.sediment, m.n, ("glnoise erosion sediment" + which).c_str());
        m.fluxes[k] = buffer(s.flux, 4 * m.n, ("glnoise erosion flux" + which).c_str());
    }
    m.shares = buffer(std::vector<float>(4 * m.n), 4 * m.n, "glnoise erosion shares");
    m.velocity = buffer(s.velocity, 2 * m.n, "glnoise erosion velocity");
    m.rainMap = buffer(s.rain, m.n, "glnoise erosion rain map");
    m.hardnessMap = buffer(s.hardness, m.n, "glnoise erosion hardness map");
    m.wetness = buffer(s.wetness, m.n, "glnoise erosion wetness");
    m.perimeter = 2 * static_cast<std::size_t>(s.width) + 2 * static_cast<std::size_t>(s.height) - 4;
    m.left = buffer({}, 4 * m.perimeter, "glnoise erosion what left the map");
    m.sedimentLeft = s.sedimentLeft;
    m.waterLeft = s.waterLeft;
    for (const gpu::Program* program : {&m.flux, &m.erode, &m.transport, &m.slide}) m.uniforms(*program);
    gpu::checkGl("uploading the erosion's state");
}

GpuErosion::~GpuErosion() = default;
GpuErosion::GpuErosion(GpuErosion&&) noexcept = default;
GpuErosion& GpuErosion::operator=(GpuErosion&&) noexcept = default;

void GpuErosion::iterate(int count) {
    Impl& m = *impl_;
    for (int i = 0; i < count; ++i) {
        // A: flux[0] -> flux[1].
        m.run(m.flux, {&m.terrain[0], &m.water[0], &m.rainMap, &m.fluxes[0], &m.fluxes[1]});
        // B: terrain, water, sediment [0] -> [1], with shares and velocity.
        m.run(m.erode, {&m.terrain[0], &m.water[0], &m.rainMap, &m.fluxes[1], &m.sediment[0], &m.hardnessMap,
                        &m.terrain[1], &m.water[1], &m.sediment[1], &m.shares, &m.velocity});
        // C: sediment [1] -> [0].
        m.run(m.transport, {&m.sediment[1], &m.shares, &m.sediment[0], &m.fluxes[1], &m.left, &m.water[1], &m.wetness});
        std::swap(m.fluxes[0], m.fluxes[1]);
        std::swap(m.water[0], m.water[1]);
        // The thermal step: terrain [1] -> [0]; without it [1] is the state.
        if (m.c.thermal > 0.0f) {
            m.run(m.slide, {&m.terrain[1], &m.terrain[0]});
        } else {
            std::swap(m.terrain[0], m.terrain[1]);
        }
    }
    glFinish();  // the iterations done when this returns: a caller's progress is the GPU's
    gpu::checkGl("eroding");
}

State GpuErosion::read() const {
    const Impl& m = *impl_;
    State s;
    s.width = m.width;
    s.height = m.height;
    const auto get = [&](const gpu::Buffer& b, std::size_t floats) {
        std::vector<float> v(floats);
        b.download(sizeof(float) * floats, v.data());
        return v;
    };
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    s.terrain = get(m.terrain[0], m.n);
    s.water = get(m.water[0], m.n);
    s.sediment = get(m.sediment[0], m.n);
    s.flux = get(m.fluxes[0], 4 * m.n);
    s.velocity = get(m.velocity, 2 * m.n);
    s.wetness = get(m.wetness, m.n);
    if (m.rain) s.rain = get(m.rainMap, m.n);
    if (m.hardness) s.hardness = get(m.hardnessMap, m.n);
    const std::vector<float> left = get(m.left, 4 * m.perimeter);
    s.sedimentLeft = m.sedimentLeft;
    s.waterLeft = m.waterLeft;
    for (std::size_t k = 0; k < m.perimeter; ++k) {
        s.sedimentLeft += double(left[4 * k]) - double(left[4 * k + 1]);
        s.waterLeft += double(left[4 * k + 2]) - double(left[4 * k + 3]);
    }
    gpu::checkGl("reading the erosion's state back");
    return s;
}

void run(State& s, const Params& p, const gpu::Context* gpu, unsigned threads, const std::function<void(int)>& between) {
    constexpr int kChunk = 25;
    const auto at = [&](int done) {
        if (between) between(done);
    };
    if (gpu) {
        GpuErosion e(*gpu, s, p);
        for (int done = 0; done < p.iterations; done += kChunk) {
            at(done);
            e.iterate(std::min(kChunk, p.iterations - done));
        }
        s = e.read();
    } else {
        for (int done = 0; done < p.iterations; done += kChunk) {
            at(done);
            for (int i = done; i < std::min(p.iterations, done + kChunk); ++i) iterate(s, p, threads);
        }
    }
    at(p.iterations);
}

void GpuErosion::show(const gpu::Texture& heights, const gpu::Texture& flow) const {
    Impl& m = *impl_;
    for (const gpu::Texture* t : {&heights, &flow})
        if (t->grid().width != m.width || t->grid().height != m.height || t->grid().isVolume() || t->channels() != 1)
            throw ValidationError("erosion show: a texture of " + toString(t->grid()) + " for a state of " +
                                  std::to_string(m.width) + "x" + std::to_string(m.height));
    if (m.shown.handle() == 0) {
        m.shown = program("show.comp");
        glUseProgram(m.shown.handle());
        glUniform2i(m.shown.optionalUniform("u_size"), m.width, m.height);
        glUniform1f(m.shown.optionalUniform("u_inverse_height_scale"), m.inverseHeightScale);
        glUniform1f(m.shown.optionalUniform("u_inverse_reference"), m.inverseReference);
    }
    glBindImageTexture(0, heights.handle(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
    glBindImageTexture(1, flow.handle(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
    m.run(m.shown, {&m.terrain[0], &m.fluxes[0]});
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    gpu::checkGl("showing the erosion's state");
}

}  // namespace glnoise::erosion
