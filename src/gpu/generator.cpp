#include <cstring>
#include <map>
#include <optional>
#include <tuple>

#include "core/reference.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"
#include "gpu/gl.hpp"
#include "gpu/gl_objects.hpp"
#include "glsl/embedded.hpp"
#include "glsl/resolver.hpp"

namespace glnoise::gpu {

namespace {

constexpr int kLocal2d = 8;          // noise.comp's local_size_x and _y
constexpr int kLocalEval = 64;       // eval.comp's local_size_x
constexpr std::size_t kEvalBatch = 1 << 16;  // points per eval dispatch

// The program variants: what changes the shader text, and so the cache key.
struct Variant {
    std::string entry;
    int dims;
    bool volume;
    bool operator<(const Variant& o) const {
        return std::tie(entry, dims, volume) < std::tie(o.entry, o.dims, o.volume);
    }
};

}  // namespace

struct Generator::Impl {
    Context& context;
    std::map<Variant, Program> programs;
    Buffer permutation;
    std::optional<std::optional<std::uint64_t>> uploadedSeed;  // which table is on the GPU
    Buffer octaves;
    Buffer values;

    explicit Impl(Context& c)
        : context(c),
          permutation(sizeof(std::int32_t) * 512, nullptr, "glnoise permutation"),
          octaves(sizeof(cpu::OctaveFrame) * kMaxOctaves, nullptr, "glnoise octaves"),
          values(sizeof(float) * kEvalBatch, nullptr, "glnoise eval values") {}

    const Program& program(const Variant& v) {
        auto it = programs.find(v);
        if (it != programs.end()) return it->second;
        const std::string defines = "#define GLN_DIMS " + std::to_string(v.dims) +
                                    "\n#define GLN_VOLUME " + (v.volume ? "1" : "0") + "\n";
        glsl::IncludeOptions options;
        options.defines = defines;
        const glsl::Source src = glsl::resolveInMemory(glsl::embeddedShaders(), v.entry, options);
        const std::string label = v.entry + " (dims " + std::to_string(v.dims) + (v.volume ? ", volume)" : ")");
        return programs.emplace(v, Program(src.text, src.files, label)).first->second;
    }

    void bindTable(const NoiseSpec& spec) {
        if (!uploadedSeed || *uploadedSeed != spec.seed) {
            const Permutation table = Permutation::forSeed(spec.seed);
            permutation.upload(sizeof(std::int32_t) * 512, table.table().data());
            uploadedSeed = spec.seed;
        }
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, permutation.handle());
    }

    void setOctaveUniforms(const Program& prog, const cpu::OctaveSet& set) {
        glUseProgram(prog.handle());
        glUniform1i(prog.uniform("u_octave_count"), static_cast<GLint>(set.amplitude.size()));
        glUniform1fv(prog.uniform("u_amplitude"), static_cast<GLsizei>(set.amplitude.size()), set.amplitude.data());
        glUniform1f(prog.uniform("u_divisor"), set.divisor);
    }

    void checkLimits(const Grid& grid) const {
        const ContextInfo& info = context.info();
        const int limit = grid.isVolume() ? info.max3dTextureSize : info.maxTextureSize;
        const char* name = grid.isVolume() ? "GL_MAX_3D_TEXTURE_SIZE" : "GL_MAX_TEXTURE_SIZE";
        const int edges[3] = {grid.width, grid.height, grid.isVolume() ? grid.depth : 1};
        const char* names[3] = {"width", "height", "depth"};
        for (int i = 0; i < 3; ++i)
            if (edges[i] > limit)
                throw ValidationError("size " + toString(grid) + ": " + names[i] + " " + std::to_string(edges[i]) +
                                      " is above " + name + " " + std::to_string(limit) + " of " + info.renderer);
    }

