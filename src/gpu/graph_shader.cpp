// SPDX-License-Identifier: MIT
// A graph's own GLSL (gpu/graph_shader.hpp): one function per scope of its plan, each
// operation a statement that calls shaders/graph.glsl or the library, with the plan's
// structure (kinds, wiring, octaves, basis ids, parameter and frame indices) written in
// and its values read from the parameter buffer. Mirrors GraphEval (mirror/graph.hpp)
// operation for operation.
#include "gpu/graph_shader.hpp"

#include <algorithm>
#include <string>

#include "glnoise/catalogue.hpp"

namespace glnoise::gpu {

namespace {

using cpu::Op;
using cpu::PlanOp;

std::string P(int i) { return "gln_params[" + std::to_string(i) + "]"; }
std::string num(int i) { return std::to_string(i); }
const char* kComp[] = {"x", "y", "z", "w"};

struct Writer {
    const cpu::GraphPlan& plan;
    std::string out;

    std::string arg(const cpu::Arg& a) const {
        return a.slot >= 0 ? "v" + num(a.slot) : "vec4(" + P(a.param) + ", 0.0f, 0.0f, 0.0f)";
    }

    std::string frame(const PlanOp& p) const { return "gln_frames[fb + " + num(p.frame) + "]"; }

    void line(const std::string& s) { out += "    " + s + "\n"; }

    void scope(int index) {
        const cpu::PlanScope& sc = plan.scopes[static_cast<std::size_t>(index)];
        out += "vec4 gln_scope_" + num(index) + "(vec4 l, int fb) {\n";
        for (std::size_t i = 0; i < sc.ops.size(); ++i) op(sc, sc.ops[i], static_cast<int>(i));
        line("return v" + num(static_cast<int>(sc.ops.size()) - 1) + ";");
        out += "}\n\n";
    }

    void value(int i, const std::string& expr) { line("vec4 v" + num(i) + " = GLN_G(" + expr + ");"); }

