// SPDX-License-Identifier: MIT
// Where the test suites find their data and the programs they run.
//
// In a build tree these are the paths CMake compiled in. In a relocated bundle
// (`cmake --build build --target bundle`) the suites sit in bin/ beside glnoise and
// glnoise-preview, with the source files they read under share/glnoise/tests/; they find
// both relative to themselves. GLNOISE_TEST_ROOT (a folder laid out like the source tree)
// and GLNOISE_TEST_BIN (the folder holding glnoise) override either.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace glnoise::test {

inline std::filesystem::path selfDir() {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : self.parent_path();
}

// The bundle's data folder when this executable runs from one, else empty.
inline std::filesystem::path bundledRoot() {
    const auto dir = selfDir();
    if (dir.empty()) return {};
    const auto root = dir.parent_path() / "share" / "glnoise" / "tests";
    std::error_code ec;
    return std::filesystem::is_directory(root / "tests" / "golden", ec) ? root : std::filesystem::path();
}

inline std::string sourceDir() {
    if (const char* v = std::getenv("GLNOISE_TEST_ROOT"); v && *v) return v;
    if (const auto root = bundledRoot(); !root.empty()) return root.string();
    return GLNOISE_SOURCE_DIR;
}

inline std::string goldenDir() { return sourceDir() + "/tests/golden"; }

inline std::string programDir() {
    if (const char* v = std::getenv("GLNOISE_TEST_BIN"); v && *v) return v;
    if (!bundledRoot().empty()) return selfDir().string();
    return {};
}

// The glnoise executable the CLI tests run.
inline std::string glnoiseExe() {
    const std::string dir = programDir();
    return dir.empty() ? std::string(GLNOISE_EXE) : dir + "/glnoise";
}

#ifdef GLNOISE_PREVIEW_EXE
inline std::string previewExe() {
    const std::string dir = programDir();
    return dir.empty() ? std::string(GLNOISE_PREVIEW_EXE) : dir + "/glnoise-preview";
}
#endif

}  // namespace glnoise::test
