#!/usr/bin/env python3
"""The largest clock-enable nets of a design (docs/rtl.md, load enables; docs/integration.md).

usage: scripts/enable_fanout.py [--top MODULE] [--param NAME=VALUE]... [--show N] [--from PORT] FILE.sv...

Yosys (on PATH) reads FILE.sv..., elaborates MODULE (default fiu_top) with the parameters, runs
proc; flatten; opt (which turns the register muxes into enable flip-flops) and writes JSON; this
script then counts, for every enable net, the flip-flop bits it drives ($dffe, $adffe, $sdffe,
$sdffce, $aldffe, $dffsre; each cell counts its WIDTH). It prints the N largest (default 5) as
  enable_fanout: <bits> bits <cells> cells <net>
and the summary line
  enable_fanout: MODULE(PARAMS): largest enable net drives B flip-flop bits (<net>)
With --from PORT it also counts the flip-flop bits whose enable depends combinationally on the
input PORT (through any logic, not through flip-flops or memories), e.g. rsp_ready_i: how far
backpressure reaches in one clock:
  enable_fanout: MODULE(PARAMS): PORT reaches the enable of E flip-flop bits in one clock
Exit 0 done, 2 usage or Yosys error.
"""
import json
import subprocess
import sys
import tempfile
from collections import defaultdict

EN_CELLS = {"$dffe", "$adffe", "$sdffe", "$sdffce", "$aldffe", "$dffsre"}
STATE_CELLS = EN_CELLS | {"$dff", "$adff", "$sdff", "$aldff", "$dffsr", "$dlatch", "$adlatch", "$ff",
                          "$mem", "$mem_v2", "$memrd", "$memrd_v2", "$memwr", "$memwr_v2", "$meminit", "$meminit_v2"}


def reached_enables(mod, port):
    """Flip-flop bits whose EN is in the combinational forward cone of input PORT."""
    readers = defaultdict(list)   # bit -> combinational cells reading it
    for cell in mod["cells"].values():
        if cell["type"] in STATE_CELLS:
            continue
        for pin, sig in cell["connections"].items():
            if cell.get("port_directions", {}).get(pin) == "input":
                for b in sig:
                    if isinstance(b, int):
                        readers[b].append(cell)
    seen = set(b for b in mod["ports"][port]["bits"] if isinstance(b, int))
    todo = list(seen)
    while todo:
        b = todo.pop()
        for cell in readers[b]:
            for pin, sig in cell["connections"].items():
                if cell.get("port_directions", {}).get(pin) == "output":
                    for o in sig:
                        if isinstance(o, int) and o not in seen:
                            seen.add(o)
                            todo.append(o)
    return sum(int(c["parameters"]["WIDTH"], 2) for c in mod["cells"].values()
               if c["type"] in EN_CELLS and c["connections"]["EN"][0] in seen)


def main(argv):
    top, params, files, show, port = "fiu_top", [], [], 5, None
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--top" and args:
            top = args.pop(0)
        elif a == "--param" and args and "=" in args[0]:
            params.append(args.pop(0).split("=", 1))
        elif a == "--from" and args:
            port = args.pop(0)
        elif a == "--show" and args and args[0].isdigit():
            show = int(args.pop(0))
        elif a.startswith("-"):
            print(f"enable_fanout: unknown or incomplete option '{a}' (try --help)", file=sys.stderr)
            return 2
        else:
            files.append(a)
    if not files:
        print("enable_fanout: no source files (try --help)", file=sys.stderr)
        return 2
    chparam = "".join(f" -set {n} {v}" for n, v in params)
    with tempfile.TemporaryDirectory() as tmp:
        js = f"{tmp}/d.json"
        script = (f"read_verilog -sv {' '.join(files)}; " + (f"chparam{chparam} {top}; " if params else "")
                  + f"hierarchy -check -top {top}; proc; flatten; opt -full; write_json {js}")
        r = subprocess.run(["yosys", "-q", "-p", script], capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout[-2000:] + r.stderr[-2000:], file=sys.stderr)
            print("enable_fanout: yosys failed", file=sys.stderr)
            return 2
        design = json.load(open(js))
    mod = design["modules"][top]
    names = {}
    for name, net in mod["netnames"].items():
        for i, b in enumerate(net["bits"]):
            if isinstance(b, int) and (b not in names or (names[b].startswith("$") and not name.startswith("$"))):
                names[b] = name if len(net["bits"]) == 1 else f"{name}[{i}]"
    bits, cells = defaultdict(int), defaultdict(int)
    for cell in mod["cells"].values():
        if cell["type"] in EN_CELLS:
            en = cell["connections"]["EN"][0]
            bits[en] += int(cell["parameters"]["WIDTH"], 2)
            cells[en] += 1
    ranked = sorted(bits, key=lambda b: -bits[b])
    for b in ranked[:show]:
        print(f"enable_fanout: {bits[b]} bits {cells[b]} cells {names.get(b, b)}")
    label = ",".join(f"{n}={v}" for n, v in params)
    if ranked:
        b = ranked[0]
        print(f"enable_fanout: {top}{'(' + label + ')' if label else ''}: largest enable net drives {bits[b]} "
              f"flip-flop bits ({names.get(b, b)})")
    else:
        print(f"enable_fanout: {top}: no enable flip-flops")
    if port:
        if port not in mod["ports"]:
            print(f"enable_fanout: {top} has no port {port}", file=sys.stderr)
            return 2
        print(f"enable_fanout: {top}{'(' + label + ')' if label else ''}: {port} reaches the enable of "
              f"{reached_enables(mod, port)} flip-flop bits in one clock")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
