// SPDX-License-Identifier: MIT
// glnoise/io.hpp: writing images and volumes, row by row, without ever leaving a
// half-written file.
//
//   glnoise::io::OutputFile out("height.png");        // checks the path now: ValidationError
//   auto png = glnoise::io::openPng(out, {4096, 4096, 1, 16, record});
//   png->writeRows(rows, 64);                          // ... as many times as there are rows
//   png->finish();
//   out.commit();                                      // the file appears, complete
//
// An OutputFile writes to an unnamed file in the target's directory (O_TMPFILE; a hidden
// temporary name where the file system has no unnamed files) and gives it its name in
// commit(). Destroyed without commit(), or killed, it leaves whatever was at the path
// before untouched.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "glnoise/image.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::io {

enum class Format {
    Png,     // .png: 8- or 16-bit gray, RGB or RGBA; the record in a tEXt chunk "glnoise"
    Exr,     // .exr: OpenEXR float32 scanlines; the record in the string attribute "glnoise"
    Raw16,   // .r16 or .raw: little-endian uint16 (Unity and Unreal heightmaps), FILE.json sidecar
    RawF32,  // .r32: little-endian float32, FILE.json sidecar
};

// What each format is, a row each (core/io/format.cpp): the bake's plan, verify, the
// commands' help and every list of extensions read it, so that a format is described once.
struct FormatInfo {
    Format format = Format::Png;
    std::string name;                     // "r16": the record's stored.format
    std::vector<std::string> extensions;  // ".r16", ".raw": the first is the format's own
    std::string summary;                  // "16-bit raw + .json sidecar"
    std::vector<int> bits;                // a sample's bits, the default first: {8, 16}
    bool mapped = false;    // integers: each value mapped from a range (else float32 as it is)
    bool colours = false;   // RGB through a colormap
    int channels = 1;       // the most a texel holds: 1, 3 (RGB) or 4
    bool raw = false;       // the samples alone, little-endian (its size exact), the record in FILE.json
    bool volumes = false;   // holds a volume, slice after slice
    bool slices = false;    // holds a volume as one file per slice (a path with %d)
    bool heightmap = false; // with no range chosen, maps the stated range: no summit is clipped
    bool namedChannels = false;  // its channels have names (the record lists them in its order)
    std::string qualifier;  // in what a bake says it wrote: " raw" ("16-bit raw gray"), " OpenEXR"
    std::string digestIn;   // where the digest of its samples is (empty: the sidecar's value)
};
const std::vector<FormatInfo>& formats();
const FormatInfo& formatInfo(Format format);
// "A, B or C": the first extension of each format that `has`.
std::string extensionsWhere(bool (*has)(const FormatInfo&));

// From the file extension, in any case; throws ValidationError naming the allowed extensions.
Format formatForPath(const std::string& path);
const char* extensionOf(Format format);

// round((v - min) / (max - min) * 255) clamped to [0, 255], and the same to 65535, in
// double. NaN maps to 0.
std::uint8_t quantize8(float value, ValueRange range) noexcept;
std::uint16_t quantize16(float value, ValueRange range) noexcept;
// The same for `count` values, values[i * stride] -> out[i], vectorised: every result is
// the one-value function's.
void quantize8(const float* values, std::size_t stride, std::size_t count, ValueRange range,
               std::uint8_t* out) noexcept;
void quantize16(const float* values, std::size_t stride, std::size_t count, ValueRange range,
                std::uint16_t* out) noexcept;

class OutputFile {
public:
    // Throws ValidationError when path is empty, a directory, or in a directory that is
    // missing or not writable. Creates the unnamed file beside path.
    explicit OutputFile(std::string path);
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile();

    const std::string& path() const noexcept { return path_; }
    // Appends bytes (buffered); throws IoError.
    void write(const void* data, std::size_t bytes);
    // The position of the next byte written, and moving it (for formats that patch a table).
    std::uint64_t tell() const noexcept { return position_; }
    void seek(std::uint64_t position);
    // Flushes, syncs and closes the file under a hidden temporary name beside path, to be
    // renamed by commit(); for outputs of many files, so that they need no open files.
    void stage();
    // stage() if needed, then renames the file over path; throws IoError.
    void commit();

    // Commits files that belong together (a raw file and its sidecar, a volume's slices)
    // as one: stages every one first, so that a failure (a full disk) renames none, then
    // renames them while holding an exclusive lock (flock) on their directories, so that
    // processes committing into the same directories never interleave their renames.
    static void commitTogether(const std::vector<OutputFile*>& files);

private:
    void flush();
    void materialize();  // gives an unnamed file its hidden temporary name

    std::string path_;
    std::string temp_;      // the hidden name, once it has one
    int fd_ = -1;
    bool unnamed_ = false;  // O_TMPFILE
    bool committed_ = false;
    std::uint64_t position_ = 0;
    std::vector<char> buffer_;
};

// A writer that takes an image row by row, top to bottom, and what it expects per row.
class RowWriter {
public:
    virtual ~RowWriter() = default;
    // `count` rows, one after the other, each of the row size the writer was opened for.
    virtual void writeRows(const void* rows, int count) = 0;
    // The digest of the samples (glnoise's record names the method) for a writer opened
    // with `digest` set: given after the last row, before finish(); it lands where a
    // streamed file can still hold it once the last row is known.
    virtual void setDigest(const std::string& hex) = 0;
    // After the last row: completes the file (it still has to be committed).
    virtual void finish() = 0;
};

