# SPDX-License-Identifier: MIT
"""glnoise: gradient, simplex, value and cellular noise and their fractal sums as numpy
arrays, on the GPU (OpenGL compute) or the CPU, bit for bit the values of `glnoise bake`.

    >>> import glnoise
    >>> terrain = glnoise.Noise(octaves=8, frequency=1 / 256, normalize=True)
    >>> height = terrain.bake((1024, 1024))            # float32, (height, width), y = 0 first
    >>> height.shape, height.dtype
    ((1024, 1024), dtype('float32'))

Axes and coordinates follow numpy: shapes are (height, width) or (depth, height, width),
with a trailing axis of 4 channels for the gradient and normal outputs; `start` and `tile`
are in the same order, (y, x) or (z, y, x). Texel (row y, column x) of a bake at `start`
samples the noise at world texel (start_x + x, start_y + y): any window of the world is
the same window of one bake, bit for bit.

Backends: "auto" (the default: "gpu", unless the GL renderer is a software rasterizer
such as llvmpipe, which the SIMD backend outruns; then "cpu"; info() says which and
why), "gpu" (the compute shaders through a headless GL context made once per process),
"cpu" (the SIMD backend on every core) and "reference" (the scalar CPU reference); "cpu"
and "reference" give the same bits. Nothing falls back: when no GL context can be made,
backend="gpu" and backend="auto" raise RuntimeError saying why.
"""
from __future__ import annotations

import dataclasses
import difflib
import json
import math
import operator
import os
import sys
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _glnoise
from ._glnoise import __version__
from . import _nodes
from ._nodes import BASES, FRACTALS, Node, nodes, shorthands as _shorthands

# glnoise.perlin(), glnoise.ridged(source), ...: a basis node of each basis and a fractal node
# of each type (glnoise/_nodes.py).
globals().update(_shorthands)

__all__ = [
    "Noise",
    "Graph",
    "Node",
    "nodes",
    *_shorthands,
    "CheckResult",
    "check",
    "info",
    "glsl",
    "write",
    "preset",
    "presets",
    "bake_fields",
    "BACKENDS",
    "__version__",
]

#: The backends every generating call takes.
BACKENDS = ("auto", "gpu", "cpu", "reference")

# Noise() keywords beyond the spec's: how save() maps values (a preset's colormap, range and
# bits) and whether octaves above a grid's Nyquist limit are kept.
_OPTIONS = ("colormap", "range", "bits", "no_octave_limit")

_KEYS: Tuple[str, ...] = tuple(_glnoise.spec_keys())
_DEFAULTS: Dict[str, Any] = _glnoise.Spec.from_keywords({}).to_dict()

Shape = Sequence[int]
Range = Union[Tuple[float, float], str, None]


