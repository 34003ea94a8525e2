// SPDX-License-Identifier: MIT
// glsl/translate.hpp: the translator as a child process, its input and output through
// files of a private temporary folder (no shell between).
#include "glsl/translate.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "glnoise/error.hpp"

extern char** environ;

namespace glnoise::glsl {

namespace fs = std::filesystem;

namespace {

bool holdsTranslator(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(dir / "__main__.py", ec) && fs::is_regular_file(dir / "source.py", ec);
}

std::string readAll(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

int anchor() { return 0; }

}  // namespace

std::string translatorPath() {
    if (const char* env = std::getenv("GLNOISE_PORT_DIR"); env && *env) return holdsTranslator(env) ? env : "";
    std::vector<fs::path> places;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) places.push_back(exe.parent_path());
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&anchor), &info) != 0 && info.dli_fname && *info.dli_fname) {
        const fs::path self = fs::absolute(info.dli_fname, ec);
        if (!ec) places.push_back(self.parent_path());
    }
    for (const fs::path& dir : places) {
        for (const fs::path& c : {dir / ".." / "share" / "glnoise" / "port" / "glnoise_port", dir / "port" / "glnoise_port"})
            if (holdsTranslator(c)) return fs::weakly_canonical(c, ec).string();
    }
#ifdef GLNOISE_PORT_SOURCE_DIR
    if (holdsTranslator(GLNOISE_PORT_SOURCE_DIR)) return GLNOISE_PORT_SOURCE_DIR;
#endif
    return "";
}

std::string translateSource(const std::string& glsl, const std::string& target, const std::string& python) {
    std::string interpreter = python;
    if (interpreter.empty()) {
        const char* env = std::getenv("GLNOISE_PYTHON");
        interpreter = env && *env ? env : "python3";
    }
    const std::string translator = translatorPath();
    if (translator.empty())
        throw Error("the graph's " + target + " is translated from its GLSL by glnoise's translator (Python), which was not "
                    "found: not in $GLNOISE_PORT_DIR, share/glnoise/port beside glnoise, or the source tree; set "
                    "GLNOISE_PORT_DIR to its glnoise_port folder");
    std::error_code ec;
    char pattern[] = "/tmp/glnoise-port-XXXXXX";
    const char* made = mkdtemp(pattern);
    if (!made) throw Error(std::string("a temporary folder for the translator: ") + std::strerror(errno));
    const fs::path dir = made;
    struct Cleanup {
        fs::path dir;
        ~Cleanup() {
            std::error_code e;
            fs::remove_all(dir, e);
        }
    } cleanup{dir};
    {
        std::ofstream out(dir / "source.glsl", std::ios::binary);
        out << glsl;
        if (!out) throw Error("writing the translator's input in " + dir.string());
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, (dir / "source.glsl").c_str(), O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, (dir / "out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, (dir / "err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    std::vector<std::string> args{interpreter, translator, "--source", "-", "--target", target};
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, interpreter.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
        throw Error("the graph's " + target + " is translated from its GLSL by glnoise's translator, which needs Python 3: '" +
                    interpreter + "' did not start (" + std::strerror(spawned) +
                    "); install python3, or set GLNOISE_PYTHON to an interpreter");
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::string err = readAll(dir / "err");
        while (!err.empty() && (err.back() == '\n' || err.back() == ' ')) err.pop_back();
        throw Error("translating the graph's GLSL to " + target + " failed (" + interpreter + " " + translator + "): " +
                    (err.empty() ? "exit status " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) : err));
    }
    return readAll(dir / "out");
}

}  // namespace glnoise::glsl
