#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs every command the README and docs/ show, in order (README.md, then DOCUMENTS), in one
scratch directory, compares the output they show with what the command prints, and
checks that every relative link resolves: to a file, and with #, to a heading in it.

    python3 tests/docs/commands.py --source . --build build

What is run, and how:

- Commands are the lines of ```sh blocks (a trailing backslash joins lines; comments are
  dropped) and the `$ ` lines of any block, whose following lines are the output shown.
  The world-bake scripts the documents link to (assets/jobs/) are run as the glnoise
  command each runs, for tile (1, 2): GNU parallel, Slurm and Kubernetes are not here.
- Scaled down: every edge of --size, --tile-size and --window above 256 is 256, a depth
  above 16 is 16; the same replacement is made in the output shown. The frequency and
  every other flag stay as written.
- `glnoise`, `glnoise-preview` and `python3` (Debian's, which has Pillow and matplotlib)
  come first on PATH, and `./build` is the build directory. The preview runs under
  xvfb-run with `--frames 2`; where the README says "then S" (export) it gets `--export`.
  The benchmark runs at GLNOISE_BENCH_SIZES=64 with --benchmark_min_time=0.01.
- Not run, each for the reason in NOT_RUN: installing packages, configuring, building
  and ctest (CI runs exactly the Quick start's test command: .ci/run checks it is the
  README's), and the install into /opt. The Quick start's bake after the build is run.
- Every command must exit 0 and print no warning (a Nyquist warning means the README's
  octaves are not what runs). Shown output must match: `...` stands for any text (a line
  of its own for any lines); integers must be equal, and other numbers within
  1e-5 + 1e-6 x the README's. The preview's --frames summary line is not compared. Output that names llvmpipe is compared only
  where glnoise runs on llvmpipe, as the README's was made.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from report import verdict

NOT_RUN = {
    "bash cmake/install-deps.sh": "installs packages and builds: CI runs the test command exactly as written "
                                  "(.ci/run checks it is the README's)",
    "ctest ": "runs test groups: CI runs them all through the Quick start's test command",
    "cmake --build build --target bundle": "makes the bundle: bundle.unpacked (ctest) makes it and runs it",
    "python3 -m venv v && v/bin/pip install .": "builds the Python package: python.pip_install (ctest) runs it "
                                                "and the line after it",
    "v/bin/python -c": "needs the package pip builds: python.pip_install (ctest) runs it",
    "/usr/bin/python3 tests/bench/peers_chart.py": "charts FastNoise2's rows: they come from a build configured "
                                                   "with GLNOISE_PEERS_DIR, whose sources are not in the repository",
    "/usr/bin/python3 tests/bench/instructions.py": "counts FastNoise2's instructions beside glnoise's under valgrind: "
                                                    "FastNoise2 is in a build configured with GLNOISE_PEERS_DIR only",
    "cmake ": "configures, builds or installs: CI builds with the Quick start's command, tests/consumer "
              "installs the package and builds an outside project against it, and build.presets configures "
              "each preset",
}

NUMBER = r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?"


DOCUMENTS = ["building", "command-line", "engines", "noise", "graphs", "preview", "erosion", "math", "guarantees", "performance", "performance-history", "glsl",
             "shaders", "cpp", "bundle", "architecture", "python"]


def blocks(text):
    """(language, lines) for each fenced block."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        j = i + 1
        while not lines[j].startswith("```"):
            j += 1
        out.append((m.group(1), lines[i + 1:j]))
        i = j + 1
    return out


def job_commands(path):
    """The glnoise command a world-bake script runs, for tile (1, 2)."""
    with open(path, encoding="utf-8") as f:
        # Shell continuations and YAML's folded lines join into one line.
        text = " ".join(line.strip() for line in f.read().split("\n")).replace("\\ ", " ")
    found = []
    for m in re.finditer(r"glnoise bake .*?\.png\"?", text):
        cmd = m.group(0)
        for a, b in (("{1}", "1"), ("{2}", "2"), ("${i}", "1"), ("${j}", "2"), ("$i", "1"), ("$j", "2"),
                     ("/world/", "world/")):
            cmd = cmd.replace(a, b)
        found.append(("mkdir -p world && " + cmd.strip(), None))
    return found


