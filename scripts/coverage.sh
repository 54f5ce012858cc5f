#!/usr/bin/env bash
# make coverage: code coverage (gcov for cmodel/, Verilator line and toggle coverage for rtl/)
# merged by lcov/genhtml into BUILD/coverage/index.html, and the functional coverage of the
# quick run (scripts/fcov.sh). Ends with exactly two lines (docs/verification.md):
#   functional coverage: H/T bins (P%)
#   code coverage: cmodel lines X% branches Y%; rtl lines X% toggles Y%
set -euo pipefail

usage() {
  cat <<USAGE
usage: scripts/coverage.sh [--build DIR] [-j N] [--min-lines PCT] [--help]
  Configures DIR/cov (CMake, -DFIU_COVERAGE=ON: --coverage for C/C++, Verilator
  --coverage-line --coverage-toggle), builds the model tests, the LANES 1/4 co-simulations and
  the RTL unit tests, runs them (CTest, regex below) with FIU_VLCOV_DIR and FIU_FCOV_DIR set,
  then writes DIR/coverage/index.html (genhtml over cmodel.info + rtl.info).
  --build DIR       the main build directory (default: build)
  -j N              parallel jobs (default: nproc)
  --min-lines PCT   exit 1 if cmodel or rtl line coverage is below PCT (default 95)
Exit status: 0 ok, 1 a test failed or a figure is below the minimum, 2 usage or tool missing.
USAGE
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=build jobs=$(nproc 2>/dev/null || echo 2) min=95
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --build) build=${2:?--build needs a directory}; shift 2 ;;
    -j) jobs=${2:?-j needs a number}; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --min-lines) min=${2:?--min-lines needs a percentage}; shift 2 ;;
    *) echo "coverage.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
for t in lcov genhtml verilator_coverage python3; do
  command -v "$t" >/dev/null || { echo "coverage.sh: $t not found (run scripts/deps.sh)" >&2; exit 2; }
done
build=$(mkdir -p "$build" && cd "$build" && pwd)
cb=$build/cov          # instrumented build
out=$build/coverage    # reports
tests='^(f32_mpfr_|f32_fastpath$|f32_props_|f32_testfloat_(add|mul|mulAdd)$|model\.|unpack_exhaustive$|alpha_unit$|vectors_|bad_input\.(cosim|model)\.|alpha_study_quick$|fcov\.|cosim\.l[14]\.|cosim\.timing\.(issue_cases|throughput)\.l4$|cosim_mix\.throughput\.l[14]$|unit\.tb_[a-z0-9_]+$)'
targets="fiu-model fiu-fcov test_f32_mpfr test_f32_fastpath test_f32_props test_f32_testfloat test_seed_examples
         test_status test_execute_batch test_coord test_unpack test_alpha tb_cosim_l1 tb_cosim_l4 tb_dotadd tb_f32_mul tb_saturate tb_lzc
         tb_stages fiu_smoke_vec fiu_mix_check alpha_study"

echo "coverage: configuring $cb"
cmake -S "$root" -B "$cb" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFIU_COVERAGE=ON >/dev/null
# shellcheck disable=SC2086
cmake --build "$cb" -j"$jobs" --target $targets >"$cb.build.log" 2>&1 ||
  { tail -20 "$cb.build.log" >&2; echo "coverage.sh: build failed (log: $cb.build.log)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/vlcov" "$out/fcov-tests"
find "$cb" -name '*.gcda' -delete

echo "coverage: running the tests (ctest -R '$tests')"
rc=0
FIU_VLCOV_DIR=$out/vlcov FIU_FCOV_DIR=$out/fcov-tests \
  ctest --test-dir "$cb" -R "$tests" -E '_fault|_long|_asan' -j"$jobs" --output-on-failure >"$out/ctest.log" 2>&1 || rc=1
grep -E "tests passed|tests failed" "$out/ctest.log" | sed 's/^/coverage: /'
[ "$rc" -eq 0 ] || { echo "coverage.sh: tests failed (log: $out/ctest.log)" >&2; exit 1; }

# Functional coverage of the quick run, on the instrumented binaries (also counts for gcov).
FIU_VLCOV_DIR=$out/vlcov "$root/scripts/fcov.sh" --build "$cb" --out "$out/fcov" >"$out/fcov.log" 2>&1 || rc=1
[ "$rc" -eq 0 ] || { tail -20 "$out/fcov.log" >&2; echo "coverage.sh: functional coverage below 100% (log: $out/fcov.log)" >&2; }

# C model: gcov through lcov, only cmodel/ sources.
lc=(--quiet --rc lcov_branch_coverage=1)
lcov "${lc[@]}" --capture --directory "$cb" --output-file "$out/all.info" >/dev/null 2>"$out/lcov.log"
lcov "${lc[@]}" --extract "$out/all.info" "$root/cmodel/*" --output-file "$out/cmodel.info" >/dev/null 2>>"$out/lcov.log"
# RTL: Verilator coverage files of every model run, as lcov info for the HTML.
shopt -s nullglob
dats=("$out"/vlcov/*.dat)
[ ${#dats[@]} -gt 0 ] || { echo "coverage.sh: no Verilator coverage files in $out/vlcov" >&2; exit 1; }
verilator_coverage --write "$out/rtl.dat" "${dats[@]}" >/dev/null
verilator_coverage --write-info "$out/rtl.info" "$out/rtl.dat" >/dev/null
genhtml "${lc[@]}" --branch-coverage --title "fiu code coverage" --output-directory "$out" \
  "$out/cmodel.info" "$out/rtl.info" >"$out/genhtml.log" 2>&1 ||
  { tail -5 "$out/genhtml.log" >&2; echo "coverage.sh: genhtml failed" >&2; exit 1; }

# Figures. cmodel: lcov's line and branch totals. rtl: Verilator's points of rtl/ files,
# line (block and branch) points, each counted once over all instances, and toggle points, one
# per bit of each instance.
read -r c_lines c_branches < <(lcov --rc lcov_branch_coverage=1 --summary "$out/cmodel.info" 2>&1 |
  awk '/lines\.*:/ {l=$2} /branches\.*:/ {b=$2} END {print l, b}')
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
tail -1 "$out/fcov.log"
echo "code coverage: cmodel lines $c_lines branches $c_branches; rtl lines $r_lines toggles $r_toggles"
for v in "${c_lines%\%}" "${r_lines%\%}"; do
  awk -v v="$v" -v m="$min" 'BEGIN {exit !(v + 0 < m + 0)}' && rc=1
done
exit "$rc"
