// SPDX-License-Identifier: MIT
// The panel's Noise section for a noise graph: undo and redo, a node of any kind added
// after the output, the output node, then each node with a widget per field of its kind
// from the kind table (graphKinds(): a field's type, range, choices and help; no code per
// kind), inputs as a choice of the graph's nodes, and its removal. An edit is applied when
// the graph it makes is valid (applyGraphEdit), else its error is shown and the graph on
// screen stays.
#include <algorithm>
#include <cstdint>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>

#include "glnoise/format.hpp"
#include "glnoise/graph.hpp"
#include "preview/panel.hpp"

namespace glnoise::preview {

namespace {

std::string labelOf(const GraphNode& n, const GraphField& f) { return std::string(f.name) + "##" + n.id; }

// A choice of names, `current` selected; true when another was chosen.
bool choose(const std::string& label, const std::vector<std::string>& names, std::string& current) {
    bool changed = false;
    if (ImGui::BeginCombo(label.c_str(), current.c_str())) {
        for (const std::string& name : names) {
            const bool selected = name == current;
            if (ImGui::Selectable(name.c_str(), selected) && !selected) {
                current = name;
                changed = true;
            }
        }
        ImGui::EndCombo();
    }
    return changed;
}

// The ids of the graph's nodes other than `self`, for an input's choice.
std::vector<std::string> otherIds(const Graph& g, const std::string& self) {
    std::vector<std::string> ids;
    for (const auto& entry : g.nodes)
        if (entry.first != self) ids.push_back(entry.first);
    return ids;
}

// One field's widget; true when it changed the node.
bool fieldWidget(const Graph& g, GraphNode& n, const GraphField& f) {
    const std::string label = labelOf(n, f);
    const std::string name = f.name;
    switch (f.type) {
        case GraphFieldType::Number:
        case GraphFieldType::Count: {
            if (n.driven(name)) {
                std::string source = n.inputs[name];
                const bool changed = choose(label + " (driven by)", otherIds(g, n.id), source);
                if (changed) n.inputs[name] = source;
                return changed;
            }
            double v = n.numbers[name];
            const bool changed = inputDouble(label.c_str(), &v, f.positive ? std::nextafter(0.0, 1.0) : f.min, f.max);
            if (changed) n.numbers[name] = v;
            return changed;
        }
        case GraphFieldType::Integer: {
            double v = n.numbers[name];
            int i = static_cast<int>(v);
            const bool changed = ImGui::InputInt(label.c_str(), &i);
            if (changed) n.numbers[name] = std::clamp(static_cast<double>(i), f.min, f.max);
            return changed;
        }
        case GraphFieldType::Flag: {
            bool b = n.numbers[name] != 0.0;
            const bool changed = ImGui::Checkbox(label.c_str(), &b);
            if (changed) n.numbers[name] = b ? 1.0 : 0.0;
            return changed;
        }
        case GraphFieldType::Choice: {
            std::string c = n.choices[name];
            const bool changed = choose(label, f.choices, c);
            if (changed) n.choices[name] = c;
            return changed;
        }
        case GraphFieldType::Numbers:
        case GraphFieldType::Periods: {
            std::vector<double>& list = n.lists[name];
            if (list.empty()) {
                ImGui::TextDisabled("%s: none", f.name);
                return false;
            }
            double values[4] = {0, 0, 0, 0};
            const int count = static_cast<int>(std::min<std::size_t>(list.size(), 4));
            std::copy_n(list.begin(), count, values);
            const bool changed = ImGui::InputScalarN(label.c_str(), ImGuiDataType_Double, values, count, nullptr, nullptr,
                                                     f.type == GraphFieldType::Periods ? "%.0f" : "%.6g");
            if (changed)
                for (int k = 0; k < count; ++k) {
                    const double v = f.type == GraphFieldType::Periods ? std::round(values[k]) : values[k];
                    list[static_cast<std::size_t>(k)] = std::clamp(v, f.min, f.max);
                }
            return changed;
        }
        case GraphFieldType::Points: {
            const std::vector<double>& list = n.lists[name];
            std::string text;
            for (std::size_t k = 0; k + 1 < list.size(); k += 2)
                text += (text.empty() ? "(" : ", (") + formatNumber(list[k]) + ", " + formatNumber(list[k + 1]) + ")";
            ImGui::TextWrapped("%s: %s", f.name, text.c_str());
            return false;
        }
        case GraphFieldType::Scalar:
        case GraphFieldType::Vector: {
            const auto wired = n.inputs.find(name);
            if (wired == n.inputs.end()) {  // a Scalar input given as a number
                double v = n.constants.count(name) ? n.constants[name] : f.fallback;
                const bool changed = inputDouble(label.c_str(), &v, -1e15, 1e15);
                if (changed) n.constants[name] = v;
                return changed;
            }
            // A Scalar input may be disconnected: a number then (its default).
            std::vector<std::string> ids = otherIds(g, n.id);
            const std::string number = "(a number)";
            if (f.type == GraphFieldType::Scalar) ids.push_back(number);
            std::string source = wired->second;
            const bool changed = choose(label, ids, source);
            if (changed && source == number) {
                n.inputs.erase(name);
                n.constants[name] = std::isnan(f.fallback) ? 0.0 : f.fallback;
            } else if (changed) {
                n.inputs[name] = source;
            }
            return changed;
        }
    }
    return false;
}

}  // namespace

void graphSection(State& s, const Thumbnails& thumbnails) {
    ImGui::TextWrapped("a noise graph of %zu nodes, %dD", s.graph->nodes.size(), s.graph->space.dims);
    // Undo, redo, and a node added after the output.
    ImGui::BeginDisabled(s.undo.empty());
    if (ImGui::Button("undo (Ctrl+Z)")) undoGraphEdit(s);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(s.redo.empty());
    if (ImGui::Button("redo (Ctrl+Y)")) redoGraphEdit(s);
    ImGui::EndDisabled();
    if (s.kindToAdd.empty()) s.kindToAdd = graphKinds().front().name;
    std::vector<std::string> kinds;
    for (const GraphKind& k : graphKinds()) kinds.push_back(k.name);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
    choose("##kind", kinds, s.kindToAdd);
    ImGui::SameLine();
    if (ImGui::Button("add after the output")) {
        try {
            applyGraphEdit(s, withNodeAdded(*s.graph, s.kindToAdd, "adding " + s.kindToAdd));
        } catch (const ValidationError& e) {
            s.graphError = e.what();
        }
    }
    Graph edited = *s.graph;
    bool changed = false;
    std::string removed;
    std::vector<std::string> ids;
    for (const auto& entry : edited.nodes) ids.push_back(entry.first);
    if (choose("output node", ids, edited.out)) changed = true;
    if (!s.viewedNode.empty() && edited.nodes.count(s.viewedNode))
        ImGui::TextWrapped("the views show node %s (its own output)", s.viewedNode.c_str());
    for (auto& entry : edited.nodes) {
        GraphNode& n = entry.second;
        const GraphKind* kind = findGraphKind(n.kind);
        const bool open = ImGui::TreeNodeEx((n.id + " (" + n.kind + ")").c_str(),
                                            n.id == edited.out ? ImGuiTreeNodeFlags_DefaultOpen : 0);
        if (kind && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kind->formula);
        if (!open) continue;
        // Its picture (the graph with it as the output, over the view, from its least to its
        // greatest value) and what it took on the GPU.
        const auto shown = thumbnails.all().find(n.id);
        if (shown != thumbnails.all().end()) {
            const Thumbnail& t = shown->second;
            if (t.texture) {
                const float scale = ImGui::GetFontSize() / 15.0f * 1.5f;
                // Dear ImGui's OpenGL backend takes a texture's name as its ImTextureID (a void*).
                // NOLINTNEXTLINE(performance-no-int-to-ptr)
                const auto id = reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(t.texture));
                ImGui::Image(id, ImVec2(static_cast<float>(t.width) * scale, static_cast<float>(t.height) * scale));
                ImGui::SameLine();
                ImGui::TextWrapped("%.4g to %.4g\n%.2f ms on the GPU for %d x %d", static_cast<double>(t.min),
                                   static_cast<double>(t.max), t.milliseconds, t.width, t.height);
            } else if (!t.error.empty()) {
                ImGui::TextDisabled("no picture: %s", t.error.c_str());
            }
        }
        if (kind)
            for (const GraphField& f : kind->fields) {
                if (fieldWidget(edited, n, f)) changed = true;
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.help);
            }
        if (ImGui::SmallButton(("remove##" + n.id).c_str())) removed = n.id;
        ImGui::SameLine();
        const bool viewed = s.viewedNode == n.id;
        if (ImGui::SmallButton(((viewed ? "view the output##" : "view it##") + n.id).c_str()))
            s.viewedNode = viewed ? std::string() : n.id;
        ImGui::TreePop();
    }
    if (changed) applyGraphEdit(s, edited);
    if (!removed.empty()) {
        try {
            applyGraphEdit(s, withNodeRemoved(*s.graph, removed, "removing " + removed));
        } catch (const ValidationError& e) {
            s.graphError = e.what();
        }
    }
    if (!s.graphError.empty()) ImGui::TextWrapped("not applied: %s", s.graphError.c_str());
    if (!s.octaveNote.empty()) ImGui::TextWrapped("%s", s.octaveNote.c_str());
}

}  // namespace glnoise::preview
