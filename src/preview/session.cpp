// SPDX-License-Identifier: MIT
#include "preview/session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
// GL comes from the loader glnoise is built with (glad), not from GLFW's system header.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "app/fields.hpp"
#include "app/options.hpp"
#include "app/record.hpp"
#include "glnoise/error.hpp"
#include "glnoise/format.hpp"
#include "glnoise/io.hpp"
#include "preview/panel.hpp"
#include "preview/probe.hpp"
#include "preview/views.hpp"

namespace glnoise::preview {

namespace {

using Clock = std::chrono::steady_clock;

std::string glfwMessage;
void onGlfwError(int, const char* description) { glfwMessage = description ? description : "unknown error"; }

[[noreturn]] void noWindow(const std::string& what) {
    throw GpuError(what + (glfwMessage.empty() ? "" : ": " + glfwMessage) +
                   ". The preview needs a display: for headless use run `glnoise bake`, or run the "
                   "preview under a virtual display: xvfb-run -a glnoise-preview ...");
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

std::string readoutsJson(const State& s, ValueRange shown, const Layout& l, int fbWidth, int fbHeight, const Grid& tile,
                         const Probe& probe, const preview::Regeneration& last, double fps, const Thumbnails& thumbnails) {
    nlohmann::json j;
    j["window"] = {fbWidth, fbHeight};
    j["menu_height"] = l.menu;
    j["panel"] = l.panelWidth > 0 ? nlohmann::json{{"x", l.panelX}, {"width", l.panelWidth}} : nlohmann::json(nullptr);
    j["view"] = {{"x", l.viewX}, {"y", l.viewY}, {"width", l.viewWidth}, {"height", l.viewHeight},
                 {"kind", preview::toString(s.layout.view)}, {"tiles", copiesOf(s)},
                 {"texture", tile.isVolume() ? nlohmann::json{tile.width, tile.height, tile.depth} : nlohmann::json{tile.width, tile.height}}};
    if (s.layout.view == preview::ViewKind::Slices) j["view"]["slices"] = shownSlices(tile.depth);
    if (s.layout.view == preview::ViewKind::View3d) {
        const std::optional<double> sea = seaOf(s, shown);
        j["view"]["sea"] = sea ? nlohmann::json(*sea) : nlohmann::json(nullptr);
        j["view"]["erosion"] = s.erosion.on ? nlohmann::json{{"iterations", s.erosion.done},
                                                             {"of", s.erosion.params.iterations},
                                                             {"cell_size", s.erosion.params.cellSize},
                                                             {"height_scale", s.erosion.params.heightScale},
                                                             {"flow_map", s.erosion.flow}}
                                            : nlohmann::json(nullptr);
    }
    const preview::Histogram& h = s.histogram;
    j["histogram"] = {{"lo", h.lo}, {"hi", h.hi}, {"bins", h.bins}, {"below", h.below},
                      {"above", h.above}, {"nans", h.nans}, {"total", h.total}};
    if (probe.valid)
        j["probe"] = {{"x", probe.x}, {"y", probe.y}, {"z", probe.z}, {"value", probe.value}, {"gpu_value", probe.gpu},
                      {"gradient", {probe.dx, probe.dy}}, {"gradient_from", probe.analytic ? "analytic" : "central difference"}};
    if (s.graph)
        for (const auto& [id, t] : thumbnails.all())
            j["nodes"][id] = {{"min", t.min}, {"max", t.max}, {"width", t.width}, {"height", t.height},
                              {"milliseconds", t.milliseconds}, {"error", t.error}};
    if (s.proof && s.proofDoneOf == s.proofOf)
        j["proof"] = {{"command", s.proof->command}, {"lines", s.proof->lines}, {"pass", s.proof->pass},
                      {"worst", s.proof->worst}};
    j["regeneration_ms"] = last.milliseconds;
    j["frames_per_second"] = fps;
    return j.dump(1) + "\n";
}

// GLFW, initialised for the session's life.
struct Glfw {
    Glfw() {
        glfwSetErrorCallback(onGlfwError);
        if (!glfwInit()) noWindow("cannot open a window");
    }
    ~Glfw() { glfwTerminate(); }
    Glfw(const Glfw&) = delete;
    Glfw& operator=(const Glfw&) = delete;
};

GLFWwindow* openWindow(const Grid& size, bool debug) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debug ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    GLFWwindow* win = glfwCreateWindow(size.width, size.height, "glnoise-preview", nullptr, nullptr);
    if (!win) noWindow("cannot create a window with an OpenGL 4.3 core context");
    glfwMakeContextCurrent(win);
    glfwSwapInterval(1);
    return win;
}

gpu::Context adoptContext(bool verbose) {
    gpu::ContextOptions options;
    options.debug = verbose;
    gpu::Context ctx = gpu::Context::adoptCurrent(glfwGetProcAddress, options);
    if (verbose) std::fprintf(stderr, "glnoise-preview: %s, %s\n", ctx.info().renderer.c_str(), ctx.info().version.c_str());
    return ctx;
}

// Where the mouse is this frame: in view pixels; in the tiled and slices views, within the
// copy it is over (tx, ty), and which slice that copy shows.
struct Pointer {
    double mx = 0.0, my = 0.0;
    bool overView = false, overTexture = false;
    double tx = 0.0, ty = 0.0;
    int slice = 0;
};

// What one frame works with.
struct Frame {
    int fbWidth = 0, fbHeight = 0;
    Grid tile;
    std::vector<int> slices;
    int copies = 1;
    int step = 1;  // copies that would not fit the view texel for texel are shown every step-th texel
    Pointer pointer;
    double dt = 0.0;
    bool last = false;  // the last of a scripted run (--frames)
};

// What the frame shows: the spec regenerated (the view's, a gradient as its value, octaves
// above the Nyquist limit dropped), its key, and the range on screen.
struct Shown {
    NoiseSpec spec;              // a graph's space
    std::optional<Graph> graph;  // the view's graph, when a graph is shown
    std::string key;
    ValueRange range;
};

class Session {
public:
    Session(const Args& a, Start start)
        : a_(a), s_(std::move(start.state)), sweep_(start.sweep), settingsFile_(std::move(start.settingsFile)),
          win_(openWindow(start.window, a.verbose)), ctx_(adoptContext(a.verbose)), renderer_(ctx_) {
        IMGUI_CHECKVERSION();
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = nullptr;  // the layout is glnoise's own settings file
        float xscale = 1.0f, yscale = 1.0f;
        glfwGetWindowContentScale(win_, &xscale, &yscale);
        uiScale_ = start.uiScale ? *start.uiScale : std::clamp(xscale, 0.5f, 4.0f);
        ImGui::GetStyle().ScaleAllSizes(uiScale_);
        loadFont(uiScale_);
        ImGui_ImplGlfw_InitForOpenGL(win_, true);
        ImGui_ImplOpenGL3_Init("#version 430");
        s_.softwareGl = ctx_.info().software;
    }

