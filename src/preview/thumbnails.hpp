// SPDX-License-Identifier: MIT
// Each node of the graph on screen as a small picture, made on the GPU: the graph with that
// node as its output, over the view's region at a thumbnail's size (its octaves above that
// size's Nyquist limit dropped), through the view's colormap from the picture's own least
// to greatest value; and what its dispatch took.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "glnoise/colormap.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/graph.hpp"
#include "preview/state.hpp"

namespace glnoise::preview {

struct Thumbnail {
    unsigned texture = 0;        // RGBA8, for ImGui::Image
    int width = 0, height = 0;
    float min = 0.0f, max = 0.0f;  // the node's values over it (NaN when it holds none)
    double milliseconds = 0.0;     // its dispatch, to glFinish
    std::string error;             // why there is none (a node that cannot be an output)
};

// The thumbnail's grid: `width` texels across the view's `viewWidth` x `viewHeight` region.
constexpr int kThumbnailWidth = 96;

// The view's region at a thumbnail's size: texel (i, j) is the view's point
// origin + (i, j) * step / zoom, step = viewWidth / width.
View thumbnailView(const View& view, int viewWidth, int width = kThumbnailWidth);
// The graph with node `id` as its output (its other nodes kept).
Graph graphOfNode(const Graph& graph, const std::string& id);

class Thumbnails {
public:
    Thumbnails() = default;
    ~Thumbnails();
    Thumbnails(const Thumbnails&) = delete;
    Thumbnails& operator=(const Thumbnails&) = delete;

    // Every node's, remade where the graph, the view or the colormap changed (at most
    // `budget` remade per call, so that a large graph fills in over a few frames).
    void update(gpu::Generator& generator, const Graph& graph, const View& view, int viewWidth, int viewHeight,
                const Colormap& colormap, int budget = 8);
    const std::map<std::string, Thumbnail>& all() const { return shown_; }
    void clear();

private:
    std::map<std::string, Thumbnail> shown_;
    std::map<std::string, std::string> keys_;  // what each was made of
};

}  // namespace glnoise::preview
