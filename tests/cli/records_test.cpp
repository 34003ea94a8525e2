// SPDX-License-Identifier: MIT
// What a baked file records and how it is read back: presets' and records' mappings on
// every format, records wherever a PNG holds them, and glnoise verify against raw pairs,
// whole images and slice sets.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/bake_fixture.hpp"
#include "process.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;

using test::Result;
using test::slurp;

// A PNG as its chunks (type, data), and back with fresh CRCs (zlib's crc32).
using Chunks = std::vector<std::pair<std::string, std::string>>;
Chunks pngChunks(const std::string& png) {
    Chunks chunks;
    for (std::size_t pos = 8; pos + 12 <= png.size();) {
        const auto* b = reinterpret_cast<const unsigned char*>(png.data() + pos);
        const std::size_t n = std::size_t{b[0]} << 24 | std::size_t{b[1]} << 16 | std::size_t{b[2]} << 8 | b[3];
        chunks.emplace_back(png.substr(pos + 4, 4), png.substr(pos + 8, n));
        pos += 12 + n;
    }
    return chunks;
}
std::string pngFrom(const Chunks& chunks) {
    std::string png("\x89PNG\r\n\x1a\n", 8);
    auto be32 = [&](std::uint32_t v) {
        for (int shift = 24; shift >= 0; shift -= 8) png += static_cast<char>((v >> shift) & 0xff);
    };
    for (const auto& [type, data] : chunks) {
        be32(static_cast<std::uint32_t>(data.size()));
        const std::string typed = type + data;
        png += typed;
        be32(static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(typed.data()), static_cast<uInt>(typed.size()))));
    }
    return png;
}

class Records : public test::BakeFixture {};

