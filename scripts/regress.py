#!/usr/bin/env python3
"""Sharded long regression: run one shard (a seed range), merge shard results, or run all
shards locally. The batch form (a Slurm job array) is scripts/slurm/submit.sh; both write the
same per-shard files and share one merge (docs/verification.md, "Long regression and Slurm")."""

import argparse
import json
import os
import re
import shlex
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

PROG = "regress"
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SELF = os.path.abspath(__file__)

# Workloads: name -> (binary under the build dir, lane vectors per unit of --count).
#   dotadd  RTL fiu_dotadd (Verilator) vs the C model; --count N = N vectors per mode, 4 modes
#   mpfr    C model fp32 ops vs the MPFR oracle (--op all): 15 op/mode runs of --count each
#   cosim   fiu_top LANES=4 (Verilator) vs the C model, every lane of every response;
#           --count = requests, 4 lane checks each but those dropped by mid-traffic resets
#           (the summary's lane_checks is what counts; the plan asks for 1 % more)
WORKLOADS = {
    "dotadd": ("tb/unit/tb_dotadd", 4),
    "mpfr": ("tb/model/f32/test_f32_mpfr", 15),
    "cosim": ("tb/cosim/tb_cosim_l4", 4),
}
DEFAULT_MIX = "dotadd:50,mpfr:49,cosim:1"
_PRINT_LOCK = threading.Lock()
INJECT_MIN_DOTADD = 3200  # tb_dotadd --inject-fault corrupts vector 12345 (mod 999983): 4 x 3200 > 12345


def die(msg, code=2):
    print(f"{PROG}: {msg}", file=sys.stderr)
    sys.exit(code)


def parse_count(text):
    """1000000, 1e6, 10^6, 1_000_000."""
    t = text.replace("_", "").strip()
    m = re.fullmatch(r"(\d+)\^(\d+)", t)
    try:
        v = int(t) if t.isdigit() else (int(m.group(1)) ** int(m.group(2)) if m else float(t))
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad count '{text}'")
    if v != int(v) or v < 0:
        raise argparse.ArgumentTypeError(f"bad count '{text}'")
    return int(v)


def parse_mix(text):
    mix = {}
    for part in text.split(","):
        name, _, weight = part.partition(":")
        if name not in WORKLOADS or not weight.isdigit():
            raise argparse.ArgumentTypeError(
                f"bad --mix part '{part}' (want NAME:WEIGHT, NAME in {', '.join(WORKLOADS)})")
        mix[name] = int(weight)
    if sum(mix.values()) == 0:
        raise argparse.ArgumentTypeError("--mix weights sum to 0")
    return mix


def mix_text(mix):
    return ",".join(f"{k}:{v}" for k, v in mix.items())


def shard_seeds(args, index):
    first = args.seed0 + index * args.seeds_per_shard
    return list(range(first, first + args.seeds_per_shard))


