# SPDX-License-Identifier: MIT
# glnoise.Noise: keywords, defaults, repr, presets, and bad values worded as the command
# line words them.
import json
import math
import pickle

import pytest

import glnoise


def test_defaults_are_the_commands(cli):
    # What `glnoise bake --print-spec` prints for no flags is what Noise() holds.
    printed = json.loads(cli.run("bake", "--print-spec").stdout)
    preset = glnoise.Noise().to_preset()
    assert "dims" not in preset  # left to the data, as --dims left out leaves it to --size
    printed.pop("dims")
    assert preset == printed


def test_every_field_is_a_keyword(cli):
    printed = json.loads(cli.run("bake", "--print-spec").stdout)
    assert set(glnoise.Noise().to_dict()) == set(printed)


@pytest.mark.parametrize("keywords", [
    {},
    {"octaves": 6},
    {"basis": "simplex", "seed": 7, "offset": (1.5, 2.0, 0.0)},
    {"seed": 2**64 - 1, "frequency": 0.1 + 0.2, "gain": 1 / 3},
    {"fractal": "ridged", "ridge_offset": -0.0, "dims": 3, "z": 1e9},
    {"basis": "cellular", "cell_return": "f2-f1", "cell_distance": "manhattan", "cell_jitter": 0.5},
    {"basis": "cellular", "cell_return": "f1+f2", "cell_distance": "minkowski", "cell_exponent": 1.5},
    {"period": (4, 8), "octaves": 3},
    {"output": "normal", "height_scale": 12.5},
    {"warp_amount": 2.0, "warp_depth": 2, "warp_octaves": 3, "pattern": "marble"},
])
def test_repr_round_trips(keywords):
    noise = glnoise.Noise(**keywords)
    again = eval(repr(noise), {"glnoise": glnoise})
    assert again == noise and hash(again) == hash(noise)
    assert repr(again) == repr(noise)
    assert pickle.loads(pickle.dumps(noise)) == noise
    for key, value in keywords.items():
        got = getattr(noise, key)
        if isinstance(value, tuple):
            assert got[:len(value)] == value
        else:
            assert got == value and (not isinstance(value, float) or math.copysign(1, got) == math.copysign(1, value))


def test_immutable_and_replace():
    noise = glnoise.Noise(octaves=4)
    with pytest.raises(AttributeError, match="immutable"):
        noise.octaves = 5
    changed = noise.replace(gain=0.6)
    assert (changed.octaves, changed.gain, noise.gain) == (4, 0.6, 0.5)
    with pytest.raises(ValueError, match="^gain -1: "):
        noise.replace(gain=-1)


def test_unknown_keyword_names_the_close_one():
    with pytest.raises(TypeError, match="unexpected keyword argument 'octave'; did you mean 'octaves'"):
        glnoise.Noise(octave=3)
    with pytest.raises(TypeError, match="'colour'"):
        glnoise.Noise().replace(colour=1)


# (keyword, Python value, the flag's text on the command line)
BAD = [
    ("octaves", 40, "40"),
    ("octaves", 0, "0"),
    ("frequency", float("nan"), "nan"),
    ("frequency", -1.0, "-1"),
    ("gain", -0.5, "-0.5"),
    ("lacunarity", 0.0, "0"),
    ("basis", "perlinn", "perlinn"),
    ("fractal", "fbn", "fbm"[:0] + "fbn"),
    ("warp_depth", 3, "3"),
    ("cell_jitter", 2.0, "2"),
    ("cell_exponent", 0.5, "0.5"),
    ("warp_octaves", 99, "99"),
    ("interp", "smooth", "smooth"),
]


@pytest.mark.parametrize("key,value,text", BAD)
def test_bad_values_say_what_the_command_says(cli, key, value, text):
    flag = "--" + key.replace("_", "-")
    said = cli.error("bake", "--size", "8x8", "--out", "unused.png", f"{flag}={text}")
    assert said.startswith(flag + " ")
    with pytest.raises(ValueError) as e:
        glnoise.Noise(**{key: value})
    assert str(e.value) == key + said[len(flag):]


def test_every_problem_at_once():
    with pytest.raises(ValueError) as e:
        glnoise.Noise(octaves=40, gain=-1)
    assert "octaves 40: " in str(e.value) and "gain -1: " in str(e.value)


@pytest.mark.parametrize("key,value,said", [
    ("octaves", "6", 'octaves "6": must be an integer'),
    ("octaves", 6.0, "octaves 6.0: must be an integer"),
    ("normalize", 1, "normalize 1: must be true or false"),
    ("seed", -1, "seed -1: must be null (Ken Perlin's table) or an integer from 0 to 18446744073709551615"),
    ("offset", (1, 2, 3, 4), "offset [1,2,3,4]: must be a list of 2 or 3 numbers"),
    ("frequency", None, "frequency null: must be a number"),
])
def test_wrong_types(key, value, said):
    with pytest.raises(ValueError) as e:
        glnoise.Noise(**{key: value})
    assert str(e.value) == said


