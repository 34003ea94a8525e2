// SPDX-License-Identifier: MIT
// The GLSL include resolver over a tree of in-memory files whose names and contents come
// from the input: it expands the tree or throws glnoise::ShaderError (a missing include,
// a cycle, a malformed directive), nothing else, and never reads the disk.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>

#include "glnoise/error.hpp"
#include "glnoise/glsl.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    // A few names, so that includes between the files are found often.
    static const char* const kNames[] = {"main.comp", "a.glsl", "b.glsl", "dir/c.glsl", "dir/../a.glsl",
                                         "glnoise/perlin.glsl", "../up.glsl"};
    std::map<std::string, std::string> files;
    files["main.comp"] = in.ConsumeRandomLengthString(4096);
    while (in.remaining_bytes() > 0 && files.size() < 8) {
        const std::string name = kNames[in.ConsumeIntegralInRange<std::size_t>(0, std::size(kNames) - 1)];
        files[name] = in.ConsumeRandomLengthString(4096);
    }
    glnoise::glsl::IncludeOptions options;
    options.library = (size & 1) != 0;
    options.lineDirectives = (size & 2) != 0;
    try {
        const glnoise::glsl::Source s = glnoise::glsl::resolveInMemory(files, "main.comp", options);
        if (s.files.empty()) __builtin_trap();
    } catch (const glnoise::ShaderError&) {
    }
    return 0;
}
