"""cocotb testbench of fiu_top with the C golden model (package fiu) as the scoreboard.

Stimulus: the C generator's streams through ``fiu.generate`` (corner and throughput mixes:
state records and requests, every status code), plus configuration writes drawn here (RAM
words, map entries, mode bits, alpha state, sample tables). Every state record is mirrored on
the configuration port (docs/spec.md 8.2) and applied to a ``fiu.State`` in stream order; each
request's expected response is ``State.execute`` at its place in the stream. The driver adds
random request bubbles, idle configuration cycles and response backpressure; the monitor checks
every response in order: tag, every lane's result (written or not), wmask, kill, pred, status,
and that no output is X/Z. Functional coverage with cocotb-coverage.

Environment: FIU_SEED (default 1), FIU_COUNT (requests per test, default 300),
FIU_BUBBLE_PCT (20), FIU_BACKPRESSURE_PCT (25), FIU_RESETS (mid-traffic resets per test, 1),
FIU_COVERAGE_XML (a file for the report).
"""
from __future__ import annotations

import os
import random
from collections import deque
from dataclasses import dataclass, field
from typing import Deque, List, Optional, Tuple

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge
from cocotb_coverage.coverage import CoverPoint, coverage_db, coverage_section

import fiu

LANES = int(os.environ.get("FIU_LANES", "4"))
RAM_WORDS = int(os.environ.get("FIU_RAM_WORDS", "4096"))
SEED = int(os.environ.get("FIU_SEED", "1"))
COUNT = int(os.environ.get("FIU_COUNT", "300"))
BUBBLE_PCT = int(os.environ.get("FIU_BUBBLE_PCT", "20"))
BACKPRESSURE_PCT = int(os.environ.get("FIU_BACKPRESSURE_PCT", "25"))
RESETS = int(os.environ.get("FIU_RESETS", "1"))
TIMEOUT_CYCLES = 2000  # without progress

# cfg_sel_i spaces (spec 8.2)
CFG_RAM, CFG_MAP, CFG_SAMPLE_POS, CFG_SAMPLE_PRIO, CFG_SAMPLE_COUNT, CFG_ALPHA, CFG_ALPHA_REF, CFG_MODE = range(8)
CFG_NAMES = ["RAM", "MAP", "SAMPLE_POS", "SAMPLE_PRIO", "SAMPLE_COUNT", "ALPHA", "ALPHA_REF", "MODE"]

# ---- functional coverage ----
_cov_req = coverage_section(
    CoverPoint("fiu.rsp.op", xf=lambda rq, rsp: rq.op if rq.op < 5 else 5, bins=list(range(6)),
               bins_labels=["IPA", "AL2P", "VINTRP", "ATEST", "UNPACK", "bad op"]),
    CoverPoint("fiu.rsp.status", xf=lambda rq, rsp: rsp.status, bins=list(range(17)),
               bins_labels=[s.name for s in fiu.Status]),
    CoverPoint("fiu.rsp.written_lanes", xf=lambda rq, rsp: bin(rsp.wmask).count("1"), bins=list(range(LANES + 1))),
    CoverPoint("fiu.rsp.killed", xf=lambda rq, rsp: rsp.kill != 0, bins=[False, True]),
    CoverPoint("fiu.rsp.pred", xf=lambda rq, rsp: rsp.pred, bins=[False, True]),
)


@_cov_req
def _sample_response(rq: fiu.Request, rsp: fiu.Response) -> None:
    pass


_cov_cfg = coverage_section(
    CoverPoint("fiu.cfg.sel", xf=lambda sel: sel, bins=list(range(8)), bins_labels=CFG_NAMES),
)


@_cov_cfg
def _sample_cfg(sel: int) -> None:
    pass


_cov_hs = coverage_section(
    CoverPoint("fiu.handshake.cycle", xf=lambda kind: kind,
               bins=["req accepted", "req stalled", "cfg accepted", "cfg stalled", "req and cfg accepted",
                     "rsp taken", "rsp backpressured", "bubble", "reset in traffic"]),
)


@_cov_hs
def _sample_hs(kind: str) -> None:
    pass


# ---- the stream ----

