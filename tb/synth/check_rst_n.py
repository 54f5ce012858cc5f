#!/usr/bin/env python3
"""Checks an ECP5 netlist (Yosys write_json) for reset inverters: every TRELLIS_FF with an
asynchronous LSR (SRMODE ASYNC) must take it straight from the top port (default rst_ni) with
LSRMUX "INV", so no LUT inverts the reset (a synchronous LSR is logic, and not checked). Prints one summary line; exit 0 pass, 1 a flip-flop fails, 2 usage."""
import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("netlist", help="Yosys JSON netlist of an ECP5 synthesis (flattened)")
    ap.add_argument("--top", required=True, help="top module name")
    ap.add_argument("--reset", default="rst_ni", help="active-low reset port (default rst_ni)")
    a = ap.parse_args()
    try:
        with open(a.netlist) as f:
            mods = json.load(f)["modules"]
        top = mods[a.top]
        rst = top["ports"][a.reset]["bits"][0]
    except (OSError, ValueError, KeyError) as e:
        print(f"check_rst_n: {a.netlist}: {e}", file=sys.stderr)
        return 2
    ffs = bad = inv = 0
    for name, cell in top["cells"].items():
        if cell["type"] != "TRELLIS_FF":
            continue
        ffs += 1
        lsr = cell["connections"].get("LSR", ["0"])[0]
        if lsr in ("0", "1") or cell["parameters"].get("SRMODE") != "ASYNC":
            continue
        mux = cell["parameters"].get("LSRMUX", "LSR")
        if lsr == rst and mux == "INV":
            inv += 1
        else:
            bad += 1
            if bad <= 5:
                print(f"check_rst_n: {name}: LSR from {'the reset port' if lsr == rst else 'logic'}, LSRMUX {mux}")
    print(f"check_rst_n: {ffs} TRELLIS_FF, {inv} asynchronously reset by {a.reset} through LSRMUX INV, {bad} otherwise "
          + ("PASS" if bad == 0 and inv > 0 else "FAIL"))
    return 0 if bad == 0 and inv > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
