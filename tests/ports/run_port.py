#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs glnoise's library in one shader language on this machine and compares every case
of tests/ports/cases.glsl, at every point, with its C++ twin.

    run_port.py --language vulkan|hlsl|wgsl|gles|godot --glnoise GLNOISE --cases CASES --data DIR
                [--glslang GLSLANG --vulkan-run RUNNER] [--chromium C --chromedriver D]
                [--table FORM] [--scale X] [--sine-tolerance T]
                [--library LANGUAGE] [--define NAME=VALUE] [--repeat R] [--chunk N]

The source is what `glnoise shader --language L --seed S` prints, then the cases
(translated with the library at build time, or the GLSL itself), then a small entry point
that writes case k of point i to values[i * GLN_CASES + k]. The cases run in chunks of N
(8; 0: all at once), a shader each, which keeps only its own cases' branches of gln_case:
drivers compile a shader's every branch, and their time grows faster than the shader.
Vulkan GLSL and HLSL go through glslang to SPIR-V and run on Vulkan (Mesa's lavapipe
here, through glnoise_vulkan_run); WGSL runs on WebGPU (wgpu from PyPI, on the same Vulkan driver);
GLSL ES 3.00 runs as a WebGL2 fragment shader in headless Chromium (selenium from PyPI),
and so does Godot's shading language, which glnoise writes as GLSL ES 3.00 without the
version and precision lines (no Godot runs here).
DIR holds glnoise_port_cases' points, table, expected values and tolerances.

A case fails where |got - expected| exceeds its tolerance times --scale (1 where the
language computes as written; docs/shaders.md gives the others and why), and at least
--sine-tolerance for the cases that call sin or cos (SINE_CASES). Failures print
the case, the point, expected and got; the per-case worst differences are printed always.

