// SPDX-License-Identifier: MIT
#include "core/io/spec_json.hpp"

#include <climits>
#include <set>
#include <type_traits>

#include "glnoise/fields.hpp"
#include "glnoise/io.hpp"

namespace glnoise::io {

namespace {

template <class V>
nlohmann::json toJson(const V& value) {
    if constexpr (std::is_enum_v<V>) {
        return toString(value);
    } else if constexpr (std::is_same_v<V, std::optional<std::uint64_t>>) {
        return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
    } else {
        return value;
    }
}

// The text's characters as a message shows them: a UTF-8 sequence as itself; a control
// character, DEL or a byte of no UTF-8 sequence escaped (\n, \t, \xNN), one character each.
std::vector<std::string> characters(const std::string& text) {
    std::vector<std::string> out;
    auto hex = [](unsigned char c) {
        const char* digits = "0123456789abcdef";
        return std::string("\\x") + digits[c >> 4] + digits[c & 15];
    };
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        bool whole = n > 0 && i + n <= text.size() && !(n == 2 && c < 0xC2);
        for (std::size_t k = 1; whole && k < n; ++k) whole = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
        if (!whole) {
            out.push_back(hex(c));
            ++i;
            continue;
        }
        if (n == 1 && (c < 0x20 || c == 0x7F))
            out.push_back(c == '\n' ? std::string("\\n") : c == '\t' ? std::string("\\t") : hex(c));
        else
            out.push_back(text.substr(i, n));
        i += n;
    }
    return out;
}

std::string excerpt(const std::string& text) {
    const std::vector<std::string> chars = characters(text);
    const std::size_t keep = chars.size() <= 48 ? chars.size() : 40;
    std::string out;
    for (std::size_t i = 0; i < keep; ++i) out += chars[i];
    if (keep < chars.size()) out += "... (" + std::to_string(chars.size()) + " characters)";
    return out;
}

}  // namespace

std::string shown(const nlohmann::json& v) {
    return excerpt(v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}
std::string shownKey(const std::string& key) { return excerpt(key); }

std::string printable(const std::string& text) {
    std::string out;
    for (const std::string& c : characters(text)) out += c;
    return out;
}

std::size_t characterCount(const std::string& text) { return characters(text).size(); }

namespace {

double number(const nlohmann::json& v) {
    if (!v.is_number()) throw ValidationError(shown(v) + ": must be a number");
    return v.get<double>();
}

int integer(const nlohmann::json& v) {
    if (!v.is_number_integer()) throw ValidationError(shown(v) + ": must be an integer");
    if ((v.is_number_unsigned() && v.get<std::uint64_t>() > INT_MAX) ||
        (!v.is_number_unsigned() && (v.get<long long>() < INT_MIN || v.get<long long>() > INT_MAX)))
        throw ValidationError(shown(v) + ": out of range: an integer key holds -2147483648 to 2147483647 at most, "
                              "and its own bounds within that");
    return v.get<int>();
}

// One value of the type V from JSON; throws ValidationError saying what it must be.
template <class V>
V fromJson(const nlohmann::json& v) {
    if constexpr (std::is_same_v<V, double>) {
        return number(v);
    } else if constexpr (std::is_same_v<V, int>) {
        return integer(v);
    } else if constexpr (std::is_same_v<V, bool>) {
        if (!v.is_boolean()) throw ValidationError(shown(v) + ": must be true or false");
        return v.get<bool>();
    } else if constexpr (std::is_enum_v<V>) {
        if (!v.is_string()) throw ValidationError(shown(v) + ": must be a string");
        return parseKind<V>(v.get<std::string>());
    } else if constexpr (std::is_same_v<V, std::optional<std::uint64_t>>) {
        if (v.is_null()) return std::nullopt;
        if (!v.is_number_unsigned())
            throw ValidationError(shown(v) +
                                  ": must be null (Ken Perlin's table) or an integer from 0 to 18446744073709551615");
        return v.get<std::uint64_t>();
    } else if constexpr (std::is_same_v<V, std::array<int, 4>>) {
        if (!v.is_array() || v.size() > 4) throw ValidationError(shown(v) + ": must be a list of up to 4 integers");
        V out{};
        for (std::size_t i = 0; i < v.size(); ++i) out[i] = integer(v[i]);
        return out;
    } else {
        static_assert(std::is_same_v<V, std::array<double, 3>>);
        if (!v.is_array() || v.size() < 2 || v.size() > 3)
            throw ValidationError(shown(v) + ": must be a list of 2 or 3 numbers");
        V out{};
        for (std::size_t i = 0; i < v.size(); ++i) out[i] = number(v[i]);
        return out;
    }
}

}  // namespace

nlohmann::json specObject(const NoiseSpec& spec) {
    nlohmann::json j = nlohmann::json::object();
    for (const SpecField& f : specFields())
        std::visit([&](auto m) { j[f.key()] = toJson(spec.*m); }, f.member);
    return j;
}

std::string specJson(const NoiseSpec& spec) { return specObject(spec).dump(2); }

nlohmann::json parseJson(const std::string& text, const std::string& source, const std::string& what) {
    checkJsonLimits(text, source, what);
    std::vector<std::set<std::string>> keys;  // the keys of each object being read
    std::string duplicate;
    const nlohmann::json::parser_callback_t noDuplicates = [&](int, nlohmann::json::parse_event_t event,
                                                               nlohmann::json& parsed) {
        switch (event) {
            case nlohmann::json::parse_event_t::object_start: keys.emplace_back(); break;
            case nlohmann::json::parse_event_t::object_end:
                if (!keys.empty()) keys.pop_back();
                break;
            case nlohmann::json::parse_event_t::key:
                if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second && duplicate.empty())
                    duplicate = parsed.get<std::string>();
                break;
            default: break;
        }
        return true;
    };
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text, noDuplicates);
    } catch (const nlohmann::json::exception& e) {
        // The parser's message quotes what it last read: shown escaped, never raw bytes.
        throw ValidationError(source + ": " + (what.empty() ? "not JSON" : what + " is not JSON") + ": " + printable(e.what()));
    }
    if (!duplicate.empty())
        throw ValidationError(source + ": " + (what.empty() ? "" : what + " ") + "gives the key \"" + shownKey(duplicate) +
                              "\" twice in one object; each key once, so that what it says is not up to the reader");
    return j;
}

void readSpecKeys(const nlohmann::json& j, NoiseSpec& spec, std::vector<Violation>& problems) {
    for (const SpecField& f : specFields()) {
        const std::string key = f.key();
        if (!j.contains(key)) continue;
        try {
            std::visit([&](auto m) { spec.*m = fromJson<FieldValue<decltype(m)>>(j[key]); }, f.member);
        } catch (const ValidationError& e) {
            // A kind's own violation names its field already ("basis foo: allowed: ...").
            for (const Violation& d : e.details()) problems.push_back({key, d.what});
        }
    }
    if (spec.pattern == Pattern::Clouds && !j.contains("fractal")) spec.fractal = Fractal::Turbulence;
}

}  // namespace glnoise::io