// A preset or record that carries a mapping (bits, range, colormap) bakes to a format that
// stores values as they are: what does not apply is dropped with one note naming where it
// came from, and the file is the one the plain flags give.
TEST_F(Records, PresetsAndRecordsWithAMappingBakeToFloatFormatsWithANote) {
    auto bakeNoted = [&](const std::vector<std::string>& args, const std::string& note) {
        std::vector<std::string> all = {"bake", "--backend", "cpu"};
        all.insert(all.end(), args.begin(), args.end());
        const Result r = run(all);
        ASSERT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(r.err.rfind("glnoise: note: not applied from ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(note), std::string::npos) << "wanted: " << note << "\ngot: " << r.err;
    };
    bakeNoted({"--preset", "heightmap", "--size", "48x40", "--out", file("h.exr")},
              "not applied from preset heightmap: bits 16 (.exr holds float32; 16 bits are .png or .r16); range bound "
              "(.exr stores values as they are");
    bake({"--preset", "heightmap", "--size", "48x40", "--bits", "auto", "--range", "default", "--backend", "cpu",
          "--out", file("plain.exr")});
    EXPECT_EQ(slurp(file("h.exr")), slurp(file("plain.exr")));

    bakeNoted({"--preset", "terrain", "--size", "48x40", "--colormap", "none", "--out", file("t.exr")},
              "preset terrain: range [-1, 1] (.exr stores values as they are");
    bake({"--preset", "terrain", "--size", "48x40", "--colormap", "none", "--range", "default", "--backend", "cpu",
          "--out", file("t_plain.exr")});
    EXPECT_EQ(slurp(file("t.exr")), slurp(file("t_plain.exr")));
    bakeNoted({"--preset", "terrain", "--size", "48x40", "--out", file("t.r32")},
              "colormap terrain (.r32 stores the values, not colours); range [-1, 1]");

    // A record's mapping, likewise; --from with a float output is the spec, unmapped.
    bake({"--preset", "terrain", "--size", "48x40", "--backend", "cpu", "--out", file("t.png")});
    bakeNoted({"--from", file("t.png"), "--colormap", "none", "--out", file("x.exr")},
              "--from " + file("t.png") + ": range [-1, 1]");
    EXPECT_EQ(slurp(file("x.exr")), slurp(file("t.exr")));
    // A 16-bit gray PNG from a colormapped record: --bits 16 wins over the record's colormap.
    bakeNoted({"--from", file("t.png"), "--bits", "16", "--out", file("x16.png")},
              "colormap terrain (--bits 16 asks for 16-bit gray)");
    bake({"--preset", "terrain", "--size", "48x40", "--colormap", "none", "--bits", "16", "--backend", "cpu",
          "--out", file("t16.png")});
    EXPECT_EQ(slurp(file("x16.png")), slurp(file("t16.png")));
}

// Every mapping value a preset sets can be set back to the default from the command line.
TEST_F(Records, EveryMappingValueOfAPresetResetsFromTheCommandLine) {
    const std::string preset = file("mapped.json");
    std::ofstream(preset) << R"({"octaves": 3, "seed": 9, "range": [-0.5, 0.5], "colormap": "fire", "bits": 8})";
    const Result kept = run({"bake", "--preset", preset, "--print-spec"});
    ASSERT_EQ(kept.code, 0) << kept.err;
    const auto withMapping = nlohmann::json::parse(kept.out);
    EXPECT_TRUE(withMapping.contains("bits") && withMapping.contains("range") && withMapping.contains("colormap"))
        << kept.out;
    const Result reset = run({"bake", "--preset", preset, "--range", "default", "--colormap", "none", "--bits",
                              "auto", "--print-spec"});
    ASSERT_EQ(reset.code, 0) << reset.err;
    const auto j = nlohmann::json::parse(reset.out);
    EXPECT_FALSE(j.contains("range") || j.contains("colormap") || j.contains("bits")) << reset.out;
    // Reset, the preset bakes what its spec alone bakes.
    bake({"--preset", preset, "--range", "default", "--colormap", "none", "--bits", "auto", "--size", "32x32",
          "--backend", "cpu", "--out", file("reset.png")});
    const std::string spec = file("spec.json");
    std::ofstream(spec) << reset.out;
    bake({"--preset", spec, "--size", "32x32", "--backend", "cpu", "--out", file("spec.png")});
    EXPECT_EQ(slurp(file("reset.png")), slurp(file("spec.png")));
    // Octaves a preset asks for above the grid's limit: the warning names the preset's key.
    std::ofstream(file("many.json")) << R"({"octaves": 12})";
    const Result many = run({"bake", "--preset", file("many.json"), "--size", "32x32", "--backend", "cpu", "--out",
                             file("many.png")});
    EXPECT_EQ(many.code, 0) << many.err;
    EXPECT_EQ(many.err.rfind("glnoise: warning: preset " + file("many.json") + ": octaves 12: octaves 7 to 12", 0), 0u)
        << many.err;
}

// A record is read wherever a PNG may hold it: a tEXt chunk after the image data (where
// some tools move text), or compressed (zTXt). Two records in one file, or a text chunk
// that fails its CRC, are refused with the reason.
TEST_F(Records, RecordsAreReadWhereverAPngHoldsThemAndTwoAreRefused) {
    bake({"--size", "40x30", "--octaves", "3", "--seed", "5", "--backend", "cpu", "--out", file("a.png")});
    const Chunks chunks = pngChunks(slurp(file("a.png")));
    Chunks text, rest;  // the record's chunk, and the others (the digest's among them)
    for (const auto& c : chunks)
        (c.first == "tEXt" && c.second.rfind(std::string("glnoise\0", 8), 0) == 0 ? text : rest).push_back(c);
    ASSERT_EQ(text.size(), 1u);
    ASSERT_EQ(rest.back().first, "IEND");
    auto write = [&](const std::string& name, const Chunks& c) { std::ofstream(file(name), std::ios::binary) << pngFrom(c); };

    Chunks after = rest;
    after.insert(after.end() - 1, text[0]);
    write("after.png", after);
    const std::string record = text[0].second.substr(text[0].second.find('\0') + 1);
    uLongf packedSize = compressBound(static_cast<uLong>(record.size()));
    std::string packed(packedSize, '\0');
    ASSERT_EQ(compress(reinterpret_cast<Bytef*>(packed.data()), &packedSize, reinterpret_cast<const Bytef*>(record.data()),
                       static_cast<uLong>(record.size())), Z_OK);
    packed.resize(packedSize);
    Chunks zipped = rest;
    zipped.insert(zipped.begin() + 1, {"zTXt", std::string("glnoise\0\0", 9) + packed});
    write("zipped.png", zipped);
    for (const char* name : {"after.png", "zipped.png"}) {
        bake({"--from", file(name), "--backend", "cpu", "--out", file(std::string("re_") + name)});
        EXPECT_EQ(slurp(file(std::string("re_") + name)), slurp(file("a.png"))) << name;
    }

    Chunks twice = chunks;
    twice.insert(twice.end() - 1, text[0]);
    write("twice.png", twice);
    Result r = run({"bake", "--from", file("twice.png"), "--out", file("out.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("holds 2 glnoise records"), std::string::npos) << r.err;
    std::string png = slurp(file("a.png"));
    const std::size_t at = png.find("glnoise\0{", 0, 9);
    ASSERT_NE(at, std::string::npos);
    png[at + 12] ^= 0x20;
    std::ofstream(file("crc.png"), std::ios::binary) << png;
    r = run({"bake", "--from", file("crc.png"), "--out", file("out.png")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("chunk tEXt fails its CRC"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(file("out.png")));
}

// A forged record nesting 100,000 levels deep, or a megabyte of one array, is one error at
// every entry point that reads records: bake --from, verify and the preview's --from, for a
// raw file's sidecar and for a PNG's text chunk alike. Nothing crashes and nothing is written.
TEST_F(Records, ForgedRecordsNestingDeepOrRunningLongAreOneError) {
    bake({"--size", "8x8", "--backend", "cpu", "--out", file("r.r16")});
    bake({"--size", "8x8", "--backend", "cpu", "--out", file("p.png")});
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    // Just under 1 MiB: 80,000 unknown keys, the first of them 1,000 bytes long.
    std::string wide = "{\"size\": \"8x8\", \"preset\": {\"" + std::string(1000, 'a') + "\": 0";
    for (int i = 0; wide.size() < (1u << 20) - 100; ++i) wide += ", \"k" + std::to_string(i) + "\": 1";
    wide += "}}";
    const std::string huge = wide.substr(0, wide.size() - 2) + ", \"" + std::string(200, 'x') + "\": 1}}";
    Chunks chunks = pngChunks(slurp(file("p.png")));
    for (auto& [type, data] : chunks)
        if (type == "tEXt" && data.rfind(std::string("glnoise\0", 8), 0) == 0) data = std::string("glnoise\0", 8) + deep;
    std::ofstream(file("deep.png"), std::ios::binary) << pngFrom(chunks);
    const std::string deepSaid = "its glnoise record nests arrays and objects more than 64 deep (at byte 64); at most 64";
    const std::string wideSaid = "--from " + file("r.r16") + ": " + std::string(40, 'a') +
                                 "... (1000 characters) is not a known key; allowed: basis,";
    struct Case {
        std::string sidecar;  // written as r.r16.json first; "" for the PNG
        std::vector<std::string> args;
        std::string program, said;
    };
    const std::string exe = test::glnoiseExe();
    std::vector<Case> cases = {
        {deep, {"bake", "--from", file("r.r16"), "--out", file("x.png")}, exe, "--from " + file("r.r16") + ": " + deepSaid},
        {deep, {"verify", file("r.r16")}, exe, file("r.r16") + ": " + deepSaid},
        {wide, {"bake", "--from", file("r.r16"), "--out", file("x.png")}, exe, wideSaid},
        {huge, {"bake", "--from", file("r.r16"), "--out", file("x.png")}, exe,
         "--from " + file("r.r16.json") + ": larger than 1 MiB"},
        {"", {"bake", "--from", file("deep.png"), "--out", file("x.png")}, exe, "--from " + file("deep.png") + ": " + deepSaid},
        {"", {"verify", file("deep.png")}, exe, file("deep.png") + ": " + deepSaid},
    };
#ifdef GLNOISE_PREVIEW_EXE  // the preview reads records too, where it is built
    const std::string preview = test::previewExe();
    cases.push_back({deep, {"--from", file("r.r16")}, preview, "--from " + file("r.r16") + ": " + deepSaid});
    cases.push_back({wide, {"--from", file("r.r16")}, preview, "more problems"});
    cases.push_back({"", {"--from", file("deep.png")}, preview, "--from " + file("deep.png") + ": " + deepSaid});
#endif
    for (const Case& c : cases) {
        if (!c.sidecar.empty()) std::ofstream(file("r.r16.json"), std::ios::binary) << c.sidecar;
        const Result r = runWith("env -u DISPLAY -u WAYLAND_DISPLAY", c.program, c.args);
        SCOPED_TRACE(c.program + " " + c.args[0] + " " + c.args[1]);
        EXPECT_EQ(r.code, c.args[0] == "verify" ? 1 : 2) << r.err;
        EXPECT_NE(r.err.find(c.said), std::string::npos) << "wanted: " << c.said << "\ngot: " << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_LT(r.err.size(), 8192u) << "the first ten problems, each value shortened";
        EXPECT_FALSE(fs::exists(file("x.png")));
    }
}

// A glnoise record copied into another image (an all-grey 256 x 256 PNG, with or without
// the digest chunk; an EXR whose digest was changed) is not the bake: verify and bake --from
// say so, naming the file. A PNG of 0.16.0 and earlier holds no digest and still verifies.
TEST_F(Records, ARepaintedImageIsToldFromTheBake) {
    bake({"--size", "256x256", "--octaves", "4", "--backend", "cpu", "--out", file("p.png")});
    bake({"--size", "256x256", "--backend", "cpu", "--out", file("p.exr")});
    const Chunks chunks = pngChunks(slurp(file("p.png")));
    std::string grey;
    for (int y = 0; y < 256; ++y) grey += '\0' + std::string(256, '\x80');
    uLongf packedSize = compressBound(static_cast<uLong>(grey.size()));
    std::string packed(packedSize, '\0');
    ASSERT_EQ(compress(reinterpret_cast<Bytef*>(packed.data()), &packedSize, reinterpret_cast<const Bytef*>(grey.data()),
                       static_cast<uLong>(grey.size())), Z_OK);
    packed.resize(packedSize);
    Chunks painted, recordOnly, old;
    for (const auto& [type, data] : chunks) {
        const bool digest = type == "tEXt" && data.rfind(std::string("glnoise-digest\0", 15), 0) == 0;
        if (type == "IDAT") {
            if (painted.empty() || painted.back().first != "IDAT") {
                painted.emplace_back("IDAT", packed);
                recordOnly.emplace_back("IDAT", packed);
            }
            old.emplace_back(type, data);
            continue;
        }
        painted.emplace_back(type, data);
        if (!digest) recordOnly.emplace_back(type, data);
        if (digest) continue;
        if (type == "tEXt") {  // the record as 0.16.0 wrote it: no digest
            auto rec = nlohmann::json::parse(data.substr(8));
            ASSERT_TRUE(rec["stored"].contains("digest"));
            rec["stored"].erase("digest");
            rec["generator"] = "glnoise 0.16.0";
            old.emplace_back(type, std::string("glnoise\0", 8) + rec.dump());
        } else {
            old.emplace_back(type, data);
        }
    }
    for (const auto& [name, c] : std::vector<std::pair<std::string, Chunks>>{
             {"painted.png", painted}, {"record_only.png", recordOnly}, {"old.png", old}})
        std::ofstream(file(name), std::ios::binary) << pngFrom(c);

    for (const auto& [name, said] : std::vector<std::pair<std::string, std::string>>{
             {"painted.png", ": the pixels are not the ones glnoise baked (repainted, or changed since)"},
             {"record_only.png", "its record says it holds a digest of its samples, but its tEXt chunk "
                                 "glnoise-digest is missing"}}) {
        SCOPED_TRACE(name);
        Result r = run({"verify", file(name)});
        EXPECT_EQ(r.code, 1);
        EXPECT_EQ(r.err.rfind("glnoise: error: " + file(name) + ": ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
        r = run({"bake", "--from", file(name), "--out", file("again.png")});
        EXPECT_EQ(r.code, 2);
        EXPECT_EQ(r.err.rfind("glnoise: error: --from " + file(name) + ": ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(file("again.png")));
    }
    Result r = run({"verify", file("old.png")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("it holds no digest of its samples (glnoise 0.16.0 wrote none)"), std::string::npos) << r.out;
    bake({"--from", file("old.png"), "--backend", "cpu", "--out", file("fromold.png")});
    EXPECT_EQ(slurp(file("fromold.png")), slurp(file("p.png")));

    // The EXR's digest, one digit changed.
    std::string exr = slurp(file("p.exr"));
    const std::size_t at = exr.find(std::string("glnoiseDigest\0string\0", 21));
    ASSERT_NE(at, std::string::npos);
    exr[at + 25] = exr[at + 25] == '0' ? '1' : '0';
    std::ofstream(file("changed.exr"), std::ios::binary) << exr;
    r = run({"verify", file("changed.exr")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find(file("changed.exr") + ": its samples' digest is "), std::string::npos) << r.err;
    r = run({"verify", file("p.exr")});
    EXPECT_EQ(r.code, 0) << r.err;
}

// The digest of a file's samples as docs/command-line.md defines it ("Digests"), computed
// with coreutils and the openssl command, independently of glnoise: 4 MiB chunks, each
// chunk's SHA-256, the SHA-256 of those.
std::string digestByShell(const std::string& samples) {
    const std::string parts = samples + ".parts";
    const std::string cmd = "mkdir " + test::quote(parts) + " && split -b 4194304 -a 6 " + test::quote(samples) + " " +
                            test::quote(parts + "/") + " && for c in " + test::quote(parts) +
                            "/*; do openssl dgst -sha256 -binary \"$c\"; done | sha256sum | cut -c1-64; rm -r " +
                            test::quote(parts);
    FILE* p = ::popen(cmd.c_str(), "r");
    std::string out;
    char buf[128];
    while (p && std::fgets(buf, sizeof buf, p)) out += buf;
    if (p) ::pclose(p);
    return out.substr(0, 64);
}

// A raw file's sidecar records the digest of its data: glnoise verify and bake --from tell
// a pair from two bakes (what a SIGKILL between a pair's renames, or copying one file of a
// pair, leaves) from a whole one; images are read whole against their records and the
// digest they hold, and a volume's slices checked as one set.
TEST_F(Records, VerifyTellsAWholeOutputFromAMismatchedOrBrokenOne) {
    for (const char* seed : {"1", "2"})
        bake({"--size", "64x48", "--seed", seed, "--range", "typical", "--backend", "cpu", "--out",
              file(std::string("s") + seed + ".r16")});
    const auto side = nlohmann::json::parse(slurp(file("s1.r16.json")));
    // Independent of glnoise's own digest: coreutils and openssl, as the docs say.
    EXPECT_EQ(side["stored"]["digest"]["method"], "sha256-tree-4MiB");
    EXPECT_EQ(side["stored"]["digest"]["value"], digestByShell(file("s1.r16")));
    EXPECT_EQ(side["stored"]["bytes"], 64 * 48 * 2);
    // More than one chunk: 1500 x 1000 float32 samples are 6,000,000 bytes, two chunks.
    bake({"--size", "1500x1000", "--backend", "cpu", "--out", file("two.r32")});
    EXPECT_EQ(nlohmann::json::parse(slurp(file("two.r32.json")))["stored"]["digest"]["value"],
              digestByShell(file("two.r32")));
    Result r = run({"verify", file("s1.r16"), file("s2.r16.json")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2) << r.out;
    EXPECT_NE(r.out.find(file("s1.r16") + ": ok: 64x48 .r16, 1 channel of 16 bits"), std::string::npos) << r.out;

    // The data of one bake beside the sidecar of another, both whole.
    fs::copy_file(file("s2.r16"), file("mix.r16"));
    fs::copy_file(file("s1.r16.json"), file("mix.r16.json"));
    r = run({"verify", file("mix.r16")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find(file("mix.r16") + ": its samples' digest is "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("the data is not the bake the record describes"), std::string::npos) << r.err;
    r = run({"bake", "--from", file("mix.r16"), "--out", file("again.r16")});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--from " + file("mix.r16")), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(file("again.r16")));
    // Cut short.
    std::ofstream(file("cut.r16"), std::ios::binary) << slurp(file("s1.r16")).substr(0, 100);
    fs::copy_file(file("s1.r16.json"), file("cut.r16.json"));
    r = run({"verify", file("cut.r16"), file("s1.r16")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("holds 100 bytes"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find(file("s1.r16") + ": ok"), std::string::npos) << "the good file is still reported: " << r.out;

    // A sidecar of glnoise 0.2.0 has no digest: the size is checked, and --from works; nor,
    // as every record before 0.7.0, the keys of rotation and cellular noise, which take their defaults.
    auto old = side;
    old["stored"].erase("digest");
    old["stored"].erase("bytes");
    for (const char* key : {"rotate", "cell_return", "cell_distance", "cell_jitter"}) ASSERT_EQ(old["preset"].erase(key), 1u) << key;
    old["generator"] = "glnoise 0.2.0";
    fs::copy_file(file("s1.r16"), file("old.r16"));
    std::ofstream(file("old.r16.json")) << old.dump(2);
    r = run({"verify", file("old.r16")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("no digest recorded (glnoise 0.2.0 wrote none): its size matches"), std::string::npos) << r.out;
    // Before 0.7.0 no range meant the stated range, which --from keeps: the old file's bytes
    // are those of --range bound, not of today's typical range.
    bake({"--from", file("old.r16"), "--backend", "cpu", "--out", file("fromold.r16")});
    bake({"--size", "64x48", "--seed", "1", "--range", "bound", "--backend", "cpu", "--out", file("bound.r16")});
    EXPECT_EQ(slurp(file("fromold.r16")), slurp(file("bound.r16")));
    EXPECT_NE(slurp(file("fromold.r16")), slurp(file("s1.r16")));
    EXPECT_EQ(nlohmann::json::parse(slurp(file("fromold.r16.json")))["preset"]["range"], "bound");
    // A sidecar of glnoise 0.3.0 to 0.16.0 records the whole file's SHA-256 (sha256sum's):
    // it verifies as it did, and a mismatch is still one.
    auto sha = side;
    sha["stored"].erase("digest");
    const Result sum = runWith("", "sha256sum", {file("s1.r16")});
    ASSERT_EQ(sum.code, 0) << sum.err;
    sha["stored"]["sha256"] = sum.out.substr(0, 64);
    sha["generator"] = "glnoise 0.16.0";
    fs::copy_file(file("s1.r16"), file("sha.r16"));
    std::ofstream(file("sha.r16.json")) << sha.dump(2);
    fs::copy_file(file("s2.r16"), file("shamix.r16"));
    std::ofstream(file("shamix.r16.json")) << sha.dump(2);
    r = run({"verify", file("sha.r16")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("SHA-256 as recorded; made by glnoise 0.16.0"), std::string::npos) << r.out;
    r = run({"verify", file("shamix.r16")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find(file("shamix.r16") + ": its SHA-256 is "), std::string::npos) << r.err;
    // A record of this version without a range is the typical range again.
    auto now = side;
    fs::copy_file(file("s1.r16"), file("now.r16"));
    std::ofstream(file("now.r16.json")) << now.dump(2);
    bake({"--from", file("now.r16"), "--backend", "cpu", "--out", file("fromnow.r16")});
    EXPECT_EQ(slurp(file("fromnow.r16")), slurp(file("s1.r16")));

    // Images: whole, cut short, or with a damaged image stream.
    bake({"--size", "64x48", "--backend", "cpu", "--out", file("p.png")});
    bake({"--size", "64x48", "--output", "gradient", "--backend", "cpu", "--out", file("g.exr")});
    r = run({"verify", file("p.png"), file("g.exr")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find(file("g.exr") + ": ok: 64x48 OpenEXR, 4 channels of 32 bits, every row read, as its record "
                                         "says; digest of its samples as recorded"),
              std::string::npos)
        << r.out;
    // A 16-bit PNG's samples are those of the .r16 of the same bake: the same digest.
    bake({"--size", "64x48", "--seed", "1", "--bits", "16", "--backend", "cpu", "--out", file("s1.png")});
    std::string held = slurp(file("s1.png"));
    const std::size_t key = held.find(std::string("glnoise-digest\0", 15));
    ASSERT_NE(key, std::string::npos);
    EXPECT_EQ(held.substr(key + 15, 64), side["stored"]["digest"]["value"]);
    EXPECT_GT(key, held.find("IDAT")) << "after the image data";
    const std::string png = slurp(file("p.png"));
    std::ofstream(file("short.png"), std::ios::binary) << png.substr(0, png.size() - 40);
    // One byte damaged anywhere in the image data, in its Adler-32 at the stream's end, or
    // in the last chunk's CRC: the rows a decoder needs may all still come out.
    std::vector<std::string> names = {"short.png", "short.exr"};
    for (const std::size_t back : {std::size_t{30}, std::size_t{20}, std::size_t{17}, std::size_t{14}, png.size() / 2,
                                   png.size() - 200}) {
        std::string damaged = png;
        damaged[damaged.size() - back] ^= 0x5a;
        names.push_back("damaged" + std::to_string(back) + ".png");
        std::ofstream(file(names.back()), std::ios::binary) << damaged;
    }
    const std::string exr = slurp(file("g.exr"));
    std::ofstream(file("short.exr"), std::ios::binary) << exr.substr(0, exr.size() / 2);
    for (const std::string& name : names) {
        r = run({"verify", file(name)});
        EXPECT_EQ(r.code, 1) << name;
        EXPECT_EQ(r.err.rfind("glnoise: error: " + file(name) + ": ", 0), 0u) << r.err;
    }

    // Slices: one from another bake, or one missing.
    for (const char* seed : {"1", "2"})
        bake({"--size", "16x16x4", "--seed", seed, "--backend", "cpu", "--out", file(std::string("v") + seed + "_%d.png")});
    r = run({"verify", file("v1_%d.png")});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("16x16x4 as PNG slices, each read whole and each as its digest says, all from one bake"),
              std::string::npos)
        << r.out;
    fs::copy_file(file("v2_2.png"), file("v1_2.png"), fs::copy_options::overwrite_existing);
    r = run({"verify", file("v1_%d.png")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("v1_2.png: its record is not slice 2"), std::string::npos) << r.err;
    fs::remove(file("v2_3.png"));
    r = run({"verify", file("v2_%d.png")});
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.err.find("v2_3.png: no such file"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace glnoise
