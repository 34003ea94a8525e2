// SPDX-License-Identifier: MIT
// Graphs on the CPU (glnoise/cpu.hpp): the reference runs a graph's plan with the mirror's
// twins (graph/twin.hpp), texel for texel as the graph shader does.
#include <algorithm>

#include "core/graph_eval.hpp"
#include "core/reference.hpp"
#include "core/simd.hpp"
#include "glnoise/cpu.hpp"
#include "graph/twin.hpp"

namespace glnoise::cpu {

namespace {

template <bool kGrad, class T>
vec4<T> run(const Permutation& table, const GraphPlan& plan, const std::vector<T>& params, std::vector<vec4<T>>& slots,
            const GlnFrame<T>* frames, vec3<T> s) {
    GraphEval<kGrad, T> eval{table, plan, params.data(), slots};
    return eval.scope(0, vec4<T>(s.x, s.y, s.z, T(0)), frames);
}

// Whether some leaf of the plan hashes triangles through the table (simd::hashesTriangles).
bool hashesTriangles(const GraphPlan& plan) {
    for (const PlanScope& scope : plan.scopes)
        for (const PlanOp& p : scope.ops)
            if (p.op == Op::Basis && simd::hashesTriangles(p.ints[4], scope.dims, plan.world)) return true;
    return false;
}

}  // namespace

namespace simd {

// The texels of a piece of a row share the row's y and z, which the first scope's point is.
std::vector<RowFractal> rowFractals(const GraphPlan& plan) {
    std::vector<RowFractal> rows;
    if (plan.gradient || plan.scopes.empty()) return rows;
    const auto lattice = [](int basis) {
        return basis == GLN_BASIS_PERLIN || basis == GLN_BASIS_CLASSIC || basis == GLN_BASIS_VALUE || basis == GLN_BASIS_PERLIN_VALUE;
    };
    const int dims = plan.scopes[0].dims;
    for (const PlanOp& p : plan.scopes[0].ops) {
        if (p.op == Op::Basis) {
            if (lattice(p.ints[4]) && (dims == 2 || dims == 3))
                rows.push_back(RowFractal{&p, 0, RowFractal::kPlainLeaf, 1, p.ints[4], p.ints[1], dims, p.frame,
                                          static_cast<int>(rows.size())});
            continue;
        }
        int frame = 0;
        const PlanScope* source = fusedLeaf(plan, p, frame);
        if (source == nullptr) continue;
        const PlanOp& leaf = source->ops[0];
        const int type = p.ints[0], basis = leaf.ints[4];
        const bool spectral = type == GLN_FBM || type == GLN_TURBULENCE || type == GLN_BILLOW || type == GLN_RIDGED;
        if (!lattice(basis) || !spectral || p.ints[2] != 0 || p.ints[3] != 0 || p.ints[1] > kMaxOctaves ||
            (source->dims != 2 && source->dims != 3))
            continue;
        rows.push_back(RowFractal{&p, p.param, type, p.ints[1], basis, leaf.ints[1], source->dims, frame + leaf.frame,
                                  static_cast<int>(rows.size())});
    }
    return rows;
}

bool inColumns(const GraphPlan& plan) {
    if (plan.gradient || plan.scopes.empty() || plan.scopes[0].ops.size() < 2) return false;
    for (const PlanOp& p : plan.scopes[0].ops) {
        int frame = 0;
        const graph::Role role = graph::roleOf(p.op);
        if (p.op != Op::Basis && p.op != Op::White && role != graph::Role::Value && role != graph::Role::Leaf &&
            fusedLeaf(plan, p, frame) == nullptr)
            return false;
    }
    return true;
}

}  // namespace simd

int outputChannels(const Graph& graph) { return graph.space.output == Output::Value ? 1 : 4; }

// What every texel of a graph's grid reads besides its offset: the table, each anchor's
// frames and the parameters, as float.
struct GraphGrid {
    Permutation table;
    AnchorLayout layout{};
    std::vector<GlnFrame<float>> frames;
    std::vector<float> params;

