# SPDX-License-Identifier: MIT
"""The translator's stages, one by one, on small GLSL written here (no GPU, glslang or
browser): the lexer's places, the parser's precedence, the checker's refusals, and what each
emitter writes for the constructs where the languages differ (their manuals say how)."""
import os
import tempfile
import unittest

from glnoise_port import EMITTERS, Library, PortError
from glnoise_port.cpp import cpp_constants
from glnoise_port.lexer import tokenize
from glnoise_port.parser import Parser

DEMO = """#ifndef GLNOISE_DEMO_GLSL
#define GLNOISE_DEMO_GLSL

#define GLN_DEMO_SCALE 1.5

const int GLN_DEMO_STEPS[3] = int[3](1, 2, 3);

// The blend.
float gln_demo(vec3 p, float t) {
    vec3 f = fract(p) * GLN_DEMO_SCALE;
    t += 1.0;
    return mix(f.x, f.y, t) + float(GLN_DEMO_STEPS[1]);
}

float gln_demo(float x) {
    return gln_demo(vec3(x), 0.5);
}

#endif
"""


class Folder:
    """GLSL families written to a temporary folder, parsed as one library."""

    def __init__(self, **families):
        self.dir = tempfile.TemporaryDirectory()
        self.paths = []
        for name, text in families.items():
            path = os.path.join(self.dir.name, name + ".glsl")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            self.paths.append(path)

    def library(self):
        return Library(self.paths)

    def close(self):
        self.dir.cleanup()


def translate(language, **families):
    folder = Folder(**families)
    try:
        lib = folder.library()
        cls, _ = EMITTERS[language]
        return "\n".join(cls(lib).family(f) for f in lib.families)
    finally:
        folder.close()


def refusal(**families):
    folder = Folder(**families)
    try:
        folder.library()
    except PortError as e:
        return str(e)
    finally:
        folder.close()
    return None


class Lexer(unittest.TestCase):
    def test_tokens_keep_their_lines(self):
        toks = tokenize("float a;\n\nint b = 3;", "x.glsl")
        self.assertEqual([t.text for t in toks][:8], ["float", "a", ";", "int", "b", "=", "3", ";"])
        self.assertEqual(toks[-1].kind, "eof")
        self.assertEqual(toks[3].line, 3)

    def test_a_stray_character_names_the_file_and_line(self):
        with self.assertRaisesRegex(PortError, r"^x\.glsl:2: unexpected character '@'"):
            tokenize("float a;\n@", "x.glsl")


class ParserTest(unittest.TestCase):
    def test_multiplication_binds_tighter_than_addition(self):
        items, _ = Parser(tokenize("float f(float a) { return a + 2.0 * a; }", "x.glsl"), "x.glsl", {}).unit()
        value = items[0].body.stmts[0].value
        self.assertEqual((value.kind, value.op), ("binary", "+"))
        self.assertEqual((value.right.kind, value.right.op), ("binary", "*"))


class Checker(unittest.TestCase):
    def test_a_switch_is_refused_with_its_place(self):
        text = "float f(int i) {\n    switch (i) { default: return 1.0; }\n}\n"
        self.assertRegex(refusal(odd=text), r"^odd\.glsl:2: 'switch' is outside the subset")

    def test_an_unknown_function_is_refused(self):
        self.assertRegex(refusal(odd="float f(float x) {\n    return nowhere(x);\n}\n"), r"odd\.glsl:2: .*nowhere")

    def test_a_missing_include_is_refused(self):
        text = '#include "absent.glsl"\nfloat f(float x) { return x; }\n'
        self.assertRegex(refusal(odd=text), r"absent")


# What each language writes for DEMO where the languages differ, and what it must not.
# HLSL spells the built-ins and vector types its own way (frac, lerp, float3). MSL keeps
# fract and mix, with constants in constant space. WGSL has no overloads: the one with the
# fewest parameters keeps the name, the other takes its parameters' names; its parameters
# cannot be assigned, so t is copied to a var. Godot has no overloads either.
EXPECTED = {
    "hlsl": (["float gln_demo(float3 p, float t) {", "float3 f = frac(p) * GLN_DEMO_SCALE;", "lerp(f.x, f.y, t)",
              "static const float GLN_DEMO_SCALE = 1.5;"], ["fract(", "vec3"]),
    "msl": (["constant float GLN_DEMO_SCALE = 1.5;", "constant int GLN_DEMO_STEPS[3] = {",
             "return gln_demo(float3(x), 0.5);"], ["vec3"]),
    "wgsl": (["fn gln_demo(x: f32) -> f32 {", "fn gln_demo_p_t(p: vec3<f32>, t_in: f32) -> f32 {",
              "var t: f32 = t_in;", "return gln_demo_p_t(vec3<f32>(x), 0.5);", "const GLN_DEMO_SCALE: f32 = 1.5;"],
             ["float"]),
    "godot": (["float gln_demo_p_t(vec3 p, float t) {", "float gln_demo(float x) {"], ["float3"]),
}


