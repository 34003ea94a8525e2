# SPDX-License-Identifier: MIT
"""Godot's shading language (a .gdshaderinc)."""
from .emitter import CLike


class Godot(CLike):
    """Godot 4's shading language: GLSL ES 3.00 without `precise` or precision statements,
    and with function overloading only since Godot 4.4 (with a defect on overloads declared
    longest first, godot#107982): so overloads take WGSL's suffixed names."""
    ext = ".gdshaderinc"

    def table_options(self):
        return ["// The table: define GLN_PERM(i) before the include to read a `const int` array of 512",
                "// entries (`glnoise shader --language godot --seed N` prints one, with the whole library).",
                "#ifndef GLN_PERM",
                '#error "glnoise: define GLN_PERM(i) to read the permutation table before including permutation.gdshaderinc"',
                "#endif"]

    const_global = "const"
    precise_qualifier = ""

    def type_name(self, t):
        return t.base

    def global_const(self, d):
        t = d.vtype
        if t.array:
            items = [self.expr(a) for a in d.init.args]
            elem = self.type_name(t.element())
            return ["const %s %s[%d] = %s[%d](" % (elem, d.name, t.array, elem, t.array)] + \
                self.wrap_items(items, "    ") + [");"]
        return ["const %s %s = %s;" % (self.type_name(t), d.name, self.expr(d.init))]

    def function_name(self, fn):
        return self.lib.wgsl_names[id(fn)]

    def struct_constructor(self, e):
        return "%s(%s)" % (e.name, self.args(e))

    def truncate(self, arg, t):
        return "%s(%s)" % (self.type_name(t), self.expr(arg))

    def array(self, e):
        return "%s[%d](%s)" % (e.elem.base, e.count, self.args(e))

    def declaration(self, d):
        t = d.vtype
        init = ""
        if d.init is not None:
            init = " = " + self.expr(d.init)
        arr = "[%d]" % t.array if t.array else ""
        return "%s%s %s%s%s" % ("const " if d.const else "", self.type_name(t.element()), d.name, arr, init)

    def builtin(self, e):
        # GLSL's built-ins, equal() and the other vector comparisons included.
        return "%s(%s)" % (e.name, self.args(e))
