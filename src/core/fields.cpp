// SPDX-License-Identifier: MIT
#include "core/fields.hpp"

#include <algorithm>

#include "glnoise/catalogue.hpp"

namespace glnoise {

namespace {

bool isValueBasis(const NoiseSpec& s) { return s.basis == Basis::Value; }
bool isRidged(const NoiseSpec& s) { return s.fractal == Fractal::Ridged; }
bool notClouds(const NoiseSpec& s) { return s.pattern != Pattern::Clouds; }  // clouds is turbulence
bool hasZ(const NoiseSpec& s) { return s.dims >= 3; }
bool hasW(const NoiseSpec& s) { return s.dims == 4; }
bool isNormalMap(const NoiseSpec& s) { return s.output == Output::Normal; }
bool isWarped(const NoiseSpec& s) { return s.warpAmount != 0.0; }
bool hasSine(const NoiseSpec& s) { return s.pattern == Pattern::Marble || s.pattern == Pattern::Wood; }
bool isCellular(const NoiseSpec& s) { return s.basis == Basis::Cellular; }
bool turns(const NoiseSpec& s) { return s.octaves > 1 || s.warpAmount != 0.0; }  // octave 0 is not turned

std::vector<SpecField> makeFields() {
    const std::string octaves = "between 1 and " + std::to_string(kMaxOctaves);
    const double top = kMaxOctaves;
    using S = NoiseSpec;
    return {
        {"dims", &S::dims, "1 to 4 (default: 4 with --w, 3 for a volume or with --z, else 2)",
         "1, 2, 3 or 4", 1, 4, nullptr, false},
        {"basis", &S::basis, kindNames(basisKinds()) + " (default: " + toString(Basis::Perlin) + ")",
         "", 0, 0, nullptr, false},
        {"interp", &S::interp, "value noise's blend: linear, cosine, cubic or quintic (default)",
         "", 0, 0, isValueBasis, false},
        {"cell-return", &S::cellReturn,
         "cellular: f1 (default: the distance to the nearest point), f2, f2-f1, cell-value or edge", "", 0, 0,
         isCellular, false},
        {"cell-distance", &S::cellDistance,
         "cellular: euclidean (default), euclidean-squared, manhattan or chebyshev", "", 0, 0, isCellular, false},
        {"cell-jitter", &S::cellJitter, "cellular: how far points stray from their cells' centres, 0 to 1 (default 1)",
         "", 0, 1, isCellular, false},
        {"pattern", &S::pattern, "marble, wood or clouds (the turbulence fractal)", "", 0, 0, nullptr, false},
        {"fractal", &S::fractal, "fbm (default), turbulence, billow or ridged", "", 0, 0, notClouds, false},
        {"ridge-offset", &S::ridgeOffset, "ridged: the offset in (offset - |n|)^2 (default 1)",
         "", -1e3, 1e3, isRidged, true},
        {"ridge-gain", &S::ridgeGain, "ridged: weight of the next octave per unit of this one, >= 0 (default 2)",
         "", 0, 1e3, isRidged, false},
        {"frequency", &S::frequency, "lattice cells per texel, > 0 (default 0.015625 = 1/64)",
         "", 1e-9, 65536, nullptr, false},
        {"octaves", &S::octaves, "fBm octaves, 1 to 32 (default 1)", octaves, 1, top, nullptr, false},
        {"lacunarity", &S::lacunarity, "frequency ratio between octaves, > 0 (default 2)",
         "", 1e-3, 1e3, nullptr, false},
        {"gain", &S::gain, "amplitude ratio between octaves, >= 0 (default 0.5)", "", 0, 1e3, nullptr, false},
        {"normalize", &S::normalize, "divide the sum by the sum of the amplitudes", "", 0, 0, nullptr, false},
        {"rotate", &S::rotate,
         "turn each octave by a further 137.5 degrees (the golden angle): no creases along the lattice; dims 2-4, "
         "not with --period",
         "", 0, 0, turns, false},
        {"seed", &S::seed, "unsigned 64-bit seed for a shuffled table (default: Ken Perlin's table)",
         "", 0, 0, nullptr, false},
        {"offset", &S::offset, "X,Y[,Z]: the point texel (0,0) samples (default 0,0,0)",
         "", -1e15, 1e15, nullptr, true},
        {"z", &S::z, "z of a 2D slice of 3D noise (implies --dims 3)", "", -1e15, 1e15, hasZ, true},
        {"w", &S::w, "the fourth coordinate of 4D noise (implies --dims 4)", "", -1e15, 1e15, hasW, true},
        {"period", &S::period, "PX[,PY[,PZ[,PW]]]: lattice period in cells at octave 0 (0: none); tileable",
         "1 to 4 comma-separated integers between 0 (none) and " + std::to_string(kMaxPeriod), 0, kMaxPeriod,
         nullptr, false},
        {"output", &S::output, "value (default), gradient (value + d/dx, d/dy, d/dz) or normal (a normal map)",
         "", 0, 0, nullptr, false},
        {"height-scale", &S::heightScale, "normal: height of the heightmap per unit of noise, in texels (default 1)",
         "", -1e6, 1e6, isNormalMap, true},
        {"warp-amount", &S::warpAmount, "domain warp displacement, in cells of --frequency (default 0: none)",
         "", -1e6, 1e6, nullptr, true},
        {"warp-octaves", &S::warpOctaves, "octaves of the warp's fBm, 1 to 32 (default 4)",
         octaves, 1, top, isWarped, false},
        {"warp-frequency", &S::warpFrequency, "the warp's frequency in cells per texel (default: --frequency)",
         "", 0, 65536, isWarped, false},
        {"warp-depth", &S::warpDepth, "1 (default) or 2: warp the warped point again", "1 or 2", 1, 2, isWarped, false},
        {"pattern-scale", &S::patternScale, "marble and wood: k in sin(x + k * noise) (default 5)",
         "", -1e3, 1e3, hasSine, true},
    };
}

}  // namespace

std::string SpecField::key() const {
    std::string k = name;
    std::replace(k.begin(), k.end(), '-', '_');
    return k;
}

bool SpecField::isSet(const NoiseSpec& spec) const {
    static const NoiseSpec defaults;
    return std::visit([&](auto m) { return spec.*m != defaults.*m; }, member);
}

const std::vector<SpecField>& specFields() {
    static const std::vector<SpecField> fields = makeFields();
    return fields;
}

const SpecField* findSpecField(const std::string& name) {
    for (const SpecField& f : specFields())
        if (f.name == name) return &f;
    return nullptr;
}

}  // namespace glnoise
