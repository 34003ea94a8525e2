// SPDX-License-Identifier: MIT
// A run of glnoise-preview: the window and its GL context, Dear ImGui, and the frame loop
// (the keys and the mouse, regeneration on change, the proof, the panel, drawing through
// the view chosen, and what a scripted run writes after its last frame).
#pragma once

#include "preview/options.hpp"

namespace glnoise::preview {

// Opens the window and runs until it is closed (or --frames have been drawn); returns the
// exit code. Errors without a display are GpuErrors that say how to run headless.
int run(const Args& a);

}  // namespace glnoise::preview
