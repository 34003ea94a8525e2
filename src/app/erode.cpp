// SPDX-License-Identifier: MIT
#include "app/erode.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/digest.hpp"
#include "app/flags.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/error.hpp"
#include "glnoise/format.hpp"
#include "glnoise/io.hpp"
#include "glnoise/version.hpp"

namespace glnoise::app {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace

Heightmap readHeightmap(const std::string& path, const std::string& size, const std::string& what) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        throw ValidationError(what + ": " + (std::filesystem::exists(path, ec) ? "not a regular file" : "no such file"));
    const std::string ext = lower(std::filesystem::path(path).extension().string());
    if (ext != ".png" && ext != ".exr" && ext != ".r16" && ext != ".r32")
        throw ValidationError(what + ": a heightmap is .png (gray, 8 or 16 bits), .exr, .r16 or .r32");
    // A glnoise file's record: what its samples mean, and whether it is a tile or a volume.
    nlohmann::json record;
    try {
        record = nlohmann::json::parse(io::readRecord(path), nullptr, false);
    } catch (const ValidationError&) {
        // Not a glnoise file: its samples are 0..1 (or its floats).
    }
    Heightmap h;
    Grid grid{0, 0, 1};
    if (record.is_object()) {
        if (record.contains("tile"))
            throw ValidationError(what + ": is a tile of a world; erosion moves material across a tile's edges, further "
                                         "with each iteration, so tiles cannot be eroded apart: bake the whole map "
                                         "(--size) and erode it");
        if (record.contains("size") && record["size"].is_string()) {
            grid = parseSizeFlag(record["size"].get<std::string>(), what + ": its record's size", 1 << 20);
            if (grid.isVolume())
                throw ValidationError(what + ": is a volume (" + record["size"].get<std::string>() +
                                      "); erosion takes a heightmap, one 2D grid");
        }
        if (record.contains("stored") && record["stored"].is_object() && record["stored"].contains("range")) {
            const nlohmann::json& r = record["stored"]["range"];
            if (r.is_array() && r.size() == 2 && r[0].is_number() && r[1].is_number() && r[0].get<double>() < r[1].get<double>())
                h.range = ValueRange{r[0].get<double>(), r[1].get<double>()};
        }
    }
    if (!size.empty()) {
        if (ext != ".r16" && ext != ".r32") throw ValidationError("--size " + size + ": gives a raw heightmap's size; " + path + " holds its own");
        grid = parseSizeFlag(size, "--size", 1 << 20);
        if (grid.isVolume()) throw ValidationError("--size " + size + ": erosion takes a heightmap, WxH");
    }
    std::vector<float> values;
    bool fixedPoint = ext == ".png" || ext == ".r16";
    if (ext == ".png" || ext == ".exr") {
        std::vector<unsigned char> bytes;
        const io::ImageFacts facts = io::readWholeImage(path, [&](const void* data, std::size_t n) {
            const auto* p = static_cast<const unsigned char*>(data);
            bytes.insert(bytes.end(), p, p + n);
        });
        grid = Grid{facts.width, facts.height, 1};
        if (ext == ".png") {
            if (facts.channels.size() != 1 || facts.channels[0] != "gray")
                throw ValidationError(what + ": a PNG of " + std::to_string(facts.channels.size()) +
                                      " channels; a heightmap is one gray channel (a colormapped bake is not one: bake it "
                                      "without --colormap)");
            const std::size_t n = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.height);
            values.resize(n);
            for (std::size_t i = 0; i < n; ++i) {
                if (facts.bits == 16) {
                    std::uint16_t v;
                    std::memcpy(&v, bytes.data() + 2 * i, 2);
                    values[i] = static_cast<float>(v) / 65535.0f;
                } else {
                    values[i] = static_cast<float>(bytes[i]) / 255.0f;
                }
            }
        } else {
            if (facts.channels.size() != 1 && std::find(facts.channels.begin(), facts.channels.end(), "Y") == facts.channels.end())
                throw ValidationError(what + ": an OpenEXR file of " + std::to_string(facts.channels.size()) +
                                      " channels and no Y; a heightmap is Y, or one channel");
            const std::size_t stride = facts.channels.size();
            const std::size_t channel = stride == 1 ? 0 : static_cast<std::size_t>(std::find(facts.channels.begin(), facts.channels.end(), "Y") - facts.channels.begin());
            const std::size_t n = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.height);
            values.resize(n);
            for (std::size_t i = 0; i < n; ++i) std::memcpy(&values[i], bytes.data() + 4 * (i * stride + channel), 4);
        }
    } else {
        if (grid.width <= 0)
            throw ValidationError(what + ": a raw heightmap without a glnoise sidecar (" + path +
                                  ".json); give its size, --size WxH");
        const std::size_t n = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.height);
        const std::size_t sample = ext == ".r16" ? 2 : 4;
        const auto bytes = std::filesystem::file_size(path, ec);
        if (ec || bytes != n * sample)
            throw ValidationError(what + ": holds " + std::to_string(bytes) + " bytes; " + std::to_string(grid.width) + "x" +
                                  std::to_string(grid.height) + " of " + std::to_string(sample * 8) + "-bit samples is " +
                                  std::to_string(n * sample));
        std::vector<unsigned char> data(n * sample);
        std::ifstream in(path, std::ios::binary);
        if (!in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(data.size())))
            throw IoError(what + ": cannot read it");
        values.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            if (sample == 2) {
                const std::uint16_t v = static_cast<std::uint16_t>(data[2 * i] | (data[2 * i + 1] << 8));
                values[i] = static_cast<float>(v) / 65535.0f;
            } else {
                std::memcpy(&values[i], data.data() + 4 * i, 4);
            }
        }
    }
    if (grid.width < 2 || grid.height < 2 || grid.width > erosion::Params::kMostCells || grid.height > erosion::Params::kMostCells)
        throw ValidationError(what + ": " + std::to_string(grid.width) + "x" + std::to_string(grid.height) +
                              ": each edge must be 2 to " + std::to_string(erosion::Params::kMostCells));
    h.values = Image(grid.width, grid.height, 1);
    h.fixedPoint = fixedPoint;
    if (fixedPoint) {
        const float lo = static_cast<float>(h.range.min), span = static_cast<float>(h.range.max - h.range.min);
        for (std::size_t i = 0; i < values.size(); ++i) h.values.data[i] = lo + values[i] * span;
    } else {
        float lo = values[0], hi = values[0];
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (!std::isfinite(values[i]))
                throw ValidationError(what + ": texel (" + std::to_string(i % static_cast<std::size_t>(grid.width)) + ", " +
                                      std::to_string(i / static_cast<std::size_t>(grid.width)) + ") is not finite");
            lo = std::min(lo, values[i]);
            hi = std::max(hi, values[i]);
        }
        h.values.data = std::move(values);
        h.range = ValueRange{lo, hi > lo ? hi : lo + 1.0};
    }
    return h;
}

