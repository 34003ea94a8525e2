# SPDX-License-Identifier: MIT
"""The translator's error and its types: GLSL's scalars, vectors, matrices and arrays."""
import re


TABLE_READ = "GLN_TABLE_READ"


class PortError(Exception):
    pass




SCALARS = {"float", "int", "uint", "bool"}
VEC_PREFIX = {"vec": "float", "ivec": "int", "uvec": "uint", "bvec": "bool"}


class Type:
    def __init__(self, base, array=None):
        self.base = base  # "float", "vec3", "ivec4", a struct name, "void"
        self.array = array  # None or the element count

    def __eq__(self, other):
        return isinstance(other, Type) and self.base == other.base and self.array == other.array

    def __hash__(self):
        return hash((self.base, self.array))

    def __repr__(self):
        return self.base + ("[%d]" % self.array if self.array else "")

    def element(self):
        return Type(self.base)

    def is_scalar(self):
        return self.array is None and self.base in SCALARS

    def is_vector(self):
        return self.array is None and vector_parts(self.base) is not None

    def size(self):
        if self.is_scalar():
            return 1
        parts = vector_parts(self.base)
        return parts[1] if parts else 0

    def component(self):
        if self.is_scalar():
            return self.base
        parts = vector_parts(self.base)
        return parts[0] if parts else None


def vector_parts(name):
    m = re.fullmatch(r"(vec|ivec|uvec|bvec)([234])", name)
    return (VEC_PREFIX[m.group(1)], int(m.group(2))) if m else None


def vector_of(component, n):
    if n == 1:
        return Type(component)
    prefix = {v: k for k, v in VEC_PREFIX.items()}[component]
    return Type("%s%d" % (prefix, n))


def is_type_name(name, structs):
    return name in SCALARS or name == "void" or vector_parts(name) is not None or name in structs


def signature(fn):
    """A function's parameter types, the key its overloads differ by."""
    return tuple(p.type for p in fn.params)
