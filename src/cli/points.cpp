// SPDX-License-Identifier: MIT
#include "cli/points.hpp"

#include <cmath>
#include <cstdlib>

#include "glnoise/error.hpp"

namespace glnoise::cli {

std::vector<cpu::Point> readPoints(std::istream& in, int dims, const std::string& source) {
    const char* shapes[4] = {"1 number \"x\"", "2 numbers \"x y\"", "3 numbers \"x y z\"", "4 numbers \"x y z w\""};
    const std::string want = shapes[dims - 1];
    std::vector<cpu::Point> points;
    std::streambuf* buf = in.rdbuf();
    std::string line;
    long long number = 0;
    bool end = false;
    // A UTF-8 byte-order mark at the very start (Windows editors write one) is not data.
    if (buf && static_cast<unsigned char>(buf->sgetc()) == 0xEF) {
        const std::string bom = "\xEF\xBB\xBF";
        std::size_t matched = 0;
        while (matched < 3 && buf->sgetc() != std::char_traits<char>::eof() &&
               static_cast<char>(buf->sgetc()) == bom[matched]) {
            buf->sbumpc();
            ++matched;
        }
        if (matched != 3) throw ValidationError(source + " line 1: not text (a broken byte-order mark)");
    }
    while (!end) {
        line.clear();
        ++number;
        // Read one line, never more than kMaxPointLine bytes of it.
        for (;;) {
            const int c = buf ? buf->sbumpc() : std::char_traits<char>::eof();
            if (c == std::char_traits<char>::eof()) {
                end = true;
                break;
            }
            if (c == '\n') break;
            // Only what a line says counts towards its limit: blanks after it are dropped.
            if (line.size() == kMaxPointLine && (c == ' ' || c == '\t' || c == '\r')) continue;
            if (line.size() == kMaxPointLine)
                throw ValidationError(source + " line " + std::to_string(number) + " '" + line.substr(0, 60) +
                                      "...': longer than " + std::to_string(kMaxPointLine) +
                                      " bytes; expected " + want);
            line.push_back(static_cast<char>(c));
        }
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        std::string shown;
        for (char c : line.substr(0, 60))
            shown += (static_cast<unsigned char>(c) < 0x20 && c != '\t') || static_cast<unsigned char>(c) >= 0x7f ? '?' : c;
        if (line.size() > 60) shown += "...";
        auto bad = [&](const std::string& why) {
            return ValidationError(source + " line " + std::to_string(number) + " '" + shown + "': " + why);
        };
        for (char c : line)
            if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || static_cast<unsigned char>(c) >= 0x7f)
                throw bad("not text; expected " + want);
        std::vector<std::string> tokens;
        for (std::size_t pos = line.find_first_not_of(" \t"); pos != std::string::npos;) {
            const std::size_t stop = line.find_first_of(" \t", pos);
            tokens.push_back(line.substr(pos, stop == std::string::npos ? stop : stop - pos));
            pos = stop == std::string::npos ? stop : line.find_first_not_of(" \t", stop);
        }
        if (static_cast<int>(tokens.size()) != dims)
            throw bad("expected " + want + " for --dims " + std::to_string(dims) + ", got " +
                      std::to_string(tokens.size()));
        cpu::Point p{};
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            char* stop = nullptr;
            p[i] = std::strtod(tokens[i].c_str(), &stop);
            if (stop != tokens[i].c_str() + tokens[i].size()) throw bad("'" + tokens[i] + "' is not a number");
            if (!std::isfinite(p[i])) throw bad("coordinates must be finite");
        }
        points.push_back(p);
    }
    if (in.bad()) throw IoError("reading " + source + " failed");
    if (points.empty())
        throw ValidationError(source + " holds no points; expected one per line, " + want + " for --dims " +
                              std::to_string(dims));
    return points;
}

}  // namespace glnoise::cli
