// SPDX-License-Identifier: MIT
// Noise graphs (glnoise/graph.hpp): reading and writing graph JSON; the kinds are
// graph/kinds.cpp's, what makes a graph valid graph/validate.cpp's.
#include "glnoise/graph.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "graph/fields.hpp"
#include "graph/kinds.hpp"
#include "core/io/spec_json.hpp"
#include "glnoise/error.hpp"
#include "glnoise/fields.hpp"

namespace glnoise {

namespace graph_detail {

std::string quoted(const std::string& id) { return "node \"" + io::shownKey(id) + "\""; }

Violation at(const std::string& id, const std::string& field, const std::string& what) {
    return {quoted(id) + (field.empty() ? "" : " " + field), what};
}

std::string shownNumber(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<long long>(v));
    nlohmann::json j = v;
    return j.dump();
}

std::string rangeText(const GraphField& f) { return "must be " + SpecField::rangeWords(f.positive ? 0.0 : f.min, f.max, f.positive); }

bool tiny(double v) { return v != 0.0 && std::fabs(v) < static_cast<double>(std::numeric_limits<float>::min()); }
const char* const kTinyText =
    "is below 1.17549435e-38 in magnitude, the least a float holds (it would be computed as 0); give 0 where it is "
    "allowed, or a larger value";

bool inRange(const GraphField& f, double v) {
    if (!std::isfinite(v) || tiny(v)) return false;
    if (f.positive) return v > 0.0 && v <= f.max;
    return v >= f.min && v <= f.max;
}

bool nodeOnly(const GraphKind& kind, const GraphField& f) {
    const std::string group = kind.group;
    return std::string(f.name) == "source" && (group == "fractal" || group == "domain");
}

std::string nodeOnlyText(const GraphKind& kind) {
    return std::string("must be a node's id (a string): ") + kind.name +
           " evaluates its source at other points, and a number is the same at every point";
}

std::string notDrivableText(const GraphKind& kind, const GraphField& field) {
    std::vector<std::string> drivable;
    for (const GraphField& f : kind.fields)
        if (f.type == GraphFieldType::Number && f.drivable) drivable.emplace_back(f.name);
    std::string names;  // "a", "a and b", "a, b and c"
    for (std::size_t i = 0; i < drivable.size(); ++i)
        names += (i == 0 ? "" : i + 1 == drivable.size() ? " and " : ", ") + drivable[i];
    const std::string must = field.type == GraphFieldType::Integer ? "must be an integer" : "must be a number";
    if (names.empty())
        return must + ": no number of a " + kind.name + " may be a node's id (docs/graphs.md lists the numbers a node may drive)";
    return must + ": a node may drive " + names + " of a " + kind.name + ", not " + field.name;
}

}  // namespace graph_detail

using namespace graph_detail;

