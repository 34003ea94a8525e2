// SPDX-License-Identifier: MIT
// The GPU generator's state: its context and layout, the permutation table and the buffers
// a dispatch fills, the program cache; what Generator and TileStream (tile_stream.cpp) run
// through. Internal.
#pragma once

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

#include "glnoise/colormap.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gl_objects.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"
#include "gpu/program.hpp"
#include "gpu/readback.hpp"

namespace glnoise::gpu {

struct Generator::Impl {
    Context& context;
    ChosenLayout layout;  // Auto and 0x0 resolved
    const GeneratorOptions& options = layout.options;
    GLuint tableTexture = 0;  // a buffer texture over `permutation` (Table::Texture)
    std::map<Variant, Program> programs;
    std::size_t compiled = 0;  // programs made, for programsCompiled()
    Buffer permutation;
    std::optional<std::optional<std::uint64_t>> uploadedSeed;  // which table is on the GPU
    Buffer frames;
    Buffer values;
    Buffer graphParams;  // a graph's parameters (binding 3)
    std::vector<PackBuffer> readBuffers;  // Generator::read's, made on its first use

    Impl(Context& c, const GeneratorOptions& asked)
        : context(c),
          layout(chooseLayout(c.info(), asked)),
          permutation(sizeof(std::int32_t) * 512, nullptr, "glnoise permutation"),
          frames(sizeof(GlnFrame) * kMaxOctaves, nullptr, "glnoise frames"),
          values(4 * sizeof(float) * kEvalBatch, nullptr, "glnoise eval values"),
          graphParams(sizeof(float) * 64, nullptr, "glnoise graph parameters") {
        const GeneratorOptions& o = options;
        auto powerOfTwo = [](int v) { return v >= 1 && v <= 64 && (v & (v - 1)) == 0; };
        if (!powerOfTwo(o.localSizeX) || !powerOfTwo(o.localSizeY) || o.localSizeX * o.localSizeY > 1024)
            throw ValidationError("local size " + std::to_string(o.localSizeX) + "x" + std::to_string(o.localSizeY) +
                                  ": each a power of two from 1 to 64 (so that it divides the anchor spacing), at "
                                  "most 1024 invocations (or 0x0: the shape chosen for this GPU)");
        if (o.uniformReads) {
            GLint count = 0;
            glGetIntegerv(GL_NUM_EXTENSIONS, &count);
            int found = 0;
            for (GLint i = 0; i < count; ++i) {
                const char* name = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
                found += std::strcmp(name, "GL_ARB_shader_group_vote") == 0 || std::strcmp(name, "GL_ARB_shader_ballot") == 0;
            }
            if (found != 2)
                throw ValidationError("uniform reads: the driver lacks GL_ARB_shader_group_vote or GL_ARB_shader_ballot");
        }
        if (o.table == GeneratorOptions::Table::Texture) {
            glGenTextures(1, &tableTexture);
            glBindTexture(GL_TEXTURE_BUFFER, tableTexture);
            glTexBuffer(GL_TEXTURE_BUFFER, GL_R32I, permutation.handle());
            glBindTexture(GL_TEXTURE_BUFFER, 0);
            checkGl("making the permutation buffer texture");
        }
    }
    ~Impl() {
        if (tableTexture) glDeleteTextures(1, &tableTexture);
    }

    const Program& program(const Variant& v) {
        auto it = programs.find(v);
        if (it != programs.end()) return it->second;
        const glsl::Source src = sourceFor(v);
        std::string label = v.entry + " (";
        for (std::size_t i = 0; i < kSamplerDefineCount; ++i)
            label += std::string(i ? ", " : "") + kSamplerDefines[i] + " " + std::to_string(v.sampler[i]);
        label += v.volume ? ", volume)" : ")";
        ++compiled;
        return programs.emplace(v, Program(src.text, src.files, label)).first->second;
    }

    void bindTable(const NoiseSpec& spec) {
        if (!uploadedSeed || *uploadedSeed != spec.seed) {
            const Permutation table = Permutation::forSeed(spec.seed);
            permutation.upload(sizeof(std::int32_t) * 512, table.table().data());
            uploadedSeed = spec.seed;
        }
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, permutation.handle());
        if (options.table == GeneratorOptions::Table::Uniform)
            glBindBufferBase(GL_UNIFORM_BUFFER, 0, permutation.handle());
        if (tableTexture) {
            glActiveTexture(GL_TEXTURE1);
            glBindTexture(GL_TEXTURE_BUFFER, tableTexture);
            glActiveTexture(GL_TEXTURE0);
        }
    }

    Blocks blocks(const Field& field) const { return blocksFor(options, field, context.info().maxUniformBlockSize); }

