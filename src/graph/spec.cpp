// SPDX-License-Identifier: MIT
// Today's specs as graphs, and back (glnoise/graph.hpp: graphOf, specOf).
#include <cmath>

#include "glnoise/catalogue.hpp"
#include "glnoise/error.hpp"
#include "glnoise/graph.hpp"
#include "graph/kinds.hpp"
#include "mirror/sample.hpp"

namespace glnoise {

namespace {

using graph::Op;

GraphNode node(const std::string& id, Op op) { return GraphNode::defaults(id, graph::nameOf(op)); }

// The spec's basis at `frequency` with its periods times `periodScale`.
GraphNode basisNode(const NoiseSpec& s, const std::string& id, double frequency, long long periodScale) {
    GraphNode n = node(id, Op::Basis);
    n.choices["basis"] = toString(s.basis);
    n.numbers["frequency"] = frequency;
    n.choices["interp"] = toString(s.interp);
    n.choices["cell_return"] = toString(s.cellReturn);
    n.choices["cell_distance"] = toString(s.cellDistance);
    n.numbers["cell_jitter"] = s.cellJitter;
    n.numbers["cell_exponent"] = s.cellExponent;
    n.numbers["cell_smoothness"] = s.cellSmoothness;
    if (s.period != std::array<int, 4>{})
        for (int a = 0; a < s.dims; ++a)
            n.lists["period"].push_back(static_cast<double>(s.period[static_cast<std::size_t>(a)]) * static_cast<double>(periodScale));
    return n;
}

GraphNode fractalNode(const NoiseSpec& s, const std::string& id, const std::string& source, Fractal type, int octaves,
                      bool normalize) {
    GraphNode n = node(id, Op::Fractal);
    n.inputs["source"] = source;
    n.choices["type"] = toString(type);
    n.numbers["octaves"] = octaves;
    n.numbers["lacunarity"] = s.lacunarity;
    n.numbers["gain"] = s.gain;
    n.numbers["ridge_offset"] = s.ridgeOffset;
    n.numbers["ridge_gain"] = s.ridgeGain;
    n.numbers["rotate"] = s.rotate ? 1.0 : 0.0;
    n.numbers["normalize"] = normalize ? 1.0 : 0.0;
    return n;
}

bool plainFractal(const NoiseSpec& s) {
    const NoiseSpec d;
    return s.octaves == 1 && s.fractal == Fractal::Fbm && !s.normalize && !s.rotate && s.lacunarity == d.lacunarity &&
           s.gain == d.gain && s.ridgeOffset == d.ridgeOffset && s.ridgeGain == d.ridgeGain;
}

const char* const kAxes[] = {"x", "y", "z", "w"};

}  // namespace

Graph graphOf(const NoiseSpec& spec) {
    Graph g;
    g.space = spaceOf(spec);
    auto put = [&g](GraphNode n) {
        std::string id = n.id;
        g.nodes[id] = std::move(n);
        return id;
    };
    std::string top = put(basisNode(spec, "noise", spec.frequency, 1));
    if (!plainFractal(spec)) top = put(fractalNode(spec, "fractal", top, spec.fractal, spec.octaves, spec.normalize));
    const int depth = spec.warpAmount != 0.0 ? spec.warpDepth : 0;
    const double wf = spec.effectiveWarpFrequency();
    const long long ratio = std::llround(wf / spec.frequency);
    std::string previous;  // the vector of the level before
    for (int level = 0; level < depth; ++level) {
        const std::string L = graph::nameOf(Op::Warp) + std::to_string(level + 1);  // ids: the kind and the level
        GraphNode vec = node(L, Op::Vector);
        for (int k = 0; k < cpu::warpComponents(spec.dims); ++k) {
            const std::string c = L + "_" + kAxes[k];
            const cpu::vec3<double> off = cpu::GLN_WARP_OFFSET<double>[static_cast<std::size_t>(3 * level + k)];
            std::string v = put(basisNode(spec, c + "_noise", wf, ratio));
            v = put(fractalNode(spec, c + "_fbm", v, Fractal::Fbm, spec.warpOctaves, true));
            GraphNode shift = node(c, Op::Offset);
            shift.inputs["source"] = v;
            shift.lists["by"] = {off.x / wf};
            if (spec.dims >= 2) shift.lists["by"] = {off.x / wf, off.y / wf};
            if (spec.dims >= 3) shift.lists["by"] = {off.x / wf, off.y / wf, off.z / wf};
            if (spec.dims == 4) shift.lists["by"].push_back(0.0);
            v = put(shift);
            if (!previous.empty()) {
                GraphNode w = node(c + "_warped", Op::Warp);
                w.inputs["source"] = v;
                w.inputs["by"] = previous;
                w.numbers["amount"] = spec.warpAmount / spec.frequency;
                v = put(w);
            }
            vec.inputs[kAxes[k]] = v;
            vec.constants.erase(kAxes[k]);
        }
        previous = put(vec);
    }
    if (depth > 0) {
        GraphNode w = node("warped", Op::Warp);
        w.inputs["source"] = top;
        w.inputs["by"] = previous;
        w.numbers["amount"] = spec.warpAmount / spec.frequency;
        top = put(w);
    }
    if (spec.pattern == Pattern::Marble || spec.pattern == Pattern::Wood) {
        const Op op = spec.pattern == Pattern::Marble ? Op::Marble : Op::Wood;
        GraphNode p = node(graph::nameOf(op), op);  // its id is its kind's name
        p.inputs["source"] = top;
        p.numbers["frequency"] = spec.frequency;
        p.numbers["pattern_scale"] = spec.patternScale;
        top = put(p);
    }
    g.out = top;
    return g;
}

std::optional<NoiseSpec> specOf(const Graph& graph) {
    if (graph.erosion) return std::nullopt;  // no spec erodes
    NoiseSpec s = spaceOf(graph.space);
    auto find = [&](const std::string& id) -> const GraphNode* {
        auto it = graph.nodes.find(id);
        return it == graph.nodes.end() ? nullptr : &it->second;
    };
    const GraphNode* n = find(graph.out);
    if (n && (graph::opOf(*n) == Op::Marble || graph::opOf(*n) == Op::Wood)) {
        s.pattern = graph::opOf(*n) == Op::Marble ? Pattern::Marble : Pattern::Wood;
        s.patternScale = n->number("pattern_scale");
        n = n->inputs.count("source") ? find(n->inputs.at("source")) : nullptr;
    }
    double amount = 0.0;
    const GraphNode* warpVector = nullptr;
    if (n && graph::opOf(*n) == Op::Warp) {
        amount = n->number("amount");
        warpVector = n->inputs.count("by") ? find(n->inputs.at("by")) : nullptr;
        n = n->inputs.count("source") ? find(n->inputs.at("source")) : nullptr;
    }
    if (n && graph::opOf(*n) == Op::Fractal) {
        // A spec's fractal: one of its types, whole octaves, no weighted strength.
        if (graph::musgrave(graph::fractalId(*n)) || n->number("weighted_strength") != 0.0 ||
            n->number("octaves") != std::floor(n->number("octaves")))
            return std::nullopt;
        s.fractal = parseFractal(n->choice("type"));
        s.octaves = static_cast<int>(n->number("octaves"));
        s.lacunarity = n->number("lacunarity");
        s.gain = n->number("gain");
        s.ridgeOffset = n->number("ridge_offset");
        s.ridgeGain = n->number("ridge_gain");
        s.rotate = n->number("rotate") != 0.0;
        s.normalize = n->number("normalize") != 0.0;
        n = n->inputs.count("source") ? find(n->inputs.at("source")) : nullptr;
    }
    if (!n || graph::opOf(*n) != Op::Basis) return std::nullopt;
    s.basis = parseBasis(n->choice("basis"));
    s.frequency = n->number("frequency");
    s.interp = parseCurve(n->choice("interp"));
    s.cellReturn = parseCellReturn(n->choice("cell_return"));
    s.cellDistance = parseCellDistance(n->choice("cell_distance"));
    s.cellJitter = n->number("cell_jitter");
    s.cellExponent = n->number("cell_exponent");
    s.cellSmoothness = n->number("cell_smoothness");
    const std::vector<double>& per = n->lists.at("period");
    if (per.size() > 4) return std::nullopt;
    for (std::size_t a = 0; a < per.size(); ++a) s.period[a] = static_cast<int>(per[a]);
    if (warpVector) {
        // The warp's octaves, frequency and depth from its first component.
        const GraphNode* c = warpVector->inputs.count("x") ? find(warpVector->inputs.at("x")) : nullptr;
        s.warpDepth = 1;
        if (c && graph::opOf(*c) == Op::Warp) {
            s.warpDepth = 2;
            c = c->inputs.count("source") ? find(c->inputs.at("source")) : nullptr;
        }
        const GraphNode* fbm = c && graph::opOf(*c) == Op::Offset && c->inputs.count("source") ? find(c->inputs.at("source")) : nullptr;
        const GraphNode* b = fbm && graph::opOf(*fbm) == Op::Fractal && fbm->inputs.count("source") ? find(fbm->inputs.at("source")) : nullptr;
        if (!b || graph::opOf(*b) != Op::Basis) return std::nullopt;
        if (graph::musgrave(graph::fractalId(*fbm)) || fbm->number("weighted_strength") != 0.0 ||
            fbm->number("octaves") != std::floor(fbm->number("octaves")))
            return std::nullopt;
        s.warpOctaves = static_cast<int>(fbm->number("octaves"));
        s.warpFrequency = b->number("frequency") == s.frequency ? 0.0 : b->number("frequency");
        s.warpAmount = amount * s.frequency;
    }
    const std::string want = graph.json();
    // The warp's amount is stored per unit of the point (amount / frequency): the spec
    // amount whose quotient is exactly the graph's, when one is near.
    for (int step = 0; step < 8; ++step) {
        try {
            s.validate();
            if (graphOf(s).json() == want) return s;
        } catch (const ValidationError&) {
        }
        if (!warpVector) break;
        const double a = amount * s.frequency;
        const int k = (step + 2) / 2 * (step % 2 ? -1 : 1);
        s.warpAmount = a;
        for (int i = 0; i < std::abs(k); ++i) s.warpAmount = std::nextafter(s.warpAmount, k > 0 ? INFINITY : -INFINITY);
    }
    return std::nullopt;
}

}  // namespace glnoise