For comparing forms on one device: --library takes the library from another language's
output (glsl, for Vulkan GLSL with the OpenGL library's const gradient tables), --define
passes a macro to glslang (GLN_TABLES for HLSL), and --repeat times R more dispatches.
"""
import argparse
import array
import contextlib
import os
import re
import socket
import subprocess
import sys
import time

# The entry points run one chunk of the cases: GLN_CHUNK_CASES of them from GLN_CHUNK_FIRST
# (defined before the source), case GLN_CHUNK_FIRST + c of point i into value
# i * GLN_CHUNK_CASES + c.
ENTRY = {
    "vulkan": """
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 1) readonly buffer Points { vec4 points[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Values { float values[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    values[i] = gln_case(GLN_CHUNK_FIRST + int(i % uint(GLN_CHUNK_CASES)), points[i / uint(GLN_CHUNK_CASES)]);
}
""",
    "hlsl": """
StructuredBuffer<float4> points : register(t1);
RWStructuredBuffer<float> values : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    values[i] = gln_case(GLN_CHUNK_FIRST + int(i % GLN_CHUNK_CASES), points[i / GLN_CHUNK_CASES]);
}
""",
    # Value i is fragment i, counted in rows of GLN_WIDTH.
    "gles": """
uniform highp sampler2D gln_points;  // RGBA32F, one point a texel, rows of GLN_WIDTH
out vec4 gln_value;
void main() {
    int i = int(gl_FragCoord.y) * GLN_WIDTH + int(gl_FragCoord.x);
    int n = i / GLN_CHUNK_CASES;
    vec4 p = texelFetch(gln_points, ivec2(n % GLN_WIDTH, n / GLN_WIDTH), 0);
    gln_value = vec4(gln_case(GLN_CHUNK_FIRST + i - n * GLN_CHUNK_CASES, p), 0.0, 0.0, 1.0);
}
""",
    "wgsl": """
@group(0) @binding(1) var<storage, read> points: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> values: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    values[i] = gln_case(GLN_CHUNK_FIRST + i32(i % u32(GLN_CHUNK_CASES)), points[i / u32(GLN_CHUNK_CASES)]);
}
""",
}

# A case's branch in gln_case, as cases.glsl writes it (one line) and as the translator
# does (a block).
CASE_BRANCH = re.compile(r"(?ms)^    if \(k == (\d+)\) (?:return [^\n]*\n|\{\n.*?^    \}\n)")


# The cases of tests/ports/cases.glsl that evaluate sin or cos: value noise with the cosine
# curve (value2, the ridged fractal) and marble. --sine-tolerance is for them.
SINE_CASES = ("value2", "fractal3 ridged", "marble")


def chunk_source(args, text, first, count, total):
    """The shader of cases FIRST..FIRST+COUNT-1: TEXT (the library and the cases) without
    gln_case's other branches, then the chunk's bounds and the entry point. A driver
    inlines every branch of gln_case into the entry point before it can drop any, and
    its time grows faster than the shader (docs/shaders.md has the figures)."""
    seen = []

    def keep(m):
        seen.append(int(m.group(1)))
        return m.group(0) if first <= seen[-1] < first + count else ""

    text = CASE_BRANCH.sub(keep, text)
    if sorted(seen) != list(range(total)):
        sys.exit("run_port: %s: gln_case's branches are not cases 0 to %d once each (found %s); "
                 "CASE_BRANCH no longer matches how the cases are written" % (args.cases, total - 1, sorted(seen)))
    if args.language == "wgsl":
        bounds = "const GLN_CHUNK_FIRST: i32 = %d;\nconst GLN_CHUNK_CASES: i32 = %d;\n"
    else:
        bounds = "#define GLN_CHUNK_FIRST %d\n#define GLN_CHUNK_CASES %d\n"
    return text + "\n" + bounds % (first, count) + ENTRY["gles" if args.language == "godot" else args.language]


def read(path, code):
    a = array.array(code)
    with open(path, "rb") as f:
        a.frombytes(f.read())
    return a


def source(args):
    cmd = [args.glnoise, "shader", "--language", args.library or args.language, "--seed", str(args.seed)]
    if args.table:
        cmd += ["--table", args.table]
    library = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    with open(args.cases, encoding="utf-8") as f:
        cases = f.read()
    if args.language == "vulkan":
        # The GLSL cases include the families the self-contained source already holds.
        cases = re.sub(r'(?m)^#include .*$', "", cases)
        library = re.sub(r'(?m)^#version .*$', "", library)
        return "#version 450\n" + library + cases
    if args.language in ("gles", "godot"):
        # Godot's shading language, as glnoise writes it, is GLSL ES 3.00 without the
        # version and precision lines: the browser runs it as that.
        cases = re.sub(r'(?m)^#include .*$', "", cases)
        return ("#version 300 es\nprecision highp float;\nprecision highp int;\n#define GLN_WIDTH %d\n" % GLES_WIDTH
                + library + cases)
    return library + "\n" + cases


def run_spirv(args, text, data, out, groups, stem):
    ext = ".comp" if args.language == "vulkan" else ".hlsl"
    src = os.path.join(args.work, stem + ext)
    spv = os.path.join(args.work, stem + ".spv")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    cmd = [args.glslang, "-V", "-S", "comp", "-o", spv, src]
    if args.language == "hlsl":
        # glslang's HLSL front end: static tables (see GLN_TABLES in the source's header).
        cmd[1:1] = ["-D", "-e", "main"]
        if not any(d.startswith("GLN_TABLES=") for d in args.define):
            cmd[1:1] = ["-DGLN_TABLES=static"]
    cmd[1:1] = ["-D" + d for d in args.define]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("run_port: glslang failed on %s:\n%s%s" % (src, r.stdout, r.stderr))
    table = os.path.join(data, "table.i32")
    if args.table == "const":
        bindings = []
    else:
        bindings = ["--in", "0=" + table]
    cmd = [args.vulkan_run, spv, "--groups", str(groups)] + bindings + [
        "--in", "1=" + os.path.join(data, "points.f32"), "--out", "2=%s:%d" % (out, groups * 64 * 4),
        "--repeat", str(args.repeat)]
    start = time.time()
    r = subprocess.run(cmd, capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    if r.returncode != 0:
        sys.exit("run_port: %s failed:\n%s" % (" ".join(cmd), r.stderr))
    print("run (pipeline and dispatch): %.2f s" % (time.time() - start))


GLES_WIDTH = 512

# WebGL2: compile, draw case k of point i into texel i * GLN_CASES + k of an RGBA32F
# target (EXT_color_buffer_float), read the red channel back; times in milliseconds.
# What the WebGL2 scripts share: a program of a fragment shader over one triangle that
# covers the viewport (its vertices bound), or null and the compiler's log in error.
WEBGL_PROGRAM = """
function glnProgram(gl, fragment, error) {
  function shader(type, text) {
    const s = gl.createShader(type);
    gl.shaderSource(s, text);
    gl.compileShader(s);
    return s;
  }
  const fs = shader(gl.FRAGMENT_SHADER, fragment);
  const program = gl.createProgram();
  gl.attachShader(program, shader(gl.VERTEX_SHADER,
      "#version 300 es\\nin vec2 corner;\\nvoid main() { gl_Position = vec4(corner, 0.0, 1.0); }\\n"));
  gl.attachShader(program, fs);
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    error.log = "the shader did not compile or link:\\n" + gl.getShaderInfoLog(fs) + gl.getProgramInfoLog(program);
    return null;
  }
  gl.useProgram(program);
  gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
  const corner = gl.getAttribLocation(program, "corner");
  gl.enableVertexAttribArray(corner);
  gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
  return program;
}
"""

GLES_PAGE = WEBGL_PROGRAM + """
const [fragment, pointsBase64, count, width, tableBase64, repeat] = arguments;
const canvas = document.createElement("canvas");
const gl = canvas.getContext("webgl2");
if (!gl) return {error: "no WebGL2 in this browser"};
if (!gl.getExtension("EXT_color_buffer_float")) return {error: "no EXT_color_buffer_float"};
const info = gl.getExtension("WEBGL_debug_renderer_info");
const renderer = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
const begun = performance.now();
const failed = {};
const program = glnProgram(gl, fragment, failed);
if (!program) return {error: failed.log};
const compiled = performance.now();

