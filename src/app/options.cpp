// SPDX-License-Identifier: MIT
#include "app/options.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cmath>
#include <map>
#include <set>
#include <cstdlib>
#include <type_traits>
#include <variant>
#include <vector>

#include "glnoise/error.hpp"
#include "glnoise/fields.hpp"
#include "glnoise/format.hpp"
#include "graph/fields.hpp"
#include "graph/kinds.hpp"
#include "graph/leaves.hpp"
#include "graph/moves.hpp"

namespace glnoise::app {

double parseNumber(const std::string& flag, const std::string& text) {
    // strtod also reads "nan" and "inf", so that validation can say they are not allowed.
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || text.find_first_of(" \t\n") != std::string::npos)
        throw ValidationError(flag + " " + text + ": not a number");
    if (errno == ERANGE && std::isinf(v))
        throw ValidationError(flag + " " + text + ": too large for a double");
    if (errno == ERANGE)
        throw ValidationError(flag + " " + text + ": too small for a double (below 2.2250738585072014e-308 in magnitude, "
                                                  "it would be read as " + (v == 0.0 ? "0" : "a subnormal") +
                                                  "); give 0 where it is allowed, or a larger value");
    return v;
}

int parseInt(const std::string& flag, const std::string& text, const std::string& allowed) {
    long long v = 0;
    auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || res.ptr != text.data() + text.size() || res.ec == std::errc::invalid_argument)
        throw ValidationError(flag + " " + text + ": must be an integer " + allowed);
    if (res.ec == std::errc::result_out_of_range || v < INT_MIN || v > INT_MAX)
        throw ValidationError(flag + " " + text + ": must be " + allowed);
    return static_cast<int>(v);
}

std::uint64_t parseSeed(const std::string& text) {
    std::uint64_t v = 0;
    auto res = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || res.ec != std::errc() || res.ptr != text.data() + text.size())
        throw ValidationError("--seed " + text + ": must be an integer between 0 and 18446744073709551615");
    return v;
}

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t pos = 0;
    while (true) {
        const std::size_t comma = text.find(',', pos);
        parts.push_back(text.substr(pos, comma == std::string::npos ? comma : comma - pos));
        if (comma == std::string::npos) return parts;
        pos = comma + 1;
    }
}

std::array<double, 3> parseList(const std::string& flag, const std::string& text, int minCount,
                                int maxCount, int* count) {
    const std::vector<std::string> parts = splitList(text);
    const std::string shape = minCount == maxCount ? std::to_string(minCount) + " comma-separated numbers"
                                                   : std::to_string(minCount) + " or " + std::to_string(maxCount) +
                                                         " comma-separated numbers";
    if (static_cast<int>(parts.size()) < minCount || static_cast<int>(parts.size()) > maxCount)
        throw ValidationError(flag + " " + text + ": must be " + shape);
    std::array<double, 3> out{};
    for (std::size_t i = 0; i < parts.size(); ++i) {
        char* end = nullptr;
        out[i] = std::strtod(parts[i].c_str(), &end);
        if (parts[i].empty() || end != parts[i].c_str() + parts[i].size())
            throw ValidationError(flag + " " + text + ": must be " + shape + " ('" + parts[i] + "' is not a number)");
    }
    if (count) *count = static_cast<int>(parts.size());
    return out;
}

ValueRange parseRange(const std::string& text) {
    const auto v = parseList("--range", text, 2, 2);
    if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !(v[0] < v[1]))
        throw ValidationError("--range " + text + ": must be MIN,MAX with finite MIN < MAX, typical (or default) or bound");
    return {v[0], v[1]};
}

std::vector<std::string> asFlags(const ValidationError& e) {
    std::vector<std::string> v;
    for (const Violation& d : e.details()) v.push_back(d.field.empty() ? d.what : "--" + d.field + " " + d.what);
    return v;
}

namespace {

template <class F>
auto parseNamed(F parse, const std::string& text) {
    try {
        return parse(text);
    } catch (const ValidationError& e) {
        throw ValidationError(asFlags(e));
    }
}

}  // namespace

namespace {

// "octaves 7 to 10 would be above 0.5 cells per texel, the grid's Nyquist limit,{where} and
// add only aliasing; using 6 (--no-octave-limit keeps them all)"
std::vector<Note::Part> octavesDropped(int octaves, int useful, const std::string& where) {
    const std::string dropped = useful + 1 == octaves ? "octave " + std::to_string(octaves)
                                                      : "octaves " + std::to_string(useful + 1) + " to " + std::to_string(octaves);
    return {{dropped + " would be above 0.5 cells per texel, the grid's Nyquist limit," + where +
                 " and add only aliasing; using " + std::to_string(useful) + " (",
             "no-octave-limit", "true"},
            {" keeps them all)", "", ""}};
}

}  // namespace

