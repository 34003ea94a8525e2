# SPDX-License-Identifier: MIT
"""The parser: a library file's tokens into a tree of structs, constants and functions."""
from .common import PortError, Type, is_type_name
from .lexer import Node


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