def plan(args, index, inject):
    """The commands of shard `index`: per seed, per workload, (name, seed, argv)."""
    total_w = sum(args.mix.values())
    seeds = shard_seeds(args, index)
    per_seed = args.vectors // len(seeds)
    cmds = []
    for seed in seeds:
        for name, weight in args.mix.items():
            if weight == 0:
                continue
            rel, per_unit = WORKLOADS[name]
            exe = os.path.join(args.build, rel)
            want = per_seed * weight // total_w
            if name == "cosim":  # about 0.4 % of its lanes are dropped by resets: ask for 1 % more
                want += want // 100
            count = max(1, (want + per_unit - 1) // per_unit)
            if name == "dotadd":
                if inject:
                    count = max(count, INJECT_MIN_DOTADD)
                argv = [exe, "--seed", str(seed), "--count", str(count), "--max-print", "5"]
                if inject:
                    argv.append("--inject-fault")
            elif name == "mpfr":
                argv = [exe, "--op", "all", "--seed", str(seed), "--count", str(count), "--max-print", "5"]
            else:
                argv = [exe, "--seed", str(seed), "--count", str(count), "--quiet",
                        "--wave-dir", os.path.join(args.out, "wave")]
            cmds.append((name, seed, argv))
    return seeds, cmds


def parse_result(name, text, rc):
    """(lane vectors, mismatches, summary line) from a tool's output."""
    vectors = mismatches = None
    summary = ""
    lines = text.splitlines()
    if name == "dotadd":
        for ln in lines:
            m = re.match(r"tb_dotadd: (\d+) vectors, (\d+) mismatches, (\d+) stall errors", ln)
            if m:
                vectors, mismatches, summary = int(m.group(1)), int(m.group(2)) + int(m.group(3)), ln
    elif name == "mpfr":
        for ln in lines:
            m = re.match(r"test_f32_mpfr: op=(\S+) mode=(\S+) cases=(\d+) mismatches=(\d+)", ln)
            if m and m.group(1) == "all":
                vectors, mismatches, summary = int(m.group(3)), int(m.group(4)), ln
    else:
        for ln in lines:
            m = re.match(r"tb_cosim: lanes=\d+ .*lane_checks=(\d+) .* (PASS|FAIL: (.*))$", ln)
            if m:
                vectors, summary = int(m.group(1)), ln
                # tb_cosim stops at its first mismatch; other failures are failures, not mismatches.
                mismatches = 1 if m.group(2) != "PASS" and "mismatch" in (m.group(3) or "") else 0
    return vectors, mismatches, summary


def shard_path(out, index):
    return os.path.join(out, f"shard-{index:04d}.json")


def rerun_command(args, index):
    argv = [SELF, "shard", "--build", args.build, "--out", args.out, "--index", str(index),
            "--seed0", str(args.seed0), "--seeds-per-shard", str(args.seeds_per_shard),
            "--vectors", str(args.vectors), "--mix", mix_text(args.mix)]
    if index in args.inject_fault_shard:
        argv += ["--inject-fault-shard", str(index)]
    return shlex.join(argv)


def run_shard(args, index, quiet=False):
    """Runs shard `index`, writes shard-NNNN.json (atomically) and .log; returns the record."""
    inject = index in args.inject_fault_shard
    os.makedirs(args.out, exist_ok=True)
    seeds, cmds = plan(args, index, inject)
    log_path = os.path.join(args.out, f"shard-{index:04d}.log")
    rerun = rerun_command(args, index)
    rec = {"shard": index, "seeds": seeds, "seed_range": [seeds[0], seeds[-1]],
           "vectors_requested": args.vectors, "mix": mix_text(args.mix), "host": socket.gethostname(),
           "slurm_job": os.environ.get("SLURM_ARRAY_JOB_ID") or os.environ.get("SLURM_JOB_ID"),
           "slurm_task": os.environ.get("SLURM_ARRAY_TASK_ID"),
           "injected_fault": inject, "rerun": rerun, "runs": [], "start": time.time()}
    def say(line):  # whole lines: shards of 'run' print from several threads
        if not quiet:
            with _PRINT_LOCK:
                sys.stdout.write(line + "\n")
                sys.stdout.flush()
    say(f"{PROG}: shard {index} seeds {seeds[0]}..{seeds[-1]} on {rec['host']}"
        f"{' (fault injected)' if inject else ''}; rerun alone: {rerun}")
    ok = True
    with open(log_path, "w") as log:
        log.write(f"# shard {index} seeds {seeds[0]}..{seeds[-1]}\n# rerun: {rerun}\n")
        for name, seed, argv in cmds:
            cmd = shlex.join(argv)
            log.write(f"$ {cmd}\n")
            log.flush()
            t0 = time.time()
            if not os.access(argv[0], os.X_OK):
                text, rc = f"{argv[0]}: not built (cmake --build {args.build} --target " \
                           f"{os.path.basename(argv[0])})\n", 127
            else:
                p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, errors="replace", cwd=args.out)
                text, rc = p.stdout, p.returncode
            dt = time.time() - t0
            log.write(text)
            vectors, mismatches, summary = parse_result(name, text, rc)
            passed = rc == 0 and vectors is not None and mismatches == 0 and vectors > 0
            if not passed:
                ok = False
                if summary == "":
                    tail = [ln for ln in text.splitlines() if ln.strip()][-1:]
                    summary = tail[0] if tail else f"exit {rc}, no output"
            run = {"workload": name, "seed": seed, "command": cmd, "rc": rc,
                   "lane_vectors": vectors or 0, "mismatches": mismatches if mismatches is not None else 0,
                   "seconds": round(dt, 3), "pass": passed, "summary": summary}
            rec["runs"].append(run)
            say(f"{PROG}: shard {index} {name:6s} seed {seed}: {run['lane_vectors']} lane vectors, "
                f"{run['mismatches']} mismatches, {dt:.1f} s {'PASS' if passed else 'FAIL'}"
                f"{'' if passed else ' (' + summary + '); rerun: ' + cmd}")
    rec["end"] = time.time()
    rec["seconds"] = round(rec["end"] - rec["start"], 3)
    rec["lane_vectors"] = sum(r["lane_vectors"] for r in rec["runs"])
    rec["mismatches"] = sum(r["mismatches"] for r in rec["runs"])
    rec["pass"] = ok
    path = shard_path(args.out, index)
    with open(path + ".tmp", "w") as f:
        json.dump(rec, f, indent=1)
        f.write("\n")
    os.replace(path + ".tmp", path)
    say(f"{PROG}: shard {index}: {rec['lane_vectors']} lane vectors, {rec['mismatches']} mismatches, "
        f"{rec['seconds']:.1f} s {'PASS' if ok else 'FAIL'} ({path})")
    return rec


