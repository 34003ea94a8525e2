// SPDX-License-Identifier: MIT
// What a hostile or careless input must not do to glnoise's commands: forged graphs and
// records, flags given twice or below a float's reach, read-only outputs, temporaries of
// killed bakes, signals while a file is hashed; and what a record promises --from: the
// octave limit, the backend and the graph's file as they were.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/bake_fixture.hpp"
#include "process.hpp"

namespace glnoise {
namespace {

namespace fs = std::filesystem;
using test::Result;
using test::slurp;

using test::floats;

class Trust : public test::BakeFixture {
protected:
    std::string write(const std::string& name, const std::string& text) {
        std::ofstream(file(name), std::ios::binary) << text;
        return file(name);
    }
    nlohmann::json json(const std::string& path) { return nlohmann::json::parse(slurp(path)); }
    void refused(const std::vector<std::string>& args, const std::string& says, int code = 2) {
        const Result r = run(args);
        EXPECT_EQ(r.code, code) << r.err;
        EXPECT_NE(r.err.find(says), std::string::npos) << "wanted: " << says << "\ngot: " << r.err;
    }
};

// The fractal's octaves in a printed or recorded graph.
int octavesOf(const nlohmann::json& graph, const std::string& node) { return graph["nodes"][node]["octaves"].get<int>(); }

TEST_F(Trust, TheOctaveLimitHoldsForGraphsAsForSpecs) {
    // At 0.013 cells per texel and lacunarity 2, octave 7 is at 0.832 > 0.5: six are kept
    // (0.013 * 2^5 = 0.416).
    const Result p = run({"bake", "--print-graph", "--octaves", "10", "--frequency", "0.013"});
    ASSERT_EQ(p.code, 0) << p.err;
    EXPECT_NE(p.err.find("--octaves 10: octaves 7 to 10 would be above 0.5 cells per texel"), std::string::npos) << p.err;
    const std::string printed = write("printed.json", p.out);
    EXPECT_EQ(octavesOf(nlohmann::json::parse(p.out), "fractal"), 6) << p.out;
    // The printed graph bakes the spec's bytes, with no more octaves to drop.
    const Result spec = run({"bake", "--octaves", "10", "--frequency", "0.013", "--size", "64x48", "--backend", "cpu",
                             "--out", file("spec.r32")});
    ASSERT_EQ(spec.code, 0) << spec.err;
    bake({"--graph", printed, "--size", "64x48", "--backend", "cpu", "--out", file("graph.r32")});
    EXPECT_EQ(slurp(file("spec.r32")), slurp(file("graph.r32")));

    // A graph of ten octaves at that frequency bakes six, saying so by its node; its record
    // holds what it baked.
    const std::string ten = write("ten.json", R"({"glnoise_graph": 1, "out": "f", "nodes": {
        "b": {"kind": "basis", "frequency": 0.013}, "f": {"kind": "fractal", "source": "b", "octaves": 10}}})");
    const Result limited = run({"bake", "--graph", ten, "--size", "64x48", "--backend", "cpu", "--out", file("ten.r32")});
    ASSERT_EQ(limited.code, 0) << limited.err;
    EXPECT_NE(limited.err.find("graph " + ten + ": node \"f\" octaves 10: octaves 7 to 10 would be above 0.5 cells per texel"),
              std::string::npos)
        << limited.err;
    EXPECT_EQ(octavesOf(json(file("ten.r32.json"))["graph"], "f"), 6);
    EXPECT_EQ(slurp(file("ten.r32")), slurp(file("graph.r32")));
    // Scaled down by 1/4 before the fractal, its octaves are at a quarter of the cells:
    // eight are kept (0.013 / 4 * 2^7 = 0.416).
    const std::string scaled = write("scaled.json", R"({"glnoise_graph": 1, "out": "s", "nodes": {
        "b": {"kind": "basis", "frequency": 0.013}, "f": {"kind": "fractal", "source": "b", "octaves": 10},
        "s": {"kind": "scale", "source": "f", "by": 0.25}}})");
    const Result s = run({"bake", "--graph", scaled, "--print-graph"});
    ASSERT_EQ(s.code, 0) << s.err;
    EXPECT_EQ(octavesOf(nlohmann::json::parse(s.out), "f"), 8) << s.err;
    // --no-octave-limit keeps them all: other bytes, no warning, and the record says so.
    bake({"--graph", ten, "--no-octave-limit", "--size", "64x48", "--backend", "cpu", "--out", file("all.r32")});
    EXPECT_NE(slurp(file("all.r32")), slurp(file("ten.r32")));
    const nlohmann::json all = json(file("all.r32.json"));
    EXPECT_EQ(octavesOf(all["graph"], "f"), 10);
    EXPECT_EQ(all["no_octave_limit"], true);
    bake({"--from", file("all.r32"), "--out", file("again.r32")});
    EXPECT_EQ(slurp(file("again.r32")), slurp(file("all.r32")));
}

