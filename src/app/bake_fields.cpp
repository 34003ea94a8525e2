// SPDX-License-Identifier: MIT
#include "app/bake_fields.hpp"

#include <algorithm>
#include <type_traits>

#include "core/io/spec_json.hpp"

namespace glnoise::app {

namespace {

// A kind's values: its names and what each means, in the order its enumerators have.
struct Choice {
    const char* name;
    const char* means;
};
const std::vector<Choice>& choicesOf(NormalConvention) {
    static const std::vector<Choice> c = {{"opengl", "green up the image: Unity, Godot, Blender"},
                                          {"directx", "green down: Unreal"}};
    return c;
}

// "must be opengl (green up ...) or directx (green down: Unreal)"
template <class E>
std::string mustBe() {
    const std::vector<Choice>& c = choicesOf(E{});
    std::string text = "must be ";
    for (std::size_t i = 0; i < c.size(); ++i)
        text += std::string(i == 0 ? "" : i + 1 == c.size() ? " or " : ", ") + c[i].name + " (" + c[i].means + ")";
    return text;
}

template <class E>
E parseChoice(const std::string& text, std::string& problem) {
    const std::vector<Choice>& c = choicesOf(E{});
    for (std::size_t i = 0; i < c.size(); ++i)
        if (text == c[i].name) return static_cast<E>(i);
    problem = text + ": " + mustBe<E>();
    return E{};
}

// Sets one field from its text; returns what is wrong with the text ("dx: must be ..."),
// or "" when it was set.
std::string setFromText(const BakeField& f, BakeRequest& r, const std::string& text) {
    std::string problem;
    std::visit(
        [&](auto m) {
            using V = std::remove_reference_t<decltype(r.*m)>;
            if constexpr (std::is_same_v<V, bool>) {
                if (text != "true" && text != "false") problem = text + ": must be true or false";
                else r.*m = text == "true";
            } else {
                r.*m = parseChoice<V>(text, problem);
            }
        },
        f.member);
    return problem;
}

}  // namespace

const char* toString(NormalConvention convention) {
    return choicesOf(convention)[static_cast<std::size_t>(convention)].name;
}

std::string BakeField::key() const {
    std::string k = name;
    std::replace(k.begin(), k.end(), '-', '_');
    return k;
}

const std::vector<std::string>& BakeField::choices() const {
    static const std::vector<std::string> none;
    static const std::vector<std::string> normals = [] {
        std::vector<std::string> n;
        for (const Choice& c : choicesOf(NormalConvention{})) n.push_back(c.name);
        return n;
    }();
    return std::holds_alternative<NormalConvention BakeRequest::*>(member) ? normals : none;
}

std::string BakeField::text(const BakeRequest& r) const {
    return std::visit(
        [&](auto m) -> std::string {
            if constexpr (std::is_same_v<std::decay_t<decltype(r.*m)>, bool>) return r.*m ? "true" : "false";
            else return toString(r.*m);
        },
        member);
}

bool BakeField::isSet(const BakeRequest& r) const {
    const BakeRequest fallback;
    return std::visit([&](auto m) { return r.*m != fallback.*m; }, member);
}

const std::vector<BakeField>& bakeFields() {
    static const std::vector<BakeField> rows = {
#define GLNOISE_BAKE_FIELD(type, member, name, fallback, fronts, place, applies, needs, help) \
    BakeField{name, &BakeRequest::member, fronts, place, applies, needs, help},
#include "app/bake_fields.def"
#undef GLNOISE_BAKE_FIELD
    };
    return rows;
}

const BakeField* findBakeField(const std::string& nameOrKey) {
    for (const BakeField& f : bakeFields())
        if (f.name == nameOrKey || f.key() == nameOrKey) return &f;
    return nullptr;
}

void setBakeFields(BakeRequest& request, const std::map<std::string, std::string>& given) {
    std::vector<Violation> problems;
    for (const BakeField& f : bakeFields()) {
        const auto it = given.find(f.name);
        if (it == given.end() || it->second.empty()) continue;
        if (std::string problem = setFromText(f, request, it->second); !problem.empty())
            problems.push_back({f.name, problem});
    }
    if (!problems.empty()) throw ValidationError(problems);
}

std::vector<Violation> inapplicableBakeFields(const BakeRequest& request) {
    std::vector<Violation> v;
    for (const BakeField& f : bakeFields()) {
        if (!f.isSet(request) || f.appliesTo(request)) continue;
        // An on/off field is named alone ("--shared-edges: ..."), a choice with its value.
        if (f.onOff()) v.push_back({"", "--" + f.name + ": " + f.needs});
        else v.push_back({f.name, f.text(request) + ": " + f.needs});
    }
    return v;
}

void copyBakeFields(const BakeRequest& from, BakeRequest& to, FrontEnd frontEnd) {
    for (const BakeField& f : bakeFields())
        if (f.isFor(frontEnd) && f.appliesTo(to)) std::visit([&](auto m) { to.*m = from.*m; }, f.member);
}

void recordBakeFields(const BakeRequest& request, nlohmann::json& record) {
    for (const BakeField& f : bakeFields()) {
        if (!f.appliesTo(request) || (f.onOff() && !f.isSet(request))) continue;
        if (f.onOff()) record[f.key()] = true;
        else record[f.key()] = f.text(request);
    }
}

void readBakeFields(const nlohmann::json& record, BakeRequest& request, const std::string& source) {
    std::vector<std::string> problems;
    for (const BakeField& f : bakeFields()) {
        if (!record.contains(f.key())) continue;
        const nlohmann::json& v = record[f.key()];
        std::string problem;
        if (f.onOff() && !v.is_boolean()) problem = io::shown(v) + ": must be true or false";
        else if (f.onOff()) problem = setFromText(f, request, v.get<bool>() ? "true" : "false");
        else problem = setFromText(f, request, v.is_string() ? v.get<std::string>() : io::shown(v));
        if (!problem.empty()) problems.push_back(source + ": " + f.key() + " " + problem);
    }
    if (!problems.empty()) throw ValidationError(problems);
}

std::string bakeFieldFlags(const BakeRequest& request, Place place) {
    std::string flags;
    for (const BakeField& f : bakeFields()) {
        if (f.place != place || !f.appliesTo(request) || (f.onOff() && !f.isSet(request))) continue;
        flags += " --" + f.name + (f.onOff() ? "" : " " + f.text(request));
    }
    return flags;
}

}  // namespace glnoise::app
