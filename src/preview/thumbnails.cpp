// SPDX-License-Identifier: MIT
#include "preview/thumbnails.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include <glad/gl.h>

#include "app/options.hpp"
#include "glnoise/error.hpp"
#include "glnoise/format.hpp"

namespace glnoise::preview {

View thumbnailView(const View& view, int viewWidth, int width) {
    View v = view;
    v.zoom = view.zoom * static_cast<double>(width) / std::max(1, viewWidth);
    return v;
}

Graph graphOfNode(const Graph& graph, const std::string& id) {
    Graph g = graph.pointwise();  // a node's picture: its value, before any erode stage
    g.out = id;
    if (g.space.output != Output::Value) g.space.output = Output::Value;
    return g;
}

Thumbnails::~Thumbnails() { clear(); }

void Thumbnails::clear() {
    for (auto& entry : shown_)
        if (entry.second.texture) glDeleteTextures(1, &entry.second.texture);
    shown_.clear();
    keys_.clear();
}

void Thumbnails::update(gpu::Generator& generator, const Graph& graph, const View& view, int viewWidth, int viewHeight,
                        const Colormap& colormap, int budget) {
    // Nodes gone from the graph lose theirs.
    for (auto it = shown_.begin(); it != shown_.end();) {
        if (graph.nodes.count(it->first)) {
            ++it;
            continue;
        }
        if (it->second.texture) glDeleteTextures(1, &it->second.texture);
        keys_.erase(it->first);
        it = shown_.erase(it);
    }
    const int width = kThumbnailWidth;
    const int height = std::clamp(static_cast<int>(std::lround(static_cast<double>(width) * viewHeight / std::max(1, viewWidth))), 1,
                                  2 * width);
    const Grid grid{width, height, 1};
    const View at = thumbnailView(view, viewWidth, width);
    // What every picture depends on but its node: the graph, the view, the map, the size.
    const std::string common = graph.json(-1) + "|" + formatNumber(at.originX) + "," + formatNumber(at.originY) + "," +
                               formatNumber(at.zoom) + "|" + colormap.name + "|" + toString(grid);
    for (const auto& entry : graph.nodes) {
        if (budget <= 0) return;
        const std::string& id = entry.first;
        const std::string key = common + "|" + id;
        if (keys_[id] == key) continue;
        keys_[id] = key;
        --budget;
        Graph g = viewGraph(graphOfNode(graph, id), at);
        Thumbnail& t = shown_[id];
        t.error.clear();
        try {
            g.validate();
            // Its octaves above the thumbnail's Nyquist limit dropped, as the view's are.
            app::limitGraphOctaves(g, false, "");
            // Compiled first (by a run of the same grid, whose size the program depends on),
            // so that the time is the dispatch's alone.
            (void)generator.run(g, grid);
            generator.finish();
            const auto start = std::chrono::steady_clock::now();
            const gpu::Texture texture = generator.run(g, grid);
            generator.finish();
            t.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            const Image image = generator.read(texture);
            float lo = std::numeric_limits<float>::infinity(), hi = -lo;
            for (std::size_t i = 0; i < image.data.size(); i += static_cast<std::size_t>(image.channels))
                if (std::isfinite(image.data[i])) {
                    lo = std::min(lo, image.data[i]);
                    hi = std::max(hi, image.data[i]);
                }
            t.min = lo <= hi ? lo : std::numeric_limits<float>::quiet_NaN();
            t.max = lo <= hi ? hi : std::numeric_limits<float>::quiet_NaN();
            // From its own least to greatest value (a constant shows the map's middle).
            const ValueRange range = lo < hi ? ValueRange{lo, hi} : lo <= hi ? ValueRange{lo - 1.0, lo + 1.0} : ValueRange{-1.0, 1.0};
            std::vector<std::uint32_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
            for (std::size_t i = 0; i < rgba.size(); ++i)
                rgba[i] = colormap.color(image.data[i * static_cast<std::size_t>(image.channels)], range);
            if (!t.texture) glGenTextures(1, &t.texture);
            glBindTexture(GL_TEXTURE_2D, t.texture);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
            glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
            glBindTexture(GL_TEXTURE_2D, 0);
            t.width = width;
            t.height = height;
        } catch (const ValidationError& e) {
            t.error = e.what();  // a vector node, say: no picture
            t.min = t.max = std::numeric_limits<float>::quiet_NaN();
        }
    }
}

}  // namespace glnoise::preview
