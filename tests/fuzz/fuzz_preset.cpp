// SPDX-License-Identifier: MIT
// Presets and file records (bake --preset FILE, bake --from FILE): any bytes give a
// Preset, a BakeRequest or a glnoise::ValidationError, nothing else.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/bake.hpp"
#include "cli/preset.hpp"
#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_discarded()) {
        try {
            const glnoise::cli::Preset p = glnoise::cli::parsePreset(j, "fuzz");
            // What parsed must print as a preset that parses to the same spec.
            const auto again = glnoise::cli::parsePreset(
                glnoise::cli::presetJson(p.spec, p.range, p.colormap, p.bits), "fuzz again");
            if (glnoise::io::specJson(again.spec) != glnoise::io::specJson(p.spec)) __builtin_trap();
        } catch (const glnoise::ValidationError&) {
        }
    }
    try {
        (void)glnoise::cli::requestFromRecord(text, "fuzz");
    } catch (const glnoise::ValidationError&) {
    }
    return 0;
}
