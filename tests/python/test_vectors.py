"""State.execute and the vector files: the fiu package against the C tools.

Independent paths: the expect blocks written by fiu-model (gen/run) or by hand, and the text of
`fiu-model run` / `fiu-model gen`, compared with what the package reads, executes and writes.
"""
import glob
import pathlib
import re
import subprocess

import pytest

import fiu

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tb" / "model" / "vectors" / "example.vec"
ISSUE_CASES = ROOT / "tb" / "cosim" / "data" / "issue_cases.vec"


def execute_file(path):
    """(requests, lanes) after checking every request of a file against its expect block."""
    st = fiu.State()
    n = lanes = 0
    for rec in fiu.read_vectors(path):
        if isinstance(rec, fiu.RequestRecord):
            assert rec.expect is not None, f"{path}:{rec.line}: no expect block"
            got = st.execute(rec.request)
            assert got == rec.expect, f"{path}:{rec.line}: " + "; ".join(rec.expect.diff(got))
            n += 1
            lanes += rec.request.lanes
        else:
            st.apply(rec)
    return n, lanes


def strip_comments(text):
    return [ln for ln in text.splitlines() if not ln.startswith("#")]


def test_example_file():
    """The hand-written example (expected values computed by hand, docs/vectors.md 7)."""
    assert execute_file(EXAMPLE) == (19, 33)


def test_smoke_vec(smoke_vec):
    n, lanes = execute_file(smoke_vec)
    assert n == 400 and lanes == 1600


def test_issue_cases(fiu_model):
    """A stimulus-only file: the package's run output equals `fiu-model run`'s."""
    recs = list(fiu.read_vectors(ISSUE_CASES))
    assert all(r.expect is None for r in recs if isinstance(r, fiu.RequestRecord))
    mine = fiu.format_vectors(fiu.run_vectors(recs))
    ref = subprocess.run([str(fiu_model), "run", str(ISSUE_CASES)], check=True, capture_output=True, text=True).stdout
    assert strip_comments(mine) == strip_comments(ref) and mine.count("expect ") > 10


@pytest.mark.parametrize("k", range(6))
def test_generated_streams_against_fiu_model(fiu_model, tmp_path, seed, k):
    """fiu-model gen (the C CLI) writes streams with expectations; the package reads and executes
    them. Lanes random 1..64 and every mix; then `fiu.run_vectors` + `write_vectors` must give
    the text of `fiu-model run` line for line, and `fiu.generate` the records of `fiu-model gen`."""
    s = seed * 100 + k
    mix = "throughput" if k % 3 == 2 else "corner"
    lanes = ["0", "4", "0", "1", "64", "0"][k]  # 0: random per request (no --lanes)
    args = ["--seed", str(s), "--count", "300", "--mix", mix] + (["--lanes", lanes] if lanes != "0" else [])
    if mix == "throughput":
        args += ["--ramsize", "0x1000"]
    vec = tmp_path / "g.vec"
    subprocess.run([str(fiu_model), "gen", *args, "-o", str(vec)], check=True, capture_output=True)
    n, _ = execute_file(vec)
    assert n == 300
    recs = list(fiu.read_vectors(vec))
    ran = fiu.run_vectors(recs)
    mine = tmp_path / "py.vec"
    fiu.write_vectors(mine, ran)
    ref = subprocess.run([str(fiu_model), "run", str(vec)], check=True, capture_output=True, text=True).stdout
    assert strip_comments(mine.read_text()) == strip_comments(ref)
    # the generator through the package: same stream as the CLI
    gen = fiu.generate(seed=s, count=300, lanes=int(lanes), mix=mix, ram_words=0x1000 if mix == "throughput" else 0)
    assert strip_comments(fiu.format_vectors(fiu.run_vectors(gen))) == strip_comments(ref)


