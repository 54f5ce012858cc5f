"""fiu: the bit-exact C golden model of the Fragment Interpolation Unit, from Python.

Every result comes from the C library (``cmodel/``) through the extension ``fiu._fiu``;
this package converts arguments, broadcasts numpy arrays and checks ranges. Values are
IEEE-754 binary32 **bit patterns** (``int`` or ``numpy.uint32``), never Python floats.

>>> import fiu
>>> hex(fiu.f32_dotadd(0x3F800000, 0x40000000, 0x40400000, 0x40800000, 0x3F800000))
'0x41700000'

See docs/python.md for the whole API.
"""
from __future__ import annotations

import array
import enum
import struct
from dataclasses import dataclass, field
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _fiu
from ._fiu import VectorFormatError

__all__ = [
    "__version__", "VectorFormatError", "Op", "IpaMode", "Loc", "Interp", "AlphaFunc", "AlphaFormat", "UnpackFormat",
    "Status", "status_name", "f32_dotadd", "f32_dotadd_ref", "f32_fma", "f32_mul", "f32_flush",
    "f32_post_multiply", "f32_saturate", "unpack", "alpha_pass", "alpha_unorm", "f32_bits", "f32_value",
    "Lane", "Request", "Response", "State", "MAX_LANES",
    # vector files (fiu.vectors)
    "RamSize", "Ram", "Map", "Samples", "Alpha", "Mode", "RequestRecord", "read_vectors", "parse_vectors",
    "write_vectors", "format_vectors", "run_vectors", "generate",
]

#: The version of the C library the extension is built from (the file VERSION at the top of
#: the source tree; the same as the installed distribution's metadata).
__version__: str = _fiu.__version__
MAX_LANES: int = _fiu.MAX_LANES
U32 = Union[int, np.integer, np.ndarray, Sequence[int]]


# ---- enumerations (cmodel/include/fiu.h; docs/spec.md) ----

class Op(enum.IntEnum):
    """``fiu_op``: the request's operation."""
    IPA = 0
    AL2P = 1
    VINTRP = 2
    ATEST = 3
    UNPACK = 4


class IpaMode(enum.IntEnum):
    """``fiu_ipa_mode`` (spec 4.4)."""
    PASS = 0
    MUL = 1
    CONSTANT = 2
    SC = 3


class Loc(enum.IntEnum):
    """``fiu_loc``: IPA sample location (spec 3.2); 6 and 7 are reserved."""
    CENTER = 0
    CENTROID = 1
    OFFSET = 2
    INVALID = 3
    SAMPLE = 4
    AT_SAMPLE = 5


class Interp(enum.IntEnum):
    """``fiu_interp``: attribute interpolation type of a map entry."""
    CONSTANT = 0
    PERSPECTIVE = 1
    LINEAR = 2


class AlphaFunc(enum.IntEnum):
    """``fiu_alpha_func`` (spec 5)."""
    NEVER = 0
    LESS = 1
    EQUAL = 2
    LEQUAL = 3
    GREATER = 4
    NOTEQUAL = 5
    GEQUAL = 6
    ALWAYS = 7


class AlphaFormat(enum.IntEnum):
    """``fiu_alpha_format``: compare format of the alpha test."""
    FLOAT32 = 0
    UNORM8 = 1
    UNORM10 = 2
    UNORM16 = 3


class UnpackFormat(enum.IntEnum):
    """``fiu_unpack_format`` (spec 6.2)."""
    UNORM = 0
    SNORM = 1
    SNORM_LEGACY = 2
    USCALED = 3
    SSCALED = 4
    UINT = 5
    SINT = 6


class Status(enum.IntEnum):
    """``fiu_status`` (spec 7): a response carries the lowest nonzero code raised."""
    OK = 0
    BAD_OP = 1
    BAD_SAMPLE_MODE = 2
    BAD_IPA_MODE = 3
    VINTRP_ENCODING = 4
    VINTRP_OPCODE = 5
    VINTRP_VDST_VSRC = 6
    VINTRP_MOV_PARAM = 7
    VINTRP_ATTR = 8
    WAVE_RANGE = 9
    BAD_UNPACK = 10
    SAMPLE_COUNT = 11
    MISALIGNED = 12
    UNMAPPED = 13
    ADDR_RANGE = 14
    SAMPLE_INDEX = 15
    PUNIFORM = 16