@dataclass
class Item:
    """One slot of the in-order stream: a configuration write or a request."""
    cfg: Optional[Tuple[int, int, int]] = None          # (sel, addr, data)
    request: Optional[fiu.Request] = None
    expect: Optional[fiu.Response] = None
    index: int = -1                                     # request number
    tag: int = -1                                       # req_tag_i it was accepted with
    state: Optional[fiu.State] = None                   # the model state the request sees


def request_misfit(rq: fiu.Request) -> Optional[str]:
    """Why rq cannot be driven on fiu_top's ports (spec 8.1); None if it can."""
    if rq.lanes != LANES:
        return "lane count differs from LANES"
    if rq.op > 7 or rq.ipa_mode > 7 or rq.loc > 7 or rq.unpack_fmt > 7 or rq.unpack_comp > 7:
        return "a field does not fit its port"
    if rq.imm > 0x3FF or rq.wave_lane0 > 63 or any(ln.sample_id > 15 for ln in rq.lane):
        return "imm, wave_lane0 or sample_id does not fit its port"
    return None


def cfg_writes(st: fiu.State, rec, full: bool) -> List[Tuple[int, int, int]]:
    """Port writes that mirror a state record, from the state after it (tb/common/cfg_writes.c)."""
    out: List[Tuple[int, int, int]] = []

    def map_entry(d: int) -> None:
        present, plane, interp = st.map_read(d)
        out.append((CFG_MAP, d, int(present) << 10 | interp << 8 | plane))

    def samples() -> None:
        t = st.samples
        out.append((CFG_SAMPLE_COUNT, 0, t.count))
        for i in range(16):
            out.append((CFG_SAMPLE_POS, i, t.x[i] | t.y[i] << 4))
            out.append((CFG_SAMPLE_PRIO, i, t.priority[i]))

    def alpha_mode() -> None:
        func, fmt, ref = st.alpha_read()
        out.append((CFG_ALPHA, 0, func | fmt << 3))
        out.append((CFG_ALPHA_REF, 0, ref))
        out.append((CFG_MODE, 0, int(st.flush) | int(st.fused) << 1))

    if full:
        for w, v in enumerate(st.ram()):
            out.append((CFG_RAM, w, int(v)))
        for d in range(256):
            map_entry(d)
        samples()
        alpha_mode()
    elif isinstance(rec, fiu.Ram):
        out.extend((CFG_RAM, rec.addr + i, w) for i, w in enumerate(rec.words))
    elif isinstance(rec, fiu.Map):
        map_entry(rec.dword)
    elif isinstance(rec, fiu.Samples):
        samples()
    elif isinstance(rec, (fiu.Alpha, fiu.Mode)):
        alpha_mode()
    return out


def random_record(rnd: random.Random, st: fiu.State):
    """A configuration change drawn by the testbench (not by the C generator)."""
    k = rnd.randrange(5)
    if k == 0:
        addr = rnd.randrange(0, 0xC0)  # the generator's primitive slots: live planes change
        return fiu.Ram(addr, [rnd.getrandbits(32) if rnd.random() < 0.3 else fiu.f32_bits(rnd.uniform(-4, 4))])
    if k == 1:
        return fiu.Map(rnd.randrange(256), rnd.random() < 0.8, rnd.randrange(9), rnd.randrange(3))
    if k == 2:
        return fiu.Mode(flush=rnd.random() < 0.5, fused=rnd.random() < 0.5)
    if k == 3:
        ref = rnd.choice([0, 0x3F000000, 0x3F800000, 0x7FC00000, rnd.getrandbits(32)])
        return fiu.Alpha(rnd.randrange(8), rnd.randrange(4), ref)
    n = rnd.choice([1, 2, 4, 8, 16])
    if rnd.random() < 0.5:
        return fiu.Samples(n)
    pri = list(range(n))
    rnd.shuffle(pri)
    return fiu.Samples(n, tuple(rnd.randrange(16) for _ in range(n)), tuple(rnd.randrange(16) for _ in range(n)),
                       tuple(pri))