    void op(const cpu::PlanScope& sc, const PlanOp& p, int i) {
        const std::string I = num(i);
        const int q = p.param;
        auto in = [&](std::size_t k) { return arg(p.args[k]); };
        const std::string dims = num(plan.dims);
        line("// " + p.node);
        switch (p.op) {
            case Op::Constant: return value(i, "vec4(" + P(q) + ", 0.0f, 0.0f, 0.0f)");
            case Op::Basis:
            case Op::White: {
                // The leaf's family alone (graph.glsl's gln_g_<family>), gln_basis_at's branch for it.
                const bool white = p.op == Op::White;
                const Basis b = white ? Basis::Value : static_cast<Basis>(p.ints[0]);
                const std::string id = num(kindOf(b).glslId), o = "o" + I, at = "p" + I;
                line("GlnFrame " + o + " = " + frame(p) + ";");
                const bool plain = std::string(kindOf(b).transform) == "none";
                const std::string point = plain ? "gln_g_point_plain(" + o + ", l)" : "gln_g_point(" + id + ", " + dims + ", " + o + ", l)";
                line("vec4 " + at + " = " + (white ? "floor(" + point + ")" : point) + ";");
                const std::string rest = o + ".cell, " + at;
                const std::string period = "GLN_G_PERIOD(" + o + ")", world = "GLN_G_WORLD(" + o + ")";
                std::string call;
                switch (b) {
                    case Basis::Simplex: call = "gln_g_simplex(" + dims + ", " + rest + ", " + world + ")"; break;
                    case Basis::OpenSimplex2: call = "gln_g_opensimplex2(" + dims + ", " + rest + ", " + world + ")"; break;
                    case Basis::OpenSimplex2S: call = "gln_g_opensimplex2s(" + dims + ", " + rest + ", " + world + ")"; break;
                    case Basis::Psrdnoise: call = "gln_g_psrdnoise(" + dims + ", " + rest + ", " + period + ", " + world + ")"; break;
                    case Basis::Cellular:
                        call = "gln_g_cellular(" + dims + ", " + rest + ", " + period + ", " + world + ", " + num(p.ints[2]) + ", " +
                               num(p.ints[3]) + ", " + P(q + 1) + ")";
                        break;
                    default:
                        call = "gln_g_lattice(" + id + ", " + num(white ? curveKinds()[0].glslId : p.ints[1]) + ", " + dims + ", " +
                               rest + ", " + period + ", " + world + ")";
                        break;
                }
                if (white) return value(i, "vec4(" + call + ".x, 0.0f, 0.0f, 0.0f)");
                return value(i, "gln_g_scaled(" + o + ", " + call + ")");
            }
            case Op::Position:
            case Op::Ramp: {
                const int a = p.ints[0];
                const std::string k = p.op == Op::Ramp ? P(q + 1) : "1.0f";
                std::string g[3] = {"0.0f", "0.0f", "0.0f"};
                if (a < 3) g[a] = k;
                const std::string v = frame(p) + ".frac.x + l." + kComp[a] + (p.op == Op::Ramp ? " * " + k : "");
                line("precise float p" + I + " = " + v + ";");
                return value(i, "vec4(p" + I + ", " + g[0] + ", " + g[1] + ", " + g[2] + ")");
            }
            case Op::Distance: {
                line("vec4 d" + I + " = vec4(0.0f);");
                line("float r" + I + " = 0.0f;");
                for (int a = 0; a < plan.dims; ++a) {
                    const std::string c = std::string(".") + kComp[a];
                    line("d" + I + c + " = " + frame(p) + ".frac" + c + " + l" + c + ";");
                    line("r" + I + " = r" + I + " + d" + I + c + " * d" + I + c + ";");
                }
                line("r" + I + " = sqrt(r" + I + ");");
                line("float i" + I + " = r" + I + " > 0.0f ? 1.0f / r" + I + " : 0.0f;");
                return value(i, "vec4(r" + I + ", d" + I + ".x * i" + I + ", d" + I + ".y * i" + I + ", d" + I + ".z * i" + I + ")");
            }
            case Op::Fractal: return fractal(p, i);
            case Op::Scale:
                line("vec4 b" + I + " = vec4(" + P(q) + ", " + P(q + 1) + ", " + P(q + 2) + ", " + P(q + 3) + ");");
                line("precise vec4 l" + I + " = b" + I + " * l;");
                line("vec4 n" + I + " = gln_scope_" + num(p.scope) + "(l" + I + ", fb + " + num(p.frame) + ");");
                return value(i, "vec4(n" + I + ".x, b" + I + ".x * n" + I + ".y, b" + I + ".y * n" + I + ".z, b" + I + ".z * n" + I + ".w)");
            case Op::Offset:
            case Op::Seed: return value(i, "gln_scope_" + num(p.scope) + "(l, fb + " + num(p.frame) + ")");
            case Op::Rotate: {
                const std::string a = kComp[p.ints[0]], b = kComp[p.ints[1]];
                line("precise vec4 m" + I + " = l;");
                line("m" + I + "." + a + " = " + P(q) + " * l." + a + " - " + P(q + 1) + " * l." + b + ";");
                line("m" + I + "." + b + " = " + P(q + 1) + " * l." + a + " + " + P(q) + " * l." + b + ";");
                line("vec4 n" + I + " = gln_scope_" + num(p.scope) + "(m" + I + ", fb + " + num(p.frame) + ");");
                if (p.ints[1] < 3) {
                    const std::string ga = kComp[p.ints[0] + 1], gb = kComp[p.ints[1] + 1];
                    line("float ga" + I + " = n" + I + "." + ga + ";");
                    line("float gb" + I + " = n" + I + "." + gb + ";");
                    line("n" + I + "." + ga + " = " + P(q) + " * ga" + I + " + " + P(q + 1) + " * gb" + I + ";");
                    line("n" + I + "." + gb + " = " + P(q) + " * gb" + I + " - " + P(q + 1) + " * ga" + I + ";");
                }
                return value(i, "n" + I);
            }
            case Op::Warp: {
                const PlanOp& by = sc.ops[static_cast<std::size_t>(p.args[0].slot)];
                for (int k = 0; k < 4; ++k) line("vec4 c" + I + "_" + num(k) + " = " + arg(by.args[static_cast<std::size_t>(k)]) + ";");
                line("precise vec4 m" + I + " = l;");
                for (int k = 0; k < p.ints[0]; ++k)
                    line("m" + I + "." + kComp[k] + " = l." + kComp[k] + " + " + P(q) + " * c" + I + "_" + num(k) + ".x;");
                line("vec4 n" + I + " = gln_scope_" + num(p.scope) + "(m" + I + ", fb + " + num(p.frame) + ");");
                // The gradient through the displacement: read from n, written to g.
                line("vec4 g" + I + " = n" + I + ";");
                if (plan.gradient)
                    for (int j = 1; j < 4; ++j)
                        for (int k = 0; k < std::min(p.ints[0], 3); ++k)
                            line("g" + I + "." + kComp[j] + " = g" + I + "." + kComp[j] + " + " + P(q) + " * n" + I + "." +
                                 kComp[k + 1] + " * c" + I + "_" + num(k) + "." + kComp[j] + ";");
                return value(i, "g" + I);
            }
            case Op::Vector: return value(i, "vec4(0.0f)");
            case Op::Add: return value(i, in(0) + " + " + in(1));
            case Op::Subtract: return value(i, in(0) + " - " + in(1));
            case Op::Multiply: return value(i, "gln_g_multiply(" + in(0) + ", " + in(1) + ")");
            case Op::Divide: return value(i, "gln_g_divide(" + in(0) + ", " + in(1) + ", " + P(q) + ")");
            case Op::Min: return value(i, "gln_g_min(" + in(0) + ", " + in(1) + ")");
            case Op::Max: return value(i, "gln_g_max(" + in(0) + ", " + in(1) + ")");
            case Op::SmoothMin: return value(i, "gln_g_smooth_min(" + in(0) + ", " + in(1) + ", " + P(q) + ")");
            case Op::SmoothMax: return value(i, "gln_g_smooth_max(" + in(0) + ", " + in(1) + ", " + P(q) + ")");
            case Op::Mix: return value(i, "gln_g_mix(" + in(0) + ", " + in(1) + ", " + in(2) + ")");
            case Op::Pow: return value(i, "gln_g_pow(" + in(0) + ", " + P(q) + ")");
            case Op::Remap:
                line("vec4 a" + I + " = " + in(0) + ";");
                return value(i, "vec4(" + P(q + 2) + " + (a" + I + ".x - " + P(q) + ") * " + P(q + 1) + ", a" + I + ".y * " + P(q + 1) +
                                    ", a" + I + ".z * " + P(q + 1) + ", a" + I + ".w * " + P(q + 1) + ")");
            case Op::Clamp: return value(i, "gln_g_clamp(" + in(0) + ", " + P(q) + ", " + P(q + 1) + ")");
            case Op::Abs: return value(i, "gln_g_abs(" + in(0) + ")");
            case Op::Invert: return value(i, "-" + in(0));
            case Op::Curve:
                return value(i, "gln_g_curve(" + in(0) + ", " + num(q) + ", " + num(p.ints[0]) + ", " +
                                    (p.ints[1] ? "true" : "false") + ")");
            case Op::Terrace:
                return value(i, "gln_g_terrace(" + in(0) + ", " + P(q) + ", " + P(q + 1) + ", " + P(q + 2) + ", " + P(q + 3) + ", " +
                                    (p.ints[0] ? "true" : "false") + ")");
            case Op::Marble:
                return value(i, "gln_g_marble(" + frame(p) + ".frac.x + " + P(q) + " * l.x, " + P(q) + ", " + in(0) + ", " +
                                    P(q + 1) + ")");
            case Op::Wood:
                return value(i, "gln_g_wood(" + frame(p) + ".frac, vec2(" + P(q) + " * l.x, " + P(q) + " * l.y), " + P(q) + ", " +
                                    in(0) + ", " + P(q + 1) + ")");
        }
    }