namespace {

using T = GraphFieldType;

// The field that names a basis's noise: a fractal that has it holds its basis in one node.
constexpr const char* kBasisField = "basis";

// A field whose name changed: what files of formats before `since` call it. A fractal that
// holds its basis in one node takes its basis's names.
struct Renamed {
    graph::Op op;
    const char* before;
    const char* now;
    int since;
};
constexpr Renamed kRenamed[] = {
    {graph::Op::Basis, "curve", "interp", 2},  // the spec's name
    {graph::Op::Marble, "scale", "pattern_scale", 2},
    {graph::Op::Wood, "scale", "pattern_scale", 2},
};

// Whether r names a field of node nj of op: its kind's, or its basis's in one node.
bool renames(const Renamed& r, graph::Op op, const nlohmann::json& nj) {
    return r.op == op || (r.op == graph::Op::Basis && op == graph::Op::Fractal && nj.contains(kBasisField));
}

// Node `id` (of op) as format `format` writes it, in this format's names; what cannot be
// renamed is a problem.
nlohmann::json currentNames(const std::string& id, graph::Op op, const nlohmann::json& nj, int format,
                            std::vector<Violation>& problems) {
    nlohmann::json out = nj;
    for (const Renamed& r : kRenamed) {
        if (!renames(r, op, nj) || format >= r.since) continue;
        if (out.contains(r.now)) {
            problems.push_back(at(id, r.now, "is its name from graph format " + std::to_string(r.since) + " on; this file states glnoise_graph " +
                                                 std::to_string(format) + ", which names it " + r.before));
            out.erase(r.now);
        }
        if (out.contains(r.before)) {
            out[r.now] = out[r.before];
            out.erase(r.before);
        }
    }
    return out;
}

// What a field that is not the kind's is called now, where it is a former name: " (its
// name before graph format 2; now interp)".
std::string formerly(graph::Op op, const std::string& field) {
    for (const Renamed& r : kRenamed)
        if ((r.op == op || (r.op == graph::Op::Basis && op == graph::Op::Fractal)) && field == r.before)
            return " (its name before graph format " + std::to_string(r.since) + "; now " + r.now + ")";
    return "";
}

bool idCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

// Reads field f of a node of `kind` from j[f.name] (present) into node; a problem is a Violation.
void readField(const GraphKind& kind, const GraphField& f, const nlohmann::json& v, GraphNode& node,
               std::vector<Violation>& problems) {
    auto bad = [&](const std::string& what) { problems.push_back(at(node.id, f.name, io::shown(v) + ": " + what)); };
    switch (f.type) {
        case T::Number:
        case T::Integer:
        case T::Count: {
            if (v.is_string()) {
                if (!f.drivable) return bad(notDrivableText(kind, f));
                node.inputs[f.name] = v.get<std::string>();  // numbers keeps the default
                return;
            }
            if (!v.is_number() || (f.type == T::Integer && !v.is_number_integer()))
                return bad(f.type == T::Integer ? "must be an integer" : f.drivable ? "must be a number or a node's id (a string)" : "must be a number");
            node.inputs.erase(f.name);
            const double d = v.get<double>();
            if (!inRange(f, d)) return bad(tiny(d) ? kTinyText : rangeText(f));
            node.numbers[f.name] = d;
            return;
        }
        case T::Flag:
            if (!v.is_boolean()) return bad("must be true or false");
            node.numbers[f.name] = v.get<bool>() ? 1.0 : 0.0;
            return;
        case T::Choice: {
            if (!v.is_string()) return bad("must be a string");
            const std::string s = v.get<std::string>();
            if (std::find(f.choices.begin(), f.choices.end(), s) == f.choices.end()) {
                std::string all;
                for (const auto& c : f.choices) all += (all.empty() ? "" : ", ") + c;
                return bad("allowed: " + all);
            }
            node.choices[f.name] = s;
            return;
        }
        case T::Numbers:
        case T::Periods: {
            const bool ints = f.type == T::Periods;
            const char* what = ints ? "must be a list of up to 4 integers" : "must be a number or a list of 1 to 4 numbers";
            // One number alone is a list of one (a scale of 2 on every axis).
            const nlohmann::json list1 = v.is_number() && !ints ? nlohmann::json::array({v}) : v;
            if (!list1.is_array() || (!ints && list1.empty()) || list1.size() > 4) return bad(what);
            std::vector<double> list;
            for (const auto& e : list1) {
                if (!e.is_number() || (ints && !e.is_number_integer())) return bad(what);
                const double d = e.get<double>();
                if (!inRange(f, d)) return bad(tiny(d) ? std::string("each number ") + kTinyText : "each " + rangeText(f).substr(5));
                list.push_back(d);
            }
            node.lists[f.name] = list;
            return;
        }
        case T::Points: {
            if (!v.is_array() || v.size() < 2 || v.size() > 16) return bad("must be a list of 2 to 16 [x, y] pairs");
            std::vector<double> list;
            for (const auto& e : v) {
                if (!e.is_array() || e.size() != 2 || !e[0].is_number() || !e[1].is_number())
                    return bad("must be a list of 2 to 16 [x, y] pairs of numbers");
                for (int c = 0; c < 2; ++c) {
                    const double d = e[static_cast<std::size_t>(c)].get<double>();
                    if (!inRange(f, d)) return bad(tiny(d) ? std::string("each coordinate ") + kTinyText
                                                           : "each coordinate " + rangeText(f));
                    list.push_back(d);
                }
            }
            for (std::size_t i = 2; i < list.size(); i += 2)
                if (!(list[i] > list[i - 2])) return bad("the x of each point must be above the one before");
            node.lists[f.name] = list;
            return;
        }
        case T::Scalar:
        case T::Vector:
            if (v.is_string()) {
                node.inputs[f.name] = v.get<std::string>();
                node.constants.erase(f.name);
                return;
            }
            if (nodeOnly(kind, f)) return bad(nodeOnlyText(kind));
            if (f.type == T::Scalar && v.is_number()) {
                const double d = v.get<double>();
                if (!inRange(f, d)) return bad(tiny(d) ? kTinyText : rangeText(f));
                node.constants[f.name] = d;
                return;
            }
            return bad(f.type == T::Scalar ? "must be a node's id (a string) or a number"
                                           : "must be the id of a vector node (a string)");
    }
}

}  // namespace

