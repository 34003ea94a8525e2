# SPDX-License-Identifier: MIT
# The consumer test: install glnoise from its build tree into a fresh prefix, configure
# and build this directory against it as an outside project would, and run it.
#
#   cmake -DGLNOISE_BUILD=<build dir> -DWORK=<scratch dir> -DCXX=<compiler>
#         -DSKIP_GPU=ON|OFF -P tests/consumer/run.cmake

cmake_minimum_required(VERSION 3.20)

function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "consumer: ${what} failed (${rc}):\n${out}")
  endif()
  message(STATUS "consumer: ${what}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

get_filename_component(source "${CMAKE_CURRENT_LIST_DIR}" ABSOLUTE)
file(REMOVE_RECURSE "${WORK}")
step("cmake --install into ${WORK}/prefix" "${CMAKE_COMMAND}" --install "${GLNOISE_BUILD}" --prefix "${WORK}/prefix")

# glnoise's copy of glad must not clash with a consumer's own glad: no global glad symbols.
file(GLOB_RECURSE libraries "${WORK}/prefix/lib*/libglnoise.a" "${WORK}/prefix/lib*/libglnoise.so")
if(NOT libraries)
  message(FATAL_ERROR "consumer: no libglnoise.a or libglnoise.so under ${WORK}/prefix")
endif()
foreach(library IN LISTS libraries)
  step("nm ${library}" nm -g --defined-only "${library}")
  string(REGEX MATCHALL "[ \t][A-Za-z] (glad|GLAD)[A-Za-z0-9_]*" clashes "${step_output}")
  if(clashes)
    message(FATAL_ERROR "consumer: ${library} defines global glad symbols:${clashes}")
  endif()
endforeach()

step("configure" "${CMAKE_COMMAND}" -S "${source}" -B "${WORK}/build" "-DCMAKE_PREFIX_PATH=${WORK}/prefix"
     "-DCMAKE_CXX_COMPILER=${CXX}" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PROJECT_INCLUDE=${source}/checks.cmake")
string(REGEX MATCH "glnoise package checks: [^\n]*" checks "${step_output}")
message(STATUS "consumer: ${checks}")
step("build" "${CMAKE_COMMAND}" --build "${WORK}/build")
if(SKIP_GPU)
  message(STATUS "consumer: skipped running it: GPU tests were disabled with -DGLNOISE_SKIP_GPU_TESTS=ON")
  return()
endif()
step("run" "${WORK}/build/terrain")
message(STATUS "${step_output}")
