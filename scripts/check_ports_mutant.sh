#!/usr/bin/env bash
# scripts/check_ports.py must fail on copies of fiu_top's port list that differ (CTest
# rtl.ports.mutant). Edits copies of the checker and the formal wrapper in a temporary directory
# (the tree is not touched) and runs check_ports.py on them:
#   tb/sv/fiu_checker.sv        req_px_i's width [LANES*16-1:0] -> [LANES*16-1:1]
#   tb/formal/fiu_top_props.sv  rsp_status_o declared [3:0] instead of [4:0]; rsp_ready_i renamed
#                               rsp_rdy_i (fiu_top's input missing, the wrapper's port unknown)
# Exit status: check_ports.py's (1 expected); 2 if an edit did not apply. Usage: [-h|--help]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
edit() {
  cp "$1" "$1.orig"
  sed -i "$2" "$1"
  if cmp -s "$1" "$1.orig"; then echo "check_ports_mutant.sh: edit '$2' did not apply to $1" >&2; exit 2; fi
}
cp "$root/tb/sv/fiu_checker.sv" "$tmp/fiu_checker.sv"
cp "$root/tb/formal/fiu_top_props.sv" "$tmp/fiu_top_props.sv"
edit "$tmp/fiu_checker.sv" 's/\[LANES\*16-1:0\]\( *req_px_i\)/[LANES*16-1:1]\1/'
edit "$tmp/fiu_top_props.sv" 's/logic \[4:0\]\( *rsp_status_o;\)/logic [3:0]\1/'
edit "$tmp/fiu_top_props.sv" 's/\(input *logic *\)rsp_ready_i$/\1rsp_rdy_i/'
exec python3 "$root/scripts/check_ports.py" --top "$root/rtl/fiu_top.sv" --checker "$tmp/fiu_checker.sv" \
  --props "$tmp/fiu_top_props.sv"
