// SPDX-License-Identifier: MIT
// The panel's Export section: the file, the size, the bake fields the preview takes (a
// widget each, from their table), and the `glnoise bake` command that writes the same bytes.
#include <algorithm>
#include <string>
#include <type_traits>
#include <variant>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/bake_fields.hpp"
#include "app/record.hpp"
#include "glnoise/shader.hpp"
#include "preview/panel.hpp"

namespace glnoise::preview {

namespace {

// A bake field's widget: a checkbox for an on/off field, a choice's buttons for the others.
void fieldWidget(const app::BakeField& f, app::BakeRequest& r) {
    std::visit(
        [&](auto m) {
            if constexpr (std::is_same_v<std::remove_reference_t<decltype(r.*m)>, bool>) {
                ImGui::Checkbox(f.name.c_str(), &(r.*m));
            } else {
                int chosen = static_cast<int>(r.*m);
                for (std::size_t i = 0; i < f.choices().size(); ++i) {
                    if (i > 0) ImGui::SameLine();
                    ImGui::RadioButton((f.name + " " + f.choices()[i]).c_str(), &chosen, static_cast<int>(i));
                }
                r.*m = static_cast<std::remove_reference_t<decltype(r.*m)>>(chosen);
            }
        },
        f.member);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("--%s: %s", f.name.c_str(), f.help.c_str());
}

}  // namespace

void exportSection(State& s, const Layout& l, bool* exportNow) {
    ImGui::InputText(("file (" + app::extensionList() + ")").c_str(), &s.exportPath);
    int size[2] = {s.exportWidth, s.exportHeight};
    ImGui::InputInt2("size (0: view)", size);
    s.exportWidth = std::clamp(size[0], 0, kMaxEdge);
    s.exportHeight = std::clamp(size[1], 0, kMaxEdge);
    s.exportFields.spec = s.spec;  // what a field applies to
    for (const app::BakeField& f : app::bakeFields())
        if (f.isFor(app::kPreview) && f.appliesTo(s.exportFields)) fieldWidget(f, s.exportFields);
    if (ImGui::Button("export (S)")) *exportNow = true;
    ImGui::SameLine();
    const std::string command = exportCommand(s, exportRequest(s, exportGrid(s, l)));
    if (ImGui::Button("copy as command (C)")) ImGui::SetClipboardText(command.c_str());
    ImGui::TextWrapped("%s", command.c_str());
    if (!s.graph) return;
    // The graph on screen (pan, zoom and the viewed node included) as its compact form, and
    // as one function of a shader in the language chosen.
    if (ImGui::Button("copy the graph's compact form")) {
        ImGui::SetClipboardText(viewGraph(viewedGraph(s), s.view).compact().c_str());
        s.status = "copied the graph's compact form";
    }
    const std::vector<std::string>& languages = shader::languageNames();
    std::string items;
    for (const std::string& name : languages) items += name + '\0';
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
    ImGui::Combo("##language", &s.shaderLanguage, (items + '\0').c_str());
    ImGui::SameLine();
    if (ImGui::Button("copy as shader function")) {
        const int last = static_cast<int>(languages.size()) - 1;
        const std::string& language = languages[static_cast<std::size_t>(std::clamp(s.shaderLanguage, 0, last))];
        try {
            ImGui::SetClipboardText(graphShaderText(s, language).c_str());
            s.status = "copied the graph's " + language + " function gln_graph";
        } catch (const Error& e) {
            s.status = std::string("not copied: ") + e.what();
        }
    }
}

}  // namespace glnoise::preview
