// SPDX-License-Identifier: MIT

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"
#include "process.hpp"
#include "paths.hpp"

namespace glnoise::glsl {
namespace {

namespace fs = std::filesystem;

// Shader files in a scratch directory (test::ProcessTest's), removed afterwards.
class Tree : public test::ProcessTest {
protected:
    std::string write(const std::string& rel, const std::string& text) {
        const fs::path p = dir / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
        return p.generic_string();
    }
    std::string path(const std::string& rel) const { return (dir / rel).generic_string(); }
};

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
    return n;
}

TEST_F(Tree, ExpandsRelativeAndDirectoryIncludesWithLineDirectives) {
    const auto main = write("src/main.comp", "#version 430\n#include \"lib/a.glsl\"\nvoid main() {}\n");
    write("inc/lib/a.glsl", "// a\n#include \"b.glsl\"\nfloat a() { return b(); }\n");
    write("inc/lib/b.glsl", "float b() { return 1.0; }\n");
    IncludeOptions o;
    o.dirs = {dir / "inc"};
    o.defines = "#define GLN_X 1\n";
    o.library = false;
    const Source r = resolveFile(main, o);
    EXPECT_EQ(r.text,
              "#version 430\n#define GLN_X 1\n#line 2 0\n"
              "#line 1 1\n// a\n#line 1 2\nfloat b() { return 1.0; }\n#line 3 1\nfloat a() { return b(); }\n"
              "#line 3 0\nvoid main() {}\n");
    EXPECT_EQ(r.files, (std::vector<std::string>{main, path("inc/lib/a.glsl"), path("inc/lib/b.glsl")}));
}

TEST_F(Tree, DefinesGoAfterAVersionLineThatFollowsComments) {
    const Source r = resolve(path("x.comp"), "// header\n/* more */\n#version 450 core\nint x;\n",
                             IncludeOptions{{}, false, "#define A 2\n", true});
    EXPECT_EQ(r.text, "// header\n/* more */\n#version 450 core\n#define A 2\n#line 4 0\nint x;\n");
}

TEST_F(Tree, DefinesGoFirstWithoutAVersionLine) {
    const Source r = resolve(path("x.glsl"), "int x;\n", IncludeOptions{{}, false, "#define A 2\n", true});
    EXPECT_EQ(r.text, "#define A 2\n#line 1 0\nint x;\n");
}

TEST_F(Tree, MissingIncludesNameTheIncludingFileLineAndEveryPlaceLooked) {
    const auto main = write("m.comp", "#version 430\n\n#include \"nope.glsl\"\n");
    IncludeOptions o;
    o.dirs = {dir / "inc"};
    try {
        resolveFile(main, o);
        ADD_FAILURE() << "resolved";
    } catch (const ShaderError& e) {
        EXPECT_EQ(std::string(e.what()), main + ":3: cannot find included file \"nope.glsl\" (looked for " +
                                             path("nope.glsl") + ", " + path("inc/nope.glsl") +
                                             ", nope.glsl (built in))");
    }
}

TEST_F(Tree, CyclesAreReportedWithTheChain) {
    const auto main = write("c.comp", "#version 430\n#include \"x.glsl\"\n");
    write("x.glsl", "#include \"y.glsl\"\n");
    write("y.glsl", "\n#include \"x.glsl\"\n");
    try {
        resolveFile(main, {});
        ADD_FAILURE() << "resolved";
    } catch (const ShaderError& e) {
        EXPECT_EQ(std::string(e.what()), path("y.glsl") + ":2: include cycle: " + main + " -> " + path("x.glsl") +
                                             " -> " + path("y.glsl") + " -> " + path("x.glsl"));
    }
}

TEST_F(Tree, AngleBracketsSkipTheIncludingFilesDirectory) {
    const auto main = write("src/m.comp", "#include <k.glsl>\n#include \"k.glsl\"\n");
    write("src/k.glsl", "int local;\n");
    write("inc/k.glsl", "int fromDir;\n");
    IncludeOptions o;
    o.dirs = {dir / "inc"};
    o.lineDirectives = false;
    EXPECT_EQ(resolveFile(main, o).text, "int fromDir;\nint local;\n");
}

TEST_F(Tree, GuardedFilesExpandOnceAndUnguardedOnesEveryTime) {
    const auto main = write("m.glsl",
                            "#include \"g.glsl\"\n#include \"g.glsl\"\n#include \"p.glsl\"\n#include \"p.glsl\"\n"
                            "#include \"u.glsl\"\n#include \"u.glsl\"\n");
    write("g.glsl", "// guarded\n#ifndef G_GLSL\n#define G_GLSL\nint g;\n#endif  // G_GLSL\n");
    write("p.glsl", "#pragma once\nint p;\n");
    write("u.glsl", "int u;\n");
    IncludeOptions o;
    o.lineDirectives = false;
    const std::string text = resolveFile(main, o).text;
    EXPECT_EQ(count(text, "int g;"), 1);
    EXPECT_EQ(count(text, "int p;"), 1);
    EXPECT_EQ(count(text, "int u;"), 2);
}

TEST_F(Tree, ASkippedIncludeKeepsTheLineNumbersOfWhatFollows) {
    const auto main = write("m.glsl", "#include \"g.glsl\"\n#include \"g.glsl\"\nint after;\n");
    write("g.glsl", "#pragma once\nint g;\n");
    EXPECT_EQ(resolveFile(main).text, "#line 1 1\n#pragma once\nint g;\n#line 2 0\n\nint after;\n");
}

TEST_F(Tree, AFileFirstIncludedUnderAConditionIsExpandedAgainLater) {
    // The resolver does not evaluate #if: after a conditional first inclusion it cannot
    // know whether the guard is defined, so the second copy stays for the compiler.
    const auto main = write("m.glsl", "#ifdef MAYBE\n#include \"g.glsl\"\n#endif\n#include \"g.glsl\"\n");
    write("g.glsl", "#ifndef G_GLSL\n#define G_GLSL\nint g;\n#endif\n");
    IncludeOptions o;
    o.lineDirectives = false;
    EXPECT_EQ(count(resolveFile(main, o).text, "int g;"), 2);
}

TEST_F(Tree, AFileWhoseGuardClosesEarlyIsNotTakenForGuarded) {
    const auto main = write("m.glsl", "#include \"h.glsl\"\n#include \"h.glsl\"\n");
    write("h.glsl", "#ifndef H\n#define H\nint h;\n#endif\nint after;\n");
    IncludeOptions o;
    o.lineDirectives = false;
    EXPECT_EQ(count(resolveFile(main, o).text, "int after;"), 2);
}

TEST_F(Tree, IncludesInCommentsAreNotExpanded) {
    const auto main = write("m.glsl", "// #include \"nope.glsl\"\n/*\n#include \"nope.glsl\"\n*/\nint x;\n"
                                      "#include \"k.glsl\" // the real one\n");
    write("k.glsl", "int k;\n");
    IncludeOptions o;
    o.lineDirectives = false;
    EXPECT_EQ(resolveFile(main, o).text, "// #include \"nope.glsl\"\n/*\n#include \"nope.glsl\"\n*/\nint x;\nint k;\n");
}

TEST_F(Tree, TheBuiltInLibraryResolvesWithoutAnyDirectory) {
    const Source r = resolve(path("m.comp"), "#version 430\n#include \"glnoise/fbm.glsl\"\n");
    EXPECT_EQ(r.files, (std::vector<std::string>{path("m.comp"), "glnoise/fbm.glsl", "glnoise/perlin.glsl",
                                                 "glnoise/lattice.glsl", "glnoise/permutation.glsl"}));
    EXPECT_NE(r.text.find("float gln_fbm3("), std::string::npos);
}

TEST_F(Tree, DirectoriesComeBeforeTheBuiltInLibrary) {
    for (const auto& [name, text] : library()) write("installed/" + name, text);
    IncludeOptions o;
    o.dirs = {dir / "installed"};
    const Source r = resolve(path("m.comp"), "#include \"glnoise/perlin.glsl\"\n", o);
    EXPECT_EQ(r.files, (std::vector<std::string>{path("m.comp"), path("installed/glnoise/perlin.glsl"),
                                                 path("installed/glnoise/lattice.glsl"),
                                                 path("installed/glnoise/permutation.glsl")}));
}

TEST_F(Tree, WithoutTheLibraryItsPathsAreMissing) {
    IncludeOptions o;
    o.library = false;
    EXPECT_THROW(resolve(path("m.comp"), "#include \"glnoise/perlin.glsl\"\n", o), ShaderError);
}

TEST_F(Tree, AnUnreadableFileIsAnIoError) {
    EXPECT_THROW(resolveFile(dir / "absent.comp"), IoError);
    EXPECT_THROW(resolveFile(dir), IoError);
}

TEST(MapLog, RewritesMesaNvidiaAndGlslangLocations) {
    const std::vector<std::string> files = {"noise.comp", "glnoise/perlin.glsl"};
    EXPECT_EQ(mapLog("0:12(5): error: bad\n1:40(2): error: worse", files),
              "noise.comp:12(5): error: bad\nglnoise/perlin.glsl:40(2): error: worse");
    EXPECT_EQ(mapLog("1(7) : error C0000: syntax", files), "glnoise/perlin.glsl:7 : error C0000: syntax");
    EXPECT_EQ(mapLog("ERROR: 0:3: 'x' : undeclared", files), "ERROR: noise.comp:3: 'x' : undeclared");
    EXPECT_EQ(mapLog("7:3(1): error: out of range", files), "7:3(1): error: out of range");
}

TEST(InMemory, RelativeIncludesStayInMemory) {
    const std::map<std::string, std::string> files = {
        {"entry.comp", "#include \"glnoise/perlin.glsl\"\n#include \"part.glsl\"\n"},
        {"part.glsl", "int part;\n"}};
    IncludeOptions o;
    o.lineDirectives = false;
    const Source r = resolveInMemory(files, "entry.comp", o);
    EXPECT_EQ(r.files, (std::vector<std::string>{"entry.comp", "glnoise/perlin.glsl", "glnoise/lattice.glsl",
                                                 "glnoise/permutation.glsl", "part.glsl"}));
}

// The resolver's part of the bad-input catalogue (docs/guarantees.md): every tree it
// must refuse gives one ShaderError that names the file and line, and nothing else.
TEST(InMemory, BadTreesAreOneErrorNamingTheFileAndLine) {
    using Tree = std::map<std::string, std::string>;
    // A chain deeper than the resolver follows, and an unguarded include bomb (2^30 copies).
    Tree chain;
    for (int i = 0; i < 100; ++i) chain["f" + std::to_string(i) + ".glsl"] = "#include \"f" + std::to_string(i + 1) + ".glsl\"\n";
    chain["main.comp"] = "#include \"f0.glsl\"\n";
    Tree bomb = {{"main.comp", "#include \"b0.glsl\"\n"}};
    for (int i = 0; i < 30; ++i)
        bomb["b" + std::to_string(i) + ".glsl"] = std::string(2, ' ') + "#include \"b" + std::to_string(i + 1) +
                                                   ".glsl\"\n#include \"b" + std::to_string(i + 1) + ".glsl\"\n";
    bomb["b30.glsl"] = std::string(1000, '/') + "\n";
    const std::vector<std::pair<Tree, std::string>> cases = {
        {{{"main.comp", "void main() {}\n#include \"missing.glsl\"\n"}}, "main.comp:2: cannot find included file \"missing.glsl\""},
        {{{"main.comp", "#include missing.glsl\n"}}, "main.comp:1: malformed #include missing.glsl; expected #include \"path\" or #include <path>"},
        {{{"main.comp", "#include \"open.glsl\n"}}, "main.comp:1: malformed #include \"open.glsl"},
        {{{"main.comp", "#include \"\"\n"}}, "main.comp:1: malformed #include \"\""},
        {{{"main.comp", "#include <a.glsl> trailing\n"}}, "main.comp:1: malformed #include <a.glsl> trailing"},
        {{{"main.comp", "#include \"a.glsl\" \"b.glsl\"\n"}}, "main.comp:1: malformed #include"},
        {{{"main.comp", "#include\n"}}, "main.comp:1: malformed #include"},
        {{{"main.comp", "#include \"" + std::string(100000, 'x') + "\n"}}, "main.comp:1: malformed #include \"xxxx"},
        {{{"main.comp", "#include \"a.glsl\"\n"}, {"a.glsl", "\n#include \"main.comp\"\n"}},
         "a.glsl:2: include cycle: main.comp -> a.glsl -> main.comp"},
        {{{"main.comp", "#include \"main.comp\"\n"}}, "main.comp:1: include cycle: main.comp -> main.comp"},
        {{{"main.comp", "#include \"../../etc/passwd\"\n"}}, "main.comp:1: cannot find included file \"../../etc/passwd\""},
        {chain, "f62.glsl:1: includes nest deeper than 64 files"},
        {bomb, ": the expanded source passes 64 MiB; is a file without an include guard included over and over?"},
        {{{"other.comp", ""}}, "no shader source named main.comp"},
    };
    for (const auto& [tree, message] : cases) {
        SCOPED_TRACE(message);
        try {
            resolveInMemory(tree, "main.comp", {});
            ADD_FAILURE() << "resolved";
        } catch (const ShaderError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find(message), std::string::npos) << what.substr(0, 300);
            EXPECT_EQ(what.find('\n'), std::string::npos) << "one line";
            EXPECT_LT(what.size(), 1000u) << "a long line is shortened";
        }
    }
    // A long line that is not an include is passed through, not recursed over.
    const std::string longDefine = "#define TABLE " + std::string(1000000, '1') + "\n";
    EXPECT_NO_THROW(resolveInMemory({{"main.comp", longDefine}}, "main.comp", {}));
}

