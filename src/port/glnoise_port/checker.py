# SPDX-License-Identifier: MIT
"""The checker: the type of every expression, and what a port cannot follow, refused with its place."""
import re

from .common import PortError, TABLE_READ, Type, is_type_name, signature, vector_of


BUILTINS_SAME = {"abs", "floor", "fract", "sqrt", "sin", "cos", "sign", "normalize", "inversesqrt", "exp", "exp2",
                 "log", "log2", "ceil", "round", "trunc", "tan", "atan", "pow"}
BUILTINS_WIDEST = {"min", "max", "clamp", "mix", "step", "smoothstep"}


class Checker:
    def __init__(self, lib, fname):
        self.lib, self.fname = lib, fname
        self.scopes = []
        self.line = None  # the statement being checked: the place of an expression's error

    def error(self, node, what):
        line = getattr(node, "line", None) or self.line or "?"
        raise PortError("%s:%s: %s" % (self.fname, line, what))

    def lookup(self, name, node):
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        if name in self.lib.globals:
            return self.lib.globals[name]
        self.error(node, "unknown name %s" % name)

    def family(self, fam):
        for item in fam.items:
            if item.kind == "global" and item.init is not None:
                self.scopes = [{}]
                self.line = getattr(item, "line", None)
                self.expr(item.init, item.vtype)
            elif item.kind == "function":
                self.function(item)

    def function(self, fn):
        self.fn = fn
        self.scopes = [{p.name: p.type for p in fn.params}]
        self.stmt(fn.body)

    def stmt(self, s):
        k = s.kind
        self.line = getattr(s, "line", None) or self.line
        if k == "block":
            self.scopes.append({})
            for x in s.stmts:
                self.stmt(x)
            self.scopes.pop()
        elif k == "decl":
            if s.init is not None:
                self.expr(s.init, s.vtype)
            self.scopes[-1][s.name] = s.vtype
        elif k == "expr":
            self.expr(s.expr)
        elif k == "if":
            self.expr(s.cond)
            self.stmt(s.then)
            if s.other:
                self.stmt(s.other)
        elif k == "for":
            self.scopes.append({})
            if s.init:
                self.stmt(s.init)
            if s.cond:
                self.expr(s.cond)
            if s.step:
                self.expr(s.step)
            self.stmt(s.body)
            self.scopes.pop()
        elif k == "while":
            self.expr(s.cond)
            self.stmt(s.body)
        elif k == "return":
            if s.value is not None:
                self.expr(s.value, self.fn.rtype)

    def expr(self, e, want=None):
        t = self._expr(e, want)
        e.type = t
        return t

    def _expr(self, e, want):
        k = e.kind
        if k == "literal":
            if e.text in ("true", "false"):
                return Type("bool")
            if e.text[-1] in "uU":
                return Type("uint")
            if re.search(r"[.eEfF]", e.text):
                return Type("float")
            return Type("int")
        if k == "name":
            return self.lookup(e.name, e)
        if k == "paren":
            return self.expr(e.expr, want)
        if k == "unary":
            t = self.expr(e.operand)
            return Type("bool") if e.op == "!" else t
        if k == "incdec":
            return self.expr(e.target)
        if k == "assign":
            t = self.expr(e.target)
            self.expr(e.value, t)
            return t
        if k == "select":
            self.expr(e.cond)
            a = self.expr(e.a, want)
            self.expr(e.b, a)
            return a
        if k == "binary":
            a = self.expr(e.left)
            b = self.expr(e.right)
            if e.op in ("==", "!=", "<", ">", "<=", ">=", "&&", "||", "^^"):
                return Type("bool")
            if e.op in ("<<", ">>"):
                return a
            if a.is_vector():
                return a
            return b
        if k == "member":
            t = self.expr(e.obj)
            if t.base in self.lib.structs:
                for ftype, fname, _ in self.lib.structs[t.base]:
                    if fname == e.name:
                        return ftype
                self.error(e, "%s has no field %s" % (t.base, e.name))
            if not re.fullmatch(r"[xyzw]{1,4}|[rgba]{1,4}", e.name):
                self.error(e, "unsupported swizzle .%s" % e.name)
            return vector_of(t.component(), len(e.name))
        if k == "index":
            t = self.expr(e.obj)
            self.expr(e.index)
            if t.array:
                return t.element()
            if t.is_vector():
                return Type(t.component())
            self.error(e, "indexing %r" % t)
        if k == "array":
            for a in e.args:
                self.expr(a, e.elem)
            return Type(e.elem.base, e.count)
        if k == "call":
            args = [self.expr(a) for a in e.args]
            name = e.name
            if name == TABLE_READ:
                return Type("int")
            if name in getattr(self.lib, "opaque", {}):
                return Type(self.lib.opaque[name])
            if is_type_name(name, self.lib.structs):
                return Type(name)
            if name in self.lib.functions:
                fns = [f for f in self.lib.functions[name] if len(f.params) == len(args)]
                exact = [f for f in fns if list(signature(f)) == args]
                chosen = exact or fns
                if len(chosen) != 1:
                    self.error(e, "cannot pick an overload of %s for %r" % (name, args))
                e.fn = chosen[0]
                return chosen[0].rtype
            if name in BUILTINS_SAME:
                return args[0]
            if name in BUILTINS_WIDEST:
                vec = [a for a in args if a.is_vector()]
                return vec[0] if vec else args[0]
            if name in ("dot", "length", "distance"):
                return Type(args[0].component())
            if name in ("equal", "notEqual", "lessThan", "greaterThan", "lessThanEqual", "greaterThanEqual"):
                return vector_of("bool", args[0].size())
            if name in ("all", "any"):
                return Type("bool")
            self.error(e, "unknown function %s" % name)
        self.error(e, "unsupported expression %s" % k)
