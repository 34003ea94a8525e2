// SPDX-License-Identifier: MIT
// The tiled view: 2 x 2 or 3 x 3 copies of the texture side by side, so that seams show;
// the panel says where the spec repeats and whether the texture is a multiple of it.
#include <cmath>

#include "preview/views.hpp"

namespace glnoise::preview {

namespace {

class Tiled final : public ViewMode {
public:
    int copies(const State& s) const override { return s.layout.tiles; }

    void controls(State& s, const Layout& l) const override {
        // Where the spec repeats, in texels of the view: a tile of a multiple of it is seamless.
        const NoiseSpec shown = viewSpec(s.spec, s.view);
        const Grid tile = texture(s, l);
        if (s.graph) {
            ImGui::TextWrapped("%d x %d tile (the export size) of a graph: seams show where its bases' periods do not "
                               "fit it", tile.width, tile.height);
        } else if (shown.period[0] > 0 && shown.period[1] > 0) {
            const double rx = shown.period[0] / shown.frequency, ry = shown.period[1] / shown.frequency;
            const bool seamless = std::abs(tile.width / rx - std::round(tile.width / rx)) < 1e-9 &&
                                  std::abs(tile.height / ry - std::round(tile.height / ry)) < 1e-9;
            ImGui::TextWrapped("repeats every %.6g x %.6g texels; the %d x %d tile %s", rx, ry, tile.width,
                               tile.height, seamless ? "tiles seamlessly" : "is not a multiple: seams show");
        } else {
            ImGui::TextWrapped("%d x %d tile (the export size); no period set: seams show", tile.width, tile.height);
        }
    }

    void draw(Renderer& renderer, const State& s, const DrawRequest& d) const override {
        renderer.draw(d.viewport, d.range, *d.colormap, copies(s), d.difference, d.step);
    }
};

}  // namespace

const ViewMode& tiledView() {
    static const Tiled view;
    return view;
}

}  // namespace glnoise::preview
