#!/usr/bin/env bash
# make coverage: code coverage (gcov for cmodel/, Verilator line and toggle coverage for rtl/)
# merged by lcov/genhtml into an HTML report, and functional coverage (fiu-fcov). The targets it
# builds are those of the CTest tests it runs, asked of CTest after configuring, so the two
# cannot drift apart. Ends with exactly two lines (docs/verification.md):
#   functional coverage: H/T bins (P%)
#   code coverage: cmodel lines X% branches Y%; rtl lines X% toggles Y%
set -euo pipefail

# The full run: every C-model test (fp32, stages, unpack, alpha, vector files, assembler and
# executor, bad inputs), the LANES 1 and 4 co-simulations with their timing checks, every RTL
# unit bench, and the functional quick run (fcov.quick). EXCLUDE: the deliberately broken
# builds, the long label and the ASan twins (not instrumented).
FULL_TESTS='^(f32_mpfr_|f32_fastpath$|f32_props_|f32_testfloat_(add|mul|mulAdd)$|model\.|unpack_exhaustive$|alpha_unit$|vectors_|asm\.|bad_input\.(cosim|model|f32|ipa_fast)\.|alpha_study_quick$|fcov\.|cosim\.l[14]\.|cosim\.resets\.corner\.l[14]$|cosim\.timing\.(issue_cases|throughput)\.l4$|cosim_mix\.throughput\.l[14]$|unit\.tb_[a-z0-9_]+$)'
# --quick (CI): a few model, assembler and vector-file tests, one LANES 1 co-simulation and
# one RTL unit bench.
QUICK_TESTS='^(model\.test_(seed_examples|status|coord)|asm\.(roundtrip|exec_seeds|cli_asm6|cli_nv)|vectors_(example|roundtrip|mismatch_first)|cosim_mix\.throughput\.l1|unit\.tb_saturate)$'
EXCLUDE='_fault|_long|_asan'

usage() {
  cat <<USAGE
usage: scripts/coverage.sh [--build DIR] [-j N] [--quick] [--min-lines PCT] [--list] [--help]
  Configures DIR/cov (DIR/cov-quick with --quick) with CMake -DFIU_COVERAGE=ON (--coverage for
  the C model, Verilator --coverage-line --coverage-toggle), asks CTest which executables the
  selected tests run and builds exactly those targets (a selected test that no target builds is
  an error naming it, before the build), runs the tests with FIU_VLCOV_DIR and FIU_FCOV_DIR set,
  then writes DIR/coverage/index.html (DIR/coverage-quick/ with --quick): genhtml over gcov of
  cmodel/ and Verilator's coverage of rtl/.
  --build DIR       the main build directory (default: build)
  -j N              parallel jobs (default: nproc)
  --quick           the CI subset: a few model tests, one LANES 1 co-simulation, one RTL unit
                    bench (a few minutes); functional coverage of what those tests sample, with
                    no minimum
  --min-lines PCT   exit 1 if cmodel or rtl line coverage is below PCT (default 95; --quick: 80)
  --list            configure, print the selected tests and the targets they need, stop
  Full run: functional coverage of the quick run (fcov.quick), which must reach 100%.
Exit status: 0 ok, 1 a test failed or a figure is below the minimum, 2 usage, tool missing
or a selected test that the build cannot produce.
USAGE
}

die2() { echo "coverage.sh: $*" >&2; exit 2; }

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=build jobs=$(nproc 2>/dev/null || echo 2) min="" quick=0 list=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --build) [ $# -ge 2 ] && [ -n "$2" ] || die2 "--build needs a directory (try --help)"; build=$2; shift 2 ;;
    -j) [ $# -ge 2 ] || die2 "-j needs a number (try --help)"; jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --quick) quick=1; shift ;;
    --list) list=1; shift ;;
    --min-lines) [ $# -ge 2 ] || die2 "--min-lines needs a percentage (try --help)"; min=$2; shift 2 ;;
    *) die2 "unknown argument '$1' (try --help)" ;;
  esac
done
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die2 "bad -j '$jobs' (a positive number)"
[ -z "$min" ] || [[ "$min" =~ ^([0-9]{1,2}(\.[0-9]+)?|100)$ ]] || die2 "bad --min-lines '$min' (0..100)"
for t in cmake ctest lcov genhtml verilator_coverage python3; do
  command -v "$t" >/dev/null || die2 "$t not found (run scripts/deps.sh)"