def commands(text):
    """(command, shown output lines or None) in the order the text shows them."""
    found = []
    for language, lines in blocks(text):
        k = 0
        while k < len(lines):
            line = lines[k]
            if line.startswith("$ "):
                cmd = line[2:]
                k += 1
                shown = []
                while k < len(lines) and not lines[k].startswith("$ "):
                    shown.append(lines[k])
                    k += 1
                found.append((strip_comment(cmd), shown))
                continue
            k += 1
            if language != "sh" or not line.strip() or line.lstrip().startswith("#"):
                continue
            while line.endswith("\\") and k < len(lines):
                line = line[:-1] + " " + lines[k].strip()
                k += 1
            found.append((strip_comment(line), None))
    return found


def slug(heading):
    """GitHub's anchor for a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def broken_links(path, text, root):
    """Relative links of a document that lead nowhere."""
    bad = []
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+://", target) or target.startswith("mailto:"):
            continue
        file, _, anchor = target.partition("#")
        where = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not where.startswith(root) or not os.path.exists(where):
            bad.append("%s: %s leads to no file" % (os.path.relpath(path, root), target))
            continue
        if anchor:
            with open(where, encoding="utf-8") as f:
                heads = [slug(h) for h in re.findall(r"^#+ (.*)$", re.sub(r"```.*?```", "", f.read(), flags=re.S),
                                                     flags=re.M)]
            if anchor not in heads:
                bad.append("%s: %s: no such heading in %s" % (os.path.relpath(path, root), target, file or "it"))
    return bad


def strip_comment(cmd):
    """The command without a trailing `# comment` (a # after a blank, outside quotes)."""
    quote = None
    for i, c in enumerate(cmd):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or cmd[i - 1] in " \t"):
            return cmd[:i].rstrip()
    return cmd.strip()


def scaled(cmd, sizes):
    """--size, --tile-size and --window edges above 256 (depth 16) made 256 (16)."""
    def one(m):
        edges = [int(e) for e in m.group(2).split("x")]
        new = [min(e, 256) for e in edges[:2]] + [min(e, 16) for e in edges[2:]]
        text = "x".join(str(e) for e in new)
        sizes[m.group(2)] = text
        return m.group(1) + text
    return re.sub(r"(--(?:size|tile-size|window)[ =])(\d+(?:x\d+){1,2})", one, cmd)


