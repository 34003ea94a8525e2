// SPDX-License-Identifier: MIT
// glnoise/gpu.hpp: a headless OpenGL context and the compute-shader generator.
//
//   glnoise::gpu::Context ctx;                        // EGL: device, surfaceless, default
//   glnoise::gpu::Generator gen(ctx);
//   glnoise::gpu::Texture tex = gen.run(spec, grid);  // r32f texture, stays on the GPU
//   glnoise::Image img = gen.read(tex);               // or read it back
//
// The context is made current on the creating thread; use it and everything made from it
// on that thread only. Public types expose GL names as uint32_t, never GL headers.
// Nothing here falls back to the CPU: when no context can be made, Context throws a
// GpuError that says what was tried and what to install.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "glnoise/graph.hpp"
#include "glnoise/image.hpp"
#include "glnoise/spec.hpp"

namespace glnoise {
struct Colormap;
}

namespace glnoise::gpu {

struct ContextInfo {
    std::string platform;      // "device", "surfaceless", "default" or "current" (adopted)
    std::string device;        // the EGL device's DRM node or name, when known
    std::string eglVersion;
    std::string vendor;        // GL_VENDOR
    std::string renderer;      // GL_RENDERER
    std::string version;       // GL_VERSION
    std::string glslVersion;   // GL_SHADING_LANGUAGE_VERSION
    int maxTextureSize = 0;    // GL_MAX_TEXTURE_SIZE
    int max3dTextureSize = 0;  // GL_MAX_3D_TEXTURE_SIZE
    std::array<int, 3> maxWorkGroupCount{};
    std::array<int, 3> maxWorkGroupSize{};
    int maxWorkGroupInvocations = 0;
    int maxSharedMemory = 0;
    std::int64_t maxStorageBlockSize = 0;
    std::int64_t maxUniformBlockSize = 0;  // GL_MAX_UNIFORM_BLOCK_SIZE
    int uniformOffsetAlignment = 0;        // GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT
    bool reportsResets = false;  // a robust context: a GPU reset is an error, not garbage
    // The renderer is a software rasterizer (isSoftwareRenderer): the CPU runs the shaders,
    // and glnoise's SIMD CPU backend outruns it (docs/performance.md).
    bool software = false;
};

// True for a GL_RENDERER of a software rasterizer: Mesa's llvmpipe, softpipe and swrast
// ("Software Rasterizer"), zink over lavapipe (which names llvmpipe) and D3D12 over WARP
// ("Microsoft Basic Render Driver"). A command's default backend (`auto`) passes over them
// for the SIMD CPU backend.
bool isSoftwareRenderer(const std::string& renderer);

struct ContextOptions {
    bool debug = false;  // a debug context with KHR_debug messages printed to stderr
    // "", "device", "surfaceless" or "default": try only that EGL platform. Empty reads
    // GLNOISE_EGL_PLATFORM, and when that is unset tries all three in that order.
    std::string platform;
};

class Context {
public:
    // Makes a headless context (EGL) and makes it current on this thread.
    explicit Context(const ContextOptions& options = {});

    using ProcAddress = void (*)();
    using GetProcAddress = ProcAddress (*)(const char* name);
    // Uses the OpenGL 4.3+ core context current on this thread instead, your window's
    // (GLFW: adoptCurrent(glfwGetProcAddress)). Nothing is created or destroyed: that
    // context must stay alive and current while glnoise objects made from it are used.
    // options.platform is ignored; options.debug installs the KHR_debug callback.
    static Context adoptCurrent(GetProcAddress getProcAddress, const ContextOptions& options = {});

    ~Context();
    Context(Context&&) noexcept;
    Context& operator=(Context&&) noexcept;
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;

