#!/bin/sh
# The core built with -DFIU_PORTABLE is ISO C only: after preprocessing each core source
# (DIR/*.c) as the c11 build does, no line that comes from a core file (not a system header)
# has a GNU or x86 extension: __builtin_*, __attribute__, __asm__, __extension__, __int128,
# __typeof__, SSE/AVX intrinsics (_mm_*, _mm256_*). -pedantic-errors rejects non-ISO syntax but
# not builtins or attributes; this catches those.
# usage: iso_only.sh CC DIR GENERATED_INCLUDE [MACRO]   exit 0 PASS, 1 a line with an extension
# (printed). MACRO (default FIU_PORTABLE) is defined instead; the fixture test gives another
# name, so that the default sources are checked and must fail.
set -eu
[ $# -eq 3 ] || [ $# -eq 4 ] || { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
cc=$1 dir=$(cd "$2" && pwd) gen=$3 macro=${4:-FIU_PORTABLE}
bad=0 n=0
for f in "$dir"/*.c; do
  n=$((n + 1))
  out=$("$cc" -std=c11 -pedantic-errors -D"$macro" -E -I"$dir/include" -I"$gen" "$f" | awk -v d="$dir/" '
    /^# [0-9]+ "/ { file = $3; gsub(/"/, "", file); mine = index(file, d) == 1; next }
    mine && /__builtin_|__attribute__|__asm__|__extension__|__int128|__typeof__|_mm(256)?_/ { print file ": " $0 }')
  if [ -n "$out" ]; then echo "$out"; bad=$((bad + 1)); fi
done
echo "iso_only: $n core sources preprocessed with -D$macro, $bad with an extension"
[ "$bad" -eq 0 ] || { echo "iso_only: FAIL"; exit 1; }
echo "iso_only: PASS"
