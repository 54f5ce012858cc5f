#!/usr/bin/env python3
"""The CMake targets a selection of CTest tests needs (make sim, make coverage).

usage: scripts/test_targets.py --build DIR [--stage plan|built] [--who NAME] -- CTEST_ARGS...

CTEST_ARGS select the tests as on ctest's command line (-L sim, -R REGEX, -E REGEX, ...). The
build directory must have been configured with the CMake file API's code model query
(DIR/.cmake/api/v1/query/codemodel-v2 existing before cmake ran), which maps every target to
the files it produces. A test needs the target that produces its program, every program named
in its arguments (test_vectors.sh FIU_MODEL ..., -DCMD=exe|args) and its REQUIRED_FILES.

--stage plan (default) prints the targets, one per line, and fails (exit 2) naming every test
whose program no target produces; --stage built fails (exit 1) naming every test whose program
or required file is still missing. NAME prefixes the error messages (default test_targets.py).
"""
import glob
import json
import os
import re
import subprocess
import sys


def ctest(build, args):
    return subprocess.run(["ctest", "--test-dir", build, "-N"] + args, check=True,
                          stdout=subprocess.PIPE, universal_newlines=True).stdout


def code_model(build):
    """absolute path of every file a target produces -> the target's name"""
    reply = os.path.join(build, ".cmake", "api", "v1", "reply")
    indexes = sorted(glob.glob(os.path.join(reply, "index-*.json")))
    if not indexes:
        return None
    index = json.load(open(indexes[-1]))
    model = json.load(open(os.path.join(reply, index["reply"]["codemodel-v2"]["jsonFile"])))
    src_top = model["paths"]["source"]
    produces = {}
    for t in model["configurations"][0]["targets"]:
        tj = json.load(open(os.path.join(reply, t["jsonFile"])))
        for a in tj.get("artifacts", []):
            produces[os.path.normpath(os.path.join(build, a["path"]))] = t["name"]
        if tj["type"] == "UTILITY":  # custom targets: the files their commands generate,
            for s in tj.get("sources", []):  # listed as OUTPUT.rule
                p = os.path.normpath(os.path.join(src_top, s["path"]))
                if s.get("isGenerated") and p.endswith(".rule"):
                    produces.setdefault(p[:-len(".rule")], t["name"])
    return produces


def testfile_commands(build):
    """test name -> its command line, from the CTestTestfile.cmake files: CTest's JSON leaves out
    the command (arguments included) of a test whose program is not built yet"""
    cmds = {}
    for f in glob.glob(os.path.join(build, "**", "CTestTestfile.cmake"), recursive=True):
        for line in open(f):
            m = re.match(r"add_test\(\[=\[(.+?)\]=\] (.*)\)$", line.rstrip("\n"))
            if m:
                cmds[m.group(1)] = [re.sub(r"\\(.)", r"\1", a)
                                    for a in re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2))]
    return cmds


def main(argv):
    build, stage, who, sel = None, "plan", "test_targets.py", []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--":
            sel = argv[i + 1:]
            break
        if a in ("--build", "--stage", "--who") and i + 1 < len(argv):
            if a == "--build":
                build = argv[i + 1]
            elif a == "--stage":
                stage = argv[i + 1]
            else:
                who = argv[i + 1]
            i += 2
            continue
        print("test_targets.py: unknown argument '%s' (try --help)" % a, file=sys.stderr)
        return 2
    if not build or stage not in ("plan", "built"):
        print("test_targets.py: need --build DIR and --stage plan|built (try --help)", file=sys.stderr)
        return 2
    build = os.path.abspath(build)
    produces = code_model(build)
    if produces is None:
        print("%s: %s has no CMake code model (configure it after creating "
              ".cmake/api/v1/query/codemodel-v2)" % (who, build), file=sys.stderr)
        return 2
    tests = json.loads(ctest(build, sel + ["--show-only=json-v1"]))["tests"]
    # CTest leaves out the command of a test whose program does not exist yet; -V names it.
    missing_exe, pending = {}, None
    for line in ctest(build, sel + ["-V"]).splitlines():
        m = re.match(r"Could not find executable (.+)$", line)
        if m:
            pending = m.group(1)
            continue
        m = re.match(r"\s*Test\s+#\d+: (\S+)$", line)
        if m:
            if pending:
                missing_exe[m.group(1)] = pending
            pending = None

    from_file = testfile_commands(build)

    def in_build(p):
        return os.path.normpath(p).startswith(build + os.sep)

    targets, errors = [], []
    for t in tests:
        name = t["name"]
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        argv_t = t.get("command") or from_file.get(name) or [missing_exe.get(name, "")]
        if stage == "built" and "command" not in t:
            errors.append("%s: its program %s was not built" % (name, missing_exe.get(name, "?")))
        needed = []
        wd = props.get("WORKING_DIRECTORY")
        # programs named in the arguments too: test_vectors.sh FIU_MODEL ..., -DCMD=exe|args;
        # a relative one (vvp -n tb_smoke.vvp) from the test's working directory
        for k, arg in enumerate(argv_t):
            for tok in re.split(r"[|;=]", arg):
                if wd and tok and not tok.startswith(("/", "-", "+")):
                    tok = os.path.join(wd, tok)
                tok = os.path.normpath(tok) if tok.startswith("/") else None
                if tok and tok in produces:
                    needed.append(produces[tok])
                elif tok and k == 0 and in_build(tok):
                    errors.append("%s: runs %s, which no target of %s produces" % (name, tok, build))
        if argv_t == [""]:
            errors.append("%s: CTest names no program for it" % name)
        req = props.get("REQUIRED_FILES", [])
        for f in req if isinstance(req, list) else [req]:
            f = os.path.normpath(f)
            if f in produces:
                needed.append(produces[f])
                if stage == "built" and not os.path.exists(f):
                    errors.append("%s: required file %s was not built" % (name, f))
            elif not os.path.exists(f):
                errors.append("%s: requires %s, which no target produces" % (name, f))
        for n in needed:
            if n not in targets:
                targets.append(n)
    if not tests:
        errors.append("no test matches the selection")
    for e in errors:
        print("%s: %s%s" % (who, "selected test " if tests else "", e), file=sys.stderr)
    if errors:
        return 2 if stage == "plan" else 1
    if stage == "plan":
        print("\n".join(targets))
        print("%s: %d tests need %d targets" % (who, len(tests), len(targets)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
