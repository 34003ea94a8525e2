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
#include "core/fields.hpp"
#include "core/format.hpp"
#include "glnoise/catalogue.hpp"
#include "glnoise/glnoise.hpp"
#include "glnoise/version.hpp"
#include "preview/renderer.hpp"

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
    std::string speed = "1", screenshot;
    int frames = 0;
    bool animate = false, hidePanel = false, exportAtEnd = false, verbose = false;
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
    int exportWidth = 0, exportHeight = 0;  // 0: the window's size
    std::string exportPath;
    bool showPanel = true;
    std::string status;  // the last export or error, shown in the panel
    std::string specError;
};

std::optional<ValueRange> chosenRange(const State& s) {
    return s.customRange ? std::optional<ValueRange>(s.range) : std::nullopt;
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

Grid exportGrid(const State& s, int fbWidth, int fbHeight) {
    return Grid{s.exportWidth > 0 ? s.exportWidth : fbWidth, s.exportHeight > 0 ? s.exportHeight : fbHeight, 1};
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

std::string exportView(State& s, gpu::Generator& gen, int fbWidth, int fbHeight) {
    const Grid grid = exportGrid(s, fbWidth, fbHeight);
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

void panel(State& s, const preview::Regeneration& last, const gpu::ContextInfo& info, int fbWidth, int fbHeight,
           float fps, bool* exportNow) {
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::Begin("glnoise " GLNOISE_VERSION, &s.showPanel, ImGuiWindowFlags_AlwaysAutoResize);
    NoiseSpec& n = s.spec;
    if (ImGui::CollapsingHeader("Noise", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const SpecField& f : specFields()) {
            if (!f.appliesTo(n)) continue;
            std::visit([&](auto m) { fieldWidget(f, n.*m, n); }, f.member);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("--%s: %s", f.name.c_str(), f.help.c_str());
        }
        if (n.pattern == Pattern::Clouds) n.fractal = Fractal::Turbulence;  // as on the command line
        if (!s.octaveNote.empty()) ImGui::TextWrapped("%s", s.octaveNote.c_str());
    }
    if (ImGui::CollapsingHeader("Animation", ImGuiTreeNodeFlags_DefaultOpen)) {
        if (n.dims < 3) ImGui::TextDisabled("animation moves z: switch to 3D or 4D");
        ImGui::BeginDisabled(n.dims < 3);
        ImGui::Checkbox("animate z (space)", &s.animate);
        inputDouble("z per second", &s.speed, -1e6, 1e6);
        ImGui::EndDisabled();
    }
    if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) {
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
    if (ImGui::CollapsingHeader("Readouts", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::Text("visible min %.6f  max %.6f", last.min, last.max);
        ImGui::Text("GPU %.3f ms per regeneration (%s)", last.milliseconds,
                    last.timerQuery ? "GL timer query" : "wall clock, dispatch to finish");
        ImGui::Text("%.1f frames/s on %s", fps, info.renderer.c_str());
    }
    if (ImGui::CollapsingHeader("Export", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::InputText("file (.png, .r32)", &s.exportPath);
        int size[2] = {s.exportWidth, s.exportHeight};
        ImGui::InputInt2("size (0: window)", size);
        s.exportWidth = std::clamp(size[0], 0, kMaxEdge);
        s.exportHeight = std::clamp(size[1], 0, kMaxEdge);
        if (ImGui::Button("export (S)")) *exportNow = true;
        ImGui::SameLine();
        const std::string command =
            app::bakeCommand(exportRequest(s, viewSpec(n, s.view), exportGrid(s, fbWidth, fbHeight)));
        if (ImGui::Button("copy as command (C)")) ImGui::SetClipboardText(command.c_str());
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
        ImGui::TextUnformatted(command.c_str());
        ImGui::PopTextWrapPos();
    }
    if (!s.specError.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", s.specError.c_str());
    if (!s.status.empty()) ImGui::TextWrapped("%s", s.status.c_str());
    ImGui::TextDisabled("drag: pan  wheel: zoom  H: panel  Esc: quit");
    ImGui::End();
}

int run(const Args& a) {
    State s;
    s.spec = app::buildSpec(a.noise, nullptr);
    s.noOctaveLimit = a.noise.noOctaveLimit;
    s.boundRange = a.range == "bound";
    s.customRange = !a.range.empty() && a.range != "default" && a.range != "typical" && !s.boundRange;
    if (s.customRange) s.range = app::parseRange(a.range);
    s.colormap = parseColormap(a.colormap);
    s.animate = a.animate;
    s.speed = app::parseNumber("--speed", a.speed);
    if (!std::isfinite(s.speed)) throw ValidationError("--speed " + a.speed + ": must be a finite number");
    if (s.animate && s.spec.dims < 3)
        throw ValidationError("--animate: moves z, which needs --dims 3 or 4 (or --z)");
    if (!a.size.empty()) {
        const Grid g = app::parseSizeFlag(a.size);
        if (g.isVolume()) throw ValidationError("--size " + a.size + ": the preview exports 2D images, WxH");
        s.exportWidth = g.width;
        s.exportHeight = g.height;
    }
    s.exportPath = a.out;
    const Grid window = app::parseSizeFlag(a.window, "--window");
    if (window.isVolume()) throw ValidationError("--window " + a.window + ": must be WxH");
    if (!a.pan.empty()) {
        const auto p = app::parseList("--pan", a.pan, 2, 2);
        if (!std::isfinite(p[0]) || !std::isfinite(p[1]))
            throw ValidationError("--pan " + a.pan + ": must be X,Y with finite X and Y");
        s.view.originX = p[0];
        s.view.originY = p[1];
    }
    if (!a.zoom.empty()) s.view.zoom = parseZoom(a.zoom);
    if (a.frames < 0) throw ValidationError("--frames " + std::to_string(a.frames) + ": must be >= 0");
    s.showPanel = !a.hidePanel;
    // Claim the screenshot and export paths now, so a bad one fails before a window opens.
    if (!a.screenshot.empty()) io::OutputFile claim(a.screenshot);
    // A given export path is checked even without --export: the S key writes to it.
    if (a.exportAtEnd || a.outGiven) app::Bake claim(exportRequest(s, s.spec, Grid{1, 1, 1}));

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
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left in the working directory
    float xscale = 1.0f, yscale = 1.0f;
    glfwGetWindowContentScale(win, &xscale, &yscale);
    ImGui::GetStyle().ScaleAllSizes(xscale);
    ImGui::GetIO().FontGlobalScale = xscale;
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

    while (!glfwWindowShouldClose(win)) {
        glfwPollEvents();
        const auto now = Clock::now();
        const double dt = std::chrono::duration<double>(now - previous).count();
        previous = now;

        int fbWidth = 0, fbHeight = 0, winWidth = 0, winHeight = 0;
        glfwGetFramebufferSize(win, &fbWidth, &fbHeight);
        glfwGetWindowSize(win, &winWidth, &winHeight);
        if (fbWidth <= 0 || fbHeight <= 0) {  // minimised
            glfwWaitEvents();
            continue;
        }
        const double pixelsPerPoint = winWidth > 0 ? static_cast<double>(fbWidth) / winWidth : 1.0;

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        ImGui::NewFrame();
        ImGuiIO& io = ImGui::GetIO();

        bool exportNow = false;
        // Dear ImGui 1.86 indexes keys by the backend's codes: GLFW_KEY_*.
        if (!io.WantCaptureKeyboard) {
            if (ImGui::IsKeyPressed(GLFW_KEY_S)) exportNow = true;
            if (ImGui::IsKeyPressed(GLFW_KEY_R)) s.view = View{};
            if (ImGui::IsKeyPressed(GLFW_KEY_H)) s.showPanel = !s.showPanel;
            if (ImGui::IsKeyPressed(GLFW_KEY_SPACE) && s.spec.dims >= 3) s.animate = !s.animate;
            if (ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) glfwSetWindowShouldClose(win, GLFW_TRUE);
            if (ImGui::IsKeyPressed(GLFW_KEY_C))
                ImGui::SetClipboardText(
                    app::bakeCommand(exportRequest(s, viewSpec(s.spec, s.view), exportGrid(s, fbWidth, fbHeight))).c_str());
        }
        if (!io.WantCaptureMouse) {
            const double mx = io.MousePos.x * pixelsPerPoint, my = io.MousePos.y * pixelsPerPoint;
            if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
                dragging = true;
                dragX = mx;
                dragY = my;
            }
            if (io.MouseWheel != 0.0f) {  // zoom about the point under the cursor
                const double zoom = std::clamp(s.view.zoom * std::pow(1.1, io.MouseWheel), kMinZoom, kMaxZoom);
                s.view.originX += mx / s.view.zoom - mx / zoom;
                s.view.originY += my / s.view.zoom - my / zoom;
                s.view.zoom = zoom;
            }
        }
        if (dragging) {
            const double mx = io.MousePos.x * pixelsPerPoint, my = io.MousePos.y * pixelsPerPoint;
            s.view.originX -= (mx - dragX) / s.view.zoom;
            s.view.originY -= (my - dragY) / s.view.zoom;
            dragX = mx;
            dragY = my;
            if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) dragging = false;
        }
        if (s.animate && s.spec.dims >= 3) s.spec.z += s.speed * dt;

        if (s.showPanel)
            panel(s, last, ctx.info(), fbWidth, fbHeight, io.Framerate, &exportNow);

        // Regenerate only when the spec or the size changed. A gradient is shown as its value.
        NoiseSpec spec = viewSpec(s.spec, s.view);
        if (spec.output == Output::Gradient) spec.output = Output::Value;
        s.octaveNote = app::limitOctaves(spec, a.noise);
        const std::string key = io::specJson(spec) + toString(Grid{fbWidth, fbHeight, 1});
        if (key != generated) {
            try {
                last = renderer.regenerate(spec, fbWidth, fbHeight);
                s.specError.clear();
                ++regenerations;
            } catch (const ValidationError& e) {
                s.specError = e.what();  // shown in the panel; the last good image stays
            }
            generated = key;
        }
        renderer.draw(fbWidth, fbHeight, shownRange(s, s.spec), s.colormap);
        ImGui::Render();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

        const bool lastFrame = a.frames > 0 && frame + 1 >= a.frames;
        if (exportNow || (lastFrame && a.exportAtEnd)) {
            try {
                s.status = exportView(s, renderer.generator(), fbWidth, fbHeight);
            } catch (const Error& e) {  // a bad path or a full disk: say so and keep the window
                s.status = std::string("export failed: ") + e.what();
                if (lastFrame && a.exportAtEnd) throw;
            }
        }
        if (lastFrame && !a.screenshot.empty()) screenshot(a.screenshot, fbWidth, fbHeight);
        glfwSwapBuffers(win);
        ++frame;
        if (lastFrame) break;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    std::printf("glnoise-preview: %d frames, %ld regenerations, %.1f frames/s; last regeneration %.3f ms (%s) on %s\n",
                frame, regenerations, seconds > 0 ? frame / seconds : 0.0, last.milliseconds,
                last.timerQuery ? "GL timer query" : "wall clock", ctx.info().renderer.c_str());

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
    app.add_option("--pan", a.pan, "X,Y: the bake-space point at the window's top-left corner (default 0,0)");
    app.add_option("--zoom", a.zoom, "screen pixels per bake texel (default 1)");
    app.add_flag("--animate", a.animate, "advance z over time (3D noise)");
    app.add_option("--speed", a.speed, "z per second when animating (default 1)");
    app.add_option("--out", a.out, "export file, .png or .r32 (default glnoise-export.png)");
    app.add_option("--size", a.size, "export size WxH (default: the window's)");
    app.add_option("--frames", a.frames, "render this many frames, then exit (0: until closed)");
    app.add_option("--screenshot", a.screenshot, "write the window to this PNG after the last frame");
    app.add_flag("--export", a.exportAtEnd, "export after the last frame, as the S key does");
    app.add_flag("--hide-panel", a.hidePanel, "start with the panel hidden (H shows it)");
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
