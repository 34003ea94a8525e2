# SPDX-License-Identifier: MIT
# Runs the sanitized leak probe: it must fail, with LeakSanitizer naming its one leak
# (leakOnPurpose, 64 bytes) and nothing else, the driver loaded and unloaded beside it.
#
#   cmake -DPROBE=<glnoise_leak_probe> -P leak_probe.cmake   (with the sanitize.* environment)
execute_process(COMMAND "${PROBE}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
message("${out}")
if(rc EQUAL 0)
  message(FATAL_ERROR "leak_probe exited 0: LeakSanitizer did not catch a deliberate leak")
endif()
if(NOT out MATCHES "leak_probe: ")
  message(FATAL_ERROR "leak_probe made no GL context, so the driver was not part of the run")
endif()
if(NOT out MATCHES "leakOnPurpose")
  message(FATAL_ERROR "LeakSanitizer's report does not name leakOnPurpose")
endif()
if(NOT out MATCHES "SUMMARY: AddressSanitizer: 64 byte\\(s\\) leaked in 1 allocation\\(s\\)")
  message(FATAL_ERROR "LeakSanitizer reported more than the deliberate leak (see above)")
endif()
message(STATUS "leak_probe: the deliberate leak, and only it, failed the run")
