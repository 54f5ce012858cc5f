"""Error paths: bad arguments raise clear Python exceptions and never crash the interpreter."""
import pathlib
import re

import numpy as np
import pytest

import fiu

ROOT = pathlib.Path(__file__).resolve().parents[2]
BAD = sorted((ROOT / "tb" / "model" / "vectors" / "bad").glob("*.vec"))
NOT_READER_ERRORS = {"no_expect.vec"}  # a `check` error (no expect block), not malformed input


@pytest.mark.parametrize("bad", [b.name for b in BAD])
def test_bad_vector_files(bad):
    """Every malformed file of tb/model/vectors/bad raises VectorFormatError with the
    'file:line: reason' that its '# expect-error: LINE: REGEX' comment names."""
    path = ROOT / "tb" / "model" / "vectors" / "bad" / bad
    m = re.search(r"# expect-error: (\d+): (.*)", path.read_text(errors="replace"))
    assert m, f"{bad}: no expect-error comment"
    if bad in NOT_READER_ERRORS:
        recs = list(fiu.read_vectors(path))
        assert any(isinstance(r, fiu.RequestRecord) and r.expect is None for r in recs)
        return
    with pytest.raises(fiu.VectorFormatError) as ei:
        list(fiu.read_vectors(path))
    msg = str(ei.value)
    assert msg.startswith(f"{path}:{m.group(1)}: "), msg
    assert re.search(m.group(2).strip(), msg), msg
    assert isinstance(ei.value, ValueError)


def test_reader_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        list(fiu.read_vectors(tmp_path / "missing.vec"))
    with pytest.raises(fiu.VectorFormatError, match=r"^x\.vec:2: "):
        fiu.parse_vectors("ramsize 10\nbogus 1\n", "x.vec")
    with pytest.raises(fiu.VectorFormatError, match=r"^y\.vec:1: "):
        fiu.parse_vectors("req op=IPA lanes=1\0\n", "y.vec")
    assert [type(r) for r in fiu.parse_vectors("")] == [fiu.RamSize]
    with pytest.raises(TypeError):
        fiu.parse_vectors(b"ramsize 10\n")


@pytest.mark.parametrize("call, exc, text", [
    (lambda: fiu.f32_dotadd(1.0, 0, 0, 0, 0), TypeError, "float"),
    (lambda: fiu.f32_dotadd(-1, 0, 0, 0, 0), ValueError, "out of range"),
    (lambda: fiu.f32_dotadd(1 << 32, 0, 0, 0, 0), ValueError, "out of range"),
    (lambda: fiu.f32_dotadd("1", 0, 0, 0, 0), TypeError, "expected"),
    (lambda: fiu.f32_dotadd(None, 0, 0, 0, 0), TypeError, "expected"),
    (lambda: fiu.f32_dotadd(np.zeros(3), 0, 0, 0, 0), TypeError, "dtype float64"),
    (lambda: fiu.f32_dotadd(np.array([-1, 2]), 0, 0, 0, 0), ValueError, "out of range"),
    (lambda: fiu.f32_dotadd(np.zeros(3, np.uint32), np.zeros(4, np.uint32), 0, 0, 0), ValueError, "broadcast"),
    (lambda: fiu.f32_dotadd(0, 0, 0, 0, 0, fused=2), ValueError, "fused"),
    (lambda: fiu.f32_dotadd(0, 0, 0, 0, 0, flush="yes"), ValueError, "flush"),
    (lambda: fiu.f32_mul([1, 2**40], 0), ValueError, "out of range"),
    (lambda: fiu.f32_flush([1, "x"]), (TypeError, ValueError), ""),
    (lambda: fiu.unpack(0, 4, 0), ValueError, "comp"),
    (lambda: fiu.unpack(0, 0, 7), ValueError, "fmt"),
    (lambda: fiu.unpack(0, 0.5, 0), TypeError, "comp"),
    (lambda: fiu.alpha_pass(8, 0, 0, 0), ValueError, "func"),
    (lambda: fiu.alpha_pass(0, 4, 0, 0), ValueError, "format"),
    (lambda: fiu.alpha_unorm(0, 0), ValueError, "bits"),
    (lambda: fiu.alpha_unorm(0, 33), ValueError, "bits"),
    (lambda: fiu._fiu.v_dotadd(np.zeros(2, np.uint32), *([np.zeros(3, np.uint32)] * 5), 0, 0), ValueError, "items"),
    (lambda: fiu._fiu.v_unary(np.zeros(2, np.float32), np.zeros(2, np.uint32), 0, 0, 0, 0), TypeError, "uint32"),
    (lambda: fiu._fiu.v_unary(np.zeros(4, np.uint32)[::2], np.zeros(2, np.uint32), 0, 0, 0, 0), TypeError, "contiguous"),
    (lambda: fiu._fiu.v_binary(b"abcd", b"abcd", b"abcd", 0, 0, 0), TypeError, "writable"),
])
def test_function_argument_errors(call, exc, text):
    with pytest.raises(exc) as ei:
        call()
    assert text in str(ei.value)


