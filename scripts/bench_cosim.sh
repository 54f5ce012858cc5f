#!/usr/bin/env bash
# Throughput of the two RTL co-simulations on one generated vector file: tb_cosim_l4 (C
# testbench over Verilator --cc) and fiu_sc_cosim (SystemC, Verilator --sc). Runs are
# interleaved; the best user+sys time of each is kept.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: scripts/bench_cosim.sh [--count N] [--rounds R] BUILD_DIR

Generates one vector file (fiu-model gen --seed 5 --count N --lanes 4 --ramsize 0x1000),
then runs, interleaved R times each,
  tb_cosim_l4  --vectors F --quiet --seed 1 --bubbles 20 --backpressure 20 --no-reset
  fiu_sc_cosim --vectors F --quiet --seed 1 --bubbles 20 --backpressure 20
(same file, same bubble/backpressure percentages, no mid-traffic reset: the same work),
keeps the best user+sys time of each and prints one summary line with lane checks/s of
both and the throughput ratio SystemC/C-testbench.

  --count N    requests in the generated file (default 20000)
  --rounds R   runs of each executable (default 3)
Needs the targets fiu-model, tb_cosim_l4 and fiu_sc_cosim built in BUILD_DIR.
USAGE
}

count=20000
rounds=3
build=""
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) usage; exit 0 ;;
    --count) count="${2:?--count needs a value}"; shift 2 ;;
    --rounds) rounds="${2:?--rounds needs a value}"; shift 2 ;;
    -*) echo "bench_cosim: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) [ -z "$build" ] || { echo "bench_cosim: one BUILD_DIR only" >&2; exit 2; }; build="$1"; shift ;;
    esac
done
[ -n "$build" ] || { usage >&2; exit 2; }

gen="$build/cmodel/fiu-model"
c_tb="$build/tb/cosim/tb_cosim_l4"
sc_tb="$build/tb/systemc/cosim/fiu_sc_cosim"
for exe in "$gen" "$c_tb" "$sc_tb"; do
    [ -x "$exe" ] || { echo "bench_cosim: $exe not built" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
vec="$work/bench.vec"
"$gen" gen --seed 5 --count "$count" --lanes 4 --ramsize 0x1000 -o "$vec" 2>/dev/null

common=(--vectors "$vec" --quiet --seed 1 --bubbles 20 --backpressure 20)
c_cmd=("$c_tb" "${common[@]}" --no-reset)
sc_cmd=("$sc_tb" "${common[@]}")

# run NAME CMD...: one timed run; sets run_time (user+sys seconds) and run_checks; exits unless PASS.
run() {
    local name="$1" out
    shift
    local TIMEFORMAT='%U %S'
    { time "$@" >"$work/out" 2>&1; } 2>"$work/time" || {
        echo "bench_cosim: $name failed:" >&2
        cat "$work/out" >&2
        exit 1
    }
    out=$(tail -n 1 "$work/out")
    case "$out" in *PASS*) ;; *) echo "bench_cosim: $name did not pass: $out" >&2; exit 1 ;; esac
    run_time=$(awk '{ printf "%.3f", $1 + $2 }' "$work/time")
    run_checks=$(sed -n 's/.*lane_checks=\([0-9]*\).*/\1/p' <<<"$out")
}

run_time="" run_checks="" best_c="" best_sc="" checks_c="" checks_sc=""
for ((r = 1; r <= rounds; r++)); do
    run tb_cosim_l4 "${c_cmd[@]}"
    checks_c=$run_checks
    best_c=$(awk -v a="$run_time" -v b="$best_c" 'BEGIN { print (b == "" || a < b) ? a : b }')
    run fiu_sc_cosim "${sc_cmd[@]}"
    checks_sc=$run_checks
    best_sc=$(awk -v a="$run_time" -v b="$best_sc" 'BEGIN { print (b == "" || a < b) ? a : b }')
done
[ "$checks_c" = "$checks_sc" ] || { echo "bench_cosim: different work: lane checks $checks_c vs $checks_sc" >&2; exit 1; }

awk -v n="$count" -v r="$rounds" -v lc="$checks_c" -v tc="$best_c" -v ts="$best_sc" 'BEGIN {
    tc = tc > 0.001 ? tc : 0.001; ts = ts > 0.001 ? ts : 0.001
    printf "bench_cosim: requests=%d lane_checks=%d best of %d: tb_cosim_l4 %.3fs %.0f lane_checks/s, " \
           "fiu_sc_cosim %.3fs %.0f lane_checks/s, ratio SystemC/C-testbench=%.2f (throughput)\n",
           n, lc, r, tc, lc / tc, ts, lc / ts, tc / ts
}'