bool validGraphId(const std::string& id) {
    return !id.empty() && id.size() <= static_cast<std::size_t>(kMaxGraphIdLength) && std::all_of(id.begin(), id.end(), idCharacter);
}

NoiseSpec spaceOf(const NoiseSpec& spec) {
    NoiseSpec s;
    s.dims = spec.dims;
    s.seed = spec.seed;
    s.worldHash = spec.worldHash;
    s.offset = spec.offset;
    s.z = spec.z;
    s.w = spec.w;
    s.output = spec.output;
    s.heightScale = spec.heightScale;
    return s;
}

namespace {

// The spec keys a graph takes at its top level.
const std::vector<std::string>& spaceKeys() {
    static const std::vector<std::string> keys = {"dims", "seed", "world_hash", "offset", "z", "w", "output", "height_scale"};
    return keys;
}

nlohmann::json fieldJson(const GraphField& f, const GraphNode& n) {
    switch (f.type) {
        case T::Number: {
            auto it = n.inputs.find(f.name);
            if (it != n.inputs.end()) return it->second;
            return n.numbers.at(f.name);
        }
        case T::Integer: return static_cast<long long>(n.numbers.at(f.name));
        case T::Count: {
            // Written whole when it is: a count of 4 is 4, as an integer field writes it.
            const double d = n.numbers.at(f.name);
            if (d == std::floor(d)) return static_cast<long long>(d);
            return d;
        }
        case T::Flag: return n.numbers.at(f.name) != 0.0;
        case T::Choice: return n.choices.at(f.name);
        case T::Numbers: return n.lists.at(f.name);
        case T::Periods: {
            nlohmann::json a = nlohmann::json::array();
            for (double d : n.lists.at(f.name)) a.push_back(static_cast<long long>(d));
            return a;
        }
        case T::Points: {
            nlohmann::json a = nlohmann::json::array();
            const auto& l = n.lists.at(f.name);
            for (std::size_t i = 0; i + 1 < l.size(); i += 2) a.push_back({l[i], l[i + 1]});
            return a;
        }
        case T::Scalar:
        case T::Vector: {
            auto it = n.inputs.find(f.name);
            if (it != n.inputs.end()) return it->second;
            auto c = n.constants.find(f.name);
            return c != n.constants.end() ? nlohmann::json(c->second) : nlohmann::json(nullptr);
        }
    }
    return nullptr;
}

// A graph's "erode": an object of the erosion's numbers by name, each optional (its
// default), and iterations, an integer.
void readErode(const nlohmann::json& e, Graph& g, std::vector<Violation>& problems) {
    if (!e.is_object()) {
        problems.push_back({"erode", io::shown(e) + ": must be an object of the erosion's numbers (iterations, cell_size, "
                                                    "...), each optional"});
        return;
    }
    erosion::Params p;
    for (auto it = e.begin(); it != e.end(); ++it) {
        const std::string& key = it.key();
        if (key == "iterations") {
            if (!it.value().is_number_integer() || it.value().get<long long>() < 0 ||
                it.value().get<long long>() > erosion::Params::kMostIterations)
                problems.push_back({"erode.iterations", io::shown(it.value()) + ": must be an integer from 0 to " +
                                                            std::to_string(erosion::Params::kMostIterations)});
            else
                p.iterations = static_cast<int>(it.value().get<long long>());
            continue;
        }
        const auto n = std::find_if(erosion::paramNumbers().begin(), erosion::paramNumbers().end(),
                                    [&](const erosion::ParamNumber& pn) { return key == pn.name; });
        if (n == erosion::paramNumbers().end()) {
            std::string all = "iterations";
            for (const erosion::ParamNumber& pn : erosion::paramNumbers()) all += std::string(", ") + pn.name;
            problems.push_back({"erode." + io::shownKey(key), "is not a number of the erosion; allowed: " + all});
            continue;
        }
        if (!it.value().is_number()) {
            problems.push_back({"erode." + key, io::shown(it.value()) + ": must be a number"});
            continue;
        }
        p.*(n->field) = it.value().get<double>();
    }
    g.erosion = p;
}

}  // namespace

