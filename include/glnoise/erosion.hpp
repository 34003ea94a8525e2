// SPDX-License-Identifier: MIT
// glnoise/erosion.hpp: terrain after noise. Hydraulic erosion on a grid (the virtual-pipe
// model of Mei, Decaudin and Hu, 2007, with sediment moved in flux form so that it is
// conserved), thermal erosion as a gather, and the heightfield operators the masks need
// (slope, curvature, blur, D8 flow accumulation). Every step is data-parallel and
// deterministic: each cell computes its own update from the last state alone, so the
// result does not depend on the order cells are visited in or the threads that visit them.
// This is the C++ twin; the GPU runs the same arithmetic (docs/erosion.md).
//
//   glnoise::erosion::Params p;  // world units: cell size, height scale, rates per second
//   p.iterations = 500;
//   glnoise::erosion::State s = glnoise::erosion::start(heightmap, p);
//   for (int i = 0; i < p.iterations; ++i) glnoise::erosion::iterate(s, p);
//   glnoise::Image eroded = glnoise::erosion::heights(s, p);
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "glnoise/image.hpp"

namespace glnoise::gpu {
class Context;
class Texture;
}  // namespace glnoise::gpu

namespace glnoise::erosion {

struct Params {
    // The world: metres a texel spans, and metres a unit of the heightmap's value spans.
    double cellSize = 1.0;
    double heightScale = 10.0;
    int iterations = 200;
    // Hydraulic erosion. An iteration simulates `timeStep` seconds; the rates are per second.
    double timeStep = 0.05;
    double rain = 0.02;         // metres of water a second on each cell (times the rain map)
    double evaporation = 0.1;   // share of the water a second
    double capacity = 0.1;      // sediment a unit of water carries per metre a second of speed, times the slope's sine
    double dissolving = 0.3;    // share of the missing capacity dissolved a second (times 1 - hardness)
    double deposition = 0.3;    // share of the excess sediment settled a second
    double minSlope = 0.05;     // the least sine of the slope the capacity takes, so that flats carry some
    double fullDepth = 0.2;     // metres of water from which it carries its whole capacity; shallower, a share
    // Thermal erosion: material above the talus angle slides to its lower neighbours.
    double talusAngle = 35.0;   // degrees
    double thermalRate = 0.25;  // share of half the steepest excess moved an iteration; 0: none

    // The most iterations a run takes.
    static constexpr int kMostIterations = 100000;
    // The largest grid, each edge.
    static constexpr int kMostCells = 16384;

    // ValidationError naming every value out of range and what is allowed.
    void validate() const;
};

// Each number of Params by its name, the key of a record's "erosion" and of a graph's
// "erode" (cell_size); glnoise erode's flag is the name with dashes (--cell-size).
// Iterations, an integer, aside.
struct ParamNumber {
    const char* name;
    double Params::*field;
};
const std::vector<ParamNumber>& paramNumbers();

// The simulation's state, in metres. Flux and velocity are kept between iterations.
struct State {
    int width = 0, height = 0;
    std::vector<float> terrain;   // the ground's height
    std::vector<float> water;     // the water's depth
    std::vector<float> sediment;  // material carried in the water, as metres of ground
    std::vector<float> flux;      // 4 a cell: m^3/s out towards -x, +x, -y, +y
    std::vector<float> velocity;  // 2 a cell: m/s along x and y
    std::vector<float> rain;      // a factor a cell (empty: 1)
    std::vector<float> hardness;  // 0 (soft) to 1 (bedrock) a cell (empty: 0)
    // Wetness: the water's depth after each iteration, summed (metre-iterations); over the
    // iterations run, the mean depth: where water stood and ran over the whole run, not
    // only at its end.
    std::vector<float> wetness;
    // What left the map over its edges, as metres of one cell (sediment) and of water.
    double sedimentLeft = 0.0, waterLeft = 0.0;
};

// The state of a heightmap (1 channel, 2D) at rest: no water. `rain` and `hardness`, when
// given, are maps of the same size (ValidationError otherwise, or for a hardness outside
// [0, 1], a negative rain).
State start(const Image& heights, const Params& p, const Image* rain = nullptr, const Image* hardness = nullptr);
// One iteration: rain, flow, erosion and deposition, transport, evaporation, then the
// thermal step, on up to `threads` threads (0: one per core); the bytes do not depend on it.
void iterate(State& s, const Params& p, unsigned threads = 0);
// The ground as a heightmap again, in the input's units.
Image heights(const State& s, const Params& p);

// The same iterations on the GPU of `context` (current on this thread): the state is
// uploaded once and stays on the GPU between iterations; read() brings it back. Each pass
// computes what the twin computes, float by float (docs/erosion.md says how close they
// stay). What leaves the map is tallied by each edge cell in float (compensated sums), so
// read()'s sedimentLeft and waterLeft are the twin's to about 1e-6 of themselves.
class GpuErosion {
public:
    GpuErosion(const gpu::Context& context, const State& start, const Params& p);
    ~GpuErosion();
    GpuErosion(GpuErosion&&) noexcept;
    GpuErosion& operator=(GpuErosion&&) noexcept;
    GpuErosion(const GpuErosion&) = delete;
    GpuErosion& operator=(const GpuErosion&) = delete;