def _unknown_keyword(where: str, key: str) -> TypeError:
    close = difflib.get_close_matches(key, _KEYS, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return TypeError(f"{where} got an unexpected keyword argument '{key}'{hint} allowed: {', '.join(_KEYS)}")


def _integers(name: str, value: Any) -> Tuple[int, ...]:
    """A shape or start as a tuple of Python ints; ValueError naming it otherwise."""
    try:
        items = tuple(value)
    except TypeError:
        raise ValueError(f"{name} {value!r}: must be a tuple of integers") from None
    try:
        return tuple(operator.index(v) for v in items)
    except TypeError:
        raise ValueError(f"{name} {value!r}: must be a tuple of integers") from None


class _Generator:
    """What Noise and Graph share: the values they make, over grids and at points, and the
    files `glnoise bake` writes. Each holds its native spec (a Graph's holds its graph) and
    the mapping save() uses."""

    __slots__ = ()

    def _given_dims(self) -> Optional[int]:
        raise NotImplementedError

    def _key(self) -> Tuple[Any, ...]:
        raise NotImplementedError

    # Equal when of one class with equal keys (a Noise's fields, a Graph's JSON, and the
    # mapping and no_octave_limit of both).
    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def no_octave_limit(self) -> bool:
        """Whether octaves above a grid's Nyquist limit are kept (else dropped with a warning,
        as `glnoise bake` drops them unless given --no-octave-limit)."""
        return self._spec.no_octave_limit

    @property
    def colormap(self) -> Optional[str]:
        """The colormap save() maps values through (None: grey)."""
        return self._mapping.get("colormap")

    @property
    def range(self) -> Range:
        """What save() maps to 0..255 or 0..65535: (min, max), "bound", "typical", or None
        (not chosen: typical, and the stated range for a heightmap, .r16)."""
        return self._mapping.get("range")

    @property
    def bits(self) -> Optional[int]:
        """The bits per sample save() writes (None: the format's default)."""
        return self._mapping.get("bits")

    def _options(self) -> Dict[str, Any]:
        """The keywords beyond the spec's that differ from their defaults."""
        options = dict(self._mapping)
        if self._spec.no_octave_limit:
            options["no_octave_limit"] = True
        return options

    # ---- what it computes -----------------------------------------------------------
    @property
    def erodes(self) -> bool:
        """Whether it is a graph with an erode stage (docs/erosion.md): its output over a whole
        heightmap, eroded. bake() and save() make it; points, tiles (a start) and dask
        chunks cannot, and raise ValueError."""
        return bool(self._spec.erodes())

    @property
    def channels(self) -> int:
        """Values per texel or point: 1, or 4 for output "gradient" (value, d/dx, d/dy, d/dz)
        and "normal" (nx, ny, nz, value)."""
        return self._spec.channels()

    def stated_range(self, dims: Optional[int] = None) -> Tuple[float, float]:
        """The range every value is stated to lie in (docs/noise.md)."""
        return tuple(self._spec.stated_range(dims or self._given_dims() or 2))

    def typical_range(self, dims: Optional[int] = None) -> Tuple[float, float]:
        """Where 99.8% of the values lie: what a file maps to 0..255 unless told otherwise."""
        return tuple(self._spec.typical_range(dims or self._given_dims() or 2))

    def _array_shape(self, shape: Shape, bake: bool = True) -> Tuple[int, ...]:
        shape = _integers("shape", shape)
        if any(n < 1 or (bake and n > _MAX_BAKE_EDGE) for n in shape):
            most = f"between 1 and {_MAX_BAKE_EDGE}" if bake else "at least 1"
            raise ValueError(f"shape {shape!r}: each edge must be {most}")
        return shape + ((4,) if self.channels == 4 else ())

    @staticmethod
    def _start(start: Optional[Shape], spatial: int) -> Tuple[int, int, int]:
        if start is None:
            return (0, 0, 0)
        s = _integers("start", start)
        if len(s) != spatial:
            axes = "(y, x)" if spatial == 2 else "(z, y, x)"
            raise ValueError(f"start {tuple(s)!r}: must be {axes}, as many as the shape's {spatial} axes")
        return (s[-1], s[-2], s[0] if spatial == 3 else 0)

    def bake(self, shape: Shape, start: Optional[Shape] = None, backend: str = "auto", threads: int = 0) -> np.ndarray:
        """The noise over a grid, as a new C-contiguous float32 array.

        shape: (height, width) or (depth, height, width); the array has a trailing axis of
        4 channels for the gradient and normal outputs. start: the world texel of element
        0, in the same order ((y, x) or (z, y, x)); a bake at start equals that window of a
        larger one, bit for bit. backend: "auto", "gpu", "cpu" or "reference". threads: the CPU
        backends' threads (0: one per hardware thread).

        Memory: the result, and a working set of at most 96 MiB whatever the shape.
        """
        full = self._array_shape(shape)
        try:
            array = np.empty(full, dtype=np.float32)
        except MemoryError:
            size = 4 * int(np.prod(full, dtype=object))
            raise ValueError(f"shape {tuple(shape)!r}: its {_bytes(size)} of float32 do not fit in this machine's "
                             f"memory; bake it in pieces (bake(shape, start=...) or to_dask())") from None
        return self._bake_into(array, start, backend, threads, "shape")

    def bake_into(self, array: np.ndarray, start: Optional[Shape] = None, backend: str = "auto",
                  threads: int = 0) -> np.ndarray:
        """bake() into your array (C-contiguous, writeable float32 of a bake's shape),
        without copying; returns it."""
        if not isinstance(array, np.ndarray):
            raise ValueError(f"array {type(array).__name__}: must be a numpy.ndarray")
        if array.dtype != np.float32:
            raise ValueError(f"array dtype {array.dtype}: must be float32")
        if not array.flags.c_contiguous:
            raise ValueError("array strides " + str(array.strides) + ": must be C-contiguous")
        if not array.flags.writeable:
            raise ValueError("array: must be writeable")
        return self._bake_into(array, start, backend, threads, "array shape")

    def _bake_into(self, array: np.ndarray, start: Optional[Shape], backend: str, threads: int,
                   what: str) -> np.ndarray:
        spatial = array.ndim - (1 if self.channels == 4 else 0)
        _glnoise.bake_into(self._spec, array, self._start(start, spatial), backend, _threads(threads), what)
        return array

    def eval(self, points: Any, backend: str = "auto") -> np.ndarray:
        """The noise at points: an (N, dims) array of sample-space coordinates (texel
        units; float64). Returns (N,) float32, or (N, 4) for gradient and normal outputs;
        what `glnoise eval` prints for the same points. A 1D array is N points of 1D noise
        only when the Noise has dims=1 (else a ValueError: it could be one point)."""
        pts = np.ascontiguousarray(points, dtype=np.float64)
        if pts.ndim == 1:
            # N points of 1D noise, or one point of N dimensions: only dims=1 says which.
            if self._given_dims() != 1:
                raise ValueError(f"points shape {pts.shape}: a 1D array is ambiguous; must be (N, dims): "
                                 f"reshape to (1, {pts.shape[0]}) for one point, or give dims=1 for "
                                 f"{pts.shape[0]} points of 1D noise" if isinstance(self, Noise) else
                                 f"points shape {pts.shape}: must be (N, {self._given_dims()}) for a graph of "
                                 f"dims {self._given_dims()}")
            pts = pts.reshape(-1, 1)
        if pts.ndim != 2:
            raise ValueError(f"points shape {pts.shape}: must be (N, dims)")
        return _glnoise.eval_points(self._spec, pts, backend)

    def save(self, path: Union[str, os.PathLike], shape: Shape, *, tile: Optional[Shape] = None,
             tile_x: Optional[int] = None, tile_y: Optional[int] = None, tile_z: Optional[int] = None,
             range: Range = None, colormap: Optional[str] = None, bits: Optional[int] = None,
             backend: str = "auto", threads: int = 0, **fields: Any) -> str:
        """Writes what `glnoise bake` writes: .png (8 or 16 bits, or RGB through a
        colormap), .exr (float32), .r16/.raw or .r32 (with its FILE.json sidecar), a volume
        as PNG slices with %d in the path. The file records the spec, so `glnoise bake
        --from FILE` re-bakes it and Noise.from_file reads it. Nothing is written unless
        all of it is: a failure leaves what was at the path.

        tile_x, tile_y (and tile_z for a volume): the bake being that tile of a world cut
        into tiles of this shape, as `glnoise bake --tile X,Y[,Z]` (tile_x=3, tile_y=-2 is
        `--tile 3,-2`). tile: the same as one tuple in the shape's own order, (y, x) or
        (z, y, x), the reverse of --tile's: tile=(-2, 3) is `--tile 3,-2`. range: (min, max) mapped to 0..255 or
        0..65535, "typical" (the default) or "bound" (the stated range). Returns what was
        written, e.g. "512x512 8-bit gray, [-0.75, 0.75] -> 0..255".

        The bake's fields, each a keyword as `glnoise bake` takes its flag (docs/engines.md),
        listed below and by bake_fields(): an on/off one True or False, the others a str.
        """
        shape = _integers("shape", shape)
        tile_xyz = None
        named = {k: v for k, v in (("tile_x", tile_x), ("tile_y", tile_y), ("tile_z", tile_z)) if v is not None}
        if tile is not None and named:
            raise ValueError(f"tile {tile!r} and {', '.join(named)}: give the tile one way, tile_x and tile_y "
                             "(as --tile X,Y) or tile in the shape's (y, x) order")
        if tile is not None:
            t = _integers("tile", tile)
            if len(t) != len(shape):
                raise ValueError(f"tile {t!r}: must have the shape's {len(shape)} axes, in its order "
                                 f"({'(z, y, x)' if len(shape) == 3 else '(y, x)'})")
            tile_xyz = (t[-1], t[-2], t[0] if len(t) == 3 else 0)
        elif named:
            want = ("tile_x", "tile_y", "tile_z")[:len(shape)]
            if set(named) != set(want):
                raise ValueError(f"{', '.join(f'{k}={v!r}' for k, v in named.items())}: a bake of shape {shape!r} "
                                 f"takes {' and '.join(want)}")
            for k, v in named.items():
                if not isinstance(v, int) or isinstance(v, bool):
                    raise ValueError(f"{k} {v!r}: must be an integer")
            tile_xyz = (named["tile_x"], named["tile_y"], named.get("tile_z", 0))
        mapping = dict(self._mapping)
        if range is not None:
            mapping["range"] = range
        if colormap is not None:
            mapping["colormap"] = colormap
        if bits is not None:
            mapping["bits"] = bits
        r = mapping.get("range")
        bound = r == "bound"
        if r in ("bound", "typical", None):
            r = None
        elif isinstance(r, str):
            raise ValueError(f"range '{r}': must be (min, max), 'typical' or 'bound'")
        else:
            try:
                lo, hi = (float(v) for v in r)
            except (TypeError, ValueError):
                raise ValueError(f"range {r!r}: must be (min, max), 'typical' or 'bound'") from None
            r = (lo, hi)
        b = mapping.get("bits") or 0
        if not isinstance(b, int) or isinstance(b, bool):
            raise ValueError(f"bits {b!r}: must be 8, 16 or 32")
        cmap = mapping.get("colormap") or ""
        return _glnoise.save(self._spec, os.fspath(path), self._array_shape(shape), tile_xyz, r, bound,
                             "range" in mapping, "" if cmap == "none" else cmap, b, backend, _threads(threads), fields)

    def to_dask(self, shape: Shape, chunks: Any = 4096, start: Optional[Shape] = None, backend: str = "auto"):
        """A dask array of the noise over `shape` whose chunks are world tiles, each baked
        when dask computes it (on any worker: a Noise pickles as its spec).

        Tiles equal the whole bit for bit, so any slice or reduction of it equals the same
        of one bake, and it can be far larger than memory. chunks: as dask takes them
        (an int, a tuple per axis, "auto"); the channel axis stays whole. Needs dask
        (pip install glnoise[dask]).
        """
        try:
            import dask.array as da
        except ImportError:
            raise ImportError("Noise.to_dask needs dask: pip install 'dask[array]' (or glnoise[dask])") from None
        if self.erodes:
            raise ValueError("to_dask: the graph's erode stage erodes the whole heightmap at once (erosion moves "
                             "material across a chunk's edges); bake it whole: .bake(shape)")
        full = self._array_shape(shape, bake=False)
        spatial = len(full) - (1 if self.channels == 4 else 0)
        if spatial not in (2, 3):
            raise ValueError(f"shape {tuple(shape)!r}: must be (height, width) or (depth, height, width)")
        origin = self._start(start, spatial)
        _glnoise.check_world(self._spec, full, origin)  # the whole array within the world
        if self.channels == 4:
            if isinstance(chunks, (tuple, list)) and len(chunks) == spatial:
                chunks = tuple(chunks) + (4,)
            elif not isinstance(chunks, (tuple, list)):
                chunks = (chunks,) * spatial + (4,)
        if isinstance(chunks, int) and not isinstance(chunks, bool) and chunks > 0:
            count = max(-(-n // chunks) for n in full[:spatial])
            if count > 2**24:
                raise ValueError(f"chunks {chunks}: shape {full!r} would need {count} chunks along an axis, "
                                 "and dask lists each; at most 2**24: make the chunks larger")
        try:
            normalized = da.core.normalize_chunks(chunks, full, dtype=np.float32)
        except (ValueError, TypeError, ZeroDivisionError, MemoryError) as e:
            raise ValueError(f"chunks {chunks!r}: must be as dask takes them for shape {full!r}: a positive int, "
                             f"a tuple per axis, or 'auto' ({e})") from None
        if any(n < 1 for axis in normalized for n in axis):
            raise ValueError(f"chunks {chunks!r}: every chunk must hold at least 1 element along each axis")
        if self.channels == 4 and len(normalized[-1]) != 1:
            raise ValueError(f"chunks {chunks!r}: the channel axis must be one chunk of 4")
        noise = self
        # Where each chunk starts along each axis: a list per axis, so that the graph stays the
        # same size however many chunks there are (a block knows its place from block_id).
        firsts = [np.concatenate(([0], np.cumsum(axis[:-1], dtype=np.int64))) for axis in normalized[:spatial]]

        def block(block_id=None):
            index = block_id[:spatial]
            sub = tuple(normalized[a][i] for a, i in enumerate(index))
            offsets = [int(firsts[a][i]) for a, i in enumerate(index)]
            # (x, y[, z]) of the origin plus the block's offset, back in numpy order.
            if spatial == 2:
                s = (origin[1] + offsets[0], origin[0] + offsets[1])
            else:
                s = (origin[2] + offsets[0], origin[1] + offsets[1], origin[0] + offsets[2])
            return noise.bake(sub, start=s, backend=backend)

        return da.map_blocks(block, chunks=normalized, dtype=np.float32,
                             meta=np.empty((0,) * len(full), dtype=np.float32))



class Noise(_Generator):
    """A noise spec: what glnoise computes per texel or point.

    Every keyword is a field of `glnoise bake` (its flag with '_' for '-'; docs/python.md
    lists them), checked by the same rules: a bad value is a ValueError naming the keyword,
    the value and what is allowed. `dims` left out (None) takes the data's: 2 for a
    (height, width) bake, 3 for a volume, the points' columns for eval().

    Beyond the spec, colormap, range and bits say how save() maps values (as a preset's
    keys do), and no_octave_limit=True keeps the octaves above a grid's Nyquist limit,
    which bake(), save() and check() otherwise drop with a UserWarning, as `glnoise bake`
    does. A Noise is immutable and hashable (the four included); replace() makes a changed
    copy, and repr() is the expression that makes an equal one.
    """

    __slots__ = ("_spec", "_values", "_mapping")

    def __init__(self, **keywords: Any) -> None:
        for key in keywords:
            if key not in _DEFAULTS and key not in _OPTIONS:
                raise _unknown_keyword("Noise()", key)
        options = {k: keywords.pop(k) for k in _OPTIONS if k in keywords}
        self._spec = _glnoise.Spec.from_keywords(keywords)
        self._values: Dict[str, Any] = self._spec.to_dict()
        # A preset's mapping (range, colormap, bits): what save() uses unless told otherwise.
        self._mapping: Dict[str, Any] = _mapping(options)
        limit = options.get("no_octave_limit", False)
        if not isinstance(limit, bool):
            raise ValueError(f"no_octave_limit {limit!r}: must be True or False")
        self._spec.no_octave_limit = limit

    @classmethod
    def _wrap(cls, spec: Any, mapping: Optional[Dict[str, Any]] = None, no_octave_limit: bool = False) -> "Noise":
        noise = cls.__new__(cls)
        noise._spec = spec
        noise._values = spec.to_dict()
        noise._mapping = dict(mapping or {})
        noise._spec.no_octave_limit = no_octave_limit
        return noise

    # ---- the fields ----------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # a slot not set yet
            raise AttributeError(name)
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"'Noise' object has no attribute '{name}'") from None

    def __setattr__(self, name: str, value: Any) -> None:
        if name in Noise.__slots__:
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"Noise is immutable: noise.replace({name}=...) makes a changed copy")

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(_KEYS))

    def _given_dims(self) -> Optional[int]:
        return self._values["dims"]

    def to_dict(self) -> Dict[str, Any]:
        """Every field by its keyword (dims None when the data decides)."""
        return dict(self._values)

    def replace(self, **keywords: Any) -> "Noise":
        """A copy with these fields changed (checked as Noise() checks them); colormap,
        range and bits None drop them."""
        for key in keywords:
            if key not in _DEFAULTS and key not in _OPTIONS:
                raise _unknown_keyword("Noise.replace()", key)
        changed = {k: v for k, v in self._values.items() if v != _DEFAULTS[k]}
        changed.update(self._options())
        changed.update(keywords)
        return Noise(**{k: v for k, v in changed.items() if not (k in _OPTIONS and v is None)})

    def __repr__(self) -> str:
        given = [f"{k}={v!r}" for k, v in self._values.items() if v != _DEFAULTS[k] or
                 (isinstance(v, float) and math.copysign(1.0, v) != math.copysign(1.0, _DEFAULTS[k]))]
        given += [f"{k}={v!r}" for k, v in self._options().items()]
        return f"glnoise.Noise({', '.join(given)})"

    def _key(self) -> Tuple[Any, ...]:
        return (tuple(self._values.items()), tuple(sorted(self._options().items())))

    def __reduce__(self):  # pickling (dask ships a Noise to its workers)
        return (_from_dict, (self.to_dict(), self._options()))

    # ---- presets ---------------------------------------------------------------------
    @classmethod
    def from_preset(cls, name_or_path: Union[str, os.PathLike]) -> "Noise":
        """A built-in preset by name (glnoise.presets() lists them) or a .json preset file.

        A preset's colormap, range and bits say how `glnoise bake` maps values to a file:
        save() uses them unless given others. bake() returns the values themselves.
        """
        name = os.fspath(name_or_path)
        spec, mapping = _glnoise.load_preset(name)
        if spec.is_graph:
            raise ValueError(f"preset {name}: is a graph's preset; glnoise.Graph.from_preset({name!r}) reads it "
                             "(glnoise.preset() reads either)")
        return cls._wrap(spec, mapping)

    @classmethod
    def from_file(cls, path: Union[str, os.PathLike]) -> "Noise":
        """The spec a file written by `glnoise bake` or save() records (its mapping too)."""
        path = os.fspath(path)
        record = json.loads(_glnoise.read_record(path))
        if "graph" in record:
            raise ValueError(f"from {path}: its record holds a noise graph, not a spec: glnoise.Graph.from_file "
                             f"reads it")
        preset = record.get("preset")
        if not isinstance(preset, dict):
            raise ValueError(f"from {path}: its record holds no preset")
        spec = _glnoise.Spec.from_text(json.dumps(preset), f"from {path}")
        mapping = {k: (tuple(preset[k]) if k == "range" and isinstance(preset[k], list) else preset[k])
                   for k in ("range", "colormap", "bits") if k in preset}
        return cls._wrap(spec, mapping, record.get("no_octave_limit") is True)

    def to_graph(self, dims: Optional[int] = None) -> "Graph":
        """The spec as a noise graph of one chain (a basis, its fractal, its warp and
        pattern as nodes: what `glnoise bake --print-graph` prints), which bakes the same
        values; its mapping and no_octave_limit go with it. dims: for a Noise whose dims the
        data decides (None), the graph's (default 2); a Noise with dims takes its own."""
        if dims is not None and self._values["dims"] is not None and dims != self._values["dims"]:
            raise ValueError(f"dims {dims!r}: this Noise has dims {self._values['dims']}; leave dims out")
        if dims is not None and (not isinstance(dims, int) or isinstance(dims, bool) or not 1 <= dims <= 4):
            raise ValueError(f"dims {dims!r}: must be 1, 2, 3 or 4")
        return Graph._wrap(self._spec.to_graph(dims or self._values["dims"] or 2), self._mapping)

    def to_preset(self) -> Dict[str, Any]:
        """The preset (a JSON object) that reproduces this spec: `glnoise bake --preset FILE`
        takes it saved as FILE.json, and Noise.from_preset reads it back."""
        preset = json.loads(self._spec.preset_text())
        for key, value in self._mapping.items():
            preset[key] = list(value) if isinstance(value, tuple) else value
        return preset