def test_state_errors():
    with pytest.raises(ValueError, match="ram_words"):
        fiu.State(0)
    with pytest.raises(ValueError, match="ram_words"):
        fiu.State(0x1000001)
    st = fiu.State(16)
    with pytest.raises(IndexError, match="outside the RAM"):
        st.ram_write(16, 0)
    with pytest.raises(IndexError, match="outside the RAM"):
        st.ram_read(0, 17)
    with pytest.raises(IndexError):
        st.ram_write_words(14, [1, 2, 3])
    with pytest.raises(ValueError, match="data"):
        st.ram_write(0, 1 << 32)
    with pytest.raises(ValueError, match="dword"):
        st.map_write(256, True, 0, 0)
    with pytest.raises(ValueError, match="interp"):
        st.map_write(0, True, 0, 3)
    with pytest.raises(ValueError, match="present"):
        st.map_write(0, 2, 0, 0)
    with pytest.raises(ValueError, match="standard pattern"):
        st.samples_default(3)
    with pytest.raises(ValueError, match="entries given"):
        st.samples_write(2, [1], [1, 2])
    with pytest.raises(ValueError, match="x\\[0\\]"):
        st.samples_write(1, [16], [0])
    with pytest.raises(ValueError, match="func"):
        st.alpha_write(8, 0, 0)
    with pytest.raises(ValueError, match="flush"):
        st.mode_write(flush=5)
    with pytest.raises(TypeError):
        st.execute(42)
    assert st.samples.count == 1  # nothing changed by the refused writes
    with pytest.raises(RuntimeError, match="not initialised"):
        fiu._fiu.StateBase.__new__(fiu._fiu.StateBase).ram_read(0)


def test_request_errors():
    st = fiu.State()
    with pytest.raises(ValueError, match="lanes"):
        fiu.Request(op=0, lanes=0)
    with pytest.raises(ValueError, match="lanes"):
        fiu.Request(op=0, lanes=65)
    with pytest.raises(ValueError, match="lanes=2 but 1"):
        fiu.Request(op=0, lanes=2, lane=[fiu.Lane()])
    rq = fiu.Request(op=0, lanes=2)
    rq.lane.append(fiu.Lane())
    with pytest.raises(ValueError, match=r"3 lanes given, Request.lanes is 2"):
        st.execute(rq)
    for field, value, exc, text in [
        ("op", 256, ValueError, r"Request\.op: value 256 out of range"),
        ("imm", -1, ValueError, r"Request\.imm"),
        ("vintrp", 1 << 32, ValueError, r"Request\.vintrp"),
        ("sat", 2, ValueError, r"Request\.sat"),
        ("m0", 1.5, TypeError, r"Request\.m0: expected an integer"),
        ("loc", "CENTER", TypeError, r"Request\.loc"),
    ]:
        rq = fiu.Request(op=0, lanes=1)
        setattr(rq, field, value)
        with pytest.raises(exc, match=text):
            st.execute(rq)
    rq = fiu.Request(op=0, lanes=4)
    rq.lane[3].px = 0x10000
    with pytest.raises(ValueError, match=r"Request\.lane\[3\]\.px: value 65536 out of range \(0\.\.0xffff\)"):
        st.execute(rq)
    rq = fiu.Request(op=0, lanes=1)
    rq.lane = [object()]
    with pytest.raises(TypeError, match=r"Request\.lane\[0\]\.active: missing attribute"):
        st.execute(rq)
    rq = fiu.Request(op=0, lanes=1)
    rq.lane = 5
    with pytest.raises(TypeError, match="sequence of Lane"):
        st.execute(rq)


def test_record_errors(tmp_path):
    st = fiu.State(16)
    with pytest.raises(IndexError, match="outside the RAM"):
        st.apply(fiu.Ram(15, [1, 2]))
    with pytest.raises(ValueError, match="1..256"):
        st.apply(fiu.Ram(0, []))
    with pytest.raises(ValueError, match="standard pattern"):
        st.apply(fiu.Samples(3))
    with pytest.raises(ValueError, match="give flush, fused or both"):
        st.apply(fiu.Mode())
    with pytest.raises(ValueError, match="ramsize"):
        st.apply(fiu.RamSize(0))
    with pytest.raises(TypeError, match="KIND"):
        st.apply(object())
    rr = fiu.RequestRecord(fiu.Request(op=0, lanes=2), fiu.Response(lanes=1, result=[0]))
    with pytest.raises(ValueError):
        fiu.format_vectors([rr])
    rr = fiu.RequestRecord(fiu.Request(op=0, lanes=1), fiu.Response(lanes=1, result=[0], wmask=2))
    with pytest.raises(ValueError, match="wmask"):
        fiu.format_vectors([rr])
    with pytest.raises(ValueError, match="unknown op"):
        fiu.generate(ops="ipa,bogus")
    with pytest.raises(ValueError, match="unknown mix"):
        fiu.generate(mix="fast")
    with pytest.raises(ValueError, match="lanes"):
        fiu.generate(lanes=65)
    st.apply(fiu.RamSize(32))
    assert st.ram_words == 32


def test_random_garbage_never_crashes(rng):
    """Random values of random types into every entry point: only Python exceptions."""
    pool = [0, 1, -1, 2**31, 2**32, 2**64, 1.5, float("nan"), None, "x", b"y", [1, 2], [[1], [2]],
            np.zeros(3, np.uint32), np.zeros((2, 2), np.int8), np.zeros(2, np.float32), object(), True]
    st = fiu.State(8)
    fns = [fiu.f32_dotadd, fiu.f32_fma, fiu.f32_mul, fiu.f32_flush, fiu.f32_saturate, fiu.f32_post_multiply,
           fiu.unpack, fiu.alpha_pass, fiu.alpha_unorm, st.ram_write, st.map_write, st.samples_write,
           st.alpha_write, st.mode_write, st.ram_read, st.samples_default, st.execute, st.apply,
           fiu._fiu.v_dotadd, fiu._fiu.v_unary, fiu._fiu.v_binary, fiu._fiu.v_fma,
           fiu._fiu.format_record]
    raised = 0
    for _ in range(3000):
        fn = rng.choice(fns)
        args = [rng.choice(pool) for _ in range(rng.randrange(0, 9))]
        try:
            fn(*args)
        except (TypeError, ValueError, IndexError, OverflowError):
            raised += 1
    assert raised > 2000
