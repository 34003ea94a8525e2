# SPDX-License-Identifier: MIT
# glnoise.Graph: noise graphs in Python make what `glnoise bake --graph` and `glnoise eval
# --graph` make (the command, GLNOISE_CLI, is the independent maker), in every form a
# graph is given in, and refuse what the command refuses, in its words.
import json
import os
import pickle
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import glnoise

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "graphs").glob("*.json"))


def test_the_examples_are_here():
    assert len(EXAMPLES) >= 8


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_a_graph_bakes_the_commands_values(cli, tmp_path, example):
    graph = glnoise.Graph.from_file(example)
    # Tile (-1, 2) of 64x48 tiles: world texels x from -64, y from 96.
    theirs = cli.bake_r32(tmp_path, "--graph", example, "--tile-size", "64x48", "--tile", "-1,2", "--backend", "cpu")
    mine = graph.bake((48, 64), start=(96, -64), backend="cpu")
    assert mine.shape == theirs.shape
    assert np.array_equal(mine, theirs)
    assert np.array_equal(graph.bake((48, 64), start=(96, -64), backend="reference", threads=1), theirs)
    into = np.full(theirs.shape, np.nan, dtype=np.float32)
    assert graph.bake_into(into, start=(96, -64), backend="cpu", threads=2) is into
    assert np.array_equal(into, theirs)


def test_eval_is_what_the_command_prints(cli):
    graph = glnoise.Graph.from_file(EXAMPLES[0])
    rng = np.random.default_rng(5)
    pts = rng.uniform(-1e4, 1e4, size=(64, graph.dims))
    text = "\n".join(" ".join(repr(float(v)) for v in p) for p in pts) + "\n"
    printed = cli.run("eval", "--graph", EXAMPLES[0], "--backend", "cpu", input=text).stdout
    expected = np.array([[float(v) for v in line.split()] for line in printed.splitlines()], dtype=np.float32)
    got = graph.eval(pts, backend="cpu")
    assert np.array_equal(got.reshape(len(pts), -1), expected)
    with pytest.raises(ValueError, match=r"points shape \(64, 3\): must be \(N, 2\)"):
        graph.eval(np.zeros((64, 3)), backend="cpu")
    with pytest.raises(ValueError, match=r"must be \(N, 2\) for a graph of dims 2"):
        graph.eval(np.zeros(2), backend="cpu")


@pytest.mark.parametrize("name", ["a.r32", "a.png", "a.exr"])
def test_save_writes_the_commands_file_and_its_record_holds_the_graph(cli, tmp_path, name):
    # Named graph.json, as the record of a graph saved from Python names it.
    shutil.copy(EXAMPLES[0], tmp_path / "graph.json")
    graph = glnoise.Graph.from_file(tmp_path / "graph.json")
    mine = tmp_path / "mine" / name
    mine.parent.mkdir()
    summary = graph.save(mine, (48, 64), backend="cpu")
    theirs = tmp_path / name
    said = cli.run("bake", "--graph", tmp_path / "graph.json", "--size", "64x48", "--backend", "cpu",
                   "--out", theirs).stdout
    assert summary.replace(str(mine), str(theirs)) in said
    if name.endswith(".r32"):
        assert mine.read_bytes() == theirs.read_bytes()
        a = json.loads((tmp_path / "mine" / (name + ".json")).read_text())
        b = json.loads((tmp_path / (name + ".json")).read_text())
        assert a == b
    else:
        assert len(mine.read_bytes()) == len(theirs.read_bytes())
        assert cli.run("verify", mine).returncode == 0
    # The record carries the graph: Graph.from_file reads it, the command re-bakes it.
    assert glnoise.Graph.from_file(mine) == graph
    again = tmp_path / ("again-" + name)
    cli.run("bake", "--from", mine, "--out", again, "--backend", "cpu")
    assert again.read_bytes() == mine.read_bytes()


