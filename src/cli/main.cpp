// SPDX-License-Identifier: MIT
// glnoise: the headless command. bake, eval, check and info over one NoiseSpec; glsl
// prints the GLSL library as one self-contained source.
//
// Exit codes: 0 success, 1 a failure (no GL context, GPU error, I/O error, check beyond
// tolerance), 2 bad usage (every message names the value and what is allowed).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "app/agreement.hpp"
#include "app/bake.hpp"
#include "app/digest.hpp"
#include "app/erode.hpp"
#include "app/write.hpp"
#include "app/fields.hpp"
#include "app/flags.hpp"
#include "app/nodes.hpp"
#include "app/points.hpp"
#include "app/preset.hpp"
#include "app/verify.hpp"
#include "cli/command.hpp"
#include "glnoise/glnoise.hpp"

namespace {

using namespace glnoise;
using Clock = std::chrono::steady_clock;

using cli::Args;
using cli::Backend;

[[noreturn]] void rethrowAsFlags(const ValidationError& e) { throw ValidationError(app::asFlags(e)); }

gpu::ContextOptions contextOptions(const Args& a) {
    gpu::ContextOptions o;
    o.debug = a.verbose;
    return o;
}

void describe(const gpu::Context& ctx) {
    const auto& i = ctx.info();
    std::fprintf(stderr, "glnoise: %s on EGL %s platform%s%s\n", i.renderer.c_str(), i.platform.c_str(),
                 i.device.empty() ? "" : " ", i.device.c_str());
}

double seconds(Clock::time_point since) {
    return std::chrono::duration<double>(Clock::now() - since).count();
}

// A command's backend with `auto` decided: the GPU, unless its renderer is a software
// rasterizer (llvmpipe, softpipe, swrast: gpu::isSoftwareRenderer), which the SIMD backend
// outruns several times (docs/performance.md); then the CPU, and the command's line names
// the renderer it passed over. Never a fallback: when no GL context can be made, `auto`
// fails as `gpu` does.
struct Chosen {
    Backend backend = Backend::Auto;
    std::unique_ptr<gpu::Context> ctx;  // the GPU backend's
    std::string passedOver;             // the software renderer `auto` passed over, or ""
};

Chosen chooseBackend(const Args& a, Backend asked) {
    Chosen c;
    c.backend = asked;
    if (asked != Backend::Auto && asked != Backend::Gpu) return c;
    try {
        c.ctx = std::make_unique<gpu::Context>(contextOptions(a));
    } catch (const GpuError& e) {
        if (asked == Backend::Gpu) throw;
        throw GpuError(std::string(e.what()) + " (--backend cpu runs without one)");
    }
    if (a.verbose) describe(*c.ctx);
    c.backend = Backend::Gpu;
    if (asked == Backend::Auto && c.ctx->info().software) {
        c.passedOver = c.ctx->info().renderer;
        c.ctx.reset();
        c.backend = Backend::Cpu;
    }
    return c;
}

// ", not llvmpipe (...), a software rasterizer (--backend gpu bakes there)" when `auto`
// passed over one, else "".
std::string passedOver(const Chosen& c, const char* verb) {
    if (c.passedOver.empty()) return {};
    return ", not " + c.passedOver + ", a software rasterizer (--backend gpu " + verb + " there)";
}

// What a plan decided about the values given (app/notes.hpp), in the command line's words.
void warn(const std::vector<app::Note>& notes) {
    for (const app::Note& note : notes)
        std::fprintf(stderr, "glnoise: warning: %s\n", app::worded(note, app::flagNamed).c_str());
}

// The signal that asked the bake to stop (SIGINT, SIGTERM, SIGHUP), or 0.
volatile std::sig_atomic_t g_stopSignal = 0;

extern "C" void onStopSignal(int signal) { g_stopSignal = signal; }

// A progress bar with rate and time left on a terminal; nothing when stderr is not one.
class TerminalProgress : public app::BakeObserver {
public:
    explicit TerminalProgress(bool show) : show_(show), start_(Clock::now()), last_(start_) {}
    ~TerminalProgress() override { end(); }
    void progress(std::int64_t done, std::int64_t total) override {
        if (!show_) return;
        const auto now = Clock::now();
        if (done < total && now - last_ < std::chrono::milliseconds(200)) return;
        last_ = now;
        const double elapsed = std::chrono::duration<double>(now - start_).count();
        const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
        const double left = rate > 0 ? static_cast<double>(total - done) / rate : 0.0;
        const double f = static_cast<double>(done) / static_cast<double>(total);
        constexpr int kWidth = 30;
        std::string bar(static_cast<std::size_t>(std::lround(f * kWidth)), '#');
        bar.resize(kWidth, '.');
        std::fprintf(stderr, "\r%3.0f%% [%s] %.1f/%.1f Mtexel, %.1f Mtexel/s, %s left   ", 100.0 * f, bar.c_str(),
                     static_cast<double>(done) / 1e6, static_cast<double>(total) / 1e6, rate / 1e6,
                     clock(left).c_str());
        std::fflush(stderr);
        drawn_ = true;
    }
    bool cancelled() override { return g_stopSignal != 0; }
    // A step before the bar ("measuring the typical range"), on the bar's line until it starts.
    void step(const char* what) {
        if (!show_) return;
        std::fprintf(stderr, "\r%s...   ", what);
        std::fflush(stderr);
        drawn_ = true;
    }
    // Clears a step's line and restarts the bar's clock, so that its rate counts the
    // texels' time alone.
    void restart() {
        if (show_ && drawn_) std::fprintf(stderr, "\r%40s\r", "");
        drawn_ = false;
        start_ = last_ = Clock::now();
    }
    // Ends the bar's line.
    void end() {
        if (drawn_) std::fputc('\n', stderr);
        drawn_ = false;
    }

private:
    static std::string clock(double seconds) {
        const long s = std::lround(seconds);
        char buf[32];
        if (s >= 3600) std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, s / 60 % 60);
        else if (s >= 60) std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
        else std::snprintf(buf, sizeof buf, "%lds", s);
        return buf;
    }
    bool show_;
    bool drawn_ = false;
    Clock::time_point start_, last_;
};

