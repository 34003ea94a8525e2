# SPDX-License-Identifier: MIT
# The hardening tests (docs/guarantees.md): a sanitized clang build of this source
# beside this tree, whose test suites run under AddressSanitizer and
# UndefinedBehaviorSanitizer; the libFuzzer targets, each for a bounded time; clang-tidy
# and cppcheck on glnoise's sources. Labels: sanitize, fuzz, static (ctest -L / -LE).
find_program(GLNOISE_CLANG NAMES clang clang-14)
find_program(GLNOISE_CLANGXX NAMES clang++ clang++-14)
find_program(GLNOISE_RUN_CLANG_TIDY NAMES run-clang-tidy run-clang-tidy-14)
find_program(GLNOISE_CPPCHECK cppcheck)
if(NOT GLNOISE_CLANG OR NOT GLNOISE_CLANGXX OR NOT GLNOISE_RUN_CLANG_TIDY OR NOT GLNOISE_CPPCHECK)
  glnoise_missing("the hardening tests (sanitizers, fuzzers, static checks)"
                  "clang, clang-tidy or cppcheck (Debian: clang clang-tidy cppcheck libclang-rt-dev)")
  return()
endif()
# 30 s each in the test command keeps CI within its time with the Python package's build;
# more fuzzes longer (GLNOISE_FUZZ_SECONDS=600).
set(GLNOISE_FUZZ_SECONDS 30 CACHE STRING "how long each fuzzer runs in the fuzz.* tests")

set(_hb "${CMAKE_BINARY_DIR}/hardening")
set(_fuzzers preset command_line include_resolver eval_lines graph)
set(_targets glnoise_cli glnoise_core_tests glnoise_cli_tests glnoise_gpu_tests glnoise_leak_probe)
foreach(_f IN LISTS _fuzzers)
  list(APPEND _targets fuzz_${_f})
endforeach()
list(APPEND _targets fuzz_graph_dictionary)
list(JOIN _targets "," _targets)
add_test(NAME hardening.build
  COMMAND "${CMAKE_COMMAND}" "-DSOURCE=${PROJECT_SOURCE_DIR}" "-DBINARY=${_hb}" "-DCC=${GLNOISE_CLANG}"
          "-DCXX=${GLNOISE_CLANGXX}" "-DVENV=${GLNOISE_GLAD_VENV}" "-DTARGETS=${_targets}"
          -P "${CMAKE_CURRENT_SOURCE_DIR}/hardening/build_tree.cmake")
# COST (here and below: about the seconds each takes on two cores) starts the long tests
# first under ctest --parallel, so that the short ones fill the other core around them.
set_tests_properties(hardening.build PROPERTIES FIXTURES_SETUP glnoise_hardening TIMEOUT 3600
                     LABELS "sanitize;fuzz" COST 700)

# Every sanitizer finding stops the program with a report (the tree is built with
# -fno-sanitize-recover=all), and LeakSanitizer runs at exit. The GL driver stays mapped
# until then (keep_driver_loaded.c, preloaded, a plain build of this tree): Mesa unloads it
# at exit, which leaves what its globals hold looking leaked (on AMD Zen, the 128-byte
# L3 affinity masks of its CPU detection). No suppressions: a leak of the driver's or of
# glnoise's is still reported, and sanitize.leak_probe proves one of ours fails the run.
#
# intercept_tls_get_addr=0: the sanitizer runtimes of LLVM 16 and earlier (Debian 12 has
# clang 14) take a dynamic TLS block whose address is 16 modulo 4096 for one with glibc
# 2.19's header, and read the two words before it as the block's start and size. glibc
# 2.25 and later have no such header, so a block that lands there by chance (one time in
# 256) is recorded with a garbage range, and LeakSanitizer's tracer dies scanning it at
# exit ("Tracer caught signal 11"): a run that fails at random after every test passed.
# Without the interception dynamic TLS is not scanned for pointers; no test needs it.
add_library(glnoise_keep_driver_loaded MODULE "${CMAKE_CURRENT_SOURCE_DIR}/hardening/keep_driver_loaded.c")
target_link_libraries(glnoise_keep_driver_loaded PRIVATE ${CMAKE_DL_LIBS})
set(_sanitizer_env
    "ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1:intercept_tls_get_addr=0"
    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1"
    "LD_PRELOAD=$<TARGET_FILE:glnoise_keep_driver_loaded>")
