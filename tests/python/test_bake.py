# SPDX-License-Identifier: MIT
# bake, bake_into and eval: the values of `glnoise bake` and `glnoise eval`, bit for bit on
# the CPU backends; arrays of the documented shapes, dtypes and strides.
import json

import numpy as np
import pytest

import glnoise

SPECS = [
    ({"octaves": 6}, ()),
    ({"basis": "simplex", "octaves": 3, "seed": 11, "frequency": 0.05}, ("--basis", "simplex", "--octaves", "3",
                                                                          "--seed", "11", "--frequency", "0.05")),
    ({"basis": "cellular", "cell_return": "f2-f1", "fractal": "ridged", "octaves": 2},
     ("--basis", "cellular", "--cell-return", "f2-f1", "--fractal", "ridged", "--octaves", "2")),
    ({"warp_amount": 1.5, "rotate": True, "octaves": 4}, ("--warp-amount", "1.5", "--rotate", "--octaves", "4")),
    ({"world_hash": True, "octaves": 2, "frequency": 0.25, "offset": (3e9, -7e8)},
     ("--world-hash", "--octaves", "2", "--frequency", "0.25", "--offset", "3e9,-7e8")),
]


def cli_flags(keywords, flags):
    return list(flags) if flags else ["--octaves", str(keywords["octaves"])]


@pytest.mark.parametrize("backend", ["cpu", "reference"])
@pytest.mark.parametrize("keywords,flags", SPECS)
def test_cpu_equals_the_commands_r32(cli, tmp_path, backend, keywords, flags):
    expected = cli.bake_r32(tmp_path, "--size", "96x80", "--backend", "cpu", *cli_flags(keywords, flags))
    got = glnoise.Noise(**keywords).bake((80, 96), backend=backend)
    assert got.shape == (80, 96)
    assert np.array_equal(got.view(np.uint32), expected.view(np.uint32))


@pytest.mark.gpu
@pytest.mark.parametrize("keywords,flags", SPECS)
def test_gpu_equals_the_commands_gpu_bake_and_is_within_tolerance(cli, tmp_path, keywords, flags):
    noise = glnoise.Noise(**keywords)
    cpu = cli.bake_r32(tmp_path, "--size", "96x80", "--backend", "cpu", *cli_flags(keywords, flags), name="c.r32")
    gpu_cli = cli.bake_r32(tmp_path, "--size", "96x80", "--backend", "gpu", *cli_flags(keywords, flags), name="g.r32")
    got = noise.bake((80, 96), backend="gpu")
    # The same shader on the same GL: the command's bits.
    assert np.array_equal(got.view(np.uint32), gpu_cli.view(np.uint32))
    tolerance = glnoise.check(noise, (80, 96)).channels[0]["tolerance"]
    assert np.abs(got.astype(np.float64) - cpu).max() <= tolerance


def test_volume_and_gradient_channels(cli, tmp_path):
    vol = glnoise.Noise(octaves=2).bake((5, 16, 24), backend="cpu")
    expected = cli.bake_r32(tmp_path, "--size", "24x16x5", "--octaves", "2", "--backend", "cpu")
    assert vol.shape == (5, 16, 24) and np.array_equal(vol, expected)
    grad = glnoise.Noise(output="gradient", dims=3).bake((16, 24), backend="cpu")
    expected = cli.bake_r32(tmp_path, "--size", "24x16", "--output", "gradient", "--dims", "3", "--backend", "cpu",
                            name="g.r32")
    assert grad.shape == (16, 24, 4) and np.array_equal(grad, expected)
    assert glnoise.Noise(output="normal").bake((8, 8), backend="cpu").shape == (8, 8, 4)


