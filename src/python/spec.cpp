// SPDX-License-Identifier: MIT
#include "python/spec.hpp"

#include <algorithm>
#include <set>
#include <vector>

#include <nanobind/stl/string.h>

#include "app/fields.hpp"

namespace glnoise::python {

Spec specFromJson(const nlohmann::json& j) {
    Spec s;
    std::vector<Violation> problems;
    app::readSpecKeys(j, s.spec, problems);
    s.hasDims = j.contains("dims") && !j["dims"].is_null();
    std::vector<std::string> texts;
    std::set<std::string> named;  // the keys a problem names already, as keywords
    for (const Violation& v : problems) {
        texts.push_back(pythonText(v));
        std::string k = v.field;
        std::replace(k.begin(), k.end(), '-', '_');
        named.insert(k);
    }
    // Every bad value at once: the values that were read are checked as a whole too, and
    // what that says of a key not named above is added.
    {
        NoiseSpec check = s.spec;
        // The dims a shape would give: a spec that is valid in 2D or 3D is valid (simplex
        // without dims, for instance); the rest waits for the shape.
        if (!s.hasDims) check.dims = 2;
        try {
            check.validate();
        } catch (const ValidationError& e) {
            bool fine3 = false;
            if (!s.hasDims) {
                check.dims = 3;
                try {
                    check.validate();
                    fine3 = true;
                } catch (const ValidationError&) {
                }
            }
            if (!fine3)
                for (const Violation& v : e.details()) {
                    std::string k = v.field;
                    std::replace(k.begin(), k.end(), '-', '_');
                    if (!named.count(k)) texts.push_back(pythonText(v));
                }
        }
    }
    if (!texts.empty()) {
        std::string m;
        for (const std::string& t : texts) m += (m.empty() ? "" : "; ") + t;
        throw ValidationError(m);
    }
    return s;
}

Spec specFromKeywords(const nb::dict& keywords) {
    nlohmann::json j = nlohmann::json::object();
    for (auto [key, value] : keywords) {
        const std::string k = nb::cast<std::string>(key);
        if (k == "dims" && value.is_none()) continue;
        j[k] = toJson(value);
    }
    return specFromJson(j);
}

nb::dict specDict(const Spec& s) {
    nlohmann::json j = app::specObject(s.spec);
    if (!s.hasDims) j["dims"] = nullptr;
    nb::dict d;
    for (const std::string& k : app::specKeys()) d[k.c_str()] = toPython(j[k]);
    return d;
}

Backend parseBackend(const std::string& name) {
    if (name == "auto") return Backend::Auto;
    if (name == "gpu") return Backend::Gpu;
    if (name == "cpu") return Backend::Cpu;
    if (name == "reference") return Backend::Reference;
    throw invalid("backend '" + name + "': must be auto, gpu, cpu or reference");
}

}  // namespace glnoise::python