def matches(shown, actual):
    """None when actual fits shown, else why not."""
    pattern, expected = "", []
    for line in shown:
        if line.strip() == "...":
            pattern += r"(?:[^\n]*\n)*?"
            continue
        part = ""
        for piece in re.split(r"(\.\.\.|" + NUMBER + ")", line):
            if piece == "...":
                part += r"[^\n]*?"
            elif piece and re.fullmatch(NUMBER, piece):
                part += "(" + NUMBER + ")"
                expected.append(piece)
            else:
                part += re.escape(piece)
        pattern += part + r"\n"
    text = actual if actual.endswith("\n") or not actual else actual + "\n"
    m = re.fullmatch(pattern, text)
    if not m:
        return "the output does not have the shown form"
    for want, got in zip(expected, m.groups()):
        if re.fullmatch(r"[-+]?\d+", want) and re.fullmatch(r"[-+]?\d+", got):
            if int(want) != int(got):
                return "%s where the README shows %s" % (got, want)
        elif abs(float(want) - float(got)) > 1e-5 + 1e-6 * abs(float(want)):
            return "%s where the README shows %s (beyond 1e-5 + 1e-6 x)" % (got, want)
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build", required=True)
    args = parser.parse_args()
    source, build = os.path.abspath(args.source), os.path.abspath(args.build)
    paths = [os.path.join(source, "README.md")] + [os.path.join(source, "docs", d + ".md") for d in DOCUMENTS]
    listed = sorted(os.path.join(source, "docs", n) for n in os.listdir(os.path.join(source, "docs")) if n.endswith(".md"))
    failures, ran, skipped = [], 0, []
    for extra in sorted(set(listed) - set(paths)):
        failures.append("%s is not in DOCUMENTS, so its commands would not run" % os.path.relpath(extra, source))
    found = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        found += commands(text)
        failures += broken_links(path, text, source)
    jobs = os.path.join(source, "assets", "jobs")
    for name in sorted(os.listdir(jobs)):
        found += job_commands(os.path.join(jobs, name))
    sizes = {}  # every size the README shows -> the one run, for the outputs shown
    with tempfile.TemporaryDirectory(prefix="glnoise-readme-") as work:
        shims = os.path.join(work, ".bin")
        os.mkdir(shims)
        for name, target in (("glnoise", os.path.join(build, "glnoise")),
                             ("glnoise-preview", os.path.join(build, "glnoise-preview")),
                             ("python3", "/usr/bin/python3")):
            os.symlink(target, os.path.join(shims, name))
        os.symlink(build, os.path.join(work, "build"))
        os.symlink(os.path.join(source, "tests"), os.path.join(work, "tests"))
        os.symlink(os.path.join(source, "cmake"), os.path.join(work, "cmake"))
        os.symlink(os.path.join(source, "examples"), os.path.join(work, "examples"))
        os.mkdir(os.path.join(work, "assets"))
        env = dict(os.environ, PATH=shims + os.pathsep + os.environ.get("PATH", ""), GLNOISE_BENCH_SIZES="64")
        info = subprocess.run([os.path.join(build, "glnoise"), "info"], capture_output=True, text=True)
        llvmpipe = "llvmpipe" in info.stdout
        for cmd, shown in found:
            reason = next((why for prefix, why in NOT_RUN.items() if cmd.startswith(prefix)), None)
            if cmd.startswith("bash cmake/install-deps.sh") and "--tests" not in cmd:
                cmd = cmd.split(" && ")[-1]  # the Quick start's bake, on the build at hand
                reason = None
            if reason:
                skipped.append((cmd, reason))
                continue
            run = scaled(cmd, sizes)
            if "glnoise-preview" in run:
                xvfb = shutil.which("xvfb-run")
                if not xvfb:
                    skipped.append((cmd, "needs xvfb-run (Debian: xvfb) for a display"))
                    continue
                export = shown is not None and any("exported" in line for line in shown)
                run = xvfb + " -a " + run + " --frames 2" + (" --export" if export else "")
            if "glnoise_bench" in run:
                run += " --benchmark_min_time=0.01"
            ran += 1
            r = subprocess.run(["bash", "-o", "pipefail", "-c", run], cwd=work, env=env, capture_output=True,
                               text=True, timeout=600)
            problems = []
            # head -c closes the pipe early; the writer may then die of SIGPIPE.
            if r.returncode != 0 and not (" | head" in run and r.returncode == 141):
                problems.append("exit %d" % r.returncode)
            if "warning" in r.stderr:
                problems.append("a warning")
            if shown is not None and not (any("llvmpipe" in line for line in shown) and not llvmpipe):
                expect = [line for line in shown]
                for old, new in sizes.items():
                    expect = [line.replace(old, new) for line in expect]
                out = r.stdout
                if "glnoise-preview" in run:  # the summary --frames adds
                    out = "".join(l for l in out.splitlines(True) if not l.startswith("glnoise-preview: "))
                why = matches(expect, out)
                if why:
                    problems.append("output: " + why)
            status = "FAIL" if problems else "ok"
            print("%-4s %s" % (status, run))
            if problems:
                failures.append("%s\n    %s\n    stdout: %s\n    stderr: %s" % (
                    run, "; ".join(problems), r.stdout.strip()[-1500:], r.stderr.strip()[-1500:]))
    for cmd, why in skipped:
        print("not run: %s\n    (%s)" % (cmd, why))
    print("%d commands of the documents run, %d not run" % (ran, len(skipped)))
    if ran < 30:
        failures.append("only %d commands found in the documents" % ran)
    return verdict("What the documents show and is not so:", failures)


if __name__ == "__main__":
    sys.exit(main())
