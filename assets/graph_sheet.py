#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes docs/graphs.md's sheet of example graphs with glnoise itself: each graph in
examples/graphs/ at 384x256 through a colormap, labelled with its file.

    /usr/bin/python3 assets/graph_sheet.py build/glnoise assets/graphs.png

Every tile is `glnoise bake --graph examples/graphs/NAME.json --size 384x256 --colormap MAP`
output, unchanged; Pillow only places and labels them.
"""
import os
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

from contact_sheet import bake_tile

HERE = os.path.dirname(os.path.abspath(__file__))
W, H = 384, 256
LABEL = 18
GAP = 8
GRAPHS = [("mountains", "terrain"), ("warped_cells", "none"), ("terraces", "terrain"), ("marble_veins", "marble"),
          ("warp_independent", "terrain"), ("warp_progressive", "terrain"), ("weathered_terraces", "terrain"),
          ("rough_and_smooth", "terrain"), ("smooth_and_rugged_ridges", "none")]


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    font = ImageFont.load_default()
    cols = 3
    rows = (len(GRAPHS) + cols - 1) // cols
    sheet = Image.new("RGB", (cols * W + (cols - 1) * GAP, rows * (H + LABEL) + (rows - 1) * GAP), (24, 24, 24))
    draw = ImageDraw.Draw(sheet)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "t.png")
        for i, (name, colormap) in enumerate(GRAPHS):
            x, y = (i % cols) * (W + GAP), (i // cols) * (H + LABEL + GAP)
            graph = os.path.join(HERE, "..", "examples", "graphs", name + ".json")
            draw.text((x + 4, y + 3), "examples/graphs/%s.json" % name, fill=(230, 230, 230), font=font)
            flags = {"--graph": graph, "--size": "%dx%d" % (W, H), "--colormap": colormap}
            sheet.paste(bake_tile(glnoise, flags, path), (x, y + LABEL))
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
