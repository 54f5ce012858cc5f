#!/bin/sh
# installed.sh VERILATOR PREFIX WORKDIR BENCH.sv: docs/sv.md's Verilator compile line against an
# installed tree (cmake --install to PREFIX): fiu_top from share/fiu/rtl, the package, checker
# and bind line from share/fiu/sv, libfiu_dpi.a and libfiu.a; BENCH (tb_fiu_sv.sv) as a team's
# own bench. Runs it briefly; "sv.installed: PASS" when the checker saw 0 mismatches.
set -eu
[ $# -eq 4 ] || { echo "usage: installed.sh VERILATOR PREFIX WORKDIR BENCH.sv" >&2; exit 2; }
VERILATOR=$1 P=$2 W=$3 BENCH=$4
fail() { echo "sv.installed: FAIL: $*"; exit 1; }
LIB=$(dirname "$(ls "$P"/lib*/libfiu_dpi.a "$P"/lib/*/libfiu_dpi.a 2>/dev/null | head -n 1)")
[ -f "$LIB/libfiu_dpi.a" ] || fail "no libfiu_dpi.a under $P"
for f in fiu_dpi_pkg.sv fiu_checker.sv fiu_checker_bind.sv; do
  [ -f "$P/share/fiu/sv/$f" ] || fail "$P/share/fiu/sv/$f not installed"
done
[ -f "$P/include/fiu/fiu_dpi.h" ] || fail "$P/include/fiu/fiu_dpi.h not installed"
rm -rf "$W" && mkdir -p "$W" && cd "$W"
# ---- the documented line (docs/sv.md, "Verilator") ----
FIU=$P/share/fiu
RTL="$FIU/rtl/fiu_pkg.sv $(ls "$FIU"/rtl/*.sv | grep -v '/fiu_pkg.sv$')"
"$VERILATOR" --binary --timing --assert -j 1 --top-module tb_fiu_sv -I"$FIU/rtl" \
  $RTL "$FIU/rtl/fiu.vlt" "$FIU/sv/fiu_dpi_pkg.sv" "$FIU/sv/fiu_checker.sv" "$FIU/sv/fiu_checker_bind.sv" "$BENCH" \
  -LDFLAGS "$LIB/libfiu_dpi.a $LIB/libfiu.a" -o tb_fiu_sv >build.log 2>&1 \
  || { cat build.log; fail "verilator"; }
out=$(./obj_dir/tb_fiu_sv +seed=3 +count=1000) || { printf '%s\n' "$out"; fail "the run exited $?"; }
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -Eq '^fiu_checker: 1000 requests, [0-9]+ lane checks, 0 mismatches' \
  || fail "no passing checker summary"
echo "sv.installed: PASS"