done
build=$(mkdir -p "$build" && cd "$build" && pwd)
# C++ (the Verilated models and their benches) without debug information: -g more than doubles
# the compile time of Verilator's large initialisation files and no figure needs it. --quick
# also compiles them unoptimised (its runs are short; OPT_FAST files keep their -O3).
if [ "$quick" -eq 1 ]; then
  cb=$build/cov-quick out=$build/coverage-quick tests=$QUICK_TESTS min=${min:-80} fmin=0 cxxflags="-O0 -DNDEBUG"
else
  cb=$build/cov out=$build/coverage tests=$FULL_TESTS min=${min:-95} fmin=100 cxxflags="-O2 -DNDEBUG"
fi

echo "coverage: configuring $cb"
# The CMake file API's code model maps every target to the files it produces.
mkdir -p "$cb/.cmake/api/v1/query"
touch "$cb/.cmake/api/v1/query/codemodel-v2"
cmake -S "$root" -B "$cb" -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$cxxflags" \
  -DFIU_COVERAGE=ON >"$cb.configure.log" 2>&1 ||
  { tail -20 "$cb.configure.log" >&2; die2 "configuring $cb failed (log: $cb.configure.log)"; }

# select STAGE: the selected tests against the build (scripts/test_targets.py, shared with make
# sim). STAGE=plan prints the targets to build, one per line, and fails (exit 2) naming every
# test whose program no target produces; STAGE=built fails (exit 1) naming every test whose
# program or required file is still missing.
select_tests() {
  "$root/scripts/test_targets.py" --build "$cb" --stage "$1" --who coverage.sh -- -R "$tests" -E "$EXCLUDE"
}

targets=$(select_tests plan) || exit 2
# fiu-fcov reports the functional coverage below.
grep -qx fiu-fcov <<<"$targets" || targets+=$'\nfiu-fcov'
if [ "$list" -eq 1 ]; then
  ctest --test-dir "$cb" -N -R "$tests" -E "$EXCLUDE" | sed -n 's/^ *Test *#[0-9]*: /test /p'
  sed 's/^/target /' <<<"$targets"
  exit 0
fi

echo "coverage: building $(wc -l <<<"$targets") targets (log: $cb.build.log)"
# shellcheck disable=SC2046
cmake --build "$cb" -j"$jobs" --target $(echo $targets) >"$cb.build.log" 2>&1 ||
  { tail -20 "$cb.build.log" >&2; echo "coverage.sh: build failed (log: $cb.build.log)" >&2; exit 1; }
