#!/usr/bin/env python3
"""Every CTest test of fiu checks its exit status (docs/verification.md, "Tests that check their output").

usage: scripts/check_tests.py [--source DIR [--exclude DIR]...] [--build DIR] [--help]

CTest ignores a test's exit status when PASS_REGULAR_EXPRESSION is set, and WILL_FAIL passes on
any nonzero exit (a usage error included). Neither is used here: a test that checks its output
runs through scripts/expect_fail.sh (FIU_EXPECT, fiu_expect_test), which checks the exit status
and the lines together.

  --source DIR  scan every CMakeLists.txt and *.cmake under DIR (build trees and .venv skipped)
                for PASS_REGULAR_EXPRESSION and WILL_FAIL outside comments and quoted strings
  --exclude DIR a folder of --source not scanned (repeatable; the bad fixture tb/docs/bad_tests)
  --build DIR   ask CTest (ctest --show-only=json-v1) for every test's properties: none may have
                PASS_REGULAR_EXPRESSION or WILL_FAIL, however the property was set
Each finding is printed as "file:line: reason" (or "test NAME: reason"); the last line is the
summary "check_tests: N files, M tests checked, K problems". Exit 0 if there is no problem,
1 if there is one, 2 on a usage error.
"""
import json
import os
import re
import subprocess
import sys

BANNED = ("PASS_REGULAR_EXPRESSION", "WILL_FAIL")
SKIP_DIRS = {".git", ".venv", "node_modules"}


def cmake_files(top, exclude):
    for root, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")
                         and not os.path.exists(os.path.join(root, d, "CMakeCache.txt"))
                         and os.path.realpath(os.path.join(root, d)) not in exclude)
        for f in sorted(files):
            if f == "CMakeLists.txt" or f.endswith(".cmake"):
                yield os.path.join(root, f)


REASON = {"PASS_REGULAR_EXPRESSION": "CTest then ignores the exit status",
          "WILL_FAIL": "it passes on any nonzero exit, a usage error included"}


def scan_source(top, exclude, problems):
    n = 0
    for path in cmake_files(top, exclude):
        n += 1
        rel = os.path.relpath(path, top)
        with open(path, encoding="utf-8", errors="replace") as fh:
            for no, line in enumerate(fh, 1):
                code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line).split("#", 1)[0]
                for word in BANNED:
                    if re.search(r"\b%s\b" % word, code):
                        problems.append("%s:%d: %s set (%s; use fiu_expect_test / FIU_EXPECT)"
                                        % (rel, no, word, REASON[word]))
    return n


def scan_build(build, problems):
    try:
        out = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        problems.append("%s: ctest --show-only=json-v1 failed: %s" % (build, e))
        return 0
    tests = json.loads(out).get("tests", [])
    for t in tests:
        for p in t.get("properties", []):
            if p["name"] in BANNED:
                problems.append("test %s: property %s (%s)" % (t["name"], p["name"], REASON[p["name"]]))
    return len(tests)


def main(argv):
    source, build, exclude = None, None, set()
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a in ("--source", "--build", "--exclude") and i + 1 < len(argv):
            if a == "--source":
                source = argv[i + 1]
            elif a == "--exclude":
                exclude.add(os.path.realpath(argv[i + 1]))
            else:
                build = argv[i + 1]
            i += 2
            continue
        print("check_tests.py: unknown argument '%s' (try --help)" % a, file=sys.stderr)
        return 2
    if not source and not build:
        print("check_tests.py: give --source DIR and/or --build DIR (try --help)", file=sys.stderr)
        return 2
    for d in (source, build):
        if d and not os.path.isdir(d):
            print("check_tests.py: %s: no such directory" % d, file=sys.stderr)
            return 2
    problems = []
    n_files = scan_source(source, exclude, problems) if source else 0
    n_tests = scan_build(build, problems) if build else 0
    for p in problems:
        print(p)
    print("check_tests: %d files, %d tests checked, %d problems" % (n_files, n_tests, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
