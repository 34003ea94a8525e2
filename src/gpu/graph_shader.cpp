// SPDX-License-Identifier: MIT
// A graph's own GLSL (gpu/graph_shader.hpp): one function per scope of its plan (an
// offset's or seed's source written into its parent's, as it is evaluated at the same
// point), each operation a statement that calls shaders/graph.glsl or the library, with
// the plan's structure (kinds, wiring, octaves, basis ids, parameter and frame indices)
// written in and its values read from the parameter buffer. Mirrors GraphEval
// (graph/twin.hpp) operation for operation, but for one thing: leaves of the same
// structure in one function run in one loop, as the GLSL compiler inlines every call
// (each call of a family's function would be a copy of its code to compile).
#include "gpu/graph_shader.hpp"

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "glnoise/catalogue.hpp"
#include "graph/leaves.hpp"
#include "graph/moves.hpp"
#include "graph/values.hpp"

namespace glnoise::gpu {

namespace {

using cpu::Op;
using cpu::PlanOp;

std::string P(int i) { return "GLN_PARAM(" + std::to_string(i) + ")"; }
std::string num(int i) { return std::to_string(i); }

// Where a scope's statements are written: its own function (prefix "", frames from fb),
// or inlined into its parent's (an offset's or seed's source: the same point, frames from
// fb + base; its names take the prefix).
struct At {
    std::string prefix;
    int base = 0;
};

// A leaf's structure: leaves alike in it share one loop of their scope (their frames and
// parameters differ), so that the shader holds one copy of their family's code.
struct LeafKey {
    bool white;
    int basis, curve, cellReturn, cellMetric;
    bool operator<(const LeafKey& o) const {
        return std::tie(white, basis, curve, cellReturn, cellMetric) <
               std::tie(o.white, o.basis, o.curve, o.cellReturn, o.cellMetric);
    }
};

LeafKey keyOf(const PlanOp& p) {
    if (p.op == Op::White) return {true, 0, 0, 0, 0};
    const bool cellular = static_cast<Basis>(p.ints[0]) == Basis::Cellular;
    return {false, p.ints[0], p.ints[1], cellular ? p.ints[2] : 0, cellular ? p.ints[3] : 0};
}

struct Leaf {
    const PlanOp* op;
    int frame;        // from fb
    std::string var;  // the value's name
};

struct Writer {
    const cpu::GraphPlan& plan;
    std::string out;
    std::map<std::string, std::string> batched;  // a leaf's value name -> where its loop left it
    int dims = 2;                                 // the point's, in the function being written

    std::string arg(const cpu::Arg& a, const At& at) const {
        if (a.slot < 0) return "vec4(" + P(a.param) + ", 0.0f, 0.0f, 0.0f)";
        const std::string v = "v" + at.prefix + num(a.slot);
        return a.hold < 0 ? v : "gln_g_clamp(" + v + ", " + P(a.hold) + ", " + P(a.hold + 1) + ")";
    }

    std::string frame(const PlanOp& p, const At& at) const { return "GLN_FRAME(fb + " + num(at.base + p.frame) + ")"; }

    void line(const std::string& s) { out += "    " + s + "\n"; }

    // The leaves a scope evaluates, with those of the offset and seed sources inlined into it.
    void leaves(const cpu::PlanScope& sc, const At& at, std::vector<Leaf>& found) const {
        for (std::size_t i = 0; i < sc.ops.size(); ++i) {
            const PlanOp& p = sc.ops[i];
            if (p.op == Op::Basis || p.op == Op::White) found.push_back({&p, at.base + p.frame, "v" + at.prefix + num(static_cast<int>(i))});
            if (graph::move::samePoint(p.op))
                leaves(plan.scopes[static_cast<std::size_t>(p.scope)], inlined(at, static_cast<int>(i), p), found);
        }
    }

    static At inlined(const At& at, int i, const PlanOp& p) { return {at.prefix + num(i) + "_", at.base + p.frame}; }

    void scope(int index) {
        const cpu::PlanScope& sc = plan.scopes[static_cast<std::size_t>(index)];
        dims = sc.dims;  // an offset's or a seed's source, inlined, is in its parent's
        out += "vec4 gln_scope_" + num(index) + "(vec4 l, int fb) {\n";
        // Leaves alike, two or more: one loop, before the statements (a leaf reads only the
        // point and its frame).
        std::vector<Leaf> found;
        leaves(sc, At{}, found);
        std::map<LeafKey, std::vector<const Leaf*>> alike;
        for (const Leaf& f : found) alike[keyOf(*f.op)].push_back(&f);
        batched.clear();
        int loop = 0;
        for (const auto& [key, group] : alike) {
            if (group.size() < 2) continue;
            const std::string L = num(loop++), n = num(static_cast<int>(group.size()));
            std::string frames, params;
            for (const Leaf* f : group) {
                frames += (frames.empty() ? "" : ", ") + num(f->frame);
                params += (params.empty() ? "" : ", ") + num(f->op->param);
            }
            line("vec4 leaves" + L + "[" + n + "];");
            line("const int leafFrames" + L + "[" + n + "] = int[" + n + "](" + frames + ");");
            line("const int leafParams" + L + "[" + n + "] = int[" + n + "](" + params + ");");
            line("for (int k = 0; k < " + n + "; ++k) {");
            const std::string body = leaf(*group.front()->op, "GLN_FRAME(fb + leafFrames" + L + "[k])", "leafParams" + L + "[k]", "k");
            out += body;
            line("    leaves" + L + "[k] = GLN_G(r);");
            line("}");
            for (std::size_t k = 0; k < group.size(); ++k) batched[group[k]->var] = "leaves" + L + "[" + num(static_cast<int>(k)) + "]";
        }
        body(sc, At{});
        line("return v" + num(static_cast<int>(sc.ops.size()) - 1) + ";");
        out += "}\n\n";
    }

