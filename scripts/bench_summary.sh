#!/usr/bin/env bash
# make bench's last line: the C-model and co-simulation figures and their targets (issue 13),
# from the outputs of bench_f32, bench_model and bench_cosim.sh saved in DIR.
set -euo pipefail
dir="${1:?usage: scripts/bench_summary.sh DIR (with f32.txt, model.txt, cosim.txt)}"
f32=$(grep '^bench_f32: summary:' "$dir/f32.txt" || true)
model=$(grep '^bench_model: summary:' "$dir/model.txt" || true)
cosim=$(grep '^bench_cosim: requests=' "$dir/cosim.txt" 2>/dev/null | tail -n 1 || true)
speed=$(grep '^bench_cosim: speed ' "$dir/cosim.txt" 2>/dev/null | tail -n 1 || true)
num() { sed -n "s|.*$1.*|\1|p" <<<"$2" | head -n 1; }
exe=$(num 'execute \([0-9.e+-]*\) lanes/s' "$model")
fused=$(num 'dotadd fused \([0-9.]*\)x' "$f32")
fbatch=$(num 'FMA (target 6), batch \([0-9.]*\)x' "$f32")
rnd=$(num 'random \([0-9.]*\)x' "$f32")
rbatch=$(num '(target 20), batch \([0-9.]*\)x' "$f32")
unf=$(num 'unfused \([0-9.]*\)x' "$f32")
ref=$(num 'reference \([^[]*\) \[' "$f32")
corner=$(num 'corner \([0-9]*\) lane_checks/s' "$speed")
tput=$(num 'throughput \([0-9]*\) lane_checks/s' "$speed")
sc=$(num 'ratio SystemC/C-testbench=\([0-9.]*\)' "$cosim")
if [ -n "$corner" ]; then
    cosim="tb_cosim_l4 $corner lane checks/s (target 1e6; throughput mix ${tput:-?}), SystemC/C ${sc:-?}"
else
    cosim="not measured, SystemC/C ${sc:-?}"
fi
printf 'bench: execute %s lanes/s (target 5e7), dotadd fused %sx FMA (target 6; batch %sx), random %sx (20; batch %sx), unfused %sx fused (1.5); reference %s; cosim %s\n' \
    "${exe:-?}" "${fused:-?}" "${fbatch:-?}" "${rnd:-?}" "${rbatch:-?}" "${unf:-?}" "${ref:-?}" \
    "$cosim"
