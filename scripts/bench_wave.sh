#!/usr/bin/env bash
# FST size per 1000 traced cycles of the make wave window (docs/debugging.md), LANES 1 and 4.
set -euo pipefail
count=100000
if [ "${1:-}" = --quick ]; then count=10000; shift; fi
if [ "${1:-}" = -h ] || [ "${1:-}" = --help ] || [ $# -ne 1 ]; then
  cat <<'USAGE'
usage: scripts/bench_wave.sh [--quick] BUILD_DIR
  Traces windows of about 200 and 4000 cycles around request 5000 of the cosim.l{1,4}
  stimulus (seed 8, 10^5 requests) and prints the FST bytes per 1000 cycles of each;
  the long window gives the steady rate, the short one includes the first full dump.
  --quick  10^4 requests per run (make bench BENCH_QUICK=1; the same windows)
USAGE
  [ $# -eq 1 ]; exit $?
fi
build=$1 out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for lanes in 1 4; do
  for half in 100 2000; do
    fst=$out/l$lanes.$half.fst
    line=$("$build/tb/cosim/tb_cosim_l$lanes" --seed 8 --count "$count" --wave "$fst" --wave-req 5000 \
             --wave-pre "$half" --wave-post "$half")
    from=$(sed -n 's/.*traced_cycles=\([0-9]*\)\.\..*/\1/p' <<<"$line")
    to=$(sed -n 's/.*traced_cycles=[0-9]*\.\.\([0-9]*\).*/\1/p' <<<"$line")
    bytes=$(sed -n 's/.*fst_bytes=\([0-9]*\).*/\1/p' <<<"$line")
    cycles=$((to - from + 1))
    echo "bench_wave: lanes=$lanes traced_cycles=$cycles fst_bytes=$bytes bytes_per_1000_cycles=$((bytes * 1000 / cycles))"
  done
done
