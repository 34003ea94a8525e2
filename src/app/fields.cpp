// SPDX-License-Identifier: MIT
#include "app/fields.hpp"

#include "core/io/spec_json.hpp"

namespace glnoise::app {

std::vector<std::string> specKeys() {
    std::vector<std::string> keys;
    for (const SpecField& f : specFields()) keys.push_back(f.key());
    return keys;
}

nlohmann::json specObject(const NoiseSpec& spec) { return io::specObject(spec); }

void readSpecKeys(const nlohmann::json& j, NoiseSpec& spec, std::vector<Violation>& problems) {
    io::readSpecKeys(j, spec, problems);
}

}  // namespace glnoise::app
