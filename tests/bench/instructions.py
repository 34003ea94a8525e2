#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Instructions per sample of glnoise's SIMD backend and of FastNoise2, one thread, on the
same grid: each benchmark of glnoise_bench runs under Valgrind's callgrind (Debian:
valgrind), which counts the instructions executed, with no hardware counters needed.
A side's count is the instructions inside its noise function (glnoise's rows; FastNoise2's
grid function), calls included, over the samples its grid calls made: allocating and
clearing the output is not counted on either side. Both run the code their dispatch picks
under Valgrind, whose CPU has AVX2 and no AVX-512; the benchmarks' labels say which.

    /usr/bin/python3 tests/bench/instructions.py build/tests/bench/glnoise_bench [--size 1024]

Needs a build configured with GLNOISE_PEERS_DIR for FastNoise2's rows (docs/building.md).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from bench_json import measured

WORKLOADS = [("perlin2", "2D Perlin"), ("perlin3", "3D Perlin"), ("fbm8", "3D fBm, 8 octaves")]
# (benchmark suffix, the function whose calls make a grid, the function whose calls do the
# noise, column): the instructions inside the second, over the samples of the first's calls
# (one thread: each call of either makes the whole grid, so the image's allocation and
# clearing, outside the noise, are not counted).
SIDES = [("cpu_1thread", "glnoise::cpu::evaluateSimd(", "glnoise::cpu::simd::evaluateRows(", "glnoise SIMD backend"),
         ("fastnoise2_1thread", "::GenUniformGrid", "::GenUniformGrid", "FastNoise2")]


def call_edges(path):
    """{function name: [calls, inclusive instructions]} over every call in a callgrind output."""
    names, edges, callee = {}, {}, None
    pending = None  # the callee of the cost line after a calls= line

    def name_of(field):
        ident, _, rest = field.partition(")")
        if rest.strip():
            names[ident] = rest.strip()
        return names.get(ident, field)

    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if pending is not None:
                if line and (line[0].isdigit() or line[0] in "+-*"):
                    edges.setdefault(pending, [0, 0])[1] += int(line.split()[-1])
                pending = None
                continue
            if line.startswith(("fn=", "cfn=")):  # a function, and its name where first given
                ident = line.split("=", 1)[1]
                name = name_of(ident) if ident.startswith("(") else ident
                callee = None if line.startswith("fn=") else name
            elif line.startswith("calls=") and callee is not None:
                edges.setdefault(callee, [0, 0])[0] += int(line.split("=", 1)[1].split()[0])
                pending = callee
    return edges


def count(bench, name, grid_fn, noise_fn, work):
    """(instructions per sample, label) of benchmark `name` under callgrind."""
    out = os.path.join(work, "callgrind.out")
    report = os.path.join(work, "bench.json")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, bench,
           "--benchmark_filter=^" + re.escape(name) + "(/real_time)?$", "--benchmark_min_time=0.000001",
           "--benchmark_out=" + report, "--benchmark_out_format=json"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"instructions.py: {name} failed under valgrind:\n{run.stderr[-2000:]}")
    _, runs = measured(report, "iterations")
    if not runs or any(r.get("error_occurred") for r in runs):
        sys.exit(f"instructions.py: {name} did not run: {runs}")
    edges = call_edges(out)

    def total(fragment, what):
        found = [v for k, v in edges.items() if fragment in k and not k.startswith("virtual thunk")]
        if not found:
            sys.exit(f"instructions.py: {name}: no call of {fragment} in callgrind's output")
        return sum(v[what] for v in found)

    size = int(name.split("/")[1])
    grids = total(grid_fn, 0)
    return total(noise_fn, 1) / (grids * size * size), runs[0].get("label", "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench", help="glnoise_bench")
    ap.add_argument("--size", type=int, default=1024, help="the grid's edge (default 1024)")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("instructions.py: needs valgrind (Debian: valgrind)")
    os.environ["GLNOISE_BENCH_SIZES"] = str(args.size)  # glnoise_bench's grids
    names = subprocess.run([args.bench, "--benchmark_list_tests"], capture_output=True, text=True,
                           check=True).stdout.split()
    names = {n.replace("/real_time", "") for n in names}
    print(f"Instructions per sample at {args.size}², one thread, under Valgrind {valgrind_version()}\n")
    print("| workload | " + " | ".join(side[-1] for side in SIDES) + " | ratio |")
    print("|---|" + "---|" * (len(SIDES) + 1))
    with tempfile.TemporaryDirectory(prefix="glnoise-instructions-") as work:
        for workload, label in WORKLOADS:
            per = []
            for suffix, grid_fn, noise_fn, _ in SIDES:
                name = f"{workload}/{args.size}/{suffix}"
                if name not in names:
                    per.append(None)
                    continue
                per.append(count(args.bench, name, grid_fn, noise_fn, work))
            cells = [f"{p[0]:.1f} ({p[1]})" if p else "-" for p in per]
            ratio = f"{per[0][0] / per[1][0]:.2f}×" if per[0] and per[1] else "-"
            print(f"| {label} | " + " | ".join(cells) + f" | {ratio} |")


def valgrind_version():
    return subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    main()