_MAX_BAKE_EDGE = 1 << 20


# The most text Graph.from_file reads: a graph is at most 1 MiB unpacked (docs/graphs.md).
_MAX_GRAPH_FILE = 1 << 24


class Graph(_Generator):
    """A noise graph (docs/graphs.md): nodes of the kinds `glnoise nodes` lists, wired
    into one value per point, as `glnoise bake --graph` bakes it.

    graph: the graph as a dict (its JSON as Python values), as JSON text, as its compact
    form ("gln1...."), or a glnoise.Node built in code (its graph in 2D; Node.graph() takes
    the dims and the other space keys); Graph.from_file reads a file. It is checked as `glnoise
    bake --graph` checks it: every problem a ValueError naming the node and the field.
    Its dims, seed, placement and output are the graph's own ("dims", "seed", ... beside
    "nodes"). colormap, range, bits and no_octave_limit are as Noise takes them. A Graph
    is immutable and hashable; repr() is the expression that makes an equal one, and it
    pickles (dask ships it to its workers) as its compact form.

    Everything a Noise makes, a Graph makes, with the same arguments: bake, bake_into,
    eval, save (whose record carries the graph: `glnoise bake --from FILE` re-bakes it and
    Graph.from_file reads it), to_dask, and glnoise.check.
    """

    __slots__ = ("_spec", "_mapping")

    def __init__(self, graph: Union[Dict[str, Any], str], *, colormap: Optional[str] = None, range: Range = None,
                 bits: Optional[int] = None, no_octave_limit: bool = False) -> None:
        if isinstance(graph, Node):
            graph = graph.graph().json()
        if isinstance(graph, Graph):
            graph = graph.json()
        if isinstance(graph, dict):
            try:
                text = json.dumps(graph, allow_nan=False)
            except (TypeError, ValueError) as e:
                raise ValueError(f"graph: must be made of JSON's values (dicts, lists, strings, finite numbers, "
                                 f"booleans, None): {e}") from None
        elif isinstance(graph, str):
            text = graph
        else:
            raise ValueError(f"graph {type(graph).__name__}: must be a dict, JSON text, a compact form "
                             "(\"gln1....\") or a glnoise.Node; Graph.from_file reads a file")
        if not isinstance(no_octave_limit, bool):
            raise ValueError(f"no_octave_limit {no_octave_limit!r}: must be True or False")
        self._spec = _glnoise.Spec.from_graph(text, "graph")
        self._spec.no_octave_limit = no_octave_limit
        self._mapping = _mapping({"colormap": colormap, "range": range, "bits": bits})

    @classmethod
    def _wrap(cls, spec: Any, mapping: Optional[Dict[str, Any]] = None) -> "Graph":
        graph = cls.__new__(cls)
        graph._spec = spec
        graph._mapping = dict(mapping or {})
        return graph

    @classmethod
    def from_preset(cls, name_or_path: Union[str, os.PathLike]) -> "Graph":
        """A built-in preset that is a graph (glnoise.presets() lists them all) or a .json
        preset file holding a graph, with its colormap, range and bits (save() uses them
        unless given others)."""
        name = os.fspath(name_or_path)
        spec, mapping = _glnoise.load_preset(name)
        if not spec.is_graph:
            raise ValueError(f"preset {name}: is a spec's preset; glnoise.Noise.from_preset({name!r}) reads it "
                             "(glnoise.preset() reads either)")
        return cls._wrap(spec, mapping)

    @classmethod
    def from_file(cls, path: Union[str, os.PathLike]) -> "Graph":
        """A graph from a file: its JSON (as `glnoise bake --graph` reads it), its compact
        form, or a file `glnoise bake` or save() wrote from a graph, whose record holds it
        (with its mapping and no_octave_limit)."""
        path = os.fspath(path)
        try:
            with open(path, "rb") as f:
                head = f.read(_MAX_GRAPH_FILE + 1)
        except OSError as e:
            raise OSError(f"graph {path}: cannot read it: {e.strerror or e}") from None
        first = head.lstrip()[:3]
        if first[:1] == b"{" or first == b"gln":
            if len(head) > _MAX_GRAPH_FILE:
                raise ValueError(f"graph {path}: larger than {_MAX_GRAPH_FILE} bytes; a graph is at most 1 MiB of JSON")
            try:
                text = head.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ValueError(f"graph {path}: not UTF-8 text (byte {e.start})") from None
            return cls._wrap(_glnoise.Spec.from_graph(text, f"graph {path}"))
        record = json.loads(_glnoise.read_record(path))
        if "graph" not in record:
            raise ValueError(f"from {path}: its record holds a spec, not a graph: glnoise.Noise.from_file reads it")
        spec = _glnoise.Spec.from_graph(json.dumps(record["graph"]), f"from {path}: its graph")
        spec.no_octave_limit = record.get("no_octave_limit") is True
        preset = record.get("preset") if isinstance(record.get("preset"), dict) else {}
        mapping = {k: (tuple(preset[k]) if k == "range" and isinstance(preset[k], list) else preset[k])
                   for k in ("range", "colormap", "bits") if k in preset}
        return cls._wrap(spec, _mapping(mapping))

    def _given_dims(self) -> Optional[int]:
        return self.dims

    @property
    def dims(self) -> int:
        """The graph's dimensions: 1 to 4."""
        return int(self._spec.to_dict()["dims"])

    @property
    def output(self) -> str:
        """What it makes per texel: "value", "gradient" or "normal"."""
        return str(self._spec.to_dict()["output"])

    def json(self, indent: int = 2) -> str:
        """The graph as JSON, every field of every node given: what `glnoise bake --graph`
        reads (and --print-graph prints)."""
        return self._spec.graph_json(operator.index(indent))

    def to_dict(self) -> Dict[str, Any]:
        """The graph as Python values: json.loads(graph.json())."""
        return json.loads(self._spec.graph_json(-1))

    def compact(self) -> str:
        """The graph as one line of URL-safe text, "gln1." and base64url of its JSON deflated,
        with a checksum (docs/graphs.md, "Compact form"): what `--print-graph --compact`
        prints, and what Graph(), `--graph` and the preview read."""
        return self._spec.graph_compact()

    def with_fields(self, node: str, **fields: Any) -> "Graph":
        """A copy with these fields of node `node` (its id) changed, checked as Graph()
        checks a graph: graph.with_fields("hills", gain=0.6, octaves=5). A graph changed only
        in its numbers takes its own shader_block() in a shader made for this one."""
        d = self.to_dict()
        if not isinstance(node, str) or node not in d["nodes"]:
            ids = ", ".join(sorted(d["nodes"]))
            raise ValueError(f"node {node!r}: the graph has no such node; its nodes: {ids}")
        for key, value in fields.items():
            if isinstance(value, Node):
                raise ValueError(f"node {node!r} {key}: give an input as the id of one of this graph's nodes "
                                 "(a str); to_node() builds on a graph with Nodes")
            d["nodes"][node][key] = value
        return Graph(d, **self._options())

    def to_node(self) -> Node:
        """The graph's output as a glnoise.Node, each node named by its id, to build on in
        code: (glnoise.Graph.from_file("mountains.json").to_node() * 0.5).graph(). The
        graph's space (dims, seed, offset, ...) is not a node's: give it to graph()."""
        d = self.to_dict()
        made: Dict[str, Node] = {}
        kinds = {k: set(_nodes._inputs(k)) | {f for f in _nodes._fields(k) if _nodes._drivable(k, f)} for k in _nodes._TABLE}
        # In dependency order, without recursion: a node once every node it reads is made.
        pending = list(d["nodes"])
        while pending:
            waiting = []
            for id_ in pending:
                n = d["nodes"][id_]
                refs = [v for k, v in n.items() if k in kinds[n["kind"]] and isinstance(v, str)]
                if any(r not in made for r in refs):
                    waiting.append(id_)
                    continue
                fields = {k: (made[v] if k in kinds[n["kind"]] and isinstance(v, str) else v)
                          for k, v in n.items() if k != "kind"}
                made[id_] = Node(n["kind"], **fields).named(id_)
            if len(waiting) == len(pending):  # parse() refuses cycles; nothing is left unmade
                raise ValueError(f"graph: nodes {', '.join(waiting)} read each other")
            pending = waiting
        return made[d["out"]]

    def shader(self, language: str = "glsl", *, params: str = "constants", table: str = "default", set: int = 0,
               binding: int = 0, params_binding: int = 1) -> str:
        """The graph as one function of your shader: `gln_graph(p)` (a scalar, 2-, 3- or
        4-vector p for its dims, returning 4 numbers) with the library functions it calls, what
        `glnoise shader --graph` prints (docs/shaders.md, "A graph as one function"). language:
        glsl, vulkan, gles, hlsl, wgsl, msl or godot (the last four translated from the GLSL by
        the translator the package carries, run by this Python). params: "constants" (the
        driver folds them) or "uniform" (the frames and numbers in a uniform block GlnGraph at
        params_binding, whose bytes shader_block() gives; not for msl and godot). table, set and
        binding: the permutation table's, as glnoise.glsl() takes them."""
        return self._spec.graph_shader(language, table, operator.index(set), operator.index(binding), params,
                                       operator.index(params_binding), sys.executable or "")

    def shader_block(self) -> bytes:
        """The bytes of the uniform block GlnGraph that shader(params="uniform") reads: the
        frames of the graph's origin, then its numbers (std140, little-endian). A graph of
        the same structure changed only in its numbers or its origin (offset) takes its own
        block in the same shader."""
        return self._spec.graph_block()

    def replace(self, **options: Any) -> "Graph":
        """A copy with colormap, range, bits or no_octave_limit changed (None drops a
        mapping's key)."""
        for key in options:
            if key not in _OPTIONS:
                raise TypeError(f"Graph.replace() got an unexpected keyword argument '{key}'; allowed: "
                                f"{', '.join(_OPTIONS)} (a graph's nodes change in its dict: Graph(d))")
        given = dict(self._options())
        given.update(options)
        return Graph(self.compact(), **{k: v for k, v in given.items() if v is not None})

    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, v in self._options().items())
        return f"glnoise.Graph({self.to_dict()!r}{options})"

    def _key(self) -> Tuple[Any, ...]:
        return (self.json(-1), tuple(sorted(self._options().items())))

    def __setattr__(self, name: str, value: Any) -> None:
        if name in Graph.__slots__:
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"Graph is immutable: Graph(graph.to_dict() changed) makes another")

    def __reduce__(self):
        return (_graph_from, (self.compact(), self._options()))


