#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes docs/graphs.md's sheet of the fractal kind's types with glnoise itself: one tile per
type of the `fractal` node's `type` field, then fbm and ridged with a weighted strength,
each one fractal node over the same Perlin basis, labelled with its type.

    /usr/bin/python3 assets/graph_fractals_sheet.py build/glnoise assets/graph_fractals.png

Every tile is `glnoise bake --graph` output at 224x224 with the terrain colormap, mapped
from its typical range, unchanged; Pillow only places and labels them. The types are read
from glnoise's own list of them (its error for an unknown type), so a new type joins the sheet.
"""
import json
import os
import subprocess
import sys
import tempfile

from contact_sheet import graph_grid

W = H = 224
LABEL = 16
GAP = 6
COLS = 3

BASIS = {"kind": "basis", "basis": "perlin", "frequency": 1 / 96}
# What every tile's fractal shares: 5.5 octaves (the sixth at half), Musgrave's offset.
COMMON = {"kind": "fractal", "source": "b", "octaves": 5.5, "gain": 0.5, "ridge_offset": 0.8}
WEIGHTED = [("fbm", 0.6), ("ridged", 0.6)]


def types(glnoise):
    """The fractal types, as the kind's own error lists them."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "g.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"glnoise_graph": 2, "out": "f", "nodes": {"b": BASIS, "f": dict(COMMON, type="?")}}, f)
        r = subprocess.run([glnoise, "bake", "--graph", path, "--size", "8x8", "--out", os.path.join(tmp, "t.png")],
                           capture_output=True, text=True)
    allowed = r.stderr.split("allowed: ", 1)[1].splitlines()[0]
    return [t.strip() for t in allowed.split(",")]


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    tiles = []
    for name, strength in [(t, None) for t in types(glnoise)] + WEIGHTED:
        fractal = dict(COMMON, type=name)
        label = name
        if strength is not None:
            fractal["weighted_strength"] = strength
            label = "%s, weighted %g" % (name, strength)
        graph = {"glnoise_graph": 2, "dims": 2, "out": "f", "nodes": {"b": BASIS, "f": fractal}}
        tiles.append((label, graph, {"--colormap": "terrain"}))
    graph_grid(glnoise, tiles, COLS, W, H, LABEL, GAP, out)


if __name__ == "__main__":
    main()
