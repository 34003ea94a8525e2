#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes the README's rows of presets with glnoise itself, each at 512x512, shown at half size.

    python3 -m venv /tmp/sheet && /tmp/sheet/bin/pip install pillow
    /tmp/sheet/bin/python assets/presets_sheet.py build/glnoise assets/presets.png

Every image is `glnoise bake --preset NAME --size 512x512` output; Pillow only places them.
"""
import os
import subprocess
import sys
import tempfile

from PIL import Image

PRESETS = ["terrain", "clouds", "marble", "wood", "fire", "stone", "cells", "cracks"]
SHOWN = 256
COLUMNS = 4


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    rows = (len(PRESETS) + COLUMNS - 1) // COLUMNS
    sheet = Image.new("RGB", (SHOWN * COLUMNS, SHOWN * rows))
    with tempfile.TemporaryDirectory() as tmp:
        for i, name in enumerate(PRESETS):
            path = os.path.join(tmp, name + ".png")
            subprocess.run([glnoise, "bake", "--preset", name, "--size", "512x512", "--out", path],
                           check=True, stdout=subprocess.DEVNULL)
            tile = Image.open(path).convert("RGB").resize((SHOWN, SHOWN), Image.LANCZOS)
            sheet.paste(tile, (SHOWN * (i % COLUMNS), SHOWN * (i // COLUMNS)))
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
