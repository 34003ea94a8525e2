# SPDX-License-Identifier: MIT
# save() writes what `glnoise bake` writes, record included; write() writes plain arrays.
import json

import numpy as np
import pytest

import glnoise


@pytest.mark.parametrize("name,flags,keywords", [
    ("a.png", ["--octaves", "5"], {}),
    ("a.png", ["--octaves", "5", "--bits", "16", "--range", "-1,1"], {"bits": 16, "range": (-1, 1)}),
    ("a.png", ["--octaves", "5", "--colormap", "terrain"], {"colormap": "terrain"}),
    ("a.exr", ["--octaves", "5"], {}),
    ("a.r16", ["--octaves", "5", "--range", "bound"], {"range": "bound"}),
    ("a.r32", ["--octaves", "5"], {}),
])
def test_save_writes_the_commands_bytes(cli, tmp_path, name, flags, keywords):
    noise = glnoise.Noise(octaves=5)
    mine = tmp_path / "mine" / name
    mine.parent.mkdir()
    summary = noise.save(mine, (48, 64), backend="cpu", **keywords)
    theirs = tmp_path / name
    said = cli.run("bake", "--size", "64x48", "--backend", "cpu", "--out", theirs, *flags).stdout
    assert summary.replace(str(mine), str(theirs)) in said
    if name.endswith((".r16", ".r32")):
        assert mine.read_bytes() == theirs.read_bytes()
        a = json.loads((tmp_path / "mine" / (name + ".json")).read_text())
        b = json.loads((tmp_path / (name + ".json")).read_text())
        assert a == b
    else:
        # The record names the output path, which differs; the rest is the same.
        assert glnoise.Noise.from_file(mine) == glnoise.Noise.from_file(theirs)
        assert cli.run("verify", mine).returncode == 0
        assert len(mine.read_bytes()) == len(theirs.read_bytes())
    # The command re-bakes the saved file from its record, byte for byte.
    again = tmp_path / ("again-" + name)
    cli.run("bake", "--from", mine, "--out", again, "--backend", "cpu")
    assert again.read_bytes() == mine.read_bytes()


def test_save_volume_tile_and_preset_mapping(cli, tmp_path):
    glnoise.Noise(octaves=2).save(tmp_path / "v%d.png", (3, 16, 16), backend="cpu")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v0.png", "v1.png", "v2.png"]
    noise = glnoise.Noise(octaves=3)
    noise.save(tmp_path / "t.r32", (32, 40), tile=(2, 1), backend="cpu")
    record = json.loads((tmp_path / "t.r32.json").read_text())
    assert record["tile"] == [1, 2, 0] and record["start"] == [40, 64, 0]
    tile = np.fromfile(tmp_path / "t.r32", "<f4").reshape(32, 40)
    assert np.array_equal(tile, noise.bake((32, 40), start=(64, 40), backend="cpu"))
    # A preset's colormap and range are save()'s unless given others.
    for terrain in (glnoise.Noise.from_preset("clouds"), glnoise.Graph.from_preset("terrain")):
        assert "RGB" in terrain.save(tmp_path / "terrain.png", (32, 32), backend="cpu")
        assert "gray" in terrain.save(tmp_path / "gray.png", (32, 32), colormap="none", backend="cpu")


def test_save_refuses_bad_input_and_keeps_the_old_file(tmp_path):
    path = tmp_path / "keep.png"
    path.write_bytes(b"old")
    noise = glnoise.Noise()
    with pytest.raises(ValueError, match="^colormap nope: "):
        noise.save(path, (8, 8), colormap="nope", backend="cpu")
    with pytest.raises(ValueError, match=r"^range \(1, 1\): must be"):
        noise.save(path, (8, 8), range=(1, 1), backend="cpu")
    with pytest.raises(ValueError, match=r"^out .*missing.*: "):
        noise.save(tmp_path / "missing" / "x.png", (8, 8), backend="cpu")
    with pytest.raises(ValueError, match=r"^out .*\.tif: "):
        noise.save(tmp_path / "x.tif", (8, 8), backend="cpu")
    assert path.read_bytes() == b"old"


