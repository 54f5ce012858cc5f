# ctest helper: run CMD ('|'-separated argv) and pass only if it exits with EXPECT_RC
# and its output (stdout + stderr) matches EXPECT_REGEX.
string(REPLACE "|" ";" argv "${CMD}")
execute_process(COMMAND ${argv} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL EXPECT_RC)
  message(FATAL_ERROR "expected exit status ${EXPECT_RC}, got ${rc}")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "output does not match '${EXPECT_REGEX}'")
endif()
message(STATUS "ok: exit status ${rc}, output matches '${EXPECT_REGEX}'")