    void body(const cpu::PlanScope& sc, const At& at) {
        for (std::size_t i = 0; i < sc.ops.size(); ++i) op(sc, sc.ops[i], static_cast<int>(i), at);
    }

    // A leaf's statements, its value left in r (indented for a loop's body): the leaf's
    // family alone (bases.glsl's gln_g_<family>), gln_basis_at's branch for it. frameAt:
    // its frame; param: the index of its parameters (a GLSL expression).
    std::string leaf(const PlanOp& p, const std::string& frameAt, const std::string& param, const std::string& tag) const {
        const bool white = p.op == Op::White;
        const Basis b = white ? Basis::Value : static_cast<Basis>(p.ints[0]);
        const std::string D = num(dims), in = "_" + D + "d(";  // its family's function in the scope's dimensions
        const std::string id = num(kindOf(b).glslId), o = "o" + tag, at = "p" + tag;
        std::string text = "        GlnFrame " + o + " = " + frameAt + ";\n";
        const bool plain = std::string(kindOf(b).transform) == "none";
        const std::string point = plain ? "gln_g_point_plain(" + o + ", l)" : "gln_g_point(" + id + ", " + D + ", " + o + ", l)";
        text += "        vec4 " + at + " = " + (white ? "floor(" + point + ")" : point) + ";\n";
        const std::string rest = o + ".cell, " + at;
        const std::string period = "GLN_G_PERIOD(" + o + ")", world = "GLN_G_WORLD(" + o + ")";
        std::string call;
        switch (b) {
            case Basis::Simplex: call = "gln_g_simplex" + in + rest + ", " + world + ")"; break;
            case Basis::OpenSimplex2: call = "gln_g_opensimplex2" + in + rest + ", " + world + ")"; break;
            case Basis::OpenSimplex2S: call = "gln_g_opensimplex2s" + in + rest + ", " + world + ")"; break;
            case Basis::Psrdnoise: call = "gln_g_psrdnoise" + in + rest + ", " + period + ", " + world + ")"; break;
            case Basis::Cellular:
                call = "gln_g_cellular" + in + rest + ", " + period + ", " + world + ", " + num(p.ints[2]) + ", " +
                       num(p.ints[3]) + ", GLN_PARAM(" + param + " + 1), GLN_PARAM(" + param + " + 6), GLN_PARAM(" + param + " + 7))";
                break;
            default:
                call = "gln_g_lattice" + in + id + ", " + num(white ? curveKinds()[0].glslId : p.ints[1]) + ", " + rest +
                       ", " + period + ", " + world + ")";
                break;
        }
        const std::string value = white ? "vec4(" + call + ".x, 0.0f, 0.0f, 0.0f)" : "gln_g_scaled(" + o + ", l, " + call + ")";
        return text + "        vec4 r = " + value + ";\n";
    }

    // A kind of role Value: its inputs' names, where its parameters start, its structure.
    graph::value::GlslCall valueCall(const PlanOp& p, const At& at) const {
        graph::value::GlslCall c;
        for (const cpu::Arg& a : p.args) c.in.push_back(arg(a, at));
        c.param = p.param;
        c.ints = p.ints;
        return c;
    }

    // A kind of role Value: its descriptor's expression, its driven form's when a node
    // drives one of its numbers.
    template <class K>
    std::string valueGlsl(const PlanOp& p, const At& at) const {
        if constexpr (K::drivable())
            if (p.driven) return K::drivenGlsl(valueCall(p, at));
        return K::glsl(valueCall(p, at));
    }

    // A kind of role Leaf: its descriptor's statements, then its value.
    template <class K>
    void leafValue(const PlanOp& p, int i, const At& at) {
        graph::leaf::LeafCall c;
        static_cast<graph::value::GlslCall&>(c) = valueCall(p, at);
        c.frame = frame(p, at);
        c.name = at.prefix + num(i);
        c.dims = dims;
        const std::string expr = K::glsl(c);
        for (const std::string& s : c.lines) line(s);
        value(i, expr, at);
    }

