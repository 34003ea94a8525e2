// SPDX-License-Identifier: MIT
// glnoise_bench: Msamples/s of the GPU path, the CPU backends (SIMD and the scalar reference)
// and the peers (stb_perlin,
// libnoise, glm::perlin; FastNoise2 and FastNoiseLite when configured with
// -DGLNOISE_PEERS_DIR=<folder holding FastNoise2, FastSIMD and FastNoiseLite>) on the same
// workloads, in one run, with each one's ratio to the GPU path (dispatch to finish) at the end.
//
//   ./glnoise_bench --benchmark_out=bench.json --benchmark_out_format=json
//   python3 tests/bench/chart.py bench.json chart.png   # the README's chart
//   ./glnoise_bench                               # everything
//   ./glnoise_bench --benchmark_filter=fbm8       # Google Benchmark flags work as usual
//   ./glnoise_bench --benchmark_out=b.json --benchmark_out_format=json
//   GLNOISE_BENCH_SIZES=1024,8192 ./glnoise_bench --benchmark_filter=gpu   # other edges
//
// The GPU is warmed up (program compiled, JIT done) before any timing; the clock is the
// wall clock around glFinish, since llvmpipe reports 0 for GL_TIME_ELAPSED on compute.
#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>
#include <memory>
#include <iterator>
#include <thread>

#include <glm/gtc/noise.hpp>
#include <libnoise/noise.h>
#include <stb_perlin.h>
#ifdef GLNOISE_BENCH_FASTNOISE
#include <FastNoise/FastNoise.h>
#include <FastNoiseLite.h>
#endif

#include <hwy/targets.h>

#include "core/parallel.hpp"
#include "core/simd.hpp"
#include "glnoise/glnoise.hpp"
#include "own_plan.hpp"