    int loop();

private:
    void keys(bool* exportNow, bool* copyCommand, bool* quit);
    Pointer pointer(const Frame& f) const;
    void mouse(const Frame& f);
    Shown regenerate(const Frame& f);
    void proofAndProbe(const Shown& shown, const Frame& f);
    void erode(const Shown& shown, const Frame& f);
    DrawRequest drawRequest(const Frame& f, const Shown& shown) const;
    void draw(const Frame& f, const DrawRequest& d);
    void afterLastFrame(const Frame& f);

    const Args& a_;
    State s_;
    std::optional<Sweep> sweep_;  // --sweep: a node's number moved over the frames, as by its widget
    std::string settingsFile_;
    Glfw glfw_;
    GLFWwindow* win_;
    gpu::Context ctx_;
    Renderer renderer_;
    float uiScale_ = 1.0f;
    Regeneration last_;
    std::string generated_;  // the spec and size last generated, to regenerate only on change
    std::string erosionOf_;  // the regeneration and world the erosion runs on
    std::string stageOf_;    // the graph whose erode stage last set the erosion
    long regenerations_ = 0;
    int frame_ = 0;
    bool dragging_ = false;
    double dragX_ = 0.0, dragY_ = 0.0;
    Clock::time_point started_ = Clock::now(), firstDone_ = started_;
    Layout layout_;
    Probe probe_;
    Proof proof_;
    Thumbnails thumbnails_;
    std::string probeKey_;
};

// Dear ImGui 1.86 indexes keys by the backend's codes: GLFW_KEY_*.
void Session::keys(bool* exportNow, bool* copyCommand, bool* quit) {
    State& s = s_;
    if (ImGui::GetIO().WantCaptureKeyboard) return;
    // A graph's edits: Ctrl+Z undoes one, Ctrl+Shift+Z or Ctrl+Y redoes it.
    if (ImGui::GetIO().KeyCtrl) {
        if (ImGui::IsKeyPressed(GLFW_KEY_Z)) (ImGui::GetIO().KeyShift ? redoGraphEdit(s) : undoGraphEdit(s));
        if (ImGui::IsKeyPressed(GLFW_KEY_Y)) redoGraphEdit(s);
        return;
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_S)) *exportNow = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_R)) {
        s.view = View{};
        s.camera = Camera{};
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_4)) s.layout.view = ViewKind::View3d;
    if (ImGui::IsKeyPressed(GLFW_KEY_5) && shownSpace(s).dims >= 3) s.layout.view = ViewKind::Slices;
    if (ImGui::IsKeyPressed(GLFW_KEY_H)) {
        s.layout.panel = !s.chrome || !s.layout.panel;
        s.chrome = true;
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_1)) s.layout.view = ViewKind::View2d;
    for (int n : {2, 3})
        if (ImGui::IsKeyPressed(GLFW_KEY_0 + n)) {
            s.layout.view = ViewKind::Tiled;
            s.layout.tiles = n;
        }
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE) && shownSpace(s).dims >= 3) s.animate = !s.animate;
    if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) *quit = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_C)) *copyCommand = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_P)) s.proofOn = !s.proofOn;
    if (ImGui::IsKeyPressed(GLFW_KEY_D)) s.showDifference = !s.showDifference;
}

