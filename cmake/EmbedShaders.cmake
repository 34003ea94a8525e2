# Script mode: cmake -DOUT=<file.cpp> -DROOT=<shaders dir> -DFILES=<a;b;...> -P EmbedShaders.cmake
#
# Writes a C++ source holding every shader file as a string, keyed by its path relative
# to ROOT (for example "include/glnoise/perlin.glsl"), so that the executables find the
# GLSL wherever they are run from. glnoise::gpu::embeddedShaders() returns the table.

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

set(_out "// Generated from shaders/ by cmake/EmbedShaders.cmake; do not edit.\n"
         "#include \"gpu/shader_sources.hpp\"\n\n"
         "namespace glnoise::gpu {\n\n"
         "const std::map<std::string, std::string>& embeddedShaders() {\n"
         "  static const std::map<std::string, std::string> sources{\n${_body}  };\n"
         "  return sources;\n}\n\n}  // namespace glnoise::gpu\n")
string(CONCAT _out ${_out})
# Only touch the file when it changes, so unchanged shaders do not relink everything.
if(EXISTS "${OUT}")
  file(READ "${OUT}" _old)
  if(_old STREQUAL _out)
    return()
  endif()
endif()
file(WRITE "${OUT}" "${_out}")
