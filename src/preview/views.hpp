// SPDX-License-Identifier: MIT
// The preview's views, one file each: the 2D texture (view_2d.cpp), copies side by side
// to show seams (view_tiled.cpp), a lit heightfield (view_3d.cpp) and a volume's
// slices (view_slices.cpp). A view says what texture it needs, how many copies of it
// it lays out, what it adds to the panel's View section and to the mouse, and how it draws.
#pragma once

#include <vector>

#include <imgui.h>

#include "glnoise/colormap.hpp"
#include "glnoise/spec.hpp"
#include "preview/renderer.hpp"
#include "preview/state.hpp"

namespace glnoise::preview {

// What a frame draws, and how.
struct DrawRequest {
    Viewport viewport;
    ValueRange range;         // mapped to the colormap's ends
    const Colormap* colormap;
    bool difference = false;  // the proof's |gpu - cpu| / tolerance, not the noise
    int step = 1;             // copies that do not fit the view show every step-th texel
    std::vector<int> slices;  // the slices view's
    bool moving = false;      // the 3D view's camera is moving (a cheaper mesh)
};

class ViewMode {
public:
    virtual ~ViewMode() = default;
    // The texture it shows: without an export size a copy's share of the view.
    virtual Grid texture(const State& s, const Layout& l) const;
    // Copies across and down, and slices deep.
    virtual int copies(const State&) const { return 1; }
    virtual int depth(const State&) const { return 1; }
    // Whether the mouse points at texels (pan, zoom, readouts); the 3D view orbits instead.
    virtual bool texelsUnderMouse() const { return true; }
    // Its own controls in the panel's View section.
    virtual void controls(State&, const Layout&) const {}
    // The mouse over the view, beyond panning and zooming the texels.
    virtual void mouse(State&, const ImGuiIO&) const {}
    virtual void draw(Renderer& renderer, const State& s, const DrawRequest& d) const = 0;
};

const ViewMode& view2d();
const ViewMode& tiledView();
const ViewMode& view3d();
const ViewMode& slicesView();
const ViewMode& viewMode(ViewKind kind);

// The texture and copies of the view chosen.
inline Grid textureGrid(const State& s, const Layout& l) { return viewMode(s.layout.view).texture(s, l); }
inline int copiesOf(const State& s) { return viewMode(s.layout.view).copies(s); }

}  // namespace glnoise::preview
