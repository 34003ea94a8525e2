// SPDX-License-Identifier: MIT
#include "preview/state.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/flags.hpp"
#include "app/nodes.hpp"
#include "app/options.hpp"
#include "app/record.hpp"
#include "app/verify.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/io.hpp"
#include "glnoise/shader.hpp"
#include "preview/views.hpp"

namespace glnoise::preview {

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

Graph viewGraph(const Graph& base, const View& v) {
    Graph g = base;
    g.space.offset[0] = (base.space.offset[0] + v.originX) * v.zoom;
    g.space.offset[1] = (base.space.offset[1] + v.originY) * v.zoom;
    g.space.offset[2] = base.space.offset[2] * v.zoom;
    g.space.z = base.space.z * v.zoom;
    g.space.w = base.space.w * v.zoom;
    if (v.zoom != 1.0) {
        std::string id = "view_zoom";
        for (int k = 2; g.nodes.count(id); ++k) id = "view_zoom_" + std::to_string(k);
        GraphNode n = GraphNode::defaults(id, app::nodeRoles().at("zoom"));
        n.inputs["source"] = g.out;
        n.lists["by"] = {1.0 / v.zoom};
        g.nodes[id] = n;
        g.out = id;
    }
    return g;
}

namespace {
// `g` when valid, else its errors named by the flag or edit that made it.
Graph validated(const Graph& g, const std::string& flag) {
    try {
        g.validate();
    } catch (const ValidationError& e) {
        throw ValidationError(flag + ": " + e.what());
    }
    return g;
}
}  // namespace

Graph withField(const Graph& graph, const std::string& assignment, const std::string& flagName) {
    const std::string flag = flagName + " " + assignment;
    const std::size_t eq = assignment.find('=');
    const std::size_t dot = eq == std::string::npos ? std::string::npos : assignment.rfind('.', eq);
    if (dot == std::string::npos || dot == 0 || dot + 1 == eq)
        throw ValidationError(flag + ": must be NODE.FIELD=VALUE (a node's id, one of its kind's fields, a value)");
    const std::string id = assignment.substr(0, dot), name = assignment.substr(dot + 1, eq - dot - 1),
                      value = assignment.substr(eq + 1);
    Graph g = graph;
    const auto node = g.nodes.find(id);
    if (node == g.nodes.end()) {
        std::vector<std::string> ids;
        for (const auto& entry : g.nodes) ids.push_back(entry.first);
        throw ValidationError(flag + ": no node \"" + id + "\"; the graph's: " + app::joinedNames(ids));
    }
    GraphNode& n = node->second;
    const GraphKind* kind = findGraphKind(n.kind);
    const GraphField* field = nullptr;
    std::vector<std::string> names;
    for (const GraphField& f : kind->fields) {
        names.push_back(f.name);
        if (f.name == name) field = &f;
    }
    if (!field) throw ValidationError(flag + ": node \"" + id + "\" (" + n.kind + ") has no field " + name + "; its fields: " + app::joinedNames(names));
    const auto number = [&](const std::string& text) { return app::parseNumber(flagName + " " + id + "." + name, text); };
    switch (field->type) {
        case GraphFieldType::Number:
        case GraphFieldType::Count:
            if (field->drivable && g.nodes.count(value) != 0) {
                n.inputs[name] = value;
            } else {
                n.inputs.erase(name);
                n.numbers[name] = number(value);
            }
            break;
        case GraphFieldType::Integer: n.numbers[name] = number(value); break;
        case GraphFieldType::Flag:
            if (value != "true" && value != "false") throw ValidationError(flag + ": a flag is true or false");
            n.numbers[name] = value == "true" ? 1.0 : 0.0;
            break;
        case GraphFieldType::Choice: n.choices[name] = value; break;
        case GraphFieldType::Numbers:
        case GraphFieldType::Periods:
        case GraphFieldType::Points: {
            std::vector<double> list;
            for (const std::string& part : app::splitList(value)) list.push_back(number(part));
            n.lists[name] = list;
            break;
        }
        case GraphFieldType::Scalar:
        case GraphFieldType::Vector:
            if (g.nodes.count(value) != 0) {
                n.inputs[name] = value;
                n.constants.erase(name);
            } else if (field->type == GraphFieldType::Scalar) {
                n.inputs.erase(name);
                n.constants[name] = number(value);
            } else {
                throw ValidationError(flag + ": an input of a vector node: one of the graph's nodes");
            }
            break;
    }
    return validated(g, flag);
}

Graph viewedGraph(const State& s) {
    Graph g = *s.graph;
    if (s.viewedNode.empty() || !g.nodes.count(s.viewedNode)) return g;
    g.out = s.viewedNode;
    g.erosion.reset();  // an erode stage erodes the graph's output, not a node viewed
    try {
        g.validate();  // a vector node is no output
    } catch (const ValidationError&) {
        return *s.graph;
    }
    return g;
}

std::string graphShaderText(const State& s, const std::string& language) {
    shader::Options o;
    o.language = shader::parseLanguage(language);
    const Graph g = viewGraph(viewedGraph(s), s.view);
    // Named without the graph's compact form: nothing of a graph's text (its ids) goes into a
    // source, comments included, as `glnoise shader --graph` writes none.
    o.origin = "glnoise-preview (the graph on screen), as glnoise shader --language " + language + " --graph";
    return shader::graphSource(o, g);
}

std::string shaderLanguageOf(const std::string& path) {
    static const std::vector<std::pair<std::string, std::string>> byExtension = {
        {".glsl", "glsl"}, {".hlsl", "hlsl"}, {".wgsl", "wgsl"}, {".metal", "msl"}, {".gdshaderinc", "godot"}};
    for (const auto& [ext, name] : byExtension)
        if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0) return name;
    throw ValidationError("--save-shader " + path + ": its extension names the language: .glsl, .hlsl, .wgsl, .metal or .gdshaderinc");
}

