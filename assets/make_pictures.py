#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Remakes every picture the README and docs/ show, with glnoise itself.

    /usr/bin/python3 assets/make_pictures.py build                  # all but the benchmark chart, into assets/
    /usr/bin/python3 assets/make_pictures.py build --only bench.png # the chart: runs the benchmark (minutes)
    /usr/bin/python3 assets/make_pictures.py build --only bench_cpu.png  # the CPU backends' chart (minutes)
    /usr/bin/python3 assets/make_pictures.py build --only bench_bake.png # the bakes' chart (minutes)
    /usr/bin/python3 assets/make_pictures.py build --only bench_fastnoise2.png  # against FastNoise2 (minutes;
                                                                    # a build with GLNOISE_PEERS_DIR)
    /usr/bin/python3 assets/make_pictures.py build --only bench_fastnoise2_xeon.png  # the same, six runs on
                                                                    # two cores (taskset -c 0,1)
    /usr/bin/python3 assets/make_pictures.py build --out DIR        # somewhere else (the tests compare)
    /usr/bin/python3 assets/make_pictures.py --list                 # each picture and the command its caption shows

BUILD is the build directory (glnoise, glnoise-preview, tests/bench/glnoise_bench). The
sheets need Pillow (Debian: python3-pil), the preview's screenshot xvfb-run, the chart
matplotlib (python3-matplotlib); `bash cmake/install-deps.sh --tests` installs all three.
The chart measures the machine it runs on, so it is made only when asked.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name -> the command its caption shows (None: the caption names a script)
PICTURES = {
    "fbm6_seed7.png": "glnoise bake --size 512x512 --octaves 6 --frequency 0.0078125 --seed 7 --range -0.9,0.9 "
                      "--out assets/fbm6_seed7.png",
    "presets.png": "glnoise bake --preset NAME --size 512x512 --out NAME.png",
    "contact_sheet.png": None,
    "cellular.png": None,
    "world.png": None,
    "erosion.png": None,
    "graphs.png": None,
    "graph_kinds.png": None,
    "graph_fractals.png": None,
    "preview.png": "xvfb-run -a glnoise-preview --window 1280x800 --octaves 7 --seed 7 --frequency 0.004 --dims 3 "
                   "--z 12.5 --colormap terrain --range -0.75,0.75 --pan 300,100 --forget --sections view,readouts "
                   "--frames 3 --screenshot assets/preview.png",
    "preview_tiled.png": "xvfb-run -a glnoise-preview --window 1280x720 --octaves 5 --seed 3 "
                         "--frequency 0.03125 --period 7,7 --colormap terrain --view tiled --tiles 3 --size 224x224 "
                         "--forget --sections view,export --frames 3 --screenshot assets/preview_tiled.png",
    "preview_3d.png": "xvfb-run -a glnoise-preview --window 1280x720 --preset terrain --view 3d --relief 0.22 "
                      "--forget --sections view,readouts --frames 3 --screenshot assets/preview_3d.png",
    "preview_erosion.png": "xvfb-run -a glnoise-preview --window 1280x720 --preset terrain --view 3d --size 256x256 "
                           "--erode 400 --flow-map --forget --sections view --frames 102 "
                           "--screenshot assets/preview_erosion.png",
    "preview_slices.png": "xvfb-run -a glnoise-preview --window 1280x720 --preset smoke --frequency 0.012 --colormap clouds "
                          "--view slices --size 224x174x48 "
                          "--forget --sections view,readouts --frames 3 --screenshot assets/preview_slices.png",
    "preview_proof.png": "xvfb-run -a glnoise-preview --window 1280x720 --octaves 5 --seed 7 --frequency 0.01 "
                         "--pattern marble --colormap marble --check --forget --sections proof,readouts "
                         "--frames 3 --screenshot assets/preview_proof.png",
    "preview_graph.png": "xvfb-run -a glnoise-preview --window 1280x720 --graph examples/graphs/mountains.json "
                         "--colormap terrain --view 3d --relief 0.22 --forget --sections noise "
                         "--frames 3 --screenshot assets/preview_graph.png",
    "python-terrain.png": None,
    "python-graph.png": None,
    "heightmap_hillshade.png": None,
    "seamless.png": None,
    "layout.png": None,
    "bench.png": None,
    "bench_cpu.png": None,
    "bench_bake.png": None,
    "bench_fastnoise2.png": None,
    "bench_fastnoise2_xeon.png": None,
}
ON_REQUEST = {"bench.png", "bench_cpu.png", "bench_bake.png", "bench_fastnoise2.png", "bench_fastnoise2_xeon.png"}


