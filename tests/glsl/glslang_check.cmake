# SPDX-License-Identifier: MIT
# Offline checks of the GLSL library with glslangValidator (Khronos' reference front end),
# independent of glnoise's own include resolver and of the GL driver.
#
# MODE=library: cmake -DMODE=library -DVALIDATOR=... -DINCLUDE_DIR=<shaders/include>
#   -DFILE=glnoise/x.glsl -DTABLE=buffer|const -DTIMES=1|2 -DWORK=<dir> -P glslang_check.cmake
#   A stub #version 430 compute shader includes FILE TIMES times (glslang resolves the
#   includes itself, GL_GOOGLE_include_directive), the table from the default storage
#   buffer or from a const array behind GLN_PERM.
# MODE=self-contained: cmake -DMODE=self-contained -DVALIDATOR=... -DGLNOISE=<glnoise>
#   -DVERSION="310 es" -DSTAGE=comp|frag -DWORK=<dir> -P glslang_check.cmake
#   `glnoise glsl` for all families and for each one alone, pasted after #version VERSION
#   into a STAGE shader that calls what it got.
# MODE=graph: cmake -DMODE=graph -DVALIDATOR=... -DGLNOISE=<glnoise> -DGRAPHS=<dir> -DLANGUAGE=glsl|vulkan|gles
#   -DWORK=<dir> -P glslang_check.cmake
#   `glnoise shader --graph` of each graph in GRAPHS, with its numbers as constants and in a
#   uniform block, in a shader of the language's that calls gln_graph: OpenGL and Vulkan
#   GLSL as compute shaders (Vulkan's to SPIR-V, -V), GLSL ES 3.00 as a fragment shader.
# MODE=file: cmake -DMODE=file -DVALIDATOR=... -DROOT=<shaders> -DFILE=<path under ROOT>
#   -DWORK=<dir> -P glslang_check.cmake
#   One of glnoise's own shaders (the colormap pass, the preview's), compiled with its
#   #includes resolved by glslang: a copy of ROOT in WORK, FILE with the include extension.

cmake_minimum_required(VERSION 3.20)