Pointer Session::pointer(const Frame& f) const {
    const ImGuiIO& io = ImGui::GetIO();
    const Layout& l = layout_;
    const double ppp = l.pixelsPerPoint;
    Pointer p;
    p.mx = io.MousePos.x * ppp - l.viewX;
    p.my = io.MousePos.y * ppp - l.viewY;
    p.overView = !io.WantCaptureMouse && p.mx >= 0 && p.my >= 0 && p.mx < l.viewWidth && p.my < l.viewHeight;
    const int copies = f.copies, step = f.step;
    p.tx = copies == 1 ? p.mx : std::fmod(p.mx * step, f.tile.width);
    p.ty = copies == 1 ? p.my : std::fmod(p.my * step, f.tile.height);
    const int cellX = static_cast<int>(p.mx * step / f.tile.width), cellY = static_cast<int>(p.my * step / f.tile.height);
    const int cell = copies == 1 ? 0 : cellY * copies + cellX;
    p.overTexture = p.overView && viewMode(s_.layout.view).texelsUnderMouse() &&
                    (copies == 1 || (cellX < copies && cellY < copies && static_cast<std::size_t>(cell) < f.slices.size()));
    p.slice = p.overTexture && s_.layout.view == ViewKind::Slices ? f.slices[static_cast<std::size_t>(cell)] : 0;
    return p;
}

// Panning (drag), zooming about the cursor (wheel), pinning the readout's point (right
// click); the view's own mouse (the 3D view's orbit); animation and the turntable.
void Session::mouse(const Frame& f) {
    State& s = s_;
    const ImGuiIO& io = ImGui::GetIO();
    const Pointer& p = f.pointer;
    const ViewMode& mode = viewMode(s.layout.view);
    if (!mode.texelsUnderMouse() && p.overView) mode.mouse(s, io);
    if (p.overTexture) {
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
            dragging_ = true;
            dragX_ = p.mx;
            dragY_ = p.my;
        }
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) {  // pin the readout's point
            s.probeSet = true;
            s.probeX = static_cast<int>(p.tx);
            s.probeY = static_cast<int>(p.ty);
            s.probeZ = p.slice;
        }
        if (io.MouseWheel != 0.0f) {  // zoom about the point under the cursor
            const double zoom = std::clamp(s.view.zoom * std::pow(1.1, io.MouseWheel), kMinZoom, kMaxZoom);
            s.view.originX += p.tx / s.view.zoom - p.tx / zoom;
            s.view.originY += p.ty / s.view.zoom - p.ty / zoom;
            s.view.zoom = zoom;
        }
    }
    if (dragging_) {
        s.view.originX -= (p.mx - dragX_) / s.view.zoom;
        s.view.originY -= (p.my - dragY_) / s.view.zoom;
        dragX_ = p.mx;
        dragY_ = p.my;
        if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) dragging_ = false;
    }
    if (s.animate && shownSpace(s).dims >= 3) (s.graph ? s.graph->space : s.spec).z += s.speed * f.dt;
    if (s.turntable && s.layout.view == ViewKind::View3d && !dragging_) s.camera.yaw += static_cast<float>(0.5 * f.dt);
}

