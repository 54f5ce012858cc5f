#!/bin/bash
# usage: scripts/cmake_build.sh BUILD_DIR JOBS [cmake --build options...]
# cmake --build (make -k: every target that can be built is), retried after a fresh configure
# when it fails, three passes at most. Verilator's CMake integration lists a model's generated
# C++ files when it configures; after an RTL edit a model's new verilation names its files
# differently, and the pass that verilates it compiles the stale list (errors such as "has no
# member named ..." or "undefined reference"). The configure after that pass reads the new
# list; a model verilated only in a later pass (its target waited for a failed one) needs one
# more. A real error fails every pass, with the same messages. The build directory must use a
# make generator (the Makefile's configure does).
set -uo pipefail
usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
case ${1:-} in -h|--help) usage; exit 0 ;; esac
if [ $# -lt 2 ]; then
  usage >&2
  echo "cmake_build: BUILD_DIR and JOBS are required" >&2
  exit 2
fi
build=$1 jobs=$2
shift 2
rc=1
for pass in 1 2 3; do
  if [ $pass -gt 1 ]; then
    echo "cmake_build: the build failed; configuring again for pass $pass of 3 (stale generated files of a re-verilated model are the usual cause)" >&2
    if ! cmake "$build" >/dev/null; then
      echo "cmake_build: configuring $build failed" >&2
      exit 1
    fi
  fi
  cmake --build "$build" -j"$jobs" "$@" -- -k && exit 0
  rc=$?
done
echo "cmake_build: the build failed in 3 passes (exit $rc)" >&2
exit 1
