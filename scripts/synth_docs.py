#!/usr/bin/env python3
"""The synthesis figures of the docs, generated from docs/synth_figures.json.

Every figure that docs/synthesis.md and README.md give about the synthesised design sits in a
generated block: the lines between

    <!-- synth:NAME -->
    <!-- /synth:NAME -->

are the block NAME rendered from the figures file (written by `scripts/synth_report.py figures
--dir OUT -o docs/synth_figures.json` from a scripts/synth.sh output directory). Blocks:

  summary         the flow's summary line (a code block)
  provenance      date, command, machine, RTL commit, tools, seeds, tool and wall time
  runs            one row per synthesis run: LUT, LUT RAM, FF, carry, DSP, BRAM, Fmax per seed
                  and the minimum over the seeds
  limits          the targets that the flow's --check applies (synth_report.py's constants)
  targets         every check of the report, met or missed, with its detail
  lane_dotadd     a lane against the dot-add synthesised alone, per target and LANES
  breakdown       the xc7 LANES 4 per-module breakdown (hierarchical pass)
  critical_paths  each place-and-route run's critical path per seed, and the seed spread
  memories        every memory of the RTL and what each target mapped it to
  up5k            the iCE40 UP5K placement: fits or misses by how much
  readme          README.md's sentence: ECP5 Fmax (minimum over the seeds), xc7 LUT per lane

  --check   exit 1 when a block differs from what the figures give (file:line: block NAME
            differs from FIGURES), or a block is unknown or unclosed
  --write   rewrite every block from the figures
  --render NAME   print one block (or "all": every block) to stdout

Exit status: 0 every block matches (or was written); 1 a block differs, is unknown or unclosed,
or the figures lack what a block needs; 2 on a usage error.
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPEN_RE = re.compile(r"^<!-- synth:([a-z0-9_]+) -->\s*$")
CLOSE_RE = re.compile(r"^<!-- /synth:([a-z0-9_]+) -->\s*$")
TARGET_NAMES = {"xc7": "xc7", "ecp5": "ECP5", "ice40": "iCE40"}


class FiguresError(Exception):
    """The figures lack what a block needs."""


class DocError(Exception):
    """A document's markers are wrong (the message starts with file:line)."""


def n(x, nd=None):
    """A number as the docs print it: 1,234 for integers, nd decimals otherwise."""
    if x is None:
        return "—"
    if nd is not None:
        return f"{x:,.{nd}f}"
    if isinstance(x, int) or abs(x - round(x)) < 1e-9:
        return f"{int(round(x)):,}"
    return f"{x:,.1f}"


def need(f, *keys):
    cur = f
    path = []
    for k in keys:
        path.append(str(k))
        if not isinstance(cur, dict) or k not in cur:
            raise FiguresError("no '%s'" % ".".join(path))
        cur = cur[k]
    return cur


def config_name(r):
    name = TARGET_NAMES.get(r["target"], r["target"])
    if r.get("variant"):
        name += " " + r["variant"].replace(",", ", ")
    if r.get("extra"):
        name += " (%s)" % r["extra"]
    return name


def seeds_text(seeds):
    return ", ".join(str(s) for s in seeds)


# ---------------------------------------------------------------- blocks
def b_summary(f):
    return ["```", need(f, "summary"), "```"]


def b_provenance(f):
    p = need(f, "provenance")
    tools = need(p, "tools")
    rtl = ""
    if p.get("rtl_commit"):
        rtl = " `rtl/` is that of commit `%s`, the last commit that changed it, %s." % (
            p["rtl_commit"], "without local changes" if p.get("rtl_clean") else "with local changes")
    reused = ""
    if p.get("reused_runs"):
        reused = ", %d of them reused from an earlier invocation on the same inputs" % p["reused_runs"]
    return [
        "Measured %s by `%s` on %s (source tree `%s`).%s Tools: %s; %s; %s; nextpnr seeds %s. "
        "The %d tool runs took %s min of tool time (each timed when it ran%s); this invocation "
        "took %s min wall clock." % (
            p["date"], p["command"], p["machine"], p["tree"], rtl, tools.get("yosys", "?"),
            tools.get("nextpnr-ecp5", "?"), tools.get("nextpnr-ice40", "?"),
            seeds_text(need(p, "seeds")), p["runs"], n(p["tool_seconds"] / 60.0, 1), reused,
            n(p["wall_seconds"] / 60.0, 1))]


def fmax_cell(r):
    if "fmax_seeds" not in r:
        return "—"
    seeds = r["fmax_seeds"]
    if r.get("fmax_min") is None:
        return "does not fit" if r.get("pnr_status") == "nofit" else "not routed (%s)" % r.get("pnr_status", "?")
    if len(seeds) == 1:
        s, v = next(iter(seeds.items()))
        return "%s (seed %s)" % (n(v, 2), s)
    return "%s (min; seeds %s: %s)" % (n(r["fmax_min"], 2), ", ".join(seeds),
                                       ", ".join(n(v, 2) for v in seeds.values()))


