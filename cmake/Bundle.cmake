# SPDX-License-Identifier: MIT
# Makes the relocatable bundle (docs/bundle.md): run by the
# `bundle` target as `cmake -DINPUTS=<file> -P Bundle.cmake`, where INPUTS sets
#   EXECUTABLES  the programs to carry (glnoise, glnoise-preview, the suites, the benchmarks)
#   SOURCE_DIR   the source tree (the suites' data, the GLSL library, the run-checks script)
#   OUT_DIR      where the folder and the .tar.gz go
#   NAME         glnoise-VERSION-linux-ARCH
#   PATCHELF     the patchelf program
#
# Every shared library the programs need is carried in lib/, except the baseline: glibc
# (2.36, Debian 12's, or newer) and the GPU driver (the vendor libraries libglvnd loads:
# libEGL_*, libGLX_*, Mesa's and NVIDIA's). libglvnd's dispatch libraries (libEGL,
# libOpenGL, libGLX, libGL, libGLdispatch) are carried: GPU hosts without a desktop often
# lack them. Programs get a RUNPATH of $ORIGIN/../lib, libraries $ORIGIN.
cmake_minimum_required(VERSION 3.21)
include("${INPUTS}")
if(NOT PATCHELF)
  message(FATAL_ERROR "bundle: patchelf is needed (Debian: patchelf; bash cmake/install-deps.sh --tests installs it)")
endif()

set(root "${OUT_DIR}/${NAME}")
file(REMOVE_RECURSE "${root}")
file(MAKE_DIRECTORY "${root}/bin" "${root}/lib" "${root}/share/glnoise/tests/tests")

# glibc's own libraries and the driver's: never carried.
set(baseline
  "^ld-linux.*" "^libc\\.so.*" "^libm\\.so.*" "^libmvec\\.so.*" "^libpthread\\.so.*" "^libdl\\.so.*"
  "^librt\\.so.*" "^libresolv\\.so.*" "^libutil\\.so.*" "^libanl\\.so.*" "^libnsl\\.so.*"
  "^libEGL_.*" "^libGLX_.*" "^libnvidia.*" "^libcuda\\.so.*" "^libgallium.*" "^libLLVM.*" "^libdrm.*"
  "^libgbm\\.so.*" "^libglapi\\.so.*" "^linux-vdso.*")

file(GET_RUNTIME_DEPENDENCIES
  EXECUTABLES ${EXECUTABLES}
  RESOLVED_DEPENDENCIES_VAR resolved
  UNRESOLVED_DEPENDENCIES_VAR unresolved
  PRE_EXCLUDE_REGEXES ${baseline}
  POST_EXCLUDE_REGEXES "^/lib/ld-linux.*")
if(unresolved)
  message(FATAL_ERROR "bundle: cannot find ${unresolved}")
endif()

# libglvnd's dispatch libraries load one another by name at run time: carry all of them.
foreach(extra libEGL.so.1 libOpenGL.so.0 libGLdispatch.so.0 libGLX.so.0 libGL.so.1)
  find_library(_lib_${extra} NAMES ${extra} PATHS /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib NO_DEFAULT_PATH)
  if(_lib_${extra})
    list(APPEND resolved "${_lib_${extra}}")
  endif()
endforeach()
list(REMOVE_DUPLICATES resolved)

function(patch file runpath)
  execute_process(COMMAND "${PATCHELF}" --set-rpath "${runpath}" "${file}" RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "bundle: patchelf on ${file} failed: ${err}")
  endif()
endfunction()

foreach(exe IN LISTS EXECUTABLES)
  get_filename_component(name "${exe}" NAME)
  file(COPY_FILE "${exe}" "${root}/bin/${name}")
  patch("${root}/bin/${name}" "\$ORIGIN/../lib")
endforeach()
set(carried "")
foreach(lib IN LISTS resolved)
  get_filename_component(soname "${lib}" NAME)
  file(REAL_PATH "${lib}" real)
  file(COPY_FILE "${real}" "${root}/lib/${soname}")  # under the name the loader asks for
  file(CHMOD "${root}/lib/${soname}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                                   WORLD_READ WORLD_EXECUTE)
  patch("${root}/lib/${soname}" "\$ORIGIN")
  list(APPEND carried "${soname}")
endforeach()
list(SORT carried)

# The GLSL library, as an install puts it; the suites' data, laid out like the source tree.
file(COPY "${SOURCE_DIR}/shaders/include/glnoise" DESTINATION "${root}/share/glnoise/shaders")
# The translator a graph's HLSL, WGSL, Metal and Godot are made by (src/glsl/translate.hpp).
file(COPY "${SOURCE_DIR}/src/port/glnoise_port" DESTINATION "${root}/share/glnoise/port" FILES_MATCHING PATTERN "*.py"
     PATTERN "__pycache__" EXCLUDE)
set(data "${root}/share/glnoise/tests")
file(COPY "${SOURCE_DIR}/tests/golden" DESTINATION "${data}/tests" PATTERN "*.py" EXCLUDE)
file(COPY "${SOURCE_DIR}/tests/ports/cases.glsl" DESTINATION "${data}/tests/ports")
file(COPY "${SOURCE_DIR}/assets/presets" "${SOURCE_DIR}/assets/colormaps" DESTINATION "${data}/assets")
file(COPY "${SOURCE_DIR}/shaders/include" DESTINATION "${data}/shaders")
file(COPY "${SOURCE_DIR}/cmake/bundle/run-checks" "${SOURCE_DIR}/cmake/bundle/run-measurements" DESTINATION "${root}"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(COPY "${SOURCE_DIR}/cmake/bundle/environment.sh" "${SOURCE_DIR}/tests/bench/gpu_instructions.py"
     DESTINATION "${root}/share/glnoise")
file(COPY "${SOURCE_DIR}/LICENSE" "${SOURCE_DIR}/cmake/bundle/README.md" DESTINATION "${root}")
string(REPLACE ";" "\n" carried_lines "${carried}")
file(WRITE "${root}/share/glnoise/carried-libraries.txt" "${carried_lines}\n")

execute_process(COMMAND "${CMAKE_COMMAND}" -E tar czf "${NAME}.tar.gz" "${NAME}"
                WORKING_DIRECTORY "${OUT_DIR}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bundle: tar failed")
endif()
file(SIZE "${OUT_DIR}/${NAME}.tar.gz" bytes)
math(EXPR mib "${bytes} / 1048576")
list(LENGTH carried n)
message(STATUS "bundle: ${OUT_DIR}/${NAME}.tar.gz (${mib} MiB; ${n} libraries carried)")
