// SPDX-License-Identifier: MIT
// The glnoise command line: its flags (CLI11) and, for each subcommand, the plan the flags
// describe, validated without touching a GPU or writing a file. main() runs plans; the
// fuzzer and the tests parse and plan without running anything.
#pragma once

#include <array>
#include <map>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/bake.hpp"
#include "app/options.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::cli {

using app::BakeRequest;
using app::NoiseArgs;

// What the user typed; empty strings are "not given".
struct Args {
    NoiseArgs noise;
    std::string backend;  // empty: auto, or what --from's record names
    std::string size;
    std::string out;
    std::string range;
    std::string tolerance;
    std::string preset, from, tile, tileSize, colormap, bits, threads;
    bool printSpec = false;
    bool printGraph = false;
    bool compact = false;
    // The bake fields' flags (app/bake_fields.def), by the field's name: an on/off field's
    // "true" when given.
    std::map<std::string, std::string> bake;
    std::string graph;  // --graph FILE
    bool quiet = false;
    std::vector<std::string> families;
    std::string language, table, set, binding, tableOut;  // shader
    std::string params, paramsBinding, paramsOut;         // shader --graph
    std::vector<std::string> files;  // verify
    std::vector<std::string> kinds;  // nodes
    bool json = false;               // nodes --json
    // erode: the heightmap in, each parameter's flag by its name, each mask's file by its name.
    std::string in, rainMap, hardnessMap;
    std::map<std::string, std::string> erosion, masks;
    bool check = false;  // erode --check
    bool list = false;
    bool verbose = false;
};

enum class Command { Bake, Eval, Check, Glsl, Shader, Info, Verify, Nodes, Erode };
// gpu: the compute shaders; cpu: the SIMD backend (cpu::evaluateSimd); reference: the
// scalar CPU reference (cpu::evaluate), bit for bit the same values as cpu; auto (the
// default): gpu, unless the GL renderer is a software rasterizer, then cpu.
enum class Backend { Auto, Gpu, Cpu, Reference };

Backend parseBackend(const std::string& text);
// "I,J" or "I,J,K": a tile's index in the world, each a 64-bit integer.
std::array<std::int64_t, 3> parseTile(const std::string& text, bool volume);

// The flags of every subcommand, bound to one Args.
class CommandLine {
public:
    CommandLine();
    CommandLine(const CommandLine&) = delete;
    CommandLine& operator=(const CommandLine&) = delete;

    // Parses argv (argv[0] is the program). A flag CLI11 does not accept is a
    // ValidationError; --help and --version are CLI::CallForHelp and CLI::CallForVersion.
    Command parse(const std::vector<std::string>& argv);
    const Args& args() const noexcept { return args_; }
    // Prints help or version for what parse() threw, returns the exit code.
    int exit(const CLI::Error& e) { return app_.exit(e); }

private:
    CLI::App app_;
    Args args_;
    CLI::App *bake_ = nullptr, *eval_ = nullptr, *check_ = nullptr, *glsl_ = nullptr, *shader_ = nullptr, *info_ = nullptr, *verify_ = nullptr, *nodes_ = nullptr,
             *erode_ = nullptr;
};

// What `bake` was ordered to do: the request its flags, preset or record make (which
// app::Bake plans), on which backend, or what to print instead. Reads --preset and --from
// files; claims nothing.
struct BakeOrder {
    BakeRequest request;
    Backend backend = Backend::Auto;
    bool printSpec = false;   // print request's preset and stop
    bool printGraph = false;  // print request's graph (or its spec's) and stop
    bool compact = false;     // as its compact form
    // --from's record: the file must be the bake it describes (checkFromFile), which reads
    // the whole file; so it is checked after everything else the bake can refuse at once.
    std::string fromRecord;
};
BakeOrder orderBake(const Args& args);
// For --from: the file against its record (its digest), reading every byte; a stop signal
// ends it (app::Interrupted). ValidationError when the file is not the bake it records.
void checkFromFile(const Args& args, const BakeOrder& order);

struct EvalPlan {
    NoiseSpec spec;
    std::optional<Graph> graph;  // --graph: evaluated instead of the spec
    Backend backend = Backend::Auto;
};
EvalPlan planEval(const Args& args);

struct CheckPlan {
    NoiseSpec spec;
    std::optional<Graph> graph;  // --graph: checked instead of the spec
    Grid grid;
    std::array<double, 4> tolerances{};
    std::vector<app::Note> warnings;  // octaves dropped above the Nyquist limit
};
CheckPlan planCheck(const Args& args);

// The self-contained GLSL `glsl` prints (or the family list with --list).
struct GlslPlan {
    std::string text;
    std::string tableOut;     // shader --table-out: where the table goes, or empty
    std::string tableBytes;   // what goes there
    std::string paramsOut;    // --graph --params-out: where the graph's numbers go, or empty
    std::string paramsBytes;  // what goes there
};
GlslPlan planGlsl(const Args& args);
// The source `shader` prints (or the family list with --list).
GlslPlan planShader(const Args& args);

}  // namespace glnoise::cli
