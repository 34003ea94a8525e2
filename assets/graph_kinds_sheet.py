#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes docs/graphs.md's sheet of every node kind with glnoise itself: one tile per kind of
src/graph/kinds.def, in its order, each a small graph whose output is a node of that kind
over the same inputs, labelled with the kind.

    /usr/bin/python3 assets/graph_kinds_sheet.py build/glnoise assets/graph_kinds.png

The inputs are an fBm of Perlin noise (f), Worley's F1 (c) and simplex noise (s), at
frequencies that show a few cells across a 160-texel tile. Every tile is `glnoise bake
--graph` output at 160x160, mapped from its typical range (the constant's from -1 to 1),
unchanged; Pillow only places and labels them. A kind without
an example here stops the script naming it, so that a new kind joins the sheet.
"""
import os
import re
import sys

from contact_sheet import graph_grid

HERE = os.path.dirname(os.path.abspath(__file__))
W = H = 160
LABEL = 16
GAP = 6
COLS = 7

INPUTS = {
    "b": {"kind": "basis", "frequency": 1 / 48},
    "f": {"kind": "fractal", "source": "b", "octaves": 4, "normalize": True},
    "c": {"kind": "basis", "basis": "cellular", "frequency": 1 / 40},
    "s": {"kind": "basis", "basis": "simplex", "frequency": 1 / 64},
}

# The node each tile shows.
EXAMPLES = {
    "constant": {"kind": "constant", "value": 0.25},
    "basis": {"kind": "basis", "basis": "opensimplex2s", "frequency": 1 / 40},
    "white": {"kind": "white", "frequency": 1 / 12},
    "position": {"kind": "position", "axis": "x"},
    "ramp": {"kind": "ramp", "axis": "y", "from": 0, "to": 160},
    "distance": {"kind": "distance", "center": [80, 80]},
    "checkerboard": {"kind": "checkerboard", "frequency": 1 / 20},
    "sine_wave": {"kind": "sine_wave", "frequency": 1 / 40, "axis": "every"},
    "fractal": {"kind": "fractal", "type": "ridged", "source": "b", "octaves": 5, "normalize": True},
    "scale": {"kind": "scale", "source": "f", "by": [3, 0.5]},
    "offset": {"kind": "offset", "source": "f", "by": [40, 0]},
    "rotate": {"kind": "rotate", "source": "c", "degrees": 30},
    "warp": {"kind": "warp", "source": "c", "by": "v", "amount": 24},
    "seed": {"kind": "seed", "source": "f", "seed": 7},
    "cellular_lookup": {"kind": "cellular_lookup", "source": "f", "frequency": 1 / 16},
    "add_dimension": {"kind": "add_dimension", "source": "c", "at": "k"},
    "remove_dimension": {"kind": "remove_dimension", "source": "f", "axis": "y"},
    "vector": None,  # a warp's displacement: shown by warp
    "add": {"kind": "add", "a": "f", "b": "s"},
    "subtract": {"kind": "subtract", "a": "f", "b": "c"},
    "multiply": {"kind": "multiply", "a": "f", "b": "s"},
    "divide": {"kind": "divide", "a": "f", "b": "s", "min_divisor": 0.25},
    "min": {"kind": "min", "a": "f", "b": "s"},
    "max": {"kind": "max", "a": "f", "b": "s"},
    "smooth_min": {"kind": "smooth_min", "a": "f", "b": "s", "smoothness": 0.4},
    "smooth_max": {"kind": "smooth_max", "a": "f", "b": "s", "smoothness": 0.4},
    "mix": {"kind": "mix", "a": "f", "b": "c", "mask": "m"},
    "select": {"kind": "select", "a": "f", "b": "c", "mask": "s", "threshold": 0, "smoothness": 0.15},
    "pow": {"kind": "pow", "source": "f", "exponent": 0.5},
    "remap": {"kind": "remap", "source": "f", "from_min": -0.2, "from_max": 0.2},
    "clamp": {"kind": "clamp", "source": "f", "min": -0.2, "max": 0.3},
    "abs": {"kind": "abs", "source": "f"},
    "invert": {"kind": "invert", "source": "c"},
    "curve": {"kind": "curve", "source": "f", "points": [[-0.6, -1], [-0.1, 0.6], [0.1, -0.6], [0.6, 1]]},
    "terrace": {"kind": "terrace", "source": "f", "steps": 5, "smoothness": 0.3},
    "ping_pong": {"kind": "ping_pong", "source": "f", "strength": 4},
    "modulus": {"kind": "modulus", "source": "f", "divisor": 0.25},
    "step": {"kind": "step", "source": "f", "threshold": 0.05, "smoothness": 0.1},
    "marble": {"kind": "marble", "source": "f", "frequency": 0.12, "pattern_scale": 4},
    "wood": {"kind": "wood", "source": "f", "frequency": 0.4, "pattern_scale": 2},
}
# Tiles mapped from a range of their own: a constant's typical range is its value alone.
RANGES = {"constant": "-1,1"}


def kinds():
    """The kind names of src/graph/kinds.def, in its order."""
    with open(os.path.join(HERE, "..", "src", "graph", "kinds.def"), encoding="utf-8") as f:
        return re.findall(r'^GLN_GRAPH_KIND\(\s*\w+\s*,\s*"([a-z0-9_]+)"', f.read(), re.M)


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    names = kinds()
    missing = [k for k in names if k not in EXAMPLES]
    if missing:
        sys.exit("graph_kinds_sheet.py: no example for the kind(s) %s; add one to EXAMPLES" % ", ".join(missing))
    tiles = []
    for name in (k for k in names if EXAMPLES[k]):
        nodes = dict(INPUTS)
        nodes["v"] = {"kind": "vector", "x": "s", "y": "f"}
        nodes["m"] = {"kind": "remap", "source": "s", "from_min": -0.3, "from_max": 0.3}
        nodes["k"] = {"kind": "multiply", "a": "s", "b": 40}  # a coordinate across 80 units
        nodes["out"] = EXAMPLES[name]
        graph = {"glnoise_graph": 2, "dims": 2, "out": "out", "nodes": nodes}
        tiles.append((name, graph, {"--range": RANGES[name]} if name in RANGES else {}))
    graph_grid(glnoise, tiles, COLS, W, H, LABEL, GAP, out)


if __name__ == "__main__":
    main()
