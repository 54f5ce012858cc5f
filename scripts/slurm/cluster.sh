#!/usr/bin/env bash
# A single-node Slurm on localhost for the batch form of the long regression
# (docs/verification.md, "Long regression and Slurm"). Needs root, slurm-wlm and munge.
set -u -o pipefail

PROG=cluster.sh
DIR=${FIU_SLURM_DIR:-/tmp/fiu-slurm}
CTLD_PORT=${FIU_SLURM_PORT:-6817}
START_TIMEOUT=${FIU_SLURM_START_TIMEOUT:-60}

usage() {
  cat <<EOF
usage: scripts/slurm/cluster.sh [--dir DIR] [--port P] [--timeout S] start|stop|status|env|check|conf

A one-node Slurm cluster on this machine (127.0.0.1), for trying scripts/slurm/submit.sh
without a site cluster. Run as root. Everything lives under DIR (default \$FIU_SLURM_DIR,
else /tmp/fiu-slurm): a private munge key and munged socket, slurm.conf, state, spool, logs.
No cgroups: ProctrackType=proctrack/linuxproc, TaskPlugin=task/none; one node with
CPUs=\$(nproc), partition 'fiu'.

commands:
  start    write the configuration (if missing), start munged, slurmctld and slurmd; wait until
           the node is idle (or --timeout seconds; then print the daemons' log tails, exit 1)
  stop     stop the daemons this script started (by their pid files)
  status   print the daemons' pids and sinfo; exit 0 iff the cluster answers
  env      print 'export SLURM_CONF=DIR/slurm.conf' (eval it to use sbatch, squeue, sinfo)
  check    exit 0 if slurm-wlm and munge are installed, 3 if not (the CTest test's skip code)
  conf     write the configuration only, print its path

options:
  --dir DIR      state directory (default $DIR)
  --port P       slurmctld port, slurmd uses P+1 (default $CTLD_PORT; \$FIU_SLURM_PORT)
  --timeout S    seconds to wait for the node at start (default $START_TIMEOUT)
  --help         this text

Ends with one line 'cluster: ...'. Exit 0 ok, 1 failure, 2 usage, 3 Slurm or munge absent.
EOF
}

die() { echo "$PROG: $*" >&2; echo "cluster: FAIL ($*)"; exit 1; }

CMD=""
while [ $# -gt 0 ]; do
  case $1 in
    --help|-h) usage; exit 0 ;;
    --dir) DIR=${2:?--dir needs a value}; shift 2 ;;
    --port) CTLD_PORT=${2:?--port needs a value}; shift 2 ;;
    --timeout) START_TIMEOUT=${2:?--timeout needs a value}; shift 2 ;;
    start|stop|status|env|check|conf) CMD=$1; shift ;;
    *) echo "$PROG: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
