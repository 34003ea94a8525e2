#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turns glnoise_bench's JSON into docs/performance.md's FastNoise2 chart: the SIMD CPU
backend's Msamples/s over FastNoise2's on the same grid and threads, per workload, at 1
thread and all threads, each on its widest instruction set and both capped at AVX2.

    ./build/tests/bench/glnoise_bench --benchmark_filter='^(perlin2|perlin3|fbm8)/4096/(cpu_|fastnoise2_)' \\
        --benchmark_out=peers.json --benchmark_out_format=json
    /usr/bin/python3 tests/bench/peers_chart.py peers.json assets/bench_fastnoise2.png
    /usr/bin/python3 tests/bench/peers_chart.py run1.json run2.json run3.json xeon.png

Given several runs (one JSON file each), a bar is the median of the runs' ratios, each run's
ratio taken from its own medians, and a line through it spans the lowest to the highest.
"""
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from bench_json import measured  # noqa: E402

WORKLOADS = [("perlin2", "2D Perlin"), ("perlin3", "3D Perlin"), ("fbm8", "3D fBm, 8 octaves")]
# (glnoise's benchmark, FastNoise2's, label)
PAIRS = [("cpu_1thread", "fastnoise2_1thread", "1 thread, widest"),
         ("cpu_all", "fastnoise2_all", "all threads, widest"),
         ("cpu_1thread_avx2", "fastnoise2_1thread_avx2", "1 thread, both AVX2"),
         ("cpu_all_avx2", "fastnoise2_all_avx2", "all threads, both AVX2")]


def rates_of(source):
    """A run's context and labels, and each benchmark's median Msamples/s."""
    ctx, benchmarks = measured(source, "items_per_second")
    runs, labels = {}, {}
    for b in benchmarks:  # with --benchmark_repetitions, each name's median
        name = b["name"].replace("/real_time", "")
        runs.setdefault(name, []).append(b["items_per_second"] / 1e6)
        labels[name] = b.get("label", "")
    return ctx, labels, {name: statistics.median(v) for name, v in runs.items()}


def main():
    if len(sys.argv) < 3:
        raise SystemExit("usage: peers_chart.py RUN.json [RUN.json ...] OUT.png")
    sources, out = sys.argv[1:-1], sys.argv[-1]
    measured_runs = [rates_of(source) for source in sources]
    ctx, labels, rates = measured_runs[0]
    # A pair is charted where every run measured both sides.
    common = set.intersection(*(set(r) for _, _, r in measured_runs))
    rates = {name: rates[name] for name in common}
    sizes = sorted({int(n.split("/")[1]) for n in rates if n.split("/")[0] in dict(WORKLOADS)})
    groups = [(w, label, s) for w, label in WORKLOADS for s in sizes
              if f"{w}/{s}/cpu_1thread" in rates and f"{w}/{s}/fastnoise2_1thread" in rates]
    if not groups:
        raise SystemExit("peers_chart: %s has no glnoise and FastNoise2 pair (a build with GLNOISE_PEERS_DIR?)"
                         % ", ".join(sources))
    pairs = [p for p in PAIRS if any(f"{w}/{s}/{p[0]}" in rates and f"{w}/{s}/{p[1]}" in rates for w, _, s in groups)]
    fig, ax = plt.subplots(figsize=(10, 5.2))
    width = 0.8 / len(pairs)
    for i, (ours, theirs, label) in enumerate(pairs):
        xs, ys, lows, highs = [], [], [], []
        for g, (w, _, s) in enumerate(groups):
            a, b = f"{w}/{s}/{ours}", f"{w}/{s}/{theirs}"
            if a in rates and b in rates:
                ratios = [r[a] / r[b] for _, _, r in measured_runs]
                xs.append(g + (i - (len(pairs) - 1) / 2) * width)
                ys.append(statistics.median(ratios))
                lows.append(ys[-1] - min(ratios))
                highs.append(max(ratios) - ys[-1])
        bars = ax.bar(xs, ys, width, label=label)
        if len(measured_runs) > 1:
            # The runs' spread above each bar, its label inside it, below the line at 1.
            ax.errorbar(xs, ys, yerr=[lows, highs], fmt="none", ecolor="black", elinewidth=0.8, capsize=2)
            for x, y in zip(xs, ys):
                ax.text(x, min(0.5, y / 2), f"{y:.2f}×", ha="center", va="center", fontsize=7)
        else:
            ax.bar_label(bars, labels=[f"{y:.2f}×" for y in ys], fontsize=7, padding=2)
    ax.axhline(1.0, color="black", linewidth=1)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([f"{label}\n{s}²" for _, label, s in groups])
    ax.set_ylabel("glnoise CPU (SIMD) / FastNoise2, same grid and threads")
    widest = labels.get(f"{groups[0][0]}/{groups[0][2]}/cpu_1thread", "?")
    runs = f", median of {len(measured_runs)} runs" if len(measured_runs) > 1 else ""
    ax.set_title(f"glnoise's SIMD backend ({widest}) against FastNoise2, "
                 f"{ctx.get('cpu_threads', ctx.get('num_cpus', '?'))} CPU threads{runs}; above 1: glnoise faster",
                 fontsize=11)
    ax.set_ylim(0, max(1.2, ax.get_ylim()[1] * 1.08))
    ax.legend(fontsize=8, ncol=4, loc="upper center", bbox_to_anchor=(0.5, -0.12))
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


if __name__ == "__main__":
    main()
