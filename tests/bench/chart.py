#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turns glnoise_bench's JSON into the README's chart: Msamples/s per workload, one bar per
implementation, the machine and renderer in the title.

    ./build/tests/bench/glnoise_bench --benchmark_filter='^(perlin2|perlin3|fbm8)/' \\
        --benchmark_out=bench.json --benchmark_out_format=json
    python3 -m venv /tmp/chart && /tmp/chart/bin/pip install matplotlib
    /tmp/chart/bin/python tests/bench/chart.py bench.json assets/bench.png
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bench_json import measured  # noqa: E402

BACKENDS = [
    ("gpu_dispatch", "glnoise GPU (dispatch to finish)"),
    ("gpu_readback", "glnoise GPU + read-back"),
    ("cpu_all", "glnoise CPU (SIMD), all threads"),
    ("cpu_1thread", "glnoise CPU (SIMD), 1 thread"),
    ("reference_all", "glnoise CPU reference, all threads"),
    ("stb_perlin", "stb_perlin (1 thread)"),
    ("libnoise", "libnoise (1 thread)"),
    ("glm_perlin", "glm::perlin (1 thread)"),
    ("fastnoise2_all", "FastNoise2, all threads"),
    ("fastnoiselite_all", "FastNoiseLite, all threads"),
]
WORKLOADS = [("perlin2", "2D Perlin"), ("perlin3", "3D Perlin"), ("fbm8", "3D fBm, 8 octaves")]


def main():
    source, out = sys.argv[1], sys.argv[2]
    rates = {}
    ctx, benchmarks = measured(source, "items_per_second")
    for b in benchmarks:
        name = b["name"].replace("/real_time", "")
        rates[name] = b["items_per_second"] / 1e6
    sizes = sorted({int(n.split("/")[1]) for n in rates if n.split("/")[0] in dict(WORKLOADS)})
    groups = [(w, label, s) for w, label in WORKLOADS for s in sizes if any(n.startswith(f"{w}/{s}/") for n in rates)]
    # The peers a build has (FastNoise2 and FastNoiseLite only with GLNOISE_PEERS_DIR).
    backends = [(key, label) for key, label in BACKENDS if any(n.endswith("/" + key) for n in rates)]
    fig, ax = plt.subplots(figsize=(11, 5.6))
    width = 0.8 / len(backends)
    for i, (key, label) in enumerate(backends):
        xs, ys = [], []
        for g, (w, _, s) in enumerate(groups):
            v = rates.get(f"{w}/{s}/{key}")
            if v:
                xs.append(g + (i - (len(backends) - 1) / 2) * width)
                ys.append(v)
        ax.bar(xs, ys, width, label=label)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([f"{label}\n{s}²" for _, label, s in groups])
    ax.set_yscale("log")
    ax.set_ylabel("Msamples/s (log scale)")
    ax.set_title(f"glnoise and its peers on {ctx.get('renderer', 'unknown renderer')}, "
                 f"{ctx.get('cpu_threads', ctx.get('num_cpus', '?'))} CPU threads", fontsize=11)
    ax.legend(fontsize=8, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.14))
    ax.grid(axis="y", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