std::string saveGraphShader(const State& s, const std::string& path) {
    const std::string language = shaderLanguageOf(path);
    writeText(path, graphShaderText(s, language));
    return "saved the graph's " + language + " function as " + path;
}

const NoiseSpec& shownSpace(const State& s) { return s.graph ? s.graph->space : s.spec; }

bool applyGraphEdit(State& s, const Graph& edited) {
    try {
        edited.validate();
    } catch (const ValidationError& e) {
        s.graphError = e.what();
        return false;
    }
    constexpr std::size_t kMostUndo = 256;
    if (s.graph && *s.graph != edited) {
        s.undo.push_back(*s.graph);
        if (s.undo.size() > kMostUndo) s.undo.erase(s.undo.begin());
        s.redo.clear();
    }
    s.graph = edited;
    s.spec = edited.space;
    s.graphError.clear();
    return true;
}

namespace {
// Moves the graph on screen onto `to` and the top of `from` onto the screen.
bool swapGraph(State& s, std::vector<Graph>& from, std::vector<Graph>& to) {
    if (from.empty() || !s.graph) return false;
    to.push_back(*s.graph);
    s.graph = from.back();
    from.pop_back();
    s.spec = s.graph->space;
    s.graphError.clear();
    return true;
}
}  // namespace

bool undoGraphEdit(State& s) { return swapGraph(s, s.undo, s.redo); }
bool redoGraphEdit(State& s) { return swapGraph(s, s.redo, s.undo); }

Graph withNodeAdded(const Graph& graph, const std::string& kind, const std::string& flag) {
    const GraphKind* k = findGraphKind(kind);
    if (!k) {
        std::vector<std::string> names;
        for (const GraphKind& each : graphKinds()) names.push_back(each.name);
        throw ValidationError(flag + ": no node kind " + kind + "; allowed: " + app::joinedNames(names));
    }
    Graph g = graph;
    std::string id;
    for (int n = 1; id.empty() || g.nodes.count(id); ++n) id = kind + std::to_string(n);
    GraphNode node = GraphNode::defaults(id, kind);
    for (const GraphField& f : k->fields)
        if ((f.type == GraphFieldType::Scalar && std::isnan(f.fallback)) || f.type == GraphFieldType::Vector)
            node.inputs[f.name] = g.out;
    g.nodes[id] = node;
    g.out = id;
    return validated(g, flag);
}

Graph withNodeRemoved(const Graph& graph, const std::string& id, const std::string& flag) {
    Graph g = graph;
    const auto node = g.nodes.find(id);
    if (node == g.nodes.end()) throw ValidationError(flag + ": no node \"" + id + "\" in the graph");
    if (g.nodes.size() == 1) throw ValidationError(flag + ": the graph's only node");
    // Its first wired input, in its kind's order of fields.
    std::string upstream;
    if (const GraphKind* k = findGraphKind(node->second.kind))
        for (const GraphField& f : k->fields)
            if (upstream.empty() && node->second.inputs.count(f.name)) upstream = node->second.inputs.at(f.name);
    g.nodes.erase(node);
    for (auto& entry : g.nodes)
        for (auto& input : entry.second.inputs)
            if (input.second == id) {
                if (upstream.empty())
                    throw ValidationError(flag + ": node \"" + id + "\" feeds \"" + entry.first +
                                          "\" and has no input to give it instead; rewire or remove \"" + entry.first +
                                          "\" first");
                input.second = upstream;
            }
    if (g.out == id) {
        if (upstream.empty()) throw ValidationError(flag + ": node \"" + id + "\" is the output and has no input to take its place");
        g.out = upstream;
    }
    return validated(g, flag);
}