# Reports name functions and lines through clang's own llvm-symbolizer, which Debian ships
# beside clang (/usr/lib/llvm-N/bin) but puts on PATH only with a version suffix.
get_filename_component(_clang_real "${GLNOISE_CLANGXX}" REALPATH)
get_filename_component(_clang_bin "${_clang_real}" DIRECTORY)
find_program(GLNOISE_LLVM_SYMBOLIZER NAMES llvm-symbolizer HINTS "${_clang_bin}" NO_DEFAULT_PATH)
find_program(GLNOISE_LLVM_SYMBOLIZER NAMES llvm-symbolizer llvm-symbolizer-14 llvm-symbolizer-15 llvm-symbolizer-16)
if(GLNOISE_LLVM_SYMBOLIZER)
  list(APPEND _sanitizer_env "ASAN_SYMBOLIZER_PATH=${GLNOISE_LLVM_SYMBOLIZER}")
else()
  glnoise_missing("the sanitizers' symbolised reports" "llvm-symbolizer (Debian: llvm, with clang)")
endif()
# The suites run under the sanitizers but for the tests whose point is scale, statistics
# or random draws, not code of their own: the code they run, the suites' other tests run
# too (every catalogue row on every SIMD target, every format, every family on the GPU),
# and they run in the plain suites. Under the sanitizers they took about half of each
# suite's time: a bake killed at random moments and bakes racing into one output (many
# processes, each an ordinary bake), every thread count over large files, four million
# eval points, a command baked twice, the lattice's and the world hash's repeats over
# large grids; random specs and graphs on every SIMD target and on the GPU, values within
# their stated ranges over many grids, the typical range of unseen images, and four
# 512-texel tiles against one 1024-texel bake. And one test of the build rather than the
# code: that every SIMD target this CPU has is compiled in, where this tree compiles one
# (GLNOISE_SIMD_ONE_TARGET).
set(_sanitize_skip_core "Simd.RunsTheAvxTargetsExactlyWhereTheCpuHasThem"
    "Simd.RandomSpecsAreBitIdenticalToTheReferenceOnEveryTarget"
    "Simd.RandomGraphsAreBitIdenticalToTheReferenceOnEveryTarget" "Families.CellularValuesStayInTheirStatedRange"
    "Families.ValuesStayInTheStatedRange" "Typical.ItHoldsMostValuesOfAnImageItNeverSaw")
set(_sanitize_skip_cli "Bake.KillingABakeAtRandomMomentsLeavesThePreviousFileOrTheWholeNewOne"
    "Bake.ConcurrentBakesIntoOneOutputLeaveOneWholePairOrSliceSet" "Bake.TheThreadCountChangesNoByte"
    "Cli.EvalKeepsItsMemoryBoundedAtAnyInputSize" "Bake.TheSameCommandTwiceGivesTheSameBytes"
    "Bake.WithTheWorldHashNoTileRepeatsAndTheBackendsAgreeAt1e9" "Bake.TheLatticeRepeatsEvery256CellsAsDocumented")
set(_sanitize_skip_gpu "Property.RandomSpecsAgreeWithTheReferenceWithinTheStatedTolerance"
    "GraphGpu.RandomGraphsAgreeWithTheReferenceWithinTheirTolerance" "Tiles.FourTilesOf512EqualOneBakeOf1024OnTheGpu")
foreach(_suite core cli gpu)
  list(JOIN _sanitize_skip_${_suite} ":" _skip)
  set(_sanitize_args_${_suite} "--gtest_filter=-${_skip}")