def status_name(code: int) -> Optional[str]:
    """The vector-file name of a status code (``"OK"``, ``"UNMAPPED"``, ...), None if unknown."""
    return _fiu.status_name(code)


# ---- bit-pattern arguments ----

def _as_u32(x: Any, what: str) -> Tuple[np.ndarray, bool]:
    """(uint32 array, is_scalar). Rejects floats, out-of-range and non-integer values."""
    if isinstance(x, (bool, np.bool_)):
        x = int(x)
    if isinstance(x, (int, np.integer)):
        v = int(x)
        if not 0 <= v <= 0xFFFFFFFF:
            raise ValueError(f"{what}: value {v:#x} out of range (0..0xffffffff, a 32-bit pattern)")
        return np.array([v], dtype=np.uint32), True
    if isinstance(x, (float, np.floating)):
        raise TypeError(f"{what}: expected a bit pattern (int or uint32 array), got float {x!r}; "
                        "use fiu.f32_bits() to convert a float")
    arr = x if isinstance(x, np.ndarray) else None
    if arr is None:
        if isinstance(x, (str, bytes)) or not isinstance(x, Iterable):
            raise TypeError(f"{what}: expected an int, a numpy integer array or a sequence of ints, "
                            f"got {type(x).__name__}")
        try:
            arr = np.asarray(x)
        except (ValueError, TypeError) as e:
            raise TypeError(f"{what}: not an array of ints ({e})") from None
        if arr.dtype == object:
            try:
                vals = [int(v) for v in arr.ravel()]
            except (TypeError, ValueError):
                raise TypeError(f"{what}: expected integers") from None
            bad = [v for v in vals if not 0 <= v <= 0xFFFFFFFF]
            if bad:
                raise ValueError(f"{what}: value {bad[0]:#x} out of range (0..0xffffffff)")
            arr = np.array(vals, dtype=np.uint32).reshape(arr.shape)
    if arr.dtype == np.uint32:
        return arr, False
    if arr.dtype.kind == "b":
        return arr.astype(np.uint32), False
    if arr.dtype.kind not in "ui":
        raise TypeError(f"{what}: expected an integer array (bit patterns), got dtype {arr.dtype}")
    if arr.size and (int(arr.min()) < 0 or int(arr.max()) > 0xFFFFFFFF):
        bad = int(arr.min()) if int(arr.min()) < 0 else int(arr.max())
        raise ValueError(f"{what}: value {bad:#x} out of range (0..0xffffffff)")
    return arr.astype(np.uint32), False


def _flag(x: Any, what: str) -> int:
    if isinstance(x, (bool, np.bool_)):
        return int(x)
    if isinstance(x, (int, np.integer)) and int(x) in (0, 1):
        return int(x)
    raise ValueError(f"{what}: expected a bool, got {x!r}")