TEST_F(Trust, ARecordNamesItsBackendAndGraphFileAndFromReBakesOnThem) {
    const std::string g = write("hills.json", R"({"glnoise_graph": 1, "out": "m", "nodes": {
        "b": {"kind": "basis", "basis": "opensimplex2", "frequency": 0.02},
        "f": {"kind": "fractal", "source": "b", "octaves": 5, "type": "ridged"},
        "m": {"kind": "smooth_max", "a": "f", "b": 0.2, "smoothness": 0.3}}})");
    for (const std::string backend : {"cpu", "reference"}) {
        const std::string out = file(backend + ".r32");
        bake({"--graph", g, "--size", "80x40", "--backend", backend, "--out", out});
        const nlohmann::json rec = json(out + ".json");
        EXPECT_EQ(rec["backend"], "cpu") << "both CPU backends compute the reference's values";
        EXPECT_FALSE(rec.contains("renderer"));
        // The file's own name, wherever it was: the same graph from another folder records the same.
        EXPECT_EQ(rec["command"].get<std::string>().rfind("glnoise bake --graph hills.json ", 0), 0u) << rec["command"];
        // --from re-bakes on the recorded backend, silently, byte for byte, record and all.
        bake({"--from", out, "--out", file("again.r32")});
        EXPECT_EQ(slurp(file("again.r32")), slurp(out));
        EXPECT_EQ(slurp(file("again.r32.json")), slurp(out + ".json"));
        // Told to use the GPU, it says the values may differ.
        const Result gpu = run({"bake", "--from", out, "--backend", "gpu", "--out", file("gpu.r32")});
        ASSERT_EQ(gpu.code, 0) << gpu.err;
        EXPECT_NE(gpu.err.find("was made on the CPU; this bake runs on the GPU"), std::string::npos) << gpu.err;
        const nlohmann::json onGpu = json(file("gpu.r32.json"));
        EXPECT_EQ(onGpu["backend"], "gpu");
        EXPECT_TRUE(onGpu["renderer"].is_string() && !onGpu["renderer"].get<std::string>().empty());
    }
    // A GPU record made by another renderer re-bakes on this one, saying the bytes may differ.
    nlohmann::json rec = json(file("gpu.r32.json"));
    rec["renderer"] = "Another Vendor's GPU/PCIe";  // no machine's renderer, this one's included
    write("gpu.r32.json", rec.dump(2) + "\n");
    const Result other = run({"bake", "--from", file("gpu.r32"), "--out", file("other.r32")});
    ASSERT_EQ(other.code, 0) << other.err;
    EXPECT_NE(other.err.find("was made on the GPU Another Vendor's GPU/PCIe; this bake runs on this machine's GPU"),
              std::string::npos)
        << other.err;
    // A record naming no backend is one from before: the GPU, as then.
    rec.erase("backend");
    rec.erase("renderer");
    write("gpu.r32.json", rec.dump(2) + "\n");
    const Result old = run({"bake", "--from", file("gpu.r32"), "--out", file("old.r32")});
    ASSERT_EQ(old.code, 0) << old.err;
    EXPECT_EQ(old.err, "");
    EXPECT_EQ(json(file("old.r32.json"))["backend"], "gpu");
    // A forged backend is refused by --from and verify alike.
    rec["backend"] = "quantum";
    write("gpu.r32.json", rec.dump(2) + "\n");
    refused({"bake", "--from", file("gpu.r32"), "--out", file("q.r32")}, "backend \"quantum\": must be gpu, cpu or reference");
    refused({"verify", file("gpu.r32")}, "backend \"quantum\": must be gpu, cpu or reference", 1);
}