def build_stream(mix: str, seed: int, count: int, log) -> Tuple[List[Item], int]:
    """The stream of a test and the number of requests in it, with expectations."""
    rnd = random.Random(seed)
    st = fiu.State(RAM_WORDS)
    items: List[Item] = []
    nreq = skipped = extra = 0
    for rec in fiu.generate(seed=seed, count=count, lanes=LANES, ram_words=RAM_WORDS, mix=mix):
        if isinstance(rec, fiu.RequestRecord):
            why = request_misfit(rec.request)
            if why:
                skipped += 1
                continue
            if rnd.random() < 0.06:  # the testbench's own configuration writes
                r = random_record(rnd, st)
                st.apply(r)
                items.extend(Item(cfg=w) for w in cfg_writes(st, r, False))
                extra += 1
            items.append(Item(request=rec.request, expect=st.execute(rec.request), index=nreq, state=st.copy()))
            nreq += 1
        else:
            st.apply(rec)
            items.extend(Item(cfg=w) for w in cfg_writes(st, rec, isinstance(rec, fiu.RamSize)))
    ncfg = sum(1 for it in items if it.cfg)
    log.info(f"stream: mix={mix} seed={seed} requests={nreq} cfg_writes={ncfg} tb_state_changes={extra} "
             f"skipped={skipped}")
    return items, nreq


# ---- ports ----

REQ_FIELDS = [("req_op_i", "op"), ("req_ipa_mode_i", "ipa_mode"), ("req_loc_i", "loc"), ("req_sat_i", "sat"),
              ("req_idx_i", "idx"), ("req_atest_i", "atest"), ("req_pmul_i", "pmul"),
              ("req_puniform_i", "puniform"), ("req_imm_i", "imm"), ("req_vintrp_i", "vintrp"), ("req_m0_i", "m0"),
              ("req_wave_lane0_i", "wave_lane0"), ("req_unpack_fmt_i", "unpack_fmt"),
              ("req_unpack_comp_i", "unpack_comp"), ("req_unpack_bgra_i", "unpack_bgra")]
LANE_FIELDS = [("req_active_i", "active", 1), ("req_guard_i", "guard", 1), ("req_px_i", "px", 16),
               ("req_py_i", "py", 16), ("req_sample_id_i", "sample_id", 4), ("req_coverage_i", "coverage", 16),
               ("req_prim_base_i", "prim_base", 32), ("req_prim_id_i", "prim_id", 32),
               ("req_front_face_i", "front_face", 1), ("req_ra_i", "ra", 32), ("req_rb_i", "rb", 32),
               ("req_rc_i", "rc", 32), ("req_rd_i", "rd", 32)]


def drive_request(dut, tag: int, rq: fiu.Request) -> None:
    dut.req_tag_i.value = tag
    for port, name in REQ_FIELDS:
        getattr(dut, port).value = int(getattr(rq, name))
    for port, name, w in LANE_FIELDS:
        v = 0
        for i, ln in enumerate(rq.lane):
            v |= int(getattr(ln, name)) << (w * i)
        getattr(dut, port).value = v


def read_response(dut) -> Tuple[int, fiu.Response]:
    for s in ("rsp_tag_o", "rsp_result_o", "rsp_wmask_o", "rsp_kill_o", "rsp_pred_o", "rsp_status_o"):
        if not getattr(dut, s).value.is_resolvable:
            raise AssertionError(f"{s} is X/Z on a valid response: {getattr(dut, s).value.binstr}")
    res = dut.rsp_result_o.value.integer
    return dut.rsp_tag_o.value.integer, fiu.Response(
        lanes=LANES, result=[(res >> (32 * i)) & 0xFFFFFFFF for i in range(LANES)],
        wmask=dut.rsp_wmask_o.value.integer, kill=dut.rsp_kill_o.value.integer,
        pred=bool(dut.rsp_pred_o.value.integer), status=dut.rsp_status_o.value.integer)


def bit(dut, name: str) -> int:
    v = getattr(dut, name).value
    if not v.is_resolvable:
        raise AssertionError(f"{name} is X/Z at {cocotb.utils.get_sim_time('ns')} ns")
    return v.integer


async def reset(dut) -> None:
    dut.rst_ni.value = 0
    dut.cfg_valid_i.value = 0
    dut.req_valid_i.value = 0
    dut.rsp_ready_i.value = 0
    for _ in range(3):
        await RisingEdge(dut.clk_i)
    await FallingEdge(dut.clk_i)
    dut.rst_ni.value = 1