namespace {

using namespace glnoise;

struct Workload {
    const char* name;
    int dims;
    int octaves;
    Basis basis = Basis::Perlin;
    bool world = false;  // NoiseSpec::worldHash
    int finer = 0;       // the frequency is 1/128 times 2^finer
};
const Workload kWorkloads[] = {{"perlin2", 2, 1}, {"perlin3", 3, 1}, {"fbm8", 3, 8}};
// The workloads' edges: 1024 and 4096 unless GLNOISE_BENCH_SIZES lists others ("1024,8192").
std::vector<int> benchSizes() {
    std::vector<int> sizes;
    if (const char* env = std::getenv("GLNOISE_BENCH_SIZES")) {
        std::stringstream list(env);
        for (std::string item; std::getline(list, item, ',');) {
            const int n = std::atoi(item.c_str());
            if (n < 1 || n > 16384) {
                std::fprintf(stderr, "glnoise_bench: GLNOISE_BENCH_SIZES: %s is not an edge from 1 to 16384\n", item.c_str());
                std::exit(2);
            }
            sizes.push_back(n);
        }
    }
    if (sizes.empty()) sizes = {1024, 4096};
    return sizes;
}
const std::vector<int> kSizes = benchSizes();
// One octave of each basis (docs/noise.md: the cost column), at kFamilySize^2.
const Workload kFamilies[] = {
    {"perlin1", 1, 1, Basis::Perlin},       {"perlin2", 2, 1, Basis::Perlin},        {"perlin3", 3, 1, Basis::Perlin},
    {"perlin4", 4, 1, Basis::Perlin},       {"classic3", 3, 1, Basis::Classic},      {"value2", 2, 1, Basis::Value},
    {"value3", 3, 1, Basis::Value},         {"perlin-value3", 3, 1, Basis::PerlinValue},
    {"simplex2", 2, 1, Basis::Simplex},     {"simplex3", 3, 1, Basis::Simplex},      {"simplex4", 4, 1, Basis::Simplex},
    {"opensimplex2_2", 2, 1, Basis::OpenSimplex2}, {"opensimplex2_3", 3, 1, Basis::OpenSimplex2},
    {"opensimplex2_4", 4, 1, Basis::OpenSimplex2},
    {"opensimplex2s_2", 2, 1, Basis::OpenSimplex2S}, {"opensimplex2s_3", 3, 1, Basis::OpenSimplex2S},
    {"opensimplex2s_4", 4, 1, Basis::OpenSimplex2S},
    {"psrdnoise2", 2, 1, Basis::Psrdnoise},  {"psrdnoise3", 3, 1, Basis::Psrdnoise},
    {"cellular2", 2, 1, Basis::Cellular},   {"cellular3", 3, 1, Basis::Cellular},    {"cellular4", 4, 1, Basis::Cellular}};
const int kFamilySize = 512;

NoiseSpec specFor(const Workload& w) {
    NoiseSpec s;
    s.dims = w.dims;
    s.basis = w.basis;
    s.octaves = w.octaves;
    s.frequency = std::ldexp(1.0 / 128, w.finer);
    s.worldHash = w.world;
    if (w.dims >= 3) s.z = 0.37;
    if (w.dims == 4) s.w = 1.61;
    return s;
}

struct Gpu {
    std::unique_ptr<gpu::Context> context;
    std::unique_ptr<gpu::Generator> generator;
    std::string error;
};

Gpu& gpuState() {
    static Gpu g = [] {
        Gpu s;
        try {
            s.context = std::make_unique<gpu::Context>();
            s.generator = std::make_unique<gpu::Generator>(*s.context);
        } catch (const std::exception& e) {
            s.error = e.what();
        }
        return s;
    }();
    return g;
}

void setRate(benchmark::State& state, int size) {
    state.SetItemsProcessed(state.iterations() * std::int64_t{size} * size);
}

// The SIMD backend's Highway target while it lives: the widest this CPU runs, or AVX2 (the
// "_avx2" benchmarks, so that a machine with AVX-512 measures the AVX2 code too).
class SimdTarget {
public:
    explicit SimdTarget(bool avx2) : forced_(avx2) {
        if (!avx2) return;
        const std::vector<std::int64_t> have = cpu::simd::targets();
        if (std::find(have.begin(), have.end(), std::int64_t{HWY_AVX2}) == have.end()) {
            error_ = "this CPU has no AVX2";
            forced_ = false;
            return;
        }
        cpu::simd::forceTarget(HWY_AVX2);
    }
    ~SimdTarget() {
        if (forced_) cpu::simd::forceTarget(0);
    }
    SimdTarget(const SimdTarget&) = delete;
    SimdTarget& operator=(const SimdTarget&) = delete;
    const std::string& error() const { return error_; }

private:
    bool forced_;
    std::string error_;
};

// The CPU backends: the SIMD one (--backend cpu; capped at AVX2 with avx2) and the scalar
// reference. threads 0: every hardware thread this process may run on (`taskset -c 0,1`
// makes "all" two).
void cpuBench(benchmark::State& state, Workload w, int size, unsigned threads, bool simd, bool avx2 = false) {
    const SimdTarget target(avx2);
    if (!target.error().empty()) {
        state.SkipWithError(target.error().c_str());
        return;
    }
    const NoiseSpec spec = specFor(w);
    const Grid grid{size, size, 1};
    // The SIMD backend writes into one image, as the peers write into one buffer.
    Image out;
    for (auto _ : state) {
        if (simd) cpu::evaluateSimd(spec, grid, {}, threads, out);
        else out = cpu::evaluate(spec, grid, threads);
        benchmark::DoNotOptimize(out.data.data());
        benchmark::ClobberMemory();
    }
    if (simd) state.SetLabel(cpu::simdTarget());
    setRate(state, size);
}

// Dispatch to finish (or with read-back) of one workload, after a warm-up run that compiles
// the program and warms the JIT.
void timeGenerator(benchmark::State& state, gpu::Generator& gen, const Workload& w, int size, bool readBack) {
    const NoiseSpec spec = specFor(w);
    gpu::Texture tex = gen.run(spec, Grid{size, size, 1});
    gen.read(tex);
    for (auto _ : state) {
        gen.run(spec, tex);
        if (readBack) benchmark::DoNotOptimize(gen.read(tex).data.data());
        else gen.finish();
    }
    setRate(state, size);
}

void gpuBench(benchmark::State& state, Workload w, int size, bool readBack) {
    Gpu& g = gpuState();
    if (!g.generator) {
        state.SkipWithError(("no GL context: " + g.error).c_str());
        return;
    }
    timeGenerator(state, *g.generator, w, size, readBack);
}

// A workload as a graph: today's spec printed as one (graphOf: it runs as the spec), or
// with its basis behind an offset of 0, the same values by the graph's own plan and shader.
Graph graphFor(const Workload& w, bool ownPlan) { return ownPlan ? test::ownPlanGraph(specFor(w)) : graphOf(specFor(w)); }

// Where a graph benchmark runs: the GPU, the SIMD backend (on one thread, or on all) or
// the reference, on one thread.
enum class GraphOn { Gpu, Simd, SimdAll, Reference };

void graphBench(benchmark::State& state, Workload w, int size, bool ownPlan, GraphOn on) {
    const Graph graph = graphFor(w, ownPlan);
    const Grid grid{size, size, 1};
    if (on != GraphOn::Gpu) {
        for (auto _ : state) {
            const Image img = on == GraphOn::Reference ? cpu::evaluate(graph, grid, {}, 1)
                                                       : cpu::evaluateSimd(graph, grid, {}, on == GraphOn::Simd ? 1u : 0u);
            benchmark::DoNotOptimize(img.data.data());
        }
        setRate(state, size);
        return;
    }
    Gpu& g = gpuState();
    if (!g.generator) {
        state.SkipWithError(("no GL context: " + g.error).c_str());
        return;
    }
    gpu::Texture tex = g.generator->run(graph, grid);
    g.generator->read(tex);
    for (auto _ : state) {
        g.generator->run(graph, tex);
        g.generator->finish();
    }
    setRate(state, size);
}

// The time to compile a graph of `nodes` nodes into its shader on this GPU: each run builds
// a Generator (an empty program cache) and waits for one 8x8 dispatch (main() turns Mesa's
// disk cache off).
void graphCompileBench(benchmark::State& state, int nodes) {
    Gpu& g = gpuState();
    if (!g.context) {
        state.SkipWithError(("no GL context: " + g.error).c_str());
        return;
    }
    // Branches of a basis, an offset and a shape, summed pairwise, then shaped: `nodes` in all
    // (50: 12 branches of 3, 11 sums, 3 shapes).
    nlohmann::json j = {{"glnoise_graph", 1}, {"dims", 2}};
    nlohmann::json n = nlohmann::json::object();
    const char* shapes[] = {"abs", "invert", "terrace"};
    const char* bases[] = {"perlin", "simplex", "cellular", "value"};
    const int branches = (nodes - 2) / 4;
    std::vector<std::string> level;
    for (int k = 0; k < branches; ++k) {
        const std::string b = "b" + std::to_string(k), o = "o" + std::to_string(k), sh = "s" + std::to_string(k);
        n[b] = {{"kind", "basis"}, {"basis", bases[k % 4]}, {"frequency", 0.01 * (k + 1)}};
        n[o] = {{"kind", "offset"}, {"source", b}, {"by", {1.0 * k, 2.0}}};
        n[sh] = {{"kind", shapes[k % 3]}, {"source", o}};
        level.push_back(sh);
    }
    int sums = 0;
    while (level.size() > 1) {
        std::vector<std::string> next;
        for (std::size_t i = 0; i + 1 < level.size(); i += 2) {
            const std::string id = "sum" + std::to_string(sums++);
            n[id] = {{"kind", "add"}, {"a", level[i]}, {"b", level[i + 1]}};
            next.push_back(id);
        }
        if (level.size() % 2) next.push_back(level.back());
        level = next;
    }
    std::string last = level.front();
    for (int k = static_cast<int>(n.size()); k < nodes; ++k) {
        const std::string id = "shape" + std::to_string(k);
        n[id] = {{"kind", k % 2 ? "remap" : "clamp"}, {"source", last}};
        last = id;
    }
    j["nodes"] = n;
    j["out"] = last;
    const Graph graph = Graph::parse(j.dump(), "bench");
    for (auto _ : state) {
        gpu::Generator gen(*g.context);
        gen.run(graph, Grid{8, 8, 1});
        gen.finish();
    }
}

// The layouts of noise.comp compared by the tune/ benchmarks (gpu::GeneratorOptions).
struct Layout {
    const char* name;
    gpu::GeneratorOptions options;
};
const Layout kLayouts[] = {
    {"8x8_buffer", {8, 8, gpu::GeneratorOptions::Table::Buffer}},
    {"16x16_buffer", {16, 16, gpu::GeneratorOptions::Table::Buffer}},
    {"32x8_buffer", {32, 8, gpu::GeneratorOptions::Table::Buffer}},
    {"64x1_buffer", {64, 1, gpu::GeneratorOptions::Table::Buffer}},
    {"8x8_shared", {8, 8, gpu::GeneratorOptions::Table::Shared}},
    {"8x8_texture", {8, 8, gpu::GeneratorOptions::Table::Texture}},
    {"8x8_buffer_uniform", {8, 8, gpu::GeneratorOptions::Table::Buffer, true}},
    {"8x8_texture_uniform", {8, 8, gpu::GeneratorOptions::Table::Texture, true}},
};

void tuneBench(benchmark::State& state, Workload w, int size, int layout) {
    Gpu& g = gpuState();
    if (!g.generator) {
        state.SkipWithError(("no GL context: " + g.error).c_str());
        return;
    }
    static std::map<int, std::unique_ptr<gpu::Generator>> generators;
    auto& gen = generators[layout];
    if (!gen) gen = std::make_unique<gpu::Generator>(*g.context, kLayouts[layout].options);
    timeGenerator(state, *gen, w, size, false);
}

// The peers, single-threaded, on the sample points glnoise uses: p = (x, y, z) / 128 with
// z = 0.37 / 128 for 3D; 2D workloads use each peer's 2D noise where it has one (stb_perlin
// and libnoise have 3D only: they evaluate the z = 0 plane). fBm: 8 octaves, lacunarity 2,
// gain 0.5, as glnoise's.
enum class Peer { Stb, Libnoise, Glm };

float peerSample(Peer peer, const Workload& w, float x, float y, float z, noise::module::Perlin& ln) {
    switch (peer) {
        case Peer::Stb:
            return w.octaves == 1 ? stb_perlin_noise3(x, y, z, 0, 0, 0)
                                  : stb_perlin_fbm_noise3(x, y, z, 2.0f, 0.5f, w.octaves);
        case Peer::Libnoise:
            return static_cast<float>(ln.GetValue(x, y, z));
        case Peer::Glm: {
            float sum = 0.0f, amp = 1.0f, f = 1.0f;
            for (int i = 0; i < w.octaves; ++i, amp *= 0.5f, f *= 2.0f)
                sum += amp * (w.dims == 2 ? glm::perlin(glm::vec2(x * f, y * f)) : glm::perlin(glm::vec3(x * f, y * f, z * f)));
            return sum;
        }
    }
    return 0.0f;
}

void peerBench(benchmark::State& state, Workload w, int size, Peer peer) {
    noise::module::Perlin ln;  // libnoise: its Perlin module is an fBm of gradient noise
    ln.SetOctaveCount(w.octaves);
    ln.SetFrequency(1.0);
    ln.SetLacunarity(2.0);
    ln.SetPersistence(0.5);
    ln.SetNoiseQuality(noise::QUALITY_BEST);  // the quintic fade, as improved Perlin noise
    std::vector<float> out(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    const float z = w.dims == 2 ? 0.0f : 0.37f / 128.0f;
    for (auto _ : state) {
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x)
                out[static_cast<std::size_t>(y) * static_cast<std::size_t>(size) + static_cast<std::size_t>(x)] =
                    peerSample(peer, w, static_cast<float>(x) / 128.0f, static_cast<float>(y) / 128.0f, z, ln);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    setRate(state, size);
}

// Runs band(y0, y1, rows) over `threads` bands of rows of a size x size grid (0: one per
// core), one std::thread each, as a caller without a pool of its own would.
template <class F>
void inBands(int size, unsigned threads, std::vector<float>& out, F band) {
    if (threads == 0) threads = detail::availableThreads();
    std::vector<std::thread> pool;
    for (unsigned k = 0; k < threads; ++k) {
        const int y0 = static_cast<int>(static_cast<long long>(size) * k / threads);
        const int y1 = static_cast<int>(static_cast<long long>(size) * (k + 1) / threads);
        pool.emplace_back([&, y0, y1] { band(y0, y1, out.data() + static_cast<std::size_t>(y0) * static_cast<std::size_t>(size)); });
    }
    for (auto& t : pool) t.join();
}

#ifdef GLNOISE_BENCH_FASTNOISE
// FastNoise2 (SIMD with runtime dispatch) and FastNoiseLite (scalar) on the same points:
// p = (x, y, z) / 128, z = 0.37 / 128 in 3D; fBm of 8 octaves, lacunarity 2, gain 0.5.
enum class FastPeer { FastNoise2, FastNoiseLite };

const char* featureSetName(FastSIMD::FeatureSet set) {
    switch (set) {
        case FastSIMD::FeatureSet::AVX512: return "FastNoise2 AVX512";
        case FastSIMD::FeatureSet::AVX2: return "FastNoise2 AVX2";
        case FastSIMD::FeatureSet::SSE41: return "FastNoise2 SSE41";
        case FastSIMD::FeatureSet::SSE2: return "FastNoise2 SSE2";
        default: return "FastNoise2";
    }
}

// avx2: FastNoise2 capped at AVX2 (its nodes' maximum feature set), as glnoise's "_avx2".
void fastPeerBench(benchmark::State& state, Workload w, int size, FastPeer peer, unsigned threads, bool avx2 = false) {
    const float f = 1.0f / 128.0f, z = 0.37f / 128.0f;
    const FastSIMD::FeatureSet most = avx2 ? FastSIMD::FeatureSet::AVX2 : FastSIMD::FeatureSet::Max;
    auto perlin = FastNoise::New<FastNoise::Perlin>(most);
    auto fbm = FastNoise::New<FastNoise::FractalFBm>(most);
    if (!perlin || !fbm) {
        state.SkipWithError("FastNoise2 has no such feature set here");
        return;
    }
    fbm->SetSource(perlin);
    fbm->SetOctaveCount(w.octaves);
    fbm->SetLacunarity(2.0f);
    fbm->SetGain(0.5f);
    const FastNoise::Generator* fn2 = w.octaves == 1 ? static_cast<const FastNoise::Generator*>(perlin.get())
                                                     : static_cast<const FastNoise::Generator*>(fbm.get());
    FastNoiseLite fnl(1337);
    fnl.SetNoiseType(FastNoiseLite::NoiseType_Perlin);
    fnl.SetFrequency(1.0f);
    if (w.octaves > 1) {
        fnl.SetFractalType(FastNoiseLite::FractalType_FBm);
        fnl.SetFractalOctaves(w.octaves);
        fnl.SetFractalLacunarity(2.0f);
        fnl.SetFractalGain(0.5f);
    }
    std::vector<float> out(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    for (auto _ : state) {
        inBands(size, threads, out, [&](int y0, int y1, float* rows) {
            if (peer == FastPeer::FastNoise2) {
                if (w.dims == 2) fn2->GenUniformGrid2D(rows, 0.0f, static_cast<float>(y0) * f, size, y1 - y0, f, f, 1337);
                else fn2->GenUniformGrid3D(rows, 0.0f, static_cast<float>(y0) * f, z, size, y1 - y0, 1, f, f, f, 1337);
                return;
            }
            for (int y = y0; y < y1; ++y)
                for (int x = 0; x < size; ++x)
                    *rows++ = w.dims == 2 ? fnl.GetNoise(static_cast<float>(x) * f, static_cast<float>(y) * f)
                                          : fnl.GetNoise(static_cast<float>(x) * f, static_cast<float>(y) * f, z);
        });
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    if (peer == FastPeer::FastNoise2) state.SetLabel(featureSetName(fn2->GetActiveFeatureSet()));
    setRate(state, size);
}

// FastNoise2's node tree of tree2Graph's shape: add(ridged(OpenSimplex2, 6 octaves),
// multiply(fbm(Perlin, 4 octaves), 0.5)) at p = (x, y) / 128 (its Simplex is OpenSimplex2).
void fastTreeBench(benchmark::State& state, int size, unsigned threads) {
    const float f = 1.0f / 128.0f;
    auto os2 = FastNoise::New<FastNoise::Simplex>();
    auto ridged = FastNoise::New<FastNoise::FractalRidged>();
    ridged->SetSource(os2);
    ridged->SetOctaveCount(6);
    ridged->SetLacunarity(2.0f);
    ridged->SetGain(0.5f);
    auto perlin = FastNoise::New<FastNoise::Perlin>();
    auto fbm = FastNoise::New<FastNoise::FractalFBm>();
    fbm->SetSource(perlin);
    fbm->SetOctaveCount(4);
    fbm->SetLacunarity(2.0f);
    fbm->SetGain(0.5f);
    auto half = FastNoise::New<FastNoise::Multiply>();
    half->SetLHS(fbm);
    half->SetRHS(0.5f);
    auto tree = FastNoise::New<FastNoise::Add>();
    tree->SetLHS(ridged);
    tree->SetRHS(half);
    std::vector<float> out(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    for (auto _ : state) {
        inBands(size, threads, out, [&](int y0, int y1, float* rows) {
            tree->GenUniformGrid2D(rows, 0.0f, static_cast<float>(y0) * f, size, y1 - y0, f, f, 1337);
        });
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetLabel(featureSetName(tree->GetActiveFeatureSet()));
    setRate(state, size);
}
#endif

// A node tree as a glnoise graph: a ridged fractal of OpenSimplex2 (6 octaves) plus half
// an fBm of Perlin noise (4 octaves), in 2D at 1/128 (fastTreeBench's shape).
Graph tree2Graph() {
    return Graph::parse(R"({"glnoise_graph": 2, "dims": 2, "out": "sum", "nodes": {
        "ridges": {"kind": "fractal", "type": "ridged", "basis": "opensimplex2", "frequency": 0.0078125, "octaves": 6},
        "hills": {"kind": "fractal", "basis": "perlin", "frequency": 0.0078125, "octaves": 4},
        "half": {"kind": "multiply", "a": "hills", "b": 0.5},
        "sum": {"kind": "add", "a": "ridges", "b": "half"}}})",
                        "tree2");
}

void treeBench(benchmark::State& state, int size, unsigned threads) {
    const Graph graph = tree2Graph();
    const Grid grid{size, size, 1};
    for (auto _ : state) {
        const Image img = cpu::evaluateSimd(graph, grid, {}, threads);
        benchmark::DoNotOptimize(img.data.data());
    }
    state.SetLabel("glnoise " + cpu::simdTarget());
    setRate(state, size);
}

// Collects items/s per benchmark to print the ratio table after the usual output.
class RatioReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const auto& r : runs) {
            if (r.error_occurred) continue;
            // With --benchmark_repetitions, the median (reported after the runs) stands.
            if (r.run_type == Run::RT_Aggregate && r.aggregate_name != "median") continue;
            auto it = r.counters.find("items_per_second");
            if (it != r.counters.end()) rates_[r.run_name.function_name] = it->second.value;  // without "/real_time"
        }
    }
    void printTable() const {
        if (rates_.empty()) return;
        const Gpu& g = gpuState();
        std::printf("\nMsamples/s (ratio to the GPU path, dispatch to finish) on %s, %u CPU threads\n\n",
                    g.context ? g.context->info().renderer.c_str() : "no GPU", detail::availableThreads());
        std::printf("| workload | size | glnoise GPU dispatch | GPU + read-back | glnoise CPU (SIMD, %s) 1 thread "
                    "| CPU all threads | CPU reference 1 thread | reference all threads "
                    "| stb_perlin | libnoise | glm::perlin | FastNoise2 1 thread | FastNoise2 all threads "
                    "| FastNoiseLite 1 thread | FastNoiseLite all threads |\n", cpu::simdTarget().c_str());
        std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (const auto& w : kWorkloads)
            for (int size : kSizes) {
                const std::string key = std::string(w.name) + "/" + std::to_string(size) + "/";
                auto rate = [&](const char* backend) {
                    auto it = rates_.find(key + backend);
                    return it == rates_.end() ? -1.0 : it->second;
                };
                const double base = rate("gpu_dispatch");
                bool any = false;
                for (const char* b : {"gpu_dispatch", "cpu_1thread", "stb_perlin"}) any = any || rate(b) >= 0;
                if (!any) continue;  // filtered out
                std::printf("| %s | %d² |", w.name, size);
                for (const char* b : {"gpu_dispatch", "gpu_readback", "cpu_1thread", "cpu_all", "reference_1thread",
                                      "reference_all", "stb_perlin", "libnoise",
                                      "glm_perlin", "fastnoise2_1thread", "fastnoise2_all", "fastnoiselite_1thread",
                                      "fastnoiselite_all"}) {
                    const double v = rate(b);
                    if (v < 0) std::printf(" - |");
                    else if (base > 0) std::printf(" %.1f (%.2fx) |", v / 1e6, v / base);
                    else std::printf(" %.1f |", v / 1e6);
                }
                std::printf("\n");
            }
        // glnoise's SIMD backend against FastNoise2 on the same grid and threads: each on its
        // widest target, then both capped at AVX2.
        bool header = false;
        for (const auto& w : kWorkloads)
            for (int size : kSizes) {
                const std::string key = std::string(w.name) + "/" + std::to_string(size) + "/";
                auto rate = [&](const std::string& b) {
                    auto it = rates_.find(key + b);
                    return it == rates_.end() ? -1.0 : it->second;
                };
                if (rate("fastnoise2_1thread") < 0 && rate("fastnoise2_1thread_avx2") < 0) continue;
                if (!header) {
                    std::printf("\nglnoise CPU (SIMD) / FastNoise2, Msamples/s, same grid and threads (%s; capped: both at AVX2)\n\n",
                                cpu::simdTarget().c_str());
                    std::printf("| workload | size | threads | glnoise | FastNoise2 | ratio | glnoise AVX2 | FastNoise2 AVX2 | ratio |\n");
                    std::printf("|---|---|---|---|---|---|---|---|---|\n");
                    header = true;
                }
                for (const char* t : {"1thread", "all"}) {
                    std::printf("| %s | %d² | %s |", w.name, size, t);
                    for (const char* cap : {"", "_avx2"}) {
                        const double g = rate(std::string("cpu_") + t + cap), f = rate(std::string("fastnoise2_") + t + cap);
                        if (g < 0 || f < 0) std::printf(" - | - | - |");
                        else std::printf(" %.1f | %.1f | %.2fx |", g / 1e6, f / 1e6, g / f);
                    }
                    std::printf("\n");
                }
            }
        // The node tree, glnoise's graph against FastNoise2's tree.
        header = false;
        for (int size : kSizes)
            for (const char* t : {"1thread", "all"}) {
                const std::string key = "tree2/" + std::to_string(size) + "/";
                const auto g = rates_.find(key + "simd_" + t), f = rates_.find(key + "fastnoise2_" + t);
                if (g == rates_.end()) continue;
                if (!header) {
                    std::printf("\ntree2 (ridged OpenSimplex2, 6 octaves, + 0.5 fBm Perlin, 4): glnoise graph (SIMD, %s) "
                                "/ FastNoise2 node tree, Msamples/s\n\n| size | threads | glnoise | FastNoise2 | ratio |\n"
                                "|---|---|---|---|---|\n",
                                cpu::simdTarget().c_str());
                    header = true;
                }
                if (f == rates_.end()) std::printf("| %d² | %s | %.1f | - | - |\n", size, t, g->second / 1e6);
                else std::printf("| %d² | %s | %.1f | %.1f | %.2fx |\n", size, t, g->second / 1e6, f->second / 1e6, g->second / f->second);
            }
        std::printf("\nOne octave of each basis at %d², Msamples/s (ratio to GPU dispatch)\n\n", kFamilySize);
        std::printf("| basis | CPU (SIMD) 1 thread | CPU reference 1 thread | GPU dispatch |\n|---|---|---|---|\n");
        for (const auto& w : kFamilies) {
            const std::string key = std::string("basis/") + w.name + "/";
            auto rate = [&](const char* backend) {
                auto it = rates_.find(key + backend);
                return it == rates_.end() ? -1.0 : it->second;
            };
            const double gpu = rate("gpu_dispatch"), cpu1 = rate("cpu_1thread"), ref1 = rate("reference_1thread");
            if (gpu < 0 && cpu1 < 0) continue;  // filtered out
            std::printf("| %s | %.1f (%.2fx) | %.1f (%.2fx) | %.1f |\n", w.name, cpu1 / 1e6, gpu > 0 ? cpu1 / gpu : 0.0,
                        ref1 / 1e6, gpu > 0 ? ref1 / gpu : 0.0, gpu / 1e6);
        }
    }

private:
    std::map<std::string, double> rates_;
};

}  // namespace

