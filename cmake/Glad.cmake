# SPDX-License-Identifier: MIT
# Generates the OpenGL 4.6 core and EGL 1.5 loaders with glad2 at configure time.
#
# glad2 is pinned and installed into a virtual environment inside the build tree the
# first time; later configures reuse it. `--reproducible` makes glad use the Khronos
# specifications bundled in the package, so generation needs no network. Nothing
# generated is committed: the loaders live in <build>/glad and the object library
# `glnoise_glad` compiles them into glnoise.
#
# Many programs that link glnoise load GL with their own glad. So that the two never
# collide (duplicate symbols when linking statically, one silently replacing the other
# when not), every symbol glnoise's copy defines is renamed with a glnoise_ prefix: a
# block of #defines, made from the GLAD_API_CALL declarations, heads each generated header.

set(GLNOISE_GLAD_VERSION "2.0.8" CACHE STRING "glad2 version installed from PyPI")
# A second build tree (the sanitizer build) may share the first one's environment.
set(GLNOISE_GLAD_VENV "${CMAKE_BINARY_DIR}/glad-venv" CACHE PATH "virtual environment holding glad2")
set(GLNOISE_GLAD_OUT "${CMAKE_BINARY_DIR}/glad")

# Only the extensions glnoise calls: keeps gl.c small and the build fast.
set(GLNOISE_GLAD_EXTENSIONS
    GL_KHR_debug
    EGL_EXT_platform_base
    EGL_EXT_platform_device
    EGL_EXT_device_base
    EGL_EXT_device_enumeration
    EGL_EXT_device_query
    EGL_EXT_device_drm
    EGL_MESA_platform_surfaceless
    EGL_KHR_no_config_context
    EGL_KHR_create_context
    EGL_KHR_surfaceless_context)
list(JOIN GLNOISE_GLAD_EXTENSIONS "," _glad_ext)

find_package(Python3 3.8 REQUIRED COMPONENTS Interpreter)

if(WIN32)
  set(_glad_python "${GLNOISE_GLAD_VENV}/Scripts/python.exe")
else()
  set(_glad_python "${GLNOISE_GLAD_VENV}/bin/python")
endif()

if(NOT EXISTS "${_glad_python}")
  message(STATUS "glad: creating virtual environment ${GLNOISE_GLAD_VENV}")
  execute_process(COMMAND "${Python3_EXECUTABLE}" -m venv "${GLNOISE_GLAD_VENV}"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "glad: '${Python3_EXECUTABLE} -m venv' failed (${_rc}):\n${_out}\n"
                        "On Debian/Ubuntu install python3-venv.")
  endif()
endif()

execute_process(COMMAND "${_glad_python}" -c
                  "import importlib.metadata as m; print(m.version('glad2'))"
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _have OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET)
if(NOT _rc EQUAL 0 OR NOT _have STREQUAL GLNOISE_GLAD_VERSION)
  message(STATUS "glad: installing glad2==${GLNOISE_GLAD_VERSION} into ${GLNOISE_GLAD_VENV}")
  execute_process(COMMAND "${_glad_python}" -m pip install --quiet --disable-pip-version-check
                          "glad2==${GLNOISE_GLAD_VERSION}"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "glad: pip install glad2==${GLNOISE_GLAD_VERSION} failed (${_rc}):\n${_out}")
  endif()
endif()

# Regenerate only when the request changes: the stamp holds the exact command.
set(_glad_cmd "${_glad_python}" -m glad --reproducible --quiet
              --api "gl:core=4.6,egl=1.5" --extensions "${_glad_ext}"
              --out-path "${GLNOISE_GLAD_OUT}" c --loader)
set(_glad_stamp "${GLNOISE_GLAD_OUT}/glnoise-glad.stamp")
string(REPLACE ";" " " _glad_cmd_text "${GLNOISE_GLAD_VERSION} ${_glad_cmd} (symbols prefixed glnoise_)")
set(_glad_old "")
if(EXISTS "${_glad_stamp}")
  file(READ "${_glad_stamp}" _glad_old)
endif()
if(NOT _glad_old STREQUAL _glad_cmd_text OR NOT EXISTS "${GLNOISE_GLAD_OUT}/src/gl.c")
  message(STATUS "glad: generating GL 4.6 core + EGL 1.5 loaders")
  file(REMOVE_RECURSE "${GLNOISE_GLAD_OUT}")
  execute_process(COMMAND ${_glad_cmd} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "glad: generation failed (${_rc}):\n${_out}")
  endif()
  foreach(_header gl egl)
    set(_path "${GLNOISE_GLAD_OUT}/include/glad/${_header}.h")
    file(STRINGS "${_path}" _decls REGEX "^GLAD_API_CALL ")
    set(_renames "/* glnoise: this copy of glad's symbols carries a glnoise_ prefix. */\n")
    foreach(_decl IN LISTS _decls)
      if(NOT _decl MATCHES "([A-Za-z_][A-Za-z0-9_]*)[ \t]*[;(]")
        message(FATAL_ERROR "glad: cannot find the name declared by: ${_decl}")
      endif()
      string(APPEND _renames "#define ${CMAKE_MATCH_1} glnoise_${CMAKE_MATCH_1}\n")
    endforeach()
    file(READ "${_path}" _text)
    file(WRITE "${_path}" "${_renames}${_text}")
  endforeach()
  file(WRITE "${_glad_stamp}" "${_glad_cmd_text}")
endif()

add_library(glnoise_glad OBJECT "${GLNOISE_GLAD_OUT}/src/gl.c" "${GLNOISE_GLAD_OUT}/src/egl.c")
target_include_directories(glnoise_glad PUBLIC "$<BUILD_INTERFACE:${GLNOISE_GLAD_OUT}/include>")
set_target_properties(glnoise_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
