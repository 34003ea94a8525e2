// SPDX-License-Identifier: MIT
#include "preview/options.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/fields.hpp"
#include "app/flags.hpp"
#include "app/preset.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/format.hpp"
#include "glnoise/io.hpp"

namespace glnoise::preview {

namespace {

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

}  // namespace

Start startFrom(const Args& a) {
    Start start;
    State& s = start.state;
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
    if (!a.graph.empty() && !a.preset.empty())
        throw ValidationError("--graph " + app::graphSource(a.graph) + ": shows a graph; give it or --preset " + a.preset +
                              ", not both");
    if (!a.graph.empty() && !a.from.empty())
        throw ValidationError("--graph " + app::graphSource(a.graph) + ": shows a graph; give it or --from " + a.from +
                              " (whose record may hold one), not both");
    if (!a.graph.empty()) {
        s.graph = app::loadGraph(a.graph, a.noise);
    } else if (record && record->graph) {
        s.graph = app::applyGraphFlags(*record->graph, a.noise, baseSource + ": its graph");
    } else if (base && base->graph) {
        s.graph = app::applyGraphFlags(*base->graph, a.noise, baseSource + ": its graph");
    }
    if (s.graph) s.spec = s.graph->space;
    for (const std::string& edit : a.edits) scriptedEdit(s, edit);
    if (!a.viewNode.empty()) {
        const std::string flag = "--view-node " + a.viewNode;
        if (!s.graph) throw ValidationError(flag + ": shows a node of a graph; give --graph");
        if (!s.graph->nodes.count(a.viewNode)) throw ValidationError(flag + ": no node \"" + a.viewNode + "\" in the graph");
        Graph g = *s.graph;
        g.out = a.viewNode;
        try {
            g.validate();
        } catch (const ValidationError& e) {
            throw ValidationError(flag + ": that node cannot be shown: " + e.what());
        }
        s.viewedNode = a.viewNode;
    }
    if (!a.sweep.empty()) {
        const std::string flag = "--sweep " + a.sweep;
        const std::size_t eq = a.sweep.find('=');
        if (!s.graph) throw ValidationError(flag + ": moves a number of a graph's node; give --graph");
        if (a.frames < 2) throw ValidationError(flag + ": moves it over a scripted run's frames; give --frames 2 or more");
        if (eq == std::string::npos) throw ValidationError(flag + ": must be NODE.FIELD=FROM,TO");
        const auto ends = app::parseList("--sweep", a.sweep.substr(eq + 1), 2, 2);
        Sweep sweep{a.sweep.substr(0, eq), ends[0], ends[1]};
        for (const double end : {ends[0], ends[1]}) (void)withField(*s.graph, sweep.field + "=" + formatNumber(end), "--sweep");
        start.sweep = sweep;
    }
    if (s.graph) {
        s.spec = s.graph->space;
        if (base) base->spec = s.spec;
    } else {
        s.spec = app::buildSpec(a.noise, nullptr, base ? &base->spec : nullptr, base && base->hasDims, baseSource);
    }
    s.noOctaveLimit = a.noise.noOctaveLimit || (record && record->noOctaveLimit);
    if (base) applyMapping(s, *base);
    if (record) applyRecordView(s, *record);
    try {
        app::setBakeFields(s.exportFields, a.bake);
        s.exportFields.spec = s.spec;
        for (const Violation& v : app::inapplicableBakeFields(s.exportFields))
            throw ValidationError(v.field.empty() ? v.what : "--" + v.field + " " + v.what);
    } catch (const ValidationError& e) {
        throw ValidationError(app::asFlags(e));
    }
    if (!a.range.empty()) {
        s.boundRange = a.range == "bound";
        s.customRange = a.range != "default" && a.range != "typical" && !s.boundRange;
        if (s.customRange) s.range = app::parseRange(a.range);
    }
    if (a.colormapGiven || !base) s.colormap = parseColormap(a.colormap);
    if (!a.savePreset.empty()) io::OutputFile claim(a.savePreset);
    if (!a.saveShader.empty()) {
        if (!s.graph) throw ValidationError("--save-shader " + a.saveShader + ": saves a graph's function; give --graph");
        (void)shaderLanguageOf(a.saveShader);
        io::OutputFile claim(a.saveShader);
    }
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
    if (!a.sea.empty() && a.sea != "shore") {
        s.sea = a.sea != "off";
        if (s.sea) {
            const double level = app::parseNumber("--sea", a.sea);
            if (!std::isfinite(level))
                throw ValidationError("--sea " + a.sea + ": must be shore, off or a finite number (a level in the noise's values)");
            s.seaLevel = level;
        }
    }
    if (!a.erode.empty()) {
        s.erosion.params.iterations = app::parseInt("--erode", a.erode, "1 to 100000 (iterations)");
        if (s.erosion.params.iterations < 1 || s.erosion.params.iterations > erosion::Params::kMostIterations)
            throw ValidationError("--erode " + a.erode + ": must be 1 to 100000 (iterations)");
        s.erosion.on = true;
    }
    if (a.flowMap && !s.erosion.on) throw ValidationError("--flow-map: shows the flow of an erosion; give --erode ITERATIONS");
    s.erosion.flow = a.flowMap;
    if (!a.relief.empty()) {
        const double r = app::parseNumber("--relief", a.relief);
        if (!(r >= 0.01 && r <= 4.0)) throw ValidationError("--relief " + a.relief + ": must be between 0.01 and 4");
        s.relief = static_cast<float>(r);
    }
    s.exportPath = a.out;
    start.window = [&] {
        try {
            return app::parseSizeFlag(a.window, "--window");
        } catch (const ValidationError&) {
            throw ValidationError("--window " + a.window + ": must be WxH with each edge between 1 and 16384");
        }
    }();
    if (start.window.isVolume()) throw ValidationError("--window " + a.window + ": must be WxH with each edge between 1 and 16384");
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
    if (!a.uiScale.empty()) {
        const double u = app::parseNumber("--ui-scale", a.uiScale);
        if (!(u >= 0.5 && u <= 4.0)) throw ValidationError("--ui-scale " + a.uiScale + ": must be between 0.5 and 4");
        start.uiScale = static_cast<float>(u);
    }
    // Claim the output paths now, so a bad one fails before a window opens.
    if (!a.screenshot.empty()) io::OutputFile claim(a.screenshot);
    if (!a.readouts.empty()) io::OutputFile claim(a.readouts);
    // A given export path is checked even without --export: the S key writes to it.
    if (a.exportAtEnd || a.outGiven) app::Bake claim(exportRequest(s, Grid{1, 1, 1}));

    // The remembered layout, then the flags over it.
    start.settingsFile = a.forget ? std::string() : preview::settingsPath();
    std::string settingsWarning;
    s.layout = preview::loadSettings(start.settingsFile, &settingsWarning);
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
    if (s.layout.view == preview::ViewKind::Slices && s.spec.dims < 3) s.layout.view = preview::ViewKind::View2d;
    if (a.tiles) s.layout.tiles = a.tiles;
    s.chrome = !a.hidePanel;
    s.proofOn = a.check || a.showDifference;
    s.showDifference = a.showDifference;
    s.turntable = a.turntable;
    return start;
}

}  // namespace glnoise::preview
