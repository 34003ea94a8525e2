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
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include <nlohmann/json.hpp>

#include "app/agreement.hpp"
#include "app/bake.hpp"
#include "app/options.hpp"
#include "app/preset.hpp"
#include "core/fields.hpp"
#include "core/format.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/io.hpp"
#include "glnoise/shader.hpp"
#include "glnoise/version.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace glnoise::python {

namespace {

// ---- errors ---------------------------------------------------------------------------

// A violation as Python words it: the keyword ("ridge_gain 3: ...") where the library
// names a field or a flag ("ridge-gain", "--out").
std::string pythonText(const Violation& v) {
    std::string field = v.field;
    if (field.rfind("--", 0) == 0) field = field.substr(2);
    std::replace(field.begin(), field.end(), '-', '_');
    if (!field.empty()) return field + " " + v.what;
    std::string what = v.what;
    if (what.rfind("--", 0) == 0) {
        const std::size_t end = what.find(' ');
        std::string flag = what.substr(2, end == std::string::npos ? end : end - 2);
        std::replace(flag.begin(), flag.end(), '-', '_');
        what = flag + (end == std::string::npos ? "" : what.substr(end));
    }
    return what;
}

std::string pythonMessage(const ValidationError& e) {
    std::string m;
    for (const Violation& v : e.details()) m += (m.empty() ? "" : "; ") + pythonText(v);
    return m;
}

ValidationError invalid(const std::string& what) { return ValidationError(what); }

// ---- the spec -------------------------------------------------------------------------

// A Python value as the JSON value a preset would hold, so that the library's own reader
// checks it and words what is wrong: a value of no JSON type becomes its repr, a string
// ("must be a number").
nlohmann::json toJson(nb::handle h) {
    if (h.is_none()) return nullptr;
    if (PyBool_Check(h.ptr())) return h.ptr() == Py_True;
    const std::string type = nb::type_name(h.type()).c_str();
    if (type == "numpy.bool" || type == "numpy.bool_") return nb::cast<bool>(h.attr("__bool__")());
    // A numpy array (offset=np.array([1.0, 2.0])) as the list it holds.
    if (nb::hasattr(h, "tolist") && nb::hasattr(h, "ndim") && nb::cast<int>(h.attr("ndim")) > 0)
        return toJson(h.attr("tolist")());
    if (PyLong_Check(h.ptr()) || (PyIndex_Check(h.ptr()) && !PyFloat_Check(h.ptr()))) {
        nb::object i = nb::steal(PyNumber_Index(h.ptr()));
        if (!i.is_valid()) throw nb::python_error();
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
        if (!overflow) return v >= 0 ? nlohmann::json(static_cast<std::uint64_t>(v)) : nlohmann::json(v);
        const unsigned long long u = PyLong_AsUnsignedLongLong(i.ptr());
        if (!PyErr_Occurred()) return u;
        PyErr_Clear();
        // Too large for any field: shown as a number, or as written beyond a double's range.
        const double d = PyLong_AsDouble(i.ptr());
        if (!PyErr_Occurred()) return d;
        PyErr_Clear();
        return nlohmann::json(nb::repr(h).c_str());
    }
    if (PyFloat_Check(h.ptr()) || nb::hasattr(h, "__float__")) return nb::cast<double>(h.attr("__float__")());
    if (nb::isinstance<nb::str>(h)) return nb::cast<std::string>(h);
    if (PyList_Check(h.ptr()) || PyTuple_Check(h.ptr())) {
        nlohmann::json a = nlohmann::json::array();
        for (nb::handle item : h) a.push_back(toJson(item));
        return a;
    }
    return nlohmann::json(nb::repr(h).c_str());
}

// A JSON value as Python: arrays as tuples.
nb::object toPython(const nlohmann::json& j) {
    switch (j.type()) {
        case nlohmann::json::value_t::null: return nb::none();
        case nlohmann::json::value_t::boolean: return nb::bool_(j.get<bool>());
        case nlohmann::json::value_t::number_integer: return nb::int_(j.get<long long>());
        case nlohmann::json::value_t::number_unsigned: return nb::steal(PyLong_FromUnsignedLongLong(j.get<std::uint64_t>()));
        case nlohmann::json::value_t::number_float: return nb::float_(j.get<double>());
        case nlohmann::json::value_t::string: return nb::str(j.get<std::string>().c_str());
        case nlohmann::json::value_t::array: {
            nb::list l;
            for (const auto& v : j) l.append(toPython(v));
            return nb::tuple(l);
        }
        default: {
            nb::dict d;
            for (auto it = j.begin(); it != j.end(); ++it) d[it.key().c_str()] = toPython(it.value());
            return d;
        }
    }
}

// A validated spec and whether its dims were given (else the shape or the points decide,
// as `glnoise bake` lets the size decide without --dims).
struct Spec {
    NoiseSpec spec;
    bool hasDims = false;
    bool noOctaveLimit = false;  // octaves above a grid's Nyquist limit kept (no_octave_limit=True)

