#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes every built-in preset with glnoise itself, each at 512x512, shown at half size and named.

    python3 -m venv /tmp/sheet && /tmp/sheet/bin/pip install pillow
    /tmp/sheet/bin/python assets/presets_sheet.py build/glnoise assets/presets.png

Every image is `glnoise bake --preset NAME --size 512x512` output (the 16-bit heightmap shown
through its top 8 bits); Pillow only places and names them. The list is `glnoise bake --help`'s.
"""
import os
import subprocess
import sys
import re
import tempfile

from PIL import Image, ImageDraw

SHOWN = 256
COLUMNS = 4
LABEL = 18  # the strip under each picture that names it


def presets(glnoise):
    """The built-in presets, as `glnoise bake --help` lists them."""
    text = subprocess.run([glnoise, "bake", "--help"], check=True, capture_output=True, text=True).stdout
    line = re.search(r"--preset TEXT\s+start from a preset: (.*?), or a \.json file", text)
    return [name.strip() for name in line.group(1).split(",")]


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    names = presets(glnoise)
    rows = (len(names) + COLUMNS - 1) // COLUMNS
    sheet = Image.new("RGB", (SHOWN * COLUMNS, (SHOWN + LABEL) * rows), "white")
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(names):
            path = os.path.join(tmp, name + ".png")
            subprocess.run([glnoise, "bake", "--preset", name, "--size", "512x512", "--out", path],
                           check=True, stdout=subprocess.DEVNULL)
            image = Image.open(path)
            if image.mode == "I;16" or image.mode == "I":
                image = image.point(lambda v: v / 256).convert("L")
            tile = image.convert("RGB").resize((SHOWN, SHOWN), Image.LANCZOS)
            x, y = SHOWN * (i % COLUMNS), (SHOWN + LABEL) * (i // COLUMNS)
            sheet.paste(tile, (x, y))
            draw.text((x + 6, y + SHOWN + 3), name, fill="black")
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
