#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draws glnoise's layout: its folders as boxes in layers, front-ends on top, and an arrow
from a folder to each folder whose headers its sources include, read from the sources
themselves (so the picture cannot drift from the code). Dashed arrows are what the build
does rather than an #include: the translator reads the GLSL library and writes the
mirror's constants, and the shaders are compiled into glnoise.

    /usr/bin/python3 assets/layout.py OUT.png      # python3-matplotlib

Every folder also includes the public headers (include/glnoise/); those arrows are left
out, and the box says so.
"""
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# folder -> (x, y) of its box's centre, and its two lines of text. Layers from the top:
# the front-ends, the app layer, what runs noise (GPU, GLSL assembly, CPU), the math.
BOXES = {
    "cli": ((1.6, 5.0), "src/cli", "glnoise (the command)"),
    "preview": ((4.5, 5.0), "src/preview", "glnoise-preview"),
    "python": ((7.4, 5.0), "src/python", "the Python module"),
    "app": ((4.5, 3.9), "src/app", "bake, tiles, check, write, presets"),
    "gpu": ((1.6, 2.8), "src/gpu", "GL, generator, tile stream"),
    "core": ((4.5, 2.8), "src/core", "spec, reference, SIMD, files"),
    "glsl": ((7.4, 2.8), "src/glsl", "the library, its ports"),
    "graph": ((1.6, 1.7), "src/graph", "noise graphs: kinds, plan, twin"),
    "mirror": ((3.05, 0.6), "src/mirror", "the C++ twins of the GLSL"),
    "shaders": ((5.95, 1.7), "shaders", "the GLSL library and kernels"),
    "port": ((7.4, 0.6), "src/port", "the translator, at build time"),
}
PUBLIC = ((4.5, -0.45), "include/glnoise", "the public API: every folder above includes it")
# What the build does between folders, beyond #include: (from, to, what).
BUILD = [("port", "shaders", "reads"), ("port", "mirror", "constants"), ("gpu", "shaders", "compiles"),
         ("glsl", "shaders", "embeds")]
WIDTH, HEIGHT = 2.5, 0.72


def folder_of(path):
    """The layout's folder a source path belongs to, or None."""
    parts = path.split(os.sep)
    if parts[0] == "src" and len(parts) > 1 and parts[1] in BOXES:
        return parts[1]
    return None


def include_edges():
    """(from, to) for each pair of folders where a source of the first includes a header
    of the second ("app/bake.hpp", "mirror/fractal.hpp"), counted."""
    edges = {}
    include = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')
    for top in ("src",):
        for dirpath, _, files in os.walk(os.path.join(ROOT, top)):
            for name in files:
                if not name.endswith((".cpp", ".hpp", ".h", ".def")):
                    continue
                path = os.path.join(dirpath, name)
                source = folder_of(os.path.relpath(path, ROOT))
                if not source:
                    continue
                with open(path, encoding="utf-8") as f:
                    for line in f:
                        m = include.match(line)
                        if m and m.group(1) in BOXES and m.group(1) != source:
                            edges[(source, m.group(1))] = edges.get((source, m.group(1)), 0) + 1
    return edges


def box(ax, centre, title, subtitle, colour):
    x, y = centre
    ax.add_patch(FancyBboxPatch((x - WIDTH / 2, y - HEIGHT / 2), WIDTH, HEIGHT, boxstyle="round,pad=0.03",
                                facecolor=colour, edgecolor="#404048", linewidth=1.2))
    ax.text(x, y + 0.12, title, ha="center", va="center", fontsize=11, fontweight="bold", color="#202028")
    ax.text(x, y - 0.15, subtitle, ha="center", va="center", fontsize=8.5, color="#303038")


def anchor(a, b):
    """Where an arrow from box a to box b leaves a and enters b, and how it bends: the
    facing edges; under the box between for boxes in one layer with one between them."""
    (ax_, ay), (bx, by) = BOXES[a][0], BOXES[b][0]
    if abs(ay - by) < 0.01 and abs(bx - ax_) > WIDTH * 1.5:  # a box between: under it
        sx = 1 if bx > ax_ else -1
        return ((ax_ + sx * 0.5, ay - HEIGHT / 2), (bx - sx * 0.5, by - HEIGHT / 2),
                "arc3,rad=%g" % (0.09 * sx))
    if abs(ay - by) < 0.01:  # side by side
        sx = 1 if bx > ax_ else -1
        return (ax_ + sx * WIDTH / 2, ay), (bx - sx * WIDTH / 2, by), "arc3,rad=0"
    sy = 1 if by > ay else -1
    return ((ax_ + (bx - ax_) * 0.15, ay + sy * HEIGHT / 2), (bx - (bx - ax_) * 0.15, by - sy * HEIGHT / 2),
            "arc3,rad=0.06")


def main():
    out = sys.argv[1]
    edges = include_edges()
    fig, ax = plt.subplots(figsize=(10, 6.4), dpi=100)
    ax.set_xlim(0, 9)
    ax.set_ylim(-0.95, 5.6)
    ax.axis("off")
    colours = {"graph": "#b8d3ea", "cli": "#f3d9a4", "preview": "#f3d9a4", "python": "#f3d9a4", "app": "#c9e0b4",
               "gpu": "#b8d3ea", "glsl": "#b8d3ea", "core": "#b8d3ea", "shaders": "#e2c7e6", "port": "#e2c7e6",
               "mirror": "#e2c7e6"}
    for name, (centre, title, subtitle) in BOXES.items():
        box(ax, centre, title, subtitle, colours[name])
    box(ax, PUBLIC[0], PUBLIC[1], PUBLIC[2], "#e8e8ea")
    for (a, b), count in sorted(edges.items()):
        start, end, bend = anchor(a, b)
        if (b, a) in edges:  # both ways: side by side
            shift = 0.3 if a < b else -0.3
            start, end = (start[0] + shift, start[1]), (end[0] + shift, end[1])
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=12, color="#404048",
                                     linewidth=0.8 + 0.25 * min(count, 8), connectionstyle=bend))
    for a, b, what in BUILD:
        start, end, bend = anchor(a, b)
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=12, color="#8a4f96",
                                     linewidth=1.0, linestyle=(0, (4, 3)), connectionstyle=bend))
        # The label at the curve's middle: halfway to arc3's control point.
        rad = float(bend.split("=")[1])
        dx, dy = end[0] - start[0], end[1] - start[1]
        mx, my = (start[0] + end[0]) / 2 + rad * dy / 2, (start[1] + end[1]) / 2 - rad * dx / 2
        ax.text(mx, my, what, ha="center", va="center", fontsize=8, color="#8a4f96", backgroundcolor="white")
    ax.text(0.05, 5.5, "an arrow: the folder's sources include the other's headers (thicker: more of them); "
            "dashed: the build", fontsize=8.5, color="#303038", va="center")
    fig.savefig(out, facecolor="white")


if __name__ == "__main__":
    main()