    const ContextInfo& info() const noexcept;

private:
    struct Impl;
    explicit Context(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

// A move-only GL texture (2D or 3D) owned by the caller: r32f with 1 channel (the value),
// rgba32f with 4 (value and gradient, or normal and value; see Output in spec.hpp).
class Texture {
public:
    Texture() = default;
    Texture(std::uint32_t handle, Grid grid, int channels = 1) noexcept
        : handle_(handle), grid_(grid), channels_(channels) {}
    Texture(Texture&& o) noexcept;
    Texture& operator=(Texture&& o) noexcept;
    Texture(const Texture&) = delete;
    Texture& operator=(const Texture&) = delete;
    ~Texture();

    std::uint32_t handle() const noexcept { return handle_; }
    const Grid& grid() const noexcept { return grid_; }
    int channels() const noexcept { return channels_; }

private:
    std::uint32_t handle_ = 0;
    Grid grid_;
    int channels_ = 1;
};

// How noise.comp is laid out on the device. Every combination computes the same texels;
// the defaults (0x0 and Table::Auto) are what glnoise measured fastest on the GPU it runs
// on (chooseLayout, docs/performance.md).
struct GeneratorOptions {
    // The workgroup shape, each a power of two from 1 to 64 (so that it divides the anchor
    // spacing), at most 1024 invocations; 0 and 0: the shape chosen for this GPU.
    int localSizeX = 0;
    int localSizeY = 0;
    // Where the shader reads the permutation table:
    //   Auto      the form chosen for this GPU (the environment variable GLNOISE_GPU_TABLE,
    //             when set, names the form instead)
    //   Buffer    a storage buffer
    //   Shared    a copy in each workgroup's shared memory
    //   Texture   a buffer texture over the storage buffer (through the texture units)
    //   Uniform   a uniform block of 128 ivec4 (through the constant caches)
    // (A constant array in the shader's text is no form here: NVIDIA's driver failed to
    // link it in some of glnoise's shaders, and where it linked it was the slowest form.)
    enum class Table { Auto, Buffer, Shared, Texture, Uniform } table = Table::Auto;
    // Where every invocation of a subgroup reads the same table entry (texels in one
    // lattice cell), read it once, at an index the compiler knows is uniform
    // (GL_ARB_shader_group_vote and GL_ARB_shader_ballot; ValidationError without them).
    bool uniformReads = false;
    // Where the shader reads the frames (each octave's lattice cell, fraction and scale at
    // each anchor, which every invocation of a workgroup shares) and a graph's parameters:
    //   Auto    the form chosen for this GPU
    //   Buffer  storage buffers
    //   Block   uniform blocks (through the constant caches); a dispatch is cut into as
    //           many as its anchors' frames need. Frames of one anchor, or parameters,
    //           that outgrow a block (GL_MAX_UNIFORM_BLOCK_SIZE) are read from a storage
    //           buffer, and so is every frame of eval's points, which differ per invocation.
    // Every form computes the same texels.
    enum class Frames { Auto, Buffer, Block } frames = Frames::Auto;
};

// "auto", "buffer", "shared", "texture", "uniform".
const char* toString(GeneratorOptions::Table table);
// "auto", "buffer", "block".
const char* toString(GeneratorOptions::Frames frames);

// The layout a Generator made with `asked` uses on the GPU that `info` describes: Auto and
// 0x0 replaced by what glnoise measured fastest there (by GL_VENDOR and GL_RENDERER), or by
// GLNOISE_GPU_TABLE; `reason` says which. A bad GLNOISE_GPU_TABLE is a ValidationError
// naming it and the allowed forms.
struct ChosenLayout {
    GeneratorOptions options;
    std::string reason;
};
ChosenLayout chooseLayout(const ContextInfo& info, const GeneratorOptions& asked = {});

class Generator {
public:
    explicit Generator(Context& context, const GeneratorOptions& options = {});
    ~Generator();
    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;

    // The context it runs on (its renderer names the GPU in a bake's record).
    const Context& context() const noexcept;

    // Validates spec and grid (including the driver's texture limits: ValidationError),
    // dispatches the compute shader and returns the texture. Does not wait for the GPU.
    Texture run(const NoiseSpec& spec, const Grid& grid);
    // The grid whose texel (0,0,0) is world texel `start`: a tile of the world (spec.hpp).
    Texture run(const NoiseSpec& spec, const Grid& grid, const TexelStart& start);
    // Dispatches into an existing texture of the same grid and channels (no reallocation).
    void run(const NoiseSpec& spec, Texture& target);
    void run(const NoiseSpec& spec, Texture& target, const TexelStart& start);
    // A noise graph (glnoise/graph.hpp), compiled into one compute shader of its own (cached
    // by the graph's structure: new parameter values compile nothing); a graph that is a
    // spec (specOf) runs as that spec. ValidationError for a bad graph.
    Texture run(const Graph& graph, const Grid& grid, const TexelStart& start = {});
    void run(const Graph& graph, Texture& target, const TexelStart& start = {});
    // Waits for the GPU and reads the texture back: copied by the GPU into host memory in
    // bands, several in flight, and out of it on several threads.
    Image read(const Texture& texture);
    // The same into `image`, whose storage is reused when it already holds as many values
    // (a new Image's pages cost more than the copy: on an NVIDIA H200, reading 8192^2
    // floats into a new Image took 150 ms, into a used one 10).
    void read(const Texture& texture, Image& image);
    Image generate(const NoiseSpec& spec, const Grid& grid) { return read(run(spec, grid)); }
    Image generate(const NoiseSpec& spec, const Grid& grid, const TexelStart& start) {
        return read(run(spec, grid, start));
    }
    Image generate(const Graph& graph, const Grid& grid, const TexelStart& start = {}) {
        return read(run(graph, grid, start));
    }
    // What `glnoise eval --backend gpu` prints: cpu::outputChannels(spec) values per point
    // (sample space: x, y, z, w; components beyond dims ignored).
    std::vector<float> evaluatePoints(const NoiseSpec& spec, const std::vector<std::array<double, 4>>& points);
    std::vector<float> evaluatePoints(const Graph& graph, const std::vector<std::array<double, 4>>& points);
    // Blocks until every command so far has finished (glFinish).
    void finish();
    // The layout in use, Auto and 0x0 resolved (chooseLayout), and why it was chosen.
    const ChosenLayout& layout() const noexcept;
    // How many compute programs this generator has compiled: one per spec family and
    // dimensions, or per graph structure; new numbers of either compile none.
    std::size_t programsCompiled() const noexcept;

private:
    friend class TileStream;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Tiles of a world computed on the GPU and read back asynchronously: each tile's values are
// copied by the GPU into a buffer in host memory that stays mapped for the stream's life,
// so that while the host takes one tile, the GPU computes and copies the next ones.
//
//   gpu::TileStream stream(gen, spec, 4096, 256);
//   stream.submit({4096, 256, 1}, {0, 0, 0});
//   stream.submit({4096, 256, 1}, {4096, 0, 0});   // at most capacity() in flight
//   stream.take(band.data(), rowBytes);            // waits for the first one
class TileStream {
public:
    // Tiles of at most maxWidth x maxHeight texels. Without a colormap a tile comes back as
    // float32, cpu::outputChannels(spec) channels per texel; with one (Output::Value only)
    // as RGBA8 through it, mapped from `range` (colormap.hpp).
    TileStream(Generator& generator, const NoiseSpec& spec, int maxWidth, int maxHeight,
               const Colormap* colormap = nullptr, ValueRange range = {});
    // The tiles of a graph (Generator::run of a graph).
    TileStream(Generator& generator, const Graph& graph, int maxWidth, int maxHeight,
               const Colormap* colormap = nullptr, ValueRange range = {});
    ~TileStream();
    TileStream(const TileStream&) = delete;
    TileStream& operator=(const TileStream&) = delete;

    // Queues the 2D tile `grid` whose texel (0,0) is world texel `start`; returns without
    // waiting. At most capacity() tiles are queued: take() one before submitting more.
    void submit(const Grid& grid, const TexelStart& start);
    // Waits for the oldest queued tile and copies its rows into `destination`, rowBytes
    // apart (on several threads when the tile is large).
    void take(void* destination, std::size_t rowBytes);
    int queued() const noexcept;
    // How many tiles may be queued at once.
    int capacity() const noexcept;
    // Bytes per texel of what take() copies: 4 x channels, or 4 (RGBA8) with a colormap.
    std::size_t texelBytes() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    template <class F>
    TileStream(Generator& generator, F field, int maxWidth, int maxHeight, const Colormap* colormap, ValueRange range);
};

}  // namespace glnoise::gpu
