# SPDX-License-Identifier: MIT
"""One self-contained GLSL source translated whole: glnoise's graph as one function
(`glnoise shader --graph FILE --language L`), whose functions are written at run time.

The source is the library's subset after a C preprocessor's pass, which this module makes:
object-like and function-like #define, #undef, #if/#ifdef/#ifndef/#elif/#else/#endif over
integer expressions and defined(). A #define of a number named GLN_... stays a named
constant, as the library's do; every other macro is expanded. GLN_PRECISE counts as
defined and stays the marker the parser reads. #include and other directives are refused:
the source is self-contained.

Two functions besides the table's read are left for the caller to define in each language,
as GLN_TABLE_READ(i) is: gln_graph_param(i) (a float) and gln_graph_frame(i) (a GlnFrame),
the graph's numbers and frames, which a caller keeps as constants or in a uniform block.
"""
import re

from .common import PortError, Type
from .lexer import tokenize
from .parser import Parser
from .checker import Checker
from .library import Family, wgsl_names

# Reads the caller defines, with their types (GLN_TABLE_READ's is int).
OPAQUE_READS = {"gln_graph_param": "float", "gln_graph_frame": "GlnFrame"}

TOKEN = re.compile(r"(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<id>[A-Za-z_]\w*)|(?P<num>\d[\w.]*)|(?P<other>.)", re.S)
NUMBER = re.compile(r"-?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?[fFuU]?")


def tokens(text):
    return [(m.lastgroup, m.group(m.lastgroup)) for m in TOKEN.finditer(text)]


class Macro:
    def __init__(self, name, params, body):
        self.name, self.params, self.body = name, params, body


