// SPDX-License-Identifier: MIT
// glnoise_gpu_bench: the GPU measurements of docs/performance.md in one run.
//
//   glnoise_gpu_bench                       # everything, at 8192^2 (tables at 4096^2)
//   glnoise_gpu_bench --quick               # small sizes, few layouts: a smoke test
//   glnoise_gpu_bench --only tables,readback --json out.json
//   glnoise_gpu_bench --only peers --peers DIR  # the GPU peers' sources from DIR
//
// tables:   every table form (gpu::GeneratorOptions) and workgroup shape, with and without
//           uniform reads, the frames in a storage buffer or uniform blocks, on Perlin noise in 2D, 3D and 4D, 1 and 8 octaves, at three
//           frequencies (lattice cells of 256, 32 and 4 texels): Gsamples/s of the dispatch.
// dispatch: the default layout (chooseLayout) on the workloads of glnoise_bench, 1024^2 to
//           8192^2, and the instructions a sample allows at the GPU's issue rate.
// readback: GB/s of a raw copy from a buffer in GPU memory into host memory (the bus's
//           rate as GL sees it), of a texture copied into host memory, of Generator::read
//           (into a new Image), and of tiles generated and streamed into a preallocated
//           array (gpu::TileStream: what bakes and Python's bake_into do), and of memcpy.
// peers:    3D Perlin and 8-octave fBm by glnoise (its sampler, and the same values by the
//           graph's own shader) beside the GPU peers, FastNoiseLite's GLSL (its Perlin, fBm)
//           and webgl-noise (cnoise, summed as fBm), on the same texture, workgroup shape,
//           sizes and timing: Gsamples/s and glnoise's ratio to each. Their sources are read
//           from --peers DIR (holding FastNoiseLite/FastNoiseLite.glsl and
//           webgl-noise/classicnoise3D.glsl), by default GLNOISE_PEERS_DIR/gpu given at
//           configure time; without either, the part says so and is skipped.
// erosion:  glnoise erode's iterations (hydraulic and thermal, its defaults, 2 m cells and
//           40 m a unit) on a ridged fBm heightmap at 1024^2 and 4096^2 (256^2 with --quick):
//           the GPU's passes (GpuErosion) and the C++ twin on every host thread, each run
//           for --erosion-seconds (default 10) or 1,000 iterations, whichever ends first:
//           ms an iteration, million cell-iterations a second, and the seconds 500 and 1,000
//           iterations take at that rate (every iteration does the same work).
//
// GPU time comes from GL_TIME_ELAPSED queries where the driver fills them (llvmpipe
// reports 0 or a sliver for compute: there the wall clock around glFinish is used, and
// said).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/parallel.hpp"
#include "glnoise/glnoise.hpp"
#include "glnoise/gl_objects.hpp"
#include "gpu/gl.hpp"
#include "own_plan.hpp"

