#!/bin/sh
# The build step of a CTest fixture (cmake/BuildFixture.cmake): builds the targets a test runs
# through a script, so that a label run on a partly built tree builds what it needs.
# Usage: scripts/build_fixture.sh BUILD FIXTURE TARGET...   (JOBS: parallel jobs, default nproc)
case "${1:-}" in
  -h|--help) echo "usage: scripts/build_fixture.sh BUILD FIXTURE TARGET...  (scripts/cmake_build.sh BUILD JOBS --target TARGET...; JOBS=n)"; exit 0 ;;
esac
[ $# -ge 3 ] || { echo "build_fixture: usage: BUILD FIXTURE TARGET... (try --help)" >&2; exit 2; }
build=$1 fixture=$2
shift 2
start=$(date +%s)
log=$build/build_fixture.$fixture.log
# scripts/cmake_build.sh: cmake --build, retried after a configure (a re-verilated model's stale file list)
if ! "$(dirname "$0")/cmake_build.sh" "$build" "${JOBS:-$(nproc 2>/dev/null || echo 2)}" --target "$@" >"$log" 2>&1; then
  tail -n 30 "$log"
  echo "build_fixture: $fixture: cmake --build $build --target $* failed (log $log)" >&2
  exit 1
fi
echo "build_fixture: $fixture: built $* in $(( $(date +%s) - start )) s"
