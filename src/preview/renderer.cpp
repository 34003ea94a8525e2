// SPDX-License-Identifier: MIT
#include "preview/renderer.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <chrono>
#include <climits>
#include <cstdio>
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
gpu::Program::Stage stage(std::uint32_t type, const std::string& name, bool volume = false) {
    glsl::IncludeOptions options;
    options.library = false;
    glsl::Source src = glsl::resolveInMemory(embeddedShaders(), name, options);
    if (volume) {  // the 3D image variant: GLN_VOLUME defined after the #version line
        const std::size_t eol = src.text.find('\n', src.text.find("#version"));
        src.text.insert(eol + 1, "#define GLN_VOLUME 1\n");
    }
    return {type, src.text, src.files};
}

// Column-major 4x4 matrices for the 3D view.
using Mat4 = std::array<float, 16>;
Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 m{};
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            for (int k = 0; k < 4; ++k) m[static_cast<std::size_t>(c * 4 + r)] += a[static_cast<std::size_t>(k * 4 + r)] * b[static_cast<std::size_t>(c * 4 + k)];
    return m;
}
Mat4 perspective(float fovY, float aspect, float nearZ, float farZ) {
    const float f = 1.0f / std::tan(fovY / 2.0f);
    Mat4 m{};
    m[0] = f / aspect;
    m[5] = f;
    m[10] = (farZ + nearZ) / (nearZ - farZ);
    m[11] = -1.0f;
    m[14] = 2.0f * farZ * nearZ / (nearZ - farZ);
    return m;
}
Mat4 lookAt(const std::array<float, 3>& eye, const std::array<float, 3>& at) {
    auto sub = [](std::array<float, 3> a, std::array<float, 3> b) { return std::array<float, 3>{a[0] - b[0], a[1] - b[1], a[2] - b[2]}; };
    auto cross = [](std::array<float, 3> a, std::array<float, 3> b) {
        return std::array<float, 3>{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    };
    auto normal = [](std::array<float, 3> a) {
        const float l = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
        return std::array<float, 3>{a[0] / l, a[1] / l, a[2] / l};
    };
    auto dot = [](std::array<float, 3> a, std::array<float, 3> b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; };
    const auto f = normal(sub(at, eye));
    const auto r = normal(cross(f, {0.0f, 1.0f, 0.0f}));
    const auto u = cross(r, f);
    return Mat4{r[0], u[0], -f[0], 0, r[1], u[1], -f[1], 0, r[2], u[2], -f[2], 0, -dot(r, eye), -dot(u, eye), dot(f, eye), 1};
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
      context_(context),
      display_({stage(GL_VERTEX_SHADER, "preview/display.vert"), stage(GL_FRAGMENT_SHADER, "preview/display.frag")},
               "preview display"),
      minMax_({stage(GL_COMPUTE_SHADER, "preview/minmax.comp")}, "preview min/max"),
      terrain_({stage(GL_VERTEX_SHADER, "preview/terrain.vert"), stage(GL_FRAGMENT_SHADER, "preview/terrain.frag")},
               "preview terrain"),
      water_({stage(GL_VERTEX_SHADER, "preview/water.vert"), stage(GL_FRAGMENT_SHADER, "preview/water.frag")},
             "preview sea"),
      slices_({stage(GL_VERTEX_SHADER, "preview/display.vert"), stage(GL_FRAGMENT_SHADER, "preview/slices.frag")},
              "preview slices"),
      histogram_({stage(GL_COMPUTE_SHADER, "preview/histogram.comp")}, "preview histogram"),
      minMaxVolume_({stage(GL_COMPUTE_SHADER, "preview/minmax.comp", true)}, "preview min/max of a volume"),
      histogramVolume_({stage(GL_COMPUTE_SHADER, "preview/histogram.comp", true)}, "preview histogram of a volume"),
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
    if (difference_) glDeleteTextures(1, &difference_);
    if (cacheFramebuffer_) glDeleteFramebuffers(1, &cacheFramebuffer_);
    if (cacheColor_) glDeleteTextures(1, &cacheColor_);
    if (cacheDepth_) glDeleteRenderbuffers(1, &cacheDepth_);
}

Regeneration Renderer::regenerate(const NoiseSpec& spec, const Grid& grid) { return regenerateWith(spec, spec, grid); }

Regeneration Renderer::regenerate(const Graph& graph, const Grid& grid) { return regenerateWith(graph, graph.space, grid); }

template <class N>
Regeneration Renderer::regenerateWith(const N& noise, const NoiseSpec& space, const Grid& grid) {
    const int width = grid.width, height = grid.height;
    Regeneration r;
    ++generation_;
    const auto start = std::chrono::steady_clock::now();
    if (timerQuery_) glBeginQuery(GL_TIME_ELAPSED, query_);
    if (texture_.handle() == 0 || texture_.grid().width != width || texture_.grid().height != height ||
        texture_.grid().depth != grid.depth || texture_.channels() != cpu::outputChannels(space))
        texture_ = generator_.run(noise, grid);
    else
        generator_.run(noise, texture_);
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
    glUseProgram(grid.isVolume() ? minMaxVolume_.handle() : minMax_.handle());
    glBindImageTexture(0, texture_.handle(), 0, grid.isVolume() ? GL_TRUE : GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
    glDispatchCompute(static_cast<GLuint>((width + 15) / 16), static_cast<GLuint>((height + 15) / 16),
                      static_cast<GLuint>(grid.depth));
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
    GLint result[2] = {0, 0};
    minMaxValues_.download(sizeof result, result);
    r.min = unordered(result[0]);
    r.max = unordered(result[1]);
    gpu::checkGl("regenerating the preview");
    return r;
}

void Renderer::setDifference(const std::vector<float>& values, const Grid& grid) {
    if (difference_) glDeleteTextures(1, &difference_);
    const GLenum target = grid.isVolume() ? GL_TEXTURE_3D : GL_TEXTURE_2D;
    glGenTextures(1, &difference_);
    glBindTexture(target, difference_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (grid.isVolume()) {
        glTexStorage3D(target, 1, GL_R32F, grid.width, grid.height, grid.depth);
        glTexSubImage3D(target, 0, 0, 0, 0, grid.width, grid.height, grid.depth, GL_RED, GL_FLOAT, values.data());
    } else {
        glTexStorage2D(target, 1, GL_R32F, grid.width, grid.height);
        glTexSubImage2D(target, 0, 0, 0, grid.width, grid.height, GL_RED, GL_FLOAT, values.data());
    }
    differenceGrid_ = grid;
    ++generation_;
    gpu::checkGl("uploading the proof's difference image");
}

template <class Paint>
void Renderer::present(const Viewport& view, const std::string& key, Paint paintInto) {
    if (view.width <= 0 || view.height <= 0) return;
    if (cacheWidth_ != view.width || cacheHeight_ != view.height || cacheFramebuffer_ == 0) {
        if (cacheFramebuffer_ == 0) glGenFramebuffers(1, &cacheFramebuffer_);
        if (cacheColor_) glDeleteTextures(1, &cacheColor_);
        if (cacheDepth_) glDeleteRenderbuffers(1, &cacheDepth_);
        glGenTextures(1, &cacheColor_);
        glBindTexture(GL_TEXTURE_2D, cacheColor_);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, view.width, view.height);
        glGenRenderbuffers(1, &cacheDepth_);
        glBindRenderbuffer(GL_RENDERBUFFER, cacheDepth_);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, view.width, view.height);
        glBindFramebuffer(GL_FRAMEBUFFER, cacheFramebuffer_);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cacheColor_, 0);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, cacheDepth_);
        const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        if (status != GL_FRAMEBUFFER_COMPLETE) throw GpuError("the preview's colour buffer is incomplete");
        cacheWidth_ = view.width;
        cacheHeight_ = view.height;
        cacheKey_.clear();
    }
    const std::string full = key + "#" + std::to_string(generation_);
    if (full != cacheKey_) {
        glBindFramebuffer(GL_FRAMEBUFFER, cacheFramebuffer_);
        paintInto(Viewport{0, 0, view.width, view.height});
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        cacheKey_ = full;
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, cacheFramebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, view.width, view.height, view.x, view.y, view.x + view.width, view.y + view.height,
                      GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    gpu::checkGl("showing the preview's view");
}

