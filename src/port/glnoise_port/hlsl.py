# SPDX-License-Identifier: MIT
"""HLSL (Direct3D, shader model 5 and later)."""
from .emitter import CLike


class Hlsl(CLike):
    ext = ".hlsl"

    def table_options(self):
        return ["// The table: define GLN_PERM(i) before the include to read your own storage;",
                "// otherwise a StructuredBuffer<int> of 512 entries at register t<GLN_PERM_REGISTER>",
                "// (default 0).",
                "#ifndef GLN_PERM",
                "#ifndef GLN_PERM_REGISTER",
                "#define GLN_PERM_REGISTER 0",
                "#endif",
                "#define GLN_PERM_CONCAT(a, b) a##b",
                "#define GLN_PERM_T(n) register(GLN_PERM_CONCAT(t, n))",
                "StructuredBuffer<int> gln_perm_table : GLN_PERM_T(GLN_PERM_REGISTER);",
                "#define GLN_PERM(i) gln_perm_table[(i)]",
                "#endif",
                "// The gradient tables' qualifier (static const; static for glslang's HLSL front end).",
                "#ifndef GLN_TABLES",
                "#define GLN_TABLES static const",
                "#endif"]

    const_global = "static const"
    # The tables' qualifier: GLN_TABLES, `static const` unless defined before (glnoise shader
    # puts the #ifndef at the top): glslang's HLSL front end copies a constant array into a
    # local one at every dynamic index, which some drivers compile very slowly; `static`
    # tables are initialised once per invocation instead.
    const_array = "GLN_TABLES"
    precise_qualifier = "precise "
    BUILTIN_NAMES = {"fract": "frac", "mix": "lerp", "inversesqrt": "rsqrt"}

    def struct_helpers(self, s):
        # HLSL has no struct constructors: gln_new_S(fields...) builds one.
        params = ", ".join("%s %s" % (self.type_name(t), n) for t, n, _ in s.fields)
        out = ["", "%s gln_new_%s(%s) {" % (s.name, s.name, params), "    %s s;" % s.name]
        for _, n, _ in s.fields:
            out.append("    s.%s = %s;" % (n, n))
        return out + ["    return s;", "}"]

    def struct_constructor(self, e):
        return "gln_new_%s(%s)" % (e.name, self.args(e))

    def splat(self, arg, t):
        return "((%s)%s)" % (self.type_name(t), self.postfix(self.expr(arg)))

    def convert(self, arg, t):
        return "((%s)%s)" % (self.type_name(t), self.postfix(self.expr(arg)))

    def builtin(self, e):
        if e.name == "sign" and e.type.component() == "float":
            # HLSL's sign returns int.
            return "((%s)sign(%s))" % (self.type_name(e.type), self.args(e))
        return CLike.builtin(self, e)
