#!/usr/bin/env bash
# Throughput of the two RTL co-simulations on one generated vector file: tb_cosim_l4 (C
# testbench over Verilator --cc) and fiu_sc_cosim (SystemC, Verilator --sc). Runs are
# interleaved; the best user+sys time of each is kept. Then the co-simulation speed target's figure:
# tb_cosim_l4 with the default stimulus on the corner and throughput mixes.
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

Then the co-simulation speed (docs/performance.md), with the generator's default bubbles,
backpressure and mid-traffic resets, interleaved R times each:
  tb_cosim_l4 --count M --seed 1 --quiet                    (default corner mix)
  tb_cosim_l4 --count M --seed 1 --quiet --mix throughput
and one line with the best lane checks/s, cycles/s and requests per clock of both against
the target of 10^6 lane checks/s (docs/performance.md, "Co-simulation").

  --count N        requests in the generated file (default 20000)
  --rounds R       runs of each executable (default 3)
  --speed-count M  requests of each speed run (default 100000; 0 skips them)
Needs the targets fiu-model, tb_cosim_l4 and fiu_sc_cosim built in BUILD_DIR.
USAGE
}

count=20000
rounds=3
speed_count=100000
build=""
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) usage; exit 0 ;;
    --count) count="${2:?--count needs a value}"; shift 2 ;;
    --rounds) rounds="${2:?--rounds needs a value}"; shift 2 ;;
    --speed-count) speed_count="${2:?--speed-count needs a value}"; shift 2 ;;
    -*) echo "bench_cosim: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) [ -z "$build" ] || { echo "bench_cosim: one BUILD_DIR only" >&2; exit 2; }; build="$1"; shift ;;
    esac
done
[ -n "$build" ] || { usage >&2; exit 2; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "bench_cosim: bad --rounds '$rounds' (a positive integer)" >&2; exit 2; }
[[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "bench_cosim: bad --count '$count' (a positive integer)" >&2; exit 2; }
[[ "$speed_count" =~ ^[0-9]+$ ]] || { echo "bench_cosim: bad --speed-count '$speed_count' (0 or more)" >&2; exit 2; }

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
    run_cycles=$(sed -n 's/.* cycles=\([0-9]*\).*/\1/p' <<<"$out")
    run_rate=$(sed -n 's|.* req/cycle=\([0-9.]*\).*|\1|p' <<<"$out")
}

# lower A B: the smaller number, or A when B is empty
lower() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'; }

run_time="" run_checks="" run_cycles="" run_rate="" best_c="" best_sc="" checks_c="" checks_sc=""
for ((r = 1; r <= rounds; r++)); do
    run tb_cosim_l4 "${c_cmd[@]}"
    checks_c=$run_checks
    best_c=$(lower "$run_time" "$best_c")
    run fiu_sc_cosim "${sc_cmd[@]}"
    checks_sc=$run_checks
    best_sc=$(lower "$run_time" "$best_sc")
done
[ "$checks_c" = "$checks_sc" ] || { echo "bench_cosim: different work: lane checks $checks_c vs $checks_sc" >&2; exit 1; }

awk -v n="$count" -v r="$rounds" -v lc="$checks_c" -v tc="$best_c" -v ts="$best_sc" 'BEGIN {
    tc = tc > 0.001 ? tc : 0.001; ts = ts > 0.001 ? ts : 0.001
    printf "bench_cosim: requests=%d lane_checks=%d best of %d: tb_cosim_l4 %.3fs %.0f lane_checks/s, " \
           "fiu_sc_cosim %.3fs %.0f lane_checks/s, ratio SystemC/C-testbench=%.2f (throughput)\n",
           n, lc, r, tc, lc / tc, ts, lc / ts, tc / ts
}'

[ "$speed_count" -gt 0 ] || exit 0
corner_cmd=("$c_tb" --count "$speed_count" --seed 1 --quiet)
tput_cmd=("${corner_cmd[@]}" --mix throughput)
best_k="" best_t="" checks_k="" checks_t="" cycles_k="" cycles_t="" rate_k="" rate_t=""
for ((r = 1; r <= rounds; r++)); do
    run "tb_cosim_l4 (corner)" "${corner_cmd[@]}"
    checks_k=$run_checks cycles_k=$run_cycles rate_k=$run_rate best_k=$(lower "$run_time" "$best_k")
    run "tb_cosim_l4 --mix throughput" "${tput_cmd[@]}"
    checks_t=$run_checks cycles_t=$run_cycles rate_t=$run_rate best_t=$(lower "$run_time" "$best_t")
done
awk -v n="$speed_count" -v r="$rounds" -v lk="$checks_k" -v ck="$cycles_k" -v tk="$best_k" -v rk="$rate_k" \
    -v lt="$checks_t" -v ct="$cycles_t" -v tt="$best_t" -v rt="$rate_t" 'BEGIN {
    tk = tk > 0.001 ? tk : 0.001; tt = tt > 0.001 ? tt : 0.001
    printf "bench_cosim: speed tb_cosim_l4 --count %d, best of %d: corner %.0f lane_checks/s (target 1e6) " \
           "%.0f cycles/s %s req/cycle, throughput %.0f lane_checks/s %.0f cycles/s %s req/cycle\n",
           n, r, lk / tk, ck / tk, rk, lt / tt, ct / tt, rt
}'