int runBake(const Args& a) {
    cli::BakeOrder order = cli::orderBake(a);
    app::BakeRequest& r = order.request;
    if (order.printGraph || order.printSpec) {
        warn(app::limitNoise(r));
        cli::checkFromFile(a, order);
    }
    if (order.printGraph) {
        const Graph graph = r.graph ? *r.graph : graphOf(r.spec);
        const std::string json = (order.compact ? graph.compact() : graph.json()) + "\n";
        std::fwrite(json.data(), 1, json.size(), stdout);
        return 0;
    }
    if (order.printSpec) {
        const std::string json = app::presetJson(r.spec, r.range, r.colormap, r.bits, r.boundRange).dump(2) + "\n";
        std::fwrite(json.data(), 1, json.size(), stdout);
        return 0;
    }
    // Claim the output path before the work, so a bad path fails in a millisecond; an
    // unclaimed file vanishes when `bake` goes out of scope.
    TerminalProgress progress(!a.quiet && ::isatty(STDERR_FILENO) == 1);
    progress.step("measuring the range");
    app::Bake bake(r);
    progress.restart();
    warn(bake.warnings());
    // A --from file is read whole only once the bake has claimed its output and checked its
    // size and free space.
    progress.step("checking the --from file against its record");
    cli::checkFromFile(a, order);
    progress.restart();
    for (const std::string& note : bake.notes()) std::fprintf(stderr, "glnoise: note: %s\n", note.c_str());

    Chosen chosen = chooseBackend(a, order.backend);
    // The line's time is the bake's on its backend: making the GL context is not in it.
    const auto start = Clock::now();
    const Backend backend = chosen.backend;
    // A record re-bakes byte for byte on the path that made it; where this one is another,
    // say so (the CPU backends compute the reference's values, a GPU may differ from them
    // in the last bits, within check's tolerance).
    const std::string& made = r.recordedBackend;
    const auto differs = [&](const std::string& here) {
        std::fprintf(stderr, "glnoise: note: --from %s was made on %s; this bake runs on %s, so its values may differ in "
                             "the last bits, within glnoise check's tolerance\n",
                     a.from.c_str(), made == "gpu" ? ("the GPU " + r.recordedRenderer).c_str() : "the CPU",
                     here.c_str());
    };
    if (!made.empty() && made == "gpu" && backend != Backend::Gpu) differs(backend == Backend::Cpu ? "the CPU" : "the CPU reference");
    if (!made.empty() && made != "gpu" && backend == Backend::Gpu) differs("the GPU");

    std::string what, where;
    if (backend == Backend::Gpu) {
        gpu::Context& ctx = *chosen.ctx;
        if (made == "gpu" && !r.recordedRenderer.empty() && r.recordedRenderer != ctx.info().renderer)
            differs("this machine's GPU, " + ctx.info().renderer);
        gpu::Generator gen(ctx);
        try {
            what = bake.run(&gen, &progress);
        } catch (const ValidationError& e) {
            rethrowAsFlags(e);
        }
        where = ctx.info().renderer;
    } else if (backend == Backend::Cpu) {
        where = "the CPU (" + cpu::simdTarget() + ")" + passedOver(chosen, "bakes");
        what = bake.run(nullptr, &progress, app::CpuBackend::Simd);
    } else {
        what = bake.run(nullptr, &progress, app::CpuBackend::Reference);
        where = "the CPU reference";
    }
    const double took = seconds(start);
    progress.end();
    std::printf("wrote %s: %s, %.3f s (%.1f Mtexel/s) on %s\n", a.out.c_str(), what.c_str(), took,
                static_cast<double>(r.size.texels()) / took / 1e6, where.c_str());
    if (a.verbose) {
        const app::BakeTimings& t = bake.timings();
        std::fprintf(stderr, "glnoise: bake: measuring the typical range %.3f s, generating %.3f s, converting %.3f s, "
                             "encoding and writing %.3f s, committing %.3f s, %.3f s in all\n",
                     t.range, t.generate, t.convert, t.encode, t.commit, t.range + t.total);
    }
    return 0;
}

