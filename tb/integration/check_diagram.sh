#!/bin/sh
# usage: check_diagram.sh DOC CMD...
# Runs CMD (the timing-diagram bench) and compares its output with the fenced block that follows
# the line "<!-- timing diagram: ... -->" in DOC. Exit 0 equal, 1 different (diff shown), 2 usage.
[ $# -ge 2 ] || { echo "usage: check_diagram.sh DOC CMD..." >&2; exit 2; }
doc=$1; shift
[ -f "$doc" ] || { echo "check_diagram: $doc: no such file" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
awk '/^<!-- timing diagram:/ {m = 1; next} m == 1 && /^```/ {m = 2; next} m == 2 && /^```/ {exit} m == 2 {print}' \
  "$doc" >"$tmp/doc.txt"
[ -s "$tmp/doc.txt" ] || { echo "check_diagram: $doc: no timing diagram block" >&2; exit 2; }
"$@" >"$tmp/sim.txt" 2>&1 || { cat "$tmp/sim.txt"; echo "check_diagram: the bench failed" >&2; exit 1; }
if diff -u "$tmp/doc.txt" "$tmp/sim.txt"; then
  echo "check_diagram: $(basename "$doc") matches the simulation ($(wc -l <"$tmp/sim.txt") rows)"
else
  echo "check_diagram: $(basename "$doc") differs from the simulation (- doc, + simulation)"
  exit 1
fi
