// SPDX-License-Identifier: MIT
// glnoise/format.hpp: numbers and sizes as glnoise writes them in its messages, records and
// commands (a number in the shortest text that reads back as the same double).
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
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

// "512 bytes", "1.5 KiB", "4.0 GiB", "16.0 EiB".
inline std::string formatBytes(std::uintmax_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + " bytes";
    const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = static_cast<double>(bytes) / 1024.0;
    int u = 0;
    while (v >= 1024.0 && u < 5) v /= 1024.0, ++u;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
    return buf;
}

}  // namespace glnoise
