// SPDX-License-Identifier: MIT
// The slices view: a volume's z-slices, 4 x 4 of them (all of a volume up to 16 deep, else
// 16 spread evenly), for 3D and 4D noise.
#include <algorithm>

#include "preview/views.hpp"

namespace glnoise::preview {

namespace {

class Slices final : public ViewMode {
public:
    int copies(const State&) const override { return kSlicesAcross; }
    int depth(const State& s) const override { return s.exportDepth > 0 ? s.exportDepth : kDefaultDepth; }

    void controls(State& s, const Layout& l) const override {
        int deep = depth(s);
        if (ImGui::InputInt("volume depth", &deep)) s.exportDepth = std::clamp(deep, 1, 2048);
        const int shownDepth = texture(s, l).depth;
        const std::vector<int> shown = shownSlices(shownDepth);
        ImGui::TextWrapped("slices %d to %d of %d, %zu shown", shown.front(), shown.back(), shownDepth, shown.size());
    }

    void draw(Renderer& renderer, const State&, const DrawRequest& d) const override {
        renderer.drawSlices(d.viewport, d.range, *d.colormap, kSlicesAcross, d.slices, d.difference, d.step);
    }
};

}  // namespace

const ViewMode& slicesView() {
    static const Slices view;
    return view;
}

}  // namespace glnoise::preview
