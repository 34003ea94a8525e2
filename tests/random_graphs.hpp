// SPDX-License-Identifier: MIT
// Random noise graphs over every node kind, drawn by a seeded generator: 1D to 4D (and
// sources in one dimension more or fewer), chains of inputs up to 8 deep, fractals over
// any source, warps of warps, shared nodes, the world
// hash and seeds, and a third of the 2D and 3D draws asking for gradients or normals (then
// only kinds with a derivative). The kinds of roles Value and Leaf are drawn from the kind
// table and their fields' types, defaults and ranges, so that a new one is drawn without a
// line here. The graph tests on the CPU and the GPU draw them; the SIMD backend's also
// draws graphs whose every node is evaluated at the sample point itself (AtThePoint).
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "glnoise/glnoise.hpp"
#include "graph/kinds.hpp"

namespace glnoise::test {

struct GraphDraw {
    Graph graph;
    Grid grid;
    TexelStart start{};
};

// Whether every scalar node's values lie within 10^4 on the grid, the magnitudes the
// tolerance counts (docs/graphs.md, "Ranges and tolerance"): beyond them a graph needs
// --tolerance. A node whose stated range lies within them does; another (a position, a
// ramp, a distance, or a power of one, stated unbounded) is evaluated on the grid by the
// reference (then *unbounded is set, when given).
inline bool withinTheTolerancesMagnitudes(const Graph& graph, const Grid& grid, bool* unbounded = nullptr) {
    Graph g = graph;
    g.space.output = Output::Value;
    // Node id as the output, in the graph's dimensions; one below an add_dimension or a
    // remove_dimension that holds only in others is taken in the first that holds it
    // (`same` false: not evaluated on the grid).
    auto asOutput = [&](const std::string& id, bool* same) -> std::optional<Graph> {
        for (int dims : {graph.space.dims, 1, 2, 3, 4}) {
            Graph one = g;
            one.out = id;
            if (dims != graph.space.dims) {
                one.space.dims = dims;
                one.space.z = one.space.w = 0.0;
            }
            try {
                one.validate();
                *same = dims == graph.space.dims;
                return one;
            } catch (const ValidationError&) {
            }
        }
        return std::nullopt;
    };
    // A seed moves its source up to 2^20 units away: a node of unbounded stated range under
    // it takes values there, beyond 10^4 (the grid, evaluated at each node alone, does not
    // show them).
    auto beyond = [&](const std::string& id) {
        bool same = true;
        const std::optional<Graph> one = asOutput(id, &same);
        if (!one) return true;
        const ValueRange r = statedRange(*one);
        return !(std::fabs(r.min) <= 1e4 && std::fabs(r.max) <= 1e4);
    };
    for (const auto& [id, n] : graph.nodes) {
        if (n.kind != "seed") continue;
        std::vector<std::string> open = {n.inputs.at("source")};
        while (!open.empty()) {
            const std::string at = open.back();
            open.pop_back();
            const GraphNode& m = graph.nodes.at(at);
            if (!findGraphKind(m.kind)->vectorOut && beyond(at)) return false;
            for (const auto& [field, input] : m.inputs) open.push_back(input);
        }
    }
    for (const auto& [id, n] : graph.nodes) {
        if (findGraphKind(n.kind)->vectorOut) continue;
        bool same = true;
        const std::optional<Graph> one = asOutput(id, &same);
        if (!one) return false;
        const ValueRange r = statedRange(*one);
        if (std::fabs(r.min) <= 1e4 && std::fabs(r.max) <= 1e4) continue;
        if (unbounded) *unbounded = true;
        if (!same) return false;
        const Image values = cpu::evaluate(*one, grid);
        for (float v : values.data)
            if (!(std::fabs(v) <= 1e4f)) return false;
    }
    return true;
}

class GraphDrawer {
public:
    // Anywhere: every kind, at any point. AtThePoint: only nodes evaluated at the sample
    // point itself, the value alone (no gradient): kinds of roles Value and Leaf, basis,
    // white and constant leaves, and fractals over one basis leaf (behind an offset at
    // times), none driven; numbers of the others driven.
    enum Reach { Anywhere, AtThePoint };
    explicit GraphDrawer(std::mt19937_64& rng, Reach reach = Anywhere) : rng_(rng), reach_(reach) {}

