# SPDX-License-Identifier: MIT
# What engines take as it is (docs/engines.md): tiles that share their edges, --flip-y, the
# normal map's convention, seamless images from every basis, a period that does not fit the
# size, and a heightmap preset with no clipped summits and no lattice-aligned creases. Each
# is measured on what `glnoise bake` writes, with numpy.
import json

import numpy as np
import pytest

BASES_4D = ["perlin", "classic", "value", "perlin-value", "simplex", "cellular", "opensimplex2", "opensimplex2s"]


def sidecar(path):
    return json.loads(open(str(path) + ".json").read())


def r16(path, width, height):
    return np.fromfile(path, dtype="<u2").reshape(height, width)


# ---- tiles that share their edges ---------------------------------------------------------

@pytest.mark.parametrize("backend", ["cpu", pytest.param("gpu", marks=pytest.mark.gpu)])
def test_shared_edge_tiles_meet_bit_for_bit_and_equal_the_whole(cli, tmp_path, backend):
    flags = ["--octaves", "5", "--basis", "opensimplex2", "--rotate", "--backend", backend]
    tiles = {}
    for i, j in [(0, 0), (1, 0), (0, 1), (-1, 0)]:
        tiles[i, j] = cli.bake_r32(tmp_path, "--tile", f"{i},{j}", "--tile-size", "65x49", "--shared-edges", *flags,
                                   name=f"t{i}_{j}.r32")
    assert np.array_equal(tiles[1, 0][:, 0], tiles[0, 0][:, -1])
    assert np.array_equal(tiles[0, 1][0, :], tiles[0, 0][-1, :])
    assert np.array_equal(tiles[-1, 0][:, -1], tiles[0, 0][:, 0])
    # Stride W-1, H-1: tile (1, 0) begins at world texel 64, as a whole bake shows.
    whole = cli.bake_r32(tmp_path, "--size", "129x97", *flags, name="whole.r32")
    assert np.array_equal(whole[:49, 64:], tiles[1, 0])
    assert np.array_equal(whole[48:, :65], tiles[0, 1])
    # Without shared edges the neighbour starts one texel later: its first column is not the edge.
    plain = cli.bake_r32(tmp_path, "--tile", "1,0", "--tile-size", "65x49", *flags, name="plain.r32")
    assert not np.array_equal(plain[:, 0], tiles[0, 0][:, -1])

    rec = sidecar(tmp_path / "t1_0.r32")
    assert rec["shared_edges"] is True and rec["start"] == [64, 0, 0]
    assert "--shared-edges" in rec["command"]
    cli.run("bake", "--from", tmp_path / "t1_0.r32", "--backend", "cpu", "--out", tmp_path / "again.r32")
    assert (tmp_path / "again.r32").read_bytes() == (tmp_path / "t1_0.r32").read_bytes()


def test_shared_edge_volume_tiles_share_their_edge_slice(cli, tmp_path):
    flags = ["--tile-size", "17x13x9", "--shared-edges", "--octaves", "3", "--backend", "cpu"]
    below = cli.bake_r32(tmp_path, "--tile", "0,0,0", *flags, name="k0.r32")
    above = cli.bake_r32(tmp_path, "--tile", "0,0,1", *flags, name="k1.r32")
    side = cli.bake_r32(tmp_path, "--tile", "1,0,0", *flags, name="i1.r32")
    assert np.array_equal(above[0], below[-1])
    assert np.array_equal(side[:, :, 0], below[:, :, -1])
    whole = cli.bake_r32(tmp_path, "--size", "33x13x17", "--octaves", "3", "--backend", "cpu", name="v.r32")
    assert np.array_equal(whole[8:, :, :17], above)


