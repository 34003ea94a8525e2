// SPDX-License-Identifier: MIT
#include "preview/renderer.hpp"

#include <limits>

#include "glnoise/cpu.hpp"

#include <chrono>
#include <climits>
#include <cstring>
#include <vector>

#include "glnoise/error.hpp"
#include "gpu/gl.hpp"
#include "gpu/gl_objects.hpp"

namespace glnoise::preview {

namespace {

// One triangle that covers the viewport; the fragment shader fetches texel for texel.
constexpr const char* kVertex = R"(#version 430
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
)";

// Values go through the colormap (256 RGBA8 entries) with the arithmetic of
// shaders/colormap.comp, so the window shows the colours `glnoise bake --colormap` writes.
constexpr const char* kFragment = R"(#version 430
layout(binding = 0) uniform sampler2D u_values;
layout(std430, binding = 3) readonly buffer GlnColormap {
    uint gln_colormap[256];
};
uniform int u_height;
uniform float u_min;
uniform float u_scale;  // 255 / (max - min)
uniform int u_normals;  // 1: the texture holds (nx, ny, nz, value): show n * 0.5 + 0.5
out vec4 color;

void main() {
    ivec2 texel = ivec2(int(gl_FragCoord.x), u_height - 1 - int(gl_FragCoord.y));
    vec4 f = texelFetch(u_values, texel, 0);
    if (u_normals == 1) {
        color = vec4(f.rgb * 0.5 + 0.5, 1.0);
        return;
    }
    precise float t = (f.r - u_min) * u_scale;
    int i = isnan(f.r) ? 0 : int(clamp(floor(t + 0.5), 0.0, 255.0));
    color = unpackUnorm4x8(gln_colormap[i]);
}
)";

// Min and max of an r32f image: a reduction per 16x16 workgroup in shared memory, then
// one atomic per workgroup on floats mapped to order-preserving ints.
constexpr const char* kMinMax = R"(#version 430
layout(local_size_x = 16, local_size_y = 16) in;
layout(r32f, binding = 0) uniform readonly image2D u_values;
layout(std430, binding = 4) buffer MinMax { int minOrdered; int maxOrdered; };
shared float lo[256];
shared float hi[256];

int ordered(float f) {
    int i = floatBitsToInt(f);
    return i >= 0 ? i : i ^ 0x7FFFFFFF;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    uint l = gl_LocalInvocationIndex;
    bool inside = all(lessThan(id, imageSize(u_values)));
    float v = inside ? imageLoad(u_values, id).r : 0.0;
    lo[l] = inside ? v : 3.0e38;
    hi[l] = inside ? v : -3.0e38;
    barrier();
    for (uint stride = 128u; stride > 0u; stride >>= 1) {
        if (l < stride) {
            lo[l] = min(lo[l], lo[l + stride]);
            hi[l] = max(hi[l], hi[l + stride]);
        }
        barrier();
    }
    if (l == 0u) {
        atomicMin(minOrdered, ordered(lo[0]));
        atomicMax(maxOrdered, ordered(hi[0]));
    }
}
)";

float unordered(int i) {
    const int bits = i >= 0 ? i : (i ^ 0x7FFFFFFF);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

}  // namespace

Renderer::Renderer(gpu::Context& context)
    : generator_(context),
      display_({{GL_VERTEX_SHADER, kVertex}, {GL_FRAGMENT_SHADER, kFragment}}, {"display.glsl"}, "preview display"),
      minMax_(kMinMax, {"minmax.comp"}, "preview min/max"),
      minMaxValues_(2 * sizeof(GLint), nullptr, "preview min/max values"),
      colormap_(256 * sizeof(std::uint32_t), nullptr, "preview colormap") {
    glGenVertexArrays(1, &vertexArray_);
    GLint bits = 0;
    glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits);
    timerQuery_ = bits > 0;
    if (timerQuery_) glGenQueries(1, &query_);
}

Renderer::~Renderer() {
    if (query_) glDeleteQueries(1, &query_);
    glDeleteVertexArrays(1, &vertexArray_);
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

void Renderer::draw(int framebufferWidth, int framebufferHeight, ValueRange range, const Colormap& colormap) {
    glViewport(0, 0, framebufferWidth, framebufferHeight);
    glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    if (texture_.handle() == 0) return;
    glUseProgram(display_.handle());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture_.handle());
    glUniform1i(display_.uniform("u_height"), texture_.grid().height);
    if (colormapName_ != colormap.name || colormap_.handle() == 0) {
        colormap_.upload(sizeof(std::uint32_t) * colormap.entries.size(), colormap.entries.data());
        colormapName_ = colormap.name;
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, colormap_.handle());
    glUniform1f(display_.uniform("u_min"), static_cast<float>(range.min));
    glUniform1f(display_.uniform("u_scale"), static_cast<float>(255.0 / (range.max - range.min)));
    glUniform1i(display_.uniform("u_normals"), texture_.channels() == 4 ? 1 : 0);
    glBindVertexArray(vertexArray_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

}  // namespace glnoise::preview
