#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every picture the README and docs/ show is one assets/make_pictures.py makes, with the
command its caption shows, and remaking them gives the committed pictures.

    /usr/bin/python3 tests/docs/pictures.py --source . --build build

Remade pictures are compared pixel by pixel with the committed ones: the same size, and
at least 99.5% of pixels equal (float32 rounding may flip a few 8-bit values), or 97%
for the preview's screenshots, whose panels show this run's timings. The benchmark chart
measures the machine, so it is only checked to be listed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from PIL import Image, ImageChops

from report import verdict


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    args = parser.parse_args()
    script = os.path.join(args.source, "assets", "make_pictures.py")
    documents = [os.path.join(args.source, "README.md")] + sorted(
        os.path.join(args.source, "docs", n) for n in os.listdir(os.path.join(args.source, "docs")) if n.endswith(".md"))
    readme, shown = "", []
    for path in documents:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        readme += text
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text):
            shown.append(os.path.relpath(os.path.normpath(os.path.join(os.path.dirname(path), target)), args.source))
    listed = {}
    for line in subprocess.run([sys.executable, script, "--list"], check=True, capture_output=True,
                               text=True).stdout.splitlines():
        path, command = line.split("\t")
        listed[path] = command
    failures = []
    if len(set(shown)) < 4:
        failures.append("the documents show %d pictures; expected at least 4" % len(set(shown)))
    for path in shown:
        if path not in listed:
            failures.append("the documents show %s, which assets/make_pictures.py does not make" % path)
        elif listed[path] and "`" + listed[path] + "`" not in readme:
            failures.append("the caption of %s is not the command that makes it: %s" % (path, listed[path]))
    for path in listed:
        if path not in shown:
            failures.append("assets/make_pictures.py makes %s, which no document shows" % path)
    with tempfile.TemporaryDirectory(prefix="glnoise-pictures-") as tmp:
        subprocess.run([sys.executable, script, args.build, "--out", tmp], check=True)
        for name in sorted(os.listdir(tmp)):
            committed = Image.open(os.path.join(args.source, "assets", name)).convert("RGB")
            remade = Image.open(os.path.join(tmp, name)).convert("RGB")
            if committed.size != remade.size:
                failures.append("%s: remade %s, committed %s" % (name, remade.size, committed.size))
                continue
            diff = ImageChops.difference(committed, remade).convert("L")
            total = committed.size[0] * committed.size[1]
            equal = diff.histogram()[0] / total
            need = 0.97 if name.startswith("preview") else 0.995
            print("%-18s %dx%d, %.4f%% of pixels equal to the committed picture (need %.1f%%)"
                  % (name, committed.size[0], committed.size[1], 100 * equal, 100 * need))
            if equal < need:
                failures.append("%s: only %.2f%% of pixels as committed: remake it (assets/make_pictures.py) and "
                                "look at it" % (name, 100 * equal))
    return verdict("The documents' pictures:", failures)


if __name__ == "__main__":
    sys.exit(main())
