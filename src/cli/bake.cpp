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
    if (format_ == io::Format::Png8 && spec.output == Output::Gradient && !range)
        throw ValidationError("--output gradient: a .png stores d/dx, d/dy, d/dz as RGB mapped from --range MIN,MAX, "
                              "which gradients need (they have no stated range); or write .r32");
    if (format_ == io::Format::Png8 && spec.output == Output::Normal && range)
        throw ValidationError("--range " + formatNumber(range->min) + "," + formatNumber(range->max) +
                              ": a normal map's components always map from [-1, 1]");
    range_ = range ? *range : spec.output == Output::Normal ? ValueRange{-1.0, 1.0} : spec.statedRange();
    if (format_ == io::Format::RawF32) sidecar_ = claimOutput(path + ".json");
}

BakeOutput::~BakeOutput() = default;

std::string BakeOutput::write(const Image& image) {
    const std::string size = toString(Grid{image.width, image.height, image.depth});
    const std::string mapped = "[" + formatNumber(range_.min) + ", " + formatNumber(range_.max) + "] -> 0..255";
    if (format_ == io::Format::Png8) {
        std::string what;
        if (image.channels == 1) {
            io::writePng8(image, range_, *out_);
            what = " 8-bit gray, " + mapped;
        } else if (spec_.output == Output::Normal) {
            io::writePng8Channels(image, {0, 1, 2}, range_, *out_);
            what = " 8-bit RGB normal map, " + mapped;
        } else {
            io::writePng8Channels(image, {1, 2, 3}, range_, *out_);
            what = " 8-bit RGB gradient (d/dx, d/dy, d/dz), " + mapped;
        }
        out_->commit();
        return size + what;
    }
    io::writeRawF32(image, *out_);
    const std::string json = io::rawSidecarJson(image, spec_);
    sidecar_->write(json.data(), json.size());
    out_->commit();
    sidecar_->commit();
    return size + (image.channels == 1 ? " float32" : " float32 x" + std::to_string(image.channels)) + " and " +
           path_ + ".json";
}

std::string bakeCommand(const NoiseSpec& spec, const Grid& grid, const std::optional<ValueRange>& range,
                        const std::string& out) {
    const NoiseSpec defaults;
    std::string cmd = "glnoise bake --size " + toString(grid);
    const int impliedDims = spec.w != 0.0 ? 4 : grid.isVolume() || spec.z != 0.0 ? 3 : 2;
    if (spec.dims != impliedDims) cmd += " --dims " + std::to_string(spec.dims);
    if (spec.basis != defaults.basis) cmd += std::string(" --basis ") + toString(spec.basis);
    if (spec.basis == Basis::Value && spec.interp != defaults.interp) cmd += std::string(" --interp ") + toString(spec.interp);
    if (spec.pattern != defaults.pattern) cmd += std::string(" --pattern ") + toString(spec.pattern);
    if (spec.fractal != defaults.fractal && spec.pattern != Pattern::Clouds)
        cmd += std::string(" --fractal ") + toString(spec.fractal);
    if (spec.fractal == Fractal::Ridged && spec.ridgeOffset != defaults.ridgeOffset)
        cmd += " --ridge-offset=" + formatNumber(spec.ridgeOffset);
    if (spec.fractal == Fractal::Ridged && spec.ridgeGain != defaults.ridgeGain)
        cmd += " --ridge-gain " + formatNumber(spec.ridgeGain);
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
    if (spec.w != 0.0) cmd += " --w=" + formatNumber(spec.w);
    if (spec.period != defaults.period) {
        int last = 3;
        while (last > 0 && spec.period[static_cast<std::size_t>(last)] == 0) --last;
        cmd += " --period ";
        for (int a = 0; a <= last; ++a) cmd += (a ? "," : "") + std::to_string(spec.period[static_cast<std::size_t>(a)]);
    }
    if (spec.output != defaults.output) cmd += std::string(" --output ") + toString(spec.output);
    if (spec.output == Output::Normal && spec.heightScale != defaults.heightScale)
        cmd += " --height-scale=" + formatNumber(spec.heightScale);
    if (spec.warpAmount != 0.0) {
        cmd += " --warp-amount=" + formatNumber(spec.warpAmount);
        if (spec.warpOctaves != defaults.warpOctaves) cmd += " --warp-octaves " + std::to_string(spec.warpOctaves);
        if (spec.warpFrequency != defaults.warpFrequency) cmd += " --warp-frequency " + formatNumber(spec.warpFrequency);
        if (spec.warpDepth != defaults.warpDepth) cmd += " --warp-depth " + std::to_string(spec.warpDepth);
    }
    if ((spec.pattern == Pattern::Marble || spec.pattern == Pattern::Wood) && spec.patternScale != defaults.patternScale)
        cmd += " --pattern-scale=" + formatNumber(spec.patternScale);
    if (range) cmd += " --range=" + formatNumber(range->min) + "," + formatNumber(range->max);
    return cmd + " --out " + quoted(out);
}

}  // namespace glnoise::cli