def _graph_from(compact: str, options: Dict[str, Any]) -> Graph:
    return Graph(compact, **options)


def bake_fields() -> List[Dict[str, Any]]:
    """The bake's fields that Noise.save takes as keywords, as `glnoise bake` takes their
    flags: each a dict of keyword, flag, help, choices (empty for an on/off field, which is
    True or False) and default."""
    return [dict(f) for f in _glnoise.bake_fields()]


# save()'s docstring lists its keywords for the bake's fields, from their table.
Noise.save.__doc__ += "".join(
    f"\n        {f['keyword']} (`{f['flag']}`{', ' + ' or '.join(repr(c) for c in f['choices']) if f['choices'] else ''}): "
    f"{f['help']}." for f in bake_fields()) + "\n"


def _bytes(n: int) -> str:
    for unit, scale in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20)):
        if n >= scale:
            return f"{n / scale:.1f} {unit}"
    return f"{n} bytes"


def _from_dict(values: Dict[str, Any], options: Dict[str, Any]) -> Noise:
    given = {k: v for k, v in values.items() if v != _DEFAULTS[k]}
    return Noise(**given, **options)


def _mapping(options: Dict[str, Any]) -> Dict[str, Any]:
    """colormap, range and bits checked as a preset's (ValueError naming each bad value)."""
    given = {k: options[k] for k in ("colormap", "range", "bits") if options.get(k) is not None}
    if not given:
        return {}
    as_json = {k: (list(v) if isinstance(v, tuple) else v) for k, v in given.items()}
    try:
        text = json.dumps(as_json, allow_nan=False)
    except (TypeError, ValueError):
        shown = ", ".join(f"{k} {v!r}" for k, v in given.items())
        raise ValueError(f"{shown}: colormap must be a name, range (min, max), 'typical' or 'bound', "
                         "bits 8, 16 or 32") from None
    return dict(_glnoise.mapping_from_text(text))