def test_save_keeps_the_mapping_and_from_file_reads_it_back(tmp_path):
    graph = glnoise.Graph.from_file(EXAMPLES[0]).replace(colormap="terrain", range=(-1, 1))
    assert graph.colormap == "terrain" and graph.range == (-1.0, 1.0)
    graph.save(tmp_path / "m.png", (16, 16), backend="cpu")
    back = glnoise.Graph.from_file(tmp_path / "m.png")
    assert back == graph
    assert back.colormap == "terrain" and back.range == (-1.0, 1.0)


def test_every_form_of_a_graph_is_the_same_graph(cli, tmp_path):
    text = EXAMPLES[0].read_text()
    from_file = glnoise.Graph.from_file(EXAMPLES[0])
    compact = cli.run("bake", "--graph", EXAMPLES[0], "--print-graph", "--compact").stdout.strip()
    assert compact.startswith("gln1.")
    (tmp_path / "g.gln").write_text(compact + "\n")
    forms = [glnoise.Graph(json.loads(text)), glnoise.Graph(text), glnoise.Graph(compact),
             glnoise.Graph.from_file(tmp_path / "g.gln"), glnoise.Graph(from_file)]
    for g in forms:
        assert g == from_file and hash(g) == hash(from_file)
    assert from_file.compact() == compact
    printed = cli.run("bake", "--graph", EXAMPLES[0], "--print-graph").stdout
    assert json.loads(from_file.json()) == json.loads(printed)
    assert from_file.to_dict() == json.loads(printed)
    # repr is the expression that makes an equal graph; a graph pickles.
    again = eval(repr(from_file), {"glnoise": glnoise})
    assert again == from_file
    assert pickle.loads(pickle.dumps(from_file)) == from_file
    limited = from_file.replace(no_octave_limit=True, bits=16)
    assert limited != from_file
    assert eval(repr(limited), {"glnoise": glnoise}) == limited
    assert pickle.loads(pickle.dumps(limited)) == limited
    with pytest.raises(AttributeError, match="immutable"):
        from_file.dims = 3


def test_a_noise_is_a_graph_of_one_chain(cli, tmp_path):
    noise = glnoise.Noise(octaves=5, fractal="ridged", warp_amount=0.6, frequency=1 / 48, seed=9)
    graph = noise.to_graph()
    printed = cli.run("bake", "--octaves", "5", "--fractal", "ridged", "--warp-amount", "0.6", "--frequency",
                      str(1 / 48), "--seed", "9", "--print-graph").stdout
    assert graph == glnoise.Graph(printed)
    assert graph.dims == 2
    assert np.array_equal(graph.bake((40, 56), backend="cpu"), noise.bake((40, 56), backend="cpu"))
    assert noise.to_graph(dims=3).dims == 3
    assert glnoise.Noise(dims=3).to_graph().dims == 3
    with pytest.raises(ValueError, match=r"dims 2: this Noise has dims 3"):
        glnoise.Noise(dims=3).to_graph(dims=2)
    with pytest.raises(ValueError, match=r"dims 7: must be 1, 2, 3 or 4"):
        noise.to_graph(dims=7)


def test_to_dask_tiles_equal_the_bake():
    pytest.importorskip("dask")
    graph = glnoise.Graph.from_file(EXAMPLES[0])
    whole = graph.bake((130, 150), start=(5, -7), backend="cpu")
    lazy = graph.to_dask((130, 150), chunks=(40, 64), start=(5, -7), backend="cpu")
    assert np.array_equal(lazy.compute(scheduler="processes", num_workers=2), whole)


@pytest.mark.gpu
def test_check_compares_a_graph_on_the_gpu():
    result = glnoise.check(glnoise.Graph.from_file(EXAMPLES[0]), (64, 64))
    assert result.passed, str(result)
    assert result.channels[0]["name"] == "value"


def test_a_bad_graph_is_the_commands_error(cli, tmp_path):
    bad = json.loads(EXAMPLES[0].read_text())
    node = next(k for k, v in bad["nodes"].items() if v.get("kind") == "fractal")
    bad["nodes"][node]["octaves"] = 40
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    said = cli.error("bake", "--graph", path, "--size", "8x8")
    assert f'node "{node}"' in said
    with pytest.raises(ValueError) as e:
        glnoise.Graph.from_file(path)
    assert str(e.value) == said
    with pytest.raises(ValueError, match=f'^graph: node "{node}" octaves 40: must be from 1 to 32'):
        glnoise.Graph(bad)


