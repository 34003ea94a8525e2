// SPDX-License-Identifier: MIT
#include "app/erode.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/flags.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

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

}  // namespace glnoise::app
