// SPDX-License-Identifier: MIT
// Planning a graph (graph/plan.hpp). Each operation's parameters, from PlanOp::param:
//   basis      frequency, cell jitter, period x, y, z, w, and with a seed its far offset x, y, z, w
//              ints: Basis, curve, cell return, cell metric, GLSL id, seeded
//   white      frequency
//   fractal    ridge offset, ridge gain, 1 / divisor, then per octave: amplitude, lacunarity^i
//              and with rotate lacunarity^i R^i (16, row-major); then, weighted, its strength
//              ints: GLSL fractal type (graph::fractalId), octaves, rotate, weighted
//   scale, offset, seed   x, y, z, w (seed: its far offset)
//   cellular_lookup  frequency, cell jitter, 1 / frequency      ints: cell metric (GLSL id)
//              frames: its own lattice frame, then its source scope's
//   rotate     cos, sin                                    ints: the plane's two axes
//   warp       amount                                      ints: the components it displaces
// and the kinds of roles Value and Leaf as their descriptors plan them (graph/values.hpp,
// graph/leaves.hpp; a leaf's frame too).
#include "graph/plan.hpp"

#include <cmath>
#include <map>

#include "glnoise/catalogue.hpp"
#include "glnoise/error.hpp"
#include "graph/leaves.hpp"
#include "graph/values.hpp"

namespace glnoise::cpu {

namespace {

using graph::isLeaf;
using graph::movesThePoint;

// A far offset per axis from a seed (splitmix64): each in [0, 2^20) units of the point.
std::array<double, 4> seedOffset(std::uint64_t seed) {
    std::array<double, 4> o{};
    std::uint64_t x = seed * 4 + 0x5EEDull;
    for (double& v : o) {
        std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        v = static_cast<double>(z >> 11) * 0x1p-53 * 1048576.0;
    }
    return o;
}

using Matrix = std::array<double, 16>;

struct Builder {
    const Graph& g;
    GraphPlan& plan;
    std::map<std::string, int> scopeOf;  // a source node's id: its scope

    int param(double v) {
        plan.params.push_back(v);
        return static_cast<int>(plan.params.size()) - 1;
    }

    int scopeFor(const std::string& root) {
        auto it = scopeOf.find(root);
        if (it != scopeOf.end()) return it->second;
        PlanScope scope;
        std::map<std::string, int> slot;
        add(root, scope, slot);
        const int index = static_cast<int>(plan.scopes.size());
        plan.scopes.push_back(std::move(scope));
        scopeOf[root] = index;
        return index;
    }

    // Adds node id (after its inputs) to the scope being built, once.
    int add(const std::string& id, PlanScope& scope, std::map<std::string, int>& slot) {
        auto known = slot.find(id);
        if (known != slot.end()) return known->second;
        const GraphNode& n = g.nodes.at(id);
        const GraphKind& kind = *findGraphKind(n.kind);
        PlanOp p;
        p.op = graph::opOf(n);
        p.node = id;
        for (const GraphField& f : kind.fields) {
            if (f.type != GraphFieldType::Scalar && f.type != GraphFieldType::Vector) continue;
            if (std::string(f.name) == "source" && movesThePoint(p.op)) continue;
            Arg a;
            auto in = n.inputs.find(f.name);
            if (in != n.inputs.end())
                a.slot = add(in->second, scope, slot);
            else
                a.param = param(n.constants.at(f.name));
            p.args.push_back(a);
        }
        if (movesThePoint(p.op)) {
            p.scope = scopeFor(n.inputs.at("source"));
            p.childFrames = plan.scopes[static_cast<std::size_t>(p.scope)].frames;
        }
        p.param = static_cast<int>(plan.params.size());
        parameters(n, p);
        // A cellular lookup's own frame (its cells) comes before its source's.
        const long long own = isLeaf(p.op) || p.op == Op::CellularLookup ? 1 : 0;
        const long long count =
            own + (movesThePoint(p.op) ? static_cast<long long>(p.childFrames) * (p.op == Op::Fractal ? p.ints[1] : 1) : 0);
        p.frame = scope.frames;  // where its frames start (past the end when it has none)
        if (scope.frames + count > kMaxGraphFrames)
            throw ValidationError(Violation{"node \"" + id + "\"",
                                            "needs " + std::to_string(scope.frames + count) +
                                                " basis evaluations per point, its fractals' octaves and its inputs "
                                                "unfolded; at most " + std::to_string(kMaxGraphFrames)});
        scope.frames += static_cast<int>(count);
        scope.ops.push_back(std::move(p));
        return slot[id] = static_cast<int>(scope.ops.size()) - 1;
    }

