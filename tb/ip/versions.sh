#!/bin/sh
# CTest version.agree: every version of fiu is the one in the file VERSION (X.Y.Z):
#   fiu-model --version (the build's and the installed one), the installed fiu_version.h,
#   libfiu.so.X.Y.Z, fiu.pc, fiuConfigVersion.cmake, the Python package's fiu.__version__ (when
#   PYEXT, the built extension, is given) and the version pyproject.toml gives the wheel, the
#   FuseSoC core fiu.core, and the first version heading of CHANGELOG.md ("## X.Y.Z ...").
# usage: versions.sh SRC BUILD_FIU_MODEL PREFIX [PYTHON PYEXT]
set -u
[ $# -eq 3 ] || [ $# -eq 5 ] || { sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
src=$1 model=$2 prefix=$3 py=${4:-} pyext=${5:-}
bad=0
v=$(cat "$src/VERSION")
echo "$v" | grep -Eqx '[0-9]+\.[0-9]+\.[0-9]+' || { echo "versions: VERSION holds '$v', not X.Y.Z FAIL"; exit 1; }
# check WHAT GOT: GOT must be $v
check() {
  if [ "$2" = "$v" ]; then echo "  $1: $2"; else echo "  $1: '$2' MISMATCH"; bad=$((bad + 1)); fi
}
echo "versions: VERSION $v"
check "fiu-model --version" "$("$model" --version | sed -n '1s/^fiu-model //p')"
check "installed fiu-model --version" "$("$prefix/bin/fiu-model" --version | sed -n '1s/^fiu-model //p')"
check "installed fiu_version.h" \
  "$(sed -n 's/^#define FIU_VERSION_STRING "\(.*\)"$/\1/p' "$prefix/include/fiu/fiu_version.h")"
check "installed libfiu.so" "$(cd "$prefix/lib" && ls libfiu.so.*.*.* 2>/dev/null | sed 's/^libfiu\.so\.//')"
check "fiu.pc" "$(sed -n 's/^Version: //p' "$prefix/lib/pkgconfig/fiu.pc")"
check "fiuConfigVersion.cmake" \
  "$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$prefix/lib/cmake/fiu/fiuConfigVersion.cmake")"
if [ -n "$pyext" ]; then
  check "fiu.__version__" "$(PYTHONPATH=$(dirname "$(dirname "$pyext")") PYTHONDONTWRITEBYTECODE=1 \
    "$py" -c 'import fiu; print(fiu.__version__)' 2>&1)"
fi
# pyproject.toml: the version read from VERSION by scikit-build-core's regex provider, or a
# literal one that must agree.
pp=$src/pyproject.toml
if grep -q '^dynamic = \["version"\]' "$pp"; then
  input=$(sed -n 's/^metadata\.version\.input = "\(.*\)"$/\1/p' "$pp")
  check "pyproject.toml (dynamic, from $input)" "$(cat "$src/$input" 2>/dev/null)"
else
  check "pyproject.toml" "$(sed -n 's/^version = "\(.*\)"$/\1/p' "$pp")"
fi
check "fiu.core" "$(sed -n 's/^name: fiu:ip:fiu://p' "$src/fiu.core")"
check "CHANGELOG.md" "$(sed -n 's/^## \([0-9][0-9.]*\)\( .*\)\{0,1\}$/\1/p' "$src/CHANGELOG.md" | head -1)"
if [ $bad -eq 0 ]; then echo "versions: all agree on $v PASS"; else echo "versions: $bad disagree FAIL"; exit 1; fi
