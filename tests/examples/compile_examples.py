#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compiles the shader examples that have no runtime on this machine, with the library
(or the graph's source) their comments say to make, through glslangValidator: the WebGL2
page's shaders as GLSL ES 3.00, the Unity shaders' programs and the Unreal includes as HLSL
(glslang's HLSL front end; Unity's UnityCG.cginc replaced by
tests/examples/unity/UnityCG.cginc).

    compile_examples.py --glnoise GLNOISE --glslang GLSLANG --work DIR

This shows that what the examples add to the library is valid in the language; it does
not run them (no Unity or Unreal here; the WebGL2 page also runs, in examples.webgl2).
Unity's material must name the shader's GUID (from its .meta) and set only properties the
shader declares.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")


def run(cmd, cwd):
    print("$ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("compile_examples: %s failed:\n%s%s" % (" ".join(cmd), r.stdout, r.stderr))


def read(*path):
    with open(os.path.join(*path), encoding="utf-8") as f:
        return f.read()


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def check_unity_material(shader):
    """GlnoiseFbm.mat refers to the shader by the GUID of GlnoiseFbm.shader.meta, and each
    value it saves is a property the shader declares, of the kind it saves it as."""
    guid = re.search(r"(?m)^guid: ([0-9a-f]{32})$", read(EXAMPLES, "unity", "GlnoiseFbm.shader.meta"))
    material = read(EXAMPLES, "unity", "GlnoiseFbm.mat")
    ref = re.search(r"m_Shader: \{fileID: 4800000, guid: ([0-9a-f]{32}), type: 3\}", material)
    if not guid or not ref or guid.group(1) != ref.group(1):
        sys.exit("compile_examples: GlnoiseFbm.mat does not name the shader's GUID from GlnoiseFbm.shader.meta")
    declared = dict(re.findall(r'(?m)^\s*(_\w+) \("[^"]*", (\w+)', shader))
    floats = re.search(r"m_Floats:\n((?:    - \w+: .*\n)*)", material)
    saved = re.findall(r"- (\w+): ", floats.group(1)) if floats else []
    if not saved:
        sys.exit("compile_examples: GlnoiseFbm.mat saves no float properties")
    for name in saved:
        if declared.get(name) not in ("Float", "Range"):
            sys.exit("compile_examples: GlnoiseFbm.mat sets %s, which GlnoiseFbm.shader does not declare as "
                     "a Float or Range (it declares %s)" % (name, declared or "none"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--glnoise", required=True)
    ap.add_argument("--glslang", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    glnoise, glslang, work = (os.path.abspath(p) for p in (args.glnoise, args.glslang, args.work))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    # WebGL2: the page's two shaders, as the page assembles them.
    run([glnoise, "shader", "--language", "gles", "fbm", "--out", "glnoise.glsl"], work)
    page = read(EXAMPLES, "webgl2", "index.html")
    version = "#version 300 es\nprecision highp float;\nprecision highp int;\n"
    blocks = dict(re.findall(r'<script type="x-shader/x-\w+" id="(\w+)">(.*?)</script>', page, re.S))
    if set(blocks) != {"vertex", "fragment"}:
        sys.exit("compile_examples: index.html: expected a vertex and a fragment shader, found %s" % sorted(blocks))
    write(os.path.join(work, "webgl2.vert"), version + blocks["vertex"])
    write(os.path.join(work, "webgl2.frag"), version + read(work, "glnoise.glsl") + blocks["fragment"])
    run([glslang, "webgl2.vert"], work)
    run([glslang, "webgl2.frag"], work)

    # Unity: the CGPROGRAM block, both entry points; the library's shader and the graph's.
    graph = os.path.join(EXAMPLES, "graphs", "mountains.json")
    run([glnoise, "shader", "--language", "hlsl", "--table", "const", "fbm", "--out", "glnoise.hlsl"], work)
    run([glnoise, "shader", "--language", "hlsl", "--table", "const", "--graph", graph, "--out", "mountains.hlsl"], work)
    shutil.copy(os.path.join(HERE, "unity", "UnityCG.cginc"), work)
    for name in ("GlnoiseFbm", "GlnoiseGraph"):
        shader = read(EXAMPLES, "unity", name + ".shader")
        program = re.search(r"CGPROGRAM\n(.*?)ENDCG", shader, re.S)
        if not program:
            sys.exit("compile_examples: %s.shader has no CGPROGRAM block" % name)
        write(os.path.join(work, name + ".hlsl"), program.group(1))
        run([glslang, "-D", "-V", "-S", "vert", "-e", "vert", "-o", name + ".vert.spv", name + ".hlsl"], work)
        run([glslang, "-D", "-V", "-S", "frag", "-e", "frag", "-o", name + ".frag.spv", name + ".hlsl"], work)
        if name == "GlnoiseFbm":
            check_unity_material(shader)

    # Unreal: the includes, called as their Custom nodes call them.
    run([glnoise, "shader", "--language", "hlsl", "--table", "const", "fbm", "--out", "glnoise.ush"], work)
    run([glnoise, "shader", "--language", "hlsl", "--table", "const", "--graph", graph, "--out", "mountains.ush"], work)
    for name, inputs, values in (("GlnoiseFbm", "float Frequency, float Octaves", "8.0, 6.0"),
                                 ("GlnoiseGraph", "float Size", "512.0")):
        shutil.copy(os.path.join(EXAMPLES, "unreal", name + ".ush"), work)
        code = re.search(r"//   Code: (.*)", read(EXAMPLES, "unreal", name + ".ush")).group(1)
        write(os.path.join(work, name + "-node.hlsl"), '#include "%s.ush"\n' % name +
              "float CustomNode(float2 UV, %s) {\n    %s\n}\n" % (inputs, code) +
              "float4 main(float2 uv : TEXCOORD0) : SV_Target { return CustomNode(uv, %s).xxxx; }\n" % values)
        run([glslang, "-D", "-V", "-S", "frag", "-e", "main", "-o", name + ".spv", name + "-node.hlsl"], work)
    print("compile_examples: the WebGL2, Unity and Unreal examples (the library's and a graph's) compile; "
        "Unity's material fits its shader")


if __name__ == "__main__":
    main()