int runEval(const Args& a) {
    const cli::EvalPlan plan = cli::planEval(a);
    const NoiseSpec& spec = plan.spec;
    // Every line is read and checked before anything is printed; then the points are
    // evaluated and printed a batch at a time, so memory stays bounded at any input size.
    app::PointSpool spool(std::cin, spec.dims);
    Chosen chosen = chooseBackend(a, plan.backend);
    std::unique_ptr<gpu::Generator> gen;
    if (chosen.backend == Backend::Gpu) gen = std::make_unique<gpu::Generator>(*chosen.ctx);
    if (!chosen.passedOver.empty())
        std::fprintf(stderr, "glnoise: note: evaluating on the CPU reference%s\n",
                     passedOver(chosen, "evaluates").c_str());
    const std::size_t channels = static_cast<std::size_t>(cpu::outputChannels(spec));
    const auto evaluate = [&](const std::vector<cpu::Point>& pts) {
        if (plan.graph) return gen ? gen->evaluatePoints(*plan.graph, pts) : cpu::evaluatePoints(*plan.graph, pts);
        return gen ? gen->evaluatePoints(spec, pts) : cpu::evaluatePoints(spec, pts);
    };
    std::vector<cpu::Point> points;
    std::string out;
    char buf[32];
    while (spool.nextBatch(points)) {
        if (g_stopSignal) throw app::Interrupted("eval");
        const std::vector<float> values = evaluate(points);
        out.clear();
        for (std::size_t i = 0; i < values.size(); ++i) {
            // 9 significant digits, kept; the channels of a point on one line
            std::snprintf(buf, sizeof buf, "%#.9g", static_cast<double>(values[i]));
            out += buf;
            out += (i + 1) % channels == 0 ? "\n" : " ";
        }
        if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size())
            throw IoError(std::string("writing the values to standard output failed: ") + std::strerror(errno));
    }
    if (std::fflush(stdout) != 0)
        throw IoError(std::string("writing the values to standard output failed: ") + std::strerror(errno));
    return 0;
}

// The erosion's parameters: `base` with the flags given over it, each a number (iterations
// an integer), then checked as a whole, every bad value named by its flag.
erosion::Params erosionParams(const Args& a, erosion::Params p) {
    for (const app::ErosionNumber& n : app::erosionNumbers()) {
        const auto it = a.erosion.find(n.name);
        if (it != a.erosion.end() && !it->second.empty()) p.*n.field = app::parseNumber("--" + n.name, it->second);
    }
    const auto it = a.erosion.find("iterations");
    if (it != a.erosion.end() && !it->second.empty())
        p.iterations = app::parseInt("--iterations", it->second, "0 to " + std::to_string(erosion::Params::kMostIterations));
    try {
        p.validate();
    } catch (const ValidationError& e) {
        throw ValidationError(app::asFlags(e));
    }
    return p;
}

// A file a record names: as recorded (from the working directory), or beside the file whose
// record it is, where it is not there.
std::string besideRecord(const std::string& path, const std::string& recordFile) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::path(path).is_absolute() || fs::exists(path, ec)) return path;
    const fs::path beside = fs::path(recordFile).parent_path() / path;
    return fs::exists(beside, ec) ? beside.string() : path;
}

// What `erode` was asked, from --from's record with the flags over it.
struct ErodePlan {
    app::ErodeRequest request;
    std::string layer = "height";  // what --out holds
    std::string backend;           // --backend, or the record's
};

