#!/usr/bin/env bash
# Lane checks per second of the pure-SystemVerilog bench (tb/sv: tb_fiu_sv under Verilator
# --binary --timing, fiu_checker calling the C model through DPI-C) beside tb_cosim_l4 (C
# testbench over Verilator --cc) on the same number of requests (docs/sv.md, "Speed").
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: scripts/bench_sv.sh [--count N] [--rounds R] BUILD_DIR

Runs, interleaved R times each, with N requests (LANES 4, DEEP 0, each bench's default
bubbles, backpressure and mid-traffic resets):
  tb/sv/tb_fiu_sv_l4/tb_fiu_sv_l4 +seed=1 +count=N
  tb/cosim/tb_cosim_l4 --seed 1 --count N --quiet
keeps the best user+sys time of each and prints one line with the lane checks (from each
bench's summary), the lane checks per second of both and the ratio SV/C.
  --count N   requests per run (default 100000)
  --rounds R  runs of each executable (default 3)
USAGE
}

count=100000
rounds=3
build=""
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) usage; exit 0 ;;
    --count) count="${2:?--count needs a value}"; shift 2 ;;
    --rounds) rounds="${2:?--rounds needs a value}"; shift 2 ;;
    -*) echo "bench_sv: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) [ -z "$build" ] || { echo "bench_sv: one BUILD_DIR only" >&2; exit 2; }; build="$1"; shift ;;
    esac
done
[ -n "$build" ] || { usage >&2; exit 2; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "bench_sv: bad --rounds '$rounds' (a positive integer)" >&2; exit 2; }
[[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "bench_sv: bad --count '$count' (a positive integer)" >&2; exit 2; }
sv_tb="$build/tb/sv/tb_fiu_sv_l4/tb_fiu_sv_l4"
c_tb="$build/tb/cosim/tb_cosim_l4"
for exe in "$sv_tb" "$c_tb"; do
    [ -x "$exe" ] || { echo "bench_sv: $exe not built" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
TIMEFORMAT='%U %S'
# run NAME CMD...: the output in $work/NAME.out, user+sys seconds on stdout; fails the script
# if the bench fails
run() {
    local name=$1 t
    shift
    { t=$( { time "$@" >"$work/$name.out" 2>&1; } 2>&1 ); } || { cat "$work/$name.out" >&2; echo "bench_sv: $name failed" >&2; exit 1; }
    awk '{printf "%.3f\n", $1 + $2}' <<<"$t"
}
best_sv="" best_c=""
for _ in $(seq "$rounds"); do
    t=$(run sv "$sv_tb" +seed=1 +count="$count")
    best_sv=$(awk -v a="$t" -v b="$best_sv" 'BEGIN { print (b == "" || a < b) ? a : b }')
    t=$(run c "$c_tb" --seed 1 --count "$count" --quiet)
    best_c=$(awk -v a="$t" -v b="$best_c" 'BEGIN { print (b == "" || a < b) ? a : b }')
done
lc_sv=$(sed -n 's/^fiu_checker: [0-9]* requests, \([0-9]*\) lane checks, 0 mismatches.*/\1/p' "$work/sv.out")
lc_c=$(sed -n 's/.* lane_checks=\([0-9]*\) .*PASS$/\1/p' "$work/c.out")
[ -n "$lc_sv" ] || { cat "$work/sv.out" >&2; echo "bench_sv: no passing fiu_checker summary" >&2; exit 1; }
[ -n "$lc_c" ] || { cat "$work/c.out" >&2; echo "bench_sv: no passing tb_cosim summary" >&2; exit 1; }
awk -v n="$count" -v r="$rounds" -v ts="$best_sv" -v tc="$best_c" -v ls="$lc_sv" -v lc="$lc_c" 'BEGIN {
    ss = ls / (ts > 0 ? ts : 1e-9); sc = lc / (tc > 0 ? tc : 1e-9)
    printf "bench_sv: requests=%d rounds=%d tb_fiu_sv_l4 lane_checks=%d best=%.2fs lane_checks/s=%.0f | tb_cosim_l4 lane_checks=%d best=%.2fs lane_checks/s=%.0f | SV/C=%.2f\n",
        n, r, ls, ts, ss, lc, tc, sc, ss / sc
}'
