// SPDX-License-Identifier: MIT
#include "cli/command.hpp"

#include <charconv>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "app/flags.hpp"
#include "app/preset.hpp"
#include "app/record.hpp"
#include "app/verify.hpp"
#include "glnoise/colormap.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/format.hpp"
#include "glnoise/glsl.hpp"
#include "glnoise/io.hpp"
#include "glnoise/permutation.hpp"
#include "glnoise/shader.hpp"
#include "glnoise/version.hpp"

namespace glnoise::cli {

using namespace glnoise::app;

namespace {

void addNoiseOptions(CLI::App* app, Args& a, bool withBackend) {
    addNoiseFlags(app, a.noise);
    if (withBackend)
        app->add_option("--backend", a.backend,
                        "auto (default: the GPU, or cpu where the GL renderer is a software rasterizer such as "
                        "llvmpipe), gpu, cpu (SIMD on every core) or reference (the scalar CPU reference; the same "
                        "values as cpu)");
    app->add_flag("--verbose", a.verbose, "print the GL context and KHR_debug messages to stderr");
}

// glsl's and shader's --graph: a graph as one function, and where its space and numbers go.
void addGraphSourceOptions(CLI::App* app, Args& a) {
    app->add_option("--graph", a.graph,
                    "write a noise graph (docs/graphs.md) from this JSON file, or given as its compact form, as one "
                    "function gln_graph(p) with the library functions it calls");
    app->add_option("--params", a.params,
                    "with --graph: constants (default: the graph's numbers in the source) or uniform (its numbers and "
                    "frames in a uniform block you fill, so that changing a number or the origin compiles nothing)");
    app->add_option("--params-binding", a.paramsBinding, "with --params uniform: the block's binding (default 1)");
    app->add_option("--params-out", a.paramsOut,
                    "with --params uniform: also write the block's bytes (the graph's frames and numbers, std140, "
                    "little-endian) to FILE.bin, to upload as its uniform buffer");
    for (const char* name : {"offset", "z", "w", "output", "height-scale"})
        app->add_option(std::string("--") + name, a.noise.given[name],
                        std::string("with --graph: the graph's ") + name + ", as bake --graph takes it");
    app->add_flag("--world-hash", a.noise.given["world-hash"], "with --graph: the world hash, as bake --graph takes it");
}

}  // namespace

Backend parseBackend(const std::string& text) {
    if (text.empty() || text == "auto") return Backend::Auto;
    if (text == "gpu") return Backend::Gpu;
    if (text == "cpu") return Backend::Cpu;
    if (text == "reference") return Backend::Reference;
    throw ValidationError("--backend " + text + ": must be auto, gpu, cpu or reference");
}

std::array<std::int64_t, 3> parseTile(const std::string& text, bool volume) {
    const std::string allowed = volume ? "I,J,K (integers) for a volume" : "I,J (integers)";
    const std::vector<std::string> parts = splitList(text);
    if (parts.size() != (volume ? 3u : 2u)) throw ValidationError("--tile " + text + ": must be " + allowed);
    std::array<std::int64_t, 3> t{};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string& part = parts[i];
        long long v = 0;
        const auto res = std::from_chars(part.data(), part.data() + part.size(), v);
        if (part.empty() || res.ec != std::errc() || res.ptr != part.data() + part.size())
            throw ValidationError("--tile " + text + ": must be " + allowed);
        t[i] = v;
    }
    return t;
}

