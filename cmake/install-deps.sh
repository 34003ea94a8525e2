#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian/Ubuntu packages glnoise needs, when any is missing.
#
#   bash cmake/install-deps.sh           # building and running glnoise and glnoise-preview
#   bash cmake/install-deps.sh --tests   # and every test group's tools (the README's test command)
#
# Uses sudo when not run as root. The glad generator is Debian's python3-glad where the
# distribution has it; elsewhere CMake installs the same version from PyPI (cmake/Glad.cmake).
set -euo pipefail

tests=0
for arg in "$@"; do
  case "$arg" in
    --tests) tests=1 ;;
    -h|--help) sed -n '3,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "glnoise: error: install-deps.sh: unknown argument $arg (allowed: --tests)" >&2; exit 2 ;;
  esac
done

packages=(
  cmake g++ make pkg-config python3 python3-venv
  python3-dev                                          # the Python package's native module
  libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri   # EGL + GL, Mesa llvmpipe when no GPU
  libstb-dev libcli11-dev nlohmann-json3-dev
  libspng-dev libopenexr-dev                           # PNG (8 and 16 bits), OpenEXR
  libdeflate-dev libisal-dev                           # deflating a PNG on every core
  libssl-dev                                           # SHA-256: the digests of every file's samples
  libhwy-dev                                           # Highway: the SIMD CPU backend
  libglfw3-dev libimgui-dev libfreetype-dev            # glnoise-preview
  fonts-dejavu-core                                    # its panel's font (else Dear ImGui's own)
)
if [ $tests -eq 1 ]; then
  packages+=(
    libgtest-dev libbenchmark-dev libnoise-dev libglm-dev  # the suites; the benchmark and its peers
    glslang-tools libopengl-dev                        # GLSL checks; the consumer test's GL
    libvulkan-dev mesa-vulkan-drivers                  # the shader-language tests: Vulkan on lavapipe
    xvfb xauth                                         # the preview's tests
    clang clang-tidy cppcheck                          # sanitizer build, fuzzers, static checks
    llvm                                               # llvm-symbolizer: the sanitizers name functions and lines
    patchelf                                           # the relocatable bundle and its test
    ccache                                             # the Python package's second pip build
    python3-pil python3-matplotlib                     # the README's commands and pictures
    openssl coreutils                                  # digests recomputed as docs/command-line.md says
  )
fi

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

# The glad generator from the distribution (Debian 12: python3-glad 2.0.2), so that
# configure needs no network; where it is not packaged, configure takes it from PyPI.
if ! /usr/bin/python3 -c 'import glad' 2>/dev/null; then
  if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
  if [ $updated -eq 0 ]; then "${as_root[@]}" apt-get update -qq; updated=1; fi
  if apt-cache show python3-glad >/dev/null 2>&1; then
    install python3-glad
  else
    echo "glnoise: python3-glad is not packaged here; configure installs glad2 from PyPI"
  fi
fi

# The WebGL2 test's browser: Debian's Chromium and its WebDriver. Ubuntu packages Chromium
# only as a snap, which does not run in containers; there the test is left out, saying so.
if [ $tests -eq 1 ] && ! { command -v chromium >/dev/null && command -v chromedriver >/dev/null; }; then
  if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi
  if [ $updated -eq 0 ]; then "${as_root[@]}" apt-get update -qq; updated=1; fi
  if apt-cache show chromium chromium-driver >/dev/null 2>&1; then
    install chromium chromium-driver
  else
    echo "glnoise: chromium is not packaged here as a deb; the WebGL2 test is left out"
  fi
fi

if [ $tests -eq 0 ]; then
  echo "glnoise: the build packages are installed (--tests adds the test tools)"
  exit 0
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
echo "glnoise: the build and test packages are installed"
