#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"
#include "glnoise/io.hpp"
#include "glnoise/version.hpp"

#include <stb_image_write.h>

namespace glnoise::io {

namespace {

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string parentDirectory(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Format formatForPath(const std::string& path) {
    if (endsWith(path, ".png")) return Format::Png8;
    if (endsWith(path, ".r32")) return Format::RawF32;
    throw ValidationError("out " + path +
                          ": unknown file type; allowed: .png (8-bit gray), .r32 (float32 raw + .json sidecar)");
}

std::uint8_t quantize8(float value, ValueRange range) noexcept {
    if (std::isnan(value)) return 0;
    const double t = (static_cast<double>(value) - range.min) / (range.max - range.min);
    const double q = std::round(t * 255.0);
    return static_cast<std::uint8_t>(std::min(255.0, std::max(0.0, q)));
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw ValidationError("out '': must name a file");
    struct stat st {};
    if (path_.back() == '/' || (::stat(path_.c_str(), &st) == 0 && S_ISDIR(st.st_mode)))
        throw ValidationError("out " + path_ + ": is a directory; give a file name");
    const std::string dir = parentDirectory(path_);
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        throw ValidationError("out " + path_ + ": directory " + dir + " does not exist");
    std::string tmpl = dir + "/." + baseName(path_) + ".glnoise-XXXXXX";
    fd_ = ::mkstemp(tmpl.data());
    if (fd_ < 0)
        throw ValidationError("out " + path_ + ": cannot create a file in " + dir + ": " +
                              std::strerror(errno));
    temp_ = tmpl;
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void OutputFile::write(const void* data, std::size_t bytes) {
    const auto* p = static_cast<const char*>(data);
    while (bytes > 0) {
        const ssize_t n = ::write(fd_, p, bytes);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw IoError("writing " + path_ + " failed: " + std::strerror(errno));
        }
        p += n;
        bytes -= static_cast<std::size_t>(n);
    }
}

void OutputFile::commit() {
    // mkstemp makes the file 0600; give it the permissions a normally created file has.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd_, 0666 & ~mask) != 0 || ::fsync(fd_) != 0)
        throw IoError("writing " + path_ + " failed: " + std::strerror(errno));
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw IoError("writing " + path_ + " failed: " + std::strerror(errno));
    if (::rename(temp_.c_str(), path_.c_str()) != 0)
        throw IoError("renaming " + temp_ + " to " + path_ + " failed: " + std::strerror(errno));
    committed_ = true;
}

void writePng(const std::uint8_t* pixels, int width, int height, int channels, OutputFile& out) {
    std::vector<std::uint8_t> encoded;
    auto sink = [](void* ctx, void* data, int size) {
        auto* v = static_cast<std::vector<std::uint8_t>*>(ctx);
        const auto* b = static_cast<const std::uint8_t*>(data);
        v->insert(v->end(), b, b + size);
    };
    if (!stbi_write_png_to_func(sink, &encoded, width, height, channels, pixels, width * channels))
        throw IoError("encoding " + out.path() + " as PNG failed");
    out.write(encoded.data(), encoded.size());
}

void writePng8(const Image& image, ValueRange range, OutputFile& out) { writePng8Channels(image, {0}, range, out); }

void writePng8Channels(const Image& image, const std::vector<int>& channels, ValueRange range, OutputFile& out) {
    if (image.depth != 1)
        throw ValidationError("out " + out.path() + ": a .png holds one 2D image; write a volume as .r32");
    const std::size_t texels = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
    const std::size_t n = channels.size();
    std::vector<std::uint8_t> pixels(texels * n);
    for (std::size_t t = 0; t < texels; ++t)
        for (std::size_t c = 0; c < n; ++c)
            pixels[t * n + c] = quantize8(image.data[t * static_cast<std::size_t>(image.channels) +
                                                     static_cast<std::size_t>(channels[c])], range);
    writePng(pixels.data(), image.width, image.height, static_cast<int>(n), out);
}

void writeRawF32(const Image& image, OutputFile& out) {
    static_assert(sizeof(float) == 4, "float32");
    const std::uint32_t probe = 1;
    std::uint8_t first = 0;
    std::memcpy(&first, &probe, 1);
    if (first == 1) {
        out.write(image.data.data(), image.data.size() * sizeof(float));
        return;
    }
    std::vector<std::uint8_t> bytes(image.data.size() * 4);
    for (std::size_t i = 0; i < image.data.size(); ++i) {
        std::uint32_t u = 0;
        std::memcpy(&u, &image.data[i], 4);
        for (int b = 0; b < 4; ++b) bytes[i * 4 + static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(u >> (8 * b));
    }
    out.write(bytes.data(), bytes.size());
}

namespace {
nlohmann::json specObject(const NoiseSpec& spec) {
    nlohmann::json j;
    j["basis"] = toString(spec.basis);
    j["interp"] = toString(spec.interp);
    j["fractal"] = toString(spec.fractal);
    j["dims"] = spec.dims;
    j["frequency"] = spec.frequency;
    j["octaves"] = spec.octaves;
    j["lacunarity"] = spec.lacunarity;
    j["gain"] = spec.gain;
    j["ridge_offset"] = spec.ridgeOffset;
    j["ridge_gain"] = spec.ridgeGain;
    j["normalize"] = spec.normalize;
    j["seed"] = spec.seed ? nlohmann::json(*spec.seed) : nlohmann::json(nullptr);
    j["period"] = spec.period;
    j["offset"] = spec.offset;
    j["z"] = spec.z;
    j["w"] = spec.w;
    j["output"] = toString(spec.output);
    j["height_scale"] = spec.heightScale;
    j["warp_amount"] = spec.warpAmount;
    j["warp_octaves"] = spec.warpOctaves;
    j["warp_frequency"] = spec.warpFrequency;
    j["warp_depth"] = spec.warpDepth;
    j["pattern"] = toString(spec.pattern);
    j["pattern_scale"] = spec.patternScale;
    return j;
}
}  // namespace

std::string specJson(const NoiseSpec& spec) { return specObject(spec).dump(2); }

std::string rawSidecarJson(const Image& image, const NoiseSpec& spec) {
    nlohmann::json j;
    j["format"] = "float32";
    j["byte_order"] = "little";
    j["width"] = image.width;
    j["height"] = image.height;
    j["depth"] = image.depth;
    j["channels"] = image.channels;
    j["channel_names"] = image.channels == 1 ? nlohmann::json({"value"})
                         : spec.output == Output::Normal ? nlohmann::json({"nx", "ny", "nz", "value"})
                                                         : nlohmann::json({"value", "d/dx", "d/dy", "d/dz"});
    j["layout"] = "channels of a texel together, then x, then y, then z; the first row is y = 0";
    const ValueRange r = spec.statedRange();
    j["stated_range"] = {r.min, r.max};
    j["spec"] = specObject(spec);
    j["generator"] = std::string("glnoise ") + GLNOISE_VERSION;
    return j.dump(2) + "\n";
}

}  // namespace glnoise::io
