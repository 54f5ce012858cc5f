#!/usr/bin/env bash
# Rerun one co-simulation case with FST tracing around one request and show it in GTKWave
# with tb/wave/fiu.gtkw (docs/debugging.md). Driven by `make wave` and `make wave-png`.
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: scripts/wave.sh [options] TEST
  Reruns co-simulation case TEST (a CTest name from BUILD/wave/tests.tsv, e.g.
  cosim.l4.fused1.flush0) with FST tracing limited to the cycles around request REQ,
  writes BUILD/wave/TEST.seedSEED.reqREQ.fst, then opens GTKWave on it with a copy of
  tb/wave/fiu.gtkw for the chosen lane (fp32 values as decimals, status and op names).
  --build DIR   build directory (default build)
  --seed N      seed (default: the test's own seed)
  --req K       request index (default: the first mismatching request, else 0)
  --lane N      lane shown in the per-lane groups (default: the first lane that differs, else 0)
  --pre N       cycles before the request is accepted (default 40)
  --post N      cycles after its response (default 20)
  --png FILE    render the view to FILE under Xvfb instead of opening a window
  --no-gui      write the FST and the save file, do not start GTKWave
  --fst FILE    show an FST that tb_cosim already wrote (a mismatch dump); no rerun
  --list        list the cases
Exit status: 0 done, 1 the run or GTKWave failed, 2 usage.
USAGE
}

root=$(cd "$(dirname "$0")/.." && pwd)
build=build seed="" req="" lane="" pre=40 post=20 png="" gui=1 list=0 test="" fst=""
die() { echo "wave: $*" >&2; exit 2; }
num() { [[ "$2" =~ ^[0-9]+$ ]] || die "$1 must be a non-negative integer, got '$2'"; }
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --build) build=${2:?--build needs a value}; shift ;;
    --seed) seed=${2-}; shift ;;
    --req) req=${2-}; shift ;;
    --lane) lane=${2-}; shift ;;
    --pre) pre=${2-}; shift ;;
    --post) post=${2-}; shift ;;
    --png) png=${2:?--png needs a file}; shift ;;
    --fst) fst=${2:?--fst needs a file}; shift ;;
    --no-gui) gui=0 ;;
    --list) list=1 ;;
    -*) die "unknown option '$1' (try --help)" ;;
    *) [ -z "$test" ] || die "one TEST only"; test=$1 ;;
  esac
  shift
done
[ -z "$seed" ] || num --seed "$seed"
[ -z "$req" ] || num --req "$req"
[ -z "$lane" ] || num --lane "$lane"
num --pre "$pre"; num --post "$post"

build=$(cd "$build" 2>/dev/null && pwd) || die "build directory not found (run make build first)"
if [ -n "$fst" ]; then
  [ -f "$fst" ] && [ -f "$fst.win" ] || die "$fst: no such FST with its .win side file"
  fst=$(cd "$(dirname "$fst")" && pwd)/$(basename "$fst")
