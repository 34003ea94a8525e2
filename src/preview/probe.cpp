// SPDX-License-Identifier: MIT
#include "preview/probe.hpp"

#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"

namespace glnoise::preview {

namespace {

NoiseSpec& probeSpace(NoiseSpec& s) { return s; }
NoiseSpec& probeSpace(Graph& g) { return g.space; }

// A spec or a graph (their evaluate and validate are alike).
template <class N>
Probe probeOf(const N& shown, int x, int y, int z, float gpuValue) {
    Probe p;
    p.x = x;
    p.y = y;
    p.z = z;
    p.gpu = gpuValue;
    N copy = shown;
    if (probeSpace(copy).output != Output::Value) return p;
    try {
        N g = shown;
        probeSpace(g).output = Output::Gradient;
        bool analytic = true;
        try {
            g.validate();
        } catch (const ValidationError&) {
            analytic = false;
        }
        if (analytic) {
            const Image i = cpu::evaluate(g, Grid{1, 1, 1}, TexelStart{x, y, z}, 1);
            p.value = i.at(0, 0, 0, 0);
            p.dx = i.at(0, 0, 0, 1);
            p.dy = i.at(0, 0, 0, 2);
        } else {
            const Image i = cpu::evaluate(shown, Grid{3, 3, 1}, TexelStart{x - 1, y - 1, z}, 1);
            p.value = i.at(1, 1, 0);
            p.dx = (i.at(2, 1, 0) - i.at(0, 1, 0)) / 2.0;
            p.dy = (i.at(1, 2, 0) - i.at(1, 0, 0)) / 2.0;
        }
        p.analytic = analytic;
        p.valid = true;
    } catch (const Error&) {
        p.valid = false;  // a spec or graph the panel is showing an error for
    }
    return p;
}

}  // namespace

Probe probeAt(const NoiseSpec& shown, int x, int y, int z, float gpuValue) { return probeOf(shown, x, y, z, gpuValue); }
Probe probeAt(const Graph& shown, int x, int y, int z, float gpuValue) { return probeOf(shown, x, y, z, gpuValue); }

}  // namespace glnoise::preview
