// SPDX-License-Identifier: MIT
// Reading the GPU's results back: the buffers the GPU copies into and the host reads, and
// the copy out of them into the caller's rows (Generator::read and TileStream).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "glnoise/error.hpp"
#include "glnoise/gl_objects.hpp"
#include "gpu/gl.hpp"

namespace glnoise::gpu {

// A pixel buffer object in host memory that the GPU copies into and the host reads. With
// GL 4.4's immutable storage it is asked for in host memory (GL_CLIENT_STORAGE_BIT: the
// GPU writes it by DMA, the host reads cached memory) and mapped once for its life
// (GL_MAP_PERSISTENT_BIT), so that reading it costs neither a map nor a pin per read.
// Before 4.4 it is mapped and unmapped around each read.
class PackBuffer {
public:
    PackBuffer() = default;
    PackBuffer(std::size_t bytes, const std::string& label) : bytes_(bytes) {
        glGenBuffers(1, &id_);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);
        glObjectLabel(GL_BUFFER, id_, static_cast<GLsizei>(label.size()), label.data());
        if (GLAD_GL_VERSION_4_4) {
            const GLbitfield access = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT;
            glBufferStorage(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, access | GL_CLIENT_STORAGE_BIT);
            mapped_ = static_cast<const std::uint8_t*>(
                glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes), access));
            if (!mapped_) {
                glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
                checkGl(("mapping the " + label).c_str());
                throw GpuError("mapping the " + label + " failed");
            }
        } else {
            glBufferData(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ);
        }
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        checkGl(("allocating the " + label).c_str());
    }
    PackBuffer(PackBuffer&& o) noexcept
        : id_(std::exchange(o.id_, 0)), bytes_(o.bytes_), mapped_(std::exchange(o.mapped_, nullptr)),
          fence_(std::exchange(o.fence_, nullptr)) {}
    PackBuffer& operator=(PackBuffer&& o) noexcept {
        std::swap(id_, o.id_);
        std::swap(bytes_, o.bytes_);
        std::swap(mapped_, o.mapped_);
        std::swap(fence_, o.fence_);
        return *this;
    }
    PackBuffer(const PackBuffer&) = delete;
    PackBuffer& operator=(const PackBuffer&) = delete;
    ~PackBuffer() {
        if (fence_) glDeleteSync(fence_);
        if (id_) {
            if (mapped_) {
                glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);
                glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
                glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            }
            glDeleteBuffers(1, &id_);
        }
    }

    std::size_t bytes() const noexcept { return bytes_; }
    GLuint handle() const noexcept { return id_; }

    // After the copy into it is queued: a fence that says when it has landed. A persistent
    // mapping that is not coherent sees the GPU's writes after this barrier and the fence.
    void fence() {
        if (mapped_) glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT);
        if (fence_) glDeleteSync(fence_);  // a read that threw never waited on it
        fence_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        glFlush();  // start the work now, while the host takes what came before
    }

    // Waits for the fence and returns the first `bytes` of the buffer, until release().
    const std::uint8_t* acquire(std::size_t bytes, const char* what) {
        while (fence_) {
            const GLenum r = glClientWaitSync(fence_, GL_SYNC_FLUSH_COMMANDS_BIT, 1000000000ull);
            // A lost context signals its fences; what they guarded is garbage.
            checkContext(what);
            if (r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED) {
                glDeleteSync(fence_);
                fence_ = nullptr;
            } else if (r == GL_WAIT_FAILED) {
                checkGl(what);
                throw GpuError(std::string(what) + ": waiting for the GPU failed");
            }
        }
        if (mapped_) return mapped_;
        glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);
        const void* p = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
        if (!p) {
            checkGl(what);
            throw GpuError(std::string(what) + ": mapping the pixel buffer failed");
        }
        return static_cast<const std::uint8_t*>(p);
    }
    void release() {
        if (mapped_) return;
        glBindBuffer(GL_PIXEL_PACK_BUFFER, id_);
        glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
        glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    }

private:
    GLuint id_ = 0;
    std::size_t bytes_ = 0;
    const std::uint8_t* mapped_ = nullptr;
    GLsync fence_ = nullptr;
};

// Copies `rows` rows of `rowBytes` from src (packed) to dst (dstStride apart). A large copy
// is split over threads: one core's memcpy moves a fraction of what the bus delivers.
void copyRows(std::uint8_t* dst, std::size_t dstStride, const std::uint8_t* src, std::size_t rowBytes, int rows);

// Read-back buffers in flight at once: while the host copies out of one, the GPU fills
// the others.
constexpr int kInFlight = 3;
// Generator::read copies a texture in bands of at most this many bytes.
constexpr std::size_t kReadBand = std::size_t{32} << 20;

}  // namespace glnoise::gpu
