# SPDX-License-Identifier: MIT
# Sourced by make_wheel.sh and pip_install.sh. pip builds each time in a new isolated
# environment, and scikit-build-core then starts its build folder afresh; with ccache
# (Debian: ccache) the second build of the same sources in the same folder takes the
# first one's objects instead of compiling the library again.
if command -v ccache >/dev/null; then
  CMAKE_C_COMPILER_LAUNCHER=ccache
  CMAKE_CXX_COMPILER_LAUNCHER=ccache
  CCACHE_DIR="$work/ccache"
  export CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER CCACHE_DIR
fi
# Every core for the build (the SIMD backend's families compile in parallel); CMake's own
# variable, which scikit-build-core passes on to the build tool.
if [ -z "${CMAKE_BUILD_PARALLEL_LEVEL:-}" ]; then
  CMAKE_BUILD_PARALLEL_LEVEL=$(nproc 2>/dev/null || echo 2)
  export CMAKE_BUILD_PARALLEL_LEVEL
fi
