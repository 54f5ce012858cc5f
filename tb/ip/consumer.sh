#!/usr/bin/env bash
# Installs fiu to a prefix, or builds and runs an outside consumer against one (docs/ip.md).
#   consumer.sh install BUILD PREFIX          cmake --install BUILD --prefix PREFIX (fresh), file checks
#   consumer.sh MODE PREFIX WORKDIR VECDIR    MODE: cmake | cmake-static | pkgconfig | pkgconfig-static
# The consumer (tb/ip/consumer/) must pass VECDIR/example.vec (hand-computed expectations) and
# must fail (exit 1) on VECDIR/mismatch.vec, so a consumer that checks nothing cannot pass.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
usage() { sed -n '2,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
die() { echo "consumer.sh: $*" >&2; echo "consumer.sh: FAIL" >&2; exit 1; }
[ "${1:-}" = --help ] && { usage; exit 0; }
[ $# -ge 3 ] || { usage >&2; exit 2; }
mode=$1

if [ "$mode" = install ]; then
  build=$2 prefix=$3
  rm -rf "$prefix"
  cmake --install "$build" --prefix "$prefix" >/dev/null || die "cmake --install $build failed"
  for f in lib/libfiu.a lib/libfiu.so include/fiu/fiu.h include/fiu/fiu_f32.h include/fiu/fiu_vectors.h \
           include/fiu/fiu_regs.h include/fiu/fiu_version.h bin/fiu-model lib/cmake/fiu/fiuConfig.cmake \
           lib/cmake/fiu/fiuConfigVersion.cmake lib/cmake/fiu/fiuTargets.cmake lib/pkgconfig/fiu.pc \
           share/fiu/rtl/fiu_top.sv share/fiu/rtl/fiu_axil.sv share/fiu/fiu.core; do
    [ -e "$prefix/$f" ] || die "$prefix/$f: not installed"
  done
  "$prefix/bin/fiu-model" --help >/dev/null || die "installed fiu-model --help failed"
  echo "consumer.sh install: $(find "$prefix" -type f | wc -l) files in $prefix PASS"
  exit 0
fi

[ $# -eq 4 ] || { usage >&2; exit 2; }
prefix=$2 work=$3 vecdir=$4
[ -f "$prefix/lib/pkgconfig/fiu.pc" ] || die "$prefix: no fiu install (run the install step first)"
rm -rf "$work"; mkdir -p "$work"
exe=$work/fiu_consumer
case "$mode" in
  cmake|cmake-static)
    static=OFF; [ "$mode" = cmake-static ] && static=ON
    cmake -S "$here/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$prefix" -Dfiu_USE_STATIC_LIBS=$static \
      >"$work/configure.log" 2>&1 || { cat "$work/configure.log" >&2; die "consumer configure failed"; }
    cmake --build "$work/build" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; die "consumer build failed"; }
    exe=$work/build/fiu_consumer ;;
  pkgconfig|pkgconfig-static)
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
    cflags=$(pkg-config --cflags fiu) || die "pkg-config --cflags fiu failed"
    libdir=$(pkg-config --variable=libdir fiu)
    hv=$(sed -n 's/^#define FIU_VERSION_STRING "\(.*\)"$/\1/p' "$prefix/include/fiu/fiu_version.h")
    [ "$(pkg-config --modversion fiu)" = "$hv" ] || die "pkg-config --modversion fiu: $(pkg-config --modversion fiu), fiu_version.h: $hv"
    if [ "$mode" = pkgconfig ]; then
      libs="$(pkg-config --libs fiu) -Wl,-rpath,$libdir"
    else
      libs="-Wl,-Bstatic $(pkg-config --libs --static fiu) -Wl,-Bdynamic"
    fi
    # shellcheck disable=SC2086
    cc -std=c11 -Wall -Wextra -Werror $cflags "$here/consumer/consumer.c" -o "$exe" $libs \
      || die "cc with pkg-config flags failed"
    ;;
  *) usage >&2; exit 2 ;;
esac
# Linked as asked: the shared library resolves from the prefix, the static one not at all.
if [ "${mode%-static}" = "$mode" ]; then
  so=$(ldd "$exe" | awk '$1 ~ /^libfiu\.so/ {print $3}')
  [ -n "$so" ] && [ "$(realpath "$so")" = "$(realpath "$prefix/lib/libfiu.so")" ] \
    || die "$exe loads '${so:-no libfiu.so}', not $prefix/lib/libfiu.so"
else
  ! ldd "$exe" | grep -q libfiu || die "$exe loads libfiu dynamically; expected the static library"
fi
"$exe" "$vecdir/example.vec" || die "$vecdir/example.vec: consumer failed"
set +e
"$exe" "$vecdir/mismatch.vec" >"$work/mismatch.log" 2>&1; rc=$?
set -e
[ $rc -eq 1 ] || { cat "$work/mismatch.log" >&2; die "mismatch.vec: exit $rc, expected 1"; }
echo "consumer.sh $mode: example.vec passes, mismatch.vec detected PASS"
