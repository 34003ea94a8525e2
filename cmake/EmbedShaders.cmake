# Script mode: cmake -DOUT=<file.cpp> -DROOT=<shaders dir> -DFILES=<a;b;...> -P EmbedShaders.cmake
#
# Writes a C++ source holding every shader file as a string, keyed by its path relative
# to ROOT (for example "include/glnoise/perlin.glsl"), so that the executables find the
# GLSL wherever they are run from. glnoise::glsl::embeddedShaders() returns the table.

set(_body "")
foreach(_file IN LISTS FILES)
  file(RELATIVE_PATH _key "${ROOT}" "${_file}")
  file(READ "${_file}" _text)
  string(FIND "${_text}" ")glnoise_src\"" _clash)
  if(NOT _clash EQUAL -1)
    message(FATAL_ERROR "${_file} contains the raw-string terminator )glnoise_src\"")
  endif()
  string(APPEND _body "    {\"${_key}\", R\"glnoise_src(${_text})glnoise_src\"},\n")
endforeach()

# One quoted string throughout: an unquoted expansion would split the GLSL at semicolons.
string(CONCAT _out
  "// Generated from shaders/ by cmake/EmbedShaders.cmake; do not edit.\n"
  "#include \"glsl/embedded.hpp\"\n\n"
  "namespace glnoise::glsl {\n\n"
  "const std::map<std::string, std::string>& embeddedShaders() {\n"
  "  static const std::map<std::string, std::string> sources{\n${_body}  };\n"
  "  return sources;\n}\n\n}  // namespace glnoise::glsl\n")
# Only touch the file when it changes, so unchanged shaders do not relink everything.
if(EXISTS "${OUT}")
  file(READ "${OUT}" _old)
  if(_old STREQUAL _out)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${_out}")