CommandLine::CommandLine()
    : app_("glnoise " GLNOISE_VERSION
           ": Perlin, value and simplex noise and their fractals on the GPU (OpenGL compute, "
           "headless EGL), checked against a CPU reference") {
    Args& a = args_;
    app_.set_version_flag("--version", "glnoise " GLNOISE_VERSION);
    app_.require_subcommand(1);

    bake_ = app_.add_subcommand("bake", "bake a 2D texture or a 3D volume to a file");
    addNoiseOptions(bake_, a, true);
    bake_->add_flag("--no-octave-limit", a.noise.noOctaveLimit, "keep octaves above the grid's Nyquist limit");
    bake_->add_option("--size", a.size, "WxH or WxHxD, each edge 1 to 1048576; baked in tiles, streamed to the file");
    bake_->add_option("--out", a.out, "output file: " + app::outputFormats());
    bake_->add_option("--range", a.range,
                      "MIN,MAX mapped to 0..255 or 0..65535; typical (the default): where 99.8% of the spec's "
                      "values lie, measured on a fixed sample; bound: the stated range");
    bake_->add_option("--bits", a.bits, ".png: 8 (default) or 16; auto: the format's own");
    bake_->add_option("--colormap", a.colormap,
                      "map values through a colormap to 8-bit RGB: " + joinedNames(Colormap::names()) + " (none: no map)");
    bake_->add_option("--preset", a.preset,
                      "start from a preset: " + joinedNames(presetNames()) + ", or a .json file; flags override it (a "
                      "graph's preset: the flags that place it, as with --graph)");
    bake_->add_option("--from", a.from,
                      "re-bake from the record in a glnoise .png, .exr or raw file (its .json); flags override it");
    bake_->add_flag("--print-spec", a.printSpec, "print the effective spec as JSON (a valid preset) and exit");
    bake_->add_option("--graph", a.graph,
                      "bake a noise graph (docs/graphs.md) from this JSON file, or given as its compact form (gln1....); "
                      "the noise flags but --seed, --world-hash, --offset, --z, --w, --output and --height-scale are the "
                      "graph's nodes' to say");
    bake_->add_flag("--print-graph", a.printGraph,
                    "print the effective noise as a graph (JSON, a valid --graph file) and exit");
    bake_->add_flag("--compact", a.compact,
                    "with --print-graph: print the graph's compact form, one line of URL-safe text that --graph "
                    "takes in place of a file");
    bake_->add_option("--tile", a.tile, "I,J (I,J,K for a volume): bake tile (I, J) of the world; with --tile-size");
    bake_->add_option("--tile-size", a.tileSize,
                      "WxH or WxHxD: the size of every tile; tile (I, J) starts at world texel (I W, J H)");
    addBakeFieldFlags(bake_, a.bake, app::kCli);
    bake_->add_option("--threads", a.threads,
                      "CPU threads for --backend cpu or reference and for the PNG and EXR encoders, 1 to 1024 "
                      "(default: one per core); the file's bytes do not depend on it");
    bake_->add_flag("--quiet", a.quiet, "no progress bar (there is none when stderr is not a terminal)");

    eval_ = app_.add_subcommand(
        "eval", "read points (dims numbers per line: \"x y\", \"x y z\", ...) from stdin, print values "
                "(with --output gradient or normal: 4 per line)");
    addNoiseOptions(eval_, a, true);
    eval_->add_option("--graph", a.graph,
                      "evaluate a noise graph (docs/graphs.md) from this JSON file, or given as its compact form");

    check_ = app_.add_subcommand("check", "evaluate on GPU and CPU reference and compare");
    addNoiseOptions(check_, a, false);
    check_->add_flag("--no-octave-limit", a.noise.noOctaveLimit, "keep octaves above the grid's Nyquist limit");
    check_->add_option("--size", a.size, "WxH or WxHxD")->required();
    check_->add_option("--tolerance", a.tolerance, "max |gpu - cpu| allowed (default 1e-5 x the amplitude sum)");
    check_->add_option("--graph", a.graph,
                       "check a noise graph (docs/graphs.md) from this JSON file, or given as its compact form");
    check_->add_option("--preset", a.preset,
                       "check a preset: " + joinedNames(presetNames()) + ", or a .json file; flags override it, as "
                       "for bake");

    glsl_ = app_.add_subcommand(
        "glsl", "print the GLSL library as one self-contained source (table as a const array, no includes)");
    glsl_->add_option("families", a.families, "families to include, with what they need (default: all)");
    glsl_->add_option("--seed", a.noise.given["seed"], "unsigned 64-bit seed of the table (default: Ken Perlin's table)");
    glsl_->add_option("--out", a.out, "write to this file instead of standard output");
    glsl_->add_flag("--list", a.list, "list the families and exit");
    addGraphSourceOptions(glsl_, a);

    shader_ = app_.add_subcommand(
        "shader", "print the noise library as one self-contained source in a shader language: glsl (OpenGL), "
                  "vulkan, gles (GLSL ES 3.00, WebGL2), hlsl, wgsl, msl or godot");
    shader_->add_option("families", a.families, "families to include, with what they need (default: all)");
    shader_->add_option("--language", a.language, "glsl, vulkan, gles, hlsl, wgsl, msl or godot (not needed with --list)");
    shader_->add_option("--table", a.table,
                        "where the permutation table lives: const (an array in the source), buffer (a storage "
                        "buffer you bind) or uniform (a uniform block; gles, hlsl, wgsl); default: const for glsl, "
                        "gles, msl and godot, buffer for vulkan, hlsl and wgsl");
    shader_->add_option("--set", a.set, "the table's descriptor set (vulkan), @group (wgsl) or register space (hlsl); default 0");
    shader_->add_option("--binding", a.binding, "the table's binding (glsl, vulkan), @binding (wgsl) or register (hlsl); default 0");
    shader_->add_option("--seed", a.noise.given["seed"], "unsigned 64-bit seed of the table (default: Ken Perlin's table)");
    shader_->add_option("--out", a.out, "write to this file instead of standard output");
    shader_->add_option("--table-out", a.tableOut,
                        "also write the 512 table entries, for the buffer or uniform block you bind: FILE.i32 "
                        "(little-endian int32, 2048 bytes) or FILE.json (an array)");
    shader_->add_flag("--list", a.list, "list the families and exit");
    addGraphSourceOptions(shader_, a);

    verify_ = app_.add_subcommand(
        "verify", "check that files are what their records say: a raw file's size and SHA-256 against its sidecar, "
                  "a .png or .exr read whole against its record, a volume's PNG slices as one bake");
    verify_->add_option("files", a.files, "glnoise outputs: " + app::extensionList() + " (a raw file or its .json), or a "
                                          "volume's slice pattern 'slices/cloud_%03d.png'")
        ->required();

    nodes_ = app_.add_subcommand("nodes", "print the node kinds of noise graphs (docs/graphs.md): each kind's fields, what "
                                          "they take, their defaults and help");
    nodes_->add_option("kinds", a.kinds, "the kinds to print (default: every kind)");
    nodes_->add_flag("--json", a.json, "print JSON, for tools that build nodes (a node editor, a script)");

    erode_ = app_.add_subcommand(
        "erode", "erode a heightmap: hydraulic erosion (virtual pipes) and thermal erosion on the GPU or the CPU "
                 "twin, with masks out (docs/erosion.md)");
    erode_->add_option("--in", a.in, "the heightmap: .png (gray, 8 or 16 bits), .exr, .r16 or .r32");
    erode_->add_option("--out", a.out, "the eroded heightmap: .png (16 bits), .exr, .r16 or .r32; each file holds a "
                                       "record that reproduces it (--from)");
    erode_->add_option("--from", a.from, "erode again as the record in a file erode wrote says: its input (unchanged "
                                         "since), parameters and backend; flags override it; --out gets the layer that "
                                         "file holds");
    erode_->add_flag("--check", a.check, "erode on the GPU and with the C++ twin and compare them: one iteration field "
                                         "by field, the whole run statistically, against the bounds docs/erosion.md "
                                         "states; writes nothing");
    erode_->add_option("--size", a.size, "WxH: a raw heightmap's size, where it has no glnoise sidecar");
    for (const auto& [name, help] : std::vector<std::pair<const char*, const char*>>{
             {"iterations", "iterations to run, 0 to 100000 (default 200)"},
             {"cell-size", "metres a texel spans (default 1)"},
             {"height-scale", "metres a unit of the heightmap's value spans (default 10)"},
             {"time-step", "seconds an iteration simulates (default 0.05)"},
             {"rain", "metres of water a second on each cell, times the rain map (default 0.02)"},
             {"evaporation", "share of the water that evaporates a second (default 0.1)"},
             {"capacity", "sediment a unit of water carries per m/s of speed, times the slope's sine (default 0.1)"},
             {"dissolving", "share of the missing capacity dissolved a second, times 1 - hardness (default 0.3)"},
             {"deposition", "share of the excess sediment settled a second (default 0.3)"},
             {"min-slope", "the least slope's sine the capacity takes (default 0.05)"},
             {"full-depth", "metres of water from which it carries its whole capacity (default 0.2)"},
             {"talus-angle", "degrees above which material slides (default 35)"},
             {"thermal-rate", "share of half the steepest excess that slides an iteration, 0 to 1; 0: no thermal "
                              "erosion (default 0.25)"}})
        erode_->add_option("--" + std::string(name), a.erosion[name], help);
    erode_->add_option("--rain-map", a.rainMap, "a heightmap's size of rain factors (0 or more; a PNG's 0..1)");
    erode_->add_option("--hardness-map", a.hardnessMap, "a heightmap's size of hardness, 0 (soft) to 1 (bedrock)");
    for (const auto& [name, help] : std::vector<std::pair<const char*, const char*>>{
             {"water", "the water's depth at the end, metres"},
             {"wetness", "the water's mean depth over the run, metres: where water stood and ran"},
             {"sediment", "the material carried at the end, metres"},
             {"wear", "metres of ground the run took away (0 where it laid some down)"},
             {"deposits", "metres of ground the run laid down (0 where it took some away)"},
             {"flow", "D8 flow accumulation of the eroded ground: cells draining through each"},
             {"slope", "the eroded ground's slope, degrees"},
             {"curvature", "the eroded ground's Laplacian, per metre: positive in channels"}})
        erode_->add_option("--" + std::string(name), a.masks[name],
                           std::string("write ") + help + " (.png and .r16 over its least to greatest value)");
    erode_->add_option("--backend", a.backend, "gpu, cpu (the C++ twin) or auto (default: gpu unless a software "
                                               "rasterizer, then cpu)");
    erode_->add_option("--threads", a.threads, "CPU threads for --backend cpu, 1 to 1024 (default: one per core); "
                                               "the bytes do not depend on it");
    erode_->add_flag("--quiet", a.quiet, "no progress bar");

    info_ = app_.add_subcommand("info", "show the EGL platform, GL renderer and compute limits");
    info_->add_flag("--verbose", a.verbose, "print KHR_debug messages to stderr");
}