def _small(x: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
        raise TypeError(f"{what}: expected an int, got {type(x).__name__}")
    if not lo <= int(x) <= hi:
        raise ValueError(f"{what}: value {int(x)} out of range ({lo}..{hi})")
    return int(x)


def _vector(fn: Any, names: Sequence[str], args: Sequence[Any], *params: int) -> Any:
    """Broadcasts the bit-pattern args, calls fn(out, *flat_args, *params) in C."""
    if all(type(a) is int and 0 <= a <= 0xFFFFFFFF for a in args):  # scalar fast path
        out1 = array.array("I", [0])
        fn(out1, *[array.array("I", [a]) for a in args], *params)
        return out1[0]
    arrs, scalar = [], True
    for n, a in zip(names, args):
        arr, s = _as_u32(a, n)
        arrs.append(arr)
        scalar = scalar and s
    try:
        bc = np.broadcast_arrays(*arrs)
    except ValueError:
        shapes = ", ".join(f"{n}{tuple(a.shape)}" for n, a in zip(names, arrs))
        raise ValueError(f"arguments do not broadcast together: {shapes}") from None
    shape = bc[0].shape
    flat = [np.ascontiguousarray(b, dtype=np.uint32).reshape(-1) for b in bc]
    out = np.empty(shape, dtype=np.uint32)
    fn(out.reshape(-1), *flat, *params)
    return int(out.reshape(-1)[0]) if scalar else out


def _mode(fused: Any, flush: Any) -> int:
    return (_fiu.F32_FUSED if _flag(fused, "fused") else 0) | (_fiu.F32_FLUSH if _flag(flush, "flush") else 0)


# ---- fp32 core (docs/spec.md chapter 2) ----

def f32_dotadd(a: U32, b: U32, c: U32, d: U32, e: U32, fused: bool = True, flush: bool = True) -> Any:
    """RNE(a*b + c*d + e) on fp32 bit patterns (spec 2.1-2.7; ``fiu_f32_dotadd``).

    fused: products exact with one rounding (else each product rounded first);
    flush: subnormal inputs and outputs become signed zero (else PRESERVE).
    Scalars give an int; arrays (broadcast together) give a numpy uint32 array, computed in C.
    """
    return _vector(_fiu.v_dotadd, "abcde", (a, b, c, d, e), _mode(fused, flush), 0)


def f32_dotadd_ref(a: U32, b: U32, c: U32, d: U32, e: U32, fused: bool = True, flush: bool = True) -> Any:
    """The slow exact reference of :func:`f32_dotadd` (``fiu_f32_dotadd_ref``); same results."""
    return _vector(_fiu.v_dotadd, "abcde", (a, b, c, d, e), _mode(fused, flush), 1)


def f32_fma(a: U32, b: U32, e: U32, fused: bool = True, flush: bool = True) -> Any:
    """RNE(a*b + e) (``fiu_f32_fma``); broadcast like :func:`f32_dotadd`."""
    return _vector(_fiu.v_fma, "abe", (a, b, e), _mode(fused, flush))


def f32_mul(a: U32, b: U32, fused: bool = True, flush: bool = True) -> Any:
    """RNE(a*b) (``fiu_f32_mul``)."""
    return _vector(_fiu.v_binary, "ab", (a, b), 0, _mode(fused, flush), 0)


def f32_flush(x: U32) -> Any:
    """Subnormal -> zero of the same sign (spec 2.5; ``fiu_f32_flush``)."""
    return _vector(_fiu.v_unary, "x", (x,), 0, 0, 0, 0)


def f32_post_multiply(r: U32, rb: U32, pmul: bool = True, sat: bool = False) -> Any:
    """Post-multiply stage (spec 2.8): RNE(r*rb), flushed; r unchanged when not pmul and not sat."""
    return _vector(_fiu.v_binary, ("r", "rb"), (r, rb), 1, _flag(pmul, "pmul"), _flag(sat, "sat"))


def f32_saturate(x: U32) -> Any:
    """Saturate stage (spec 2.9): flush, clamp to [+0, 1]; NaN and -0 give +0."""
    return _vector(_fiu.v_unary, "x", (x,), 1, 0, 0, 0)


def unpack(packed: U32, comp: int, fmt: int, bgra: bool = False) -> Any:
    """2_10_10_10 unpack (spec 6; ``fiu_unpack``) of component comp (0..3) in format fmt (0..6).

    An out-of-range comp or fmt raises ValueError (a request with one gets ``BAD_UNPACK``
    from :meth:`State.execute`).
    """
    c = _small(comp, "comp", 0, 3)
    f = _small(fmt, "fmt", 0, len(UnpackFormat) - 1)
    return _vector(_fiu.v_unary, ("packed",), (packed,), 3, c, f, _flag(bgra, "bgra"))


def alpha_pass(func: int, format: int, alpha: U32, ref: U32) -> Any:
    """Alpha compare (spec 5; ``fiu_alpha_pass``): True (1) if alpha passes func against ref.

    Scalars give a bool; arrays give a numpy bool array.
    """
    fn = _small(func, "func", 0, 7)
    fm = _small(format, "format", 0, 3)
    r = _vector(_fiu.v_binary, ("alpha", "ref"), (alpha, ref), 2, fn, fm)
    return bool(r) if isinstance(r, int) else r.astype(bool)


def alpha_unorm(a: U32, bits: int) -> Any:
    """fp32 alpha to UNORMn (spec 5.3; ``fiu_alpha_unorm``): NaN -> 0, clamp, nearest."""
    return _vector(_fiu.v_unary, ("a",), (a,), 2, _small(bits, "bits", 1, 32), 0, 0)


def f32_bits(x: float) -> int:
    """The fp32 bit pattern of a Python float (rounded to nearest; exact for fp32 values)."""
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f32_value(bits: int) -> float:
    """The value of an fp32 bit pattern as a Python float (exact)."""
    v, _ = _as_u32(bits, "bits")
    return struct.unpack("<f", struct.pack("<I", int(v[0])))[0]


# ---- requests and responses (docs/spec.md 1.3; fiu_request, fiu_lane, fiu_response) ----

@dataclass
class Lane:
    """``fiu_lane``: one lane's operands (defaults as in the vector format: active, guard)."""
    active: bool = True
    guard: bool = True
    px: int = 0
    py: int = 0
    sample_id: int = 0
    coverage: int = 0
    prim_base: int = 0
    prim_id: int = 0
    front_face: bool = False
    ra: int = 0
    rb: int = 0
    rc: int = 0
    rd: int = 0


@dataclass
class Request:
    """``fiu_request``. ``lane`` holds the lanes; ``lanes`` is their count (1..64).

    ``Request(op=Op.IPA, lanes=4)`` makes 4 default lanes; ``Request(op=..., lane=[...])`` sets
    lanes from the list. Defaults are the vector format's (``ipa_mode`` MUL, ``pmul`` True).
    """
    op: int = Op.IPA
    ipa_mode: int = IpaMode.MUL
    loc: int = Loc.CENTER
    sat: bool = False
    idx: bool = False
    atest: bool = False
    pmul: bool = True
    puniform: bool = False
    imm: int = 0
    vintrp: int = 0
    m0: int = 0
    wave_lane0: int = 0
    unpack_fmt: int = UnpackFormat.UNORM
    unpack_comp: int = 0
    unpack_bgra: bool = False
    lanes: int = 0
    lane: List[Lane] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not isinstance(self.lanes, (int, np.integer)) or isinstance(self.lanes, bool):
            raise TypeError(f"Request.lanes: expected an int, got {type(self.lanes).__name__}")
        if not self.lane:
            if not 1 <= self.lanes <= MAX_LANES:
                raise ValueError(f"Request.lanes: value {self.lanes} out of range (1..{MAX_LANES})")
            self.lane = [Lane() for _ in range(self.lanes)]
        else:
            self.lane = list(self.lane)
            if self.lanes == 0:
                self.lanes = len(self.lane)
            elif self.lanes != len(self.lane):
                raise ValueError(f"Request: lanes={self.lanes} but {len(self.lane)} Lane objects given")


@dataclass
class Response:
    """``fiu_response``: per-lane results (written or not), masks, pred, status."""
    lanes: int
    result: List[int]
    wmask: int = 0
    kill: int = 0
    pred: bool = False
    status: int = Status.OK

    @property
    def status_name(self) -> str:
        """The status as its vector-file name (``"OK"``, ``"UNMAPPED"``, ...)."""
        return _fiu.status_name(self.status) or f"{self.status:#x}"

    def diff(self, other: "Response") -> List[str]:
        """Differences from other (as expected, got), one readable line each; [] if equal."""
        out = []
        for k in ("lanes", "status", "wmask", "kill", "pred"):
            a, b = getattr(self, k), getattr(other, k)
            if a != b:
                out.append(f"{k}: expected {a:#x} got {b:#x}" if k in ("wmask", "kill")
                           else f"{k}: expected {a} got {b}")
        for i, (a, b) in enumerate(zip(self.result, other.result)):
            if a != b:
                out.append(f"lane {i}: expected {a:08x} ({f32_value(a)!r}) got {b:08x} ({f32_value(b)!r})")
        return out


def _response(t: Tuple[int, Tuple[int, ...], int, int, bool, int]) -> Response:
    return Response(lanes=t[0], result=list(t[1]), wmask=t[2], kill=t[3], pred=bool(t[4]), status=t[5])


@dataclass(frozen=True)
class SampleTable:
    """``fiu_sample_table``: count and 16 entries of x, y (sixteenths) and centroid priority."""
    count: int
    x: Tuple[int, ...]
    y: Tuple[int, ...]
    priority: Tuple[int, ...]


class State(_fiu.StateBase):
    """``fiu_state``: parameter RAM, attribute map, sample table, alpha test and mode bits.

    ``State(ram_words=4096)`` is the reset state of ``fiu_state_init`` (RAM zero, map empty,
    1-sample table, alpha ALWAYS/FLOAT32/0, flush on, fused off). Writes mirror the
    ``fiu_state_*`` calls and raise ValueError/IndexError on out-of-range arguments;
    :meth:`execute` mirrors ``fiu_execute`` and never changes the state.

    Inherited methods (C): ``ram_write(addr, data)``, ``ram_write_block(addr, uint32_array)``,
    ``ram_read(addr)``, ``map_write(dword, present, plane, interp)``, ``map_read(dword)``,
    ``samples_write(count, x, y, priority=None)``, ``samples_default(count)``,
    ``alpha_write(func, format, ref)``, ``mode_write(flush=None, fused=None)``,
    ``apply(record)`` (a vector-file state record), ``copy()``; properties ``ram_words``,
    ``flush``, ``fused``.
    """

    def __init__(self, ram_words: int = _fiu.DEFAULT_RAMSIZE) -> None:
        super().__init__(ram_words)

    def execute(self, request: Request) -> Response:
        """The response of ``fiu_execute`` to request against this state."""
        return _response(self._execute(request))

    def execute_many(self, requests: Iterable[Request]) -> List[Response]:
        """:meth:`execute` for each request, in order (the state does not change between them)."""
        return [_response(self._execute(r)) for r in requests]

    def ram(self, addr: int = 0, count: Optional[int] = None) -> np.ndarray:
        """A copy of count RAM words from addr (default: all) as a uint32 array."""
        if count is None:
            count = self.ram_words - addr if isinstance(addr, int) and 0 <= addr < self.ram_words else 1
        return np.frombuffer(self.ram_read(addr, count), dtype=np.uint32).copy()

    def ram_write_words(self, addr: int, words: U32) -> None:
        """Writes a sequence or array of words at addr, addr+1, ..."""
        arr, _ = _as_u32(words, "words")
        self.ram_write_block(addr, np.ascontiguousarray(arr.reshape(-1)))

    @property
    def samples(self) -> SampleTable:
        """The sample table (count, x, y, priority; 16 entries each)."""
        c, x, y, p = self.samples_read()
        return SampleTable(c, x, y, p)

    @property
    def alpha(self) -> Tuple[AlphaFunc, AlphaFormat, int]:
        """(func, format, ref bits) of the alpha test."""
        f, m, r = self.alpha_read()
        return AlphaFunc(f), AlphaFormat(m), r

    @property
    def map(self) -> List[Tuple[bool, int, Interp]]:
        """The 256 attribute-map entries as (present, plane, interp)."""
        out = []
        for d in range(_fiu.MAP_ENTRIES):
            p, n, t = self.map_read(d)
            out.append((p, n, Interp(t)))
        return out

    def __repr__(self) -> str:
        f, m, r = self.alpha_read()
        return (f"State(ram_words={self.ram_words:#x}, flush={self.flush}, fused={self.fused}, "
                f"alpha=({AlphaFunc(f).name}, {AlphaFormat(m).name}, {r:#010x}), "
                f"samples={self.samples_read()[0]})")


from .vectors import (Alpha, Map, Mode, Ram, RamSize, RequestRecord, Samples,  # noqa: E402
                      format_vectors, generate, parse_vectors, read_vectors, run_vectors, write_vectors)