    GraphDraw draw() {
        for (;;) {
            GraphDraw d;
            nodes_ = nlohmann::json::object();
            count_ = 0;
            dims_ = 1 + pick(4);
            gradient_ = reach_ == Anywhere && dims_ >= 2 && dims_ <= 3 && pick(3) == 0;
            nlohmann::json j;
            j["glnoise_graph"] = kGraphFormat;
            j["dims"] = dims_;
            if (pick(2) == 0) j["seed"] = rng_() >> 1;
            j["world_hash"] = pick(2) == 0;
            j["offset"] = {uniform(-1e4, 1e4), dims_ >= 2 ? uniform(-1e4, 1e4) : 0.0, dims_ >= 3 ? uniform(-100, 100) : 0.0};
            if (gradient_) j["output"] = pick(2) == 0 ? "gradient" : "normal";
            j["out"] = scalar(8);
            j["nodes"] = nodes_;
            try {
                d.graph = Graph::parse(j.dump(), "drawn");
            } catch (const ValidationError&) {
                continue;  // over a limit (frames): draw again
            }
            d.grid = Grid{12 + pick(21), 6 + pick(11), 1};
            d.start = {static_cast<std::int64_t>(pick(2001)) - 1000, static_cast<std::int64_t>(pick(2001)) - 1000, 0};
            return d;
        }
    }

private:
    int pick(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }

    std::string add(nlohmann::json node) {
        const std::string id = "n" + std::to_string(count_++);
        nodes_[id] = std::move(node);
        return id;
    }

    nlohmann::json axes(double lo, double hi, bool nonzero = false) {
        nlohmann::json a = nlohmann::json::array();
        for (int i = 0; i < dims_; ++i) {
            double v = uniform(lo, hi);
            if (nonzero && std::fabs(v) < 0.25) v = v < 0 ? -0.25 : 0.25;
            a.push_back(v);
        }
        return a;
    }

    std::string leaf() {
        const int k = pick(gradient_ ? 9 : 12);
        if (k >= 6 && k != 9) return tableNode(leafKinds(false), -1);
        if (k < 5) return basis();
        if (k == 5) return add({{"kind", "constant"}, {"value", uniform(-1, 1)}});
        return add({{"kind", "white"}, {"frequency", std::exp2(uniform(-4, 0))}});
    }

    // A basis leaf of a kind the draw's dimensions have.
    std::string basis() {
        nlohmann::json n = {{"kind", "basis"}, {"frequency", std::exp2(uniform(-7, -3))}};
        if (pick(4) == 0) n["seed"] = 1 + pick(1000);
        std::vector<std::string> names;
        for (const BasisKind& b : basisKinds())
            if (dims_ >= b.minDims && dims_ <= b.maxDims) names.emplace_back(b.name);
        const std::string b = names[static_cast<std::size_t>(pick(static_cast<int>(names.size())))];
        n["basis"] = b;
        if (b == "cellular") {
            // Every return of the catalogue; for gradients, those whose gradient is the
            // derivative (not the flat cells' and radii's, nor F1 / F2's steep one).
            std::vector<const char*> returns;
            for (const Kind<CellReturn>& r : cellReturnKinds())
                if (!gradient_ || (r.value != CellReturn::CellValue && r.value != CellReturn::Radius &&
                                   r.value != CellReturn::F1OverF2))
                    returns.push_back(r.name);
            n["cell_return"] = returns[static_cast<std::size_t>(pick(static_cast<int>(returns.size())))];
            n["cell_jitter"] = uniform(0.3, 1.0);
            if (pick(4) == 0) {
                n["cell_distance"] = "minkowski";
                n["cell_exponent"] = uniform(1.0, 8.0);
            }
            if (n["cell_return"] == "smooth-f1") n["cell_smoothness"] = uniform(0.0, 0.25);
        }
        if (b == "value") n["interp"] = curveKinds()[static_cast<std::size_t>(pick(4))].name;
        return add(n);
    }

