#include "cli/bake.hpp"

#include "cli/options.hpp"
#include "core/format.hpp"
#include "glnoise/error.hpp"

namespace glnoise::cli {

namespace {

}  // namespace

std::unique_ptr<io::OutputFile> claimOutput(const std::string& path) {
    try {
        return std::make_unique<io::OutputFile>(path);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
}

namespace {

std::string quoted(const std::string& s) {
    if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,+=:") ==
        std::string::npos && !s.empty())
        return s;
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

}  // namespace

BakeOutput::BakeOutput(const std::string& path, const Grid& grid, const NoiseSpec& spec,
                       const std::optional<ValueRange>& range)
    : path_(path), spec_(spec) {
    out_ = claimOutput(path);
    try {
        format_ = io::formatForPath(path);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
    if (format_ == io::Format::Png8 && grid.isVolume())
        throw ValidationError("--out " + path + ": a .png holds one 2D image; write a volume as .r32");
    if (range && format_ != io::Format::Png8)
        throw ValidationError("--range " + formatNumber(range->min) + "," + formatNumber(range->max) +
                              ": only a .png maps values to a range; .r32 stores them as they are");
    range_ = range ? *range : spec.statedRange();
    if (format_ == io::Format::RawF32) sidecar_ = claimOutput(path + ".json");
}

BakeOutput::~BakeOutput() = default;

std::string BakeOutput::write(const Image& image) {
    const std::string size = toString(Grid{image.width, image.height, image.depth});
    if (format_ == io::Format::Png8) {
        io::writePng8(image, range_, *out_);
        out_->commit();
        return size + " 8-bit gray, [" + formatNumber(range_.min) + ", " + formatNumber(range_.max) + "] -> 0..255";
    }
    io::writeRawF32(image, *out_);
    const std::string json = io::rawSidecarJson(image, spec_);
    sidecar_->write(json.data(), json.size());
    out_->commit();
    sidecar_->commit();
    return size + " float32 and " + path_ + ".json";
}

std::string bakeCommand(const NoiseSpec& spec, const Grid& grid, const std::optional<ValueRange>& range,
                        const std::string& out) {
    const NoiseSpec defaults;
    std::string cmd = "glnoise bake --size " + toString(grid);
    if (spec.dims != (grid.isVolume() || spec.z != 0.0 ? 3 : 2)) cmd += " --dims " + std::to_string(spec.dims);
    if (spec.frequency != defaults.frequency) cmd += " --frequency " + formatNumber(spec.frequency);
    if (spec.octaves != defaults.octaves) cmd += " --octaves " + std::to_string(spec.octaves);
    if (spec.lacunarity != defaults.lacunarity) cmd += " --lacunarity " + formatNumber(spec.lacunarity);
    if (spec.gain != defaults.gain) cmd += " --gain " + formatNumber(spec.gain);
    if (spec.normalize) cmd += " --normalize";
    if (spec.seed) cmd += " --seed " + std::to_string(*spec.seed);
    if (spec.offset[0] != 0.0 || spec.offset[1] != 0.0 || spec.offset[2] != 0.0) {
        cmd += " --offset=" + formatNumber(spec.offset[0]) + "," + formatNumber(spec.offset[1]);
        if (spec.offset[2] != 0.0) cmd += "," + formatNumber(spec.offset[2]);
    }
    if (spec.z != 0.0) cmd += " --z=" + formatNumber(spec.z);
    if (range) cmd += " --range=" + formatNumber(range->min) + "," + formatNumber(range->max);
    return cmd + " --out " + quoted(out);
}

}  // namespace glnoise::cli
