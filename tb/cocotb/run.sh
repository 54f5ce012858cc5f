#!/usr/bin/env bash
# Runs the cocotb testbench of fiu_top (tb/cocotb/test_fiu_top.py) under Icarus Verilog 11 with
# cocotb from the project venv, the fiu package from the CMake build as the scoreboard.
set -euo pipefail

usage() {
  cat <<USAGE
usage: tb/cocotb/run.sh --build DIR [--name NAME] [--seed N] [--count N] [--rtl DIR]
                        [--define NAME] [--sim icarus|verilator] [--expect-mismatch] [--help]
  Simulates fiu_top (LANES 4, RAM_WORDS 4096) under Icarus with the cocotb tests corner_mix and
  throughput_mix: random requests, bubbles and backpressure, every lane scored against
  fiu.State.execute. Ends with one line: 'cocotb: ... N passed, M failed'.
  --build DIR        the CMake build directory (its python/ holds the fiu package)
  --name NAME        output directory DIR/tb/cocotb/NAME (default: run)
  --seed N           stimulus seed (default 1; printed); --count N requests per test (default 300)
  --rtl DIR          RTL sources (default: the repository's rtl/; BUILD/mutants/rtl_round is the
                     rounding bug of docs/debugging.md, tb/mutants.cmake)
  --define NAME      a define for the simulator (-DNAME)
  --sim S            icarus (default; CTest) or verilator (5.006: about 2 minutes to compile, then
                     about 3x faster)
  --expect-mismatch  succeed only if a test fails with a scoreboard mismatch (mutant runs)
USAGE
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build="" name=run seed=1 count=300 rtl="" defines="" sim=icarus expect_mismatch=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --build|--name|--seed|--count|--rtl|--define|--sim)
      [ $# -ge 2 ] || { echo "run.sh: $1 needs a value (try --help)" >&2; exit 2; }
      case "$1" in
        --build) build=$2 ;; --name) name=$2 ;; --rtl) rtl=$2 ;;
        --define) defines="$defines -D$2" ;;
        --sim)
          case "$2" in icarus|verilator) sim=$2 ;;
            *) echo "run.sh: bad --sim '$2' (icarus or verilator)" >&2; exit 2 ;; esac ;;
        --seed|--count)
          [[ "$2" =~ ^[0-9]+$ ]] || { echo "run.sh: bad $1 '$2' (a decimal number)" >&2; exit 2; }
          if [ "$1" = --seed ]; then seed=$2; else count=$2; fi ;;
      esac
      shift 2 ;;
    --expect-mismatch) expect_mismatch=1; shift ;;
    *) echo "run.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[ -n "$build" ] || { echo "run.sh: --build DIR is required (try --help)" >&2; exit 2; }
build=$(cd "$build" && pwd)
venv="$root/.venv"
if [ ! -x "$venv/bin/cocotb-config" ]; then
  echo "run.sh: $venv/bin/cocotb-config: missing (run scripts/deps.sh: cocotb is pinned in requirements.txt)" >&2
  exit 2
fi
[ -d "$build/python/fiu" ] || { echo "run.sh: $build/python/fiu: missing (build target fiu_py)" >&2; exit 2; }

out="$build/tb/cocotb/$name"
mkdir -p "$out"
log="$out/sim.log"
args=(-f "$root/tb/cocotb/Makefile" -C "$out" FIU_ROOT="$root" SIM="$sim" SIM_BUILD="$out/sim_build"
      COCOTB_RESULTS_FILE="$out/results.xml" EXTRA_DEFINES="$defines")
[ -z "$rtl" ] || args+=(RTL="$(cd "$rtl" && pwd)")
echo "cocotb: sim=$sim seed=$seed count=$count defines='${defines# }' rtl=${rtl:-$root/rtl} log=$log"
set +e
PATH="$venv/bin:$PATH" PYTHONPATH="$build/python:$root/tb/cocotb" FIU_SEED=$seed FIU_COUNT=$count \
  FIU_COVERAGE_XML="$out/coverage.xml" make "${args[@]}" >"$log" 2>&1
rc=$?
set -e
grep -E "stream:|lane checks|AssertionError|^ +(lane [0-9]+|tag|status|wmask|kill|pred):|functional coverage|TESTS=" "$log" \
  | sed -E 's/^ +//' || true
summary=$(grep -oE "TESTS=[0-9]+ PASS=[0-9]+ FAIL=[0-9]+" "$log" | tail -1 || true)
if [ $rc -ne 0 ] || [ -z "$summary" ]; then
  echo "cocotb: simulation did not complete (make exit $rc); see $log" >&2
  tail -20 "$log" >&2
  echo "cocotb: seed=$seed 0 passed, 1 failed"
  exit 1
fi
pass=$(sed -E 's/.*PASS=([0-9]+).*/\1/' <<<"$summary")
fail=$(sed -E 's/.*FAIL=([0-9]+).*/\1/' <<<"$summary")
if [ "$expect_mismatch" -eq 1 ]; then
  if [ "$fail" -gt 0 ] && grep -q "mismatch at cycle" "$log"; then
    echo "cocotb: seed=$seed mutant detected: $fail of $((pass + fail)) tests failed with a scoreboard mismatch (expected)"
    echo "cocotb: 1 passed, 0 failed"
    exit 0
  fi
  echo "cocotb: seed=$seed mutant NOT detected ($summary)"
  echo "cocotb: 0 passed, 1 failed"
  exit 1
fi
echo "cocotb: seed=$seed $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
