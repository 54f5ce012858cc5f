#!/usr/bin/env bash
# The long regression's shards as one Slurm job array; waits, then merges one summary
# (docs/verification.md, "Long regression and Slurm").
set -u -o pipefail

PROG=submit.sh
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
REGRESS=$REPO/scripts/regress.py

BUILD=$REPO/build
OUT=""
SHARDS=8
SEED0=1
SEEDS_PER_SHARD=1
VECTORS=1e7
MIX=""
TASKS=""
PARTITION=${FIU_SLURM_PARTITION:-}
ACCOUNT=${FIU_SLURM_ACCOUNT:-}
QOS=""
TIME=${FIU_SLURM_TIME:-}
THROTTLE=""
EXTRA=()
WAIT=1
WAIT_TIMEOUT=0
POLL=2
PYTHON=${PYTHON:-python3}
DRY=0
LOCAL=0
INJECT=()

usage() {
  cat <<EOF
usage: scripts/slurm/submit.sh [options]

Submits the shards of scripts/regress.py as one job array (sbatch --array=0-(S-1)): array task i
runs shard i (seeds SEED0 + i*K .. SEED0 + (i+1)*K - 1) and writes OUT/shard-NNNN.json. Then
waits for the array and merges OUT/summary.txt, whose last line reads
'regress: S shards, N lane vectors, M mismatches, T s ... PASS|FAIL'.
The build directory and OUT must be visible at the same paths on every compute node.

workload (passed to scripts/regress.py):
  --build DIR          build directory with the binaries (default $BUILD)
  --out DIR            shared result directory (default BUILD/regress-slurm)
  --shards S           array size (default $SHARDS)
  --seed0 N            first seed (default $SEED0)
  --seeds-per-shard K  seeds per shard (default $SEEDS_PER_SHARD)
  --vectors N          lane vectors per shard (default $VECTORS)
  --mix SPEC           workload weights (default: scripts/regress.py's)
  --tasks LIST         submit only these array indices (e.g. 3,7 or 0-3), keep the other results:
                       reruns failed or missing shards of an earlier submission into the same OUT
site (a team's own cluster):
  --partition P        sbatch --partition (default \$FIU_SLURM_PARTITION, else the cluster's default)
  --account A          sbatch --account (default \$FIU_SLURM_ACCOUNT)
  --qos Q              sbatch --qos
  --time T             sbatch --time per array task, e.g. 01:00:00 (default \$FIU_SLURM_TIME, else the
                       partition's default)
  --throttle N         at most N array tasks at once (--array=...%N)
  --sbatch-opt OPT     one extra sbatch option, repeatable (e.g. --sbatch-opt=--mem=2G
                       --sbatch-opt=--constraint=avx2); \$FIU_SBATCH_OPTS adds more (split on spaces)
flow:
  --no-wait            submit, print the job id and the merge command, exit 0
  --wait-timeout S     give up after S seconds: scancel the array, merge what exists, exit 1 (default:
                       no limit)
  --poll S             seconds between squeue polls (default $POLL)
  --local              use the one-node cluster of scripts/slurm/cluster.sh (SLURM_CONF from it),
                       starting it first if it is down (needs root)
  --dry-run            print the job script and the sbatch command, submit nothing
  --inject-fault-shard I  self-test: shard I runs with an injected mismatch (the merge must fail)
  --help               this text

Uses the Slurm client configuration of the environment (\$SLURM_CONF, else /etc/slurm/slurm.conf);
for the local test cluster: eval "\$(scripts/slurm/cluster.sh env)".
Exit 0 iff every shard passed; 1 on a failed, missing or mismatching shard; 2 usage or submission error.
EOF
}

die() { echo "$PROG: $*" >&2; echo "submit: FAIL ($*)"; exit 2; }
need() { [ $# -ge 2 ] && [ -n "$2" ] || { echo "$PROG: $1 needs a value (try --help)" >&2; exit 2; }; }

while [ $# -gt 0 ]; do
  opt=$1
  case $opt in
    --*=*) val=${opt#*=}; opt=${opt%%=*}; set -- "$opt" "$val" "${@:2}" ;;
  esac
  case $1 in
    --help|-h) usage; exit 0 ;;
    --no-wait) WAIT=0; shift; continue ;;
    --dry-run) DRY=1; shift; continue ;;
    --local) LOCAL=1; shift; continue ;;
  esac
  need "$@"
  case $1 in
    --build) BUILD=$2 ;;
    --out) OUT=$2 ;;
    --shards) SHARDS=$2 ;;
    --seed0) SEED0=$2 ;;
    --seeds-per-shard) SEEDS_PER_SHARD=$2 ;;
    --vectors) VECTORS=$2 ;;
    --mix) MIX=$2 ;;
    --tasks) TASKS=$2 ;;
    --partition) PARTITION=$2 ;;
    --account) ACCOUNT=$2 ;;
    --qos) QOS=$2 ;;
    --time) TIME=$2 ;;
    --throttle) THROTTLE=$2 ;;
    --sbatch-opt) EXTRA+=("$2") ;;
    --wait-timeout) WAIT_TIMEOUT=$2 ;;
    --poll) POLL=$2 ;;
    --inject-fault-shard) INJECT+=(--inject-fault-shard "$2") ;;
    *) echo "$PROG: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift 2
