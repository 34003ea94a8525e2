#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Translates glnoise's GLSL library into HLSL, Metal (MSL), WGSL and Godot's shading language.

The library (shaders/include/glnoise/*.glsl) keeps to a small, regular subset of GLSL:
object-like #define constants, include guards, structs, const scalars and arrays, and
functions of declarations, if/else, for/while loops, break, continue and return over
float/int/bool scalars and vectors. This parses that subset into a typed tree and writes
it again in each language, with the library's own names, signatures, order and comments.
Anything outside the subset is an error naming the file and line, so that a change to the
library that a port cannot follow fails the build instead of producing a wrong port.

    glnoise_port.py --target hlsl --out DIR FILE.glsl...   # one translated file per family
    glnoise_port.py --renames FILE.glsl...                  # WGSL's and Godot's names for overloads (Markdown)
    glnoise_port.py --target cpp --out FILE.hpp FILE.glsl... # the constants, for the C++ mirror

The permutation table is left to the caller: every port reads entry i through
GLN_TABLE_READ(i), which glnoise fills in with the form (constant array, storage or
uniform buffer) and the seed that `glnoise shader` is asked for.
"""
import argparse
import os
import re
import sys

TABLE_READ = "GLN_TABLE_READ"


class PortError(Exception):
    pass


# ---- types --------------------------------------------------------------------------------

SCALARS = {"float", "int", "uint", "bool"}
VEC_PREFIX = {"vec": "float", "ivec": "int", "uvec": "uint", "bvec": "bool"}


class Type:
    def __init__(self, base, array=None):
        self.base = base  # "float", "vec3", "ivec4", a struct name, "void"
        self.array = array  # None or the element count

    def __eq__(self, other):
        return isinstance(other, Type) and self.base == other.base and self.array == other.array

    def __hash__(self):
        return hash((self.base, self.array))

    def __repr__(self):
        return self.base + ("[%d]" % self.array if self.array else "")

    def element(self):
        return Type(self.base)

    def is_scalar(self):
        return self.array is None and self.base in SCALARS

    def is_vector(self):
        return self.array is None and vector_parts(self.base) is not None

    def size(self):
        if self.is_scalar():
            return 1
        parts = vector_parts(self.base)
        return parts[1] if parts else 0

    def component(self):
        if self.is_scalar():
            return self.base
        parts = vector_parts(self.base)
        return parts[0] if parts else None


def vector_parts(name):
    m = re.fullmatch(r"(vec|ivec|uvec|bvec)([234])", name)
    return (VEC_PREFIX[m.group(1)], int(m.group(2))) if m else None


def vector_of(component, n):
    if n == 1:
        return Type(component)
    prefix = {v: k for k, v in VEC_PREFIX.items()}[component]
    return Type("%s%d" % (prefix, n))


def is_type_name(name, structs):
    return name in SCALARS or name == "void" or vector_parts(name) is not None or name in structs


# ---- tokens -------------------------------------------------------------------------------

TOKEN = re.compile(
    r"(?P<ws>[ \t]+)|(?P<nl>\n)|(?P<comment>//[^\n]*)|(?P<block>/\*.*?\*/)"
    r"|(?P<num>(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?[fFuU]?)"
    r"|(?P<id>[A-Za-z_]\w*)"
    r"|(?P<op><<=|>>=|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|%=|&=|\|=|\^=|[-+*/%<>=!~&|^?:;,.(){}\[\]])",
    re.S)


class Tok:
    def __init__(self, kind, text, line, comments):
        self.kind, self.text, self.line, self.comments = kind, text, line, comments

    def __repr__(self):
        return "%s:%r" % (self.kind, self.text)


def tokenize(text, fname, line0=1):
    toks, pending, line, pos = [], [], line0, 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise PortError("%s:%d: unexpected character %r" % (fname, line, text[pos]))
        kind = m.lastgroup
        s = m.group(kind)
        pos = m.end()
        if kind == "nl":
            line += 1
            continue
        if kind == "ws":
            continue
        if kind in ("comment", "block"):
            pending.append((s, line))
            line += s.count("\n")
            continue
        toks.append(Tok(kind, s, line, pending))
        pending = []
    toks.append(Tok("eof", "", line, pending))
    return toks


