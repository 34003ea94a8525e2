// SPDX-License-Identifier: MIT
// The preview's GPU side: a noise texture the generator writes into, drawn to the window
// through a colormap, and the min/max of what is visible, all without reading the image
// back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "glnoise/colormap.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/spec.hpp"
#include "glnoise/gl_objects.hpp"

namespace glnoise::preview {


struct Regeneration {
    double milliseconds = 0.0;
    bool timerQuery = false;  // GL_TIME_ELAPSED; false: wall clock, dispatch to glFinish
    float min = 0.0f, max = 0.0f;
};

class Renderer {
public:
    explicit Renderer(gpu::Context& context);
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    // Generates spec into a texture of the given size (reallocated when it or the channel
    // count changes). A Gradient spec should be shown as its Value; a Normal one is drawn
    // as an RGB normal map (min and max are then NaN).
    Regeneration regenerate(const NoiseSpec& spec, int width, int height);
    // Draws the texture 1:1 to the current framebuffer, texel (0, 0) at the top left,
    // values mapped through the colormap from `range`, as `glnoise bake --colormap` maps them.
    void draw(int framebufferWidth, int framebufferHeight, ValueRange range, const Colormap& colormap);
    gpu::Generator& generator() { return generator_; }

private:
    gpu::Generator generator_;
    gpu::Texture texture_;
    gpu::Program display_, minMax_;
    gpu::Buffer minMaxValues_, colormap_;
    std::string colormapName_;
    std::uint32_t vertexArray_ = 0, query_ = 0;
    bool timerQuery_ = false;
};

}  // namespace glnoise::preview