def test_array_layout():
    a = glnoise.Noise().bake((30, 50), backend="cpu")
    assert a.dtype == np.float32 and a.flags.c_contiguous and a.flags.owndata
    assert a.strides == (50 * 4, 4)
    g = glnoise.Noise(output="gradient").bake((30, 50), backend="cpu")
    assert g.strides == (50 * 16, 16, 4)
    # Row y = 0 first: element [y, x] is the noise at point (x, y) (a point's value is
    # computed from its double coordinates, a texel's from its integer index: the same to
    # float32 rounding, docs/math.md).
    noise = glnoise.Noise(octaves=3, frequency=0.1)
    pts = np.array([[x, y] for y in (0, 7, 29) for x in (1, 13, 49)], dtype=np.float64)
    values = noise.eval(pts, backend="cpu")
    a = noise.bake((30, 50), backend="cpu")
    assert np.allclose(values, a[pts[:, 1].astype(int), pts[:, 0].astype(int)], rtol=0, atol=1e-5)
    assert not np.allclose(values, a.T[pts[:, 1].astype(int) % 30, pts[:, 0].astype(int) % 30], rtol=0, atol=1e-2)


def test_start_is_a_window_of_the_world():
    noise = glnoise.Noise(octaves=5, seed=4)
    whole = noise.bake((200, 300), start=(-100, -50), backend="cpu")
    part = noise.bake((64, 80), start=(-60, 7), backend="cpu")
    assert np.array_equal(part, whole[40:104, 57:137])
    vol = glnoise.Noise(octaves=2).bake((6, 20, 20), backend="cpu")
    assert np.array_equal(glnoise.Noise(octaves=2).bake((2, 5, 5), start=(3, 10, 15), backend="cpu"), vol[3:5, 10:15, 15:20])


def test_tile_of_the_command(cli, tmp_path):
    # --tile I,J --tile-size WxH is the bake at start (J*H, I*W).
    expected = cli.bake_r32(tmp_path, "--tile", "3,2", "--tile-size", "40x30", "--octaves", "4", "--backend", "cpu")
    got = glnoise.Noise(octaves=4).bake((30, 40), start=(60, 120), backend="reference")
    assert np.array_equal(got, expected)


def test_bake_into_writes_the_callers_memory():
    noise = glnoise.Noise(octaves=3)
    big = np.zeros((100, 64), dtype=np.float32)
    view = big[20:40]                      # C-contiguous rows of big
    out = noise.bake_into(view, start=(20, 0), backend="cpu")
    assert out is view
    assert np.array_equal(big[20:40], noise.bake((100, 64), backend="cpu")[20:40])
    assert not big[:20].any() and not big[40:].any()


@pytest.mark.parametrize("array,said", [
    (np.zeros((8, 8)), "array dtype float64: must be float32"),
    (np.zeros((8, 16), np.float32)[:, ::2], "array strides (64, 8): must be C-contiguous"),
    (np.zeros((8, 8, 4), np.float32), "array shape (8, 8, 4): a volume needs dims 3 or 4"),
    (np.zeros((8,), np.float32), "array shape (8,): must be (height, width) or (depth, height, width)"),
    ([[0.0]], "array list: must be a numpy.ndarray"),
])
def test_bad_arrays(array, said):
    noise = glnoise.Noise(dims=2)
    with pytest.raises(ValueError) as e:
        noise.bake_into(array, backend="cpu")
    assert str(e.value).startswith(said)


def test_read_only_array():
    a = np.zeros((8, 8), np.float32)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="^array: must be writeable$"):
        glnoise.Noise().bake_into(a, backend="cpu")


@pytest.mark.parametrize("shape,said", [
    ((0, 8), "shape (0, 8): each edge must be between 1 and 1048576"),
    ((-1, 16), "shape (-1, 16): each edge must be between 1 and 1048576"),
    ((8, 8, 8, 8), "shape (8, 8, 8, 8): must be (height, width) or (depth, height, width)"),
    ((8, 8.5), "shape (8, 8.5): must be a tuple of integers"),
])
def test_bad_shapes(shape, said):
    with pytest.raises(ValueError) as e:
        glnoise.Noise().bake(shape, backend="cpu")
    assert str(e.value) == said


def test_bad_backend_and_start():
    with pytest.raises(ValueError, match="^backend 'vulkan': must be auto, gpu, cpu or reference$"):
        glnoise.Noise().bake((4, 4), backend="vulkan")
    with pytest.raises(ValueError, match=r"^start \(1, 2, 3\): must be \(y, x\)"):
        glnoise.Noise().bake((4, 4), start=(1, 2, 3), backend="cpu")
    with pytest.raises(ValueError, match="must lie within world texels -2\\^52 to 2\\^52"):
        glnoise.Noise().bake((4, 4), start=(0, 2**53), backend="cpu")