ErodePlan planErode(const Args& a) {
    ErodePlan plan;
    app::ErodeRequest& r = plan.request;
    if (!a.from.empty()) {
        const std::string source = "--from " + a.from;
        std::string text;
        try {
            text = io::readRecord(a.from);
        } catch (const ValidationError& e) {
            throw ValidationError(source + ": " + e.what());
        }
        const nlohmann::json record = nlohmann::json::parse(text, nullptr, false);
        if (!app::isErosionRecord(record))
            throw ValidationError(source + ": its record is a bake's, not an erosion's: re-bake it with glnoise bake "
                                           "--from " + a.from + ", or erode it with --in " + a.from);
        app::checkAgainstRecord(a.from, text, source);  // the file is the one its record describes
        const app::RecordedErosion recorded = app::erosionFromRecord(record, source);
        r = recorded.request;
        plan.layer = recorded.layer;
        plan.backend = recorded.backend;
        // The files it read, unchanged, unless others are given.
        const auto same = [&](std::string& path, const std::string& digest, const std::string& flag, const char* what,
                              const char* flagName) {
            if (path.empty() || !flag.empty()) return;
            path = besideRecord(path, a.from);
            std::error_code ec;
            if (!std::filesystem::is_regular_file(path, ec))
                throw ValidationError(source + ": its " + what + " " + path + " is not there; give it with --" + flagName);
            const std::string now = app::digestFile(path).hex;
            if (now != digest)
                throw ValidationError(source + ": its " + what + " " + path + " has changed since (SHA-256 " + now +
                                      ", recorded " + digest + "): eroding it would not reproduce " + a.from);
        };
        same(r.in, recorded.inDigest, a.in, "input", "in");
        same(r.rainMap, recorded.rainDigest, a.rainMap, "rain map", "rain-map");
        same(r.hardnessMap, recorded.hardnessDigest, a.hardnessMap, "hardness map", "hardness-map");
        if (!a.in.empty()) r.size.clear();
    }
    if (!a.in.empty()) r.in = a.in;
    if (!a.size.empty()) r.size = a.size;
    if (!a.rainMap.empty()) r.rainMap = a.rainMap;
    if (!a.hardnessMap.empty()) r.hardnessMap = a.hardnessMap;
    if (r.in.empty()) throw ValidationError("--in is required (the heightmap to erode), or --from FILE");
    r.params = erosionParams(a, r.params);
    if (!a.backend.empty()) plan.backend = a.backend;
    return plan;
}

// A layer of the state: the ground as a heightmap, or a mask, made by the operators' GPU
// passes where the erosion ran on the GPU (`ops`), else by their twins.
std::vector<float> layerOf(const std::string& name, const erosion::State& s, const std::vector<float>& startGround,
                           const erosion::Params& p, const erosion::GpuOperators* ops) {
    if (name == "height") return erosion::heights(s, p).data;
    if (name == "water") return s.water;
    if (name == "sediment") return s.sediment;
    if (name == "wetness") {
        std::vector<float> v = s.wetness;
        const float runs = static_cast<float>(std::max(1, p.iterations));
        for (float& x : v) x /= runs;
        return v;
    }
    if (name == "wear" || name == "deposits") {
        std::vector<float> v(s.terrain.size());
        const bool wear = name == "wear";
        for (std::size_t i = 0; i < v.size(); ++i)
            v[i] = std::max(0.0f, wear ? startGround[i] - s.terrain[i] : s.terrain[i] - startGround[i]);
        return v;
    }
    if (name == "flow")
        return ops ? ops->flowAccumulation(s.terrain, s.width, s.height, p.cellSize)
                   : erosion::flowAccumulation(s.terrain, s.width, s.height, p.cellSize);
    if (name == "slope")
        return ops ? ops->slope(s.terrain, s.width, s.height, p.cellSize)
                   : erosion::slope(s.terrain, s.width, s.height, p.cellSize);
    return ops ? ops->curvature(s.terrain, s.width, s.height, p.cellSize)
               : erosion::curvature(s.terrain, s.width, s.height, p.cellSize);
}

