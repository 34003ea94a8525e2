// SPDX-License-Identifier: MIT
// The readouts' point: the value and gradient at a texel of the view's spec or graph.
#pragma once

#include "glnoise/graph.hpp"
#include "glnoise/spec.hpp"

namespace glnoise::preview {

// The value and gradient at a texel of the view's spec or graph, from the CPU reference:
// the analytic gradient where it has one (a spec's fBm, 2D or 3D, no warp; a graph whose
// nodes all have a derivative), else a central difference over one texel. Per texel of
// the view, x right and y down.
struct Probe {
    bool valid = false;
    int x = 0, y = 0, z = 0;
    float gpu = 0.0f;        // the texture's value there
    double value = 0.0;      // the reference's
    double dx = 0.0, dy = 0.0;
    bool analytic = false;
};

Probe probeAt(const NoiseSpec& shown, int x, int y, int z, float gpuValue);
Probe probeAt(const Graph& shown, int x, int y, int z, float gpuValue);

}  // namespace glnoise::preview