    // A fractal of every type the kind's table gives over one basis leaf, at times behind
    // an offset: a whole or fractional count, weighted a third of the time where the type
    // takes it, turned a third of the time.
    std::string fractalOverALeaf() {
        const GraphField& type = fieldOf("fractal", "type");
        std::string source = basis();
        if (pick(3) == 0) source = add({{"kind", "offset"}, {"source", source}, {"by", axes(-100, 100)}});
        nlohmann::json n = {{"kind", "fractal"}, {"source", source},
                            {"octaves", pick(3) == 0 ? nlohmann::json(1 + uniform(0, 5)) : nlohmann::json(1 + pick(6))},
                            {"lacunarity", uniform(1.6, 2.6)}, {"gain", uniform(0.3, 0.7)},
                            {"type", type.choices[static_cast<std::size_t>(pick(static_cast<int>(type.choices.size())))]},
                            {"normalize", pick(2) == 0}};
        weightSome(n);
        if (dims_ >= 2) n["rotate"] = pick(3) == 0;
        return add(n);
    }

    // A weighted strength a third of the time, where fractal n's type takes one.
    void weightSome(nlohmann::json& n) {
        if (pick(3) != 0) return;
        n["weighted_strength"] = uniform(0, 1);
        nlohmann::json probe = n;
        probe["source"] = "s";
        if (!accepted(probe, {{"s", {{"kind", "constant"}}}})) n.erase("weighted_strength");
    }

    // A scalar node whose inputs chain at most `depth` deep.
    std::string scalar(int depth) {
        if (depth <= 0 || count_ > 40 || pick(5) == 0) return leaf();
        const int k = pick(20);
        const int d = depth - 1;
        if (reach_ == AtThePoint) {
            if (k < 4) return fractalOverALeaf();
            if (k < 6) return tableNode(leafKinds(true), d);
            return valueNode(d);
        }
        switch (k) {
            case 0:
            case 1: {
                // Every type the kind's table gives; a fractional count a third of the
                // time; a weighted strength a third of the time where the type takes one.
                const GraphField& type = fieldOf("fractal", "type");
                const std::string t = type.choices[static_cast<std::size_t>(pick(static_cast<int>(type.choices.size())))];
                nlohmann::json n = {{"kind", "fractal"}, {"source", scalar(std::min(d, 2))},
                                    {"octaves", pick(3) == 0 ? nlohmann::json(1 + uniform(0, 3)) : nlohmann::json(1 + pick(4))},
                                    {"lacunarity", uniform(1.6, 2.6)}, {"gain", uniform(0.3, 0.7)}, {"type", t},
                                    {"normalize", pick(2) == 0}};
                weightSome(n);
                if (pick(3) == 0) n["ridge_offset"] = uniform(0.2, 1.2);
                if (dims_ >= 2) n["rotate"] = pick(3) == 0;
                driveSome(n, std::min(d, 2));
                return add(n);
            }
            case 2: return add({{"kind", "scale"}, {"source", scalar(d)}, {"by", axes(0.3, 3, true)}});
            case 3: return add({{"kind", "offset"}, {"source", scalar(d)}, {"by", axes(-100, 100)}});
            case 4: {
                if (dims_ < 2) return scalar(d);
                const char* planes[] = {"xy", "xz", "yz", "xw", "yw", "zw"};
                std::vector<std::string> ok;
                for (const char* p : planes)
                    if (std::string("xyzw").find(p[1]) < static_cast<std::size_t>(dims_)) ok.emplace_back(p);
                return add({{"kind", "rotate"}, {"source", scalar(d)}, {"degrees", uniform(-180, 180)},
                            {"plane", ok[static_cast<std::size_t>(pick(static_cast<int>(ok.size())))]}});
            }
            case 5: {
                nlohmann::json v = {{"kind", "vector"}, {"x", scalar(std::min(d, 2))}};
                if (dims_ >= 2) v["y"] = scalar(std::min(d, 2));
                const std::string vec = add(v);
                nlohmann::json w = {{"kind", "warp"}, {"source", scalar(d)}, {"by", vec}, {"amount", uniform(-20, 20)}};
                driveSome(w, std::min(d, 2));
                return add(w);
            }
            case 6: return add({{"kind", "seed"}, {"source", scalar(d)}, {"seed", pick(1000)}});
            case 7: return tableNode(leafKinds(true), d);
            case 8: return sharedAcrossScopes(d);
            case 10: return otherDimensions(d);
            case 9: {
                // A cellular lookup holds a value per cell: no derivative, so not for gradients.
                if (gradient_) return valueNode(d);
                const std::vector<Kind<CellDistance>>& metrics = cellDistanceKinds();
                return add({{"kind", "cellular_lookup"}, {"source", scalar(d)}, {"frequency", std::exp2(uniform(-6, -2))},
                            {"cell_distance", metrics[static_cast<std::size_t>(pick(static_cast<int>(metrics.size())))].name},
                            {"cell_jitter", uniform(0, 1)}, {"cell_exponent", uniform(1.0, 8.0)}});
            }
            default: return valueNode(d);
        }
    }

