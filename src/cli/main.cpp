// glnoise: the headless command. bake, eval, check and info over one NoiseSpec; glsl
// prints the GLSL library as one self-contained source.
//
// Exit codes: 0 success, 1 a failure (no GL context, GPU error, I/O error, check beyond
// tolerance), 2 bad usage (every message names the value and what is allowed).
#include <unistd.h>

#include <charconv>
#include <csignal>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>

#include <CLI/CLI.hpp>

#include "cli/bake.hpp"
#include "cli/flags.hpp"
#include "cli/options.hpp"
#include "cli/preset.hpp"
#include "core/format.hpp"
#include "glnoise/glnoise.hpp"
#include "glnoise/version.hpp"

namespace {

using namespace glnoise;
using Clock = std::chrono::steady_clock;

struct Args {
    cli::NoiseArgs noise;
    std::string backend = "gpu";
    std::string size;
    std::string out;
    std::string range;
    std::string tolerance;
    std::string preset, from, tile, tileSize, colormap, bits;
    bool printSpec = false;
    bool quiet = false;
    std::vector<std::string> families;
    bool list = false;
    bool verbose = false;
};

void addNoiseOptions(CLI::App* app, Args& a, bool withBackend) {
    cli::addNoiseFlags(app, a.noise);
    if (withBackend) app->add_option("--backend", a.backend, "gpu (default) or cpu (the reference)");
    app->add_flag("--verbose", a.verbose, "print the GL context and KHR_debug messages to stderr");
}

enum class Backend { Gpu, Cpu };

Backend parseBackend(const std::string& text) {
    if (text == "gpu") return Backend::Gpu;
    if (text == "cpu") return Backend::Cpu;
    throw ValidationError("--backend " + text + ": must be gpu or cpu");
}

[[noreturn]] void rethrowAsFlags(const ValidationError& e) { throw ValidationError(cli::asFlags(e)); }

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

void warn(const std::string& message) {
    if (!message.empty()) std::fprintf(stderr, "glnoise: warning: %s\n", message.c_str());
}

// The signal that asked the bake to stop (SIGINT, SIGTERM, SIGHUP), or 0.
volatile std::sig_atomic_t g_stopSignal = 0;

extern "C" void onStopSignal(int signal) { g_stopSignal = signal; }

// A progress bar with rate and time left on a terminal; nothing when stderr is not one.
class TerminalProgress : public cli::BakeObserver {
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
        std::string bar(static_cast<std::size_t>(f * kWidth + 0.5), '#');
        bar.resize(kWidth, '.');
        std::fprintf(stderr, "\r%3.0f%% [%s] %.1f/%.1f Mtexel, %.1f Mtexel/s, %s left   ", 100.0 * f, bar.c_str(),
                     static_cast<double>(done) / 1e6, static_cast<double>(total) / 1e6, rate / 1e6,
                     clock(left).c_str());
        std::fflush(stderr);
        drawn_ = true;
    }
    bool cancelled() override { return g_stopSignal != 0; }
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

// "I,J" or "I,J,K": a tile's index in the world, each a 64-bit integer.
std::array<std::int64_t, 3> parseTile(const std::string& text, bool volume) {
    const std::string allowed = volume ? "I,J,K (integers) for a volume" : "I,J (integers)";
    const std::vector<std::string> parts = cli::splitList(text);
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

int runBake(const Args& a) {
    cli::BakeRequest r;
    std::optional<cli::Preset> base;
    if (!a.from.empty() && !a.preset.empty())
        throw ValidationError("--from " + a.from + ": re-bakes a file's own record; give it or --preset " + a.preset +
                              ", not both");
    if (!a.from.empty()) {
        r = cli::requestFromRecord(io::readRecord(a.from), "--from " + a.from);
        base = cli::Preset{r.spec, true, r.range, r.colormap, r.bits};
    } else if (!a.preset.empty()) {
        base = cli::loadPreset(a.preset);
    }
    if (!a.size.empty() && (!a.tile.empty() || !a.tileSize.empty()))
        throw ValidationError("--size " + a.size + ": a tile's size is --tile-size; give one or the other");
    if (!a.size.empty()) r.size = cli::parseBakeSize("--size", a.size);
    if (!a.tileSize.empty()) r.size = cli::parseBakeSize("--tile-size", a.tileSize);
    if (!a.tile.empty()) {
        if (a.tileSize.empty() && a.from.empty())
            throw ValidationError("--tile " + a.tile + ": needs --tile-size WxH (or WxHxD)");
        r.tile = parseTile(a.tile, r.size.isVolume());
    } else if (!a.tileSize.empty()) {
        throw ValidationError("--tile-size " + a.tileSize + ": needs --tile I,J");
    } else if (!a.size.empty()) {
        r.tile.reset();
    }
    if (r.tile) {
        const std::int64_t edges[3] = {r.size.width, r.size.height, r.size.depth};
        for (std::size_t i = 0; i < 3; ++i) {
            const std::int64_t t = (*r.tile)[i];
            if (t < -(kMaxWorldTexel / edges[i]) || t >= kMaxWorldTexel / edges[i])
                throw ValidationError("--tile " + a.tile + ": index " + std::to_string(t) +
                                      " puts the tile beyond world texel 2^52 at this --tile-size");
        }
    }
    const bool sizeKnown = !a.size.empty() || !a.tileSize.empty() || !a.from.empty();
    if (!sizeKnown && !a.printSpec) throw ValidationError("--size is required (or --tile with --tile-size, or --from FILE)");
    const Grid* grid = sizeKnown ? &r.size : nullptr;
    r.spec = cli::buildSpec(a.noise, grid, base ? &base->spec : nullptr, base && base->hasDims);
    r.noOctaveLimit = a.noise.noOctaveLimit || r.noOctaveLimit;
    cli::NoiseArgs limit = a.noise;
    limit.noOctaveLimit = r.noOctaveLimit;
    if (sizeKnown) warn(cli::limitOctaves(r.spec, limit));
    if (base) {
        r.range = base->range;
        r.colormap = base->colormap;
        r.bits = base->bits;
    }
    if (!a.range.empty()) r.range = cli::parseRange(a.range);
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
    }
    if (!a.bits.empty()) r.bits = cli::parseInt("--bits", a.bits, "8, 16 or 32");
    if (a.printSpec) {
        const std::string json = cli::presetJson(r.spec, r.range, r.colormap, r.bits).dump(2) + "\n";
        std::fwrite(json.data(), 1, json.size(), stdout);
        return 0;
    }
    if (a.out.empty()) throw ValidationError("--out is required: the file to write (.png, .exr, .r16, .raw, .r32)");
    r.out = a.out;
    const Backend backend = parseBackend(a.backend);
    // Claim the output path before the work, so a bad path fails in a millisecond; an
    // unclaimed file vanishes when `bake` goes out of scope.
    cli::Bake bake(r);

    const auto start = Clock::now();
    TerminalProgress progress(!a.quiet && ::isatty(STDERR_FILENO) == 1);
    std::string what, where = "the CPU reference";
    if (backend == Backend::Gpu) {
        gpu::Context ctx(contextOptions(a));
        if (a.verbose) describe(ctx);
        gpu::Generator gen(ctx);
        try {
            what = bake.run(&gen, &progress);
        } catch (const ValidationError& e) {
            rethrowAsFlags(e);
        }
        where = ctx.info().renderer;
    } else {
        what = bake.run(nullptr, &progress);
    }
    const double took = seconds(start);
    progress.end();
    std::printf("wrote %s: %s, %.3f s (%.1f Mtexel/s) on %s\n", a.out.c_str(), what.c_str(), took,
                static_cast<double>(r.size.texels()) / took / 1e6, where.c_str());
    return 0;
}

// Reads dims numbers per line ("x", "x y", "x y z" or "x y z w"); blank lines are skipped.
std::vector<cpu::Point> readPoints(std::istream& in, int dims) {
    std::vector<cpu::Point> points;
    std::string line;
    long long number = 0;
    const char* shapes[4] = {"1 number \"x\"", "2 numbers \"x y\"", "3 numbers \"x y z\"", "4 numbers \"x y z w\""};
    const std::string want = shapes[dims - 1];
    while (std::getline(in, line)) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        const std::string shown = line.size() > 60 ? line.substr(0, 60) + "..." : line;
        auto bad = [&](const std::string& why) {
            return ValidationError("stdin line " + std::to_string(number) + " '" + shown + "': " + why);
        };
        if (line.find('\0') != std::string::npos) throw bad("not text; expected " + want);
        std::istringstream fields(line);
        std::vector<std::string> tokens;
        for (std::string t; fields >> t;) tokens.push_back(t);
        if (static_cast<int>(tokens.size()) != dims)
            throw bad("expected " + want + " for --dims " + std::to_string(dims) + ", got " +
                      std::to_string(tokens.size()));
        cpu::Point p{};
        for (int i = 0; i < dims; ++i) {
            char* end = nullptr;
            p[static_cast<std::size_t>(i)] = std::strtod(tokens[static_cast<std::size_t>(i)].c_str(), &end);
            if (*end != '\0') throw bad("'" + tokens[static_cast<std::size_t>(i)] + "' is not a number");
            if (!std::isfinite(p[static_cast<std::size_t>(i)])) throw bad("coordinates must be finite");
        }
        points.push_back(p);
    }
    if (in.bad()) throw IoError("reading stdin failed");
    return points;
}

