// SPDX-License-Identifier: MIT
// glnoise-preview: explore noise parameters live in a window, then export exactly what is
// on screen through the same bake path as `glnoise bake`.
//
// Exit codes: 0 success, 1 a failure (no display, no GL 4.3 context, an I/O error),
// 2 bad usage (the message names the value and what is allowed).
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "app/flags.hpp"
#include "app/preset.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/error.hpp"
#include "glnoise/version.hpp"
#include "preview/session.hpp"

namespace {

using namespace glnoise;
using preview::Args;

int previewMain(int argc, char** argv) {
    CLI::App app{"glnoise-preview " GLNOISE_VERSION
                 ": explore noise parameters live, then export exactly what is on screen"};
    app.set_version_flag("--version", "glnoise-preview " GLNOISE_VERSION);
    Args a;
    app::addNoiseFlags(&app, a.noise);
    app.add_flag("--no-octave-limit", a.noise.noOctaveLimit, "keep octaves above the window's Nyquist limit");
    app.add_option("--range", a.range,
                   "MIN,MAX shown as black..white; typical (the default): where 99.8% of the values lie; bound: the "
                   "stated range");
    app.add_option("--colormap", a.colormap, "the display's colormap (and an export's): " + app::joinedNames(Colormap::names()) + " (default gray)");
    app.add_option("--window", a.window, "window size WxH in screen points (default 1280x720)");
    app.add_option("--pan", a.pan, "X,Y: the bake-space point at the view's top-left corner (default 0,0)");
    app.add_option("--zoom", a.zoom, "screen pixels per bake texel (default 1)");
    app.add_flag("--animate", a.animate, "advance z over time (3D noise)");
    app.add_option("--speed", a.speed, "z per second when animating (default 1)");
    app.add_option("--out", a.out, "export file: " + app::extensionList() + ", as glnoise bake writes them (default glnoise-export.png)");
    app::addBakeFieldFlags(&app, a.bake, app::kPreview);
    app.add_option("--size", a.size, "export size WxH (default: the texture shown); WxHxD in the slices view");
    app.add_option("--frames", a.frames, "render this many frames, then exit (0: until closed)");
    app.add_option("--screenshot", a.screenshot, "write the window to this PNG after the last frame");
    app.add_flag("--export", a.exportAtEnd, "export after the last frame, as the S key does");
    app.add_flag("--hide-panel", a.hidePanel, "start with the menu bar and the panel hidden, the noise alone (H shows them)");
    app.add_option("--view", a.view,
                   "2d (the default); tiled: copies of the texture side by side, to show seams; 3d: a lit heightfield; "
                   "slices: a volume's z-slices (3D and 4D noise)");
    app.add_option("--tiles", a.tiles, "the tiled view's copies across and down: 2 (the default) or 3");
    app.add_option("--relief", a.relief, "the 3D view's height of the display range, in mesh widths (default 0.25)");
    app.add_flag("--turntable", a.turntable, "turn the 3D view's camera around the terrain");
    app.add_option("--sea", a.sea,
                   "the 3D view's sea: shore (the default: where the colormap's water ends, as the terrain map's "
                   "does; none for a map without water), off, or a level in the noise's values");
    app.add_option("--erode", a.erode,
                   "erode the 3D view's terrain on the GPU, this many iterations, a few a frame (docs/erosion.md); "
                   "the panel's erosion controls set its world");
    app.add_flag("--flow-map", a.flowMap, "with --erode: colour the terrain by its water's flow");
    app.add_option("--ui-scale", a.uiScale, "the panel's size, 0.5 to 4 (default: the monitor's content scale)");
    app.add_option("--probe", a.probe, "X,Y (or X,Y,SLICE): the texel whose value and gradient the readouts show (right click pins one)");
    app.add_option("--readouts", a.readouts, "write the layout, histogram and probe as JSON to this file after the last frame");
    app.add_flag("--forget", a.forget, "neither read nor write the remembered layout");
    app.add_option("--sections", a.sections,
                   "open these sections of the panel and close the others: noise, animation, view, readouts, proof, "
                   "export (comma-separated)");
    app.add_option("--preset", a.preset, "start from a preset: " + app::joinedNames(app::presetNames()) +
                                             ", or a .json file; flags override it");
    app.add_option("--graph", a.graph, "show a noise graph: a graph's JSON file or its compact form (gln1....); the "
                                       "flags that set its space (--seed, --offset, --z, ...) apply (docs/graphs.md)");
    app.add_option("--edit", a.edits, "edit the graph as the panel does, in order (repeatable): NODE.FIELD=VALUE (a node's "
                                      "id for an input or a driven number), 'add KIND', 'remove NODE', 'output NODE', "
                                      "undo, redo");
    app.add_option("--save-shader", a.saveShader, "save the graph on screen as one shader function after the last frame "
                                                  "(Export section), its language from the extension: .glsl, .hlsl, .wgsl, "
                                                  ".metal, .gdshaderinc");
    app.add_option("--view-node", a.viewNode, "show this node of the graph in the views (its own output), as the "
                                              "panel's view button does");
    app.add_option("--sweep", a.sweep, "NODE.FIELD=FROM,TO: move a number of the graph's node from FROM to TO over "
                                       "the --frames, as a drag of its widget does (for scripts and tests)");
    app.add_option("--from", a.from, "continue from the record in a glnoise file (" + app::extensionList() +
                                         ", or a raw file's .json); flags override it");
    app.add_option("--save-preset", a.savePreset, "save the spec on screen as a preset after the last frame (File menu)");
    app.add_flag("--check", a.check, "start with the proof on: the texture shown against the CPU reference, as glnoise check compares");
    app.add_flag("--show-difference", a.showDifference, "with the proof on, show |gpu - cpu| / tolerance instead of the noise");
    app.add_flag("--verbose", a.verbose, "print the GL context and KHR_debug messages to stderr");
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "glnoise-preview: error: %s (see glnoise-preview --help)\n", app::oneLine(e).c_str());
        return 2;
    }
    a.outGiven = app.count("--out") > 0;
    a.colormapGiven = app.count("--colormap") > 0;
    try {
        app::refuseEmptyValues(app);
        return preview::run(a);
    } catch (const ValidationError& e) {
        std::fprintf(stderr, "glnoise-preview: error: %s\n", e.what());
        return 2;
    } catch (const Error& e) {
        std::fprintf(stderr, "glnoise-preview: error: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise-preview: error: internal: %s\n", e.what());
        return 1;
    }
}

}  // namespace

int main(int argc, char** argv) { return glnoise::app::guardedMain("glnoise-preview", previewMain, argc, argv); }