# ---- tree ---------------------------------------------------------------------------------

class Node:
    def __init__(self, kind, **kw):
        self.kind = kind
        self.type = None
        self.__dict__.update(kw)


# ---- preprocessing ------------------------------------------------------------------------

def preprocess(path):
    """The family's text with its #-lines resolved: include guards and #include dropped,
    constants returned as ("define", name, value, line, comments), the GLN_PRECISE and
    storage-buffer blocks of permutation.glsl dropped. Returns (includes, items, body)."""
    fname = os.path.basename(path)
    lines = open(path, encoding="utf-8").read().split("\n")
    out, includes, defines, stack = [], [], [], []
    header = []
    i = 0
    # The file's leading comment block is its header.
    while i < len(lines) and lines[i].startswith("//"):
        header.append(lines[i])
        i += 1
    for n in range(len(lines)):
        s = lines[n].strip()
        if n < i:
            out.append("")
            continue
        if not s.startswith("#"):
            skipping = any(not keep for keep in stack)
            out.append("" if skipping else lines[n])
            continue
        out.append("")
        words = s.split(None, 2)
        d = words[0]
        skipping = any(not keep for keep in stack)
        if d == "#ifndef":
            name = words[1]
            # Include guards and options: the option's default is used (a port has no
            # preprocessor of its own in WGSL); GLN_PRECISE and GLN_PERM are handled by
            # the emitters.
            stack.append(name not in ("GLN_PRECISE", "GLN_PERM"))
        elif d == "#if":
            stack.append(False)
        elif d == "#else":
            stack[-1] = False
        elif d == "#endif":
            stack.pop()
        elif d == "#include":
            if not skipping:
                includes.append(os.path.basename(words[1].strip('"')))
        elif d == "#define":
            if skipping or words[1].startswith("GLNOISE_"):
                continue
            if len(words) < 3:
                raise PortError("%s:%d: #define %s without a value" % (fname, n + 1, words[1]))
            value = words[2].split("//")[0].strip()
            comments = []
            k = n - 1
            while k >= 0 and lines[k].strip().startswith("//") and k >= i:
                comments.insert(0, (lines[k].strip(), k + 1))
                k -= 1
            defines.append((words[1], value, n + 1, comments))
        else:
            raise PortError("%s:%d: %s is outside the subset a port translates" % (fname, n + 1, d))
    if stack:
        raise PortError("%s: unterminated #if" % fname)
    return header, includes, defines, "\n".join(out)


# ---- parser -------------------------------------------------------------------------------

BINARY_PRECEDENCE = [
    ["||"], ["^^"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"],
    ["+", "-"], ["*", "/", "%"]]
ASSIGN_OPS = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}