const points = new Float32Array(bytes(pointsBase64).buffer);
const rows = Math.ceil(points.length / 4 / width);
const padded = new Float32Array(width * rows * 4);
padded.set(points);
gl.activeTexture(gl.TEXTURE0);
gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, width, rows, 0, gl.RGBA, gl.FLOAT, padded);
gl.uniform1i(gl.getUniformLocation(program, "gln_points"), 0);
if (tableBase64) {
  const block = gl.getUniformBlockIndex(program, "GlnPermutation");
  if (block === gl.INVALID_INDEX) return {error: "no uniform block GlnPermutation in the shader"};
  gl.uniformBlockBinding(program, block, 0);
  const table = gl.createBuffer();
  gl.bindBuffer(gl.UNIFORM_BUFFER, table);
  gl.bufferData(gl.UNIFORM_BUFFER, bytes(tableBase64), gl.STATIC_DRAW);
  gl.bindBufferBase(gl.UNIFORM_BUFFER, 0, table);
}

const height = Math.ceil(count / width);
const target = gl.createTexture();
gl.activeTexture(gl.TEXTURE1);  // the points stay on unit 0
gl.bindTexture(gl.TEXTURE_2D, target);
gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, width, height);
gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE) return {error: "RGBA32F is not renderable"};
gl.viewport(0, 0, width, height);
const read = new Float32Array(width * height * 4);
gl.drawArrays(gl.TRIANGLES, 0, 3);
gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, read);
const drawn = performance.now();
let perDraw = 0;
if (repeat > 0) {
  const t = performance.now();
  for (let r = 0; r < repeat; ++r) gl.drawArrays(gl.TRIANGLES, 0, 3);
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.FLOAT, new Float32Array(4));
  perDraw = (performance.now() - t) / repeat;
}
const red = new Float32Array(count);
for (let j = 0; j < count; ++j) red[j] = read[4 * j];
const out = new Uint8Array(red.buffer);
let text = "";
for (let j = 0; j < out.length; j += 8192) text += String.fromCharCode.apply(null, out.subarray(j, j + 8192));
return {renderer: renderer, compile: compiled - begun, first: drawn - compiled, perDraw: perDraw, values: btoa(text)};
"""


def listening(process, port, what, log):
    """Waits for PROCESS to listen on 127.0.0.1:PORT, however long this machine takes (the
    test's CTest TIMEOUT stops one that never does); exits saying why if it ends first."""
    while True:
        if process.poll() is not None:
            with open(log, encoding="utf-8", errors="replace") as f:
                sys.exit("run_port: %s exited (%d) before listening:\n%s" % (what, process.returncode, f.read()))
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def browser(args):
    """Headless Chromium driven by selenium through Debian's chromedriver, as a context.
    WebGL2 runs on SwiftShader (ANGLE's CPU Vulkan), which newer Chromium allows only when
    asked. Chromium and chromedriver are started here and reached at 127.0.0.1: selenium
    and chromedriver would otherwise connect to "localhost", which a machine without
    /etc/hosts (a fresh chroot) does not resolve."""
    import shutil
    import tempfile
    from selenium import webdriver  # from PyPI, installed by the test fixture

    work = tempfile.mkdtemp(prefix="glnoise-browser-")
    chrome_port, driver_port = free_port(), free_port()
    processes = []
    try:
        def start(cmd, name):
            log = os.path.join(work, name + ".log")
            with open(log, "wb") as f:
                processes.append(subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT))
            return processes[-1], log

        chrome, log = start([args.chromium, "--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                             "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=%d" % chrome_port,
                             "--user-data-dir=" + os.path.join(work, "profile"), "about:blank"], "chromium")
        listening(chrome, chrome_port, args.chromium, log)
        server, log = start([args.chromedriver, "--port=%d" % driver_port], "chromedriver")
        listening(server, driver_port, args.chromedriver, log)
        options = webdriver.ChromeOptions()
        options.debugger_address = "127.0.0.1:%d" % chrome_port
        driver = webdriver.Remote(command_executor="http://127.0.0.1:%d" % driver_port, options=options)
        try:
            driver.set_script_timeout(3600)
            yield driver
        finally:
            driver.quit()
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(work, ignore_errors=True)