Command CommandLine::parse(const std::vector<std::string>& argv) {
    if (argv.size() > 1 && argv[1].size() > 1 && argv[1][0] == '-' && argv[1] != "--help" && argv[1] != "-h" &&
        argv[1] != "--version")
        throw ValidationError("unknown option " + argv[1] + " before the command; give a command first: bake, eval, "
                              "check, glsl, shader, info, verify, nodes, erode (or --help, --version)");
    if (argv.size() > 1 && !argv[1].empty() && argv[1][0] != '-') {
        const std::string& command = argv[1];
        if (command != "bake" && command != "eval" && command != "check" && command != "glsl" && command != "shader" &&
            command != "info" && command != "verify" && command != "nodes" && command != "erode")
            throw ValidationError("unknown command '" + command +
                                  "'; allowed: bake, eval, check, glsl, shader, info, verify, nodes, erode");
    }
    // CLI11 takes the arguments in reverse order, without the program name.
    std::vector<std::string> reversed(argv.rbegin(), argv.rend());
    if (!reversed.empty()) reversed.pop_back();
    try {
        app_.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        throw;
    } catch (const CLI::CallForAllHelp&) {
        throw;
    } catch (const CLI::CallForVersion&) {
        throw;
    } catch (const CLI::ParseError& e) {
        throw ValidationError(oneLine(e) + " (see glnoise --help)");
    }
    refuseEmptyValues(app_);
    if (*bake_) return Command::Bake;
    if (*eval_) return Command::Eval;
    if (*check_) return Command::Check;
    if (*glsl_) return Command::Glsl;
    if (*shader_) return Command::Shader;
    if (*verify_) return Command::Verify;
    if (*nodes_) return Command::Nodes;
    if (*erode_) return Command::Erode;
    return Command::Info;
}