def test_shared_edges_refuse_what_they_cannot_place(cli, tmp_path):
    out = tmp_path / "x.r32"
    assert cli.error("bake", "--size", "64x64", "--shared-edges", "--out", out).startswith(
        "--shared-edges: places tiles (--tile I,J with --tile-size WxH)")
    assert cli.error("bake", "--tile", "2,0", "--tile-size", "1x64", "--shared-edges", "--out", out).startswith(
        "--tile-size 1x64: tiles that share their edges need each edge at least 2 texels")
    assert not out.exists()


# ---- --flip-y and the normal map's convention ----------------------------------------------

@pytest.mark.parametrize("backend", ["cpu", "reference", pytest.param("gpu", marks=pytest.mark.gpu)])
def test_flip_y_is_the_bake_upside_down(cli, tmp_path, backend):
    common = ["--octaves", "4", "--backend", backend]
    for size, tile in [(["--size", "97x75"], []), (["--tile-size", "64x48"], ["--tile", "2,-1"])]:
        plain = cli.bake_r32(tmp_path, *size, *tile, *common, name="plain.r32")
        flipped = cli.bake_r32(tmp_path, *size, *tile, "--flip-y", *common, name="flipped.r32")
        assert np.array_equal(flipped, plain[::-1])
    cli.run("bake", "--size", "97x75", *common, "--out", tmp_path / "plain.r16")
    cli.run("bake", "--size", "97x75", "--flip-y", *common, "--out", tmp_path / "flipped.r16")
    assert np.array_equal(r16(tmp_path / "flipped.r16", 97, 75), r16(tmp_path / "plain.r16", 97, 75)[::-1])
    rec = sidecar(tmp_path / "flipped.r16")
    assert rec["flip_y"] is True and "--flip-y" in rec["command"] and "highest y" in rec["stored"]["layout"]
    cli.run("bake", "--from", tmp_path / "flipped.r16", "--out", tmp_path / "again.r16", "--backend", "cpu")
    assert (tmp_path / "again.r16").read_bytes() == (tmp_path / "flipped.r16").read_bytes()


def green_against_slope(cli, tmp_path, *flags):
    """The correlation of a normal map's green with d(height)/d(row), rows as the file has them."""
    normal = cli.bake_r32(tmp_path, "--size", "160x128", "--octaves", "4", "--output", "normal", "--height-scale", "8",
                          "--backend", "cpu", *flags, name="n.r32")
    height = normal[..., 3]
    return np.corrcoef(normal[..., 1].ravel(), np.gradient(height, axis=0).ravel())[0, 1]


def test_the_normal_maps_green_follows_the_convention_asked_for(cli, tmp_path):
    # Green up the image (OpenGL, the default): a slope that rises down the rows tilts the
    # normal up the image, green above the middle. DirectX the other way.
    assert green_against_slope(cli, tmp_path) > 0.9
    assert green_against_slope(cli, tmp_path, "--normals", "opengl") > 0.9
    assert green_against_slope(cli, tmp_path, "--normals", "directx") < -0.9
    # Relative to the image as written, flipped or not.
    assert green_against_slope(cli, tmp_path, "--flip-y") > 0.9
    assert green_against_slope(cli, tmp_path, "--flip-y", "--normals", "directx") < -0.9
    assert sidecar(tmp_path / "n.r32")["normals"] == "directx"
    assert "--normals directx" in sidecar(tmp_path / "n.r32")["command"]
    assert cli.error("bake", "--size", "8x8", "--output", "normal", "--normals", "dx", "--out", tmp_path / "x.png") == (
        "--normals dx: must be opengl (green up the image: Unity, Godot, Blender) or directx (green down: Unreal)")
    assert cli.error("bake", "--size", "8x8", "--normals", "directx", "--out", tmp_path / "x.png") == (
        "--normals directx: sets a normal map's green channel; it needs --output normal")


