# SPDX-License-Identifier: MIT
"""Metal's shading language (MSL)."""
from .emitter import CLike


class Msl(CLike):
    ext = ".metal"

    def table_options(self):
        return ["// The table: Metal has no program-scope buffers, so define GLN_PERM(i) before the",
                "// include to read a program-scope `constant int` array of 512 entries (`glnoise shader",
                "// --language msl --seed N` prints one, with the whole library).",
                "#ifndef GLN_PERM",
                '#error "glnoise: define GLN_PERM(i) to read the permutation table before including permutation.metal"',
                "#endif"]

    const_global = "constant"
    const_array = "constant"
    precise_qualifier = ""
    BUILTIN_NAMES = {"inversesqrt": "rsqrt"}

    def param(self, p):
        if p.qual == "in":
            return "%s %s" % (self.type_name(p.type), p.name)
        return "thread %s& %s" % (self.type_name(p.type), p.name)

    def struct_constructor(self, e):
        return "%s{%s}" % (e.name, self.args(e))
