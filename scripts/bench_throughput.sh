#!/usr/bin/env bash
# Requests per clock and latency of the RTL on the two generator mixes (docs/vectors.md 10):
# tb_cosim_l<LANES> --mix throughput and the default (corner) mix, no bubbles, no
# backpressure, no mid-traffic reset, side by side, then one summary line.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: scripts/bench_throughput.sh [--count N] [--seed S] [--lanes L] [--target R] BUILD_DIR

Runs, on the same seed,
  tb_cosim_l<L> --mix throughput --bubbles 0 --backpressure 0 --no-reset --count N --seed S
  tb_cosim_l<L>                  --bubbles 0 --backpressure 0 --no-reset --count N --seed S
(the second with the default corner-case mix) and prints requests, cycles, requests per
clock (from the first to the last accepted request) and latency (min/avg/max clocks from
the accepting edge to the response) of both, then one summary line with both rates, their
ratio and whether the throughput mix reaches the target rate. A benchmark, not a test: it
exits 0 below the target (tb_cosim --min-rate is the check), 1 if a run fails.

  --count N    requests per run (default 20000)
  --seed S     generator seed (default 1)
  --lanes L    LANES of the co-simulation model, tb_cosim_l<L> (default 4)
  --target R   requests per clock the throughput mix should sustain (default 0.9)
Needs tb_cosim_l<L> built in BUILD_DIR (tb/cosim/).
USAGE
}

count=20000
seed=1
lanes=4
target=0.9
build=""
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) usage; exit 0 ;;
    --count) count="${2:?--count needs a value}"; shift 2 ;;
    --seed) seed="${2:?--seed needs a value}"; shift 2 ;;
    --lanes) lanes="${2:?--lanes needs a value}"; shift 2 ;;
    --target) target="${2:?--target needs a value}"; shift 2 ;;
    -*) echo "bench_throughput: unknown option '$1' (try --help)" >&2; exit 2 ;;
    *) [ -z "$build" ] || { echo "bench_throughput: one BUILD_DIR only" >&2; exit 2; }; build="$1"; shift ;;
    esac
done
[ -n "$build" ] || { usage >&2; exit 2; }
for v in "$count" "$seed" "$lanes"; do
    [[ "$v" =~ ^[0-9]+$ ]] || { echo "bench_throughput: '$v' is not a number" >&2; exit 2; }
done
[[ "$target" =~ ^[0-9]*\.?[0-9]+$ ]] || { echo "bench_throughput: bad --target '$target'" >&2; exit 2; }

tb="$build/tb/cosim/tb_cosim_l$lanes"
[ -x "$tb" ] || { echo "bench_throughput: $tb not built" >&2; exit 2; }

# run MIX [ARGS...]: one run; sets n_req, n_cyc, rate, lat from its summary line.
run() {
    local mix="$1" out line
    shift
    if ! out=$("$tb" --seed "$seed" --count "$count" --bubbles 0 --backpressure 0 --no-reset --quiet "$@" 2>&1); then
        echo "bench_throughput: the $mix run failed:" >&2
        printf '%s\n' "$out" | tail -n 20 >&2
        exit 1
    fi
    line=$(printf '%s\n' "$out" | tail -n 1)
    case "$line" in *" mix=$mix "*PASS) ;; *) echo "bench_throughput: unexpected $mix summary: $line" >&2; exit 1 ;; esac
    n_req=$(sed -n 's/.* requests=\([0-9]*\).*/\1/p' <<<"$line")
    n_cyc=$(sed -n 's/.* cycles=\([0-9]*\).*/\1/p' <<<"$line")
    rate=$(sed -n 's|.* req/cycle=\([0-9.]*\).*|\1|p' <<<"$line")
    lat=$(sed -n 's|.* latency=\([0-9./]*\).*|\1|p' <<<"$line")
}

n_req="" n_cyc="" rate="" lat=""
run throughput --mix throughput
t_req=$n_req t_cyc=$n_cyc t_rate=$rate t_lat=$lat
run corner
c_req=$n_req c_cyc=$n_cyc c_rate=$rate c_lat=$lat

echo "bench_throughput: $(basename "$tb") --seed $seed --count $count --bubbles 0 --backpressure 0 --no-reset"
printf '  %-11s %9s %9s %10s  %s\n' mix requests cycles req/clock "latency min/avg/max (clocks)"
printf '  %-11s %9s %9s %10s  %s\n' throughput "$t_req" "$t_cyc" "$t_rate" "$t_lat"
printf '  %-11s %9s %9s %10s  %s\n' corner "$c_req" "$c_cyc" "$c_rate" "$c_lat"
awk -v l="$lanes" -v tr="$t_rate" -v cr="$c_rate" -v tl="$t_lat" -v cl="$c_lat" -v tg="$target" 'BEGIN {
    split(tl, a, "/"); split(cl, b, "/")
    printf "bench_throughput: LANES=%d req/clock throughput=%.3f corner=%.3f ratio=%.2f; " \
           "latency avg throughput=%s corner=%s clocks; throughput mix %s the %.2f req/clock target\n",
           l, tr, cr, (cr > 0 ? tr / cr : 0), a[2], b[2], (tr >= tg ? "meets" : "is below"), tg
}'
