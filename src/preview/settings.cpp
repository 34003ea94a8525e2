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
        case ViewKind::View3d: return "3d";
        case ViewKind::Slices: return "slices";
        case ViewKind::View2d: break;
    }
    return "2d";
}

ViewKind parseViewKind(const std::string& flag, const std::string& text) {
    for (ViewKind v : {ViewKind::View2d, ViewKind::Tiled, ViewKind::View3d, ViewKind::Slices})
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
    const auto bad = [&](const std::string& what) {
        *warning = path + ": " + what + "; using the default layout";
        return Settings{};
    };
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) return s;  // never written: the defaults
    if (!std::filesystem::is_regular_file(status)) return bad("not a regular file");
    std::ifstream in(path);
    if (!in) return bad("cannot be read");
    std::stringstream text;
    text << in.rdbuf();
    nlohmann::json j;
    try {
        io::checkJsonLimits(text.str(), "", "");
        j = nlohmann::json::parse(text.str());
    } catch (const ValidationError& e) {
        return bad(e.what());
    } catch (const nlohmann::json::exception&) {
        return bad("not JSON");
    }
    if (!j.is_object()) return bad("not a JSON object");
    // Each key's type is checked before its value is read, so that the warning names the key.
    const auto typed = [&](const nlohmann::json& v, const std::string& key, bool ok, const char* allowed) {
        if (!ok) throw ValidationError(key + " " + v.dump() + ": must be " + allowed);
    };
    try {
        for (auto it = j.begin(); it != j.end(); ++it) {
            const std::string& key = it.key();
            const nlohmann::json& v = it.value();
            if (key == "panel") {
                typed(v, key, v.is_boolean(), "true or false");
                s.panel = v.get<bool>();
            } else if (key == "panel_width") {
                typed(v, key, v.is_number() && v.get<double>() >= 160.0 && v.get<double>() <= 4000.0,
                      "a number from 160 to 4000");
                s.panelWidth = v.get<float>();
            } else if (key == "view") {
                typed(v, key, v.is_string(), "one of \"2d\", \"tiled\", \"3d\", \"slices\"");
                s.view = parseViewKind(key, v.get<std::string>());
            } else if (key == "tiles") {
                typed(v, key, v.is_number_integer() && (v.get<long long>() == 2 || v.get<long long>() == 3), "2 or 3");
                s.tiles = v.get<int>();
            } else if (key == "sections") {
                typed(v, key, v.is_object(), "an object of section names and true or false");
                for (auto sec = v.begin(); sec != v.end(); ++sec) {
                    typed(sec.value(), "sections." + sec.key(), sec.value().is_boolean(), "true or false");
                    s.sections[sec.key()] = sec.value().get<bool>();
                }
            }  // other keys: written by a later version, left alone
        }
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
