// SPDX-License-Identifier: MIT
// Planning a bake is pure: what a request would write (format, samples, mapping, record,
// notes) is known without touching the file system, and a Bake does what its plan says.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/bake.hpp"
#include "app/record.hpp"

namespace glnoise::app {
namespace {

BakeRequest request(const std::string& out) {
    BakeRequest r;
    r.size = Grid{300, 200, 1};
    r.out = out;
    return r;
}

TEST(BakePlan, AColormapPngIsPlannedWithoutTouchingThePath) {
    BakeRequest r = request("/nonexistent-glnoise-dir/terrain.png");
    r.colormap = "terrain";
    r.range = ValueRange{-0.8, 0.8};
    const BakePlan p = planBake(r);
    EXPECT_EQ(p.format, io::Format::Png);
    EXPECT_EQ(p.bits, 8);
    EXPECT_EQ(p.storedChannels, 3);
    EXPECT_EQ(p.storedBytes, 3u);
    ASSERT_TRUE(p.colormap.has_value());
    EXPECT_EQ(p.record["stored"]["mapping"], "colormap");
    EXPECT_EQ(p.record["size"], "300x200");
    EXPECT_NE(p.what.find("terrain colormap over [-0.8, 0.8]"), std::string::npos) << p.what;
    EXPECT_FALSE(std::filesystem::exists("/nonexistent-glnoise-dir"));
    // The Bake itself claims the path, and says that it cannot.
    try {
        Bake bake(r);
        ADD_FAILURE() << "a bake into a missing directory was accepted";
    } catch (const ValidationError& e) {
        EXPECT_NE(std::string(e.what()).find("--out /nonexistent-glnoise-dir/terrain.png"), std::string::npos)
            << e.what();
    }
}

TEST(BakePlan, APresetsMappingThatTheFormatCannotHoldIsDroppedWithANote) {
    BakeRequest r = request("out.exr");
    r.colormap = "terrain";
    r.colormapFrom = "preset mine.json";
    r.bits = 16;
    r.bitsFrom = "preset mine.json";
    const BakePlan p = planBake(r);
    EXPECT_EQ(p.format, io::Format::Exr);
    EXPECT_EQ(p.bits, 32);
    EXPECT_FALSE(p.colormap.has_value());
    EXPECT_TRUE(p.request.colormap.empty());
    ASSERT_EQ(p.notes.size(), 1u);
    EXPECT_EQ(p.notes[0].rfind("not applied from preset mine.json: colormap terrain (", 0), 0u) << p.notes[0];
    EXPECT_NE(p.notes[0].find("; bits 16 ("), std::string::npos) << p.notes[0];
    // Typed on the command line, the same colormap is an error naming the flag.
    r.colormapFrom.clear();
    EXPECT_THROW(planBake(r), ValidationError);
}

// A record of before 0.7.0 without a range mapped the stated range, and --from keeps it;
// one of this version maps the typical range; a file that mapped nothing takes neither.
TEST(BakePlan, AnOlderRecordWithoutARangeMapsTheStatedRange) {
    const std::string old = R"({"generator": "glnoise 0.6.0", "size": "64x64", "preset": {"octaves": 3},
                                "stored": {"format": "png", "range": [-1.75, 1.75]}})";
    EXPECT_TRUE(requestFromRecord(old, "--from old.png").boundRange);
    std::string now = old;
    now.replace(now.find("0.6.0"), 5, "0.7.0");
    EXPECT_FALSE(requestFromRecord(now, "--from now.png").boundRange);
    const std::string exr = R"({"generator": "glnoise 0.6.0", "size": "64x64", "preset": {"octaves": 3},
                                "stored": {"format": "exr", "mapping": "none: float32 values"}})";
    BakeRequest r = requestFromRecord(exr, "--from old.exr");
    EXPECT_FALSE(r.boundRange);
    r.rangeFrom = "--from old.exr";
    r.out = "again.exr";
    EXPECT_TRUE(planBake(r).notes.empty()) << "no range to drop, so no note";
    const std::string unnamed = R"({"size": "64x64", "preset": {}, "stored": {"range": [-1, 1]}})";
    EXPECT_TRUE(requestFromRecord(unnamed, "--from x.png").boundRange) << "no generator: as old as they come";
}

TEST(BakePlan, ARawVolumeRecordsItsLayoutAndSize) {
    BakeRequest r = request("vol.r16");
    r.size = Grid{64, 32, 8};
    r.spec.dims = 3;
    const BakePlan p = planBake(r);
    EXPECT_TRUE(p.volume);
    EXPECT_FALSE(p.slices);
    EXPECT_EQ(p.format, io::Format::Raw16);
    EXPECT_EQ(p.storedBytes, 2u);
    EXPECT_EQ(p.record["stored"]["bytes"], 64u * 32u * 8u * 2u);
    EXPECT_EQ(p.record["stored"]["depth"], 8);
    EXPECT_EQ(p.record["stored"]["byte_order"], "little");
    // A slice pattern plans one PNG per slice; in 2D it is refused.
    r.out = "slice_%03d.png";
    EXPECT_TRUE(planBake(r).slices);
    r.size.depth = 1;
    r.spec.dims = 2;
    EXPECT_THROW(planBake(r), ValidationError);
}

}  // namespace
}  // namespace glnoise::app
