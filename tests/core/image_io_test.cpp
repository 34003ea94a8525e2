#include "glnoise/io.hpp"

#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "glnoise/error.hpp"

namespace glnoise::io {
namespace {

namespace fs = std::filesystem;

struct TempDir {
    fs::path path;
    TempDir() {
        char tmpl[] = "/tmp/glnoise-test-XXXXXX";
        path = ::mkdtemp(tmpl);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
    std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), {})); }
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(Quantize, MapsTheRangeOntoZeroTo255) {
    const ValueRange r{-1.0, 1.0};
    EXPECT_EQ(quantize8(-1.0f, r), 0);
    EXPECT_EQ(quantize8(1.0f, r), 255);
    EXPECT_EQ(quantize8(0.0f, r), 128);  // 127.5 rounds half away from zero
    EXPECT_EQ(quantize8(-5.0f, r), 0);
    EXPECT_EQ(quantize8(5.0f, r), 255);
    EXPECT_EQ(quantize8(std::nanf(""), r), 0);
    EXPECT_EQ(quantize8(0.25f, ValueRange{0.0, 1.0}), 64);  // 63.75
}

TEST(Format, FromTheExtension) {
    EXPECT_EQ(formatForPath("a/b.png"), Format::Png8);
    EXPECT_EQ(formatForPath("x.r32"), Format::RawF32);
    try {
        formatForPath("noise.jpg");
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_STREQ(e.what(), "out noise.jpg: unknown file type; allowed: .png (8-bit gray), .r32 (float32 raw + .json sidecar)");
    }
}

TEST(OutputFile, RefusesPathsItCannotWrite) {
    TempDir dir;
    try {
        OutputFile f(dir.file("missing/x.png"));
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_EQ(std::string(e.what()), "out " + dir.file("missing/x.png") + ": directory " + dir.file("missing") + " does not exist");
    }
    try {
        OutputFile f(dir.path.string());
        ADD_FAILURE();
    } catch (const ValidationError& e) {
        EXPECT_EQ(std::string(e.what()), "out " + dir.path.string() + ": is a directory; give a file name");
    }
    EXPECT_THROW(OutputFile(""), ValidationError);
    EXPECT_EQ(dir.entries(), 0u);
}

TEST(OutputFile, UncommittedLeavesThePreviousFileIntact) {
    TempDir dir;
    const std::string path = dir.file("keep.png");
    { std::ofstream(path) << "previous"; }
    {
        OutputFile f(path);
        f.write("new bytes", 9);
        // no commit: as if the bake failed half way
    }
    EXPECT_EQ(slurp(path), "previous");
    EXPECT_EQ(dir.entries(), 1u);  // the temporary file is gone
    {
        OutputFile f(path);
        f.write("new bytes", 9);
        f.commit();
    }
    EXPECT_EQ(slurp(path), "new bytes");
    EXPECT_EQ(dir.entries(), 1u);
}

TEST(Writers, PngRoundTripsThroughStbImage) {
    TempDir dir;
    Image img(5, 3, 1);
    for (std::size_t i = 0; i < img.data.size(); ++i) img.data[i] = -1.0f + 2.0f * static_cast<float>(i) / 14.0f;
    OutputFile f(dir.file("a.png"));
    writePng8(img, {-1.0, 1.0}, f);
    f.commit();
    int w = 0, h = 0, n = 0;
    unsigned char* px = stbi_load(dir.file("a.png").c_str(), &w, &h, &n, 0);
    ASSERT_NE(px, nullptr);
    EXPECT_EQ(w, 5);
    EXPECT_EQ(h, 3);
    EXPECT_EQ(n, 1);
    for (std::size_t i = 0; i < img.data.size(); ++i) EXPECT_EQ(px[i], quantize8(img.data[i], {-1.0, 1.0})) << i;
    EXPECT_EQ(px[0], 0);
    EXPECT_EQ(px[14], 255);
    stbi_image_free(px);
}

TEST(Writers, PngRefusesVolumes) {
    TempDir dir;
    OutputFile f(dir.file("v.png"));
    EXPECT_THROW(writePng8(Image(2, 2, 2), {-1, 1}, f), ValidationError);
}

TEST(Writers, RawIsLittleEndianFloat32WithASidecar) {
    TempDir dir;
    Image img(2, 1, 2);
    img.data = {1.0f, -2.5f, 0.125f, 3.0f};
    OutputFile f(dir.file("v.r32"));
    writeRawF32(img, f);
    f.commit();
    const std::string bytes = slurp(dir.file("v.r32"));
    ASSERT_EQ(bytes.size(), 16u);
    // -2.5f is 0xC0200000: little-endian bytes 00 00 20 C0
    EXPECT_EQ(static_cast<unsigned char>(bytes[4]), 0x00);
    EXPECT_EQ(static_cast<unsigned char>(bytes[6]), 0x20);
    EXPECT_EQ(static_cast<unsigned char>(bytes[7]), 0xC0);

    NoiseSpec spec;
    spec.dims = 3;
    spec.octaves = 4;
    spec.seed = 77;
    const auto j = nlohmann::json::parse(rawSidecarJson(img, spec));
    EXPECT_EQ(j["width"], 2);
    EXPECT_EQ(j["height"], 1);
    EXPECT_EQ(j["depth"], 2);
    EXPECT_EQ(j["format"], "float32");
    EXPECT_EQ(j["spec"]["octaves"], 4);
    EXPECT_EQ(j["spec"]["seed"], 77);
    EXPECT_EQ(j["spec"]["dims"], 3);
    EXPECT_TRUE(nlohmann::json::parse(specJson(NoiseSpec{}))["seed"].is_null());
}

}  // namespace
}  // namespace glnoise::io
