// SPDX-License-Identifier: MIT
// A self-contained GLSL source in HLSL, Metal, WGSL or Godot's shading language, at run
// time: glnoise's translator (src/port/glnoise_port, the one that translates the library
// at build time) run as `python3 glnoise_port --source - --target T`. It is Python, so
// this needs a Python 3 where glnoise runs; where it is not found, the error says so and
// how to point glnoise at one.
#pragma once

#include <string>

namespace glnoise::glsl {

// The translator's output for `glsl` in `target` ("hlsl", "msl", "wgsl", "godot"). python:
// the interpreter (empty: $GLNOISE_PYTHON, else python3 on the PATH). Error when no
// interpreter or translator is found or the translator fails, with its message.
std::string translateSource(const std::string& glsl, const std::string& target, const std::string& python = {});

// Where the translator is found: $GLNOISE_PORT_DIR, then share/glnoise/port beside the
// program or library (an install, the bundle), port/ beside it (the Python package), then
// the source tree glnoise was built from. Empty when none holds it.
std::string translatorPath();

}  // namespace glnoise::glsl