def test_a_record_of_an_earlier_version_keeps_its_directx_normals(cli, tmp_path):
    cli.run("bake", "--size", "64x48", "--octaves", "3", "--output", "normal", "--normals", "directx",
            "--backend", "cpu", "--out", tmp_path / "dx.r32")
    # As 0.20.0 wrote it: no convention recorded, DirectX's green.
    rec = sidecar(tmp_path / "dx.r32")
    del rec["normals"]
    rec["generator"] = "glnoise 0.20.0"
    (tmp_path / "old.r32").write_bytes((tmp_path / "dx.r32").read_bytes())
    (tmp_path / "old.r32.json").write_text(json.dumps(rec))
    cli.run("bake", "--from", tmp_path / "old.r32", "--backend", "cpu", "--out", tmp_path / "again.r32")
    assert (tmp_path / "again.r32").read_bytes() == (tmp_path / "dx.r32").read_bytes()
    assert sidecar(tmp_path / "again.r32")["normals"] == "directx"


# ---- seamless images -------------------------------------------------------------------------

def wrap_ratios(a):
    """How the jump across each wrap compares with the jumps inside: value (x, y) and slope."""
    inner_x, inner_y = np.abs(np.diff(a, axis=1)).mean(), np.abs(np.diff(a, axis=0)).mean()
    slope_x = np.abs(a[:, 1] - 2 * a[:, 0] + a[:, -1]).mean() / np.abs(np.diff(a, 2, axis=1)).mean()
    slope_y = np.abs(a[1] - 2 * a[0] + a[-1]).mean() / np.abs(np.diff(a, 2, axis=0)).mean()
    return (np.abs(a[:, 0] - a[:, -1]).mean() / inner_x, np.abs(a[0] - a[-1]).mean() / inner_y, slope_x, slope_y)


@pytest.mark.parametrize("basis", BASES_4D)
def test_seamless_images_wrap_in_value_and_slope_for_every_basis(cli, tmp_path, basis):
    flags = ["--basis", basis, "--octaves", "3", "--rotate", "--frequency", "0.03", "--backend", "cpu"]
    a = cli.bake_r32(tmp_path, "--size", "256x192", "--seamless", *flags, name="s.r32").astype(np.float64)
    assert max(wrap_ratios(a)) < 1.6, wrap_ratios(a)
    # The same noise unwrapped jumps at its edges: what the measure tells apart.
    plain = cli.bake_r32(tmp_path, "--size", "256x192", "--dims", "4", *flags, name="p.r32").astype(np.float64)
    assert min(wrap_ratios(plain)) > 3, wrap_ratios(plain)
    rec = sidecar(tmp_path / "s.r32")
    assert rec["seamless"] is True and "--seamless" in rec["command"] and rec["preset"]["dims"] == 4
    cli.run("bake", "--from", tmp_path / "s.r32", "--backend", "reference", "--out", tmp_path / "again.r32")
    assert (tmp_path / "again.r32").read_bytes() == (tmp_path / "s.r32").read_bytes()


@pytest.mark.gpu
def test_seamless_on_the_gpu_agrees_with_the_cpu(cli, tmp_path):
    flags = ["--size", "96x64", "--seamless", "--basis", "opensimplex2", "--octaves", "4", "--rotate"]
    gpu = cli.bake_r32(tmp_path, *flags, name="g.r32")
    cpu = cli.bake_r32(tmp_path, *flags, "--backend", "cpu", name="c.r32")
    assert np.abs(gpu - cpu).max() < 1e-4


def test_seamless_refuses_what_a_torus_of_4d_noise_cannot_make(cli, tmp_path):
    out = tmp_path / "x.png"
    e = cli.error("bake", "--size", "64x64", "--seamless", "--basis", "psrdnoise", "--out", out)
    assert e.startswith("--basis psrdnoise: --seamless samples 4D noise, and psrdnoise exists in 2D and 3D")
    e = cli.error("bake", "--size", "64x64x8", "--seamless", "--out", tmp_path / "x.r32")
    assert e.startswith("--seamless: makes a 2D image wrap (4D noise on a torus); a volume would need 6D noise")
    e = cli.error("bake", "--size", "64x64", "--seamless", "--output", "normal", "--out", out)
    assert e.startswith("--output normal: --seamless samples 4D noise, which has no analytic gradient")
    e = cli.error("bake", "--tile", "0,0", "--tile-size", "64x64", "--seamless", "--out", out)
    assert e.startswith("--seamless: the image wraps on itself; it is no tile of a world")
    assert not out.exists()