    // A source drawn in one dimension more (add_dimension, its new axis's coordinate a
    // number or a node's value across tens of units) or one fewer (remove_dimension, any
    // axis), where glnoise has those (1D to 4D; 2D and 3D for a gradient).
    std::string otherDimensions(int d) {
        const int was = dims_;
        const bool up = dims_ < 4 && !(gradient_ && dims_ >= 3), down = dims_ >= 2 && !(gradient_ && dims_ <= 2);
        if (!up && !down) return valueNode(d);
        if (up && (!down || pick(2) == 0)) {
            const nlohmann::json at =
                pick(3) == 0 ? nlohmann::json(uniform(-100, 100))
                             : nlohmann::json(add({{"kind", "remap"}, {"source", scalar(std::min(d, 2))}, {"to_min", uniform(-60, 0)},
                                                   {"to_max", uniform(0, 60)}}));
            dims_ = was + 1;
            const std::string source = scalar(d);
            dims_ = was;
            return add({{"kind", "add_dimension"}, {"source", source}, {"at", at}});
        }
        const int k = pick(was + 1);
        const std::string axis = k == was ? "last" : std::string(1, "xyzw"[k]);
        dims_ = was - 1;
        const std::string source = scalar(d);
        dims_ = was;
        return add({{"kind", "remove_dimension"}, {"source", source}, {"axis", axis}});
    }

    // Field `name` of kind `kind`, as the table gives it.
    static const GraphField& fieldOf(const char* kind, const char* name) {
        const GraphKind* k = findGraphKind(kind);
        return *std::find_if(k->fields.begin(), k->fields.end(), [&](const GraphField& f) { return std::string(f.name) == name; });
    }