namespace {

using namespace glnoise;
using Clock = std::chrono::steady_clock;
using T = gpu::GeneratorOptions::Table;

struct Options {
    bool quick = false;
    int size = 8192;
    int tableSize = 4096;
    std::set<std::string> only;
    std::string json;
    double erosionSeconds = 10.0;
#ifdef GLNOISE_GPU_PEERS_DIR
    std::string peers = GLNOISE_GPU_PEERS_DIR;
#else
    std::string peers;
#endif
};

std::string g_json;  // one object per measurement, comma-separated

void record(const std::string& group, const std::string& name, const std::map<std::string, double>& values,
            const std::string& note = {}) {
    std::ostringstream o;
    o << (g_json.empty() ? "" : ",\n") << "  {\"group\": \"" << group << "\", \"name\": \"" << name << "\"";
    for (const auto& [k, v] : values) o << ", \"" << k << "\": " << v;
    if (!note.empty()) o << ", \"note\": \"" << note << "\"";
    o << "}";
    g_json += o.str();
}

double wallMs(Clock::time_point since) { return std::chrono::duration<double, std::milli>(Clock::now() - since).count(); }

// Milliseconds of one call of `work` on the GPU: the median of five batches, each long
// enough to time (at least `reps` calls and 20 ms). GPU time from GL_TIME_ELAPSED where the
// driver reports it, else the wall clock around glFinish; *gpuTimer says which.
double timeGpu(const std::function<void()>& work, int reps, bool* gpuTimer) {
    GLuint query = 0;
    glGenQueries(1, &query);
    work();  // warm-up: compile, first use
    glFinish();
    std::vector<double> batches;
    int n = reps;
    bool timer = true;
    for (int b = 0; b < 5; ++b) {
        const Clock::time_point t0 = Clock::now();
        glBeginQuery(GL_TIME_ELAPSED, query);
        for (int i = 0; i < n; ++i) work();
        glEndQuery(GL_TIME_ELAPSED);
        GLuint64 ns = 0;
        glGetQueryObjectui64v(query, GL_QUERY_RESULT, &ns);
        glFinish();
        const double wall = wallMs(t0);
        // A driver that fills the query for compute gives at least a good part of the wall
        // time of a batch that waits for the GPU; llvmpipe gives 0 or a sliver.
        const double gpu = static_cast<double>(ns) * 1e-6;
        const bool trusted = gpu >= 0.25 * wall;
        timer = timer && trusted;
        const double ms = trusted ? gpu : wall;
        batches.push_back(ms / n);
        if (b == 0 && wall < 20.0) n = std::min(1000, static_cast<int>(n * 20.0 / std::max(wall, 0.05)) + 1);
    }
    glDeleteQueries(1, &query);
    std::sort(batches.begin(), batches.end());
    if (gpuTimer) *gpuTimer = timer;
    return batches[batches.size() / 2];
}

NoiseSpec perlin(int dims, int octaves, double cellTexels) {
    NoiseSpec s;
    s.dims = dims;
    s.octaves = octaves;
    s.frequency = 1.0 / cellTexels;
    if (dims >= 3) s.z = 0.37;
    if (dims == 4) s.w = 1.61;
    return s;
}

struct Layout {
    std::string name;
    gpu::GeneratorOptions options;
};

// Each table form and shape with the frames in a storage buffer, and each form with the
// frames in uniform blocks ("frames-block", llvmpipe's default since 0.39.0).
std::vector<Layout> layouts(bool quick) {
    using F = gpu::GeneratorOptions::Frames;
    std::vector<Layout> out;
    const std::pair<int, int> shapes[] = {{8, 8}, {16, 16}, {32, 8}};
    for (T t : {T::Buffer, T::Shared, T::Texture, T::Uniform})
        for (const auto& [x, y] : shapes) {
            if (quick && (x != 8 || y != 8)) continue;
            out.push_back({std::string(gpu::toString(t)) + " " + std::to_string(x) + "x" + std::to_string(y), {x, y, t, false, F::Buffer}});
        }
    for (T t : {T::Buffer, T::Shared, T::Texture, T::Uniform})
        out.push_back({std::string(gpu::toString(t)) + " 8x8 uniform-reads", {8, 8, t, true, F::Buffer}});
    for (T t : {T::Buffer, T::Shared, T::Texture, T::Uniform})
        out.push_back({std::string(gpu::toString(t)) + " 8x8 frames-block", {8, 8, t, false, F::Block}});
    if (!quick) {
        out.push_back({"shared 16x16 frames-block", {16, 16, T::Shared, false, F::Block}});
        out.push_back({"shared 32x32", {32, 32, T::Shared, false, F::Buffer}});
    }
    return out;
}

void tables(gpu::Context& ctx, const Options& o) {
    const int size = o.quick ? 256 : o.tableSize;
    const Grid grid{size, size, 1};
    std::printf("\n## Table forms: Gsamples/s of the dispatch at %d^2 (Perlin noise; cell: texels per lattice cell)\n\n",
                size);
    struct Work {
        int dims, octaves;
        double cell;
    };
    std::vector<Work> works;
    for (int dims : {2, 3, 4})
        for (int octaves : {1, 8})
            for (double cell : {256.0, 32.0, 4.0}) {
                if (o.quick && (dims == 4 || cell == 32.0)) continue;
                works.push_back({dims, octaves, cell});
            }
    std::printf("| layout |");
    for (const Work& w : works) std::printf(" %dD %do c%g |", w.dims, w.octaves, w.cell);
    std::printf("\n|---|");
    for (std::size_t i = 0; i < works.size(); ++i) std::printf("---|");
    std::printf("\n");
    std::map<std::string, std::vector<double>> rates;
    bool anyWall = false;
    for (const Layout& l : layouts(o.quick)) {
        std::unique_ptr<gpu::Generator> gen;
        try {
            gen = std::make_unique<gpu::Generator>(ctx, l.options);
        } catch (const std::exception& e) {
            std::printf("| %s | not run: %s |\n", l.name.c_str(), e.what());
            continue;
        }
        std::printf("| %s |", l.name.c_str());
        std::fflush(stdout);
        for (const Work& w : works) {
            const NoiseSpec spec = perlin(w.dims, w.octaves, w.cell);
            gpu::Texture tex = gen->run(spec, grid);
            bool timer = false;
            const double ms = timeGpu([&] { gen->run(spec, tex); }, 3, &timer);
            anyWall = anyWall || !timer;
            const double rate = static_cast<double>(grid.texels()) / ms * 1e-6;  // Gsamples/s
            rates[l.name].push_back(rate);
            std::printf(" %.3g |", rate);
            std::fflush(stdout);
            record("tables", l.name, {{"dims", w.dims}, {"octaves", w.octaves}, {"cell", w.cell}, {"size", size},
                                      {"gsamples_per_s", rate}, {"gpu_timer", timer ? 1 : 0}});
        }
        std::printf("\n");
    }
    // The best layout per column, and each layout's geometric mean relative to the best.
    std::printf("\nfastest per column:");
    for (std::size_t c = 0; c < works.size(); ++c) {
        std::string best;
        double rate = 0;
        for (const auto& [name, r] : rates)
            if (r.size() > c && r[c] > rate) rate = r[c], best = name;
        std::printf(" [%dD %do c%g: %s]", works[c].dims, works[c].octaves, works[c].cell, best.c_str());
    }
    std::printf("\n\n| layout | geometric mean of rate / column's best |\n|---|---|\n");
    std::vector<std::pair<double, std::string>> ranked;
    for (const auto& [name, r] : rates) {
        double logSum = 0;
        for (std::size_t c = 0; c < r.size(); ++c) {
            double best = 0;
            for (const auto& [n2, r2] : rates)
                if (r2.size() > c) best = std::max(best, r2[c]);
            logSum += std::log(r[c] / best);
        }
        ranked.push_back({std::exp(logSum / static_cast<double>(std::max<std::size_t>(r.size(), 1))), name});
    }
    std::sort(ranked.rbegin(), ranked.rend());
    for (const auto& [score, name] : ranked) {
        std::printf("| %s | %.3f |\n", name.c_str(), score);
        record("tables_rank", name, {{"score", score}});
    }
    if (anyWall) std::printf("\n(wall clock: this driver reports no GPU time for compute)\n");
}

void dispatch(gpu::Context& ctx, const Options& o) {
    gpu::Generator gen(ctx);
    const gpu::ChosenLayout& l = gen.layout();
    std::printf("\n## Dispatch, the default layout (table %s, %dx%d: %s): Gsamples/s\n\n", gpu::toString(l.options.table),
                l.options.localSizeX, l.options.localSizeY, l.reason.c_str());
    std::vector<int> sizes = o.quick ? std::vector<int>{256} : std::vector<int>{1024, 2048, 4096, 8192};
    struct Work {
        const char* name;
        int dims, octaves;
    };
    const Work works[] = {{"perlin2", 2, 1}, {"perlin3", 3, 1}, {"fbm8", 3, 8}};
    std::printf("| workload |");
    for (int s : sizes) std::printf(" %d^2 |", s);
    std::printf(" ms at %d^2 |\n|---|", sizes.back());
    for (std::size_t i = 0; i <= sizes.size(); ++i) std::printf("---|");
    std::printf("\n");
    for (const Work& w : works) {
        std::printf("| %s |", w.name);
        double last = 0;
        for (int size : sizes) {
            const Grid grid{size, size, 1};
            const NoiseSpec spec = perlin(w.dims, w.octaves, 128.0);
            gpu::Texture tex = gen.run(spec, grid);
            bool timer = false;
            last = timeGpu([&] { gen.run(spec, tex); }, 3, &timer);
            const double rate = static_cast<double>(grid.texels()) / last * 1e-6;
            std::printf(" %.3g |", rate);
            std::fflush(stdout);
            record("dispatch", w.name, {{"size", size}, {"gsamples_per_s", rate}, {"ms", last}, {"gpu_timer", timer ? 1 : 0}});
        }
        std::printf(" %.3g |\n", last);
    }
}

// A raw buffer in GPU memory, and one in host memory mapped for reading.
struct HostBuffer {
    GLuint id = 0;
    const std::uint8_t* mapped = nullptr;
    HostBuffer(std::size_t bytes, GLbitfield extra) {
        glCreateBuffers(1, &id);
        const GLbitfield access = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | extra;
        glNamedBufferStorage(id, static_cast<GLsizeiptr>(bytes), nullptr, access | GL_CLIENT_STORAGE_BIT);
        mapped = static_cast<const std::uint8_t*>(glMapNamedBufferRange(id, 0, static_cast<GLsizeiptr>(bytes), access));
    }
    ~HostBuffer() {
        if (mapped) glUnmapNamedBuffer(id);
        glDeleteBuffers(1, &id);
    }
};

void readback(gpu::Context& ctx, const Options& o) {
    const int size = o.quick ? 512 : o.size;
    const Grid grid{size, size, 1};
    const std::size_t bytes = static_cast<std::size_t>(grid.texels()) * sizeof(float);
    const double gb = static_cast<double>(bytes) * 1e-9;
    std::printf("\n## Read-back at %d^2 (%.0f MB of float32)\n\n| path | ms | GB/s | Gsamples/s |\n|---|---|---|---|\n", size,
                static_cast<double>(bytes) * 1e-6);
    auto row = [&](const std::string& name, double ms, const std::string& note = {}) {
        std::printf("| %s | %.2f | %.2f | %.2f |\n", name.c_str(), ms, gb / (ms * 1e-3),
                    static_cast<double>(grid.texels()) / ms * 1e-6);
        std::fflush(stdout);
        record("readback", name, {{"size", size}, {"ms", ms}, {"gb_per_s", gb / (ms * 1e-3)}}, note);
    };
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    auto wallMedian = [&](const std::function<void()>& work, int reps) {
        work();
        std::vector<double> t;
        for (int i = 0; i < reps; ++i) {
            const Clock::time_point t0 = Clock::now();
            work();
            t.push_back(wallMs(t0));
        }
        return median(t);
    };
    const int reps = o.quick ? 3 : 7;

    // 1. The bus as GL sees it: a buffer in GPU memory copied into host memory.
    GLuint device = 0;
    glCreateBuffers(1, &device);
    glNamedBufferStorage(device, static_cast<GLsizeiptr>(bytes), nullptr, 0);
    for (const auto& [name, extra] : {std::pair<const char*, GLbitfield>{"raw buffer copy, GPU to host memory", 0},
                                      {"raw buffer copy, GPU to coherent host memory", GL_MAP_COHERENT_BIT}}) {
        HostBuffer host(bytes, extra);
        const double ms = wallMedian(
            [&] {
                glCopyNamedBufferSubData(device, host.id, 0, 0, static_cast<GLsizeiptr>(bytes));
                glFinish();
            },
            reps);
        row(name, ms);
    }
    glDeleteBuffers(1, &device);

    // 2. A noise texture copied into host memory by the GPU (no host copy).
    gpu::Generator gen(ctx);
    NoiseSpec spec = perlin(3, 1, 128.0);
    gpu::Texture tex = gen.run(spec, grid);
    {
        HostBuffer host(bytes, 0);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glPixelStorei(GL_PACK_ROW_LENGTH, 0);
        const double ms = wallMedian(
            [&] {
                glBindBuffer(GL_PIXEL_PACK_BUFFER, host.id);
                glGetTextureSubImage(tex.handle(), 0, 0, 0, 0, size, size, 1, GL_RED, GL_FLOAT, static_cast<GLsizei>(bytes),
                                     nullptr);
                glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
                glFinish();
            },
            reps);
        row("texture to host memory (glGetTextureSubImage, one copy)", ms);
    }

    // 3. Host memory bandwidth, for scale.
    std::vector<float> a(static_cast<std::size_t>(grid.texels()), 1.0f), b(a.size(), 0.0f);
    row("memcpy, one thread", wallMedian([&] { std::memcpy(b.data(), a.data(), bytes); }, reps));
    {
        const std::size_t pieces = 64, piece = (bytes + pieces - 1) / pieces;
        row("memcpy, every thread", wallMedian([&] {
                glnoise::detail::parallelFor(pieces, 0, [&](std::size_t k) {
                    const std::size_t at = k * piece;
                    if (at < bytes)
                        std::memcpy(reinterpret_cast<std::uint8_t*>(b.data()) + at,
                                    reinterpret_cast<const std::uint8_t*>(a.data()) + at, std::min(piece, bytes - at));
                });
            }, reps));
    }

    // 4. Generator::read: the texture into a new Image; and as 0.15.0 read it, through one
    // pixel buffer allocated per read, mapped after the copy, copied out on one thread.
    row("Generator::read (into a new Image)", wallMedian([&] { gen.read(tex); }, reps));
    {
        Image reused;
        row("Generator::read (into the same Image again)", wallMedian([&] { gen.read(tex, reused); }, reps));
    }
    row("0.15.0's read: a pixel buffer per read, one copy out", wallMedian([&] {
            Image image(size, size, 1, 1);
            GLuint pixels = 0;
            glGenBuffers(1, &pixels);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, pixels);
            glBufferStorage(GL_PIXEL_PACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_MAP_READ_BIT | GL_CLIENT_STORAGE_BIT);
            glBindTexture(GL_TEXTURE_2D, tex.handle());
            glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, nullptr);
            const void* mapped = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, static_cast<GLsizeiptr>(bytes), GL_MAP_READ_BIT);
            if (mapped) std::memcpy(image.data.data(), mapped, bytes);
            glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
            glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
            glDeleteBuffers(1, &pixels);
        }, reps));

    // 5. Generate and stream tiles into a preallocated array, as bakes and bake_into do.
    std::set<std::pair<int, int>> shapes;
    for (const auto& [tw, th] : {std::pair{4096, 512}, std::pair{4096, 1024}, std::pair{8192, 1024}, std::pair{8192, 2048}})
        shapes.insert({std::min(tw, size), std::min(th, size)});
    for (const auto& shape : shapes) {
        const int w = shape.first, h = shape.second;
        for (const auto& [label, octaves] : {std::pair{"3D Perlin", 1}, std::pair{"3D fBm 8 octaves", 8}}) {
            spec = perlin(3, octaves, 128.0);
            gpu::TileStream stream(gen, spec, w, h);
            auto fill = [&] {
                struct P {
                    int x0, y0, cols, rows;
                };
                std::vector<P> tiles;
                for (int y0 = 0; y0 < size; y0 += h)
                    for (int x0 = 0; x0 < size; x0 += w) tiles.push_back({x0, y0, std::min(w, size - x0), std::min(h, size - y0)});
                std::size_t submitted = 0;
                for (const P& t : tiles) {
                    while (submitted < tiles.size() && stream.queued() < stream.capacity()) {
                        const P& n = tiles[submitted++];
                        stream.submit(Grid{n.cols, n.rows, 1}, TexelStart{n.x0, n.y0, 0});
                    }
                    stream.take(b.data() + static_cast<std::size_t>(t.y0) * static_cast<std::size_t>(size) + static_cast<std::size_t>(t.x0),
                                static_cast<std::size_t>(size) * sizeof(float));
                }
            };
            row(std::string("generate + stream into an array, ") + label + ", tiles " + std::to_string(w) + "x" +
                    std::to_string(h),
                wallMedian(fill, reps));
        }
    }
}

