# One row of bad_inputs.tsv (cmake -P): runs CMD ('|'-separated argv, leading NAME=VALUE
# words go to the environment) and passes only if the exit status is EXPECT_RC (a number: a
# crash gives a signal name), the output (stdout + stderr) matches EXPECT_REGEX, and no
# sanitizer or crash report appears. The two characters \n in EXPECT_REGEX stand for a newline.
string(REPLACE "|" ";" argv "${CMD}")
string(REPLACE "\\n" "\n" EXPECT_REGEX "${EXPECT_REGEX}")  # \n in the table: a newline
set(envs "")
while(argv)
  list(GET argv 0 first)
  if(NOT first MATCHES "^[A-Z_]+=")
    break()
  endif()
  list(APPEND envs "${first}")
  list(REMOVE_AT argv 0)
endwhile()
execute_process(COMMAND ${CMAKE_COMMAND} -E env ${envs} ${argv} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "bad input '${ROW}': exit status '${rc}', expected ${EXPECT_RC}")
endif()
if("${out}${err}" MATCHES "Sanitizer|runtime error|Segmentation|Aborted|core dumped")
  message(FATAL_ERROR "bad input '${ROW}': crash or sanitizer report")
endif()
if(NOT "${out}${err}" MATCHES "${EXPECT_REGEX}")
  message(FATAL_ERROR "bad input '${ROW}': output does not match '${EXPECT_REGEX}'")
endif()
message(STATUS "ok: ${ROW}: exit status ${rc}, output matches")
