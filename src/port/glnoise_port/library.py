# SPDX-License-Identifier: MIT
"""The library: its families in dependency order, their functions, and WGSL's names for overloads."""
import os
import re

from .common import PortError, TABLE_READ, Type, signature
from .lexer import preprocess, tokenize
from .parser import Parser
from .checker import Checker


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
