#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs noise graphs as one function (`glnoise shader --graph G --language L`) in one
shader language on this machine and has glnoise_port_graphs compare each with the
reference's bake of the graph, as `glnoise check` does.

    run_graphs.py --language vulkan|hlsl|wgsl|gles|godot|msl --glnoise GLNOISE --checker CHECKER
                  --graphs DIR [--params constants|uniform] [--scale X] [--sine-tolerance T]
                  [--glslang G --vulkan-run R]
                  [--chromium C --chromedriver D]
                  [--cxx CXX --include DIR...]

DIR is glnoise_port_graphs --draw's: graphs.txt, and per graph its JSON and its table.
For each graph the source is glnoise's, then an entry point that evaluates gln_graph at
every texel (x, y, z) of the graph's grid (a scalar, vec2, vec3 or vec4 p by its dims)
into 4 floats: Vulkan GLSL and HLSL through glslang on Vulkan (lavapipe here, through
glnoise_vulkan_run), WGSL on WebGPU (wgpu from PyPI), GLSL ES 3.00 and Godot's language
(as GLSL ES, as run_port.py runs it) in headless Chromium, Metal compiled as C++ over
tests/ports/msl/metal_stdlib (every graph in one program, a namespace each). With
--params uniform the graph's numbers and frames come from its block (--params-out's
bytes) at binding 1: a uniform block, a constant buffer or a WGSL uniform buffer. --scale
multiplies the tolerance (WGSL has no `precise`); --sine-tolerance is the least tolerance
of a graph whose source calls sin or cos (SwiftShader's are Vulkan's 2^-11, as run_port.py
says).
"""
import argparse
import contextlib
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_port  # noqa: E402  (the runtimes' drivers)

POINT = {
    "glsl": ["", "float(x)", "vec2(x, y)", "vec3(x, y, z)", "vec4(x, y, z, 0.0)"],
    "hlsl": ["", "float(x)", "float2(x, y)", "float3(x, y, z)", "float4(x, y, z, 0.0)"],
    "wgsl": ["", "x", "vec2<f32>(x, y)", "vec3<f32>(x, y, z)", "vec4<f32>(x, y, z, 0.0)"],
    "msl": ["", "float(x)", "metal::float2(x, y)", "metal::float3(x, y, z)", "metal::float4(x, y, z, 0.0f)"],
}

ENTRY = {
    "vulkan": """
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 2) writeonly buffer Values { vec4 values[]; };
void main() {
    int i = int(gl_GlobalInvocationID.x);
    float x = float(i % GLN_W), y = float((i / GLN_W) % GLN_H), z = float(i / (GLN_W * GLN_H));
    values[i] = gln_graph(POINT);
}
""",
    "hlsl": """
RWStructuredBuffer<float4> values : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int i = int(id.x);
    float x = float(i % GLN_W), y = float((i / GLN_W) % GLN_H), z = float(i / (GLN_W * GLN_H));
    values[i] = gln_graph(POINT);
}
""",
    "wgsl": """
@group(0) @binding(2) var<storage, read_write> values: array<vec4<f32>>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = i32(id.x);
    let x = f32(i % GLN_W);
    let y = f32((i / GLN_W) % GLN_H);
    let z = f32(i / (GLN_W * GLN_H));
    values[i] = gln_graph(POINT);
}
""",
    # Fragment i of one row.
    "gles": """
