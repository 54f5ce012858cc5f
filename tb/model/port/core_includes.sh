#!/bin/sh
# The core of the C model stands alone (docs/model.md): every #include of a core file
# (DIR/*.c, DIR/*.h, DIR/include/*.h) names a file of the core itself, fiu_version.h (generated
# from the file VERSION) or an ISO C11 standard header; the x86 intrinsics headers are allowed
# only in the guarded fast path (dotadd_t1.h, dotadd.c). Every tool file (DIR/tools/) includes
# only the core's public header, tool headers, fiu_version.h and standard or POSIX headers, never
# the core's internal ones (stages.h, port.h, ...).
# usage: core_includes.sh DIR    (DIR = cmodel/); exit 0 PASS, 1 a violation (each one named)
set -eu
[ $# -eq 1 ] || { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
dir=$1
iso="assert.h complex.h ctype.h errno.h fenv.h float.h inttypes.h iso646.h limits.h locale.h math.h
setjmp.h signal.h stdalign.h stdarg.h stdatomic.h stdbool.h stddef.h stdint.h stdio.h stdlib.h
stdnoreturn.h string.h tgmath.h threads.h time.h uchar.h wchar.h wctype.h"
simd="emmintrin.h xmmintrin.h immintrin.h"
core_files=$(ls "$dir"/*.c "$dir"/*.h "$dir"/include/*.h)
core_names=" fiu_version.h $(for f in $core_files; do basename "$f"; done | tr '\n' ' ')"
tool_public=" fiu.h fiu_f32.h fiu_version.h fiu_regs.h $(ls "$dir"/tools/include/*.h "$dir"/tools/*.h | xargs -n1 basename | tr '\n' ' ')"
bad=0 n=0 files=0
iso=$(echo $iso) # one line
in_list() { case " $2 " in *" $1 "*) return 0;; esac; return 1; }
for f in $core_files; do
  files=$((files + 1))
  for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p' "$f"); do
    n=$((n + 1))
    if in_list "$inc" "$core_names" || in_list "$inc" "$iso"; then continue; fi
    case "$(basename "$f")" in dotadd_t1.h|dotadd.c) if in_list "$inc" "$simd"; then continue; fi;; esac
    echo "core_includes: $f includes $inc (not the core's, not ISO C)"; bad=$((bad + 1))
  done
done
for f in "$dir"/tools/*.c "$dir"/tools/*.h "$dir"/tools/include/*.h; do
  files=$((files + 1))
  for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
    n=$((n + 1))
    if in_list "$inc" "$tool_public"; then continue; fi
    echo "core_includes: $f includes $inc (a core-internal header)"; bad=$((bad + 1))
  done
done
echo "core_includes: $files files, $n includes, $bad violations"
[ "$bad" -eq 0 ] || { echo "core_includes: FAIL"; exit 1; }
echo "core_includes: PASS"
