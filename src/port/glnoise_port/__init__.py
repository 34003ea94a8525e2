# SPDX-License-Identifier: MIT
"""Translates glnoise's GLSL library into HLSL, Metal (MSL), WGSL and Godot's shading language.

The library (shaders/include/glnoise/*.glsl) keeps to a small, regular subset of GLSL:
object-like #define constants, include guards, structs, const scalars and arrays, and
functions of declarations, if/else, for/while loops, break, continue and return over
float/int/bool scalars and vectors. This parses that subset into a typed tree and writes
it again in each language, with the library's own names, signatures, order and comments.
Anything outside the subset is an error naming the file and line, so that a change to the
library that a port cannot follow fails the build instead of producing a wrong port. A name
GLSL allows that a port's language reserves (`type` in WGSL) takes a trailing underscore.

    python3 src/port/glnoise_port --target hlsl --out DIR FILE.glsl...    # one translated file per family
    python3 src/port/glnoise_port --renames FILE.glsl...                  # WGSL's and Godot's names for overloads (Markdown)
    python3 src/port/glnoise_port --target cpp --out FILE.hpp FILE.glsl...  # the constants, for the C++ mirror
    python3 src/port/glnoise_port --target wgsl --source FILE.glsl           # one self-contained source, to stdout

The last is how `glnoise shader --graph FILE --language L` writes a graph in L when it is
asked: the graph's GLSL (the library's functions it calls, graph.glsl and its own code) is
preprocessed and translated whole (source.py).

The permutation table is left to the caller: every port reads entry i through
GLN_TABLE_READ(i), which glnoise fills in with the form (constant array, storage or
uniform buffer) and the seed that `glnoise shader` is asked for.

The package, a module a stage:

    lexer    tokens, and a file's preprocessing (guards, includes, #define constants)
    parser   tokens into a tree of structs, constants and functions
    checker  every expression's type; what a port cannot follow is refused with its place
    library  the families in dependency order, and WGSL's names for overloads
    emitter  the walk every language shares; hlsl, msl, wgsl and godot write one language each
    cpp      the constants, for the C++ mirror
    source   one self-contained source: a C preprocessor's pass, then the stages above
    cli      the command line
"""
from .common import PortError
from .library import Library
from .cli import EMITTERS, main

__all__ = ["EMITTERS", "Library", "PortError", "main"]
