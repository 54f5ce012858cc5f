#!/usr/bin/env bash
# CTest 'slurm': the long regression's batch form end to end on the local one-node Slurm
# (scripts/slurm/cluster.sh), starting it if needed: a 3-task array with tiny counts must
# merge to PASS; the same results with one shard removed, and a 2-task array with an injected
# mismatch, must merge to FAIL. Exit 0 pass, 1 fail, 77 skip (Slurm or munge not installed).
set -u -o pipefail

PROG=test_slurm.sh
usage() {
  cat <<EOF
usage: tb/regress/test_slurm.sh BUILD_DIR [WORK_DIR]

Runs scripts/slurm/submit.sh against a local one-node cluster of its own (scripts/slurm/cluster.sh
--dir \${FIU_SLURM_TEST_DIR:-/tmp/fiu-slurm-test} --port \${FIU_SLURM_TEST_PORT:-6827}; started here,
and stopped again at the end, if it was not running) with the binaries of BUILD_DIR; results
under WORK_DIR (default BUILD_DIR/regress-slurm-test). Concurrent runs on one machine take
turns (flock on the cluster directory's name + .lock). Ends with one line
'test_slurm: ...'. Exit 0 pass, 1 fail, 2 usage, 77 skip (Slurm or munge not installed).
EOF
}
case ${1:-} in --help|-h) usage; exit 0 ;; '') usage >&2; exit 2 ;; esac
BUILD=$(cd "$1" && pwd) || exit 2
WORK=${2:-$BUILD/regress-slurm-test}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CLUSTER=$REPO/scripts/slurm/cluster.sh
SUBMIT=$REPO/scripts/slurm/submit.sh
# A cluster of its own (not the one of 'cluster.sh start' at /tmp/fiu-slurm:6817), so that a long
# array running there cannot hold the test's tiny jobs back.
SDIR=${FIU_SLURM_TEST_DIR:-/tmp/fiu-slurm-test}
export FIU_SLURM_DIR=$SDIR FIU_SLURM_PORT=${FIU_SLURM_TEST_PORT:-6827}
WAIT=${FIU_SLURM_TEST_WAIT:-240}

fails=0
fail() { echo "$PROG: FAIL: $*"; fails=$((fails + 1)); }
finish() {
  if [ $fails = 0 ]; then echo "test_slurm: 3 checks PASS"; exit 0; fi
  echo "test_slurm: $fails check(s) FAILED"; exit 1
}

"$CLUSTER" check >/dev/null 2>&1
case $? in
  0) ;;
  3) "$CLUSTER" check; echo "test_slurm: SKIP (slurm-wlm or munge not installed; scripts/deps.sh installs them)"; exit 77 ;;
  *) echo "test_slurm: FAIL (scripts/slurm/cluster.sh check)"; exit 1 ;;
esac
for b in tb/unit/tb_dotadd tb/model/f32/test_f32_mpfr tb/cosim/tb_cosim_l4; do
  [ -x "$BUILD/$b" ] || { echo "test_slurm: FAIL ($BUILD/$b not built)"; exit 1; }
done

# One test at a time per machine: a concurrent run must not stop the cluster under us.
exec 9>"$SDIR.lock"
flock -w 600 9 || { echo "test_slurm: FAIL (another test_slurm held $SDIR.lock for 600 s)"; exit 1; }

eval "$("$CLUSTER" env)"
started=0
if ! "$CLUSTER" status >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "test_slurm: FAIL (no local Slurm running and not root: run as root, or start it with sudo FIU_SLURM_DIR=$SDIR FIU_SLURM_PORT=$FIU_SLURM_PORT scripts/slurm/cluster.sh start)"
    exit 1
  fi
  echo "$PROG: starting the local cluster"
  "$CLUSTER" start --timeout 90 || { echo "test_slurm: FAIL (the local Slurm did not start; logs above)"; exit 1; }
  started=1
fi
cleanup() {
  if [ $started = 1 ]; then "$CLUSTER" stop >/dev/null 2>&1; echo "$PROG: stopped the cluster it started"; fi
}
trap cleanup EXIT

rm -rf "$WORK"
mkdir -p "$WORK"

expect() { # <name> <rc wanted> <log> <regex>...: the log's checks
  local name=$1 want=$2 rc=$3 log=$4 re
  shift 4
  [ "$rc" = "$want" ] || { fail "$name: exit $rc, wanted $want (log: $log)"; tail -n 30 "$log"; return 1; }
  for re in "$@"; do
    grep -Eq -- "$re" "$log" || { fail "$name: no line matching '$re' in $log"; tail -n 30 "$log"; return 1; }
  done
  echo "$PROG: $name ok"
}

# 1. three tasks, every workload, tiny counts: PASS, one result per shard, the right seeds.
"$SUBMIT" --build "$BUILD" --out "$WORK/good" --shards 3 --seed0 40 --vectors 20000 --time 00:10:00 \
          --wait-timeout "$WAIT" --poll 1 >"$WORK/good.log" 2>&1
rc=$?
if expect good 0 $rc "$WORK/good.log" \
     '^regress: shard +0 seeds 40\.\.40 [0-9]+ lane vectors, 0 mismatches, .* PASS$' \
     '^regress: shard +2 seeds 42\.\.42 ' '^regress: workload cosim +[1-9][0-9]* lane vectors, 0 mismatches' \
     '^regress: 3 shards, [0-9]+ lane vectors, 0 mismatches, [0-9.]+ s .* PASS$'; then
  n=$(ls "$WORK/good"/slurm-*_*.out 2>/dev/null | wc -l)
  [ "$n" = 3 ] || fail "good: $n Slurm task outputs in $WORK/good, wanted 3"
  grep -q '"slurm_task": "1"' "$WORK/good/shard-0001.json" || fail "good: shard-0001.json was not written by array task 1"
fi

# 2. the same results without shard 1: the merge must fail and name it.
rm -f "$WORK/good/shard-0001.json"
python3 "$REPO/scripts/regress.py" merge --out "$WORK/good" --shards 3 >"$WORK/missing.log" 2>&1
expect missing 1 $? "$WORK/missing.log" 'shard-0001\.json: missing' '^regress: 3 shards, .* FAIL$'

# 3. two tasks, shard 1 with an injected mismatch: FAIL, shard 0 still PASS.
"$SUBMIT" --build "$BUILD" --out "$WORK/fault" --shards 2 --seed0 50 --vectors 20000 --inject-fault-shard 1 \
          --wait-timeout "$WAIT" --poll 1 >"$WORK/fault.log" 2>&1
expect fault 1 $? "$WORK/fault.log" '^regress: shard +0 .* 0 mismatches, .* PASS$' \
     '^regress: shard +1 .* [1-9][0-9]* mismatches, .* FAIL$' '^regress:   rerun: .*tb_dotadd .*--inject-fault' \
     '^regress: 2 shards, [0-9]+ lane vectors, [1-9][0-9]* mismatches, .* FAIL$'

finish