// The proof: started for each new regeneration while it is on, stopped when it is off;
// and the readout: the texel under the cursor, else the pinned one.
void Session::proofAndProbe(const Shown& shown, const Frame& f) {
    State& s = s_;
    const NoiseSpec& spec = shown.spec;
    const std::string& key = shown.key;
    if (s.proofOn && s.proofOf != key && s.specError.empty()) {
        if (shown.graph)
            proof_.start(*shown.graph, renderer_.read(), checkCommand(*shown.graph, f.tile));
        else
            proof_.start(spec, renderer_.read(), checkCommand(spec, f.tile, s.noOctaveLimit));
        s.proofOf = key;
    } else if (!s.proofOn && !s.proofOf.empty()) {
        proof_.stop();
        s.proofOf.clear();
    }
    if (f.last && s.proofOn) proof_.wait();  // scripts get the finished proof
    if (auto done = proof_.take()) {
        s.proof = std::move(done);
        s.proofDoneOf = s.proofOf;
        renderer_.setDifference(s.proof->difference, s.proof->grid);
    }
    const Pointer& p = f.pointer;
    const bool hovering = p.overTexture && !dragging_;
    const int px = hovering ? static_cast<int>(p.tx) : s.probeX, py = hovering ? static_cast<int>(p.ty) : s.probeY;
    const int pz = hovering ? p.slice : s.probeZ;
    if (hovering || s.probeSet) {
        const std::string k = key + std::to_string(px) + "," + std::to_string(py) + "," + std::to_string(pz);
        if (k != probeKey_) {
            const float gpuValue = renderer_.valueAt(px, py, pz);
            probe_ = shown.graph ? probeAt(*shown.graph, px, py, pz, gpuValue) : probeAt(spec, px, py, pz, gpuValue);
            probe_.valid = probe_.valid && px < renderer_.width() && py < renderer_.height() && pz < renderer_.depth();
            probeKey_ = k;
        }
    } else {
        probe_ = Probe{};
        probeKey_.clear();
    }
}

// The 3D view's erosion: started over the heightmap shown when it or the erosion's world
// changes, a few iterations a frame until it has run its iterations; stopped when turned
// off or the view has no heightmap (a volume, a normal map, another view).
void Session::erode(const Shown& shown, const Frame& f) {
    State& s = s_;
    // A graph's erode stage, when it is new: its numbers, running.
    const std::string stage = s.graph && s.graph->erosion ? s.graph->json(-1) : std::string();
    if (stage != stageOf_) {
        stageOf_ = stage;
        if (s.graph && s.graph->erosion) {
            s.erosion.params = *s.graph->erosion;
            s.erosion.on = true;
        }
    }
    const bool heightmap = s.layout.view == ViewKind::View3d && !f.tile.isVolume() && shown.spec.output == Output::Value &&
                           s.specError.empty();
    if (!s.erosion.on || !heightmap) {
        renderer_.stopErosion();
        erosionOf_.clear();
        s.erosion.done = 0;
        return;
    }
    erosion::Params p = s.erosion.params;
    p.iterations = 0;  // not part of the world: more or fewer go on from where it is
    std::string key = shown.key;
    for (const erosion::ParamNumber& n : erosion::paramNumbers()) key += "," + formatNumber(p.*n.field);
    try {
        if (key != erosionOf_) {
            p.validate();
            renderer_.startErosion(p);
            erosionOf_ = key;
        }
        const int left = s.erosion.params.iterations - renderer_.erosionDone();
        if (left > 0) renderer_.erode(std::min(left, std::max(1, s.erosion.perFrame)));
    } catch (const Error& e) {
        s.status = std::string("erosion: ") + e.what();
        s.erosion.on = false;
        renderer_.stopErosion();
        erosionOf_.clear();
    }
    s.erosion.done = renderer_.erosionDone();
}

