"""The fiu C model through ctypes on the shared library (libfiu.so, built by cmake/fiu_install.cmake):
the scoreboard of the AXI4-Lite testbench. Structures mirror cmodel/include/fiu.h; check_layout()
replays a hand-computed request (tb/model/vectors/example.vec, request 0) to catch a mismatch."""
import ctypes as C
import os
import struct

MAX_LANES, MAP_ENTRIES, MAX_SAMPLES = 64, 256, 16


class Lane(C.Structure):
    _fields_ = [("active", C.c_bool), ("guard", C.c_bool), ("px", C.c_uint16), ("py", C.c_uint16),
                ("sample_id", C.c_uint8), ("coverage", C.c_uint16), ("prim_base", C.c_uint32),
                ("prim_id", C.c_uint32), ("front_face", C.c_bool), ("ra", C.c_uint32), ("rb", C.c_uint32),
                ("rc", C.c_uint32), ("rd", C.c_uint32)]


class Request(C.Structure):
    _fields_ = [("op", C.c_uint8), ("ipa_mode", C.c_uint8), ("loc", C.c_uint8), ("sat", C.c_bool),
                ("idx", C.c_bool), ("atest", C.c_bool), ("pmul", C.c_bool), ("puniform", C.c_bool),
                ("imm", C.c_uint16), ("vintrp", C.c_uint32), ("m0", C.c_uint32), ("wave_lane0", C.c_uint8),
                ("unpack_fmt", C.c_uint8), ("unpack_comp", C.c_uint8), ("unpack_bgra", C.c_bool),
                ("lanes", C.c_uint32), ("lane", Lane * MAX_LANES)]


class Response(C.Structure):
    _fields_ = [("lanes", C.c_uint32), ("result", C.c_uint32 * MAX_LANES), ("wmask", C.c_uint64),
                ("kill", C.c_uint64), ("pred", C.c_bool), ("status", C.c_uint8)]


class MapEntry(C.Structure):
    _fields_ = [("present", C.c_bool), ("plane", C.c_uint8), ("interp", C.c_uint8)]


class SampleTable(C.Structure):
    _fields_ = [("count", C.c_uint8), ("x", C.c_uint8 * MAX_SAMPLES), ("y", C.c_uint8 * MAX_SAMPLES),
                ("priority", C.c_uint8 * MAX_SAMPLES)]


class State(C.Structure):
    _fields_ = [("ram_words", C.c_uint32), ("ram", C.POINTER(C.c_uint32)), ("map", MapEntry * MAP_ENTRIES),
                ("samples", SampleTable), ("alpha_func", C.c_uint8), ("alpha_format", C.c_uint8),
                ("alpha_ref", C.c_uint32), ("flush", C.c_bool), ("fused", C.c_bool)]


def load(path=None):
    path = path or os.environ.get("FIU_LIB")
    if not path or not os.path.exists(path):
        raise RuntimeError(f"fiu_model: shared library {path!r} not found (set FIU_LIB to libfiu.so)")
    lib = C.CDLL(path)
    P = C.POINTER
    sig = {
        "fiu_state_init": (C.c_bool, [P(State), C.c_uint32]),
        "fiu_state_free": (None, [P(State)]),
        "fiu_state_ram_write": (C.c_bool, [P(State), C.c_uint32, C.c_uint32]),
        "fiu_state_map_write": (C.c_bool, [P(State), C.c_uint32, C.c_bool, C.c_uint32, C.c_uint32]),
        "fiu_state_samples_write": (C.c_bool, [P(State), C.c_uint32, P(C.c_uint8), P(C.c_uint8), P(C.c_uint8)]),
        "fiu_state_alpha_write": (C.c_bool, [P(State), C.c_uint32, C.c_uint32, C.c_uint32]),
        "fiu_state_mode_write": (None, [P(State), C.c_bool, C.c_bool]),
        "fiu_execute": (None, [P(State), P(Request), P(Response)]),
    }
    for name, (res, args) in sig.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    return lib


class Model:
    """One fiu_state and the calls the register writes make (docs/ip.md)."""

    def __init__(self, lib, ram_words):
        self.lib, self.st = lib, State()
        if not lib.fiu_state_init(C.byref(self.st), ram_words):
            raise RuntimeError("fiu_state_init failed")

    def free(self):
        self.lib.fiu_state_free(C.byref(self.st))

    def ram_write(self, w, data):
        return self.lib.fiu_state_ram_write(C.byref(self.st), w, data)

    def map_write(self, d, present, plane, interp):
        return self.lib.fiu_state_map_write(C.byref(self.st), d, present, plane, interp)

    def samples_write(self, count, x, y, prio):
        arr = C.c_uint8 * MAX_SAMPLES
        return self.lib.fiu_state_samples_write(C.byref(self.st), count, arr(*x), arr(*y), arr(*prio))

    def alpha_write(self, func, fmt, ref):
        return self.lib.fiu_state_alpha_write(C.byref(self.st), func, fmt, ref)

    def mode_write(self, flush, fused):
        self.lib.fiu_state_mode_write(C.byref(self.st), flush, fused)

    def execute(self, rq):
        rsp = Response()
        self.lib.fiu_execute(C.byref(self.st), C.byref(rq), C.byref(rsp))
        return rsp


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def check_layout(lib):
    """Request 0 of tb/model/vectors/example.vec (expected values computed by hand there)."""
    m = Model(lib, 0x100)
    try:
        for w, v in enumerate([1.0, 2.0, 3.0]):
            m.ram_write(w, f32(v))
        m.map_write(0x20, True, 0, 2)  # a[0x080] -> plane 0, LINEAR
        rq = Request(op=0, ipa_mode=0, loc=0, imm=0x080, lanes=4)
        for i, (px, py) in enumerate([(2, 3), (3, 3), (2, 4), (3, 4)]):
            rq.lane[i] = Lane(active=True, guard=True, px=px, py=py)
        rsp = m.execute(rq)
        got = [rsp.result[i] for i in range(4)]
        want = [f32(v) for v in (12.5, 13.5, 14.5, 15.5)]
        if got != want or rsp.status != 0 or rsp.wmask != 0xF or rsp.lanes != 4:
            raise RuntimeError(f"fiu_model: ctypes layout check failed: {got} status {rsp.status} "
                               f"wmask {rsp.wmask:#x}")
        if m.st.alpha_func != 7 or not m.st.flush or m.st.samples.count != 1 or m.st.samples.x[0] != 8:
            raise RuntimeError("fiu_model: fiu_state layout check failed")
    finally:
        m.free()