namespace {
// Sets the viewport to `view` and clears it (colour and depth) to the colour given.
void clearView(const Viewport& view, float r, float g, float b) {
    glViewport(view.x, view.y, view.width, view.height);
    glEnable(GL_SCISSOR_TEST);
    glScissor(view.x, view.y, view.width, view.height);
    glClearColor(r, g, b, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
}

std::string rangeKey(ValueRange r, const Colormap& m) {
    char text[96];
    std::snprintf(text, sizeof text, "%.17g,%.17g,", r.min, r.max);
    return text + m.name;
}
}  // namespace

void Renderer::draw(const Viewport& view, ValueRange range, const Colormap& colormap, int tiles, bool difference,
                    int step) {
    present(view,
            "flat," + rangeKey(range, colormap) + "," + std::to_string(tiles) + "," + std::to_string(step) +
                (difference ? ",d" : ""),
            [&](const Viewport& v) { paint(v, range, colormap, tiles, difference, step); });
}

void Renderer::startErosion(const erosion::Params& p) {
    const Image start = read();
    erosion_.reset();
    erosion_.emplace(context_, erosion::start(start, p), p);
    const auto texture = [&](const char* label) {
        GLuint t = 0;
        glGenTextures(1, &t);
        glBindTexture(GL_TEXTURE_2D, t);
        glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32F, start.width, start.height);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glObjectLabel(GL_TEXTURE, t, -1, label);
        return gpu::Texture(t, Grid{start.width, start.height, 1});
    };
    if (eroded_.grid().width != start.width || eroded_.grid().height != start.height) {
        eroded_ = texture("preview eroded ground");
        flow_ = texture("preview erosion flow");
    }
    erosionDone_ = 0;
    erosion_->show(eroded_, flow_);
    ++generation_;
}