// The GPU's erosion against the twin's from `start`: the run's iterations on both, one
// iteration from the twin's state halfway compared field by field, the whole run
// statistically (docs/erosion.md); prints what it found and returns the bounds broken.
std::vector<std::string> compareErosion(const gpu::Context& ctx, const erosion::State& start, const erosion::Params& p,
                                        unsigned threads) {
    if (p.iterations < 1) {
        std::printf("  erosion: 0 iterations, the heightmap as it is: nothing to compare\n");
        return {};
    }
    const int half = p.iterations / 2;
    erosion::State twin = start, atHalf, afterHalf;
    for (int i = 0; i < p.iterations; ++i) {
        if (g_stopSignal) throw app::Interrupted("erosion check");
        if (i == half) atHalf = twin;
        erosion::iterate(twin, p, threads);
        if (i == half) afterHalf = twin;
    }
    erosion::GpuErosion gpu(ctx, start, p);
    for (int done = 0; done < p.iterations; done += 25) {
        if (g_stopSignal) throw app::Interrupted("erosion check");
        gpu.iterate(std::min(25, p.iterations - done));
    }
    const erosion::State run = gpu.read();
    erosion::GpuErosion one(ctx, atHalf, p);
    one.iterate(1);
    const erosion::Agreement first = erosion::agree(atHalf, one.read(), afterHalf);
    const erosion::Agreement all = erosion::agree(start, run, twin);
    std::printf("  erosion, %d iterations on the GPU against the C++ twin:\n", p.iterations);
    std::printf("    iteration %d alone, from the twin's state: terrain %.3g (bound %.0e), water %.3g (%.0e), sediment "
                "%.3g (%.0e), flux %.3g (%.0e), velocity %.3g (%.0e)\n",
                half + 1, first.terrain, erosion::Bounds::kTerrain, first.water, erosion::Bounds::kWater, first.sediment,
                erosion::Bounds::kSediment, first.flux, erosion::Bounds::kFlux, first.velocity, erosion::Bounds::kVelocity);
    std::printf("    all %d: the ground's change correlates %.6f (bound %.2f), %.3g metres apart per metre moved (%.2f), "
                "sediment %.3g apart (%.2f)\n",
                p.iterations, all.correlation, erosion::Bounds::kCorrelation, all.apart, erosion::Bounds::kApart,
                all.sedimentDrift, erosion::Bounds::kSedimentDrift);
    std::printf("    off the map: sediment %.6g (the twin %.6g), water %.6g (the twin %.6g), metres of one cell\n",
                run.sedimentLeft, twin.sedimentLeft, run.waterLeft, twin.waterLeft);
    std::vector<std::string> broken = erosion::brokenAfterOne(first);
    for (std::string& b : erosion::brokenAfterMany(all)) broken.push_back(std::move(b));
    return broken;
}

// What compareErosion found beyond its bounds, in one line.
std::string outOfBounds(const std::vector<std::string>& broken) {
    std::string all = "the GPU's erosion is not the twin's within the bounds of docs/erosion.md: ";
    for (std::size_t i = 0; i < broken.size(); ++i) all += (i ? "; " : "") + broken[i];
    return all;
}

// erode --check: the twin and the GPU from the same start, to the bounds docs/erosion.md states.
int checkErosion(const Args& a, const erosion::State& start, const erosion::Params& p, unsigned threads) {
    if (!a.backend.empty())
        throw ValidationError("--backend " + a.backend + ": --check runs both the GPU and the twin");
    if (p.iterations < 2) throw ValidationError("--iterations " + std::to_string(p.iterations) + ": --check takes 2 or more");
    Chosen chosen = chooseBackend(a, Backend::Gpu);
    std::printf("erosion check: %dx%d, %d iterations, %s against the C++ twin\n", start.width, start.height, p.iterations,
                chosen.ctx->info().renderer.c_str());
    const std::vector<std::string> broken = compareErosion(*chosen.ctx, start, p, threads);
    if (!broken.empty()) throw Error(outOfBounds(broken));
    std::printf("ok: within every bound\n");
    return 0;
}

