# SPDX-License-Identifier: MIT
# Sourced by make_wheel.sh and pip_install.sh. pip builds each time in a new isolated
# environment, and scikit-build-core then starts its build folder afresh. With ccache
# (Debian: ccache) a build takes the objects of an earlier one with the same sources,
# flags and paths relative to the source: the tests' CMake passes its tree's cache
# (CCACHE_DIR, CCACHE_BASEDIR), its compilers (CC, CXX) and the build folder beside its
# tree (GLNOISE_PIP_BUILD_DIR), so the wheel's library is that tree's objects and
# pip_install.sh's build is the wheel's. Run by hand, they build in WORK/build with a
# cache in WORK/ccache.
if command -v ccache >/dev/null; then
  CMAKE_C_COMPILER_LAUNCHER=ccache
  CMAKE_CXX_COMPILER_LAUNCHER=ccache
  CCACHE_DIR=${CCACHE_DIR:-$work/ccache}
  export CMAKE_C_COMPILER_LAUNCHER CMAKE_CXX_COMPILER_LAUNCHER CCACHE_DIR
fi
build_dir=${GLNOISE_PIP_BUILD_DIR:-$work/build}
# Every core for the build (the SIMD backend's families compile in parallel); CMake's own
# variable, which scikit-build-core passes on to the build tool.
if [ -z "${CMAKE_BUILD_PARALLEL_LEVEL:-}" ]; then
  CMAKE_BUILD_PARALLEL_LEVEL=$(nproc 2>/dev/null || echo 2)
  export CMAKE_BUILD_PARALLEL_LEVEL
fi
