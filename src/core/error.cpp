// SPDX-License-Identifier: MIT
#include "glnoise/error.hpp"

namespace glnoise {

namespace {
std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts) {
        if (!out.empty()) out += "; ";
        out += p;
    }
    return out;
}
}  // namespace

ValidationError::ValidationError(std::vector<std::string> violations)
    : Error(join(violations)), violations_(std::move(violations)) {}

}  // namespace glnoise
