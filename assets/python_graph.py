#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The graph picture in docs/python.md: fBm continents whose land rises inland into
# ridged mountains, built in code with glnoise's nodes and warped once, through matplotlib's
# terrain colormap. Needs glnoise and matplotlib:
#   python3 assets/python_graph.py assets/python-graph.png
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import glnoise  # noqa: E402
from glnoise import nodes as n  # noqa: E402

continents = glnoise.fbm(glnoise.opensimplex2(frequency=1 / 320), octaves=6, normalize=True)
mountains = glnoise.ridged(glnoise.opensimplex2(frequency=1 / 160, seed=7), octaves=6, normalize=True)
inland = continents.curve(points=[[0.0, 0.0], [0.4, 1.0]])        # 0 at the coast, 1 inland
land = continents + 0.8 * inland * mountains                     # mountains rise inland
drift = n.vector(glnoise.simplex(frequency=1 / 200), glnoise.simplex(frequency=1 / 200, seed=3))
graph = land.warp(drift, amount=12).graph(dims=2)

height = graph.bake((512, 768), backend="cpu")
plt.imsave(sys.argv[1] if len(sys.argv) > 1 else "graph.png", height, cmap="terrain", origin="lower",
           vmin=-0.36, vmax=1.3)                                  # the sea below 0
