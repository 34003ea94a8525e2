#include "gpu/shader_sources.hpp"

#include <gtest/gtest.h>

#include "glnoise/error.hpp"
#include "gpu/gl_objects.hpp"
#include "test_support.hpp"

namespace glnoise::gpu {
namespace {

const std::map<std::string, std::string> kTree = {
    {"main.comp", "#version 430\n#include \"lib/a.glsl\"\nvoid main() {}\n"},
    {"include/lib/a.glsl", "// a\n#include \"b.glsl\"\nfloat a() { return b(); }\n"},
    {"include/lib/b.glsl", "float b() { return 1.0; }\n"},
    {"cycle.comp", "#version 430\n#include \"x.glsl\"\n"},
    {"x.glsl", "#include \"y.glsl\"\n"},
    {"y.glsl", "\n#include \"x.glsl\"\n"},
    {"missing.comp", "#version 430\n\n#include \"nope.glsl\"\n"},
};

TEST(ShaderSources, ExpandsIncludesWithLineDirectives) {
    const auto r = resolveIncludes(kTree, "main.comp", "#define GLN_X 1\n");
    EXPECT_EQ(r.text,
              "#version 430\n#define GLN_X 1\n#line 2 0\n"
              "#line 1 1\n// a\n#line 1 2\nfloat b() { return 1.0; }\n#line 3 1\nfloat a() { return b(); }\n"
              "#line 3 0\nvoid main() {}\n");
    EXPECT_EQ(r.files, (std::vector<std::string>{"main.comp", "include/lib/a.glsl", "include/lib/b.glsl"}));
}

TEST(ShaderSources, ReportsMissingFilesWithTheIncludingLine) {
    try {
        resolveIncludes(kTree, "missing.comp", "");
        ADD_FAILURE();
    } catch (const GpuError& e) {
        EXPECT_STREQ(e.what(),
                     "missing.comp:3: cannot find included file \"nope.glsl\" (looked for nope.glsl, include/nope.glsl)");
    }
}

TEST(ShaderSources, ReportsCycles) {
    try {
        resolveIncludes(kTree, "cycle.comp", "");
        ADD_FAILURE();
    } catch (const GpuError& e) {
        EXPECT_STREQ(e.what(), "y.glsl:2: include cycle: cycle.comp -> x.glsl -> y.glsl -> x.glsl");
    }
}

TEST(ShaderSources, MapsDriverLogLocationsToFiles) {
    const std::vector<std::string> files = {"noise.comp", "include/glnoise/perlin.glsl"};
    EXPECT_EQ(mapLog("0:12(5): error: bad\n1:40(2): error: worse", files),
              "noise.comp:12(5): error: bad\ninclude/glnoise/perlin.glsl:40(2): error: worse");
    EXPECT_EQ(mapLog("1(7) : error C0000: syntax", files), "include/glnoise/perlin.glsl:7 : error C0000: syntax");
    EXPECT_EQ(mapLog("ERROR: 0:3: 'x' : undeclared", files), "ERROR: noise.comp:3: 'x' : undeclared");
}

TEST(ShaderSources, EveryEmbeddedEntryPointResolves) {
    for (const char* entry : {"noise.comp", "eval.comp"}) {
        const auto r = resolveIncludes(embeddedShaders(), entry, "#define GLN_DIMS 3\n#define GLN_VOLUME 0\n");
        EXPECT_NE(r.text.find("gln_perlin3"), std::string::npos);
    }
}

TEST(ShaderSources, DriverErrorsPointIntoTheIncludedFile) {
    // A compile error on line 3 of an included file must be reported there, which also
    // checks that this driver reads "#line N" as "the next line is N".
    GLNOISE_REQUIRE_GPU(ctx);
    const std::map<std::string, std::string> tree = {
        {"bad.comp", "#version 430\nlayout(local_size_x = 1) in;\n#include \"broken.glsl\"\nvoid main() {}\n"},
        {"broken.glsl", "// fine\nfloat ok() { return 1.0; }\nfloat bad() { return undeclared_name; }\n"}};
    const auto r = resolveIncludes(tree, "bad.comp", "");
    try {
        Program p(r.text, r.files, "broken test shader");
        ADD_FAILURE() << "compiled";
    } catch (const GpuError& e) {
        EXPECT_NE(std::string(e.what()).find("broken.glsl:3"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace glnoise::gpu