const std::vector<ErosionNumber>& erosionNumbers() {
    static const std::vector<ErosionNumber> numbers = [] {
        std::vector<ErosionNumber> v;
        for (const erosion::ParamNumber& n : erosion::paramNumbers()) {
            std::string flag = n.name;
            std::replace(flag.begin(), flag.end(), '_', '-');
            v.push_back({flag, n.field});
        }
        return v;
    }();
    return numbers;
}

namespace {

std::string keyOf(const std::string& name) {
    std::string key = name;
    std::replace(key.begin(), key.end(), '-', '_');
    return key;
}

// A file the erosion read: its path as given and the SHA-256 of its bytes.
nlohmann::json fileJson(const std::string& path) {
    nlohmann::json j;
    j["path"] = path;
    j["sha256"] = digestFile(path).hex;
    return j;
}

}  // namespace

std::string erodeCommand(const ErodeRequest& r) {
    std::string cmd = "glnoise erode --in " + r.in;
    if (!r.size.empty()) cmd += " --size " + r.size;
    if (!r.rainMap.empty()) cmd += " --rain-map " + r.rainMap;
    if (!r.hardnessMap.empty()) cmd += " --hardness-map " + r.hardnessMap;
    const erosion::Params defaults;
    if (r.params.iterations != defaults.iterations) cmd += " --iterations " + std::to_string(r.params.iterations);
    for (const ErosionNumber& n : erosionNumbers())
        if (r.params.*n.field != defaults.*n.field) cmd += " --" + n.name + " " + formatNumber(r.params.*n.field);
    return cmd;
}

