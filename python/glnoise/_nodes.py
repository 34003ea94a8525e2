# SPDX-License-Identifier: MIT
"""Noise graphs built in code: glnoise.Node and the functions that make nodes.

Every node kind of `glnoise nodes` is a function of glnoise.nodes, made from the kind
table the native module holds (the command's own), so a kind added there is here too:

    >>> from glnoise import nodes as n
    >>> hills = n.fractal(n.basis(basis="opensimplex2", frequency=1 / 256), type="ridged", octaves=6)
    >>> land = hills * n.fractal(n.basis(), octaves=4).remap(to_min=0, to_max=1)
    >>> land.graph(dims=2).bake((512, 512))

A node's inputs (its fields of type input, in the table's order) may be given
positionally, its other fields by keyword. An input is a Node, or for a scalar input a
number; a drivable number (a fractal's gain, a warp's amount, ...) is a number or a Node.
Arithmetic makes nodes too: a + b, a - b, a * b, a / b, -a and abs(a), with a number on
either side. Each kind with a `source` (or the `a` of two) is also a method of a Node,
that node its first input: noise.fractal(octaves=4), a.mix(b, mask).

Shorthands: glnoise.perlin(), simplex(), opensimplex2() and the other bases are basis
nodes of that basis; glnoise.fbm(source), ridged(), billow(), turbulence() and Musgrave's
multifractal(), hybrid_multifractal() and hetero_terrain() are fractals of that type (and
methods: noise.ridged(octaves=6)).

Node.graph(dims=2, ...) makes the glnoise.Graph: each node gets an id, its kind and a
number (basis1, fractal2, ...) unless Node.named(id) gave it one, a node used twice is
one node, and the graph is checked as `glnoise bake --graph` checks it, every problem a
ValueError naming the node's id and the field.
"""
from __future__ import annotations

import difflib
import json
import keyword
import numbers
from typing import Any, Dict, List, Optional, Tuple

from . import _glnoise

# The kind table of `glnoise nodes --json`: each kind's fields in order, with their types.
_TABLE: Dict[str, Dict[str, Any]] = {k["kind"]: k for k in json.loads(_glnoise.node_kinds())["kinds"]}
# The graph's space keys beside its nodes (docs/graphs.md, "The format").
_SPACE = ("dims", "seed", "world_hash", "offset", "z", "w", "output", "height_scale")
_INPUTS = ("input", "vector_input")
# The kinds the operators and shorthands make, by their role: "+", "-", "*", "/", "-a",
# "|a|", "noise" (glnoise.perlin() and the other bases) and "octaves" (glnoise.fbm() and the
# other fractal types); the native module names them from its kind table.
_ROLE: Dict[str, str] = dict(_glnoise.node_roles())


def _inputs(kind: str) -> List[str]:
    return [f["name"] for f in _TABLE[kind]["fields"] if f["type"] in _INPUTS]


def _fields(kind: str) -> List[str]:
    return [f["name"] for f in _TABLE[kind]["fields"]]


def _drivable(kind: str, field: str) -> bool:
    return any(f["name"] == field and f.get("drivable") for f in _TABLE[kind]["fields"])