    // The spec for a grid or points of `dims` dimensions (0: a 2D grid, 3: a volume).
    NoiseSpec forDims(int dims) const {
        NoiseSpec s = spec;
        if (!hasDims) s.dims = dims;
        try {
            s.validate();
        } catch (const ValidationError& e) {
            throw ValidationError(pythonMessage(e));
        }
        return s;
    }
};

// The keywords' names, in the order of the field table.
std::vector<std::string> specKeys() {
    std::vector<std::string> keys;
    for (const SpecField& f : specFields()) keys.push_back(f.key());
    return keys;
}

Spec specFromJson(const nlohmann::json& j) {
    Spec s;
    std::vector<Violation> problems;
    io::readSpecKeys(j, s.spec, problems);
    s.hasDims = j.contains("dims") && !j["dims"].is_null();
    std::vector<std::string> texts;
    for (const Violation& v : problems) texts.push_back(pythonText(v));
    if (texts.empty()) {
        NoiseSpec check = s.spec;
        // The dims a shape would give: a spec that is valid in 2D or 3D is valid (simplex
        // without dims, for instance); the rest waits for the shape.
        if (!s.hasDims) check.dims = 2;
        try {
            check.validate();
        } catch (const ValidationError& e) {
            bool fine3 = false;
            if (!s.hasDims) {
                check.dims = 3;
                try {
                    check.validate();
                    fine3 = true;
                } catch (const ValidationError&) {
                }
            }
            if (!fine3)
                for (const Violation& v : e.details()) texts.push_back(pythonText(v));
        }
    }
    if (!texts.empty()) {
        std::string m;
        for (const std::string& t : texts) m += (m.empty() ? "" : "; ") + t;
        throw ValidationError(m);
    }
    return s;
}

Spec specFromKeywords(const nb::dict& keywords) {
    nlohmann::json j = nlohmann::json::object();
    for (auto [key, value] : keywords) {
        const std::string k = nb::cast<std::string>(key);
        if (k == "dims" && value.is_none()) continue;
        j[k] = toJson(value);
    }
    return specFromJson(j);
}

// Every field by its keyword; dims None when it was not given.
nb::dict specDict(const Spec& s) {
    nlohmann::json j = io::specObject(s.spec);
    if (!s.hasDims) j["dims"] = nullptr;
    nb::dict d;
    for (const std::string& k : specKeys()) d[k.c_str()] = toPython(j[k]);
    return d;
}

// ---- the GPU, on a thread of its own ------------------------------------------------

class GpuThread {
public:
    // The one of this process; made when first asked for, never destroyed (the driver's
    // own exit handlers may run before static destructors would).
    static GpuThread& get() {
        static GpuThread* const thread = new GpuThread();
        return *thread;
    }

    // Runs job(generator, context) on the GL thread and returns when it has finished,
    // rethrowing what it threw. The caller releases the GIL.
    template <class F>
    auto run(F job) -> decltype(job(std::declval<gpu::Generator&>(), std::declval<gpu::Context&>())) {
        using R = decltype(job(std::declval<gpu::Generator&>(), std::declval<gpu::Context&>()));
        std::packaged_task<R()> task([this, &job]() -> R {
            ensureContext();
            return job(*generator_, *context_);
        });
        std::future<R> result = task.get_future();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            jobs_.emplace_back([&task] { task(); });
        }
        wake_.notify_one();
        return result.get();
    }

private:
    GpuThread() : thread_([this] { loop(); }) { thread_.detach(); }

