# SPDX-License-Identifier: MIT
# The GL context, threads, the GIL, memory at 16384², dask, info, check and shader sources.
import os
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import glnoise


def run_python(code, env=None):
    """Runs code in a fresh interpreter; returns its standard output."""
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                       env={**os.environ, **(env or {})})
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.gpu
def test_info_and_check(cli):
    i = glnoise.info()
    assert i["version"] == glnoise.__version__ and i["simd_target"]
    assert i["gpu"]["renderer"] and i["gpu"]["max_texture_size"] >= 16384
    # The command's info names the same renderer.
    assert f"GL renderer:         {i['gpu']['renderer']}" in cli.run("info").stdout
    r = glnoise.check(glnoise.Noise(octaves=6, output="gradient"), (64, 96))
    assert r.passed and bool(r) and [c["name"] for c in r.channels] == ["value", "d/dx", "d/dy", "d/dz"]
    assert all(c["max_diff"] <= c["tolerance"] for c in r.channels)
    assert "PASS" in str(r) and r.renderer == i["gpu"]["renderer"]


def test_no_gl_context_is_a_runtime_error_and_the_cpu_still_works():
    # No EGL vendor: no context can be made; the GPU backend says so, every time.
    out = run_python("""
        import glnoise
        n = glnoise.Noise(octaves=2)
        for _ in range(2):
            try:
                n.bake((8, 8), backend="gpu")
                print("baked")
            except RuntimeError as e:
                print("RuntimeError:", str(e).splitlines()[0][:40])
        print(glnoise.info()["gpu"])
        print(n.bake((8, 8), backend="cpu").shape)
    """, env={"__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent.json", "GLNOISE_EGL_PLATFORM": ""})
    lines = out.splitlines()
    assert lines[0].startswith("RuntimeError: no GPU backend: ") and lines[1] == lines[0]
    assert lines[2:] == ["None", "(8, 8)"]


@pytest.mark.parametrize("backend", ["cpu", "reference", pytest.param("gpu", marks=pytest.mark.gpu)])
def test_concurrent_calls_from_threads(backend):
    specs = [glnoise.Noise(octaves=o, seed=s) for o in (1, 4) for s in (None, 3, 9)]
    serial = [n.bake((96, 128), start=(i, -i), backend=backend) for i, n in enumerate(specs)]
    points = np.random.default_rng(2).uniform(-50, 50, (500, 2))
    serial_points = [n.eval(points, backend=backend) for n in specs]

    def job(k):
        i = k % len(specs)
        if k % 2:
            return ("bake", i, specs[i].bake((96, 128), start=(i, -i), backend=backend, threads=1))
        return ("eval", i, specs[i].eval(points, backend=backend))

    with ThreadPoolExecutor(max_workers=8) as pool:
        for kind, i, got in pool.map(job, range(48)):
            assert np.array_equal(got, serial[i] if kind == "bake" else serial_points[i])


@pytest.mark.parametrize("backend", ["cpu", pytest.param("gpu", marks=pytest.mark.gpu)])
def test_the_gil_is_released_while_generating(backend):
    noise = glnoise.Noise(octaves=8, no_octave_limit=True)
    noise.bake((8, 8), backend=backend)  # the context made, the shaders compiled
    seen = []
    done = threading.Event()

    def count():
        while not done.is_set():
            seen.append(time.perf_counter())

    counter = threading.Thread(target=count)
    counter.start()
    start = time.perf_counter()
    noise.bake((1024, 1024), backend=backend, threads=1)
    end = time.perf_counter()
    done.set()
    counter.join()
    # With the GIL held inside the bake, the counting thread could run only in the moments of
    # Python at its start and end, never in the middle half of it, however fast the machine.
    quarter = (end - start) / 4
    assert any(start + quarter < t < end - quarter for t in seen)


