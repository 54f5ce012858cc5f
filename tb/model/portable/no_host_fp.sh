#!/bin/sh
# The portable library has no host floating-point fast path: in its members dotadd.c.o and
# fiu.c.o (the dot-add and the IPA loop, where the fast paths of docs/model.md live) objdump finds
# none of the SSE2/AVX double arithmetic, conversions or MXCSR accesses, while it finds them in
# the same members of REF (the x86-64 build), so the check can see them. (Elsewhere, the
# stimulus generator and the coverage report use doubles on purpose; no result depends on them.)
# usage: no_host_fp.sh OBJDUMP LIB REF
set -eu
[ $# -eq 3 ] || { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
objdump=$1 lib=$2 ref=$3
# count ARCHIVE: "<instructions> <members seen>" over the members dotadd.c.o and fiu.c.o
count() {
  "$objdump" -d --no-show-raw-insn "$1" | awk '
    /^[^ ]+\.o: +file format/ { m = $1; sub(/:$/, "", m); if (m == "dotadd.c.o" || m == "fiu.c.o") seen++ }
    (m == "dotadd.c.o" || m == "fiu.c.o") &&
      /[[:space:]]v?(addpd|addsd|subpd|subsd|mulpd|mulsd|cmpeqpd|cmpeqsd|cmppd|cmpsd|cvtsd2ss|cvtss2sd|cvtsi2sd|cvtps2pd|stmxcsr|ldmxcsr)[[:space:]]/ { n++ }
    END { print n + 0, seen + 0 }'
}
set -- $(count "$lib"); n=$1 nseen=$2
set -- $(count "$ref"); r=$1 rseen=$2
echo "no_host_fp: $n host-FP instructions in dotadd.c.o and fiu.c.o of $(basename "$lib"), $r in $(basename "$ref")'s"
[ "$nseen" -eq 2 ] && [ "$rseen" -eq 2 ] || { echo "no_host_fp: FAIL (dotadd.c.o or fiu.c.o not found)"; exit 1; }
[ "$r" -gt 0 ] || { echo "no_host_fp: FAIL (none in the reference either: the pattern sees nothing)"; exit 1; }
[ "$n" -eq 0 ] || { echo "no_host_fp: FAIL"; exit 1; }
echo "no_host_fp: PASS"
