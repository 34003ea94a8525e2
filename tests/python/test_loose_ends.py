# SPDX-License-Identifier: MIT
# The Python API where it once differed from the command or leaked another library's error:
# the octave limit, the mapping in ==/hash/repr, forged files, bad shapes and chunks, and
# Dask arrays whose graph does not grow with the number of chunks.
import json
import pickle
import warnings

import numpy as np
import pytest

import glnoise

from test_runtime import run_python


def test_octaves_above_the_nyquist_limit_warn_in_the_commands_words(cli, tmp_path):
    def words(*flags):
        said = [l for l in cli.run("bake", *flags, "--size", "64x64", "--backend", "cpu",
                                   "--out", tmp_path / "c.png").stderr.splitlines() if "warning" in l]
        assert len(said) == 1, said
        return said[0][len("glnoise: warning: --"):].replace("--no-octave-limit", "no_octave_limit=True")

    with pytest.warns(UserWarning) as caught:
        limited = glnoise.Noise(octaves=8, frequency=0.3).bake((64, 64), backend="cpu")
    assert [str(w.message) for w in caught] == [words("--octaves", "8", "--frequency", "0.3")]
    assert str(caught[0].message).startswith("octaves 8: octaves 2 to 8 would be above 0.5 cells per texel")
    assert np.array_equal(limited, glnoise.Noise(octaves=1, frequency=0.3).bake((64, 64), backend="cpu"))
    with pytest.warns(UserWarning) as caught:
        glnoise.Noise(octaves=8).bake((64, 64), backend="cpu")
    assert [str(w.message) for w in caught] == [words("--octaves", "8")]
    # no_octave_limit=True keeps them, silently, and the record says so.
    kept = glnoise.Noise(octaves=8, frequency=0.3, no_octave_limit=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        everything = kept.bake((64, 64), backend="cpu")
        kept.save(tmp_path / "k.r32", (64, 64), backend="cpu")
    assert not np.array_equal(everything, limited)
    assert np.array_equal(everything, cli.bake_r32(tmp_path, "--octaves", "8", "--frequency", "0.3", "--size",
                                                   "64x64", "--no-octave-limit", "--backend", "cpu"))
    assert json.loads((tmp_path / "k.r32.json").read_text())["no_octave_limit"] is True
    again = glnoise.Noise.from_file(tmp_path / "k.r32")
    assert again.no_octave_limit and again == kept.replace(dims=2)  # a record names the dims it baked
    with pytest.raises(ValueError, match="^no_octave_limit 'yes': must be True or False$"):
        glnoise.Noise(no_octave_limit="yes")


def test_the_mapping_is_part_of_equality_hash_and_repr(tmp_path):
    terrain = glnoise.Noise.from_preset("clouds")
    assert terrain.colormap == "clouds" and terrain.range == (0, 0.9) and terrain.bits is None
    again = eval(repr(terrain), {"glnoise": glnoise})
    assert again == terrain and hash(again) == hash(terrain) and repr(again) == repr(terrain)
    assert pickle.loads(pickle.dumps(terrain)) == terrain
    plain = glnoise.Noise(**{k: v for k, v in terrain.to_dict().items() if v is not None})
    assert plain != terrain and plain.colormap is None
    assert plain.replace(colormap="clouds", range=(0, 0.9)) == terrain
    assert terrain.replace(colormap=None, range=None) == plain
    # What save() writes follows from what == compares: equal Noises write the same file.
    terrain.save(tmp_path / "a.png", (32, 32), backend="cpu")
    again.save(tmp_path / "b.png", (32, 32), backend="cpu")
    plain.save(tmp_path / "c.png", (32, 32), backend="cpu")
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
    assert (tmp_path / "a.png").read_bytes() != (tmp_path / "c.png").read_bytes()
    assert glnoise.Noise(bits=16, range="bound").bits == 16


@pytest.mark.parametrize("keywords,said", [
    ({"colormap": "rainbow"}, "colormap rainbow: allowed: "),
    ({"range": (1, 0)}, "range [1,0]: must be [min, max] with min < max"),
    ({"bits": 12}, "bits 12: must be 8, 16 or 32"),
    ({"range": (0, float("nan"))}, "range (0, nan): colormap must be a name"),
])
def test_bad_mappings_name_the_value(keywords, said):
    with pytest.raises(ValueError) as e:
        glnoise.Noise(**keywords)
    assert str(e.value).startswith(said), str(e.value)


def test_forged_records_and_presets_are_one_value_error(tmp_path):
    glnoise.Noise().save(tmp_path / "r.r16", (8, 8), backend="cpu")
    deep = "[" * 100000 + "]" * 100000
    (tmp_path / "r.r16.json").write_text(deep)
    with pytest.raises(ValueError, match="its glnoise record nests arrays and objects more than 64 deep"):
        glnoise.Noise.from_file(tmp_path / "r.r16")
    (tmp_path / "p.json").write_text(deep)
    with pytest.raises(ValueError, match="nests arrays and objects more than 64 deep"):
        glnoise.Noise.from_preset(tmp_path / "p.json")
    (tmp_path / "big.json").write_text('{"octaves": [' + "0," * 600000 + "0]}")
    with pytest.raises(ValueError, match="larger than 1 MiB"):
        glnoise.Noise.from_preset(tmp_path / "big.json")


@pytest.mark.parametrize("call,said", [
    (lambda n: n.to_dask((64, 64), chunks=0), "chunks 0: must be as dask takes them for shape (64, 64)"),
    (lambda n: n.to_dask((64, 64), chunks=-3), "chunks -3: "),
    (lambda n: n.to_dask((-1, 64)), "shape (-1, 64): each edge must be at least 1"),
    (lambda n: n.to_dask((2**53, 2**53)),
     "shape (9007199254740992, 9007199254740992) at x 0: must lie within world texels -2^52 to 2^52"),
    (lambda n: n.to_dask((2**52, 2**52), chunks=16),
     "chunks 16: shape (4503599627370496, 4503599627370496) would need 281474976710656 chunks along an axis"),
    (lambda n: n.to_dask((64, 64, 64, 64)), "shape (64, 64, 64, 64): must be (height, width) or (depth, height, width)"),
])
def test_bad_dask_arrays_are_value_errors(call, said):
    pytest.importorskip("dask.array")
    with pytest.raises(ValueError) as e:
        call(glnoise.Noise())
    assert str(e.value).startswith(said), str(e.value)


def test_a_dask_array_of_1e8_squared_is_a_small_graph_and_its_chunks_are_bakes():
    pytest.importorskip("dask.array")
    # In a process of its own, so that what it allocates is its alone.
    out = run_python("""
        import resource
        import numpy as np
        import glnoise
        import dask.array
        noise = glnoise.Noise(octaves=3)
        noise.to_dask((64, 64), backend="cpu")
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        d = noise.to_dask((10**8, 10**8), chunks=4096, backend="cpu")
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
        part = d[5 * 4096 + 10:5 * 4096 + 50, 20000 * 4096 - 7:20000 * 4096 + 9].compute()
        whole = noise.bake((40, 16), start=(5 * 4096 + 10, 20000 * 4096 - 7), backend="cpu")
        print(d.numblocks, len(d.__dask_graph__().layers), grown, np.array_equal(part, whole))
    """)
    blocks, layers, grown, equal = out.strip().rsplit(" ", 3)
    assert blocks == "(24415, 24415)"
    # One layer, built lazily: no dict per block (596 million of them).
    assert layers == "1"
    assert int(grown) < 64 * 1024, f"{int(grown)} KiB to build the graph"
    assert equal == "True"


def test_a_world_hash_dask_array_repeats_nowhere_where_the_table_repeats():
    da = pytest.importorskip("dask.array")
    # 256 cells of the lowest octave at frequency 1/4 are 1024 texels: chunk (0, 1) of the
    # plain array is chunk (0, 0) again, and of the world-hash array it is other noise.
    for world, repeats in ((False, True), (True, False)):
        d = glnoise.Noise(octaves=2, frequency=0.25, world_hash=world).to_dask((256, 4096), chunks=(256, 1024),
                                                                                backend="cpu")
        assert isinstance(d, da.Array)
        a, b = d[:, :1024].compute(), d[:, 1024:2048].compute()
        assert np.array_equal(a, b) == repeats, world
