#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/command-line.md's table of noise options says what glnoise says: for each row that
names a spec field, its default is the default spec's value (`glnoise bake --print-spec`)
and the limits it gives ("1 to 32") are the ones `glnoise bake --help` gives, which come
from the field table and the catalogue.

    /usr/bin/python3 tests/docs/options.py --source . --build build
"""
import argparse
import json
import os
import re
import subprocess
import sys
from fractions import Fraction

from report import verdict

ROW = re.compile(r"^\| `--([a-z-]+)[^`]*` \| [^|]+ \| ([^|]+) \|$")


def as_number(text):
    """A number as the table writes it: 0.5, 2, 1/64; None when it is not one."""
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def check(doc_rows, defaults, helps):
    failures = []
    for option, cell in doc_rows:
        key = option.replace("-", "_")
        if key not in defaults:
            continue  # not a spec field (--backend, --threads, ...)
        default_text, _, allowed = (part.strip() for part in cell.partition(";"))
        value = defaults[key]
        if isinstance(value, bool):
            ok = default_text == ("on" if value else "off")
        elif value is None:
            ok = default_text.startswith("none")
        elif isinstance(value, list):
            shown = [as_number(t) for t in default_text.split(",")]
            ok = shown == [Fraction(v) for v in value]
        elif isinstance(value, (int, float)):
            shown = as_number(default_text)
            ok = shown is None or shown == Fraction(value)  # prose (dims') is read, not parsed
        else:
            ok = default_text == str(value)
        if not ok:
            failures.append("--%s: the table's default is %r, glnoise's %r" % (option, default_text, value))
        for limits in re.findall(r"\b(\d+ to \d+)\b", allowed):
            if limits not in helps.get(option, ""):
                failures.append("--%s: the table allows %s; glnoise bake --help says %r" %
                                (option, limits, helps.get(option, "")))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    args = parser.parse_args()
    glnoise = os.path.join(args.build, "glnoise")
    defaults = json.loads(subprocess.run([glnoise, "bake", "--print-spec"], check=True, capture_output=True,
                                         text=True).stdout)
    helps = {}
    for line in subprocess.run([glnoise, "bake", "--help"], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        m = re.match(r"^\s+--([a-z-]+)(?: TEXT)?\s+(.*)$", line)
        if m:
            helps[m.group(1)] = m.group(2)
    with open(os.path.join(args.source, "docs", "command-line.md"), encoding="utf-8") as f:
        rows = [m.groups() for m in map(ROW.match, f.read().splitlines()) if m]
    failures = check(rows, defaults, helps)
    named = sum(1 for option, _ in rows if option.replace("-", "_") in defaults)
    if named < 5:
        failures.append("docs/command-line.md: %d rows name spec fields; expected the table of noise options" % named)
    print("%d rows of docs/command-line.md name spec fields" % named)
    return verdict("docs/command-line.md's options and glnoise:", failures)


if __name__ == "__main__":
    sys.exit(main())
