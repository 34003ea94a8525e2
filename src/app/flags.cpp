// SPDX-License-Identifier: MIT
#include "app/flags.hpp"

#include "glnoise/catalogue.hpp"

#include "app/bake.hpp"
#include "glnoise/error.hpp"

namespace glnoise::app {

void addNoiseFlags(CLI::App* app, NoiseArgs& a) {
    app->add_option("--basis", a.basis, kindNames(basisKinds()) + " (default: " + toString(Basis::Perlin) + ")");
    app->add_option("--interp", a.interp, "value noise's blend: linear, cosine, cubic or quintic (default)");
    app->add_option("--fractal", a.fractal, "fbm (default), turbulence, billow or ridged");
    app->add_option("--dims", a.dims, "1 to 4 (default: 4 with --w, 3 for a volume or with --z, else 2)");
    app->add_option("--frequency", a.frequency, "lattice cells per texel, > 0 (default 0.015625 = 1/64)");
    app->add_option("--octaves", a.octaves, "fBm octaves, 1 to 32 (default 1)");
    app->add_option("--lacunarity", a.lacunarity, "frequency ratio between octaves, > 0 (default 2)");
    app->add_option("--gain", a.gain, "amplitude ratio between octaves, >= 0 (default 0.5)");
    app->add_flag("--normalize", a.normalize, "divide the sum by the sum of the amplitudes");
    app->add_option("--seed", a.seed, "unsigned 64-bit seed for a shuffled table (default: Ken Perlin's table)");
    app->add_option("--offset", a.offset, "X,Y[,Z]: the point texel (0,0) samples (default 0,0,0)");
    app->add_option("--z", a.z, "z of a 2D slice of 3D noise (implies --dims 3)");
    app->add_option("--w", a.w, "the fourth coordinate of 4D noise (implies --dims 4)");
    app->add_option("--ridge-offset", a.ridgeOffset, "ridged: the offset in (offset - |n|)^2 (default 1)");
    app->add_option("--ridge-gain", a.ridgeGain, "ridged: weight of the next octave per unit of this one, >= 0 (default 2)");
    app->add_option("--period", a.period, "PX[,PY[,PZ[,PW]]]: lattice period in cells at octave 0 (0: none); tileable");
    app->add_option("--output", a.output, "value (default), gradient (value + d/dx, d/dy, d/dz) or normal (a normal map)");
    app->add_option("--height-scale", a.heightScale, "normal: height of the heightmap per unit of noise, in texels (default 1)");
    app->add_option("--warp-amount", a.warpAmount, "domain warp displacement, in cells of --frequency (default 0: none)");
    app->add_option("--warp-octaves", a.warpOctaves, "octaves of the warp's fBm, 1 to 32 (default 4)");
    app->add_option("--warp-frequency", a.warpFrequency, "the warp's frequency in cells per texel (default: --frequency)");
    app->add_option("--warp-depth", a.warpDepth, "1 (default) or 2: warp the warped point again");
    app->add_option("--pattern", a.pattern, "marble, wood or clouds (the turbulence fractal)");
    app->add_option("--pattern-scale", a.patternScale, "marble and wood: k in sin(x + k * noise) (default 5)");
}

Grid parseSizeFlag(const std::string& text, const std::string& flag, int maxEdge) {
    try {
        return parseSize(text, maxEdge);
    } catch (const ValidationError& e) {
        std::vector<std::string> v;
        for (const auto& s : e.violations()) v.push_back(flag + s.substr(4));  // "size ..." -> flag
        throw ValidationError(std::move(v));
    }
}

Grid parseBakeSize(const std::string& flag, const std::string& text) { return parseSizeFlag(text, flag, kMaxBakeEdge); }

void refuseEmptyValues(const CLI::App& app) {
    for (const CLI::Option* o : app.get_options()) {
        if (o->count() == 0 || o->get_items_expected_min() == 0) continue;  // flags take no value
        for (const std::string& value : o->results())
            if (value.empty())
                throw ValidationError(o->get_name() + " '': is empty; give a value or leave the option out");
    }
    for (const CLI::App* sub : app.get_subcommands()) refuseEmptyValues(*sub);
}

std::string oneLine(const CLI::Error& e) {
    std::string what = e.what();
    for (char& c : what)
        if (c == '\n' || c == '\r') c = ' ';
    while (!what.empty() && what.back() == ' ') what.pop_back();
    return what;
}

std::string joinedNames(const std::vector<std::string>& names) {
    std::string s;
    for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

}  // namespace glnoise::app