def run_gles(args, text, data, out, count, stem, driver):
    import base64

    src = os.path.join(args.work, stem + ".frag")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(data, "points.f32"), "rb") as f:
        points = base64.b64encode(f.read()).decode()
    table = None
    if args.table == "uniform":
        # The block's 128 ivec4 hold entry i at [i >> 2][i & 3]: the table file's order.
        with open(os.path.join(data, "table.i32"), "rb") as f:
            table = base64.b64encode(f.read()).decode()
    start = time.time()
    r = driver.execute_script(GLES_PAGE, text, points, count, GLES_WIDTH, table, args.repeat)
    if "error" in r:
        sys.exit("run_port: WebGL2: %s (source: %s)" % (r["error"], src))
    print("device: %s" % r["renderer"])
    with open(out, "wb") as f:
        f.write(base64.b64decode(r["values"]))
    print("compile and link: %.0f ms; first draw and read back: %.0f ms" % (r["compile"], r["first"]))
    if args.repeat:
        print("draw: %.3f ms (mean of %d)" % (r["perDraw"], args.repeat))
    print("run (browser, compile and draw): %.2f s" % (time.time() - start))


def wgpu_device():
    import wgpu  # from PyPI, installed by the test fixture

    adapter = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
    print("device: %s (%s)" % (adapter.info["device"], adapter.info["backend_type"]))
    return adapter.request_device_sync()


