#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Instructions per sample of glnoise's GPU path on llvmpipe, Mesa's software rasterizer,
whose release builds print neither its shaders' NIR nor their assembly: `glnoise bake
--backend gpu` runs under Valgrind's callgrind (Debian: valgrind), which counts every
instruction executed, the shader's code that llvmpipe compiles at run time too (code that
belongs to no file, which callgrind reports as "???"). Each workload bakes two grids; the
difference of that code's instructions over the difference of their texels is its count
per sample (compiling, which both bakes do alike, drops out). llvmpipe runs 8 invocations
per vector (256 bits), so an instruction does 8 samples' work; under Valgrind, whose CPU
has AVX2 and no AVX-512, as llvmpipe compiles natively here.

Workloads: 3D Perlin and 3D fBm of 8 octaves at 1/128, as the generic sampler (a spec)
and as the graph's own shader (the spec's graph with its basis behind an offset of 0,
tests/bench/own_plan.hpp's form), with the permutation table in the form this driver
defaults to and in a buffer texture (GLNOISE_GPU_TABLE).

    /usr/bin/python3 tests/bench/llvmpipe_instructions.py build/glnoise [--sizes 64 192]

Exit status 0 when every bake ran, 1 when one failed, 2 on bad arguments.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

FREQUENCY = 1.0 / 128.0
WORKLOADS = [("3D Perlin", 1), ("3D fBm, 8 octaves", 8)]
TABLES = ["auto", "texture"]


def graph_of(octaves):
    """The spec's graph, its basis behind an offset of 0 (run by the graph's own plan)."""
    nodes = {"b": {"kind": "basis", "basis": "perlin", "frequency": FREQUENCY},
             "at": {"kind": "offset", "source": "b", "by": [0.0]}}
    out = "at"
    if octaves > 1:
        nodes["f"] = {"kind": "fractal", "source": "at", "octaves": octaves}
        out = "f"
    return {"glnoise_graph": 2, "dims": 3, "out": out, "nodes": nodes}


def jit_instructions(callgrind_out):
    """Instructions executed in code of no file (llvmpipe's compiled shaders)."""
    text = subprocess.run(["callgrind_annotate", "--threshold=100", callgrind_out], check=True,
                          capture_output=True, text=True).stdout
    total = 0
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+\?\?\?:\S+\s+\[\?\?\?\]\s*$", line)
        if m:
            total += int(m.group(1).replace(",", ""))
    return total


def bake(glnoise, args, size, table, work):
    """JIT instructions of one bake of size x size."""
    tag = f"{abs(hash((tuple(args), size, table)))}"
    out = os.path.join(work, f"{tag}.r32")
    cg = os.path.join(work, f"{tag}.callgrind")
    env = dict(os.environ, MESA_SHADER_CACHE_DISABLE="true", GLNOISE_GPU_TABLE=table)
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg}", glnoise, "bake", *args,
                          "--size", f"{size}x{size}", "--backend", "gpu", "--out", out],
                         env=env, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"glnoise bake {' '.join(args)} (table {table}) failed:\n{run.stderr[-2000:]}")
    return jit_instructions(cg)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("glnoise", help="the glnoise command (build/glnoise)")
    parser.add_argument("--sizes", type=int, nargs=2, default=[64, 192], metavar=("SMALL", "LARGE"),
                        help="the two grids' sides (default 64 192)")
    a = parser.parse_args()
    small, large = a.sizes
    if not (0 < small < large):
        parser.error(f"--sizes {small} {large}: two sides, the first the smaller")
    for tool in ("valgrind", "callgrind_annotate"):
        if shutil.which(tool) is None:
            print(f"{tool} not found (Debian: apt-get install valgrind)", file=sys.stderr)
            return 2
    if not os.access(a.glnoise, os.X_OK):
        parser.error(f"{a.glnoise}: not an executable")
    with tempfile.TemporaryDirectory() as work:
        jobs = []
        for name, octaves in WORKLOADS:
            spec = ["--basis", "perlin", "--dims", "3", "--frequency", repr(FREQUENCY), "--octaves", str(octaves)]
            path = os.path.join(work, f"graph{octaves}.json")
            with open(path, "w") as f:
                json.dump(graph_of(octaves), f)
            for table in TABLES:
                jobs.append((name, "generic sampler", table, spec))
                jobs.append((name, "graph's own shader", table, ["--graph", path]))
        counts = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            futures = {pool.submit(bake, a.glnoise, args, size, table, work): (name, engine, table, size)
                       for name, engine, table, args in jobs for size in (small, large)}
            failed = False
            for f in concurrent.futures.as_completed(futures):
                try:
                    counts[futures[f]] = f.result()
                except RuntimeError as e:
                    print(e, file=sys.stderr)
                    failed = True
        if failed:
            return 1
    texels = large * large - small * small
    print(f"llvmpipe's compiled code, instructions per sample ({small}² and {large}² bakes, under callgrind)\n")
    print("| workload | engine | table | instructions per sample |")
    print("|---|---|---|---|")
    for name, engine, table, _ in jobs:
        per = (counts[(name, engine, table, large)] - counts[(name, engine, table, small)]) / texels
        print(f"| {name} | {engine} | {table} | {per:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