def run(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kw)


def fbm(build, out):
    words = PICTURES["fbm6_seed7.png"].split()
    run([os.path.join(build, "glnoise")] + words[1:-1] + [out])


def presets(build, out):
    run([sys.executable, os.path.join(HERE, "presets_sheet.py"), os.path.join(build, "glnoise"), out])


def contact_sheet(build, out):
    run([sys.executable, os.path.join(HERE, "contact_sheet.py"), os.path.join(build, "glnoise"), out])


def cellular(build, out):
    run([sys.executable, os.path.join(HERE, "cellular_sheet.py"), os.path.join(build, "glnoise"), out])


def graphs(build, out):
    run([sys.executable, os.path.join(HERE, "graph_sheet.py"), os.path.join(build, "glnoise"), out])


def graph_kinds(build, out):
    run([sys.executable, os.path.join(HERE, "graph_kinds_sheet.py"), os.path.join(build, "glnoise"), out])


def graph_fractals(build, out):
    run([sys.executable, os.path.join(HERE, "graph_fractals_sheet.py"), os.path.join(build, "glnoise"), out])


def erosion(build, out):
    run([sys.executable, os.path.join(HERE, "erosion_sheet.py"), os.path.join(build, "glnoise"), out])


def world(build, out):
    run([sys.executable, os.path.join(HERE, "world_sheet.py"), os.path.join(build, "glnoise"), out])


def preview(build, out):
    name = os.path.basename(out)
    words = PICTURES[name].split()
    xvfb = shutil.which("xvfb-run")
    if not xvfb:
        raise SystemExit("make_pictures: %s needs xvfb-run (Debian: xvfb)" % name)
    # A fixed screen, so that the window is the same on every machine, and the pointer rests
    # at its centre (over the noise). A file the command names (examples/...) is the
    # source tree's, wherever this runs.
    args = [os.path.join(HERE, "..", w) if w.startswith("examples/") else w for w in words[3:-1]]
    run([xvfb, "-a", "-s", "-screen 0 1600x1024x24", os.path.join(build, "glnoise-preview")] + args + [out])


def bench(build, out, only="^(perlin2|perlin3|fbm8)/", env=None):
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "bench.json")
        run([os.path.join(build, "tests", "bench", "glnoise_bench"), "--benchmark_filter=" + only,
             "--benchmark_out=" + data, "--benchmark_out_format=json"], env=env)
        run([sys.executable, os.path.join(ROOT, "tests", "bench", "chart.py"), data, out])


def bench_cpu(build, out):
    # The CPU backends beside the GPU path and the peers at 4096² (FastNoise2 and
    # FastNoiseLite when the build was configured with GLNOISE_PEERS_DIR).
    bench(build, out, "^(perlin2|perlin3|fbm8)/4096/(gpu_dispatch|cpu_|reference_|stb|fastnoise)",
          dict(os.environ, GLNOISE_BENCH_SIZES="4096"))


def bench_fastnoise2(build, out, runs=1, pin=()):
    # The SIMD backend over FastNoise2 at 4096², 1 thread and all, widest and both at AVX2
    # (a build configured with GLNOISE_PEERS_DIR).
    with tempfile.TemporaryDirectory() as tmp:
        data = [os.path.join(tmp, "peers%d.json" % i) for i in range(runs)]
        for path in data:
            run(list(pin) + [os.path.join(build, "tests", "bench", "glnoise_bench"),
                             "--benchmark_filter=^(perlin2|perlin3|fbm8)/4096/(cpu_|fastnoise2_)",
                             "--benchmark_repetitions=3", "--benchmark_out=" + path, "--benchmark_out_format=json"],
                env=dict(os.environ, GLNOISE_BENCH_SIZES="4096"))
        run([sys.executable, os.path.join(ROOT, "tests", "bench", "peers_chart.py")] + data + [out])