int main(int argc, char** argv) {
    // graph/compile measures compiling: Mesa's on-disk shader cache would answer a shader
    // compiled before from the disk in milliseconds. Off unless the caller set it.
    setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
    for (const auto& w : kWorkloads)
        for (int size : kSizes) {
            const std::string base = std::string(w.name) + "/" + std::to_string(size) + "/";
            benchmark::RegisterBenchmark((base + "cpu_1thread").c_str(), cpuBench, w, size, 1u, true, false)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "cpu_all").c_str(), cpuBench, w, size, 0u, true, false)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "cpu_1thread_avx2").c_str(), cpuBench, w, size, 1u, true, true)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "cpu_all_avx2").c_str(), cpuBench, w, size, 0u, true, true)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "reference_1thread").c_str(), cpuBench, w, size, 1u, false, false)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "reference_all").c_str(), cpuBench, w, size, 0u, false, false)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "gpu_dispatch").c_str(), gpuBench, w, size, false)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "gpu_readback").c_str(), gpuBench, w, size, true)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "stb_perlin").c_str(), peerBench, w, size, Peer::Stb)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "libnoise").c_str(), peerBench, w, size, Peer::Libnoise)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "glm_perlin").c_str(), peerBench, w, size, Peer::Glm)->Unit(benchmark::kMillisecond)->UseRealTime();