def test_gradient_needs_its_channel_axis():
    with pytest.raises(ValueError, match=r"^array shape \(8, 8\): must be \(height, width, 4\)"):
        glnoise.Noise(output="gradient").bake_into(np.zeros((8, 8), np.float32), backend="cpu")


@pytest.mark.parametrize("backend", ["cpu", pytest.param("gpu", marks=pytest.mark.gpu)])
def test_eval_prints_what_the_command_prints(cli, backend):
    rng = np.random.default_rng(5)
    for keywords, flags, dims in [({"octaves": 4, "dims": 3}, ["--octaves", "4", "--dims", "3"], 3),
                                  ({"basis": "simplex"}, ["--basis", "simplex", "--dims", "2"], 2),
                                  ({"output": "gradient", "dims": 2}, ["--output", "gradient", "--dims", "2"], 2),
                                  ({"dims": 4, "octaves": 2}, ["--dims", "4", "--octaves", "2"], 4)]:
        pts = rng.uniform(-1e3, 1e3, size=(200, dims))
        text = "\n".join(" ".join(repr(float(v)) for v in p) for p in pts) + "\n"
        printed = cli.run("eval", "--backend", backend, *flags, input=text).stdout
        expected = np.array([[float(v) for v in line.split()] for line in printed.splitlines()], dtype=np.float32)
        got = glnoise.Noise(**keywords).eval(pts, backend=backend)
        assert got.dtype == np.float32
        assert np.array_equal(got.reshape(len(pts), -1), expected), keywords


def test_eval_takes_the_dims_of_the_points():
    noise = glnoise.Noise(octaves=2)
    assert noise.eval(np.zeros((5, 3)), backend="cpu").shape == (5,)
    # A 1D array is N points of 1D noise or one point of N dimensions: dims=1 says which.
    with pytest.raises(ValueError, match=r"^points shape \(3,\): a 1D array is ambiguous; must be \(N, dims\): "
                                         r"reshape to \(1, 3\) for one point, or give dims=1 for 3 points of 1D noise$"):
        noise.eval(np.array([3.14, 42, 7]), backend="cpu")
    ones = glnoise.Noise(octaves=2, dims=1)
    assert np.array_equal(ones.eval([0.5, 1.5, 2.5], backend="cpu"), ones.eval([[0.5], [1.5], [2.5]], backend="cpu"))
    with pytest.raises(ValueError, match=r"^points shape \(5, 2\): must be \(N, 3\) for dims 3$"):
        glnoise.Noise(dims=3).eval(np.zeros((5, 2)), backend="cpu")
    with pytest.raises(ValueError, match=r"^points\[1, 0\] nan: coordinates must be finite$"):
        noise.eval([[0, 0], [np.nan, 1]], backend="cpu")


def test_auto_runs_where_glnoise_bake_does(tmp_path):
    # backend="auto" (the default) is the GPU unless the renderer is a software rasterizer,
    # then the SIMD backend; info() says which and why. Holds on any renderer.
    info = glnoise.info()
    assert info["gpu"] is not None, info.get("gpu_error")
    renderer = info["gpu"]["renderer"]
    software = any(name in renderer.lower() for name in ("llvmpipe", "softpipe", "software rasterizer"))
    chosen = "cpu" if software else "gpu"
    assert info["default_backend"] == chosen
    assert renderer in info["default_backend_why"]
    n = glnoise.Noise(octaves=4, seed=5)
    assert np.array_equal(n.bake((64, 96)), n.bake((64, 96), backend=chosen))
    assert np.array_equal(n.bake((64, 96), backend="auto"), n.bake((64, 96), backend=chosen))
    points = np.array([[0.5, 0.25], [-3.0, 7.5]])
    assert np.array_equal(n.eval(points), n.eval(points, backend=chosen))
    n.save(tmp_path / "auto.r32", (64, 96))
    assert json.loads((tmp_path / "auto.r32.json").read_text())["backend"] == chosen