    // A kind of role Moves: its descriptor's statements (its driven form's when a node
    // drives one of its numbers), then its value; a kind that
    // evaluates its source at the point itself (samePoint()) has its source's statements
    // written here, its frames from fb + base.
    template <class K>
    void moved(const cpu::PlanScope& sc, const PlanOp& p, int i, const At& at) {
        if constexpr (K::samePoint()) {
            const At child = inlined(at, i, p);
            const cpu::PlanScope& src = plan.scopes[static_cast<std::size_t>(p.scope)];
            body(src, child);
            value(i, "v" + child.prefix + num(static_cast<int>(src.ops.size()) - 1), at);
        } else {
            graph::move::MoveCall c;
            static_cast<graph::value::GlslCall&>(c) = valueCall(p, at);
            c.name = at.prefix + num(i);
            c.fb = "fb + " + num(at.base + p.frame);
            c.scope = p.scope;
            c.childFrames = p.childFrames;
            c.dims = dims;
            c.gradient = plan.gradient;
            // A vector input's components (a warp's displacement): the vector node's inputs.
            for (const cpu::Arg& a : p.args)
                if (a.slot >= 0 && graph::roleOf(sc.ops[static_cast<std::size_t>(a.slot)].op) == graph::Role::Vector)
                    for (const cpu::Arg& component : sc.ops[static_cast<std::size_t>(a.slot)].args) c.by.push_back(arg(component, at));
            std::string expr;
            if constexpr (K::drivable())
                if (p.driven) expr = K::drivenGlsl(c);
            if (expr.empty()) expr = K::glsl(c);
            for (const std::string& s : c.lines) line(s);
            value(i, expr, at);
        }
    }

    void value(int i, const std::string& expr, const At& at) {
        line("vec4 v" + at.prefix + num(i) + " = GLN_G(" + expr + ");");
    }

    void op(const cpu::PlanScope& sc, const PlanOp& p, int i, const At& at) {
        const std::string I = at.prefix + num(i);
        const int q = p.param;
        auto value = [&](int, const std::string& expr) { this->value(i, expr, at); };
        // Generated names and the plan's numbers only: no id or other string of the graph
        // reaches the shader's text (ids stay in the host's messages).
        line("// operation " + I);
        switch (p.op) {
            case Op::Basis:
            case Op::White: {
                const auto loop = batched.find("v" + I);
                if (loop != batched.end()) return value(i, loop->second);
                line("vec4 v" + I + ";");
                line("{");
                out += leaf(p, frame(p, at), num(q), I);
                line("    v" + I + " = GLN_G(r);");
                line("}");
                return;
            }
            case Op::Vector: return value(i, "vec4(0.0f)");
#define GLN_VALUE_CASE(op) \
    case Op::op: return value(i, valueGlsl<graph::value::op>(p, at));
#define GLN_LEAF_CASE(op) \
    case Op::op: return leafValue<graph::leaf::op>(p, i, at);
#define GLN_MOVE_CASE(op) \
    case Op::op: return moved<graph::move::op>(sc, p, i, at);
#define GLN_GRAPH_KIND(op, name, group, role) \
    GLN_GRAPH_ROLE_##role(GLN_VALUE_CASE, op) GLN_GRAPH_LEAF_##role(GLN_LEAF_CASE, op) GLN_GRAPH_MOVE_##role(GLN_MOVE_CASE, op)
#include "graph/kinds.def"
#undef GLN_GRAPH_KIND
#undef GLN_MOVE_CASE
#undef GLN_LEAF_CASE
#undef GLN_VALUE_CASE
        }
    }
};

}  // namespace

std::string graphFunctions(const cpu::GraphPlan& plan) {
    Writer w{plan, "// The graph's scopes (written by glnoise for this graph's structure).\n", {}};
    // An offset's or seed's source is written into its parent; a scope that any other node
    // moves to (a fractal, scale, rotate or warp) is a function, even when an offset or a
    // seed also inlines it. A scope's sources were planned before it, so a function's
    // callees are written above it.
    std::vector<bool> called(plan.scopes.size(), false);
    for (const cpu::PlanScope& sc : plan.scopes)
        for (const PlanOp& p : sc.ops)
            if (p.scope >= 0 && !graph::move::samePoint(p.op)) called[static_cast<std::size_t>(p.scope)] = true;
    for (std::size_t s = 1; s < plan.scopes.size(); ++s)
        if (called[s]) w.scope(static_cast<int>(s));
    w.scope(0);
    return w.out;
}

bool graphPeriodic(const cpu::GraphPlan& plan) {
    for (const cpu::PlanScope& sc : plan.scopes)
        for (const PlanOp& p : sc.ops)
            if (p.op == Op::Basis)
                for (int a = 0; a < 4; ++a)
                    if (plan.params[static_cast<std::size_t>(p.param + 2 + a)] != 0.0) return true;
    return false;
}

}  // namespace glnoise::gpu
