#!/usr/bin/env bash
# Functional coverage of the quick run: runs the sampling checkers with FIU_FCOV_DIR set, then
# fiu-fcov merges and reports (docs/verification.md). Every checker still checks: a mismatch fails.
set -euo pipefail

usage() {
  cat <<USAGE
usage: scripts/fcov.sh [--build DIR] [--out DIR] [--require PCT] [--only f32|vectors|cosim]... [--help]
  Runs, each with FIU_FCOV_DIR=OUT (default BUILD/coverage/fcov, emptied first):
    f32      test_f32_mpfr --op dotadd and --op post_multiply (MPFR oracle), every mode
    vectors  fiu-model gen | fiu-model check: corner mix seeds 1-3 (--ops all), throughput mix
    cosim    tb_cosim_l4 --count 2000 (Verilator RTL against the model; skipped if not built)
  then BUILD/tb/coverage/fiu-fcov OUT --missing [--require PCT]. Last line:
    functional coverage: H/T bins (P%)
  --build DIR    the CMake build directory (default: build)
  --out DIR      where the .fcov files go
  --require PCT  fail unless PCT percent of the bins are hit (default 100)
  --only PART    run only this part (repeatable): the negative test uses it
Exit status: 0 ok, 1 a checker failed or coverage below PCT, 2 usage or missing programs.
USAGE
}

build=build out="" require=100 parts=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --build) build=${2:?--build needs a directory}; shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --require) require=${2:?--require needs a percentage}; shift 2 ;;
    --only)
      case "${2:-}" in f32|vectors|cosim) parts+=("$2") ;; *) echo "fcov.sh: --only: '${2:-}' is not f32, vectors or cosim" >&2; exit 2 ;; esac
      shift 2 ;;
    *) echo "fcov.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[ ${#parts[@]} -gt 0 ] || parts=(f32 vectors cosim)
out=${out:-$build/coverage/fcov}
fcov=$build/tb/coverage/fiu-fcov
model=$build/cmodel/fiu-model
mpfr=$build/tb/model/f32/test_f32_mpfr
cosim=$build/tb/cosim/tb_cosim_l4
for p in "$fcov" "$model" "$mpfr"; do
  [ -x "$p" ] || { echo "fcov.sh: $p: not built (cmake --build $build)" >&2; exit 2; }
done
rm -rf "$out"
mkdir -p "$out"
export FIU_FCOV_DIR=$out
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # name, command...: the checker's last line is shown; a failure stops the run
  local name=$1; shift
  if ! "$@" >"$tmp/log" 2>&1; then
    tail -5 "$tmp/log" >&2
    echo "fcov.sh: $name failed: $*" >&2
    exit 1
  fi
  echo "fcov.sh: $name: $(tail -1 "$tmp/log")"
}

has() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

if has f32; then
  run "f32 dotadd" "$mpfr" --op dotadd --count 50000
  run "f32 post_multiply" "$mpfr" --op post_multiply --count 20000
fi
if has vectors; then
  for s in 1 2 3; do
    "$model" gen --seed "$s" --count 10000 --lanes 4 --ramsize 0x1000 --ops all -o "$tmp/c$s.vec" 2>/dev/null
    run "vectors corner seed $s" "$model" check "$tmp/c$s.vec"
  done
  "$model" gen --seed 4 --count 10000 --lanes 4 --ramsize 0x1000 --mix throughput -o "$tmp/t.vec" 2>/dev/null
  run "vectors throughput" "$model" check "$tmp/t.vec"
fi
if has cosim; then
  if [ -x "$cosim" ]; then
    run "cosim l4" "$cosim" --count 2000 --seed 7
  else
    echo "fcov.sh: $cosim not built: co-simulation not sampled"
  fi
fi
"$fcov" "$out" --missing --require "$require"
