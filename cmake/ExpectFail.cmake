# Tests that check their output, or fail in a stated way (docs/verification.md, "Tests that check their output").
# One driver, scripts/expect_fail.sh: the command's exit status must be exactly RC and every ERE
# must match a line of its output (stdout + stderr); it ends with "expect_fail: PASS: exit RC,
# N/N patterns matched". WILL_FAIL is not used anywhere: it passes on any nonzero exit, a mistyped
# option's usage error (exit 2) included, so a fault test could pass without the fault.
#
#   add_test(NAME <name> COMMAND ${FIU_EXPECT} <rc> <regex>... -- <command>...)
#   fiu_expect_test(<name> <rc> <regex>... -- <command>...)   the same, shorter
set(FIU_EXPECT sh ${PROJECT_SOURCE_DIR}/scripts/expect_fail.sh)

function(fiu_expect_test name rc)
  if(NOT "--" IN_LIST ARGN)
    message(FATAL_ERROR "fiu_expect_test(${name}): no '--' before the command")
  endif()
  add_test(NAME ${name} COMMAND ${FIU_EXPECT} ${rc} ${ARGN})
endfunction()