// Regenerates only when the spec or the size changed (a gradient is shown as its value),
// then the histogram when the regeneration or the range changed.
Shown Session::regenerate(const Frame& f) {
    State& s = s_;
    std::optional<Graph> graph;
    NoiseSpec spec;
    if (s.graph) {
        graph = viewGraph(viewedGraph(s), s.view).pointwise();  // an erode stage runs in the 3D view
        if (graph->space.output == Output::Gradient) graph->space.output = Output::Value;
        spec = graph->space;
        // The octave limit as glnoise bake --graph applies it, at the view's texel spacing.
        s.octaveNote.clear();
        for (const app::Note& note : app::limitGraphOctaves(*graph, s.noOctaveLimit, "the graph"))
            s.octaveNote += (s.octaveNote.empty() ? "" : "\n") + app::worded(note, app::flagNamed);
    } else {
        spec = viewSpec(s.spec, s.view);
        if (spec.output == Output::Gradient) spec.output = Output::Value;
        const auto note = app::limitOctaves(spec, s.noOctaveLimit);
        s.octaveNote = note ? app::worded(*note, app::flagNamed) : "";
    }
    const std::string key = (graph ? graph->json(-1) : io::specJson(spec)) + toString(f.tile);
    if (key != generated_) {
        try {
            last_ = graph ? renderer_.regenerate(*graph, f.tile) : renderer_.regenerate(spec, f.tile);
            s.specError.clear();
            ++regenerations_;
        } catch (const ValidationError& e) {
            s.specError = e.what();  // shown in the panel; the last good image stays
        }
        generated_ = key;
    }
    const ValueRange range = shownRange(s, s.spec);
    const std::string histogramKey = key + formatNumber(range.min) + "," + formatNumber(range.max);
    if (histogramKey != s.histogramOf) {
        const double lo = std::isfinite(last_.min) ? std::min<double>(last_.min, range.min) : range.min;
        const double hi = std::isfinite(last_.max) ? std::max<double>(last_.max, range.max) : range.max;
        s.histogram = renderer_.histogram(lo, hi, range);
        s.histogramOf = histogramKey;
    }
    return Shown{spec, graph, key, range};
}

DrawRequest Session::drawRequest(const Frame& f, const Shown& shown) const {
    const State& s = s_;
    static const Colormap fire = Colormap::named("fire");
    DrawRequest d;
    d.viewport = Viewport{layout_.viewX, f.fbHeight - layout_.viewY - layout_.viewHeight, layout_.viewWidth,
                          layout_.viewHeight};
    d.difference = s.proofOn && s.showDifference && s.proof && s.proofDoneOf == shown.key;
    d.range = d.difference ? ValueRange{0.0, 1.0} : shown.range;
    d.colormap = d.difference ? &fire : &s.colormap;
    d.step = f.step;
    d.slices = f.slices;
    d.moving = (ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::GetIO().WantCaptureMouse) || s.turntable;
    return d;
}

