# SPDX-License-Identifier: MIT
# Configures and builds the hardening tree: this source again, compiled by clang with
# AddressSanitizer and UndefinedBehaviorSanitizer, with the libFuzzer targets. Run by the
# `hardening.build` test, which the sanitizer and fuzzing tests need. What the sanitizers
# need, no more: -O1 (ASan's advice) and line tables (a report names functions, files and
# lines; no variables), and the SIMD backend for the baseline's target alone (the portable
# one on x86-64: the backend's code over lanes of 4; the other targets are the same code at
# other widths, and the plain tree's suites check each one's values).
#   -DSOURCE=<source dir> -DBINARY=<tree> -DCC=<clang> -DCXX=<clang++> -DVENV=<glad venv>
#   -DTARGETS=<targets to build>
foreach(_var SOURCE BINARY CC CXX VENV TARGETS)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "build_tree.cmake: -D${_var}= is required")
  endif()
endforeach()
include(ProcessorCount)
ProcessorCount(_jobs)
if(_jobs EQUAL 0)
  set(_jobs 2)
endif()
if(NOT EXISTS "${BINARY}/CMakeCache.txt")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BINARY}"
            "-DCMAKE_C_COMPILER=${CC}" "-DCMAKE_CXX_COMPILER=${CXX}" -DCMAKE_BUILD_TYPE=RelWithDebInfo
            "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG"
            "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG"
            -DGLNOISE_SIMD_ONE_TARGET=ON
            -DGLNOISE_SANITIZE=address,undefined -DGLNOISE_BUILD_FUZZERS=ON
            -DGLNOISE_BUILD_TESTS=ON -DGLNOISE_BUILD_PREVIEW=OFF -DGLNOISE_BUILD_BENCHMARKS=OFF
            -DGLNOISE_INSTALL=OFF -DGLNOISE_HARDENING_TESTS=OFF -DGLNOISE_CCACHE=OFF "-DGLNOISE_GLAD_VENV=${VENV}"
    RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    file(REMOVE "${BINARY}/CMakeCache.txt")
    message(FATAL_ERROR "configuring the hardening tree failed (${_rc})")
  endif()
endif()
string(REPLACE "," ";" TARGETS "${TARGETS}")
execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BINARY}" --parallel ${_jobs} --target ${TARGETS}
                RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "building the hardening tree failed (${_rc})")
endif()