    void parameters(const GraphNode& n, PlanOp& p) {
        auto num = [&](const char* f) { return n.number(f); };
        auto four = [&](const char* f, double fill) {
            graph::value::Planned{plan.params, p.ints, plan.dims}.four(n.lists.at(f), fill);
        };
        switch (p.op) {
            case Op::Basis: {
                const Basis b = parseBasis(n.choice("basis"));
                param(num("frequency"));
                param(num("cell_jitter"));
                const auto& per = n.lists.at("period");
                for (std::size_t a = 0; a < 4; ++a) param(a < per.size() ? per[a] : 0.0);
                p.ints = {static_cast<int>(b), curveKinds()[static_cast<std::size_t>(parseCurve(n.choice("interp")))].glslId,
                          cellReturnKinds()[static_cast<std::size_t>(parseCellReturn(n.choice("cell_return")))].glslId,
                          cellDistanceKinds()[static_cast<std::size_t>(parseCellDistance(n.choice("cell_distance")))].glslId,
                          kindOf(b).glslId, num("seed") != 0.0 ? 1 : 0};
                // A seed: its far offset, added to the point as a seed node's is (host only).
                if (num("seed") != 0.0)
                    for (double v : seedOffset(static_cast<std::uint64_t>(num("seed")))) param(v);
                break;
            }
            case Op::White: param(num("frequency")); break;
            case Op::Fractal: {
                // A fractional count (4.5) evaluates its next octave (the fifth) at that
                // fraction of its amplitude, in the sum and its divisor.
                const int octaves = graph::octavesOf(n);
                const double fraction = num("octaves") - std::floor(num("octaves"));
                const bool rotate = num("rotate") != 0.0;
                const bool weighted = num("weighted_strength") != 0.0;
                p.ints = {graph::fractalId(n), octaves, rotate ? 1 : 0, weighted ? 1 : 0, 0, 0};
                param(num("ridge_offset"));
                param(num("ridge_gain"));
                auto amplitude = [&](int i, double gainPower) { return i == octaves - 1 && fraction > 0.0 ? gainPower * fraction : gainPower; };
                double sum = 0.0, amp = 1.0;
                for (int i = 0; i < octaves; ++i, amp *= num("gain")) sum += amplitude(i, amp);
                param(num("normalize") != 0.0 ? 1.0 / sum : 1.0);
                const Matrix R = octaveRotation(plan.dims);
                Matrix m{};
                for (int i = 0; i < 4; ++i) m[static_cast<std::size_t>(5 * i)] = 1.0;
                double lac = 1.0;
                amp = 1.0;
                for (int i = 0; i < octaves; ++i) {
                    param(amplitude(i, amp));
                    param(lac);
                    if (rotate)
                        for (double e : m) param(lac * e);
                    amp *= num("gain");
                    lac *= num("lacunarity");
                    m = matrixProduct(R, m);
                }
                if (weighted) param(num("weighted_strength"));
                break;
            }
            case Op::Scale: four("by", 1.0); break;
            case Op::Offset: four("by", 0.0); break;
            case Op::Seed:
                for (double v : seedOffset(static_cast<std::uint64_t>(num("seed")))) param(v);
                break;
            case Op::Rotate: {
                const double t = num("degrees") * 3.14159265358979323846 / 180.0;
                param(std::cos(t));
                param(std::sin(t));
                const std::string& plane = n.choice("plane");
                p.ints[0] = graph::leaf::axisIndex(plane.substr(0, 1));
                p.ints[1] = graph::leaf::axisIndex(plane.substr(1, 1));
                break;
            }
            case Op::CellularLookup:
                param(num("frequency"));
                param(num("cell_jitter"));
                param(1.0 / num("frequency"));
                p.ints[0] = cellDistanceKinds()[static_cast<std::size_t>(parseCellDistance(n.choice("cell_distance")))].glslId;
                break;
            case Op::Warp:
                param(num("amount"));
                p.ints[0] = plan.dims;
                break;
#define GLN_VALUE_CASE(op)                                       \
    case Op::op: {                                               \
        graph::value::Planned out{plan.params, p.ints, plan.dims}; \
        graph::value::op::plan(n, out);                          \
        break;                                                   \
    }
#define GLN_LEAF_CASE(op)                                        \
    case Op::op: {                                               \
        graph::value::Planned out{plan.params, p.ints, plan.dims}; \
        graph::leaf::op::plan(n, out);                           \
        break;                                                   \
    }
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
            default: break;
        }
    }
};

template <class T>
void appendScope(const GraphPlan& plan, int s, const std::array<double, 4>& o, long long periodScale,
                 std::vector<GlnFrame<T>>& out) {
    const std::vector<double>& P = plan.params;
    for (const PlanOp& p : plan.scopes[static_cast<std::size_t>(s)].ops) {
        const std::size_t at = static_cast<std::size_t>(p.param);
        switch (p.op) {
            case Op::Basis:
            case Op::White: {
                const double f = P[at];
                std::array<double, 4> m = o;
                if (p.op == Op::Basis && p.ints[5] != 0)  // its seed's far offset, as a seed node adds it
                    for (std::size_t a = 0; a < 4; ++a) m[a] = o[a] + P[at + 6 + a];
                const std::array<double, 4> q = {f * m[0], f * m[1], f * m[2], f * m[3]};
                std::array<long long, 4> period{};
                if (p.op == Op::Basis)
                    for (std::size_t a = 0; a < 4; ++a) period[a] = static_cast<long long>(P[at + 2 + a]) * periodScale;
                const Basis b = p.op == Op::Basis ? static_cast<Basis>(p.ints[0]) : Basis::Value;
                out.push_back(latticeFrame<T>(q, b, plan.dims, f, period, plan.world));
                break;
            }
#define GLN_LEAF_CASE(op)                                                                   \
    case Op::op: out.push_back(graph::leaf::op::template frame<T>(o, P.data() + at, p.ints, plan.dims)); break;
#define GLN_GRAPH_KIND(op, name, group, role) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_LEAF_CASE
            case Op::Fractal: {
                const int octaves = p.ints[1];
                const bool rotate = p.ints[2] != 0;
                const std::size_t stride = rotate ? 18 : 2;
                for (int i = 0; i < octaves; ++i) {
                    const std::size_t k = at + 3 + stride * static_cast<std::size_t>(i);
                    std::array<double, 4> q{};
                    if (rotate) {
                        for (std::size_t r = 0; r < 4; ++r)
                            for (std::size_t c = 0; c < 4; ++c) q[r] += P[k + 2 + 4 * r + c] * o[c];
                    } else {
                        for (std::size_t a = 0; a < 4; ++a) q[a] = P[k + 1] * o[a];
                    }
                    appendScope(plan, p.scope, q, periodScale * std::llround(P[k + 1]), out);
                }
                break;
            }
            case Op::Scale:
            case Op::Offset:
            case Op::Seed: {
                std::array<double, 4> q{};
                for (std::size_t a = 0; a < 4; ++a) q[a] = p.op == Op::Scale ? P[at + a] * o[a] : o[a] + P[at + a];
                appendScope(plan, p.scope, q, periodScale, out);
                break;
            }
            case Op::Rotate: {
                std::array<double, 4> q = o;
                const auto a = static_cast<std::size_t>(p.ints[0]), b = static_cast<std::size_t>(p.ints[1]);
                q[a] = P[at] * o[a] - P[at + 1] * o[b];
                q[b] = P[at + 1] * o[a] + P[at] * o[b];
                appendScope(plan, p.scope, q, periodScale, out);
                break;
            }
            case Op::CellularLookup: {
                // Its cells' frame, then its source's at the same point (the twin moves it
                // to the feature point by an offset).
                const double f = P[at];
                out.push_back(latticeFrame<T>({f * o[0], f * o[1], f * o[2], f * o[3]}, Basis::Cellular, plan.dims, f, {}, plan.world));
                appendScope(plan, p.scope, o, periodScale, out);
                break;
            }
            case Op::Warp: appendScope(plan, p.scope, o, periodScale, out); break;
            default: break;
        }
    }
}

}  // namespace

GraphPlan planGraph(const Graph& graph) {
    GraphPlan plan;
    plan.dims = graph.space.dims;
    plan.world = graph.space.worldHash;
    plan.gradient = graph.space.output != Output::Value;
    Builder b{graph, plan, {}};
    // Scope 0 is the output's: make it first, then its sources after it.
    plan.scopes.emplace_back();
    PlanScope root;
    std::map<std::string, int> slot;
    b.add(graph.out, root, slot);
    plan.scopes[0] = std::move(root);
    plan.framesPerPoint = plan.scopes[0].frames;
    return plan;
}

template <class T>
void GraphPlan::appendFrames(const std::array<double, 4>& origin, std::vector<GlnFrame<T>>& out) const {
    appendScope(*this, 0, origin, 1, out);
}

template <class T>
void GraphPlan::appendAnchorFrames(const NoiseSpec& space, const AnchorLayout& layout, std::vector<GlnFrame<T>>& out) const {
    const std::array<double, 4> origin = gridOrigin(space);
    for (int kz = 0; kz < layout.count[2]; ++kz)
        for (int ky = 0; ky < layout.count[1]; ++ky)
            for (int kx = 0; kx < layout.count[0]; ++kx) {
                const std::int64_t k[3] = {kx, ky, kz};
                std::array<double, 4> o = origin;
                for (std::size_t a = 0; a < 3; ++a) o[a] += static_cast<double>(layout.first[a] + k[a] * kAnchor);
                appendFrames(o, out);
            }
}

template void GraphPlan::appendFrames<float>(const std::array<double, 4>&, std::vector<GlnFrame<float>>&) const;
template void GraphPlan::appendFrames<double>(const std::array<double, 4>&, std::vector<GlnFrame<double>>&) const;
template void GraphPlan::appendAnchorFrames<float>(const NoiseSpec&, const AnchorLayout&, std::vector<GlnFrame<float>>&) const;
template void GraphPlan::appendAnchorFrames<double>(const NoiseSpec&, const AnchorLayout&, std::vector<GlnFrame<double>>&) const;

}  // namespace glnoise::cpu
