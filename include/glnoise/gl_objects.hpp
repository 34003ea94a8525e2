// SPDX-License-Identifier: MIT
// glnoise/gl_objects.hpp: move-only RAII wrappers for GL buffers and programs, each
// with a glObjectLabel name so that KHR_debug messages and GPU debuggers say which object
// is meant; the generator's own, for applications that draw beside it in the context of
// a glnoise::gpu::Context (glnoise-preview does). No GL headers: the caller's loader
// makes the GL calls on the handles.
//
//   glnoise::glsl::Source fs = glnoise::glsl::resolveFile("blit.frag");  // with its #includes
//   glnoise::gpu::Program blit({{GL_VERTEX_SHADER, vs, {"blit.vert"}}, {GL_FRAGMENT_SHADER, fs.text, fs.files}},
//                              "my blit");  // ShaderError: file:line
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace glnoise::gpu {

class Buffer {
public:
    Buffer() = default;
    // A shader storage buffer of `bytes` bytes, filled from data when it is not null.
    Buffer(std::size_t bytes, const void* data, std::string_view label);
    Buffer(Buffer&& o) noexcept : id_(std::exchange(o.id_, 0)), bytes_(o.bytes_) {}
    Buffer& operator=(Buffer&& o) noexcept {
        std::swap(id_, o.id_);
        std::swap(bytes_, o.bytes_);
        return *this;
    }
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    ~Buffer();

    // Replaces the contents, growing the store when needed.
    void upload(std::size_t bytes, const void* data);
    void download(std::size_t bytes, void* data) const;
    std::uint32_t handle() const noexcept { return id_; }

private:
    std::uint32_t id_ = 0;
    std::size_t bytes_ = 0;
};

class Program {
public:
    // A shader stage: its GL type (GL_COMPUTE_SHADER, GL_VERTEX_SHADER, ...), its source
    // and the file named by each source-string number of its `#line N S` directives
    // (glsl::Source::files), for mapping the driver's log to file:line.
    struct Stage {
        std::uint32_t type;
        std::string source;
        std::vector<std::string> files;
    };

    Program() = default;
    // Compiles and links one compute shader. `files` names source string numbers for
    // mapping the driver's log to file:line. Throws ShaderError with the mapped log.
    Program(const std::string& source, const std::vector<std::string>& files, std::string_view label);
    // The same for any set of stages, for example a vertex and a fragment shader; a
    // compiler log is mapped with its stage's files, a linker log with those of a single
    // stage (with several, it is left as the driver wrote it).
    Program(const std::vector<Stage>& stages, std::string_view label);
    Program(Program&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
    Program& operator=(Program&& o) noexcept {
        std::swap(id_, o.id_);
        return *this;
    }
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;
    ~Program();

    std::uint32_t handle() const noexcept { return id_; }
    // The uniform's location; throws GpuError when the program has no such uniform.
    int uniform(const char* name) const;
    // The uniform's location, or -1 when the compiler removed it as unused (a variant of
    // a shader that does not need it); glUniform* ignores -1.
    int optionalUniform(const char* name) const;

private:
    std::uint32_t id_ = 0;
};

// Throws GpuError naming `what` when the GL error flag is set; says so plainly when the
// context was lost (a GPU reset) or the GPU is out of memory.
void checkGl(const char* what);
// Throws GpuError naming `what` when the context was lost (glGetGraphicsResetStatus): after
// a reset nothing the GPU returns can be trusted.
void checkContext(const char* what);

}  // namespace glnoise::gpu
