// SPDX-License-Identifier: MIT
// The points `glnoise eval` reads: one per line, dims numbers separated by spaces or tabs.
#pragma once

#include <cstddef>
#include <istream>
#include <cstdint>
#include <string>
#include <vector>

#include "glnoise/cpu.hpp"

namespace glnoise::app {

// The longest line read, in bytes: four 64-bit numbers written out in full fit many times.
inline constexpr std::size_t kMaxPointLine = 4096;

// Reads the points of `in` one at a time ("x", "x y", "x y z" or "x y z w" for dims 1 to 4;
// blank lines, a trailing \r (CRLF files) and a UTF-8 byte-order mark at the start are
// skipped; blanks after a line's last number do not count towards its length). Anything
// else is a ValidationError naming `source`, the line number, the line (shortened) and
// what is allowed: a wrong count, a token that is not a number, NaN or infinity, bytes
// that are not text, or a line longer than kMaxPointLine.
class PointReader {
public:
    PointReader(std::istream& in, int dims, std::string source = "stdin");
    // The next point; false at the end of the input.
    bool next(cpu::Point& p);
    // "3 numbers \"x y z\"": what a line holds, for messages.
    const std::string& want() const noexcept { return want_; }

private:
    std::istream& in_;
    int dims_;
    std::string source_, want_, line_;
    long long number_ = 0;
    bool end_ = false;
};

// Every point of `in`, as PointReader reads them; no points at all is a ValidationError.
std::vector<cpu::Point> readPoints(std::istream& in, int dims, const std::string& source = "stdin");

// Every point of `in`, read and checked to the end before the first is handed out (so that
// a bad line anywhere means no output), in bounded memory: past one batch the points go
// to an unnamed temporary file in $TMPDIR (or /tmp), 8 bytes per coordinate, and come
// back a batch at a time.
class PointSpool {
public:
    PointSpool(std::istream& in, int dims, const std::string& source = "stdin",
               std::size_t batch = std::size_t{1} << 20);
    ~PointSpool();
    PointSpool(const PointSpool&) = delete;
    PointSpool& operator=(const PointSpool&) = delete;

    std::size_t size() const noexcept { return count_; }
    // The next batch (at most `batch` points, in input order); false when all were handed out.
    bool nextBatch(std::vector<cpu::Point>& points);

private:
    void spill(const std::vector<cpu::Point>& points);
    int dims_;
    std::size_t batch_, count_ = 0, handed_ = 0;
    std::vector<cpu::Point> memory_;  // all the points while they fit one batch
    int fd_ = -1;                     // the spool, once they do not
    std::string where_;
};

}  // namespace glnoise::app