    GraphGrid(const Graph& graph, const GraphPlan& plan, const Grid& grid, const TexelStart& start)
        : table(Permutation::forSeed(graph.space.seed)) {
        grid.validate();
        validateStart(start, grid);
        layout = anchorLayout(grid, start);
        plan.appendAnchorFrames(graph.space, layout, frames);
        params = plan.paramsAs<float>();
    }
};

Image evaluatePlan(const Graph& graph, const GraphPlan& plan, const Grid& grid, const TexelStart& start, unsigned threads) {
    const GraphGrid g(graph, plan, grid, start);
    const int channels = outputChannels(graph);
    Image image(grid.width, grid.height, grid.depth, channels);
    inBands(grid.height * grid.depth, threads, [&](int firstRow, int endRow) {
        std::vector<vec4<float>> slots;
        eachTexel(grid, g.layout, firstRow, endRow, [&](int x, int y, int z, vec3<float> s, int block) {
            const GlnFrame<float>* f = g.frames.data() + static_cast<std::size_t>(block) * static_cast<std::size_t>(plan.framesPerPoint);
            const vec4<float> v = graphOutput(graph.space, plan.gradient ? run<true>(g.table, plan, g.params, slots, f, s)
                                                                         : run<false>(g.table, plan, g.params, slots, f, s));
            float* out = &image.data[image.index(x, y, z)];
            for (int c = 0; c < channels; ++c) out[c] = v[c];
        });
    });
    return image;
}

Image evaluatePlanSimd(const Graph& graph, const GraphPlan& plan, const Grid& grid, const TexelStart& start, unsigned threads) {
    simd::requireAvailable();
    const GraphGrid g(graph, plan, grid, start);
    Image image(grid.width, grid.height, grid.depth, outputChannels(graph));
    std::vector<std::uint32_t> plane;
    if (simd::planeWorthIt(grid.texels(), plan.framesPerPoint) && hashesTriangles(plan)) plane = simd::hashPlane(g.table);
    const simd::GraphJob job{&graph.space, &plan, &g.table, plane.empty() ? nullptr : plane.data(), g.params.data(),
                             g.frames.data(), g.layout, grid, image.data.data(), image.channels};
    inBands(grid.height * grid.depth, threads,
            [&job](int firstRow, int endRow) { simd::evaluateGraphRows(job, firstRow, endRow); });
    return image;
}

Image evaluateSimd(const Graph& graph, const Grid& grid, const TexelStart& start, unsigned threads) {
    graph.validate();
    graph.requirePointwise("cpu::evaluateSimd");
    if (const auto spec = specOf(graph)) return evaluateSimd(*spec, grid, start, threads);
    return evaluatePlanSimd(graph, planGraph(graph), grid, start, threads);
}

Image evaluate(const Graph& graph, const Grid& grid, const TexelStart& start, unsigned threads) {
    graph.validate();
    graph.requirePointwise("cpu::evaluate");
    if (const auto spec = specOf(graph)) return evaluate(*spec, grid, start, threads);
    return evaluatePlan(graph, planGraph(graph), grid, start, threads);
}

std::vector<float> evaluatePoints(const Graph& graph, const std::vector<Point>& points) {
    graph.validate();
    graph.requirePointwise("cpu::evaluatePoints");
    if (const auto spec = specOf(graph)) return evaluatePoints(*spec, points);
    const GraphPlan plan = planGraph(graph);
    const Permutation table = Permutation::forSeed(graph.space.seed);
    const std::vector<float> params = plan.paramsAs<float>();
    const int channels = outputChannels(graph);
    std::vector<float> values;
    std::vector<GlnFrame<float>> frames;
    std::vector<vec4<float>> slots;
    for (const Point& pt : points) {
        frames.clear();
        plan.appendFrames(pointOrigin(graph.space, pt), frames);
        const vec3<float> s(0.0f);
        const vec4<float> v = graphOutput(graph.space, plan.gradient ? run<true>(table, plan, params, slots, frames.data(), s)
                                                                     : run<false>(table, plan, params, slots, frames.data(), s));
        for (int c = 0; c < channels; ++c) values.push_back(v[c]);
    }
    return values;
}

std::array<double, 4> evaluateDoubleOutput(const Graph& graph, const Point& p) {
    graph.validate();
    graph.requirePointwise("cpu::evaluateDoubleOutput");
    if (const auto spec = specOf(graph)) return evaluateDoubleOutput(*spec, Permutation::forSeed(graph.space.seed), p);
    return evaluatePlanDouble(graph, planGraph(graph), p);
}

std::array<double, 4> evaluatePlanDouble(const Graph& graph, const GraphPlan& plan, const Point& p) {
    const Permutation table = Permutation::forSeed(graph.space.seed);
    std::vector<GlnFrame<double>> frames;
    plan.appendFrames(pointOrigin(graph.space, p), frames);
    std::vector<vec4<double>> slots;
    const std::vector<double> params = plan.paramsAs<double>();
    const vec3<double> s(0.0);
    const vec4<double> v = graphOutput(graph.space, plan.gradient ? run<true>(table, plan, params, slots, frames.data(), s)
                                                                  : run<false>(table, plan, params, slots, frames.data(), s));
    return {v.x, v.y, v.z, v.w};
}

}  // namespace glnoise::cpu