// The GPU peers: a compute shader per peer and workload around the peer's own function,
// on the same texture and workgroup shape as glnoise's dispatch. The peers' sources are
// read at run time (MIT; not part of glnoise).
std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw IoError("cannot read " + path.string());
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct PeerSource {
    std::string name;
    std::filesystem::path file;  // under the peers' folder
    const char* noise;           // float peer_noise(vec2 texel, float frequency, float z), PEER_OCTAVES octaves
};

const PeerSource kPeerSources[] = {
    {"webgl-noise", "webgl-noise/classicnoise3D.glsl",
     "float peer_noise(vec2 t, float f, float z) {\n"
     "    vec3 p = vec3(t * f, z);\n"
     "    float sum = 0.0, amp = 1.0, norm = 0.0;\n"
     "    for (int i = 0; i < PEER_OCTAVES; ++i) { sum += amp * cnoise(p); norm += amp; amp *= 0.5; p *= 2.0; }\n"
     "    return sum / norm;\n"
     "}\n"},
    {"FastNoiseLite", "FastNoiseLite/FastNoiseLite.glsl",
     "float peer_noise(vec2 t, float f, float z) {\n"
     "    fnl_state s = fnlCreateState(1337);\n"
     "    s.noise_type = FNL_NOISE_PERLIN;\n"
     "    s.frequency = f;\n"
     "    s.fractal_type = PEER_OCTAVES > 1 ? FNL_FRACTAL_FBM : FNL_FRACTAL_NONE;\n"
     "    s.octaves = PEER_OCTAVES;\n"
     "    return fnlGetNoise3D(s, t.x, t.y, z / f);\n"
     "}\n"},
};