#ifdef GLNOISE_BENCH_FASTNOISE
            for (const auto& [name, peer] : {std::pair{"fastnoise2", FastPeer::FastNoise2}, std::pair{"fastnoiselite", FastPeer::FastNoiseLite}}) {
                benchmark::RegisterBenchmark((base + name + "_1thread").c_str(), fastPeerBench, w, size, peer, 1u, false)->Unit(benchmark::kMillisecond)->UseRealTime();
                benchmark::RegisterBenchmark((base + name + "_all").c_str(), fastPeerBench, w, size, peer, 0u, false)->Unit(benchmark::kMillisecond)->UseRealTime();
            }
            benchmark::RegisterBenchmark((base + "fastnoise2_1thread_avx2").c_str(), fastPeerBench, w, size, FastPeer::FastNoise2, 1u, true)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "fastnoise2_all_avx2").c_str(), fastPeerBench, w, size, FastPeer::FastNoise2, 0u, true)->Unit(benchmark::kMillisecond)->UseRealTime();
#endif
        }
    for (const auto& w : kWorkloads)
        for (int layout = 0; layout < static_cast<int>(std::size(kLayouts)); ++layout)
            benchmark::RegisterBenchmark((std::string("tune/") + w.name + "/1024/" + kLayouts[layout].name).c_str(),
                                         tuneBench, w, 1024, layout)
                ->Unit(benchmark::kMillisecond)
                ->UseRealTime();
    // The world hash's cost: each workload with and without it, side by side (docs/noise.md).
    for (const auto& w : kWorkloads)
        for (int size : kSizes)
            for (bool on : {false, true}) {
                Workload v = w;
                v.world = on;
                const std::string base = std::string("world/") + w.name + "/" + std::to_string(size) + (on ? "/on/" : "/off/");
                benchmark::RegisterBenchmark((base + "cpu_1thread").c_str(), cpuBench, v, size, 1u, true, false)->Unit(benchmark::kMillisecond)->UseRealTime();
                benchmark::RegisterBenchmark((base + "cpu_all").c_str(), cpuBench, v, size, 0u, true, false)->Unit(benchmark::kMillisecond)->UseRealTime();
                benchmark::RegisterBenchmark((base + "gpu_dispatch").c_str(), gpuBench, v, size, false)->Unit(benchmark::kMillisecond)->UseRealTime();
            }
    for (int size : kSizes)
        for (bool own : {false, true}) {
            const Workload& w = kWorkloads[2];  // fbm8
            const std::string base = std::string("graph/") + w.name + "/" + std::to_string(size) + (own ? "/own_plan/" : "/as_spec/");
            benchmark::RegisterBenchmark((base + "gpu_dispatch").c_str(), graphBench, w, size, own, GraphOn::Gpu)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "simd_1thread").c_str(), graphBench, w, size, own, GraphOn::Simd)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "simd_all").c_str(), graphBench, w, size, own, GraphOn::SimdAll)->Unit(benchmark::kMillisecond)->UseRealTime();
            benchmark::RegisterBenchmark((base + "reference_1thread").c_str(), graphBench, w, size, own, GraphOn::Reference)->Unit(benchmark::kMillisecond)->UseRealTime();
        }
    // The fBm's octaves one at a time: one octave of 3D Perlin at each of fbm8's frequencies,
    // 1/128 to 1 (a cell per vector up to a cell per texel), for where an fBm's time goes.
    for (int finer = 0; finer < 8; ++finer) {
        Workload v = kWorkloads[1];  // perlin3
        v.finer = finer;
        const std::string base = "octave/perlin3/1024/1_" + std::to_string(128 >> finer) + "/";
        benchmark::RegisterBenchmark((base + "cpu_1thread").c_str(), cpuBench, v, 1024, 1u, true, false)->Unit(benchmark::kMillisecond)->UseRealTime();
        benchmark::RegisterBenchmark((base + "cpu_1thread_avx2").c_str(), cpuBench, v, 1024, 1u, true, true)->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    // A node tree on the SIMD backend beside FastNoise2's (docs/performance.md).
    for (int size : kSizes)
        for (unsigned threads : {1u, 0u}) {
            const std::string base = "tree2/" + std::to_string(size) + "/";
            const std::string t = threads == 1 ? "1thread" : "all";
            benchmark::RegisterBenchmark((base + "simd_" + t).c_str(), treeBench, size, threads)->Unit(benchmark::kMillisecond)->UseRealTime();
#ifdef GLNOISE_BENCH_FASTNOISE
            benchmark::RegisterBenchmark((base + "fastnoise2_" + t).c_str(), fastTreeBench, size, threads)->Unit(benchmark::kMillisecond)->UseRealTime();
#endif
        }
    benchmark::RegisterBenchmark("graph/compile/50_nodes", graphCompileBench, 50)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
    for (const auto& w : kFamilies) {
        const std::string base = std::string("basis/") + w.name + "/";
        benchmark::RegisterBenchmark((base + "cpu_1thread").c_str(), cpuBench, w, kFamilySize, 1u, true, false)->Unit(benchmark::kMillisecond)->UseRealTime();
        benchmark::RegisterBenchmark((base + "reference_1thread").c_str(), cpuBench, w, kFamilySize, 1u, false, false)->Unit(benchmark::kMillisecond)->UseRealTime();
        benchmark::RegisterBenchmark((base + "gpu_dispatch").c_str(), gpuBench, w, kFamilySize, false)->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    const Gpu& g = gpuState();
    benchmark::AddCustomContext("renderer", g.context ? g.context->info().renderer : "no GL context: " + g.error);
    benchmark::AddCustomContext("cpu_threads", std::to_string(detail::availableThreads()));
    RatioReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    reporter.printTable();
    benchmark::Shutdown();
    return 0;
}
