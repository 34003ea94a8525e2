#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian/Ubuntu packages glnoise builds and tests with, when any is missing.
# Uses sudo when not run as root. The glad generator is not here: CMake installs the
# pinned glad2 into a virtual environment inside the build tree.
set -euo pipefail

packages=(
  cmake g++ make pkg-config python3 python3-venv
  libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri   # EGL + GL, Mesa llvmpipe when no GPU
  libglm-dev libstb-dev libcli11-dev nlohmann-json3-dev
  libspng-dev libopenexr-dev                           # PNG (8 and 16 bits), OpenEXR
  libgtest-dev libbenchmark-dev libnoise-dev         # tests; the benchmark and its peers
  glslang-tools libopengl-dev                          # GLSL checks; the consumer test's GL
  libglfw3-dev libimgui-dev libfreetype-dev xvfb xauth # glnoise-preview and its tests
  clang clang-tidy cppcheck                            # sanitizer build, fuzzers, static checks
  patchelf                                             # the relocatable bundle (cmake --build build --target bundle)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

as_root=()
if [ "$(id -u)" -ne 0 ] && [ ${#missing[@]} -gt 0 ]; then
  if ! command -v sudo >/dev/null; then
    echo "glnoise: error: missing packages (${missing[*]}) and not root; install them or run as root" >&2
    exit 1
  fi
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
updated=0
install() {
  echo "glnoise: installing $*"
  if [ $updated -eq 0 ]; then
    "${as_root[@]}" apt-get update -qq
    updated=1
  fi
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "$@"
}
if [ ${#missing[@]} -gt 0 ]; then
  install "${missing[@]}"
fi

# libFuzzer and the sanitizer runtimes: their own package on Debian 12 and Ubuntu 23.04+
# (libclang-rt-dev), part of clang's on older releases. Installed when clang cannot link
# a fuzzer.
fuzzer_links() {
  echo 'extern "C" int LLVMFuzzerTestOneInput(const char*, unsigned long) { return 0; }' |
    clang++ -x c++ -fsanitize=fuzzer,address,undefined - -o /dev/null 2>/dev/null
}
if ! fuzzer_links; then
  if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
  install libclang-rt-dev
  fuzzer_links || { echo "glnoise: error: clang cannot link a libFuzzer target with ASan and UBSan" >&2; exit 1; }
fi
echo "glnoise: all build and test packages are installed"
