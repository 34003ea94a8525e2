#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Instructions of a compute program as NVIDIA's driver compiled it: the assembly text
(NV_gpu_program5, "!!NVcp5.0" ... "END") that NVIDIA's glGetProgramBinary blob carries,
counted statically, by opcode, with its memory reads (the permutation table's reads among
them). glnoise_glsl_probe --out writes the blobs of the noise shaders (noise-FORM-WORKLOAD.bin,
noise-graph-WORKLOAD.bin).

    /usr/bin/python3 tests/bench/gpu_instructions.py DIR/noise-*.bin [--asm OUTDIR]

Exit status 0 (a driver without the text is no failure), 2 on bad arguments or unreadable
files. A count of the text the driver's front end made, before its back end drops what is never
run and schedules the rest: a measure of what the shader asks for, not of cycles. Blobs of
other drivers (Mesa's are its cache entries) carry no such text and are reported so.
"""
import argparse
import collections
import os
import re
import sys

# Lines that declare rather than compute.
DECLARATIONS = ("OPTION", "GROUP_SIZE", "SHARED_MEMORY", "SHARED", "TEMP", "PARAM", "CBUFFER", "BUFFER",
                "BUFFER4", "STORAGE", "OUTPUT", "ATTRIB", "INT", "UINT", "FLOAT", "IMAGE", "TEXTURE", "SHORT", "LONG", "END",
                "RESULT", "ADDRESS", "ALIAS")
# Reads from memory: shared (LDS), storage buffers (LDB), constant buffers (LDC),
# images and buffer textures (LOADIM, TXF, TEX and kin).
READS = ("LDS", "LDB", "LDC", "LOADIM", "TXF", "TXFMS", "TEX", "TXL", "TXD")


def assembly(blob):
    start = blob.find(b"!!NV")
    if start < 0:
        return None
    # The program ends at a line "END" (ENDIF, ENDREP and ENDFLOW are instructions).
    match = re.compile(rb"\nEND\s*(\n|\x00|$)").search(blob, start)
    end = len(blob) if match is None else match.start() + 4
    return blob[start:end].decode("latin-1")


def count(text):
    ops = collections.Counter()
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("!!NV"):
            continue
        word = line.split()[0].rstrip(";")
        if word in DECLARATIONS or word.split(".")[0] in DECLARATIONS or word.endswith(":"):
            continue
        ops[word.split(".")[0]] += 1
    return ops


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("blobs", nargs="+")
    ap.add_argument("--asm", help="also write each blob's assembly text into this folder")
    a = ap.parse_args()
    if a.asm:
        os.makedirs(a.asm, exist_ok=True)
    print("| program | instructions | memory reads | of which LDS / LDB / TXF | most frequent |")
    print("|---|---|---|---|---|")
    missing = 0
    for path in a.blobs:
        with open(path, "rb") as f:
            text = assembly(f.read())
        name = os.path.basename(path).rsplit(".", 1)[0]
        if text is None:
            print(f"| {name} | no NVIDIA assembly text in the blob | | | |")
            missing += 1
            continue
        if a.asm:
            with open(os.path.join(a.asm, name + ".asm"), "w", encoding="latin-1") as f:
                f.write(text)
        ops = count(text)
        reads = sum(ops[r] for r in READS)
        top = ", ".join(f"{op} {n}" for op, n in ops.most_common(8))
        print(f"| {name} | {sum(ops.values())} | {reads} | {ops['LDS']} / {ops['LDB']} / {ops['TXF']} | {top} |")
    if missing:
        print(f"\n{missing} of {len(a.blobs)} blobs hold no assembly text (only NVIDIA's driver writes it into the blob)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
