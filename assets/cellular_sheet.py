#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes docs/noise.md's picture of cellular noise with glnoise itself: every return under
every distance (one octave; Minkowski's with exponent 4), then jitters, other exponents and
fractals over it, labelled.

    /usr/bin/python3 assets/cellular_sheet.py build/glnoise assets/cellular.png

Every tile is `glnoise bake --basis cellular` output, unchanged; Pillow only places and
labels them.
"""
import os
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

from contact_sheet import bake_tile

TILE = 160
LABEL = 18
MARGIN = 90
RETURNS = ["f1", "f2", "f2-f1", "cell-value", "f1+f2", "f1*f2", "f1/f2", "f3", "f4", "smooth-f1"]
DISTANCES = [(d, {"--cell-distance": d}) for d in ("euclidean", "euclidean-squared", "manhattan", "chebyshev")] + [
    ("minkowski, exponent 4", {"--cell-distance": "minkowski", "--cell-exponent": "4"})]
EXTRAS = [
    ("edge", {"--cell-return": "edge"}),
    ("n-sphere-radius", {"--cell-return": "n-sphere-radius"}),
    ("f1, jitter 0.5", {"--cell-jitter": "0.5"}),
    ("f4, jitter 0.5", {"--cell-return": "f4", "--cell-jitter": "0.5"}),
    ("f2-f1 ridged, 4 oct", {"--cell-return": "f2-f1", "--fractal": "ridged", "--octaves": "4", "--normalize": None}),
    ("f1 fbm, 5 oct", {"--octaves": "5", "--normalize": None}),
    ("f1/f2 fbm, 4 oct", {"--cell-return": "f1/f2", "--octaves": "4", "--normalize": None}),
    ("f3 billow, 3 oct", {"--cell-return": "f3", "--fractal": "billow", "--octaves": "3", "--normalize": None}),
    ("f1 minkowski 1.5", {"--cell-distance": "minkowski", "--cell-exponent": "1.5"}),
    ("f2-f1 minkowski 8", {"--cell-return": "f2-f1", "--cell-distance": "minkowski", "--cell-exponent": "8"}),
    ("smooth-f1 0.25", {"--cell-return": "smooth-f1", "--cell-smoothness": "0.25"}),
    ("smooth-f1 0.03", {"--cell-return": "smooth-f1", "--cell-smoothness": "0.03"}),
]


def bake(glnoise, extra, path):
    flags = {"--size": "%dx%d" % (TILE, TILE), "--frequency": "0.04", "--basis": "cellular"}
    return bake_tile(glnoise, {**flags, **extra}, path)


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    font = ImageFont.load_default()
    cols = len(DISTANCES)
    extra_rows = (len(EXTRAS) + cols - 1) // cols
    rows = len(RETURNS) + extra_rows
    sheet = Image.new("RGB", (cols * TILE + MARGIN, rows * (TILE + LABEL)), (24, 24, 24))
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.png")
        for r, ret in enumerate(RETURNS):
            draw.text((6, r * (TILE + LABEL) + TILE // 2), ret, fill=(230, 230, 230), font=font)
            for c, (distance, flags) in enumerate(DISTANCES):
                img = bake(glnoise, {"--cell-return": ret, **flags}, path)
                x, y = MARGIN + c * TILE, r * (TILE + LABEL)
                sheet.paste(img, (x, y + LABEL))
                if r == 0:
                    draw.text((x + 4, y + 3), distance, fill=(230, 230, 230), font=font)
        for k, (label, args) in enumerate(EXTRAS):
            r, c = len(RETURNS) + k // cols, k % cols
            if c == 0:
                draw.text((6, r * (TILE + LABEL) + TILE // 2), "and", fill=(230, 230, 230), font=font)
            img = bake(glnoise, args, path)
            x, y = MARGIN + c * TILE, r * (TILE + LABEL)
            sheet.paste(img, (x, y + LABEL))
            draw.text((x + 4, y + 3), label, fill=(230, 230, 230), font=font)
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