out vec4 gln_value;
void main() {
    int i = int(gl_FragCoord.x);
    float x = float(i % GLN_W), y = float((i / GLN_W) % GLN_H), z = float(i / (GLN_W * GLN_H));
    gln_value = gln_graph(POINT);
}
""",
}

# WebGL2: one row of RGBA32F fragments, read back whole.
GRAPH_PAGE = run_port.WEBGL_PROGRAM + """
const [fragment, count] = arguments;
const canvas = document.createElement("canvas");
const gl = canvas.getContext("webgl2");
if (!gl) return {error: "no WebGL2 in this browser"};
if (!gl.getExtension("EXT_color_buffer_float")) return {error: "no EXT_color_buffer_float"};
const failed = {};
const program = glnProgram(gl, fragment, failed);
if (!program) return {error: failed.log};
const target = gl.createTexture();
gl.bindTexture(gl.TEXTURE_2D, target);
gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, count, 1);
gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
if (gl.checkFramebufferStatus(gl.FRAMEBUFFER) !== gl.FRAMEBUFFER_COMPLETE) return {error: "RGBA32F is not renderable"};
gl.viewport(0, 0, count, 1);
gl.drawArrays(gl.TRIANGLES, 0, 3);
const read = new Float32Array(count * 4);
gl.readPixels(0, 0, count, 1, gl.RGBA, gl.FLOAT, read);
const out = new Uint8Array(read.buffer);
let text = "";
for (let j = 0; j < out.length; j += 8192) text += String.fromCharCode.apply(null, out.subarray(j, j + 8192));
return {values: btoa(text)};
"""


def graphs(args):
    out = []
    with open(os.path.join(args.graphs, "graphs.txt"), encoding="utf-8") as f:
        for line in f:
            name, w, h, d, dims = line.split()
            out.append((name, int(w), int(h), int(d), int(dims)))
    if not out:
        sys.exit("run_graphs: %s lists no graph" % args.graphs)
    return out


def graph_source(args, name):
    """`glnoise shader --graph` for the graph, its table in the language's default form."""
    cmd = [args.glnoise, "shader", "--graph", os.path.join(args.graphs, name + ".json"), "--language", args.language]
    if args.params == "uniform":
        cmd += ["--params", "uniform", "--params-out", block_path(args, name)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("run_graphs: %s failed:\n%s" % (" ".join(cmd), r.stderr))
    return r.stdout


def block_path(args, name):
    return os.path.join(args.work, name + ".block.bin")


def bounds(language, w, h):
    if language == "wgsl":
        return "const GLN_W: i32 = %d;\nconst GLN_H: i32 = %d;\n" % (w, h)
    return "#define GLN_W %d\n#define GLN_H %d\n" % (w, h)


def entry(language, dims):
    kind = {"vulkan": "glsl", "gles": "glsl", "godot": "glsl"}.get(language, language)
    return ENTRY["gles" if language == "godot" else language].replace("POINT", POINT[kind][dims])


SINE = re.compile(r"\b(sin|cos)\(")
# A channel's line from glnoise_port_graphs --check.
LINE = re.compile(r"max \|gpu - cpu\| = ([0-9.e+-]+|inf|nan) .*; tolerance ([0-9.e+-]+):")


def run_one(args, g, out, device, driver):
    name, w, h, d, dims = g
    n = w * h * d
    groups = (n + 63) // 64
    table = os.path.join(args.graphs, name + ".i32")
    stem = os.path.join(args.work, "%s-%s" % (name, args.language))
    if args.language in ("vulkan", "hlsl"):
        text = graph_source(args, name)
        if args.language == "vulkan":
            text = "#version 450\n" + text
        text += bounds(args.language, w, h) + entry(args.language, dims)
        src = stem + (".comp" if args.language == "vulkan" else ".hlsl")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        cmd = [args.glslang, "-V", "-S", "comp", "-o", stem + ".spv", src]
        if args.language == "hlsl":
            cmd[1:1] = ["-D", "-e", "main", "-DGLN_TABLES=static"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return "glslang failed on %s:\n%s%s" % (src, r.stdout, r.stderr)
        cmd = [args.vulkan_run, stem + ".spv", "--groups", str(groups), "--in", "0=" + table,
               "--out", "2=%s:%d" % (out, groups * 64 * 16)]
        if args.params == "uniform":
            cmd += ["--uniform", "1=" + block_path(args, name)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return "%s failed:\n%s" % (" ".join(cmd), r.stderr)
    elif args.language == "wgsl":
        import wgpu

        text = graph_source(args, name) + bounds("wgsl", w, h) + entry("wgsl", dims)
        with open(stem + ".wgsl", "w", encoding="utf-8") as f:
            f.write(text)
        module = device.create_shader_module(code=text)
        pipeline = device.create_compute_pipeline(layout="auto", compute={"module": module, "entry_point": "main"})
        with open(table, "rb") as f:
            entries = f.read()
        usage = wgpu.BufferUsage.STORAGE
        values = device.create_buffer(size=groups * 64 * 16, usage=usage | wgpu.BufferUsage.COPY_SRC)
        bound = [{"binding": 2, "resource": {"buffer": values}}]
        if "gln_perm_table[" in text:  # a graph of no lattice leaves reads no table: no binding
            bound.append({"binding": 0, "resource": {"buffer": device.create_buffer_with_data(data=entries, usage=usage)}})
        if args.params == "uniform":
            with open(block_path(args, name), "rb") as f:
                block = device.create_buffer_with_data(data=f.read(), usage=wgpu.BufferUsage.UNIFORM)
            bound.append({"binding": 1, "resource": {"buffer": block}})
        group = device.create_bind_group(layout=pipeline.get_bind_group_layout(0), entries=bound)
        encoder = device.create_command_encoder()
        compute = encoder.begin_compute_pass()
        compute.set_pipeline(pipeline)
        compute.set_bind_group(0, group)
        compute.dispatch_workgroups(groups)
        compute.end()
        device.queue.submit([encoder.finish()])
        with open(out, "wb") as f:
            f.write(bytes(device.queue.read_buffer(values)))
    else:  # gles, godot
        import base64

        # Godot's language as GLSL ES 3.00, as run_port.py runs it: the version and precision
        # lines added (GLSL ES's own source holds its precision lines under GL_ES too).
        text = "#version 300 es\nprecision highp float;\nprecision highp int;\n" + graph_source(args, name) + \
            bounds("gles", w, h) + entry(args.language, dims)
        with open(stem + ".frag", "w", encoding="utf-8") as f:
            f.write(text)
        r = driver.execute_script(GRAPH_PAGE, text, n)
        if "error" in r:
            return "WebGL2: %s (source: %s.frag)" % (r["error"], stem)
        with open(out, "wb") as f:
            f.write(base64.b64decode(r["values"]))
    with open(out, "r+b") as f:
        f.truncate(16 * n)
    args.sines[name] = bool(SINE.search(text))
    return None


def run_metal(args, all_graphs):
    """Every graph's Metal in one C++ program, a namespace each, which writes each one's values."""
    main = os.path.join(args.work, "graphs-msl.cpp")
    lines = ["#include <metal_stdlib>", "#include <cstdio>", ""]
    for g in all_graphs:
        name = g[0]
        path = os.path.join(args.work, name + ".metal")
        text = graph_source(args, name)
        args.sines[name] = bool(SINE.search(text))
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        lines += ["namespace %s {" % name.replace("-", "_"), '#include "%s"' % path, "}", ""]
    lines += ["int main() {"]
    for name, w, h, d, dims in all_graphs:
        ns = name.replace("-", "_")
        out = os.path.join(args.work, "%s-msl.values.f32" % name)
        lines += ["    {",
                  '        std::FILE* f = std::fopen("%s", "wb");' % out,
                  "        if (!f) return 1;",
                  "        for (int i = 0; i < %d; ++i) {" % (w * h * d),
                  "            float x = float(i %% %d), y = float((i / %d) %% %d), z = float(i / %d);" % (w, w, h, w * h),
                  "            (void)y; (void)z;",
                  "            metal::float4 v = %s::gln_graph(%s);" % (ns, POINT["msl"][dims]),
                  "            float o[4] = {v.x, v.y, v.z, v.w};",
                  "            std::fwrite(o, sizeof o, 1, f);",
                  "        }",
                  "        std::fclose(f);",
                  "    }"]
    lines += ["    return 0;", "}", ""]
    with open(main, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    exe = os.path.join(args.work, "graphs-msl")
    cmd = [args.cxx, "-std=c++17", "-O0", "-ffp-contract=off", "-w"] + ["-I" + i for i in args.include] + [
        "-o", exe, main]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("run_graphs: the Metal graphs did not compile as C++:\n%s" % r.stderr[-6000:])
    r = subprocess.run([exe], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("run_graphs: %s failed (%d)" % (exe, r.returncode))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--language", required=True, choices=["vulkan", "hlsl", "wgsl", "gles", "godot", "msl"])
    ap.add_argument("--glnoise", required=True)
    ap.add_argument("--checker", required=True, help="glnoise_port_graphs")
    ap.add_argument("--graphs", required=True, help="glnoise_port_graphs --draw's folder")
    ap.add_argument("--work", help="where the sources and values go (default: GRAPHS/LANGUAGE)")
    ap.add_argument("--params", choices=["constants", "uniform"], default="constants")
    ap.add_argument("--scale", type=float, default=1.0, help="tolerance multiplier")
    ap.add_argument("--sine-tolerance", type=float, default=0.0,
                    help="the least tolerance of a graph whose source calls sin or cos")
    ap.add_argument("--glslang")
    ap.add_argument("--vulkan-run")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    ap.add_argument("--cxx", default="c++")
    ap.add_argument("--include", action="append", default=[], help="Metal as C++: include folders")
    args = ap.parse_args()
    if args.params == "uniform" and args.language not in ("vulkan", "hlsl", "wgsl"):
        ap.error("--params uniform: run here for vulkan, hlsl and wgsl")
    args.work = args.work or os.path.join(args.graphs, args.language + ("-uniform" if args.params == "uniform" else ""))
    args.sines = {}
    os.makedirs(args.work, exist_ok=True)
    all_graphs = graphs(args)
    failed = []
    worst = 0.0  # the largest max |got - expected| / tolerance of a channel
    with contextlib.ExitStack() as stack:
        device = driver = None
        if args.language == "wgsl":
            device = run_port.wgpu_device()
        elif args.language in ("gles", "godot"):
            driver = stack.enter_context(run_port.browser(args))
        if args.language == "msl":
            run_metal(args, all_graphs)
        for g in all_graphs:
            out = os.path.join(args.work, "%s-%s.values.f32" % (g[0], args.language))
            if args.language != "msl":
                error = run_one(args, g, out, device, driver)
                if error:
                    print("%s: %s" % (g[0], error))
                    failed.append(g[0])
                    continue
            cmd = [args.checker, "--check", os.path.join(args.graphs, g[0] + ".json"), "--grid", str(g[1]), str(g[2]),
                   str(g[3]), "--values", out, "--scale", str(args.scale),
                   "--least", str(args.sine_tolerance if args.sines.get(g[0]) else 0.0)]
            r = subprocess.run(cmd, capture_output=True, text=True)
            print("%s (%dD, %dx%dx%d): %s" % (g[0], g[4], g[1], g[2], g[3], "PASS" if r.returncode == 0 else "FAIL"))
            sys.stdout.write(r.stdout)
            for m in LINE.finditer(r.stdout):
                if float(m.group(2)) > 0:
                    worst = max(worst, float(m.group(1)) / float(m.group(2)))
            if r.returncode != 0:
                sys.stdout.write(r.stderr)
                failed.append(g[0])
    print("%s: %d graphs, %d failed%s; the worst channel used %.3g of its tolerance" % (
        args.language, len(all_graphs), len(failed), (": " + ", ".join(failed)) if failed else "", worst))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