nlohmann::json erosionRecord(const ErodeRequest& r, const std::string& layer, const std::string& backend,
                             const std::string& renderer) {
    nlohmann::json j;
    j["generator"] = std::string("glnoise ") + GLNOISE_VERSION;
    j["command"] = erodeCommand(r);
    nlohmann::json e;
    e["iterations"] = r.params.iterations;
    for (const ErosionNumber& n : erosionNumbers()) e[keyOf(n.name)] = r.params.*n.field;
    j["erosion"] = e;
    j["layer"] = layer;
    nlohmann::json in = fileJson(r.in);
    if (!r.size.empty()) in["size"] = r.size;
    // The input's own record (a bake's: its noise), so that the file says what it came from.
    try {
        nlohmann::json own = nlohmann::json::parse(io::readRecord(r.in), nullptr, false);
        if (own.is_object()) in["record"] = std::move(own);
    } catch (const ValidationError&) {
        // A heightmap glnoise did not write.
    }
    j["input"] = in;
    if (!r.rainMap.empty()) j["rain_map"] = fileJson(r.rainMap);
    if (!r.hardnessMap.empty()) j["hardness_map"] = fileJson(r.hardnessMap);
    j["backend"] = backend;
    if (!renderer.empty()) j["renderer"] = renderer;
    return j;
}

bool isErosionRecord(const nlohmann::json& record) { return record.is_object() && record.contains("erosion"); }

RecordedErosion erosionFromRecord(const nlohmann::json& j, const std::string& source) {
    const auto bad = [&](const std::string& key, const nlohmann::json& v, const std::string& allowed) {
        return ValidationError(source + ": " + key + " " + io::shown(v) + ": " + allowed);
    };
    if (!j.is_object() || !j.contains("erosion") || !j["erosion"].is_object())
        throw ValidationError(source + ": its glnoise record holds no erosion (it is not a file glnoise erode wrote)");
    RecordedErosion out;
    const nlohmann::json& e = j["erosion"];
    if (!e.contains("iterations") || !e["iterations"].is_number_integer())
        throw bad("erosion.iterations", e.contains("iterations") ? e["iterations"] : nlohmann::json(), "must be an integer");
    const std::int64_t iterations = e["iterations"].get<std::int64_t>();
    if (iterations < 0 || iterations > erosion::Params::kMostIterations)
        throw bad("erosion.iterations", e["iterations"], "must be 0 to " + std::to_string(erosion::Params::kMostIterations));
    out.request.params.iterations = static_cast<int>(iterations);
    for (const ErosionNumber& n : erosionNumbers()) {
        const std::string key = keyOf(n.name);
        if (!e.contains(key) || !e[key].is_number())
            throw bad("erosion." + key, e.contains(key) ? e[key] : nlohmann::json(), "must be a number");
        out.request.params.*n.field = e[key].get<double>();
    }
    try {
        out.request.params.validate();
    } catch (const ValidationError& err) {
        throw ValidationError(source + ": its erosion: " + err.what());
    }
    const auto file = [&](const char* key, std::string& path, std::string& digest, bool required) {
        if (!j.contains(key)) {
            if (required) throw ValidationError(source + ": its glnoise record has no " + key);
            return;
        }
        const nlohmann::json& f = j[key];
        if (!f.is_object() || !f.contains("path") || !f["path"].is_string() || f["path"].get<std::string>().empty())
            throw bad(key, f, "must be an object with the file's path and sha256");
        if (!f.contains("sha256") || !f["sha256"].is_string() || f["sha256"].get<std::string>().size() != 64 ||
            f["sha256"].get<std::string>().find_first_not_of("0123456789abcdef") != std::string::npos)
            throw bad(std::string(key) + ".sha256", f.contains("sha256") ? f["sha256"] : nlohmann::json(),
                      "must be 64 hex digits");
        path = f["path"].get<std::string>();
        digest = f["sha256"].get<std::string>();
    };
    file("input", out.request.in, out.inDigest, true);
    if (j["input"].contains("size")) {
        if (!j["input"]["size"].is_string()) throw bad("input.size", j["input"]["size"], "must be a string \"WxH\"");
        out.request.size = j["input"]["size"].get<std::string>();
    }
    file("rain_map", out.request.rainMap, out.rainDigest, false);
    file("hardness_map", out.request.hardnessMap, out.hardnessDigest, false);
    static const char* const layers[] = {"height", "water", "wetness", "sediment", "wear", "deposits", "flow", "slope",
                                         "curvature"};
    if (!j.contains("layer") || !j["layer"].is_string() ||
        std::find(std::begin(layers), std::end(layers), j["layer"].get<std::string>()) == std::end(layers))
        throw bad("layer", j.contains("layer") ? j["layer"] : nlohmann::json(),
                  "must be height, water, wetness, sediment, wear, deposits, flow, slope or curvature");
    out.layer = j["layer"].get<std::string>();
    if (!j.contains("backend") || !j["backend"].is_string() ||
        (j["backend"] != "gpu" && j["backend"] != "cpu"))
        throw bad("backend", j.contains("backend") ? j["backend"] : nlohmann::json(), "must be gpu or cpu");
    out.backend = j["backend"].get<std::string>();
    return out;
}

}  // namespace glnoise::app