    void fractal(const PlanOp& p, int i) {
        const std::string I = num(i);
        const int q = p.param;
        const bool rotate = p.ints[2] != 0;
        const int stride = rotate ? 18 : 2;
        line("vec4 s" + I + " = vec4(0.0f);");
        line("vec4 g" + I + " = vec4(0.0f);");
        line("for (int i = 0; i < " + num(p.ints[1]) + "; ++i) {");
        line("    int k = " + num(q + 3) + " + " + num(stride) + " * i;");
        auto K = [](int o) { return "gln_params[k + " + num(o) + "]"; };
        if (rotate) {
            auto col = [&](int c) {
                return "vec4(" + K(2 + c) + ", " + K(6 + c) + ", " + K(10 + c) + ", " + K(14 + c) + ")";
            };
            line("    precise vec4 m = l.x * " + col(0) + " + l.y * " + col(1) + " + l.z * " + col(2) + " + l.w * " + col(3) + ";");
        } else {
            line("    precise vec4 m = " + K(1) + " * l;");
        }
        line("    vec4 n = gln_scope_" + num(p.scope) + "(m, fb + " + num(p.frame) + " + i * " + num(p.childFrames) + ");");
        if (plan.gradient) {
            if (rotate)
                line("    n = vec4(n.x, " + K(2) + " * n.y + " + K(6) + " * n.z + " + K(10) + " * n.w, " + K(3) + " * n.y + " + K(7) +
                     " * n.z + " + K(11) + " * n.w, " + K(4) + " * n.y + " + K(8) + " * n.z + " + K(12) + " * n.w);");
            else
                line("    n = vec4(n.x, " + K(1) + " * n.y, " + K(1) + " * n.z, " + K(1) + " * n.w);");
        } else {
            line("    n = vec4(n.x, 0.0f, 0.0f, 0.0f);");
        }
        line("    gln_fractal_step(" + num(p.ints[0]) + ", i, n, " + K(0) + ", " + P(q) + ", " + P(q + 1) + ", s" + I + ", g" + I + ");");
        line("}");
        value(i, "s" + I + " * " + P(q + 2));
    }
};

}  // namespace

std::string graphFunctions(const cpu::GraphPlan& plan) {
    Writer w{plan, "// The graph's scopes (written by glnoise for this graph's structure).\n"};
    for (std::size_t s = 1; s < plan.scopes.size(); ++s) w.scope(static_cast<int>(s));
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