// ---- the library itself ----------------------------------------------------------------

TEST(Library, IsExactlyTheFilesOfTheSourceTree) {
    std::map<std::string, std::string> onDisk;
    for (const auto& entry : fs::directory_iterator(fs::path(test::sourceDir()) / "shaders/include/glnoise")) {
        std::ifstream in(entry.path(), std::ios::binary);
        std::ostringstream ss;
        ss << in.rdbuf();
        onDisk.emplace("glnoise/" + entry.path().filename().string(), ss.str());
    }
    EXPECT_EQ(library(), onDisk);
    std::vector<std::string> stems;
    for (const auto& [name, text] : onDisk) stems.push_back(fs::path(name).stem().string());
    EXPECT_EQ(families(), stems);
}

TEST(Library, EveryFileFollowsTheLibraryRules) {
    // The licence, then the file's name and what it computes.
    const std::regex header(R"(^// SPDX-License-Identifier: MIT\n// (glnoise/\w+\.glsl): )");
    for (const auto& [name, text] : library()) {
        SCOPED_TRACE(name);
        std::smatch m;
        ASSERT_TRUE(std::regex_search(text, m, header)) << "the SPDX line, then a line naming the file";
        EXPECT_EQ(m[1].str(), name);
        // Its twin is the mirror's header of the same name (which the reference compiles;
        // the bundle runs this suite without the sources).
        const std::string twin = "src/mirror/" + fs::path(name).stem().string() + ".hpp";
        EXPECT_NE(text.find("C++ twin: " + twin + "."), std::string::npos) << "names its C++ twin, " << twin;
        EXPECT_NE(text.find("\n// Options"), std::string::npos) << "states its options";
        std::string stem = fs::path(name).stem().string();
        std::transform(stem.begin(), stem.end(), stem.begin(), ::toupper);
        const std::string guard = "GLNOISE_" + stem + "_GLSL";
        EXPECT_NE(text.find("#ifndef " + guard + "\n#define " + guard + "\n"), std::string::npos) << "guard";
        EXPECT_EQ(text.find("#version"), std::string::npos);
        EXPECT_EQ(std::regex_search(text, std::regex(R"(^\s*uniform\s)", std::regex::multiline)), false);
        EXPECT_EQ(std::regex_search(text, std::regex(R"(^\s*layout\s*\()", std::regex::multiline)),
                  name == "glnoise/permutation.glsl")
            << "only the default table buffer declares a binding";
    }
}

