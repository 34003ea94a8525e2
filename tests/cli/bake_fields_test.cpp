// SPDX-License-Identifier: MIT
// The table of bake fields (app/bake_fields.def) is the one list the front-ends share:
// every row is a flag of each command line that takes it, a key of the record written and
// read back, a flag of the command a record holds, and refused where it has no effect; and
// the table of formats is every list of extensions the commands show.
#include <gtest/gtest.h>

#include <cctype>
#include <set>

#include "app/bake.hpp"
#include "app/bake_fields.hpp"
#include "app/flags.hpp"
#include "app/record.hpp"
#include "cli/command.hpp"
#include "glnoise/io.hpp"
#include "paths.hpp"
#include "process.hpp"

namespace glnoise {
namespace {

// A request where every field applies: a tile of a normal map.
app::BakeRequest everyFieldApplies() {
    app::BakeRequest r;
    r.spec.output = Output::Normal;
    r.size = Grid{64, 48, 1};
    r.tile = std::array<std::int64_t, 3>{2, -1, 0};
    return r;
}

// Each row's value other than its default: on, or its last choice.
std::string otherValue(const app::BakeField& f) { return f.onOff() ? "true" : f.choices().back(); }

class BakeFields : public test::ProcessTest {};
class Formats : public test::ProcessTest {};

TEST_F(BakeFields, EveryRowIsOneFlagOfEachCommandLineThatTakesIt) {
    CLI::App cli, preview;
    std::map<std::string, std::string> cliValues, previewValues;
    app::addBakeFieldFlags(&cli, cliValues, app::kCli);
    app::addBakeFieldFlags(&preview, previewValues, app::kPreview);
    std::set<std::string> names;
    for (const app::BakeField& f : app::bakeFields()) {
        SCOPED_TRACE(f.name);
        EXPECT_TRUE(names.insert(f.name).second) << "named twice";
        EXPECT_FALSE(f.help.empty());
        EXPECT_NE(f.frontEnds, 0u) << "a field no front-end takes";
        EXPECT_EQ(cli.get_option_no_throw("--" + f.name) != nullptr, f.isFor(app::kCli));
        EXPECT_EQ(preview.get_option_no_throw("--" + f.name) != nullptr, f.isFor(app::kPreview));
        EXPECT_FALSE(f.isSet(app::BakeRequest{})) << "the default request sets it";
        if (f.applies) {
            EXPECT_FALSE(f.needs.empty()) << "refused where it has no effect, without saying why";
        }
    }
    // The flags the programs show are the rows' (glnoise bake --help, glnoise-preview --help).
    const test::Result bake = runWith("", test::glnoiseExe(), {"bake", "--help"});
#ifdef GLNOISE_PREVIEW_EXE
    const test::Result shown = runWith("", test::previewExe(), {"--help"});
#endif
    for (const app::BakeField& f : app::bakeFields()) {
        SCOPED_TRACE(f.name);
        EXPECT_EQ(bake.out.find("--" + f.name + " ") != std::string::npos, f.isFor(app::kCli)) << bake.out;
#ifdef GLNOISE_PREVIEW_EXE
        EXPECT_EQ(shown.out.find("--" + f.name + " ") != std::string::npos, f.isFor(app::kPreview)) << shown.out;
#endif
    }
}

TEST_F(BakeFields, EachRowIsSetFromItsTextAndTheRecordKeepsIt) {
    for (const app::BakeField& f : app::bakeFields()) {
        SCOPED_TRACE(f.name);
        app::BakeRequest r = everyFieldApplies();
        app::setBakeFields(r, {{f.name, otherValue(f)}});
        EXPECT_TRUE(f.isSet(r));
        EXPECT_EQ(f.text(r), otherValue(f));
        // The record holds it under its key; read back, it is set again.
        nlohmann::json record = nlohmann::json::object();
        app::recordBakeFields(r, record);
        ASSERT_TRUE(record.contains(f.key())) << record.dump();
        for (const app::BakeField& other : app::bakeFields())
            if (other.onOff() && other.name != f.name) {
                EXPECT_FALSE(record.contains(other.key())) << "an on/off field not set: " << record.dump();
            }
        app::BakeRequest back = everyFieldApplies();
        app::readBakeFields(record, back, "--from x.png");
        EXPECT_EQ(f.text(back), otherValue(f));
        // The command names it as its flag.
        const std::string flag = " --" + f.name + (f.onOff() ? "" : " " + otherValue(f));
        EXPECT_NE((app::bakeFieldFlags(r, app::Place::BeforeSpec) + app::bakeFieldFlags(r, app::Place::AfterSpec)).find(flag),
                  std::string::npos);
        // A value that is none of the field's is refused naming the field and what it must be.
        app::BakeRequest bad = everyFieldApplies();
        try {
            app::setBakeFields(bad, {{f.name, "sideways"}});
            ADD_FAILURE() << "sideways was taken";
        } catch (const ValidationError& e) {
            ASSERT_EQ(e.details().size(), 1u);
            EXPECT_EQ(e.details()[0].field, f.name);
            EXPECT_EQ(e.details()[0].what.rfind("sideways: must be ", 0), 0u) << e.what();
        }
        nlohmann::json forged = {{f.key(), 7}};
        EXPECT_THROW(app::readBakeFields(forged, back, "--from x.png"), ValidationError);
    }
}

TEST_F(BakeFields, AFieldThatDoesSomethingWhereItHasNoEffectIsRefusedSayingWhatItNeeds) {
    for (const app::BakeField& f : app::bakeFields()) {
        if (!f.applies) continue;
        SCOPED_TRACE(f.name);
        app::BakeRequest r;  // a 2D value bake of no tile: where the fields with a condition have none
        r.size = Grid{16, 16, 1};
        r.out = "x.r32";
        ASSERT_FALSE(f.appliesTo(r));
        EXPECT_TRUE(app::inapplicableBakeFields(r).empty()) << "the defaults are never refused";
        app::setBakeFields(r, {{f.name, otherValue(f)}});
        const std::vector<Violation> v = app::inapplicableBakeFields(r);
        ASSERT_EQ(v.size(), 1u);
        EXPECT_NE(v[0].text().find(f.needs), std::string::npos) << v[0].text();
        EXPECT_NE(v[0].text().find(f.name), std::string::npos) << v[0].text();
        EXPECT_THROW(app::planBake(r), ValidationError);
    }
}

TEST_F(Formats, EveryExtensionIsItsFormatsAndEveryListNamesIt) {
    std::set<std::string> seen;
    const test::Result bake = runWith("", test::glnoiseExe(), {"bake", "--help"});
    const test::Result verify = runWith("", test::glnoiseExe(), {"verify", "--help"});
    for (const io::FormatInfo& f : io::formats()) {
        SCOPED_TRACE(f.name);
        EXPECT_EQ(&io::formatInfo(f.format), &f);
        EXPECT_FALSE(f.bits.empty());
        EXPECT_EQ(f.mapped, f.bits.front() != 32) << "mapped formats store integers, the others float32";
        EXPECT_EQ(f.raw, f.digestIn.empty()) << "a raw file's digest is its sidecar's";
        for (const std::string& e : f.extensions) {
            EXPECT_TRUE(seen.insert(e).second) << e << " twice";
            EXPECT_EQ(io::formatForPath("dir/name" + e), f.format) << e;
            std::string upper = e;
            for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            EXPECT_EQ(io::formatForPath("NAME" + upper), f.format) << upper;
            EXPECT_NE(app::extensionList().find(e), std::string::npos) << e;
            EXPECT_NE(bake.out.find(e), std::string::npos) << e << " in glnoise bake --help";
            EXPECT_NE(verify.out.find(e), std::string::npos) << e << " in glnoise verify --help";
        }
    }
    EXPECT_THROW(io::formatForPath("noise.png.bak"), ValidationError);
    EXPECT_THROW(io::formatForPath("png"), ValidationError);
}

}  // namespace
}  // namespace glnoise
