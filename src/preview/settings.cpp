// SPDX-License-Identifier: MIT
#include "preview/settings.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"
#include "glnoise/io.hpp"

namespace glnoise::preview {

const char* toString(ViewKind v) noexcept {
    switch (v) {
        case ViewKind::Tiled: return "tiled";
        case ViewKind::Terrain: return "3d";
        case ViewKind::Slices: return "slices";
        case ViewKind::Flat: break;
    }
    return "2d";
}

ViewKind parseViewKind(const std::string& flag, const std::string& text) {
    for (ViewKind v : {ViewKind::Flat, ViewKind::Tiled, ViewKind::Terrain, ViewKind::Slices})
        if (text == toString(v)) return v;
    throw ValidationError(flag + " " + text + ": allowed: 2d, tiled, 3d, slices");
}

std::string settingsPath() {
    if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/glnoise/preview.json";
    if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/glnoise/preview.json";
    return {};
}

Settings loadSettings(const std::string& path, std::string* warning) {
    Settings s;
    if (path.empty()) return s;
    std::ifstream in(path);
    if (!in) return s;  // never written: the defaults
    std::stringstream text;
    text << in.rdbuf();
    const auto bad = [&](const std::string& what) {
        *warning = path + ": " + what + "; using the default layout";
        return Settings{};
    };
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::exception&) {
        return bad("not JSON");
    }
    if (!j.is_object()) return bad("not a JSON object");
    try {
        if (j.contains("panel")) s.panel = j["panel"].get<bool>();
        if (j.contains("panel_width")) {
            s.panelWidth = j["panel_width"].get<float>();
            if (!(s.panelWidth >= 160.0f && s.panelWidth <= 4000.0f)) return bad("panel_width must be 160 to 4000");
        }
        if (j.contains("view")) s.view = parseViewKind("view", j["view"].get<std::string>());
        if (j.contains("tiles")) {
            s.tiles = j["tiles"].get<int>();
            if (s.tiles != 2 && s.tiles != 3) return bad("tiles must be 2 or 3");
        }
        if (j.contains("sections")) {
            if (!j["sections"].is_object()) return bad("sections must be an object of section names and true or false");
            for (auto it = j["sections"].begin(); it != j["sections"].end(); ++it) s.sections[it.key()] = it.value().get<bool>();
        }
    } catch (const nlohmann::json::exception& e) {
        return bad(std::string("a value of the wrong type (") + e.what() + ")");
    } catch (const ValidationError& e) {
        return bad(e.what());
    }
    return s;
}

std::string saveSettings(const std::string& path, const Settings& s) {
    if (path.empty()) return {};
    try {
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        const nlohmann::json j = {{"panel", s.panel},
                                  {"panel_width", std::round(s.panelWidth)},
                                  {"view", toString(s.view)},
                                  {"tiles", s.tiles},
                                  {"sections", s.sections}};
        const std::string text = j.dump(2) + "\n";
        io::OutputFile out(path);
        out.write(text.data(), text.size());
        out.commit();
    } catch (const std::exception& e) {
        return std::string("cannot save the layout to ") + path + ": " + e.what();
    }
    return {};
}

}  // namespace glnoise::preview
