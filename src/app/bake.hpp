// SPDX-License-Identifier: MIT
// The one bake path, shared by `glnoise bake` and the preview's export: a world tile of
// any size, generated in tiles on the GPU (or the CPU reference), read back
// asynchronously and streamed row by row into the file, in bounded memory.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "glnoise/colormap.hpp"
#include "glnoise/error.hpp"
#include "glnoise/gpu.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/io.hpp"
#include "glnoise/spec.hpp"
#include "app/notes.hpp"
#include "app/tiles.hpp"

namespace glnoise::app {

// The largest edge of a bake; it is cut into tiles the GPU holds.
inline constexpr int kMaxBakeEdge = 1 << 20;

// Which way a normal map's green channel points: up the image as it is viewed (OpenGL,
// "Y+": Unity, Godot, Blender) or down it (DirectX, "Y-": Unreal).
enum class NormalConvention { OpenGL, DirectX };
const char* toString(NormalConvention convention);

// Everything a bake needs, and what its file records.
struct BakeRequest {
    NoiseSpec spec;        // with a graph: the graph's space (dims, seed, placement, output)
    std::optional<Graph> graph;  // a noise graph (--graph) in place of the spec's noise
    // The file the graph came from, as the record's command names it; empty (a record's
    // graph, re-baked with --from): the command names graph.json, the record's graph saved.
    std::string graphFile;
    // What a record says made it (bake --from): "gpu", "cpu" or "reference", and the GPU's
    // renderer; empty for a record from before 0.25.0, which names neither. A bake records
    // its own in run().
    std::string recordedBackend, recordedRenderer;
    Grid size;             // edges 1 to kMaxBakeEdge (not Grid::validate's texture limits)
    std::optional<std::array<std::int64_t, 3>> tile;  // --tile I,J[,K] when the bake is one tile
    std::optional<ValueRange> range;  // what maps to 0..255 or 0..65535; empty: the typical range
    bool boundRange = false;          // with no range: the stated range instead (--range bound)
    std::string colormap;  // "" none; else 8-bit RGB through it
    int bits = 0;          // .png: 8 (default) or 16; 0: the format's own
    std::string out;       // .png, .exr, .r16/.raw, .r32; a volume as PNG slices: a path with %d or %0Nd
    bool noOctaveLimit = false;  // octaves above the Nyquist limit were kept (--no-octave-limit)
    // The bake's fields (app/bake_fields.def), each a member here, among them the engine
    // conventions (docs/engines.md): sharedEdges, tiles that share their edge texels with
    // their neighbours (tile (I, J) starts at (I (W - 1), J (H - 1)), and a volume's at
    // K (D - 1)); seamless, a 2D image whose opposite edges meet, any basis (texel (i, j)
    // samples 4D noise on a flat torus, (W cos a, W sin a, H cos b, H sin b) / 2 pi with
    // a = 2 pi i / W, b = 2 pi j / H, plus the offset; the spec is 4D); flipY, the file's
    // first row the bake's last (y up the image); normals, a normal map's green.
#define GLNOISE_BAKE_FIELD(type, member, name, fallback, ...) type member = fallback;
#include "app/bake_fields.def"
#undef GLNOISE_BAKE_FIELD
    // CPU threads (--threads): the CPU backends, the conversions and the PNG and EXR
    // encoders; 0: one per CPU the process may run on. Not recorded: no byte depends on it.
    unsigned threads = 0;

    // Where values came from when not from the command line: the preset or record that
    // gave them ("preset terrain", "--from t.png"); empty: the command line (or defaults).
    // A mapping value (range, colormap, bits) from a preset or record that the output does
    // not use is dropped with a note (a .exr stores values, whatever the preset's bits);
    // given on the command line, it is an error naming the flag. An error about a value
    // from a preset or record names that source and the key.
    std::string rangeFrom, colormapFrom, bitsFrom, outputFrom, octavesFrom;
    // Where the graph came from, as its notes and errors name it ("graph hills.json").
    std::string graphFrom;
    // A range (MIN,MAX, typical or bound) was chosen, by the front-end, a preset or a record:
    // a heightmap's default (its stated range) does not apply.
    bool rangeChosen = false;
    // The size came from this record: a bake whose uncompressed samples would not fit the
    // free space is refused (a record handed over could ask for 10^12 texels), unless the
    // size is given on the command line.
    std::string sizeFrom;