endforeach()
# The suites that drive the GL driver (cli, gpu) start after the plain suite of the same
# name (DEPENDS on its tests, which does not pull them into a run of the sanitized suite
# alone), so that the driver finds the suite's shaders in Mesa's disk cache (one per user,
# which every test's driver shares: the same shaders): under AddressSanitizer's allocator
# Mesa's compiler runs many times slower, and compiling them again took most of
# sanitize.gpu's 24 minutes (one test: 502 s with a cold cache, 7 s with a warm one). A
# sanitized suite is defined in a file CTest reads after the plain suites' lists of tests
# (glnoise_<suite>_tests_TESTS).
foreach(_suite core cli gpu)
  set(_after "")
  if(NOT _suite STREQUAL "core")
    set(_after " DEPENDS \"\${glnoise_${_suite}_tests_TESTS}\"")
  endif()
  file(GENERATE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/sanitize_${_suite}.cmake" CONTENT
"add_test([=[sanitize.${_suite}]=] [=[${_hb}/tests/glnoise_${_suite}_tests]=] [=[${_sanitize_args_${_suite}}]=])
set_tests_properties([=[sanitize.${_suite}]=] PROPERTIES FIXTURES_REQUIRED glnoise_hardening TIMEOUT 1800 COST 200
  LABELS sanitize ENVIRONMENT [=[${_sanitizer_env}]=]${_after})
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${CMAKE_CURRENT_BINARY_DIR}/sanitize_${_suite}.cmake")
endforeach()

add_test(NAME sanitize.leak_probe
  COMMAND "${CMAKE_COMMAND}" "-DPROBE=${_hb}/tests/glnoise_leak_probe"
          -P "${CMAKE_CURRENT_SOURCE_DIR}/hardening/leak_probe.cmake")
set_tests_properties(sanitize.leak_probe PROPERTIES FIXTURES_REQUIRED glnoise_hardening TIMEOUT 300
                     ENVIRONMENT "${_sanitizer_env}" LABELS sanitize)

foreach(_f IN LISTS _fuzzers)
  set(_dictionary "")
  if(_f STREQUAL "graph")
    set(_dictionary "-DDICTIONARY=${_hb}/tests/fuzz/fuzz_graph_dictionary")
  endif()
  add_test(NAME fuzz.${_f}
    COMMAND "${CMAKE_COMMAND}" "-DFUZZER=${_hb}/tests/fuzz/fuzz_${_f}" ${_dictionary}
            "-DSEEDS=${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/${_f}" "-DWORK=${_hb}/fuzz/${_f}"
            "-DSECONDS=${GLNOISE_FUZZ_SECONDS}" -P "${CMAKE_CURRENT_SOURCE_DIR}/hardening/run_fuzzer.cmake")
  set_tests_properties(fuzz.${_f} PROPERTIES FIXTURES_REQUIRED glnoise_hardening TIMEOUT 1800
                       ENVIRONMENT "${_sanitizer_env}" LABELS fuzz)
endforeach()

# Static checks on glnoise's own sources: the checks in .clang-tidy, and cppcheck's
# warning, performance and portability classes. Either's finding fails the test.
# The sources compile in batches (unity builds): clang-tidy reads each batch of glnoise's own
# targets and the SIMD backend's files, its findings in the sources they include reported by
# .clang-tidy's HeaderFilterRegex; the SIMD files once, for Highway's static target (the same
# code as every other target's). A batch includes its sources by design, which
# bugprone-suspicious-include would report (no source of glnoise includes another).
add_test(NAME static.clang-tidy
  COMMAND "${GLNOISE_RUN_CLANG_TIDY}" -p "${CMAKE_BINARY_DIR}" -quiet -extra-arg=-DHWY_COMPILE_ONLY_STATIC=1
          -checks=-bugprone-suspicious-include
          "${PROJECT_SOURCE_DIR}/src/.*\\.cpp$|/CMakeFiles/glnoise(_app|_cli|_preview)?\\.dir/Unity/unity_[0-9]+_cxx\\.cxx$")
add_test(NAME static.cppcheck
  COMMAND "${GLNOISE_CPPCHECK}" --enable=warning,performance,portability --std=c++17 --language=c++
          --error-exitcode=1 --inline-suppr --quiet -I "${PROJECT_SOURCE_DIR}/include" -I "${PROJECT_SOURCE_DIR}/src"
          -I "${CMAKE_BINARY_DIR}/generated/include" --suppress=missingIncludeSystem --suppress=missingInclude
          -D__linux__ -D__x86_64__ "${PROJECT_SOURCE_DIR}/src")
set_tests_properties(static.clang-tidy static.cppcheck PROPERTIES LABELS static TIMEOUT 1800)
set_tests_properties(static.clang-tidy PROPERTIES COST 450)
