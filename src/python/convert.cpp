// SPDX-License-Identifier: MIT
#include "python/convert.hpp"

#include <algorithm>
#include <cstdint>

#include <nanobind/stl/string.h>

namespace glnoise::python {

// ---- errors ---------------------------------------------------------------------------

// A violation as Python words it: the keyword ("ridge_gain 3: ...") where the library
// names a field or a flag ("ridge-gain", "--out").
std::string pythonText(const Violation& v) {
    std::string field = v.field;
    if (field.rfind("--", 0) == 0) field = field.substr(2);
    std::replace(field.begin(), field.end(), '-', '_');
    if (!field.empty()) return field + " " + v.what;
    std::string what = v.what;
    if (what.rfind("--", 0) == 0) {
        const std::size_t end = what.find(' ');
        std::string flag = what.substr(2, end == std::string::npos ? end : end - 2);
        std::replace(flag.begin(), flag.end(), '-', '_');
        what = flag + (end == std::string::npos ? "" : what.substr(end));
    }
    return what;
}

std::string keywordNamed(const std::string& field, const std::string& value) {
    std::string keyword = field;
    std::replace(keyword.begin(), keyword.end(), '-', '_');
    return value == "true" ? keyword + "=True" : keyword + " " + value;
}

void warnAll(const std::vector<app::Note>& notes) {
    for (const app::Note& note : notes)
        if (PyErr_WarnEx(PyExc_UserWarning, app::worded(note, keywordNamed).c_str(), 2) != 0) throw nb::python_error();
}

std::string pythonMessage(const ValidationError& e) {
    std::string m;
    for (const Violation& v : e.details()) m += (m.empty() ? "" : "; ") + pythonText(v);
    return m;
}

// A Python value as the JSON value a preset would hold, so that the library's own reader
// checks it and words what is wrong: a value of no JSON type becomes its repr, a string
// ("must be a number").
nlohmann::json toJson(nb::handle h) {
    if (h.is_none()) return nullptr;
    if (PyBool_Check(h.ptr())) return h.ptr() == Py_True;
    const std::string type = nb::type_name(h.type()).c_str();
    if (type == "numpy.bool" || type == "numpy.bool_") return nb::cast<bool>(h.attr("__bool__")());
    // A numpy array (offset=np.array([1.0, 2.0])) as the list it holds.
    if (nb::hasattr(h, "tolist") && nb::hasattr(h, "ndim") && nb::cast<int>(h.attr("ndim")) > 0)
        return toJson(h.attr("tolist")());
    if (PyLong_Check(h.ptr()) || (PyIndex_Check(h.ptr()) && !PyFloat_Check(h.ptr()))) {
        nb::object i = nb::steal(PyNumber_Index(h.ptr()));
        if (!i.is_valid()) throw nb::python_error();
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
        if (!overflow) return v >= 0 ? nlohmann::json(static_cast<std::uint64_t>(v)) : nlohmann::json(v);
        const unsigned long long u = PyLong_AsUnsignedLongLong(i.ptr());
        if (!PyErr_Occurred()) return u;
        PyErr_Clear();
        // Too large for any field: shown as a number, or as written beyond a double's range.
        const double d = PyLong_AsDouble(i.ptr());
        if (!PyErr_Occurred()) return d;
        PyErr_Clear();
        return nlohmann::json(nb::repr(h).c_str());
    }
    if (PyFloat_Check(h.ptr()) || nb::hasattr(h, "__float__")) return nb::cast<double>(h.attr("__float__")());
    if (nb::isinstance<nb::str>(h)) return nb::cast<std::string>(h);
    if (PyList_Check(h.ptr()) || PyTuple_Check(h.ptr())) {
        nlohmann::json a = nlohmann::json::array();
        for (nb::handle item : h) a.push_back(toJson(item));
        return a;
    }
    return nlohmann::json(nb::repr(h).c_str());
}

// A JSON value as Python: arrays as tuples.
nb::object toPython(const nlohmann::json& j) {
    switch (j.type()) {
        case nlohmann::json::value_t::null: return nb::none();
        case nlohmann::json::value_t::boolean: return nb::bool_(j.get<bool>());
        case nlohmann::json::value_t::number_integer: return nb::int_(j.get<long long>());
        case nlohmann::json::value_t::number_unsigned: return nb::steal(PyLong_FromUnsignedLongLong(j.get<std::uint64_t>()));
        case nlohmann::json::value_t::number_float: return nb::float_(j.get<double>());
        case nlohmann::json::value_t::string: return nb::str(j.get<std::string>().c_str());
        case nlohmann::json::value_t::array: {
            nb::list l;
            for (const auto& v : j) l.append(toPython(v));
            return nb::tuple(l);
        }
        default: {
            nb::dict d;
            for (auto it = j.begin(); it != j.end(); ++it) d[it.key().c_str()] = toPython(it.value());
            return d;
        }
    }
}

}  // namespace glnoise::python