def run_wgsl(args, text, data, out, groups, stem, device):
    import wgpu

    src = os.path.join(args.work, stem + ".wgsl")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    start = time.time()
    module = device.create_shader_module(code=text)
    pipeline = device.create_compute_pipeline(layout="auto", compute={"module": module, "entry_point": "main"})
    with open(os.path.join(data, "points.f32"), "rb") as f:
        points = f.read()
    with open(os.path.join(data, "table.i32"), "rb") as f:
        table = f.read()
    usage = wgpu.BufferUsage.STORAGE
    entries = []
    if args.table != "const":
        form = wgpu.BufferUsage.UNIFORM if args.table == "uniform" else usage
        entries.append({"binding": 0, "resource": {"buffer": device.create_buffer_with_data(data=table, usage=form)}})
    entries.append({"binding": 1, "resource": {"buffer": device.create_buffer_with_data(data=points, usage=usage)}})
    values = device.create_buffer(size=groups * 64 * 4, usage=usage | wgpu.BufferUsage.COPY_SRC)
    entries.append({"binding": 2, "resource": {"buffer": values}})
    group = device.create_bind_group(layout=pipeline.get_bind_group_layout(0), entries=entries)

    def dispatch(encoder):
        compute = encoder.begin_compute_pass()
        compute.set_pipeline(pipeline)
        compute.set_bind_group(0, group)
        compute.dispatch_workgroups(groups)
        compute.end()

    encoder = device.create_command_encoder()
    dispatch(encoder)
    device.queue.submit([encoder.finish()])
    with open(out, "wb") as f:
        f.write(bytes(device.queue.read_buffer(values)))
    print("run (pipeline and dispatch): %.2f s" % (time.time() - start))
    if args.repeat:
        # R dispatches in one submission, then one read back (wgpu 0.32's work-done
        # callback does not match its native library): the mean per dispatch.
        encoder = device.create_command_encoder()
        for _ in range(args.repeat):
            dispatch(encoder)
        begun = time.perf_counter()
        device.queue.submit([encoder.finish()])
        device.queue.read_buffer(values)
        print("dispatch: %.3f ms (mean of %d)" % (1000 * (time.perf_counter() - begun) / args.repeat, args.repeat))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--language", required=True, choices=sorted(list(ENTRY) + ["godot"]))
    ap.add_argument("--glnoise", required=True)
    ap.add_argument("--cases", required=True, help="the cases in this language")
    ap.add_argument("--data", required=True, help="glnoise_port_cases' folder")
    ap.add_argument("--work", help="where the source and results go (default: DATA)")
    ap.add_argument("--glslang")
    ap.add_argument("--vulkan-run")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    ap.add_argument("--table", help="the table form (default: the language's)")
    ap.add_argument("--seed", type=int, default=23, help="the seed glnoise_port_cases was given")
    ap.add_argument("--scale", type=float, default=1.0, help="tolerance multiplier")
    ap.add_argument("--sine-tolerance", type=float, default=0.0,
                    help="the least tolerance of the cases that call sin or cos")
    ap.add_argument("--library", help="take the library from this language's output")
    ap.add_argument("--define", action="append", default=[], help="NAME=VALUE for glslang")
    ap.add_argument("--repeat", type=int, default=0, help="time this many more dispatches (of each chunk)")
    ap.add_argument("--chunk", type=int, default=8, help="cases per shader (0: every case in one shader)")
    args = ap.parse_args()
    if args.chunk < 0:
        ap.error("--chunk %d: a count of cases, or 0 for all in one shader" % args.chunk)
    args.work = args.work or args.data

    names = open(os.path.join(args.data, "cases.txt"), encoding="utf-8").read().split("\n")[:-1]
    points = read(os.path.join(args.data, "points.f32"), "f")
    expected = read(os.path.join(args.data, "expected.f32"), "f")
    tolerance = read(os.path.join(args.data, "tolerance.f32"), "f")
    k = len(names)
    n = len(points) // 4
    if n % 64 or len(expected) != n * k:
        sys.exit("run_port: %s: %d points (a multiple of 64 is needed) and %d expected values for %d cases"
                 % (args.data, n, len(expected), k))
    text = source(args)
    stem = "-".join([args.language] + [x for x in (args.library, args.table) if x])
    size = args.chunk or k
    got = array.array("f", bytes(4 * n * k))
    with contextlib.ExitStack() as stack:
        device = driver = None
        if args.language == "wgsl":
            device = wgpu_device()
        elif args.language in ("gles", "godot"):
            driver = stack.enter_context(browser(args))
            print("browser: Chromium %s" % driver.capabilities.get("browserVersion"))
        for first in range(0, k, size):
            count = min(size, k - first)
            print("cases %d to %d:" % (first, first + count - 1))
            chunk = chunk_source(args, text, first, count, k)
            part = "%s-%d" % (stem, first) if size < k else stem
            out = os.path.join(args.work, part + ".values.f32")
            if args.language == "wgsl":
                run_wgsl(args, chunk, args.data, out, n * count // 64, part, device)
            elif args.language in ("gles", "godot"):
                run_gles(args, chunk, args.data, out, n * count, part, driver)
            else:
                run_spirv(args, chunk, args.data, out, n * count // 64, part)
            values = read(out, "f")
            if len(values) != n * count:
                sys.exit("run_port: %s: %d values back, expected %d" % (out, len(values), n * count))
            for i in range(n):
                got[i * k + first:i * k + first + count] = values[i * count:(i + 1) * count]

    missing = [c for c in SINE_CASES if c not in names] if args.sine_tolerance else []
    if missing:
        sys.exit("run_port: --sine-tolerance: no case named %s in cases.txt" % ", ".join(missing))
    sine = [args.sine_tolerance if name in SINE_CASES else 0.0 for name in names]
    worst = [0.0] * k
    ratio = 0.0  # the largest |got - expected| / tolerance
    failures = 0
    for i in range(n):
        for c in range(k):
            j = i * k + c
            d = abs(got[j] - expected[j])
            bound = max(tolerance[j] * args.scale, sine[c])
            ratio = max(ratio, d / bound) if d == d else float("inf")
            if not d <= bound:  # NaN fails too
                failures += 1
                if failures <= 20:
                    p = points[4 * i:4 * i + 4]
                    print("FAIL %s at (%.9g, %.9g, %.9g, %.9g): expected %.9g, got %.9g (|d| = %.3g > %.3g)" % (
                        names[c], p[0], p[1], p[2], p[3], expected[j], got[j], d, bound))
            if d == d:
                worst[c] = max(worst[c], d)
            else:
                worst[c] = float("inf")
    for c in range(k):
        print("%-34s max |%s - C++| = %.3g" % (names[c], args.language, worst[c]))
    print("%s: %d points x %d cases, %d outside tolerance (x%g%s); worst %.3g, %.3g of its tolerance" % (
        args.language, n, k, failures, args.scale,
        ", at least %g where sin or cos is called" % args.sine_tolerance if args.sine_tolerance else "",
        max(worst), ratio))
    # A port that wrote nothing would match nowhere; also require real values.
    if max(abs(v) for v in got) < 0.1:
        sys.exit("run_port: the values are all near zero: the shader did not run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
