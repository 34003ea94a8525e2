// SPDX-License-Identifier: MIT
// The 2D view: the texture is the view, texel for screen pixel; and what every view shares.
#include <algorithm>

#include "preview/views.hpp"

namespace glnoise::preview {

Grid ViewMode::texture(const State& s, const Layout& l) const {
    if (s.exportWidth > 0 && s.exportHeight > 0) return Grid{s.exportWidth, s.exportHeight, depth(s)};
    return Grid{std::max(1, l.viewWidth / copies(s)), std::max(1, l.viewHeight / copies(s)), depth(s)};
}

namespace {

class View2d final : public ViewMode {
public:
    Grid texture(const State&, const Layout& l) const override { return Grid{l.viewWidth, l.viewHeight, 1}; }
    void draw(Renderer& renderer, const State&, const DrawRequest& d) const override {
        renderer.draw(d.viewport, d.range, *d.colormap, 1, d.difference, d.step);
    }
};

}  // namespace

const ViewMode& view2d() {
    static const View2d view;
    return view;
}

const ViewMode& viewMode(ViewKind kind) {
    switch (kind) {
        case ViewKind::Tiled: return tiledView();
        case ViewKind::View3d: return view3d();
        case ViewKind::Slices: return slicesView();
        case ViewKind::View2d: break;
    }
    return view2d();
}

}  // namespace glnoise::preview