void scriptedEdit(State& s, const std::string& edit) {
    const std::string flag = "--edit '" + edit + "'";
    if (!s.graph) throw ValidationError(flag + ": edits a graph; give --graph (or --from a file baked from a graph)");
    // The rest of the edit after `verb` (its word and a space), else empty.
    const auto word = [&](const std::string& verb) {
        return edit.rfind(verb, 0) == 0 ? edit.substr(verb.size()) : std::string();
    };
    if (edit == "undo" || edit == "redo") {
        if (!(edit == "undo" ? undoGraphEdit(s) : redoGraphEdit(s))) throw ValidationError(flag + ": nothing to " + edit);
        return;
    }
    Graph g;
    if (const std::string kind = word("add "); !kind.empty()) {
        g = withNodeAdded(*s.graph, kind, flag);
    } else if (const std::string id = word("remove "); !id.empty()) {
        g = withNodeRemoved(*s.graph, id, flag);
    } else if (const std::string out = word("output "); !out.empty()) {
        if (!s.graph->nodes.count(out)) throw ValidationError(flag + ": no node \"" + out + "\" in the graph");
        g = *s.graph;
        g.out = out;
    } else if (edit.find('=') != std::string::npos) {
        g = withField(*s.graph, edit, "--edit");
    } else {
        throw ValidationError(flag + ": allowed: NODE.FIELD=VALUE, add KIND, remove NODE, output NODE, undo, redo");
    }
    if (!applyGraphEdit(s, g)) throw ValidationError(flag + ": " + s.graphError);
}

std::optional<ValueRange> chosenRange(const State& s) {
    return s.customRange ? std::optional<ValueRange>(s.range) : std::nullopt;
}


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

void applyMapping(State& s, const app::Preset& p) {
    s.customRange = p.range.has_value();
    if (p.range) s.range = *p.range;
    s.boundRange = !p.range && p.boundRange;
    s.colormap = Colormap::named(p.colormap.empty() ? "gray" : p.colormap);
}

void applyRecordView(State& s, const app::BakeRequest& r) {
    s.exportWidth = r.size.width;
    s.exportHeight = r.size.height;
    s.exportDepth = r.size.isVolume() ? r.size.depth : 0;
    s.exportFields.spec = r.spec;
    app::copyBakeFields(r, s.exportFields, app::kPreview);
    const TexelStart start = r.start();
    s.view = View{static_cast<double>(start[0]), static_cast<double>(start[1]), 1.0};
    if (r.size.isVolume()) {
        s.startView = preview::ViewKind::Slices;
        s.spec.offset[2] += static_cast<double>(start[2]);  // a volume tile's first slice
    }
}

namespace {
// What the views show becomes `graph` (none: the spec): the editor's node, error and
// history were the last one's.
void showGraph(State& s, const std::optional<Graph>& graph) {
    s.graph = graph;
    s.graphError.clear();
    s.viewedNode.clear();
    s.undo.clear();
    s.redo.clear();
}
}  // namespace

std::optional<double> seaOf(const State& s, ValueRange range) {
    if (!s.sea) return std::nullopt;
    if (s.seaLevel) return s.seaLevel;
    if (s.colormap.shore) return range.min + *s.colormap.shore * (range.max - range.min);
    return std::nullopt;
}

std::string openPreset(State& s, const std::string& nameOrPath) {
    const app::Preset p = app::loadPreset(nameOrPath);
    s.spec = p.spec;
    showGraph(s, p.graph);
    applyMapping(s, p);
    s.view = View{};
    return "opened preset " + nameOrPath;
}
std::string openRecord(State& s, const std::string& path) {
    const app::BakeRequest r = recordOf(path, path);
    s.spec = r.spec;
    showGraph(s, r.graph);
    applyMapping(s, app::Preset{r.spec, true, r.range, r.colormap, r.bits, r.boundRange});
    applyRecordView(s, r);
    s.noOctaveLimit = r.noOctaveLimit;
    if (s.startView) s.layout.view = *s.startView;
    s.startView.reset();
    return "opened the record of " + path;
}

