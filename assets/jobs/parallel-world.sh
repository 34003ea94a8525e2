#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Bakes a 16x16 world of 4096x4096 16-bit heightmap tiles on one machine, one bake per
# core at a time (GNU parallel). Every tile is independent: rerun to redo missing ones.
set -euo pipefail
mkdir -p world
parallel --jobs "$(nproc)" --halt now,fail=1 \
  glnoise bake --preset heightmap --seed 7 --tile {1},{2} --tile-size 4096x4096 \
  --out world/tile_{1}_{2}.png ::: $(seq 0 15) ::: $(seq 0 15)