    void loop() {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [this] { return !jobs_.empty(); });
                job = std::move(jobs_.front());
                jobs_.pop_front();
            }
            job();
        }
    }

    // On the GL thread: the context, made once; a failure is remembered and said again.
    void ensureContext() {
        if (generator_) return;
        if (!failure_.empty()) throw GpuError(failure_);
        try {
            context_ = std::make_unique<gpu::Context>();
            generator_ = std::make_unique<gpu::Generator>(*context_);
        } catch (const Error& e) {
            generator_.reset();
            context_.reset();
            failure_ = std::string("no GPU backend: ") + e.what() +
                       " (backend=\"cpu\" and backend=\"reference\" need no GL)";
            throw GpuError(failure_);
        }
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> jobs_;
    std::unique_ptr<gpu::Context> context_;
    std::unique_ptr<gpu::Generator> generator_;
    std::string failure_;
    std::thread thread_;
};

enum class Backend { Gpu, Cpu, Reference };

Backend parseBackend(const std::string& name) {
    if (name == "gpu") return Backend::Gpu;
    if (name == "cpu") return Backend::Cpu;
    if (name == "reference") return Backend::Reference;
    throw invalid("backend '" + name + "': must be gpu, cpu or reference");
}

// ---- baking into an array -------------------------------------------------------------

// check() compares bands of at most this many texels.
constexpr std::int64_t kBandTexels = std::int64_t{1} << 22;

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

// The spec for a grid: octaves above its Nyquist limit dropped, with a UserWarning in the
// words of `glnoise bake`, unless no_octave_limit=True keeps them. Needs the GIL.
NoiseSpec specForGrid(const Spec& s, const Layout& l) {
    if (l.grid.isVolume() && s.hasDims && s.spec.dims < 3)
        throw invalid(l.text + ": a volume needs dims 3 or 4 (dims " + std::to_string(s.spec.dims) +
                      "), or dims left out");
    NoiseSpec spec = s.forDims(l.grid.isVolume() ? 3 : 2);
    app::NoiseArgs args;
    args.noOctaveLimit = s.noOctaveLimit;
    std::string warning = app::limitOctaves(spec, args);
    if (!warning.empty()) {
        const auto swap = [&](const std::string& from, const std::string& to) {
            if (const auto at = warning.find(from); at != std::string::npos) warning.replace(at, from.size(), to);
        };
        swap("--octaves ", "octaves ");
        swap("--no-octave-limit keeps them all", "no_octave_limit=True keeps them all");
        if (PyErr_WarnEx(PyExc_UserWarning, warning.c_str(), 2) != 0) throw nb::python_error();
    }
    return spec;
}

