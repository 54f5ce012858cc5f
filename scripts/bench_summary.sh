#!/usr/bin/env bash
# make bench's last line: the C-model and co-simulation figures and their targets (docs/performance.md),
# from the outputs of bench_f32, bench_model and bench_cosim.sh saved in DIR.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: scripts/bench_summary.sh DIR
       scripts/bench_summary.sh --host

Reads DIR/f32.txt (bench_f32), DIR/model.txt (bench_model) and DIR/cosim.txt
(scripts/bench_cosim.sh), as make bench saves them, and prints one line: each figure beside
its target (docs/performance.md), ending with how many of the five targets the
figures meet and which are short or missing:
  fiu_execute >= 5e7 lanes/s, fused dot-add <= 6x the inlined FMA chain, random bits
  <= 20x, unfused <= 1.5x fused, tb_cosim_l4 corner mix >= 1e6 lane checks/s.
A benchmark, not a test: the exit status is 0 whatever the figures (2 on bad usage).
--host prints the line make bench starts with: the CPU (model name, family, model), the
number of CPUs and the load average, since every figure, the ratios too, depends on them.
USAGE
}

# The host line (--host), printed before the benchmarks run: the figures, ratios included,
# depend on the CPU and on what else runs.
host() {
    local cpu fam mdl
    cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)
    fam=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)
    mdl=$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)
    printf 'bench: host %s%s, %s CPUs, load average %s\n' "${cpu:-unknown CPU}" \
        "${fam:+ (family $fam, model ${mdl:-?})}" "$(nproc 2>/dev/null || echo '?')" \
        "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
}

case "${1:-}" in
-h | --help) usage; exit 0 ;;
--host) [ $# -eq 1 ] || { echo "bench_summary: --host takes no DIR (try --help)" >&2; exit 2; }; host; exit 0 ;;
"" | -*) usage >&2; exit 2 ;;
esac
[ $# -eq 1 ] || { echo "bench_summary: one DIR only (try --help)" >&2; exit 2; }
dir="$1"
[ -d "$dir" ] || { echo "bench_summary: $dir: not a directory" >&2; exit 2; }
f32=$(grep '^bench_f32: summary:' "$dir/f32.txt" 2>/dev/null || true)
model=$(grep '^bench_model: summary:' "$dir/model.txt" 2>/dev/null || true)
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

# The targets (docs/performance.md), printed beside the figures and judged below.
t_exe=5e7 t_fused=6 t_rnd=20 t_unf=1.5 t_cosim=1e6
if [ -n "$corner" ]; then
    cosim="tb_cosim_l4 $corner lane checks/s (target $t_cosim; throughput mix ${tput:-?}), SystemC/C ${sc:-?}"
else
    cosim="not measured, SystemC/C ${sc:-?}"
fi

# The verdict: NAME VALUE OP LIMIT, one per target; an empty VALUE is "not measured".
met=0 short="" missing=""
judge() {
    if [ -z "$2" ]; then
        missing="${missing:+$missing,}$1"
    elif awk -v v="$2" -v l="$4" -v op="$3" 'BEGIN { exit !((op == ">=") ? (v + 0 >= l + 0) : (v + 0 <= l + 0)) }'; then
        met=$((met + 1))
    else
        short="${short:+$short,}$1"
    fi
}
judge execute "$exe" ">=" "$t_exe"
judge fused "$fused" "<=" "$t_fused"
judge random "$rnd" "<=" "$t_rnd"
judge unfused "$unf" "<=" "$t_unf"
judge cosim "$corner" ">=" "$t_cosim"
verdict="targets met $met/5"
[ -z "$short" ] || verdict="$verdict; short: $short"
[ -z "$missing" ] || verdict="$verdict; not measured: $missing"

printf 'bench: execute %s lanes/s (target %s), dotadd fused %sx FMA (target %s; batch %sx), random %sx (%s; batch %sx), unfused %sx fused (%s); reference %s; cosim %s; %s\n' \
    "${exe:-?}" "$t_exe" "${fused:-?}" "$t_fused" "${fbatch:-?}" "${rnd:-?}" "$t_rnd" "${rbatch:-?}" \
    "${unf:-?}" "$t_unf" "${ref:-?}" "$cosim" "$verdict"