else
  cases=$build/wave/tests.tsv
  [ -f "$cases" ] || die "$cases: missing (run make build first)"
  if [ "$list" = 1 ]; then cut -f1 "$cases"; exit 0; fi
  [ -n "$test" ] || die "give TEST=<name>; cases: $(cut -f1 "$cases" | tr '\n' ' ')"
  cmd=$(awk -F'\t' -v t="$test" '$1 == t { print $2 }' "$cases")
  [ -n "$cmd" ] || die "no co-simulation case '$test'; cases: $(cut -f1 "$cases" | tr '\n' ' ')"
  read -r -a argv <<<"$cmd"
  [ -x "${argv[0]}" ] || die "${argv[0]}: not built (run make build first)"
  if [ -z "$seed" ]; then  # the case's own --seed
    for ((i = 1; i + 1 < ${#argv[@]}; i++)); do [ "${argv[i]}" = --seed ] && seed=${argv[i+1]}; done
    [ -n "$seed" ] || die "the case has no --seed; give SEED=<n>"
  fi
  mkdir -p "$build/wave"
  fst=$build/wave/$test.seed$seed${req:+.req$req}.fst
  extra=(--seed "$seed" --wave "$fst" --wave-pre "$pre" --wave-post "$post")
  [ -z "$req" ] || extra+=(--wave-req "$req")
  echo "wave: ${argv[*]} ${extra[*]}"
  "${argv[@]}" "${extra[@]}" || { echo "wave: the rerun failed" >&2; exit 1; }
fi

# The window, from the side file tb_cosim writes next to the FST.
declare -A win
read -r -a kv <"$fst.win"
for p in "${kv[@]}"; do win[${p%%=*}]=${p#*=}; done
lanes=${win[lanes]}
[ -n "$lane" ] || lane=${win[first_bad_lane]:-0}  # default: the first lane that differs
[ "$lane" -lt "$lanes" ] || die "--lane $lane: the model has $lanes lanes"
ns=${win[ns_per_cycle]}
t_accept=$((win[accept_cycle] * ns + ns / 2))
t_response=$((win[response_cycle] * ns + ns / 2))
# The view opens on the request's life (2 cycles either side); the FST holds the whole window.
t_from=$(( (win[accept_cycle] > win[from_cycle] + 2 ? win[accept_cycle] - 2 : win[from_cycle]) * ns ))
t_to=$(( (win[response_cycle] + 3 < win[to_cycle] ? win[response_cycle] + 3 : win[to_cycle] + 1) * ns ))

# Per-run save file: absolute paths, the chosen lane, mask widths for this LANES.
gtkw=$fst.lane$lane.gtkw
hi=$((lanes - 1))
sed -e "s|build/tb/wave/|$build/tb/wave/|" \
    -e "s|^\[dumpfile\] .*|[dumpfile] \"$fst\"|" \
    -e "s|\.\(g_[a-z0-9_]*\)\[0\]\.|.\1[$lane].|; s|lane 0|lane $lane|" \
    -e "/rsp_wmask_o\|rsp_kill_o\|s1_active_q\|s1_guard_q\|s1_served_q\|s1_own/s|\[3:0\]|[$hi:0]|" \
    "$root/tb/wave/fiu.gtkw" >"$gtkw"
tcl=$fst.tcl
{
  echo "gtkwave::setZoomRangeTimes $t_from $t_to"
  echo "gtkwave::setMarker $t_accept"
  echo "gtkwave::setNamedMarker A $t_accept {request ${win[request]} accepted}"
  echo "gtkwave::setNamedMarker B $t_response {its response}"
} >"$tcl"
verdict=match
[ "${win[mismatch]}" = 1 ] && verdict=MISMATCH
echo "wave: $fst: request ${win[request]} ($verdict) accepted at $t_accept ns (marker A)," \
     "response at $t_response ns (marker B); lane $lane of $lanes"

if [ -n "$png" ]; then
  command -v xvfb-run >/dev/null || { echo "wave: xvfb-run not installed (make deps)" >&2; exit 1; }
  rm -f "$png"
  { cat "$tcl"; echo "gtkwave::/File/Grab_To_File {$png}"; echo "gtkwave::/File/Quit"; } >"$tcl.png"
  sed 's|^\[size\] .*|[size] 1600 2060|' "$gtkw" >"$gtkw.png"  # tall enough for every group
  timeout 120 xvfb-run -a -s "-screen 0 1600x2100x24" gtkwave -a "$gtkw.png" -S "$tcl.png" "$fst" >"$fst.png.log" 2>&1 || true
  [ -s "$png" ] || { echo "wave: GTKWave wrote no picture (log: $fst.png.log)" >&2; exit 1; }
  echo "wave: picture $png"
elif [ "$gui" = 1 ]; then
  if [ -z "${DISPLAY:-}" ]; then
    echo "wave: no DISPLAY; open it with: gtkwave -a $gtkw -S $tcl $fst (or make wave-png)"
  else
    echo "wave: gtkwave -a $gtkw -S $tcl $fst"
    exec gtkwave -a "$gtkw" -S "$tcl" "$fst"
  fi
else
  echo "wave: open it with: gtkwave -a $gtkw -S $tcl $fst"
fi