class Node:
    """A node of a noise graph being built: its kind, its fields, and the Nodes its inputs
    (and driven numbers) read. Nodes are immutable; the functions of glnoise.nodes, the
    shorthands, the arithmetic operators and the methods named after kinds make them, and
    graph() makes the glnoise.Graph whose output is this node."""

    __slots__ = ("_kind", "_fields", "_name")

    def __init__(self, kind: str, *inputs: Any, **fields: Any) -> None:
        if kind not in _TABLE:
            close = difflib.get_close_matches(str(kind), list(_TABLE), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise ValueError(f"kind {kind!r}: no such node kind{hint} allowed: {', '.join(_TABLE)}")
        names = _inputs(kind)
        if len(inputs) > len(names):
            raise TypeError(f"{kind}() takes {len(names)} input{'s' if len(names) != 1 else ''} by position "
                            f"({', '.join(names) or 'none'}), {len(inputs)} were given; its other fields by keyword")
        given: Dict[str, Any] = dict(zip(names, inputs))
        allowed = _fields(kind)
        for key, value in fields.items():
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                raise TypeError(f"{kind}() got an unexpected keyword argument '{key}'{hint} allowed: {', '.join(allowed)}")
            if key in given:
                raise TypeError(f"{kind}() got its input '{key}' twice, by position and by keyword")
            given[key] = value
        for key, value in given.items():
            if isinstance(value, Node) and key not in names and not _drivable(kind, key):
                raise ValueError(f"{kind}() {key}: a node may drive only an input or a drivable number; "
                                 f"{key} takes {_field(kind, key)['takes']}")
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_fields", given)
        object.__setattr__(self, "_name", None)

    @property
    def kind(self) -> str:
        """The node's kind, as `glnoise nodes` names it."""
        return self._kind

    @property
    def fields(self) -> Dict[str, Any]:
        """The fields given (inputs as Nodes or numbers); the others take their defaults."""
        return dict(self._fields)

    @property
    def name(self) -> Optional[str]:
        """The id named() gave it, or None (graph() numbers it)."""
        return self._name

    def named(self, name: str) -> "Node":
        """A copy whose id in the graph is `name` (1 to 64 letters, digits, _, - or .); the
        graph's errors name it."""
        if not isinstance(name, str):
            raise ValueError(f"name {name!r}: must be a str")
        copy = Node.__new__(Node)
        object.__setattr__(copy, "_kind", self._kind)
        object.__setattr__(copy, "_fields", dict(self._fields))
        object.__setattr__(copy, "_name", name)
        return copy

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Node is immutable: make another")

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={_shown(v)}" for k, v in self._fields.items())
        named = f".named({self._name!r})" if self._name else ""
        return f"glnoise.nodes.{self._kind}({shown}){named}"

    # ---- arithmetic ---------------------------------------------------------------------
    def __add__(self, other: Any) -> "Node":
        return _binary(_ROLE["+"], self, other)

    def __radd__(self, other: Any) -> "Node":
        return _binary(_ROLE["+"], other, self)

    def __sub__(self, other: Any) -> "Node":
        return _binary(_ROLE["-"], self, other)

    def __rsub__(self, other: Any) -> "Node":
        return _binary(_ROLE["-"], other, self)

    def __mul__(self, other: Any) -> "Node":
        return _binary(_ROLE["*"], self, other)

    def __rmul__(self, other: Any) -> "Node":
        return _binary(_ROLE["*"], other, self)

    def __truediv__(self, other: Any) -> "Node":
        return _binary(_ROLE["/"], self, other)

    def __rtruediv__(self, other: Any) -> "Node":
        return _binary(_ROLE["/"], other, self)

    def __neg__(self) -> "Node":
        return Node(_ROLE["-a"], self)

    def __abs__(self) -> "Node":
        return Node(_ROLE["|a|"], self)

    def __bool__(self) -> bool:
        raise TypeError("a Node has no truth value: its value is computed per point (select() or step() choose)")

    # ---- the graph -----------------------------------------------------------------------
    def graph(self, dims: int = 2, **space: Any) -> Any:
        """The glnoise.Graph whose output is this node: dims (default 2) and the graph's
        other space keys (seed, world_hash, offset, z, w, output, height_scale; docs/graphs.md)
        as keywords, and every node this one reads. Checked as `glnoise bake --graph`
        checks a graph: a ValueError names each problem's node id and field."""
        from . import Graph

        for key in space:
            if key not in _SPACE:
                close = difflib.get_close_matches(key, _SPACE, n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                raise TypeError(f"graph() got an unexpected keyword argument '{key}'{hint} allowed: {', '.join(_SPACE)}")
        nodes: Dict[str, Dict[str, Any]] = {}
        out = _Ids(nodes).id(self)
        document = {"glnoise_graph": 2, "dims": dims, **space, "out": out, "nodes": nodes}
        return Graph(document)


class _Ids:
    """Ids for the nodes of one graph: a named node its name, the others kind and number,
    in the order a walk from the output first reaches them; a Node reached twice is one."""

    def __init__(self, nodes: Dict[str, Dict[str, Any]]) -> None:
        self.nodes = nodes
        self.ids: Dict[int, str] = {}  # by id(): every node is reachable from the output, so alive
        self.count = 0

    def id(self, node: Node) -> str:
        # Iterative, so that a chain as deep as a graph may be (64 levels and far more
        # given) needs no recursion of Python's.
        order: List[Node] = []
        stack: List[Tuple[Node, bool]] = [(node, False)]
        while stack:
            n, done = stack.pop()
            if id(n) in self.ids:
                continue
            if done:
                self.ids[id(n)] = self._name(n)
                order.append(n)
                continue
            stack.append((n, True))
            for value in reversed(list(n._fields.values())):
                if isinstance(value, Node) and id(value) not in self.ids:
                    stack.append((value, False))
        for n in order:
            fields = {k: (self.ids[id(v)] if isinstance(v, Node) else v) for k, v in n._fields.items()}
            self.nodes[self.ids[id(n)]] = {"kind": n._kind, **fields}
        return self.ids[id(node)]

    def _name(self, node: Node) -> str:
        if node._name is not None:
            if node._name in self.nodes or node._name in self.ids.values():
                raise ValueError(f"node id {node._name!r}: named twice; each node's id must be its own")
            return node._name
        while True:
            self.count += 1
            name = f"{node._kind}{self.count}"
            if name not in self.ids.values():
                return name


def _field(kind: str, name: str) -> Dict[str, Any]:
    return next(f for f in _TABLE[kind]["fields"] if f["name"] == name)


def _shown(value: Any) -> str:
    return repr(value) if not isinstance(value, Node) else f"<{value._kind}>"


def _binary(kind: str, a: Any, b: Any) -> Node:
    for v in (a, b):
        if not isinstance(v, (Node, numbers.Real)) or isinstance(v, bool):
            raise TypeError(f"{kind}: {type(v).__name__} {v!r}: a node's input is a Node or a number")
    return Node(kind, float(a) if not isinstance(a, Node) else a, float(b) if not isinstance(b, Node) else b)


class _Namespace:
    """glnoise.nodes: a function per node kind of the kind table (`glnoise nodes`)."""

    def __init__(self) -> None:
        for kind in _TABLE:
            setattr(self, _python_name(kind), _maker(kind))

    def __dir__(self) -> List[str]:
        return sorted(_python_name(k) for k in _TABLE)

    def __repr__(self) -> str:
        return f"<glnoise.nodes: {', '.join(_TABLE)}>"


def _python_name(kind: str) -> str:
    return kind + "_" if keyword.iskeyword(kind) else kind


def _maker(kind: str):
    def make(*inputs: Any, **fields: Any) -> Node:
        return Node(kind, *inputs, **fields)

    entry = _TABLE[kind]
    lines = [f"A {kind} node ({entry['group']}): {entry['formula']}.", ""]
    for f in entry["fields"]:
        lines.append(f"{f['name']}: {f['help']}; {f['takes']}" + ("" if f.get("required") else f", default {f['default']!r}"))
    make.__name__ = make.__qualname__ = _python_name(kind)
    make.__doc__ = "\n".join(lines)
    return make


nodes = _Namespace()


def _basis_shorthand(basis: str):
    def make(**fields: Any) -> Node:
        if "basis" in fields:
            raise TypeError(f"{name}() got an unexpected keyword argument 'basis': it is {basis!r}")
        return Node(_ROLE["noise"], basis=basis, **fields)

    name = basis.replace("-", "_")
    make.__name__ = make.__qualname__ = name
    make.__doc__ = f"A basis node of {basis} noise (glnoise.nodes.basis(basis={basis!r}, ...))."
    return make


def _fractal_shorthand(type_: str):
    def make(source: Any, **fields: Any) -> Node:
        if "type" in fields:
            raise TypeError(f"{type_}() got an unexpected keyword argument 'type': it is {type_!r}")
        return Node(_ROLE["octaves"], source, type=type_, **fields)

    make.__name__ = make.__qualname__ = type_
    make.__doc__ = f"A fractal node of type {type_} over source (glnoise.nodes.fractal(source, type={type_!r}, ...))."
    return make


BASES: Tuple[str, ...] = tuple(_field(_ROLE["noise"], "basis")["choices"])
FRACTALS: Tuple[str, ...] = tuple(_field(_ROLE["octaves"], "type")["choices"])
shorthands: Dict[str, Any] = {}
for _b in BASES:
    shorthands[_b.replace("-", "_")] = _basis_shorthand(_b)
for _t in FRACTALS:
    shorthands[_t] = _fractal_shorthand(_t)


def _method(kind: str):
    def method(self: Node, *inputs: Any, **fields: Any) -> Node:
        return Node(kind, self, *inputs, **fields)

    method.__name__ = method.__qualname__ = _python_name(kind)
    method.__doc__ = f"glnoise.nodes.{_python_name(kind)}(self, ...): this node its {_inputs(kind)[0]}."
    return method


# A kind whose first input is `source` or `a` is a method of Node (this node that input);
# so is each fractal type. Node's own names (graph, named, kind, ...) are not taken.
for _kind in _TABLE:
    _first = _inputs(_kind)[:1]
    if _first and _first[0] in ("source", "a") and not hasattr(Node, _python_name(_kind)):
        setattr(Node, _python_name(_kind), _method(_kind))
def _fractal_method(type_: str):
    def method(self: Node, **fields: Any) -> Node:
        return shorthands[type_](self, **fields)

    method.__name__ = method.__qualname__ = type_
    method.__doc__ = f"A fractal of type {type_} over this node (glnoise.{type_}(self, ...))."
    return method


for _t in FRACTALS:
    if not hasattr(Node, _t):
        setattr(Node, _t, _fractal_method(_t))
