# SPDX-License-Identifier: MIT
"""What every emitter shares: the walk over the tree, and the C-like languages' statements."""
import re

from .common import PortError, TABLE_READ, Type, vector_of, vector_parts


def port_header(header):
    """The family's leading comment without what only holds for GLSL: its usage examples
    (indented code) and its Options paragraph (the GLSL preprocessor's switches)."""
    out, skipping = [], False
    for line in header:
        body = line[2:]
        if body.startswith(" Options"):
            skipping = True
        elif skipping and (body.strip() == "" or not body.startswith("   ")):
            skipping = False
        if skipping or body.startswith("   "):
            continue
        if out and out[-1] == "//" and body.strip() == "":
            continue
        out.append(line.rstrip())
    return out


def comment_lines(comments, indent=""):
    out = []
    for text, _ in comments:
        for line in text.split("\n"):
            out.append(indent + line.strip() if line.strip().startswith("//") else indent + line)
    return out


class Emitter:
    """What HLSL, MSL and WGSL share: walking the tree, indentation, comments."""
    indent_unit = "    "

    def __init__(self, lib):
        self.lib = lib

    def family(self, fam, includes=False, header=True):
        lines = []
        if header:
            lines = port_header(fam.header)
            lines.append(self.line_comment("Translated from glnoise's %s by glnoise; the GLSL is the source." % fam.fname))
        if includes:
            guard = "GLNOISE_%s_%s" % (fam.name.upper(), self.ext[1:].upper())
            lines += ["#ifndef " + guard, "#define " + guard, ""]
            lines += ['#include "%s%s"' % (inc, self.ext) for inc in fam.includes]
            if fam.name == "permutation":
                lines += self.table_options()
        elif fam.includes:
            lines.append(self.line_comment("Needs, before it: " + ", ".join(fam.includes) + "."))
        lines.append("")
        for name, value, _, comments in fam.defines:
            lines += comment_lines(comments)
            lines.append(self.define(name, value))
        if fam.defines:
            lines.append("")
        for item in fam.items:
            lines += comment_lines(item.comments)
            if item.kind == "struct":
                lines += self.struct(item)
            elif item.kind == "global":
                lines += self.global_const(item)
            else:
                lines += self.function(item)
            lines.append("")
        lines += comment_lines(fam.tail)
        while lines and not lines[-1]:
            lines.pop()
        if includes:
            lines += ["", "#endif  // " + guard]
        text = "\n".join(lines) + "\n"
        if includes:
            text = text.replace(TABLE_READ + "(", "GLN_PERM(")
        return text

    def line_comment(self, text):
        return "// " + text

    # statements
    def block_lines(self, block, depth):
        out = []
        for s in block.stmts:
            out += self.statement(s, depth)
        out += comment_lines(block.end_comments, self.indent_unit * depth)
        return out

    def body(self, s, depth):
        """A statement as the body of if/for/while: always braced."""
        if s.kind == "block":
            return self.block_lines(s, depth)
        return self.statement(s, depth)

    def statement(self, s, depth):
        ind = self.indent_unit * depth
        out = comment_lines(getattr(s, "comments", []), ind)
        k = s.kind
        if k == "block":
            out.append(ind + "{")
            out += self.block_lines(s, depth + 1)
            out.append(ind + "}")
        elif k == "decl":
            out.append(ind + self.declaration(s) + ";")
        elif k == "expr":
            out.append(ind + self.expr_statement(s.expr) + ";")
        elif k == "if":
            out.append(ind + "if (%s) {" % self.expr(s.cond))
            out += self.body(s.then, depth + 1)
            other = s.other
            while other is not None and other.kind == "if" and not getattr(other, "comments", []):
                out.append(ind + "} else if (%s) {" % self.expr(other.cond))
                out += self.body(other.then, depth + 1)
                other = other.other
            if other is not None:
                out.append(ind + "} else {")
                out += self.body(other, depth + 1)
            out.append(ind + "}")
        elif k == "for":
            init = self.declaration(s.init) if s.init is not None and s.init.kind == "decl" else (
                self.expr_statement(s.init.expr) if s.init is not None else "")
            cond = self.expr(s.cond) if s.cond is not None else ""
            step = self.expr_statement(s.step) if s.step is not None else ""
            out.append(ind + "for (%s; %s; %s) {" % (init, cond, step))
            out += self.body(s.body, depth + 1)
            out.append(ind + "}")
        elif k == "while":
            out.append(ind + "while (%s) {" % self.expr(s.cond))
            out += self.body(s.body, depth + 1)
            out.append(ind + "}")
        elif k in ("break", "continue"):
            out.append(ind + k + ";")
        elif k == "return":
            out.append(ind + ("return %s;" % self.expr(s.value) if s.value is not None else "return;"))
        else:
            raise PortError("statement %s" % k)
        return out

    def expr_statement(self, e):
        return self.expr(e)

    # expressions: the C-like form; WGSL overrides what differs
    def expr(self, e):
        k = e.kind
        if k == "literal":
            return self.literal(e)
        if k == "name":
            return self.name(e)
        if k == "paren":
            return "(" + self.expr(e.expr) + ")"
        if k == "unary":
            inner = self.expr(e.operand)
            return e.op + (" " + inner if inner.startswith(e.op) else inner)
        if k == "incdec":
            return (e.op + self.expr(e.target)) if e.prefix else (self.expr(e.target) + e.op)
        if k == "assign":
            return "%s %s %s" % (self.expr(e.target), e.op, self.expr(e.value))
        if k == "select":
            return "%s ? %s : %s" % (self.expr(e.cond), self.expr(e.a), self.expr(e.b))
        if k == "binary":
            return "%s %s %s" % (self.expr(e.left), e.op, self.expr(e.right))
        if k == "member":
            return self.expr(e.obj) + "." + e.name
        if k == "index":
            return "%s[%s]" % (self.expr(e.obj), self.expr(e.index))
        if k == "array":
            return self.array(e)
        if k == "call":
            return self.call(e)
        raise PortError("expression %s" % k)

    def literal(self, e):
        return e.text

    def name(self, e):
        return e.name

    def args(self, e):
        return ", ".join(self.expr(a) for a in e.args)

    def call(self, e):
        if e.name == TABLE_READ or e.name in getattr(self.lib, "opaque", ()):
            return "%s(%s)" % (e.name, self.args(e))
        t = Type(e.name)
        if e.name in self.lib.structs:
            return self.struct_constructor(e)
        if t.is_scalar() or t.is_vector():
            return self.constructor(e, t)
        if e.name in self.lib.functions:
            return "%s(%s)" % (self.function_name(e.fn), self.call_args(e))
        return self.builtin(e)

    def call_args(self, e):
        return self.args(e)

    def function_name(self, fn):
        return fn.name

    def constructor(self, e, t):
        """Scalar and vector constructors. One argument of another size: a conversion,
        a splat or a truncation."""
        if len(e.args) == 1:
            a = e.args[0].type
            if t.is_vector() and a.is_vector() and a.size() > t.size():
                return self.truncate(e.args[0], t)
            if t.is_vector() and a.is_scalar():
                return self.splat(e.args[0], t)
            if a == t:
                return self.expr(e.args[0])
            return self.convert(e.args[0], t)
        return "%s(%s)" % (self.type_name(t), self.args(e))

    def truncate(self, arg, t):
        inner = self.expr(arg)
        if arg.type.component() != t.component():
            inner = self.convert(arg, vector_of(t.component(), arg.type.size()))
        return self.postfix(inner) + "." + "xyzw"[:t.size()]

    def postfix(self, text):
        return text if re.fullmatch(r"[\w.]+(\([^()]*\))?", text) else "(" + text + ")"

    def splat(self, arg, t):
        return "%s(%s)" % (self.type_name(t), self.expr(arg))

    def convert(self, arg, t):
        return "%s(%s)" % (self.type_name(t), self.expr(arg))

    BUILTIN_NAMES = {}

    def builtin(self, e):
        name = self.BUILTIN_NAMES.get(e.name, e.name)
        if e.name in ("equal", "notEqual", "lessThan", "greaterThan", "lessThanEqual", "greaterThanEqual"):
            op = {"equal": "==", "notEqual": "!=", "lessThan": "<", "greaterThan": ">", "lessThanEqual": "<=",
                  "greaterThanEqual": ">="}[e.name]
            return "(%s %s %s)" % (self.expr(e.args[0]), op, self.expr(e.args[1]))
        return "%s(%s)" % (name, self.args(e))


