# SPDX-License-Identifier: MIT
# Runs one libFuzzer target for a bounded time: first over every input of the committed
# seed corpus (each input that once crashed stays there), then on inputs it makes, which
# it keeps in WORK, never in the source tree. A crash fails the test and names the input.
#   -DFUZZER=<executable> -DSEEDS=<committed corpus> -DWORK=<dir> -DSECONDS=<n>
file(MAKE_DIRECTORY "${WORK}/corpus" "${WORK}/crashes")
execute_process(
  COMMAND "${FUZZER}" -max_total_time=${SECONDS} -timeout=20 -rss_limit_mb=2048 -max_len=8192
          -print_final_stats=1 "-artifact_prefix=${WORK}/crashes/" "${WORK}/corpus" "${SEEDS}"
  RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  file(GLOB _found "${WORK}/crashes/*")
  message(FATAL_ERROR "${FUZZER} failed (${_rc}); the input is in ${_found}. Fix the bug, then copy the input "
                      "into ${SEEDS} so that every run replays it, and add a regression test")
endif()
