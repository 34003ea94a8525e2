# SPDX-License-Identifier: MIT
"""The translator's error and its types: GLSL's scalars, vectors, matrices and arrays."""
import re


TABLE_READ = "GLN_TABLE_READ"


class PortError(Exception):
    pass


# Names GLSL lets a program use that a port's language reserves (WGSL's keywords and
# reserved words, HLSL's, Metal's C++ and address spaces, Godot's): the lexer writes each
# with a trailing underscore, in every port alike (a parameter `type` is `type_`).
RESERVED = set("""
    type self Self set get from of target trait use with where yield move mut ref pub priv crate impl macro match
    meta mod module new nil null nullptr NULL package pass require requires std super throw try typeid typename typeof
    unless unsafe unsized virtual wgsl await async auto become catch concept consteval constexpr constinit decltype
    delete demote demote_to_helper explicit export extends final finally friend import implements instanceof let fn
    var loop alias override continuing diagnostic enable const_assert ptr array atomic f16 f32 i32 u32 abstract
    alignas alignof as attribute binding_array co_await co_return co_yield column_major row_major compile
    compile_fragment fallthrough fxgroup groupshared macro_rules noexcept nointerpolation operator packoffset
    pixelfragment premerge protected regardless register reinterpret_cast static_assert static_cast dynamic_cast
    const_cast thread_local debugger snorm unorm line point triangle lineadj triangleadj linear centroid sample
    matrix vector string texture SamplerState technique tbuffer cbuffer dword globallycoherent device constant thread
    threadgroup kernel vertex fragment private public mutable and or not xor bitand bitor compl and_eq or_eq not_eq
    xor_eq char wchar_t instance global render_mode shader_type group_uniforms source_color
""".split())




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
