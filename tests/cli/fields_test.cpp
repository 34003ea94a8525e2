// SPDX-License-Identifier: MIT
// The table of spec fields is the one list the surfaces share: every field is a flag and
// a JSON key, the command a record writes and the JSON it holds both rebuild the spec they
// came from, and every violation names the field it is about.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>
#include <sstream>

#include "app/bake.hpp"
#include "app/flags.hpp"
#include "app/preset.hpp"
#include "app/record.hpp"
#include "glnoise/fields.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/glnoise.hpp"

namespace glnoise {
namespace {

TEST(SpecFields, EveryFieldIsOneFlagAndOneJsonKey) {
    CLI::App app;
    app::NoiseArgs args;
    app::addNoiseFlags(&app, args);
    const nlohmann::json record = io::specObject(NoiseSpec{});
    std::set<std::string> names;
    for (const SpecField& f : specFields()) {
        SCOPED_TRACE(f.name);
        EXPECT_TRUE(names.insert(f.name).second) << "named twice";
        EXPECT_NE(app.get_option_no_throw("--" + f.name), nullptr);
        EXPECT_TRUE(record.contains(f.key()));
        EXPECT_FALSE(f.help.empty());
        EXPECT_FALSE(f.isSet(NoiseSpec{}));
    }
    EXPECT_EQ(record.size(), specFields().size()) << record.dump();
}

// Help comes from the facts: every choice a kind field takes is named in its help, the
// default marked, no placeholder left, and the octave limit is the catalogue's.
template <class E>
void expectChoicesNamed(const char* field, const std::vector<Kind<E>>& kinds, E byDefault) {
    const SpecField* f = findSpecField(field);
    ASSERT_NE(f, nullptr) << field;
    SCOPED_TRACE(f->help);
    for (const Kind<E>& k : kinds) {
        if (k.value == byDefault && std::string(k.name) == "none") {
            EXPECT_EQ(f->help.find("none"), std::string::npos);
            continue;
        }
        const std::string name = k.name;
        EXPECT_NE(f->help.find(name), std::string::npos) << name;
        if (k.value == byDefault) {
            EXPECT_NE(f->help.find(name + " (default"), std::string::npos) << name;
        }
    }
}

TEST(SpecFields, HelpNamesTheCataloguesChoicesAndLimits) {
    const NoiseSpec d;
    expectChoicesNamed("interp", curveKinds(), d.interp);
    expectChoicesNamed("fractal", fractalKinds(), d.fractal);
    expectChoicesNamed("output", outputKinds(), d.output);
    expectChoicesNamed("pattern", patternKinds(), d.pattern);
    expectChoicesNamed("cell-return", cellReturnKinds(), d.cellReturn);
    expectChoicesNamed("cell-distance", cellDistanceKinds(), d.cellDistance);
    for (const BasisKind& b : basisKinds()) EXPECT_NE(findSpecField("basis")->help.find(b.name), std::string::npos);
    for (const SpecField& f : specFields()) {
        EXPECT_EQ(f.help.find('{'), std::string::npos) << f.name << ": " << f.help;
    }
    const std::string octaves = findSpecField("octaves")->help;
    EXPECT_NE(octaves.find("1 to " + std::to_string(kMaxOctaves)), std::string::npos) << octaves;
    EXPECT_NE(octaves.find("(default " + std::to_string(d.octaves) + ")"), std::string::npos) << octaves;
}

// Valid specs of every kind, drawn with values that exercise signs and defaults.
std::vector<app::BakeRequest> drawRequests(int wanted) {
    std::mt19937_64 rng(20261123);
    auto pick = [&](int k) { return static_cast<int>(rng() % static_cast<unsigned>(k)); };
    const double numbers[] = {0, 1, -1, 2, 0.5, 3, -7.25, 1e7, 1.0 / 64, 5, 1e-3};
    auto number = [&] { return numbers[pick(11)]; };
    std::vector<app::BakeRequest> requests;
    while (static_cast<int>(requests.size()) < wanted) {
        app::BakeRequest r;
        NoiseSpec& s = r.spec;
        s.dims = 1 + pick(4);
        s.basis = basisKinds()[static_cast<std::size_t>(pick(static_cast<int>(basisKinds().size())))].value;
        s.interp = curveKinds()[static_cast<std::size_t>(pick(static_cast<int>(curveKinds().size())))].value;
        s.fractal = fractalKinds()[static_cast<std::size_t>(pick(static_cast<int>(fractalKinds().size())))].value;
        s.pattern = patternKinds()[static_cast<std::size_t>(pick(static_cast<int>(patternKinds().size())))].value;
        s.output = outputKinds()[static_cast<std::size_t>(pick(static_cast<int>(outputKinds().size())))].value;
        if (pick(2)) s.frequency = std::fabs(number()) + 1e-3;
        if (pick(2)) s.octaves = 1 + pick(6);
        if (pick(3) == 0) s.lacunarity = 3;
        if (pick(2)) s.gain = std::fabs(number());
        if (pick(2)) s.ridgeOffset = number();
        if (pick(2)) s.ridgeGain = std::fabs(number());
        s.normalize = pick(2) == 1;
        if (pick(2)) s.seed = rng();
        if (pick(4) == 0)
            for (int a = 0; a < s.dims; ++a) s.period[static_cast<std::size_t>(a)] = pick(2) ? 0 : 1 + pick(16);
        for (double& o : s.offset)
            if (pick(3) == 0) o = number();
        if (pick(3) == 0) s.z = number();
        if (pick(3) == 0) s.w = number();
        if (pick(3) == 0) s.heightScale = number();
        if (pick(2)) s.warpAmount = number();
        if (pick(2)) s.warpOctaves = 1 + pick(5);
        if (pick(3) == 0) s.warpFrequency = 1.0 / 32;
        if (pick(2)) s.warpDepth = 1 + pick(2);
        if (pick(2)) s.patternScale = number();
        r.size = Grid{64 + pick(3), 48, pick(3) == 0 ? 8 : 1};
        try {
            s.validate();
        } catch (const ValidationError&) {
            continue;
        }
        if (r.size.isVolume() && (s.dims < 3 || s.output == Output::Normal)) continue;
        requests.push_back(r);
    }
    return requests;
}

// The spec with every field that has no effect on it (SpecField::applies) at its default:
// the command leaves those out. (A spec read from a preset may set them; before the table
// the command also wrote offset components the command line then refused.)
std::string effectiveJson(NoiseSpec s) {
    static const NoiseSpec defaults;
    const NoiseSpec original = s;
    for (const SpecField& f : specFields())
        if (!f.appliesTo(original)) std::visit([&](auto m) { s.*m = defaults.*m; }, f.member);
    // Nor the offset's components that the noise does not see.
    if (s.dims <= 2) s.offset[2] = 0.0;
    if (s.dims == 1) s.offset[1] = 0.0;
    return io::specJson(s);
}

TEST(SpecFields, TheRecordsCommandAndJsonRebuildTheSpec) {
    int named = 0;
    for (const app::BakeRequest& r : drawRequests(3000)) {
        const std::string command = app::bakeCommand(r, false);
        SCOPED_TRACE(command);
        // The command's words after "glnoise bake", as a shell would split them (its values
        // hold no spaces or quotes).
        std::istringstream words(command.substr(std::string("glnoise bake ").size()));
        std::vector<std::string> argv;
        for (std::string w; words >> w;) argv.push_back(w);
        std::reverse(argv.begin(), argv.end());  // CLI11 takes them last first
        named += static_cast<int>(argv.size());
        CLI::App app;
        app::NoiseArgs args;
        std::string size, normals;
        app::addNoiseFlags(&app, args);
        app.add_option("--size", size);
        app.add_option("--normals", normals);  // a normal map's convention, which is no spec field
        ASSERT_NO_THROW(app.parse(argv));
        const Grid grid = app::parseBakeSize("--size", size);
        EXPECT_EQ(effectiveJson(app::buildSpec(args, &grid)), effectiveJson(r.spec));
        EXPECT_EQ(io::specJson(app::parsePreset(io::specObject(r.spec), "record").spec), io::specJson(r.spec));
    }
    EXPECT_GT(named, 3000 * 4);  // the draw names many fields, not only --size
}

TEST(SpecFields, EachViolationNamesItsField) {
    // A value out of range for each field that has one; the violation must name that field.
    for (const SpecField& f : specFields()) {
        NoiseSpec s;
        bool invalid = true;
        std::visit(
            [&](auto m) {
                using V = std::remove_reference_t<decltype(s.*m)>;
                if constexpr (std::is_same_v<V, double>) s.*m = std::nan("");
                else if constexpr (std::is_same_v<V, int>) s.*m = -5;
                else if constexpr (std::is_same_v<V, std::array<int, 4>>) s.*m = {-1, 0, 0, 0};
                else if constexpr (std::is_same_v<V, std::array<double, 3>>) s.*m = {INFINITY, 0, 0};
                else invalid = false;  // every value of a kind, a seed or an on/off field is allowed
            },
            f.member);
        if (!invalid) continue;
        SCOPED_TRACE(f.name);
        try {
            s.validate();
            ADD_FAILURE() << "accepted";
        } catch (const ValidationError& e) {
            bool found = false;
            for (const Violation& d : e.details()) found = found || d.field == f.name;
            EXPECT_TRUE(found) << e.what();
        }
    }
}

}  // namespace
}  // namespace glnoise
