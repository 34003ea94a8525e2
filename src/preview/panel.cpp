// SPDX-License-Identifier: MIT
#include "preview/panel.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/preset.hpp"
#include "glnoise/error.hpp"
#include "glnoise/version.hpp"

namespace glnoise::preview {

bool inputDouble(const char* label, double* v, double min, double max, const char* format) {
    const double old = *v;
    ImGui::InputDouble(label, v, 0.0, 0.0, format);
    *v = std::clamp(*v, min, max);
    return *v != old;
}

namespace {

// A section of the panel, open or closed as it was last left (the settings remember it).
bool section(State& s, const char* name, bool openByDefault) {
    const auto it = s.layout.sections.find(name);
    ImGui::SetNextItemOpen(it == s.layout.sections.end() ? openByDefault : it->second, ImGuiCond_Always);
    const bool open = ImGui::CollapsingHeader(name);
    s.layout.sections[name] = open;
    return open;
}

}  // namespace

void menuBar(State& s, bool* exportNow, bool* copyCommand, bool* quit) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::BeginMenu("Presets")) {
            for (const std::string& name : app::presetNames())
                if (ImGui::MenuItem(name.c_str())) s.status = openPreset(s, name);
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Open preset, graph or record")) {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 20.0f);
            static const std::string hint = "a preset or graph .json, a graph's gln1. form, or a baked " + app::extensionList();
            ImGui::InputTextWithHint("##open", hint.c_str(), &s.openPath);
            try {
                if (ImGui::Button("open as preset")) s.status = openPreset(s, s.openPath);
                ImGui::SameLine();
                if (ImGui::Button("open as graph")) s.status = openGraph(s, s.openPath);
                ImGui::SameLine();
                if (ImGui::Button("open its record")) s.status = openRecord(s, s.openPath);
            } catch (const Error& e) {
                s.status = std::string("not opened: ") + e.what();
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu(s.graph ? "Save graph###save" : "Save spec as preset###save")) {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 20.0f);
            ImGui::InputTextWithHint("##save", "mine.json", &s.savePath);
            if (ImGui::Button("save")) {
                try {
                    s.status = savePreset(s, s.savePath);
                } catch (const Error& e) {
                    s.status = std::string("not saved: ") + e.what();
                }
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Export", "S")) *exportNow = true;
        if (ImGui::MenuItem("Copy as command", "C")) *copyCommand = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Esc")) *quit = true;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        if (ImGui::MenuItem("2D texture", "1", s.layout.view == preview::ViewKind::View2d)) s.layout.view = preview::ViewKind::View2d;
        if (ImGui::MenuItem("Tiled 2x2", "2", s.layout.view == preview::ViewKind::Tiled && s.layout.tiles == 2)) {
            s.layout.view = preview::ViewKind::Tiled;
            s.layout.tiles = 2;
        }
        if (ImGui::MenuItem("Tiled 3x3", "3", s.layout.view == preview::ViewKind::Tiled && s.layout.tiles == 3)) {
            s.layout.view = preview::ViewKind::Tiled;
            s.layout.tiles = 3;
        }
        if (ImGui::MenuItem("3D heightfield", "4", s.layout.view == preview::ViewKind::View3d))
            s.layout.view = preview::ViewKind::View3d;
        if (ImGui::MenuItem("Volume slices", "5", s.layout.view == preview::ViewKind::Slices, s.spec.dims >= 3))
            s.layout.view = preview::ViewKind::Slices;
        ImGui::Separator();
        if (ImGui::MenuItem("Reset pan, zoom and camera", "R")) {
            s.view = View{};
            s.camera = preview::Camera{};
        }
        ImGui::MenuItem("Panel", "H", &s.layout.panel);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
        ImGui::SliderFloat("panel width", &s.layout.panelWidth, 160.0f, 1200.0f, "%.0f");
        ImGui::EndMenu();
    }
    ImGui::TextDisabled("  glnoise " GLNOISE_VERSION);
    ImGui::EndMainMenuBar();
}

void panel(State& s, const PanelFacts& facts, bool* exportNow) {
    const Layout& l = facts.layout;
    const float ppp = static_cast<float>(l.pixelsPerPoint);
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(l.panelX) / ppp, static_cast<float>(l.menu) / ppp), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(l.panelWidth) / ppp, static_cast<float>(l.viewHeight) / ppp),
                             ImGuiCond_Always);
    ImGui::Begin("##panel", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
    // Labels get 8 ems (less in a narrow panel), the widgets the rest.
    ImGui::PushItemWidth(-std::min(ImGui::GetFontSize() * 8.0f, 0.35f * ImGui::GetContentRegionAvail().x));
    if (section(s, "Noise", true)) noiseSection(s, facts.thumbnails);
    if (section(s, "Animation", false)) animationSection(s);
    if (section(s, "View", true)) viewSection(s, l);
    if (section(s, "Readouts", true)) readoutsSection(s, facts);
    if (section(s, "Proof", true)) proofSection(s, facts.proof, s.proofDoneOf == s.proofOf);
    if (section(s, "Export", true)) exportSection(s, l, exportNow);
    if (!s.specError.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.4f, 1));
        ImGui::TextWrapped("%s", s.specError.c_str());
        ImGui::PopStyleColor();
    }
    if (!s.status.empty()) ImGui::TextWrapped("%s", s.status.c_str());
    ImGui::TextDisabled("drag: pan  wheel: zoom  1-5: views  H: panel  Esc: quit");
    ImGui::PopItemWidth();
    ImGui::End();
}

void loadFont(float scale) {
    ImGuiIO& io = ImGui::GetIO();
    for (const char* path : {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans.ttf",
                             "/usr/share/fonts/dejavu/DejaVuSans.ttf"}) {
        std::FILE* f = std::fopen(path, "rb");
        if (!f) continue;
        std::fclose(f);
        if (io.Fonts->AddFontFromFileTTF(path, std::round(15.0f * scale))) return;
    }
    ImFontConfig config;
    config.SizePixels = std::round(13.0f * scale);
    io.Fonts->AddFontDefault(&config);
}

}  // namespace glnoise::preview
