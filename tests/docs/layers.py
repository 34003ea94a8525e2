#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The layering docs/architecture.md states holds: every #include "..." of the sources is
one its table "Who includes whom" allows.

    python3 tests/docs/layers.py --source .

The table's rows name files by pattern (`src/app/*.hpp`, `src/cli/`: every file under the
folder) and what they may include besides the files of their own folder and the public
headers (include/glnoise/): folders (`src/core/`, every header under it) or files
(`src/graph/plan.hpp`). A file that no row names, an include that no row allows, or a
row that names nothing fails the test, naming the file, its line and the rule; so does a
loop of includes (a file that, through the headers it includes, includes itself), which
the table's folders cannot show when a folder is allowed to include one file of another.
"""
import argparse
import fnmatch
import os
import re
import sys

from report import verdict

ROOTS = ("src", "include/glnoise")
SOURCES = (".cpp", ".hpp", ".h", ".def")
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"', re.M)


def table(architecture):
    """The rows of the table under the heading "Who includes whom": (patterns, allowed)."""
    with open(architecture, encoding="utf-8") as f:
        text = f.read()
    at = text.find("## Who includes whom")
    if at < 0:
        sys.exit("docs/architecture.md: no heading '## Who includes whom'")
    rows = []
    for line in text[at:].splitlines()[1:]:
        if line.startswith("## "):
            break
        if not line.startswith("|") or set(line) <= set("|- "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0] == "files":
            continue
        rows.append((re.findall(r"`([^`]+)`", cells[0]), re.findall(r"`([^`]+)`", cells[1])))
    if not rows:
        sys.exit("docs/architecture.md: the table under 'Who includes whom' has no rows")
    return rows


def names(pattern, path):
    """Whether a row's pattern names path: a folder (every file under it), or a glob."""
    if pattern.endswith("/"):
        return path.startswith(pattern)
    return fnmatch.fnmatchcase(path, pattern)


def resolve(source, including, include):
    """The file an #include "..." names, relative to the source root, or None (generated,
    or a third party's header found on the include path)."""
    for base in (os.path.dirname(including), "src", "include"):
        candidate = os.path.normpath(os.path.join(base, include))
        if os.path.isfile(os.path.join(source, candidate)):
            return candidate
    return None


def loops(edges):
    """Each loop of includes, once, as the files around it."""
    found, state, path = [], {}, []

    def visit(node):
        state[node] = 1
        path.append(node)
        for target in edges.get(node, []):
            if state.get(target) == 1:
                found.append("a loop of includes: " + " -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    args = parser.parse_args()
    rows = table(os.path.join(args.source, "docs", "architecture.md"))
    files = []
    for root in ROOTS:
        for folder, _, entries in os.walk(os.path.join(args.source, root)):
            for entry in entries:
                if entry.endswith(SOURCES):
                    files.append(os.path.relpath(os.path.join(folder, entry), args.source))
    failures = []
    used = set()
    edges = {}
    for path in sorted(files):
        rules = [(i, allowed) for i, (patterns, allowed) in enumerate(rows) if any(names(p, path) for p in patterns)]
        if not rules:
            failures.append("%s: no row of the table names it" % path)
            continue
        used.update(i for i, _ in rules)
        allowed = [a for _, row in rules for a in row]
        with open(os.path.join(args.source, path), encoding="utf-8") as f:
            text = f.read()
        for match in INCLUDE.finditer(text):
            target = resolve(args.source, path, match.group(1))
            if target is None:
                continue
            edges.setdefault(path, []).append(target)
            if target.startswith("include/glnoise/"):
                continue
            if os.path.dirname(target) == os.path.dirname(path) or any(names(a, target) for a in allowed):
                continue
            line = text.count("\n", 0, match.start()) + 1
            failures.append("%s:%d includes %s, which its row does not allow (allowed: its folder, include/glnoise/%s)"
                            % (path, line, target, "".join(", " + a for a in allowed)))
    failures += loops(edges)
    for i, (patterns, _) in enumerate(rows):
        if i not in used:
            failures.append("the row for %s names no file" % ", ".join(patterns))
    if verdict("The includes that docs/architecture.md's table 'Who includes whom' does not allow:", failures):
        sys.exit(1)
    print("%d files' includes follow docs/architecture.md's table" % len(files))


if __name__ == "__main__":
    main()