// Fills `out` (the grid's texels, channels each, rows of y = 0 first) with the world tile
// at `start` (x, y, z), in bands: on the GPU through a tile stream whose tiles land in `out`
// directly, on the CPU a tile at a time.
void fill(const NoiseSpec& spec, const Grid& g, int channels, const TexelStart& start, Backend backend,
          unsigned threads, float* out) {
    validateStart(start, g);
    // The tiles of `glnoise bake` (app::bandShape), which land in `out` directly.
    const app::BandShape shape = app::bandShape(g, static_cast<std::size_t>(channels) * sizeof(float));
    const int tileWidth = shape.tileWidth, bandRows = shape.bandRows;
    const std::size_t rowFloats = static_cast<std::size_t>(g.width) * static_cast<std::size_t>(channels);
    auto at = [&](int z, int y, int x) {
        return out + (static_cast<std::size_t>(z) * static_cast<std::size_t>(g.height) + static_cast<std::size_t>(y)) *
                         rowFloats + static_cast<std::size_t>(x) * static_cast<std::size_t>(channels);
    };
    struct Tile {
        int z, y0, x0, rows, cols;
    };
    std::vector<Tile> tiles;
    for (int z = 0; z < g.depth; ++z)
        for (int y0 = 0; y0 < g.height; y0 += bandRows)
            for (int x0 = 0; x0 < g.width; x0 += tileWidth)
                tiles.push_back({z, y0, x0, std::min(bandRows, g.height - y0), std::min(tileWidth, g.width - x0)});
    auto startOf = [&](const Tile& t) { return TexelStart{start[0] + t.x0, start[1] + t.y0, start[2] + t.z}; };

    if (backend != Backend::Gpu) {
        for (const Tile& t : tiles) {
            const Grid tg{t.cols, t.rows, 1};
            const Image img = backend == Backend::Cpu ? cpu::evaluateSimd(spec, tg, startOf(t), threads)
                                                      : cpu::evaluate(spec, tg, startOf(t), threads);
            for (int y = 0; y < t.rows; ++y)
                std::memcpy(at(t.z, t.y0 + y, t.x0), &img.data[img.index(0, y)],
                            static_cast<std::size_t>(t.cols) * static_cast<std::size_t>(channels) * sizeof(float));
        }
        return;
    }
    GpuThread::get().run([&](gpu::Generator& gen, gpu::Context&) {
        gpu::TileStream stream(gen, spec, tileWidth, bandRows);
        std::size_t submitted = 0;
        for (const Tile& t : tiles) {
            while (submitted < tiles.size() && stream.queued() < stream.capacity()) {
                const Tile& n = tiles[submitted++];
                stream.submit(Grid{n.cols, n.rows, 1}, startOf(n));
            }
            stream.take(at(t.z, t.y0, t.x0), rowFloats * sizeof(float));
        }
        return 0;
    });
}

void bakeInto(const Spec& s, FloatArray out, const std::array<std::int64_t, 3>& start, const std::string& backendName,
              unsigned threads, const std::string& what) {
    const Backend backend = parseBackend(backendName);
    std::vector<std::int64_t> shape;
    for (std::size_t i = 0; i < out.ndim(); ++i) shape.push_back(static_cast<std::int64_t>(out.shape(i)));
    const Layout l = layoutOf(s, shape, what);
    const NoiseSpec spec = specForGrid(s, l);
    float* data = out.data();
    nb::gil_scoped_release release;
    fill(spec, l.grid, l.channels, start, backend, threads, data);
}

// ---- points -----------------------------------------------------------------------------

using PointArray = nb::ndarray<const double, nb::ndim<2>, nb::c_contig, nb::device::cpu>;