def merge(out, shards):
    """Gathers shard-0000..shard-(S-1) from `out` into summary.txt / summary.json; returns 0 iff every
    shard is present and passed with no mismatch."""
    lines, errors, recs = [], [], []
    for i in range(shards):
        path = shard_path(out, i)
        try:
            with open(path) as f:
                rec = json.load(f)
        except FileNotFoundError:
            errors.append(f"{path}: missing (shard {i} did not finish; see its log in {out})")
            continue
        except json.JSONDecodeError as e:
            errors.append(f"{path}:{e.lineno}: unreadable shard result ({e.msg})")
            continue
        if rec.get("shard") != i:
            errors.append(f"{path}:1: shard index {rec.get('shard')} where {i} was expected")
            continue
        recs.append(rec)
        st = "PASS" if rec["pass"] and rec["mismatches"] == 0 else "FAIL"
        lines.append(f"{PROG}: shard {i:4d} seeds {rec['seed_range'][0]}..{rec['seed_range'][1]} "
                     f"{rec['lane_vectors']} lane vectors, {rec['mismatches']} mismatches, "
                     f"{rec['seconds']:.1f} s on {rec['host']} {st}")
        if st != "PASS":
            bad = [r for r in rec["runs"] if not r["pass"]]
            for r in bad:
                lines.append(f"{PROG}:   {r['workload']} seed {r['seed']}: {r['summary']}")
                lines.append(f"{PROG}:   rerun: {r['command']}")
            errors.append(f"{path}: shard {i} failed; rerun alone: {rec['rerun']}")
    per_wl = {}
    for rec in recs:
        for r in rec["runs"]:
            w = per_wl.setdefault(r["workload"], [0, 0, 0.0])
            w[0] += r["lane_vectors"]
            w[1] += r["mismatches"]
            w[2] += r["seconds"]
    for name, (v, m, s) in sorted(per_wl.items()):
        rate = f"{v / s:.3g} lane vectors/s per process" if s > 0 else "-"
        lines.append(f"{PROG}: workload {name:6s} {v} lane vectors, {m} mismatches, {s:.1f} s ({rate})")
    n = sum(r["lane_vectors"] for r in recs)
    mism = sum(r["mismatches"] for r in recs)
    busy = sum(r["seconds"] for r in recs)
    wall = (max(r["end"] for r in recs) - min(r["start"] for r in recs)) if recs else 0.0
    ok = not errors and mism == 0 and len(recs) == shards
    for e in errors:
        lines.append(f"{PROG}: error: {e}")
    lines.append(f"{PROG}: {shards} shards, {n} lane vectors, {mism} mismatches, {wall:.1f} s "
                 f"(wall, first start to last end; {busy:.1f} s in shards) {'PASS' if ok else 'FAIL'}")
    text = "\n".join(lines) + "\n"
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump({"shards": shards, "present": len(recs), "lane_vectors": n, "mismatches": mism,
                   "wall_seconds": round(wall, 3), "shard_seconds": round(busy, 3), "pass": ok,
                   "errors": errors, "workloads": {k: {"lane_vectors": v[0], "mismatches": v[1],
                                                       "seconds": round(v[2], 3)}
                                                   for k, v in per_wl.items()}}, f, indent=1)
        f.write("\n")
    sys.stdout.write(text)
    return 0 if ok else 1


