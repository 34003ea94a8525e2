// SPDX-License-Identifier: MIT
// glnoise-preview: explore noise parameters live in a window, then export exactly what is
// on screen through the same bake path as `glnoise bake`.
//
// Exit codes: 0 success, 1 a failure (no display, no GL 4.3 context, an I/O error),
// 2 bad usage (the message names the value and what is allowed).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
// GL comes from the loader glnoise is built with (glad), not from GLFW's system header.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_stdlib.h>

#include "app/bake.hpp"
#include "app/flags.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "app/verify.hpp"
#include "core/fields.hpp"
#include "core/format.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/glnoise.hpp"
#include "glnoise/version.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/io.hpp"
#include "preview/renderer.hpp"
#include "preview/proof.hpp"
#include "preview/settings.hpp"

namespace {

// ImGui's combo items: the catalogue's names, each ended by a NUL, the list by another.
template <class K>
std::string comboItems(const std::vector<K>& kinds) {
    std::string items;
    for (const K& k : kinds) items += std::string(k.name) + '\0';
    return items + '\0';
}

using namespace glnoise;
using Clock = std::chrono::steady_clock;

constexpr double kMinZoom = 1.0 / 4096.0;
constexpr double kMaxZoom = 4096.0;

// What the window shows: screen pixel (x, y), y down from the top, samples the bake-space
// point origin + (x, y) / zoom.
struct View {
    double originX = 0.0, originY = 0.0;
    double zoom = 1.0;
};

// The spec whose texel (x, y) is screen pixel (x, y): the same noise, sampled at the view's
// points. At zoom 1 and origin (0, 0) it is `base` itself.
NoiseSpec viewSpec(const NoiseSpec& base, const View& v) {
    NoiseSpec s = base;
    s.frequency = base.frequency / v.zoom;
    s.offset[0] = (base.offset[0] + v.originX) * v.zoom;
    s.offset[1] = (base.offset[1] + v.originY) * v.zoom;
    s.offset[2] = base.offset[2] * v.zoom;
    s.z = base.z * v.zoom;
    s.w = base.w * v.zoom;
    if (base.warpFrequency > 0.0) s.warpFrequency = base.warpFrequency / v.zoom;
    return s;
}

struct Args {
    app::NoiseArgs noise;
    bool outGiven = false;
    std::string range, size, out = "glnoise-export.png", window = "1280x720", pan, zoom, colormap = "gray";
    std::string speed = "1", screenshot, view, readouts, probe, uiScale, relief;
    int tiles = 0;  // 0: as remembered
    int frames = 0;
    bool animate = false, hidePanel = false, exportAtEnd = false, verbose = false, forget = false;
    bool check = false, showDifference = false, colormapGiven = false, turntable = false;
    std::string preset, from, savePreset, sections;
};

double parseZoom(const std::string& text) {
    const double z = app::parseNumber("--zoom", text);
    if (!(z >= kMinZoom && z <= kMaxZoom))
        throw ValidationError("--zoom " + text + ": must be between " + formatNumber(kMinZoom) + " and " +
                              formatNumber(kMaxZoom));
    return z;
}

Colormap parseColormap(const std::string& text) {
    try {
        return Colormap::named(text);
    } catch (const ValidationError& e) {
        throw ValidationError("--" + std::string(e.what()));
    }
}

std::string glfwMessage;
void onGlfwError(int, const char* description) { glfwMessage = description ? description : "unknown error"; }

[[noreturn]] void noWindow(const std::string& what) {
    throw GpuError(what + (glfwMessage.empty() ? "" : ": " + glfwMessage) +
                   ". The preview needs a display: for headless use run `glnoise bake`, or run the "
                   "preview under a virtual display: xvfb-run -a glnoise-preview ...");
}

// Everything the panel edits, and what the last regeneration used.
struct State {
    NoiseSpec spec;
    std::string octaveNote;  // the Nyquist limit's warning, when it dropped octaves
    bool noOctaveLimit = false;
    View view;
    bool customRange = false;
    ValueRange range{-1.0, 1.0};
    bool boundRange = false;  // not custom: the stated range instead of the typical one
    std::string typicalOf;    // the spec JSON whose typical range `typical` is
    ValueRange typical{-1.0, 1.0};
    Colormap colormap = Colormap::named("gray");
    bool animate = false;
    double speed = 1.0;
    int exportWidth = 0, exportHeight = 0;  // 0: the view's size
    int exportDepth = 0;                     // the slices view's volume depth; 0: 64
    preview::Camera camera;                  // the 3D view's
    float relief = 0.25f;                    // the 3D view's height of the display range, in mesh widths
    bool turntable = false;                  // the 3D view turns, a quarter turn every 3 seconds
    std::string exportPath;
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

std::optional<ValueRange> chosenRange(const State& s) {
    return s.customRange ? std::optional<ValueRange>(s.range) : std::nullopt;
}

// A baked file's record as the request that made it; errors name `source` and the key.
app::BakeRequest recordOf(const std::string& path, const std::string& source) {
    std::string text;
    try {
        text = io::readRecord(path);
    } catch (const ValidationError& e) {
        const std::string what = e.what();
        throw ValidationError(what.rfind("from ", 0) == 0 ? "--" + what : what);
    }
    app::BakeRequest r = app::requestFromRecord(text, source);
    app::checkAgainstRecord(path, text, source);
    return r;
}

// A preset's or record's range and colormap, as the view's.
void applyMapping(State& s, const app::Preset& p) {
    s.customRange = p.range.has_value();
    if (p.range) s.range = *p.range;
    s.boundRange = !p.range && p.boundRange;
    s.colormap = Colormap::named(p.colormap.empty() ? "gray" : p.colormap);
}

// A record's bake as the view: its size as the export size (a volume's in the slices
// view), a tile's first texel as the view's origin, no zoom.
void applyRecordView(State& s, const app::BakeRequest& r) {
    s.exportWidth = r.size.width;
    s.exportHeight = r.size.height;
    s.exportDepth = r.size.isVolume() ? r.size.depth : 0;
    const TexelStart start = r.start();
    s.view = View{static_cast<double>(start[0]), static_cast<double>(start[1]), 1.0};
    if (r.size.isVolume()) {
        s.startView = preview::ViewKind::Slices;
        s.spec.offset[2] += static_cast<double>(start[2]);  // a volume tile's first slice
    }
}

// The File menu's loads: a preset (built-in name or .json file) or a baked file's record,
// replacing the noise, range and colormap; the view starts over. Returns what to show.
std::string openPreset(State& s, const std::string& nameOrPath) {
    const app::Preset p = app::loadPreset(nameOrPath);
    s.spec = p.spec;
    applyMapping(s, p);
    s.view = View{};
    return "opened preset " + nameOrPath;
}
std::string openRecord(State& s, const std::string& path) {
    const app::BakeRequest r = recordOf(path, path);
    s.spec = r.spec;
    applyMapping(s, app::Preset{r.spec, true, r.range, r.colormap, r.bits, r.boundRange});
    applyRecordView(s, r);
    s.noOctaveLimit = r.noOctaveLimit;
    if (s.startView) s.layout.view = *s.startView;
    s.startView.reset();
    return "opened the record of " + path;
}

// The spec on screen (pan and zoom included) with its range and colormap, as a preset:
// what `glnoise bake --print-spec` prints for the export's command.
std::string presetText(const State& s) {
    const NoiseSpec spec = viewSpec(s.spec, s.view);
    return app::presetJson(spec, chosenRange(s), s.colormap.name == "gray" ? "" : s.colormap.name, 0,
                           !s.customRange && s.boundRange)
               .dump(2) +
           "\n";
}
std::string savePreset(const State& s, const std::string& path) {
    const std::string text = presetText(s);
    io::OutputFile out(path);
    out.write(text.data(), text.size());
    out.commit();
    return "saved the spec as " + path;
}

// The `glnoise check` that compares what the proof compares: the spec shown over the
// texture's grid.
std::string checkCommand(const NoiseSpec& spec, const Grid& grid, bool noOctaveLimit) {
    app::BakeRequest r;
    r.spec = spec;
    r.size = grid;
    r.noOctaveLimit = noOctaveLimit;
    const std::string bake = app::bakeCommand(r, false);
    return "glnoise check" + bake.substr(std::string("glnoise bake").size());
}

// Where things are this frame, in framebuffer pixels from the top left.
struct Layout {
    int menu = 0;                       // the menu bar's height
    int panelX = 0, panelWidth = 0;     // the side panel, 0 wide when hidden
    int viewX = 0, viewY = 0, viewWidth = 0, viewHeight = 0;
    double pixelsPerPoint = 1.0;
};

// The view takes what the menu bar and the panel leave; the panel is at most 60% of the
// window, so that the noise always shows, and scrolls when its contents are taller.
Layout layOut(const State& s, int fbWidth, int fbHeight, int winWidth, float menuPoints, float uiScale) {
    Layout l;
    l.pixelsPerPoint = winWidth > 0 ? static_cast<double>(fbWidth) / winWidth : 1.0;
    if (s.chrome) {
        l.menu = static_cast<int>(std::lround(menuPoints * l.pixelsPerPoint));
        if (s.layout.panel) {
            const double most = 0.6 * fbWidth;
            const double wanted = s.layout.panelWidth * uiScale * l.pixelsPerPoint;
            l.panelWidth = static_cast<int>(std::lround(std::clamp(wanted, std::min(160.0 * uiScale * l.pixelsPerPoint, most), most)));
        }
    }
    l.menu = std::min(l.menu, fbHeight - 1);
    l.viewWidth = std::max(1, fbWidth - l.panelWidth);
    l.viewHeight = std::max(1, fbHeight - l.menu);
    l.viewY = l.menu;
    l.panelX = l.viewWidth;
    return l;
}

constexpr int kSlicesAcross = 4;  // the slices view shows 4 x 4 slices
constexpr int kDefaultDepth = 64;
constexpr int kTerrainEdge = 512;  // the 3D view's heightmap without an export size

// The copies across and down the view shows (1 but in the tiled and slices views).
int copiesOf(const State& s) {
    switch (s.layout.view) {
        case preview::ViewKind::Tiled: return s.layout.tiles;
        case preview::ViewKind::Slices: return kSlicesAcross;
        default: return 1;
    }
}

// The size of the texture a view shows: the view itself in 2D; else the export size, or
// without one a copy's share of the view (tiled, slices: by 64 deep) or 512 x 512 (3D).
Grid tileGrid(const State& s, const Layout& l) {
    const preview::ViewKind v = s.layout.view;
    if (v == preview::ViewKind::Flat) return Grid{l.viewWidth, l.viewHeight, 1};
    const int depth = v == preview::ViewKind::Slices ? (s.exportDepth > 0 ? s.exportDepth : kDefaultDepth) : 1;
    if (s.exportWidth > 0 && s.exportHeight > 0) return Grid{s.exportWidth, s.exportHeight, depth};
    if (v == preview::ViewKind::Terrain) return Grid{kTerrainEdge, kTerrainEdge, 1};
    return Grid{std::max(1, l.viewWidth / copiesOf(s)), std::max(1, l.viewHeight / copiesOf(s)), depth};
}

// The slices the slices view shows of a volume `depth` deep: all of them up to 16, else
// 16 spread evenly from the first to the last.
std::vector<int> shownSlices(int depth) {
    const int n = std::min(depth, kSlicesAcross * kSlicesAcross);
    std::vector<int> v;
    v.reserve(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        v.push_back(n == depth ? k : static_cast<int>(std::lround(static_cast<double>(k) * (depth - 1) / (n - 1))));
    return v;
}


// What the window maps to black..white, as an export would: the custom range, the stated
// bound, or the spec's typical range (measured once per spec).
ValueRange shownRange(State& s, const NoiseSpec& spec) {
    if (s.customRange) return s.range;
    if (s.boundRange) return spec.statedRange();
    const std::string key = io::specJson(spec);
    if (key != s.typicalOf) {
        try {
            s.typical = cpu::typicalRange(spec);
        } catch (const ValidationError&) {
            s.typical = ValueRange{-1.0, 1.0};  // the panel shows the spec's error
        }
        s.typicalOf = key;
    }
    return s.typical;
}

// What an export bakes: the chosen size, else the texture on screen (the view's, or one copy
// of the tiled view's).
Grid exportGrid(const State& s, const Layout& l) {
    const Grid shown = tileGrid(s, l);
    return Grid{s.exportWidth > 0 ? s.exportWidth : shown.width, s.exportHeight > 0 ? s.exportHeight : shown.height,
                shown.depth};
}

// Bakes the view's spec at the export size through glnoise bake's own path.
// What an export bakes: the view's spec at the export size, through the view's colormap
// (gray exports the values themselves).
app::BakeRequest exportRequest(const State& s, const NoiseSpec& spec, const Grid& grid) {
    app::BakeRequest r;
    r.spec = spec;
    r.size = grid;
    r.range = chosenRange(s);
    r.boundRange = !s.customRange && s.boundRange;
    r.colormap = s.colormap.name == "gray" ? "" : s.colormap.name;
    r.out = s.exportPath;
    r.noOctaveLimit = s.noOctaveLimit;
    return r;
}

std::string exportView(State& s, gpu::Generator& gen, const Layout& l) {
    const Grid grid = exportGrid(s, l);
    NoiseSpec spec = viewSpec(s.spec, s.view);
    app::NoiseArgs limit;
    limit.noOctaveLimit = s.noOctaveLimit;
    app::limitOctaves(spec, limit);  // as `glnoise bake` would
    const app::BakeRequest request = exportRequest(s, spec, grid);
    const std::string command = app::bakeCommand(request);
    app::Bake bake(request);
    const std::string what = bake.run(&gen);
    std::printf("exported %s: %s\n  same as: %s\n", s.exportPath.c_str(), what.c_str(), command.c_str());
    std::fflush(stdout);
    return "exported " + s.exportPath;
}

void screenshot(const std::string& path, int width, int height) {
    io::OutputFile out(path);
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(width) * height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
    // GL's rows go bottom up; a PNG's top down.
    const std::size_t row = static_cast<std::size_t>(width) * 3;
    for (int y = 0; y < height / 2; ++y)
        std::swap_ranges(rgb.begin() + y * row, rgb.begin() + (y + 1) * row, rgb.begin() + (height - 1 - y) * row);
    io::writePng(rgb.data(), width, height, 3, out);
    out.commit();
}

bool inputDouble(const char* label, double* v, double min, double max, const char* format = "%.6g") {
    const double old = *v;
    ImGui::InputDouble(label, v, 0.0, 0.0, format);
    *v = std::clamp(*v, min, max);
    return *v != old;
}

// One spec field's widget, by its type, within the field's limits (core/fields.hpp).
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
    // World coordinates show every digit; other numbers six.
    inputDouble(labelOf(f).c_str(), &v, f.min, f.max, f.max >= 1e12 ? "%.17g" : "%.6g");
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

// The value and gradient at a texel of the view's spec, from the CPU reference: the
// analytic gradient where the spec has one (fBm, 2D or 3D, no warp), else a central
// difference over one texel. Per texel of the view, x right and y down.
struct Probe {
    bool valid = false;
    int x = 0, y = 0, z = 0;
    float gpu = 0.0f;        // the texture's value there
    double value = 0.0;      // the reference's
    double dx = 0.0, dy = 0.0;
    bool analytic = false;
};

Probe probeAt(const NoiseSpec& shown, int x, int y, int z, float gpuValue) {
    Probe p;
    p.x = x;
    p.y = y;
    p.z = z;
    p.gpu = gpuValue;
    if (shown.output != Output::Value) return p;
    try {
        NoiseSpec g = shown;
        g.output = Output::Gradient;
        bool analytic = true;
        try {
            g.validate();
        } catch (const ValidationError&) {
            analytic = false;
        }
        if (analytic) {
            const Image i = cpu::evaluate(g, Grid{1, 1, 1}, TexelStart{x, y, z}, 1);
            p.value = i.at(0, 0, 0, 0);
            p.dx = i.at(0, 0, 0, 1);
            p.dy = i.at(0, 0, 0, 2);
        } else {
            const Image i = cpu::evaluate(shown, Grid{3, 3, 1}, TexelStart{x - 1, y - 1, z}, 1);
            p.value = i.at(1, 1, 0);
            p.dx = (i.at(2, 1, 0) - i.at(0, 1, 0)) / 2.0;
            p.dy = (i.at(1, 2, 0) - i.at(1, 0, 0)) / 2.0;
        }
        p.analytic = analytic;
        p.valid = true;
    } catch (const Error&) {
        p.valid = false;  // a spec the panel is showing an error for
    }
    return p;
}

// The histogram of the visible values, the display's range on it (yellow lines), the
// clipped share beside it, and the colormap under the range.
void histogramWidget(const preview::Histogram& h, ValueRange range, const Colormap& map) {
    if (h.total == 0) {
        ImGui::TextDisabled("no histogram: a normal map is shown");
        return;
    }
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = ImGui::GetFontSize() * 5.0f;
    const float bar = ImGui::GetFontSize() * 0.6f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("histogram", ImVec2(width, height + bar + 2.0f));
    draw->AddRectFilled(at, ImVec2(at.x + width, at.y + height), IM_COL32(30, 30, 34, 255));
    const std::uint32_t most = *std::max_element(h.bins.begin(), h.bins.end());
    const auto xOf = [&](double v) { return at.x + static_cast<float>((v - h.lo) / (h.hi - h.lo)) * width; };
    for (std::size_t i = 0; i < h.bins.size(); ++i) {
        if (h.bins[i] == 0) continue;
        const float x0 = at.x + width * static_cast<float>(i) / 256.0f;
        const float x1 = at.x + width * static_cast<float>(i + 1) / 256.0f;
        const float top = at.y + height * (1.0f - static_cast<float>(h.bins[i]) / static_cast<float>(most));
        const double mid = h.lo + (h.hi - h.lo) * (static_cast<double>(i) + 0.5) / 256.0;
        const bool clipped = mid < range.min || mid > range.max;
        draw->AddRectFilled(ImVec2(x0, top), ImVec2(std::max(x1, x0 + 1.0f), at.y + height),
                            clipped ? IM_COL32(220, 90, 80, 255) : IM_COL32(170, 170, 180, 255));
    }
    for (double v : {range.min, range.max}) {
        const float x = std::clamp(xOf(v), at.x, at.x + width - 1.0f);
        draw->AddLine(ImVec2(x, at.y), ImVec2(x, at.y + height), IM_COL32(255, 210, 60, 255), 1.5f);
    }
    // The colormap along the same axis: what each value becomes.
    for (int px = 0; px < static_cast<int>(width); ++px) {
        const double v = h.lo + (h.hi - h.lo) * (px + 0.5) / width;
        draw->AddRectFilled(ImVec2(at.x + static_cast<float>(px), at.y + height + 2.0f),
                            ImVec2(at.x + static_cast<float>(px + 1), at.y + height + 2.0f + bar),
                            map.color(static_cast<float>(v), range));
    }
    if (ImGui::IsItemHovered()) {
        const double v = h.lo + (h.hi - h.lo) * (ImGui::GetIO().MousePos.x - at.x) / width;
        const int i = std::clamp(static_cast<int>((v - h.lo) / (h.hi - h.lo) * 256.0), 0, 255);
        ImGui::SetTooltip("%.5g: %u texels", v, h.bins[static_cast<std::size_t>(i)]);
    }
    const double share = 100.0 / static_cast<double>(h.total);
    ImGui::TextWrapped("%.4g .. %.4g   clipped: %.2f%% below, %.2f%% above", h.lo, h.hi, static_cast<double>(h.below) * share,
                       static_cast<double>(h.above) * share);
    if (h.nans) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%llu NaN texels", static_cast<unsigned long long>(h.nans));
}

void menuBar(State& s, bool* exportNow, bool* copyCommand, bool* quit) {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::BeginMenu("Presets")) {
            for (const std::string& name : app::presetNames())
                if (ImGui::MenuItem(name.c_str())) s.status = openPreset(s, name);
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Open preset or record")) {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 20.0f);
            ImGui::InputTextWithHint("##open", "a preset .json, or a baked .png .exr .r16 .r32", &s.openPath);
            try {
                if (ImGui::Button("open as preset")) s.status = openPreset(s, s.openPath);
                ImGui::SameLine();
                if (ImGui::Button("open its record")) s.status = openRecord(s, s.openPath);
            } catch (const Error& e) {
                s.status = std::string("not opened: ") + e.what();
            }
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Save spec as preset")) {
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
        if (ImGui::MenuItem("2D texture", "1", s.layout.view == preview::ViewKind::Flat)) s.layout.view = preview::ViewKind::Flat;
        if (ImGui::MenuItem("Tiled 2x2", "2", s.layout.view == preview::ViewKind::Tiled && s.layout.tiles == 2)) {
            s.layout.view = preview::ViewKind::Tiled;
            s.layout.tiles = 2;
        }
        if (ImGui::MenuItem("Tiled 3x3", "3", s.layout.view == preview::ViewKind::Tiled && s.layout.tiles == 3)) {
            s.layout.view = preview::ViewKind::Tiled;
            s.layout.tiles = 3;
        }
        if (ImGui::MenuItem("3D heightfield", "4", s.layout.view == preview::ViewKind::Terrain))
            s.layout.view = preview::ViewKind::Terrain;
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

void proofSection(State& s, const preview::Proof& running, bool current) {
    ImGui::Checkbox("check against the CPU reference (P)", &s.proofOn);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("computes the texture shown on the CPU reference, in the background, and compares as "
                          "glnoise check does");
    if (!s.proofOn) return;
    if (running.running()) {
        ImGui::ProgressBar(running.progress(), ImVec2(-1.0f, 0.0f), "the reference is computing");
    }
    if (!s.proof) return;
    const preview::ProofResult& r = *s.proof;
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

// A section of the panel, open or closed as it was last left (the settings remember it).
bool section(State& s, const char* name, bool openByDefault) {
    const auto it = s.layout.sections.find(name);
    ImGui::SetNextItemOpen(it == s.layout.sections.end() ? openByDefault : it->second, ImGuiCond_Always);
    const bool open = ImGui::CollapsingHeader(name);
    s.layout.sections[name] = open;
    return open;
}

void panel(State& s, const preview::Regeneration& last, const gpu::ContextInfo& info, const Layout& l,
           const Probe& probe, float fps, bool* exportNow, const preview::Proof& proof) {
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
    NoiseSpec& n = s.spec;
    if (section(s, "Noise", true)) {
        for (const SpecField& f : specFields()) {
            if (!f.appliesTo(n)) continue;
            std::visit([&](auto m) { fieldWidget(f, n.*m, n); }, f.member);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("--%s: %s", f.name.c_str(), f.help.c_str());
        }
        if (n.pattern == Pattern::Clouds) n.fractal = Fractal::Turbulence;  // as on the command line
        if (!s.octaveNote.empty()) ImGui::TextWrapped("%s", s.octaveNote.c_str());
    }
    if (section(s, "Animation", false)) {
        if (n.dims < 3) ImGui::TextDisabled("animation moves z: switch to 3D or 4D");
        ImGui::BeginDisabled(n.dims < 3);
        ImGui::Checkbox("animate z (space)", &s.animate);
        inputDouble("z per second", &s.speed, -1e6, 1e6);
        ImGui::EndDisabled();
    }
    if (section(s, "View", true)) {
        using preview::ViewKind;
        int kind = s.layout.view == ViewKind::Flat      ? 0
                   : s.layout.view == ViewKind::Tiled   ? s.layout.tiles - 1
                   : s.layout.view == ViewKind::Terrain ? 3
                                                        : 4;
        ImGui::RadioButton("2D", &kind, 0);
        ImGui::SameLine();
        ImGui::RadioButton("tiled", &kind, 1);
        ImGui::SameLine();
        ImGui::RadioButton("3x3", &kind, 2);
        ImGui::SameLine();
        ImGui::RadioButton("3D", &kind, 3);
        ImGui::SameLine();
        ImGui::BeginDisabled(n.dims < 3);
        ImGui::RadioButton("slices", &kind, 4);
        ImGui::EndDisabled();
        if (n.dims < 3 && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("a volume's slices: switch to 3D or 4D noise");
        s.layout.view = kind == 0 ? ViewKind::Flat : kind <= 2 ? ViewKind::Tiled : kind == 3 ? ViewKind::Terrain : ViewKind::Slices;
        if (s.layout.view == ViewKind::Terrain) {
            ImGui::SliderFloat("relief", &s.relief, 0.01f, 1.0f, "%.2f");
            ImGui::Checkbox("turntable", &s.turntable);
            ImGui::TextDisabled("drag: orbit  wheel: closer, further");
        }
        if (s.layout.view == ViewKind::Slices) {
            int depth = s.exportDepth > 0 ? s.exportDepth : kDefaultDepth;
            if (ImGui::InputInt("volume depth", &depth)) s.exportDepth = std::clamp(depth, 1, 2048);
            const std::vector<int> shown = shownSlices(tileGrid(s, l).depth);
            ImGui::TextWrapped("slices %d to %d of %d, %zu shown", shown.front(), shown.back(), tileGrid(s, l).depth,
                               shown.size());
        }
        if (kind == 1 || kind == 2) {
            s.layout.tiles = kind + 1;
            // Where the spec repeats, in texels of the view: a tile of a multiple of it is seamless.
            const NoiseSpec shown = viewSpec(n, s.view);
            const Grid tile = tileGrid(s, l);
            if (shown.period[0] > 0 && shown.period[1] > 0) {
                const double rx = shown.period[0] / shown.frequency, ry = shown.period[1] / shown.frequency;
                const bool seamless = std::abs(tile.width / rx - std::round(tile.width / rx)) < 1e-9 &&
                                      std::abs(tile.height / ry - std::round(tile.height / ry)) < 1e-9;
                ImGui::TextWrapped("repeats every %.6g x %.6g texels; the %d x %d tile %s", rx, ry, tile.width,
                                   tile.height, seamless ? "tiles seamlessly" : "is not a multiple: seams show");
            } else {
                ImGui::TextWrapped("%d x %d tile (the export size); no period set: seams show", tile.width, tile.height);
            }
        }
        static const std::vector<std::string> maps = Colormap::names();
        if (ImGui::BeginCombo("colormap", s.colormap.name.c_str())) {
            for (const auto& name : maps)
                if (ImGui::Selectable(name.c_str(), name == s.colormap.name)) s.colormap = Colormap::named(name);
            ImGui::EndCombo();
        }
        ImGui::Checkbox("custom range", &s.customRange);
        if (s.customRange) {
            inputDouble("min", &s.range.min, -1e30, s.range.max - 1e-9);
            inputDouble("max", &s.range.max, s.range.min + 1e-9, 1e30);
        } else {
            ImGui::Checkbox("stated bound", &s.boundRange);
            const ValueRange shown = shownRange(s, n);
            ImGui::Text("range: %s, [%s, %s]", s.boundRange ? "stated" : "typical", formatNumber(shown.min).c_str(),
                        formatNumber(shown.max).c_str());
        }
        ImGui::Text("origin %.6g, %.6g   zoom %.4g", s.view.originX, s.view.originY, s.view.zoom);
        if (ImGui::Button("reset view (R)")) s.view = View{};
    }
    if (section(s, "Readouts", true)) {
        histogramWidget(s.histogram, shownRange(s, n), s.colormap);
        if (probe.valid) {
            if (s.layout.view == preview::ViewKind::Slices)
                ImGui::Text("at %d, %d, slice %d: %.6f (GPU %.6f)", probe.x, probe.y, probe.z, probe.value,
                            static_cast<double>(probe.gpu));
            else
                ImGui::Text("at %d, %d: %.6f (GPU %.6f)", probe.x, probe.y, probe.value, static_cast<double>(probe.gpu));
            ImGui::TextWrapped("gradient %.4g, %.4g per texel (%s)", probe.dx, probe.dy,
                        probe.analytic ? "analytic" : "central difference");
        } else {
            ImGui::TextDisabled("hover the noise for its value; right click pins a point");
        }
        ImGui::TextWrapped("GPU %.3f ms per regeneration (%s)", last.milliseconds,
                    last.timerQuery ? "GL timer query" : "wall clock, dispatch to finish");
        ImGui::TextWrapped("%.1f frames/s on %s", fps, info.renderer.c_str());
    }
    if (section(s, "Proof", true)) proofSection(s, proof, s.proofDoneOf == s.proofOf);
    if (section(s, "Export", true)) {
        ImGui::InputText("file (.png, .r32)", &s.exportPath);
        int size[2] = {s.exportWidth, s.exportHeight};
        ImGui::InputInt2("size (0: view)", size);
        s.exportWidth = std::clamp(size[0], 0, kMaxEdge);
        s.exportHeight = std::clamp(size[1], 0, kMaxEdge);
        if (ImGui::Button("export (S)")) *exportNow = true;
        ImGui::SameLine();
        const std::string command = app::bakeCommand(exportRequest(s, viewSpec(n, s.view), exportGrid(s, l)));
        if (ImGui::Button("copy as command (C)")) ImGui::SetClipboardText(command.c_str());
        ImGui::TextWrapped("%s", command.c_str());
    }
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

// The fonts: DejaVu Sans when the system has it (Debian: fonts-dejavu-core), else Dear
// ImGui's own, at 15 points times the UI scale.
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

std::string readoutsJson(const State& s, const Layout& l, int fbWidth, int fbHeight, const Grid& tile,
                         const Probe& probe, const preview::Regeneration& last, double fps) {
    nlohmann::json j;
    j["window"] = {fbWidth, fbHeight};
    j["menu_height"] = l.menu;
    j["panel"] = l.panelWidth > 0 ? nlohmann::json{{"x", l.panelX}, {"width", l.panelWidth}} : nlohmann::json(nullptr);
    j["view"] = {{"x", l.viewX}, {"y", l.viewY}, {"width", l.viewWidth}, {"height", l.viewHeight},
                 {"kind", preview::toString(s.layout.view)}, {"tiles", copiesOf(s)},
                 {"texture", tile.isVolume() ? nlohmann::json{tile.width, tile.height, tile.depth} : nlohmann::json{tile.width, tile.height}}};
    if (s.layout.view == preview::ViewKind::Slices) j["view"]["slices"] = shownSlices(tile.depth);
    const preview::Histogram& h = s.histogram;
    j["histogram"] = {{"lo", h.lo}, {"hi", h.hi}, {"bins", h.bins}, {"below", h.below},
                      {"above", h.above}, {"nans", h.nans}, {"total", h.total}};
    if (probe.valid)
        j["probe"] = {{"x", probe.x}, {"y", probe.y}, {"z", probe.z}, {"value", probe.value}, {"gpu_value", probe.gpu},
                      {"gradient", {probe.dx, probe.dy}}, {"gradient_from", probe.analytic ? "analytic" : "central difference"}};
    if (s.proof && s.proofDoneOf == s.proofOf)
        j["proof"] = {{"command", s.proof->command}, {"lines", s.proof->lines}, {"pass", s.proof->pass},
                      {"worst", s.proof->worst}};
    j["regeneration_ms"] = last.milliseconds;
    j["frames_per_second"] = fps;
    return j.dump(1) + "\n";
}

void writeText(const std::string& path, const std::string& text) {
    io::OutputFile out(path);
    out.write(text.data(), text.size());
    out.commit();
}

int run(const Args& a) {
    State s;
    // A preset or a baked file's record to start from; the flags given override it.
    std::optional<app::Preset> base;
    std::optional<app::BakeRequest> record;
    std::string baseSource;
    if (!a.from.empty() && !a.preset.empty())
        throw ValidationError("--from " + a.from + ": continues from a file's own record; give it or --preset " +
                              a.preset + ", not both");
    if (!a.from.empty()) {
        record = recordOf(a.from, "--from " + a.from);
        base = app::Preset{record->spec, true, record->range, record->colormap, record->bits, record->boundRange};
        baseSource = "--from " + a.from;
    } else if (!a.preset.empty()) {
        base = app::loadPreset(a.preset);
        baseSource = "preset " + a.preset;
    }
    s.spec = app::buildSpec(a.noise, nullptr, base ? &base->spec : nullptr, base && base->hasDims, baseSource);
    s.noOctaveLimit = a.noise.noOctaveLimit || (record && record->noOctaveLimit);
    if (base) applyMapping(s, *base);
    if (record) applyRecordView(s, *record);
    if (!a.range.empty()) {
        s.boundRange = a.range == "bound";
        s.customRange = a.range != "default" && a.range != "typical" && !s.boundRange;
        if (s.customRange) s.range = app::parseRange(a.range);
    }
    if (a.colormapGiven || !base) s.colormap = parseColormap(a.colormap);
    if (!a.savePreset.empty()) io::OutputFile claim(a.savePreset);
    s.animate = a.animate;
    s.speed = app::parseNumber("--speed", a.speed);
    if (!std::isfinite(s.speed)) throw ValidationError("--speed " + a.speed + ": must be a finite number");
    if (s.animate && s.spec.dims < 3)
        throw ValidationError("--animate: moves z, which needs --dims 3 or 4 (or --z)");
    std::optional<preview::ViewKind> viewFlag = s.startView;
    if (!a.view.empty()) viewFlag = preview::parseViewKind("--view", a.view);
    if (viewFlag == preview::ViewKind::Slices && s.spec.dims < 3)
        throw ValidationError("--view slices: shows a volume, which needs --dims 3 or 4");
    if (!a.size.empty()) {
        const Grid g = app::parseSizeFlag(a.size);
        s.exportDepth = 0;
        if (g.isVolume() && viewFlag != preview::ViewKind::Slices)
            throw ValidationError("--size " + a.size + ": a volume, which only the slices view exports (--view slices)");
        s.exportWidth = g.width;
        s.exportHeight = g.height;
        if (g.isVolume()) s.exportDepth = g.depth;
    }
    if (!a.relief.empty()) {
        const double r = app::parseNumber("--relief", a.relief);
        if (!(r >= 0.01 && r <= 4.0)) throw ValidationError("--relief " + a.relief + ": must be between 0.01 and 4");
        s.relief = static_cast<float>(r);
    }
    s.exportPath = a.out;
    const Grid window = [&] {
        try {
            return app::parseSizeFlag(a.window, "--window");
        } catch (const ValidationError&) {
            throw ValidationError("--window " + a.window + ": must be WxH with each edge between 1 and 16384");
        }
    }();
    if (window.isVolume()) throw ValidationError("--window " + a.window + ": must be WxH with each edge between 1 and 16384");
    if (!a.pan.empty()) {
        const auto p = app::parseList("--pan", a.pan, 2, 2);
        if (!std::isfinite(p[0]) || !std::isfinite(p[1]))
            throw ValidationError("--pan " + a.pan + ": must be X,Y with finite X and Y");
        s.view.originX = p[0];
        s.view.originY = p[1];
    }
    if (!a.zoom.empty()) s.view.zoom = parseZoom(a.zoom);
    if (a.frames < 0) throw ValidationError("--frames " + std::to_string(a.frames) + ": must be >= 0");
    if (a.tiles != 0 && a.tiles != 2 && a.tiles != 3)
        throw ValidationError("--tiles " + std::to_string(a.tiles) + ": allowed: 2, 3");
    if (!a.probe.empty()) {
        const auto p = app::parseList("--probe", a.probe, 2, 3);
        for (double c : p)
            if (!(c >= 0 && c < 65536) || c != std::floor(c))
                throw ValidationError("--probe " + a.probe +
                                      ": must be X,Y (or X,Y,SLICE), whole texels of the view from its top left");
        s.probeSet = true;
        s.probeX = static_cast<int>(p[0]);
        s.probeY = static_cast<int>(p[1]);
        s.probeZ = p.size() > 2 ? static_cast<int>(p[2]) : 0;
    }
    std::optional<float> uiScaleFlag;
    if (!a.uiScale.empty()) {
        const double u = app::parseNumber("--ui-scale", a.uiScale);
        if (!(u >= 0.5 && u <= 4.0)) throw ValidationError("--ui-scale " + a.uiScale + ": must be between 0.5 and 4");
        uiScaleFlag = static_cast<float>(u);
    }
    // Claim the output paths now, so a bad one fails before a window opens.
    if (!a.screenshot.empty()) io::OutputFile claim(a.screenshot);
    if (!a.readouts.empty()) io::OutputFile claim(a.readouts);
    // A given export path is checked even without --export: the S key writes to it.
    if (a.exportAtEnd || a.outGiven) app::Bake claim(exportRequest(s, s.spec, Grid{1, 1, 1}));

    // The remembered layout, then the flags over it.
    const std::string settingsFile = a.forget ? std::string() : preview::settingsPath();
    std::string settingsWarning;
    s.layout = preview::loadSettings(settingsFile, &settingsWarning);
    if (!settingsWarning.empty()) std::fprintf(stderr, "glnoise-preview: warning: %s\n", settingsWarning.c_str());
    if (viewFlag) s.layout.view = *viewFlag;
    if (!a.sections.empty()) {
        const std::vector<std::string> known = {"noise", "animation", "view", "readouts", "proof", "export"};
        const auto title = [](std::string name) {  // the panel's header: "Noise" for noise
            name[0] = static_cast<char>(name[0] - 'a' + 'A');
            return name;
        };
        for (const std::string& name : known) s.layout.sections[title(name)] = false;
        for (const std::string& name : app::splitList(a.sections)) {
            if (std::find(known.begin(), known.end(), name) == known.end())
                throw ValidationError("--sections " + a.sections + ": " + name + " is not a section; allowed: " +
                                      app::joinedNames(known));
            s.layout.sections[title(name)] = true;
        }
    }
    if (s.layout.view == preview::ViewKind::Slices && s.spec.dims < 3) s.layout.view = preview::ViewKind::Flat;
    if (a.tiles) s.layout.tiles = a.tiles;
    s.chrome = !a.hidePanel;
    s.proofOn = a.check || a.showDifference;
    s.showDifference = a.showDifference;
    s.turntable = a.turntable;

    glfwSetErrorCallback(onGlfwError);
    if (!glfwInit()) noWindow("cannot open a window");
    struct Terminate {
        ~Terminate() { glfwTerminate(); }
    } terminate;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, a.verbose ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    GLFWwindow* win = glfwCreateWindow(window.width, window.height, "glnoise-preview", nullptr, nullptr);
    if (!win) noWindow("cannot create a window with an OpenGL 4.3 core context");
    glfwMakeContextCurrent(win);
    glfwSwapInterval(1);

    gpu::ContextOptions options;
    options.debug = a.verbose;
    gpu::Context ctx = gpu::Context::adoptCurrent(glfwGetProcAddress, options);
    if (a.verbose) std::fprintf(stderr, "glnoise-preview: %s, %s\n", ctx.info().renderer.c_str(), ctx.info().version.c_str());
    preview::Renderer renderer(ctx);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is glnoise's own settings file
    float xscale = 1.0f, yscale = 1.0f;
    glfwGetWindowContentScale(win, &xscale, &yscale);
    const float uiScale = uiScaleFlag ? *uiScaleFlag : std::clamp(xscale, 0.5f, 4.0f);
    ImGui::GetStyle().ScaleAllSizes(uiScale);
    loadFont(uiScale);
    ImGui_ImplGlfw_InitForOpenGL(win, true);
    ImGui_ImplOpenGL3_Init("#version 430");

    preview::Regeneration last;
    std::string generated;  // the spec and size last generated, to regenerate only on change
    long regenerations = 0;
    int frame = 0;
    bool dragging = false;
    double dragX = 0.0, dragY = 0.0;
    auto previous = Clock::now();
    const auto started = previous;
    auto firstDone = previous;
    Layout layout;
    Probe probe;
    preview::Proof proof;
    std::string probeKey;

    while (!glfwWindowShouldClose(win)) {
        glfwPollEvents();
        const auto now = Clock::now();
        // A scripted run (--frames) steps a fixed 1/60 s per frame, so what it animates and
        // screenshots is the same on a fast machine and a slow one.
        const double dt = a.frames > 0 ? 1.0 / 60.0 : std::chrono::duration<double>(now - previous).count();
        previous = now;

        int fbWidth = 0, fbHeight = 0, winWidth = 0, winHeight = 0;
        glfwGetFramebufferSize(win, &fbWidth, &fbHeight);
        glfwGetWindowSize(win, &winWidth, &winHeight);
        if (fbWidth <= 0 || fbHeight <= 0) {  // minimised
            glfwWaitEvents();
            continue;
        }

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        ImGuiIO& io = ImGui::GetIO();
        layout = layOut(s, fbWidth, fbHeight, winWidth, ImGui::GetFrameHeight(), uiScale);
        const double ppp = layout.pixelsPerPoint;
        if (s.layout.view == preview::ViewKind::Slices && s.spec.dims < 3) {
            s.layout.view = preview::ViewKind::Flat;
            s.status = "the slices view shows a volume: 3D or 4D noise; showing the 2D texture";
        }
        const preview::ViewKind kind = s.layout.view;
        const bool terrain = kind == preview::ViewKind::Terrain;
        const Grid tile = tileGrid(s, layout);
        const std::vector<int> slices = kind == preview::ViewKind::Slices ? shownSlices(tile.depth) : std::vector<int>{0};
        // The mouse in view pixels; in the tiled and slices views, within the copy it is over.
        const double mx = io.MousePos.x * ppp - layout.viewX, my = io.MousePos.y * ppp - layout.viewY;
        const bool overView = !io.WantCaptureMouse && mx >= 0 && my >= 0 && mx < layout.viewWidth && my < layout.viewHeight;
        const int copies = copiesOf(s);
        // Copies that would not fit the view texel for texel are shown every step-th texel.
        const auto ceilDiv = [](long long a, long long b) { return static_cast<int>((a + b - 1) / b); };
        const int step = copies == 1 || terrain ? 1
                                                : std::max({1, ceilDiv(static_cast<long long>(copies) * tile.width,
                                                                       std::max(1, layout.viewWidth)),
                                                            ceilDiv(static_cast<long long>(copies) * tile.height,
                                                                    std::max(1, layout.viewHeight))});
        const double tx = copies == 1 ? mx : std::fmod(mx * step, tile.width);
        const double ty = copies == 1 ? my : std::fmod(my * step, tile.height);
        const int cellX = static_cast<int>(mx * step / tile.width), cellY = static_cast<int>(my * step / tile.height);
        const int cell = copies == 1 ? 0 : cellY * copies + cellX;
        const bool overTexture = overView && !terrain &&
                                 (copies == 1 || (cellX < copies && cellY < copies &&
                                                  static_cast<std::size_t>(cell) < slices.size()));
        const int slice = overTexture && kind == preview::ViewKind::Slices ? slices[static_cast<std::size_t>(cell)] : 0;

        bool exportNow = false, copyCommand = false, quit = false;
        // Dear ImGui 1.86 indexes keys by the backend's codes: GLFW_KEY_*.
        if (!io.WantCaptureKeyboard) {
            if (ImGui::IsKeyPressed(GLFW_KEY_S)) exportNow = true;
            if (ImGui::IsKeyPressed(GLFW_KEY_R)) {
                s.view = View{};
                s.camera = preview::Camera{};
            }
            if (ImGui::IsKeyPressed(GLFW_KEY_4)) s.layout.view = preview::ViewKind::Terrain;
            if (ImGui::IsKeyPressed(GLFW_KEY_5) && s.spec.dims >= 3) s.layout.view = preview::ViewKind::Slices;
            if (ImGui::IsKeyPressed(GLFW_KEY_H)) {
                s.layout.panel = !s.chrome || !s.layout.panel;
                s.chrome = true;
            }
            if (ImGui::IsKeyPressed(GLFW_KEY_1)) s.layout.view = preview::ViewKind::Flat;
            for (int n : {2, 3})
                if (ImGui::IsKeyPressed(GLFW_KEY_0 + n)) {
                    s.layout.view = preview::ViewKind::Tiled;
                    s.layout.tiles = n;
                }
            if (ImGui::IsKeyPressed(GLFW_KEY_SPACE) && s.spec.dims >= 3) s.animate = !s.animate;
            if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) quit = true;
            if (ImGui::IsKeyPressed(GLFW_KEY_C)) copyCommand = true;
            if (ImGui::IsKeyPressed(GLFW_KEY_P)) s.proofOn = !s.proofOn;
            if (ImGui::IsKeyPressed(GLFW_KEY_D)) s.showDifference = !s.showDifference;
        }
        const bool dragging3d = terrain && ImGui::IsMouseDown(ImGuiMouseButton_Left) && !io.WantCaptureMouse;
        if (terrain && overView) {  // orbit and dolly
            if (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0.0f)) {
                const ImVec2 d = io.MouseDelta;
                s.camera.yaw -= d.x * 0.008f;
                s.camera.pitch = std::clamp(s.camera.pitch + d.y * 0.008f, 0.05f, 1.55f);
            }
            if (io.MouseWheel != 0.0f)
                s.camera.distance = std::clamp(s.camera.distance * std::pow(0.9f, io.MouseWheel), 0.2f, 20.0f);
        }
        if (overTexture) {
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
                dragging = true;
                dragX = mx;
                dragY = my;
            }
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {  // pin the readout's point
                s.probeSet = true;
                s.probeX = static_cast<int>(tx);
                s.probeY = static_cast<int>(ty);
                s.probeZ = slice;
            }
            if (io.MouseWheel != 0.0f) {  // zoom about the point under the cursor
                const double zoom = std::clamp(s.view.zoom * std::pow(1.1, io.MouseWheel), kMinZoom, kMaxZoom);
                s.view.originX += tx / s.view.zoom - tx / zoom;
                s.view.originY += ty / s.view.zoom - ty / zoom;
                s.view.zoom = zoom;
            }
        }
        if (dragging) {
            s.view.originX -= (mx - dragX) / s.view.zoom;
            s.view.originY -= (my - dragY) / s.view.zoom;
            dragX = mx;
            dragY = my;
            if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) dragging = false;
        }
        if (s.animate && s.spec.dims >= 3) s.spec.z += s.speed * dt;
        if (s.turntable && terrain && !dragging) s.camera.yaw += static_cast<float>(0.5 * dt);

        // Regenerate only when the spec or the size changed. A gradient is shown as its value.
        NoiseSpec spec = viewSpec(s.spec, s.view);
        if (spec.output == Output::Gradient) spec.output = Output::Value;
        s.octaveNote = app::limitOctaves(spec, a.noise);
        const std::string key = io::specJson(spec) + toString(tile);
        if (key != generated) {
            try {
                last = renderer.regenerate(spec, tile);
                s.specError.clear();
                ++regenerations;
            } catch (const ValidationError& e) {
                s.specError = e.what();  // shown in the panel; the last good image stays
            }
            generated = key;
        }
        const ValueRange range = shownRange(s, s.spec);
        const std::string histogramKey = key + formatNumber(range.min) + "," + formatNumber(range.max);
        if (histogramKey != s.histogramOf) {
            const double lo = std::isfinite(last.min) ? std::min<double>(last.min, range.min) : range.min;
            const double hi = std::isfinite(last.max) ? std::max<double>(last.max, range.max) : range.max;
            s.histogram = renderer.histogram(lo, hi, range);
            s.histogramOf = histogramKey;
        }
        // The proof: started for each new regeneration while it is on, stopped when it is off.
        if (s.proofOn && s.proofOf != key && s.specError.empty()) {
            proof.start(spec, renderer.read(), checkCommand(spec, tile, s.noOctaveLimit));
            s.proofOf = key;
        } else if (!s.proofOn && !s.proofOf.empty()) {
            proof.stop();
            s.proofOf.clear();
        }
        const bool lastFrame = a.frames > 0 && frame + 1 >= a.frames;
        if (lastFrame && s.proofOn) proof.wait();  // scripts get the finished proof
        if (auto done = proof.take()) {
            s.proof = std::move(done);
            s.proofDoneOf = s.proofOf;
            renderer.setDifference(s.proof->difference, s.proof->grid);
        }
        const bool showDifference = s.proofOn && s.showDifference && s.proof && s.proofDoneOf == key;
        // The readout: the texel under the cursor, else the pinned one.
        const bool hovering = overTexture && !dragging;
        const int px = hovering ? static_cast<int>(tx) : s.probeX, py = hovering ? static_cast<int>(ty) : s.probeY;
        const int pz = hovering ? slice : s.probeZ;
        if (hovering || s.probeSet) {
            const std::string k = key + std::to_string(px) + "," + std::to_string(py) + "," + std::to_string(pz);
            if (k != probeKey) {
                probe = probeAt(spec, px, py, pz, renderer.valueAt(px, py, pz));
                probe.valid = probe.valid && px < renderer.width() && py < renderer.height() && pz < renderer.depth();
                probeKey = k;
            }
        } else {
            probe = Probe{};
            probeKey.clear();
        }

        if (s.chrome) {
            menuBar(s, &exportNow, &copyCommand, &quit);
            if (s.layout.panel) panel(s, last, ctx.info(), layout, probe, io.Framerate, &exportNow, proof);
        }
        if (copyCommand)
            ImGui::SetClipboardText(
                app::bakeCommand(exportRequest(s, viewSpec(s.spec, s.view), exportGrid(s, layout))).c_str());
        if (quit) glfwSetWindowShouldClose(win, GLFW_TRUE);

        glViewport(0, 0, fbWidth, fbHeight);
        glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        const preview::Viewport viewport{layout.viewX, fbHeight - layout.viewY - layout.viewHeight, layout.viewWidth,
                                         layout.viewHeight};
        static const Colormap fire = Colormap::named("fire");
        const ValueRange unit{0.0, 1.0};
        if (showDifference && kind == preview::ViewKind::Slices)
            renderer.drawSlices(viewport, unit, fire, kSlicesAcross, slices, true, step);
        else if (showDifference)
            renderer.draw(viewport, unit, fire, terrain ? 1 : copies, true, step);
        else if (terrain)
            renderer.drawTerrain(viewport, range, s.colormap, s.camera, s.relief, dragging3d || s.turntable);
        else if (kind == preview::ViewKind::Slices)
            renderer.drawSlices(viewport, range, s.colormap, kSlicesAcross, slices, false, step);
        else
            renderer.draw(viewport, range, s.colormap, copies, false, step);
        ImGui::Render();
        glViewport(0, 0, fbWidth, fbHeight);
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        if (exportNow || (lastFrame && a.exportAtEnd)) {
            try {
                s.status = exportView(s, renderer.generator(), layout);
            } catch (const Error& e) {  // a bad path or a full disk: say so and keep the window
                s.status = std::string("export failed: ") + e.what();
                if (lastFrame && a.exportAtEnd) throw;
            }
        }
        if (lastFrame && !a.screenshot.empty()) screenshot(a.screenshot, fbWidth, fbHeight);
        if (lastFrame && !a.savePreset.empty()) savePreset(s, a.savePreset);
        if (lastFrame && !a.readouts.empty()) {
            const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
            writeText(a.readouts, readoutsJson(s, layout, fbWidth, fbHeight, tile, probe, last,
                                               seconds > 0 ? (frame + 1) / seconds : 0.0));
        }
        glfwSwapBuffers(win);
        if (frame == 0) firstDone = Clock::now();
        ++frame;
        if (lastFrame) break;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    // The first frame builds the fonts and the shaders and regenerates: the steady rate
    // leaves it out.
    const double steady = std::chrono::duration<double>(Clock::now() - firstDone).count();
    std::printf("glnoise-preview: %d frames, %ld regenerations, %.1f frames/s (%.1f after the first); last "
                "regeneration %.3f ms (%s) on %s\n",
                frame, regenerations, seconds > 0 ? frame / seconds : 0.0,
                frame > 1 && steady > 0 ? (frame - 1) / steady : 0.0, last.milliseconds,
                last.timerQuery ? "GL timer query" : "wall clock", ctx.info().renderer.c_str());
    if (const std::string failed = preview::saveSettings(settingsFile, s.layout); !failed.empty())
        std::fprintf(stderr, "glnoise-preview: warning: %s\n", failed.c_str());

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(win);
    return 0;
}

}  // namespace

static int previewMain(int argc, char** argv) {
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
    app.add_option("--out", a.out, "export file: .png, .exr, .r16 or .r32, as glnoise bake writes them (default glnoise-export.png)");
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
    app.add_option("--ui-scale", a.uiScale, "the panel's size, 0.5 to 4 (default: the monitor's content scale)");
    app.add_option("--probe", a.probe, "X,Y (or X,Y,SLICE): the texel whose value and gradient the readouts show (right click pins one)");
    app.add_option("--readouts", a.readouts, "write the layout, histogram and probe as JSON to this file after the last frame");
    app.add_flag("--forget", a.forget, "neither read nor write the remembered layout");
    app.add_option("--sections", a.sections,
                   "open these sections of the panel and close the others: noise, animation, view, readouts, proof, "
                   "export (comma-separated)");
    app.add_option("--preset", a.preset, "start from a preset: " + app::joinedNames(app::presetNames()) +
                                             ", or a .json file; flags override it");
    app.add_option("--from", a.from, "continue from the record in a glnoise .png, .exr or raw file; flags override it");
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
        return run(a);
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

int main(int argc, char** argv) { return glnoise::app::guardedMain("glnoise-preview", previewMain, argc, argv); }
