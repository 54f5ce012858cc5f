#!/usr/bin/env python3
"""Checks a tb_cosim window FST (docs/debugging.md): it holds exactly the window in its
.win side file, every signal that the save file names, and request K's handshakes at the
marked edges. Usage: check_fst.py FST GTKW [--mismatch 0|1]. Needs fst2vcd (gtkwave)."""
import os
import re
import subprocess
import sys


def fail(msg):
    print(f"check_fst: FAIL: {msg}")
    sys.exit(1)


def read_vcd(path):
    """(timescale, {full name with range: id}, {id: [(time, value)]})"""
    out = subprocess.run(["fst2vcd", path], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        fail(f"fst2vcd {path}: {out.stderr.strip()}")
    scopes, names, changes = [], {}, {}
    time, timescale, in_ts = None, None, False
    for line in out.stdout.splitlines():
        tok = line.split()
        if not tok:
            continue
        if in_ts:
            timescale, in_ts = tok[0], False
        elif tok[0] == "$timescale":
            in_ts = True
        elif tok[0] == "$scope":
            scopes.append(tok[2])
        elif tok[0] == "$upscope":
            scopes.pop()
        elif tok[0] == "$var":
            rng = tok[5] if len(tok) > 5 and tok[5].startswith("[") else ""
            names[".".join(scopes + [tok[4]]) + rng] = tok[3]
            changes.setdefault(tok[3], [])
        elif line.startswith("#"):
            time = int(line[1:])
        elif time is not None and line[0] in "01xz":
            changes.setdefault(line[1:], []).append((time, line[0]))
        elif time is not None and line[0] in "bB":
            changes.setdefault(tok[1], []).append((time, tok[0][1:]))
    return timescale, names, changes


def value_at(changes, ident, t):
    v = None
    for when, val in changes.get(ident, []):
        if when > t:
            break
        v = val
    if v is None or re.search("[xz]", v):
        fail(f"signal {ident} has no known value at {t}")
    return int(v, 2)


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) > 1 else 2
    fst, gtkw = sys.argv[1], sys.argv[2]
    want_mismatch = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--mismatch" else None
    try:
        win = dict(kv.split("=") for kv in open(fst + ".win").read().split())
        win = {k: int(v) for k, v in win.items()}
    except (OSError, ValueError) as e:
        fail(f"{fst}.win: {e}")
    timescale, names, changes = read_vcd(fst)
    checks = 0
    if timescale != "1ns":
        fail(f"timescale {timescale}, expected 1ns")
    ns = win["ns_per_cycle"]
    times = sorted({t for ch in changes.values() for t, _ in ch})
    first, last = win["from_cycle"] * ns, win["to_cycle"] * ns + ns // 2
    if not times or times[0] != first or times[-1] > last:
        fail(f"dump times {times[:1]}..{times[-1:]}, expected the window {first}..{last}")
    cycles = win["to_cycle"] - win["from_cycle"] + 1
    checks += 1
    # every signal the save file shows exists in the dump
    for line in open(gtkw):
        line = line.strip()
        if line.startswith("fiu."):
            checks += 1
            if line not in names:
                fail(f"{gtkw} shows {line}, which is not in {fst}")
    # request K: accepted on the edge of marker A, answered on the edge of marker B
    k = win["request"]
    edge_a, edge_b = win["accept_cycle"] * ns + ns // 2, win["response_cycle"] * ns + ns // 2

    def sig(name, t):
        return value_at(changes, names[name], t - 1)  # the value just before the edge

    for name, t, want in (("fiu.req_valid_i", edge_a, 1), ("fiu.req_ready_o", edge_a, 1),
                          ("fiu.req_tag_i[15:0]", edge_a, k & 0xFFFF), ("fiu.rsp_valid_o", edge_b, 1),
                          ("fiu.rsp_ready_i", edge_b, 1), ("fiu.rsp_tag_o[15:0]", edge_b, k & 0xFFFF)):
        checks += 1
        got = sig(name, t)
        if got != want:
            fail(f"{name} = {got} before the edge at {t} ns, expected {want}")
    if want_mismatch is not None and str(win["mismatch"]) != want_mismatch:
        fail(f"mismatch={win['mismatch']} in the side file, expected {want_mismatch}")
    size = os.path.getsize(fst)
    print(f"check_fst: {fst}: {cycles} cycles {first}..{last} ns, {len(names)} signals, "
          f"{size} bytes ({size * 1000 / cycles:.0f} bytes per 1000 cycles), {checks} checks PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
