# SPDX-License-Identifier: MIT
# The Python package's tests (pytest), run by CTest against the package pip installed
# into a virtual environment (tests/CMakeLists.txt: python.*). GLNOISE_CLI names the
# glnoise executable of the same tree, the independent maker of what the package must
# equal; GLNOISE_SKIP_GPU=1 leaves out the tests that need a GL context.
import json
import os
import subprocess

import numpy as np
import pytest


def pytest_collection_modifyitems(config, items):
    if os.environ.get("GLNOISE_SKIP_GPU") == "1":
        skip = pytest.mark.skip(reason="GLNOISE_SKIP_GPU=1: no GL context here")
        for item in items:
            if "gpu" in item.keywords:
                item.add_marker(skip)


def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs a GL context (backend='gpu')")


class Cli:
    """The glnoise command of the same build."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, input=None, check=True):
        r = subprocess.run([self.path, *map(str, args)], input=input, capture_output=True, text=True)
        if check and r.returncode != 0:
            raise AssertionError(f"glnoise {' '.join(map(str, args))} failed ({r.returncode}): {r.stderr}")
        return r

    def error(self, *args):
        """The one error line a bad command prints, without its 'glnoise: error: ' prefix."""
        r = self.run(*args, check=False)
        assert r.returncode == 2, (args, r.returncode, r.stderr)
        lines = [l for l in r.stderr.splitlines() if l.startswith("glnoise: error: ")]
        assert len(lines) == 1, r.stderr
        return lines[0][len("glnoise: error: "):]

    def bake_r32(self, tmp_path, *args, name="cli.r32"):
        """A .r32 baked by the command: its values as float32, shaped as its sidecar says."""
        out = tmp_path / name
        self.run("bake", "--out", out, *args)
        sidecar = json.loads((tmp_path / (name + ".json")).read_text())
        data = np.fromfile(out, dtype="<f4")
        stored = sidecar["stored"]
        w, h, d = stored["width"], stored["height"], stored.get("depth", 1)
        c = len(stored["channels"])
        shape = ((d,) if d > 1 else ()) + (h, w) + ((c,) if c > 1 else ())
        return data.reshape(shape)


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("GLNOISE_CLI")
    if not path:
        pytest.fail("GLNOISE_CLI must name the glnoise executable of this build")
    return Cli(path)
