#!/usr/bin/env python3
"""Check that README.md and docs/*.md name only things that exist, and that repeated figures agree.

What is checked, in every backquoted span (`...`) of the documents, and in the lines of code
blocks that start with `make ` or `scripts/`:
  make targets      `make X ...`: X is a target of the Makefile
  script options    `scripts/x.sh --opt ...` (or any tb/.../x.sh, x.py): the script exists and
                    its source handles --opt
  CTest labels      `ctest -L x`, "label(s) `x`": x is a label CTest knows
  CTest tests       dotted names whose first part starts a CTest test name (`unit.*`,
                    `version.agree`, `f32_fastpath_fault1..3`): some test matches
  file paths        `cmodel/...`, `rtl/...`, `tb/...`, `scripts/...`, `docs/...`, ... exist (globs allowed)
  RTL signals       `u_dut.s1_valid_q`, `*_q`/`*_i`/`*_o`/`*_gclk` names, `a_o..e_o`: each
                    identifier occurs in rtl/*.sv or tb/**/*.sv
  block diagrams    in docs/rtl.md's code blocks (and in box lines, starting | or +, of any code
                    block) every fiu_* module or type name is declared in rtl/
  line references   a quoted file.sv:N exists; quoting an assertion or $error, line N holds one
Also: README.md's "CTest labels:" paragraph lists every label CTest knows, docs/spec.md's
**Packages** paragraph every package of scripts/deps.sh, and the figures that
several documents quote (throughput, latency, DEEP registers, dot-add stages, fuzz targets,
coverage) agree with each other and, where the code defines them, with the code.

Prints each problem as `file:line: reason`, then
`docs: N references checked in M files, K problems`; exit 1 on any problem, 2 on a usage error.
CTest names and labels come from `ctest --show-only=json-v1` in --build (skipped with a note
if --build is not given).
"""
import argparse
import fnmatch
import glob
import json
import os
import re
import subprocess
import sys

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
REPO_DIRS = ("cmodel/", "rtl/", "tb/", "scripts/", "docs/", "cmake/", "python/", "tests/")
SIGNAL_RE = re.compile(r"^[A-Za-z]\w*_(q|i|o|ni|gclk)$")


