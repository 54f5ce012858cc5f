#!/bin/sh
# ip.fusesoc.files: every rtl/*.sv, every rtl/*.svh (as an include file) and rtl/fiu.vlt is listed
# in fiu.core (a new module or payload type must reach FuseSoC users).
# Usage: tb/ip/core_files.sh [REPO_ROOT]
case "${1:-}" in -h|--help) echo "usage: tb/ip/core_files.sh [REPO_ROOT]  (checks fiu.core lists every rtl/*.sv, rtl/*.svh and rtl/fiu.vlt)"; exit 0 ;; esac
root=${1:-$(dirname "$0")/../..}
missing=0
n=0
for f in "$root"/rtl/*.sv "$root"/rtl/*.svh "$root"/rtl/fiu.vlt; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  rel=rtl/$(basename "$f")
  case $rel in
    *.svh) want="^ *- $rel: {is_include_file: true}\$" ;;
    *.vlt) want="^ *- $rel: {file_type: vlt}\$" ;;
    *) want="^ *- $rel\$" ;;
  esac
  if ! grep -q "$want" "$root/fiu.core"; then
    echo "$root/fiu.core: $rel is not listed as '$(printf '%s' "$want" | sed 's/^^ \*//; s/\$$//; s/\\//g')'" >&2
    missing=$((missing + 1))
  fi
done
if [ "$missing" -ne 0 ]; then echo "core_files: $missing of $n rtl/ files missing from fiu.core: FAIL"; exit 1; fi
echo "core_files: all $n rtl/ files listed in fiu.core: PASS"