BakeOrder orderBake(const Args& a) {
    BakeOrder order;
    BakeRequest& r = order.request;
    std::optional<Preset> base;
    if (!a.from.empty() && !a.preset.empty())
        throw ValidationError("--from " + a.from + ": re-bakes a file's own record; give it or --preset " + a.preset +
                              ", not both");
    if (!a.graph.empty() && (!a.from.empty() || !a.preset.empty()))
        throw ValidationError("--" + graphSource(a.graph) + ": bakes the graph; give it, --from or --preset, not two");
    if (!a.from.empty()) {
        std::string record;
        try {
            record = io::readRecord(a.from);
        } catch (const ValidationError& e) {
            throw ValidationError(asFlags(e));
        }
        r = requestFromRecord(record, "--from " + a.from);
        order.fromRecord = record;
        base = Preset{r.spec, true, r.range, r.colormap, r.bits, r.boundRange};
    } else if (!a.preset.empty()) {
        base = loadPreset(a.preset);
        r.graph = base->graph;  // a graph's preset: its noise is its graph's
    }
    if (!a.size.empty() && (!a.tile.empty() || !a.tileSize.empty()))
        throw ValidationError("--size " + a.size + ": a tile's size is --tile-size; give one or the other");
    if (!a.size.empty()) r.size = parseBakeSize("--size", a.size);
    if (!a.tileSize.empty()) r.size = parseBakeSize("--tile-size", a.tileSize);
    if (!a.tile.empty()) {
        if (a.tileSize.empty() && a.from.empty())
            throw ValidationError("--tile " + a.tile + ": needs --tile-size WxH (or WxHxD)");
        r.tile = parseTile(a.tile, r.size.isVolume());
    } else if (!a.tileSize.empty()) {
        throw ValidationError("--tile-size " + a.tileSize + ": needs --tile I,J");
    } else if (!a.size.empty()) {
        r.tile.reset();
    }
    // A record's shared edges stand while it is a tile (--size makes it none).
    if (!r.tile) r.sharedEdges = false;
    try {
        app::setBakeFields(r, a.bake);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
    if (r.tile) {
        const std::int64_t stride = r.sharedEdges ? 1 : 0;
        const std::int64_t edges[3] = {std::max<std::int64_t>(1, r.size.width - stride),
                                       std::max<std::int64_t>(1, r.size.height - stride),
                                       std::max<std::int64_t>(1, r.size.depth - stride)};
        for (std::size_t i = 0; i < 3; ++i) {
            const std::int64_t t = (*r.tile)[i];
            if (t < -(kMaxWorldTexel / edges[i]) || t >= kMaxWorldTexel / edges[i])
                throw ValidationError("--tile " + a.tile + ": index " + std::to_string(t) +
                                      " puts the tile beyond world texel 2^52 at this --tile-size");
        }
    }
    const bool sizeKnown = !a.size.empty() || !a.tileSize.empty() || !a.from.empty();
    if (!sizeKnown && !a.printSpec && !a.printGraph)
        throw ValidationError("--size is required (or --tile with --tile-size, or --from FILE)");
    const Grid* grid = sizeKnown ? &r.size : nullptr;
    const std::string baseSource = !a.from.empty() ? "--from " + a.from : !a.preset.empty() ? "preset " + a.preset : "";
    if (!a.graph.empty()) {
        r.graph = loadGraph(a.graph, a.noise);
        // Its name alone, as the command's other paths are left out: the same graph baked
        // from another folder records the same bytes (a compact form is recorded whole).
        r.graphFile = std::filesystem::path(a.graph).filename().string();
        r.graphFrom = graphSource(a.graph);
    } else if (r.graph) {
        r.graphFrom = baseSource + ": its graph";
        r.graph = applyGraphFlags(*r.graph, a.noise, r.graphFrom);
    }
    r.noOctaveLimit = a.noise.noOctaveLimit || r.noOctaveLimit;
    if (r.graph) {
        r.spec = r.graph->space;
    } else {
        r.spec = buildSpec(a.noise, grid, base ? &base->spec : nullptr, base && base->hasDims, baseSource, r.seamless);
        if (!a.noise.has("octaves")) r.octavesFrom = baseSource;
    }
    if (base) {
        const std::string& source = baseSource;
        r.range = base->range;
        r.boundRange = base->boundRange;
        r.colormap = base->colormap;
        r.bits = base->bits;
        if (r.range || r.boundRange) r.rangeFrom = source;
        if (!r.colormap.empty()) r.colormapFrom = source;
        if (r.bits) r.bitsFrom = source;
        if (!a.noise.has("output")) r.outputFrom = source;
        if (!a.from.empty() && a.size.empty() && a.tileSize.empty()) r.sizeFrom = source;
        r.rangeChosen = !a.from.empty() || base->rangeGiven;
    }
    // Each mapping value can be set back to the default from the command line: --range
    // typical (or default), --colormap none, --bits auto (the format's own).
    if (!a.range.empty()) {
        const bool named = a.range == "default" || a.range == "typical" || a.range == "bound";
        r.range = named ? std::nullopt : std::optional<ValueRange>(parseRange(a.range));
        r.boundRange = a.range == "bound";
        r.rangeFrom.clear();
        r.rangeChosen = true;
    }
    if (!a.colormap.empty()) {
        if (a.colormap == "none") {
            r.colormap.clear();
        } else {
            try {
                Colormap::named(a.colormap);
            } catch (const ValidationError& e) {
                throw ValidationError("--" + std::string(e.what()) + ", none");
            }
            r.colormap = a.colormap;
        }
        r.colormapFrom.clear();
    }
    if (!a.bits.empty()) {
        r.bits = a.bits == "auto" ? 0 : parseInt("--bits", a.bits, "8, 16, 32 or auto");
        r.bitsFrom.clear();
    }
    order.printSpec = a.printSpec;
    order.printGraph = a.printGraph;
    order.compact = a.compact;
    if (a.compact && !a.printGraph) throw ValidationError("--compact: prints a graph's compact form with --print-graph; give both");
    if (a.printSpec && r.graph)
        throw ValidationError("--print-spec: a graph is printed with --print-graph (a spec holds one chain of noise)");
    if (a.printSpec || a.printGraph) return order;
    if (a.out.empty()) throw ValidationError("--out is required: the file to write (" + app::extensionList() + ")");
    r.out = a.out;
    if (!a.threads.empty()) {
        const int n = parseInt("--threads", a.threads, "1 to 1024");
        if (n < 1 || n > 1024) throw ValidationError("--threads " + a.threads + ": must be 1 to 1024");
        r.threads = static_cast<unsigned>(n);
    }
    // A record re-bakes on the backend it names, unless --backend says otherwise; one from
    // before 0.25.0 names none and re-bakes on the GPU, as then.
    if (!a.backend.empty()) order.backend = parseBackend(a.backend);
    else if (!a.from.empty()) order.backend = parseBackend(r.recordedBackend.empty() ? "gpu" : r.recordedBackend);
    else order.backend = Backend::Auto;
    return order;
}

void checkFromFile(const Args& a, const BakeOrder& order) {
    // The file must be the bake its record describes: a raw file's data its sidecar's (a
    // SIGKILL between the renames of a pair, or a copy of one file of a pair, would pair
    // two bakes), an image's pixels the ones its digest was taken of (not repainted).
    if (!a.from.empty()) checkAgainstRecord(a.from, order.fromRecord, "--from " + a.from);
}

EvalPlan planEval(const Args& a) {
    EvalPlan plan;
    if (!a.graph.empty()) {
        plan.graph = loadGraph(a.graph, a.noise);
        plan.graph->requirePointwise(graphSource(a.graph) + " (eval evaluates points)");
        plan.spec = plan.graph->space;
    } else {
        plan.spec = buildSpec(a.noise, nullptr);
    }
    plan.backend = parseBackend(a.backend);
    return plan;
}

CheckPlan planCheck(const Args& a) {
    CheckPlan plan;
    plan.grid = parseSizeFlag(a.size);
    std::optional<Preset> preset;
    if (!a.preset.empty()) {
        if (!a.graph.empty())
            throw ValidationError("--" + graphSource(a.graph) + ": checks the graph; give it or --preset " + a.preset + ", not both");
        preset = loadPreset(a.preset);
    }
    const std::string presetSource = "preset " + a.preset;
    if (preset && preset->graph) {
        plan.graph = applyGraphFlags(*preset->graph, a.noise, presetSource + ": its graph");
        plan.warnings = limitGraphOctaves(*plan.graph, a.noise.noOctaveLimit, presetSource + ": its graph");
        plan.spec = plan.graph->space;
        plan.tolerances = cpu::agreementTolerance(*plan.graph);
    } else if (preset) {
        plan.spec = buildSpec(a.noise, &plan.grid, &preset->spec, preset->hasDims, presetSource);
        if (auto note = limitOctaves(plan.spec, a.noise.noOctaveLimit)) plan.warnings.push_back(*note);
        plan.tolerances = cpu::agreementTolerance(plan.spec);
    } else if (!a.graph.empty()) {
        plan.graph = loadGraph(a.graph, a.noise);
        plan.warnings = limitGraphOctaves(*plan.graph, a.noise.noOctaveLimit, graphSource(a.graph));
        plan.spec = plan.graph->space;
        plan.tolerances = cpu::agreementTolerance(*plan.graph);
    } else {
        plan.spec = buildSpec(a.noise, &plan.grid);
        if (auto note = limitOctaves(plan.spec, a.noise.noOctaveLimit)) plan.warnings.push_back(*note);
        plan.tolerances = cpu::agreementTolerance(plan.spec);
    }
    if (!a.tolerance.empty()) {
        const double t = parseNumber("--tolerance", a.tolerance);
        if (!(std::isfinite(t) && t >= 0))
            throw ValidationError("--tolerance " + a.tolerance + ": must be a finite number >= 0");
        plan.tolerances.fill(t);
    }
    return plan;
}

namespace {
GlslPlan planGraphSource(const Args& a, shader::Options& o, const std::string& origin);
void refuseGraphFlags(const Args& a, const char* command);
}  // namespace

GlslPlan planGlsl(const Args& a) {
    GlslPlan plan;
    if (!a.graph.empty()) {
        shader::Options o;
        o.language = shader::Language::Glsl;
        return planGraphSource(a, o, "glnoise glsl");
    }
    refuseGraphFlags(a, "glsl");
    if (a.list) {
        for (const auto& f : glsl::families()) plan.text += f + "\n";
        return plan;
    }
    std::string origin = "glnoise glsl";
    std::optional<std::uint64_t> seed;
    if (a.noise.has("seed")) {
        seed = parseSeed(a.noise.text("seed"));
        origin += " --seed " + std::to_string(*seed);
    }
    for (const auto& f : a.families) origin += " " + f;
    plan.text = glsl::selfContained(Permutation::forSeed(seed), a.families, origin);
    return plan;
}

namespace {

// The file name's extension in lower case (".I32" is ".i32"), or empty.
std::string lowerExtension(const std::string& path) {
    const std::string name = std::filesystem::path(path).filename().string();
    const auto dot = name.rfind('.');
    std::string ext = dot == std::string::npos ? std::string() : name.substr(dot);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

}  // namespace

GlslPlan planShader(const Args& a) {
    if (a.list) {
        if (!a.language.empty()) (void)shader::parseLanguage(a.language);  // a bad one is still named
        return planGlsl(a);  // the same families in every language
    }
    if (a.language.empty())
        throw ValidationError("--language is required: glsl, vulkan, gles, hlsl, wgsl, msl or godot (or --list)");
    GlslPlan plan;
    shader::Options o;
    o.language = shader::parseLanguage(a.language);
    std::string origin = "glnoise shader --language " + a.language;
    if (!a.table.empty()) {
        o.table = shader::parseTable(a.table);
        origin += " --table " + a.table;
    }
    const auto integer = [](const char* flag, const std::string& text, int& value, std::string& origin) {
        if (text.empty()) return;
        const double v = parseNumber(flag, text);
        if (!(v >= 0 && v <= 1e6 && v == static_cast<double>(static_cast<int>(v))))
            throw ValidationError(std::string(flag) + " " + text + ": must be an integer from 0 to 1000000");
        value = static_cast<int>(v);
        origin += std::string(" ") + flag + " " + text;
    };
    integer("--set", a.set, o.set, origin);
    integer("--binding", a.binding, o.binding, origin);
    if (a.noise.has("seed")) {
        o.seed = parseSeed(a.noise.text("seed"));
        origin += " --seed " + std::to_string(*o.seed);
    }
    if (!a.graph.empty()) {
        plan = planGraphSource(a, o, origin);
    } else {
        refuseGraphFlags(a, "shader");
        for (const auto& f : a.families) origin += " " + f;
        o.families = a.families;
        o.origin = origin;
        plan.text = shader::source(o);
    }
    if (!a.tableOut.empty()) {
        const std::string ext = lowerExtension(a.tableOut);
        if (ext != ".i32" && ext != ".json")
            throw ValidationError("--table-out " + a.tableOut +
                                  ": the table is written as .i32 (little-endian int32) or .json; name one");
        if (!a.out.empty() && std::filesystem::absolute(a.out).lexically_normal() ==
                                  std::filesystem::absolute(a.tableOut).lexically_normal())
            throw ValidationError("--table-out " + a.tableOut + ": the same file as --out");
        const Permutation permutation = Permutation::forSeed(o.seed);
        const auto& table = permutation.table();
        plan.tableOut = a.tableOut;
        if (ext == ".json") {
            plan.tableBytes = "[";
            for (std::size_t i = 0; i < table.size(); ++i)
                plan.tableBytes += (i ? "," : "") + std::to_string(table[i]);
            plan.tableBytes += "]\n";
        } else {
            for (const std::int32_t v : table)
                for (int b = 0; b < 4; ++b)
                    plan.tableBytes += static_cast<char>((static_cast<std::uint32_t>(v) >> (8 * b)) & 0xffu);
        }
    }
    return plan;
}

namespace {

// The flags that go with --graph alone, refused without it.
void refuseGraphFlags(const Args& a, const char* command) {
    std::vector<std::string> given;
    for (const char* name : {"offset", "z", "w", "output", "height-scale", "world-hash"})
        if (a.noise.has(name)) given.push_back(std::string("--") + name);
    if (!a.params.empty()) given.push_back("--params");
    if (!a.paramsBinding.empty()) given.push_back("--params-binding");
    if (!a.paramsOut.empty()) given.push_back("--params-out");
    if (!given.empty())
        throw ValidationError(given.front() + ": goes with --graph (glnoise " + command +
                              " --graph FILE writes a graph as one function); without it the source is the library");
}

GlslPlan planGraphSource(const Args& a, shader::Options& o, const std::string& origin) {
    if (a.list) throw ValidationError("--list: lists the library's families; give it without --graph");
    if (!a.families.empty())
        throw ValidationError("families " + a.families.front() + ": with --graph the source holds the families its nodes call; name none");
    if (!a.tableOut.empty() && a.tableOut == a.paramsOut) throw ValidationError("--params-out " + a.paramsOut + ": the same file as --table-out");
    const Graph graph = app::loadGraph(a.graph, a.noise);
    graph.requirePointwise(app::graphSource(a.graph) + " (a shader evaluates points)");
    shader::GraphOptions g;
    if (!a.params.empty()) {
        if (a.params != "constants" && a.params != "uniform")
            throw ValidationError("--params " + a.params + ": allowed: constants, uniform");
        g.params = a.params == "uniform" ? shader::GraphParams::Uniform : shader::GraphParams::Constants;
    }
    if (!a.paramsBinding.empty()) {
        if (g.params != shader::GraphParams::Uniform)
            throw ValidationError("--params-binding " + a.paramsBinding + ": goes with --params uniform");
        const double v = parseNumber("--params-binding", a.paramsBinding);
        if (!(v >= 0 && v <= 1e6 && v == static_cast<double>(static_cast<int>(v))))
            throw ValidationError("--params-binding " + a.paramsBinding + ": must be an integer from 0 to 1000000");
        g.binding = static_cast<int>(v);
    }
    // The graph's seed is its table's, as a bake's.
    o.seed = graph.space.seed;
    o.origin = origin + " --graph " + (isCompactGraph(a.graph) ? std::string("(a compact graph)") : std::string("(a graph file)"));
    GlslPlan plan;
    plan.text = shader::graphSource(o, graph, g);
    if (!a.paramsOut.empty()) {
        if (g.params != shader::GraphParams::Uniform)
            throw ValidationError("--params-out " + a.paramsOut + ": goes with --params uniform (the block it writes is that source's)");
        if (lowerExtension(a.paramsOut) != ".bin")
            throw ValidationError("--params-out " + a.paramsOut + ": the block is written as its bytes (std140, little-endian): name a .bin file");
        if (!a.out.empty() && std::filesystem::absolute(a.out).lexically_normal() == std::filesystem::absolute(a.paramsOut).lexically_normal())
            throw ValidationError("--params-out " + a.paramsOut + ": the same file as --out");
        plan.paramsOut = a.paramsOut;
        const std::vector<std::uint8_t> block = shader::graphBlock(graph);
        plan.paramsBytes.assign(block.begin(), block.end());
    }
    return plan;
}

}  // namespace

}  // namespace glnoise::cli