def bench_fastnoise2_runs(build, out):
    # docs/performance.md's Xeon chart: six runs on two cores, "all threads" being those two.
    bench_fastnoise2(build, out, runs=6, pin=("taskset", "-c", "0,1"))


def bench_bake(build, out):
    # Every format baked end to end at 4096², one octave, on both backends at 1 thread and
    # at every thread (glnoise_bake_bench).
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "bake.json")
        run([os.path.join(build, "tests", "bench", "glnoise_bake_bench"), "--benchmark_filter=octaves1/",
             "--benchmark_out=" + data, "--benchmark_out_format=json"],
            env=dict(os.environ, GLNOISE_BENCH_SIZE="4096"))
        run([sys.executable, os.path.join(ROOT, "tests", "bench", "bake_chart.py"), data, out])


def layout(build, out):
    # The folders and their #include arrows, read from the sources (no build needed).
    run([sys.executable, os.path.join(HERE, "layout.py"), out])


def python_terrain(build, out):
    # The Python package, as python.wheel (ctest) installed it, with matplotlib.
    run([os.path.join(build, "tests", "python", "venv", "bin", "python"), os.path.join(HERE, "python_terrain.py"), out])


def python_graph(build, out):
    # docs/python.md's graph built in code, by the same package.
    run([os.path.join(build, "tests", "python", "venv", "bin", "python"), os.path.join(HERE, "python_graph.py"), out])


def engines(build, out):
    # docs/engines.md's two: the heightmap preset's hillshade and the seamless tiles.
    which = "heightmap" if os.path.basename(out).startswith("heightmap") else "seamless"
    run([sys.executable, os.path.join(HERE, "engines_sheet.py"), os.path.join(build, "glnoise"), which, out])


MAKERS = {"heightmap_hillshade.png": engines, "seamless.png": engines, "python-terrain.png": python_terrain, "python-graph.png": python_graph, "layout.png": layout, "fbm6_seed7.png": fbm, "presets.png": presets, "contact_sheet.png": contact_sheet, "cellular.png": cellular, "world.png": world, "erosion.png": erosion, "graphs.png": graphs, "graph_kinds.png": graph_kinds,
          "graph_fractals.png": graph_fractals,
          "preview.png": preview, "preview_tiled.png": preview, "preview_3d.png": preview, "preview_erosion.png": preview,
          "preview_slices.png": preview, "preview_proof.png": preview, "preview_graph.png": preview, "bench.png": bench, "bench_cpu.png": bench_cpu,
          "bench_bake.png": bench_bake, "bench_fastnoise2.png": bench_fastnoise2,
          "bench_fastnoise2_xeon.png": bench_fastnoise2_runs}


def main():
    parser = argparse.ArgumentParser(description="Remakes the documents' pictures with glnoise itself.")
    parser.add_argument("build", nargs="?", help="the build directory")
    parser.add_argument("--out", default=HERE, help="where to write them (default: assets/)")
    parser.add_argument("--only", nargs="+", choices=sorted(PICTURES), help="these pictures only")
    parser.add_argument("--list", action="store_true", help="print each picture and its caption's command")
    args = parser.parse_args()
    if args.list:
        for name, command in PICTURES.items():
            print("assets/%s\t%s" % (name, command or ""))
        return
    if not args.build:
        parser.error("the build directory is required")
    build = os.path.abspath(args.build)
    names = args.only or [n for n in PICTURES if n not in ON_REQUEST]
    os.makedirs(args.out, exist_ok=True)
    for name in names:
        out = os.path.join(os.path.abspath(args.out), name)
        MAKERS[name](build, out)
        print("made " + out)


if __name__ == "__main__":
    main()
