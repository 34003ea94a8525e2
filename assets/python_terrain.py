#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The picture in docs/python.md: 8 octaves of rotated fBm through matplotlib's terrain
# colormap. Needs glnoise and matplotlib:
#   python3 assets/python_terrain.py assets/python-terrain.png
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import glnoise  # noqa: E402

terrain = glnoise.Noise(octaves=8, frequency=1 / 256, normalize=True, rotate=True)
height = terrain.bake((512, 768), backend="cpu")       # float32, (height, width), y = 0 first
lo, hi = terrain.typical_range()                         # where 99.8% of its values lie
plt.imsave(sys.argv[1] if len(sys.argv) > 1 else "terrain.png", height, cmap="terrain", origin="lower",
           vmin=lo, vmax=hi)