def add_shard_opts(p, need_index):
    p.add_argument("--build", default=os.path.join(REPO, "build"),
                   help="CMake build directory with the workload binaries (default: %(default)s)")
    p.add_argument("--out", required=True, help="result directory (shared by every shard)")
    if need_index:
        p.add_argument("--index", type=int, help="shard index (default: $SLURM_ARRAY_TASK_ID)")
    p.add_argument("--seed0", type=parse_count, default=1,
                   help="first seed of shard 0 (default 1); shard i runs seeds "
                        "seed0 + i*K .. seed0 + (i+1)*K - 1")
    p.add_argument("--seeds-per-shard", type=parse_count, default=1, metavar="K",
                   help="seeds per shard (default 1)")
    p.add_argument("--vectors", type=parse_count, default=10**7, metavar="N",
                   help="lane vectors per shard, split over its seeds and the mix (default 1e7)")
    p.add_argument("--mix", type=parse_mix, default=parse_mix(DEFAULT_MIX),
                   help=f"workload weights (default {DEFAULT_MIX})")
    p.add_argument("--inject-fault-shard", type=int, action="append", default=[], metavar="I",
                   help="self-test: shard I runs tb_dotadd --inject-fault (its merge must fail)")


def main():
    ap = argparse.ArgumentParser(
        prog="scripts/regress.py",
        description="Sharded long regression. Each shard runs a seed range of the workloads "
                    "(dotadd: RTL fiu_dotadd vs C model; mpfr: C model vs MPFR; cosim: fiu_top "
                    "LANES=4 vs C model) and writes shard-NNNN.json (lane vectors, mismatches, "
                    "seconds, exact commands and seeds, pass/fail). 'merge' gathers them into "
                    "summary.txt; its last line reads 'regress: S shards, N lane vectors, "
                    "M mismatches, T s ... PASS|FAIL'. Exit 0 iff every shard passed.",
        epilog="Examples:\n  scripts/regress.py run --build build --out build/regress --shards 8 -j 2\n"
               "  scripts/regress.py shard --build build --out build/regress --index 3\n"
               "  scripts/regress.py merge --out build/regress --shards 8",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_shard = sub.add_parser("shard", help="run one shard (index from --index or $SLURM_ARRAY_TASK_ID)")
    add_shard_opts(p_shard, True)
    p_run = sub.add_parser("run", help="run shards 0..S-1 locally, -j at a time, then merge")
    add_shard_opts(p_run, False)
    p_run.add_argument("--shards", type=parse_count, required=True, metavar="S")
    p_run.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    p_merge = sub.add_parser("merge", help="merge shard results of --out into one summary")
    p_merge.add_argument("--out", required=True)
    p_merge.add_argument("--shards", type=parse_count, required=True, metavar="S")
    p_plan = sub.add_parser("plan", help="print the commands of shard --index without running them")
    add_shard_opts(p_plan, True)
    args = ap.parse_args()

    if args.cmd == "merge":
        if args.shards < 1:
            die("--shards must be >= 1")
        sys.exit(merge(args.out, args.shards))

    args.build = os.path.abspath(args.build)
    args.out = os.path.abspath(args.out)
    if args.seeds_per_shard < 1:
        die("--seeds-per-shard must be >= 1")
    if args.vectors < args.seeds_per_shard:
        die("--vectors must be at least --seeds-per-shard")

    if args.cmd in ("shard", "plan"):
        if args.index is None:
            task = os.environ.get("SLURM_ARRAY_TASK_ID")
            if task is None or not task.isdigit():
                die("no --index and no $SLURM_ARRAY_TASK_ID")
            args.index = int(task)
        if args.cmd == "plan":
            seeds, cmds = plan(args, args.index, args.index in args.inject_fault_shard)
            for _, _, argv in cmds:
                print(shlex.join(argv))
            print(f"{PROG}: shard {args.index}: seeds {seeds[0]}..{seeds[-1]}, {len(cmds)} commands")
            sys.exit(0)
        rec = run_shard(args, args.index)
        sys.exit(0 if rec["pass"] else 1)

    # run: local shards in parallel, then the merge
    if args.shards < 1 or args.jobs < 1:
        die("--shards and -j must be >= 1")
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.shards):  # stale results of an earlier run must not be merged
        for ext in (".json", ".log"):
            try:
                os.remove(shard_path(args.out, i)[:-5] + ext)
            except FileNotFoundError:
                pass
    print(f"{PROG}: {args.shards} shards x {args.vectors} lane vectors, seeds {args.seed0}.."
          f"{args.seed0 + args.shards * args.seeds_per_shard - 1}, mix {mix_text(args.mix)}, "
          f"{args.jobs} at a time, results in {args.out}", flush=True)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(lambda i: run_shard(args, i), range(args.shards)))
    sys.exit(merge(args.out, args.shards))


if __name__ == "__main__":
    main()
