// SPDX-License-Identifier: MIT
// The graphs the port tests run as one function in every shader language, and the
// verdict on what a language computed for one, as `glnoise check` gives it.
//
//   glnoise_port_graphs --draw --seed S --out DIR
//       Draws random graphs (the property tests' draw) until together they hold every kind
//       of the kind table, keeping each that adds one and whose tolerances are at most 100
//       (a wider one says little of a language's values): DIR/graphs.txt names them, a line
//       each: "NAME WIDTH HEIGHT DEPTH DIMS"; DIR/NAME.json is the graph, its offset moved
//       to the draw's place, and DIR/NAME.i32 its permutation table (512 entries).
//   glnoise_port_graphs --check GRAPH.json --grid W H D --values FILE --scale X --least L
//       Compares FILE (4 floats per texel, x fastest, then y, then z: what gln_graph
//       returned at texel (x, y, z)) with the reference's bake of the graph, channel by
//       channel within the graph's tolerance times X and at least L, as check does (a graph
//       with jumps may differ at a few texels). Prints each channel's line; exit 0 when it
//       passes.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/agreement.hpp"
#include "glnoise/cpu.hpp"
#include "glnoise/glnoise.hpp"
#include "random_graphs.hpp"

namespace {

using namespace glnoise;

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

int draw(std::uint64_t seed, const std::string& dir) {
    std::filesystem::create_directories(dir);
    std::mt19937_64 rng(seed);
    test::GraphDrawer drawer(rng);
    std::set<std::string> all, covered;
    for (const GraphKind& k : graphKinds()) all.insert(k.name);
    std::ofstream list(dir + "/graphs.txt");
    int kept = 0;
    for (int tries = 0; covered != all; ++tries) {
        if (tries > 20000) throw std::runtime_error("the draw did not reach every kind in 20000 graphs");
        test::GraphDraw d = drawer.draw();
        const Grid grid{std::min(d.grid.width, 24), std::min(d.grid.height, 12), std::min(d.grid.depth, 2)};
        if (!test::withinTheTolerancesMagnitudes(d.graph, grid)) continue;
        // A tolerance as wide as the graph's values says little: such a graph waits for another.
        const std::array<double, 4> tolerance = cpu::agreementTolerance(d.graph);
        if (*std::max_element(tolerance.begin(), tolerance.end()) > 100.0) continue;
        bool adds = false;
        for (const auto& [id, n] : d.graph.nodes) adds = adds || !covered.count(n.kind);
        if (!adds) continue;
        for (const auto& [id, n] : d.graph.nodes) covered.insert(n.kind);
        Graph& g = d.graph;
        for (int a = 0; a < std::min(g.space.dims, 3); ++a)
            g.space.offset[static_cast<std::size_t>(a)] += static_cast<double>(d.start[static_cast<std::size_t>(a)]);
        const std::string name = "graph-" + std::to_string(kept++);
        std::ofstream(dir + "/" + name + ".json") << g.json();
        list << name << " " << grid.width << " " << grid.height << " " << grid.depth << " " << g.space.dims << "\n";
        const Permutation table = Permutation::forSeed(g.space.seed);
        const std::vector<int> entries(table.table().begin(), table.table().end());
        std::ofstream(dir + "/" + name + ".i32", std::ios::binary)
            .write(reinterpret_cast<const char*>(entries.data()), static_cast<std::streamsize>(entries.size() * sizeof(int)));
    }
    if (!list) throw std::runtime_error("cannot write " + dir + "/graphs.txt");
    std::printf("%d graphs hold the %zu kinds\n", kept, all.size());
    return 0;
}

int check(const std::string& graphPath, const Grid& grid, const std::string& valuesPath, double scale, double least) {
    const Graph g = Graph::parse(readText(graphPath), graphPath);
    const std::string bytes = readText(valuesPath);
    const std::size_t texels = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.height) *
                               static_cast<std::size_t>(grid.depth);
    if (bytes.size() != 16 * texels)
        throw std::runtime_error(valuesPath + ": " + std::to_string(bytes.size()) + " bytes, " + std::to_string(16 * texels) +
                                 " expected (4 floats per texel)");
    std::vector<float> values(4 * texels);
    std::memcpy(values.data(), bytes.data(), bytes.size());
    const int channels = g.space.output == Output::Value ? 1 : 4;
    const app::GpuBand band = [&](const Grid& b, const TexelStart& s) {
        Image image(b.width, b.height, b.depth, channels);
        for (int z = 0; z < b.depth; ++z)
            for (int y = 0; y < b.height; ++y)
                for (int x = 0; x < b.width; ++x) {
                    const std::size_t from = static_cast<std::size_t>(((s[2] + z) * grid.height + (s[1] + y)) * grid.width + s[0] + x);
                    const std::size_t to = static_cast<std::size_t>((z * b.height + y) * b.width + x);
                    for (int c = 0; c < channels; ++c)
                        image.data[to * static_cast<std::size_t>(channels) + static_cast<std::size_t>(c)] = values[4 * from + static_cast<std::size_t>(c)];
                }
        return image;
    };
    std::array<double, 4> tolerance = cpu::agreementTolerance(g);
    for (double& t : tolerance) t = std::max(t * scale, least);
    const std::optional<app::CheckVerdict> verdict = app::checkGrid(g, grid, grid.height, tolerance, band, 1);
    for (const auto& c : verdict->channels) std::printf("  %s\n", c.line.c_str());
    if (verdict->jumpy) std::printf("  texels beyond the tolerance: %lld of %lld\n", static_cast<long long>(verdict->jumps),
                                    static_cast<long long>(verdict->texels));
    return verdict->passed ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const std::vector<std::string> a(argv + 1, argv + argc);
        if (a.size() == 5 && a[0] == "--draw" && a[1] == "--seed" && a[3] == "--out") return draw(std::stoull(a[2]), a[4]);
        if (a.size() == 12 && a[0] == "--check" && a[2] == "--grid" && a[6] == "--values" && a[8] == "--scale" && a[10] == "--least")
            return check(a[1], Grid{std::stoi(a[3]), std::stoi(a[4]), std::stoi(a[5])}, a[7], std::stod(a[9]), std::stod(a[11]));
        throw std::runtime_error("usage: glnoise_port_graphs --draw --seed S --out DIR | --check GRAPH.json --grid W H D "
                                 "--values FILE --scale X --least L");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "glnoise_port_graphs: error: %s\n", e.what());
        return 2;
    }
}