TEST_F(Trust, VerifyRefusesTheRecordsFromRefuses) {
    bake({"--size", "32x16", "--octaves", "3", "--backend", "cpu", "--out", file("r.r16")});
    const nlohmann::json good = json(file("r.r16.json"));
    struct Case {
        std::function<void(nlohmann::json&)> forge;
        std::string says;
    };
    const std::vector<Case> cases = {
        {[](nlohmann::json& j) { j["preset"]["basis"] = 7; }, "basis"},
        {[](nlohmann::json& j) { j["preset"]["octaves"] = "four"; }, "octaves"},
        {[](nlohmann::json& j) { j["preset"]["seed"] = -5; }, "seed"},
        {[](nlohmann::json& j) { j["preset"]["sparkle"] = 1; }, "sparkle"},
        {[](nlohmann::json& j) { j["size"] = 64; }, "size 64: must be a string"},
        {[](nlohmann::json& j) {
             j["generator"] = "glnoise 99.0.0";
             j["preset"]["sparkle"] = 1;
         },
         "(made by \"glnoise 99.0.0\", newer than this glnoise"},
    };
    for (const Case& c : cases) {
        nlohmann::json j = good;
        c.forge(j);
        write("r.r16.json", j.dump(2) + "\n");
        const Result from = run({"bake", "--from", file("r.r16"), "--out", file("x.r16")});
        const Result verify = run({"verify", file("r.r16")});
        SCOPED_TRACE(c.says);
        EXPECT_EQ(from.code, 2) << from.err;
        EXPECT_EQ(verify.code, 1) << verify.out << verify.err;
        EXPECT_NE(from.err.find(c.says), std::string::npos) << from.err;
        EXPECT_NE(verify.err.find(c.says), std::string::npos) << verify.err;
        EXPECT_FALSE(fs::exists(file("x.r16")));
    }
    // A later version's record that this one reads is verified as any other.
    nlohmann::json later = good;
    later["generator"] = "glnoise 99.0.0";
    write("r.r16.json", later.dump(2) + "\n");
    const Result ok = run({"verify", file("r.r16")});
    EXPECT_EQ(ok.code, 0) << ok.err;
}

TEST_F(Trust, AReadOnlyOutputIsNotReplaced) {
    write("keep.png", "mine");
    ::chmod(file("keep.png").c_str(), 0444);
    refused({"bake", "--size", "8x8", "--backend", "cpu", "--out", file("keep.png")},
            "keep.png: is write-protected (mode 0444); glnoise replaces no read-only file");
    EXPECT_EQ(slurp(file("keep.png")), "mine");
    ::chmod(file("keep.png").c_str(), 0644);
    bake({"--size", "8x8", "--backend", "cpu", "--out", file("keep.png")});
    EXPECT_NE(slurp(file("keep.png")), "mine");
}

TEST_F(Trust, OnOffFlagsGivenTwiceAreRefused) {
    for (const std::string flag : {"--normalize", "--flip-y", "--seamless", "--rotate", "--no-octave-limit"}) {
        refused({"bake", "--size", "8x8", "--backend", "cpu", flag, flag, "--out", file("twice.png")},
                flag + ": given 2 times; give it once");
        EXPECT_FALSE(fs::exists(file("twice.png")));
    }
}