int runEval(const Args& a) {
    const NoiseSpec spec = cli::buildSpec(a.noise, nullptr);
    const Backend backend = parseBackend(a.backend);
    const auto points = readPoints(std::cin, spec.dims);
    std::vector<float> values;
    if (backend == Backend::Gpu) {
        gpu::Context ctx(contextOptions(a));
        if (a.verbose) describe(ctx);
        gpu::Generator gen(ctx);
        values = gen.evaluatePoints(spec, points);
    } else {
        values = cpu::evaluatePoints(spec, points);
    }
    const std::size_t channels = static_cast<std::size_t>(cpu::outputChannels(spec));
    std::string out;
    char buf[32];
    for (std::size_t i = 0; i < values.size(); ++i) {
        // 9 significant digits, kept; the channels of a point on one line
        std::snprintf(buf, sizeof buf, "%#.9g", static_cast<double>(values[i]));
        out += buf;
        out += (i + 1) % channels == 0 ? "\n" : " ";
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}

int runCheck(const Args& a) {
    const Grid grid = cli::parseSizeFlag(a.size);
    NoiseSpec spec = cli::buildSpec(a.noise, &grid);
    warn(cli::limitOctaves(spec, a.noise));
    std::array<double, 4> tolerances = cpu::agreementTolerance(spec);
    if (!a.tolerance.empty()) {
        const double t = cli::parseNumber("--tolerance", a.tolerance);
        if (!(std::isfinite(t) && t >= 0))
            throw ValidationError("--tolerance " + a.tolerance + ": must be a finite number >= 0");
        tolerances.fill(t);
    }
    gpu::Context ctx(contextOptions(a));
    if (a.verbose) describe(ctx);
    gpu::Generator gen(ctx);
    Image g;
    try {
        g = gen.generate(spec, grid);
    } catch (const ValidationError& e) {
        rethrowAsFlags(e);
    }
    const Image c = cpu::evaluate(spec, grid);
    const int channels = c.channels;
    const char* names[2][4] = {{"value", "d/dx", "d/dy", "d/dz"}, {"nx", "ny", "nz", "value"}};
    const char* const* name = names[spec.output == Output::Normal ? 1 : 0];
    std::printf("check %s, dims %d, %s %s, %d octave%s, seed %s, on %s\n", toString(grid).c_str(), spec.dims,
                toString(spec.basis), toString(spec.fractal), spec.octaves, spec.octaves == 1 ? "" : "s",
                spec.seed ? std::to_string(*spec.seed).c_str() : "none (Ken Perlin's table)",
                ctx.info().renderer.c_str());
    bool pass = true;
    double worstExcess = 0.0;
    for (int ch = 0; ch < channels; ++ch) {
        double maxDiff = -1.0, sum = 0.0;
        std::size_t worst = 0;
        const std::size_t texels = c.data.size() / static_cast<std::size_t>(channels);
        for (std::size_t t = 0; t < texels; ++t) {
            const std::size_t i = t * static_cast<std::size_t>(channels) + static_cast<std::size_t>(ch);
            const double d = std::fabs(static_cast<double>(g.data[i]) - static_cast<double>(c.data[i]));
            sum += d;
            if (!(d <= maxDiff)) {  // also catches NaN
                maxDiff = std::isnan(d) ? INFINITY : d;
                worst = t;
            }
        }
        const int wx = static_cast<int>(worst % static_cast<std::size_t>(grid.width));
        const int wy = static_cast<int>((worst / static_cast<std::size_t>(grid.width)) % static_cast<std::size_t>(grid.height));
        const int wz = static_cast<int>(worst / (static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.height)));
        const std::size_t wi = worst * static_cast<std::size_t>(channels) + static_cast<std::size_t>(ch);
        const double tolerance = tolerances[static_cast<std::size_t>(ch)];
        const bool ok = maxDiff <= tolerance;
        pass = pass && ok;
        if (!ok) worstExcess = std::max(worstExcess, maxDiff / std::max(tolerance, 1e-300));
        std::printf("  %-6s max |gpu - cpu| = %.3g at texel (%d, %d, %d): gpu %.9g, cpu %.9g; mean %.3g; "
                    "tolerance %.3g: %s\n",
                    name[ch], maxDiff, wx, wy, wz, static_cast<double>(g.data[wi]), static_cast<double>(c.data[wi]),
                    sum / static_cast<double>(texels), tolerance, ok ? "PASS" : "FAIL");
    }
    std::printf("  %s\n", pass ? "PASS" : "FAIL");
    if (!pass)
        std::fprintf(stderr, "glnoise: error: GPU and CPU reference differ by up to %.3g times the tolerance\n",
                     worstExcess);
    return pass ? 0 : 1;
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
    return 0;
}