    // The kinds of a role (graph/kinds.def) with a scalar input, or without: every one the
    // table holds.
    static std::vector<const GraphKind*> kindsOf(graph::Role role, bool withInput) {
        std::vector<const GraphKind*> v;
        for (const GraphKind& k : graphKinds()) {
            graph::Op op{};
            graph::findOp(k.name, op);
            const bool input =
                std::any_of(k.fields.begin(), k.fields.end(), [](const GraphField& f) { return f.type == GraphFieldType::Scalar; });
            if (graph::roleOf(op) == role && input == withInput) v.push_back(&k);
        }
        return v;
    }
    static const std::vector<const GraphKind*>& valueKinds() {
        static const std::vector<const GraphKind*> kinds = kindsOf(graph::Role::Value, true);
        return kinds;
    }
    // The leaves that read the point through a frame of their own (role Leaf): without an
    // input (position, ramp, ...) or with one (marble, wood).
    static const std::vector<const GraphKind*>& leafKinds(bool withInput) {
        static const std::vector<const GraphKind*> without = kindsOf(graph::Role::Leaf, false);
        static const std::vector<const GraphKind*> with = kindsOf(graph::Role::Leaf, true);
        return withInput ? with : without;
    }

    // A number for field f: its default a quarter of the time; else, for a positive field,
    // its default times 2^[-1.5, 1.5]; for a narrow range, anywhere in it; else the default
    // plus up to the larger of 1 and its size, within the range.
    double numberFor(const GraphField& f) {
        if (pick(4) == 0) return f.fallback;
        if (f.positive) return std::min(f.fallback * std::exp2(uniform(-1.5, 1.5)), f.max);
        if (f.max - f.min <= 16) return f.type == GraphFieldType::Integer ? f.min + pick(static_cast<int>(f.max - f.min) + 1)
                                                                          : uniform(f.min, f.max);
        return std::clamp(f.fallback + uniform(-1, 1) * std::max(1.0, std::fabs(f.fallback)), f.min, f.max);
    }

    nlohmann::json curvePoints() {
        nlohmann::json pts = nlohmann::json::array();
        double x = uniform(-1.2, -0.8);
        for (int i = 0, n = 2 + pick(5); i < n; ++i, x += uniform(0.1, 0.6)) pts.push_back({x, uniform(-1, 1)});
        return pts;
    }

    std::string valueNode(int d) { return tableNode(valueKinds(), d); }

    // A node of one of `kinds`, drawn from its fields as the table gives them: a draw the
    // kind refuses (clamp's min above its max, an axis the graph lacks, a hard step or a
    // checkerboard where a gradient is asked) is drawn again, and its inputs drawn once its
    // own values hold.
    std::string tableNode(const std::vector<const GraphKind*>& kinds, int d) {
        for (int attempt = 0; attempt < 20; ++attempt) {
            const GraphKind& kind = *kinds[static_cast<std::size_t>(pick(static_cast<int>(kinds.size())))];
            nlohmann::json n = {{"kind", kind.name}};
            for (const GraphField& f : kind.fields) {
                if (f.type == GraphFieldType::Number || f.type == GraphFieldType::Integer) n[f.name] = numberFor(f);
                if (f.type == GraphFieldType::Flag) n[f.name] = pick(2) == 0;
                if (f.type == GraphFieldType::Choice) n[f.name] = f.choices[static_cast<std::size_t>(pick(static_cast<int>(f.choices.size())))];
                if (f.type == GraphFieldType::Points) n[f.name] = curvePoints();
                if (f.type == GraphFieldType::Numbers) {  // one for every axis, or one per axis
                    nlohmann::json each = nlohmann::json::array();
                    for (int a = 0; a < dims_; ++a) each.push_back(numberFor(f));
                    n[f.name] = pick(3) == 0 ? nlohmann::json(numberFor(f)) : each;
                }
            }
            nlohmann::json probe = n;
            for (const GraphField& f : kind.fields)
                if (f.type == GraphFieldType::Scalar) probe[f.name] = 0.5;
            if (!accepted(probe)) continue;
            for (const GraphField& f : kind.fields)
                if (f.type == GraphFieldType::Scalar) n[f.name] = pick(6) == 0 ? nlohmann::json(uniform(-1, 1)) : nlohmann::json(scalar(d));
            driveSome(n, d);
            return add(n);
        }
        return scalar(d);
    }

