// SPDX-License-Identifier: MIT
#include "glnoise/glsl.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <utility>

#include "glnoise/error.hpp"

namespace glnoise::glsl {

namespace {

namespace fs = std::filesystem;

// Where a file lives decides where its relative includes are looked for.
enum class Origin { Memory, Disk, Library };

struct FileRef {
    Origin origin;
    std::string name;  // memory key, lexically normal disk path, or library key
    bool operator<(const FileRef& o) const { return std::tie(origin, name) < std::tie(o.origin, o.name); }
    bool operator==(const FileRef& o) const { return origin == o.origin && name == o.name; }
};

// Folds "a/./b" and "a/x/../b" so that one file has one name.
std::string normalize(const std::string& path) {
    std::string out = fs::path(path).lexically_normal().generic_string();
    return out == "." ? std::string() : out;
}

std::string directoryOf(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

std::optional<std::string> readDisk(const std::string& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The code of each line with comments removed, so that directives inside /* */ blocks
// and after // are not taken for real ones.
std::vector<std::string> codeLines(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    out.reserve(lines.size());
    bool inBlock = false;
    for (const auto& line : lines) {
        std::string code;
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (inBlock) {
                if (line.compare(i, 2, "*/") == 0) {
                    inBlock = false;
                    ++i;
                }
            } else if (line.compare(i, 2, "/*") == 0) {
                inBlock = true;
                ++i;
            } else if (line.compare(i, 2, "//") == 0) {
                break;
            } else {
                code += line[i];
            }
        }
        out.push_back(code);
    }
    return out;
}

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

// "#  name  rest  " -> {name, rest}; {} when the line is not a directive. By hand: a
// regex would recurse once per character of a long line.
std::pair<std::string, std::string> directive(const std::string& code) {
    auto space = [](char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; };
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
    std::size_t i = 0;
    while (i < code.size() && space(code[i])) ++i;
    if (i == code.size() || code[i] != '#') return {};
    ++i;
    while (i < code.size() && space(code[i])) ++i;
    const std::size_t nameStart = i;
    while (i < code.size() && word(code[i])) ++i;
    if (i == nameStart) return {};
    std::string name = code.substr(nameStart, i - nameStart);
    while (i < code.size() && space(code[i])) ++i;
    std::size_t end = code.size();
    while (end > i && space(code[end - 1])) --end;
    return {std::move(name), code.substr(i, end - i)};
}

bool opensConditional(const std::string& name) { return name == "if" || name == "ifdef" || name == "ifndef"; }

enum class Once { No, Guard, Pragma };

// Guard: the whole file is `#ifndef X` / `#define X` ... `#endif` (comments and blank
// lines aside). Pragma: `#pragma once` outside any conditional.
Once expandsOnce(const std::vector<std::string>& code) {
    std::vector<std::size_t> nonBlank;
    for (std::size_t i = 0; i < code.size(); ++i)
        if (code[i].find_first_not_of(" \t") != std::string::npos) nonBlank.push_back(i);
    int depth = 0;
    for (std::size_t i : nonBlank) {
        const auto [name, rest] = directive(code[i]);
        if (opensConditional(name)) ++depth;
        if (name == "endif") --depth;
        if (name == "pragma" && rest == "once" && depth == 0) return Once::Pragma;
    }
    if (nonBlank.size() < 3) return Once::No;
    const auto [first, guard] = directive(code[nonBlank[0]]);
    const auto [second, defined] = directive(code[nonBlank[1]]);
    if (first != "ifndef" || second != "define" || defined != guard) return Once::No;
    // The #ifndef must close on the last line, not before it.
    depth = 0;
    for (std::size_t k = 0; k < nonBlank.size(); ++k) {
        const auto name = directive(code[nonBlank[k]]).first;
        if (opensConditional(name)) ++depth;
        if (name == "endif" && --depth == 0) return k + 1 == nonBlank.size() ? Once::Guard : Once::No;
    }
    return Once::No;
}

// Limits that keep a hostile or broken tree from exhausting the stack or memory.
constexpr std::size_t kMaxIncludeDepth = 64;
constexpr std::size_t kMaxSource = std::size_t{64} << 20;

struct Resolver {
    const std::map<std::string, std::string>* memory;
    const IncludeOptions& options;
    Source result;
    std::vector<FileRef> stack;
    std::map<FileRef, int> numbers;
    std::set<FileRef> done;  // expanded once unconditionally and guarded: skip from now on
    std::map<FileRef, std::string> texts;

    int numberOf(const FileRef& f) {
        auto [it, added] = numbers.emplace(f, static_cast<int>(result.files.size()));
        if (added) result.files.push_back(f.name);
        return it->second;
    }

    std::optional<std::string> load(const FileRef& f) {
        switch (f.origin) {
            case Origin::Memory: {
                if (!memory) return std::nullopt;
                auto it = memory->find(f.name);
                if (it != memory->end()) return it->second;
                return std::nullopt;
            }
            case Origin::Library: {
                auto it = library().find(f.name);
                if (it != library().end()) return it->second;
                return std::nullopt;
            }
            case Origin::Disk:
                return readDisk(f.name);
        }
        return std::nullopt;
    }

    FileRef find(const FileRef& from, const std::string& target, bool quoted, int line) {
        std::vector<FileRef> candidates;
        if (quoted) candidates.push_back({from.origin, normalize(directoryOf(from.name) + target)});
        for (const auto& dir : options.dirs)
            candidates.push_back({Origin::Disk, normalize((dir / target).generic_string())});
        if (options.library) candidates.push_back({Origin::Library, normalize(target)});
        for (const auto& c : candidates) {
            if (texts.count(c)) return c;
            if (auto text = load(c)) {
                texts.emplace(c, std::move(*text));
                return c;
            }
        }
        std::string looked;
        for (const auto& c : candidates)
            looked += (looked.empty() ? "" : ", ") + c.name + (c.origin == Origin::Library ? " (built in)" : "");
        throw ShaderError(from.name + ":" + std::to_string(line) + ": cannot find included file \"" + target +
                          "\" (looked for " + (looked.empty() ? "nothing: no include directories" : looked) +
                          ")");
    }

    void lineDirective(int line, int number) {
        if (options.lineDirectives)
            result.text += "#line " + std::to_string(line) + " " + std::to_string(number) + "\n";
    }

    // unconditional: every include on the way here sits outside #if blocks.
    void expand(const FileRef& file, bool unconditional, bool entry) {
        const int number = numberOf(file);
        const std::vector<std::string> lines = splitLines(texts.at(file));
        const std::vector<std::string> code = codeLines(lines);
        const Once once = expandsOnce(code);
        // Inside its own guard a file's lines are as unconditional as the file.
        const int base = once == Once::Guard ? 1 : 0;
        bool versionSeen = !entry;
        if (entry && !options.defines.empty()) {
            const bool hasVersion = std::any_of(code.begin(), code.end(),
                                                [](const std::string& c) { return directive(c).first == "version"; });
            if (!hasVersion) {
                result.text += options.defines;
                lineDirective(1, number);
                versionSeen = true;
            }
        }
        stack.push_back(file);
        int depth = 0;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const int lineNo = static_cast<int>(i) + 1;
            const auto [name, rest] = directive(code[i]);
            if (!versionSeen && name == "version") {
                result.text += lines[i] + "\n" + options.defines;
                lineDirective(lineNo + 1, number);
                versionSeen = true;
            } else if (name == "include") {
                // rest is "path" or <path>, nothing else on the line.
                const char close = rest.empty() ? '\0' : rest.front() == '"' ? '"' : rest.front() == '<' ? '>' : '\0';
                const bool wellFormed = close != '\0' && rest.size() > 2 && rest.back() == close &&
                                        rest.find(close, 1) == rest.size() - 1;
                if (!wellFormed)
                    throw ShaderError(file.name + ":" + std::to_string(lineNo) + ": malformed #include " +
                                      (rest.size() > 60 ? rest.substr(0, 60) + "..." : rest) +
                                      "; expected #include \"path\" or #include <path>");
                if (stack.size() >= kMaxIncludeDepth)
                    throw ShaderError(file.name + ":" + std::to_string(lineNo) + ": includes nest deeper than " +
                                      std::to_string(kMaxIncludeDepth) + " files");
                const bool quoted = close == '"';
                const std::string path = rest.substr(1, rest.size() - 2);
                const FileRef target = find(file, path, quoted, lineNo);
                if (std::find(stack.begin(), stack.end(), target) != stack.end()) {
                    std::string chain;
                    for (const auto& s : stack) chain += s.name + " -> ";
                    throw ShaderError(file.name + ":" + std::to_string(lineNo) + ": include cycle: " + chain +
                                      target.name);
                }
                if (done.count(target)) {  // guarded and already expanded: a blank line keeps numbering
                    if (options.lineDirectives) result.text += "\n";
                    continue;
                }
                const int targetNumber = numberOf(target);
                lineDirective(1, targetNumber);
                expand(target, unconditional && depth == base, false);
                lineDirective(lineNo + 1, number);
            } else {
                if (opensConditional(name)) ++depth;
                if (name == "endif") --depth;
                result.text += lines[i] + "\n";
            }
            if (result.text.size() > kMaxSource)
                throw ShaderError(file.name + ":" + std::to_string(lineNo) + ": the expanded source passes " +
                                  std::to_string(kMaxSource >> 20) +
                                  " MiB; is a file without an include guard included over and over?");
        }
        stack.pop_back();
        if (once != Once::No && unconditional) done.insert(file);
    }
};

Source run(const std::map<std::string, std::string>* memory, const FileRef& entry, std::string text,
           const IncludeOptions& options) {
    Resolver r{memory, options, {}, {}, {}, {}, {}};
    r.texts.emplace(entry, std::move(text));
    r.expand(entry, true, true);
    return std::move(r.result);
}

}  // namespace

Source resolveInMemory(const std::map<std::string, std::string>& files, const std::string& entry,
                       const IncludeOptions& options) {
    auto it = files.find(entry);
    if (it == files.end()) throw ShaderError("no shader source named " + entry);
    return run(&files, {Origin::Memory, entry}, it->second, options);
}

Source resolve(const std::string& name, const std::string& text, const IncludeOptions& options) {
    return run(nullptr, {Origin::Disk, normalize(name)}, text, options);
}

Source resolveFile(const std::filesystem::path& path, const IncludeOptions& options) {
    auto text = readDisk(path.string());
    if (!text) throw IoError("shader " + path.string() + ": cannot read it (missing, not a file, or unreadable)");
    return resolve(path.generic_string(), *text, options);
}

std::string mapLog(const std::string& log, const std::vector<std::string>& files) {
    // Mesa: "0:12(5): error", NVIDIA: "0(12) : error", glslang: "ERROR: 0:12: ".
    static const std::regex location(R"((^|\n)((?:ERROR: |WARNING: )?)(\d+)(?::(\d+)|\((\d+)\)))");
    std::string out;
    auto begin = log.cbegin();
    std::smatch m;
    while (std::regex_search(begin, log.cend(), m, location)) {
        out.append(begin, m[0].first);
        std::size_t n = files.size();  // a number too large to be a source string stays as it is
        const std::string digits = m[3].str();
        std::from_chars(digits.data(), digits.data() + digits.size(), n);
        const std::string line = m[4].matched ? m[4].str() : m[5].str();
        out += m[1].str() + m[2].str() + (n < files.size() ? files[n] : m[3].str()) + ":" + line;
        begin = m[0].second;
    }
    out.append(begin, log.cend());
    return out;
}

}  // namespace glnoise::glsl