struct PngLayout {
    int width = 0;
    int height = 0;
    int channels = 1;  // 1 gray, 3 RGB, 4 RGBA
    int bits = 8;      // 8: uint8 samples; 16: uint16 samples in host byte order
    std::string record;  // stored as the tEXt chunk "glnoise" before the pixels ("" for none)
    unsigned threads = 0;  // deflating on this many threads (0: one per CPU this process may run on)
    // Whether setDigest gives a digest, stored as the tEXt chunk "glnoise-digest" after the
    // image data (64 hex digits), before IEND.
    bool digest = false;
};
// The file's bytes depend on the layout and the rows alone, never on `threads` or on how
// the rows are split between writeRows calls; memory stays a few MiB per thread.
std::unique_ptr<RowWriter> openPng(OutputFile& out, const PngLayout& layout);

struct ExrLayout {
    int width = 0;
    int height = 0;
    std::vector<std::string> channels = {"Y"};  // float32 samples, interleaved per texel
    std::string record;  // the string attribute "glnoise" ("" for none)
    // Compressing on this many threads of OpenEXR's global pool (grown to this many when
    // smaller); 1: on the calling thread alone; 0: the pool as the program left it, or one
    // thread per core when it has none. The bytes do not depend on it.
    unsigned threads = 0;
    // Whether setDigest gives a digest, stored as the string attribute "glnoiseDigest" of
    // the header (64 hex digits): reserved when the header is written, filled in by finish().
    bool digest = false;
};
std::unique_ptr<RowWriter> openExr(OutputFile& out, const ExrLayout& layout);

// Rows of rowBytes bytes written as they are (raw formats are already little-endian here).
std::unique_ptr<RowWriter> openRaw(OutputFile& out, std::size_t rowBytes);

// The record a glnoise file holds: the "glnoise" tEXt chunk of a .png, the "glnoise"
// attribute of a .exr, or the sidecar FILE.json of a raw file. A path that is missing, not
// a regular file, not a PNG or EXR glnoise can read, or holds no record is a
// ValidationError "from PATH: why"; a failing read is an IoError.
std::string readRecord(const std::string& path);

// What an image file holds, read from end to end: every row decoded and every checksum
// checked (PNG's CRCs and zlib's Adler-32, OpenEXR's compressed blocks), in bounded
// memory. A file that is cut short, corrupt or not a PNG or OpenEXR is an IoError naming
// the path and what is wrong.
struct ImageFacts {
    int width = 0;
    int height = 0;
    std::vector<std::string> channels;  // .png: "gray", "gray+alpha", "RGB" or "RGBA"; .exr: the names
    int bits = 0;                       // per sample: 8 or 16 (.png), 32 (.exr float), 16 (.exr half)
    // The digest the file holds of its samples (PNG: the tEXt chunk "glnoise-digest"; EXR:
    // the string attribute "glnoiseDigest"), "" when it holds none.
    std::string digest;
};
// What readWholeImage hands on of the samples: rows from y = 0 one after the other, the
// channels of a pixel together, each sample little-endian: PNG's as uint8 or uint16,
// OpenEXR's as float32, in `order`'s channel order when given (else the file's).
using SampleSink = std::function<void(const void* data, std::size_t bytes)>;
ImageFacts readWholeImage(const std::string& path, const SampleSink& sink = {},
                          const std::vector<std::string>& order = {});

// The largest preset or record sidecar read.
inline constexpr std::size_t kMaxSmallFile = std::size_t{1} << 20;
// The deepest a JSON document glnoise reads may nest its arrays and objects. A record or
// preset needs 3 levels; the limit keeps a forged one from exhausting the stack of a reader.
inline constexpr int kMaxJsonDepth = 64;
// Every JSON document glnoise reads (records, sidecars, presets, colormaps, the preview's
// settings) passes this first: one larger than kMaxSmallFile, holding a byte JSON text
// never holds (a control character, or bytes that are not UTF-8: a binary file), or
// nesting deeper than kMaxJsonDepth is a ValidationError "SOURCE: WHAT ..." that says where
// and what is allowed.
// It reads the text once, front to back, without recursion; it does not check the syntax.
void checkJsonLimits(const std::string& text, const std::string& source, const std::string& what);
// The text of a small file (a preset, a sidecar). A path that is missing, not a regular
// file or larger than kMaxSmallFile is a ValidationError of `field` ("preset", "from"):
// "FIELD PATH: why".
std::string readSmallFile(const std::string& path, const std::string& field);

// Channel 0 of the image as 8-bit gray.
void writePng8(const Image& image, ValueRange range, OutputFile& out);
// The listed channels of each texel (1: gray, 3: RGB, 4: RGBA), each mapped from range.
void writePng8Channels(const Image& image, const std::vector<int>& channels, ValueRange range, OutputFile& out);
// 8-bit pixels, `channels` (1 gray, 3 RGB, 4 RGBA) per pixel, rows top to bottom.
void writePng(const std::uint8_t* pixels, int width, int height, int channels, OutputFile& out);
void writeRawF32(const Image& image, OutputFile& out);

// The full spec as JSON (every field, seed null for Ken Perlin's table).
std::string specJson(const NoiseSpec& spec);

}  // namespace glnoise::io
