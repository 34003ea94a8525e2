// SPDX-License-Identifier: MIT
// The preview's state: what the panel edits (the noise, the view, the mapping, the export),
// where things are on screen this frame, and what follows from them (the texture a view
// shows, the range on screen, the export's request), apart from the window and ImGui.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/bake.hpp"
#include "app/preset.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/spec.hpp"
#include "preview/proof.hpp"
#include "preview/renderer.hpp"
#include "preview/settings.hpp"

namespace glnoise::preview {

constexpr double kMinZoom = 1.0 / 4096.0;
constexpr double kMaxZoom = 4096.0;
constexpr int kSlicesAcross = 4;  // the slices view shows 4 x 4 slices
constexpr int kDefaultDepth = 64;
constexpr int kTerrainEdge = 512;  // the 3D view's heightmap without an export size

// What the window shows: screen pixel (x, y), y down from the top, samples the bake-space
// point origin + (x, y) / zoom.
struct View {
    double originX = 0.0, originY = 0.0;
    double zoom = 1.0;
};

// The spec whose texel (x, y) is screen pixel (x, y): the same noise, sampled at the view's
// points. At zoom 1 and origin (0, 0) it is `base` itself.
NoiseSpec viewSpec(const NoiseSpec& base, const View& v);
// The same for a noise graph: its space moved to the view's origin and, zoomed, its output
// a scale node of 1 / zoom (a node id of its own). At zoom 1 and origin (0, 0), `base`.
Graph viewGraph(const Graph& base, const View& v);

// Everything the panel edits, and what the last regeneration used.
struct State {
    NoiseSpec spec;              // the noise; with a graph, the graph's space
    std::optional<Graph> graph;  // a noise graph shown in place of the spec (--graph)
    std::string graphError;      // why the panel's last edit of the graph was not applied
    std::vector<Graph> undo, redo;  // the graphs before the edits applied, and after those undone
    std::string kindToAdd;          // the panel's choice of a node kind to add
    std::string viewedNode;         // the node the views show (--view-node); empty: the output
    int shaderLanguage = 0;         // the Export section's language for a graph's function (languageNames())
    std::string octaveNote;  // the Nyquist limit's warning, when it dropped octaves
    bool noOctaveLimit = false;
    View view;
    bool customRange = false;
    ValueRange range{-1.0, 1.0};
    bool boundRange = false;  // not custom: the stated range instead of the typical one
    std::string typicalOf;    // the spec JSON whose typical range `typical` is
    ValueRange typical{-1.0, 1.0};
    ValueRange stated{-1.0, 1.0};  // a graph's stated range, measured with `typical`
    Colormap colormap = Colormap::named("gray");
    bool animate = false;
    double speed = 1.0;
    int exportWidth = 0, exportHeight = 0;  // 0: the view's size
    int exportDepth = 0;                     // the slices view's volume depth; 0: 64
    preview::Camera camera;                  // the 3D view's
    float relief = 0.25f;                    // the 3D view's height of the display range, in mesh widths
    bool turntable = false;                  // the 3D view turns, a quarter turn every 3 seconds
    bool sea = true;                         // the 3D view draws a sea: at seaLevel, else the colormap's shore
    std::optional<double> seaLevel;          // a chosen sea level, in the noise's values
    // The 3D view's erosion of the heightmap, run on the GPU a few iterations a frame
    // (docs/erosion.md), and its flow map in place of the colormap.
    // A graph's erode stage sets it going with the stage's numbers.
    struct Erosion {
        bool on = false;
        erosion::Params params = defaults();  // its iterations: it stops after these
        int perFrame = 4;                     // iterations a frame
        bool flow = false;                    // the ground coloured by its water's flow (the flow colormap)
        int done = 0;                         // iterations run so far
        // The preview's world: 2 m a texel, 35 m a unit of the noise, 500 iterations.
        static erosion::Params defaults() {
            erosion::Params p;
            p.cellSize = 2.0;
            p.heightScale = 35.0;
            p.iterations = 500;
            return p;
        }
    } erosion;
    std::string exportPath;
    // The window's GL renderer is a software rasterizer, which `glnoise bake` passes over
    // unless told --backend gpu (exportCommand).
    bool softwareGl = false;
    app::BakeRequest exportFields;  // the export's bake fields (app/bake_fields.def): --flip-y, --normals
    preview::Settings layout;  // the panel, its width, the view kind: remembered between runs
    bool chrome = true;        // the menu bar and the panel; --hide-panel: neither, the noise alone
    std::string status;  // the last export or error, shown in the panel
    std::string specError;
    preview::Histogram histogram;
    std::string histogramOf;  // the regeneration and range it counts
    // The readout's point: the texel under the cursor, else the pinned one (right click, --probe).
    bool probeSet = false;
    int probeX = 0, probeY = 0, probeZ = 0;
    // The proof: the texture shown against the CPU reference, in the background.
    bool proofOn = false, showDifference = false;
    std::optional<preview::ProofResult> proof;  // the last finished one
    std::string proofOf;                        // the regeneration it checks (or is checking)
    std::string proofDoneOf;                    // the regeneration `proof` checked
    std::optional<preview::ViewKind> startView;  // a volume's record opens in the slices view
    std::string openPath, savePath;             // the File menu's text fields
};

// Where things are this frame, in framebuffer pixels from the top left.
struct Layout {
    int menu = 0;                       // the menu bar's height
    int panelX = 0, panelWidth = 0;     // the side panel, 0 wide when hidden
    int viewX = 0, viewY = 0, viewWidth = 0, viewHeight = 0;
    double pixelsPerPoint = 1.0;
};

// The view takes what the menu bar and the panel leave; the panel is at most 60% of the
// window, so that the noise always shows, and scrolls when its contents are taller.
Layout layOut(const State& s, int fbWidth, int fbHeight, int winWidth, float menuPoints, float uiScale);

std::optional<ValueRange> chosenRange(const State& s);
// A baked file's record as the request that made it; errors name `source` and the key.
app::BakeRequest recordOf(const std::string& path, const std::string& source);
// The 3D view's sea level in the noise's values over the display range `range`: the
// chosen one, else where the colormap's water ends (Colormap::shore); none when the sea
// is off or the colormap draws no water and none is chosen.
std::optional<double> seaOf(const State& s, ValueRange range);

// A preset's or record's range and colormap, as the view's.
void applyMapping(State& s, const app::Preset& p);
// A record's bake as the view: its size as the export size (a volume's in the slices
// view), a tile's first texel as the view's origin, no zoom.
void applyRecordView(State& s, const app::BakeRequest& r);
// The File menu's loads: a preset (built-in name or .json file) or a baked file's record,
// replacing the noise, range and colormap; the view starts over. Return what to show.
std::string openPreset(State& s, const std::string& nameOrPath);
std::string openRecord(State& s, const std::string& path);
// A graph's JSON file or its compact form (as --graph takes them), replacing the noise;
// the mapping stays and the view starts over.
std::string openGraph(State& s, const std::string& pathOrCompact);
// The spec on screen (pan and zoom included) with its range and colormap, as a preset:
// what `glnoise bake --print-spec` prints for the export's command. A graph on screen: its
// JSON (what `--print-graph` prints), which --graph opens.
std::string presetText(const State& s);
std::string savePreset(const State& s, const std::string& path);
// The `glnoise check` that compares what the proof compares: the spec (or the graph, in
// its compact form) shown over the texture's grid.
std::string checkCommand(const NoiseSpec& spec, const Grid& grid, bool noOctaveLimit);
std::string checkCommand(const Graph& graph, const Grid& grid);
// The graph the views show: the graph with the viewed node as its output (the output when
// none is viewed, or the viewed node is gone or a vector).
Graph viewedGraph(const State& s);
// The graph on screen as one function of a shader (what `glnoise shader --graph` writes
// for its compact form in `language`): the viewed graph at the view's origin and zoom.
std::string graphShaderText(const State& s, const std::string& language);
// The language a --save-shader path names by its extension: .glsl (OpenGL GLSL), .hlsl,
// .wgsl, .metal, .gdshaderinc. ValidationError for another extension.
std::string shaderLanguageOf(const std::string& path);
// Writes the graph's function to `path`, in its extension's language.
std::string saveGraphShader(const State& s, const std::string& path);
// The noise's space: the graph's, else the spec.
const NoiseSpec& shownSpace(const State& s);
// An edit of the graph on screen (the panel's): applied when the graph it makes is valid,
// its space then the spec's, the graph before it kept for undo; else its error is kept in
// graphError and the graph stays. True when applied.
bool applyGraphEdit(State& s, const Graph& edited);
// Undo and redo of the applied edits (at most 256 kept); false when there is none.
bool undoGraphEdit(State& s);
bool redoGraphEdit(State& s);
// The graph with one field of one node set (`assignment` NODE.FIELD=VALUE) as the panel sets
// it: a number, integer, flag (true, false), choice, list "x,y,..." or an input's node id
// (a Number or Scalar input given a node's id is driven or wired by it). ValidationError
// naming `flag`, the assignment and what is allowed for a node, field or value the graph
// has not.
Graph withField(const Graph& graph, const std::string& assignment, const std::string& flag);
// A node of kind `kind` added after the output, as the panel adds one: its inputs that need a
// node wired to the output, and it the output; its id the kind's name and the first number
// free. ValidationError naming `flag` for a kind there is not.
Graph withNodeAdded(const Graph& graph, const std::string& kind, const std::string& flag);
// The node `id` removed, as the panel removes one: the nodes it fed (and the output, when it
// is that) take its first wired input instead; a node with none that feeds another is
// refused, naming both.
Graph withNodeRemoved(const Graph& graph, const std::string& id, const std::string& flag);
// One scripted edit (`--edit`): "NODE.FIELD=VALUE", "add KIND", "remove NODE", "output
// NODE", "undo" or "redo", applied to the graph on screen as the panel applies it.
// ValidationError naming the edit and what is allowed.
void scriptedEdit(State& s, const std::string& edit);
// The slices the slices view shows of a volume `depth` deep: all of them up to 16, else
// 16 spread evenly from the first to the last.
std::vector<int> shownSlices(int depth);
// What the window maps to black..white, as an export would: the custom range, the stated
// bound, or the spec's typical range (measured once per spec).
ValueRange shownRange(State& s, const NoiseSpec& spec);
// What an export bakes: the chosen size, else the texture on screen (the view's, or one copy
// of the tiled view's).
Grid exportGrid(const State& s, const Layout& l);
// What an export bakes: the view's spec (or graph) at the export size, through the view's
// colormap (gray exports the values themselves).
app::BakeRequest exportRequest(const State& s, const Grid& grid);
// The `glnoise bake` command that writes an export's bytes (r: exportRequest's).
std::string exportCommand(const State& s, const app::BakeRequest& r);
// Bakes the export through glnoise bake's own path; returns what to show.
std::string exportView(State& s, gpu::Generator& gen, const Layout& l);
void writeText(const std::string& path, const std::string& text);

}  // namespace glnoise::preview