class Parser:
    def __init__(self, toks, fname, structs):
        self.toks, self.i, self.fname, self.structs = toks, 0, fname, structs

    def peek(self, k=0):
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def error(self, what, tok=None):
        tok = tok or self.peek()
        raise PortError("%s:%d: %s (at %r)" % (self.fname, tok.line, what, tok.text))

    def take(self, text=None, kind=None):
        t = self.peek()
        if (text is not None and t.text != text) or (kind is not None and t.kind != kind):
            self.error("expected %s" % (text or kind))
        self.i += 1
        return t

    def accept(self, text):
        if self.peek().text == text and self.peek().kind in ("op", "id"):
            self.i += 1
            return True
        return False

    def is_type(self, k=0):
        t = self.peek(k)
        return t.kind == "id" and is_type_name(t.text, self.structs)

    def parse_type(self):
        t = self.take(kind="id")
        if not is_type_name(t.text, self.structs):
            self.error("unknown type", t)
        return Type(t.text)

    # -- top level
    def unit(self):
        items = []
        while self.peek().kind != "eof":
            t = self.peek()
            comments = t.comments
            if t.text == "struct":
                items.append(self.struct_decl(comments))
            elif t.text == "const":
                self.i += 1
                d = self.declaration(const=True, precise=False)
                d.comments = comments
                d.kind = "global"
                items.append(d)
            elif self.is_type():
                items.append(self.function(comments))
            else:
                self.error("expected a struct, a const or a function")
        return items, self.peek().comments

    def struct_decl(self, comments):
        line = self.take("struct").line
        name = self.take(kind="id").text
        self.structs[name] = []
        self.take("{")
        fields = []
        while not self.accept("}"):
            ftype = self.parse_type()
            fname = self.take(kind="id").text
            self.take(";")
            fields.append((ftype, fname, self.toks[self.i - 1].line))
        self.take(";")
        self.structs[name] = fields
        return Node("struct", name=name, fields=fields, comments=comments, line=line)

    def function(self, comments):
        rtype = self.parse_type()
        name_tok = self.take(kind="id")
        self.take("(")
        params = []
        if not self.accept(")"):
            while True:
                qual = "in"
                if self.peek().text in ("in", "out", "inout"):
                    qual = self.take().text
                ptype = self.parse_type()
                pname = self.take(kind="id").text
                params.append(Node("param", qual=qual, type=ptype, name=pname))
                if self.accept(")"):
                    break
                self.take(",")
        if self.peek().text == ";":
            self.error("function prototypes are outside the subset")
        body = self.block()
        return Node("function", rtype=rtype, name=name_tok.text, params=params, body=body, comments=comments,
                    line=name_tok.line)

    # -- statements
    def block(self):
        self.take("{")
        stmts = []
        while self.peek().text != "}":
            stmts.append(self.statement())
        end = self.take("}")
        return Node("block", stmts=stmts, end_comments=end.comments)

    def statement(self):
        t = self.peek()
        comments = t.comments
        s = self._statement()
        s.comments = comments
        s.line = t.line
        return s

    def _statement(self):
        t = self.peek()
        if t.text == "{":
            return self.block()
        if t.text == "if":
            self.i += 1
            self.take("(")
            cond = self.expression()
            self.take(")")
            then = self.statement()
            other = self.statement() if self.accept("else") else None
            return Node("if", cond=cond, then=then, other=other)
        if t.text == "for":
            self.i += 1
            self.take("(")
            init = None
            if not self.accept(";"):
                if self.is_type():
                    init = self.declaration(const=False, precise=False)
                else:
                    init = Node("expr", expr=self.expression())
                    self.take(";")
            cond = None if self.peek().text == ";" else self.expression()
            self.take(";")
            step = None if self.peek().text == ")" else self.expression()
            self.take(")")
            return Node("for", init=init, cond=cond, step=step, body=self.statement())
        if t.text == "while":
            self.i += 1
            self.take("(")
            cond = self.expression()
            self.take(")")
            return Node("while", cond=cond, body=self.statement())
        if t.text in ("break", "continue"):
            self.i += 1
            self.take(";")
            return Node(t.text)
        if t.text == "return":
            self.i += 1
            value = None if self.peek().text == ";" else self.expression()
            self.take(";")
            return Node("return", value=value)
        if t.text in ("switch", "do", "discard", "goto"):
            self.error("'%s' is outside the subset a port translates" % t.text)
        if t.text == "GLN_PRECISE":
            self.i += 1
            return self.declaration(const=False, precise=True)
        if t.text == "const":
            self.i += 1
            return self.declaration(const=True, precise=False)
        if self.is_type() and self.peek(1).kind == "id":
            return self.declaration(const=False, precise=False)
        e = self.expression()
        self.take(";")
        return Node("expr", expr=e)

    def declaration(self, const, precise):
        dtype = self.parse_type()
        name = self.take(kind="id")
        array = None
        if self.accept("["):
            array = int(self.take(kind="num").text)
            self.take("]")
        init = None
        if self.accept("="):
            init = self.expression()
        if self.peek().text == ",":
            self.error("one declaration per statement")
        self.take(";")
        return Node("decl", vtype=Type(dtype.base, array), name=name.text, init=init, const=const, precise=precise,
                    line=name.line)

    # -- expressions
    def expression(self):
        return self.assignment()

    def assignment(self):
        lhs = self.conditional()
        if self.peek().kind == "op" and self.peek().text in ASSIGN_OPS:
            op = self.take().text
            rhs = self.assignment()
            return Node("assign", op=op, target=lhs, value=rhs)
        return lhs

    def conditional(self):
        cond = self.binary(0)
        if self.accept("?"):
            a = self.assignment()
            self.take(":")
            b = self.assignment()
            return Node("select", cond=cond, a=a, b=b)
        return cond

    def binary(self, level):
        if level == len(BINARY_PRECEDENCE):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek().kind == "op" and self.peek().text in BINARY_PRECEDENCE[level]:
            op = self.take().text
            right = self.binary(level + 1)
            left = Node("binary", op=op, left=left, right=right)
        return left

    def unary(self):
        t = self.peek()
        if t.kind == "op" and t.text in ("-", "+", "!", "~", "++", "--"):
            self.i += 1
            operand = self.unary()
            if t.text in ("++", "--"):
                return Node("incdec", op=t.text, target=operand, prefix=True)
            return Node("unary", op=t.text, operand=operand)
        return self.postfix()

    def postfix(self):
        e = self.primary()
        while True:
            if self.accept("."):
                e = Node("member", obj=e, name=self.take(kind="id").text)
            elif self.accept("["):
                idx = self.expression()
                self.take("]")
                e = Node("index", obj=e, index=idx)
            elif self.peek().text in ("++", "--"):
                e = Node("incdec", op=self.take().text, target=e, prefix=False)
            else:
                return e

    def primary(self):
        t = self.take()
        if t.kind == "num":
            return Node("literal", text=t.text)
        if t.text in ("true", "false"):
            return Node("literal", text=t.text)
        if t.text == "(":
            e = self.expression()
            self.take(")")
            return Node("paren", expr=e)
        if t.kind == "id":
            if self.peek().text == "[" and is_type_name(t.text, self.structs):
                # An array constructor: T[N](...)
                self.take("[")
                n = int(self.take(kind="num").text)
                self.take("]")
                self.take("(")
                return Node("array", elem=Type(t.text), count=n, args=self.arguments())
            if self.accept("("):
                return Node("call", name=t.text, args=self.arguments())
            return Node("name", name=t.text)
        self.error("expected an expression", t)

    def arguments(self):
        args = []
        if self.accept(")"):
            return args
        while True:
            args.append(self.assignment())
            if self.accept(")"):
                return args
            self.take(",")


