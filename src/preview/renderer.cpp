// SPDX-License-Identifier: MIT
#include "preview/renderer.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstring>
#include <limits>
#include <vector>

#include <glad/gl.h>

#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gl_objects.hpp"
#include "glnoise/glsl.hpp"
#include "preview/shaders.hpp"

namespace glnoise::preview {

namespace {

// The preview's shaders (shaders/preview/ and the colormap lookup), embedded at build time.
gpu::Program::Stage stage(std::uint32_t type, const std::string& name) {
    glsl::IncludeOptions options;
    options.library = false;
    const glsl::Source src = glsl::resolveInMemory(embeddedShaders(), name, options);
    return {type, src.text, src.files};
}

float unordered(int i) {
    const int bits = i >= 0 ? i : (i ^ 0x7FFFFFFF);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace

Renderer::Renderer(gpu::Context& context)
    : generator_(context),
      display_({stage(GL_VERTEX_SHADER, "preview/display.vert"), stage(GL_FRAGMENT_SHADER, "preview/display.frag")},
               "preview display"),
      minMax_({stage(GL_COMPUTE_SHADER, "preview/minmax.comp")}, "preview min/max"),
      histogram_({stage(GL_COMPUTE_SHADER, "preview/histogram.comp")}, "preview histogram"),
      minMaxValues_(2 * sizeof(GLint), nullptr, "preview min/max values"),
      colormap_(sizeof(std::uint32_t) * Colormap{}.shaderBuffer().size(), nullptr, "preview colormap"),
      histogramCounts_(sizeof(std::uint32_t) * 259, nullptr, "preview histogram counts") {
    glGenVertexArrays(1, &vertexArray_);
    glGenFramebuffers(1, &readFramebuffer_);
    GLint bits = 0;
    glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits);
    timerQuery_ = bits > 0;
    if (timerQuery_) glGenQueries(1, &query_);
}

Renderer::~Renderer() {
    if (query_) glDeleteQueries(1, &query_);
    glDeleteVertexArrays(1, &vertexArray_);
    glDeleteFramebuffers(1, &readFramebuffer_);
}

Regeneration Renderer::regenerate(const NoiseSpec& spec, int width, int height) {
    const Grid grid{width, height, 1};
    Regeneration r;
    const auto start = std::chrono::steady_clock::now();
    if (timerQuery_) glBeginQuery(GL_TIME_ELAPSED, query_);
    if (texture_.handle() == 0 || texture_.grid().width != width || texture_.grid().height != height ||
        texture_.channels() != cpu::outputChannels(spec))
        texture_ = generator_.run(spec, grid);
    else
        generator_.run(spec, texture_);
    GLuint64 ns = 0;
    if (timerQuery_) {
        glEndQuery(GL_TIME_ELAPSED);
        glGetQueryObjectui64v(query_, GL_QUERY_RESULT, &ns);
    }
    glFinish();
    const double wall = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    // Some drivers answer timer queries without timing compute work (llvmpipe reports
    // microseconds for a dispatch that took 150 ms of wall clock, and 0 for the first one).
    // A result under 1% of dispatch-to-finish did not time the dispatch: show the wall
    // clock then, and say so.
    r.timerQuery = timerQuery_ && static_cast<double>(ns) / 1e6 >= 0.01 * wall;
    r.milliseconds = r.timerQuery ? static_cast<double>(ns) / 1e6 : wall;

    if (texture_.channels() != 1) {  // a normal map: no value range to reduce
        r.min = r.max = std::numeric_limits<float>::quiet_NaN();
        gpu::checkGl("regenerating the preview");
        return r;
    }
    const GLint init[2] = {INT_MAX, INT_MIN};
    minMaxValues_.upload(sizeof init, init);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, minMaxValues_.handle());
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glUseProgram(minMax_.handle());
    glBindImageTexture(0, texture_.handle(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
    glDispatchCompute(static_cast<GLuint>((width + 15) / 16), static_cast<GLuint>((height + 15) / 16), 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
    GLint result[2] = {0, 0};
    minMaxValues_.download(sizeof result, result);
    r.min = unordered(result[0]);
    r.max = unordered(result[1]);
    gpu::checkGl("regenerating the preview");
    return r;
}

void Renderer::draw(const Viewport& view, ValueRange range, const Colormap& colormap, int tiles) {
    glViewport(view.x, view.y, view.width, view.height);
    glEnable(GL_SCISSOR_TEST);
    glScissor(view.x, view.y, view.width, view.height);
    glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    if (texture_.handle() == 0 || view.width <= 0 || view.height <= 0) return;
    glUseProgram(display_.handle());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture_.handle());
    glUniform2i(display_.uniform("u_origin"), view.x, view.y);
    glUniform1i(display_.uniform("u_view_height"), view.height);
    glUniform1i(display_.uniform("u_tiles"), tiles);
    if (colormapName_ != colormap.name) {
        const std::vector<std::uint32_t> table = colormap.shaderBuffer();
        colormap_.upload(sizeof(std::uint32_t) * table.size(), table.data());
        colormapName_ = colormap.name;
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, colormap_.handle());
    glUniform1f(display_.uniform("u_min"), static_cast<float>(range.min));
    glUniform1f(display_.uniform("u_scale"), static_cast<float>(255.0 / (range.max - range.min)));
    glUniform1i(display_.uniform("u_normals"), texture_.channels() == 4 ? 1 : 0);
    glBindVertexArray(vertexArray_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

Histogram Renderer::histogram(double lo, double hi, ValueRange range) {
    Histogram h;
    if (texture_.handle() == 0 || texture_.channels() != 1) return h;
    if (!(hi > lo)) hi = lo + 1e-6;
    h.lo = lo;
    h.hi = hi;
    const std::vector<GLuint> zero(259, 0u);
    histogramCounts_.upload(sizeof(GLuint) * zero.size(), zero.data());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, histogramCounts_.handle());
    glUseProgram(histogram_.handle());
    glBindImageTexture(0, texture_.handle(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
    glUniform1f(histogram_.uniform("u_lo"), static_cast<float>(lo));
    glUniform1f(histogram_.uniform("u_bin_scale"), static_cast<float>(256.0 / (hi - lo)));
    glUniform2f(histogram_.uniform("u_range"), static_cast<float>(range.min), static_cast<float>(range.max));
    const int w = texture_.grid().width, hgt = texture_.grid().height;
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glDispatchCompute(static_cast<GLuint>((w + 15) / 16), static_cast<GLuint>((hgt + 15) / 16), 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<GLuint> counts(259, 0u);
    histogramCounts_.download(sizeof(GLuint) * counts.size(), counts.data());
    gpu::checkGl("counting the preview's histogram");
    std::copy(counts.begin(), counts.begin() + 256, h.bins.begin());
    h.below = counts[256];
    h.above = counts[257];
    h.nans = counts[258];
    h.total = static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(hgt);
    return h;
}

float Renderer::valueAt(int x, int y) {
    if (texture_.handle() == 0 || x < 0 || y < 0 || x >= width() || y >= height())
        return std::numeric_limits<float>::quiet_NaN();
    // One texel through a read framebuffer (GL 4.3 has no glGetTextureSubImage).
    float texel[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    const int channels = texture_.channels();
    GLint previous = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, readFramebuffer_);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.handle(), 0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, y, 1, 1, channels == 1 ? GL_RED : GL_RGBA, GL_FLOAT, texel);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous));
    gpu::checkGl("reading the value under the cursor");
    return channels == 1 ? texel[0] : texel[3];
}

}  // namespace glnoise::preview
