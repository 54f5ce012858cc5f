#!/usr/bin/env bash
# The register map's one-source checks must fail when the map and the RTL disagree (docs/ip.md,
# "Register map: one source"). Edits a copy of rtl/regs/fiu_regs.rdl or of the generated
# rtl/fiu_regs_map.svh in a temporary directory (the tree is not touched) and runs the check:
#   regs_mutant.sh rdl      REQ_OP's op field widened to [3:0] in a copy of the .rdl:
#                           scripts/regs.sh --check COPY must report rtl/fiu_regs_map.svh stale
#   regs_mutant.sh svh      rtl/fiu_regs_map.svh edited by hand (ALPHA_REF moved to 0x30):
#                           scripts/regs.sh --check must report it stale (run on a copy of the
#                           tree's generated files: scripts/, rtl/ and cmodel/include copied)
#   regs_mutant.sh layout   SAMPLE_PRIO's stride 4 -> 8 in a copy of the .rdl, the map regenerated
#                           from it: Verilator stops at fiu_axil_decode's elaboration check
# Exit status: that of the check (1 expected); 2 on a usage error. CTest ip.regs.mutant.*.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
usage() { sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  rdl|svh|layout) what=$1 ;;
  *) usage >&2; exit 2 ;;
esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# edit FILE 'SED' : apply, and fail (exit 2) if the edit changed nothing
edit() {
  cp "$1" "$1.orig"
  sed -i "$2" "$1"
  if cmp -s "$1" "$1.orig"; then echo "regs_mutant.sh: edit '$2' did not apply to $1" >&2; exit 2; fi
}

case "$what" in
  rdl)
    cp "$root/rtl/regs/fiu_regs.rdl" "$tmp/fiu_regs.rdl"
    edit "$tmp/fiu_regs.rdl" 's/field { desc = "fiu_op."; } op\[2:0\];/field { desc = "fiu_op."; } op[3:0];/'
    exec "$root/scripts/regs.sh" --check "$tmp/fiu_regs.rdl"
    ;;
  svh)
    mkdir -p "$tmp/scripts" "$tmp/rtl/regs" "$tmp/cmodel/include"
    cp "$root/scripts/regs.sh" "$root/scripts/regs_sv.py" "$tmp/scripts/"
    cp "$root/rtl/regs/fiu_regs.rdl" "$root/rtl/regs/fiu_regs.xml" "$tmp/rtl/regs/"
    cp "$root/rtl/fiu_regs_map.svh" "$tmp/rtl/"
    cp "$root/cmodel/include/fiu_regs.h" "$tmp/cmodel/include/"
    edit "$tmp/rtl/fiu_regs_map.svh" "s/FIU_REGS_ALPHA_REF_OFFSET = 32'h0000_0024;/FIU_REGS_ALPHA_REF_OFFSET = 32'h0000_0030;/"
    PEAKRDL=$root/.venv/bin/peakrdl exec "$tmp/scripts/regs.sh" --check
    ;;
  layout)
    cp "$root/rtl/regs/fiu_regs.rdl" "$tmp/fiu_regs.rdl"
    edit "$tmp/fiu_regs.rdl" 's/} SAMPLE_PRIO\[16\] @ 0x0080 += 4;/} SAMPLE_PRIO[16] @ 0x0080 += 8;/'
    mkdir -p "$tmp/inc"
    "$root/.venv/bin/python3" "$root/scripts/regs_sv.py" "$tmp/fiu_regs.rdl" -o "$tmp/inc/fiu_regs_map.svh"
    cp "$root/rtl/fiu_axil_types.svh" "$tmp/inc/"
    # the copy's directory first: its fiu_regs_map.svh is found before the tree's
    exec verilator --lint-only -I"$tmp/inc" -I"$root/rtl" --top-module fiu_axil_decode \
      "$root/rtl/fiu_pkg.sv" "$root/rtl/fiu_axil_decode.sv"
    ;;
esac
