// SPDX-License-Identifier: MIT
#include "app/nodes.hpp"

#include <cmath>

#include "glnoise/error.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/format.hpp"
#include "glnoise/graph.hpp"
#include "graph/fields.hpp"
#include "graph/kinds.hpp"

namespace glnoise::app {

namespace {

using T = GraphFieldType;

const char* typeName(T t) {
    switch (t) {
        case T::Number: return "number";
        case T::Integer: return "integer";
        case T::Count: return "count";
        case T::Flag: return "flag";
        case T::Choice: return "choice";
        case T::Numbers: return "numbers";
        case T::Periods: return "periods";
        case T::Points: return "points";
        case T::Scalar: return "input";
        case T::Vector: return "vector_input";
    }
    return "";
}

// What a field of kind takes, in words, as --help would say it.
std::string takes(const GraphKind& kind, const GraphField& f) {
    switch (f.type) {
        case T::Number:
            if (f.drivable)
                return "a number " + SpecField::rangeWords(f.positive ? 0.0 : f.min, f.max, f.positive) +
                       ", or a node's id (its value, held " + SpecField::rangeWords(graph_detail::drivenMin(f), f.max, false) + ")";
            [[fallthrough]];
        case T::Count: return "a number " + SpecField::rangeWords(f.positive ? 0.0 : f.min, f.max, f.positive);
        case T::Integer: return "an integer " + SpecField::rangeWords(f.min, f.max, false);
        case T::Flag: return "true or false";
        case T::Choice: {
            std::string all;
            for (const std::string& c : f.choices) all += (all.empty() ? "" : ", ") + c;
            return "one of " + all;
        }
        case T::Numbers: return "a number or 1 to 4 numbers, one per axis, each " + SpecField::rangeWords(f.min, f.max, false);
        case T::Periods: return "up to 4 integers, one per axis, each " + SpecField::rangeWords(f.min, f.max, false);
        case T::Points: return "2 to 16 [x, y] pairs, x increasing";
        case T::Scalar: return graph_detail::nodeOnly(kind, f) ? "a node's id" : "a node's id or a number";
        case T::Vector: return "a vector node's id";
    }
    return "";
}

// A field's default as a node holds it (GraphNode::defaults), or null where it must be given.
nlohmann::json defaultOf(const GraphField& f) {
    switch (f.type) {
        case T::Number: return f.fallback;
        case T::Integer: return static_cast<long long>(f.fallback);
        case T::Count: return f.fallback == std::floor(f.fallback) ? nlohmann::json(static_cast<long long>(f.fallback)) : nlohmann::json(f.fallback);
        case T::Flag: return f.fallback != 0.0;
        case T::Choice: return f.choices.front();
        case T::Numbers: return nlohmann::json::array({f.fallback});
        case T::Periods: return nlohmann::json::array();
        case T::Points: return nlohmann::json::array({nlohmann::json::array({-1.0, -1.0}), nlohmann::json::array({1.0, 1.0})});
        case T::Scalar: return std::isnan(f.fallback) ? nlohmann::json(nullptr) : nlohmann::json(f.fallback);
        case T::Vector: return nullptr;
    }
    return nullptr;
}

std::vector<const GraphKind*> chosen(const std::vector<std::string>& names) {
    std::vector<const GraphKind*> kinds;
    kinds.reserve(names.empty() ? graphKinds().size() : names.size());
    if (names.empty()) {
        for (const GraphKind& k : graphKinds()) kinds.push_back(&k);
        return kinds;
    }
    std::vector<std::string> unknown;
    for (const std::string& n : names) {
        const GraphKind* k = findGraphKind(n);
        if (k) kinds.push_back(k);
        else unknown.push_back(n);
    }
    if (!unknown.empty()) {
        std::string all;
        for (const GraphKind& k : graphKinds()) all += (all.empty() ? "" : ", ") + std::string(k.name);
        std::vector<Violation> v;
        v.reserve(unknown.size());
        for (const std::string& n : unknown) v.push_back({"kind", "'" + n + "': not a node kind; allowed: " + all});
        throw ValidationError(std::move(v));
    }
    return kinds;
}

}  // namespace

nlohmann::json nodeKindsJson(const std::vector<std::string>& names) {
    nlohmann::json kinds = nlohmann::json::array();
    for (const GraphKind* k : chosen(names)) {
        nlohmann::json fields = nlohmann::json::array();
        for (const GraphField& f : k->fields) {
            nlohmann::json j = {{"name", f.name}, {"type", typeName(f.type)}, {"default", defaultOf(f)},
                                {"required", (f.type == T::Scalar || f.type == T::Vector) && defaultOf(f).is_null()},
                                {"takes", takes(*k, f)}, {"help", f.help}};
            if (f.type == T::Number || f.type == T::Integer || f.type == T::Count || f.type == T::Numbers || f.type == T::Periods) {
                j["min"] = f.positive ? 0.0 : f.min;
                j["max"] = f.max;
                j["above_min"] = f.positive;
            }
            if (f.type == T::Number) j["drivable"] = f.drivable;
            if (f.type == T::Choice) j["choices"] = f.choices;
            fields.push_back(j);
        }
        kinds.push_back({{"kind", k->name}, {"group", k->group}, {"vector_out", k->vectorOut},
                         {"formula", k->formula}, {"fields", fields}});
    }
    return {{"glnoise_graph", kGraphFormat}, {"kinds", kinds}};
}

std::string nodeKindsText(const std::vector<std::string>& names) {
    std::string out;
    for (const GraphKind* k : chosen(names)) {
        out += std::string(k->name) + " (" + k->group + "): " + k->formula + "\n";
        for (const GraphField& f : k->fields) {
            const nlohmann::json d = defaultOf(f);
            out += "  " + std::string(f.name) + ": " + f.help + "; " + takes(*k, f) +
                   (d.is_null() ? std::string(", required") : ", default " + d.dump()) + "\n";
        }
    }
    return out;
}

std::map<std::string, std::string> nodeRoles() {
    using graph::Op;
    using graph::nameOf;
    return {{"+", nameOf(Op::Add)},   {"-", nameOf(Op::Subtract)}, {"*", nameOf(Op::Multiply)},
            {"/", nameOf(Op::Divide)}, {"-a", nameOf(Op::Invert)},  {"|a|", nameOf(Op::Abs)},
            {"noise", nameOf(Op::Basis)}, {"octaves", nameOf(Op::Fractal)}, {"zoom", nameOf(Op::Scale)}};
}

}  // namespace glnoise::app
