# SPDX-License-Identifier: MIT
# glnoise is MIT licensed (LICENSE): every source, shader, test, CMake and script file
# says so in an SPDX line among its first two lines (after a #! line).
#
#   cmake -DSOURCE=<source dir> -P tests/licence_check.cmake

cmake_minimum_required(VERSION 3.20)

if(NOT EXISTS "${SOURCE}/LICENSE")
  message(FATAL_ERROR "LICENSE is missing")
endif()
file(GLOB_RECURSE files RELATIVE "${SOURCE}"
  "${SOURCE}/src/*.cpp" "${SOURCE}/src/*.hpp" "${SOURCE}/include/*.hpp"
  "${SOURCE}/shaders/*.glsl" "${SOURCE}/shaders/*.comp"
  "${SOURCE}/tests/*.cpp" "${SOURCE}/tests/*.hpp" "${SOURCE}/tests/*.comp" "${SOURCE}/tests/*.cmake"
  "${SOURCE}/tests/*.py" "${SOURCE}/tests/*CMakeLists.txt"
  "${SOURCE}/cmake/*.cmake" "${SOURCE}/cmake/*.sh" "${SOURCE}/cmake/bundle/run-checks"
  "${SOURCE}/assets/*.py" "${SOURCE}/assets/*.sh" "${SOURCE}/tools/*.sh" "${SOURCE}/CMakeLists.txt")
# Build folders inside the tree (each holds a CMakeCache.txt) are not sources: a benchmark
# build with GLNOISE_PEERS_DIR holds the peers' own CMake files.
file(GLOB_RECURSE caches RELATIVE "${SOURCE}" "${SOURCE}/*/CMakeCache.txt")
foreach(cache IN LISTS caches)
  get_filename_component(dir "${cache}" DIRECTORY)
  string(REGEX REPLACE "([][+.*()^$?|\\])" "\\\\\\1" dir "${dir}")
  list(FILTER files EXCLUDE REGEX "^${dir}/")
endforeach()
set(missing "")
foreach(f IN LISTS files)
  file(STRINGS "${SOURCE}/${f}" head LIMIT_COUNT 3)
  list(JOIN head "\n" head)
  if(NOT head MATCHES "^(#![^\n]*\n)?[^\n]*SPDX-License-Identifier: MIT")
    list(APPEND missing "${f}")
  endif()
endforeach()
list(LENGTH files n)
if(missing)
  list(JOIN missing "\n  " missing)
  message(FATAL_ERROR "these files lack the line 'SPDX-License-Identifier: MIT' at their top:\n  ${missing}")
endif()
message(STATUS "licence: ${n} files carry the MIT SPDX line")
