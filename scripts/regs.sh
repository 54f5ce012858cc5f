#!/usr/bin/env bash
# The register map's generated files, from the one source rtl/regs/fiu_regs.rdl (docs/ip.md),
# with the pinned PeakRDL tools of the project venv (.venv, scripts/deps.sh).
#   scripts/regs.sh                 regenerate the checked-in files:
#                                     cmodel/include/fiu_regs.h  (peakrdl c-header; installed, used by
#                                                                 the TLM target and consumers)
#                                     rtl/regs/fiu_regs.xml      (peakrdl ip-xact, IP-XACT 2014)
#                                     rtl/fiu_regs_map.svh       (scripts/regs_sv.py: offsets, field
#                                                                 masks, access, word layouts for fiu_axil)
#   scripts/regs.sh --check [RDL]   regenerate into a temporary directory and fail if a checked-in
#                                   file differs (CTest ip.regs.fresh); RDL: another source to
#                                   generate from (the expected-failure test ip.regs.stale)
#   scripts/regs.sh --docs DIR      Markdown (DIR/fiu_regs.md, peakrdl markdown) and HTML (DIR/html/,
#                                   peakrdl html); not checked in (every array element is expanded)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rdl=$root/rtl/regs/fiu_regs.rdl
peakrdl=${PEAKRDL:-$root/.venv/bin/peakrdl}
usage() { sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

mode=write docs=""
case "${1:-}" in
  -h|--help) usage; exit 0 ;;
  --check) mode=check; [ -n "${2:-}" ] && rdl=$2 ;;
  --docs) mode=docs; docs=${2:-}; [ -n "$docs" ] || { echo "regs.sh: --docs needs a directory" >&2; exit 2; } ;;
  "") ;;
  *) echo "regs.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac
[ -x "$peakrdl" ] || { echo "regs.sh: $peakrdl: not found (run scripts/deps.sh)" >&2; exit 2; }
[ -f "$rdl" ] || { echo "regs.sh: $rdl: missing" >&2; exit 2; }

if [ "$mode" = docs ]; then
  mkdir -p "$docs"
  "$peakrdl" markdown "$rdl" -o "$docs/fiu_regs.md"
  "$peakrdl" html "$rdl" -o "$docs/html"
  echo "regs.sh: $docs/fiu_regs.md and $docs/html/index.html from $(basename "$rdl")"
  exit 0
fi

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# name<TAB>checked-in path; the generator of each
gen() {
  "$peakrdl" c-header "$rdl" -o "$tmp/fiu_regs.h" --std gnu11
  "$peakrdl" ip-xact "$rdl" -D FIU_RAM_AS_REGS -o "$tmp/fiu_regs.xml" --vendor fiu.example --library fiu \
    --name fiu_regs --version 1.0 --standard 2014
  "$(dirname "$peakrdl")/python3" "$root/scripts/regs_sv.py" "$rdl" -o "$tmp/fiu_regs_map.svh"
}
gen
files=("fiu_regs.h:cmodel/include/fiu_regs.h" "fiu_regs.xml:rtl/regs/fiu_regs.xml"
       "fiu_regs_map.svh:rtl/fiu_regs_map.svh")
stale=0
for f in "${files[@]}"; do
  src=$tmp/${f%%:*} dst=$root/${f#*:}
  if [ "$mode" = check ]; then
    if ! cmp -s "$src" "$dst"; then
      echo "regs.sh: ${f#*:}: stale or missing; regenerate with scripts/regs.sh" >&2
      diff -u "$dst" "$src" 2>&1 | head -20 >&2 || true
      stale=$((stale + 1))
    fi
  else
    cp "$src" "$dst"
  fi
done
if [ "$mode" = check ]; then
  [ $stale -eq 0 ] && echo "regs.sh: ${#files[@]} generated files up to date with $(basename "$rdl") PASS" \
    || { echo "regs.sh: $stale of ${#files[@]} generated files stale FAIL"; exit 1; }
else
  echo "regs.sh: wrote ${files[*]#*:}"
fi