def b_runs(f):
    L = ["| configuration | LANES | RAM_WORDS | LUT | LUT RAM | LUT/lane | FF | carry | DSP | BRAM | Fmax MHz |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in need(f, "runs"):
        if r["status"] != "ok":
            L.append("| %s | %d | %d | synthesis failed | | | | | | | |" % (config_name(r), r["lanes"], r["words"]))
            continue
        L.append("| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            config_name(r), r["lanes"], r["words"], n(r["lut"]), n(r["lutram"]), n(r["lut_per_lane"]),
            n(r["ff"]), n(r["carry"]), n(r["dsp"]), n(r["bram"]), fmax_cell(r)))
    return L


def b_limits(f):
    lim = need(f, "limits")
    return [
        "| check | target |",
        "|---|---|",
        "| every Yosys run completed | |",
        "| xc7 LUT mappings | every ABC mapping of every 7-series run proven equivalent to its input (ABC `cec`) |",
        "| xc7 LANES=4: LUT per lane | ≤ %s (LUT + LUT RAM; aim %s) |" % (
            n(lim["xc7_l4_lut_per_lane"]), n(lim["xc7_l4_lut_per_lane_aim"])),
        "| xc7 LANES=4: DSP48E1 per lane | ≤ %s |" % n(lim["xc7_l4_dsp_per_lane"]),
        "| xc7 LANES=4: BRAM | > 0, the parameter RAM in `RAMB18E1`/`RAMB36E1` |",
        "| ECP5 LANES=1 on an LFE5U-25F | placed and routed with every seed; Fmax, the minimum over the "
        "seeds, ≥ %s MHz for the default configuration, ≥ %s MHz for each `--ecp5-variant`, the "
        "high-clock configuration (`ecp5 L1 DEEP=1`; aim: %s MHz) |" % (
            n(lim["ecp5_l1_fmax"]), n(lim["ecp5_l1_variant_fmax"]), n(lim["ecp5_fmax_aim"])),
        "| parameter RAM in block RAM | `DP16KD` (ECP5), `SB_RAM40_4K` (iCE40), `RAMB*` (7-series), every LANES |",
    ]


def compact(detail):
    """A check's detail with the equal banks of a memory said once: '4 × NAME[*] ...'."""
    parts, seen = [], {}
    for p in detail.split("; "):
        k = re.sub(r"\[\d+\]", "[*]", p)
        if k in seen:
            seen[k][1] += 1
        else:
            seen[k] = [len(parts), 1]
            parts.append(k)
    return "; ".join(("%d × %s" % (seen[p][1], p)) if seen[p][1] > 1 else p for p in parts)


def b_targets(f):
    L = ["| check | result | detail |", "|---|---|---|"]
    for c in need(f, "checks"):
        L.append("| %s | %s | %s |" % (c["check"], "met" if c["ok"] else "**missed**",
                                       compact(c["detail"]).replace("|", "\\|")))
    L.append("")
    L.append("Checks met: %d of %d (with the Yosys runs' own)." % (need(f, "checks_met"), need(f, "checks_total")))
    return L


def b_lane_dotadd(f):
    rows = need(f, "lane_dotadd")
    mod = next(iter(need(f, "dotadd").values()), {}).get("module", "the dot-add")
    L = ["| target | LANES | lane: LUT, FF, DSP | `%s` alone: LUT, FF, DSP | rest of the lane: LUT, FF, DSP | "
         "dot-add share of the lane's LUTs |" % mod, "|---|---|---|---|---|---|"]
    for x in rows:
        ln, da, re_ = x["lane"], x["dotadd"], x["rest"]
        L.append("| %s | %d | %s, %s, %s | %s, %s, %s | %s, %s, %s | %s %% |" % (
            TARGET_NAMES.get(x["target"], x["target"]), x["lanes"], n(ln["lut"]), n(ln["ff"]), n(ln["dsp"]),
            n(da["lut"]), n(da["ff"]), n(da["dsp"]), n(re_["lut"]), n(re_["ff"]), n(re_["dsp"]), n(x["share"])))
    return L