    void setUniforms(const Program& prog, const Field& field, const Params& u, const Blocks& b) {
        glUseProgram(prog.handle());
        if (field.plan) {
            const std::vector<float> values = paramsFor(field, b);
            graphParams.upload(std::max<std::size_t>(1, values.size()) * sizeof(float), values.empty() ? nullptr : values.data());
            if (b.params > 0)  // the whole block bound: paramsFor fills it
                glBindBufferRange(GL_UNIFORM_BUFFER, 3, graphParams.handle(), 0, static_cast<GLsizeiptr>(values.size() * sizeof(float)));
            else
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, graphParams.handle());
        } else {
            setSamplerUniforms(prog, u);
        }
        glUniform1f(prog.optionalUniform("u_height_scale"), static_cast<float>(field.spec.heightScale));
    }

    void checkLimits(const Grid& grid) const {
        const ContextInfo& info = context.info();
        const int limit = grid.isVolume() ? info.max3dTextureSize : info.maxTextureSize;
        const char* name = grid.isVolume() ? "GL_MAX_3D_TEXTURE_SIZE" : "GL_MAX_TEXTURE_SIZE";
        const int edges[3] = {grid.width, grid.height, grid.isVolume() ? grid.depth : 1};
        const char* names[3] = {"width", "height", "depth"};
        for (int i = 0; i < 3; ++i)
            if (edges[i] > limit)
                throw ValidationError(Violation{"size", toString(grid) + ": " + names[i] + " " + std::to_string(edges[i]) +
                                      " is above " + name + " " + std::to_string(limit) + " of " + info.renderer});
    }

    Texture run(const Field& field, const Grid& grid, const TexelStart& start) {
        grid.validate();
        checkLimits(grid);
        const int channels = field.channels();
        GLuint id = 0;
        glGenTextures(1, &id);
        Texture texture(id, grid, channels);
        const GLenum target = grid.isVolume() ? GL_TEXTURE_3D : GL_TEXTURE_2D;
        const GLenum format = channels == 1 ? GL_R32F : GL_RGBA32F;
        glBindTexture(target, id);
        const std::string label = "glnoise " + toString(grid) + (channels == 1 ? " r32f" : " rgba32f");
        glObjectLabel(GL_TEXTURE, id, static_cast<GLsizei>(label.size()), label.data());
        if (grid.isVolume())
            glTexStorage3D(target, 1, format, grid.width, grid.height, grid.depth);
        else
            glTexStorage2D(target, 1, format, grid.width, grid.height);
        glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        checkGl(("allocating a " + label.substr(8) + " texture").c_str());
        dispatch(field, texture, start);
        return texture;
    }

    std::vector<float> evaluatePoints(const Field& field, const std::vector<std::array<double, 4>>& points);

    void runInto(const Field& field, Texture& target, const TexelStart& start) {
        if (field.channels() != target.channels())
            throw ValidationError(Violation{"output", std::string() + toString(field.spec.output) + ": needs a texture with " +
                                  std::to_string(field.channels()) + " channels; this one has " +
                                  std::to_string(target.channels())});
        dispatch(field, target, start);
    }

    void dispatch(const Field& field, const Texture& target, const TexelStart& start) {
        dispatch(field, target.handle(), target.grid(), target.channels(), start);
    }

    // Into the corner (0, 0, 0) of `texture`, which holds at least `grid`. With the frames in
    // a uniform block, one dispatch per box of anchors whose frames fit one block, each
    // box's frames at their own aligned offset of the frames buffer.
    void dispatch(const Field& field, GLuint texture, const Grid& grid, int channels, const TexelStart& start) {
        validateStart(start, grid);
        const Params u = field.params();
        const Blocks b = blocks(field);
        const Program& prog = program(noiseVariant(options, field, grid.isVolume(), b));
        bindTable(field.spec);
        const cpu::AnchorLayout layout = cpu::anchorLayout(grid, start);
        std::vector<GlnFrame> planned;
        field.anchorFrames(layout, planned);
        setUniforms(prog, field, u, b);
        // A graph whose value reads no frame (constants alone) leaves the anchors' uniforms unused.
        glUniform3i(prog.uniform("u_size"), grid.width, grid.height, grid.depth);
        glUniform3i(prog.optionalUniform("u_start"), layout.startIn[0], layout.startIn[1], layout.startIn[2]);
        glUniform1i(prog.optionalUniform("u_frames_per_anchor"), u.framesPerPoint);
        glBindImageTexture(0, texture, 0, grid.isVolume() ? GL_TRUE : GL_FALSE, 0, GL_WRITE_ONLY,
                           channels == 1 ? GL_R32F : GL_RGBA32F);
        // Texels from the first anchor's origin: the dispatch covers [first, end), first at
        // the workgroup below the grid's first texel.
        const std::array<int, 3> local{options.localSizeX, options.localSizeY, 1};
        std::array<int, 3> first{}, end{}, box = layout.count;
        for (int a = 0; a < 3; ++a) {
            first[a] = layout.startIn[a] - layout.startIn[a] % local[a];
            end[a] = layout.startIn[a] + (a == 0 ? grid.width : a == 1 ? grid.height : grid.depth);
        }
        const int perAnchor = u.framesPerPoint;
        const bool inBlock = b.frames > 0 && perAnchor > 0;
        if (inBlock) {
            const int anchors = b.frames / perAnchor;
            box[0] = std::min(layout.count[0], anchors);
            box[1] = std::min(layout.count[1], anchors / box[0]);
            box[2] = std::min(layout.count[2], anchors / (box[0] * box[1]));
        } else {
            frames.upload(std::max<std::size_t>(1, planned.size()) * sizeof(GlnFrame), planned.empty() ? nullptr : planned.data());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, frames.handle());
        }
        struct Box {
            std::array<int, 3> a0, n;
            std::size_t offset;
        };
        std::vector<Box> boxes;
        std::vector<GlnFrame> packed;
        const std::size_t align = static_cast<std::size_t>(std::max(1, context.info().uniformOffsetAlignment));
        for (int z = 0; z < layout.count[2]; z += box[2])
            for (int y = 0; y < layout.count[1]; y += box[1])
                for (int x = 0; x < layout.count[0]; x += box[0]) {
                    Box bx{{x, y, z},
                           {std::min(box[0], layout.count[0] - x), std::min(box[1], layout.count[1] - y),
                            std::min(box[2], layout.count[2] - z)},
                           0};
                    if (inBlock) {
                        // The box's anchors' frames, x fastest, at an offset the block may start at.
                        const std::size_t at = (packed.size() * sizeof(GlnFrame) + align - 1) / align * align;
                        packed.resize(at / sizeof(GlnFrame) + (at % sizeof(GlnFrame) != 0));
                        bx.offset = packed.size() * sizeof(GlnFrame);
                        for (int k = z; k < z + bx.n[2]; ++k)
                            for (int j = y; j < y + bx.n[1]; ++j)
                                for (int i = x; i < x + bx.n[0]; ++i) {
                                    const std::size_t anchor = (static_cast<std::size_t>(k) * static_cast<std::size_t>(layout.count[1]) +
                                                                static_cast<std::size_t>(j)) * static_cast<std::size_t>(layout.count[0]) +
                                                               static_cast<std::size_t>(i);
                                    const auto from = planned.begin() + static_cast<std::ptrdiff_t>(anchor * static_cast<std::size_t>(perAnchor));
                                    packed.insert(packed.end(), from, from + perAnchor);
                                }
                    }
                    boxes.push_back(bx);
                }
        // Each box binds a whole block (a driver may want the block's declared size bound),
        // the last one's reaching past its frames.
        const std::size_t blockFrames = static_cast<std::size_t>(b.frames);
        if (inBlock) {
            packed.resize(packed.size() + blockFrames);
            frames.upload(packed.size() * sizeof(GlnFrame), packed.data());
        }
        for (const Box& bx : boxes) {
            std::array<int, 3> origin{}, groups{};
            for (int a = 0; a < 3; ++a) {
                origin[a] = std::max(first[a], bx.a0[a] * cpu::kAnchor);
                const int last = std::min(end[a], (bx.a0[a] + bx.n[a]) * cpu::kAnchor);
                groups[a] = (last - origin[a] + local[a] - 1) / local[a];
            }
            if (inBlock)
                glBindBufferRange(GL_UNIFORM_BUFFER, 1, frames.handle(), static_cast<GLintptr>(bx.offset),
                                  static_cast<GLsizeiptr>(blockFrames * sizeof(GlnFrame)));
            glUniform3i(prog.optionalUniform("u_origin"), origin[0], origin[1], origin[2]);
            glUniform3i(prog.optionalUniform("u_box"), bx.a0[0], bx.a0[1], bx.a0[2]);
            glUniform3i(prog.optionalUniform("u_anchors"), bx.n[0], bx.n[1], bx.n[2]);
            glDispatchCompute(static_cast<GLuint>(groups[0]), static_cast<GLuint>(groups[1]), static_cast<GLuint>(groups[2]));
            checkGl("dispatching the noise shader");
        }
    }
};

}  // namespace glnoise::gpu