[ -n "$CMD" ] || { usage >&2; exit 2; }
case $CTLD_PORT in ''|*[!0-9]*) echo "$PROG: bad --port '$CTLD_PORT'" >&2; exit 2 ;; esac
case $START_TIMEOUT in ''|*[!0-9]*) echo "$PROG: bad --timeout '$START_TIMEOUT'" >&2; exit 2 ;; esac
case $DIR in /*) ;; *) DIR=$PWD/$DIR ;; esac

CONF=$DIR/slurm.conf
MUNGE_SOCK=$DIR/munge/munge.socket.2
NODE=$(hostname -s 2>/dev/null || hostname)
export SLURM_CONF=$CONF

have_slurm() {
  local b
  for b in slurmctld slurmd munged sbatch squeue sinfo scontrol mungekey; do
    command -v "$b" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin command -v "$b" >/dev/null 2>&1 || {
      echo "$PROG: $b not found (install slurm-wlm and munge: scripts/deps.sh)" >&2; return 1; }
  done
  return 0
}
export PATH=$PATH:/usr/sbin:/sbin

pid_alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

write_conf() {
  mkdir -p "$DIR"/{munge,state,spool,log,run} || die "cannot create $DIR"
  chmod 0755 "$DIR" "$DIR"/{state,spool,log,run}
  chmod 0700 "$DIR/munge"
  if [ ! -s "$DIR/munge/munge.key" ]; then
    mungekey --create --keyfile="$DIR/munge/munge.key" --force >/dev/null 2>&1 \
      || dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1024 count=1 status=none \
      || die "cannot create $DIR/munge/munge.key"
    chmod 0600 "$DIR/munge/munge.key"
  fi
  local cpus
  cpus=$(nproc)
  cat > "$CONF.tmp" <<EOF
# Written by scripts/slurm/cluster.sh: a one-node cluster on 127.0.0.1 for the fiu long regression.
ClusterName=fiu
SlurmctldHost=$NODE(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$((CTLD_PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCK
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MailProg=/bin/true
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MaxArraySize=100001
MaxJobCount=200000
MinJobAge=600
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
SlurmctldTimeout=30
SlurmdTimeout=60
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=fiu Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
  if ! cmp -s "$CONF.tmp" "$CONF" 2>/dev/null; then mv "$CONF.tmp" "$CONF"; else rm -f "$CONF.tmp"; fi
  # an empty cgroup.conf beside slurm.conf keeps slurmd from reading /etc/slurm/cgroup.conf
  [ -e "$DIR/cgroup.conf" ] || echo "# no cgroups (proctrack/linuxproc, task/none)" > "$DIR/cgroup.conf"
}

log_tails() {
  local f
  for f in "$DIR/munge/munged.log" "$DIR/log/slurmctld.log" "$DIR/log/slurmd.log" "$DIR/log/"*.out; do
    [ -s "$f" ] || continue
    echo "---- last lines of $f" >&2
    tail -n 15 "$f" >&2
  done
}

node_state() { sinfo -h -n "$NODE" -o %T 2>/dev/null | head -n 1; }

start() {
  [ "$(id -u)" = 0 ] || die "start needs root (munged and slurmd run as root here); on a site cluster skip this script"
  write_conf
  if ! pid_alive "$DIR/munge/munged.pid"; then
    rm -f "$MUNGE_SOCK" "$MUNGE_SOCK.lock"
    munged --socket="$MUNGE_SOCK" --key-file="$DIR/munge/munge.key" --pid-file="$DIR/munge/munged.pid" \
           --log-file="$DIR/munge/munged.log" --seed-file="$DIR/munge/munged.seed" --force \
           </dev/null >>"$DIR/log/daemons.out" 2>&1 || { log_tails; die "munged did not start (see above)"; }
  fi
  local i
  for i in $(seq 50); do [ -S "$MUNGE_SOCK" ] && break; sleep 0.1; done
  [ -S "$MUNGE_SOCK" ] || { log_tails; die "munged socket $MUNGE_SOCK did not appear"; }
  munge -n -S "$MUNGE_SOCK" | unmunge -S "$MUNGE_SOCK" >/dev/null 2>&1 \
    || { log_tails; die "munge credential round trip failed on $MUNGE_SOCK"; }
  if ! pid_alive "$DIR/run/slurmctld.pid"; then
    setsid slurmctld -f "$CONF" -i </dev/null >>"$DIR/log/daemons.out" 2>&1 \
      || { log_tails; die "slurmctld did not start (see above)"; }
  fi
  if ! pid_alive "$DIR/run/slurmd.pid"; then
    setsid slurmd -f "$CONF" -N "$NODE" </dev/null >>"$DIR/log/daemons.out" 2>&1 \
      || { log_tails; die "slurmd did not start (see above)"; }
  fi
  local t0=$SECONDS st=""
  while [ $((SECONDS - t0)) -lt "$START_TIMEOUT" ]; do
    st=$(node_state)
    case $st in
      idle*|mix*|alloc*|allocated*|completing*) break ;;
      down*|drain*) scontrol update nodename="$NODE" state=resume >/dev/null 2>&1 ;;
    esac
    pid_alive "$DIR/run/slurmctld.pid" || { sleep 1; pid_alive "$DIR/run/slurmctld.pid" || break; }
    sleep 1
  done
  case $st in
    idle*|mix*|alloc*|allocated*|completing*) ;;
    *) log_tails
       pid_alive "$DIR/run/slurmctld.pid" || die "slurmctld is not running (log: $DIR/log/slurmctld.log)"
       pid_alive "$DIR/run/slurmd.pid" || die "slurmd is not running (log: $DIR/log/slurmd.log)"
       die "node $NODE not ready after ${START_TIMEOUT}s (state '${st:-no answer}')" ;;
  esac
  echo "cluster: up: node $NODE ($(nproc) CPUs, state $st), partition fiu; export SLURM_CONF=$CONF"
}

stop_one() { # name pidfile
  local pid
  pid_alive "$2" || { rm -f "$2"; return 0; }
  pid=$(cat "$2")
  kill "$pid" 2>/dev/null
  local i
  for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { echo "$PROG: $1 (pid $pid) ignored SIGTERM; SIGKILL" >&2; kill -9 "$pid" 2>/dev/null; }
  rm -f "$2"
  echo "$PROG: stopped $1 (pid $pid)"
}

stop() {
  stop_one slurmd "$DIR/run/slurmd.pid"
  stop_one slurmctld "$DIR/run/slurmctld.pid"
  stop_one munged "$DIR/munge/munged.pid"
  echo "cluster: stopped ($DIR kept; rm -rf it to forget state)"
}

status() {
  local d ok=0
  for d in munge/munged.pid run/slurmctld.pid run/slurmd.pid; do
    if pid_alive "$DIR/$d"; then echo "$PROG: $(basename "$d" .pid) running (pid $(cat "$DIR/$d"))"
    else echo "$PROG: $(basename "$d" .pid) not running"; ok=1; fi
  done
  if [ $ok = 0 ] && sinfo -N -l 2>/dev/null; then
    echo "cluster: up (SLURM_CONF=$CONF)"; return 0
  fi
  echo "cluster: down"
  return 1
}

case $CMD in
  check) if have_slurm; then echo "cluster: slurm-wlm and munge present"; exit 0; fi
         echo "cluster: Slurm absent"; exit 3 ;;
  env) echo "export SLURM_CONF=$CONF" ;;
  conf) have_slurm || exit 3; write_conf; echo "cluster: configuration $CONF" ;;
  start) have_slurm || { echo "cluster: Slurm absent"; exit 3; }; start ;;
  stop) stop ;;
  status) status ;;
esac
