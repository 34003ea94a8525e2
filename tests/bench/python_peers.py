#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""glnoise's Python package against the Python noise packages, in one run.

Workloads as glnoise_bench's: 2D and 3D Perlin noise (3D on the plane z = 32 texels, half
a cell) and 8-octave 3D fBm (lacunarity 2, gain 0.5), at 1024² and 4096² samples,
frequency 1/64. Prints Msamples/s (best of a few runs) and each one's ratio to
glnoise on the GPU, as a Markdown table; --json writes the figures.

Peers (each from PyPI, each as its documentation shows it used on a grid):
  noise            pnoise2/pnoise3, one Python call per sample (timed on a 256² window)
  vnoise           Noise().noise2/noise3 on grids (numpy)
  opensimplex      noise2array/noise3array (fBm as 8 calls; a Python loop per sample
                   without numba, which is not installed here: timed on a 256² window)
  pyfastnoiselite  FastNoiseLite.gen_from_coords (Cython, one thread)
  pyfastnoisesimd  Noise.genAsGrid (SIMD, every core; it needs numpy older than 2)
  perlin-numpy     generate_perlin_noise_2d/3d, generate_fractal_noise_3d (numpy)
A peer that is not installed is left out with a line saying so.

    python3 -m venv v && v/bin/pip install . noise vnoise opensimplex pyfastnoiselite \
        pyfastnoisesimd perlin-numpy
    v/bin/python tests/bench/python_peers.py
