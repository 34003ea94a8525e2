// SPDX-License-Identifier: MIT
// glnoise._glnoise: the Python package's native module (nanobind). The package's public
// API is python/glnoise/__init__.py; this module holds what it calls: the spec (validated
// by the library's own rules), bakes into caller arrays on the GPU or the CPU, points,
// check, info, shader sources and the file writers of `glnoise bake`.
//
// Every GL call runs on one thread of the module's own (GpuThread): a GL context is current
// on one thread, and Python may call from any. The context is made the first time a GPU
// backend is asked for and reused for the life of the process.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include <nlohmann/json.hpp>

#include "app/agreement.hpp"
#include "app/bake.hpp"
#include "app/bake_fields.hpp"
#include "app/fields.hpp"
#include "app/nodes.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "app/verify.hpp"
#include "app/record.hpp"
#include "app/write.hpp"
#include "glnoise/erosion.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/format.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/io.hpp"
#include "glnoise/shader.hpp"
#include "glnoise/version.hpp"
#include "python/convert.hpp"
#include "python/spec.hpp"
#include "python/gpu_thread.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace glnoise::python {

namespace {

// ---- baking into an array -------------------------------------------------------------

using FloatArray = nb::ndarray<float, nb::c_contig, nb::device::cpu>;

// The grid and channels an array of `ndim` axes holds for spec (its output decides whether
// the last axis is channels): (H, W), (D, H, W), (H, W, 4) or (D, H, W, 4).
struct Layout {
    Grid grid;
    int channels = 1;
    std::string text;  // "shape (4, 64, 64)", as messages name it
};

Layout layoutOf(const Spec& s, const std::vector<std::int64_t>& shape, const std::string& what) {
    const int channels = s.spec.output == Output::Value ? 1 : 4;
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
    text += shape.size() == 1 ? ",)" : ")";
    const std::string want = channels == 1 ? "(height, width) or (depth, height, width)"
                                           : "(height, width, 4) or (depth, height, width, 4) for output " +
                                                 std::string(toString(s.spec.output));
    const std::size_t spatial = shape.size() - (channels == 1 ? 0 : 1);
    if (shape.size() < (channels == 1 ? 2u : 3u) || spatial > 3 || (channels == 4 && shape.back() != 4))
        throw invalid(what + " " + text + ": must be " + want);
    for (std::size_t i = 0; i < spatial; ++i)
        if (shape[i] < 1 || shape[i] > app::kMaxBakeEdge)
            throw invalid(what + " " + text + ": each edge must be between 1 and " +
                          std::to_string(app::kMaxBakeEdge));
    Layout l;
    l.text = what + " " + text;
    l.channels = channels;
    l.grid.width = static_cast<int>(shape[spatial - 1]);
    l.grid.height = static_cast<int>(shape[spatial - 2]);
    l.grid.depth = spatial == 3 ? static_cast<int>(shape[0]) : 1;
    return l;
}

// The spec for a grid of the layout's shape, as given.
NoiseSpec specOfShape(const Spec& s, const Layout& l) {
    if (l.grid.isVolume() && s.hasDims && s.spec.dims < 3)
        throw invalid(l.text + ": a volume needs dims 3 or 4 (dims " + std::to_string(s.spec.dims) +
                      "), or dims left out");
    return s.forDims(l.grid.isVolume() ? 3 : 2);
}

// What a call computes: the spec, or the graph with the spec its space.
struct Noise {
    NoiseSpec spec;
    std::optional<Graph> graph;
    const Graph* graphOrNull() const { return graph ? &*graph : nullptr; }
};

// The noise for a grid: octaves above its Nyquist limit dropped (app::limitOctaves, a
// graph's app::limitGraphOctaves), with a UserWarning, unless no_octave_limit=True keeps
// them. Needs the GIL.
Noise noiseForGrid(const Spec& s, const Layout& l) {
    Noise n{specOfShape(s, l), s.graph};
    if (n.graph) {
        std::vector<app::Note> notes;
        try {
            notes = app::limitGraphOctaves(*n.graph, s.noOctaveLimit, "graph");
        } catch (const ValidationError& e) {
            throw ValidationError(pythonMessage(e));
        }
        warnAll(notes);
    } else if (auto note = app::limitOctaves(n.spec, s.noOctaveLimit)) {
        warnAll({*note});
    }
    return n;
}

// backend="auto" decided as `glnoise bake` decides it: the GPU, unless its renderer is a
// software rasterizer (llvmpipe and the like), which the SIMD backend outruns; then "cpu".
// Makes the module's GL context if it is not made yet, so a machine without one raises
// as backend="gpu" does. Without the GIL.
Backend resolved(Backend backend) {
    if (backend != Backend::Auto) return backend;
    const bool software = GpuThread::get().run([](gpu::Generator&, gpu::Context& ctx) { return ctx.info().software; });
    return software ? Backend::Cpu : Backend::Gpu;
}

// Fills `out` (the grid's texels, channels each, rows of y = 0 first) with the world tile
// at `start` (x, y, z), in bands: on the GPU through a tile stream whose tiles land in `out`
// directly, on the CPU a tile at a time.
void fill(const Noise& noise, const Grid& g, int channels, const TexelStart& start, Backend asked,
          unsigned threads, float* out) {
    const NoiseSpec& spec = noise.spec;
    validateStart(start, g);
    const Backend backend = resolved(asked);
    // A graph's erode stage: its nodes' values over the whole map, then eroded, on the
    // backend asked (the GPU's passes, or the C++ twin for the CPU's).
    if (noise.graph && noise.graph->erosion) {
        const erosion::Params& p = *noise.graph->erosion;
        if (start != TexelStart{} || g.isVolume())
            throw ValidationError("the graph's erode stage erodes a whole heightmap (height, width) at start 0: erosion "
                                  "moves material across a tile's edges, so a tile of it (a start, a dask chunk) "
                                  "cannot be eroded apart");
        if (g.width < 2 || g.height < 2 || g.width > erosion::Params::kMostCells || g.height > erosion::Params::kMostCells)
            throw ValidationError("shape (" + std::to_string(g.height) + ", " + std::to_string(g.width) +
                                  "): the graph's erode stage takes each edge 2 to " +
                                  std::to_string(erosion::Params::kMostCells));
        Noise nodes{spec, noise.graph->pointwise()};
        fill(nodes, g, channels, start, backend, threads, out);
        Image heights(g.width, g.height, 1);
        std::copy(out, out + heights.data.size(), heights.data.begin());
        erosion::State state = erosion::start(heights, p);
        if (backend == Backend::Gpu) {
            GpuThread::get().run([&](gpu::Generator&, gpu::Context& ctx) {
                erosion::run(state, p, &ctx);
                return 0;
            });
        } else {
            erosion::run(state, p, nullptr, threads);
        }
        const Image eroded = erosion::heights(state, p);
        std::copy(eroded.data.begin(), eroded.data.end(), out);
        return;
    }
    // The tiles of `glnoise bake`, which land in `out` directly.
    const std::size_t texelBytes = static_cast<std::size_t>(channels) * sizeof(float);
    const std::size_t rowBytes = static_cast<std::size_t>(g.width) * texelBytes;
    auto* bytes = reinterpret_cast<std::uint8_t*>(out);
    const auto place = [&](const app::TilePos& t) {
        return bytes + (static_cast<std::size_t>(t.z) * static_cast<std::size_t>(g.height) + static_cast<std::size_t>(t.y0)) *
                           rowBytes + static_cast<std::size_t>(t.x0) * texelBytes;
    };
    app::TileSource source;
    source.threads = threads;
    if (backend != Backend::Gpu) {
        source.cpu = backend == Backend::Cpu ? app::CpuBackend::Simd : app::CpuBackend::Reference;
        app::walkTiles(spec, noise.graphOrNull(), g, start, app::bandShape(g, texelBytes, source), source, rowBytes, place);
        return;
    }
    GpuThread::get().run([&](gpu::Generator& gen, gpu::Context&) {
        source.gpu = &gen;
        app::walkTiles(spec, noise.graphOrNull(), g, start, app::bandShape(g, texelBytes, source), source, rowBytes, place);
        return 0;
    });
}

void bakeInto(const Spec& s, FloatArray out, const std::array<std::int64_t, 3>& start, const std::string& backendName,
              unsigned threads, const std::string& what) {
    const Backend backend = parseBackend(backendName);
    std::vector<std::int64_t> shape;
    for (std::size_t i = 0; i < out.ndim(); ++i) shape.push_back(static_cast<std::int64_t>(out.shape(i)));
    const Layout l = layoutOf(s, shape, what);
    const Noise noise = noiseForGrid(s, l);
    float* data = out.data();
    nb::gil_scoped_release release;
    fill(noise, l.grid, l.channels, start, backend, threads, data);
}

// ---- points -----------------------------------------------------------------------------

using PointArray = nb::ndarray<const double, nb::ndim<2>, nb::c_contig, nb::device::cpu>;

nb::ndarray<nb::numpy, float> evalPoints(const Spec& s, PointArray points, const std::string& backendName) {
    const Backend backend = parseBackend(backendName);
    if (s.graph) s.graph->requirePointwise("eval");
    const std::size_t n = points.shape(0);
    const int columns = static_cast<int>(points.shape(1));
    if (s.hasDims && columns != s.spec.dims)
        throw invalid("points shape (" + std::to_string(n) + ", " + std::to_string(columns) + "): must be (N, " +
                      std::to_string(s.spec.dims) + ") for dims " + std::to_string(s.spec.dims));
    if (!s.hasDims && (columns < 1 || columns > 4))
        throw invalid("points shape (" + std::to_string(n) + ", " + std::to_string(columns) +
                      "): must be (N, dims), dims 1 to 4");
    const NoiseSpec spec = s.forDims(columns);
    std::vector<cpu::Point> pts(n);
    const double* p = points.data();
    for (std::size_t i = 0; i < n; ++i)
        for (int c = 0; c < columns; ++c) {
            const double v = p[i * static_cast<std::size_t>(columns) + static_cast<std::size_t>(c)];
            if (!std::isfinite(v))
                throw invalid("points[" + std::to_string(i) + ", " + std::to_string(c) + "] " + formatNumber(v) +
                              ": coordinates must be finite");
            pts[i][static_cast<std::size_t>(c)] = v;
        }
    const int channels = cpu::outputChannels(spec);
    auto* values = new std::vector<float>();
    nb::capsule owner(values, [](void* v) noexcept { delete static_cast<std::vector<float>*>(v); });
    {
        nb::gil_scoped_release release;
        // The graph's, or the spec's, at the points: the same calls for either.
        const auto at = [&](const auto& noise) {
            if (resolved(backend) == Backend::Gpu)
                return GpuThread::get().run([&](gpu::Generator& gen, gpu::Context&) { return gen.evaluatePoints(noise, pts); });
            return cpu::evaluatePoints(noise, pts);
        };
        *values = s.graph ? at(*s.graph) : at(spec);
    }
    if (channels == 1) {
        const std::size_t shape[1] = {n};
        return nb::ndarray<nb::numpy, float>(values->data(), 1, shape, owner);
    }
    const std::size_t shape[2] = {n, static_cast<std::size_t>(channels)};
    return nb::ndarray<nb::numpy, float>(values->data(), 2, shape, owner);
}

// ---- check and info ------------------------------------------------------------------------

nb::dict check(const Spec& s, const std::vector<std::int64_t>& shape) {
    const Layout l = layoutOf(s, shape, "shape");
    const Noise noise = noiseForGrid(s, l);
    const NoiseSpec& spec = noise.spec;
    const Grid g = l.grid;
    try {
        g.validate();
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
    std::string renderer;
    std::optional<app::CheckVerdict> verdict;
    {
        nb::gil_scoped_release release;
        const auto gpuBand = [&](const Grid& band, const TexelStart& start) {
            return GpuThread::get().run([&](gpu::Generator& gen, gpu::Context& ctx) {
                renderer = ctx.info().renderer;
                return noise.graph ? gen.generate(*noise.graph, band, start) : gen.generate(spec, band, start);
            });
        };
        verdict = noise.graph ? app::checkGrid(*noise.graph, g, app::checkBandRows(g), cpu::agreementTolerance(*noise.graph), gpuBand)
                              : app::checkGrid(spec, g, app::checkBandRows(g), cpu::agreementTolerance(spec), gpuBand);
    }
    nb::list channels;
    std::string report;
    for (const app::ChannelVerdict& c : verdict->channels) {
        nb::dict ch;
        ch["name"] = c.name;
        ch["max_diff"] = c.agreement.maxDiff;
        ch["mean_diff"] = c.agreement.sum / static_cast<double>(g.texels());
        ch["at"] = nb::make_tuple(c.agreement.at[2], c.agreement.at[1], c.agreement.at[0]);
        ch["gpu"] = c.agreement.gpu;
        ch["cpu"] = c.agreement.cpu;
        ch["tolerance"] = c.tolerance;
        ch["passed"] = c.passed;
        channels.append(ch);
        report += std::string(report.empty() ? "" : "\n") + c.line;
    }
    nb::dict d;
    d["passed"] = verdict->passed;
    d["renderer"] = renderer;
    d["channels"] = channels;
    d["report"] = report;
    return d;
}

nb::dict info() {
    nb::dict d;
    d["version"] = GLNOISE_VERSION;
    d["simd_target"] = cpu::simdTarget();
    std::optional<gpu::ContextInfo> ci;
    std::string failure;
    {
        nb::gil_scoped_release release;
        try {
            ci = GpuThread::get().run([](gpu::Generator&, gpu::Context& ctx) { return ctx.info(); });
        } catch (const GpuError& e) {
            failure = e.what();
        }
    }
    if (!ci) {
        d["gpu"] = nb::none();
        d["gpu_error"] = failure;
        d["default_backend"] = nb::none();  // backend="auto" raises as "gpu" does
        return d;
    }
    d["default_backend"] = ci->software ? "cpu" : "gpu";
    d["default_backend_why"] = ci->software ? ci->renderer + " is a software rasterizer: the SIMD backend outruns it "
                                                               "(backend=\"gpu\" runs on it)"
                                            : "the GPU, " + ci->renderer;
    nb::dict g;
    g["platform"] = ci->platform;
    g["device"] = ci->device;
    g["egl_version"] = ci->eglVersion;
    g["vendor"] = ci->vendor;
    g["renderer"] = ci->renderer;
    g["version"] = ci->version;
    g["glsl_version"] = ci->glslVersion;
    g["max_texture_size"] = ci->maxTextureSize;
    g["max_3d_texture_size"] = ci->max3dTextureSize;
    g["max_work_group_count"] = nb::make_tuple(ci->maxWorkGroupCount[0], ci->maxWorkGroupCount[1], ci->maxWorkGroupCount[2]);
    g["max_work_group_size"] = nb::make_tuple(ci->maxWorkGroupSize[0], ci->maxWorkGroupSize[1], ci->maxWorkGroupSize[2]);
    g["max_work_group_invocations"] = ci->maxWorkGroupInvocations;
    g["max_shared_memory"] = ci->maxSharedMemory;
    g["max_storage_block_size"] = ci->maxStorageBlockSize;
    g["reports_resets"] = ci->reportsResets;
    d["gpu"] = g;
    return d;
}

// ---- files --------------------------------------------------------------------------------

// What `glnoise bake` would write for this request; the record names the command that
// re-bakes it, so `glnoise bake --from` takes the file.
// The bake fields Python's save takes (app/bake_fields.def), keyword by keyword: an on/off
// field a bool, the others a str; as the texts the fields' rows take.
std::map<std::string, std::string> bakeFieldTexts(const nb::dict& fields) {
    std::map<std::string, std::string> given;
    for (const auto& [k, v] : fields) {
        const std::string key = nb::cast<std::string>(k);
        const app::BakeField* f = app::findBakeField(key);
        if (!f || !f->isFor(app::kPython) || f->key() != key) throw nb::type_error(("save() got an unexpected keyword argument '" + key + "'").c_str());
        if (f->onOff() && !PyBool_Check(v.ptr()))
            throw invalid(key + " " + std::string(nb::repr(v).c_str()) + ": must be True or False");
        given[f->name] = f->onOff() ? (v.ptr() == Py_True ? "true" : "false")
                         : nb::isinstance<nb::str>(v) ? nb::cast<std::string>(v) : std::string(nb::repr(v).c_str());
    }
    return given;
}

// What `glnoise bake` would write for this request; the record names the command that
// re-bakes it, so `glnoise bake --from` takes the file.
std::string save(const Spec& s, const std::string& path, const std::vector<std::int64_t>& shape,
                 const std::optional<std::array<std::int64_t, 3>>& tile, const std::optional<std::array<double, 2>>& range,
                 bool boundRange, bool rangeChosen, const std::string& colormap, int bits, const std::string& backendName,
                 unsigned threads, const nb::dict& fields) {
    const Backend backend = parseBackend(backendName);
    const Layout l = layoutOf(s, shape, "shape");
    app::BakeRequest r;
    r.spec = specOfShape(s, l);
    if (s.graph) {
        r.graph = s.graph;
        r.graphFrom = "graph";
    }
    r.noOctaveLimit = s.noOctaveLimit;
    r.size = l.grid;
    r.tile = tile;
    if (range) {
        if (!((*range)[0] < (*range)[1]) || !std::isfinite((*range)[0]) || !std::isfinite((*range)[1]))
            throw invalid("range (" + formatNumber((*range)[0]) + ", " + formatNumber((*range)[1]) +
                          "): must be (min, max), finite, with min < max");
        r.range = ValueRange{(*range)[0], (*range)[1]};
    }
    r.boundRange = boundRange;
    r.rangeChosen = rangeChosen;
    r.colormap = colormap;
    r.bits = bits;
    r.out = path;
    r.threads = threads;
    const std::map<std::string, std::string> given = bakeFieldTexts(fields);
    try {
        app::setBakeFields(r, given);
        if (tile) validateStart(r.start(), r.size);
        app::Bake bake(r);
        warnAll(bake.warnings());
        nb::gil_scoped_release release;
        const Backend chosen = resolved(backend);
        if (chosen == Backend::Gpu)
            return GpuThread::get().run([&](gpu::Generator& gen, gpu::Context&) { return bake.run(&gen); });
        return bake.run(nullptr, nullptr, chosen == Backend::Cpu ? app::CpuBackend::Simd : app::CpuBackend::Reference);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
}

// The bake fields save takes, as the package lists its keywords.
nb::list bakeFieldList() {
    nb::list rows;
    for (const app::BakeField& f : app::bakeFields()) {
        if (!f.isFor(app::kPython)) continue;
        nb::dict d;
        d["keyword"] = f.key();
        d["flag"] = "--" + f.name;
        d["help"] = f.help;
        d["choices"] = f.choices();
        d["default"] = f.onOff() ? nb::object(nb::bool_(false)) : nb::object(nb::str(f.text(app::BakeRequest{}).c_str()));
        rows.append(d);
    }
    return rows;
}

using ReadArray = nb::ndarray<const float, nb::c_contig, nb::device::cpu>;

// An array of the caller's, written through the same writers as a bake, with no record.
void writeArray(const std::string& path, ReadArray a, int channels, const std::array<double, 2>& range, int bits) {
    const int width = static_cast<int>(a.shape(1));  // (height, width[, channels])
    const int height = static_cast<int>(a.shape(0));
    try {
        nb::gil_scoped_release release;
        app::writeArray(path, a.data(), width, height, channels, ValueRange{range[0], range[1]}, bits);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
}

// ---- presets ------------------------------------------------------------------------------

// A preset's colormap, range and bits as Python's Noise keeps them.
nb::dict mappingOf(const app::Preset& p) {
    nb::dict mapping;
    if (p.range) mapping["range"] = nb::make_tuple(p.range->min, p.range->max);
    else if (p.boundRange) mapping["range"] = "bound";
    else if (p.rangeGiven) mapping["range"] = "typical";  // said outright: a .r16 maps it too
    if (!p.colormap.empty()) mapping["colormap"] = p.colormap;
    if (p.bits) mapping["bits"] = p.bits;
    return mapping;
}

nb::tuple loadPreset(const std::string& nameOrPath) {
    app::Preset p;
    try {
        p = app::loadPreset(nameOrPath);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
    Spec spec{p.spec, p.hasDims};
    spec.graph = p.graph;  // a graph's preset
    return nb::make_tuple(spec, mappingOf(p));
}

Spec specFromText(const std::string& text, const std::string& source) {
    app::Preset p;
    try {
        p = app::parsePreset(app::parseJson(text, source, ""), source);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
    return Spec{p.spec, p.hasDims};
}

// That an array of `shape` (numpy order, channels last) at world texel `start` (x, y, z)
// lies within the world, as a Dask array of it must: any edge, not only a bake's.
void checkWorld(const Spec& s, const std::vector<std::int64_t>& shape, const std::array<std::int64_t, 3>& start) {
    const std::size_t spatial = shape.size() - (s.spec.output == Output::Value ? 0 : 1);
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + std::to_string(shape[i]);
    text += ")";
    const char* axes[3] = {"x", "y", "z"};
    for (std::size_t a = 0; a < spatial; ++a) {
        const std::int64_t edge = shape[spatial - 1 - a], first = start[a];
        if (edge < 1 || first < -kMaxWorldTexel || first > kMaxWorldTexel || edge > kMaxWorldTexel - first)
            throw invalid("shape " + text + " at " + axes[a] + " " + std::to_string(first) +
                          ": must lie within world texels -2^52 to 2^52 (4503599627370496) along each axis");
    }
}

// A preset's mapping keys (colormap, range, bits) checked as a preset's are: the mapping as
// save() uses it, or ValueError naming each bad value.
nb::dict mappingFromText(const std::string& text) {
    app::Preset p;
    try {
        p = app::parsePreset(app::parseJson(text, "Noise()", ""), "Noise()");
    } catch (const ValidationError& e) {
        std::string m = pythonMessage(e);
        for (std::string::size_type at; (at = m.find("Noise(): ")) != std::string::npos;) m.erase(at, 9);
        throw ValidationError(m);
    }
    return mappingOf(p);
}

std::string presetText(const Spec& s) {
    nlohmann::json j = app::presetJson(s.spec, std::nullopt, "", 0);
    if (!s.hasDims) j.erase("dims");
    return j.dump(2);
}

// The language, the table's form and place, as glnoise.glsl() and Graph.shader() take them
// (ValidationError in the command's words).
shader::Options shaderOptions(const std::string& language, const std::string& table, int set, int binding) {
    shader::Options o;
    o.language = shader::parseLanguage(language);
    o.table = table == "default" ? shader::Table::Default : shader::parseTable(table);
    o.set = set;
    o.binding = binding;
    o.origin = "glnoise " GLNOISE_VERSION " (Python)";
    return o;
}

// A graph as one function in a shader language (glnoise shader --graph).
std::string graphShader(const Spec& s, const std::string& language, const std::string& table, int set, int binding,
                        const std::string& params, int paramsBinding, const std::string& python) {
    if (!s.graph) throw invalid("shader: a Graph's; a Noise's library is glnoise.glsl()");
    shader::GraphOptions g;
    try {
        const shader::Options o = shaderOptions(language, table, set, binding);
        if (params != "constants" && params != "uniform") throw invalid("params '" + params + "': allowed: constants, uniform");
        g.params = params == "uniform" ? shader::GraphParams::Uniform : shader::GraphParams::Constants;
        g.binding = paramsBinding;
        g.python = python;
        return shader::graphSource(o, *s.graph, g);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
}

nb::bytes graphBlock(const Spec& s) {
    if (!s.graph) throw invalid("shader_block: a Graph's");
    const std::vector<std::uint8_t> block = shader::graphBlock(*s.graph);
    return nb::bytes(reinterpret_cast<const char*>(block.data()), block.size());
}

// A graph's Spec: its space the spec, its dims its own.
Spec graphSpec(const std::string& text, const std::string& source) {
    Spec s;
    try {
        s.graph = Graph::parse(text, source);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
    s.spec = s.graph->space;
    s.hasDims = true;
    return s;
}

// A spec's graph of one chain, in `dims` dimensions where the spec leaves them to the data.
Spec specGraph(const Spec& s, int dims) {
    Spec g;
    g.graph = graphOf(s.forDims(dims));
    g.spec = g.graph->space;
    g.hasDims = true;
    g.noOctaveLimit = s.noOctaveLimit;
    return g;
}

std::string shaderSource(const std::string& language, const std::vector<std::string>& families,
                         std::optional<std::uint64_t> seed, const std::string& table, int set, int binding) {
    try {
        shader::Options o = shaderOptions(language, table, set, binding);
        o.families = families;
        o.seed = seed;
        return shader::source(o);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
}

}  // namespace

}  // namespace glnoise::python

NB_MODULE(_glnoise, m) {
    using namespace glnoise;
    using namespace glnoise::python;
    m.doc() = "glnoise's native module; use the glnoise package";
    nb::register_exception_translator([](const std::exception_ptr& p, void*) {
        try {
            std::rethrow_exception(p);
        } catch (const ValidationError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const IoError& e) {
            PyErr_SetString(PyExc_OSError, e.what());
        } catch (const Error& e) {
            PyErr_SetString(PyExc_RuntimeError, e.what());
        }
    });

    nb::class_<Spec>(m, "Spec", "A validated noise spec (glnoise.Noise holds one)")
        .def_static("from_keywords", &specFromKeywords, "keywords"_a,
                    "The spec of these keywords, checked by glnoise's rules (ValueError naming each bad value)")
        .def_static("from_text", &specFromText, "text"_a, "source"_a, "The spec of a preset's JSON text")
        .def("to_dict", &specDict, "Every field by its keyword; dims None when the shape decides")
        .def_rw("no_octave_limit", &Spec::noOctaveLimit, "Octaves above a grid's Nyquist limit kept")
        .def("preset_text", &presetText, "The preset JSON that reproduces the spec")
        .def("erodes", [](const Spec& s) { return s.graph && s.graph->erosion; }, "Whether a graph's erode stage erodes it")
        .def("channels", [](const Spec& s) { return s.spec.output == Output::Value ? 1 : 4; },
             "Channels per texel: 1, or 4 for gradient and normal outputs")
        .def_static("from_graph", &graphSpec, "text"_a, "source"_a,
                    "A noise graph from its JSON or compact text, checked as `glnoise bake --graph` checks it")
        .def("to_graph", &specGraph, "dims"_a, "The spec as a graph of one chain (what --print-graph prints)")
        .def_prop_ro("is_graph", [](const Spec& s) { return s.graph.has_value(); }, "Whether it holds a graph")
        .def("graph_json", [](const Spec& s, int indent) { return s.graph ? s.graph->json(indent) : std::string(); }, "indent"_a,
             "The graph as JSON, every field of every node given")
        .def("graph_compact", [](const Spec& s) { return s.graph ? s.graph->compact() : std::string(); },
             "The graph's compact form (gln1....)")
        .def("graph_shader", &graphShader, "language"_a, "table"_a, "set"_a, "binding"_a, "params"_a, "params_binding"_a, "python"_a,
             "The graph as one function gln_graph(p) in a shader language, with the library functions it calls")
        .def("graph_block", &graphBlock, "The uniform block of the graph's frames and numbers (std140 bytes)")
        .def("stated_range",
             [](const Spec& s, int dims) {
                 if (s.graph) {
                     const ValueRange r = statedRange(*s.graph);
                     return std::array<double, 2>{r.min, r.max};
                 }
                 const ValueRange r = s.forDims(dims).statedRange();
                 return std::array<double, 2>{r.min, r.max};
             },
             "dims"_a, "The range the values are stated to lie in")
        .def("typical_range",
             [](const Spec& s, int dims) {
                 const NoiseSpec spec = s.forDims(dims);
                 nb::gil_scoped_release release;
                 const ValueRange r = s.graph ? cpu::typicalRange(*s.graph) : cpu::typicalRange(spec);
                 return std::array<double, 2>{r.min, r.max};
             },
             "dims"_a, "Where 99.8% of the values lie: what a file maps to 0..255 by default");

    m.def("spec_keys", &app::specKeys, "Every spec keyword, in the field table's order");
    m.def("bake_into", &bakeInto, "spec"_a, "out"_a.noconvert(), "start"_a, "backend"_a, "threads"_a, "what"_a,
          "Fills a C-contiguous float32 array with the world tile at start (x, y, z)");
    m.def("eval_points", &evalPoints, "spec"_a, "points"_a, "backend"_a, "The noise at (N, dims) float64 points");
    m.def("check", &check, "spec"_a, "shape"_a, "The GPU against the CPU reference over a grid");
    m.def("info", &info, "The version, the SIMD target and the GL context's facts");
    m.def("save", &save, "spec"_a, "path"_a, "shape"_a, "tile"_a, "range"_a, "bound_range"_a, "range_chosen"_a,
          "colormap"_a, "bits"_a, "backend"_a, "threads"_a, "fields"_a, "What glnoise bake writes, record included");
    m.def("bake_fields", &bakeFieldList, "The keywords save takes for the bake's fields (--flip-y, ...)");
    m.def("extensions", [] {
        std::vector<std::string> e;
        for (const io::FormatInfo& f : io::formats()) e.insert(e.end(), f.extensions.begin(), f.extensions.end());
        return e;
    }, "Every extension a file may have: .png, .exr, .r16, .raw, .r32");
    m.def("write_array", &writeArray, "path"_a, "array"_a, "channels"_a, "range"_a, "bits"_a,
          "A float32 (H, W[, C]) array written as .png, .exr, .r16 or .r32, with no record");
    m.def("load_preset", &loadPreset, "name_or_path"_a, "A built-in preset or a .json file: (spec, mapping); a graph's preset's spec holds its graph");
    m.def("preset_names", &app::presetNames, "The built-in presets");
    m.def("check_world", &checkWorld, "spec"_a, "shape"_a, "start"_a,
          "ValueError unless an array of shape at start (x, y, z) lies within the world");
    m.def("mapping_from_text", &mappingFromText, "text"_a,
          "colormap, range and bits as JSON, checked as a preset's: the mapping");
    m.def("read_record", [](const std::string& path) {
        try {
            std::string record = io::readRecord(path);
            // As bake --from: the file must be the bake its record describes (not repainted,
            // nor a data file paired with another bake's sidecar).
            nb::gil_scoped_release release;
            app::checkAgainstRecord(path, record, "from " + path);
            return record;
        } catch (const ValidationError& e) {
            throw ValidationError(pythonMessage(e));
        }
    }, "path"_a, "The record a glnoise file holds, as JSON text, once the file is checked against it");
    m.def("shader_source", &shaderSource, "language"_a, "families"_a, "seed"_a, "table"_a, "set"_a, "binding"_a,
          "The noise library as one source in a shader language");
    m.def("shader_languages", &shader::languageNames, "The shader languages");
    m.def("node_kinds", [] { return app::nodeKindsJson({}).dump(); },
          "The node kinds of noise graphs, as `glnoise nodes --json` prints them");
    m.def("node_roles", &app::nodeRoles,
          "The kinds Python's operators and shorthands make: a + b, a - b, a * b, a / b, -a, |a|, "
          "a noise (glnoise.perlin()) and a sum of octaves (glnoise.fbm())");
    m.attr("__version__") = GLNOISE_VERSION;
}
