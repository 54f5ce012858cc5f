#!/bin/sh
# The one driver of every CTest test that checks output as well as its exit status, passing (RC 0)
# or failing in a stated way (cmake/ExpectFail.cmake sets FIU_EXPECT to it; docs/verification.md,
# "Tests that check their output"). No test uses CTest's PASS_REGULAR_EXPRESSION, under which
# CTest ignores the exit status (test meta.no_pass_regex).
#   expect_fail.sh RC REGEX... -- CMD...
# Runs CMD (stdout and stderr together, printed), then requires: the exit status is exactly RC,
# every ERE REGEX matches a line of the output, no line matches a REGEX written !ERE, and no
# sanitizer report. Exit 0 and the summary line "expect_fail: PASS: exit RC, N/N patterns matched"
# if so; otherwise exit 1 and "expect_fail: FAIL: <why>". An exit status other than RC fails even
# if the output matches (a mistyped option's usage error, exit 2, is not the fault a mutant test
# must catch; a run that prints its PASS summary and then dies is not a pass).
# Exit status 77 (tools missing) is passed on as 77, so that a test with SKIP_RETURN_CODE 77 skips.
set -u

fail() { echo "expect_fail: FAIL: $*" >&2; exit 1; }

[ $# -ge 3 ] || fail "usage: expect_fail.sh RC REGEX... -- CMD..."
want_rc=$1
shift
case "$want_rc" in ''|*[!0-9]*) fail "RC '$want_rc' is not a number (usage: RC REGEX... -- CMD...)" ;; esac
n=0
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    n=$((n + 1))
    eval "re_$n=\$1"
    shift
done
[ $# -ge 2 ] || fail "usage: expect_fail.sh RC REGEX... -- CMD..."
[ "$n" -ge 1 ] || [ "$want_rc" -eq 0 ] || fail "an expected failure (RC $want_rc) needs at least one REGEX"
shift
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
# 77 is the project's "tools missing, skip" status (scripts/formal.sh): passed on for SKIP_RETURN_CODE
if [ "$rc" -eq 77 ] && [ "$want_rc" -ne 77 ]; then echo "expect_fail: SKIP: exit 77"; exit 77; fi
case "$out" in *Sanitizer*|*"runtime error"*) fail "sanitizer report" ;; esac
[ "$rc" -eq "$want_rc" ] || fail "exit status $rc, expected $want_rc"
i=1
while [ $i -le $n ]; do
    eval "re=\$re_$i"
    case "$re" in
      !*) printf '%s\n' "$out" | grep -Eq -- "${re#!}" \
            && fail "exit status $rc as expected, but an output line matches '${re#!}': $(printf '%s\n' "$out" | grep -E -m1 -- "${re#!}")" ;;
      *) printf '%s\n' "$out" | grep -Eq -- "$re" || fail "exit status $rc as expected, but no output line matches '$re'" ;;
    esac
    i=$((i + 1))
done
echo "expect_fail: PASS: exit $rc, $n/$n patterns matched"
