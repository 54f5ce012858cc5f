#!/bin/sh
# Runs the `make sim` regression (CTest label sim) and ends with one line per test
# (configuration) and a total: "N passed, M failed" plus the total lane checks.
# Usage: scripts/sim_report.sh [BUILD_DIR] [JOBS] [CTEST_ARG...]
# (CTEST_ARGs go to ctest after -L sim, e.g. -R NAME for one test: CTest flows.sim.)
set -u
case "${1:-}" in -h|--help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
build=${1:-build}
jobs=${2:-2}
[ $# -ge 2 ] && shift 2 || set --
log="$build/sim.log"
[ -d "$build" ] || { echo "sim_report: no build directory '$build' (run make build)" >&2; exit 2; }
(cd "$build" && ctest -L sim --no-tests=error -j"$jobs" -V "$@") > "$log" 2>&1
rc=$?
awk -v rc="$rc" -v logf="$log" '
  # "  3/11 Test  #5: cosim.l4.fused0.flush1 .......   Passed   4.10 sec"
  / Test +#[0-9]+: / {
    match($0, /#[0-9]+: [^ ]+/); s = substr($0, RSTART + 1, RLENGTH - 1)
    split(s, f, ": "); name[f[1]] = f[2]
    res[f[1]] = ($0 ~ / Passed /) ? "PASS" : "FAIL"
    if (!(f[1] in seen)) { seen[f[1]] = 1; order[++n] = f[1] }
  }
  # test output lines are prefixed with the test number: "5: tb_cosim: lanes=4 ..."
  /^[0-9]+: / {
    k = $1; sub(/:$/, "", k); line = $0; sub(/^[0-9]+: /, "", line)
    if (line ~ /^(tb_cosim|test_[a-z_]+|tb_smoke): / && line ~ /(PASS|FAIL)/) last[k] = line
    if (line ~ /^tb_cosim: .*lane_checks=/) { m = line; sub(/.*lane_checks=/, "", m); sub(/ .*/, "", m); lanes += m }
  }
  END {
    print "make sim: summary"
    pass = 0; fail = 0
    for (i = 1; i <= n; i++) {
      k = order[i]
      printf "  %-28s %s  %s\n", name[k], res[k], last[k]
      if (res[k] == "PASS") pass++; else fail++
    }
    if (n == 0) { print "  no test ran (see " logf ")"; fail = 1 }
    printf "make sim: %d passed, %d failed; %d co-simulation lane checks (log: %s)\n", pass, fail, lanes, logf
    exit (fail > 0 || rc != 0) ? 1 : 0
  }' "$log"