    void dispatch(const NoiseSpec& spec, const Texture& target) {
        const Grid& grid = target.grid();
        const Program& prog = program({"noise.comp", spec.dims, grid.isVolume()});
        bindTable(spec);
        const cpu::OctaveSet set = cpu::octaveSet(spec);
        const std::vector<cpu::OctaveFrame> frames = cpu::octaveFrames(set, cpu::gridOrigin(spec));
        octaves.upload(frames.size() * sizeof(cpu::OctaveFrame), frames.data());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, octaves.handle());
        setOctaveUniforms(prog, set);
        glUniform3i(prog.uniform("u_size"), grid.width, grid.height, grid.depth);
        glBindImageTexture(0, target.handle(), 0, grid.isVolume() ? GL_TRUE : GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
        glDispatchCompute(static_cast<GLuint>((grid.width + kLocal2d - 1) / kLocal2d),
                          static_cast<GLuint>((grid.height + kLocal2d - 1) / kLocal2d),
                          static_cast<GLuint>(grid.depth));
        checkGl("dispatching the noise shader");
    }
};

Generator::Generator(Context& context) : impl_(std::make_unique<Impl>(context)) {}
Generator::~Generator() = default;

Texture Generator::run(const NoiseSpec& spec, const Grid& grid) {
    spec.validate();
    grid.validate();
    impl_->checkLimits(grid);
    GLuint id = 0;
    glGenTextures(1, &id);
    Texture texture(id, grid);
    const GLenum target = grid.isVolume() ? GL_TEXTURE_3D : GL_TEXTURE_2D;
    glBindTexture(target, id);
    const std::string label = "glnoise " + toString(grid);
    glObjectLabel(GL_TEXTURE, id, static_cast<GLsizei>(label.size()), label.data());
    if (grid.isVolume())
        glTexStorage3D(target, 1, GL_R32F, grid.width, grid.height, grid.depth);
    else
        glTexStorage2D(target, 1, GL_R32F, grid.width, grid.height);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    checkGl(("allocating a " + toString(grid) + " r32f texture").c_str());
    impl_->dispatch(spec, texture);
    return texture;
}

void Generator::run(const NoiseSpec& spec, Texture& target) {
    spec.validate();
    impl_->dispatch(spec, target);
}

Image Generator::read(const Texture& texture) {
    const Grid& grid = texture.grid();
    Image image(grid.width, grid.height, grid.depth);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    const GLenum target = grid.isVolume() ? GL_TEXTURE_3D : GL_TEXTURE_2D;
    glBindTexture(target, texture.handle());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glGetTexImage(target, 0, GL_RED, GL_FLOAT, image.data.data());
    checkGl("reading the noise texture back");
    return image;
}

std::vector<float> Generator::evaluatePoints(const NoiseSpec& spec,
                                             const std::vector<std::array<double, 3>>& points) {
    spec.validate();
    const Program& prog = impl_->program({"eval.comp", spec.dims, false});
    impl_->bindTable(spec);
    const cpu::OctaveSet set = cpu::octaveSet(spec);
    impl_->setOctaveUniforms(prog, set);
    std::vector<float> out(points.size());
    std::vector<cpu::OctaveFrame> frames;
    for (std::size_t first = 0; first < points.size(); first += kEvalBatch) {
        const std::size_t count = std::min(kEvalBatch, points.size() - first);
        frames.clear();
        for (std::size_t n = first; n < first + count; ++n)
            cpu::appendOctaveFrames(set, cpu::pointOrigin(spec, points[n]), frames);
        impl_->octaves.upload(frames.size() * sizeof(cpu::OctaveFrame), frames.data());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, impl_->octaves.handle());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, impl_->values.handle());
        glUniform1i(prog.uniform("u_count"), static_cast<GLint>(count));
        glDispatchCompute(static_cast<GLuint>((count + kLocalEval - 1) / kLocalEval), 1, 1);
        checkGl("dispatching the eval shader");
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        impl_->values.download(count * sizeof(float), out.data() + first);
    }
    return out;
}

void Generator::finish() { glFinish(); }

}  // namespace glnoise::gpu