# ---- the library --------------------------------------------------------------------------

class Family:
    def __init__(self, name, header, includes, defines, items, tail):
        self.name, self.header, self.includes, self.defines, self.items, self.tail = (
            name, header, includes, defines, items, tail)


class Library:
    """All families, parsed and typed, in dependency order."""

    def __init__(self, paths):
        self.structs = {}
        self.functions = {}  # name -> [function nodes]
        self.globals = {}  # name -> Type
        self.families = []
        by_name = {os.path.basename(p)[:-5]: p for p in paths}
        done = set()

        def load(name, chain):
            if name in done:
                return
            if name in chain:
                raise PortError("include cycle: %s" % " -> ".join(chain + [name]))
            path = by_name.get(name)
            if path is None:
                raise PortError("%s: no such family" % name)
            header, includes, defines, body = preprocess(path)
            for inc in includes:
                load(inc[:-5], chain + [name])
            fname = os.path.basename(path)
            for dname, value, line, _ in defines:
                self.globals[dname] = Type("float" if re.search(r"[.eEfF]", value) else "int")
            items, tail = Parser(tokenize(body.replace("GLN_PERM(", TABLE_READ + "("), fname), fname,
                                 self.structs).unit()
            family = Family(name, header, [i[:-5] for i in includes], defines, items, tail)
            family.fname = fname
            for item in items:
                if item.kind == "function":
                    self.functions.setdefault(item.name, []).append(item)
                elif item.kind == "global":
                    self.globals[item.name] = item.vtype
            Checker(self, fname).family(family)
            self.families.append(family)
            done.add(name)

        for name in sorted(by_name):
            load(name, [])
        self.wgsl_names = wgsl_names(self.functions)


def signature(fn):
    return tuple(p.type for p in fn.params)


