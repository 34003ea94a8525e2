// SPDX-License-Identifier: MIT
// Presets (of specs and of graphs) and file records (bake --preset FILE, bake --from FILE):
// any bytes give a Preset, a BakeRequest or a glnoise::ValidationError, nothing else,
// however deep or wide.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "app/bake.hpp"
#include "app/preset.hpp"
#include "app/record.hpp"
#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"
#include "glnoise/io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    // As glnoise reads a preset file: the limits on size and depth, then the keys.
    try {
        const nlohmann::json j = glnoise::app::parseJson(text, "fuzz", "");
        try {
            const glnoise::app::Preset p = glnoise::app::parsePreset(j, "fuzz");
            // What parsed must print as a preset that parses to the same spec.
            const auto again = glnoise::app::parsePreset(
                glnoise::app::presetJson(p.spec, p.range, p.colormap, p.bits), "fuzz again");
            if (glnoise::io::specJson(again.spec) != glnoise::io::specJson(p.spec)) __builtin_trap();
            // A graph's preset: its graph written out reads back equal.
            if (p.graph && !(glnoise::Graph::parse(p.graph->json(), "fuzz again") == *p.graph)) __builtin_trap();
        } catch (const glnoise::ValidationError&) {
        }
    } catch (const glnoise::ValidationError&) {
    }
    try {
        (void)glnoise::app::requestFromRecord(text, "fuzz");
    } catch (const glnoise::ValidationError&) {
    }
    return 0;
}
