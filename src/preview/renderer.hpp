// SPDX-License-Identifier: MIT
// The preview's GPU side: a noise texture the generator writes into, drawn to the window
// through a colormap, and the min/max of what is visible, all without reading the image
// back.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "glnoise/colormap.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/spec.hpp"
#include "glnoise/gl_objects.hpp"

namespace glnoise::preview {


// A rectangle of the framebuffer in pixels, (x, y) its bottom-left corner as GL counts.
struct Viewport {
    int x = 0, y = 0, width = 0, height = 0;
};

// The visible values in 256 bins over [lo, hi), and how many the display's range clips.
struct Histogram {
    double lo = 0.0, hi = 1.0;
    std::vector<std::uint32_t> bins = std::vector<std::uint32_t>(256, 0u);
    std::uint64_t below = 0, above = 0, nans = 0, total = 0;
};

// The 3D view's orbit camera around the mesh's centre: angles in radians, distance in
// mesh widths.
struct Camera {
    float yaw = 0.7f, pitch = 0.6f, distance = 1.7f;
};

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
    // as an RGB normal map (min and max are then NaN). A volume grid (the slices view)
    // gives a 3D texture.
    Regeneration regenerate(const NoiseSpec& spec, const Grid& grid);
    // The same for a noise graph (a Gradient graph shown as its Value too).
    Regeneration regenerate(const Graph& graph, const Grid& grid);
    // Draws the texture 1:1 into `view` of the current framebuffer, texel (0, 0) at its top
    // left, `tiles` x `tiles` copies of it (1: once), values mapped through the colormap
    // from `range`, as `glnoise bake --colormap` maps them.
    // `step` > 1 shows every step-th texel, so that the copies fit the view.
    void draw(const Viewport& view, ValueRange range, const Colormap& colormap, int tiles = 1,
              bool difference = false, int step = 1);
    // The texture as a lit heightfield mesh in the colormap, seen by `camera`: the display
    // range spans `heightScale` mesh widths of height. At most 1024 quads a side.
    // While the camera moves (`moving`), at most 256 quads a side, so that orbiting stays
    // fluid in software GL; the full mesh once it stops.
    // `sea`: a flat, lit sea at that value, the ground seen through its shallows.
    // While an erosion runs (startErosion), its ground is the heightfield, and with `flow`
    // the flow colormap colours it by its water's flow.
    void drawTerrain(const Viewport& view, ValueRange range, const Colormap& colormap, const Camera& camera,
                     float heightScale, bool moving = false, std::optional<double> sea = std::nullopt,
                     bool flow = false);
    // Erosion of the last regeneration's values on the GPU (a 2D texture of one channel),
    // for the 3D view: started from them (read back once), `erode` runs more iterations,
    // its state staying on the GPU and drawn from two textures it writes (ground, flow).
    void startErosion(const erosion::Params& p);
    void erode(int iterations);
    void stopErosion();
    bool eroding() const noexcept { return erosion_.has_value(); }
    int erosionDone() const noexcept { return erosionDone_; }
    // A volume's slices `slices` (at most 16), `across` to a row, each texel for texel.
    void drawSlices(const Viewport& view, ValueRange range, const Colormap& colormap, int across,
                    const std::vector<int>& slices, bool difference = false, int step = 1);
    // The proof's image, one float per texel of `grid`, drawn instead of the values by
    // draw and drawSlices with difference = true.
    void setDifference(const std::vector<float>& values, const Grid& grid);
    // The last regeneration's values, read back (waits for the GPU).
    Image read() { return generator_.read(texture_); }
    // The histogram of the last regeneration's values over [lo, hi), with the texels
    // outside `range` counted; empty (total 0) for a normal map.
    Histogram histogram(double lo, double hi, ValueRange range);
    // The value of texel (x, y, z) of the last regeneration, y down from the top; NaN outside.
    float valueAt(int x, int y, int z = 0);
    int width() const noexcept { return texture_.grid().width; }
    int depth() const noexcept { return texture_.grid().depth; }
    int height() const noexcept { return texture_.grid().height; }
    gpu::Generator& generator() { return generator_; }

private:
    gpu::Generator generator_;
    gpu::Texture texture_;
    gpu::Context& context_;
    std::optional<erosion::GpuErosion> erosion_;
    gpu::Texture eroded_, flow_;  // erosion_'s ground and flow
    int erosionDone_ = 0;
    // regenerate()'s work for a spec or a graph (space: its space).
    template <class N>
    Regeneration regenerateWith(const N& noise, const NoiseSpec& space, const Grid& grid);
    void useColormap(const Colormap& colormap);
    // Shows what `paint` paints into `view`: painted into an offscreen colour buffer when
    // `key` (what is drawn, and how) or the size changed, else the last painting again,
    // copied. Static frames cost a copy, not a colormap per pixel.
    template <class Paint>
    void present(const Viewport& view, const std::string& key, Paint paint);
    void paint(const Viewport& view, ValueRange range, const Colormap& colormap, int tiles, bool difference, int step);
    void paintTerrain(const Viewport& view, ValueRange range, const Colormap& colormap, const Camera& camera,
                      float heightScale, int mostQuads, std::optional<double> sea, bool flow);
    void paintSlices(const Viewport& view, ValueRange range, const Colormap& colormap, int across,
                     const std::vector<int>& slices, bool difference, int step);
    std::uint32_t cacheFramebuffer_ = 0, cacheColor_ = 0, cacheDepth_ = 0;
    int cacheWidth_ = 0, cacheHeight_ = 0;
    std::string cacheKey_;
    long generation_ = 0;  // counts regenerations and difference images: part of the key
    gpu::Program display_, minMax_, terrain_, water_, slices_, histogram_, minMaxVolume_, histogramVolume_;
    gpu::Buffer minMaxValues_, colormap_, histogramCounts_;
    std::string colormapName_;
    std::uint32_t vertexArray_ = 0, query_ = 0, readFramebuffer_ = 0, difference_ = 0;
    Grid differenceGrid_;
    bool timerQuery_ = false;
};

}  // namespace glnoise::preview
