# SPDX-License-Identifier: MIT
# The relocatable bundle, as a GPU host gets it: made by the `bundle` target, unpacked
# into an empty folder, and run from there (on llvmpipe through EGL, with only the host's
# GL libraries): every program resolves its libraries inside the bundle or the stated
# baseline, `glnoise info` and a bake work, the bake's bytes equal the build tree's, and
# `run-checks --quick` passes every step and writes its report.
#
#   cmake -DBUILD=<build dir> -DWORK=<scratch dir> -P tests/bundle_check.cmake
cmake_minimum_required(VERSION 3.21)

execute_process(COMMAND "${CMAKE_COMMAND}" --build "${BUILD}" --target bundle RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the bundle target failed")
endif()
include("${BUILD}/bundle-inputs.cmake")  # NAME: glnoise-VERSION-linux-ARCH
set(tarballs "${BUILD}/${NAME}.tar.gz")
if(NOT EXISTS "${tarballs}")
  message(FATAL_ERROR "the bundle target made no ${tarballs}")
endif()
file(SIZE "${tarballs}" bytes)
if(bytes GREATER 41943040)
  message(FATAL_ERROR "the bundle is ${bytes} bytes; it should stay a few tens of MiB")
endif()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E tar xzf "${tarballs}" WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc)
set(root "${WORK}/${NAME}")
if(NOT rc EQUAL 0 OR NOT IS_DIRECTORY "${root}")
  message(FATAL_ERROR "unpacking ${tarballs} failed")
endif()

# Every needed library comes from lib/ or from the baseline (glibc, the driver).
file(GLOB programs "${root}/bin/*")
foreach(p IN LISTS programs)
  execute_process(COMMAND ldd "${p}" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line IN LISTS lines)
    if(line MATCHES "=> (/[^ ]+)")
      set(path "${CMAKE_MATCH_1}")
      get_filename_component(name "${path}" NAME)
      if(NOT path MATCHES "^${root}/" AND
         NOT name MATCHES "^(libc|libm|libdl|libpthread|librt|libmvec|ld-linux-x86-64)\\.so")
        message(FATAL_ERROR "${p} loads ${path} from outside the bundle")
      endif()
    elseif(line MATCHES "not found")
      message(FATAL_ERROR "${p}: ${line}")
    endif()
  endforeach()
endforeach()

execute_process(COMMAND "${root}/bin/glnoise" info RESULT_VARIABLE rc OUTPUT_VARIABLE info ERROR_VARIABLE info)
message("${info}")
if(NOT rc EQUAL 0 OR NOT info MATCHES "GL renderer")
  message(FATAL_ERROR "the bundle's glnoise info failed")
endif()
foreach(where bundle build)
  if(where STREQUAL "bundle")
    set(exe "${root}/bin/glnoise")
  else()
    set(exe "${BUILD}/glnoise")
  endif()
  execute_process(COMMAND "${exe}" bake --size 300x200 --octaves 5 --seed 3 --out "${WORK}/${where}.png"
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${where}'s bake failed: ${err}")
  endif()
endforeach()
file(SHA256 "${WORK}/bundle.png" a)
file(SHA256 "${WORK}/build.png" b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "the bundle's bake differs from the build tree's")
endif()

execute_process(COMMAND "${root}/run-checks" --quick --report "${WORK}/report.txt" WORKING_DIRECTORY "${WORK}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message("${out}")
  message(FATAL_ERROR "run-checks --quick failed (exit ${rc}); its report: ${WORK}/report.txt")
endif()
file(READ "${WORK}/report.txt" report)
foreach(want "## suite gpu" "## check --octaves 8" "## benchmark: bake throughput" "every step passed")
  string(FIND "${report}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "run-checks' report lacks \"${want}\"")
  endif()
endforeach()
message(STATUS "bundle: ${tarballs} (${bytes} bytes) runs unpacked; run-checks --quick passed")
