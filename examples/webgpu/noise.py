#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""glnoise in WebGPU: 6 octaves of Perlin fBm on a 512 x 512 grid in a WGSL compute
shader (wgpu from PyPI), written as a grey PGM image; or, with --graph, a noise graph as
one function.

    glnoise shader --language wgsl fbm --out glnoise.wgsl --table-out table.i32
    python3 -m pip install wgpu
    python3 noise.py [--library glnoise.wgsl] [--table table.i32] [--out noise.pgm]
                     [--raw values.f32]

    glnoise shader --language wgsl --graph ../graphs/mountains.json --out mountains.wgsl --table-out table.i32
    python3 noise.py --graph --library mountains.wgsl

Texel (i, j) samples the point (i, j) / 64, as `glnoise bake --size 512x512 --octaves 6`
does: the values are that bake's, within 2e-5. With --graph texel (i, j) is
gln_graph(vec2(i, j)): the values of `glnoise bake --graph ... --size 512x512`, within the
tolerance `glnoise check --graph` allows. --raw also writes them as float32.
"""
import argparse
import struct

import wgpu

SIZE = 512

# Your shader: the library goes first, then this. gln_fbm2 and its arguments are the GLSL
# library's (docs/glsl.md); the table is at @group(0) @binding(0), as the library's
# header says.
KERNEL = """
@group(0) @binding(1) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if (id.x >= SIZEu || id.y >= SIZEu) { return; }
    let p = vec2<f32>(f32(id.x), f32(id.y)) / 64.0;
    values[id.y * SIZEu + id.x] = gln_fbm2(p, 6, 2.0, 0.5);
}
""".replace("SIZE", str(SIZE))

# The same for a noise graph (glnoise shader --graph): gln_graph at the texel, in the
# graph's texel units; its value is .x.
GRAPH_KERNEL = """
@group(0) @binding(1) var<storage, read_write> values: array<f32>;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    if (id.x >= SIZEu || id.y >= SIZEu) { return; }
    values[id.y * SIZEu + id.x] = gln_graph(vec2<f32>(f32(id.x), f32(id.y))).x;
}
""".replace("SIZE", str(SIZE))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--library", default="glnoise.wgsl", help="glnoise shader --language wgsl's output")
    ap.add_argument("--table", default="table.i32", help="glnoise shader --table-out's .i32")
    ap.add_argument("--out", default="noise.pgm", help="the image (binary PGM)")
    ap.add_argument("--raw", help="also write the values as float32, row 0 first")
    ap.add_argument("--graph", action="store_true", help="the library is a graph's (glnoise shader --graph): call gln_graph")
    args = ap.parse_args()

    with open(args.library, encoding="utf-8") as f:
        source = f.read() + (GRAPH_KERNEL if args.graph else KERNEL)
    with open(args.table, "rb") as f:
        table = f.read()
    if len(table) != 2048:
        raise SystemExit("%s: %d bytes; the table is 512 int32 (2048 bytes)" % (args.table, len(table)))

    device = wgpu.gpu.request_adapter_sync(power_preference="high-performance").request_device_sync()
    pipeline = device.create_compute_pipeline(
        layout="auto", compute={"module": device.create_shader_module(code=source), "entry_point": "main"})
    storage = wgpu.BufferUsage.STORAGE
    values = device.create_buffer(size=SIZE * SIZE * 4, usage=storage | wgpu.BufferUsage.COPY_SRC)
    group = device.create_bind_group(layout=pipeline.get_bind_group_layout(0), entries=[
        {"binding": 0, "resource": {"buffer": device.create_buffer_with_data(data=table, usage=storage)}},
        {"binding": 1, "resource": {"buffer": values}},
    ])
    encoder = device.create_command_encoder()
    compute = encoder.begin_compute_pass()
    compute.set_pipeline(pipeline)
    compute.set_bind_group(0, group)
    compute.dispatch_workgroups(SIZE // 8, SIZE // 8)
    compute.end()
    device.queue.submit([encoder.finish()])
    data = bytes(device.queue.read_buffer(values))

    if args.raw:
        with open(args.raw, "wb") as f:
            f.write(data)
    # fBm of 6 octaves (and the example graph) stays within about +-1: map [-1, 1] to [0, 255].
    floats = struct.unpack("<%df" % (SIZE * SIZE), data)
    pixels = bytes(max(0, min(255, int((v * 0.5 + 0.5) * 255 + 0.5))) for v in floats)
    with open(args.out, "wb") as f:
        f.write(b"P5\n%d %d\n255\n" % (SIZE, SIZE) + pixels)
    print("%s: %dx%d, values from %.3f to %.3f" % (args.out, SIZE, SIZE, min(floats), max(floats)))


if __name__ == "__main__":
    main()