class Preprocessor:
    def __init__(self, fname):
        self.fname = fname
        self.macros = {}
        self.defined = {"GLN_PRECISE"}
        self.constants = []  # (name, value, line, comments): the library's #define constants
        self.values = {}  # their values, for #if
        self.line = 0

    def error(self, what):
        raise PortError("%s:%d: %s" % (self.fname, self.line, what))

    # -- expansion
    def expand(self, toks, hidden=frozenset()):
        """toks with every macro expanded, each once per chain (a macro does not expand in
        its own expansion)."""
        out = []
        i = 0
        while i < len(toks):
            kind, text = toks[i]
            macro = self.macros.get(text) if kind == "id" and text not in hidden else None
            if macro is None:
                out.append(toks[i])
                i += 1
                continue
            if macro.params is None:
                out += self.expand(macro.body, hidden | {text})
                i += 1
                continue
            j = i + 1
            while j < len(toks) and toks[j][1].isspace():
                j += 1
            if j >= len(toks) or toks[j][1] != "(":
                out.append(toks[i])
                i += 1
                continue
            args, current, depth = [], [], 0
            j += 1
            while True:
                if j >= len(toks):
                    self.error("%s( is not closed" % text)
                t = toks[j]
                if t[1] == "(":
                    depth += 1
                elif t[1] == ")":
                    if depth == 0:
                        break
                    depth -= 1
                elif t[1] == "," and depth == 0:
                    args.append(current)
                    current = []
                    j += 1
                    continue
                current.append(t)
                j += 1
            args.append(current)
            if args == [[]] and not macro.params:
                args = []
            if len(args) != len(macro.params):
                self.error("%s takes %d arguments, given %d" % (text, len(macro.params), len(args)))
            expanded = [self.expand(a, hidden) for a in args]
            body = []
            for t in macro.body:
                if t[0] == "id" and t[1] in macro.params:
                    body += expanded[macro.params.index(t[1])]
                else:
                    body.append(t)
            out += self.expand(body, hidden | {text})
            i = j + 1
        return out

    # -- #if's expression: integers, defined(), C's operators
    def condition(self, text):
        toks = [t for t in tokens(text) if not t[1].isspace() and t[0] != "comment"]
        replaced, i = [], 0
        while i < len(toks):
            if toks[i][1] == "defined":
                if i + 1 < len(toks) and toks[i + 1][1] == "(":
                    name, i = toks[i + 2][1], i + 4
                else:
                    name, i = toks[i + 1][1], i + 2
                replaced.append(("num", "1" if name in self.defined or name in self.macros else "0"))
                continue
            replaced.append(toks[i])
            i += 1
        expanded = []
        for t in self.expand(replaced):
            if t[0] == "id" and t[1] in self.values:
                expanded += [("other", "(")] + tokens(self.values[t[1]]) + [("other", ")")]
            elif not t[1].isspace() and t[0] != "comment":
                expanded.append(t)
        # Two-character operators come as two tokens.
        merged = []
        for t in expanded:
            if merged and merged[-1][0] == "other" and merged[-1][1] + t[1] in ("&&", "||", "==", "!=", "<=", ">=",
                                                                                  "<<", ">>"):
                merged[-1] = ("other", merged[-1][1] + t[1])
            else:
                merged.append(t)
        return Condition(merged, self).value()

    def run(self, text):
        """(header, tokens): the leading comment block, and the text's tokens with
        directives resolved and macros expanded, line by line (a macro's call is on one
        line; errors keep the source's lines). The GLN_ number defines, kept as named
        constants, are left in self.constants."""
        lines = text.split("\n")
        header = []
        while len(header) < len(lines) and lines[len(header)].startswith("//"):
            header.append(lines[len(header)])
        out = [""] * len(header)
        self.header_end = len(header)
        stack = []  # (taking, taken) per open #if
        for n in range(len(header), len(lines)):
            self.line = n + 1
            raw = lines[n]
            s = raw.strip()
            taking = all(t for t, _ in stack)
            if not s.startswith("#"):
                out.append("".join(t for _, t in self.expand(tokens(raw))) if taking else "")
                continue
            out.append("")
            words = s[1:].strip().split(None, 1)
            d = words[0] if words else ""
            rest = words[1].split("//")[0].strip() if len(words) > 1 else ""
            if d in ("if", "ifdef", "ifndef"):
                if not taking:
                    stack.append((False, True))
                    continue
                if d == "if":
                    value = self.condition(rest) != 0
                else:
                    value = (rest in self.defined or rest in self.macros) == (d == "ifdef")
                stack.append((value, value))
            elif d == "elif":
                if not stack:
                    self.error("#elif without #if")
                _, taken = stack.pop()
                outer = all(t for t, _ in stack)
                value = outer and not taken and self.condition(rest) != 0
                stack.append((value, taken or value))
            elif d == "else":
                if not stack:
                    self.error("#else without #if")
                _, taken = stack.pop()
                stack.append((not taken, True))
            elif d == "endif":
                if not stack:
                    self.error("#endif without #if")
                stack.pop()
            elif not taking:
                continue
            elif d == "define":
                self.define(rest, lines, n)
            elif d == "undef":
                self.macros.pop(rest, None)
                self.values.pop(rest, None)
                self.defined.discard(rest)
            else:
                self.error("#%s is outside what a self-contained source holds" % d)
        if stack:
            raise PortError("%s: an #if is not closed" % self.fname)
        return header, tokens("\n".join(out))

    def define(self, rest, lines, n):
        m = re.match(r"([A-Za-z_]\w*)(\(([^)]*)\))?\s*(.*)$", rest)
        if not m:
            self.error("#define %s" % rest)
        name, params, value = m.group(1), m.group(3), m.group(4).strip()
        if name == "GLN_PRECISE":
            return
        self.defined.add(name)
        if params is None and name.startswith("GLN_") and NUMBER.fullmatch(value):
            comments = []
            k = n - 1
            while k >= self.header_end and lines[k].strip().startswith("//"):
                comments.insert(0, (lines[k].strip(), k + 1))
                k -= 1
            self.constants.append((name, value, n + 1, comments))
            self.values[name] = value
            return
        plist = None if params is None else [p.strip() for p in params.split(",") if p.strip()]
        self.macros[name] = Macro(name, plist, tokens(value))


