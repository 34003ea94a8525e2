// SPDX-License-Identifier: MIT
// The points `glnoise eval` reads: one per line, dims numbers separated by spaces or tabs.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

#include "glnoise/cpu.hpp"

namespace glnoise::cli {

// The longest line read, in bytes: four 64-bit numbers written out in full fit many times.
inline constexpr std::size_t kMaxPointLine = 4096;

// Reads every point of `in` ("x", "x y", "x y z" or "x y z w" for dims 1 to 4; blank lines,
// a trailing \r (CRLF files) and a UTF-8 byte-order mark at the start are skipped; blanks
// after a line's last number do not count towards its length). Anything else is a ValidationError naming `source`, the
// line number, the line (shortened) and what is allowed: a wrong count, a token that is
// not a number, NaN or infinity, bytes that are not text, a line longer than
// kMaxPointLine, or no points at all.
std::vector<cpu::Point> readPoints(std::istream& in, int dims, const std::string& source = "stdin");

}  // namespace glnoise::cli
