// SPDX-License-Identifier: MIT
// Running a built executable from a test: arguments quoted for the shell, stdin from a
// string, stdout and stderr captured, and a scratch directory removed afterwards.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace glnoise::test {

struct Result {
    int code = -1;
    std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// A raw file's bytes as its float32 samples (host order: little-endian here).
inline std::vector<float> floats(const std::string& bytes) {
    std::vector<float> v(bytes.size() / 4);
    std::memcpy(v.data(), bytes.data(), v.size() * 4);
    return v;
}

inline std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// A test fixture with a fresh scratch directory and a way to run commands in it.
class ProcessTest : public ::testing::Test {
protected:
    std::filesystem::path dir;
    void SetUp() override {
        char tmpl[] = "/tmp/glnoise-test-XXXXXX";
        dir = ::mkdtemp(tmpl);
    }
    void TearDown() override { std::filesystem::remove_all(dir); }
    std::string file(const std::string& name) const { return (dir / name).string(); }
    std::size_t entries() const {
        return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
    }

    // `prefix` goes before the executable (environment assignments, a wrapper).
    Result runWith(const std::string& prefix, const std::string& exe, const std::vector<std::string>& args,
                   const std::string& input = "") {
        const auto in = dir / ".stdin", out = dir / ".stdout", err = dir / ".stderr";
        { std::ofstream(in, std::ios::binary) << input; }
        std::string cmd = prefix + " " + quote(exe);
        for (const auto& a : args) cmd += " " + quote(a);
        cmd += " <" + quote(in.string()) + " >" + quote(out.string()) + " 2>" + quote(err.string());
        const int status = std::system(cmd.c_str());
        Result r;
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = slurp(out);
        r.err = slurp(err);
        std::filesystem::remove(in), std::filesystem::remove(out), std::filesystem::remove(err);
        return r;
    }
};

}  // namespace glnoise::test
