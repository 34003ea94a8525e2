#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turns glnoise_bake_bench's JSON into the bake chart of docs/performance.md: Mtexel/s end
to end per format, one bar per backend and thread count, the part spent converting and
encoding hatched, the machine and renderer in the title.

    GLNOISE_BENCH_SIZE=4096 ./build/tests/bench/glnoise_bake_bench --benchmark_filter=octaves1/ \\
        --benchmark_out=bake.json --benchmark_out_format=json
    /usr/bin/python3 tests/bench/bake_chart.py bake.json assets/bench_bake.png   # python3-matplotlib
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bench_json import measured  # noqa: E402

FORMATS = [("r32", ".r32"), ("r16", ".r16"), ("exr", ".exr"), ("png8", ".png 8-bit"), ("png16", ".png 16-bit"),
           ("png_terrain", ".png terrain")]


def main():
    source, out = sys.argv[1], sys.argv[2]
    runs = {}
    ctx, benchmarks = measured(source, "Mtexel/s")
    for b in benchmarks:
        # bake/SIZE/octavesN/FORMAT/BACKEND/threadsN
        _, size, octaves, fmt, backend, threads = b["name"].split("/")[:6]
        runs[(octaves, fmt, backend, threads)] = b
    octaves = sorted({k[0] for k in runs})[0]
    series = sorted({(k[2], k[3]) for k in runs if k[0] == octaves}, key=lambda s: (s[0] != "gpu", s[1]))
    fig, ax = plt.subplots(figsize=(11, 5.2))
    width = 0.8 / len(series)
    for i, (backend, threads) in enumerate(series):
        xs, total, encode = [], [], []
        for g, (fmt, _) in enumerate(FORMATS):
            b = runs.get((octaves, fmt, backend, threads))
            if not b:
                continue
            xs.append(g + (i - (len(series) - 1) / 2) * width)
            total.append(b["Mtexel/s"])
            encode.append(b["Mtexel/s"] * (b["enc%"] + b["conv%"]) / 100)
        n = threads.replace("threads", "")
        label = ("GPU path" if backend == "gpu" else "CPU backend") + f", {n} thread" + ("" if n == "1" else "s")
        ax.bar(xs, total, width, label=label)
        ax.bar(xs, encode, width, color="none", edgecolor="white", hatch="///", linewidth=0)
    ax.set_xticks(range(len(FORMATS)))
    ax.set_xticklabels([label for _, label in FORMATS])
    ax.bar([0], [0], width, color="0.6", edgecolor="white", hatch="///", linewidth=0,
           label="hatched: the share converting and encoding")
    ax.set_ylabel("Mtexel/s, end to end")
    ax.set_title(f"glnoise bakes, {octaves.replace('octaves', '')} octave, {benchmarks[0]['name'].split('/')[1]}², "
                 f"on {ctx.get('num_cpus', '?')} CPU threads and llvmpipe", fontsize=11)
    ax.legend(fontsize=9, ncol=3, loc="upper center", bbox_to_anchor=(0.5, -0.08))
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