std::optional<Note> limitOctaves(NoiseSpec& spec, bool keepAll, const std::string& from) {
    const int useful = spec.usefulOctaves();
    if (useful >= spec.octaves || keepAll) return std::nullopt;
    Note note{"octaves", std::to_string(spec.octaves), from, octavesDropped(spec.octaves, useful, "")};
    spec.octaves = useful;
    return note;
}

namespace {

// The graph's wiring for the octave limit: each node's least point scale (top down from
// the output) and least lattice frequency (bottom up), in the units of the point.
struct OctaveScales {
    const Graph& g;
    std::map<std::string, double> scale;       // the least scale a node is evaluated at
    std::map<std::string, bool> visible;       // reached other than through a warp's displacement or a lookup's source
    // The least frequency of its lattice leaves: 0 where a position, ramp or distance (smooth,
    // never aliasing) reaches it, infinite where only constants do.
    std::map<std::string, double> frequency;
    std::vector<std::string> order;            // parents before their inputs

    // How much a node scales the point for its input `field`: a moving kind's, for its source.
    double edge(const GraphNode& n, const std::string& field) const {
        return field == "source" ? graph::move::pointScale(graph::opOf(n), n, g.space.dims) : 1.0;
    }

    void sort(const std::string& id, std::set<std::string>& done) {
        if (!done.insert(id).second) return;
        for (const auto& [field, target] : g.nodes.at(id).inputs) sort(target, done);
        order.push_back(id);
    }

    double least(const std::string& id) {
        auto known = frequency.find(id);
        if (known != frequency.end()) return known->second;
        const GraphNode& n = g.nodes.at(id);
        // A leaf's own (0 for a smooth function of the point), a moving kind's (a lookup's
        // cells; infinite for none, as a constant's: it holds no lattice), then its inputs'.
        const graph::Op op = graph::opOf(n);
        double f = graph::isLeaf(op) ? graph::leaf::frequencyOf(op, n) : graph::move::frequencyOf(op, n);
        for (const auto& [field, target] : n.inputs) f = std::min(f, least(target) * edge(n, field));
        return frequency[id] = f;
    }

    explicit OctaveScales(const Graph& graph) : g(graph) {
        std::set<std::string> done;
        sort(g.out, done);
        std::reverse(order.begin(), order.end());
        scale[g.out] = 1.0;
        visible[g.out] = true;
        for (const std::string& id : order) {
            const GraphNode& n = g.nodes.at(id);
            for (const auto& [field, target] : n.inputs) {
                const double s = scale.at(id) * edge(n, field);
                auto it = scale.find(target);
                scale[target] = it == scale.end() ? s : std::min(it->second, s);
                // A warp's displacement moves the point, and a cellular lookup's source is read
                // once per cell: neither is seen texel by texel.
                const bool seen = visible.at(id) && graph::move::seen(graph::opOf(n), field);
                visible[target] = visible.count(target) ? visible[target] || seen : seen;
            }
        }
    }
};

}  // namespace

std::vector<Note> limitGraphOctaves(Graph& graph, bool keepAll, const std::string& source) {
    OctaveScales scales(graph);
    std::vector<Note> notes;
    for (const std::string& id : scales.order) {
        const GraphNode& n = graph.nodes.at(id);
        if (graph::opOf(n) != graph::Op::Fractal || !scales.visible.at(id)) continue;
        const int octaves = graph::octavesOf(n);  // a fractional count's last octave too
        double f = scales.scale.at(id) * scales.least(n.inputs.at("source"));
        if (!(f > 0.0) || !std::isfinite(f)) continue;
        int useful = 0;
        for (int i = 0; i < octaves && f <= 0.5; ++i, f *= n.number("lacunarity")) ++useful;
        useful = std::max(1, useful);
        if (useful >= octaves || keepAll) continue;
        notes.push_back({"node \"" + id + "\" octaves", graph_detail::shownNumber(n.number("octaves")), source,
                         octavesDropped(octaves, useful, " in every lattice of its source,")});
        graph.nodes.at(id).numbers["octaves"] = useful;
    }
    return notes;
}

std::string flagNamed(const std::string& field, const std::string& value) {
    return "--" + field + (value == "true" ? "" : " " + value);
}

std::string worded(const Note& note, FieldNamer name) {
    std::string text = note.from.empty() ? name(note.field, note.value) : note.from + ": " + note.field + " " + note.value;
    text += ": ";
    for (const Note::Part& p : note.parts) text += p.text + (p.field.empty() ? "" : name(p.field, p.value));
    return text;
}

const std::string& NoiseArgs::text(const std::string& name) const {
    static const std::string none;
    const auto it = given.find(name);
    return it == given.end() ? none : it->second;
}

