// SPDX-License-Identifier: MIT
// The CPU reference: the C++ twins of shaders/include/glnoise/*.glsl (src/mirror/, one
// header per GLSL file) and of shaders/sample.glsl (mirror/sample.hpp), and the frame
// planner both paths use (core/frames.hpp). Internal: the public entry points are in
// glnoise/cpu.hpp.
#pragma once

#include "core/frames.hpp"
#include "mirror/sample.hpp"
