// The one bake path, shared by `glnoise bake` and the preview's export, so that both
// write byte-identical files for the same spec, grid and range.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "glnoise/image.hpp"
#include "glnoise/io.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::cli {

// An output file claimed at `path` (a temporary file beside it until committed); a bad
// path is a ValidationError naming --out.
std::unique_ptr<io::OutputFile> claimOutput(const std::string& path);

class BakeOutput {
public:
    // Claims `path` (and its .json sidecar for .r32) before any work, so a bad path,
    // format or range fails at once: ValidationError with the flag names of `glnoise
    // bake`. `range` empty: the spec's stated range.
    BakeOutput(const std::string& path, const Grid& grid, const NoiseSpec& spec,
               const std::optional<ValueRange>& range);
    ~BakeOutput();

    // Writes the image and renames the file(s) into place. Returns what was written, for
    // example "512x512 8-bit gray, [-1, 1] -> 0..255".
    std::string write(const Image& image);

private:
    std::string path_;
    NoiseSpec spec_;
    io::Format format_;
    ValueRange range_;
    std::unique_ptr<io::OutputFile> out_, sidecar_;
};

// What `glnoise bake` prints for a spec: the flags that reproduce it exactly (numbers in
// their shortest round-trip form), defaults left out.
std::string bakeCommand(const NoiseSpec& spec, const Grid& grid, const std::optional<ValueRange>& range,
                        const std::string& out);

}  // namespace glnoise::cli
