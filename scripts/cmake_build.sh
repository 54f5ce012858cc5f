#!/bin/bash
# usage: scripts/cmake_build.sh BUILD_DIR JOBS [cmake --build options...]
# cmake --build, retried once after a fresh configure when it fails. Verilator's CMake
# integration lists a model's generated C++ files when it configures; after an RTL edit the
# new verilation names its files differently, and the first build can compile stale ones
# (errors such as "has no member named ..." or "undefined reference"). The configure that
# follows reads the new list. A real error fails the retry too, with the same messages.
set -uo pipefail
usage() { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; }
case ${1:-} in -h|--help) usage; exit 0 ;; esac
if [ $# -lt 2 ]; then
  usage >&2
  echo "cmake_build: BUILD_DIR and JOBS are required" >&2
  exit 2
fi
build=$1 jobs=$2
shift 2
cmake --build "$build" -j"$jobs" "$@" && exit 0
echo "cmake_build: the build failed; configuring again and retrying once (stale generated files of a re-verilated model are the usual cause)" >&2
cmake "$build" >/dev/null && cmake --build "$build" -j"$jobs" "$@"
