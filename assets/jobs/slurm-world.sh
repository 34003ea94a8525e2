#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A Slurm job array: task N bakes tile (N mod 16, N / 16) of a 16x16 world.
#   sbatch slurm-world.sh
#SBATCH --job-name=glnoise-world
#SBATCH --array=0-255%32
#SBATCH --gpus=1
#SBATCH --time=00:10:00
set -euo pipefail
i=$((SLURM_ARRAY_TASK_ID % 16))
j=$((SLURM_ARRAY_TASK_ID / 16))
glnoise bake --preset heightmap --seed 7 --tile "$i,$j" --tile-size 4096x4096 \
  --out "world/tile_${i}_${j}.png"
