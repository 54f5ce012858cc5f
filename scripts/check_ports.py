#!/usr/bin/env python3
"""Check that the copies of fiu_top's port list match rtl/fiu_top.sv (one port list).

fiu_top's ports (name, direction, width as written) are parsed from its ANSI port list and
compared with the two testbench modules that repeat them for `.*` connections:
  tb/sv/fiu_checker.sv       (bound to fiu_top): every port of fiu_top is an input of the
                             checker, same name, same width, and it has no other port
  tb/formal/fiu_top_props.sv and fiu_inv_props.sv (instantiate fiu_top with .*; --props, repeatable:
                             any such wrapper, its module named as its file): every input of fiu_top is an input
                             of the wrapper with the same width, every output of fiu_top a
                             `logic` of the same width declared once in its body, and the
                             wrapper has no other port
Widths are compared as written, blanks ignored ([LANES*16-1:0] is not [16*LANES-1:0]).
Errors are printed as FILE:LINE: reason; the last line is the summary. Exit status 0 when every
copy matches, 1 on a mismatch, 2 on a usage or parse error. CTest rtl.ports.match (and its
expected failure rtl.ports.mutant, scripts/check_ports_mutant.sh).
"""
import argparse
import os
import re
import sys

DIRS = ("input", "output", "inout")


class ParseError(Exception):
    pass


def strip_comments(text):
    """Comments replaced by blanks, newlines kept (offsets and line numbers stay)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


def matching(text, pos):
    """Offset just past the bracket closing the one at pos."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = []
    for i in range(pos, len(text)):
        c = text[i]
        if c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
    raise ParseError(f"unbalanced '{text[pos]}' at line {line_of(text, pos)}")


def split_top(text, start, end, sep=","):
    """(offset, piece) of text[start:end] split at sep outside brackets."""
    pieces, depth, last = [], 0, start
    for i in range(start, end):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == sep and depth == 0:
            pieces.append((last, text[last:i]))
            last = i + 1
    pieces.append((last, text[last:end]))
    return pieces


def norm(width):
    return re.sub(r"\s+", "", width)


class Module:
    def __init__(self, path, name):
        self.path = path
        with open(path) as f:
            self.raw = f.read()
        self.text = strip_comments(self.raw)
        m = re.search(r"\bmodule\s+" + re.escape(name) + r"\b", self.text)
        if not m:
            raise ParseError(f"{path}: module {name} not found")
        i = m.end()
        while self.text[i].isspace():
            i += 1
        if self.text[i] == "#":
            i = self.text.index("(", i)
            i = matching(self.text, i)
            while self.text[i].isspace():
                i += 1
        if self.text[i] != "(":
            raise ParseError(f"{path}:{line_of(self.text, i)}: module {name}: no port list")
        self.ports_end = matching(self.text, i)
        self.body_end = self.text.find("endmodule", self.ports_end)
        self.ports = []   # (name, direction, width, line)
        direction, width = None, ""
        for off, piece in split_top(self.text, i + 1, self.ports_end - 1):
            if not piece.strip():
                continue
            m = re.fullmatch(r"\s*(?:(input|output|inout)\b)?\s*(?:(?:logic|wire|reg|bit)\b)?\s*"
                             r"(?:signed\b)?\s*((?:\[[^\]]*\]\s*)*)(\w+)\s*", piece)
            if not m:
                raise ParseError(f"{path}:{line_of(self.text, off + len(piece) - len(piece.lstrip()))}: "
                                 f"cannot read the port declaration '{' '.join(piece.split())}'")
            if m.group(1):
                direction, width = m.group(1), norm(m.group(2))
            elif m.group(2):
                width = norm(m.group(2))
            if direction is None:
                raise ParseError(f"{path}:{line_of(self.text, off)}: port {m.group(3)} without a direction")
            self.ports.append((m.group(3), direction, width, line_of(self.text, off + m.start(3))))

    def logic_decls(self):
        """name -> [(width, line)] of `logic [..] a, b;` declarations in the module body."""
        decls = {}
        body = self.text[self.ports_end:self.body_end]
        for m in re.finditer(r"(?<![\w$.])logic\b\s*((?:\[[^\]]*\]\s*)*)([^;=()]*);", body):
            width = norm(m.group(1))
            base = self.ports_end + m.start(2)
            for off, name in split_top(m.group(2), 0, len(m.group(2))):
                nm = re.fullmatch(r"\s*(\w+)\s*", name)
                if nm:
                    decls.setdefault(nm.group(1), []).append(
                        (width, line_of(self.text, base + off + nm.start(1))))
        return decls