def test_bake_warns_when_a_period_does_not_fit_the_size(cli, tmp_path):
    r = cli.run("bake", "--size", "500x500", "--period", "8,8", "--backend", "cpu", "--out", tmp_path / "a.png")
    assert r.stderr == ("glnoise: warning: --period 8,8: repeats every 512 x 512 texels at --frequency 0.015625, and "
                        "--size 500x500 is not a whole number of repeats: its opposite edges will not meet (seams show "
                        "when it tiles)\n")
    r = cli.run("bake", "--size", "1024x512", "--period", "8,8", "--backend", "cpu", "--out", tmp_path / "b.png")
    assert r.stderr == ""


# ---- the heightmap preset -------------------------------------------------------------------

def test_the_heightmap_preset_clips_no_summit(cli, tmp_path):
    cli.run("bake", "--preset", "heightmap", "--size", "1025x1025", "--backend", "cpu", "--out", tmp_path / "h.r16")
    lo, hi = sidecar(tmp_path / "h.r16")["stored"]["range"]
    values = cli.bake_r32(tmp_path, "--preset", "heightmap", "--size", "1025x1025", "--backend", "cpu", name="h.r32")
    assert int(((values > hi) | (values < lo)).sum()) == 0
    levels = r16(tmp_path / "h.r16", 1025, 1025)
    # The stated range still spends most of the levels: the highest texel is well up.
    assert levels.max() > 50000


def lattice_energy(a):
    """The spectrum's energy along the lattice's directions (the axes and diagonals) against
    the directions between them (22.5 degrees off), per ring of frequency, its geometric mean:
    about 1 for noise with no direction of its own, far above 1 for creases along the lattice."""
    n = a.shape[0]
    h = np.hanning(n)
    f = np.abs(np.fft.fft2((a - a.mean()) * np.outer(h, h))) ** 2
    k = np.fft.fftfreq(n)
    kx, ky = np.meshgrid(k, k)
    r = np.hypot(kx, ky)
    angle = np.degrees(np.arctan2(ky, kx)) % 45
    on = (angle < 2) | (angle > 43)
    off = np.abs(angle - 22.5) < 2
    logs = []
    for lo in np.geomspace(0.02, 0.45, 9)[:-1]:
        ring = (r >= lo) & (r < lo * 1.47)
        logs.append(np.log(f[ring & on].mean() / f[ring & off].mean()))
    return float(np.exp(np.mean(logs)))


def test_the_heightmap_preset_has_no_lattice_aligned_creases(cli, tmp_path):
    def bake(*flags):
        cli.run("bake", "--size", "1024x1024", "--backend", "cpu", "--out", tmp_path / "i.r16", *flags)
        return r16(tmp_path / "i.r16", 1024, 1024).astype(np.float64)

    preset = lattice_energy(bake("--preset", "heightmap", "--frequency", "0.0078125", "--octaves", "6"))
    perlin = lattice_energy(bake("--basis", "perlin", "--fractal", "ridged", "--frequency", "0.0078125",
                                 "--octaves", "6", "--range", "bound"))
    before = lattice_energy(bake("--preset", "heightmap", "--basis", "simplex", "--frequency", "0.0078125",
                                 "--octaves", "6"))
    assert preset < 1.25, preset
    assert perlin > 2.5, perlin
    assert before > 1.3, before


# ---- the same from Python ---------------------------------------------------------------

