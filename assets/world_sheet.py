#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes docs/noise.md's world map before and after the world hash with glnoise itself: the
terrain preset of 0.41.0's fBm (without its turned octaves, so that all of it repeats) at the origin
and 256 of its lowest octave's cells (40,960 texels) east, with Ken Perlin's hash and with
--world-hash, labelled.

    /usr/bin/python3 assets/world_sheet.py build/glnoise assets/world.png

Every map is `glnoise bake` output, unchanged; Pillow only places and labels them.
"""
import os
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

from contact_sheet import bake_tile

W, H = 384, 256
LABEL = 20
GAP = 8
MARGIN = 150
PLACES = [("x = 0", "0,0"), ("x = 40,960 (256 cells east)", "40960,0")]
ROWS = [("Ken Perlin's hash:", {}), ("--world-hash:", {"--world-hash": None})]
NOTES = ["the same continents", "other continents"]


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    font = ImageFont.load_default()
    sheet = Image.new("RGB", (MARGIN + len(PLACES) * (W + GAP), LABEL + len(ROWS) * (H + GAP)), (24, 24, 24))
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.png")
        for c, (label, _) in enumerate(PLACES):
            draw.text((MARGIN + c * (W + GAP) + 4, 5), label, fill=(230, 230, 230), font=font)
        for r, (label, extra) in enumerate(ROWS):
            y = LABEL + r * (H + GAP)
            draw.text((6, y + H // 2 - 12), label, fill=(230, 230, 230), font=font)
            draw.text((6, y + H // 2 + 2), NOTES[r], fill=(230, 230, 230), font=font)
            for c, (_, offset) in enumerate(PLACES):
                flags = {"--size": "%dx%d" % (W, H), "--octaves": "7", "--frequency": "0.00625", "--normalize": None,
                         "--colormap": "terrain", "--range": "-0.47,0.4", "--offset": offset, **extra}
                sheet.paste(bake_tile(glnoise, flags, path), (MARGIN + c * (W + GAP), y))
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
