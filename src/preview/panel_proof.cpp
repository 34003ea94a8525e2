// SPDX-License-Identifier: MIT
// The panel's Proof section: the texture shown against the CPU reference, as glnoise check
// compares, with its lines and the command that prints the same numbers.
#include <imgui.h>

#include "preview/panel.hpp"

namespace glnoise::preview {

void proofSection(State& s, const Proof& running, bool current) {
    ImGui::Checkbox("check against the CPU reference (P)", &s.proofOn);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("computes the texture shown on the CPU reference, in the background, and compares as "
                          "glnoise check does");
    if (!s.proofOn) return;
    if (running.running()) {
        ImGui::ProgressBar(running.progress(), ImVec2(-1.0f, 0.0f), "the reference is computing");
    }
    if (!s.proof) return;
    const ProofResult& r = *s.proof;
    if (!current) ImGui::TextDisabled("the last result, for an earlier view:");
    for (std::size_t i = 0; i < r.lines.size(); ++i) {
        const bool verdict = i + 1 == r.lines.size();
        ImGui::PushStyleColor(ImGuiCol_Text, verdict ? (r.pass ? ImVec4(0.45f, 0.9f, 0.45f, 1) : ImVec4(1, 0.4f, 0.4f, 1))
                                                     : ImGui::GetStyleColorVec4(ImGuiCol_Text));
        ImGui::TextWrapped("%s", r.lines[i].c_str());
        ImGui::PopStyleColor();
    }
    ImGui::TextWrapped("%.3g x the tolerance at worst; the same numbers as: %s", r.worst, r.command.c_str());
    if (ImGui::Button("copy the check command")) ImGui::SetClipboardText(r.command.c_str());
    ImGui::Checkbox("show |gpu - cpu| / tolerance (D)", &s.showDifference);
    if (s.showDifference) ImGui::TextDisabled("black 0, white the tolerance (the fire colormap)");
}

}  // namespace glnoise::preview
