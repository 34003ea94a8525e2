// SPDX-License-Identifier: MIT
#include "glnoise/fields.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include "glnoise/format.hpp"
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
bool isMinkowski(const NoiseSpec& s) { return isCellular(s) && s.cellDistance == CellDistance::Minkowski; }
bool isSmoothF1(const NoiseSpec& s) { return isCellular(s) && s.cellReturn == CellReturn::SmoothF1; }
bool turns(const NoiseSpec& s) { return s.octaves > 1 || s.warpAmount != 0.0; }  // octave 0 is not turned

// The value of a field's member in a default NoiseSpec, as the help writes it.
template <class T>
std::string defaultText(T NoiseSpec::*member) {
    static const NoiseSpec defaults;
    const T& v = defaults.*member;
    if constexpr (std::is_same_v<T, double>) {
        return formatNumber(v);
    } else if constexpr (std::is_same_v<T, int>) {
        return std::to_string(v);
    } else if constexpr (std::is_enum_v<T>) {
        return toString(v);
    } else {
        return "";
    }
}

// The kinds a member of kind type E takes, as "a, b, c or d" with the default's name
// followed by "(default)", and each kind glossed as `glosses` says ("name=gloss; ..."): a
// gloss follows its name in parentheses, after "default: " for the default. A kind named
// none that is the default (no pattern) is the field left out, not a choice.
template <class E>
std::string choicesText(E NoiseSpec::*member, const std::vector<Kind<E>>& kinds, const std::string& glosses) {
    static const NoiseSpec defaults;
    std::map<std::string, std::string> gloss;
    for (std::size_t at = 0; at < glosses.size();) {
        std::size_t end = glosses.find("; ", at);
        if (end == std::string::npos) end = glosses.size();
        const std::string pair = glosses.substr(at, end - at);
        const std::size_t eq = pair.find('=');
        gloss[pair.substr(0, eq)] = pair.substr(eq + 1);
        at = end + 2;
    }
    std::vector<std::string> names;
    for (const Kind<E>& k : kinds) {
        const bool isDefault = k.value == defaults.*member;
        if (isDefault && std::string(k.name) == "none") continue;
        std::string name = k.name;
        const auto g = gloss.find(name);
        if (isDefault) name += g == gloss.end() ? " (default)" : " (default: " + g->second + ")";
        else if (g != gloss.end()) name += " (" + g->second + ")";
        names.push_back(name);
    }
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return text;
}

template <class M>
std::string choicesOf(M member, const std::string& glosses) {
    using T = FieldValue<M>;
    if constexpr (std::is_same_v<T, Curve>) return choicesText(member, curveKinds(), glosses);
    else if constexpr (std::is_same_v<T, Fractal>) return choicesText(member, fractalKinds(), glosses);
    else if constexpr (std::is_same_v<T, Output>) return choicesText(member, outputKinds(), glosses);
    else if constexpr (std::is_same_v<T, Pattern>) return choicesText(member, patternKinds(), glosses);
    else if constexpr (std::is_same_v<T, CellReturn>) return choicesText(member, cellReturnKinds(), glosses);
    else if constexpr (std::is_same_v<T, CellDistance>) return choicesText(member, cellDistanceKinds(), glosses);
    else return "";
}

// A field's help with its facts filled in: {default} (a default NoiseSpec's value), {min}
// and {max} (the field's limits), {kinds} (a basis's names, "a, b, c") and {choices ...}
// (choicesText; glosses after the word).
std::string renderHelp(const SpecField& f) {
    std::string out;
    const std::string& t = f.help;
    for (std::size_t at = 0; at < t.size();) {
        const std::size_t open = t.find('{', at);
        if (open == std::string::npos) {
            out += t.substr(at);
            break;
        }
        const std::size_t close = t.find('}', open);
        out += t.substr(at, open - at);
        const std::string word = t.substr(open + 1, close - open - 1);
        if (word == "default") out += std::visit([](auto m) { return defaultText(m); }, f.member);
        else if (word == "meaning") out += f.meaning;
        else if (word == "range") out += f.rangeText();
        else if (word == "min") out += formatNumber(f.min);
        else if (word == "max") out += formatNumber(f.max);
        else if (word == "kinds") out += kindNames(basisKinds());
        else if (word.rfind("choices", 0) == 0)
            out += std::visit([&](auto m) { return choicesOf(m, word.size() > 8 ? word.substr(8) : ""); }, f.member);
        else throw std::logic_error("help of --" + f.name + ": {" + word + "}");
        at = close + 1;
    }
    return out;
}

