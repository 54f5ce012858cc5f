"""Vector files (docs/vectors.md) from Python: records, reading, writing, running, generating.

Reading and writing go through the C reader and writer (``fiu_vreader``, ``fiu_vec_write``),
so a file reads exactly as ``fiu-model`` reads it and is written in its canonical form.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from typing import IO, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _fiu
from . import Lane, Request, Response, State, _response

PathOrFile = Union[str, "os.PathLike[str]", IO[str]]


@dataclass
class RamSize:
    """``ramsize N``: a fresh state with N RAM words (always the first record of a stream)."""
    ramsize: int = _fiu.DEFAULT_RAMSIZE
    line: int = 0
    KIND = _fiu.VREC_RAMSIZE


@dataclass
class Ram:
    """``ram A W0 W1 ...``: words at word addresses addr, addr+1, ... (1..256 per record)."""
    addr: int
    words: List[int]
    line: int = 0
    KIND = _fiu.VREC_RAM


@dataclass
class Map:
    """``map D P N T``: attribute-map entry of logical dword D."""
    dword: int
    present: bool
    plane: int
    interp: int
    line: int = 0
    KIND = _fiu.VREC_MAP


@dataclass
class Samples:
    """``samples N [x,y ...] [priority ...]``. x, y None: the standard pattern of count.

    Programmed tables give min(count, 16) entries in x, y (and priority, None = default order).
    """
    count: int
    x: Optional[Tuple[int, ...]] = None
    y: Optional[Tuple[int, ...]] = None
    priority: Optional[Tuple[int, ...]] = None
    line: int = 0
    KIND = _fiu.VREC_SAMPLES


@dataclass
class Alpha:
    """``alpha F M R``: alpha-test function, compare format, reference (fp32 bits)."""
    func: int
    format: int
    ref: int
    line: int = 0
    KIND = _fiu.VREC_ALPHA


@dataclass
class Mode:
    """``mode flush=B fused=B``; None keeps the current value."""
    flush: Optional[bool] = None
    fused: Optional[bool] = None
    line: int = 0
    KIND = _fiu.VREC_MODE


@dataclass
class RequestRecord:
    """A request and, if the file has one, its expected response."""
    request: Request
    expect: Optional[Response] = None
    line: int = 0
    KIND = _fiu.VREC_REQUEST


Record = Union[RamSize, Ram, Map, Samples, Alpha, Mode, RequestRecord]


def _record(t: tuple) -> Record:
    kind, line = t[0], t[1]
    if kind == _fiu.VREC_RAMSIZE:
        return RamSize(t[2], line)
    if kind == _fiu.VREC_RAM:
        return Ram(t[2], list(t[3]), line)
    if kind == _fiu.VREC_MAP:
        return Map(t[2], t[3], t[4], t[5], line)
    if kind == _fiu.VREC_SAMPLES:
        return Samples(t[2], t[3], t[4], t[5], line)
    if kind == _fiu.VREC_ALPHA:
        return Alpha(t[2], t[3], t[4], line)
    if kind == _fiu.VREC_MODE:
        return Mode(t[2], t[3], line)
    d = dict(t[2])
    lanes = [Lane(**ld) for ld in d.pop("lane")]
    rq = Request(lane=lanes, **d)
    return RequestRecord(rq, _response(t[3]) if t[3] is not None else None, line)


def read_vectors(path: Union[str, "os.PathLike[str]"]) -> Iterator[Record]:
    """Records of a vector file, in order; the first is always :class:`RamSize`.

    Raises OSError if the file cannot be opened and :class:`fiu.VectorFormatError`
    (``"file:line: reason"``, as ``fiu-model`` prints it) on malformed input.
    """
    r = _fiu.Reader(os.fspath(path))
    try:
        for t in r:
            yield _record(t)
    finally:
        r.close()


def parse_vectors(text: str, name: str = "<string>") -> List[Record]:
    """Records of vector-file text (name is used in error messages)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_vectors: expected str, got {type(text).__name__}")
    r = _fiu.Reader(None, text, name)
    try:
        return [_record(t) for t in r]
    finally:
        r.close()


def format_vectors(records: Iterable[Record], annotate: bool = True) -> str:
    """Canonical text of the records (``fiu_vec_write``), requests numbered from 0."""
    out = io.StringIO()
    _write(out, records, annotate)
    return out.getvalue()


def _write(f: IO[str], records: Iterable[Record], annotate: bool) -> None:
    n = 0
    for rec in records:
        if getattr(rec, "KIND", None) == _fiu.VREC_REQUEST:
            n += 1
            f.write(_fiu.format_record(rec, n, annotate))
        else:
            f.write(_fiu.format_record(rec, 0, annotate))


def write_vectors(dest: PathOrFile, records: Iterable[Record], annotate: bool = True) -> None:
    """Writes the records to a path or a text file object in canonical form (docs/vectors.md 9.4).

    Requests keep their ``expect`` (None: stimulus only). A stream without a leading
    :class:`RamSize` is read back with the default RAM size.
    """
    if isinstance(dest, (str, os.PathLike)):
        with open(dest, "w", encoding="ascii", newline="\n") as f:
            _write(f, records, annotate)
    else:
        _write(dest, records, annotate)


def run_vectors(records: Iterable[Record], state: Optional[State] = None) -> List[Record]:
    """Executes a stream as ``fiu-model run``: state records are applied in order and every
    request gets ``expect`` = its response (in new RequestRecord objects; the input's
    expectations are ignored). A stream without a leading RamSize starts from ``state`` (default
    a fresh ``State()``) and gets a RamSize record first, as the reader synthesises one."""
    out: List[Record] = []
    st = state if state is not None else State()
    first = True
    for rec in records:
        if first and not isinstance(rec, RamSize):
            out.append(RamSize(st.ram_words))
        first = False
        if isinstance(rec, RequestRecord):
            out.append(RequestRecord(rec.request, st.execute(rec.request), rec.line))
        else:
            st.apply(rec)
            out.append(rec)
    return out


_OPS = {"ipa": 1, "al2p": 2, "vintrp": 4, "atest": 8, "unpack": 16, "badop": 32}
_MIXES = {"corner": 0, "throughput": 1}


def generate(seed: int = 1, count: int = 100, lanes: int = 0, ops: Union[str, Sequence[str]] = "all",
             ram_words: int = 0, mix: str = "corner") -> List[Record]:
    """A constrained-random stream of the C generator (``fiu_gen_run``; docs/vectors.md 10).

    Same seed and options give the same records as ``fiu-model gen``; requests carry no
    expectation (use :func:`run_vectors`). lanes 0 = random per request; ram_words 0 = random;
    ops: "all" or names from ipa, al2p, vintrp, atest, unpack, badop; mix: corner or throughput.
    """
    names = ops.split(",") if isinstance(ops, str) else list(ops)
    mask = 0
    for n in names:
        n = n.strip()
        if n == "all":
            mask |= _fiu.GEN_ALL
        elif n in _OPS:
            mask |= _OPS[n]
        else:
            raise ValueError(f"generate: unknown op '{n}' (all, {', '.join(_OPS)})")
    if mix not in _MIXES:
        raise ValueError(f"generate: unknown mix '{mix}' (corner, throughput)")
    return [_record(t) for t in _fiu.generate(seed, count, lanes, mask, ram_words, _MIXES[mix])]