void Renderer::erode(int iterations) {
    if (!erosion_ || iterations <= 0) return;
    erosion_->iterate(iterations);
    erosionDone_ += iterations;
    erosion_->show(eroded_, flow_);
    ++generation_;
}

void Renderer::stopErosion() {
    if (!erosion_) return;
    erosion_.reset();
    erosionDone_ = 0;
    ++generation_;
}

void Renderer::drawTerrain(const Viewport& view, ValueRange range, const Colormap& colormap, const Camera& camera,
                           float heightScale, bool moving, std::optional<double> sea, bool flow) {
    flow = flow && erosion_;
    char cam[160];
    std::snprintf(cam, sizeof cam, ",%.9g,%.9g,%.9g,%.9g,%.17g", static_cast<double>(camera.yaw),
                  static_cast<double>(camera.pitch), static_cast<double>(camera.distance), static_cast<double>(heightScale),
                  sea ? *sea : std::nan(""));
    const int mostQuads = moving ? 256 : 1024;
    static const Colormap flowMap = Colormap::named("flow");
    const Colormap& shown = flow ? flowMap : colormap;
    present(view, "terrain," + rangeKey(range, shown) + cam + "," + std::to_string(mostQuads) + (flow ? ",flow" : ""),
            [&](const Viewport& v) { paintTerrain(v, range, shown, camera, heightScale, mostQuads, sea, flow); });
}

void Renderer::drawSlices(const Viewport& view, ValueRange range, const Colormap& colormap, int across,
                          const std::vector<int>& slices, bool difference, int step) {
    std::string key = "slices," + rangeKey(range, colormap) + "," + std::to_string(across) + "," +
                      std::to_string(step) + (difference ? ",d" : "");
    for (int k : slices) key += "," + std::to_string(k);
    present(view, key, [&](const Viewport& v) { paintSlices(v, range, colormap, across, slices, difference, step); });
}

