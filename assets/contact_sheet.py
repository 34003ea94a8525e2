#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes the README's contact sheet with glnoise itself: one tile per basis x fractal,
labelled, plus rows of tileable, warped, patterned and normal-mapped examples.

    python3 -m venv /tmp/sheet && /tmp/sheet/bin/pip install pillow
    /tmp/sheet/bin/python assets/contact_sheet.py build/glnoise assets/contact_sheet.png

Every tile is `glnoise bake` output, unchanged; Pillow only places and labels them.
"""
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

TILE = 160
LABEL = 18
BASES = ["perlin", "classic", "value", "perlin-value", "simplex", "opensimplex2", "opensimplex2s", "psrdnoise", "cellular"]
FRACTALS = ["fbm", "turbulence", "billow", "ridged"]
EXTRAS = [
    ("period 4,4 (2x2 copies)", {"--period": "4,4", "--frequency": "0.05", "--octaves": "4", "--size": "80x80"}),
    ("warp 1.5, depth 2", {"--warp-amount": "1.5", "--warp-depth": "2", "--frequency": "0.012", "--rotate": None}),
    ("marble", {"--pattern": "marble", "--frequency": "0.12", "--pattern-scale": "2", "--octaves": "3"}),
    ("wood", {"--pattern": "wood", "--octaves": "2", "--offset": "-80,-80", "--frequency": "0.2", "--pattern-scale": "1.5"}),
    ("clouds", {"--pattern": "clouds", "--octaves": "6", "--frequency": "0.01"}),
    ("clouds --rotate", {"--pattern": "clouds", "--octaves": "6", "--frequency": "0.01", "--rotate": None}),
    ("normal map (simplex fbm)", {"--basis": "simplex", "--output": "normal", "--height-scale": "6"}),
    ("psrdnoise period 4,4 (2x2)", {"--basis": "psrdnoise", "--period": "4,4", "--frequency": "0.05", "--octaves": "4",
                                    "--size": "80x80"}),
]


def bake_tile(glnoise, flags, path):
    """`glnoise bake` with flags {"--flag": "value", or None for a flag without one}, as RGB."""
    cmd = [glnoise, "bake", "--out", path]
    for k, v in flags.items():
        cmd += [k] if v is None else ["%s=%s" % (k, v)]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return Image.open(path).convert("RGB")


def graph_grid(glnoise, tiles, cols, w, h, label_height, gap, out):
    """A sheet of `glnoise bake --graph` tiles, `cols` across: tiles is [(label, graph, flags)],
    each graph a dict baked at w x h with its flags, its label above it."""
    rows = (len(tiles) + cols - 1) // cols
    font = ImageFont.load_default()
    sheet = Image.new("RGB", (cols * w + (cols - 1) * gap, rows * (h + label_height) + (rows - 1) * gap), (24, 24, 24))
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        path, graph = os.path.join(tmp, "t.png"), os.path.join(tmp, "g.json")
        for i, (label, nodes, extra) in enumerate(tiles):
            with open(graph, "w", encoding="utf-8") as f:
                json.dump(nodes, f)
            x, y = (i % cols) * (w + gap), (i // cols) * (h + label_height + gap)
            draw.text((x + 4, y + 2), label, fill=(230, 230, 230), font=font)
            flags = {"--graph": graph, "--size": "%dx%d" % (w, h), **extra}
            sheet.paste(bake_tile(glnoise, flags, path), (x, y + label_height))
    sheet.save(out, optimize=True)


def bake(glnoise, extra, path):
    flags = {"--normalize": None, "--size": "%dx%d" % (TILE, TILE), "--frequency": "0.03", "--octaves": "5"}
    return bake_tile(glnoise, {**flags, **extra}, path)


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    font = ImageFont.load_default()
    cols = len(FRACTALS)
    extra_rows = (len(EXTRAS) + cols - 1) // cols
    rows = len(BASES) + extra_rows
    sheet = Image.new("RGB", (cols * TILE + 110, rows * (TILE + LABEL)), (24, 24, 24))
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        for r, basis in enumerate(BASES):
            draw.text((6, r * (TILE + LABEL) + TILE // 2), basis, fill=(230, 230, 230), font=font)
            for c, fractal in enumerate(FRACTALS):
                img = bake(glnoise, {"--basis": basis, "--fractal": fractal}, os.path.join(tmp, "t.png"))
                x, y = 110 + c * TILE, r * (TILE + LABEL)
                sheet.paste(img, (x, y + LABEL))
                draw.text((x + 4, y + 3), fractal, fill=(230, 230, 230), font=font)
        draw.text((6, len(BASES) * (TILE + LABEL) + TILE // 2), "and", fill=(230, 230, 230), font=font)
        for i, (label, args) in enumerate(EXTRAS):
            img = bake(glnoise, args, os.path.join(tmp, "t.png"))
            if img.width < TILE:  # a tile: show 2x2 copies to make the seams visible if any
                tiled = Image.new("RGB", (TILE, TILE))
                for a in range(2):
                    for b in range(2):
                        tiled.paste(img, (a * img.width, b * img.height))
                img = tiled
            r, c = len(BASES) + i // cols, i % cols
            x, y = 110 + c * TILE, r * (TILE + LABEL)
            sheet.paste(img, (x, y + LABEL))
            draw.text((x + 4, y + 3), label, fill=(230, 230, 230), font=font)
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