// No table read at a constant offset from an index (gln_perm(i + 1)): NVIDIA's OpenGL
// compiler (driver 580) read p[i] there in large shaders, from GLSL and SPIR-V alike, and
// simplex noise took wrong gradients (docs/shaders.md, "On real GPUs"). Indices are
// wrapped first, (i + 1) & 255, as gln_wrap does.
TEST(Library, NoTableReadIsAtAConstantOffsetFromAnIndex) {
    // gln_perm( or GLN_PERM( whose argument, after any nested call, ends in + or - a literal.
    const std::regex offsetRead(R"(\b(gln_perm|GLN_PERM)\((([^()]|\([^()]*\))*)[+-]\s*\d+\s*\))");
    const std::regex anyRead(R"(\bgln_perm\()");
    int reads = 0;
    for (const auto& [name, text] : library()) {
        SCOPED_TRACE(name);
        for (auto it = std::sregex_iterator(text.begin(), text.end(), offsetRead); it != std::sregex_iterator(); ++it)
            ADD_FAILURE() << "a table read at a constant offset: " << it->str();
        reads += static_cast<int>(std::distance(std::sregex_iterator(text.begin(), text.end(), anyRead), std::sregex_iterator()));
    }
    EXPECT_GT(reads, 40);  // the pattern looked at the library's reads
    // ... and it finds what it is for.
    for (const char* bad : {"int h = gln_perm(gln_perm(i + 1) + j + 1);", "int h = gln_perm(i - 2);",
                            "int h = gln_perm(gln_perm(i) + 3);", "x = GLN_PERM(q + 1);"})
        EXPECT_TRUE(std::regex_search(std::string(bad), offsetRead)) << bad;
    for (const char* good : {"int h = gln_perm(gln_perm(i) + j);", "int h = gln_perm(c2.x);", "int h = gln_perm((i + 1) & 255);"})
        EXPECT_FALSE(std::regex_search(std::string(good), offsetRead)) << good;
}

