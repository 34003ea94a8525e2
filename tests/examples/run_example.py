#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Builds and runs one of examples/ as its README says, and compares the values it computes
with `glnoise bake --backend cpu` for the same grid.

    run_example.py --example vulkan|webgpu|webgl2|godot --glnoise GLNOISE --work DIR
                   [--python PYTHON] [--cmake CMAKE] [--chromium C --chromedriver D]

The examples compute 6 octaves of Perlin fBm at (i, j) / 64 on a 512 x 512 grid; the bake
of `--size 512x512 --octaves 6` samples the same points. The tolerance is the GPU suite's,
1e-5 times the amplitude sum. Prints the worst difference; a failure names the texel.

The WebGL2 page draws 8-bit grey, clamp(v / 2 + 1/2): it is served over HTTP to headless
Chromium (selenium; PYTHON must have it), drawn again with the page's own program and
read back, and each pixel must be within one level of the bake's value mapped the same way.

No Godot runs here. The Godot shader's code runs in the same browser as WebGL2 through a
small shim (GODOT_SHIM: its include pasted in, uniforms as their defaults, UV and COLOR
as a canvas item's) and is held to the same bound: that checks its math, names and
mapping, not that Godot's compiler accepts it.
"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")
sys.path.insert(0, os.path.join(HERE, "..", "ports"))
from run_port import WEBGL_PROGRAM, browser  # noqa: E402  (headless Chromium, as the port test opens it)
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
    ap.add_argument("--example", required=True, choices=["vulkan", "vulkan-graph", "webgpu", "webgpu-graph", "webgl2", "webgl2-graph", "godot",
                                                       "godot-graph"])
    ap.add_argument("--glnoise", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--python", default=sys.executable, help="a Python with wgpu (webgpu)")
    ap.add_argument("--cmake", default="cmake")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    args = ap.parse_args()
    glnoise = os.path.abspath(args.glnoise)
    python = os.path.abspath(args.python) if os.sep in args.python else args.python
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    if args.example == "webgl2-graph":
        # The graph as one function in GLSL ES 3.00, drawn by graph.html, against its bake.
        graph = os.path.join(EXAMPLES, "graphs", "mountains.json")
        run([glnoise, "shader", "--language", "gles", "--graph", graph, "--out", "mountains.glsl"], work)
        shutil.copy(os.path.join(EXAMPLES, "webgl2", "graph.html"), os.path.join(work, "index.html"))
        run([python, os.path.abspath(__file__), "--in-browser", "page", work, "--chromium", args.chromium,
             "--chromedriver", args.chromedriver], work)
        run([glnoise, "bake", "--graph", graph, "--size", "%dx%d" % (SIZE, SIZE), "--backend", "cpu",
             "--out", "reference.r32"], work)
        return compare_grey(os.path.join(work, "page.grey"), floats(os.path.join(work, "reference.r32")))
    if args.example == "godot-graph":
        # The graph as one function in Godot's language, run as WebGL2, against its bake.
        graph = os.path.join(EXAMPLES, "graphs", "mountains.json")
        run([glnoise, "shader", "--language", "godot", "--graph", graph, "--out", "mountains.gdshaderinc"], work)
        shutil.copy(os.path.join(EXAMPLES, "godot", "graph.gdshader"), work)
        run([python, os.path.abspath(__file__), "--in-browser", "godot", work, "--chromium", args.chromium,
             "--chromedriver", args.chromedriver], work)
        run([glnoise, "bake", "--graph", graph, "--size", "%dx%d" % (SIZE, SIZE), "--backend", "cpu",
             "--out", "reference.r32"], work)
        return compare_grey(os.path.join(work, "page.grey"), floats(os.path.join(work, "reference.r32")))
    if args.example in ("webgl2", "godot"):
        if args.example == "webgl2":
            run([glnoise, "shader", "--language", "gles", "fbm", "--out", "glnoise.glsl"], work)
            shutil.copy(os.path.join(EXAMPLES, "webgl2", "index.html"), work)
        else:
            run([glnoise, "shader", "--language", "godot", "fbm", "--out", "glnoise.gdshaderinc"], work)
            shutil.copy(os.path.join(EXAMPLES, "godot", "noise.gdshader"), work)
        step = "page" if args.example == "webgl2" else "godot"
        run([python, os.path.abspath(__file__), "--in-browser", step, work, "--chromium", args.chromium,
             "--chromedriver", args.chromedriver], work)
        run([glnoise, "bake", "--size", "%dx%d" % (SIZE, SIZE), "--octaves", "6", "--backend", "cpu",
             "--out", "reference.r32"], work)
        return compare_grey(os.path.join(work, "page.grey"), floats(os.path.join(work, "reference.r32")))
    if args.example in ("vulkan-graph", "webgpu-graph"):
        # The graph as one function on the Vulkan device or through WebGPU, against the bake
        # of the graph.
        graph = os.path.join(EXAMPLES, "graphs", "mountains.json")
        if args.example == "vulkan-graph":
            source = os.path.join(EXAMPLES, "vulkan")
            run([args.cmake, "-S", source, "-B", work, "-DGLNOISE=" + glnoise], work)
            run([args.cmake, "--build", work], work)
            run([os.path.join(work, "noise"), "--shader", "graph.spv", "--raw", "values.f32"], work)
        else:
            run([glnoise, "shader", "--language", "wgsl", "--graph", graph, "--out", "mountains.wgsl",
                 "--table-out", "table.i32"], work)
            run([python, os.path.join(EXAMPLES, "webgpu", "noise.py"), "--graph", "--library", "mountains.wgsl",
                 "--raw", "values.f32"], work)
        run([glnoise, "bake", "--graph", graph, "--size", "%dx%d" % (SIZE, SIZE), "--backend", "cpu",
             "--out", "reference.r32"], work)
        # The tolerance `glnoise check --graph` allows the GPU for this graph (twice that for
        # WGSL, which has no `precise`, as the port tests allow).
        said = subprocess.run([glnoise, "check", "--graph", graph, "--size", "16x16"], capture_output=True, text=True).stdout
        match = re.search(r"tolerance ([0-9.e+-]+)", said)
        if not match:
            sys.exit("run_example: glnoise check --graph printed no tolerance:\n" + said)
        return compare(args.example, floats(os.path.join(work, "values.f32")),
                       floats(os.path.join(work, "reference.r32")),
                       float(match.group(1)) * (2 if args.example == "webgpu-graph" else 1))
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
    return compare(args.example, floats(os.path.join(work, "values.f32")), floats(os.path.join(work, "reference.r32")),
                   1e-5 * sum(0.5 ** i for i in range(6)))


def compare(example, got, want, tolerance):
    """Every value of the example's within tolerance of the bake's, and not all near zero."""
    if len(got) != len(want):
        sys.exit("run_example: %d values, the bake has %d" % (len(got), len(want)))
    worst, where = 0.0, 0
    for i, (g, w) in enumerate(zip(got, want)):
        d = abs(g - w)
        if not d <= worst:  # NaN too
            worst, where = d, i
    print("%s example: max |example - glnoise bake| = %.3g at texel (%d, %d); tolerance %.3g" % (
        example, worst, where % SIZE, where // SIZE, tolerance))
    if not worst <= tolerance:
        sys.exit("run_example: texel (%d, %d): expected %.9g, got %.9g" % (
            where % SIZE, where // SIZE, want[where], got[where]))
    if max(abs(v) for v in got) < 0.1:
        sys.exit("run_example: the values are all near zero: the shader did not run")


# The red channel of what gl drew in its w x h viewport, from the top row down.
GREY_ROWS = """
function glnGreyRows(gl, w, h) {
  const rgba = new Uint8Array(w * h * 4);
  gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
  const grey = [];
  for (let y = h - 1; y >= 0; --y)
    for (let x = 0; x < w; ++x) grey.push(rgba[4 * (y * w + x)]);
  return grey;
}
"""

# The page's pixels: drawn again with its own program and state (a WebGL canvas keeps no
# pixels once shown), in the same task as the read.
READ_CANVAS = GREY_ROWS + """
const canvas = document.getElementById("noise");
const gl = canvas.getContext("webgl2");
gl.drawArrays(gl.TRIANGLES, 0, 3);
return glnGreyRows(gl, canvas.width, canvas.height);
"""


def serve_page(folder, chromium, chromedriver):
    """Serves FOLDER over HTTP, opens its index.html in headless Chromium, waits for the
    page to say it drew, and writes its pixels to FOLDER/page.grey."""
    import functools
    import http.server
    import threading
    import time

    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with browser(argparse.Namespace(chromium=chromium, chromedriver=chromedriver)) as driver:
            driver.get("http://127.0.0.1:%d/index.html" % server.server_address[1])
            # Until the page says how it went, however long this machine takes (a page that
            # never does is stopped by the test's own CTest TIMEOUT).
            status = "loading"
            while status.startswith("loading"):
                time.sleep(0.2)
                status = driver.execute_script("return document.getElementById('status').textContent")
            print("page: " + status)
            if not status.startswith(("6 octaves", "the noise graph")):
                sys.exit("run_example: the page did not draw: " + status)
            grey = driver.execute_script(READ_CANVAS)
    finally:
        server.shutdown()
    with open(os.path.join(folder, "page.grey"), "wb") as f:
        f.write(bytes(grey))


# A canvas item's fragment shader as GLSL ES 3.00: UV is (0, 0) at the top left of the
# 512 x 512 item, COLOR its output.
GODOT_SHIM = """#version 300 es
precision highp float;
precision highp int;
out vec4 gln_godot_color;
#define COLOR gln_godot_color
#define UV vec2(gl_FragCoord.x / 512.0, 1.0 - gl_FragCoord.y / 512.0)
"""

DRAW_FRAGMENT = WEBGL_PROGRAM + GREY_ROWS + """
const [fragment, size] = arguments;
const canvas = document.createElement("canvas");
canvas.width = canvas.height = size;
const gl = canvas.getContext("webgl2");
const failed = {};
if (!glnProgram(gl, fragment, failed)) return "error: " + failed.log;
gl.viewport(0, 0, size, size);
gl.drawArrays(gl.TRIANGLES, 0, 3);
return glnGreyRows(gl, size, size);
"""


def godot_as_webgl(folder, chromium, chromedriver):
    """Runs FOLDER's one .gdshader, with the .gdshaderinc it includes from FOLDER, as a
    WebGL2 fragment shader through GODOT_SHIM and writes its pixels to FOLDER/page.grey."""
    shaders = [name for name in os.listdir(folder) if name.endswith(".gdshader")]
    if len(shaders) != 1:
        sys.exit("run_example: %s holds %d .gdshader files, not one" % (folder, len(shaders)))
    with open(os.path.join(folder, shaders[0]), encoding="utf-8") as f:
        text = f.read()

    def included(m):
        with open(os.path.join(folder, m.group(1)), encoding="utf-8") as f:
            return f.read()

    steps = [
        (r"(?m)^shader_type canvas_item;$", ""),
        (r'(?m)^#include "res://(\w+\.gdshaderinc)"$', included),
        # uniform T name : hints = value;  ->  const T name = value;
        (r"(?m)^uniform (\w+) (\w+)(?: : [^=;]*)? = ([^;]+);$", r"const \1 \2 = \3;"),
        (r"\bvoid fragment\(\)", "void main()"),
    ]
    for pattern, replacement in steps:
        text, n = re.subn(pattern, replacement, text)
        if n == 0:
            sys.exit("run_example: noise.gdshader has no %s to turn into WebGL2" % pattern)
    source = GODOT_SHIM + text
    with open(os.path.join(folder, "godot-as-webgl2.frag"), "w", encoding="utf-8") as f:
        f.write(source)
    with browser(argparse.Namespace(chromium=chromium, chromedriver=chromedriver)) as driver:
        grey = driver.execute_script(DRAW_FRAGMENT, source, SIZE)
    if isinstance(grey, str):
        sys.exit("run_example: %s (the shader: %s)" % (grey, os.path.join(folder, "godot-as-webgl2.frag")))
    with open(os.path.join(folder, "page.grey"), "wb") as f:
        f.write(bytes(grey))


def compare_grey(path, want):
    with open(path, "rb") as f:
        got = f.read()
    if len(got) != SIZE * SIZE:
        sys.exit("run_example: the page has %d pixels, not %d" % (len(got), SIZE * SIZE))
    worst, where, expected = 0.0, 0, 0.0
    for i, w in enumerate(want):
        level = 255.0 * min(max(w * 0.5 + 0.5, 0.0), 1.0)
        d = abs(got[i] - level)
        if d > worst:
            worst, where, expected = d, i, level
    print("max |pixel - 255 clamp(bake / 2 + 1/2)| = %.3g levels at pixel (%d, %d)" % (
        worst, where % SIZE, where // SIZE))
    if worst > 1.0:
        sys.exit("run_example: pixel (%d, %d): expected %.3f, got %d" % (where % SIZE, where // SIZE, expected, got[where]))
    if max(got) - min(got) < 64:
        sys.exit("run_example: the page's pixels hardly vary: the shader did not run")


if __name__ == "__main__":
    # The browser's half, run by the Python that has selenium:
    #   run_example.py --in-browser page|godot FOLDER --chromium C --chromedriver D
    if "--in-browser" in sys.argv:
        step = argparse.ArgumentParser()
        step.add_argument("--in-browser", nargs=2, required=True, metavar=("STEP", "FOLDER"))
        step.add_argument("--chromium", required=True)
        step.add_argument("--chromedriver", required=True)
        a = step.parse_args()
        what, folder = a.in_browser
        {"page": serve_page, "godot": godot_as_webgl}[what](folder, a.chromium, a.chromedriver)
    else:
        main()
