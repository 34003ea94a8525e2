#include "cli/flags.hpp"

#include "glnoise/error.hpp"

namespace glnoise::cli {

void addNoiseFlags(CLI::App* app, NoiseArgs& a) {
    app->add_option("--dims", a.dims, "2 or 3 (default: 3 for a volume or with --z, else 2)");
    app->add_option("--frequency", a.frequency, "lattice cells per texel, > 0 (default 0.015625 = 1/64)");
    app->add_option("--octaves", a.octaves, "fBm octaves, 1 to 32 (default 1)");
    app->add_option("--lacunarity", a.lacunarity, "frequency ratio between octaves, > 0 (default 2)");
    app->add_option("--gain", a.gain, "amplitude ratio between octaves, >= 0 (default 0.5)");
    app->add_flag("--normalize", a.normalize, "divide the sum by the sum of the amplitudes");
    app->add_option("--seed", a.seed, "unsigned 64-bit seed for a shuffled table (default: Ken Perlin's table)");
    app->add_option("--offset", a.offset, "X,Y[,Z]: the point texel (0,0) samples (default 0,0,0)");
    app->add_option("--z", a.z, "z of a 2D slice of 3D noise (implies --dims 3)");
}

Grid parseSizeFlag(const std::string& text) {
    try {
        return parseSize(text);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
}

}  // namespace glnoise::cli
