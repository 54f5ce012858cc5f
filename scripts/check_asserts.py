#!/usr/bin/env python3
"""The RTL's assertions, their mutants and the tables that list them agree (docs/verification.md,
"Assertions and their mutants").

usage: scripts/check_asserts.py [--rtl DIR] [--mutants NAMES] [--gaps NAMES] [--doc FILE]... [--help]

  --rtl DIR        where the assertions are: every `FIU_ASSERT("name", ...)` in DIR/*.sv, with
                   its module (default rtl)
  --mutants NAMES  the assertions that a Verilator mutant test fires (comma-separated; CMake passes
                   the list it registered as rtl.assert.verilator.<name>): every assertion must be
                   among them, and every name must be an assertion
  --gaps NAMES     assertions known to have no Verilator mutant yet (comma-separated; each is
                   reported as a gap, and must be an assertion without one)
  --doc FILE       a document with an assertion table (a markdown table whose header row starts
                   `| name | module |`): every assertion has a row, each row's names are
                   assertions, and its module is the module that holds them (repeatable)
Each problem is printed as "file:line: reason"; the last line is
"check_asserts: N assertions, M with a Verilator mutant, R table rows in D documents, K problems".
Exit 0 if there is no problem, 1 if there is one, 2 on a usage error.
"""
import glob
import os
import re
import sys

ASSERT_RE = re.compile(r'`FIU_ASSERT\(\s*"(\w+)"')
MODULE_RE = re.compile(r"^\s*module\s+(\w+)", re.M)


def rtl_assertions(rtl):
    """name -> (file, line, module)"""
    found = {}
    for path in sorted(glob.glob(os.path.join(rtl, "*.sv"))):
        text = open(path, encoding="utf-8").read()
        mods = [(m.start(), m.group(1)) for m in MODULE_RE.finditer(text)]
        for m in ASSERT_RE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            if text[text.rfind("\n", 0, m.start()) + 1:m.start()].lstrip().startswith("//"):
                continue
            module = [name for at, name in mods if at < m.start()]
            found.setdefault(m.group(1), []).append((path, line, module[-1] if module else "?"))
    return found


def doc_tables(path):
    """[(line, [names], module)] of the rows of every table headed `| name | module |`"""
    rows, in_table = [], False
    for no, line in enumerate(open(path, encoding="utf-8"), 1):
        if re.match(r"^\|\s*name\s*\|\s*module\s*\|", line):
            in_table = True
            continue
        if not line.startswith("|"):
            in_table = False
            continue
        if in_table and not re.match(r"^\|[-| ]+\|\s*$", line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            names = re.findall(r"`(\w+)`", cells[0])
            module = re.findall(r"`(\w+)`", cells[1]) if len(cells) > 1 else []
            rows.append((no, names, module[0] if module else ""))
    return rows


def main(argv):
    rtl, mutants, docs, gaps = "rtl", None, [], []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a in ("--rtl", "--mutants", "--doc", "--gaps") and i + 1 < len(argv):
            v = argv[i + 1]
            if a == "--rtl":
                rtl = v
            elif a == "--gaps":
                gaps = [n for n in re.split(r"[,;\s]+", v) if n]
            elif a == "--mutants":
                mutants = [n for n in re.split(r"[,;\s]+", v) if n]
            else:
                docs.append(v)
            i += 2
            continue
        print("check_asserts.py: unknown argument '%s' (try --help)" % a, file=sys.stderr)
        return 2
    if not os.path.isdir(rtl):
        print("check_asserts.py: %s: no such directory" % rtl, file=sys.stderr)
        return 2
    problems = []
    found = rtl_assertions(rtl)
    for name, places in sorted(found.items()):
        if len(places) > 1:
            for path, line, _ in places[1:]:
                problems.append("%s:%d: assertion %s also at %s:%d (a name says which check fired: "
                                "one place each)" % (path, line, name, places[0][0], places[0][1]))
    with_mutant = 0
    if mutants is not None:
        for name, places in sorted(found.items()):
            if name in mutants:
                with_mutant += 1
                if name in gaps:
                    problems.append("%s:%d: assertion %s is listed as a gap but has a Verilator mutant"
                                    % (places[0][0], places[0][1], name))
            elif name in gaps:
                print("%s:%d: gap: assertion %s has no Verilator mutant yet" % (places[0][0], places[0][1], name))
            else:
                path, line, _ = places[0]
                problems.append("%s:%d: assertion %s has no Verilator mutant test "
                                "(fiu_sv_assert_mutant in tb/sv/CMakeLists.txt)" % (path, line, name))
        for name in gaps:
            if name not in found:
                problems.append("gap %s names no assertion in %s" % (name, rtl))
        for name in mutants:
            if name not in found:
                problems.append("tb/sv/CMakeLists.txt: mutant %s names no assertion in %s" % (name, rtl))
    n_rows = 0
    for doc in docs:
        if not os.path.isfile(doc):
            print("check_asserts.py: %s: no such file" % doc, file=sys.stderr)
            return 2
        rows = doc_tables(doc)
        n_rows += len(rows)
        listed = set()
        for line, names, module in rows:
            for name in names:
                listed.add(name)
                if name not in found:
                    problems.append("%s:%d: assertion %s is not in %s" % (doc, line, name, rtl))
                elif found[name][0][2] != module:
                    problems.append("%s:%d: assertion %s is in module %s (%s:%d), not %s"
                                    % (doc, line, name, found[name][0][2],
                                       os.path.basename(found[name][0][0]), found[name][0][1], module))
        if not rows:
            problems.append("%s: no assertion table (a header row starting '| name | module |')" % doc)
        for name in sorted(set(found) - listed):
            problems.append("%s: assertion %s (%s:%d) has no row" % (doc, name, found[name][0][0],
                                                                      found[name][0][1]))
    for p in problems:
        print(p)
    print("check_asserts: %d assertions, %d with a Verilator mutant, %d listed gaps, %d table rows in %d documents, %d problems"
          % (len(found), with_mutant, len(gaps), n_rows, len(docs), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