TEST_F(Trust, NumbersBelowAFloatsReachAreRefusedInTheirOwnWords) {
    refused({"bake", "--size", "8x8", "--frequency", "1e-310", "--out", file("f.png")},
            "--frequency 1e-310: too small for a double");
    refused({"bake", "--size", "8x8", "--frequency", "1e-40", "--out", file("f.png")},
            "--frequency 1e-40: is below 1.17549435e-38 in magnitude");
    refused({"eval", "--frequency", "1e-320"}, "--frequency 1e-320: too small for a double");
    refused({"bake", "--size", "8x8", "--gain", "-1e-39", "--out", file("f.png")}, "--gain -1e-39: is below 1.17549435e-38");
    const std::string preset = write("tiny.json", R"({"frequency": 1e-400})");
    refused({"bake", "--size", "8x8", "--preset", preset, "--out", file("f.png")}, "holds the number 1e-400");
    EXPECT_FALSE(fs::exists(file("f.png")));
}

// The start time of process `pid` (/proc/PID/stat, field 22), as glnoise names a
// temporary's owner.
std::string startTime(pid_t pid) {
    const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
    std::size_t at = stat.rfind(')');
    for (int field = 2; field < 22 && at != std::string::npos; ++field) at = stat.find(' ', at + 1);
    return at == std::string::npos ? "" : stat.substr(at + 1, stat.find(' ', at + 1) - at - 1);
}

TEST_F(Trust, ALaterBakeRemovesTheTemporariesOfAKilledOne) {
    // A process that ran and is gone (killed as kill -9 kills a bake), and one that runs.
    const pid_t dead = ::fork();
    if (dead == 0) {
        ::pause();
        std::_Exit(0);
    }
    std::string deadStart;
    for (int i = 0; i < 1000 && deadStart.empty(); ++i) deadStart = startTime(dead);
    ASSERT_FALSE(deadStart.empty());
    ::kill(dead, SIGKILL);
    ::waitpid(dead, nullptr, 0);
    const std::string orphan = ".sl_00.png.glnoise-" + std::to_string(dead) + "." + deadStart + "-Ab3dEf";
    const std::string live = ".sl_01.png.glnoise-" + std::to_string(::getpid()) + "." + startTime(::getpid()) + "-Zz9yX8";
    const std::string reused = ".sl_00.png.glnoise-" + std::to_string(::getpid()) + "." + deadStart + "1-Qq1wE2";
    const std::string other = ".sl_00.png.kept";
    for (const std::string& name : {orphan, live, reused, other}) write(name, "staged");
    bake({"--size", "16x16x2", "--backend", "cpu", "--out", file("sl_%02d.png")});
    EXPECT_FALSE(fs::exists(file(orphan))) << "its owner is gone";
    EXPECT_FALSE(fs::exists(file(reused))) << "its pid runs another process now";
    EXPECT_TRUE(fs::exists(file(live))) << "its owner still runs";
    EXPECT_TRUE(fs::exists(file(other))) << "not a temporary";
    EXPECT_TRUE(fs::exists(file("sl_00.png")) && fs::exists(file("sl_01.png")));
}