def _threads(threads: int) -> int:
    t = operator.index(threads)
    if t < 0 or t > 1024:
        raise ValueError(f"threads {t}: must be between 0 (one per hardware thread) and 1024")
    return t


def preset(name_or_path: Union[str, os.PathLike]) -> Union[Noise, Graph]:
    """A built-in preset by name (glnoise.presets() lists them) or a .json preset file: a
    Graph where the preset holds a graph, else a Noise, with its colormap, range and bits."""
    spec, mapping = _glnoise.load_preset(os.fspath(name_or_path))
    return Graph._wrap(spec, mapping) if spec.is_graph else Noise._wrap(spec, mapping)


def presets() -> List[str]:
    """The built-in presets' names (Noise.from_preset takes them)."""
    return list(_glnoise.preset_names())


@dataclasses.dataclass(frozen=True)
class CheckResult:
    """How far the GPU is from the CPU reference over a grid (what `glnoise check` prints).

    channels: one dict per channel: name, max_diff, mean_diff, at ((z, y, x) of the
    largest difference), gpu and cpu (the values there), tolerance, passed.
    """

    passed: bool
    renderer: str
    channels: Tuple[Dict[str, Any], ...]
    report: str

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return f"{self.report}\n{'PASS' if self.passed else 'FAIL'} on {self.renderer}"


