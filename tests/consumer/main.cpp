// SPDX-License-Identifier: MIT
// Runs two compute shaders of this project that include glnoise's GLSL, and checks
// them against glnoise's CPU reference.
#define GL_GLEXT_PROTOTYPES
#include <GL/glcorearb.h>

#include <glnoise/glnoise.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

GLuint buffer(GLenum target, GLuint binding, const void* data, GLsizeiptr bytes) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBufferBase(target, binding, b);
    glBufferData(target, bytes, data, GL_STATIC_DRAW);
    return b;
}

GLuint compile(const char* file) {
    glnoise::glsl::IncludeOptions options;
    options.dirs = {GLNOISE_GLSL_DIR};  // the installed library
    options.library = false;            // and not the copy built into libglnoise
    const glnoise::glsl::Source src = glnoise::glsl::resolveFile(std::string(SHADER_DIR) + "/" + file, options);
    const char* text = src.text.c_str();
    GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[4096];
        glGetShaderInfoLog(shader, sizeof log, nullptr, log);
        throw glnoise::ShaderError(glnoise::glsl::mapLog(log, src.files));  // names file:line
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, shader);
    glLinkProgram(program);
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) throw glnoise::ShaderError(std::string("linking ") + file + " failed");
    return program;
}

int main() try {
    // Any current GL 4.3 context will do: your window's, or glnoise's headless one.
    glnoise::gpu::Context context;

    const glnoise::Permutation table = glnoise::Permutation::seeded(2024);
    const int n = 1 << 14;
    std::vector<float> points(4 * n);
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> coordinate(-100.0f, 100.0f);
    for (float& v : points) v = coordinate(rng);

    buffer(GL_SHADER_STORAGE_BUFFER, 0, points.data(), sizeof(float) * points.size());
    GLuint heights = buffer(GL_SHADER_STORAGE_BUFFER, 1, nullptr, sizeof(float) * n);
    buffer(GL_SHADER_STORAGE_BUFFER, 3, table.table().data(), sizeof(int) * 512);
    buffer(GL_UNIFORM_BUFFER, 2, table.table().data(), sizeof(int) * 512);

    int failures = 0;
    for (const char* file : {"fbm_buffer.comp", "fbm_uniform.comp"}) {
        glUseProgram(compile(file));
        glDispatchCompute(n / 64, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        std::vector<float> gpu(n);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, heights);
        glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(float) * n, gpu.data());

        double worst = 0.0;
        for (int i = 0; i < n; ++i) {
            const float* p = &points[4 * i];
            const float cpu = glnoise::cpu::fbm3(table, p[0], p[1], p[2], 6, 2.0f, 0.5f);
            worst = std::fmax(worst, std::fabs(gpu[i] - cpu));
        }
        std::printf("%s: %d points, max |gpu - cpu| = %.3g\n", file, n, worst);
        failures += worst <= 1e-5 ? 0 : 1;
    }
    return failures == 0 ? 0 : 1;
} catch (const std::exception& e) {
    std::fprintf(stderr, "terrain: %s\n", e.what());
    return 1;
}