# The GPU bakes 16384 x 4096 (a quarter of the time on llvmpipe): the same tiles in flight,
# so the same working set beside the array.
@pytest.mark.parametrize("backend,height", [("cpu", 16384), pytest.param("gpu", 4096, marks=pytest.mark.gpu)])
def test_a_16384_squared_bake_needs_its_array_and_a_bounded_working_set(backend, height):
    out = run_python(f"""
        import resource
        import numpy as np
        import glnoise
        n = glnoise.Noise(octaves=1)
        n.bake((256, 256), backend="{backend}")
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        a = n.bake(({height}, 16384), backend="{backend}")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        print(peak - base - a.nbytes, float(a[::997, ::991].std()))
    """)
    beyond, std = out.split()
    # The array is up to 1 GiB; beside it, the tiles in flight (32 MiB each at most, three of
    # them on the GPU, each also a texture, which llvmpipe keeps in host memory) and the
    # driver's own.
    assert int(beyond) < 384 * 2**20, f"{int(beyond) / 2**20:.0f} MiB beyond the array"
    assert 0.1 < float(std) < 0.5


def test_dask_chunks_are_world_tiles():
    da = pytest.importorskip("dask.array")
    import dask
    noise = glnoise.Noise(octaves=5, seed=8)
    d = noise.to_dask((300, 420), chunks=(100, 140), start=(-50, 1000), backend="cpu")
    assert d.numblocks == (3, 3) and d.dtype == np.float32
    whole = noise.bake((300, 420), start=(-50, 1000), backend="cpu")
    with dask.config.set(scheduler="threads"):
        assert np.array_equal(d.compute(), whole)
        assert np.array_equal(d[123:257, 7:400:3].compute(), whole[123:257, 7:400:3])
    with dask.config.set(scheduler="processes"):  # a Noise pickles to the workers
        assert np.array_equal(d[:100, :140].compute(), whole[:100, :140])
    vol = glnoise.Noise(octaves=2, output="gradient", dims=3).to_dask((8, 30, 30), chunks=(4, 15, 15), backend="cpu")
    assert vol.shape == (8, 30, 30, 4) and vol.numblocks == (2, 2, 2, 1)
    assert np.array_equal(vol.compute(), glnoise.Noise(octaves=2, output="gradient", dims=3).bake((8, 30, 30),
                                                                                                   backend="cpu"))


def test_dask_mean_of_a_large_array_in_bounded_memory():
    pytest.importorskip("dask.array")
    out = run_python("""
        import resource
        import dask
        import numpy as np
        import glnoise
        noise = glnoise.Noise(octaves=1, frequency=1 / 16)
        d = noise.to_dask((16384, 16384), chunks=2048, backend="cpu")    # 1 GiB of float32
        with dask.config.set(scheduler="threads", num_workers=2):
            mean = float(d.mean(dtype=np.float64).compute())
        # The same sum, a tile at a time.
        total = sum(noise.bake((2048, 2048), start=(y, x), backend="cpu").sum(dtype=np.float64)
                    for y in range(0, 16384, 2048) for x in range(0, 16384, 2048))
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, mean, total / 16384**2)
    """)
    peak, mean, expected = out.split()
    assert int(peak) < 2**29, f"peak {int(peak) / 2**20:.0f} MiB: the 1 GiB array was held"
    assert abs(float(mean) - float(expected)) < 1e-9


def test_shader_sources_are_the_commands(cli):
    def body(text):
        return [l for l in text.splitlines() if "Made by" not in l]
    for language, args in [("glsl", {}), ("hlsl", {"seed": 7}), ("wgsl", {"families": ["simplex"]}),
                           ("gles", {"table": "uniform"})]:
        flags = ["--language", language]
        if "seed" in args:
            flags += ["--seed", str(args["seed"])]
        if "families" in args:
            flags += args["families"]
        if "table" in args:
            flags += ["--table", args["table"]]
        printed = cli.run("shader", *flags).stdout
        assert body(glnoise.glsl(language, **args)) == body(printed), language
    with pytest.raises(ValueError, match="^language klingon: "):
        glnoise.glsl("klingon")