    // Runs `count` iterations; returns once the GPU has run them.
    void iterate(int count = 1);
    State read() const;
    // The state as two r32f textures of its size, without reading it back (a viewer's):
    // `heights` the ground in the heightmap's units (as heights() gives it), `flow` the
    // water's discharge out of each cell q as 1 - exp(-q / r), r the rain on 64 cells, so
    // 0 where no water flows and near 1 in a river.
    void show(const gpu::Texture& heights, const gpu::Texture& flow) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// How closely a run agrees with the twin's from the same start (a GPU's, or the twin's at
// other threads). One iteration is compared field by field; many iterations statistically,
// since the choice between dissolving and settling, and the flux's clamp, turn last-bit
// differences into different choices (docs/erosion.md, "The twin and the GPU").
struct Agreement {
    // max |run - twin| / (1 + max |twin|) of each field.
    double terrain = 0, water = 0, sediment = 0, flux = 0, velocity = 0;
    // The correlation of the ground's change (1 where neither changed).
    double correlation = 1;
    // Metres of ground apart, over the metres the twin moved (0 where it moved none).
    double apart = 0;
    // |run's sediment - twin's| / twin's sediment, summed over the map (0 where both hold none).
    double sedimentDrift = 0;
};
Agreement agree(const State& start, const State& run, const State& twin);

// The bounds glnoise holds a GPU to (tested on llvmpipe; stated in docs/erosion.md).
struct Bounds {
    // After one iteration.
    static constexpr double kTerrain = 1e-6, kWater = 1e-5, kSediment = 1e-5, kFlux = 1e-5, kVelocity = 1e-4;
    // After many.
    static constexpr double kCorrelation = 0.98, kApart = 0.05, kSedimentDrift = 0.02;
};
// The bounds a one-iteration Agreement breaks, one line each ("terrain 3e-06 > 1e-06");
// empty where it keeps them all.
std::vector<std::string> brokenAfterOne(const Agreement& a);
// Those a many-iteration Agreement breaks.
std::vector<std::string> brokenAfterMany(const Agreement& a);

// A whole run: p.iterations from `s`, on the GPU of `gpu` (current on this thread) or,
// null, by the twin on up to `threads` threads, in chunks of 25 iterations; `between(done)`
// (optional) is called with the iterations done before each chunk and once at the end, to
// report progress or to throw to stop. `s` is the state at the end.
void run(State& s, const Params& p, const gpu::Context* gpu, unsigned threads = 0,
         const std::function<void(int)>& between = {});

// Heightfield operators on a ground of metres, w x h, row by row.
// Slope in degrees, from central differences (one-sided at the edges).
std::vector<float> slope(const std::vector<float>& ground, int w, int h, double cellSize);
// The Laplacian (h(-x) + h(+x) + h(-y) + h(+y) - 4 h) / cellSize^2, per metre: positive in
// hollows and channels, negative on ridges; an edge takes its own height beyond the map.
std::vector<float> curvature(const std::vector<float>& ground, int w, int h, double cellSize);
// A Gaussian blur of standard deviation `sigma` cells (at most 64), the edges extended.
std::vector<float> blur(const std::vector<float>& values, int w, int h, double sigma);
// D8 flow accumulation: each cell drains to the neighbour of its 8 with the steepest descent
// (the first in the order -x, +x, -y, +y, then the diagonals on a tie; none on a pit or a
// flat); a cell's value is the count of cells that drain through it, itself included.
std::vector<float> flowAccumulation(const std::vector<float>& ground, int w, int h, double cellSize);

// The same operators as passes on the GPU of `context` (current on this thread), the
// programs compiled once. Curvature, blur and flow accumulation give their twins' floats
// bit for bit (products and sums only, every one `precise`; flow counts are integers);
// slope within 1e-3 degrees (a GPU's atan and sqrt are not correctly rounded). Flow
// accumulation runs one round per cell of the longest drainage path, to a fixed point.
class GpuOperators {
public:
    explicit GpuOperators(const gpu::Context& context);
    ~GpuOperators();
    GpuOperators(GpuOperators&&) noexcept;
    GpuOperators& operator=(GpuOperators&&) noexcept;
    GpuOperators(const GpuOperators&) = delete;
    GpuOperators& operator=(const GpuOperators&) = delete;

    std::vector<float> slope(const std::vector<float>& ground, int w, int h, double cellSize) const;
    std::vector<float> curvature(const std::vector<float>& ground, int w, int h, double cellSize) const;
    std::vector<float> blur(const std::vector<float>& values, int w, int h, double sigma) const;
    std::vector<float> flowAccumulation(const std::vector<float>& ground, int w, int h, double cellSize) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace glnoise::erosion