class Emitters(unittest.TestCase):
    def test_each_language_writes_its_own_spelling(self):
        self.assertEqual(sorted(EXPECTED), sorted(EMITTERS))
        for language, (present, absent) in EXPECTED.items():
            out = translate(language, demo=DEMO)
            for text in present:
                with self.subTest(language=language, present=text):
                    self.assertIn(text, out)
            for text in absent:
                with self.subTest(language=language, absent=text):
                    self.assertNotIn(text, out)

    def test_every_language_keeps_the_comments(self):
        for language in EMITTERS:
            with self.subTest(language=language):
                self.assertIn("// The blend.", translate(language, demo=DEMO))

    def test_families_come_in_dependency_order(self):
        base = "#ifndef GLNOISE_ZBASE_GLSL\n#define GLNOISE_ZBASE_GLSL\nfloat gln_b(float x) { return x; }\n#endif\n"
        top = ('#ifndef GLNOISE_ATOP_GLSL\n#define GLNOISE_ATOP_GLSL\n#include "zbase.glsl"\n'
               'float gln_a(float x) { return gln_b(x); }\n#endif\n')
        folder = Folder(atop=top, zbase=base)
        try:
            self.assertEqual([f.name for f in folder.library().families], ["zbase", "atop"])
        finally:
            folder.close()


class Cpp(unittest.TestCase):
    def test_constants_become_doubles_and_arrays_rows(self):
        folder = Folder(demo=DEMO)
        try:
            out = cpp_constants(folder.library())
        finally:
            folder.close()
        self.assertIn("inline constexpr double GLN_DEMO_SCALE = 1.5;  // demo.glsl:4", out)
        self.assertIn("inline constexpr int GLN_DEMO_STEPS[3][1] = {", out)
        self.assertIn('{"GLN_DEMO_SCALE", "1.5", 1.5},', out)


# A self-contained source, as `glnoise shader --graph` hands a graph's GLSL to the
# translator: its preprocessor's conditions and macros resolved, GLN_ number defines kept
# as constants, the caller's reads left as they are.
SOURCE = """// A header the caller replaces.
#define GLN_OUTPUT 1
#define GLN_KIND -1
#define GLN_TWICE(v) (2.0 * (v))
#define gln_alias gln_real
#if GLN_OUTPUT != 0 && (GLN_KIND < 0 || defined(GLN_NOWHERE))
#define GLN_G(v) (v)
#else
#define GLN_G(v) vec4((v).x, 0.0, 0.0, 0.0)
#endif
#ifdef GLN_NOWHERE
float gln_gone(float x) { return x; }
#endif
struct GlnFrame {
    vec4 frac;
};
float gln_real(float type) {
    return GLN_TWICE(type) + float(GLN_OUTPUT);
}
vec4 gln_graph(vec2 p) {
    GlnFrame o = gln_graph_frame(0);
    return GLN_G(vec4(gln_alias(p.x) + gln_graph_param(3), o.frac.yzw));
}
"""


class Source(unittest.TestCase):
    def test_a_source_is_preprocessed_and_translated_whole(self):
        from glnoise_port.source import translate_source

        out = translate_source(SOURCE, "wgsl")
        self.assertNotIn("A header", out)
        self.assertIn("const GLN_OUTPUT: i32 = 1;", out)
        self.assertNotIn("GLN_KIND", out)  # used only by #if
        self.assertNotIn("gln_gone", out)
        self.assertIn("fn gln_real(type_: f32) -> f32 {", out)  # `type` is WGSL's
        self.assertIn("return (2.0 * (type_)) + f32(GLN_OUTPUT);", out)
        self.assertIn("var o: GlnFrame = gln_graph_frame(0);", out)
        self.assertIn("return (vec4<f32>(gln_real(p.x) + gln_graph_param(3), o.frac.yzw));", out)
        hlsl = translate_source(SOURCE, "hlsl")
        self.assertIn("float gln_real(float type_) {", hlsl)
        self.assertIn("static const int GLN_OUTPUT = 1;", hlsl)

    def test_what_a_source_cannot_hold_is_refused_with_its_line(self):
        from glnoise_port.source import translate_source

        for text, says in [('float f;\n#include "x.glsl"\n', r"source\.glsl:2: #include is outside"),
                           ("#if 1\nfloat f(float x) { return x; }\n", "an #if is not closed"),
                           ("#if GLN_X +\n#endif\n", r"source\.glsl:1: #if: an expression ends early"),
                           ("#define GLN_F(a, b) a\nfloat f(float x) { return GLN_F(x); }\n",
                            r"source\.glsl:2: GLN_F takes 2 arguments, given 1")]:
            with self.subTest(text=text):
                with self.assertRaisesRegex(PortError, says):
                    translate_source(text, "hlsl")


if __name__ == "__main__":
    unittest.main()