def b_breakdown(f):
    b = need(f, "breakdown_xc7_l4")
    rows = need(b, "rows")
    top = rows[0]
    L = ["From the flow's hierarchical pass (`runs/%s`): %s LUT (+ LUT RAM) in all, against the "
         "flattened run's %s (nothing is optimised across module boundaries there); the top's own "
         "logic, outside every instance, is %s LUT. One lane of the %d is shown (each lane is the same); "
         "LUT = the instance's and everything below it, LUT RAM included; share = of the top's LUTs." % (
             b["run"], n(top["lut"]), n(b["lut_flat"]), n(b["top_own_lut"]), b["lanes"]),
         "",
         "| instance | module | LUT | FF | carry | DSP | BRAM | share |",
         "|---|---|---|---|---|---|---|---|"]
    for x in rows:
        ind = "&nbsp;&nbsp;" * x["depth"]
        inst = x["instance"].rsplit(".", 1)[-1] if x["depth"] > 1 else x["instance"]
        L.append("| %s%s | %s | %s | %s | %s | %s | %s | %s %% |" % (
            ind, inst, x["module"], n(x["lut"]), n(x["ff"]), n(x["carry"]), n(x["dsp"]), n(x["bram"]),
            n(x["share"])))
    return L


def b_critical_paths(f):
    cps = need(f, "critical_paths")
    runs = {r["id"]: r for r in need(f, "runs")}
    L = ["| configuration | seed | Fmax MHz | critical path ns | of it routing ns | instances on the path (cells) |",
         "|---|---|---|---|---|---|"]
    for c in cps:
        r = runs.get(c["run"], {"target": "?"})
        if r.get("target") != "ecp5":
            continue
        L.append("| %s | %d | %s | %s | %s | %s |" % (
            config_name(r), c["seed"], n(c["fmax"], 2), n(c["path_ns"], 2), n(c["routing_ns"], 2),
            c["modules"] or "—"))
    spread = []
    for r in need(f, "runs"):
        v = [x for x in r.get("fmax_seeds", {}).values() if x is not None]
        if r["target"] == "ecp5" and len(v) > 1:
            spread.append("%s %s MHz (%s to %s)" % (config_name(r), n(max(v) - min(v), 2), n(min(v), 2), n(max(v), 2)))
    if spread:
        L += ["", "Spread over the seeds: " + "; ".join(spread) + "."]
    return L


MAP_NAMES = {"block": "block RAM", "lutram": "LUT RAM", "spram": "SPRAM", "ff": "flip-flops", "?": "?"}


def map_text(hows):
    out = []
    for h in hows:
        kind, _, cell = h.partition(":")
        out.append(MAP_NAMES.get(kind, kind) + (" (`%s`)" % cell if cell else ""))
    return ", ".join(out) or "—"


def b_memories(f):
    groups = {}
    for m in need(f, "memories"):
        key = (re.sub(r"\[\d+\]", "[*]", m["name"]), m["words"], m["bits"])
        g = groups.setdefault(key, dict(m, count=0))
        g["count"] += 1
    targets = sorted({t for m in groups.values() for t in m["mapping"]}, key=["xc7", "ecp5", "ice40"].index)
    L = ["| memory | LANES | copies | words × bits | write/read ports | %s |" % " | ".join(TARGET_NAMES[t] for t in targets),
         "|---|---|---|---|---|%s" % ("---|" * len(targets))]
    for key, m in sorted(groups.items(), key=lambda kv: (-(kv[0][1] or 0) * (kv[0][2] or 0), kv[0][0])):
        L.append("| %s | %s | %d | %s × %s | %s/%s | %s |" % (
            key[0], ", ".join(str(x) for x in sorted(m["lanes"])), m["count"], n(m["words"]), n(m["bits"]),
            m["wr_ports"], m["rd_ports"], " | ".join(map_text(m["mapping"].get(t, [])) for t in targets)))
    return L


def b_up5k(f):
    L = []
    for u in need(f, "up5k"):
        what = "the small configuration" if u.get("extra") else "the default configuration"
        L.append("iCE40 UP5K, LANES 1, RAM_WORDS %s (%s, through the 3-pin harness): %s." % (
            n(u["words"]), what, u["text"]))
    return L or ["No iCE40 placement in the figures."]


def b_readme(f):
    runs = need(f, "runs")
    d0 = next((r for r in runs if r["target"] == "ecp5" and r["lanes"] == 1 and not r["variant"] and not r["extra"]), None)
    d1 = next((r for r in runs if r["target"] == "ecp5" and r["lanes"] == 1 and r["variant"] == "DEEP=1"), None)
    x4 = need(f, "xc7_l4")
    if d0 is None or d1 is None or d0.get("fmax_min") is None or d1.get("fmax_min") is None:
        raise FiguresError("no routed ECP5 LANES 1 runs (default and DEEP=1)")
    seeds = seeds_text(need(f, "provenance", "seeds"))
    return ["`make synth` measures both (`docs/synth_figures.json`, nextpnr seeds %s): at LANES=1 on an "
            "ECP5 LFE5U-25F the default unit places at %.1f MHz and `DEEP = 1` at %.1f MHz, the minimum "
            "over the seeds; at LANES=4 the default is %s 7-series LUTs per lane (an area-first LUT "
            "mapping, each one proven equivalent to its input), %s DSP48E1 per lane and %s block RAMs." % (
                seeds, d0["fmax_min"], d1["fmax_min"], n(x4["lut_per_lane"]), n(x4["dsp_per_lane"]),
                n(x4["bram"]))]


