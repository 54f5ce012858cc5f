"""fp32 core and stage functions: the fiu package against the C library called directly.

fiu_pycheck (tests/python/fiu_pycheck.c, linked to libfiu_cmodel) draws >= 10^5 cases per
function and computes each with the C scalar function; the package recomputes them through
numpy arrays and the extension's loops (dot-add: the batch entry with its fast path) and
must give the same bits for every case.
"""
import subprocess

import numpy as np
import pytest

import fiu

COUNT = 100_000

# name -> (words per case, number of leading parameter words)
LAYOUT = {
    "dotadd": (7, 1), "dotadd_ref": (7, 1), "fma": (5, 1), "mul": (4, 1), "flush": (2, 0),
    "post_multiply": (4, 1), "saturate": (2, 0), "unpack": (5, 3), "alpha_pass": (5, 2), "alpha_unorm": (3, 1),
}


def cases(pycheck, tmp_path, name, seed, count=COUNT):
    out = tmp_path / f"{name}.bin"
    p = subprocess.run([str(pycheck), "--func", name, "--count", str(count), "--seed", str(seed), "-o", str(out)],
                       capture_output=True, text=True, check=True)
    assert f"func={name} seed={seed} count={count}" in p.stdout
    words, _ = LAYOUT[name]
    data = np.fromfile(out, dtype="<u4").reshape(-1, words)
    assert data.shape == (count, words)
    return data


def python_result(name, row_params, cols):
    """The package's result for one parameter combination over columns of inputs."""
    p = row_params
    if name in ("dotadd", "dotadd_ref"):
        fn = fiu.f32_dotadd if name == "dotadd" else fiu.f32_dotadd_ref
        return fn(*cols, fused=bool(p[0] & 1), flush=bool(p[0] & 2))
    if name == "fma":
        return fiu.f32_fma(*cols, fused=bool(p[0] & 1), flush=bool(p[0] & 2))
    if name == "mul":
        return fiu.f32_mul(*cols, fused=bool(p[0] & 1), flush=bool(p[0] & 2))
    if name == "flush":
        return fiu.f32_flush(*cols)
    if name == "post_multiply":
        return fiu.f32_post_multiply(*cols, pmul=bool(p[0] & 1), sat=bool(p[0] & 2))
    if name == "saturate":
        return fiu.f32_saturate(*cols)
    if name == "unpack":
        return fiu.unpack(cols[0], int(p[0]), int(p[1]), bool(p[2]))
    if name == "alpha_pass":
        r = fiu.alpha_pass(int(p[0]), int(p[1]), *cols)
        return int(r) if isinstance(r, bool) else r.astype(np.uint32)
    return fiu.alpha_unorm(cols[0], int(p[0]))


