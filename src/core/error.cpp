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

namespace {
std::vector<std::string> texts(const std::vector<Violation>& violations) {
    std::vector<std::string> t;
    t.reserve(violations.size());
    for (const auto& v : violations) t.push_back(v.text());
    return t;
}
std::vector<Violation> unnamed(const std::vector<std::string>& violations) {
    std::vector<Violation> v;
    v.reserve(violations.size());
    for (const auto& text : violations) v.push_back({"", text});
    return v;
}
}  // namespace

ValidationError::ValidationError(std::vector<Violation> violations)
    : Error(join(texts(violations))), details_(std::move(violations)), texts_(texts(details_)) {}

ValidationError::ValidationError(const std::vector<std::string>& violations)
    : ValidationError(unnamed(violations)) {}

}  // namespace glnoise