def wgsl_names(functions):
    """WGSL has no overloading: the overload with the fewest parameters keeps the name, the
    others add their parameters' names that it lacks (gln_perlin3(cell, p) is
    gln_perlin3_cell)."""
    names = {}
    for name, fns in functions.items():
        if len(fns) == 1:
            names[id(fns[0])] = name
            continue
        ordered = sorted(fns, key=lambda f: len(f.params))
        base = [p.name for p in ordered[0].params]
        names[id(ordered[0])] = name
        used = {name}
        for f in ordered[1:]:
            extra = [p.name for p in f.params if p.name not in base]
            candidate = name + "_" + "_".join(extra) if extra else None
            if candidate is None or candidate in used or candidate in functions:
                candidate = name + "_" + "_".join(t.base for t in signature(f))
            if candidate in used or candidate in functions:
                raise PortError("%s: no WGSL name for the overload at line %d" % (name, f.line))
            used.add(candidate)
            names[id(f)] = candidate
    return names


# ---- types of expressions -----------------------------------------------------------------

BUILTINS_SAME = {"abs", "floor", "fract", "sqrt", "sin", "cos", "sign", "normalize", "inversesqrt", "exp", "exp2",
                 "log", "log2", "ceil", "round", "trunc", "tan", "atan", "pow"}
BUILTINS_WIDEST = {"min", "max", "clamp", "mix", "step", "smoothstep"}


class Checker:
    def __init__(self, lib, fname):
        self.lib, self.fname = lib, fname
        self.scopes = []

    def error(self, node, what):
        raise PortError("%s:%s: %s" % (self.fname, getattr(node, "line", "?"), what))

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
                self.expr(item.init, item.vtype)
            elif item.kind == "function":
                self.function(item)

    def function(self, fn):
        self.fn = fn
        self.scopes = [{p.name: p.type for p in fn.params}]
        self.stmt(fn.body)

    def stmt(self, s):
        k = s.kind
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


# ---- emitters -----------------------------------------------------------------------------

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

    def family(self, fam, includes=False):
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
        if e.name == TABLE_READ:
            return "%s(%s)" % (TABLE_READ, self.args(e))
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


# ---- the library's constants for the C++ mirror ----------------------------------------

def cpp_number(node, where):
    """A GLSL constant expression of literals, constants and unary minus as C++ text (no f suffix:
    the mirror keeps the literal's digits in double)."""
    if node.kind == "literal":
        text = node.text
        if text in ("true", "false"):
            raise PortError("%s: a bool where the mirror takes numbers" % where)
        return text[:-1] if text[-1] in "fFuU" else text
    if node.kind == "unary" and node.op == "-":
        return "-" + cpp_number(node.operand, where)
    if node.kind == "paren":
        return cpp_number(node.expr, where)
    if node.kind == "name" and node.name.startswith("GLN_"):
        return node.name  # a constant generated above it
    raise PortError("%s: only literals, constants and unary minus make a constant the mirror can take" % where)