def check(noise: Union[Noise, Graph], shape: Shape) -> CheckResult:
    """Bakes `noise` (a Noise or a Graph) over `shape` on the GPU and the CPU reference and
    compares them, channel by channel, with glnoise's stated tolerance (docs/math.md; a
    graph's from its nodes, docs/graphs.md)."""
    if not isinstance(noise, (Noise, Graph)):
        raise ValueError(f"noise {type(noise).__name__}: must be a glnoise.Noise or a glnoise.Graph")
    r = _glnoise.check(noise._spec, noise._array_shape(shape))
    return CheckResult(passed=r["passed"], renderer=r["renderer"], channels=tuple(r["channels"]), report=r["report"])


def info() -> Dict[str, Any]:
    """The version, the CPU backend's instruction set ("simd_target"), the GL context's
    facts ("gpu": vendor, renderer, version, limits) and the backend "auto" runs on
    ("default_backend": "gpu" or "cpu", and "default_backend_why"), or "gpu" and
    "default_backend" None and "gpu_error" saying why no context could be made."""
    return _glnoise.info()


def glsl(language: str = "glsl", families: Optional[Iterable[str]] = None, seed: Optional[int] = None,
         table: str = "default", set: int = 0, binding: int = 0) -> str:
    """The noise library as one self-contained shader source: what `glnoise shader`
    prints. language: glsl, vulkan, gles, hlsl, wgsl, msl or godot; families: those to
    include with what they need (None: all); seed: the permutation table's (None: Ken
    Perlin's); table: default, const, buffer or uniform (docs/shaders.md)."""
    return _glnoise.shader_source(language, list(families or []), seed, table, set, binding)


