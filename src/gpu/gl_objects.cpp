// SPDX-License-Identifier: MIT
#include "glnoise/gl_objects.hpp"

#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"

namespace glnoise::gpu {

namespace {
const char* glErrorName(GLenum e) {
    switch (e) {
        case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
        case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
        case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
        case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
        case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
        case GL_CONTEXT_LOST: return "GL_CONTEXT_LOST";
        default: return "GL error";
    }
}

const char* resetName(GLenum status) {
    switch (status) {
        case GL_GUILTY_CONTEXT_RESET: return "caused by glnoise's own work";
        case GL_INNOCENT_CONTEXT_RESET: return "caused by another program";
        default: return "cause unknown";
    }
}

[[noreturn]] void throwLost(const char* what, GLenum status) {
    throw GpuError(std::string("the OpenGL context was lost while ") + what + " (a GPU reset, " +
                   resetName(status) + "); no result of it was used. Run the command again; if it repeats, "
                   "the GPU driver's log (dmesg) says why");
}
}  // namespace

void checkContext(const char* what) {
    // GL 4.5 core; a 4.3 or 4.4 context cannot report resets, and has no robust contexts.
    if (!GLAD_GL_VERSION_4_5) return;
    const GLenum status = glGetGraphicsResetStatus();
    if (status != GL_NO_ERROR) throwLost(what, status);
}

void checkGl(const char* what) {
    const GLenum e = glGetError();
    if (e == GL_NO_ERROR) return;
    // Clear the other flags; a broken driver that never stops reporting is not waited on.
    for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
    }
    if (e == GL_CONTEXT_LOST) throwLost(what, GL_UNKNOWN_CONTEXT_RESET);
    checkContext(what);
    std::string message = std::string(what) + " failed: " + glErrorName(e);
    if (e == GL_OUT_OF_MEMORY)
        message += " (the GPU, or with a software renderer the host, has not the memory for it; a smaller size "
                   "needs less, and glnoise bake works in tiles of at most 32 MiB whatever its size)";
    throw GpuError(message);
}

Buffer::Buffer(std::size_t bytes, const void* data, std::string_view label) {
    glGenBuffers(1, &id_);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, id_);
    glObjectLabel(GL_BUFFER, id_, static_cast<GLsizei>(label.size()), label.data());
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_DRAW);
    bytes_ = bytes;
    checkGl("allocating a storage buffer");
}

Buffer::~Buffer() {
    if (id_ != 0) glDeleteBuffers(1, &id_);
}

void Buffer::upload(std::size_t bytes, const void* data) {
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, id_);
    if (bytes > bytes_) {
        glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_DRAW);
        bytes_ = bytes;
    } else {
        glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    }
    checkGl("uploading a storage buffer");
}

void Buffer::download(std::size_t bytes, void* data) const {
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, id_);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    checkGl("reading a storage buffer back");
}

Program::Program(const std::string& source, const std::vector<std::string>& files, std::string_view label)
    : Program({{GL_COMPUTE_SHADER, source, files}}, label) {}

Program::Program(const std::vector<Stage>& stages, std::string_view label) {
    auto infoLog = [](GLuint obj, bool isShader) {
        GLint len = 0;
        if (isShader) glGetShaderiv(obj, GL_INFO_LOG_LENGTH, &len);
        else glGetProgramiv(obj, GL_INFO_LOG_LENGTH, &len);
        std::string log(static_cast<std::size_t>(len > 0 ? len : 1), '\0');
        if (isShader) glGetShaderInfoLog(obj, len, nullptr, log.data());
        else glGetProgramInfoLog(obj, len, nullptr, log.data());
        log.resize(std::char_traits<char>::length(log.c_str()));
        while (!log.empty() && (log.back() == '\n' || log.back() == ' ')) log.pop_back();
        return log;
    };
    std::vector<GLuint> shaders;
    auto deleteShaders = [&] {
        for (GLuint shader : shaders) glDeleteShader(shader);
    };
    for (const auto& [type, source, files] : stages) {
        const GLuint shader = glCreateShader(type);
        shaders.push_back(shader);
        const char* text = source.c_str();
        glShaderSource(shader, 1, &text, nullptr);
        glCompileShader(shader);
        GLint ok = GL_FALSE;
        glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            const std::string log = glsl::mapLog(infoLog(shader, true), files);
            deleteShaders();
            throw ShaderError("compiling " + std::string(label) + " failed:\n" + log);
        }
    }
    id_ = glCreateProgram();
    glObjectLabel(GL_PROGRAM, id_, static_cast<GLsizei>(label.size()), label.data());
    for (GLuint shader : shaders) glAttachShader(id_, shader);
    glLinkProgram(id_);
    deleteShaders();
    GLint ok = GL_FALSE;
    glGetProgramiv(id_, GL_LINK_STATUS, &ok);
    if (!ok) {
        const std::string log =
            stages.size() == 1 ? glsl::mapLog(infoLog(id_, false), stages.front().files) : infoLog(id_, false);
        glDeleteProgram(std::exchange(id_, 0));
        throw ShaderError("linking " + std::string(label) + " failed:\n" + log);
    }
}

Program::~Program() {
    if (id_ != 0) glDeleteProgram(id_);
}

int Program::uniform(const char* name) const {
    const GLint loc = glGetUniformLocation(id_, name);
    if (loc < 0) throw GpuError(std::string("the program has no uniform ") + name);
    return loc;
}

int Program::optionalUniform(const char* name) const { return glGetUniformLocation(id_, name); }

Texture::Texture(Texture&& o) noexcept
    : handle_(std::exchange(o.handle_, 0)), grid_(o.grid_), channels_(o.channels_) {}

Texture& Texture::operator=(Texture&& o) noexcept {
    std::swap(handle_, o.handle_);
    std::swap(grid_, o.grid_);
    std::swap(channels_, o.channels_);
    return *this;
}

Texture::~Texture() {
    if (handle_ != 0) glDeleteTextures(1, &handle_);
}

}  // namespace glnoise::gpu
