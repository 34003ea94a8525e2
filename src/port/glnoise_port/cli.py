# SPDX-License-Identifier: MIT
"""The command line: which language, where to write, and the renames table."""
import argparse
import os
import sys

from .common import PortError
from .library import Library
from .hlsl import Hlsl
from .msl import Msl
from .wgsl import Wgsl
from .godot import Godot
from .cpp import cpp_constants


EMITTERS = {"hlsl": (Hlsl, ".hlsl"), "msl": (Msl, ".metal"), "wgsl": (Wgsl, ".wgsl"), "godot": (Godot, ".gdshaderinc")}


def renames_table(lib):
    rows = []
    for name in sorted(lib.functions):
        fns = lib.functions[name]
        if len(fns) < 2:
            continue
        for f in sorted(fns, key=lambda f: len(f.params)):
            glsl = "%s(%s)" % (f.name, ", ".join("%s%s %s" % ("" if p.qual == "in" else p.qual + " ", p.type.base,
                                                                p.name) for p in f.params))
            rows.append("| `%s` | `%s` |" % (glsl, lib.wgsl_names[id(f)]))
    return "| GLSL, HLSL and MSL | WGSL and Godot |\n|---|---|\n" + "\n".join(rows) + "\n"


def main(argv):
    ap = argparse.ArgumentParser(description="Translates glnoise's GLSL library into HLSL, Metal (MSL), WGSL and Godot's shading language.")
    ap.add_argument("--target", choices=sorted(EMITTERS) + ["cpp"])
    ap.add_argument("--out", help="folder for one translated file per family (--target cpp: the header's path)")
    ap.add_argument("--renames", action="store_true", help="print WGSL's and Godot's names for overloads (Markdown)")
    ap.add_argument("--includes", action="store_true",
                    help="HLSL, MSL and Godot: files to #include (guards, includes, GLN_PERM), not for pasting")
    ap.add_argument("--source", metavar="FILE",
                    help="translate one self-contained GLSL source (- for standard input) to standard output")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args(argv)
    try:
        if a.source:
            if not a.target or a.target == "cpp" or a.files or a.out or a.renames or a.includes:
                ap.error("--source FILE takes --target hlsl|msl|wgsl|godot and nothing else")
            from .source import translate_source
            if a.source == "-":
                text, fname = sys.stdin.read(), "source.glsl"
            else:
                with open(a.source, encoding="utf-8") as f:
                    text = f.read()
                fname = os.path.basename(a.source)
            sys.stdout.write(translate_source(text, a.target, fname))
            return 0
        if not a.files:
            ap.error("the library's files, or --source FILE")
        lib = Library(a.files)
        if a.renames:
            sys.stdout.write(renames_table(lib))
            return 0
        if a.target == "cpp":
            if not a.out:
                ap.error("--target cpp needs --out FILE")
            os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
            tmp = a.out + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(cpp_constants(lib))
            os.replace(tmp, a.out)
            return 0
        if not a.target or not a.out:
            ap.error("--target and --out, or --renames")
        cls, ext = EMITTERS[a.target]
        os.makedirs(a.out, exist_ok=True)
        if a.includes and a.target == "wgsl":
            ap.error("--includes: WGSL has no #include")
        em = cls(lib)
        files = {fam.name + ext: em.family(fam, a.includes) for fam in lib.families}
        # The families in dependency order, each with the families it includes.
        files["families.txt"] = "".join(" ".join([f.name] + f.includes) + "\n" for f in lib.families)
        for name, text in files.items():
            path = os.path.join(a.out, name)
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
    except PortError as e:
        sys.stderr.write("glnoise_port: error: %s\n" % e)
        return 1
    return 0
