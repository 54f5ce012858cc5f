#!/bin/sh
# ip.fusesoc.files: every rtl/*.sv is listed in fiu.core (a new module must reach FuseSoC users).
# Usage: tb/ip/core_files.sh [REPO_ROOT]
case "${1:-}" in -h|--help) echo "usage: tb/ip/core_files.sh [REPO_ROOT]  (checks fiu.core lists every rtl/*.sv)"; exit 0 ;; esac
root=${1:-$(dirname "$0")/../..}
missing=0
for f in "$root"/rtl/*.sv; do
  rel=rtl/$(basename "$f")
  if ! grep -q "^ *- $rel\$" "$root/fiu.core"; then
    echo "$root/fiu.core: $rel is not listed" >&2
    missing=$((missing + 1))
  fi
done
n=$(ls "$root"/rtl/*.sv | wc -l)
if [ "$missing" -ne 0 ]; then echo "core_files: $missing of $n rtl/*.sv missing from fiu.core: FAIL"; exit 1; fi
echo "core_files: all $n rtl/*.sv listed in fiu.core: PASS"
