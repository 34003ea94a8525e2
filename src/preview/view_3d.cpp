// SPDX-License-Identifier: MIT
// The 3D view: the texture as a lit heightfield under an orbiting camera, with a sea over
// it; dragging orbits, the wheel moves closer or further, the turntable turns it.
#include <algorithm>
#include <cmath>

#include "preview/views.hpp"

namespace glnoise::preview {

namespace {

class View3d final : public ViewMode {
public:
    Grid texture(const State& s, const Layout&) const override {
        if (s.exportWidth > 0 && s.exportHeight > 0) return Grid{s.exportWidth, s.exportHeight, 1};
        return Grid{kTerrainEdge, kTerrainEdge, 1};
    }

    bool texelsUnderMouse() const override { return false; }

    void controls(State& s, const Layout&) const override {
        ImGui::SliderFloat("relief", &s.relief, 0.01f, 1.0f, "%.2f");
        ImGui::Checkbox("turntable", &s.turntable);
        ImGui::Checkbox("sea", &s.sea);
        if (s.sea) {
            ImGui::SameLine();
            const ValueRange r = shownRange(s, s.spec);
            float level = static_cast<float>(seaOf(s, r).value_or(0.5 * (r.min + r.max)));
            if (ImGui::SliderFloat("level", &level, static_cast<float>(r.min), static_cast<float>(r.max), "%.3f"))
                s.seaLevel = level;
            if (s.seaLevel && s.colormap.shore) {
                ImGui::SameLine();
                if (ImGui::SmallButton("shore")) s.seaLevel.reset();
            }
            if (!s.seaLevel && !s.colormap.shore) ImGui::TextDisabled("the colormap has no shore: drag the level");
        }
        // Erosion on the GPU, a few iterations a frame (docs/erosion.md).
        ImGui::Checkbox("erode", &s.erosion.on);
        if (s.erosion.on) {
            ImGui::SameLine();
            ImGui::Checkbox("flow map", &s.erosion.flow);
            erosion::Params& p = s.erosion.params;
            ImGui::SliderInt("iterations", &p.iterations, 1, 5000, "%d", ImGuiSliderFlags_Logarithmic);
            ImGui::SliderInt("a frame", &s.erosion.perFrame, 1, 50);
            float cell = static_cast<float>(p.cellSize), scale = static_cast<float>(p.heightScale);
            if (ImGui::SliderFloat("cell m", &cell, 0.1f, 50.0f, "%.2f", ImGuiSliderFlags_Logarithmic)) p.cellSize = cell;
            if (ImGui::SliderFloat("m a unit", &scale, 1.0f, 1000.0f, "%.1f", ImGuiSliderFlags_Logarithmic))
                p.heightScale = scale;
            ImGui::TextDisabled("%d of %d iterations", s.erosion.done, p.iterations);
        }
        ImGui::TextDisabled("drag: orbit  wheel: closer, further");
    }

    void mouse(State& s, const ImGuiIO& io) const override {  // orbit and dolly
        if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
            const ImVec2 d = io.MouseDelta;
            s.camera.yaw -= d.x * 0.008f;
            s.camera.pitch = std::clamp(s.camera.pitch + d.y * 0.008f, 0.05f, 1.55f);
        }
        if (io.MouseWheel != 0.0f)
            s.camera.distance = std::clamp(s.camera.distance * std::pow(0.9f, io.MouseWheel), 0.2f, 20.0f);
    }

    void draw(Renderer& renderer, const State& s, const DrawRequest& d) const override {
        if (d.difference) {
            renderer.draw(d.viewport, d.range, *d.colormap, 1, true, d.step);
            return;
        }
        renderer.drawTerrain(d.viewport, d.range, *d.colormap, s.camera, s.relief, d.moving, seaOf(s, d.range),
                             s.erosion.on && s.erosion.flow);
    }
};

}  // namespace

const ViewMode& view3d() {
    static const View3d view;
    return view;
}

}  // namespace glnoise::preview
