// SPDX-License-Identifier: MIT
// The panel's Noise section, a widget per field of the spec's table, each by its type and
// within the field's limits, its help as the tooltip; and the Animation section.
#include <algorithm>
#include <string>
#include <variant>

#include <imgui.h>

#include "app/fields.hpp"
#include "glnoise/catalogue.hpp"
#include "preview/panel.hpp"

namespace glnoise::preview {

namespace {

// ImGui's combo items: the catalogue's names, each ended by a NUL, the list by another.
template <class K>
std::string comboItems(const std::vector<K>& kinds) {
    std::string items;
    for (const K& k : kinds) items += std::string(k.name) + '\0';
    return items + '\0';
}

// One spec field's widget, by its type, within the field's limits (glnoise/fields.hpp).
std::string labelOf(const SpecField& f) {
    std::string label = f.name;
    std::replace(label.begin(), label.end(), '-', ' ');
    return label;
}
void fieldWidget(const SpecField& f, int& v, const NoiseSpec&) {
    const int lo = static_cast<int>(f.min), hi = static_cast<int>(f.max);
    if (hi - lo > 3) {
        ImGui::SliderInt(labelOf(f).c_str(), &v, lo, hi);
        v = std::clamp(v, lo, hi);
        return;
    }
    for (int k = lo; k <= hi; ++k) {  // a few choices: one button each
        if (k > lo) ImGui::SameLine();
        ImGui::RadioButton((labelOf(f) + " " + std::to_string(k)).c_str(), &v, k);
    }
}
void fieldWidget(const SpecField& f, double& v, const NoiseSpec&) {
    // World coordinates (z, w: the point's, not a field of the noise) show every digit;
    // other numbers six.
    const bool coordinate = f.key() == "z" || f.key() == "w";
    inputDouble(labelOf(f).c_str(), &v, f.min, f.max, coordinate ? "%.17g" : "%.6g");
}
void fieldWidget(const SpecField& f, bool& v, const NoiseSpec&) { ImGui::Checkbox(labelOf(f).c_str(), &v); }
template <class E, class K>
void kindCombo(const SpecField& f, E& v, const std::vector<K>& kinds) {
    int index = 0;
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i].value == v) index = static_cast<int>(i);
    if (ImGui::Combo(labelOf(f).c_str(), &index, comboItems(kinds).c_str())) v = kinds[static_cast<std::size_t>(index)].value;
}
void fieldWidget(const SpecField& f, Basis& v, const NoiseSpec&) { kindCombo(f, v, basisKinds()); }
void fieldWidget(const SpecField& f, Curve& v, const NoiseSpec&) { kindCombo(f, v, curveKinds()); }
void fieldWidget(const SpecField& f, Fractal& v, const NoiseSpec&) { kindCombo(f, v, fractalKinds()); }
void fieldWidget(const SpecField& f, Output& v, const NoiseSpec&) { kindCombo(f, v, outputKinds()); }
void fieldWidget(const SpecField& f, Pattern& v, const NoiseSpec&) { kindCombo(f, v, patternKinds()); }
void fieldWidget(const SpecField& f, CellReturn& v, const NoiseSpec&) { kindCombo(f, v, cellReturnKinds()); }
void fieldWidget(const SpecField& f, CellDistance& v, const NoiseSpec&) { kindCombo(f, v, cellDistanceKinds()); }
void fieldWidget(const SpecField&, std::optional<std::uint64_t>& seed, const NoiseSpec&) {
    bool seeded = seed.has_value();
    if (ImGui::Checkbox("seeded", &seeded)) seed = seeded ? std::optional<std::uint64_t>(0) : std::nullopt;
    if (seed) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(160);
        ImGui::InputScalar("seed", ImGuiDataType_U64, &*seed);
    }
}
void fieldWidget(const SpecField& f, std::array<int, 4>& period, const NoiseSpec&) {
    ImGui::InputInt4((labelOf(f) + " (0: none)").c_str(), period.data());
    for (int& p : period) p = std::clamp(p, static_cast<int>(f.min), static_cast<int>(f.max));
}
void fieldWidget(const SpecField& f, std::array<double, 3>& offset, const NoiseSpec& n) {
    const char* axes[3] = {" x", " y", " z"};
    for (std::size_t a = 0; a < (n.dims >= 3 ? 3u : 2u); ++a)
        inputDouble((labelOf(f) + axes[a]).c_str(), &offset[a], f.min, f.max, "%.17g");
}

}  // namespace

void noiseSection(State& s, const Thumbnails& thumbnails) {
    if (s.graph) return graphSection(s, thumbnails);
    NoiseSpec& n = s.spec;
    for (const SpecField& f : specFields()) {
        if (!f.appliesTo(n)) continue;
        std::visit([&](auto m) { fieldWidget(f, n.*m, n); }, f.member);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("--%s: %s", f.name.c_str(), f.help.c_str());
    }
    if (n.pattern == Pattern::Clouds) n.fractal = Fractal::Turbulence;  // as on the command line
    if (!s.octaveNote.empty()) ImGui::TextWrapped("%s", s.octaveNote.c_str());
}

void animationSection(State& s) {
    const NoiseSpec& n = s.spec;
    if (n.dims < 3) ImGui::TextDisabled("animation moves z: switch to 3D or 4D");
    ImGui::BeginDisabled(n.dims < 3);
    ImGui::Checkbox("animate z (space)", &s.animate);
    inputDouble("z per second", &s.speed, -1e6, 1e6);
    ImGui::EndDisabled();
}

}  // namespace glnoise::preview