select_tests built >/dev/null || { echo "coverage.sh: the build left selected tests without their programs" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/vlcov" "$out/fcov-tests"
find "$cb" -name '*.gcda' -delete

echo "coverage: running the tests (ctest -R '$tests' -E '$EXCLUDE')"
rc=0
FIU_VLCOV_DIR=$out/vlcov FIU_FCOV_DIR=$out/fcov-tests \
  ctest --test-dir "$cb" -R "$tests" -E "$EXCLUDE" -j"$jobs" --output-on-failure >"$out/ctest.log" 2>&1 || rc=1
grep -E "tests passed|tests failed" "$out/ctest.log" | sed 's/^/coverage: /'
[ "$rc" -eq 0 ] || echo "coverage.sh: tests failed (log: $out/ctest.log)" >&2

# Functional coverage. Full run: the quick run of fcov.quick (scripts/fcov.sh, every bin not
# excluded); --quick: whatever the selected tests sampled (FIU_FCOV_DIR).
fcov_in=$out/fcov-tests
if [ "$quick" -eq 0 ]; then
  fcov_in=$(ctest --test-dir "$cb" -R '^fcov\.quick$' --show-only=json-v1 | python3 -c '
import json, sys
for t in json.load(sys.stdin)["tests"]:
    if t["name"] == "fcov.quick":
        c = t["command"]; print(c[c.index("--out") + 1]); sys.exit(0)
sys.exit(1)') ||
    { echo "coverage.sh: fcov.quick is not among the tests of $cb" >&2; rc=1; }
fi
"$cb/tb/coverage/fiu-fcov" --missing --require "$fmin" "$fcov_in" >"$out/fcov.log" 2>&1 ||
  { rc=1; tail -20 "$out/fcov.log" >&2; echo "coverage.sh: functional coverage below $fmin% or not measured (log: $out/fcov.log)" >&2; }
fcov_line=$(grep -E '^functional coverage: [0-9]+/[0-9]+ bins' "$out/fcov.log" | tail -1) ||
  fcov_line="functional coverage: not measured (log: $out/fcov.log)"

# C model: gcov through lcov, only cmodel/ sources.
lc=(--quiet --rc lcov_branch_coverage=1)
lcov "${lc[@]}" --capture --directory "$cb" --output-file "$out/all.info" >/dev/null 2>"$out/lcov.log"
lcov "${lc[@]}" --extract "$out/all.info" "$root/cmodel/*" --output-file "$out/cmodel.info" >/dev/null 2>>"$out/lcov.log"
# RTL: Verilator coverage files of every model run, as lcov info for the HTML.
shopt -s nullglob
dats=("$out"/vlcov/*.dat)
infos=("$out/cmodel.info")
if [ ${#dats[@]} -gt 0 ]; then
  verilator_coverage --write "$out/rtl.dat" "${dats[@]}" >/dev/null
  verilator_coverage --write-info "$out/rtl.info" "$out/rtl.dat" >/dev/null
  infos+=("$out/rtl.info")
else
  echo "coverage.sh: no Verilator coverage files in $out/vlcov" >&2
  rc=1
fi
genhtml "${lc[@]}" --branch-coverage --title "fiu code coverage" --output-directory "$out" \
  "${infos[@]}" >"$out/genhtml.log" 2>&1 ||
  { rc=1; tail -5 "$out/genhtml.log" >&2; echo "coverage.sh: genhtml failed (log: $out/genhtml.log)" >&2; }

# Figures. cmodel: lcov's line and branch totals. rtl: Verilator's points of rtl/ files,
# line (block and branch) points, each counted once over all instances, and toggle points, one
# per bit of each instance.
read -r c_lines c_branches < <(lcov --rc lcov_branch_coverage=1 --summary "$out/cmodel.info" 2>&1 |
  awk '/lines\.*:/ {l=$2} /branches\.*:/ {b=$2} END {print l, b}')
c_lines=${c_lines:-n/a} c_branches=${c_branches:-n/a}
r_lines=n/a r_toggles=n/a
[ ! -f "$out/rtl.dat" ] ||
read -r r_lines r_toggles < <(python3 - "$out/rtl.dat" "$root/rtl/" "$out/rtl_missing.txt" <<'PY'
import sys, re
path, rtl, missing_path = sys.argv[1], sys.argv[2], sys.argv[3]
pts = {}
for line in open(path, encoding="latin-1"):
    m = re.match(r"C '(.*)' (\d+)$", line.rstrip("\n"))
    if not m:
        continue
    f = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
    src = f.get("f", "")
    if "/rtl/" not in "/" + src and not src.startswith(rtl):
        continue
    kind = f.get("page", "").split("/")[0]
    kind = "toggle" if kind == "v_toggle" else "line"
    # a line is reached if any instance runs it; a toggle point is one bit of one instance
    inst = f.get("h") if kind == "toggle" else None
    key = (kind, src.split("/")[-1], f.get("l"), f.get("n"), f.get("o"), inst)
    pts[key] = pts.get(key, 0) + int(m.group(2))
def pct(kind):
    keys = [k for k in pts if k[0] == kind]
    hit = sum(1 for k in keys if pts[k] > 0)
    return 100.0 * hit / len(keys) if keys else 0.0
with open(missing_path, "w") as out:
    for k in sorted(k for k in pts if pts[k] == 0 and k[0] == "line"):
        out.write("%s:%s %s\n" % (k[1], k[2], k[4] or ""))
print("%.1f%% %.1f%%" % (pct("line"), pct("toggle")))
PY
)
echo "coverage: report $out/index.html; rtl lines not hit: $out/rtl_missing.txt"
echo "$fcov_line"
echo "code coverage: cmodel lines $c_lines branches $c_branches; rtl lines $r_lines toggles $r_toggles"
for v in "${c_lines%\%}" "${r_lines%\%}"; do
  awk -v v="$v" -v m="$min" 'BEGIN {exit !(v + 0 < m + 0)}' && rc=1
done
exit "$rc"