def test_a_cut_or_altered_compact_form_is_one_error(cli):
    compact = glnoise.Graph.from_file(EXAMPLES[0]).compact()
    altered = compact[:-6] + ("A" if compact[-6] != "A" else "B") + compact[-5:]
    for text in (compact[: len(compact) // 2], altered):
        said = cli.error("bake", "--graph", text, "--size", "8x8")
        with pytest.raises(ValueError) as e:
            glnoise.Graph(text)
        assert str(e.value).split(": ", 1)[1] == said.split(": ", 1)[1]


def test_other_bad_input_names_the_value(tmp_path):
    graph = glnoise.Graph.from_file(EXAMPLES[0])
    with pytest.raises(ValueError, match="a volume needs dims 3 or 4"):
        graph.bake((2, 8, 8), backend="cpu")
    with pytest.raises(ValueError, match="graph int: must be a dict, JSON text, a compact form"):
        glnoise.Graph(3)
    with pytest.raises(ValueError, match="must be made of JSON's values"):
        glnoise.Graph({"nodes": {1.5j: 1}})
    with pytest.raises(ValueError, match="no_octave_limit 1: must be True or False"):
        glnoise.Graph(graph.compact(), no_octave_limit=1)
    with pytest.raises(TypeError, match="unexpected keyword argument 'octaves'"):
        graph.replace(octaves=3)
    with pytest.raises(OSError, match="graph .*missing.json: cannot read it"):
        glnoise.Graph.from_file(tmp_path / "missing.json")
    (tmp_path / "big.json").write_bytes(b"{" + b" " * (1 << 24) + b"}")
    with pytest.raises(ValueError, match="larger than 16777216 bytes"):
        glnoise.Graph.from_file(tmp_path / "big.json")
    glnoise.Noise(octaves=2).save(tmp_path / "spec.png", (8, 8), backend="cpu")
    with pytest.raises(ValueError, match="its record holds a spec, not a graph: glnoise.Noise.from_file reads it"):
        glnoise.Graph.from_file(tmp_path / "spec.png")
    graph.save(tmp_path / "graph.png", (8, 8), backend="cpu")
    with pytest.raises(ValueError, match="its record holds a noise graph, not a spec: glnoise.Graph.from_file"):
        glnoise.Noise.from_file(tmp_path / "graph.png")


# ---- graphs built in code (glnoise.Node) ---------------------------------------------------

def kind_table(cli):
    """The command's node kinds: the independent list the builder must reach."""
    return json.loads(cli.run("nodes", "--json").stdout)["kinds"]


def a_node_of(kind, n):
    """A node of `kind` with its inputs filled: bases for values, a vector for a warp's `by`."""
    inputs = [f for f in kind["fields"] if f["type"] in ("input", "vector_input")]
    given = {}
    for f in inputs:
        if f["type"] == "vector_input":
            given[f["name"]] = n.vector(glnoise.simplex(frequency=1 / 40), glnoise.perlin(frequency=1 / 50))
        elif f["required"]:
            given[f["name"]] = glnoise.perlin(frequency=1 / 24)
    node = getattr(n, kind["kind"])(**given)
    if kind["vector_out"]:
        node = n.warp(glnoise.perlin(), by=node, amount=4.0)
    return node


def test_every_node_kind_is_a_function_that_bakes_the_commands_values(cli, tmp_path):
    n = glnoise.nodes
    baked = set()
    for kind in kind_table(cli):
        name = kind["kind"]
        assert callable(getattr(n, name)), name
        node = a_node_of(kind, n)
        for dims in (2, 3, 1):
            try:
                graph = node.graph(dims=dims)
            except ValueError:
                continue
            path = tmp_path / f"{name}.json"
            path.write_text(graph.json())
            shape = (24, 20) if dims != 3 else (3, 8, 10)
            size = "20x24" if dims != 3 else "10x8x3"
            theirs = cli.bake_r32(tmp_path, "--graph", path, "--size", size, "--backend", "cpu", name=f"{name}.r32")
            assert np.array_equal(graph.bake(shape, backend="cpu"), theirs.reshape(shape)), name
            baked.add(name)
            break
    assert baked == {k["kind"] for k in kind_table(cli)}


def test_the_issues_expression_is_the_graph_written_by_hand():
    built = (glnoise.ridged(glnoise.opensimplex2(frequency=1 / 256), octaves=6) *
             glnoise.fbm(glnoise.perlin(), octaves=4).remap(to_min=0, to_max=1)).graph()
    by_hand = glnoise.Graph({
        "glnoise_graph": 2, "dims": 2, "out": "multiply6",
        "nodes": {
            "basis1": {"kind": "basis", "basis": "opensimplex2", "frequency": 1 / 256},
            "fractal2": {"kind": "fractal", "type": "ridged", "source": "basis1", "octaves": 6},
            "basis3": {"kind": "basis", "basis": "perlin"},
            "fractal4": {"kind": "fractal", "type": "fbm", "source": "basis3", "octaves": 4},
            "remap5": {"kind": "remap", "source": "fractal4", "to_min": 0, "to_max": 1},
            "multiply6": {"kind": "multiply", "a": "fractal2", "b": "remap5"},
        }})
    assert built == by_hand


def test_arithmetic_names_and_shared_nodes():
    n = glnoise.nodes
    hills = glnoise.perlin(frequency=1 / 64).named("hills")
    expr = 1 - 0.5 * hills + abs(hills) / 2 - (-hills)
    d = expr.graph().to_dict()["nodes"]
    assert [k for k in d if d[k]["kind"] == "basis"] == ["hills"]  # one node, used four times
    kinds = sorted(v["kind"] for v in d.values())
    assert kinds == sorted(["basis", "multiply", "subtract", "abs", "divide", "add", "invert", "subtract"])
    top = d[expr.graph().to_dict()["out"]]
    assert top["kind"] == "subtract" and d[top["b"]]["kind"] == "invert"
    mul = next(v for v in d.values() if v["kind"] == "multiply")
    assert mul["a"] == 0.5 and mul["b"] == "hills"
    sub = next(v for v in d.values() if v["kind"] == "subtract" and v["a"] == 1.0)
    assert d[sub["b"]]["kind"] == "multiply"
    # Methods: the node its first input; driven numbers take nodes.
    mixed = hills.mix(glnoise.simplex(), glnoise.value())
    assert mixed.kind == "mix" and mixed.fields["a"] is hills
    driven = hills.fbm(octaves=3, gain=glnoise.simplex().remap(to_min=0.3, to_max=0.6))
    assert driven.graph().to_dict()["nodes"][driven.graph().to_dict()["out"]]["gain"].startswith("remap")
    assert glnoise.Graph(driven) == driven.graph()


def test_a_builder_error_names_the_node_in_the_commands_words(cli, tmp_path):
    bad = glnoise.perlin().fbm(octaves=40).named("hills")
    with pytest.raises(ValueError) as e:
        bad.graph()
    (tmp_path / "bad.json").write_text(json.dumps({"glnoise_graph": 2, "dims": 2, "out": "hills", "nodes": {
        "basis1": {"kind": "basis", "basis": "perlin"},
        "hills": {"kind": "fractal", "type": "fbm", "source": "basis1", "octaves": 40}}}))
    said = cli.error("bake", "--graph", tmp_path / "bad.json", "--size", "8x8")
    assert str(e.value).split(": ", 1)[1] == said.split(": ", 1)[1]
    assert str(e.value).startswith('graph: node "hills" octaves 40')


def test_builder_refusals():
    n = glnoise.nodes
    with pytest.raises(ValueError, match="kind 'fractl': no such node kind; did you mean 'fractal'"):
        glnoise.Node("fractl")
    with pytest.raises(TypeError, match="unexpected keyword argument 'octave'; did you mean 'octaves'"):
        glnoise.perlin().fbm(octave=3)
    with pytest.raises(TypeError, match=r"fractal\(\) takes 1 input by position \(source\), 2 were given"):
        n.fractal(glnoise.perlin(), 4)
    with pytest.raises(TypeError, match="'basis': it is 'perlin'"):
        glnoise.perlin(basis="simplex")
    with pytest.raises(ValueError, match="lacunarity: a node may drive only an input or a drivable number"):
        glnoise.perlin().fbm(lacunarity=glnoise.simplex())
    with pytest.raises(TypeError, match="a node's input is a Node or a number"):
        glnoise.perlin() + "1"
    with pytest.raises(TypeError, match="no truth value"):
        bool(glnoise.perlin())
    with pytest.raises(ValueError, match="node id 'a': named twice"):
        (glnoise.perlin().named("a") + glnoise.simplex().named("a")).graph()
    with pytest.raises(TypeError, match="unexpected keyword argument 'dim'; did you mean 'dims'"):
        glnoise.perlin().graph(dim=3)
    with pytest.raises(ValueError, match='the id "x y": must be 1 to 64 characters'):
        glnoise.perlin().named("x y").graph()
    with pytest.raises(AttributeError, match="immutable"):
        glnoise.perlin().kind = "abs"


def test_a_deep_chain_is_an_error_or_a_graph_never_a_crash():
    node = glnoise.perlin()
    for _ in range(5000):
        node = abs(node)
    with pytest.raises(ValueError, match="node"):
        node.graph()


# ---- a graph as one function of a shader (Graph.shader) ----------------------------------

def without_origin(source):
    return "\n".join(line for line in source.splitlines() if not line.startswith("// Made by: "))


@pytest.mark.parametrize("language", ["glsl", "vulkan", "gles"])
def test_shader_is_what_the_command_writes(cli, tmp_path, language):
    graph = glnoise.Graph.from_file(EXAMPLES[0])
    for params in ("constants", "uniform"):
        printed = cli.run("shader", "--language", language, "--graph", EXAMPLES[0], "--params", params).stdout
        mine = graph.shader(language, params=params)
        assert without_origin(mine) == without_origin(printed)
        assert "vec4 gln_graph(vec2 p)" in mine
    cli.run("shader", "--language", language, "--graph", EXAMPLES[0], "--params", "uniform",
            "--params-out", tmp_path / "block.bin")
    assert graph.shader_block() == (tmp_path / "block.bin").read_bytes()


@pytest.mark.parametrize("language", ["hlsl", "wgsl", "msl", "godot"])
def test_shader_in_a_translated_language_is_what_the_command_writes(cli, language):
    # Translated from the graph's GLSL when it is made, by the translator the package carries.
    graph = glnoise.Graph.from_file(EXAMPLES[0])
    printed = cli.run("shader", "--language", language, "--graph", EXAMPLES[0]).stdout
    mine = graph.shader(language)
    assert without_origin(mine) == without_origin(printed)
    assert (Path(glnoise.__file__).parent / "port" / "glnoise_port" / "source.py").is_file()
    entry = {"hlsl": "float4 gln_graph(float2 p) {", "msl": "float4 gln_graph(float2 p) {",
             "wgsl": "fn gln_graph(p: vec2<f32>) -> vec4<f32> {", "godot": "vec4 gln_graph(vec2 p) {"}[language]
    assert entry in mine


def test_shader_refuses_what_the_command_refuses(cli):
    graph = glnoise.Graph.from_file(EXAMPLES[0])
    said = cli.error("shader", "--language", "msl", "--graph", EXAMPLES[0], "--params", "uniform")
    with pytest.raises(ValueError) as e:
        graph.shader("msl", params="uniform")
    assert "--" + str(e.value) == said  # Python names keywords, not flags
    with pytest.raises(ValueError, match="params 'folded': allowed: constants, uniform"):
        graph.shader("glsl", params="folded")


def test_to_node_gives_the_graph_back_to_build_on(cli, tmp_path):
    space_keys = ("seed", "world_hash", "offset", "z", "w", "output", "height_scale")
    for example in EXAMPLES:
        g = glnoise.Graph.from_file(example)
        d = g.to_dict()
        node = g.to_node()
        assert node.name == d["out"]
        assert node.graph(dims=g.dims, **{k: d[k] for k in space_keys if k in d}) == g, example.name
    # Built on in code: half the mountains, the same as the command's bake of that graph.
    g = glnoise.Graph.from_file(EXAMPLES[0])
    half = (g.to_node() * 0.5).graph(dims=g.dims)
    path = tmp_path / "half.json"
    path.write_text(half.json())
    theirs = cli.bake_r32(tmp_path, "--graph", path, "--size", "40x30", "--backend", "cpu")
    assert np.array_equal(half.bake((30, 40), backend="cpu"), theirs)
    assert np.array_equal(theirs, 0.5 * g.bake((30, 40), backend="cpu"))


def test_with_fields_changes_a_nodes_numbers(cli, tmp_path):
    g = glnoise.Graph.from_file(EXAMPLES[0])
    d = g.to_dict()
    fractal = next(k for k, v in sorted(d["nodes"].items()) if v["kind"] == "fractal")
    h = g.with_fields(fractal, gain=0.62)
    assert h.to_dict()["nodes"][fractal]["gain"] == 0.62
    assert h != g and g.to_dict() == d  # g itself unchanged
    # The same structure: one shader, its own block.
    assert h.shader("glsl", params="uniform") == g.shader("glsl", params="uniform")
    assert h.shader_block() != g.shader_block()
    with pytest.raises(ValueError, match="node 'nowhere': the graph has no such node"):
        g.with_fields("nowhere", gain=0.5)
    with pytest.raises(ValueError, match=f'graph: node "{fractal}" octaves 0: must be from 1 to 32'):
        g.with_fields(fractal, octaves=0)
    with pytest.raises(ValueError, match="give an input as the id"):
        g.with_fields(fractal, source=glnoise.perlin())


def test_a_graph_with_an_erode_stage_bakes_eroded_and_refuses_points_and_tiles(tmp_path):
    # The stage erodes the output over the whole map: bake() is the CLI's bake of it, value
    # for value (.r32); the graph without its stage bakes other values; points, a start and
    # dask chunks are refused with the reason.
    nodes = {"glnoise_graph": 2, "dims": 2, "out": "hills",
             "nodes": {"hills": {"kind": "fractal", "type": "ridged", "octaves": 5, "basis": "opensimplex2",
                                 "frequency": 0.03, "normalize": True}}}
    eroding = dict(nodes, erode={"iterations": 40, "cell_size": 2, "height_scale": 20})
    g = glnoise.Graph(json.dumps(eroding))
    assert g.erodes and not glnoise.Graph(json.dumps(nodes)).erodes
    assert g.to_dict()["erode"]["iterations"] == 40
    assert g.to_dict()["erode"]["talus_angle"] == 35.0, "every number written, its default too"
    a = g.bake((48, 64), backend="cpu")
    plain = glnoise.Graph(json.dumps(nodes)).bake((48, 64), backend="cpu")
    assert a.shape == (48, 64) and not np.array_equal(a, plain)
    graph_file = tmp_path / "g.json"
    graph_file.write_text(json.dumps(eroding))
    out = tmp_path / "g.r32"
    subprocess.run([os.environ["GLNOISE_CLI"], "bake", "--graph", str(graph_file), "--size", "64x48", "--backend", "cpu",
                    "--out", str(out)], check=True, capture_output=True)
    assert np.array_equal(np.fromfile(out, dtype="<f4").reshape(48, 64), a)
    with pytest.raises(ValueError, match="erode stage erodes a whole heightmap"):
        g.bake((48, 64), start=(0, 8))
    with pytest.raises(ValueError, match="erodes the whole heightmap at once"):
        g.to_dask((48, 64))
    with pytest.raises(ValueError, match="eval: the graph erodes its output"):
        g.eval(np.zeros((3, 2)))
    with pytest.raises(ValueError, match="erode.cell_size"):
        glnoise.Graph(json.dumps(dict(nodes, erode={"cell_size": 0})))
