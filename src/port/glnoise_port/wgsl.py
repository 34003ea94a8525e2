# SPDX-License-Identifier: MIT
"""WGSL (WebGPU): no overloads, no #include, parameters that cannot be assigned."""
import re

from .common import PortError, Type, vector_parts
from .lexer import Node
from .emitter import CLike, Emitter


class Wgsl(Emitter):
    ext = ".wgsl"

    def type_name(self, t):
        parts = vector_parts(t.base)
        if parts:
            s = "vec%d<%s>" % (parts[1], self.type_name(Type(parts[0])))
        else:
            s = {"float": "f32", "int": "i32", "uint": "u32", "bool": "bool"}.get(t.base, t.base)
        if t.array:
            return "array<%s, %d>" % (s, t.array)
        return s

    def define(self, name, value):
        t = "f32" if re.search(r"[.eEfF]", value) else "i32"
        return "const %s: %s = %s;" % (name, t, value)

    def struct(self, s):
        out = ["struct %s {" % s.name]
        for ftype, fname, _ in s.fields:
            out.append("    %s: %s," % (fname, self.type_name(ftype)))
        return out + ["};"]

    def global_const(self, d):
        t = d.vtype
        if t.array:
            items = [self.expr(a) for a in d.init.args]
            # var<private>, not const: a const array indexed at run time is copied at every
            # index, which lavapipe took minutes to compile; a private one once per invocation.
            return ["var<private> %s: %s = %s(" % (d.name, self.type_name(t), self.type_name(t))] + \
                CLike.wrap_items(self, items, "    ") + [");"]
        return ["const %s: %s = %s;" % (d.name, self.type_name(t), self.expr(d.init))]

    def function(self, fn):
        self.pointers = {p.name for p in fn.params if p.qual != "in"}
        assigned = set()
        walk_assigned(fn.body, assigned)
        self.copied = {p.name for p in fn.params if p.qual == "in" and p.name in assigned}
        params = []
        for p in fn.params:
            if p.qual != "in":
                params.append("%s: ptr<function, %s>" % (p.name, self.type_name(p.type)))
            elif p.name in self.copied:
                params.append("%s_in: %s" % (p.name, self.type_name(p.type)))
            else:
                params.append("%s: %s" % (p.name, self.type_name(p.type)))
        ret = "" if fn.rtype.base == "void" else " -> " + self.type_name(fn.rtype)
        out = ["fn %s(%s)%s {" % (self.lib.wgsl_names[id(fn)], ", ".join(params), ret)]
        for p in fn.params:
            if p.name in self.copied:
                out.append("    var %s: %s = %s_in;" % (p.name, self.type_name(p.type), p.name))
        out += self.block_lines(fn.body, 1)
        out.append("}")
        return out

    def declaration(self, d):
        kw = "let" if d.const else "var"
        init = "" if d.init is None else " = " + self.expr(d.init)
        return "%s %s: %s%s" % (kw, d.name, self.type_name(d.vtype), init)

    def expr_statement(self, e):
        if e.kind == "incdec":
            return self.expr(e.target) + e.op
        if e.kind == "assign" and e.target.kind == "member" and len(e.target.name) > 1 and \
                e.target.obj.type.is_vector():
            raise PortError("a multi-component swizzle assignment (.%s) is outside the subset" % e.target.name)
        return self.expr(e)

    def expr(self, e):
        k = e.kind
        if k == "incdec":
            raise PortError("++/-- inside an expression is outside the subset")
        if k == "select":
            return "select(%s, %s, %s)" % (self.expr(e.b), self.expr(e.a), self.expr(e.cond))
        if k == "binary":
            left, right = self.expr(e.left), self.expr(e.right)
            if self.needs_parens(e.left, e.op, True):
                left = "(" + left + ")"
            if self.needs_parens(e.right, e.op, False):
                right = "(" + right + ")"
            if e.op in ("<<", ">>"):
                right = right + "u" if re.fullmatch(r"\d+", right) else "u32(%s)" % right
            return "%s %s %s" % (left, e.op, right)
        if k == "name" and e.name in getattr(self, "pointers", ()):
            return "(*%s)" % e.name
        return Emitter.expr(self, e)

    @staticmethod
    def needs_parens(child, op, left):
        if child.kind != "binary":
            return False
        c = child.op
        arith = {"+", "-", "*", "/", "%"}
        if op in ("+", "-") and c in ("*", "/", "%"):
            return False
        if op in ("+", "-") and c in ("+", "-") and left:
            return False
        if op in ("*", "/", "%") and c in ("*", "/", "%") and left:
            return False
        if op in ("==", "!=", "<", ">", "<=", ">=") and c in arith:
            return False
        if op in ("&&", "||") and c in ("==", "!=", "<", ">", "<=", ">="):
            return False
        if op == c and op in ("&&", "||", "&", "|", "^"):
            return False
        return True

    def array(self, e):
        return "%s(%s)" % (self.type_name(Type(e.elem.base, e.count)), self.args(e))

    def struct_constructor(self, e):
        return "%s(%s)" % (e.name, self.args(e))

    def function_name(self, fn):
        return self.lib.wgsl_names[id(fn)]

    def call_args(self, e):
        out = []
        for p, a in zip(e.fn.params, e.args):
            if p.qual == "in":
                out.append(self.expr(a))
            elif a.kind == "name" and a.name in self.pointers:
                out.append(a.name)
            elif a.kind == "name":
                out.append("&" + a.name)
            elif a.kind == "member" and a.obj.type.base in self.lib.structs:
                out.append("&" + self.expr(a))
            else:
                raise PortError("an out argument that is not a variable or a struct field")
        return ", ".join(out)

    BUILTIN_NAMES = {"inversesqrt": "inverseSqrt"}



def walk_assigned(node, out):
    """Names assigned anywhere under node (WGSL parameters are immutable)."""
    if isinstance(node, Node):
        if node.kind in ("assign", "incdec"):
            t = node.target
            while t.kind in ("member", "index", "paren"):
                t = t.obj if t.kind != "paren" else t.expr
            if t.kind == "name":
                out.add(t.name)
        for v in node.__dict__.values():
            walk_assigned(v, out)
    elif isinstance(node, list):
        for v in node:
            walk_assigned(v, out)