def test_noise_save_takes_the_same_conventions_as_the_command(cli, tmp_path):
    import glnoise

    cases = [
        (glnoise.Noise(octaves=3), "t.r32", dict(tile=(1, 2), shared_edges=True, flip_y=True),
         ["--tile", "2,1", "--tile-size", "40x24", "--shared-edges", "--flip-y"]),
        (glnoise.Noise(octaves=3, output="normal", height_scale=8), "n.r32", dict(normals="directx", flip_y=True),
         ["--size", "40x24", "--output", "normal", "--height-scale", "8", "--normals", "directx", "--flip-y"]),
        (glnoise.Noise(octaves=3, dims=4, basis="opensimplex2"), "s.r32", dict(seamless=True),
         ["--size", "40x24", "--basis", "opensimplex2", "--seamless"]),
    ]
    for noise, name, keywords, flags in cases:
        noise.save(tmp_path / name, (24, 40), backend="cpu", **keywords)
        cli.run("bake", "--octaves", "3", *flags, "--backend", "cpu", "--out", tmp_path / ("cli_" + name))
        assert (tmp_path / name).read_bytes() == (tmp_path / ("cli_" + name)).read_bytes(), flags
        assert sidecar(tmp_path / name)["command"] == sidecar(tmp_path / ("cli_" + name))["command"]
    with pytest.raises(ValueError, match=r"^normals dx: must be opengl \(green up the image: Unity, Godot, Blender\) or "
                                         r"directx \(green down: Unreal\)$"):
        glnoise.Noise(output="normal").save(tmp_path / "x.png", (8, 8), backend="cpu", normals="dx")
    with pytest.raises(ValueError, match=r"^normals directx: sets a normal map's green channel; it needs --output normal$"):
        glnoise.Noise().save(tmp_path / "x.png", (8, 8), backend="cpu", normals="directx")
    with pytest.raises(TypeError, match="save\\(\\) got an unexpected keyword argument 'flip'"):
        glnoise.Noise().save(tmp_path / "x.png", (8, 8), backend="cpu", flip=True)
    with pytest.raises(ValueError, match="flip_y 1: must be True or False"):
        glnoise.Noise().save(tmp_path / "x.png", (8, 8), backend="cpu", flip_y=1)
    with pytest.raises(ValueError, match="samples 4D noise; the spec has dims 2"):
        glnoise.Noise().save(tmp_path / "x.png", (8, 8), backend="cpu", seamless=True)
    assert not (tmp_path / "x.png").exists()


def test_save_takes_each_bake_field_of_the_table_as_the_command_takes_its_flag(cli, tmp_path):
    import glnoise

    fields = glnoise.bake_fields()
    assert {f["keyword"] for f in fields} >= {"shared_edges", "flip_y", "normals", "seamless"}
    for f in fields:
        assert f["flag"] == "--" + f["keyword"].replace("_", "-")
        assert f["flag"] in cli.run("bake", "--help").stdout
        assert f["keyword"] in glnoise.Noise.save.__doc__
        if not f["choices"]:
            assert f["default"] is False
            with pytest.raises(ValueError, match=f"^{f['keyword']} 'yes': must be True or False$"):
                glnoise.Noise().save(tmp_path / "x.png", (8, 8), backend="cpu", **{f["keyword"]: "yes"})
        else:
            assert f["default"] in f["choices"]
    assert not (tmp_path / "x.png").exists()


def test_a_heightmap_maps_its_stated_range_from_python_as_from_the_command(cli, tmp_path):
    import glnoise

    glnoise.Noise(octaves=4).save(tmp_path / "h.r16", (24, 40), backend="cpu")
    cli.run("bake", "--octaves", "4", "--size", "40x24", "--backend", "cpu", "--out", tmp_path / "cli.r16")
    assert (tmp_path / "h.r16").read_bytes() == (tmp_path / "cli.r16").read_bytes()
    assert sidecar(tmp_path / "h.r16")["command"].endswith("--range bound")
    glnoise.Noise(octaves=4, range="typical").save(tmp_path / "t.r16", (24, 40), backend="cpu")
    assert "--range" not in sidecar(tmp_path / "t.r16")["command"]
