// SPDX-License-Identifier: MIT
// The panel's View section: which view (2D, tiled, 3D, slices) and its own controls
// (views.hpp), the colormap, the range on screen, and the pan and zoom.
#include <string>
#include <vector>

#include <imgui.h>

#include "glnoise/format.hpp"
#include "preview/panel.hpp"
#include "preview/views.hpp"

namespace glnoise::preview {

void viewSection(State& s, const Layout& l) {
    int kind = s.layout.view == ViewKind::View2d      ? 0
               : s.layout.view == ViewKind::Tiled   ? s.layout.tiles - 1
               : s.layout.view == ViewKind::View3d ? 3
                                                    : 4;
    ImGui::RadioButton("2D", &kind, 0);
    ImGui::SameLine();
    ImGui::RadioButton("tiled", &kind, 1);
    ImGui::SameLine();
    ImGui::RadioButton("3x3", &kind, 2);
    ImGui::SameLine();
    ImGui::RadioButton("3D", &kind, 3);
    ImGui::SameLine();
    ImGui::BeginDisabled(s.spec.dims < 3);
    ImGui::RadioButton("slices", &kind, 4);
    ImGui::EndDisabled();
    if (s.spec.dims < 3 && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("a volume's slices: switch to 3D or 4D noise");
    s.layout.view = kind == 0 ? ViewKind::View2d : kind <= 2 ? ViewKind::Tiled : kind == 3 ? ViewKind::View3d : ViewKind::Slices;
    if (kind == 1 || kind == 2) s.layout.tiles = kind + 1;
    viewMode(s.layout.view).controls(s, l);
    static const std::vector<std::string> maps = Colormap::names();
    if (ImGui::BeginCombo("colormap", s.colormap.name.c_str())) {
        for (const auto& name : maps)
            if (ImGui::Selectable(name.c_str(), name == s.colormap.name)) s.colormap = Colormap::named(name);
        ImGui::EndCombo();
    }
    ImGui::Checkbox("custom range", &s.customRange);
    if (s.customRange) {
        inputDouble("min", &s.range.min, -1e30, s.range.max - 1e-9);
        inputDouble("max", &s.range.max, s.range.min + 1e-9, 1e30);
    } else {
        ImGui::Checkbox("stated bound", &s.boundRange);
        const ValueRange shown = shownRange(s, s.spec);
        ImGui::Text("range: %s, [%s, %s]", s.boundRange ? "stated" : "typical", formatNumber(shown.min).c_str(),
                    formatNumber(shown.max).c_str());
    }
    ImGui::Text("origin %.6g, %.6g   zoom %.4g", s.view.originX, s.view.originY, s.view.zoom);
    if (ImGui::Button("reset view (R)")) s.view = View{};
}

}  // namespace glnoise::preview
