#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A node kind's name is written once, in src/graph/kinds.def (docs/architecture.md, "A
node kind"): code dispatches on graph::Op and writes a kind's name through nameOf.

    python3 tests/docs/graph_kinds.py --source .

Reads the kind names from the table and the field names from src/graph/kinds.cpp and values.hpp
(and the names fields had in earlier graph formats, src/graph/format.cpp's kRenamed), then every
C++ source and header under src/ and the Python package (python/glnoise/), and fails on a
string literal holding a kind's name: anywhere, or, for a name that is also a word of
another vocabulary (a node field's, as "scale", "seed", "min"; a spec key or choice of
src/core/fields.cpp and src/core/catalogue.cpp, as "fractal", "offset", "marble"), on a line
that speaks of a kind (the word "kind", or GraphNode::defaults, whose second argument is
one), as a line that reads the field or the key may name it. src/port/ is left out: it translates GLSL, whose min, max, abs, pow, clamp and mix are
the language's, not the graph's.

docs/graphs.md's first table under "## Node kinds" names every kind of the table once, in the
table's order, and nothing else.
"""
import argparse
import os
import re
import sys

from report import verdict

ROW = re.compile(r'^GLN_GRAPH_KIND\(\s*\w+\s*,\s*"([a-z0-9_]+)"', re.M)
LITERAL = re.compile(r'"([a-z0-9_]+)"')
SPEAKS_OF_A_KIND = re.compile(r"\bkind\b|defaults\(")
FIELD = re.compile(r'(?:number|positive|integer|count|flag|choice|numbers|scalar|mirrored|mirroredChoice)\(\s*"([a-z0-9_]+)"|\{"([a-z0-9_]+)", T::')
TABLE = os.path.join("src", "graph", "kinds.def")
RENAMES = os.path.join("src", "graph", "format.cpp")
RENAMED = re.compile(r'\{graph::Op::\w+, "([a-z0-9_]+)", "([a-z0-9_]+)", \d+\}')
FIELDS = (os.path.join("src", "graph", "kinds.cpp"), os.path.join("src", "graph", "values.hpp"))
SPEC_WORDS = (os.path.join("src", "core", "fields.cpp"), os.path.join("src", "core", "catalogue.cpp"))


def sources(root):
    for top in ("src", os.path.join("python", "glnoise")):
        for folder, subfolders, entries in os.walk(os.path.join(root, top)):
            subfolders[:] = [s for s in subfolders if os.path.join(folder, s) != os.path.join(root, "src", "port")]
            for entry in sorted(entries):
                if entry.endswith((".cpp", ".hpp", ".h", ".def", ".py")):
                    yield os.path.relpath(os.path.join(folder, entry), root)


def documented(root, order):
    """What docs/graphs.md's table of kinds gets wrong against the table's order."""
    with open(os.path.join(root, "docs", "graphs.md"), encoding="utf-8") as f:
        text = f.read()
    at = text.find("## Node kinds")
    if at < 0:
        return ["docs/graphs.md: no heading '## Node kinds'"]
    listed = []
    inside = False  # in the section's first table, the table of kinds
    for line in text[at:].splitlines()[1:]:
        if line.startswith("## ") or (inside and not line.startswith("|")):
            break
        inside = inside or line.startswith("|")
        if line.startswith("| `"):
            listed += re.findall(r"`([a-z0-9_]+)`", line.split("|")[1])
    if listed != order:
        missing = [k for k in order if k not in listed]
        extra = [k for k in listed if k not in order]
        return ["docs/graphs.md's table of node kinds lists %s; %s lists %s (missing: %s; not kinds: %s)"
                % (", ".join(listed), TABLE, ", ".join(order), ", ".join(missing) or "none", ", ".join(extra) or "none")]
    return []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    args = parser.parse_args()
    with open(os.path.join(args.source, TABLE), encoding="utf-8") as f:
        names = set(ROW.findall(f.read()))
    if len(names) < 10:
        sys.exit("%s: found %d kinds; the pattern no longer reads its rows" % (TABLE, len(names)))
    fields = set()
    for path in FIELDS:
        with open(os.path.join(args.source, path), encoding="utf-8") as f:
            fields |= {a or b for a, b in FIELD.findall(f.read())}
    if len(fields) < 10:
        sys.exit("%s: found %d field names; the pattern no longer reads them" % (", ".join(FIELDS), len(fields)))
    for path in SPEC_WORDS:
        with open(os.path.join(args.source, path), encoding="utf-8") as f:
            fields |= set(LITERAL.findall(f.read()))
    # A field's name in an earlier graph format ("curve" was a basis's interp) is a field's.
    with open(os.path.join(args.source, RENAMES), encoding="utf-8") as f:
        renamed = RENAMED.findall(f.read())
    if not renamed:
        sys.exit("%s: found no renamed fields; the pattern no longer reads them" % RENAMES)
    fields |= {before for before, _ in renamed}
    failures = []
    checked = 0
    for path in sources(args.source):
        if path == TABLE:
            continue
        checked += 1
        with open(os.path.join(args.source, path), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                code = line.split("//")[0] if not path.endswith(".py") else line.split("#")[0]
                speaks = SPEAKS_OF_A_KIND.search(code)
                for name in LITERAL.findall(code):
                    if name in names and (speaks or name not in fields):
                        failures.append('%s:%d names the kind "%s"; dispatch on graph::Op, write it with graph::nameOf'
                                        % (path, number, name))
    order = ROW.findall(open(os.path.join(args.source, TABLE), encoding="utf-8").read())
    failures += documented(args.source, order)
    if verdict("Node kinds against %s:" % TABLE, failures):
        sys.exit(1)
    print("%d kinds, named only in %s (%d files read)" % (len(names), TABLE, checked))


if __name__ == "__main__":
    main()
