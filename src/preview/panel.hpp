// SPDX-License-Identifier: MIT
// The preview's menu bar and side panel. The panel's sections are a file each: the noise
// and its animation (panel_noise.cpp), the view (panel_view.cpp), the readouts
// (panel_readouts.cpp), the proof (panel_proof.cpp) and the export (panel_export.cpp).
#pragma once

#include "glnoise/gpu.hpp"
#include "preview/probe.hpp"
#include "preview/proof.hpp"
#include "preview/renderer.hpp"
#include "preview/state.hpp"
#include "preview/thumbnails.hpp"

namespace glnoise::preview {

// What the panel shows besides the state.
struct PanelFacts {
    const Regeneration& last;
    const gpu::ContextInfo& info;
    const Layout& layout;
    const Probe& probe;
    float fps;
    const Proof& proof;
    const Thumbnails& thumbnails;  // a graph's nodes, each as a picture
};

// The menu bar: File (presets, records, save, export, quit) and View.
void menuBar(State& s, bool* exportNow, bool* copyCommand, bool* quit);
void panel(State& s, const PanelFacts& facts, bool* exportNow);

void noiseSection(State& s, const Thumbnails& thumbnails);
// The Noise section for a graph (panel_graph.cpp): its nodes' fields from the kind table,
// each node's picture and cost.
void graphSection(State& s, const Thumbnails& thumbnails);
void animationSection(State& s);
void viewSection(State& s, const Layout& l);
void readoutsSection(State& s, const PanelFacts& facts);
void proofSection(State& s, const Proof& running, bool current);
void exportSection(State& s, const Layout& l, bool* exportNow);

// A number field clamped to [min, max]; true when it changed.
bool inputDouble(const char* label, double* v, double min, double max, const char* format = "%.6g");
// The fonts: DejaVu Sans when the system has it (Debian: fonts-dejavu-core), else Dear
// ImGui's own, at 15 points times the UI scale.
void loadFont(float scale);

}  // namespace glnoise::preview