def test_write_plain_arrays(cli, tmp_path):
    rng = np.random.default_rng(1)
    a = rng.uniform(-2, 3, size=(20, 30)).astype(np.float32)
    glnoise.write(tmp_path / "a.r32", a)
    assert np.array_equal(np.fromfile(tmp_path / "a.r32", "<f4").reshape(20, 30), a)
    assert not (tmp_path / "a.r32.json").exists()
    glnoise.write(tmp_path / "a.r16", a, range=(-2, 3))
    expected = np.clip(np.round((a.astype(np.float64) + 2) / 5 * 65535), 0, 65535).astype("<u2")
    assert np.array_equal(np.fromfile(tmp_path / "a.r16", "<u2").reshape(20, 30), expected)
    glnoise.write(tmp_path / "a.png", a)
    glnoise.write(tmp_path / "rgb.png", rng.uniform(0, 1, (10, 12, 3)), bits=16)
    glnoise.write(tmp_path / "a.exr", a)
    # No record: nothing re-bakes them, and the command says so.
    for name in ("a.png", "a.exr"):
        with pytest.raises(ValueError, match="holds no"):
            glnoise.Noise.from_file(tmp_path / name)
        assert "holds no" in cli.error("bake", "--from", tmp_path / name, "--out", tmp_path / "x.png")
        r = cli.run("verify", tmp_path / name, check=False)
        assert r.returncode == 1 and "holds no glnoise record" in r.stderr
    # A graph's record is the command's to re-bake, named as such.
    graph = tmp_path / "g.json"
    graph.write_text(json.dumps({"glnoise_graph": 1, "out": "a", "nodes": {
        "b": {"kind": "basis"}, "a": {"kind": "abs", "source": "b"}}}))
    cli.run("bake", "--graph", graph, "--size", "16x16", "--backend", "reference", "--out", tmp_path / "g.png")
    with pytest.raises(ValueError, match="holds a noise graph"):
        glnoise.Noise.from_file(tmp_path / "g.png")
    with pytest.raises(ValueError, match=r"^bits 12: must be 8 or 16 for .png$"):
        glnoise.write(tmp_path / "b.png", a, bits=12)
    with pytest.raises(ValueError, match=r"^array shape \(2, 3, 2\): "):
        glnoise.write(tmp_path / "b.png", np.zeros((2, 3, 2)))


def test_bake_of_a_size_beyond_memory_is_a_size_error():
    noise = glnoise.Noise(octaves=3)
    with pytest.raises(ValueError, match=r"^shape \(10000000, 10000000\): each edge must be between 1 and 1048576$"):
        noise.bake((10**7, 10**7), backend="cpu")
    with pytest.raises(ValueError, match=r"^shape \(1048576, 1048576\): its 4\.0 TiB of float32 do not fit"):
        noise.bake((2**20, 2**20), backend="cpu")


def test_tile_x_and_tile_y_are_the_flags_order(cli, tmp_path):
    noise = glnoise.Noise(octaves=3)
    noise.save(tmp_path / "a.r32", (32, 40), tile_x=1, tile_y=2, backend="cpu")
    cli.run("bake", "--octaves", "3", "--tile", "1,2", "--tile-size", "40x32", "--backend", "cpu",
            "--out", tmp_path / "b.r32")
    assert (tmp_path / "a.r32").read_bytes() == (tmp_path / "b.r32").read_bytes()
    noise.save(tmp_path / "c.r32", (32, 40), tile=(2, 1), backend="cpu")
    assert (tmp_path / "c.r32").read_bytes() == (tmp_path / "b.r32").read_bytes()
    with pytest.raises(ValueError, match="give the tile one way"):
        noise.save(tmp_path / "d.r32", (32, 40), tile=(2, 1), tile_x=1, backend="cpu")
    with pytest.raises(ValueError, match=r"^tile_x=1: a bake of shape \(32, 40\) takes tile_x and tile_y$"):
        noise.save(tmp_path / "d.r32", (32, 40), tile_x=1, backend="cpu")


def test_from_file_refuses_a_repainted_png(cli, tmp_path):
    path = tmp_path / "p.png"
    glnoise.Noise(octaves=2).save(path, (16, 16), backend="cpu")
    glnoise.Noise.from_file(path)
    # The same record over other pixels: the file is not the bake it records.
    import zlib
    data = bytearray(path.read_bytes())
    at = data.index(b"IDAT")
    length = int.from_bytes(data[at - 4:at], "big")
    raw = bytearray(zlib.decompress(bytes(data[at + 4:at + 4 + length])))
    raw[1] ^= 0x40
    packed = zlib.compress(bytes(raw))
    chunk = len(packed).to_bytes(4, "big") + b"IDAT" + packed + zlib.crc32(b"IDAT" + packed).to_bytes(4, "big")
    path.write_bytes(bytes(data[:at - 4]) + chunk + bytes(data[at + 8 + length:]))
    said = cli.error("bake", "--from", path, "--out", tmp_path / "x.png")
    with pytest.raises(ValueError) as e:
        glnoise.Noise.from_file(path)
    assert "is not the bake" in said or "digest" in said, said
    assert str(e.value).startswith(f"from {path}: "), str(e.value)