class Condition:
    """An #if's tokens evaluated as C does (integers; a name left after expansion is 0)."""
    LEVELS = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"],
              ["*", "/", "%"]]

    def __init__(self, toks, pre):
        self.toks, self.i, self.pre = toks, 0, pre

    def peek(self):
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def value(self):
        v = self.ternary()
        if self.i != len(self.toks):
            self.pre.error("#if: unexpected %r" % self.peek())
        return v

    def ternary(self):
        c = self.binary(0)
        if self.peek() == "?":
            self.i += 1
            a = self.ternary()
            if self.peek() != ":":
                self.pre.error("#if: ? without :")
            self.i += 1
            b = self.ternary()
            return a if c else b
        return c

    def binary(self, level):
        if level == len(self.LEVELS):
            return self.unary()
        v = self.binary(level + 1)
        while self.peek() in self.LEVELS[level]:
            op = self.toks[self.i][1]
            self.i += 1
            w = self.binary(level + 1)
            if op in ("/", "%") and w == 0:
                self.pre.error("#if: division by zero")
            v = {"||": lambda: int(bool(v) or bool(w)), "&&": lambda: int(bool(v) and bool(w)),
                 "|": lambda: v | w, "^": lambda: v ^ w, "&": lambda: v & w, "==": lambda: int(v == w),
                 "!=": lambda: int(v != w), "<": lambda: int(v < w), ">": lambda: int(v > w),
                 "<=": lambda: int(v <= w), ">=": lambda: int(v >= w), "<<": lambda: v << w, ">>": lambda: v >> w,
                 "+": lambda: v + w, "-": lambda: v - w, "*": lambda: v * w,
                 "/": lambda: int(v / w), "%": lambda: v - w * int(v / w)}[op]()
        return v

    def unary(self):
        t = self.peek()
        if t in ("!", "-", "+", "~"):
            self.i += 1
            v = self.unary()
            return {"!": int(not v), "-": -v, "+": v, "~": ~v}[t]
        if t == "(":
            self.i += 1
            v = self.ternary()
            if self.peek() != ")":
                self.pre.error("#if: ( without )")
            self.i += 1
            return v
        if t is None:
            self.pre.error("#if: an expression ends early")
        kind, text = self.toks[self.i]
        self.i += 1
        if kind == "id":
            return 0
        m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|\d+)[uU]?", text)
        if not m:
            self.pre.error("#if: %r is not an integer" % text)
        return int(m.group(1), 0)


class SourceLibrary:
    """A source's structs, functions and globals, as Library holds a library's."""

    def __init__(self, text, fname):
        self.structs, self.functions, self.globals = {}, {}, {}
        pre = Preprocessor(fname)
        header, body = pre.run(text)
        expanded = "".join(t for _, t in body)
        used = {t for k, t in body if k == "id"}
        defines = [d for d in pre.constants if d[0] in used]
        for name, value, _, _ in defines:
            self.globals[name] = Type("float" if re.search(r"[.eEfF]", value) else "int")
        items, tail = Parser(tokenize(expanded, fname), fname, self.structs).unit()
        for item in items:
            if item.kind == "function":
                self.functions.setdefault(item.name, []).append(item)
            elif item.kind == "global":
                self.globals[item.name] = item.vtype
        self.family = Family("source", header, [], defines, items, tail)
        self.family.fname = fname
        self.families = [self.family]
        self.opaque = dict(OPAQUE_READS)
        Checker(self, fname).family(self.family)
        self.wgsl_names = wgsl_names(self.functions)


def translate_source(text, target, fname="source.glsl"):
    """TEXT, a self-contained GLSL source, in TARGET's language (an emitter's name): its
    defines, structs, constants and functions in order, comments kept, without the
    source's leading comment block (the caller writes its own header)."""
    from .cli import EMITTERS

    # The library's files' headers (from their licence line on) speak of GLSL's usage:
    # blanked, line for line.
    text = re.sub(r"(?m)^// SPDX-License-Identifier: MIT\n(//.*\n)*", lambda m: "\n" * m.group(0).count("\n"), text)
    lib = SourceLibrary(text, fname)
    cls, _ = EMITTERS[target]
    return cls(lib).family(lib.family, header=False)
