// SPDX-License-Identifier: MIT
// glnoise-preview's flags (main.cpp declares them), and the state they start from: a preset
// or record, the flags over it, the remembered layout, each value checked before a window
// opens (a bad one is a ValidationError naming the flag).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "app/options.hpp"
#include "preview/state.hpp"

namespace glnoise::preview {

struct Args {
    app::NoiseArgs noise;
    bool outGiven = false;
    std::string range, size, out = "glnoise-export.png", window = "1280x720", pan, zoom, colormap = "gray";
    std::string speed = "1", screenshot, view, readouts, probe, uiScale, relief, sea, erode;
    int tiles = 0;  // 0: as remembered
    int frames = 0;
    bool animate = false, hidePanel = false, exportAtEnd = false, verbose = false, forget = false;
    bool check = false, showDifference = false, colormapGiven = false, turntable = false, flowMap = false;
    std::string preset, from, savePreset, sections;
    std::string graph;  // --graph: a graph's JSON file or its compact form
    std::vector<std::string> edits;  // --edit: scripted edits of the graph, in order
    std::string viewNode;            // --view-node: the node the views show
    std::string saveShader;          // --save-shader: the graph's function, after the last frame
    std::string sweep;             // --sweep NODE.FIELD=FROM,TO over the frames
    // The bake fields' flags the preview takes (app/bake_fields.def), by name: its exports'.
    std::map<std::string, std::string> bake;
};

// Where a run starts: the state, the window's size in screen points, the UI scale given
// (else the monitor's), and the settings file ("" with --forget).
// --sweep: a number of a graph's node moved from `from` to `to` over a scripted run's frames.
struct Sweep {
    std::string field;  // "NODE.FIELD"
    double from = 0.0, to = 0.0;
};

struct Start {
    State state;
    std::optional<Sweep> sweep;
    Grid window;
    std::optional<float> uiScale;
    std::string settingsFile;
};
Start startFrom(const Args& a);

}  // namespace glnoise::preview