std::vector<int> parseTable(const std::string& text) {
    const auto open = text.find("int[512](");
    const auto close = text.find(");", open);
    EXPECT_NE(open, std::string::npos);
    std::vector<int> out;
    std::stringstream ss(text.substr(open + 9, close - open - 9));
    for (std::string cell; std::getline(ss, cell, ',');) out.push_back(std::stoi(cell));
    return out;
}

TEST(SelfContained, CarriesTheSeedsTableAndEachFileOnce) {
    const std::string text = selfContained(Permutation::seeded(7), {}, "test");
    const auto table = Permutation::seeded(7).table();
    EXPECT_EQ(parseTable(text), std::vector<int>(table.begin(), table.end()));
    for (const char* directive : {"include", "line", "version"})
        EXPECT_FALSE(std::regex_search(text, std::regex(std::string(R"(^\s*#\s*)") + directive, std::regex::multiline)))
            << directive;
    EXPECT_LT(text.find("#define GLN_PERM(i)"), text.find("#ifndef GLN_PERM\n"));
    for (const auto& family : families()) {
        std::string guard = family;
        std::transform(guard.begin(), guard.end(), guard.begin(), ::toupper);
        EXPECT_EQ(count(text, "#define GLNOISE_" + guard + "_GLSL\n"), 1) << family;
    }
}

TEST(SelfContained, AFamilyBringsWhatItNeedsAndNothingElse) {
    const std::string text = selfContained(Permutation::perlin(), {"perlin"});
    EXPECT_NE(text.find("float gln_perlin3("), std::string::npos);
    EXPECT_NE(text.find("int gln_perm("), std::string::npos);
    EXPECT_EQ(text.find("gln_fbm3"), std::string::npos);
    const auto ken = Permutation::perlin().table();
    EXPECT_EQ(parseTable(text), std::vector<int>(ken.begin(), ken.end()));
}

TEST(SelfContained, UnknownFamiliesAreNamedWithTheAllowedOnes) {
    try {
        selfContained(Permutation::perlin(), {"perlin", "curl", "worley"});
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        std::string allowed;
        for (const auto& f : families()) allowed += (allowed.empty() ? "" : ", ") + f;
        EXPECT_EQ(e.violations(), (std::vector<std::string>{"family 'curl': allowed: " + allowed,
                                                             "family 'worley': allowed: " + allowed}));
    }
}

}  // namespace
}  // namespace glnoise::glsl
