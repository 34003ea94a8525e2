#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs glnoise's library in one shader language on this machine and compares every case
of tests/ports/cases.glsl, at every point, with its C++ twin.

    run_port.py --language vulkan|hlsl|wgsl --glnoise GLNOISE --cases CASES --data DIR
                [--glslang GLSLANG --vulkan-run RUNNER] [--table FORM] [--scale X]
                [--library LANGUAGE] [--define NAME=VALUE] [--repeat R]

The source is what `glnoise shader --language L --seed S` prints, then the cases
(translated with the library at build time, or the GLSL itself), then a small entry point
that writes case k of point i to values[i * GLN_CASES + k]. Vulkan GLSL and HLSL go
through glslang to SPIR-V and run on Vulkan (Mesa's lavapipe here, through
glnoise_vulkan_run); WGSL runs on WebGPU (wgpu from PyPI, on the same Vulkan driver).
DIR holds glnoise_port_cases' points, table, expected values and tolerances.

A case fails where |got - expected| exceeds its tolerance times --scale (1 where the
language computes as written; docs/shaders.md gives the others and why). Failures print
the case, the point, expected and got; the per-case worst differences are printed always.

For comparing forms on one device: --library takes the library from another language's
output (glsl, for Vulkan GLSL with the OpenGL library's const gradient tables), --define
passes a macro to glslang (GLN_TABLES for HLSL), and --repeat times R more dispatches.
"""
import argparse
import array
import os
import re
import subprocess
import sys
import time

ENTRY = {
    "vulkan": """
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 1) readonly buffer Points { vec4 points[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Values { float values[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    values[i] = gln_case(int(i % uint(GLN_CASES)), points[i / uint(GLN_CASES)]);
}
""",
    "hlsl": """
StructuredBuffer<float4> points : register(t1);
RWStructuredBuffer<float> values : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    values[i] = gln_case(int(i % GLN_CASES), points[i / GLN_CASES]);
}
""",
    "wgsl": """
@group(0) @binding(1) var<storage, read> points: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> values: array<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    values[i] = gln_case(i32(i % u32(GLN_CASES)), points[i / u32(GLN_CASES)]);
}
""",
}


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
        return "#version 450\n" + library + cases + ENTRY["vulkan"]
    return library + "\n" + cases + ENTRY[args.language]


def run_spirv(args, text, data, out, groups):
    ext = ".comp" if args.language == "vulkan" else ".hlsl"
    src = os.path.join(args.work, args.language + ext)
    spv = os.path.join(args.work, args.language + ".spv")
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


def run_wgsl(args, text, data, out, groups):
    import wgpu  # from PyPI, installed by the test fixture

    src = os.path.join(args.work, "wgsl.wgsl")
    with open(src, "w", encoding="utf-8") as f:
        f.write(text)
    adapter = wgpu.gpu.request_adapter_sync(power_preference="high-performance")
    print("device: %s (%s)" % (adapter.info["device"], adapter.info["backend_type"]))
    device = adapter.request_device_sync()
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
    ap.add_argument("--language", required=True, choices=sorted(ENTRY))
    ap.add_argument("--glnoise", required=True)
    ap.add_argument("--cases", required=True, help="the cases in this language")
    ap.add_argument("--data", required=True, help="glnoise_port_cases' folder")
    ap.add_argument("--work", help="where the source and results go (default: DATA)")
    ap.add_argument("--glslang")
    ap.add_argument("--vulkan-run")
    ap.add_argument("--table", help="the table form (default: the language's)")
    ap.add_argument("--seed", type=int, default=23, help="the seed glnoise_port_cases was given")
    ap.add_argument("--scale", type=float, default=1.0, help="tolerance multiplier")
    ap.add_argument("--library", help="take the library from this language's output")
    ap.add_argument("--define", action="append", default=[], help="NAME=VALUE for glslang")
    ap.add_argument("--repeat", type=int, default=0, help="time this many more dispatches")
    args = ap.parse_args()
    args.work = args.work or args.data

    names = open(os.path.join(args.data, "cases.txt"), encoding="utf-8").read().split("\n")[:-1]
    points = read(os.path.join(args.data, "points.f32"), "f")
    expected = read(os.path.join(args.data, "expected.f32"), "f")
    tolerance = read(os.path.join(args.data, "tolerance.f32"), "f")
    k = len(names)
    n = len(points) // 4
    groups = n * k // 64
    text = source(args)
    out = os.path.join(args.work, "-".join([args.language] + [x for x in (args.library, args.table) if x]) + ".values.f32")
    if args.language == "wgsl":
        run_wgsl(args, text, args.data, out, groups)
    else:
        run_spirv(args, text, args.data, out, groups)
    got = read(out, "f")
    if len(got) != len(expected):
        sys.exit("run_port: %d values back, expected %d" % (len(got), len(expected)))

    worst = [0.0] * k
    ratio = 0.0  # the largest |got - expected| / tolerance
    failures = 0
    for i in range(n):
        for c in range(k):
            j = i * k + c
            d = abs(got[j] - expected[j])
            ratio = max(ratio, d / tolerance[j]) if d == d else float("inf")
            if not d <= tolerance[j] * args.scale:  # NaN fails too
                failures += 1
                if failures <= 20:
                    p = points[4 * i:4 * i + 4]
                    print("FAIL %s at (%.9g, %.9g, %.9g, %.9g): expected %.9g, got %.9g (|d| = %.3g > %.3g)" % (
                        names[c], p[0], p[1], p[2], p[3], expected[j], got[j], d, tolerance[j] * args.scale))
            if d == d:
                worst[c] = max(worst[c], d)
            else:
                worst[c] = float("inf")
    for c in range(k):
        print("%-34s max |%s - C++| = %.3g" % (names[c], args.language, worst[c]))
    print("%s: %d points x %d cases, %d outside tolerance (x%g); worst %.3g, %.3g of its tolerance" % (
        args.language, n, k, failures, args.scale, max(worst), ratio))
    # A port that wrote nothing would match nowhere; also require real values.
    if max(abs(v) for v in got) < 0.1:
        sys.exit("run_port: the values are all near zero: the shader did not run")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