// Starts glnoise with `args` in the background, waits until it has a file of `dir` open,
// and sends it `signal`.
Result runAndSignal(const std::vector<std::string>& args, int signal, const fs::path& dir, const fs::path& logs) {
    const std::string out = (logs / "out").string(), err = (logs / "err").string();
    const std::string exe = test::glnoiseExe();
    const pid_t pid = ::fork();
    if (pid == 0) {
        std::freopen(out.c_str(), "w", stdout);
        std::freopen(err.c_str(), "w", stderr);
        std::vector<char*> argv = {const_cast<char*>(exe.c_str())};
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(exe.c_str(), argv.data());
        std::_Exit(127);
    }
    const std::string inside = fs::canonical(dir).string() + "/";
    for (bool open = false; !open;) {
        siginfo_t info{};
        if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid != 0) break;
        std::error_code ec;
        for (const auto& e : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
            const fs::path target = fs::read_symlink(e.path(), ec);
            open = open || (!ec && target.string().rfind(inside, 0) == 0);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ::kill(pid, signal);
    int status = 0;
    ::waitpid(pid, &status, 0);
    Result r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

TEST_F(Trust, HashingAHugeFileStopsOnASignalAndFromChecksTheBakeFirst) {
    // A sparse .r32 of 1 TiB and a sidecar that matches its size: hours of hashing.
    bake({"--size", "32x32", "--backend", "cpu", "--out", file("big.r32")});
    nlohmann::json rec = json(file("big.r32.json"));
    rec["size"] = "1048576x262144";
    rec["stored"]["width"] = 1048576;
    rec["stored"]["height"] = 262144;
    rec["stored"]["bytes"] = std::uint64_t{1} << 40;
    write("big.r32.json", rec.dump(2) + "\n");
    {
        std::ofstream f(file("big.r32"), std::ios::binary | std::ios::trunc);
    }
    ASSERT_EQ(::truncate(file("big.r32").c_str(), static_cast<off_t>(std::uint64_t{1} << 40)), 0) << std::strerror(errno);
    char tmpl[] = "/tmp/glnoise-logs-XXXXXX";
    const fs::path logs = ::mkdtemp(tmpl);
    for (int sig : {SIGTERM, SIGINT}) {
        const Result v = runAndSignal({"verify", file("big.r32")}, sig, dir, logs);
        EXPECT_EQ(v.code, 128 + sig) << v.out << v.err;
        EXPECT_NE(v.err.find(std::string("interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM")), std::string::npos) << v.err;
    }
    const Result b = runAndSignal({"bake", "--from", file("big.r32"), "--size", "64x64", "--out", file("small.png")}, SIGTERM,
                                  dir, logs);
    EXPECT_EQ(b.code, 128 + SIGTERM) << b.err;
    EXPECT_FALSE(fs::exists(file("small.png")));
    // A bad flag is named at once, before any of the file is read.
    refused({"bake", "--from", file("big.r32"), "--size", "64x64", "--out", file("small.xyz")}, "--out");
    fs::remove_all(logs);
    fs::remove(file("big.r32"));
}

TEST_F(Trust, VerboseShowsTheTypicalRangesTime) {
    const Result r = run({"bake", "--size", "16x16", "--backend", "cpu", "--verbose", "--out", file("v.png")});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("glnoise: bake: measuring the typical range "), std::string::npos) << r.err;
}

TEST_F(Trust, TheHeightmapPresetHasNoSpikeAtTheOrigin) {
    // Every octave of a gradient noise is 0 at the origin of its lattice, where a ridged
    // sum is at its maximum in all of them: the preset is placed away from it.
    bake({"--preset", "heightmap", "--size", "128x128", "--backend", "cpu", "--out", file("h.r16")});
    const std::string bytes = slurp(file("h.r16"));
    std::vector<std::uint16_t> h(bytes.size() / 2);
    std::memcpy(h.data(), bytes.data(), h.size() * 2);
    const auto top = *std::max_element(h.begin(), h.end());
    EXPECT_LT(h[0], top) << "texel (0, 0) is the summit";
    EXPECT_LT(h[0], 65535);
}

TEST_F(Trust, EvalEqualsABakeAtItsAnchorsAndAgreesElsewhere) {
    bake({"--size", "512x512", "--octaves", "6", "--basis", "opensimplex2", "--backend", "reference", "--out", file("e.r32")});
    const std::vector<float> texels = floats(slurp(file("e.r32")));
    const Result e = runWith("", test::glnoiseExe(),
                             {"eval", "--octaves", "6", "--basis", "opensimplex2", "--backend", "reference"},
                             "0 0\n256 0\n256 256\n0 256\n511 511\n300 17\n");
    ASSERT_EQ(e.code, 0) << e.err;
    std::istringstream lines(e.out);
    const int at[][2] = {{0, 0}, {256, 0}, {256, 256}, {0, 256}, {511, 511}, {300, 17}};
    for (int i = 0; i < 6; ++i) {
        double v = 0;
        lines >> v;
        const float t = texels[static_cast<std::size_t>(at[i][1] * 512 + at[i][0])];
        if (at[i][0] % 256 == 0 && at[i][1] % 256 == 0)
            EXPECT_EQ(static_cast<float>(v), t) << "texel " << at[i][0] << "," << at[i][1] << " is its own anchor";
        else
            EXPECT_NEAR(v, t, 2e-5) << "texel " << at[i][0] << "," << at[i][1];
    }
}

}  // namespace
}  // namespace glnoise
