// SPDX-License-Identifier: MIT
// glnoise_bake_bench: end-to-end bake throughput, Mtexel/s written to the file, for one
// 8192x8192 world in each format, on the GPU path and on the SIMD CPU backend, at 1
// thread and at every thread, in one run; each stage's share of the time; and the peak
// memory (RSS) of the process.
//
//   ./glnoise_bake_bench                          # every format, backend and thread count
//   ./glnoise_bake_bench --benchmark_filter='octaves1/.*/cpu'
//   GLNOISE_BENCH_SIZE=2048 ./glnoise_bake_bench  # a quicker run
//   ./glnoise_bake_bench --benchmark_filter=digest   # the files' digests alone, GB/s
//
// Each bake goes through the same path as `glnoise bake` (app::Bake): GPU tiles read back
// through pixel buffer objects (or the CPU backend's tiles), converted and streamed into
// a file in $TMPDIR (removed afterwards). The generator is warmed up before timing.
// Threads (BakeRequest::threads) are the CPU's: the CPU backend, the conversions and the
// encoders; llvmpipe runs the GPU path's shaders on threads of its own (LP_NUM_THREADS).
// The counters gen%, conv%, enc% and commit% are the stages' shares of the wall time
// (app::BakeTimings): making texels, converting them to samples, encoding and writing,
// and flushing and renaming the file.
#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include "app/bake.hpp"
#include "app/digest.hpp"
#include "core/parallel.hpp"
#include "glnoise/glnoise.hpp"

namespace {

using namespace glnoise;

int benchSize() {
    const char* s = std::getenv("GLNOISE_BENCH_SIZE");
    return s ? std::atoi(s) : 8192;
}

struct Shared {
    gpu::Context context;
    gpu::Generator generator{context};
};

Shared& shared() {
    static Shared s;
    return s;
}

std::string scratch(const std::string& name) {
    const char* tmp = std::getenv("TMPDIR");
    return std::string(tmp ? tmp : "/tmp") + "/glnoise-bake-bench-" + std::to_string(::getpid()) + "-" + name;
}

void bakeBench(benchmark::State& state, std::string extension, int bits, std::string colormap, int octaves, bool gpu,
               unsigned threads) {
    const int size = benchSize();
    app::BakeRequest r;
    r.spec.octaves = octaves;
    r.spec.frequency = 1.0 / 256.0;
    r.size = Grid{size, size, 1};
    r.bits = bits;
    r.colormap = colormap;
    r.out = scratch("out" + extension);
    r.threads = threads;
    gpu::Generator* gen = gpu ? &shared().generator : nullptr;
    {
        app::BakeRequest warm = r;
        warm.size = Grid{64, 64, 1};
        app::Bake(warm).run(gen);
    }
    std::uintmax_t bytes = 0;
    app::BakeTimings t;
    for (auto _ : state) {
        app::Bake bake(r);
        bake.run(gen);
        bytes = std::filesystem::file_size(r.out);
        t = bake.timings();
    }
    std::filesystem::remove(r.out);
    std::filesystem::remove(r.out + ".json");
    const double texels = static_cast<double>(r.size.texels()) * static_cast<double>(state.iterations());
    state.counters["Mtexel/s"] = benchmark::Counter(texels / 1e6, benchmark::Counter::kIsRate);
    state.counters["MB/s"] = benchmark::Counter(static_cast<double>(bytes) * static_cast<double>(state.iterations()) / 1e6,
                                                benchmark::Counter::kIsRate);
    state.counters["file MB"] = static_cast<double>(bytes) / 1e6;
    state.counters["gen%"] = 100.0 * t.generate / t.total;
    // The generating stage's own rate (its wall time, with what runs beside it), steadier
    // than gen% times a total that writing and fsync make noisy.
    state.counters["gen Msample/s"] = static_cast<double>(r.size.texels()) / t.generate / 1e6;
    state.counters["conv%"] = 100.0 * t.convert / t.total;
    state.counters["enc%"] = 100.0 * t.encode / t.total;
    state.counters["commit%"] = 100.0 * t.commit / t.total;
}

// The digest of 256 MiB of samples: one SHA-256 stream over the whole (what raw sidecars
// recorded before 0.17.0) against app::SampleDigest's 4 MiB chunks on `threads` threads.
void digestBench(benchmark::State& state, bool tree, unsigned threads) {
    std::vector<std::uint8_t> samples(std::size_t{256} << 20);
    for (std::size_t i = 0; i < samples.size(); ++i) samples[i] = static_cast<std::uint8_t>(i * 2654435761u >> 24);
    for (auto _ : state) {
        std::string hex;
        if (tree) {
            app::SampleDigest d(threads);
            for (std::size_t at = 0; at < samples.size(); at += std::size_t{64} << 20)  // in 64 MiB bands
                d.update(samples.data() + at, std::size_t{64} << 20);
            hex = d.hex();
        } else {
            app::Sha256 d;
            d.update(samples.data(), samples.size());
            hex = d.hex();
        }
        benchmark::DoNotOptimize(hex);
    }
    state.counters["GB/s"] = benchmark::Counter(static_cast<double>(samples.size()) * 1e-9,
                                               benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
    struct Case {
        const char* name;
        const char* extension;
        int bits;
        const char* colormap;
    };
    const Case cases[] = {{"png8", ".png", 8, ""},  {"png16", ".png", 16, ""}, {"exr", ".exr", 0, ""},
                          {"r16", ".r16", 0, ""},   {"r32", ".r32", 0, ""},    {"png_terrain", ".png", 8, "terrain"}};
    const unsigned all = detail::availableThreads();  // taskset -c 0,1 makes it two
    for (int octaves : {1, 8})
        for (const bool gpu : {true, false})
            for (const unsigned threads : {1u, all})
                for (const auto& c : cases)
                    benchmark::RegisterBenchmark(("bake/" + std::to_string(benchSize()) + "/octaves" +
                                                  std::to_string(octaves) + "/" + c.name + "/" + (gpu ? "gpu" : "cpu") +
                                                  "/threads" + std::to_string(threads))
                                                     .c_str(),
                                                 bakeBench, std::string(c.extension), c.bits, std::string(c.colormap),
                                                 octaves, gpu, threads)
                        ->Unit(benchmark::kMillisecond)
                        ->UseRealTime()
                        ->Iterations(1);
    benchmark::RegisterBenchmark("digest/sha256_one_stream", digestBench, false, 1u)->Unit(benchmark::kMillisecond)->UseRealTime();
    for (const unsigned threads : {1u, all})
        benchmark::RegisterBenchmark(("digest/tree_4MiB/threads" + std::to_string(threads)).c_str(), digestBench, true,
                                     threads)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    struct rusage usage {};
    ::getrusage(RUSAGE_SELF, &usage);
    std::printf("peak RSS of this process: %.1f MiB on %s\n", static_cast<double>(usage.ru_maxrss) / 1024.0,
                shared().context.info().renderer.c_str());
    return 0;
}
