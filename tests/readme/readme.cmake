# SPDX-License-Identifier: MIT
# The README tells the truth: every command it shows runs, every picture is remade.
# Included from the top-level CMakeLists.txt after the benchmarks, whose program a
# README command runs.
# Debian's interpreter, which has Pillow and matplotlib (a pyenv or conda python3 earlier
# on PATH would not).
set(GLNOISE_README_PYTHON "/usr/bin/python3" CACHE FILEPATH "Python with Pillow and matplotlib for the README tests")
execute_process(COMMAND "${GLNOISE_README_PYTHON}" -c "import PIL, matplotlib"
                RESULT_VARIABLE _readme_python_ok OUTPUT_QUIET ERROR_QUIET)
if(NOT _readme_python_ok EQUAL 0)
  glnoise_missing("the README's commands and pictures"
                  "Pillow and matplotlib for ${GLNOISE_README_PYTHON} (Debian: python3-pil python3-matplotlib)")
elseif(NOT GLNOISE_BUILD_PREVIEW OR NOT GLNOISE_XVFB_RUN OR NOT TARGET glnoise_bench)
  glnoise_missing("the README's commands and pictures"
                  "glnoise-preview with xvfb-run, or the benchmark (Debian: xvfb libbenchmark-dev libnoise-dev)")
else()
  add_test(NAME readme.commands
    COMMAND "${GLNOISE_README_PYTHON}" "${CMAKE_CURRENT_LIST_DIR}/readme_commands.py"
            --source "${PROJECT_SOURCE_DIR}" --build "${PROJECT_BINARY_DIR}")
  add_test(NAME readme.pictures
    COMMAND "${GLNOISE_README_PYTHON}" "${CMAKE_CURRENT_LIST_DIR}/readme_pictures.py"
            --source "${PROJECT_SOURCE_DIR}" --build "${PROJECT_BINARY_DIR}")
  set_tests_properties(readme.commands readme.pictures PROPERTIES TIMEOUT 900 LABELS readme)
endif()
