# SPDX-License-Identifier: MIT
# Generates the OpenGL 4.6 core and EGL 1.5 loaders with glad2 at configure time.
#
# The generator is Debian's python3-glad (2.0.2) when the distribution's own interpreter,
# /usr/bin/python3, can import it: configure then needs no network. Otherwise glad2 of the
# same version is installed from PyPI into a virtual environment inside the build tree,
# once; later configures reuse it. Both generate the same bytes (`--reproducible` makes
# glad use the Khronos specifications bundled in it). The check asks /usr/bin/python3
# itself, not the first python3 on PATH, which under pyenv or conda cannot import Debian's
# packages. GLNOISE_GLAD_PYTHON names another interpreter that can import glad. Nothing
# generated is committed: the loaders live in <build>/glad and the object library
# `glnoise_glad` compiles them into glnoise.
#
# Many programs that link glnoise load GL with their own glad. So that the two never
# collide (duplicate symbols when linking statically, one silently replacing the other
# when not), every symbol glnoise's copy defines is renamed with a glnoise_ prefix: a
# block of #defines, made from the GLAD_API_CALL declarations, heads each generated header.

# The pin: Debian 12 packages this version, and PyPI serves it where Debian's is missing.
set(GLNOISE_GLAD_VERSION "2.0.2")
set(GLNOISE_GLAD_PYTHON "" CACHE FILEPATH "a Python interpreter that can import glad (default: /usr/bin/python3 if it can)")
# A second build tree (the sanitizer build) may share the first one's environment.
set(GLNOISE_GLAD_VENV "${CMAKE_BINARY_DIR}/glad-venv" CACHE PATH "virtual environment holding glad2 from PyPI")
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

# The glad2 version an interpreter imports, or "" when it cannot.
function(_glnoise_glad_version python out)
  set(${out} "" PARENT_SCOPE)
  if(EXISTS "${python}")
    execute_process(COMMAND "${python}" -c "import glad, importlib.metadata as m; print(m.version('glad2'))"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(rc EQUAL 0)
      set(${out} "${version}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

set(_glad_python "")
if(GLNOISE_GLAD_PYTHON)
  _glnoise_glad_version("${GLNOISE_GLAD_PYTHON}" _have)
  if(NOT _have)
    message(FATAL_ERROR "glad: GLNOISE_GLAD_PYTHON=${GLNOISE_GLAD_PYTHON} cannot import glad (glad2)")
  endif()
  set(_glad_python "${GLNOISE_GLAD_PYTHON}")
  set(_glad_source "${GLNOISE_GLAD_PYTHON}")
else()
  _glnoise_glad_version("/usr/bin/python3" _have)
  if(_have)
    set(_glad_python "/usr/bin/python3")
    set(_glad_source "the distribution's (/usr/bin/python3)")
  endif()
endif()
if(_have AND NOT _have STREQUAL GLNOISE_GLAD_VERSION)
  message(STATUS "glad: ${_glad_source} is glad2 ${_have}, not ${GLNOISE_GLAD_VERSION}; the loaders may differ in "
                 "Khronos headers glnoise does not use")
endif()

if(NOT _glad_python)
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
                          "On Debian/Ubuntu install python3-glad (no network needed) or python3-venv.")
    endif()
  endif()
  _glnoise_glad_version("${_glad_python}" _have)
  if(NOT _have STREQUAL GLNOISE_GLAD_VERSION)
    message(STATUS "glad: installing glad2==${GLNOISE_GLAD_VERSION} from PyPI into ${GLNOISE_GLAD_VENV}")
    execute_process(COMMAND "${_glad_python}" -m pip install --quiet --disable-pip-version-check
                            "glad2==${GLNOISE_GLAD_VERSION}"
                    RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "glad: pip install glad2==${GLNOISE_GLAD_VERSION} failed (${_rc}):\n${_out}\n"
                          "Without network, install Debian's python3-glad (bash cmake/install-deps.sh does).")
    endif()
  endif()
  set(_glad_source "PyPI's, in ${GLNOISE_GLAD_VENV}")
endif()
message(STATUS "glad: generator glad2 ${GLNOISE_GLAD_VERSION}, ${_glad_source}")

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
