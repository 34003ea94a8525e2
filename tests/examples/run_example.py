#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds and runs one of examples/ as its README says, and compares the values it computes
with `glnoise bake --backend cpu` for the same grid.

    run_example.py --example vulkan|webgpu --glnoise GLNOISE --work DIR [--python PYTHON]
                   [--cmake CMAKE]

Both examples compute 6 octaves of Perlin fBm at (i, j) / 64 on a 512 x 512 grid; the bake
of `--size 512x512 --octaves 6` samples the same points. The tolerance is the GPU suite's,
1e-5 times the amplitude sum. Prints the worst difference; a failure names the texel.
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")
SIZE = 512


def run(cmd, cwd):
    print("$ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    if r.returncode != 0:
        sys.exit("run_example: %s failed (%d):\n%s" % (cmd[0], r.returncode, r.stderr))


def floats(path):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) != SIZE * SIZE * 4:
        sys.exit("run_example: %s holds %d bytes, not %d floats" % (path, len(data), SIZE * SIZE))
    return struct.unpack("<%df" % (SIZE * SIZE), data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--example", required=True, choices=["vulkan", "webgpu"])
    ap.add_argument("--glnoise", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--python", default=sys.executable, help="a Python with wgpu (webgpu)")
    ap.add_argument("--cmake", default="cmake")
    args = ap.parse_args()
    glnoise = os.path.abspath(args.glnoise)
    python = os.path.abspath(args.python) if os.sep in args.python else args.python
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    if args.example == "vulkan":
        source = os.path.join(EXAMPLES, "vulkan")
        run([args.cmake, "-S", source, "-B", work, "-DGLNOISE=" + glnoise], work)
        run([args.cmake, "--build", work], work)
        run([os.path.join(work, "noise"), "--raw", "values.f32"], work)
    else:
        run([glnoise, "shader", "--language", "wgsl", "fbm", "--out", "glnoise.wgsl", "--table-out", "table.i32"], work)
        run([python, os.path.join(EXAMPLES, "webgpu", "noise.py"), "--raw", "values.f32"], work)
    with open(os.path.join(work, "noise.pgm"), "rb") as f:
        if not f.read().startswith(b"P5\n%d %d\n255\n" % (SIZE, SIZE)):
            sys.exit("run_example: noise.pgm is not a %dx%d grey PGM" % (SIZE, SIZE))

    run([glnoise, "bake", "--size", "%dx%d" % (SIZE, SIZE), "--octaves", "6", "--backend", "cpu",
         "--out", "reference.r32"], work)
    got = floats(os.path.join(work, "values.f32"))
    want = floats(os.path.join(work, "reference.r32"))
    tolerance = 1e-5 * sum(0.5 ** i for i in range(6))
    worst, where = 0.0, 0
    for i, (g, w) in enumerate(zip(got, want)):
        d = abs(g - w)
        if not d <= worst:  # NaN too
            worst, where = d, i
    print("%s example: max |example - glnoise bake| = %.3g at texel (%d, %d); tolerance %.3g" % (
        args.example, worst, where % SIZE, where // SIZE, tolerance))
    if not worst <= tolerance:
        sys.exit("run_example: texel (%d, %d): expected %.9g, got %.9g" % (
            where % SIZE, where // SIZE, want[where], got[where]))
    if max(abs(v) for v in got) < 0.1:
        sys.exit("run_example: the values are all near zero: the shader did not run")


if __name__ == "__main__":
    main()
