#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/engines.md's pictures, baked by glnoise itself:

    /usr/bin/python3 assets/engines_sheet.py build/glnoise heightmap assets/heightmap_hillshade.png
    /usr/bin/python3 assets/engines_sheet.py build/glnoise seamless assets/seamless.png

heightmap: the heightmap preset at 1025x1025 (.r16), lit from the north-west as a hillshade,
beside the same preset in 2D simplex noise over its typical range (the preset before 0.21.0),
whose creases run along the axes and whose flat summits show as white plateaus.
seamless: for each family of bases, one `--seamless` image repeated 3 x 3, so that any seam
would show as a line through the middle tile.

The heights and images are `glnoise bake` output; numpy only shades the heights (slope and
aspect against a light 45 degrees up), Pillow only places and names them.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageDraw

LABEL = 20
GAP = 8

HEIGHTMAP_SIZE = 1025
HEIGHTMAPS = [
    ("heightmap preset (0.21.0): OpenSimplex2, stated range",
     ["--preset", "heightmap"]),
    ("before: 2D simplex, typical range",
     ["--preset", "heightmap", "--basis", "simplex", "--range", "typical"]),
]

TILE = 128
SEAMLESS = [
    ("perlin", ["--basis", "perlin", "--octaves", "4"]),
    ("value", ["--basis", "value", "--octaves", "4"]),
    ("simplex", ["--basis", "simplex", "--octaves", "4"]),
    ("opensimplex2", ["--basis", "opensimplex2", "--octaves", "4"]),
    ("cellular", ["--basis", "cellular", "--octaves", "2"]),
]


def bake(glnoise, out, *flags):
    subprocess.run([glnoise, "bake", *flags, "--backend", "cpu", "--out", out], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def hillshade(heights, relief):
    """Lambert shading of a height field (rows down the image) lit from the north-west."""
    gy, gx = np.gradient(heights * relief)
    light = np.array([-1.0, -1.0, 1.4])
    light /= np.linalg.norm(light)
    normal = np.stack([-gx, -gy, np.ones_like(gx)], axis=-1)
    normal /= np.linalg.norm(normal, axis=-1, keepdims=True)
    shade = np.clip(normal @ light, 0, 1)
    return Image.fromarray((shade * 255).round().astype(np.uint8))


def heightmap(glnoise, out):
    shown = HEIGHTMAP_SIZE // 2
    sheet = Image.new("RGB", (len(HEIGHTMAPS) * shown + (len(HEIGHTMAPS) - 1) * GAP, shown + LABEL), "white")
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        for i, (label, flags) in enumerate(HEIGHTMAPS):
            path = os.path.join(tmp, "h%d.r16" % i)
            bake(glnoise, path, "--size", "%dx%d" % (HEIGHTMAP_SIZE, HEIGHTMAP_SIZE), *flags)
            levels = np.fromfile(path, dtype="<u2").reshape(HEIGHTMAP_SIZE, HEIGHTMAP_SIZE)
            # 0..65535 as 0..120 texels of height: mountains about a tenth as high as wide.
            picture = hillshade(levels.astype(np.float64) / 65535.0, 120.0)
            x = i * (shown + GAP)
            sheet.paste(picture.resize((shown, shown), Image.LANCZOS).convert("RGB"), (x, 0))
            draw.text((x + 4, shown + 4), label, fill="black")
    sheet.save(out)


def seamless(glnoise, out):
    block = 3 * TILE
    sheet = Image.new("RGB", (len(SEAMLESS) * block + (len(SEAMLESS) - 1) * GAP, block + LABEL), "white")
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        for i, (label, flags) in enumerate(SEAMLESS):
            path = os.path.join(tmp, label + ".png")
            bake(glnoise, path, "--size", "%dx%d" % (TILE, TILE), "--seamless",
                 "--frequency", "0.03125", "--rotate", *flags)
            tile = Image.open(path).convert("RGB")
            x = i * (block + GAP)
            for row in range(3):
                for col in range(3):
                    sheet.paste(tile, (x + col * TILE, row * TILE))
            draw.text((x + 4, block + 4), label + ", 3 x 3", fill="black")
    sheet.save(out)


def main():
    glnoise, which, out = sys.argv[1], sys.argv[2], sys.argv[3]
    {"heightmap": heightmap, "seamless": seamless}[which](glnoise, out)


if __name__ == "__main__":
    main()
