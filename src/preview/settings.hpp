// SPDX-License-Identifier: MIT
// What glnoise-preview remembers between runs: the layout, not the noise (a preset or a
// record carries that). One JSON file, $XDG_CONFIG_HOME/glnoise/preview.json (else
// ~/.config/glnoise/preview.json), read at start and written at exit.
#pragma once

#include <map>
#include <string>

namespace glnoise::preview {

// The 2D texture, N x N copies of it, a lit heightfield, or a volume's z-slices.
enum class ViewKind { View2d, Tiled, View3d, Slices };

const char* toString(ViewKind v) noexcept;
// "2d", "tiled", "3d" or "slices"; ValidationError naming `flag` and what is allowed otherwise.
ViewKind parseViewKind(const std::string& flag, const std::string& text);

struct Settings {
    bool panel = true;          // the side panel shown
    float panelWidth = 380.0f;  // in screen points before the UI scale
    ViewKind view = ViewKind::View2d;
    int tiles = 2;              // the tiled view's copies across and down: 2 or 3
    std::map<std::string, bool> sections;  // the panel's sections by name: open or closed
};

// The settings file's path, or "" when neither XDG_CONFIG_HOME nor HOME is set.
std::string settingsPath();
// The file's settings; defaults when it is missing. A file that cannot be read or parsed,
// or holds a bad value, gives the defaults and a one-line warning in `warning` naming the
// file and key, so that a broken file never keeps the window from opening.
Settings loadSettings(const std::string& path, std::string* warning);
// Writes them (creating the folder); a failure is returned as a one-line message, "" when
// written.
std::string saveSettings(const std::string& path, const Settings& s);

}  // namespace glnoise::preview
