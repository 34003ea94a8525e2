// SPDX-License-Identifier: MIT
// Noise graphs (bake --graph FILE or a compact form, a record's graph): any bytes give a
// Graph or a glnoise::ValidationError, nothing else, however deep, wide or cyclic; a graph
// read writes itself back, as JSON and as its compact form, to one that reads the same,
// and evaluates at a point.
#include <cstddef>
#include <cstdint>
#include <string>

#include "glnoise/cpu.hpp"
#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const glnoise::Graph g = glnoise::Graph::parse(text, "fuzz");
        if (glnoise::Graph::parse(g.json(), "fuzz again") != g) __builtin_trap();
        if (glnoise::Graph::parse(g.compact(), "fuzz compact") != g) __builtin_trap();
        (void)glnoise::statedRange(g);
        (void)glnoise::cpu::agreementTolerance(g);
        (void)glnoise::cpu::evaluatePoints(g, {{1.5, -2.25, 0.5, 0.0}});
    } catch (const glnoise::ValidationError&) {
    }
    return 0;
}