std::string openGraph(State& s, const std::string& pathOrCompact) {
    showGraph(s, app::loadGraph(pathOrCompact, app::NoiseArgs{}));
    s.spec = s.graph->space;
    s.view = View{};
    return "opened " + app::graphSource(pathOrCompact);
}

std::string presetText(const State& s) {
    if (s.graph) return viewGraph(*s.graph, s.view).json() + "\n";
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
    return std::string(s.graph ? "saved the graph as " : "saved the spec as ") + path;
}

std::string checkCommand(const Graph& graph, const Grid& grid) {
    return "glnoise check --graph " + graph.compact() + " --size " + toString(grid);
}

std::string checkCommand(const NoiseSpec& spec, const Grid& grid, bool noOctaveLimit) {
    app::BakeRequest r;
    r.spec = spec;
    r.size = grid;
    r.noOctaveLimit = noOctaveLimit;
    const std::string bake = app::bakeCommand(r, false);
    return "glnoise check" + bake.substr(std::string("glnoise bake").size());
}

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

std::vector<int> shownSlices(int depth) {
    const int n = std::min(depth, kSlicesAcross * kSlicesAcross);
    std::vector<int> v;
    v.reserve(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k)
        v.push_back(n == depth ? k : static_cast<int>(std::lround(static_cast<double>(k) * (depth - 1) / (n - 1))));
    return v;
}


ValueRange shownRange(State& s, const NoiseSpec& spec) {
    if (s.customRange) return s.range;
    if (s.graph) {
        // A graph's ranges are its bake's: of the graph its octave limit leaves (at zoom 1).
        const Graph viewed = viewedGraph(s);
        const std::string key = viewed.json(-1) + (s.noOctaveLimit ? "all" : "");
        if (key != s.typicalOf) {
            Graph limited = viewed;
            try {
                app::limitGraphOctaves(limited, s.noOctaveLimit, "");
                s.typical = cpu::typicalRange(limited);
            } catch (const ValidationError&) {
                s.typical = ValueRange{-1.0, 1.0};  // the panel shows the graph's error
            }
            s.stated = statedRange(limited);
            s.typicalOf = key;
        }
        return s.boundRange ? s.stated : s.typical;
    }
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

Grid exportGrid(const State& s, const Layout& l) {
    const Grid shown = textureGrid(s, l);
    return Grid{s.exportWidth > 0 ? s.exportWidth : shown.width, s.exportHeight > 0 ? s.exportHeight : shown.height,
                shown.depth};
}

app::BakeRequest exportRequest(const State& s, const Grid& grid) {
    app::BakeRequest r;
    if (s.graph) {
        r.graph = viewGraph(viewedGraph(s), s.view);
        r.graphFile = r.graph->compact();  // the command names the graph whole
        r.spec = r.graph->space;
    } else {
        r.spec = viewSpec(s.spec, s.view);
    }
    r.size = grid;
    r.range = chosenRange(s);
    r.boundRange = !s.customRange && s.boundRange;
    r.rangeChosen = s.customRange || s.boundRange;
    r.colormap = s.colormap.name == "gray" ? "" : s.colormap.name;
    r.out = s.exportPath;
    r.noOctaveLimit = s.noOctaveLimit;
    app::copyBakeFields(s.exportFields, r, app::kPreview);
    return r;
}

std::string exportCommand(const State& s, const app::BakeRequest& r) {
    // An export is the window's GPU's: where that is a software rasterizer, a bake without
    // --backend runs on the CPU instead (docs/command-line.md, "Which backend runs"), so the
    // command names the GPU, before the output as bake commands end.
    if (!s.softwareGl) return app::bakeCommand(r);
    const std::string head = app::bakeCommand(r, false);
    return head + " --backend gpu" + app::bakeCommand(r).substr(head.size());
}

std::string exportView(State& s, gpu::Generator& gen, const Layout& l) {
    const Grid grid = exportGrid(s, l);
    const app::BakeRequest request = exportRequest(s, grid);
    app::Bake bake(request);  // the octave limit, as `glnoise bake` applies it
    const std::string command = exportCommand(s, bake.plan().request);
    const std::string what = bake.run(&gen);
    std::printf("exported %s: %s\n  same as: %s\n", s.exportPath.c_str(), what.c_str(), command.c_str());
    std::fflush(stdout);
    return "exported " + s.exportPath;
}

void writeText(const std::string& path, const std::string& text) {
    io::OutputFile out(path);
    out.write(text.data(), text.size());
    out.commit();
}

}  // namespace glnoise::preview