nb::ndarray<nb::numpy, float> evalPoints(const Spec& s, PointArray points, const std::string& backendName) {
    const Backend backend = parseBackend(backendName);
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
        *values = backend == Backend::Gpu ? GpuThread::get().run([&](gpu::Generator& gen, gpu::Context&) {
            return gen.evaluatePoints(spec, pts);
        })
                                          : cpu::evaluatePoints(spec, pts);
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
    const NoiseSpec spec = specForGrid(s, l);
    const Grid g = l.grid;
    try {
        g.validate();
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
    const std::array<double, 4> tolerances = cpu::agreementTolerance(spec);
    std::array<app::Agreement, 4> agree{};
    std::string renderer;
    {
        nb::gil_scoped_release release;
        const int bandRows = static_cast<int>(std::clamp<std::int64_t>(kBandTexels / g.width, 1, g.height));
        for (int z = 0; z < g.depth; ++z)
            for (int y0 = 0; y0 < g.height; y0 += bandRows) {
                const Grid band{g.width, std::min(bandRows, g.height - y0), 1};
                const TexelStart start{0, y0, z};
                Image gpuImage = GpuThread::get().run([&](gpu::Generator& gen, gpu::Context& ctx) {
                    renderer = ctx.info().renderer;
                    return gen.generate(spec, band, start);
                });
                const Image cpuImage = cpu::evaluate(spec, band, start);
                app::accumulate(agree, gpuImage, cpuImage, start);
            }
    }
    nb::list channels;
    bool passed = true;
    std::string report;
    for (int c = 0; c < cpu::outputChannels(spec); ++c) {
        const app::Agreement& a = agree[static_cast<std::size_t>(c)];
        const double tolerance = tolerances[static_cast<std::size_t>(c)];
        const bool ok = a.maxDiff <= tolerance;
        passed = passed && ok;
        nb::dict ch;
        ch["name"] = app::channelName(spec, c);
        ch["max_diff"] = a.maxDiff;
        ch["mean_diff"] = a.sum / static_cast<double>(g.texels());
        ch["at"] = nb::make_tuple(a.at[2], a.at[1], a.at[0]);
        ch["gpu"] = a.gpu;
        ch["cpu"] = a.cpu;
        ch["tolerance"] = tolerance;
        ch["passed"] = ok;
        channels.append(ch);
        report += std::string(report.empty() ? "" : "\n") + app::agreementLine(spec, c, a, g.texels(), tolerance);
    }
    nb::dict d;
    d["passed"] = passed;
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
        return d;
    }
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
std::string save(const Spec& s, const std::string& path, const std::vector<std::int64_t>& shape,
                 const std::optional<std::array<std::int64_t, 3>>& tile, const std::optional<std::array<double, 2>>& range,
                 bool boundRange, const std::string& colormap, int bits, const std::string& backendName,
                 unsigned threads) {
    const Backend backend = parseBackend(backendName);
    const Layout l = layoutOf(s, shape, "shape");
    app::BakeRequest r;
    r.spec = specForGrid(s, l);
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
    r.colormap = colormap;
    r.bits = bits;
    r.out = path;
    r.threads = threads;
    try {
        if (tile) validateStart(r.start(), r.size);
        app::Bake bake(r);
        nb::gil_scoped_release release;
        if (backend == Backend::Gpu)
            return GpuThread::get().run([&](gpu::Generator& gen, gpu::Context&) { return bake.run(&gen); });
        return bake.run(nullptr, nullptr, backend == Backend::Cpu ? app::CpuBackend::Simd : app::CpuBackend::Reference);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
}

using ReadArray = nb::ndarray<const float, nb::c_contig, nb::device::cpu>;

// An array of the caller's, written through the same writers as a bake, with no record.
void writeArray(const std::string& path, ReadArray a, int channels, const std::array<double, 2>& range, int bits) {
    const io::Format format = [&] {
        try {
            return io::formatForPath(path);
        } catch (const ValidationError& e) {
            throw ValidationError(pythonMessage(e));
        }
    }();
    const int width = static_cast<int>(a.shape(1));  // (height, width[, channels])
    const int height = static_cast<int>(a.shape(0));
    const float* data = a.data();
    const ValueRange r{range[0], range[1]};
    std::unique_ptr<io::OutputFile> out;
    try {
        out = app::claimOutput(path);
    } catch (const ValidationError& e) {
        throw ValidationError(pythonMessage(e));
    }
    nb::gil_scoped_release release;
    const std::size_t rowFloats = static_cast<std::size_t>(width) * static_cast<std::size_t>(channels);
    std::unique_ptr<io::RowWriter> writer;
    std::vector<std::uint8_t> row;
    switch (format) {
        case io::Format::Png: {
            writer = io::openPng(*out, {width, height, channels, bits, "", 0});
            row.resize(rowFloats * static_cast<std::size_t>(bits / 8));
            for (int y = 0; y < height; ++y) {
                const float* src = data + static_cast<std::size_t>(y) * rowFloats;
                if (bits == 16) {
                    io::quantize16(src, 1, rowFloats, r, reinterpret_cast<std::uint16_t*>(row.data()));
                } else {
                    io::quantize8(src, 1, rowFloats, r, row.data());
                }
                writer->writeRows(row.data(), 1);
            }
            break;
        }
        case io::Format::Exr: {
            std::vector<std::string> names = channels == 1   ? std::vector<std::string>{"Y"}
                                             : channels == 3 ? std::vector<std::string>{"R", "G", "B"}
                                                             : std::vector<std::string>{"R", "G", "B", "A"};
            writer = io::openExr(*out, {width, height, names, "", 0});
            writer->writeRows(data, height);
            break;
        }
        case io::Format::Raw16: {
            writer = io::openRaw(*out, rowFloats * 2);
            std::vector<std::uint16_t> samples(rowFloats);
            for (int y = 0; y < height; ++y) {
                io::quantize16(data + static_cast<std::size_t>(y) * rowFloats, 1, rowFloats, r, samples.data());
                writer->writeRows(samples.data(), 1);
            }
            break;
        }
        case io::Format::RawF32:
            writer = io::openRaw(*out, rowFloats * sizeof(float));
            writer->writeRows(data, height);
            break;
    }
    writer->finish();
    out->commit();
}

// ---- presets ------------------------------------------------------------------------------

// A preset's colormap, range and bits as Python's Noise keeps them.
nb::dict mappingOf(const app::Preset& p) {
    nb::dict mapping;
    if (p.range) mapping["range"] = nb::make_tuple(p.range->min, p.range->max);
    else if (p.boundRange) mapping["range"] = "bound";
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
    return nb::make_tuple(Spec{p.spec, p.hasDims}, mappingOf(p));
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

std::string shaderSource(const std::string& language, const std::vector<std::string>& families,
                         std::optional<std::uint64_t> seed, const std::string& table, int set, int binding) {
    shader::Options o;
    try {
        o.language = shader::parseLanguage(language);
        o.table = table == "default" ? shader::Table::Default : shader::parseTable(table);
        o.families = families;
        o.seed = seed;
        o.set = set;
        o.binding = binding;
        o.origin = "glnoise " GLNOISE_VERSION " (Python)";
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
        .def("channels", [](const Spec& s) { return s.spec.output == Output::Value ? 1 : 4; },
             "Channels per texel: 1, or 4 for gradient and normal outputs")
        .def("stated_range",
             [](const Spec& s, int dims) {
                 const ValueRange r = s.forDims(dims).statedRange();
                 return std::array<double, 2>{r.min, r.max};
             },
             "dims"_a, "The range the values are stated to lie in")
        .def("typical_range",
             [](const Spec& s, int dims) {
                 const NoiseSpec spec = s.forDims(dims);
                 nb::gil_scoped_release release;
                 const ValueRange r = cpu::typicalRange(spec);
                 return std::array<double, 2>{r.min, r.max};
             },
             "dims"_a, "Where 99.8% of the values lie: what a file maps to 0..255 by default");

    m.def("spec_keys", &specKeys, "Every spec keyword, in the field table's order");
    m.def("bake_into", &bakeInto, "spec"_a, "out"_a.noconvert(), "start"_a, "backend"_a, "threads"_a, "what"_a,
          "Fills a C-contiguous float32 array with the world tile at start (x, y, z)");
    m.def("eval_points", &evalPoints, "spec"_a, "points"_a, "backend"_a, "The noise at (N, dims) float64 points");
    m.def("check", &check, "spec"_a, "shape"_a, "The GPU against the CPU reference over a grid");
    m.def("info", &info, "The version, the SIMD target and the GL context's facts");
    m.def("save", &save, "spec"_a, "path"_a, "shape"_a, "tile"_a, "range"_a, "bound_range"_a, "colormap"_a, "bits"_a,
          "backend"_a, "threads"_a, "What glnoise bake writes, record included");
    m.def("write_array", &writeArray, "path"_a, "array"_a, "channels"_a, "range"_a, "bits"_a,
          "A float32 (H, W[, C]) array written as .png, .exr, .r16 or .r32, with no record");
    m.def("load_preset", &loadPreset, "name_or_path"_a, "A built-in preset or a .json file: (spec, mapping)");
    m.def("preset_names", &app::presetNames, "The built-in presets");
    m.def("check_world", &checkWorld, "spec"_a, "shape"_a, "start"_a,
          "ValueError unless an array of shape at start (x, y, z) lies within the world");
    m.def("mapping_from_text", &mappingFromText, "text"_a,
          "colormap, range and bits as JSON, checked as a preset's: the mapping");
    m.def("read_record", [](const std::string& path) {
        try {
            return io::readRecord(path);
        } catch (const ValidationError& e) {
            throw ValidationError(pythonMessage(e));
        }
    }, "path"_a, "The record a glnoise file holds, as JSON text");
    m.def("shader_source", &shaderSource, "language"_a, "families"_a, "seed"_a, "table"_a, "set"_a, "binding"_a,
          "The noise library as one source in a shader language");
    m.def("shader_languages", &shader::languageNames, "The shader languages");
    m.attr("__version__") = GLNOISE_VERSION;
}