    // Whether a graph of this node (its inputs numbers, or the nodes of `others`) is valid in
    // the draw's space.
    bool accepted(const nlohmann::json& node, nlohmann::json others = nlohmann::json::object()) const {
        others["n"] = node;
        nlohmann::json j = {{"glnoise_graph", kGraphFormat}, {"dims", dims_}, {"out", "n"}, {"nodes", others}};
        if (gradient_) j["output"] = "gradient";
        try {
            (void)Graph::parse(j.dump(), "probe");
            return true;
        } catch (const ValidationError&) {
            return false;
        }
    }

    // Each drivable number of node n a node drives a quarter of the time: a scalar remapped
    // from [-1, 1] to two of the field's numbers (a width kept off 0) and clamped to them
    // (a distance's thousands would drive a gain or an amount far past any use), where the
    // node's kind takes a node there (a Musgrave fractal takes no weighted strength).
    void driveSome(nlohmann::json& n, int d) {
        for (const GraphField& f : findGraphKind(n["kind"].get<std::string>())->fields) {
            if (f.type != GraphFieldType::Number || !f.drivable || pick(4) != 0) continue;
            const double least = f.positive || f.min == 0.0 ? 0.05 : f.min;
            const double lo = std::max(numberFor(f), least), hi = std::max(numberFor(f), least);
            nlohmann::json probe = n, others = nodes_;
            probe[f.name] = "driver";
            others["driver"] = {{"kind", "constant"}, {"value", lo}};
            if (!accepted(probe, others)) continue;
            const std::string driver =
                add({{"kind", "remap"}, {"source", scalar(d)}, {"to_min", std::min(lo, hi)}, {"to_max", std::max(lo, hi)}});
            n[f.name] = add({{"kind", "clamp"}, {"source", driver}, {"min", std::min(lo, hi)}, {"max", std::max(lo, hi)}});
        }
    }

    // A node used more than once: in one scope and at a moved point, or as the source of an
    // offset or a seed (evaluated within its parent) and of a node that moves the point
    // elsewhere (a scale, rotate, fractal or warp), or as a warp's source and, through a
    // seed, inside the warp's own vector.
    std::string sharedAcrossScopes(int d) {
        const std::string shared = scalar(d);
        auto inlined = [&] {
            return pick(2) ? add({{"kind", "offset"}, {"source", shared}, {"by", axes(-50, 50)}})
                           : add({{"kind", "seed"}, {"source", shared}, {"seed", pick(1000)}});
        };
        switch (pick(4)) {
            case 0: return add({{"kind", "add"}, {"a", shared}, {"b", inlined()}});
            case 1: {
                const std::string near = inlined();
                const std::string far = pick(2) ? add({{"kind", "scale"}, {"source", shared}, {"by", axes(0.3, 3, true)}})
                                                : add({{"kind", "fractal"}, {"source", shared}, {"octaves", 1 + pick(3)}});
                return add({{"kind", pick(2) ? "add" : "multiply"}, {"a", pick(2) ? near : far}, {"b", pick(2) ? far : near}});
            }
            case 2: {
                const std::string q = inlined();
                nlohmann::json v = {{"kind", "vector"}, {"x", q}};
                if (dims_ >= 2) v["y"] = q;
                const std::string vec = add(v);
                return add({{"kind", "warp"}, {"source", shared}, {"by", vec}, {"amount", uniform(-20, 20)}});
            }
            default: {
                const std::string far = add({{"kind", "scale"}, {"source", shared}, {"by", axes(0.3, 3, true)}});
                return add({{"kind", "subtract"}, {"a", far}, {"b", shared}});
            }
        }
    }

    std::mt19937_64& rng_;
    Reach reach_;
    nlohmann::json nodes_;
    int count_ = 0;
    int dims_ = 2;
    bool gradient_ = false;
};

}  // namespace glnoise::test
