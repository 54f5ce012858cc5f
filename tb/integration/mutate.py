#!/usr/bin/env python3
"""Write a mutant copy of rtl/ for the assertion tests (tb/integration/CMakeLists.txt).

usage: mutate.py RTL_DIR OUT_DIR FILE FROM TO [FROM TO]...

Copies every RTL_DIR/*.sv, *.svh and *.vlt to OUT_DIR, with each text FROM replaced by its TO in FILE. FROM must
occur exactly once in FILE, so that a change of the RTL that moves the mutated line fails the
build here instead of silently testing nothing. Exit 0 done, 2 usage or FROM not found once.
"""
import pathlib
import shutil
import sys


def main(argv):
    if len(argv) < 6 or len(argv) % 2 != 0 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr if len(argv) != 2 else sys.stdout)
        return 0 if len(argv) == 2 else 2
    rtl, out, name = pathlib.Path(argv[1]), pathlib.Path(argv[2]), argv[3]
    src = rtl / name
    if not src.is_file():
        print(f"mutate.py: {src}: no such file", file=sys.stderr)
        return 2
    text = src.read_text()
    for old, new in zip(argv[4::2], argv[5::2]):
        n = text.count(old)
        if n != 1:
            print(f"mutate.py: {src}: the text to mutate occurs {n} times, expected once: {old!r}",
                  file=sys.stderr)
            return 2
        text = text.replace(old, new)
    out.mkdir(parents=True, exist_ok=True)
    for pattern in ("*.sv", "*.svh", "*.vlt"):
        for f in rtl.glob(pattern):
            shutil.copyfile(f, out / f.name)
    (out / name).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
