// SPDX-License-Identifier: MIT
// The heightfield operators on the GPU: one pass each (blur: one an axis; flow
// accumulation: receivers, then rounds to a fixed point), their twins in erosion.cpp.
#include <cmath>
#include <string>
#include <vector>

#include "erosion/kernels.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/error.hpp"
#include "glnoise/format.hpp"
#include "glnoise/gl_objects.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/gpu.hpp"
#include "glsl/embedded.hpp"
#include "gpu/gl.hpp"

namespace glnoise::erosion {

namespace {

gpu::Program operatorProgram(const char* file) {
    const glsl::Source src = glsl::resolveInMemory(glsl::embeddedShaders(), std::string("erosion/") + file, {});
    return gpu::Program(src.text, src.files, std::string("glnoise heightfield ") + file);
}

std::size_t cells(int w, int h) { return static_cast<std::size_t>(w) * static_cast<std::size_t>(h); }

void checkGrid(const std::vector<float>& v, int w, int h, const char* what) {
    if (w < 1 || h < 1 || v.size() != cells(w, h))
        throw ValidationError(std::string(what) + ": " + std::to_string(v.size()) + " values for a grid of " +
                              std::to_string(w) + "x" + std::to_string(h));
}

// Runs `p` over a w x h grid with its buffers bound at 0, 1, 2, ... in order.
void run(const gpu::Program& p, int w, int h, std::initializer_list<const gpu::Buffer*> buffers) {
    glUseProgram(p.handle());
    glUniform2i(p.optionalUniform("u_size"), w, h);
    GLuint binding = 0;
    for (const gpu::Buffer* b : buffers) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding++, b->handle());
    glDispatchCompute(static_cast<GLuint>((w + 7) / 8), static_cast<GLuint>((h + 7) / 8), 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

template <typename T>
std::vector<T> download(const gpu::Buffer& b, std::size_t n) {
    std::vector<T> v(n);
    b.download(sizeof(T) * n, v.data());
    return v;
}

}  // namespace

struct GpuOperators::Impl {
    gpu::Program slope = operatorProgram("slope.comp"), curvature = operatorProgram("curvature.comp"),
                 blur = operatorProgram("blur.comp"), receivers = operatorProgram("receivers.comp"),
                 accumulate = operatorProgram("accumulate.comp");
};

GpuOperators::GpuOperators(const gpu::Context& context) : impl_(std::make_unique<Impl>()) {
    (void)context;  // current on this thread: the programs are its
    gpu::checkGl("compiling the heightfield operators");
}
GpuOperators::~GpuOperators() = default;
GpuOperators::GpuOperators(GpuOperators&&) noexcept = default;
GpuOperators& GpuOperators::operator=(GpuOperators&&) noexcept = default;

std::vector<float> GpuOperators::slope(const std::vector<float>& ground, int w, int h, double cellSize) const {
    checkGrid(ground, w, h, "slope");
    const gpu::Buffer in(sizeof(float) * ground.size(), ground.data(), "glnoise slope ground");
    const gpu::Buffer out(sizeof(float) * ground.size(), nullptr, "glnoise slope");
    const gpu::Program& p = impl_->slope;
    glUseProgram(p.handle());
    glUniform1f(p.optionalUniform("u_half_inverse_cell"), static_cast<float>(0.5 / cellSize));
    glUniform1f(p.optionalUniform("u_degrees"), static_cast<float>(180.0 / kPi));
    run(p, w, h, {&in, &out});
    gpu::checkGl("the slope pass");
    return download<float>(out, ground.size());
}

std::vector<float> GpuOperators::curvature(const std::vector<float>& ground, int w, int h, double cellSize) const {
    checkGrid(ground, w, h, "curvature");
    const gpu::Buffer in(sizeof(float) * ground.size(), ground.data(), "glnoise curvature ground");
    const gpu::Buffer out(sizeof(float) * ground.size(), nullptr, "glnoise curvature");
    const gpu::Program& p = impl_->curvature;
    glUseProgram(p.handle());
    glUniform1f(p.optionalUniform("u_inverse_cell_squared"), static_cast<float>(1.0 / (cellSize * cellSize)));
    run(p, w, h, {&in, &out});
    gpu::checkGl("the curvature pass");
    return download<float>(out, ground.size());
}

std::vector<float> GpuOperators::blur(const std::vector<float>& values, int w, int h, double sigma) const {
    checkGrid(values, w, h, "blur");
    if (!(sigma >= 0.0 && sigma <= 64.0)) throw ValidationError("blur " + formatNumber(sigma) + ": must be 0 to 64 cells");
    if (sigma == 0.0) return values;
    const std::vector<float> weights = gaussianWeights(sigma);
    const int radius = static_cast<int>(weights.size() / 2);
    const gpu::Buffer in(sizeof(float) * values.size(), values.data(), "glnoise blur in");
    const gpu::Buffer across(sizeof(float) * values.size(), nullptr, "glnoise blur across");
    const gpu::Buffer out(sizeof(float) * values.size(), nullptr, "glnoise blur");
    const gpu::Buffer w8(sizeof(float) * weights.size(), weights.data(), "glnoise blur weights");
    const gpu::Program& p = impl_->blur;
    glUseProgram(p.handle());
    glUniform1i(p.optionalUniform("u_radius"), radius);
    glUniform2i(p.optionalUniform("u_axis"), 1, 0);
    run(p, w, h, {&in, &w8, &across});
    glUniform2i(p.optionalUniform("u_axis"), 0, 1);
    run(p, w, h, {&across, &w8, &out});
    gpu::checkGl("the blur passes");
    return download<float>(out, values.size());
}

std::vector<float> GpuOperators::flowAccumulation(const std::vector<float>& ground, int w, int h, double cellSize) const {
    checkGrid(ground, w, h, "flow accumulation");
    const std::size_t n = ground.size();
    const gpu::Buffer in(sizeof(float) * n, ground.data(), "glnoise flow ground");
    const gpu::Buffer receivers(sizeof(std::int32_t) * n, nullptr, "glnoise flow receivers");
    const std::vector<std::uint32_t> ones(n, 1u);
    gpu::Buffer counts[2] = {gpu::Buffer(sizeof(std::uint32_t) * n, ones.data(), "glnoise flow counts"),
                             gpu::Buffer(sizeof(std::uint32_t) * n, ones.data(), "glnoise flow counts (next)")};
    const std::uint32_t zero = 0;
    gpu::Buffer changed(sizeof zero, &zero, "glnoise flow changed");
    const gpu::Program& r = impl_->receivers;
    glUseProgram(r.handle());
    glUniform1f(r.optionalUniform("u_per_straight"), perStraight(cellSize));
    glUniform1f(r.optionalUniform("u_per_diagonal"), perDiagonal(cellSize));
    run(r, w, h, {&in, &receivers});
    // Rounds in batches; the last round of a batch says whether anything changed. A path
    // holds at most every cell once, so n + 1 rounds always reach the fixed point.
    constexpr std::size_t kBatch = 32;
    for (std::size_t round = 0; round <= n;) {
        for (std::size_t k = 0; k < kBatch; ++k, ++round) {
            const bool last = k + 1 == kBatch;
            if (last) changed.upload(sizeof zero, &zero);
            run(impl_->accumulate, w, h, {&receivers, &counts[0], &counts[1], &changed});
            std::swap(counts[0], counts[1]);
        }
        if (download<std::uint32_t>(changed, 1)[0] == 0) break;
    }
    gpu::checkGl("the flow accumulation passes");
    const std::vector<std::uint32_t> c = download<std::uint32_t>(counts[0], n);
    std::vector<float> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<float>(c[i]);
    return out;
}

}  // namespace glnoise::erosion
