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

    void setUniforms(const Program& prog, const Field& field, const Params& u) {
        glUseProgram(prog.handle());
        if (field.plan) {
            const std::vector<float> values = field.plan->paramsAs<float>();
            graphParams.upload(std::max<std::size_t>(1, values.size()) * sizeof(float), values.empty() ? nullptr : values.data());
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

    // Into the corner (0, 0, 0) of `texture`, which holds at least `grid`.
    void dispatch(const Field& field, GLuint texture, const Grid& grid, int channels, const TexelStart& start) {
        validateStart(start, grid);
        const Params u = field.params();
        const Program& prog = program(noiseVariant(options, field, grid.isVolume()));
        bindTable(field.spec);
        const cpu::AnchorLayout layout = cpu::anchorLayout(grid, start);
        std::vector<GlnFrame> planned;
        field.anchorFrames(layout, planned);
        frames.upload(planned.size() * sizeof(GlnFrame), planned.data());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, frames.handle());
        setUniforms(prog, field, u);
        // A graph whose value reads no frame (constants alone) leaves the anchors' uniforms unused.
        glUniform3i(prog.uniform("u_size"), grid.width, grid.height, grid.depth);
        glUniform3i(prog.optionalUniform("u_start"), layout.startIn[0], layout.startIn[1], layout.startIn[2]);
        glUniform3i(prog.optionalUniform("u_anchors"), layout.count[0], layout.count[1], layout.count[2]);
        glUniform1i(prog.optionalUniform("u_frames_per_anchor"), u.framesPerPoint);
        glBindImageTexture(0, texture, 0, grid.isVolume() ? GL_TRUE : GL_FALSE, 0, GL_WRITE_ONLY,
                           channels == 1 ? GL_R32F : GL_RGBA32F);
        const int lx = options.localSizeX, ly = options.localSizeY;
        const int width = layout.startIn[0] % lx + grid.width, height = layout.startIn[1] % ly + grid.height;
        glDispatchCompute(static_cast<GLuint>((width + lx - 1) / lx), static_cast<GLuint>((height + ly - 1) / ly),
                          static_cast<GLuint>(grid.depth));
        checkGl("dispatching the noise shader");
    }
};

}  // namespace glnoise::gpu