namespace {

// One field's value from the text of its flag (--NAME); throws a ValidationError that
// names the flag.
template <class V>
V fromFlag(const SpecField& f, const std::string& text) {
    const std::string flag = "--" + f.name;
    if constexpr (std::is_same_v<V, double>) {
        return parseNumber(flag, text);
    } else if constexpr (std::is_same_v<V, int>) {
        return parseInt(flag, text, f.allowed);
    } else if constexpr (std::is_same_v<V, bool>) {
        if (text == "true" || text == "1" || text == "on" || text == "yes") return true;
        if (text == "false" || text == "0" || text == "off" || text == "no") return false;
        throw ValidationError(flag + " " + text + ": must be true or false");
    } else if constexpr (std::is_enum_v<V>) {
        return parseNamed(parseKind<V>, text);
    } else if constexpr (std::is_same_v<V, std::optional<std::uint64_t>>) {
        return parseSeed(text);
    } else if constexpr (std::is_same_v<V, std::array<int, 4>>) {
        V period{};
        const std::vector<std::string> parts = splitList(text);
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (i == 4) throw ValidationError(flag + " " + text + ": must be " + f.allowed);
            try {
                period[i] = parseInt(flag, parts[i], f.allowed);
            } catch (const ValidationError&) {
                throw ValidationError(flag + " " + text + ": must be " + f.allowed + " ('" + parts[i] + "' is not one)");
            }
        }
        return period;
    } else {
        static_assert(std::is_same_v<V, std::array<double, 3>>);
        return parseList(flag, text, 2, 3);
    }
}

}  // namespace

NoiseSpec buildSpec(const NoiseArgs& a, const Grid* grid, const NoiseSpec* base, bool baseHasDims,
                    const std::string& baseSource, bool seamless) {
    NoiseSpec spec = base ? *base : NoiseSpec{};
    for (const SpecField& f : specFields()) {
        const std::string& text = a.text(f.name);
        if (!text.empty())
            std::visit([&](auto m) { spec.*m = fromFlag<FieldValue<decltype(m)>>(f, text); }, f.member);
    }
    // What the grid and the other flags imply when --dims and --fractal are not given.
    if (!a.has("dims") && !(base && baseHasDims))
        spec.dims = a.has("w") || seamless ? 4 : ((grid && grid->isVolume()) || a.has("z")) ? 3 : 2;
    if (seamless) {
        // What a torus of 4D noise cannot be, said as such rather than as a spec's violation.
        const auto named = [&](const char* key, const std::string& value) {
            return (a.has(key) || !base || baseSource.empty() ? "--" + std::string(key) + " " : baseSource + ": " + key + " ") + value;
        };
        std::vector<std::string> v;
        if (spec.basis == Basis::Psrdnoise)
            v.push_back(named("basis", "psrdnoise") + ": --seamless samples 4D noise, and psrdnoise exists in 2D and 3D; "
                        "tile it with --period instead (its lattice repeats)");
        if (spec.dims != 4)
            v.push_back(named("dims", std::to_string(spec.dims)) + ": --seamless samples 4D noise on a torus; give --dims 4 or leave it out");
        if (spec.output != Output::Value)
            v.push_back(named("output", toString(spec.output)) +
                        ": --seamless samples 4D noise, which has no analytic gradient (2D and 3D have)");
        if (spec.pattern != Pattern::None)
            v.push_back(named("pattern", toString(spec.pattern)) +
                        ": its stripes follow x, which --seamless bends into rings on the torus; leave --seamless out, "
                        "and tile a lattice basis with --period");
        if (spec.period != std::array<int, 4>{})
            v.push_back("--period: --seamless makes the image wrap by itself; give one or the other");
        if (!v.empty()) throw ValidationError(v);
    }
    if (!a.has("fractal") && spec.pattern == Pattern::Clouds) spec.fractal = Fractal::Turbulence;
    const int offsetCount = a.has("offset") ? static_cast<int>(splitList(a.text("offset")).size()) : 0;

    std::vector<std::string> v;
    try {
        spec.validate();
    } catch (const ValidationError& e) {
        // A value the flags gave is named by its flag; one from the base, by its key.
        for (const Violation& d : e.details()) {
            const SpecField* f = findSpecField(d.field);
            if (f && base && !baseSource.empty() && !a.has(d.field))
                v.push_back(baseSource + ": " + f->key() + " " + d.what);
            else
                v.push_back("--" + d.field + " " + d.what);
        }
    }
    if (spec.dims <= 2 && offsetCount == 3)
        v.push_back("--offset " + a.text("offset") + ": a z component needs --dims 3 or 4");
    if (spec.dims == 1 && offsetCount >= 2 && spec.offset[1] != 0.0)
        v.push_back("--offset " + a.text("offset") + ": 1D noise uses x alone");
    if (spec.dims <= 2 && grid && grid->isVolume())
        v.push_back("--size " + toString(*grid) + ": a volume needs --dims 3 or 4");
    if (spec.output == Output::Normal && grid && grid->isVolume())
        v.push_back("--output normal: a normal map is a 2D image; --size " + toString(*grid) + " is a volume");
    if (!v.empty()) throw ValidationError(v);
    return spec;
}

}  // namespace glnoise::app
