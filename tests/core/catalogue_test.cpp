// SPDX-License-Identifier: MIT
// The catalogue is the one list of noise kinds: its GLSL ids are the library's #defines
// and the mirror's constants, its names are what parsing and printing use, and its rows
// are in the enums' order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iterator>
#include <map>
#include <regex>

#include "core/reference.hpp"
#include "glnoise/glnoise.hpp"

namespace glnoise {
namespace {

// Every "#define NAME integer" of the whole GLSL library.
std::map<std::string, int> libraryDefines() {
    const std::string text = glsl::selfContained(Permutation::forSeed(std::nullopt), {}, "catalogue_test");
    std::map<std::string, int> defines;
    const std::regex define(R"(#define (GLN_\w+) (-?\d+)\s)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), define); it != std::sregex_iterator(); ++it)
        defines[(*it)[1]] = std::stoi((*it)[2]);
    return defines;
}

template <class K>
void expectIdsMatchTheLibrary(const std::vector<K>& kinds, const std::map<std::string, int>& defines) {
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        const K& k = kinds[i];
        SCOPED_TRACE(k.name);
        EXPECT_EQ(static_cast<std::size_t>(k.value), i) << "rows must be in the enum's order";
        EXPECT_STREQ(toString(k.value), k.name);
        if (!k.glslDefine) continue;
        const auto it = defines.find(k.glslDefine);
        ASSERT_NE(it, defines.end()) << k.glslDefine << " is not #defined in the GLSL library";
        EXPECT_EQ(it->second, k.glslId) << k.glslDefine;
    }
}

TEST(Catalogue, GlslIdsAreTheLibrarysDefines) {
    const auto defines = libraryDefines();
    ASSERT_GT(defines.size(), 10u);
    expectIdsMatchTheLibrary(basisKinds(), defines);
    expectIdsMatchTheLibrary(curveKinds(), defines);
    expectIdsMatchTheLibrary(fractalKinds(), defines);
    expectIdsMatchTheLibrary(outputKinds(), defines);
    expectIdsMatchTheLibrary(patternKinds(), defines);
    // The mirror's GLN_BASIS_* come from the same rows (mirror/fractal.hpp), and its other
    // constants from the library itself (glnoise/internal/library_constants.hpp).
}

// The mirror keeps each float constant of the library with the literal's own digits, in
// double (the host plans frames with them); on the float paths it must be the float a GLSL
// compiler reads from the same literal, or the GPU and its twin would differ.
TEST(Catalogue, TheMirrorsConstantsRoundToTheFloatsOfTheLibrary) {
    ASSERT_GT(std::size(cpu::library::kLiterals), 100u);
    for (const auto& c : cpu::library::kLiterals) {
        SCOPED_TRACE(std::string(c.name) + " = " + c.text);
        EXPECT_EQ(static_cast<float>(c.value), std::strtof(c.text, nullptr));
    }
    // The constants the frame planner uses in double carry a double's digits.
    EXPECT_NEAR(cpu::GLN_F2, (std::sqrt(3.0) - 1.0) / 2.0, 2.5e-16);
    EXPECT_EQ(cpu::GLN_F3, 1.0 / 3.0);
    EXPECT_NEAR(cpu::GLN_F4, (std::sqrt(5.0) - 1.0) / 4.0, 2.5e-16);
    EXPECT_NEAR(cpu::GLN_OS2_R3, 1.0 / std::sqrt(3.0), 2.5e-16);
    EXPECT_NEAR(cpu::GLN_OS2_H3, 0.5 / std::sqrt(3.0), 2.5e-16);
    EXPECT_NEAR(cpu::GLN_OS2_SQRT3_2, std::sqrt(3.0) / 2.0, 2.5e-16);
    EXPECT_NEAR(cpu::GLN_OS2_W4, 1.0 / std::sqrt(20.0), 2.5e-16);
    EXPECT_NEAR(cpu::GLN_OS2S_W4, std::sqrt(5.0) / 2.0, 4.5e-16);
}

// Every basis parses from its name and states a bound exactly in the dimensions it has.
TEST(Catalogue, EveryBasisParsesAndValidatesAsItsRowSays) {
    for (const BasisKind& b : basisKinds()) {
        SCOPED_TRACE(b.name);
        EXPECT_EQ(parseBasis(b.name), b.value);
        for (int dims = 1; dims <= 4; ++dims) {
            NoiseSpec s;
            s.basis = b.value;
            s.dims = dims;
            const bool exists = dims >= b.minDims && dims <= b.maxDims;
            EXPECT_EQ(basisBound(b.value, dims) > 0.0, exists) << dims << "D";
            if (exists) {
                EXPECT_NO_THROW(s.validate()) << dims << "D";
            } else {
                EXPECT_THROW(s.validate(), ValidationError) << dims << "D";
            }
            if (exists && dims >= 2) {
                s.period = {4, 4, 0, 0};
                if (b.noPeriod) {
                    EXPECT_THROW(s.validate(), ValidationError);
                } else {
                    EXPECT_NO_THROW(s.validate());
                }
            }
        }
    }
    try {
        parseBasis("worley");
        FAIL() << "an unknown basis parsed";
    } catch (const ValidationError& e) {
        EXPECT_NE(std::string(e.what()).find(kindNames(basisKinds())), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace glnoise