Graph Graph::parse(const std::string& text, const std::string& source) {
    if (isCompactGraph(text)) {
        // Once: a compact form inside a compact form would nest as deep as its bytes allow.
        const std::string json = compactGraphJson(text, source);
        if (isCompactGraph(json)) throw ValidationError(source + ": holds another compact form; a compact graph holds a graph's JSON");
        return parse(json, source);
    }
    const nlohmann::json j = io::parseJson(text, source, "");
    std::vector<Violation> problems;
    auto fail = [&] {
        std::vector<std::string> texts;
        texts.reserve(problems.size());
        for (const Violation& v : problems) texts.push_back(source + ": " + v.text());
        throw ValidationError(texts);
    };
    if (!j.is_object()) {
        problems.push_back({"", "must be a JSON object with glnoise_graph, out, nodes and the spec keys dims, seed, "
                                "world_hash, offset, z, w, output, height_scale"});
        fail();
    }
    Graph g;
    g.space.dims = 2;
    nlohmann::json space = nlohmann::json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& key = it.key();
        if (key == "glnoise_graph" || key == "out" || key == "nodes" || key == "erode") continue;
        if (std::find(spaceKeys().begin(), spaceKeys().end(), key) != spaceKeys().end()) {
            space[key] = it.value();
            continue;
        }
        problems.push_back({io::shownKey(key), "is not a graph key; allowed: glnoise_graph, out, nodes, erode, dims, "
                                               "seed, world_hash, offset, z, w, output, height_scale"});
    }
    if (j.contains("erode")) readErode(j["erode"], g, problems);
    int format = kGraphFormat;
    if (!j.contains("glnoise_graph") || !j["glnoise_graph"].is_number_integer() || j["glnoise_graph"].get<long long>() < kFirstGraphFormat ||
        j["glnoise_graph"].get<long long>() > kGraphFormat)
        problems.push_back({"glnoise_graph", (j.contains("glnoise_graph") ? io::shown(j["glnoise_graph"]) : std::string("missing")) +
                                                 ": must be " + std::to_string(kFirstGraphFormat) + " to " + std::to_string(kGraphFormat) +
                                                 ", the graph formats this glnoise reads"});
    else
        format = static_cast<int>(j["glnoise_graph"].get<long long>());
    io::readSpecKeys(space, g.space, problems);
    if (!j.contains("out") || !j["out"].is_string())
        problems.push_back({"out", (j.contains("out") ? io::shown(j["out"]) : std::string("missing")) +
                                       ": must be the id of the node whose value the graph makes"});
    else
        g.out = j["out"].get<std::string>();
    if (!j.contains("nodes") || !j["nodes"].is_object() || j["nodes"].empty()) {
        problems.push_back({"nodes", (j.contains("nodes") ? io::shown(j["nodes"]) : std::string("missing")) +
                                         ": must be an object of nodes by id, at least one"});
        fail();
    }
    const auto& nodes = j["nodes"];
    if (nodes.size() > static_cast<std::size_t>(kMaxGraphNodes)) {
        problems.push_back({"nodes", std::to_string(nodes.size()) + " nodes: at most " + std::to_string(kMaxGraphNodes)});
        fail();
    }
    // Reads node `id` from nj into g, its problems into problems.
    auto readNode = [&](const std::string& id, const nlohmann::json& nj, const GraphKind& kind) {
        GraphNode node = GraphNode::defaults(id, kind.name);
        for (auto f = nj.begin(); f != nj.end(); ++f) {
            if (f.key() == "kind") continue;
            const auto field = std::find_if(kind.fields.begin(), kind.fields.end(),
                                            [&](const GraphField& gf) { return f.key() == gf.name; });
            if (field == kind.fields.end()) {
                std::string all;
                for (const GraphField& gf : kind.fields) all += (all.empty() ? "" : ", ") + std::string(gf.name);
                problems.push_back(at(id, io::shownKey(f.key()),
                                      std::string("is not a field of ") + kind.name + formerly(graph::opOf(kind.name), f.key()) +
                                          "; allowed: " + (all.empty() ? "none" : all)));
                continue;
            }
            readField(kind, *field, f.value(), node, problems);
        }
        g.nodes.emplace(id, std::move(node));
    };
    const GraphKind& basisKind = *findGraphKind(graph::nameOf(graph::Op::Basis));
    for (auto it = nodes.begin(); it != nodes.end(); ++it) {
        const std::string& id = it.key();
        const nlohmann::json& nj = it.value();
        if (!validGraphId(id)) {
            problems.push_back({"nodes", "the id \"" + io::shownKey(id) + "\": " + kGraphIdRule});
            continue;
        }
        if (!nj.is_object() || !nj.contains("kind") || !nj["kind"].is_string()) {
            problems.push_back(at(id, "kind", "missing: each node is an object with a kind"));
            continue;
        }
        const GraphKind* kind = findGraphKind(nj["kind"].get<std::string>());
        if (!kind) {
            std::string all;
            for (const GraphKind& k : graphKinds()) all += (all.empty() ? "" : ", ") + std::string(k.name);
            problems.push_back(at(id, "kind", io::shown(nj["kind"]) + ": not a node kind; allowed: " + all));
            continue;
        }
        const nlohmann::json named = currentNames(id, graph::opOf(kind->name), nj, format, problems);
        // A fractal of a basis in one node: the basis's fields, given on the fractal in place
        // of its source, make the basis node "ID.basis", which is its source.
        if (graph::opOf(kind->name) == graph::Op::Fractal && named.contains(kBasisField)) {
            const std::string basisId = id + "." + kBasisField;
            if (named.contains("source")) {
                problems.push_back(at(id, kBasisField, "a fractal takes a source or a basis's fields (its basis in one node), not both"));
                continue;
            }
            if (!validGraphId(basisId) || nodes.contains(basisId)) {
                problems.push_back(at(id, kBasisField, "its basis would be the node \"" + io::shownKey(basisId) + "\", " +
                                                           (validGraphId(basisId) ? "an id another node has" : kGraphIdRule) +
                                                           "; give the basis as a node of its own and its id as source"));
                continue;
            }
            nlohmann::json fractal = nlohmann::json::object(), basis = nlohmann::json::object();
            for (auto f = named.begin(); f != named.end(); ++f) {
                const bool basisField = std::any_of(basisKind.fields.begin(), basisKind.fields.end(),
                                                    [&](const GraphField& gf) { return f.key() == gf.name; });
                (basisField ? basis : fractal)[f.key()] = f.value();
            }
            fractal["source"] = basisId;
            readNode(basisId, basis, basisKind);
            readNode(id, fractal, *kind);
            continue;
        }
        readNode(id, named, *kind);
    }
    if (g.nodes.size() > static_cast<std::size_t>(kMaxGraphNodes))
        problems.push_back({"nodes", std::to_string(g.nodes.size()) + " nodes with the bases of one-node fractals: at most " +
                                         std::to_string(kMaxGraphNodes)});
    if (!problems.empty()) fail();
    try {
        g.validate();
    } catch (const ValidationError& e) {
        for (const std::string& t : e.violations()) problems.push_back({"", t});
        fail();
    }
    return g;
}