done
if [ -n "${FIU_SBATCH_OPTS:-}" ]; then read -r -a _extra <<<"$FIU_SBATCH_OPTS"; EXTRA+=("${_extra[@]}"); fi

isnum() { case $1 in ''|*[!0-9]*) return 1 ;; esac; }
isnum "$SHARDS" && [ "$SHARDS" -ge 1 ] || { echo "$PROG: bad --shards '$SHARDS'" >&2; exit 2; }
isnum "$WAIT_TIMEOUT" || { echo "$PROG: bad --wait-timeout '$WAIT_TIMEOUT'" >&2; exit 2; }
isnum "$POLL" && [ "$POLL" -ge 1 ] || { echo "$PROG: bad --poll '$POLL'" >&2; exit 2; }
[ -z "$THROTTLE" ] || isnum "$THROTTLE" || { echo "$PROG: bad --throttle '$THROTTLE'" >&2; exit 2; }
[ -d "$BUILD" ] || die "build directory $BUILD not found (configure and build it first)"
BUILD=$(cd "$BUILD" && pwd)
OUT=${OUT:-$BUILD/regress-slurm}
mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)
[ -n "$TASKS" ] || TASKS="0-$((SHARDS - 1))"
# The array indices as a list (to clear stale results of exactly these shards).
indices=()
IFS=, read -r -a parts <<<"$TASKS"
for p in "${parts[@]}"; do
  if [[ $p =~ ^([0-9]+)-([0-9]+)$ ]]; then
    for ((i = BASH_REMATCH[1]; i <= BASH_REMATCH[2]; i++)); do indices+=("$i"); done
  elif [[ $p =~ ^[0-9]+$ ]]; then indices+=("$p")
  else echo "$PROG: bad --tasks part '$p'" >&2; exit 2; fi
done
for i in "${indices[@]}"; do
  [ "$i" -lt "$SHARDS" ] || { echo "$PROG: --tasks index $i is not below --shards $SHARDS" >&2; exit 2; }
done

# Every array task runs the same shard command; its index comes from SLURM_ARRAY_TASK_ID.
shard_args=(--build "$BUILD" --out "$OUT" --seed0 "$SEED0" --seeds-per-shard "$SEEDS_PER_SHARD"
            --vectors "$VECTORS" ${MIX:+--mix "$MIX"} "${INJECT[@]}")
# Check the arguments here (a usage error in 1000 array tasks helps nobody).
"$PYTHON" "$REGRESS" plan "${shard_args[@]}" --index 0 >/dev/null || die "scripts/regress.py rejected the shard options"
SCRIPT=$OUT/regress.sbatch
{
  echo "#!/bin/bash"
  echo "# written by scripts/slurm/submit.sh; array task i runs shard i of $SHARDS"
  echo "echo \"regress: array job \${SLURM_ARRAY_JOB_ID:-?} task \${SLURM_ARRAY_TASK_ID:-?} on \$(hostname)\""
  printf 'exec %q %q shard' "$PYTHON" "$REGRESS"
  printf ' %q' "${shard_args[@]}"
  echo
} > "$SCRIPT.tmp" && mv "$SCRIPT.tmp" "$SCRIPT" || die "cannot write $SCRIPT"