std::string peerShader(const std::string& library, const char* noise, int localX, int localY, int octaves) {
    return "#version 430\n"
           "layout(local_size_x = " + std::to_string(localX) + ", local_size_y = " + std::to_string(localY) + ") in;\n"
           "layout(r32f, binding = 0) uniform writeonly image2D u_out;\n"
           "uniform ivec2 u_size;\n"
           "uniform float u_frequency;\n"
           "uniform float u_z;\n"
           "#define PEER_OCTAVES " + std::to_string(octaves) + "\n" + library + "\n" + noise +
           "void main() {\n"
           "    ivec2 id = ivec2(gl_GlobalInvocationID.xy);\n"
           "    if (id.x >= u_size.x || id.y >= u_size.y) return;\n"
           "    imageStore(u_out, id, vec4(peer_noise(vec2(id) + 0.5, u_frequency, u_z)));\n"
           "}\n";
}

void peers(gpu::Context& ctx, const Options& o) {
    if (o.peers.empty()) {
        std::printf("\n## Peers: not run (no --peers DIR, and the build was configured without GLNOISE_PEERS_DIR)\n");
        return;
    }
    gpu::Generator gen(ctx);
    const gpu::GeneratorOptions& l = gen.layout().options;
    // The layout of 0.38 on llvmpipe: the table through a buffer texture, the frames and a
    // graph's parameters from storage buffers, in the same workgroups.
    gpu::Generator before(ctx, gpu::GeneratorOptions{l.localSizeX, l.localSizeY, gpu::GeneratorOptions::Table::Texture, false,
                                                     gpu::GeneratorOptions::Frames::Buffer});
    std::vector<int> sizes = o.quick ? std::vector<int>{256} : std::vector<int>{std::min(4096, o.size), o.size};
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    std::printf("\n## Peers: Gsamples/s of the dispatch, %dx%d workgroups (glnoise's default layout: table %s, frames %s),\n"
                "## frequency 1/128; \"texture, buffer\": glnoise with the table through a buffer texture and the frames in a\n"
                "## storage buffer (0.38's layout on llvmpipe); sources from %s\n\n",
                l.localSizeX, l.localSizeY, gpu::toString(l.table), gpu::toString(l.frames), o.peers.c_str());
    std::printf("| workload | size | glnoise | glnoise, graph's own shader | glnoise, texture, buffer | graph, texture, buffer |");
    for (const PeerSource& p : kPeerSources) std::printf(" %s |", p.name.c_str());
    for (const PeerSource& p : kPeerSources) std::printf(" glnoise / %s |", p.name.c_str());
    std::printf("\n|---|---|---|---|---|---|");
    for (std::size_t i = 0; i < 2 * std::size(kPeerSources); ++i) std::printf("---|");
    std::printf("\n");
    struct Work {
        const char* name;
        int octaves;
    };
    for (const Work& w : {Work{"perlin3", 1}, Work{"fbm8", 8}}) {
        const NoiseSpec spec = perlin(3, w.octaves, 128.0);
        const Graph graph = test::ownPlanGraph(spec);
        std::vector<gpu::Program> programs;
        for (const PeerSource& p : kPeerSources) {
            const std::string text = peerShader(readText(std::filesystem::path(o.peers) / p.file), p.noise, l.localSizeX,
                                                l.localSizeY, w.octaves);
            programs.emplace_back(text, std::vector<std::string>{"peer", p.file.string()}, p.name);
        }
        for (int size : sizes) {
            const Grid grid{size, size, 1};
            auto rate = [&](double ms) { return static_cast<double>(grid.texels()) / ms * 1e-6; };
            gpu::Texture tex = gen.run(spec, grid);
            bool timer = false;
            const double glnoise = rate(timeGpu([&] { gen.run(spec, tex); }, 3, &timer));
            const double own = rate(timeGpu([&] { gen.run(graph, tex); }, 3, &timer));
            const double old = rate(timeGpu([&] { before.run(spec, tex); }, 3, &timer));
            const double oldOwn = rate(timeGpu([&] { before.run(graph, tex); }, 3, &timer));
            std::printf("| %s | %d^2 | %.3g | %.3g | %.3g | %.3g |", w.name, size, glnoise, own, old, oldOwn);
            std::fflush(stdout);
            std::vector<double> peerRates;
            for (std::size_t k = 0; k < programs.size(); ++k) {
                const gpu::Program& prog = programs[k];
                auto run = [&] {
                    glUseProgram(prog.handle());
                    glUniform2i(prog.uniform("u_size"), size, size);
                    glUniform1f(prog.uniform("u_frequency"), static_cast<float>(spec.frequency));
                    glUniform1f(prog.uniform("u_z"), static_cast<float>(spec.z));
                    glBindImageTexture(0, tex.handle(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
                    glDispatchCompute(static_cast<GLuint>((size + l.localSizeX - 1) / l.localSizeX),
                                      static_cast<GLuint>((size + l.localSizeY - 1) / l.localSizeY), 1);
                };
                peerRates.push_back(rate(timeGpu(run, 3, &timer)));
                // The peer wrote noise: finite values that vary (a shader that wrote nothing
                // would be timed as fast as an empty one).
                glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
                const Image img = gen.read(tex);
                const auto [lo, hi] = std::minmax_element(img.data.begin(), img.data.end());
                if (!std::isfinite(*lo) || !std::isfinite(*hi) || !(*hi > *lo))
                    throw GpuError(kPeerSources[k].name + " wrote no noise: values from " + std::to_string(*lo) + " to " +
                                   std::to_string(*hi));
                std::printf(" %.3g |", peerRates.back());
                std::fflush(stdout);
            }
            for (double r : peerRates) std::printf(" %.2fx |", glnoise / r);
            std::printf("\n");
            std::map<std::string, double> values{{"size", size}, {"glnoise", glnoise}, {"glnoise_own_plan", own},
                                                 {"glnoise_texture_buffer", old}, {"glnoise_own_plan_texture_buffer", oldOwn},
                                                 {"gpu_timer", timer ? 1 : 0}};
            for (std::size_t k = 0; k < peerRates.size(); ++k) values[kPeerSources[k].name] = peerRates[k];
            record("peers", w.name, values);
        }
    }
}

}  // namespace

// One backend's iterations on `start`, for `seconds` or 1,000 iterations; `iterate(n)`
// runs n and returns when they are done. The first iteration (compiling, first touches)
// is not timed.
void timeErosion(const std::string& backend, const erosion::State& start, double seconds,
                 const std::function<void(int)>& iterate) {
    iterate(1);
    int done = 0;
    const Clock::time_point began = Clock::now();
    while (done < 1000 && wallMs(began) < 1000.0 * seconds) {
        const int n = done < 4 ? 1 : std::min(25, 1000 - done);
        iterate(n);
        done += n;
    }
    const double ms = wallMs(began) / done;
    const double cells = double(start.width) * start.height;
    std::printf("  %-46s %5dx%-5d %4d iterations %9.2f ms each %8.1f M cell-iterations/s   500: %7.1f s  1000: %7.1f s\n",
                backend.c_str(), start.width, start.height, done, ms, cells / ms / 1e3, ms * 0.5, ms);
    record("erosion", backend + " " + std::to_string(start.width),
           {{"size", double(start.width)}, {"iterations", double(done)}, {"ms_per_iteration", ms},
            {"mcells_per_s", cells / ms / 1e3}, {"s_500", ms * 0.5}, {"s_1000", ms}});
}

void erosionPart(const gpu::Context& ctx, const Options& o) {
    std::printf("\nerosion: ms an iteration, hydraulic and thermal (glnoise erode's defaults, 2 m cells, 40 m a unit)\n");
    erosion::Params p;
    p.cellSize = 2.0;
    p.heightScale = 40.0;
    for (const int edge : o.quick ? std::vector<int>{256} : std::vector<int>{1024, 4096}) {
        NoiseSpec spec;
        spec.basis = Basis::OpenSimplex2;
        spec.fractal = Fractal::Ridged;
        spec.octaves = 8;
        spec.frequency = 4.0 / edge;
        spec.normalize = true;
        spec.rotate = true;
        const erosion::State start = erosion::start(cpu::evaluateSimd(spec, {edge, edge, 1}), p);
        {
            erosion::GpuErosion gpu(ctx, start, p);
            timeErosion("GPU, " + ctx.info().renderer, start, o.erosionSeconds, [&](int n) { gpu.iterate(n); });
        }
        erosion::State twin = start;
        timeErosion("the C++ twin, " + std::to_string(std::thread::hardware_concurrency()) + " threads", start,
                    o.erosionSeconds, [&](int n) {
                        for (int i = 0; i < n; ++i) erosion::iterate(twin, p);
                    });
    }
}

int main(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "glnoise_gpu_bench: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--quick") o.quick = true;
        else if (a == "--json") o.json = value();
        else if (a == "--size") o.size = std::atoi(value().c_str());
        else if (a == "--table-size") o.tableSize = std::atoi(value().c_str());
        else if (a == "--peers") o.peers = value();
        else if (a == "--erosion-seconds") o.erosionSeconds = std::atof(value().c_str());
        else if (a == "--only") {
            std::stringstream list(value());
            for (std::string n; std::getline(list, n, ',');) {
                if (n != "tables" && n != "dispatch" && n != "readback" && n != "peers" && n != "erosion") {
                    std::fprintf(stderr, "glnoise_gpu_bench: --only %s: allowed: tables, dispatch, readback, peers, erosion\n",
                                 n.c_str());
                    return 2;
                }
                o.only.insert(n);
            }
        } else {
            std::fprintf(stderr, "glnoise_gpu_bench: unknown argument %s (see the comment at the top of glnoise_gpu_bench.cpp)\n",
                         a.c_str());
            return 2;
        }
    }
    if (o.size < 64 || o.size > 16384 || o.tableSize < 64 || o.tableSize > 16384) {
        std::fprintf(stderr, "glnoise_gpu_bench: --size and --table-size: from 64 to 16384\n");
        return 2;
    }
    auto want = [&](const char* part) { return o.only.empty() || o.only.count(part); };
    try {
        gpu::Context ctx;
        const gpu::ContextInfo& info = ctx.info();
        std::printf("# glnoise_gpu_bench on %s (%s, %s), %u host threads\n", info.renderer.c_str(), info.vendor.c_str(),
                    info.version.c_str(), std::thread::hardware_concurrency());
        if (want("tables")) tables(ctx, o);
        if (want("dispatch")) dispatch(ctx, o);
        if (want("readback")) readback(ctx, o);
        if (want("peers")) peers(ctx, o);
        if (want("erosion")) erosionPart(ctx, o);
        if (!o.json.empty()) {
            FILE* f = std::fopen(o.json.c_str(), "w");
            if (!f) {
                std::fprintf(stderr, "glnoise_gpu_bench: cannot write %s\n", o.json.c_str());
                return 1;
            }
            std::fprintf(f, "{\"renderer\": \"%s\", \"results\": [\n%s\n]}\n", info.renderer.c_str(), g_json.c_str());
            std::fclose(f);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise_gpu_bench: error: %s\n", e.what());
        return 1;
    }
    return 0;
}
