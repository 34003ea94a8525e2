// SPDX-License-Identifier: MIT
// The glnoise command line: the input is the arguments, separated by NUL bytes. Parsing
// and planning any of them gives a plan or one glnoise::ValidationError (or CLI11's
// --help / --version), nothing else; nothing runs and nothing is written.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "glnoise/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> argv = {"glnoise"};
    std::string arg;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == 0) {
            argv.push_back(arg);
            arg.clear();
        } else {
            arg.push_back(static_cast<char>(data[i]));
        }
    }
    argv.push_back(arg);
    for (const std::string& a : argv)  // files a plan would read: only the fuzzer's own inputs
        if (a.find("/") != std::string::npos || a.find(".json") != std::string::npos) return -1;
    using namespace glnoise::cli;
    CommandLine commandLine;
    try {
        switch (commandLine.parse(argv)) {
            case Command::Bake: (void)orderBake(commandLine.args()); break;
            case Command::Eval: (void)planEval(commandLine.args()); break;
            case Command::Check: (void)planCheck(commandLine.args()); break;
            case Command::Glsl: (void)planGlsl(commandLine.args()); break;
            case Command::Info: break;
        }
    } catch (const CLI::Success&) {
    } catch (const CLI::CallForHelp&) {
    } catch (const CLI::CallForAllHelp&) {
    } catch (const CLI::CallForVersion&) {
    } catch (const glnoise::ValidationError&) {
    }
    return 0;
}
