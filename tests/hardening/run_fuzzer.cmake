# SPDX-License-Identifier: MIT
# Runs one libFuzzer target for a bounded time: first over every input of the committed
# seed corpus (each input that once crashed stays there), then on inputs it makes, which
# it keeps in WORK, never in the source tree. A crash fails the test and names the input.
# With DICTIONARY, a program that prints the fuzzer's dictionary, it runs with that.
#   -DFUZZER=<executable> -DSEEDS=<committed corpus> -DWORK=<dir> -DSECONDS=<n> [-DDICTIONARY=<executable>]
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/crashes")
set(_dict "")
if(DICTIONARY)
  execute_process(COMMAND "${DICTIONARY}" OUTPUT_FILE "${WORK}/dictionary" RESULT_VARIABLE _drc)
  if(NOT _drc EQUAL 0)
    message(FATAL_ERROR "${DICTIONARY} failed (${_drc})")
  endif()
  set(_dict "-dict=${WORK}/dictionary")
endif()
execute_process(
  COMMAND "${FUZZER}" ${_dict} -max_total_time=${SECONDS} -timeout=20 -rss_limit_mb=2048 -max_len=8192
          -print_final_stats=1 "-artifact_prefix=${WORK}/crashes/" "${WORK}/corpus" "${SEEDS}"
  RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  file(GLOB _found "${WORK}/crashes/*")
  message(FATAL_ERROR "${FUZZER} failed (${_rc}); the input is in ${_found}. Fix the bug, then copy the input "
                      "into ${SEEDS} so that every run replays it, and add a regression test")
endif()