    // The world texel of texel (0, 0, 0): the tile index times the tile's stride (its size,
    // or one less with shared edges), or the origin.
    TexelStart start() const {
        if (!tile) return {};
        const std::int64_t e = sharedEdges ? 1 : 0;
        return {(*tile)[0] * (size.width - e), (*tile)[1] * (size.height - e), (*tile)[2] * (size.depth - e)};
    }
    // Whether a normal map's green is the negated y component of the noise's normal: the
    // noise's y runs down the file's rows (DirectX's way) unless flipped.
    bool negatesGreen() const { return (normals == NormalConvention::OpenGL) != flipY; }
};

// "%d" or "%0Nd" once in the path, and no other %: a volume written as one PNG per slice.
// False when the path holds no %; when it holds a % that is not one such pattern, true
// with *error saying what a pattern is (a 2D bake's name may hold a %).
bool slicePattern(const std::string& path, std::string* error);
// The path of slice z of a pattern slicePattern accepted.
std::string slicePath(const std::string& pattern, int z);

// The request's size, start, slice pattern and bake fields, checked before anything else
// (ValidationError); returns whether the output is a volume written as one PNG per slice.
bool checkShape(const BakeRequest& request);

// The formats a bake writes (glnoise/io.hpp's table), as the front-ends' help names them:
// ".png (8- or 16-bit), .exr (float32), ...; a volume as .r16, .r32 or PNG slices
// 'slice_%04d.png'"; and every extension: ".png, .exr, .r16, .raw, .r32".
std::string outputFormats();
std::string extensionList();
// What holds a volume: ".r16, .r32 or PNG slices".
std::string volumeFormats();

// An output file claimed at `path`; a bad path is a ValidationError naming --out.
std::unique_ptr<io::OutputFile> claimOutput(const std::string& path);

// Progress and cancellation, asked between tiles.
class BakeObserver {
public:
    virtual ~BakeObserver() = default;
    virtual void progress(std::int64_t texelsDone, std::int64_t texelsTotal) = 0;
    // True when the bake must stop (Ctrl-C, SIGTERM): it throws Interrupted, writes nothing.
    virtual bool cancelled() = 0;
};

// A bake stopped by BakeObserver::cancelled(); its files were not written.
class Interrupted : public Error {
public:
    using Error::Error;
};

// What a bake decides from its request alone, before it writes anything: the format,
// the samples each texel stores, the mapping, the record and the summary. Pure: it reads
// no file and claims no path, so a caller (or a test) can see what a request would bake.
// planBake throws the ValidationErrors a Bake would, but for the output path's and the
// free space's.
struct BakePlan {
    BakeRequest request;          // as applied: mapping values the output cannot hold dropped
    io::Format format{};
    bool volume = false;
    bool slices = false;          // a volume as one PNG per slice
    int bits = 8;                 // per stored channel
    ValueRange range;             // what maps to 0..255 or 0..65535 (mapped formats, colormaps)
    std::vector<int> pick;        // the value channels stored, in order (mapped formats)
    int storedChannels = 1;       // per texel in the file
    std::size_t storedBytes = 1;  // per texel in the file
    int valueChannels = 1;        // per texel from the generator
    std::optional<Colormap> colormap;
    nlohmann::json record = nlohmann::json::object();  // a raw file's stored.digest is filled in as it is written
    std::string what;             // the summary, e.g. "4096x4096 16-bit gray, [-1, 1] -> 0..65535"
    std::vector<std::string> notes;  // values from a preset or record this output does not use
    std::vector<Note> warnings;      // what planRequest decided (octaves dropped, a period's seams)
    double rangeSeconds = 0;      // measuring the typical range, when the mapping takes it
    // A graph's erode stage: request.graph is then its nodes alone (Graph::pointwise), its
    // values over the whole grid are made, eroded, then mapped and written.
    std::optional<erosion::Params> erosion;
};
BakePlan planBake(const BakeRequest& request);
// The request's octaves above the Nyquist limit dropped from its spec or graph (unless
// noOctaveLimit), and the notes that say so: what --print-spec and --print-graph print.
std::vector<Note> limitNoise(BakeRequest& request);
// What the request becomes before it bakes, which planBake applies first: octaves above the
// Nyquist limit dropped from its spec or graph (unless noOctaveLimit), a heightmap's range
// its stated one when none is chosen; and the notes that say what was decided, with a
// period whose repeats do not meet the size (seams show where it tiles).
std::vector<Note> planRequest(BakeRequest& request);

// Where a bake's time went, in seconds of wall time: making the texels (the GPU's tiles
// waited for, or the CPU backend), converting them to the file's samples, encoding and
// writing them (the PNG or EXR encoder, a raw file's write), and committing the files
// (flushed to the disk, renamed into place). The rest of total is the setup and waiting
// for a raw file's SHA-256.
struct BakeTimings {
    double generate = 0, convert = 0, encode = 0, commit = 0, total = 0;
    double range = 0;  // measuring the typical range, before the bake's run (not in total)
};

class Bake {
public:
    // Checks the request and claims the output path(s) before any work, so a bad path,
    // format or option fails at once: ValidationError with the flag names of `glnoise bake`.
    explicit Bake(const BakeRequest& request);
    ~Bake();
    Bake(const Bake&) = delete;
    Bake& operator=(const Bake&) = delete;

    // Generates and writes everything, then renames the file(s) into place. gen null: on
    // the CPU, by `cpu` (the same values either way). Returns what was written, e.g.
    // "4096x4096 16-bit gray, [-1, 1] -> 0..65535".
    std::string run(gpu::Generator* gen, BakeObserver* observer = nullptr, CpuBackend cpu = CpuBackend::Simd);
    // What the request said that this bake does not apply (values from a preset or record
    // that the output cannot hold), one line each: `glnoise bake` prints them as notes.
    const std::vector<std::string>& notes() const;
    // What the plan decided about the request's values (planRequest), for the caller to word.
    const std::vector<Note>& warnings() const;
    // What the bake decided from its request (its request as planned, the format, ...).
    const BakePlan& plan() const;
    // After run(): where its time went.
    const BakeTimings& timings() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace glnoise::app
