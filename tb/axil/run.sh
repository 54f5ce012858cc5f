#!/usr/bin/env bash
# Runs the cocotb testbench of fiu_axil (test_fiu_axil.py) under Icarus with the project venv.
# Usage: run.sh --build DIR --out DIR [--lanes N] [--requests N] [--seed N] [--inject]
#               [--tests test_a,test_b] [--help]
# Exit 0 when every cocotb test passed; the last line is the summary. Scoreboard: the fiu package
# of the CMake build DIR (DIR/python/fiu, target fiu_py).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build="" out="" lanes=4 requests=200 seed=${SEED:-$(date +%s)} inject=0 tests=""
usage() { sed -n '2,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --lanes) lanes=$2; shift 2 ;;
    --requests) requests=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --inject) inject=1; shift ;;
    --tests) tests=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[ -n "$build" ] && [ -n "$out" ] || { usage >&2; exit 2; }
[ -d "$build/python/fiu" ] || { echo "run.sh: $build/python/fiu: missing (build target fiu_py)" >&2; exit 2; }
build=$(realpath "$build")
venv=$root/.venv
[ -x "$venv/bin/cocotb-config" ] || { echo "run.sh: $venv: no cocotb (run scripts/deps.sh)" >&2; exit 2; }
for n in "$lanes" "$requests" "$seed"; do
  [[ "$n" =~ ^[0-9]+$ ]] || { echo "run.sh: '$n': not a number" >&2; exit 2; }
done
mkdir -p "$out"
out=$(realpath "$out")
echo "run.sh: fiu_axil cocotb lanes=$lanes requests=$requests seed=$seed (rerun: --seed $seed)"
rm -f "$out/results.xml"
set +e
PATH="$venv/bin:$PATH" FIU_AXIL_REQUESTS=$requests FIU_AXIL_INJECT=$inject \
  RANDOM_SEED=$seed TESTCASE=$tests COCOTB_RESULTS_FILE="$out/results.xml" PYTHONPATH="$build/python:$here" \
  make -s -C "$here" SIM_BUILD="$out/sim_build" LANES="$lanes" > "$out/log.txt" 2>&1
rc=$?
set -e
grep -E "test_(map|channels|traffic): |Fail:|FAIL|Error" "$out/log.txt" | grep -v "pytest not found" | sort -u | head -40 || true
tests_sel=$tests
tests=$(grep -c "<testcase" "$out/results.xml" 2>/dev/null || true)
fails=$(grep -c "<failure" "$out/results.xml" 2>/dev/null || true)
tests=${tests:-0} fails=${fails:-0}
want=3; [ -n "$tests_sel" ] && want=$(echo "$tests_sel" | tr ',' '\n' | wc -l)
if [ "$rc" -ne 0 ] || [ "$tests" -lt "$want" ] || [ "$fails" -ne 0 ]; then
  tail -30 "$out/log.txt"
  echo "run.sh: fiu_axil lanes=$lanes seed=$seed: $tests tests, $fails failed (log $out/log.txt) FAIL"
  exit 1
fi
echo "run.sh: fiu_axil lanes=$lanes seed=$seed: $tests tests passed PASS"
