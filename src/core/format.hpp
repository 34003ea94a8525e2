// Formatting helpers shared by error messages and output.
#pragma once

#include <charconv>
#include <cmath>
#include <string>

namespace glnoise {

// The shortest text that reads back as the same double ("0.1", "1e+30", "nan", "inf").
inline std::string formatNumber(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

}  // namespace glnoise
