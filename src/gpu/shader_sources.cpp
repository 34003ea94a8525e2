#include "gpu/shader_sources.hpp"

#include <algorithm>
#include <regex>
#include <sstream>

#include "glnoise/error.hpp"

namespace glnoise::gpu {

namespace {

std::string directoryOf(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

// Folds "a/./b" and "a/x/../b" so that one file has one name.
std::string normalize(const std::string& path) {
    std::vector<std::string> parts;
    std::stringstream ss(path);
    std::string part;
    while (std::getline(ss, part, '/')) {
        if (part.empty() || part == ".") continue;
        if (part == ".." && !parts.empty() && parts.back() != "..") {
            parts.pop_back();
            continue;
        }
        parts.push_back(part);
    }
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
    return out;
}

struct Resolver {
    const std::map<std::string, std::string>& sources;
    const std::vector<std::string>& roots;
    ResolvedSource result;
    std::vector<std::string> stack;

    int indexOf(const std::string& file) {
        auto it = std::find(result.files.begin(), result.files.end(), file);
        if (it != result.files.end()) return static_cast<int>(it - result.files.begin());
        result.files.push_back(file);
        return static_cast<int>(result.files.size() - 1);
    }

    std::string find(const std::string& from, const std::string& target, int line) {
        std::vector<std::string> candidates{normalize(directoryOf(from) + target)};
        for (const auto& root : roots) candidates.push_back(normalize(root + "/" + target));
        for (const auto& c : candidates)
            if (sources.count(c)) return c;
        std::string looked;
        for (const auto& c : candidates) looked += (looked.empty() ? "" : ", ") + c;
        throw GpuError(from + ":" + std::to_string(line) + ": cannot find included file \"" +
                       target + "\" (looked for " + looked + ")");
    }

    void expand(const std::string& file, const std::string& defines, bool entry) {
        static const std::regex include(R"(^\s*#\s*include\s+"([^"]+)\"\s*(//.*)?$)");
        const int index = indexOf(file);
        stack.push_back(file);
        std::istringstream in(sources.at(file));
        std::string line;
        int number = 0;
        while (std::getline(in, line)) {
            ++number;
            std::smatch m;
            if (entry && number == 1 && line.rfind("#version", 0) == 0) {
                result.text += line + "\n" + defines;
                result.text += "#line " + std::to_string(number + 1) + " " + std::to_string(index) + "\n";
            } else if (std::regex_match(line, m, include)) {
                const std::string target = find(file, m[1].str(), number);
                if (std::find(stack.begin(), stack.end(), target) != stack.end()) {
                    std::string chain;
                    for (const auto& s : stack) chain += s + " -> ";
                    throw GpuError(file + ":" + std::to_string(number) + ": include cycle: " + chain + target);
                }
                result.text += "#line 1 " + std::to_string(indexOf(target)) + "\n";
                expand(target, defines, false);
                result.text += "#line " + std::to_string(number + 1) + " " + std::to_string(index) + "\n";
            } else {
                result.text += line + "\n";
            }
        }
        stack.pop_back();
    }
};

}  // namespace

ResolvedSource resolveIncludes(const std::map<std::string, std::string>& sources,
                               const std::string& entry, const std::string& defines,
                               const std::vector<std::string>& roots) {
    if (!sources.count(entry)) throw GpuError("no shader source named " + entry);
    Resolver r{sources, roots, {}, {}};
    r.expand(entry, defines, true);
    return r.result;
}

std::string mapLog(const std::string& log, const std::vector<std::string>& files) {
    // Mesa: "0:12(5): error", NVIDIA: "0(12) : error", glslang: "ERROR: 0:12: ".
    static const std::regex location(R"((^|\n)((?:ERROR: |WARNING: )?)(\d+)(?::(\d+)|\((\d+)\)))");
    std::string out;
    auto begin = log.cbegin();
    std::smatch m;
    while (std::regex_search(begin, log.cend(), m, location)) {
        out.append(begin, m[0].first);
        const auto n = static_cast<std::size_t>(std::stoul(m[3].str()));
        const std::string line = m[4].matched ? m[4].str() : m[5].str();
        out += m[1].str() + m[2].str() + (n < files.size() ? files[n] : m[3].str()) + ":" + line;
        begin = m[0].second;
    }
    out.append(begin, log.cend());
    return out;
}

}  // namespace glnoise::gpu