"""
import argparse
import json
import os
import platform
import time

import numpy as np

import glnoise

FREQ = 1 / 64
Z = 32.0  # the 3D workloads' plane, in texels


def best(fn, budget=3.0, least=2, most=5):
    """The shortest of a few runs of fn (at least `least`, at most `most`, within `budget` s;
    one run when that alone takes longer than the budget)."""
    times = []
    started = time.perf_counter()
    while len(times) < most and (len(times) < least or time.perf_counter() - started < budget):
        if times and times[0] > budget:
            break
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def workloads():
    for name, dims, octaves in (("2D Perlin", 2, 1), ("3D Perlin", 3, 1), ("3D fBm, 8 octaves", 3, 8)):
        for n in (1024, 4096):
            yield name, dims, octaves, n


def glnoise_runner(backend):
    def make(dims, octaves, n):
        noise = glnoise.Noise(dims=dims, octaves=octaves, frequency=FREQ, z=Z if dims == 3 else 0.0)
        out = np.empty((n, n), np.float32)
        noise.bake_into(out[:8, :8].copy(), backend=backend)  # context and shaders ready
        return lambda: noise.bake_into(out, backend=backend), n * n
    return make


def noise_runner(dims, octaves, n):
    import noise
    m = min(n, 256)  # one Python call per sample: a window, its rate
    xs = [x * FREQ for x in range(m)]
    if dims == 2:
        def run():
            f = noise.pnoise2
            return [[f(x, y) for x in xs] for y in xs]
    else:
        z = Z * FREQ

        def run():
            f = noise.pnoise3
            return [[f(x, y, z, octaves=octaves) for x in xs] for y in xs]
    return run, m * m


def vnoise_runner(dims, octaves, n):
    import vnoise
    v = vnoise.Noise()
    c = np.arange(n) * FREQ
    if dims == 2:
        return lambda: v.noise2(c, c, octaves=octaves, grid_mode=True), n * n
    return lambda: v.noise3(c, c, np.array([Z * FREQ]), octaves=octaves, grid_mode=True), n * n


def opensimplex_runner(dims, octaves, n):
    import opensimplex
    try:
        import numba  # noqa: F401  (opensimplex compiles its loops with it when present)
    except ImportError:
        n = min(n, 256)
    c = np.arange(n) * FREQ

    def run():
        total = 0.0
        for i in range(octaves):
            f = 2.0 ** i
            if dims == 2:
                total = total + 0.5 ** i * opensimplex.noise2array(c * f, c * f)
            else:
                total = total + 0.5 ** i * opensimplex.noise3array(c * f, c * f, np.array([Z * FREQ * f]))
        return total
    return run, n * n


def fastnoiselite_runner(dims, octaves, n):
    from pyfastnoiselite.pyfastnoiselite import FastNoiseLite, FractalType, NoiseType
    f = FastNoiseLite()
    f.noise_type = NoiseType.NoiseType_Perlin
    f.frequency = FREQ
    if octaves > 1:
        f.fractal_type = FractalType.FractalType_FBm
        f.fractal_octaves = octaves
        f.fractal_lacunarity = 2.0
        f.fractal_gain = 0.5
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
    coords = np.stack([xs.ravel(), ys.ravel()] + ([np.full(n * n, Z, np.float32)] if dims == 3 else []))
    return lambda: f.gen_from_coords(coords), n * n


def fastnoisesimd_runner(dims, octaves, n):
    import pyfastnoisesimd as fns
    f = fns.Noise(numWorkers=os.cpu_count())
    f.noiseType = fns.NoiseType.Perlin if octaves == 1 else fns.NoiseType.PerlinFractal
    f.frequency = FREQ
    if octaves > 1:
        f.fractal.fractalType = fns.FractalType.FBM
        f.fractal.octaves = octaves
        f.fractal.lacunarity = 2.0
        f.fractal.gain = 0.5
    # Its grids are 3D; a 2D workload is one z plane of them, as it documents.
    return lambda: f.genAsGrid(shape=[1, n, n], start=[int(Z) if dims == 3 else 0, 0, 0]), n * n


def perlin_numpy_runner(dims, octaves, n):
    import perlin_numpy as pn
    res = n // 64  # 64 texels a cell
    if dims == 2:
        return lambda: pn.generate_perlin_noise_2d((n, n), (res, res)), n * n
    if octaves == 1:
        # Its 3D noise needs the depth to be a multiple of the cells: 2 planes, half the cost counted.
        return lambda: pn.generate_perlin_noise_3d((2, n, n), (1, res, res)), 2 * n * n
    # Its fBm needs every edge to be a multiple of res x 2^(octaves - 1): a slab 128 deep.
    raise NotImplementedError("no 8-octave 3D fBm thinner than 128 planes")


PEERS = [
    ("glnoise GPU", None, glnoise_runner("gpu")),
    ("glnoise CPU", None, glnoise_runner("cpu")),
    ("noise", "noise", noise_runner),
    ("vnoise", "vnoise", vnoise_runner),
    ("opensimplex", "opensimplex", opensimplex_runner),
    ("pyfastnoiselite", "pyfastnoiselite", fastnoiselite_runner),
    ("pyfastnoisesimd", "pyfastnoisesimd", fastnoisesimd_runner),
    ("perlin-numpy", "perlin_numpy", perlin_numpy_runner),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", help="also write the figures here")
    ap.add_argument("--budget", type=float, default=3.0, help="seconds per measurement (at least two runs)")
    args = ap.parse_args()
    peers = []
    for name, module, runner in PEERS:
        if module:
            try:
                __import__(module)
            except ImportError:
                print(f"left out: {name} (pip install {name})")
                continue
        peers.append((name, runner))
    info = glnoise.info()
    renderer = info["gpu"]["renderer"] if info["gpu"] else "no GL: " + info["gpu_error"]
    print(f"glnoise {glnoise.__version__}, GPU: {renderer}, CPU: {info['simd_target']}, "
          f"{os.cpu_count()} threads, {platform.processor() or platform.machine()}")
    results = []
    for work, dims, octaves, n in workloads():
        row = {"workload": work, "size": n, "rates": {}}
        for name, runner in peers:
            try:
                run, samples = runner(dims, octaves, n)
                row["rates"][name] = samples / best(run, budget=args.budget) / 1e6
            except Exception as e:  # a peer that cannot do this workload
                row["rates"][name] = None
                print(f"{name}, {work} {n}²: {type(e).__name__}: {e}", flush=True)
        results.append(row)
        print(f"{work} {n}²: " + ", ".join(f"{k} {v:.2f}" for k, v in row["rates"].items() if v), flush=True)
    names = [name for name, _ in peers]
    print("\n| workload | size | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for row in results:
        ref = row["rates"].get("glnoise GPU")
        cells = []
        for name in names:
            v = row["rates"].get(name)
            cells.append("n/a" if v is None else (f"{v:.2f} ({v / ref:.2f}×)" if ref else f"{v:.2f}"))
        print(f"| {row['workload']} | {row['size']}² | " + " | ".join(cells) + " |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"renderer": renderer, "cpu": info["simd_target"], "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