int runErode(const Args& a) {
    const ErodePlan plan = planErode(a);
    const app::ErodeRequest& r = plan.request;
    const erosion::Params& p = r.params;
    if (a.out.empty() && !a.check) throw ValidationError("--out is required (the eroded heightmap), or --check");
    if (a.check && !a.out.empty()) throw ValidationError("--out " + a.out + ": --check compares the backends and writes nothing");
    const app::Heightmap in = app::readHeightmap(r.in, r.size, "--in " + r.in);
    std::optional<app::Heightmap> rain, hardness;
    if (!r.rainMap.empty()) rain = app::readHeightmap(r.rainMap, "", "--rain-map " + r.rainMap);
    if (!r.hardnessMap.empty()) hardness = app::readHeightmap(r.hardnessMap, "", "--hardness-map " + r.hardnessMap);
    unsigned threads = 0;
    if (!a.threads.empty()) {
        const int n = app::parseInt("--threads", a.threads, "1 to 1024");
        if (n < 1 || n > 1024) throw ValidationError("--threads " + a.threads + ": must be 1 to 1024");
        threads = static_cast<unsigned>(n);
    }
    // Every output claimed before the work, so that a bad path fails at once.
    std::vector<std::pair<std::string, std::string>> outputs;  // layer, path
    if (!a.out.empty()) outputs.emplace_back(plan.layer, a.out);
    for (const auto& [name, path] : a.masks)
        if (!path.empty()) {
            if (a.check) throw ValidationError("--" + name + " " + path + ": --check compares the backends and writes nothing");
            outputs.emplace_back(name, path);
        }
    for (const auto& o : outputs) io::OutputFile claim(o.second);
    erosion::State s;
    try {
        s = erosion::start(in.values, p, rain ? &rain->values : nullptr, hardness ? &hardness->values : nullptr);
    } catch (const ValidationError& e) {
        throw ValidationError("--in " + r.in + ": " + e.what());
    }
    const std::vector<float> startGround = s.terrain;  // for the wear and deposits masks
    if (a.check) return checkErosion(a, s, p, threads);
    Chosen chosen = chooseBackend(a, plan.backend.empty() ? Backend::Auto : cli::parseBackend(plan.backend));
    if (chosen.backend == Backend::Reference) chosen.backend = Backend::Cpu;  // the twin is the reference
    TerminalProgress progress(!a.quiet && ::isatty(STDERR_FILENO) == 1);
    const auto started = Clock::now();
    const std::int64_t cells = static_cast<std::int64_t>(s.width) * s.height;
    erosion::run(s, p, chosen.backend == Backend::Gpu ? chosen.ctx.get() : nullptr, threads, [&](int done) {
        if (g_stopSignal) throw app::Interrupted("erode");
        progress.progress(cells * done, cells * std::max(1, p.iterations));
    });
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    progress.end();
    const bool gpu = chosen.backend == Backend::Gpu;
    std::printf("eroded %s: %dx%d, %d iterations in %.3f s on %s\n", r.in.c_str(), s.width, s.height, p.iterations,
                seconds, gpu ? chosen.ctx->info().renderer.c_str() : "the CPU (the C++ twin)");
    std::optional<erosion::GpuOperators> ops;
    if (gpu) ops.emplace(*chosen.ctx);
    for (const auto& [layer, path] : outputs) {
        const std::vector<float> v = layerOf(layer, s, startGround, p, ops ? &*ops : nullptr);
        // The ground over the input's range; a mask over its least to greatest value.
        ValueRange range = in.range;
        if (layer != "height") {
            const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
            range = ValueRange{*lo, *hi > *lo ? double(*hi) : double(*lo) + 1.0};
        }
        // 16 bits where a file maps values (.png, .r16); floats as they are.
        const int bits = io::formatForPath(path) == io::Format::Png ? 16 : 0;
        app::writeRecorded(path, v, s.width, s.height, range, bits, layer,
                           app::erosionRecord(r, layer, gpu ? "gpu" : "cpu", gpu ? chosen.ctx->info().renderer : ""));
        std::printf("  %s: wrote %s over [%g, %g]\n", layer.c_str(), path.c_str(), range.min, range.max);
    }
    return 0;
}

int runCheck(const Args& a) {
    const cli::CheckPlan plan = cli::planCheck(a);
    const Grid& grid = plan.grid;
    const NoiseSpec& spec = plan.spec;
    warn(plan.warnings);
    // A graph's erode stage: its nodes checked as any graph's, then its erosion of the
    // reference's heights, the GPU's against the twin's.
    std::optional<Graph> graph = plan.graph;
    std::optional<erosion::Params> eroding;
    if (graph && graph->erosion) {
        if (grid.isVolume() || grid.width < 2 || grid.height < 2 || grid.width > erosion::Params::kMostCells ||
            grid.height > erosion::Params::kMostCells)
            throw ValidationError("--size " + toString(grid) + ": the graph's erode stage erodes a heightmap, WxH, each "
                                  "edge 2 to " + std::to_string(erosion::Params::kMostCells));
        eroding = graph->erosion;
        graph = graph->pointwise();
    }
    gpu::Context ctx(contextOptions(a));
    if (a.verbose) describe(ctx);
    gpu::Generator gen(ctx);
    const auto gpuBand = [&](const Grid& band, const TexelStart& start) {
        if (g_stopSignal) throw app::Interrupted("check");
        try {
            return graph ? gen.generate(*graph, band, start) : gen.generate(spec, band, start);
        } catch (const ValidationError& e) {
            rethrowAsFlags(e);
        }
    };
    const app::CheckVerdict verdict = graph ? *app::checkGrid(*graph, grid, app::checkBandRows(grid), plan.tolerances, gpuBand)
                                            : *app::checkGrid(spec, grid, app::checkBandRows(grid), plan.tolerances, gpuBand);
    if (graph) {
        std::printf("check %s, a %dD graph of %zu nodes%s, seed %s, on %s\n", toString(grid).c_str(), spec.dims,
                    graph->nodes.size(), eroding ? " and an erode stage" : "",
                    spec.seed ? std::to_string(*spec.seed).c_str() : "none (Ken Perlin's table)", ctx.info().renderer.c_str());
        for (const app::ChannelVerdict& c : verdict.channels) std::printf("  %s\n", c.line.c_str());
        if (verdict.jumpy)
            std::printf("  %lld of %lld texels (%.3g%%) beyond the tolerance, at the jumps of discontinuous nodes "
                        "(at most %.3g%% pass)\n",
                        static_cast<long long>(verdict.jumps), static_cast<long long>(verdict.texels),
                        100.0 * static_cast<double>(verdict.jumps) / static_cast<double>(verdict.texels), 100.0 * app::kJumpShare);
        if (verdict.kinky)
            std::printf("  %lld of %lld texels (%.3g%%) with the value within and the %s beyond the tolerance, at kinks "
                        "(at most %.3g%% pass)\n",
                        static_cast<long long>(verdict.kinks), static_cast<long long>(verdict.texels),
                        100.0 * static_cast<double>(verdict.kinks) / static_cast<double>(verdict.texels),
                        spec.output == Output::Normal ? "normal" : "gradient", 100.0 * app::kJumpShare);
        std::vector<std::string> broken;
        if (eroding) {
            const Image heights = cpu::evaluate(*graph, grid);
            broken = compareErosion(ctx, erosion::start(heights, *eroding), *eroding, 0);
        }
        const bool passed = verdict.passed && broken.empty();
        std::printf("  %s\n", passed ? "PASS" : "FAIL");
        if (!verdict.passed)
            std::fprintf(stderr, "glnoise: error: GPU and CPU reference differ by up to %.3g times the tolerance\n",
                         verdict.worstExcess);
        if (!broken.empty()) std::fprintf(stderr, "glnoise: error: %s\n", outOfBounds(broken).c_str());
        return passed ? 0 : 1;
    }
    // Cellular noise names what it returns; turned octaves say so.
    std::string basis = toString(spec.basis);
    if (spec.basis == Basis::Cellular)
        basis += std::string(" (") + toString(spec.cellReturn) + ", " + toString(spec.cellDistance) + ", jitter " +
                 formatNumber(spec.cellJitter) + ")";
    std::printf("check %s, dims %d, %s %s, %d octave%s%s, seed %s, on %s\n", toString(grid).c_str(), spec.dims,
                basis.c_str(), toString(spec.fractal), spec.octaves, spec.octaves == 1 ? "" : "s",
                spec.rotate ? " (rotated)" : "", spec.seed ? std::to_string(*spec.seed).c_str() : "none (Ken Perlin's table)",
                ctx.info().renderer.c_str());
    for (const app::ChannelVerdict& c : verdict.channels) std::printf("  %s\n", c.line.c_str());
    std::printf("  %s\n", verdict.passed ? "PASS" : "FAIL");
    if (!verdict.passed)
        std::fprintf(stderr, "glnoise: error: GPU and CPU reference differ by up to %.3g times the tolerance\n",
                     verdict.worstExcess);
    return verdict.passed ? 0 : 1;
}

