// The GLSL sources compiled into glnoise and the include resolver that assembles them.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace glnoise::gpu {

// Every file under shaders/, keyed by its path relative to shaders/
// ("noise.comp", "include/glnoise/perlin.glsl"). Generated at build time.
const std::map<std::string, std::string>& embeddedShaders();

struct ResolvedSource {
    std::string text;                // one source, includes expanded, #line directives
    std::vector<std::string> files;  // GLSL source string number -> file name
};

// Expands `#include "path"` lines of `entry` recursively. A path is looked up relative to
// the including file, then under each of `roots`. `defines` go right after #version.
// Throws GpuError naming the including file and line for a missing file or a cycle.
ResolvedSource resolveIncludes(const std::map<std::string, std::string>& sources,
                               const std::string& entry, const std::string& defines,
                               const std::vector<std::string>& roots = {"include"});

// Rewrites "N:L" / "N(L)" locations in a compiler log to "file:L".
std::string mapLog(const std::string& log, const std::vector<std::string>& files);

}  // namespace glnoise::gpu
