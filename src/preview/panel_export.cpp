// SPDX-License-Identifier: MIT
// The panel's Export section: the file, the size, and the `glnoise bake` command that
// writes the same bytes.
#include <algorithm>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/record.hpp"
#include "preview/panel.hpp"

namespace glnoise::preview {

void exportSection(State& s, const Layout& l, bool* exportNow) {
    ImGui::InputText("file (.png, .r32)", &s.exportPath);
    int size[2] = {s.exportWidth, s.exportHeight};
    ImGui::InputInt2("size (0: view)", size);
    s.exportWidth = std::clamp(size[0], 0, kMaxEdge);
    s.exportHeight = std::clamp(size[1], 0, kMaxEdge);
    if (ImGui::Button("export (S)")) *exportNow = true;
    ImGui::SameLine();
    const std::string command = app::bakeCommand(exportRequest(s, viewSpec(s.spec, s.view), exportGrid(s, l)));
    if (ImGui::Button("copy as command (C)")) ImGui::SetClipboardText(command.c_str());
    ImGui::TextWrapped("%s", command.c_str());
}

}  // namespace glnoise::preview