Graph Graph::pointwise() const {
    Graph g = *this;
    g.erosion.reset();
    return g;
}

void Graph::requirePointwise(const std::string& what) const {
    if (erosion)
        throw ValidationError(what + ": the graph erodes its output (its erode stage); erosion moves material across "
                                     "the whole map, so it has no value at a point: bake the whole heightmap (glnoise "
                                     "bake --graph), or take the graph without its erode stage");
}

std::string Graph::json(int indent) const {
    nlohmann::json j = nlohmann::json::object();
    j["glnoise_graph"] = kGraphFormat;
    const nlohmann::json space = io::specObject(this->space);
    for (const std::string& key : spaceKeys()) j[key] = space[key];
    j["out"] = out;
    nlohmann::json ns = nlohmann::json::object();
    for (const auto& [id, n] : nodes) {
        nlohmann::json nj = nlohmann::json::object();
        nj["kind"] = n.kind;
        const GraphKind* kind = findGraphKind(n.kind);
        for (const GraphField& f : kind->fields) {
            nlohmann::json v = fieldJson(f, n);
            if (!v.is_null()) nj[f.name] = v;
        }
        ns[id] = nj;
    }
    j["nodes"] = ns;
    if (erosion) {
        nlohmann::json e = nlohmann::json::object();
        e["iterations"] = erosion->iterations;
        for (const erosion::ParamNumber& n : erosion::paramNumbers()) e[n.name] = (*erosion).*n.field;
        j["erode"] = e;
    }
    return j.dump(indent);
}

bool Graph::operator==(const Graph& o) const {
    return json() == o.json();
}

}  // namespace glnoise
