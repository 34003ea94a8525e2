# SPDX-License-Identifier: MIT
# The documents (README.md, docs/) tell the truth: every command they show runs, every
# link resolves, every picture is remade, and the layering docs/architecture.md states holds.
# Included from the top-level CMakeLists.txt after the benchmarks, whose program a
# README command runs.
# Debian's interpreter, which has Pillow and matplotlib (a pyenv or conda python3 earlier
# on PATH would not).
set(GLNOISE_README_PYTHON "/usr/bin/python3" CACHE FILEPATH "Python with Pillow and matplotlib for the README tests")
# Every #include of the sources is one docs/architecture.md's table allows (any Python 3).
add_test(NAME docs.layers COMMAND Python3::Interpreter "${CMAKE_CURRENT_LIST_DIR}/layers.py" --source "${PROJECT_SOURCE_DIR}")
# A node kind's name is written only in its row of src/graph/kinds.def.
add_test(NAME docs.graph-kinds COMMAND Python3::Interpreter "${CMAKE_CURRENT_LIST_DIR}/graph_kinds.py" --source "${PROJECT_SOURCE_DIR}")
set_tests_properties(docs.layers docs.graph-kinds PROPERTIES LABELS docs)
execute_process(COMMAND "${GLNOISE_README_PYTHON}" -c "import PIL, matplotlib"
                RESULT_VARIABLE _readme_python_ok OUTPUT_QUIET ERROR_QUIET)
if(NOT _readme_python_ok EQUAL 0)
  glnoise_missing("the documents' commands and pictures"
                  "Pillow and matplotlib for ${GLNOISE_README_PYTHON} (Debian: python3-pil python3-matplotlib)")
elseif(NOT GLNOISE_BUILD_PREVIEW OR NOT GLNOISE_XVFB_RUN OR NOT TARGET glnoise_bench)
  glnoise_missing("the documents' commands and pictures"
                  "glnoise-preview with xvfb-run, or the benchmark (Debian: xvfb libbenchmark-dev libnoise-dev)")
else()
  add_test(NAME docs.commands
    COMMAND "${GLNOISE_README_PYTHON}" "${CMAKE_CURRENT_LIST_DIR}/commands.py"
            --source "${PROJECT_SOURCE_DIR}" --build "${PROJECT_BINARY_DIR}")
  add_test(NAME docs.pictures
    COMMAND "${GLNOISE_README_PYTHON}" "${CMAKE_CURRENT_LIST_DIR}/pictures.py"
            --source "${PROJECT_SOURCE_DIR}" --build "${PROJECT_BINARY_DIR}")
  # The table of noise options against the field table, through glnoise's own output.
  add_test(NAME docs.options
    COMMAND "${GLNOISE_README_PYTHON}" "${CMAKE_CURRENT_LIST_DIR}/options.py"
            --source "${PROJECT_SOURCE_DIR}" --build "${PROJECT_BINARY_DIR}")
  set_tests_properties(docs.commands docs.pictures docs.options PROPERTIES TIMEOUT 900 LABELS docs)
  # Its preview commands run under xvfb-run -a, as the preview's tests do (tests/CMakeLists.txt).
  set_tests_properties(docs.commands PROPERTIES RESOURCE_LOCK glnoise_xvfb_run)
  # docs/python.md's picture is made with the Python package python.wheel installs.
  set_tests_properties(docs.pictures PROPERTIES FIXTURES_REQUIRED python_wheel)
endif()
