// SPDX-License-Identifier: MIT
// The generator's layout: the form of the permutation table in the shader and the
// workgroup shape, as asked for, as GLNOISE_GPU_TABLE says, or as measured fastest.
#include <cstdlib>
#include <string>

#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"

namespace glnoise::gpu {

const char* toString(GeneratorOptions::Table table) {
    switch (table) {
        case GeneratorOptions::Table::Auto: return "auto";
        case GeneratorOptions::Table::Buffer: return "buffer";
        case GeneratorOptions::Table::Shared: return "shared";
        case GeneratorOptions::Table::Texture: return "texture";
        case GeneratorOptions::Table::Uniform: return "uniform";
    }
    return "?";
}

const char* toString(GeneratorOptions::Frames frames) {
    switch (frames) {
        case GeneratorOptions::Frames::Auto: return "auto";
        case GeneratorOptions::Frames::Buffer: return "buffer";
        case GeneratorOptions::Frames::Block: return "block";
    }
    return "?";
}

namespace {

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

// What glnoise measured fastest, by driver (docs/performance.md, "Table forms and
// workgroups"): on an NVIDIA H200, shared memory in 16x16 workgroups had the best
// geometric mean over Perlin noise in 2D to 4D, 1 and 8 octaves and three frequencies
// (0.90 of each column's best; a buffer texture in 8x8, the earlier default, 0.82), and
// unlike the texture form it keeps its rate where neighbouring texels read different
// entries (fBm's fine octaves), with the frames in a storage buffer. On llvmpipe, which
// loads a storage buffer's entry with a check per load, uniform blocks for the table, the
// frames and a graph's parameters ran 3D Perlin at 1.3 to 2.2 times and 8-octave fBm at
// 1.6 times the buffer texture and storage frames (docs/performance.md). Elsewhere: the
// buffer texture in 8x8 and storage frames, glnoise's default before any GPU was measured.
struct Measured {
    GeneratorOptions::Table table;
    GeneratorOptions::Frames frames;
    int localX, localY;
    const char* where;
};

Measured measuredFor(const ContextInfo& info) {
    using T = GeneratorOptions::Table;
    using F = GeneratorOptions::Frames;
    if (contains(info.vendor, "NVIDIA")) return {T::Shared, F::Buffer, 16, 16, "NVIDIA"};
    if (contains(info.renderer, "llvmpipe")) return {T::Uniform, F::Block, 8, 8, "llvmpipe"};
    return {T::Texture, F::Buffer, 8, 8, ""};
}

}  // namespace

ChosenLayout chooseLayout(const ContextInfo& info, const GeneratorOptions& asked) {
    using T = GeneratorOptions::Table;
    ChosenLayout chosen{asked, ""};
    const Measured m = measuredFor(info);
    if (asked.localSizeX == 0 && asked.localSizeY == 0) {
        chosen.options.localSizeX = m.localX;
        chosen.options.localSizeY = m.localY;
    }
    if (asked.frames == GeneratorOptions::Frames::Auto) chosen.options.frames = m.frames;
    if (asked.table != T::Auto) {
        chosen.reason = "asked for";
        return chosen;
    }
    if (const char* env = std::getenv("GLNOISE_GPU_TABLE"); env && *env) {
        const std::string name = env;
        for (T t : {T::Auto, T::Buffer, T::Shared, T::Texture, T::Uniform})
            if (name == toString(t)) {
                chosen.options.table = t == T::Auto ? m.table : t;
                chosen.reason = t == T::Auto ? "" : "GLNOISE_GPU_TABLE";
            }
        if (chosen.options.table == T::Auto)
            throw ValidationError("GLNOISE_GPU_TABLE=" + name +
                                  ": allowed: auto, buffer, shared, texture, uniform (or unset)");
        if (!chosen.reason.empty()) return chosen;
    }
    chosen.options.table = m.table;
    chosen.reason = *m.where ? std::string("measured fastest on ") + m.where : "the default (not measured on this GPU)";
    return chosen;
}

}  // namespace glnoise::gpu