int runVerify(const Args& a) {
    int failed = 0;
    for (const std::string& path : a.files) {
        try {
            const std::string line = app::verifyOutput(path) + "\n";
            std::fwrite(line.data(), 1, line.size(), stdout);
        } catch (const app::Interrupted&) {
            throw;
        } catch (const Error& e) {
            std::fflush(stdout);
            std::fprintf(stderr, "glnoise: error: %s\n", e.what());
            ++failed;
        }
        if (g_stopSignal) throw app::Interrupted("verify");
    }
    if (std::fflush(stdout) != 0) throw IoError("writing to standard output failed");
    if (failed && a.files.size() > 1)
        std::fprintf(stderr, "glnoise: %d of %zu files failed verification\n", failed, a.files.size());
    return failed ? 1 : 0;
}

int runInfo(const Args& a) {
    gpu::Context ctx(contextOptions(a));
    const auto& i = ctx.info();
    std::printf("EGL platform:        %s%s%s (EGL %s)\n", i.platform.c_str(), i.device.empty() ? "" : " ",
                i.device.c_str(), i.eglVersion.c_str());
    std::printf("GL vendor:           %s\n", i.vendor.c_str());
    std::printf("GL renderer:         %s\n", i.renderer.c_str());
    std::printf("GL version:          %s\n", i.version.c_str());
    std::printf("GLSL version:        %s\n", i.glslVersion.c_str());
    std::printf("max texture size:    2D %d, 3D %d\n", i.maxTextureSize, i.max3dTextureSize);
    std::printf("compute work groups: count %d x %d x %d, size %d x %d x %d, %d invocations\n",
                i.maxWorkGroupCount[0], i.maxWorkGroupCount[1], i.maxWorkGroupCount[2], i.maxWorkGroupSize[0],
                i.maxWorkGroupSize[1], i.maxWorkGroupSize[2], i.maxWorkGroupInvocations);
    std::printf("compute shared mem:  %d bytes\n", i.maxSharedMemory);
    std::printf("max storage block:   %lld bytes\n", static_cast<long long>(i.maxStorageBlockSize));
    std::printf("GPU resets:          %s\n", i.reportsResets ? "reported (robust context): an error, never a result"
                                                            : "not reported by this driver");
    std::printf("default backend:     %s\n",
                i.software ? "cpu, the SIMD backend: this renderer is a software rasterizer (--backend gpu runs on it)"
                           : "gpu");
    const gpu::ChosenLayout layout = gpu::chooseLayout(i);
    std::printf("noise shader:        permutation table: %s; frames: %s; workgroups %d x %d (%s)\n",
                toString(layout.options.table), toString(layout.options.frames), layout.options.localSizeX,
                layout.options.localSizeY, layout.reason.c_str());
    std::printf("max uniform block:   %lld bytes\n", static_cast<long long>(i.maxUniformBlockSize));
    return 0;
}

