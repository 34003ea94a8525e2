# SPDX-License-Identifier: MIT
"""Tokens, and the preprocessing of a library file: guards, includes, #define constants, comments."""
import os
import re

from .common import PortError, RESERVED


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
        if kind == "id" and s in RESERVED:
            s += "_"
        toks.append(Tok(kind, s, line, pending))
        pending = []
    toks.append(Tok("eof", "", line, pending))
    return toks




class Node:
    def __init__(self, kind, **kw):
        self.kind = kind
        self.type = None
        self.__dict__.update(kw)




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