def test_run_vectors_keeps_state_semantics():
    text = """ramsize 100
ram 0 3f800000 40000000 40400000
map 20 1 0 L
req op=IPA ipa_mode=PASS imm=80 lanes=1
lane 0 px=2 py=3
end
ram 0 00000000
req op=IPA ipa_mode=PASS imm=80 lanes=1
lane 0 px=2 py=3
end
"""
    recs = fiu.run_vectors(fiu.parse_vectors(text, "inline.vec"))
    reqs = [r for r in recs if isinstance(r, fiu.RequestRecord)]
    assert reqs[0].expect.result == [0x41480000]  # 2.5 + 7 + 3 = 12.5
    assert reqs[1].expect.result == [0x41200000]  # 7 + 3 = 10 once A = 0
    assert reqs[0].expect.wmask == 1 and reqs[0].expect.status == fiu.Status.OK


def test_state_api():
    st = fiu.State(0x100)
    assert st.ram_words == 0x100 and st.flush and not st.fused
    st.ram_write(5, 0x3F800000)
    assert st.ram_read(5) == 0x3F800000
    st.ram_write_words(0x10, [1, 2, 3])
    assert list(st.ram(0x10, 3)) == [1, 2, 3] and st.ram().shape == (0x100,)
    st.map_write(0x20, True, 3, fiu.Interp.PERSPECTIVE)
    assert st.map_read(0x20) == (True, 3, 1) and st.map[0x20] == (True, 3, fiu.Interp.PERSPECTIVE)
    st.samples_default(4)
    assert st.samples.count == 4
    st.samples_write(2, [1, 2], [3, 4], priority=[1, 0])
    t = st.samples
    assert t.count == 2 and t.x[:2] == (1, 2) and t.y[:2] == (3, 4) and t.priority[:2] == (1, 0)
    st.alpha_write(fiu.AlphaFunc.GREATER, fiu.AlphaFormat.UNORM8, 0x3F000000)
    assert st.alpha == (fiu.AlphaFunc.GREATER, fiu.AlphaFormat.UNORM8, 0x3F000000)
    st.mode_write(flush=False)
    assert not st.flush and not st.fused
    st.mode_write(fused=True)
    assert not st.flush and st.fused
    c = st.copy()
    c.ram_write(5, 0)
    assert st.ram_read(5) == 0x3F800000 and c.ram_read(5) == 0 and c.fused
    assert "GREATER" in repr(st)


def test_execute_statuses_and_masks():
    st = fiu.State()
    st.alpha_write(fiu.AlphaFunc.GREATER, fiu.AlphaFormat.FLOAT32, 0x3F000000)
    rq = fiu.Request(op=fiu.Op.ATEST, lanes=3)
    rq.lane[0].rb = 0x3F400000  # passes
    rq.lane[1].rb = 0x7FC00000  # NaN: killed
    rq.lane[2].active = False
    r = st.execute(rq)
    assert (r.status, r.wmask, r.kill) == (fiu.Status.OK, 0b011, 0b010) and r.status_name == "OK"
    assert r.result[:2] == [0x3F400000, 0x7FC00000]
    bad = st.execute(fiu.Request(op=6, lanes=1))
    assert bad.status == fiu.Status.BAD_OP and bad.status_name == "BAD_OP"
    un = st.execute(fiu.Request(op=fiu.Op.IPA, imm=0x80, lanes=2))
    assert un.status == fiu.Status.UNMAPPED and un.wmask == 0
    up = st.execute(fiu.Request(op=fiu.Op.UNPACK, unpack_fmt=7, lanes=1))
    assert up.status == fiu.Status.BAD_UNPACK
    assert [fiu.status_name(s) for s in fiu.Status] == [s.name for s in fiu.Status]
    assert st.execute_many([rq, rq]) == [r, r]


def test_write_read_roundtrip(tmp_path):
    recs = fiu.run_vectors(fiu.generate(seed=3, count=50, lanes=0))
    p = tmp_path / "rt.vec"
    fiu.write_vectors(p, recs)
    back = list(fiu.read_vectors(p))  # ram records of > 8 words come back split (canonical form)
    ra = [r for r in recs if isinstance(r, fiu.RequestRecord)]
    rb = [r for r in back if isinstance(r, fiu.RequestRecord)]
    assert len(ra) == len(rb) == 50
    for a, b in zip(ra, rb):
        assert a.request == b.request and a.expect == b.expect
    assert fiu.format_vectors(recs, annotate=False) == fiu.format_vectors(back, annotate=False)
    assert "(" not in "".join(ln.split("#")[0] for ln in fiu.format_vectors(recs, annotate=False).splitlines())
