#!/bin/sh
# CTest driver for scripts/coverage.sh (docs/verification.md, "Code coverage"):
#   summary_check.sh RC -- CMD...
# CMD must exit with RC and its output (stdout and stderr) must end with exactly the two
# summary lines, figures included:
#   functional coverage: H/T bins (P%)
#   code coverage: cmodel lines X% branches Y%; rtl lines X% toggles Y%
set -u

die() { echo "FAIL: $*" >&2; exit 1; }

[ $# -ge 3 ] && [ "$2" = "--" ] || die "usage: summary_check.sh RC -- CMD..."
want_rc=$1
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
[ "$rc" -eq "$want_rc" ] || die "exit status $rc, expected $want_rc"
pct='[0-9]{1,3}\.[0-9]%'
printf '%s\n' "$out" | tail -n 2 | head -n 1 |
  grep -Eqx "functional coverage: [0-9]+/[0-9]+ bins \($pct\)" ||
  die "the second-to-last line is not 'functional coverage: H/T bins (P%)'"
printf '%s\n' "$out" | tail -n 1 |
  grep -Eqx "code coverage: cmodel lines $pct branches $pct; rtl lines $pct toggles $pct" ||
  die "the last line is not 'code coverage: cmodel lines X% branches Y%; rtl lines X% toggles Y%'"
echo "ok: exit status $rc, both summary lines"