int runGlsl(const Args& a) {
    if (a.list) {
        for (const auto& f : glsl::families()) std::printf("%s\n", f.c_str());
        return 0;
    }
    std::string origin = "glnoise glsl";
    std::optional<std::uint64_t> seed;
    if (!a.noise.seed.empty()) {
        seed = cli::parseSeed(a.noise.seed);
        origin += " --seed " + std::to_string(*seed);
    }
    for (const auto& f : a.families) origin += " " + f;
    std::unique_ptr<io::OutputFile> out;
    if (!a.out.empty()) out = cli::claimOutput(a.out);
    const std::string text = glsl::selfContained(Permutation::forSeed(seed), a.families, origin);
    if (out) {
        out->write(text.data(), text.size());
        out->commit();
    } else {
        std::fwrite(text.data(), 1, text.size(), stdout);
        if (std::fflush(stdout) != 0) throw IoError("writing the GLSL to standard output failed");
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"glnoise " GLNOISE_VERSION
                 ": Perlin, value and simplex noise and their fractals on the GPU (OpenGL compute, "
                 "headless EGL), checked against a CPU reference"};
    app.set_version_flag("--version", "glnoise " GLNOISE_VERSION);
    app.require_subcommand(1);
    Args a;

    auto* bake = app.add_subcommand("bake", "bake a 2D texture or a 3D volume to a file");
    addNoiseOptions(bake, a, true);
    bake->add_flag("--no-octave-limit", a.noise.noOctaveLimit, "keep octaves above the grid's Nyquist limit");
    bake->add_option("--size", a.size, "WxH or WxHxD, each edge 1 to 1048576; baked in tiles, streamed to the file");
    bake->add_option("--out", a.out, "output file: .png (8- or 16-bit; RGB for normal, gradient and colormaps), "
                                     ".exr (float32), .r16 or .raw (16-bit raw), .r32 (float32 raw); a volume as "
                                     ".r16, .r32 or PNG slices 'slice_%04d.png'; .r16/.r32 get a FILE.json sidecar");
    bake->add_option("--range", a.range, "MIN,MAX mapped to 0..255 or 0..65535 (default: the stated range)");
    bake->add_option("--bits", a.bits, ".png: 8 (default) or 16");
    bake->add_option("--colormap", a.colormap, "map values through a colormap to 8-bit RGB: " + cli::joinedNames(Colormap::names()) + " (none: no map)");
    bake->add_option("--preset", a.preset, "start from a preset: " + cli::joinedNames(cli::presetNames()) + ", or a .json file; flags override it");
    bake->add_option("--from", a.from, "re-bake from the record in a glnoise .png, .exr or raw file (its .json); flags override it");
    bake->add_flag("--print-spec", a.printSpec, "print the effective spec as JSON (a valid preset) and exit");
    bake->add_option("--tile", a.tile, "I,J (I,J,K for a volume): bake tile (I, J) of the world; with --tile-size");
    bake->add_option("--tile-size", a.tileSize, "WxH or WxHxD: the size of every tile; tile (I, J) starts at world texel (I W, J H)");
    bake->add_flag("--quiet", a.quiet, "no progress bar (there is none when stderr is not a terminal)");

    auto* eval = app.add_subcommand(
        "eval", "read points (dims numbers per line: \"x y\", \"x y z\", ...) from stdin, print values "
                "(with --output gradient or normal: 4 per line)");
    addNoiseOptions(eval, a, true);

    auto* check = app.add_subcommand("check", "evaluate on GPU and CPU reference and compare");
    addNoiseOptions(check, a, false);
    check->add_flag("--no-octave-limit", a.noise.noOctaveLimit, "keep octaves above the grid's Nyquist limit");
    check->add_option("--size", a.size, "WxH or WxHxD")->required();
    check->add_option("--tolerance", a.tolerance, "max |gpu - cpu| allowed (default 1e-5 x the amplitude sum)");

    auto* glslCmd = app.add_subcommand(
        "glsl", "print the GLSL library as one self-contained source (table as a const array, no includes)");
    glslCmd->add_option("families", a.families, "families to include, with what they need (default: all)");
    glslCmd->add_option("--seed", a.noise.seed, "unsigned 64-bit seed of the table (default: Ken Perlin's table)");
    glslCmd->add_option("--out", a.out, "write to this file instead of standard output");
    glslCmd->add_flag("--list", a.list, "list the families and exit");

    auto* info = app.add_subcommand("info", "show the EGL platform, GL renderer and compute limits");
    info->add_flag("--verbose", a.verbose, "print KHR_debug messages to stderr");

    if (argc > 1 && argv[1][0] != '-') {
        const std::string command = argv[1];
        if (command != "bake" && command != "eval" && command != "check" && command != "glsl" && command != "info") {
            std::fprintf(stderr, "glnoise: error: unknown command '%s'; allowed: bake, eval, check, glsl, info\n",
                         command.c_str());
            return 2;
        }
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "glnoise: error: %s (see glnoise --help)\n", e.what());
        return 2;
    }

    struct sigaction stop {};
    stop.sa_handler = onStopSignal;
    sigemptyset(&stop.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &stop, nullptr);
    try {
        if (*bake) return runBake(a);
        if (*eval) return runEval(a);
        if (*check) return runCheck(a);
        if (*glslCmd) return runGlsl(a);
        return runInfo(a);
    } catch (const ValidationError& e) {
        std::fprintf(stderr, "glnoise: error: %s\n", e.what());
        return 2;
    } catch (const cli::Interrupted&) {
        const int sig = g_stopSignal ? static_cast<int>(g_stopSignal) : SIGINT;
        std::fprintf(stderr, "glnoise: interrupted by %s; %s was not written (what was there is untouched)\n",
                     sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP", a.out.c_str());
        return 128 + sig;
    } catch (const Error& e) {
        std::fprintf(stderr, "glnoise: error: %s\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise: error: internal: %s\n", e.what());
        return 1;
    }
}
