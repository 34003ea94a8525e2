// SPDX-License-Identifier: MIT
#include "app/flags.hpp"

#include <cstdio>

#include "app/bake.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/error.hpp"

namespace glnoise::app {

void addNoiseFlags(CLI::App* app, NoiseArgs& a) {
    for (const SpecField& f : specFields()) {
        std::string& text = a.given[f.name];
        if (std::holds_alternative<bool NoiseSpec::*>(f.member))
            app->add_flag("--" + f.name, text, f.help);
        else
            app->add_option("--" + f.name, text, f.help);
    }
}

void addBakeFieldFlags(CLI::App* app, std::map<std::string, std::string>& values, FrontEnd frontEnd) {
    for (const BakeField& f : bakeFields()) {
        if (!f.isFor(frontEnd)) continue;
        std::string& text = values[f.name];
        if (f.onOff()) app->add_flag("--" + f.name, text, f.help);
        else app->add_option("--" + f.name, text, f.help);
    }
}

Grid parseSizeFlag(const std::string& text, const std::string& flag, int maxEdge) {
    try {
        return parseSize(text, maxEdge);
    } catch (const ValidationError& e) {
        std::vector<std::string> v;
        for (const Violation& d : e.details()) v.push_back(flag + " " + d.what);
        throw ValidationError(v);
    }
}

Grid parseBakeSize(const std::string& flag, const std::string& text) { return parseSizeFlag(text, flag, kMaxBakeEdge); }

void refuseEmptyValues(const CLI::App& app) {
    for (const CLI::Option* o : app.get_options()) {
        // An on/off flag takes no value; given twice, it is bad input as any option is.
        if (o->get_items_expected_min() == 0 && o->count() > 1)
            throw ValidationError(o->get_name() + ": given " + std::to_string(o->count()) + " times; give it once");
        if (o->count() == 0 || o->get_items_expected_min() == 0) continue;
        for (const std::string& value : o->results())
            if (value.empty())
                throw ValidationError(o->get_name() + " '': is empty; give a value or leave the option out");
    }
    for (const CLI::App* sub : app.get_subcommands()) refuseEmptyValues(*sub);
}

std::string oneLine(const CLI::Error& e) {
    std::string what = e.what();
    for (char& c : what)
        if (c == '\n' || c == '\r') c = ' ';
    while (!what.empty() && what.back() == ' ') what.pop_back();
    // CLI11's words for an option given twice: "--frames: At Most 1 required but received 2".
    const std::string twice = ": At Most 1 required but received ";
    if (const auto at = what.find(twice); at != std::string::npos)
        what.replace(at, std::string::npos, ": given " + what.substr(at + twice.size()) + " times; give it once");
    return what;
}

int guardedMain(const char* program, int (*body)(int, char**), int argc, char** argv) {
    try {
        return body(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: error: internal: %s\n", program, e.what());
        return 1;
    }
}

std::string joinedNames(const std::vector<std::string>& names) {
    std::string s;
    for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
    return s;
}

}  // namespace glnoise::app