void Renderer::paint(const Viewport& view, ValueRange range, const Colormap& colormap, int tiles, bool difference,
                     int step) {
    clearView(view, 0.1f, 0.1f, 0.1f);
    difference = difference && difference_ != 0 && !differenceGrid_.isVolume();
    if ((texture_.handle() == 0 && !difference) || view.width <= 0 || view.height <= 0) return;
    glUseProgram(display_.handle());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, difference ? difference_ : texture_.handle());
    glUniform2i(display_.uniform("u_origin"), view.x, view.y);
    glUniform1i(display_.uniform("u_view_height"), view.height);
    glUniform1i(display_.uniform("u_tiles"), tiles);
    glUniform1i(display_.uniform("u_step"), step);
    useColormap(colormap);
    glUniform1f(display_.uniform("u_min"), static_cast<float>(range.min));
    glUniform1f(display_.uniform("u_scale"), static_cast<float>(255.0 / (range.max - range.min)));
    glUniform1i(display_.uniform("u_normals"), texture_.channels() == 4 && !difference ? 1 : 0);
    glBindVertexArray(vertexArray_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

void Renderer::useColormap(const Colormap& colormap) {
    if (colormapName_ != colormap.name) {
        const std::vector<std::uint32_t> table = colormap.shaderBuffer();
        colormap_.upload(sizeof(std::uint32_t) * table.size(), table.data());
        colormapName_ = colormap.name;
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, colormap_.handle());
}

void Renderer::paintTerrain(const Viewport& view, ValueRange range, const Colormap& colormap, const Camera& camera,
                            float heightScale, int mostQuads, std::optional<double> sea, bool flow) {
    clearView(view, 0.55f, 0.66f, 0.78f);  // a hazy sky
    if (texture_.handle() == 0 || texture_.channels() != 1 || texture_.grid().isVolume()) return;
    // The ground: the noise, or the erosion's.
    const gpu::Texture& ground = erosion_ ? eroded_ : texture_;
    const int w = ground.grid().width, h = ground.grid().height;
    const int stride = std::max(1, (std::max(w, h) - 1 + mostQuads - 1) / mostQuads);
    const int cellsX = std::max(1, (w - 1 + stride - 1) / stride), cellsY = std::max(1, (h - 1 + stride - 1) / stride);
    // The longer side is one unit; the camera orbits the centre at mid height.
    const float longer = static_cast<float>(std::max(w, h) - 1 > 0 ? std::max(w, h) - 1 : 1);
    const float extentX = static_cast<float>(std::max(w - 1, 1)) / longer, extentZ = static_cast<float>(std::max(h - 1, 1)) / longer;
    const float cy = std::cos(camera.yaw), sy = std::sin(camera.yaw), cp = std::cos(camera.pitch), sp = std::sin(camera.pitch);
    const std::array<float, 3> at{0.0f, 0.5f * heightScale, 0.0f};
    const std::array<float, 3> eye{at[0] + camera.distance * cp * sy, at[1] + camera.distance * sp,
                                   at[2] + camera.distance * cp * cy};
    const Mat4 vp = multiply(perspective(0.75f, static_cast<float>(view.width) / static_cast<float>(std::max(view.height, 1)),
                                         0.01f, 50.0f),
                             lookAt(eye, at));
    glUseProgram(terrain_.handle());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, ground.handle());
    // What the colormap colours: the ground's value, or its flow over 0..1.
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, flow ? flow_.handle() : ground.handle());
    glActiveTexture(GL_TEXTURE0);
    glUniform1f(terrain_.uniform("u_colour_min"), flow ? 0.0f : static_cast<float>(range.min));
    glUniform1f(terrain_.uniform("u_colour_scale"), flow ? 255.0f : static_cast<float>(255.0 / (range.max - range.min)));
    useColormap(colormap);
    glUniformMatrix4fv(terrain_.uniform("u_view_projection"), 1, GL_FALSE, vp.data());
    glUniform2i(terrain_.uniform("u_cells"), cellsX, cellsY);
    glUniform1i(terrain_.uniform("u_stride"), stride);
    glUniform1f(terrain_.uniform("u_min"), static_cast<float>(range.min));
    glUniform1f(terrain_.uniform("u_inverse"), static_cast<float>(1.0 / (range.max - range.min)));
    glUniform1f(terrain_.uniform("u_height"), heightScale);
    glUniform2f(terrain_.uniform("u_extent"), extentX, extentZ);
    const float sun[3] = {-0.35f, 0.7f, 0.6f};  // high on the left of the default camera
    const float len = std::sqrt(sun[0] * sun[0] + sun[1] * sun[1] + sun[2] * sun[2]);
    glUniform3f(terrain_.uniform("u_sun"), sun[0] / len, sun[1] / len, sun[2] / len);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glBindVertexArray(vertexArray_);
    glDrawArrays(GL_TRIANGLES, 0, cellsX * cellsY * 6);
    if (sea) {
        // Over the ground, blended, writing no depth: the ground above the sea hides it.
        const double inverse = 1.0 / (range.max - range.min);
        const float level = static_cast<float>(std::clamp((*sea - range.min) * inverse, 0.0, 1.0)) * heightScale;
        glUseProgram(water_.handle());
        glUniformMatrix4fv(water_.uniform("u_view_projection"), 1, GL_FALSE, vp.data());
        glUniform2f(water_.uniform("u_extent"), extentX, extentZ);
        glUniform1f(water_.uniform("u_level"), level);
        glUniform1f(water_.uniform("u_min"), static_cast<float>(range.min));
        glUniform1f(water_.uniform("u_inverse"), static_cast<float>(inverse));
        glUniform1f(water_.uniform("u_height"), heightScale);
        glUniform3f(water_.uniform("u_sun"), sun[0] / len, sun[1] / len, sun[2] / len);
        glUniform3f(water_.uniform("u_eye"), eye[0], eye[1], eye[2]);
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
        glDrawArrays(GL_TRIANGLES, 0, 5 * 6);  // the top and four walls
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }
    glDisable(GL_DEPTH_TEST);
}