class CLike(Emitter):
    """HLSL and MSL: C-like declarations."""

    TYPE_NAMES = {"float": "float", "int": "int", "uint": "uint", "bool": "bool"}

    def type_name(self, t):
        parts = vector_parts(t.base)
        if parts:
            return "%s%d" % (parts[0], parts[1])
        return self.TYPE_NAMES.get(t.base, t.base)

    def define(self, name, value):
        t = "float" if re.search(r"[.eEfF]", value) else "int"
        return "%s %s %s = %s;" % (self.const_global, t, name, value)

    def struct(self, s):
        out = ["struct %s {" % s.name]
        for ftype, fname, _ in s.fields:
            out.append("    %s %s;" % (self.type_name(ftype), fname))
        out.append("};")
        return out + self.struct_helpers(s)

    def struct_helpers(self, s):
        return []

    def global_const(self, d):
        t = d.vtype
        if t.array:
            items = [self.expr(a) for a in d.init.args]
            rows = self.wrap_items(items, "    ")
            return ["%s %s %s[%d] = {" % (self.const_array, self.type_name(t.element()), d.name, t.array)] + rows + [
                "};"]
        return ["%s %s %s = %s;" % (self.const_global, self.type_name(t), d.name, self.expr(d.init))]

    def wrap_items(self, items, indent, width=112):
        rows, row = [], ""
        for n, it in enumerate(items):
            piece = it + ("," if n + 1 < len(items) else "")
            if row and len(indent) + len(row) + 1 + len(piece) > width:
                rows.append(indent + row)
                row = piece
            else:
                row = (row + " " + piece) if row else piece
        if row:
            rows.append(indent + row)
        return rows

    def declaration(self, d):
        t = d.vtype
        q = ""
        if d.const:
            q = "const "
        elif d.precise:
            q = self.precise_qualifier
        init = ""
        if d.init is not None:
            if d.init.kind == "array":
                init = " = {" + self.args(d.init) + "}"
            else:
                init = " = " + self.expr(d.init)
        arr = "[%d]" % t.array if t.array else ""
        return "%s%s %s%s%s" % (q, self.type_name(t.element()), d.name, arr, init)

    def function(self, fn):
        params = ", ".join(self.param(p) for p in fn.params)
        out = ["%s %s(%s) {" % (self.type_name(fn.rtype), self.function_name(fn), params)]
        out += self.block_lines(fn.body, 1)
        out.append("}")
        return out

    def param(self, p):
        q = {"in": "", "out": "out ", "inout": "inout "}[p.qual]
        return "%s%s %s" % (q, self.type_name(p.type), p.name)

    def array(self, e):
        return "{" + self.args(e) + "}"