def write(path: Union[str, os.PathLike], array: Any, *, range: Optional[Tuple[float, float]] = None,
          bits: Optional[int] = None) -> None:
    """Writes any array through glnoise's writers: .png (gray, RGB or RGBA; 8 or 16 bits,
    range (min, max) mapped to 0..255 or 0..65535, by default the array's own finite
    minimum and maximum), .exr (float32), .r16/.raw and .r32 (raw samples, rows of
    y = 0 first).

    The file carries no record: nothing says how to re-bake it, so `glnoise bake --from`
    and `glnoise verify` do not take it, and a raw file gets no sidecar. Noise.save writes
    a file that does.
    """
    path = os.fspath(path)
    a = np.ascontiguousarray(array, dtype=np.float32)
    if a.ndim == 2:
        channels = 1
    elif a.ndim == 3 and a.shape[2] in (1, 3, 4):
        channels = a.shape[2]
    else:
        raise ValueError(f"array shape {a.shape}: must be (height, width) or (height, width, 1, 3 or 4)")
    if a.size == 0:
        raise ValueError(f"array shape {a.shape}: must not be empty")
    if range is None:
        finite = a[np.isfinite(a)]
        lo, hi = (float(finite.min()), float(finite.max())) if finite.size else (0.0, 1.0)
        if not lo < hi:
            lo, hi = lo - 0.5, hi + 0.5
    else:
        try:
            lo, hi = (float(v) for v in range)
        except (TypeError, ValueError):
            raise ValueError(f"range {range!r}: must be (min, max)") from None
        if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
            raise ValueError(f"range {range!r}: must be (min, max), finite, with min < max")
    if bits is not None and (not isinstance(bits, int) or isinstance(bits, bool)):
        raise ValueError(f"bits {bits!r}: must be an integer")
    if channels == 1 and a.ndim == 3:
        a = a[:, :, 0]
    _glnoise.write_array(path, np.ascontiguousarray(a), channels, (lo, hi), 0 if bits is None else bits)
