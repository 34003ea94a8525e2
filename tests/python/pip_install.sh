#!/bin/sh
# SPDX-License-Identifier: MIT
# The two lines docs/python.md starts with, in a new virtual environment: `pip install`
# of the source tree, then a bake's standard deviation (the README's check).
#   pip_install.sh SOURCE WORK PYTHON BACKEND
set -eu
src=$1 work=$2 python=$3 backend=$4
. "$(dirname "$0")/pip_env.sh"
rm -rf "$work/pip-venv"
"$python" -m venv "$work/pip-venv"
"$work/pip-venv/bin/pip" install --quiet --disable-pip-version-check --config-settings=build-dir="$build_dir" "$src"
"$work/pip-venv/bin/python" -c "
import glnoise
s = glnoise.Noise(octaves=6).bake((512, 512), backend='$backend').std()
print(s)
assert 0.1 < s < 0.6, s"