void Renderer::paintSlices(const Viewport& view, ValueRange range, const Colormap& colormap, int across,
                           const std::vector<int>& slices, bool difference, int step) {
    clearView(view, 0.1f, 0.1f, 0.1f);
    difference = difference && difference_ != 0 && differenceGrid_.isVolume();
    if (!difference && (texture_.handle() == 0 || !texture_.grid().isVolume())) return;
    glUseProgram(slices_.handle());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_3D, difference ? difference_ : texture_.handle());
    useColormap(colormap);
    glUniform2i(slices_.uniform("u_origin"), view.x, view.y);
    glUniform1i(slices_.uniform("u_view_height"), view.height);
    glUniform1i(slices_.uniform("u_across"), across);
    glUniform1i(slices_.uniform("u_step"), step);
    int indices[16] = {};
    for (std::size_t k = 0; k < 16 && k < slices.size(); ++k) indices[k] = slices[k];
    glUniform1iv(slices_.uniform("u_slice[0]"), 16, indices);
    glUniform1f(slices_.uniform("u_min"), static_cast<float>(range.min));
    glUniform1f(slices_.uniform("u_scale"), static_cast<float>(255.0 / (range.max - range.min)));
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
    const bool volume = texture_.grid().isVolume();
    const gpu::Program& program = volume ? histogramVolume_ : histogram_;
    glUseProgram(program.handle());
    glBindImageTexture(0, texture_.handle(), 0, volume ? GL_TRUE : GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
    glUniform1f(program.uniform("u_lo"), static_cast<float>(lo));
    glUniform1f(program.uniform("u_bin_scale"), static_cast<float>(256.0 / (hi - lo)));
    glUniform2f(program.uniform("u_range"), static_cast<float>(range.min), static_cast<float>(range.max));
    const int w = texture_.grid().width, hgt = texture_.grid().height, d = texture_.grid().depth;
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glDispatchCompute(static_cast<GLuint>((w + 15) / 16), static_cast<GLuint>((hgt + 15) / 16), static_cast<GLuint>(d));
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<GLuint> counts(259, 0u);
    histogramCounts_.download(sizeof(GLuint) * counts.size(), counts.data());
    gpu::checkGl("counting the preview's histogram");
    std::copy(counts.begin(), counts.begin() + 256, h.bins.begin());
    h.below = counts[256];
    h.above = counts[257];
    h.nans = counts[258];
    h.total = static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(hgt) * static_cast<std::uint64_t>(d);
    return h;
}

float Renderer::valueAt(int x, int y, int z) {
    if (texture_.handle() == 0 || x < 0 || y < 0 || z < 0 || x >= width() || y >= height() || z >= depth())
        return std::numeric_limits<float>::quiet_NaN();
    // One texel through a read framebuffer (GL 4.3 has no glGetTextureSubImage).
    float texel[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    const int channels = texture_.channels();
    GLint previous = 0;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, readFramebuffer_);
    if (texture_.grid().isVolume())
        glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, texture_.handle(), 0, z);
    else
        glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.handle(), 0);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, y, 1, 1, channels == 1 ? GL_RED : GL_RGBA, GL_FLOAT, texel);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous));
    gpu::checkGl("reading the value under the cursor");
    return channels == 1 ? texel[0] : texel[3];
}

}  // namespace glnoise::preview
