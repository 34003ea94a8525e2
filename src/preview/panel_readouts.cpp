// SPDX-License-Identifier: MIT
// The panel's Readouts section: the histogram of the values on screen with the display's
// range and colormap, the value and gradient under the cursor, and the regeneration's time.
#include <algorithm>

#include <imgui.h>

#include "preview/panel.hpp"

namespace glnoise::preview {

namespace {

// The histogram of the visible values, the display's range on it (yellow lines), the
// clipped share beside it, and the colormap under the range.
void histogramWidget(const preview::Histogram& h, ValueRange range, const Colormap& map) {
    if (h.total == 0) {
        ImGui::TextDisabled("no histogram: a normal map is shown");
        return;
    }
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = ImGui::GetFontSize() * 5.0f;
    const float bar = ImGui::GetFontSize() * 0.6f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("histogram", ImVec2(width, height + bar + 2.0f));
    draw->AddRectFilled(at, ImVec2(at.x + width, at.y + height), IM_COL32(30, 30, 34, 255));
    const std::uint32_t most = *std::max_element(h.bins.begin(), h.bins.end());
    const auto xOf = [&](double v) { return at.x + static_cast<float>((v - h.lo) / (h.hi - h.lo)) * width; };
    for (std::size_t i = 0; i < h.bins.size(); ++i) {
        if (h.bins[i] == 0) continue;
        const float x0 = at.x + width * static_cast<float>(i) / 256.0f;
        const float x1 = at.x + width * static_cast<float>(i + 1) / 256.0f;
        const float top = at.y + height * (1.0f - static_cast<float>(h.bins[i]) / static_cast<float>(most));
        const double mid = h.lo + (h.hi - h.lo) * (static_cast<double>(i) + 0.5) / 256.0;
        const bool clipped = mid < range.min || mid > range.max;
        draw->AddRectFilled(ImVec2(x0, top), ImVec2(std::max(x1, x0 + 1.0f), at.y + height),
                            clipped ? IM_COL32(220, 90, 80, 255) : IM_COL32(170, 170, 180, 255));
    }
    for (double v : {range.min, range.max}) {
        const float x = std::clamp(xOf(v), at.x, at.x + width - 1.0f);
        draw->AddLine(ImVec2(x, at.y), ImVec2(x, at.y + height), IM_COL32(255, 210, 60, 255), 1.5f);
    }
    // The colormap along the same axis: what each value becomes.
    for (int px = 0; px < static_cast<int>(width); ++px) {
        const double v = h.lo + (h.hi - h.lo) * (px + 0.5) / width;
        draw->AddRectFilled(ImVec2(at.x + static_cast<float>(px), at.y + height + 2.0f),
                            ImVec2(at.x + static_cast<float>(px + 1), at.y + height + 2.0f + bar),
                            map.color(static_cast<float>(v), range));
    }
    if (ImGui::IsItemHovered()) {
        const double v = h.lo + (h.hi - h.lo) * (ImGui::GetIO().MousePos.x - at.x) / width;
        const int i = std::clamp(static_cast<int>((v - h.lo) / (h.hi - h.lo) * 256.0), 0, 255);
        ImGui::SetTooltip("%.5g: %u texels", v, h.bins[static_cast<std::size_t>(i)]);
    }
    const double share = 100.0 / static_cast<double>(h.total);
    ImGui::TextWrapped("%.4g .. %.4g   clipped: %.2f%% below, %.2f%% above", h.lo, h.hi, static_cast<double>(h.below) * share,
                       static_cast<double>(h.above) * share);
    if (h.nans) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%llu NaN texels", static_cast<unsigned long long>(h.nans));
}

}  // namespace

void readoutsSection(State& s, const PanelFacts& facts) {
    const Probe& probe = facts.probe;
    const Regeneration& last = facts.last;
    histogramWidget(s.histogram, shownRange(s, s.spec), s.colormap);
    if (probe.valid) {
        if (s.layout.view == preview::ViewKind::Slices)
            ImGui::Text("at %d, %d, slice %d: %.6f (GPU %.6f)", probe.x, probe.y, probe.z, probe.value,
                        static_cast<double>(probe.gpu));
        else
            ImGui::Text("at %d, %d: %.6f (GPU %.6f)", probe.x, probe.y, probe.value, static_cast<double>(probe.gpu));
        ImGui::TextWrapped("gradient %.4g, %.4g per texel (%s)", probe.dx, probe.dy,
                    probe.analytic ? "analytic" : "central difference");
    } else {
        ImGui::TextDisabled("hover the noise for its value; right click pins a point");
    }
    ImGui::TextWrapped("GPU %.3f ms per regeneration (%s)", last.milliseconds,
                last.timerQuery ? "GL timer query" : "wall clock, dispatch to finish");
    ImGui::TextWrapped("%.1f frames/s on %s", static_cast<double>(facts.fps), facts.info.renderer.c_str());
}

}  // namespace glnoise::preview
