#!/usr/bin/env python3
"""Checks a make wave-png picture: a PNG of at least MIN_W x MIN_H pixels that is not blank
(many distinct colours in its rows). Usage: check_png.py FILE [MIN_W MIN_H]."""
import struct
import sys
import zlib


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) > 1 else 2
    path = sys.argv[1]
    min_w, min_h = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (1000, 1000)
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        print(f"check_png: FAIL: {path} is not a PNG")
        return 1
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if width < min_w or height < min_h:
        print(f"check_png: FAIL: {width}x{height}, expected at least {min_w}x{min_h}")
        return 1
    raw = zlib.decompress(idat)
    distinct = len(set(raw[i:i + 3] for i in range(0, len(raw) - 3, 3)))
    if distinct < 32:
        print(f"check_png: FAIL: only {distinct} distinct pixel triples; blank picture?")
        return 1
    print(f"check_png: {path}: {width}x{height}, {distinct} distinct pixel triples PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