BLOCKS = {"summary": b_summary, "provenance": b_provenance, "runs": b_runs, "limits": b_limits,
          "targets": b_targets, "lane_dotadd": b_lane_dotadd, "breakdown": b_breakdown,
          "critical_paths": b_critical_paths, "memories": b_memories, "up5k": b_up5k, "readme": b_readme}


def render(f, name):
    """The lines of block NAME, with a blank line before and after (Markdown blocks stay apart)."""
    return [""] + BLOCKS[name](f) + [""]


# ---------------------------------------------------------------- documents
def shown(path):
    ap = os.path.abspath(path)
    rel = os.path.relpath(ap, ROOT)
    return ap if rel.startswith("..") else rel


def blocks_of(path, lines):
    """[(name, open index, close index)], or raises FiguresError with file:line."""
    res, cur = [], None
    for i, ln in enumerate(lines):
        m = OPEN_RE.match(ln)
        if m:
            if cur:
                raise DocError("%s:%d: block %s opened inside block %s" % (shown(path), i + 1, m.group(1), cur[0]))
            cur = (m.group(1), i)
            continue
        m = CLOSE_RE.match(ln)
        if m:
            if not cur or cur[0] != m.group(1):
                raise DocError("%s:%d: block %s closed but not open" % (shown(path), i + 1, m.group(1)))
            res.append((cur[0], cur[1], i))
            cur = None
    if cur:
        raise DocError("%s:%d: block %s is not closed" % (shown(path), cur[1] + 1, cur[0]))
    for name, i, _ in res:
        if name not in BLOCKS:
            raise DocError("%s:%d: unknown block %s (known: %s)" % (shown(path), i + 1, name, ", ".join(BLOCKS)))
    return res


def main():
    ap = argparse.ArgumentParser(prog="scripts/synth_docs.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--figures", default=os.path.join(ROOT, "docs", "synth_figures.json"),
                    help="the figures (default docs/synth_figures.json)")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--check", action="store_true", help="exit 1 when a block is stale")
    g.add_argument("--write", action="store_true", help="rewrite every block")
    g.add_argument("--render", metavar="NAME", help="print block NAME (or all) to stdout")
    ap.add_argument("files", nargs="*", help="documents (default docs/synthesis.md README.md)")
    a = ap.parse_args()
    if a.render and a.render != "all" and a.render not in BLOCKS:
        ap.error("--render: unknown block '%s' (known: %s, all)" % (a.render, ", ".join(BLOCKS)))
    figs = shown(a.figures)
    try:
        with open(a.figures, encoding="utf-8") as fh:
            f = json.load(fh)
    except (OSError, ValueError) as e:
        print("synth_docs: %s: %s" % (figs, e), file=sys.stderr)
        return 1
    try:
        if a.render:
            for name in (BLOCKS if a.render == "all" else [a.render]):
                if a.render == "all":
                    print("<!-- synth:%s -->" % name)
                print("\n".join(render(f, name)))
                if a.render == "all":
                    print("<!-- /synth:%s -->" % name)
            return 0
        files = a.files or [os.path.join(ROOT, "docs", "synthesis.md"), os.path.join(ROOT, "README.md")]
        total, stale, written = 0, 0, 0
        for path in files:
            changed = 0
            with open(path, encoding="utf-8") as fh:
                lines = fh.read().split("\n")
            blocks = blocks_of(path, lines)
            total += len(blocks)
            for name, i, j in reversed(blocks):
                want = render(f, name)
                if lines[i + 1:j] == want:
                    continue
                if a.check:
                    print("%s:%d: block %s differs from %s" % (shown(path), i + 1, name, figs))
                    stale += 1
                else:
                    lines[i + 1:j] = want
                    changed += 1
            written += changed
            if a.write and changed:
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write("\n".join(lines))
        if a.check:
            if stale:
                print("synth_docs: %d of %d blocks in %d files differ from %s (scripts/synth_docs.py --write)"
                      % (stale, total, len(files), figs))
                return 1
            print("synth_docs: %d blocks in %d files match %s" % (total, len(files), figs))
        else:
            print("synth_docs: %d of %d blocks in %d files rewritten from %s" % (written, total, len(files), figs))
        return 0
    except DocError as e:
        print(e)
        return 1
    except FiguresError as e:
        print("synth_docs: %s: %s (scripts/synth_report.py figures)" % (figs, e), file=sys.stderr)
        return 1
    except (KeyError, TypeError, AttributeError) as e:
        print("synth_docs: %s: the figures lack %s (scripts/synth_report.py figures)" % (figs, e), file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