def cpp_constants(lib):
    """src/mirror's constants, generated from the library: every #define and const scalar
    (ints as int, the rest as double with the literal's own digits) in namespace
    glnoise::cpu, every const array as rows of numbers in glnoise::cpu::library, and the
    literal text of each float for a test that it rounds to the float a shader reads."""
    scalars, arrays, literals = [], [], []
    for fam in lib.families:
        for name, value, line, _ in fam.defines:
            if name.startswith("GLN_BASIS_"):
                continue  # glnoise/bases.def is their source
            if re.fullmatch(r"-?\d+", value):
                scalars.append("inline constexpr int %s = %s;  // %s:%d" % (name, value, fam.fname, line))
            elif re.fullmatch(r"-?[\d.]+([eE][-+]?\d+)?[fF]?", value):
                digits = value.rstrip("fF")
                scalars.append("inline constexpr double %s = %s;  // %s:%d" % (name, digits, fam.fname, line))
                literals.append((name, digits))
            # GLN_PRECISE and the like are not numbers: the mirror has no use for them.
        for item in fam.items:
            if item.kind != "global":
                continue
            where = "%s:%d: %s" % (fam.fname, item.line, item.name)
            t = item.vtype
            if t.array is None:
                digits = cpp_number(item.init, where)
                ctype = "int" if t.base == "int" else "double"
                scalars.append("inline constexpr %s %s = %s;  // %s:%d" % (ctype, item.name, digits, fam.fname, item.line))
                if ctype == "double":
                    literals.append((item.name, digits))
                continue
            if item.init is None or item.init.kind != "array":
                raise PortError("%s: an array constant needs an array constructor" % where)
            elem = Type(t.base)
            width = elem.size() if elem.is_vector() else 1
            ctype = "int" if elem.component() == "int" else "double"
            rows = []
            for e in item.init.args:
                parts = e.args if e.kind == "call" else [e]
                if len(parts) != width:
                    raise PortError("%s: a row of %d numbers where %s has %d" % (where, len(parts), t.base, width))
                numbers = [cpp_number(x, where) for x in parts]
                rows.append("{" + ", ".join(numbers) + "}")
                if ctype == "double":
                    literals += [(item.name, n.lstrip("-")) for n in numbers if not n.lstrip("-").startswith("GLN_")]
            arrays.append("inline constexpr %s %s[%d][%d] = {  // %s:%d\n    %s};" % (
                ctype, item.name, len(rows), width, fam.fname, item.line, ",\n    ".join(rows)))
    out = ["// Generated by src/port/glnoise_port.py --target cpp from the GLSL library: do not edit.",
           "// The library is the source of these constants; src/mirror takes them from here.",
           "#pragma once", "", "namespace glnoise::cpu {", ""]
    out += scalars
    out += ["", "namespace library {", "// The library's const arrays, row by row; the mirror types them (gln_table)."]
    out += arrays
    out += ["", "// Each float constant's literal as the library writes it, for tests.",
            "struct Literal {", "    const char* name;", "    const char* text;", "    double value;", "};",
            "inline constexpr Literal kLiterals[] = {"]
    seen = set()
    for n, d in literals:
        if (n, d) not in seen:
            seen.add((n, d))
            out.append('    {"%s", "%s", %s},' % (n, d, d))
    out += ["};", "}  // namespace library", "", "}  // namespace glnoise::cpu", ""]
    return "\n".join(out)


EMITTERS = {"hlsl": (Hlsl, ".hlsl"), "msl": (Msl, ".metal"), "wgsl": (Wgsl, ".wgsl"), "godot": (Godot, ".gdshaderinc")}


def renames_table(lib):
    rows = []
    for name in sorted(lib.functions):
        fns = lib.functions[name]
        if len(fns) < 2:
            continue
        for f in sorted(fns, key=lambda f: len(f.params)):
            glsl = "%s(%s)" % (f.name, ", ".join("%s%s %s" % ("" if p.qual == "in" else p.qual + " ", p.type.base,
                                                                p.name) for p in f.params))
            rows.append("| `%s` | `%s` |" % (glsl, lib.wgsl_names[id(f)]))
    return "| GLSL, HLSL and MSL | WGSL and Godot |\n|---|---|\n" + "\n".join(rows) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--target", choices=sorted(EMITTERS) + ["cpp"])
    ap.add_argument("--out", help="folder for one translated file per family (--target cpp: the header's path)")
    ap.add_argument("--renames", action="store_true", help="print WGSL's and Godot's names for overloads (Markdown)")
    ap.add_argument("--includes", action="store_true",
                    help="HLSL, MSL and Godot: files to #include (guards, includes, GLN_PERM), not for pasting")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args(argv)
    try:
        lib = Library(a.files)
        if a.renames:
            sys.stdout.write(renames_table(lib))
            return 0
        if a.target == "cpp":
            if not a.out:
                ap.error("--target cpp needs --out FILE")
            os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
            tmp = a.out + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(cpp_constants(lib))
            os.replace(tmp, a.out)
            return 0
        if not a.target or not a.out:
            ap.error("--target and --out, or --renames")
        cls, ext = EMITTERS[a.target]
        os.makedirs(a.out, exist_ok=True)
        if a.includes and a.target == "wgsl":
            ap.error("--includes: WGSL has no #include")
        em = cls(lib)
        files = {fam.name + ext: em.family(fam, a.includes) for fam in lib.families}
        # The families in dependency order, each with the families it includes.
        files["families.txt"] = "".join(" ".join([f.name] + f.includes) + "\n" for f in lib.families)
        for name, text in files.items():
            path = os.path.join(a.out, name)
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
    except PortError as e:
        sys.stderr.write("glnoise_port: error: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
