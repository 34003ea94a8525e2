#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Bakes docs/erosion.md's pictures with glnoise itself: fBm mountains before and after
`glnoise erode`, as hillshades, and the masks it writes (flow accumulation, water, slope).

    /usr/bin/python3 assets/erosion_sheet.py build/glnoise assets/erosion.png

The heights are `glnoise bake --size 512x512 --basis opensimplex2 --fractal fbm --octaves 7
--frequency 0.004 --normalize --rotate --out h.r32` and the erosion `glnoise erode --in
h.r32 --iterations 400 --cell-size 4 --height-scale 70 --backend cpu` with
its --flow, --water, --slope and --curvature maps as .r32; numpy lights and scales them,
Pillow places and names them.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageDraw

SIZE = 512
SHOWN = 320
GAP = 8
LABEL = 20
BAKE = ["--size", "%dx%d" % (SIZE, SIZE), "--basis", "opensimplex2", "--fractal", "fbm", "--octaves", "7",
        "--frequency", "0.004", "--normalize", "--rotate"]
CELL, HEIGHT = 4.0, 70.0
ERODE = ["--iterations", "400", "--cell-size", str(CELL), "--height-scale", str(HEIGHT), "--backend", "cpu"]


def hillshade(metres):
    """Lambert shading of a height field in metres (rows down the image) lit from the north-west."""
    gy, gx = np.gradient(metres, CELL)
    light = np.array([-1.0, -1.0, 1.2])
    light /= np.linalg.norm(light)
    normal = np.stack([-gx, -gy, np.ones_like(gx)], axis=-1)
    normal /= np.linalg.norm(normal, axis=-1, keepdims=True)
    return np.clip(normal @ light, 0, 1)


def ramp(values, low, high):
    """values over [low, high] through a dark-blue-to-white ramp, as 8-bit RGB."""
    t = np.clip((values - low) / (high - low), 0, 1)[..., None]
    stops = np.array([[8, 16, 40], [30, 90, 170], [120, 200, 240], [255, 255, 255]], dtype=np.float64)
    at = t * (len(stops) - 1)
    k = np.minimum(at.astype(int), len(stops) - 2)
    f = at - k
    return (stops[k[..., 0]] * (1 - f) + stops[k[..., 0] + 1] * f).astype(np.uint8)


def read(path):
    return np.fromfile(path, dtype="<f4").reshape(SIZE, SIZE).astype(np.float64)


def main():
    glnoise, out = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        p = lambda name: os.path.join(tmp, name)
        subprocess.run([glnoise, "bake", *BAKE, "--out", p("h.r32")], check=True, stdout=subprocess.DEVNULL)
        subprocess.run([glnoise, "erode", "--in", p("h.r32"), "--out", p("e.r32"), *ERODE, "--flow", p("flow.r32"),
                        "--water", p("water.r32"), "--slope", p("slope.r32"), "--curvature", p("curvature.r32")], check=True, stdout=subprocess.DEVNULL)
        before, after = read(p("h.r32")) * HEIGHT, read(p("e.r32")) * HEIGHT
        flow, water, slope = read(p("flow.r32")), read(p("water.r32")), read(p("slope.r32"))
        curvature = read(p("curvature.r32"))
    shade = lambda m: Image.fromarray((hillshade(m) * 255).round().astype(np.uint8)).convert("RGB")
    panels = [
        ("before: fBm of OpenSimplex2, 7 octaves", shade(before)),
        ("after 400 iterations of glnoise erode", shade(after)),
        ("--flow: cells draining through each (log)", Image.fromarray(ramp(np.log10(flow), 0.0, 3.5))),
        ("--water: depth at the end", Image.fromarray(ramp(water, 0.0, np.percentile(water, 99.5)))),
        ("--slope: degrees, 0 to 60", Image.fromarray(ramp(slope, 0.0, 60.0))),
        ("--curvature: channels light, ridges dark", Image.fromarray(ramp(curvature, -np.percentile(np.abs(curvature), 99),
                                                                          np.percentile(np.abs(curvature), 99)))),
    ]
    columns = 3
    rows = (len(panels) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * SHOWN + (columns - 1) * GAP, rows * (SHOWN + LABEL)), "white")
    draw = ImageDraw.Draw(sheet)
    for i, (label, image) in enumerate(panels):
        x, y = (i % columns) * (SHOWN + GAP), (i // columns) * (SHOWN + LABEL)
        sheet.paste(image.resize((SHOWN, SHOWN), Image.LANCZOS), (x, y))
        draw.text((x + 4, y + SHOWN + 4), label, fill="black")
    sheet.save(out, optimize=True)


if __name__ == "__main__":
    main()