class Checker:
    def __init__(self, root, tests, labels):
        self.root = root
        self.tests = tests          # None: CTest not queried
        self.labels = labels
        self.problems = []
        self.refs = 0
        self.test_prefixes = {t.split(".")[0] for t in tests} if tests else set()
        self.targets = self._make_targets()
        self.sv_idents = self._sv_idents()
        self.script_src = {}
        self.optional_tests = self._cmake_test_names()

    # ---- sources of truth -------------------------------------------------------------
    def _read(self, rel):
        with open(rel if os.path.isabs(rel) else os.path.join(self.root, rel), encoding="utf-8") as f:
            return f.read()

    def _make_targets(self):
        mk = self._read("Makefile")
        targets = set()
        for m in re.finditer(r"^([A-Za-z0-9_.-][A-Za-z0-9_. -]*):(?!=)", mk, re.M):
            targets.update(m.group(1).split())
        for m in re.finditer(r"^\.PHONY:(.*)$", mk, re.M):
            targets.update(m.group(1).split())
        return targets

    def _cmake_test_names(self):
        names = set()
        files = glob.glob(os.path.join(self.root, "**", "CMakeLists.txt"), recursive=True)
        files += glob.glob(os.path.join(self.root, "**", "*.cmake"), recursive=True)
        for f in files:
            if os.path.relpath(f, self.root).startswith(("build", ".")):
                continue
            with open(f, encoding="utf-8", errors="replace") as fh:
                names.update(re.findall(r"(?:add_test\(NAME|fiu_expect_test\(|fiu_cosim_expect\()[ \t]*([\w.-]+)[\s)]",
                                        fh.read()))
        return names

    def _rtl_decls(self):
        """the module and type names rtl/ declares"""
        names = set()
        for f in glob.glob(os.path.join(self.root, "rtl", "*.sv*")):
            with open(f, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            names.update(re.findall(r"^\s*module\s+(\w+)", text, re.M))
            names.update(re.findall(r"\}\s*(\w+)\s*;", text))   # typedef struct ... } name;
        return names

    def check_diagram(self, line, where):
        """a line of a fenced block (the block diagrams of docs/rtl.md): every fiu_* module or
        type name it shows (fiu_x, fiu_x_t; not file names) is one that rtl/ declares"""
        if not hasattr(self, "rtl_decls"):
            self.rtl_decls = self._rtl_decls()
        for m in re.finditer(r"(?<![\w/.])(fiu_[a-z0-9_]+)\b(?!\.(?:sv|svh|c|h)\b)", line):
            name = m.group(1)
            if name.endswith("_") or name.isupper():
                continue
            self.refs += 1
            if name not in self.rtl_decls:
                self.problem(where, "diagram names %s, which no module or type of rtl/ declares" % name)

    def _sv_idents(self):
        idents = set()
        files = glob.glob(os.path.join(self.root, "rtl", "**", "*.sv"), recursive=True)
        files += glob.glob(os.path.join(self.root, "tb", "**", "*.sv"), recursive=True)
        for f in files:
            with open(f, encoding="utf-8", errors="replace") as fh:
                idents.update(re.findall(r"\b[A-Za-z_]\w*\b", fh.read()))
        return idents

    # ---- reporting --------------------------------------------------------------------
    def problem(self, where, reason):
        self.problems.append("%s:%d: %s" % (where[0], where[1], reason))

    # ---- one backquoted span ----------------------------------------------------------
    def check_span(self, span, where, before):
        s = span.strip()
        words = s.split()
        if not words:
            return
        if words[0] == "make" and len(words) > 1 and re.match(r"^[a-z][\w-]*$", words[1]):
            self.refs += 1
            if words[1] not in self.targets:
                self.problem(where, "make target '%s' is not in the Makefile" % words[1])
            return
        if words[0] == "ctest":
            for i, w in enumerate(words[:-1]):
                if w in ("-L", "-LE"):
                    # a label or an alternation of labels: '^(long|synth)$'
                    for lab in re.split(r"\\?\|", words[i + 1].strip("'\"^$()").replace("$", "")):
                        self.check_label(lab.strip("^$()"), where)
            return
        if words[0].startswith("scripts/") or (words[0].startswith(REPO_DIRS)
                                                and words[0].endswith((".sh", ".py")) and len(words) > 1):
            self.check_path(words[0], where)
            for w in words[1:]:
                m = re.match(r"^(--[a-z][\w-]*)", w)
                if m:
                    self.check_option(words[0], m.group(1), where)
            return
        if len(words) != 1:
            return
        tok = s
        # labels named in the prose: "label `x`", "labels `x`, `y` and `z`"
        if re.search(r"\blabels?\s+(`[^`]*`(,\s*|\s+and\s+|\s+or\s+))*$", before) and re.match(r"^[a-z_0-9]+$", tok):
            self.check_label(tok, where)
            return
        if tok.startswith(REPO_DIRS) and "<" not in tok:
            self.check_path(tok, where)
            return
        if self.tests is not None and re.match(r"^[a-z][\w-]*\.[\w.*-]+$", tok) \
                and tok.split(".")[0] in self.test_prefixes \
                and not re.search(r"\.(sv|c|h|py|sh|md|cmake|vec|txt|json|so|a|pc|core|o)$", tok):
            self.check_test(tok, where)
            return
        if re.match(r"^u_\w+(\.\w+)+$", tok) or SIGNAL_RE.match(tok) or re.match(r"^\w+_(q|i|o)\.\.\w+_(q|i|o)$", tok):
            for ident in re.split(r"\.\.|\.", tok):
                self.refs += 1
                if ident not in self.sv_idents:
                    self.problem(where, "RTL signal '%s' (in `%s`) is not in rtl/ or tb/*.sv" % (ident, tok))

    def check_label(self, label, where):
        if self.labels is None:
            return
        self.refs += 1
        if label not in self.labels:
            self.problem(where, "CTest label '%s' does not exist" % label)

    def check_test(self, name, where):
        self.refs += 1
        pats = [name]
        m = re.match(r"^(.*?)(\d+)\.\.(\d+)$", name)
        if m:
            pats = [m.group(1) + m.group(2), m.group(1) + m.group(3)]
        for p in pats:
            # a test registered only under an option (ip.fusesoc.sim) is named in a CMake add_test
            if p in self.optional_tests:
                continue
            if not any(fnmatch.fnmatchcase(t, p) for t in self.tests):
                self.problem(where, "no CTest test matches '%s'" % p)

    def check_path(self, path, where):
        self.refs += 1
        p = path.rstrip(",;:")
        m = re.match(r"^(.*)\{([^}]*)\}(.*)$", p)  # tb/render/raster.{h,c}
        for q in ([m.group(1) + alt + m.group(3) for alt in m.group(2).split(",")] if m else [p]):
            if any(c in q for c in "*?["):
                ok = bool(glob.glob(os.path.join(self.root, q)))
            else:
                ok = os.path.exists(os.path.join(self.root, q))
            if not ok:
                self.problem(where, "path '%s' does not exist" % q)

    def check_option(self, script, opt, where):
        self.refs += 1
        path = os.path.join(self.root, script)
        if not os.path.isfile(path):
            return  # reported by check_path
        if script not in self.script_src:
            self.script_src[script] = open(path, encoding="utf-8", errors="replace").read()
        src = self.script_src[script]
        if not re.search(re.escape(opt) + r"(?![\w-])", src):
            self.problem(where, "option '%s' is not handled by %s" % (opt, script))

    # ---- documents --------------------------------------------------------------------
    def _source_file(self, name):
        """the file called name: the one under rtl/, else the one under tb/, cmodel/, scripts/ or
        python/ (in that order; None: none, or several in the first folder that has it)"""
        if not hasattr(self, "_src_index"):
            self._src_index = {}
            for top in ("rtl", "tb", "cmodel", "scripts", "python"):
                for p in glob.glob(os.path.join(self.root, top, "**", "*"), recursive=True):
                    if os.path.isfile(p):
                        self._src_index.setdefault((top, os.path.basename(p)), []).append(p)
        for top in ("rtl", "tb", "cmodel", "scripts", "python"):
            hits = self._src_index.get((top, name), [])
            if hits:
                return hits[0] if len(hits) == 1 else None
        return None

    def check_line_refs(self, line, where):
        """file.sv:N (a tool's message quoted in a doc): the file has a line N, and where the doc
        quotes an assertion or $error there, that line holds one"""
        for m in re.finditer(r"\b([\w.-]+\.(?:sv|svh|c|h|cpp|py|sh)):(\d+)\b", line):
            path = self._source_file(m.group(1))
            if path is None:
                continue  # a generated file or a user's file: not in the repository
            self.refs += 1
            n = int(m.group(2))
            with open(path, encoding="utf-8", errors="replace") as fh:
                src = fh.read().split("\n")
            if n > len(src):
                self.problem(where, "%s:%d: %s has %d lines" % (m.group(1), n, m.group(1), len(src)))
            elif (re.search(r"Assertion failed|%Error|\$error|fiu_assert", line[m.end():])
                  and not re.search(r"\$error|\$fatal|\bassert\b|FIU_ASSERT", src[n - 1].split("//")[0])):
                self.problem(where, "%s:%d quotes an assertion or $error, but that line is: %s"
                             % (m.group(1), n, src[n - 1].strip()))

    def check_doc(self, path):
        text = self._read(path)
        rel = display(self.root, path)
        in_fence = False
        for lineno, line in enumerate(text.split("\n"), 1):
            self.check_line_refs(line, (rel, lineno))
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            if in_fence:
                if os.path.basename(path) == "rtl.md" or re.match(r"^\s*[|+]", line):
                    self.check_diagram(line, (rel, lineno))
                # commands in code blocks: `make X ...`, `scripts/x.sh --opt ...` (comment dropped)
                cmd = line.split(" #")[0].strip()
                if re.match(r"^(make [a-z]|scripts/)", cmd):
                    self.check_span(cmd, (rel, lineno), "")
                continue
            for m in re.finditer(r"`([^`]+)`", line):
                self.check_span(m.group(1), (rel, lineno), line[:m.start()])

    def check_label_list(self, path):
        if self.labels is None:
            return
        text = self._read(path)
        rel = display(self.root, path)
        m = re.search(r"^CTest labels:(.*?)(?:\n\s*\n)", text, re.S | re.M)
        if not m:
            self.problem((rel, 1), "no 'CTest labels:' paragraph")
            return
        line = text[:m.start()].count("\n") + 1
        listed = set(re.findall(r"`([^`]+)`", m.group(1)))
        for label in sorted(self.labels):
            self.refs += 1
            if label not in listed:
                self.problem((rel, line), "CTest label '%s' is missing from the label list" % label)


def display(root, path):
    """A document's name in messages: relative to the repository root when inside it."""
    if not os.path.isabs(path):
        return path
    rel = os.path.relpath(path, root)
    return path if rel.startswith("..") else rel


def check_packages(root, files, checker):
    """docs/spec.md's **Packages** paragraph names every Debian package scripts/deps.sh installs."""
    spec = os.path.join(root, "docs", "spec.md")
    if "docs/spec.md" not in files:
        return
    with open(os.path.join(root, "scripts", "deps.sh"), encoding="utf-8") as f:
        m = re.search(r"^PKGS=\(([^)]*)\)", f.read(), re.M)
    pkgs = m.group(1).split()
    with open(spec, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^\*\*Packages\*\*(.*?)\n\s*\n", text, re.S | re.M)
    if not m:
        checker.problem(("docs/spec.md", 1), "no **Packages** paragraph (the list of scripts/deps.sh)")
        return
    line = text[:m.start()].count("\n") + 1
    words = set(re.findall(r"[\w.+-]+", m.group(1)))
    for p in pkgs:
        checker.refs += 1
        if p not in words:
            checker.problem(("docs/spec.md", line), "package '%s' of scripts/deps.sh is not in the **Packages** list" % p)


# ---- figures quoted in more than one place -----------------------------------------------
def number(s):
    s = s.lower()
    if s.isdigit():
        return int(s)
    return WORDS.get(s, s)


def code_truths(root):
    def read(rel):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            return f.read()
    t = {}
    pkg = read("rtl/fiu_pkg.sv")
    dl = int(re.search(r"DOTADD_LATENCY\s*=\s*(\d+)", pkg).group(1))
    ds = int(re.search(r"DOTADD_DEEP_STAGES\s*=\s*(\d+)", pkg).group(1))
    top = read("rtl/fiu_top.sv")
    m = re.search(r"LATENCY\b[^=]*=\s*(\d+)\s*\+\s*DL\s*\+\s*\(DEEP\s*\?\s*(\d+)\s*:\s*0\)", top)
    base, extra = int(m.group(1)), int(m.group(2))
    t["dot-add stages"] = (dl, "rtl/fiu_pkg.sv DOTADD_LATENCY")
    t["latency (DEEP = 0)"] = (base + dl, "rtl/fiu_top.sv LATENCY")
    t["latency (DEEP = 1)"] = (base + dl + ds + extra, "rtl/fiu_top.sv LATENCY")
    t["DEEP = 1 extra registers"] = (ds + extra, "rtl/fiu_pkg.sv DOTADD_DEEP_STAGES + rtl/fiu_top.sv")
    m = re.search(r"RSP_DEPTH\b[^=]*=\s*LATENCY\s*\+\s*(\d+)", top)
    t["RSP_DEPTH (DEEP = 0)"] = (base + dl + int(m.group(1)), "rtl/fiu_top.sv RSP_DEPTH")
    t["RSP_DEPTH (DEEP = 1)"] = (base + dl + ds + extra + int(m.group(1)), "rtl/fiu_top.sv RSP_DEPTH")
    fz = read("tb/fuzz/fuzz.cmake")
    t["fuzz targets"] = (len(re.search(r"set\(FIU_FUZZ_TARGETS([^)]*)\)", fz).group(1).split()),
                         "tb/fuzz/fuzz.cmake FIU_FUZZ_TARGETS")
    # the synthesis figures: docs/synth_figures.json (scripts/synth_report.py figures)
    fig_path = os.path.join(root, "docs/synth_figures.json")
    if os.path.exists(fig_path):
        with open(fig_path, encoding="utf-8") as f:
            sf = json.load(f)
        src = "docs/synth_figures.json"
        for r in sf.get("runs", []):
            if r.get("target") == "ecp5" and r.get("lanes") == 1 and r.get("fmax_min") is not None:
                fig = "ECP5 LANES 1 Fmax (DEEP = 1)" if r.get("variant") else "ECP5 LANES 1 Fmax (DEEP = 0)"
                t[fig] = ("%.1f" % r["fmax_min"], src + " (" + r["id"] + ", minimum over the seeds)")
        if "lut_per_lane" in sf.get("xc7_l4", {}):
            t["xc7 LANES 4 LUT per lane"] = ("{:,.0f}".format(sf["xc7_l4"]["lut_per_lane"]), src + " (xc7_l4)")
    return t


NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
# (figure, regex; group 1 is the value). Searched in the documents and in FIGURE_SOURCES.
FIGURES = [
    ("throughput (LANES 4, throughput mix)", r"sustains (\d\.\d+) requests per clock"),
    ("throughput (LANES 4, throughput mix)", r"(?<!>= )(\d\.\d+) req(?:uests)?(?:/| per )clo(?:ck|k) (?:measured )?at LANES ?=? ?4"),
    ("throughput (LANES 4, throughput mix)", r"(?<!>= )(\d\.\d+) requests per clock on the throughput mix"),
    ("latency (DEEP = 0)", r"DOTADD_LATENCY`? = (\d+) clocks"),
    ("latency (DEEP = 0)", r"latency \d+ instead of (\d+)"),
    ("latency (DEEP = 1)", r"latency (\d+) instead of \d+"),
    ("latency (DEEP = 1)", r"the cycle model with latency (\d+)"),
    ("DEEP = 1 extra registers", r"`DEEP = 1` (?:adds|inserts) " + NUM + r" (?:pipeline )?registers"),
    ("DEEP = 1 extra registers", r"\b" + NUM + r" more pipeline registers"),
    ("dot-add stages", r"dot-add is an? " + NUM + r"-stage"),
    ("dot-add stages", r"\*\*dotadd\*\* \(" + NUM + r" stages[,)]"),
    ("dot-add stages", r"\*\*The dot-add\*\* \(spec 8\.6\): " + NUM + r" stages"),
    ("dot-add stages", r"DOTADD_LATENCY`? = " + NUM + r" stages"),
    ("dot-add stages", r"dot-add'?s? " + NUM + r" (?:pipeline )?stages"),
    ("RSP_DEPTH (DEEP = 0)", r"`RSP_DEPTH = LATENCY \+ 2` entries \((\d+) by default"),
    ("RSP_DEPTH (DEEP = 1)", r"`RSP_DEPTH = LATENCY \+ 2` entries \(\d+ by default, (\d+) with `DEEP = 1`"),
    ("RSP_DEPTH (DEEP = 0)", r"RSP_DEPTH (\d+); \d+ for \d+ with DEEP = 1"),
    ("RSP_DEPTH (DEEP = 1)", r"RSP_DEPTH \d+; \d+ for (\d+) with DEEP = 1"),
    ("RSP_DEPTH (DEEP = 0)", r"`RSP_DEPTH` = (\d+) requests outstanding"),
    ("fuzz targets", r"\b" + NUM + r" libFuzzer targets"),
    ("fuzz targets", r"\b" + NUM + r" fuzz targets"),
    ("functional coverage bins (full run)", r"measured: \**(\d+/\d+) bins"),
    ("functional coverage bins (full run)", r"^functional coverage: (\d+/\d+) bins \(100"),
    ("cmodel line coverage (full run)", r"measured: [^;]*?cmodel lines (\d+\.\d+)%"),
    ("cmodel line coverage (full run)", r"^code coverage: cmodel lines (\d+\.\d+)% branches \d+\.\d+%; rtl lines 9[89]"),
    ("rtl line coverage (full run)", r"measured: [^;]*?rtl lines (\d+\.\d+)%"),
    ("rtl line coverage (full run)", r"^code coverage: cmodel lines 9\d\.\d% branches \d+\.\d+%; rtl lines (\d+\.\d+)%"),
    ("tests in the full coverage run", r"\bof (\d+) CTest tests"),
    ("tests in the full coverage run", r"(?:runs|over|of) the (\d+) tests of the full coverage run"),
    ("tests in the quick coverage run", r"CI subset of (\d+) tests"),
    ("tests portable.*", r"(\d+) tests, about [^|]*\| `portable\.\*`"),
    ("tests portable.*", r"\b(\d+) tests `portable\.\*`"),
    ("tests in the quick coverage run", r"`build/coverage-quick/`, (\d+) tests"),
    ("tests in the full coverage run", r"\*\*Which tests\.\*\* (\d+) tests"),
    ("ECP5 LANES 1 Fmax (DEEP = 0)", r"ecp5 L1 (\d+\.\d) MHz"),
    ("ECP5 LANES 1 Fmax (DEEP = 0)", r"default\s+unit places at (\d+\.\d) MHz"),
    ("ECP5 LANES 1 Fmax (DEEP = 0)", r"\| ECP5 \| 1 \| [^\n]*?\*\*(\d+\.\d) MHz\*\*"),
    ("ECP5 LANES 1 Fmax (DEEP = 1)", r"ecp5 L1 DEEP=1 (\d+\.\d) MHz"),
    ("ECP5 LANES 1 Fmax (DEEP = 1)", r"`DEEP = 1` at (\d+\.\d) MHz"),
    ("ECP5 LANES 1 Fmax (DEEP = 1)", r"\| ECP5 `DEEP = 1` \| 1 \| [^\n]*?\*\*(\d+\.\d) MHz\*\*"),
    ("xc7 LANES 4 LUT per lane", r"xc7 L4 ([\d,]+) LUT/lane"),
    ("xc7 LANES 4 LUT per lane", r"the default is ([\d,]+) 7-series"),
    ("xc7 LANES 4 LUT per lane", r"\| xc7 \| 4 \| [\d,]+ \(([\d,]+) per lane\)"),
    ("xc7 LANES 4 LUT per lane", r"of the ([\d,]+) LUTs per lane"),
    ("xc7 LANES 4 LUT per lane", r"\*\*missed\*\*: ([\d,]+) \(\d"),
]
FIGURE_SOURCES = ["tb/cosim/CMakeLists.txt", "tb/integration/CMakeLists.txt"]
# figures that are counts of CTest tests: (figure, glob); the regexes are in FIGURES
TEST_COUNTS = [("tests portable.*", "portable.*")]


def check_figures(root, files, checker, sources):
    truths = code_truths(root)
    if checker.tests is not None:
        for fig, glob_ in TEST_COUNTS:
            truths[fig] = (sum(1 for t in checker.tests if fnmatch.fnmatchcase(t, glob_)),
                           "CTest (%s)" % glob_)
    seen = {}  # figure -> list of (value, where)
    for path in files + sources:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        rel = display(root, path)
        # a figure may run across a line break: prose is matched with newlines as spaces
        # (and a comment's leading '#' dropped); patterns anchored with ^ match single lines
        flat = re.sub(r"\n[ \t]*#?[ \t]*", lambda m: " " * len(m.group(0)), text)
        for fig, rx in FIGURES:
            anchored = rx.startswith("^")
            for m in re.finditer(rx, text if anchored else flat, re.M if anchored else re.I):
                lineno = text.count("\n", 0, m.start()) + 1
                seen.setdefault(fig, []).append((number(m.group(1)), (rel, lineno)))
    for fig, hits in seen.items():
        checker.refs += len(hits)
        if fig in truths:
            want, src = truths[fig]
            for v, where in hits:
                if v != want:
                    checker.problem(where, "%s is %s here but %s in %s" % (fig, v, want, src))
        else:
            values = {}
            for v, where in hits:
                values.setdefault(v, []).append(where)
            if len(values) > 1:
                ref = max(values, key=lambda v: len(values[v]))
                first = values[ref][0]
                for v, wheres in values.items():
                    if v == ref:
                        continue
                    for where in wheres:
                        checker.problem(where, "%s is %s here but %s at %s:%d" % (fig, v, ref, first[0], first[1]))
    return seen


def ctest_query(build):
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("ctest --show-only=json-v1 in %s failed: %s" % (build, out.stderr.strip()))
    data = json.loads(out.stdout)
    tests, labels = set(), set()
    for t in data.get("tests", []):
        tests.add(t["name"])
        for p in t.get("properties", []):
            if p.get("name") == "LABELS":
                labels.update(p["value"])
    return tests, labels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog="Exit status: 0 no problems, "
                                 "1 problems found, 2 usage error.")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="repository root (default: this script's parent directory)")
    ap.add_argument("--build", help="a configured CMake build directory (CTest names and labels)")
    ap.add_argument("files", nargs="*", help="documents, relative to --root or absolute (default: README.md "
                    "docs/*.md); a file named README.md must have the complete 'CTest labels:' list")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    files = args.files or ["README.md"] + sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "docs", "*.md")))
    for f in files:
        if not os.path.isfile(os.path.join(root, f)):
            print("check_docs: no such document: %s" % f, file=sys.stderr)
            return 2
    tests = labels = None
    if args.build:
        try:
            tests, labels = ctest_query(args.build)
        except (OSError, RuntimeError, ValueError) as e:
            print("check_docs: %s" % e, file=sys.stderr)
            return 2
    else:
        print("docs: no --build: CTest names and labels not checked")
    c = Checker(root, tests, labels)
    for f in files:
        c.check_doc(f)
    for f in files:
        if os.path.basename(f) == "README.md":
            c.check_label_list(f)
    check_packages(root, files, c)
    # the code comments that quote a figure are checked with the whole set of documents
    check_figures(root, files, c, [] if args.files else FIGURE_SOURCES)
    for p in c.problems:
        print(p)
    print("docs: %d references checked in %d files, %d problems" % (c.refs, len(files), len(c.problems)))
    return 1 if c.problems else 0


if __name__ == "__main__":
    sys.exit(main())