def check_checker(top, chk, rel, errors):
    ports = {p[0]: p for p in chk.ports}
    for name, direction, width, tline in top.ports:
        if name not in ports:
            errors.append(f"{rel(chk.path)}:{chk.ports[-1][3] if chk.ports else 1}: "
                          f"{name}: port of fiu_top ({rel(top.path)}:{tline}) missing")
            continue
        _, cdir, cwidth, cline = ports[name]
        if cdir != "input":
            errors.append(f"{rel(chk.path)}:{cline}: {name}: {cdir}, the checker only observes "
                          f"(input; fiu_top's is {direction} at {rel(top.path)}:{tline})")
        if cwidth != width:
            errors.append(f"{rel(chk.path)}:{cline}: {name}: width {cwidth or '1 bit'}, fiu_top has "
                          f"{width or '1 bit'} ({rel(top.path)}:{tline})")
    names = {p[0] for p in top.ports}
    for name, _, _, cline in chk.ports:
        if name not in names:
            errors.append(f"{rel(chk.path)}:{cline}: {name}: not a port of fiu_top ({rel(top.path)})")


def check_props(top, prp, rel, errors):
    ports = {p[0]: p for p in prp.ports}
    decls = prp.logic_decls()
    for name, direction, width, tline in top.ports:
        where = f"{rel(top.path)}:{tline}"
        if direction == "input":
            if name not in ports:
                errors.append(f"{rel(prp.path)}:{prp.ports[-1][3] if prp.ports else 1}: {name}: "
                              f"input of fiu_top ({where}) missing")
                continue
            _, pdir, pwidth, pline = ports[name]
            if pdir != "input":
                errors.append(f"{rel(prp.path)}:{pline}: {name}: {pdir}, fiu_top's is input ({where})")
            if pwidth != width:
                errors.append(f"{rel(prp.path)}:{pline}: {name}: width {pwidth or '1 bit'}, fiu_top has "
                              f"{width or '1 bit'} ({where})")
        else:
            if name in ports:
                errors.append(f"{rel(prp.path)}:{ports[name][3]}: {name}: a port of the wrapper, but "
                              f"fiu_top drives it ({direction}, {where}): declare it as logic")
                continue
            found = decls.get(name, [])
            if not found:
                errors.append(f"{rel(prp.path)}:{line_of(prp.text, prp.ports_end)}: {name}: output of "
                              f"fiu_top ({where}) not declared as logic in the wrapper")
                continue
            if len(found) > 1:
                errors.append(f"{rel(prp.path)}:{found[1][1]}: {name}: declared {len(found)} times")
            pwidth, pline = found[0]
            if pwidth != width:
                errors.append(f"{rel(prp.path)}:{pline}: {name}: width {pwidth or '1 bit'}, fiu_top has "
                              f"{width or '1 bit'} ({where})")
    names = {p[0] for p in top.ports}
    for name, _, _, pline in prp.ports:
        if name not in names:
            errors.append(f"{rel(prp.path)}:{pline}: {name}: not a port of fiu_top ({rel(top.path)})")


def main():
    doc = __doc__.splitlines()
    ap = argparse.ArgumentParser(description=doc[0], epilog="\n".join(doc[2:]),
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--top", default=os.path.join(root, "rtl/fiu_top.sv"), help="fiu_top's source")
    ap.add_argument("--checker", default=os.path.join(root, "tb/sv/fiu_checker.sv"),
                    help="the SV checker (module fiu_checker)")
    ap.add_argument("--props", action="append",
                    help="a formal wrapper that instantiates fiu_top with .* (its module named as the "
                         "file; repeatable; default tb/formal/fiu_top_props.sv and fiu_inv_props.sv)")
    a = ap.parse_args()
    if not a.props:
        a.props = [os.path.join(root, "tb/formal/fiu_top_props.sv"),
                   os.path.join(root, "tb/formal/fiu_inv_props.sv")]

    def rel(p):
        r = os.path.relpath(os.path.abspath(p), root)
        return p if r.startswith("..") else r

    try:
        top = Module(a.top, "fiu_top")
        chk = Module(a.checker, "fiu_checker")
        prps = [Module(p, os.path.splitext(os.path.basename(p))[0]) for p in a.props]
    except (OSError, ParseError) as e:
        print(f"check_ports: {e}", file=sys.stderr)
        print("check_ports: cannot read the port lists: FAIL")
        return 2
    if not top.ports:
        print(f"{rel(a.top)}:1: fiu_top has no ports", file=sys.stderr)
        print("check_ports: FAIL")
        return 2
    errors = []
    check_checker(top, chk, rel, errors)
    counts = [len(errors)]
    for prp, path in zip(prps, a.props):
        n = len(errors)
        check_props(top, prp, rel, errors)
        counts.append(len(errors) - n)
    for e in errors:
        print(e, file=sys.stderr)
    n_in = sum(1 for p in top.ports if p[1] == "input")
    files = [rel(a.checker)] + [rel(p) for p in a.props]
    if errors:
        def count(n):
            return f"{n} mismatch" + ("" if n == 1 else "es")
        print(f"check_ports: fiu_top's {len(top.ports)} ports ({n_in} inputs): "
              + ", ".join(f"{count(n)} in {f}" for n, f in zip(counts, files)) + ": FAIL")
        return 1
    print(f"check_ports: fiu_top's {len(top.ports)} ports ({n_in} inputs) match "
          f"{', '.join(files[:-1])} and {files[-1]}: PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