function(validate file)
  execute_process(COMMAND "${VALIDATOR}" ${ARGN} "${file}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "glslangValidator ${ARGN} ${file} failed (${rc}):\n${out}")
  endif()
  message(STATUS "ok: ${file}")
endfunction()

file(MAKE_DIRECTORY "${WORK}")

if(MODE STREQUAL "library")
  set(stub "#version 430\n#extension GL_GOOGLE_include_directive : require\nlayout(local_size_x = 1) in;\n")
  if(TABLE STREQUAL "const")
    set(values "")
    foreach(i RANGE 511)
      math(EXPR v "${i} % 256")
      list(APPEND values ${v})
    endforeach()
    list(JOIN values ", " values)
    string(APPEND stub "const int T[512] = int[512](${values});\n#define GLN_PERM(i) T[(i)]\n")
  endif()
  foreach(k RANGE 1 ${TIMES})
    string(APPEND stub "#include \"${FILE}\"\n")
  endforeach()
  string(APPEND stub "void main() {}\n")
  string(REGEX REPLACE "[/.]" "_" name "${FILE}")
  set(path "${WORK}/${name}_${TABLE}_x${TIMES}.comp")
  file(WRITE "${path}" "${stub}")
  validate("${path}" -l "-I${INCLUDE_DIR}")
elseif(MODE STREQUAL "file")
  string(REGEX REPLACE "[/.]" "_" name "${FILE}")
  set(tree "${WORK}/${name}")
  file(REMOVE_RECURSE "${tree}")
  file(COPY "${ROOT}/" DESTINATION "${tree}")
  file(READ "${ROOT}/${FILE}" text)
  string(REGEX REPLACE "(#version [^\n]*\n)" "\\1#extension GL_GOOGLE_include_directive : require\n" text "${text}")
  file(WRITE "${tree}/${FILE}" "${text}")
  validate("${tree}/${FILE}" -l)
elseif(MODE STREQUAL "graph")
  file(GLOB graphs "${GRAPHS}/*.json")
  if(NOT graphs)
    message(FATAL_ERROR "no graphs in ${GRAPHS}")
  endif()
  foreach(graph ${graphs})
    get_filename_component(stem "${graph}" NAME_WE)
    foreach(params constants uniform)
      set(generated "${WORK}/${stem}_${params}_${LANGUAGE}.glsl")
      execute_process(COMMAND "${GLNOISE}" shader --language ${LANGUAGE} --graph "${graph}" --params ${params}
                              --out "${generated}" RESULT_VARIABLE rc ERROR_VARIABLE err)
      if(NOT rc EQUAL 0)
        message(FATAL_ERROR "glnoise shader --language ${LANGUAGE} --graph ${graph} --params ${params} failed (${rc}): ${err}")
      endif()
      file(READ "${generated}" source)
      # The graph's dims, for the point gln_graph takes: its header says "vecN p" or "float p".
      string(REGEX MATCH "// A noise graph as one function: ([a-z0-9]+) p" _ "${source}")
      set(type "${CMAKE_MATCH_1}")
      if(type STREQUAL "float")
        set(point "0.5f")
      else()
        set(point "${type}(0.5f)")
      endif()
      if(LANGUAGE STREQUAL "gles")
        set(path "${WORK}/${stem}_${params}.frag")
        file(WRITE "${path}" "#version 300 es\n${source}\nout highp vec4 color;\nvoid main() {\n    color = gln_graph(${point});\n}\n")
        validate("${path}")
      else()
        set(path "${WORK}/${stem}_${params}_${LANGUAGE}.comp")
        set(version 430)
        set(store "layout(std430, binding = 3) writeonly buffer Out { vec4 result[]; };\n")
        set(flags "")
        if(LANGUAGE STREQUAL "vulkan")
          set(version 450)
          set(store "layout(std430, set = 0, binding = 3) writeonly buffer Out { vec4 result[]; };\n")
          set(flags -V -o "${WORK}/${stem}_${params}.spv")
        endif()
        file(WRITE "${path}" "#version ${version}\n${source}\nlayout(local_size_x = 1) in;\n${store}void main() {\n    result[0] = gln_graph(${point});\n}\n")
        validate("${path}" ${flags})
      endif()
    endforeach()
  endforeach()
elseif(MODE STREQUAL "self-contained")
  execute_process(COMMAND "${GLNOISE}" glsl --list RESULT_VARIABLE rc OUTPUT_VARIABLE families)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "glnoise glsl --list failed (${rc})")
  endif()
  string(REGEX REPLACE "\n$" "" families "${families}")
  string(REPLACE "\n" ";" families "${families}")
  if(STAGE STREQUAL "comp")
    set(head "layout(local_size_x = 1) in;\nlayout(std430, binding = 3) writeonly buffer Out { float result[]; };\n")
    set(store "    result[0] = v;\n")
  else()
    set(head "out vec4 color;\n")
    set(store "    color = vec4(v, v, v, 1.0f);\n")
  endif()
  string(REPLACE " " "_" tag "${VERSION}_${STAGE}")
  foreach(selection all ${families})
    set(args glsl --seed 7)
    if(NOT selection STREQUAL "all")
      list(APPEND args ${selection})
    endif()
    set(generated "${WORK}/glnoise_${selection}.glsl")
    execute_process(COMMAND "${GLNOISE}" ${args} --out "${generated}" RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "glnoise ${args} failed (${rc}): ${err}")
    endif()
    file(READ "${generated}" library)
    set(path "${WORK}/${selection}_${tag}.${STAGE}")
    file(WRITE "${path}" "#version ${VERSION}\n${library}\n${head}"
      "void main() {\n"
      "    float v = 0.0f;\n"
      "#ifdef GLNOISE_PERMUTATION_GLSL\n"
      "    v += float(gln_perm(7) + gln_wrap(-3, 5));\n"
      "#endif\n"
      "#ifdef GLNOISE_LATTICE_GLSL\n"
      "    v += gln_lattice1(1, 0.5f, 4, GLN_CURVE_COSINE, GLN_HEIGHTS) + gln_lattice4(ivec4(1), vec4(0.5f), ivec4(0), GLN_CURVE_CUBIC, GLN_GRADIENTS);\n"
      "    v += gln_lattice2(ivec2(1), vec2(0.5f), ivec2(3), GLN_CURVE_LINEAR, GLN_GRADIENTS | GLN_HEIGHTS).y + gln_lattice3(ivec3(1), vec3(0.5f), ivec3(0), GLN_CURVE_QUINTIC, GLN_GRADIENTS).w;\n"
      "#endif\n"
      "#ifdef GLNOISE_VALUE_GLSL\n"
      "    v += gln_value2(vec2(0.5f), GLN_CURVE_COSINE) + gln_perlinvalue3(vec3(0.5f)) + gln_value4(vec4(0.25f), GLN_CURVE_LINEAR);\n"
      "#endif\n"
      "#ifdef GLNOISE_SIMPLEX_GLSL\n"
      "    v += gln_simplex2(vec2(0.5f)) + gln_simplex3_deriv(vec3(0.5f)).y;\n"
      "#endif\n"
      "#ifdef GLNOISE_FRACTAL_GLSL\n"
      "    GlnNoise n = gln_noise(GLN_BASIS_VALUE, GLN_RIDGED, 3);\n"
      "    n.period = ivec4(2, 2, 2, 2);\n"
      "    v += gln_fractal1(n, 0.5f) + gln_fractal2(n, vec2(0.5f)) + gln_fractal3_deriv(n, vec3(0.5f)).z + gln_fractal4(n, vec4(0.5f)) / gln_amplitude_sum(n);\n"
      "    v += gln_heightmap_normal(vec2(0.1f, 0.2f), 4.0f).x;\n"
      "#endif\n"
      "#ifdef GLNOISE_WARP_GLSL\n"
      "    v += gln_warp2(gln_noise(GLN_BASIS_PERLIN, GLN_FBM, 2), vec2(0.5f), 1.0f, 2.0f, 2).x + gln_warp3(gln_noise(GLN_BASIS_SIMPLEX, GLN_FBM, 2), vec3(0.5f), 1.0f, 2.0f, 1).z;\n"
      "#endif\n"
      "#ifdef GLNOISE_PATTERN_GLSL\n"
      "    v += gln_marble(0.5f, 0.25f, 5.0f) + gln_wood(vec2(0.5f), 0.25f, 5.0f);\n"
      "#endif\n"
      "#ifdef GLNOISE_PERLIN_GLSL\n"
      "    v += gln_perlin3(vec3(0.5f, 1.5f, 2.5f)) + gln_perlin2(vec2(0.25f, 3.5f));\n"
      "    v += gln_perlin3(ivec3(1, 2, 3), vec3(0.5f)) + gln_perlin2(ivec2(4, 5), vec2(0.5f));\n"
      "    v += gln_perlin1(0.5f) + gln_perlin4(vec4(0.5f)) + gln_classic2(vec2(0.5f)) + gln_perlin3_deriv(vec3(0.5f)).x;\n"
      "#endif\n"
      "#ifdef GLNOISE_FBM_GLSL\n"
      "    v += gln_fbm3(vec3(0.5f), GLN_FBM_OCTAVES, 2.0f, 0.5f) + gln_fbm2(vec2(0.5f), 4, 2.0f, 0.5f);\n"
      "#endif\n"
      "${store}}\n")
    validate("${path}")
  endforeach()
else()
  message(FATAL_ERROR "MODE must be library or self-contained, not '${MODE}'")
endif()