array=$TASKS${THROTTLE:+%$THROTTLE}
cmd=(sbatch --parsable --array="$array" --job-name=fiu-regress --cpus-per-task=1
     --output="$OUT/slurm-%A_%a.out" --chdir="$OUT"
     ${PARTITION:+--partition="$PARTITION"} ${ACCOUNT:+--account="$ACCOUNT"} ${QOS:+--qos="$QOS"}
     ${TIME:+--time="$TIME"} "${EXTRA[@]}" "$SCRIPT")
MERGE=("$PYTHON" "$REGRESS" merge --out "$OUT" --shards "$SHARDS")
if [ $DRY = 1 ]; then
  cat "$SCRIPT"
  echo "$PROG: would run: ${cmd[*]}"
  echo "submit: dry run, nothing submitted"
  exit 0
fi

command -v sbatch >/dev/null || die "sbatch not found (install slurm-wlm, or run on a submit host)"
if [ $LOCAL = 1 ]; then
  eval "$("$REPO/scripts/slurm/cluster.sh" env)"
  "$REPO/scripts/slurm/cluster.sh" status >/dev/null 2>&1 || "$REPO/scripts/slurm/cluster.sh" start \
    || die "the local cluster did not start (scripts/slurm/cluster.sh start)"
fi
if [ -z "${SLURM_CONF:-}" ] && [ ! -e /etc/slurm/slurm.conf ]; then
  echo "$PROG: no Slurm client configuration (\$SLURM_CONF unset, no /etc/slurm/slurm.conf): point SLURM_CONF" \
       "at your cluster's slurm.conf, or use --local for scripts/slurm/cluster.sh" >&2
fi
for i in "${indices[@]}"; do rm -f "$(printf '%s/shard-%04d' "$OUT" "$i")".{json,log}; done
echo "$PROG: ${cmd[*]}"
jobid=$("${cmd[@]}" 2>"$OUT/sbatch.err") || { cat "$OUT/sbatch.err" >&2; die "sbatch failed"; }
jobid=${jobid%%;*}
echo "$jobid" > "$OUT/job.txt"
echo "$PROG: job array $jobid: ${#indices[@]} tasks of $SHARDS shards, $VECTORS lane vectors each, results in $OUT"
if [ $WAIT = 0 ]; then
  echo "$PROG: merge when done: ${MERGE[*]}"
  echo "submit: job $jobid submitted (not waited for)"
  exit 0
fi

t0=$SECONDS
last=""
while :; do
  if ! q=$(squeue -h -r -j "$jobid" -o %T 2>&1); then
    case $q in *"Invalid job id"*) q="" ;; *) echo "$PROG: squeue: $q (retrying)" >&2; q="?" ;; esac
  fi
  [ -z "$q" ] && break
  now="$(grep -c PENDING <<<"$q") pending, $(grep -c RUNNING <<<"$q") running"
  if [ "$now" != "$last" ]; then
    done_n=$(ls "$OUT"/shard-*.json 2>/dev/null | wc -l)
    echo "$PROG: job $jobid: $now, $done_n shard results, $((SECONDS - t0)) s"
    last=$now
  fi
  if [ "$WAIT_TIMEOUT" -gt 0 ] && [ $((SECONDS - t0)) -ge "$WAIT_TIMEOUT" ]; then
    echo "$PROG: job $jobid not finished after $WAIT_TIMEOUT s: scancel $jobid" >&2
    scancel "$jobid" 2>/dev/null
    "${MERGE[@]}"
    echo "submit: job $jobid timed out after $WAIT_TIMEOUT s"
    exit 1
  fi
  sleep "$POLL"
done
echo "$PROG: job $jobid finished after $((SECONDS - t0)) s; merging"
"${MERGE[@]}"
rc=$?
echo "submit: job $jobid: $([ $rc = 0 ] && echo PASS || echo FAIL) (summary: $OUT/summary.txt)"
exit $rc