int runGlsl(const Args& a, bool shader) {
    const cli::GlslPlan plan = shader ? cli::planShader(a) : cli::planGlsl(a);
    const std::string& text = plan.text;
    // Every file is claimed before any is written: a bad path leaves them all as they were.
    std::unique_ptr<io::OutputFile> table;
    if (!plan.tableOut.empty() && !a.list) {
        try {
            table = app::claimOutput(plan.tableOut);
        } catch (const ValidationError& e) {
            std::string message = e.what();  // claimOutput names --out
            if (message.rfind("--out ", 0) == 0) message = "--table-out " + message.substr(6);
            throw ValidationError(message);
        }
    }
    std::unique_ptr<io::OutputFile> params;
    if (!plan.paramsOut.empty()) {
        try {
            params = app::claimOutput(plan.paramsOut);
        } catch (const ValidationError& e) {
            std::string message = e.what();
            if (message.rfind("--out ", 0) == 0) message = "--params-out " + message.substr(6);
            throw ValidationError(message);
        }
    }
    std::unique_ptr<io::OutputFile> out;
    if (!a.out.empty() && !a.list) out = app::claimOutput(a.out);
    if (table) {
        table->write(plan.tableBytes.data(), plan.tableBytes.size());
        table->commit();
    }
    if (params) {
        params->write(plan.paramsBytes.data(), plan.paramsBytes.size());
        params->commit();
    }
    if (out) {
        out->write(text.data(), text.size());
        out->commit();
        return 0;
    }
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (std::fflush(stdout) != 0) throw IoError("writing the shader source to standard output failed");
    return 0;
}

}  // namespace

static int glnoiseMain(int argc, char** argv) {
    cli::CommandLine commandLine;
    cli::Command command{};
    try {
        command = commandLine.parse(std::vector<std::string>(argv, argv + argc));
    } catch (const CLI::Error& e) {  // --help, --version
        return commandLine.exit(e);
    } catch (const ValidationError& e) {
        std::fprintf(stderr, "glnoise: error: %s\n", e.what());
        return 2;
    }
    const Args& a = commandLine.args();

    struct sigaction stop {};
    stop.sa_handler = onStopSignal;
    sigemptyset(&stop.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &stop, nullptr);
    // Hashing a whole file (verify, bake --from) stops between reads on one of them.
    app::setReadStop([] { return g_stopSignal != 0; });
    // Past a file size limit (ulimit -f) a write fails with EFBIG and says so, instead of
    // the process dying of SIGXFSZ.
    std::signal(SIGXFSZ, SIG_IGN);
    try {
        switch (command) {
            case cli::Command::Bake: return runBake(a);
            case cli::Command::Eval: return runEval(a);
            case cli::Command::Check: return runCheck(a);
            case cli::Command::Glsl: return runGlsl(a, false);
            case cli::Command::Shader: return runGlsl(a, true);
            case cli::Command::Info: return runInfo(a);
            case cli::Command::Verify: return runVerify(a);
            case cli::Command::Erode: return runErode(a);
            case cli::Command::Nodes: {
                const std::string text = a.json ? app::nodeKindsJson(a.kinds).dump(2) + "\n" : app::nodeKindsText(a.kinds);
                std::fwrite(text.data(), 1, text.size(), stdout);
                return 0;
            }
        }
        return 1;
    } catch (const ValidationError& e) {
        std::fprintf(stderr, "glnoise: error: %s\n", e.what());
        return 2;
    } catch (const app::Interrupted&) {
        const int sig = g_stopSignal ? static_cast<int>(g_stopSignal) : SIGINT;
        const char* name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
        if (a.out.empty())
            std::fprintf(stderr, "glnoise: interrupted by %s\n", name);
        else
            std::fprintf(stderr, "glnoise: interrupted by %s; %s was not written (what was there is untouched)\n",
                         name, a.out.c_str());
        return 128 + sig;
    } catch (const Error& e) {
        std::fprintf(stderr, "glnoise: error: %s\n", e.what());
        return 1;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "glnoise: error: out of host memory%s%s\n", a.out.empty() ? "" : "; nothing was written to ",
                     a.out.c_str());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise: error: internal: %s\n", e.what());
        return 1;
    }
}

int main(int argc, char** argv) { return glnoise::app::guardedMain("glnoise", glnoiseMain, argc, argv); }