void Session::draw(const Frame& f, const DrawRequest& d) {
    glViewport(0, 0, f.fbWidth, f.fbHeight);
    glClearColor(0.1f, 0.1f, 0.1f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    viewMode(s_.layout.view).draw(renderer_, s_, d);
    ImGui::Render();
    glViewport(0, 0, f.fbWidth, f.fbHeight);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// What a scripted run writes after its last frame: the screenshot, the preset, the readouts.
void Session::afterLastFrame(const Frame& f) {
    if (!a_.screenshot.empty()) screenshot(a_.screenshot, f.fbWidth, f.fbHeight);
    if (!a_.savePreset.empty()) savePreset(s_, a_.savePreset);
    if (!a_.saveShader.empty()) saveGraphShader(s_, a_.saveShader);
    if (!a_.readouts.empty()) {
        const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
        writeText(a_.readouts, readoutsJson(s_, shownRange(s_, s_.spec), layout_, f.fbWidth, f.fbHeight, f.tile, probe_, last_,
                                            seconds > 0 ? (frame_ + 1) / seconds : 0.0, thumbnails_));
    }
}

int Session::loop() {
    State& s = s_;
    auto previous = Clock::now();
    while (!glfwWindowShouldClose(win_)) {
        glfwPollEvents();
        const auto now = Clock::now();
        Frame f;
        // A scripted run (--frames) steps a fixed 1/60 s per frame, so what it animates and
        // screenshots is the same on a fast machine and a slow one.
        f.dt = a_.frames > 0 ? 1.0 / 60.0 : std::chrono::duration<double>(now - previous).count();
        previous = now;
        int winWidth = 0, winHeight = 0;
        glfwGetFramebufferSize(win_, &f.fbWidth, &f.fbHeight);
        glfwGetWindowSize(win_, &winWidth, &winHeight);
        if (f.fbWidth <= 0 || f.fbHeight <= 0) {  // minimised
            glfwWaitEvents();
            continue;
        }
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        layout_ = layOut(s, f.fbWidth, f.fbHeight, winWidth, ImGui::GetFrameHeight(), uiScale_);
        if (s.layout.view == ViewKind::Slices && shownSpace(s).dims < 3) {
            s.layout.view = ViewKind::View2d;
            s.status = "the slices view shows a volume: 3D or 4D noise; showing the 2D texture";
        }
        f.tile = textureGrid(s, layout_);
        f.slices = s.layout.view == ViewKind::Slices ? shownSlices(f.tile.depth) : std::vector<int>{0};
        f.copies = copiesOf(s);
        const auto ceilDiv = [](long long x, long long y) { return static_cast<int>((x + y - 1) / y); };
        f.step = f.copies == 1 || s.layout.view == ViewKind::View3d
                     ? 1
                     : std::max({1, ceilDiv(static_cast<long long>(f.copies) * f.tile.width, std::max(1, layout_.viewWidth)),
                                 ceilDiv(static_cast<long long>(f.copies) * f.tile.height, std::max(1, layout_.viewHeight))});
        f.pointer = pointer(f);
        f.last = a_.frames > 0 && frame_ + 1 >= a_.frames;

        bool exportNow = false, copyCommand = false, quit = false;
        keys(&exportNow, &copyCommand, &quit);
        mouse(f);
        if (sweep_ && s.graph) {
            const double t = static_cast<double>(frame_) / std::max(1, a_.frames - 1);
            applyGraphEdit(s, withField(*s.graph, sweep_->field + "=" + formatNumber(sweep_->from + (sweep_->to - sweep_->from) * t),
                                        "--sweep"));
        }
        const Shown shown = regenerate(f);
        proofAndProbe(shown, f);
        erode(shown, f);
        // A graph's nodes as pictures, while the panel shows them: one a frame (each new
        // structure compiles a program), all of them by a scripted run's last frame.
        const auto noise = s.layout.sections.find("Noise");
        if (s.graph && s.chrome && s.layout.panel && (noise == s.layout.sections.end() || noise->second))
            thumbnails_.update(renderer_.generator(), *s.graph, s.view, layout_.viewWidth, layout_.viewHeight, s.colormap,
                               f.last ? static_cast<int>(s.graph->nodes.size()) : 1);
        const DrawRequest request = drawRequest(f, shown);
        if (s.chrome) {
            menuBar(s, &exportNow, &copyCommand, &quit);
            if (s.layout.panel)
                panel(s, PanelFacts{last_, ctx_.info(), layout_, probe_, ImGui::GetIO().Framerate, proof_, thumbnails_},
                      &exportNow);
        }
        if (copyCommand)
            ImGui::SetClipboardText(
                exportCommand(s, exportRequest(s, exportGrid(s, layout_))).c_str());
        if (quit) glfwSetWindowShouldClose(win_, GLFW_TRUE);
        draw(f, request);
        if (exportNow || (f.last && a_.exportAtEnd)) {
            try {
                s.status = exportView(s, renderer_.generator(), layout_);
            } catch (const Error& e) {  // a bad path or a full disk: say so and keep the window
                s.status = std::string("export failed: ") + e.what();
                if (f.last && a_.exportAtEnd) throw;
            }
        }
        if (f.last) afterLastFrame(f);
        glfwSwapBuffers(win_);
        if (frame_ == 0) firstDone_ = Clock::now();
        ++frame_;
        if (f.last) break;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    // The first frame builds the fonts and the shaders and regenerates: the steady rate
    // leaves it out.
    const double steady = std::chrono::duration<double>(Clock::now() - firstDone_).count();
    std::printf("glnoise-preview: %d frames, %ld regenerations, %zu programs compiled, %.1f frames/s (%.1f after the "
                "first); last regeneration %.3f ms (%s) on %s\n",
                frame_, regenerations_, renderer_.generator().programsCompiled(), seconds > 0 ? frame_ / seconds : 0.0,
                frame_ > 1 && steady > 0 ? (frame_ - 1) / steady : 0.0, last_.milliseconds,
                last_.timerQuery ? "GL timer query" : "wall clock", ctx_.info().renderer.c_str());
    if (const std::string failed = saveSettings(settingsFile_, s.layout); !failed.empty())
        std::fprintf(stderr, "glnoise-preview: warning: %s\n", failed.c_str());
    thumbnails_.clear();  // its textures, while the context is current
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(win_);
    return 0;
}

}  // namespace

int run(const Args& a) {
    Session session(a, startFrom(a));
    return session.loop();
}

}  // namespace glnoise::preview