@pytest.mark.parametrize("name", sorted(LAYOUT))
def test_matches_c_library(pycheck, tmp_path, seed, name):
    data = cases(pycheck, tmp_path, name, seed)
    words, nparam = LAYOUT[name]
    params, inputs, expect = data[:, :nparam], data[:, nparam:-1], data[:, -1]
    combos = np.unique(params, axis=0) if nparam else np.zeros((1, 0), dtype=np.uint32)
    checked = 0
    for combo in combos:
        sel = np.all(params == combo, axis=1) if nparam else np.ones(len(data), dtype=bool)
        cols = [np.ascontiguousarray(inputs[sel, i]) for i in range(inputs.shape[1])]
        got = python_result(name, combo, cols)
        assert isinstance(got, np.ndarray) and got.dtype == np.uint32 and got.shape == cols[0].shape
        bad = np.nonzero(got != expect[sel])[0]
        if bad.size:
            i = bad[0]
            ins = " ".join(f"{c[i]:08x}" for c in cols)
            pytest.fail(f"{name} params {[int(v) for v in combo]} inputs {ins}: C {expect[sel][i]:08x}, "
                        f"Python {got[i]:08x} ({bad.size} of {sel.sum()} differ; seed {seed})")
        checked += int(sel.sum())
    assert checked == COUNT
    # The scalar path (Python ints) agrees on a sample too.
    for row in data[:: COUNT // 200]:
        p, ins = row[:nparam], [int(v) for v in row[nparam:-1]]
        got = python_result(name, p, ins)
        assert int(got) == int(row[-1]), f"{name} scalar {p} {ins}"


def test_known_values():
    one, two, three, four = 0x3F800000, 0x40000000, 0x40400000, 0x40800000
    assert fiu.f32_dotadd(one, two, three, four, one) == 0x41700000  # 1*2 + 3*4 + 1 = 15
    assert fiu.f32_fma(two, two, one) == 0x40A00000  # 5
    assert fiu.f32_mul(three, four) == 0x41400000  # 12
    assert fiu.f32_flush(0x00000001) == 0 and fiu.f32_flush(0x80000001) == 0x80000000
    assert fiu.f32_saturate(0x40000000) == one and fiu.f32_saturate(0x7FC00000) == 0
    assert fiu.f32_saturate(0x80000000) == 0
    assert fiu.f32_post_multiply(two, three, pmul=False, sat=False) == two
    assert fiu.f32_post_multiply(two, three) == 0x40C00000
    # unpack UNORM of the all-ones x field is 1.0; UINT of 5 is 5.0
    assert fiu.unpack(0x3FF, 0, fiu.UnpackFormat.UNORM) == one
    assert fiu.unpack(5, 0, fiu.UnpackFormat.USCALED) == 0x40A00000
    assert fiu.unpack(5 << 10, 1, fiu.UnpackFormat.UINT) == 5  # the integer itself
    assert fiu.alpha_pass(fiu.AlphaFunc.GREATER, fiu.AlphaFormat.FLOAT32, 0x3F400000, 0x3F000000) is True
    assert fiu.alpha_pass(fiu.AlphaFunc.GREATER, fiu.AlphaFormat.FLOAT32, 0x7FC00000, 0x3F000000) is False
    assert fiu.alpha_unorm(one, 8) == 255 and fiu.alpha_unorm(0x3F000000, 8) == 128
    assert fiu.f32_bits(1.5) == 0x3FC00000 and fiu.f32_value(0xC0000000) == -2.0


def test_broadcasting_and_shapes():
    a = np.full((3, 4), 0x3F800000, dtype=np.uint32)
    r = fiu.f32_dotadd(a, 0x40000000, 0, 0, 0x3F800000)  # 1*2 + 0*0 + 1 = 3
    assert r.shape == (3, 4) and r.dtype == np.uint32 and np.all(r == 0x40400000)
    r = fiu.f32_mul(np.array([0x3F800000, 0x40000000], dtype=np.uint32)[:, None],
                    np.array([0x40000000, 0x40400000, 0x40800000], dtype=np.uint32))
    assert r.shape == (2, 3) and int(r[1, 2]) == 0x41000000
    # non-contiguous input, other integer dtypes, lists
    b = np.arange(20, dtype=np.uint64)[::2] + 0x3F800000
    assert np.array_equal(fiu.f32_flush(b), b.astype(np.uint32))
    assert list(fiu.f32_saturate([0x40000000, 0x3F000000])) == [0x3F800000, 0x3F000000]
    assert fiu.f32_flush(np.array([], dtype=np.uint32)).shape == (0,)
    assert fiu.alpha_pass(7, 0, np.zeros(5, dtype=np.uint32), 0).dtype == bool


def test_batch_equals_scalar_on_fast_path_boundaries(rng):
    """The dot-add batch entry (fast path, spec 2.11) against the slow exact reference."""
    n = 20000
    vals = np.array([rng.getrandbits(32) for _ in range(5 * n)], dtype=np.uint32).reshape(5, n)
    vals[:, : n // 2] &= np.uint32(0x87FFFFFF)  # narrower exponents: more overlap, cancellation
    vals[:, : n // 2] |= np.uint32(0x38000000)
    for fused in (False, True):
        for flush in (False, True):
            fast = fiu.f32_dotadd(*vals, fused=fused, flush=flush)
            ref = fiu.f32_dotadd_ref(*vals, fused=fused, flush=flush)
            assert np.array_equal(fast, ref), f"fused={fused} flush={flush}"
