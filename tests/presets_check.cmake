# SPDX-License-Identifier: MIT
# CMakePresets.json's configure presets configure, each with what it promises: default
# builds no tests or benchmarks, dev the suites and benchmarks without the hardening
# groups, ci every group with missing tools as errors.
#
#   cmake -DSOURCE=<source dir> -DWORK=<scratch dir> -P tests/presets_check.cmake

cmake_minimum_required(VERSION 3.25)

set(expect_default "GLNOISE_BUILD_TESTS=OFF;GLNOISE_BUILD_BENCHMARKS=OFF;GLNOISE_HARDENING_TESTS=OFF")
set(expect_dev "GLNOISE_BUILD_TESTS=ON;GLNOISE_BUILD_BENCHMARKS=ON;GLNOISE_HARDENING_TESTS=OFF")
set(expect_ci "GLNOISE_BUILD_TESTS=ON;GLNOISE_BUILD_BENCHMARKS=ON;GLNOISE_HARDENING_TESTS=ON;GLNOISE_ALL_TESTS=ON")

foreach(preset default dev ci)
  set(dir "${WORK}/${preset}")
  file(REMOVE_RECURSE "${dir}")
  execute_process(COMMAND "${CMAKE_COMMAND}" --preset ${preset} -B "${dir}"
                  WORKING_DIRECTORY "${SOURCE}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --preset ${preset} failed:\n${out}")
  endif()
  file(STRINGS "${dir}/CMakeCache.txt" cache)
  foreach(pair IN LISTS expect_${preset})
    string(REPLACE "=" ";" kv "${pair}")
    list(GET kv 0 key)
    list(GET kv 1 want)
    list(FILTER cache INCLUDE REGEX "^${key}:")
    set(got "${cache}")
    file(STRINGS "${dir}/CMakeCache.txt" cache)
    if(NOT got MATCHES "=${want}$")
      message(FATAL_ERROR "cmake --preset ${preset}: ${key} is '${got}', expected ${want}")
    endif()
  endforeach()
  file(REMOVE_RECURSE "${dir}")
  message(STATUS "preset ${preset}: ${expect_${preset}}")
endforeach()