async def run_stream(dut, mix: str, seed: int) -> None:
    log = dut._log
    items, nreq = build_stream(mix, seed, COUNT, log)
    rnd = random.Random(seed ^ 0x5EED)
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start())
    await reset(dut)

    todo: Deque[Item] = deque(items)
    pending: Deque[Item] = deque()          # accepted requests awaiting their response
    checked = lanes_checked = cycles = idle = 0
    tag = 0
    cur: Optional[Item] = None              # the item on the ports
    cur_tag = 0
    # mid-traffic resets (spec 8.3) before these requests, while others are in flight
    reset_at = sorted(rnd.sample(range(nreq // 4, max(nreq // 4 + 1, 3 * nreq // 4)), min(RESETS, nreq // 2)))
    recent_ram: Deque[int] = deque(maxlen=32)  # addresses of the last RAM writes accepted
    dropped = resets = 0
    while checked + dropped < nreq:
        await FallingEdge(dut.clk_i)
        cycles += 1
        # choose this cycle's inputs
        if cur is None and todo:
            cur = todo.popleft()
            cur_tag = tag
        if cur is not None and cur.request is not None and reset_at and cur.index >= reset_at[0] and pending:
            # Reset: the requests in flight are dropped (no response); the state registers return
            # to their reset values and a write still in S1 is lost, so the driver re-writes the
            # registers and the last RAM words from the state this request sees (spec 8.3).
            reset_at.pop(0)
            resets += 1
            dropped += len(pending)
            log.info(f"reset before request {cur.index}: {len(pending)} requests in flight dropped")
            pending.clear()
            _sample_hs("reset in traffic")
            await reset(dut)
            st = cur.state
            again = [w for w in cfg_writes(st, None, True) if w[0] != CFG_RAM]
            again += [(CFG_RAM, a, st.ram_read(a)) for a in dict.fromkeys(recent_ram)]
            todo.appendleft(cur)
            todo.extendleft(Item(cfg=w) for w in reversed(again))
            cur = todo.popleft()
            cur_tag = tag
            await FallingEdge(dut.clk_i)
        offer = cur is not None and rnd.randrange(100) >= BUBBLE_PCT
        if cur is not None and not offer:
            _sample_hs("bubble")
        is_cfg = cur is not None and cur.cfg is not None
        # The ready outputs are functions of registers (spec 8.1): read before driving anything,
        # they must not change with this clock's inputs (checked below).
        ready_before = (bit(dut, "req_ready_o"), bit(dut, "cfg_ready_o"))
        dut.cfg_valid_i.value = int(offer and is_cfg)
        dut.req_valid_i.value = int(offer and not is_cfg)
        # A request and the write after it, offered together when the request will be taken: both
        # are accepted in one clock, the request first and the write through the hold (spec 8.1).
        also_cfg = (offer and not is_cfg and ready_before[0] and bool(todo) and todo[0].cfg is not None
                    and rnd.random() < 0.3)
        if offer and is_cfg:
            sel, addr, data = cur.cfg
            dut.cfg_sel_i.value, dut.cfg_addr_i.value, dut.cfg_data_i.value = sel, addr, data
        elif offer:
            drive_request(dut, cur_tag, cur.request)
            if also_cfg:
                sel, addr, data = todo[0].cfg
                dut.cfg_sel_i.value, dut.cfg_addr_i.value, dut.cfg_data_i.value = sel, addr, data
                dut.cfg_valid_i.value = 1
        ready = int(rnd.randrange(100) >= BACKPRESSURE_PCT)
        dut.rsp_ready_i.value = ready
        await ReadOnly()
        # what the next rising edge samples
        progress = False
        if (bit(dut, "req_ready_o"), bit(dut, "cfg_ready_o")) != ready_before:
            raise AssertionError(f"a ready output changed with this clock's inputs (spec 8.1), cycle {cycles}")
        if bit(dut, "req_ready_o") and not bit(dut, "cfg_ready_o"):
            raise AssertionError(f"req_ready_o high while cfg_ready_o is low (spec 8.1), cycle {cycles}")
        if offer and is_cfg:
            if bit(dut, "cfg_ready_o"):
                _sample_cfg(cur.cfg[0])
                if cur.cfg[0] == CFG_RAM:
                    recent_ram.append(cur.cfg[1])
                _sample_hs("cfg accepted")
                cur, progress = None, True
            else:
                _sample_hs("cfg stalled")
        elif offer:
            if bit(dut, "req_ready_o"):
                _sample_hs("req accepted")
                pending.append(cur)
                cur.tag = cur_tag
                tag = (tag + 1) & 0xFFFF
                cur, progress = None, True
                if also_cfg:   # the write after it, accepted in the same clock
                    _sample_hs("req and cfg accepted")
                    w = todo.popleft()
                    _sample_cfg(w.cfg[0])
                    if w.cfg[0] == CFG_RAM:
                        recent_ram.append(w.cfg[1])
            else:
                _sample_hs("req stalled")
        if bit(dut, "rsp_valid_o"):
            if not ready:
                _sample_hs("rsp backpressured")
            else:
                _sample_hs("rsp taken")
                got_tag, got = read_response(dut)
                if not pending:
                    raise AssertionError(f"response (tag {got_tag}) with no request in flight, cycle {cycles}")
                exp = pending.popleft()
                rq = exp.request
                if got_tag != exp.tag or got != exp.expect:
                    diff = exp.expect.diff(got)
                    if got_tag != exp.tag:
                        diff.insert(0, f"tag: expected {exp.tag} got {got_tag}")
                    raise AssertionError(
                        f"mix={mix} seed={seed}: request {exp.index} (tag {exp.tag}) mismatch at cycle {cycles}:\n  "
                        + "\n  ".join(diff) + f"\n  request: {rq}")
                _sample_response(rq, got)
                checked += 1
                lanes_checked += LANES
                progress = True
        idle = 0 if progress else idle + 1
        if idle > TIMEOUT_CYCLES:
            raise AssertionError(f"no progress for {TIMEOUT_CYCLES} cycles at cycle {cycles}: {checked}/{nreq} "
                                 f"responses, {len(pending)} in flight, busy_o={dut.busy_o.value}")
    # drain: no extra response may appear
    await FallingEdge(dut.clk_i)
    dut.req_valid_i.value = dut.cfg_valid_i.value = 0
    dut.rsp_ready_i.value = 1
    for _ in range(3 * LANES + 20):
        await ReadOnly()
        if bit(dut, "rsp_valid_o"):
            raise AssertionError("a response with no request in flight after the last one")
        await FallingEdge(dut.clk_i)
    log.info(f"fiu_top LANES={LANES} mix={mix} seed={seed}: {checked} requests checked, {dropped} dropped by "
             f"{resets} resets, {lanes_checked} lane checks, 0 mismatches, {cycles} cycles PASS")


def _report(name: str) -> None:
    coverage_db.report_coverage(cocotb.log.info, bins=True)
    xml = os.environ.get("FIU_COVERAGE_XML")
    if xml:
        coverage_db.export_to_xml(filename=xml)
    parts = [f"{cp} {coverage_db[cp].coverage}/{coverage_db[cp].size}"
             for cp in ("fiu.rsp.op", "fiu.rsp.status", "fiu.rsp.written_lanes", "fiu.rsp.killed", "fiu.rsp.pred",
                        "fiu.cfg.sel", "fiu.handshake.cycle")]
    cocotb.log.info("functional coverage (bins hit/total): " + ", ".join(parts) + (f"; XML {xml}" if xml else ""))
    # the bench exercised what it claims: every cfg space and handshake situation
    for cp in ("fiu.cfg.sel", "fiu.handshake.cycle", "fiu.rsp.killed", "fiu.rsp.pred"):
        missed = [b for b, hits in coverage_db[cp].detailed_coverage.items()
                  if hits == 0 and not (b == "reset in traffic" and RESETS == 0)]
        assert not missed, f"{name}: coverage point {cp}: bins never hit: {missed}"


@cocotb.test()
async def corner_mix(dut):
    """The generator's corner mix (every status code) with the testbench's own state changes."""
    await run_stream(dut, "corner", SEED)


@cocotb.test()
async def throughput_mix(dut):
    """The renderer-like throughput mix; then the coverage report over both tests."""
    await run_stream(dut, "throughput", SEED + 1)
    _report("throughput_mix")