def test_numpy_scalars_are_numbers():
    import numpy as np
    assert glnoise.Noise(octaves=np.int64(5), gain=np.float32(0.25)) == glnoise.Noise(octaves=5, gain=0.25)
    assert glnoise.Noise(offset=np.array([1.5, -2.0]), seed=np.uint64(2**63)) == \
        glnoise.Noise(offset=(1.5, -2.0, 0.0), seed=2**63)
    with pytest.raises(ValueError, match=r"^octaves \[1,2\]: must be an integer$"):
        glnoise.Noise(octaves=np.array([1, 2]))


def test_presets(tmp_path, cli):
    names = glnoise.presets()
    assert "terrain" in names
    graphs = 0
    for name in names:
        made = glnoise.preset(name)
        if isinstance(made, glnoise.Graph):
            # A graph's preset: its graph is the one the command bakes, its mapping save()'s.
            graphs += 1
            printed = json.loads(cli.run("bake", "--preset", name, "--print-graph").stdout)
            assert made.to_dict() == printed and made == glnoise.Graph.from_preset(name), name
            assert made.colormap is not None or made.range is not None, name
            with pytest.raises(ValueError, match=rf"^preset {name}: is a graph's preset; "
                                                 rf"glnoise.Graph.from_preset\('{name}'\) reads it"):
                glnoise.Noise.from_preset(name)
            continue
        noise = glnoise.Noise.from_preset(name)
        assert made == noise
        with pytest.raises(ValueError, match=rf"^preset {name}: is a spec's preset"):
            glnoise.Graph.from_preset(name)
        # The preset's spec is the one the command bakes from it.
        printed = json.loads(cli.run("bake", "--preset", name, "--print-spec").stdout)
        mine = noise.to_preset()
        if "dims" not in mine:
            printed.pop("dims")
        assert mine == printed, name
    assert graphs >= 11
    # A graph's preset file: its graph and mapping, baked as the command bakes it.
    fire = tmp_path / "fire.json"
    fire.write_text(json.dumps({"colormap": "fire", "range": [0, 0.8], "graph": json.loads(glnoise.Graph(
        {"glnoise_graph": 2, "out": "n", "nodes": {"n": {"kind": "basis", "basis": "simplex"}}}).json())}))
    graph = glnoise.Graph.from_preset(fire)
    assert graph.colormap == "fire" and graph.range == (0, 0.8)
    graph.save(tmp_path / "mine.png", (16, 24), backend="cpu")
    cli.run("bake", "--preset", fire, "--size", "24x16", "--backend", "cpu", "--out", tmp_path / "theirs.png")
    assert (tmp_path / "mine.png").read_bytes() == (tmp_path / "theirs.png").read_bytes()
    # to_preset -> file -> from_preset, and the command takes the same file.
    noise = glnoise.Noise(basis="simplex", octaves=5, seed=3, dims=3)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(noise.to_preset()))
    assert glnoise.Noise.from_preset(path) == noise
    assert json.loads(cli.run("bake", "--preset", path, "--print-spec").stdout) == noise.to_preset()


def test_bad_preset_names_file_and_key(tmp_path, cli):
    path = tmp_path / "bad.json"
    path.write_text('{"octaves": 40}')
    with pytest.raises(ValueError) as e:
        glnoise.Noise.from_preset(path)
    said = cli.error("bake", "--preset", path, "--size", "8x8", "--out", tmp_path / "x.png")
    assert str(e.value) == said
    assert f"preset {path}: octaves 40: " in str(e.value)
    with pytest.raises(ValueError, match="no such preset; built in: "):
        glnoise.Noise.from_preset("no-such-preset")


def test_every_bad_value_at_once_even_with_a_bad_choice():
    with pytest.raises(ValueError) as e:
        glnoise.Noise(octaves=0, frequency=-1, gain=math.nan, basis="x")
    said = str(e.value)
    for key in ("octaves 0: ", "frequency -1: ", "gain nan: ", "basis x: "):
        assert key in said, said


def test_numbers_below_a_floats_reach_are_refused():
    with pytest.raises(ValueError, match=r"^frequency 1e-320: is below 1\.17549435e-38 in magnitude"):
        glnoise.Noise(frequency=1e-320)
    with pytest.raises(ValueError, match=r"^gain 1e-39: is below 1\.17549435e-38"):
        glnoise.Noise(gain=1e-39)