// Numbers beyond this are refused: floats would lose them, and no noise needs them.
constexpr double kHuge = 1e15;

std::vector<SpecField> makeFields() {
    const std::string octaves = "from 1 to " + std::to_string(kMaxOctaves);
    const double top = kMaxOctaves;
    using S = NoiseSpec;
    // A field a graph's node shares: its help is its meaning, its range and its default.
    auto row = [](std::string name, SpecField::Member member, std::string help, std::string allowed, double min, double max,
                  bool (*applies)(const NoiseSpec&), bool signedValue) {
        SpecField f;
        f.name = std::move(name);
        f.member = member;
        f.help = std::move(help);
        f.allowed = std::move(allowed);
        f.min = min;
        f.max = max;
        f.applies = applies;
        f.signedValue = signedValue;
        return f;
    };
    auto shared = [](SpecField f, const char* meaning, const char* help = "{meaning}, {range} (default {default})") {
        f.meaning = meaning;
        f.help = help;
        return f;
    };
    auto above = [](SpecField f) {
        f.aboveMin = true;
        return f;
    };
    return {
        row("dims", &S::dims, "{min} to {max} (default: 4 with --w, 3 for a volume or with --z, else 2)",
         "1, 2, 3 or 4", 1, 4, nullptr, false),
        shared(row("basis", &S::basis, "", "", 0, 0, nullptr, false), "the noise", "{meaning}: {kinds} (default: {default})"),
        shared(row("interp", &S::interp, "", "", 0, 0, isValueBasis, false), "value noise's blend", "{meaning}: {choices}"),
        shared(row("cell-return", &S::cellReturn, "", "", 0, 0, isCellular, false), "cellular: what it returns",
               "{meaning}: {choices f1=the distance to the nearest point}"),
        shared(row("cell-distance", &S::cellDistance, "", "", 0, 0, isCellular, false), "cellular: its distance", "{meaning}: {choices}"),
        shared(row("cell-jitter", &S::cellJitter, "", "", 0, 1, isCellular, false),
               "cellular: how far points stray from their cells' centres"),
        shared(row("cell-exponent", &S::cellExponent, "", "", 1, 64, isMinkowski, false),
               "cellular, minkowski distance: the exponent e of (sum |d_i|^e)^(1/e); 1 is manhattan, 2 euclidean, and "
               "as e grows it nears chebyshev"),
        shared(row("cell-smoothness", &S::cellSmoothness, "", "", 0, 0.25, isSmoothF1, false),
               "cellular, smooth-f1: how far (in cells) the creases between cells are rounded; 0 is f1"),
        row("pattern", &S::pattern, "{choices clouds=the turbulence fractal}", "", 0, 0, nullptr, false),
        row("fractal", &S::fractal, "{choices}", "", 0, 0, notClouds, false),
        shared(row("ridge-offset", &S::ridgeOffset, "", "", -kHuge, kHuge, isRidged, true),
               "ridged: the offset in (offset - |n|)^2; a graph's hybrid_multifractal and hetero_terrain: the offset "
               "added to each octave"),
        shared(row("ridge-gain", &S::ridgeGain, "", "", 0, kHuge, isRidged, false),
               "ridged: weight of the next octave per unit of this one; a graph's hybrid_multifractal: its gain"),
        shared(above(row("frequency", &S::frequency, "", "", 0, 65536, nullptr, false)),
               "lattice cells per unit of the point (a texel of a bake)", "{meaning}, {range} (default {default} = 1/64)"),
        shared(row("octaves", &S::octaves, "", octaves, 1, top, nullptr, false), "how many octaves"),
        shared(above(row("lacunarity", &S::lacunarity, "", "", 0, kHuge, nullptr, false)), "frequency ratio between octaves"),
        shared(row("gain", &S::gain, "", "", 0, kHuge, nullptr, false), "amplitude ratio between octaves"),
        shared(row("normalize", &S::normalize, "", "", 0, 0, nullptr, false), "divide the sum by the sum of the amplitudes", "{meaning}"),
        shared(row("rotate", &S::rotate, "", "", 0, 0, turns, false),
               "turn each octave by a further 137.5 degrees (the golden angle): no creases along the lattice",
               "{meaning}; dims 2-4, not with --period"),
        row("world-hash", &S::worldHash,
         "hash the whole lattice coordinate, not the table's 256 cells per axis: a world that never repeats "
         "(off: Ken Perlin's hash, which repeats every 256 cells)",
         "", 0, 0, nullptr, false),
        row("seed", &S::seed, "unsigned 64-bit seed for a shuffled table (default: Ken Perlin's table)",
         "", 0, 0, nullptr, false),
        row("offset", &S::offset, "X,Y[,Z]: the point texel (0,0) samples (default 0,0,0)",
         "", -kHuge, kHuge, nullptr, true),
        row("z", &S::z, "z of a 2D slice of 3D noise (implies --dims 3), {range}", "", -kHuge, kHuge, hasZ, true),
        row("w", &S::w, "the fourth coordinate of 4D noise (implies --dims 4), {range}", "", -kHuge, kHuge, hasW, true),
        shared(row("period", &S::period, "", "1 to 4 comma-separated integers between 0 (none) and " + std::to_string(kMaxPeriod), 0,
                kMaxPeriod, nullptr, false),
               "lattice period in cells per axis at octave 0 (0: none): tileable", "PX[,PY[,PZ[,PW]]]: {meaning}; each {range}"),
        row("output", &S::output, "{choices gradient=value + d/dx, d/dy, d/dz; normal=a normal map}",
         "", 0, 0, nullptr, false),
        row("height-scale", &S::heightScale, "normal: height of the heightmap per unit of noise, in texels, {range} (default {default})",
         "", -1e6, 1e6, isNormalMap, true),
        row("warp-amount", &S::warpAmount, "domain warp displacement, in cells of --frequency, {range} (default {default}: none)",
         "", -1e6, 1e6, nullptr, true),
        row("warp-octaves", &S::warpOctaves, "octaves of the warp's fBm, {range} (default {default})",
         octaves, 1, top, isWarped, false),
        row("warp-frequency", &S::warpFrequency, "the warp's frequency in cells per texel, {range} (default: --frequency)",
         "", 0, 65536, isWarped, false),
        row("warp-depth", &S::warpDepth, "{default} (default) or {max}: warp the warped point again", "1 or 2", 1, 2, isWarped, false),
        shared(row("pattern-scale", &S::patternScale, "", "", -kHuge, kHuge, hasSine, true),
               "marble and wood: k in sin(x + k noise), how far the noise bends the stripes"),
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
    static const std::vector<SpecField> fields = [] {
        std::vector<SpecField> made = makeFields();
        for (SpecField& f : made) f.help = renderHelp(f);
        return made;
    }();
    return fields;
}

const SpecField* findSpecField(const std::string& name) {
    for (const SpecField& f : specFields())
        if (f.name == name) return &f;
    return nullptr;
}

const SpecField* findSpecKey(const std::string& key) {
    for (const SpecField& f : specFields())
        if (f.key() == key) return &f;
    return nullptr;
}

bool SpecField::allows(double v) const {
    if (!std::isfinite(v)) return false;
    if (v != 0.0 && std::fabs(v) < static_cast<double>(std::numeric_limits<float>::min())) return false;
    return (aboveMin ? v > min : v >= min) && v <= max;
}

std::string SpecField::rangeWords(double min, double max, bool aboveMin) {
    // Whole numbers whole, the edge of what floats keep as 1e15.
    auto shown = [](double v) {
        if (std::fabs(v) == kHuge) return std::string(v < 0 ? "-1e15" : "1e15");
        if (v == std::floor(v) && std::fabs(v) < kHuge) return std::to_string(static_cast<long long>(v));
        return formatNumber(v);
    };
    if (aboveMin) return "above " + shown(min) + " and at most " + shown(max);
    return "from " + shown(min) + " to " + shown(max);
}

}  // namespace glnoise
