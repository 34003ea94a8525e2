# SPDX-License-Identifier: MIT
# The relocatable bundle, as a GPU host gets it: made by the `bundle` target, unpacked
# into an empty folder, and run from there (on llvmpipe through EGL, with only the host's
# GL libraries): every program resolves its libraries inside the bundle or the stated
# baseline, `glnoise info` and a bake work, the bake's bytes equal the build tree's, and
# `run-checks --smoke` and `run-measurements --smoke` pass every step and write their
# reports (each program of the bundle runs; the suites themselves run in this build's ctest).
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
# 44 MiB: nine programs link the library statically, so each MiB it grows counts nine
# times; a bundle past this has taken in something it should not (a debug build, a library).
if(bytes GREATER 46137344)
  message(FATAL_ERROR "the bundle is ${bytes} bytes; it should stay a few tens of MiB (at most 44 MiB)")
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
# A graph's WGSL, by the translator the bundle carries (the program's own share/glnoise/port).
if(NOT EXISTS "${root}/share/glnoise/port/glnoise_port/source.py")
  message(FATAL_ERROR "the bundle carries no translator (share/glnoise/port/glnoise_port)")
endif()
file(WRITE "${WORK}/graph.json" [=[{"glnoise_graph": 2, "dims": 2, "out": "f", "nodes": {
  "n": {"kind": "basis", "basis": "simplex"}, "f": {"kind": "fractal", "source": "n", "octaves": 3}}}]=])
execute_process(COMMAND "${root}/bin/glnoise" shader --language wgsl --graph "${WORK}/graph.json"
                RESULT_VARIABLE rc OUTPUT_VARIABLE wgsl ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT wgsl MATCHES "fn gln_graph\\(p: vec2<f32>\\) -> vec4<f32>")
  message(FATAL_ERROR "the bundle's glnoise shader --language wgsl --graph failed: ${err}")
endif()
file(SHA256 "${WORK}/bundle.png" a)
file(SHA256 "${WORK}/build.png" b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "the bundle's bake differs from the build tree's")
endif()

# run_script(SCRIPT REPORT WANT...): runs the bundle's SCRIPT --smoke with its report in
# WORK/REPORT (and any further arguments in ARGS), fails unless it passes and its report has
# every WANT, and leaves the report in `report`.
function(run_script script name)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "WANT;ARGS")
  execute_process(COMMAND "${root}/${script}" --smoke --report "${WORK}/${name}" ${arg_ARGS} WORKING_DIRECTORY "${WORK}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message("${out}")
    message(FATAL_ERROR "${script} --smoke failed (exit ${rc}); its report: ${WORK}/${name}")
  endif()
  file(READ "${WORK}/${name}" text)
  foreach(want IN LISTS arg_WANT)
    string(FIND "${text}" "${want}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "${script}'s report lacks \"${want}\"")
    endif()
  endforeach()
  set(report "${text}" PARENT_SCOPE)
endfunction()

run_script(run-checks report.txt WANT "## suite gpu" "## check --octaves 8" "## benchmark: bake throughput"
           "every step passed")

# The measurements, small: the probe's kernels agree with the twins on llvmpipe, the
# benchmark runs, every table form bakes the same bytes, and the data lands in --out.
run_script(run-measurements measurements.txt ARGS --out "${WORK}/data"
           WANT "## Table forms" "## Read-back" "every table form baked" "every step passed")
if(NOT report MATCHES "\ncases +[0-9]+ ms +0 wrong\n")
  message(FATAL_ERROR "run-measurements: the probe's kernel of every case is not right on this driver:\n${report}")
endif()
foreach(file gpu-bench.json probe/cases.f32 probe/twins.f32)
  if(NOT EXISTS "${WORK}/data/${file}")
    message(FATAL_ERROR "run-measurements --out wrote no ${file}")
  endif()
endforeach()
message(STATUS "bundle: ${tarballs} (${bytes} bytes) runs unpacked; run-checks --smoke and run-measurements --smoke passed")
